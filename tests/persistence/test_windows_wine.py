"""What differs on Windows, checked with a Windows Python under Wine (issue 30, item 3): the
data folder and its CASTELLION_HOME override; two copies at once (the file locks, a rename onto a
file another process has open); the file names Windows forbids; a Windows user name that is not
ASCII; the share card's Pictures folder; the language Windows is shown in.

Each check is a small program run by the Windows CPython of the Windows build's Wine prefix
(scripts/windows_build.py prepare; the game is installed in it from this checkout), so the code
under test is the game's own, on Windows' file system rules as Wine implements them. Wine is not
Windows: where the two differ (Wine writes "COM¹.json", Windows refuses it) the test says so.

Not checked here, and why: IME text entry — Wine's IME needs an X input method server, which Xvfb
does not have, and xdotool types key symbols, never composed text; fonts — the game draws every
word with its own bundled fonts (assets/fonts, the CJK subset included) through SDL_ttf, never
with the system's, and `--self-test` (the Windows smoke step) renders every scene with them.
"""

from __future__ import annotations

import json
import shutil

import pytest

from tests.wine_helpers import build, extra_prefix, prefix_env, unix_path, windows_build, windows_python
from tests.xvfb_helpers import LONG_GUARD

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", autouse=True)
def windows_python_ready() -> None:
    build("prepare")


def last_json(output: str):
    return json.loads(output.strip().splitlines()[-1])


# --- the data folder ------------------------------------------------------------------------------


def test_the_data_folder_is_localappdata_and_castellion_home_moves_it():
    code = ("import json, os; from castellion.persistence import datadir; "
            "print(json.dumps([os.environ['LOCALAPPDATA'], str(datadir.data_dir())]))")
    local, default = last_json(windows_python(code))
    assert default == local + "\\Castellion\\Castellion"
    assert local.lower().startswith("c:\\users\\")
    moved = r"C:\Castellion data"
    _, overridden = last_json(windows_python(code, env={"CASTELLION_HOME": moved}))
    assert overridden == moved
    # a relative value is made absolute against the folder the program starts in
    _, relative = last_json(windows_python(code, env={"CASTELLION_HOME": "my-data"}))
    assert relative == windows_build.windows_path(windows_build.ROOT / "my-data")


# --- two copies at once ------------------------------------------------------------------------------

TWO_COPIES = r'''
import json, os, subprocess, sys
from pathlib import Path
from castellion import persistence as P
from castellion.persistence import atomic, lock

P.startup()
data = Path(os.environ["CASTELLION_HOME"])
target = data / "shared.json"
atomic.atomic_write_text(target, "first")
OTHER = r"""
import os, sys, time
from pathlib import Path
from castellion import persistence as P
from castellion.persistence import lock
P.startup()
data = Path(os.environ["CASTELLION_HOME"])
claimed = lock.claim(data / "saves" / "autosave.json")
with lock.data_lock():
    print("locked", claimed, flush=True)
    sys.stdin.readline()
with open(data / "shared.json", "rb") as held:  # a reader keeping the file open for a moment
    print("open", flush=True)
    sys.stdin.readline()
    time.sleep(0.4)
sys.stdin.readline()
"""
other = subprocess.Popen([sys.executable, "-c", OTHER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
result = {"other": other.stdout.readline().split()}
try:
    with lock.data_lock(timeout=0.5):
        result["lock"] = "taken while the other copy held it"
except P.StorageError as exc:
    result["lock"] = exc.kind
autosave = data / "saves" / "autosave.json"
result["claimed_elsewhere"] = lock.claimed_elsewhere(autosave)
result["claim_here"] = lock.claim(autosave)
other.stdin.write("\n"); other.stdin.flush()
result["reader"] = other.stdout.readline().strip()
probe = atomic._write_temp(data, "probe", b"x")
try:  # a bare rename onto the open file: what Windows does
    os.replace(probe, target)
    result["bare_replace"] = "replaced"
except PermissionError as exc:
    result["bare_replace"] = f"PermissionError {exc.winerror}"
    probe.unlink()
other.stdin.write("\n"); other.stdin.flush()
atomic.atomic_write_text(target, "second")  # the game's write: it waits out the reader
result["written"] = target.read_text()
other.stdin.write("\n"); other.stdin.flush()
other.wait()
result["claimed_after_exit"] = lock.claimed_elsewhere(autosave)
result["temps"] = [p.name for p in data.iterdir() if atomic.is_temp_name(p.name)]
print(json.dumps(result))
'''


def test_two_copies_lock_each_other_out_and_a_write_waits_for_a_reader(tmp_path):
    home = tmp_path / "two copies"
    home.mkdir()
    result = last_json(windows_python(TWO_COPIES, env={"CASTELLION_HOME": windows_build.windows_path(home)}))
    assert result["other"] == ["locked", "True"]
    assert result["lock"] == "busy"  # the data folder's write lock (LockFileEx) excludes the other copy
    assert result["claimed_elsewhere"] is True and result["claim_here"] is False
    assert result["reader"] == "open"
    # Windows (and Wine) refuse a rename onto a file another process has open ...
    assert result["bare_replace"] == "PermissionError 5"
    # ... so the game's atomic write tries again until the reader lets go
    assert result["written"] == "second"
    assert result["claimed_after_exit"] is False  # the system dropped the claim with the process
    assert result["temps"] == []


# --- names Windows forbids ----------------------------------------------------------------------------

NAMES = r'''
import json, os
from castellion import persistence as P
from castellion.persistence import datadir, names, saves
from castellion.rules import new_game
from castellion.session import Session

P.startup()
refused, kept, files = {}, {}, {}
for name in ["a<b", "a>b", "a:b", 'a"b', "a/b", "a\\b", "a|b", "a?b", "a*b", "dot.", "space ", "CON", "nul",
             "Com1", "LPT9", "COM0", "COM\u00b9", "lpt\u00b3", "aux"]:
    session = Session(new_game("intro", seed=3))
    try:
        saves.save_slot(name, session)
        refused[name] = None
    except names.SaveRefused as exc:
        refused[name] = str(exc.reason)
for name in ["Château d'If", "山田の城", "a-b+c, d!", "run_2 (hard)"]:
    session = Session(new_game("intro", seed=3), player_names=('CON', 'a<b>:"/\\|?*.'))
    session.apply(session.game.legal_actions()[0])
    saves.save_slot(name, session)
    back = saves.load_save(name)
    kept[name] = [back.game.to_dict() == session.game.to_dict(), list(back.session.player_names)]
for name in ["COM\u00b9", "COM0", "LPT0"]:  # what Wine itself allows (Windows does not)
    try:
        (datadir.data_dir() / (name + ".probe")).write_text("x")
        files[name] = "written"
    except OSError as exc:
        files[name] = type(exc).__name__
print(json.dumps({"refused": refused, "kept": kept, "files": files,
                  "left": sorted(os.listdir(datadir.saves_dir()))}))
'''


def test_names_windows_forbids_are_refused_and_player_names_never_name_a_file(tmp_path):
    home = tmp_path / "names"
    result = last_json(windows_python(NAMES, env={"CASTELLION_HOME": windows_build.windows_path(home)}))
    unsaved = {name: reason for name, reason in result["refused"].items() if reason is None}
    assert not unsaved, f"saved under a name Windows forbids: {unsaved}"
    for name, (same, players) in result["kept"].items():
        assert same, name
        assert players == ["CON", 'a<b>:"/\\|?*.'], name  # player names live inside the file only
    assert sorted(result["left"]) == sorted(f"{n}.json" for n in result["kept"])
    # Wine lets these device names through as file names; Windows does not: refused by the game
    # itself (castellion/persistence/names.py), not by the file system
    assert result["files"] == {"COM\u00b9": "written", "COM0": "written", "LPT0": "written"}


# --- a Windows user name that is not ASCII ---------------------------------------------------------

USER = "Jörg Ñandú 山田"


USER_CHECK = r'''
import json, os
from castellion import persistence as P
from castellion.persistence import datadir, names, saves
from castellion.rules import new_game
from castellion.session import Session

P.startup()
session = Session(new_game("intro", seed=5))
session.apply(session.game.legal_actions()[0])
saves.save_slot("Mi partida", session)
back = saves.load_save("Mi partida")
P.save_settings(P.Settings(sound=False))
print(json.dumps({"data": str(datadir.data_dir()), "profile": os.environ["USERPROFILE"],
                  "same": back.game.to_dict() == session.game.to_dict(),
                  "sound": P.load_settings().sound, "files": sorted(os.listdir(datadir.data_dir()))}))
'''


def test_a_user_name_that_is_not_ascii():
    prefix = extra_prefix("prefix-user", USER)  # Wine names the profile after $USER
    # the build's Windows Python, run in the other prefix by its Linux path (drive Z:)
    result = last_json(windows_python(USER_CHECK, prefix=prefix, env={"USER": USER}))
    assert result["profile"].endswith("\\" + USER)
    assert result["data"] == result["profile"] + "\\AppData\\Local\\Castellion\\Castellion"
    assert result["same"] and result["sound"] is False
    assert {"saves", "settings.json"} <= set(result["files"]), result["files"]


def test_the_windows_program_starts_for_a_user_name_that_is_not_ascii():
    exe = build("dist")
    prefix = extra_prefix("prefix-user", USER)
    env = prefix_env(prefix, {"USER": USER, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    lines: list[str] = []
    code = windows_build.run_wine([str(exe), "--level", "intro", "--seed", "3", "--frames", "5"], env=env,
                                  cwd=exe.parent, on_line=lines.append, timeout=LONG_GUARD)
    assert code == 0, "".join(lines)[-4000:]
    log = (prefix / "drive_c" / "users" / USER / "AppData" / "Local" / "Castellion" /
           "Castellion" / "castellion.log")
    text = log.read_text(encoding="utf-8", errors="replace")
    assert "push board" in text and " ERROR " not in text and "Traceback" not in text


# --- the share card's Pictures folder ------------------------------------------------------------

SHELL_FOLDERS = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Explorer\User Shell Folders"
PICTURES = r'''
import json
from castellion.persistence import pictures
print(json.dumps([str(pictures.pictures_dir()), str(pictures.save_picture("card.png", b"png"))]))
'''


def set_pictures(value: str) -> None:
    code = windows_build.run_wine(["reg", "add", SHELL_FOLDERS, "/v", "My Pictures", "/t", "REG_EXPAND_SZ",
                                   "/d", value, "/f"], on_line=lambda line: None, timeout=LONG_GUARD)
    assert code == 0


def test_the_share_card_goes_to_the_pictures_folder_the_windows_shell_knows(tmp_path):
    env = {"CASTELLION_HOME": windows_build.windows_path(tmp_path / "home")}
    profile = windows_python("import os; print(os.environ['USERPROFILE'])").strip().splitlines()[-1]
    folder, saved = last_json(windows_python(PICTURES, env=env))
    assert folder == profile + "\\Pictures" and saved == folder + "\\card.png"
    unix_path(saved).unlink()
    # moved (as OneDrive does): the shell's folder, not the profile's Pictures
    moved = unix_path(profile) / "OneDrive" / "Bilder"
    moved.mkdir(parents=True, exist_ok=True)
    set_pictures(r"%USERPROFILE%\OneDrive\Bilder")
    try:
        folder, saved = last_json(windows_python(PICTURES, env=env))
    finally:
        set_pictures(r"%USERPROFILE%\Pictures")
    assert folder == profile + "\\OneDrive\\Bilder"
    assert (moved / "card.png").read_bytes() == b"png"
    shutil.rmtree(unix_path(profile) / "OneDrive")


# --- the language of Windows --------------------------------------------------------------------

LANGUAGE_CHECK = r'''
import json, locale, os
for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):  # Windows sets none of them
    os.environ.pop(var, None)
from castellion.ui import text
print(json.dumps([text.windows_ui_language(), locale.getlocale()[0], text.system_language()]))
'''


@pytest.mark.parametrize("unix,ui,want", [("ja_JP.UTF-8", "ja_JP", "ja"), ("es_ES.UTF-8", "es_ES", "es"),
                                          ("de_DE.UTF-8", "de_DE", "en")])
def test_the_game_speaks_the_display_language_of_windows(unix, ui, want):
    """Wine takes the Windows display language from the Linux locale it starts under; the check
    then removes the variables (Windows has none) and asks the game. A Japanese Windows's C
    locale is "Japanese_Japan", which the game cannot read: before `text.windows_ui_language`
    it got English."""
    shown, c_locale, chosen = last_json(windows_python(LANGUAGE_CHECK, env={"LANG": unix, "LC_ALL": unix}))
    assert shown == ui
    assert chosen == want, (shown, c_locale)
