"""What the tests under Wine share (issue 30): the Windows build made once per test run
(scripts/windows_build.py, under a file lock so that two pytest-xdist workers build it once), the
prefix's Windows Python running a small check, and the built `Castellion.exe` started on an Xvfb
display with its output drained from a pipe (a Windows program under Wine whose stdout or stderr
is a regular file dies at start).

Skipped where `wine` is not installed; .ci/run installs it (apt-get install wine wine64)."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import threading
from pathlib import Path, PureWindowsPath

import pytest

from tests.xvfb_helpers import HANG_GUARD, LONG_GUARD, wait_for

ROOT = Path(__file__).resolve().parents[1]
# A fresh clone downloads ~70 MB and builds under Wine: a guard against a hang, never a speed check.
BUILD_GUARD = 3 * LONG_GUARD


def _load_windows_build():
    spec = importlib.util.spec_from_file_location("castellion_windows_build", ROOT / "scripts" / "windows_build.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


windows_build = _load_windows_build()


def need_wine() -> None:
    if shutil.which("wine") is None and shutil.which("wine64") is None:
        pytest.skip("wine is not installed (apt-get install wine wine64); CI installs it")


def build(kind: str = "dist") -> Path:
    """`scripts/windows_build.py <kind>` (prepare, dist, onefile) once for every worker (it does
    nothing when the build is up to date with the sources); the built exe (the Windows
    python.exe for prepare). Fails with the build's output."""
    need_wine()
    from filelock import FileLock

    windows_build.WINE_DIR.mkdir(parents=True, exist_ok=True)
    with FileLock(str(windows_build.WINE_DIR / "build.lock"), timeout=BUILD_GUARD):
        out = subprocess.run([sys.executable, str(ROOT / "scripts" / "windows_build.py"), kind], cwd=ROOT,
                             stdin=subprocess.DEVNULL, capture_output=True, text=True, errors="replace",
                             timeout=BUILD_GUARD)
    assert out.returncode == 0, f"windows_build.py {kind} failed:\n{out.stdout[-6000:]}\n{out.stderr[-3000:]}"
    if kind == "prepare":
        return windows_build.PYTHON_DIR / "python.exe"
    exe = windows_build.DIST_WINDOWS / ("Castellion" if kind == "dist" else "onefile") / "Castellion.exe"
    assert exe.is_file(), out.stdout[-3000:]
    return exe


def unix_path(windows: str, prefix: Path | None = None) -> Path:
    """The Linux path of a Windows path of `prefix` (the build's by default; C: is its drive_c,
    Z: the Linux root)."""
    path = PureWindowsPath(windows)
    drive = path.drive.upper()
    rest = Path(*path.parts[1:])
    if drive == "C:":
        return (prefix or windows_build.PREFIX) / "drive_c" / rest
    if drive == "Z:":
        return Path("/") / rest
    raise AssertionError(f"not a path of the prefix: {windows}")


def prefix_env(prefix: Path | None = None, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of a Windows program in `prefix` (the build's by default)."""
    return windows_build.wine_env({**({"WINEPREFIX": str(prefix)} if prefix else {}), **(extra or {})})


def extra_prefix(name: str, user: str | None = None) -> Path:
    """A Wine prefix of its own, build/wine/<name>, made once (under a file lock: two workers may
    ask at once), its user folders real folders like the build's prefix. `user`: the Windows user
    name (Wine names the profile after $USER, and a program run with that $USER is that user).
    A prefix of its own has a Wine session of its own: a windowless program of another test
    cannot start that session's desktop without the test's display."""
    need_wine()
    from filelock import FileLock

    prefix = windows_build.WINE_DIR / name
    stamp = prefix / "castellion-prefix.txt"
    want = user or ""
    windows_build.WINE_DIR.mkdir(parents=True, exist_ok=True)
    with FileLock(str(windows_build.WINE_DIR / f"{name}.lock"), timeout=BUILD_GUARD):
        if stamp.is_file() and stamp.read_text(encoding="utf-8") == want:
            return prefix
        shutil.rmtree(prefix, ignore_errors=True)
        windows_build.init_prefix(prefix, prefix_env(prefix, {"USER": user} if user else None))
        for folder in (prefix / "drive_c" / "users").iterdir():
            for entry in folder.iterdir() if folder.is_dir() else []:
                if entry.is_symlink():
                    entry.unlink()
                    entry.mkdir()
        stamp.write_text(want, encoding="utf-8")
    return prefix


def wait_idle(prefix: Path | None = None) -> None:
    """Wait until the Wine session of `prefix` has ended (`wineserver -w`)."""
    subprocess.run([shutil.which("wineserver") or "wineserver", "-w"], env=prefix_env(prefix),
                   stdin=subprocess.DEVNULL, capture_output=True, timeout=LONG_GUARD, check=False)


def windows_python(code: str, *, env: dict[str, str] | None = None, cwd: Path = ROOT,
                   prefix: Path | None = None) -> str:
    """Run `code` with the build's Windows Python (the game importable from this checkout: the
    build installed it editable), in the build's prefix or in `prefix` (by its Linux path, on
    drive Z:); its output. Fails with the output on a non-zero exit."""
    need_wine()
    python = windows_build.windows_path(windows_build.PYTHON_DIR / "python.exe") if prefix else windows_build.PYTHON_WIN
    lines: list[str] = []
    code_ = windows_build.run_wine([python, "-X", "utf8", "-c", code], env=prefix_env(prefix, env), cwd=cwd,
                                   on_line=lines.append, timeout=LONG_GUARD)
    text = "".join(lines)
    assert code_ == 0, f"the Windows Python exited {code_}:\n{text[-4000:]}"
    return text


class WindowsProgram:
    """`wine <exe> *args` on `display` (SDL's X11 driver through Wine's) in `prefix` (the build's
    by default), no CASTELLION_HOME: the data folder is where Windows keeps it. Its stdout and
    stderr are drained from a pipe."""

    def __init__(self, exe: Path, display: str, *args: str, prefix: Path | None = None) -> None:
        need_wine()
        wenv = prefix_env(prefix, {"DISPLAY": display, "SDL_AUDIODRIVER": "dummy"})
        wenv.pop("SDL_VIDEODRIVER", None)
        self.output: list[str] = []
        self.proc = subprocess.Popen([windows_build.wine_command(), str(exe), *args], cwd=exe.parent, env=wenv,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, errors="replace")
        self._drain = threading.Thread(target=self._read, daemon=True)
        self._drain.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.output.append(line)

    def text(self) -> str:
        return "".join(self.output)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def wait_for_output(self, text: str, what: str) -> None:
        wait_for(lambda: text in self.text() or not self.alive(), HANG_GUARD, what)
        assert self.alive(), f"the program ended early:\n{self.text()[-4000:]}"

    def wait(self) -> int:
        try:
            code = self.proc.wait(HANG_GUARD)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise
        self._drain.join(HANG_GUARD)
        return code

    def kill(self) -> None:
        if self.alive():
            self.proc.kill()
            self.proc.wait(HANG_GUARD)
