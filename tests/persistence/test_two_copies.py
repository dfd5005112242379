"""Issue 11, items 2, 3 and 5: two copies of the game on one data folder, as two real processes;
storage failures of every kind (a non-root user for permissions, fault injection for a full disk)
become the one "cannot save" notice; a game that ends while the disk is full is counted once
space returns."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from castellion import persistence as P
from castellion.persistence import atomic, lock, names, saves
from castellion.rules import new_game
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom
from castellion.session import Session
from tests.conftest import child_env
from tests.xvfb_helpers import HANG_GUARD

POSIX = pytest.mark.skipif(os.name != "posix", reason="POSIX processes and permissions")


@pytest.fixture
def home(home):
    """The shared data folder (tests/conftest.py), after the game's start-up."""
    P.startup()
    return home


def play(session: Session, steps: int, bot: int = 1) -> None:
    rng = SeededRandom.from_seed(bot)
    for _ in range(steps):
        if session.game.outcome is not None:
            return
        session.apply(greedy_action(session.game, rng))


class Copy:
    """Another copy of the game: a real process running `code`, talked to by lines."""

    def __init__(self, home: Path, code: str, *args: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", code, *args], env=child_env(home),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def expect(self, word: str) -> list[str]:
        line = self.proc.stdout.readline().split()
        assert line and line[0] == word, line
        return line[1:]

    def say(self, word: str) -> None:
        self.proc.stdin.write(word + "\n")
        self.proc.stdin.flush()

    def close(self) -> int:
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            return self.proc.wait(timeout=HANG_GUARD)
        finally:
            self.proc.stdout.close()


PLAYER = r"""
import sys
from castellion import persistence as P
from castellion.rules import new_game
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom
from castellion.session import Session

mode, steps = sys.argv[1], int(sys.argv[2])
P.startup()
autosaver = P.Autosaver()
if mode == "continue":
    loaded = P.continue_game()
    session = loaded.session
    autosaver.attach(session, path=loaded.info.path)
else:
    session = Session(new_game("base", seed=77))
    autosaver.attach(session)
rng = SeededRandom.from_seed(5)
for _ in range(steps):
    if session.game.outcome is None:
        session.apply(greedy_action(session.game, rng))
autosaver.flush()
print("playing", autosaver.path.name, len(session.game.history), session.game_id, flush=True)
sys.stdin.readline()          # the player keeps this copy open until told
autosaver.close(session)
P.shutdown()
print("closed", flush=True)
"""


@POSIX
def test_a_new_game_in_a_second_copy_never_replaces_the_first_copys_game(home):
    # Issue 11, item 2: "the first game is counted abandoned and its 40 actions are gone"
    first = Copy(home, PLAYER, "new", "40")
    try:
        name, actions, first_id = first.expect("playing")
        assert name == "autosave.json" and int(actions) == 40
        kept = (home / "saves" / "autosave.json").read_bytes()
        second = P.Autosaver()
        session = Session(new_game("intro", seed=3))
        assert second.attach(session)
        assert second.path.name == "autosave-1.json"  # its own file
        play(session, 5)
        second.close(session)
        assert (home / "saves" / "autosave.json").read_bytes() == kept
        assert P.load_stats().get("base").abandoned == 0  # nobody counted it abandoned
        assert P.continue_info().path.name == "autosave-1.json"  # ours, not the other's
        first.say("quit")
        first.expect("closed")
    finally:
        first.close()
    info = saves.inspect(home / "saves" / "autosave.json")
    assert info.ok and info.actions == 40 and info.game_id == first_id
    assert {P.continue_info().path.name} <= {"autosave.json", "autosave-1.json"}


@POSIX
def test_both_copies_pressing_continue_do_not_fight_over_one_file(home):
    # Issue 11, item 2: "Both press Continue: last writer wins"
    session = Session(new_game("base", seed=8))
    autosaver = P.Autosaver()
    autosaver.attach(session)
    play(session, 6)
    autosaver.close(session)
    first = Copy(home, PLAYER, "continue", "10")
    try:
        name, actions, _gid = first.expect("playing")
        assert name == "autosave.json" and int(actions) == 16
        assert P.continue_info() is None  # the other copy is playing it: not offered here
        # Even asked to continue exactly that file, this copy writes elsewhere.
        mine = P.Autosaver()
        resumed = saves.load_path(home / "saves" / "autosave.json")
        assert mine.attach(resumed.session, path=resumed.info.path)
        assert mine.path.name != "autosave.json" and mine.notice is not None
        assert mine.notice == P.Words(P.Reason.AUTOSAVE_CLAIMED, {"file": "autosave.json"})
        play(resumed.session, 3, bot=9)
        mine.close(resumed.session)
        first.say("quit")
        first.expect("closed")
    finally:
        first.close()
    assert saves.inspect(home / "saves" / "autosave.json").actions == 16


RECORDER = r"""
import sys
from castellion import persistence as P
tag, n = sys.argv[1], int(sys.argv[2])
print("ready", flush=True)
sys.stdin.readline()
for i in range(n):
    assert P.record_game({"level": "intro"}, "won" if i % 2 else "lost", turns=3,
                         reason="R-O5", game_id=f"{tag}-{i}")
print("done", flush=True)
"""


@POSIX
@pytest.mark.slow
def test_two_processes_recording_300_games_each_keep_600(home):
    # Issue 11, item 2: "keep only 297-326 of 600"
    copies = [Copy(home, RECORDER, tag, "300") for tag in ("a", "b")]
    try:
        for c in copies:
            c.expect("ready")
        for c in copies:
            c.say("go")  # both at once
        for c in copies:
            c.expect("done")
    finally:
        for c in copies:
            c.close()
    rec = P.load_stats().get("intro")
    assert (rec.played, rec.won, rec.lost) == (600, 300, 300)
    assert rec.loss_reasons == {"R-O5": 300}
    assert json.loads((home / "stats.json").read_text())["records"]


HOLDER = r"""
import sys
from pathlib import Path
from castellion.persistence import lock
folder = Path(sys.argv[1])
with lock.data_lock():
    (folder / ".~autosave.json.live.tmp").write_text("a write in progress")
    print("holding", flush=True)
    sys.stdin.readline()
print("released", flush=True)
sys.stdin.readline()
"""


@POSIX
def test_a_starting_copy_never_deletes_another_copys_temporary_files(home):
    # Issue 11, item 2: "192 of 657 saves then failed with No such file or directory"
    folder = home / "saves"
    holder = Copy(home, HOLDER, str(folder))
    try:
        holder.expect("holding")  # another copy is between its temporary file and its rename
        report = P.startup()
        assert report.removed_temps == []
        assert (folder / ".~autosave.json.live.tmp").exists()
        holder.say("release")
        holder.expect("released")
        holder.say("exit")
    finally:
        holder.close()
    # now nobody writes: the file is provably stale (its writer let go of the lock without it)
    report = P.startup()
    assert [p.name for p in report.removed_temps] == [".~autosave.json.live.tmp"]


# ------------------------------------------------------------------ storage failures
NOBODY = 65534
PERMISSIONS = r"""
import os, sys
from castellion import persistence as P
home = sys.argv[1]
P.startup()
os.chmod(home, 0o000)
results = []
for what, call in (("settings", lambda: P.save_settings(P.Settings(sound=False))),
                   ("stats", lambda: P.record_game({"level": "intro"}, "won", turns=3)),
                   ("list", lambda: P.list_saves()),
                   ("slot", lambda: P.save_slot("x", __import__("castellion.session").session.Session(
                       __import__("castellion.rules").rules.new_game("intro", seed=1))))):
    try:
        call()
        results.append(f"{what}:ok")
    except P.StorageError as exc:
        results.append(f"{what}:{exc.kind}")
    except Exception as exc:
        results.append(f"{what}:CRASH-{type(exc).__name__}")
print(" ".join(results), flush=True)
print(P.load_settings() == P.Settings(), P.continue_info() is None, flush=True)
os.chmod(home, 0o700)
"""


def _as_a_player(cmd: list[str]) -> list[str]:
    """`cmd` run as a non-root user (root ignores permissions); skip when that is impossible."""
    if os.geteuid() != 0:
        return cmd
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv")
    return ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", *cmd]


@POSIX
def test_a_data_folder_at_mode_000_gives_storage_errors_not_crashes():
    # Issue 11, item 3: toggling Sound showed the error overlay (a bare PermissionError)
    base = Path(tempfile.mkdtemp(prefix="castellion-perm-"))
    try:
        os.chmod(base, 0o755)
        home = base / "home"
        home.mkdir()
        if os.geteuid() == 0:
            os.chown(home, NOBODY, NOBODY)
        run = subprocess.run(_as_a_player([sys.executable, "-c", PERMISSIONS, str(home)]),
                             env=child_env(home), capture_output=True, text=True, timeout=HANG_GUARD)
        assert run.returncode == 0, run.stderr[-3000:]
        results, defaults = run.stdout.splitlines()
        assert results.split() == [f"{what}:permission" for what in ("settings", "stats", "list", "slot")]
        assert defaults == "True True"
    finally:
        os.chmod(base, 0o755)
        shutil.rmtree(base, ignore_errors=True)


def test_permission_errors_anywhere_in_a_write_become_storage_errors(home, monkeypatch):
    def refuse(*a, **k):
        raise PermissionError(errno.EACCES, "Permission denied")

    for target in ("lstat", "open", "replace"):
        with monkeypatch.context() as m:
            m.setattr(atomic.os, target, refuse)
            with pytest.raises(P.StorageError) as exc:
                P.save_settings(P.Settings(sound=False))
            assert exc.value.kind == "permission"
    assert P.load_settings().sound is True


def test_a_game_that_ends_while_the_disk_is_full_is_counted_when_space_returns(home, monkeypatch):
    # Issue 11, item 5: it used to be counted "abandoned" once a new game replaced its autosave
    errors = []
    session = Session(new_game("intro", seed=5))
    autosaver = P.Autosaver(on_error=errors.append)
    autosaver.attach(session)
    rng = SeededRandom.from_seed(3)
    while True:  # play to one action before the end
        probe = Session(new_game("intro", seed=5))
        for a in session.game.history:
            probe.apply(a)
        action = greedy_action(session.game, rng)
        probe.apply(action)
        if probe.game.outcome is not None:
            break
        session.apply(action)
    autosaver.flush()

    def full(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(os, "replace", full)
        session.apply(action)  # the game ends: neither the autosave nor the record can be written
        autosaver.flush()
        assert session.game.outcome is not None
        assert errors and all(e.kind == "full" for e in errors)
        assert session.game_id in autosaver.pending
        assert P.load_stats().get("intro").played == 0
        assert saves.inspect(names.autosave_path()).outcome is None  # the file lags behind
    result = session.game.outcome.result
    # space is back; the player starts a new game over the old autosave
    autosaver.attach(Session(new_game("intro", seed=6)))
    rec = P.load_stats().get("intro")
    assert (rec.played, rec.abandoned, getattr(rec, result)) == (1, 0, 1)
    assert autosaver.pending == {}


def test_writes_inside_a_missing_or_replaced_folder_are_storage_errors(home):
    shutil.rmtree(home / "saves")
    (home / "saves").write_text("a file now")
    session = Session(new_game("intro", seed=1))
    autosaver = P.Autosaver()
    assert autosaver.attach(session) is False
    play(session, 3)
    autosaver.flush()
    assert isinstance(autosaver.last_error, P.StorageError)
    assert len(session.game.history) == 3


def test_claims_are_released_when_a_copy_closes(home):
    session = Session(new_game("intro", seed=1))
    autosaver = P.Autosaver()
    autosaver.attach(session)
    path = autosaver.path
    assert lock.held_here(path)
    autosaver.close(session)
    assert not lock.held_here(path) and not lock.claimed_elsewhere(path)


def test_background_writes_coalesce_and_stay_ordered(home):
    from castellion.persistence import writer

    w = writer.BackgroundWriter()
    order: list[str] = []
    gate = __import__("threading").Event()
    w.submit("block", gate.wait)
    for i in range(5):
        w.submit("autosave", lambda i=i: order.append(f"a{i}"))
    w.submit("other", lambda: order.append("b"))
    w.submit("autosave", lambda: order.append("a-last"))
    gate.set()
    assert w.flush(10)
    assert order == ["b", "a-last"]  # 5 writes of one file became the last one, after b
    assert w.coalesced == 5
    w.shutdown()
    w.submit("late", lambda: order.append("late"))  # after shutdown: written at once
    assert order[-1] == "late"
    time.sleep(0)


def test_a_rename_onto_a_file_another_process_has_open_is_tried_again(home, monkeypatch):
    """Windows (and Wine) refuse `os.replace` onto a file another process holds open — another
    copy reading that save, a virus scanner — with PermissionError: the write tries again for
    about a second rather than failing at once (checked for real under Wine in
    tests/persistence/test_windows_wine.py)."""
    target = home / "settings-like.json"
    atomic.atomic_write_text(target, "old")
    real, refusals = os.replace, []

    def busy_twice(src, dst):
        if len(refusals) < 2:
            refusals.append(dst)
            raise PermissionError(13, "[WinError 5] Access denied")
        real(src, dst)

    monkeypatch.setattr(atomic, "REPLACE_TRIES", 5)
    monkeypatch.setattr(atomic, "REPLACE_PAUSE", 0.0)
    monkeypatch.setattr(atomic.os, "replace", busy_twice)
    atomic.atomic_write_text(target, "new")
    assert target.read_text() == "new" and len(refusals) == 2
    refusals.clear()
    monkeypatch.setattr(atomic, "REPLACE_TRIES", 2)  # still refused after the last try: the error is told
    with pytest.raises(P.StorageError):
        atomic.atomic_write_text(target, "newer")
    assert target.read_text() == "new"
    assert not [p for p in home.iterdir() if atomic.is_temp_name(p.name)]
