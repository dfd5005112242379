"""What the end-to-end tests under Xvfb share: a private X display, the real program started on
it with its log on stderr, xdotool (moves, clicks, the real drag), the window's geometry, and a
clean SIGTERM stop. Used by tests/e2e/test_drag.py, tests/e2e/test_scaling.py and tests/e2e/test_tutorial.py."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
CANVAS = (1280, 800)

Point = tuple[float, float]
Screen = Callable[[Point], tuple[str, str]]


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.skip(f"{tool} is not installed (apt-get install xvfb xdotool); CI installs it")
    return path


def free_display() -> int:
    # each pytest-xdist worker (gw0, gw1, …) has its own range, so two never pick the same number
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    first = 91 + 100 * (int(worker[2:]) if worker[2:].isdigit() else 0)
    for n in range(first, first + 100):
        if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists():
            return n
    pytest.skip("no free X display number")


# Waiting on the real program (or any child process, or a background job) is guarded against hangs,
# never timed: a busy machine may take far longer than an idle one (a tutorial step once took 8.6 s
# under load), so no wait gives up sooner. Every test's waits use this one value.
HANG_GUARD = 120.0
# The same for the few child jobs that are long by nature even on an idle machine (a frozen build,
# mypy over the package, a whole game played by the program): a guard, never a speed check.
LONG_GUARD = 600.0


def wait_for(predicate: Callable[[], Any], timeout: float, what: str) -> Any:
    timeout = max(timeout, HANG_GUARD)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


def xvfb_display(width: int, height: int) -> Iterator[str]:
    """The body of an Xvfb fixture: a fresh display of width×height (skips when Xvfb or xdotool
    is missing or the server does not come up), stopped afterwards."""
    xvfb_bin = need("Xvfb")
    need("xdotool")
    n = free_display()
    proc = subprocess.Popen([xvfb_bin, f":{n}", "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: Path(f"/tmp/.X11-unix/X{n}").exists() or proc.poll() is not None, HANG_GUARD, "Xvfb")
        if proc.poll() is not None:
            pytest.skip(f"Xvfb could not start on :{n}")
        yield f":{n}"
    finally:
        proc.terminate()
        try:
            proc.wait(HANG_GUARD)
        except subprocess.TimeoutExpired:
            proc.kill()


def xdo(display: str, *args: str, timeout: float = 20) -> str:
    env = dict(os.environ, DISPLAY=display)
    out = subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, f"xdotool {' '.join(args)} failed: {out.stderr}"
    return out.stdout


def game_env(display: str, home: Path) -> dict[str, str]:
    """The environment of the real program on `display`: X11 video, no sound, this checkout on the
    path, `home` as its data folder."""
    return dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=str(ROOT), CASTELLION_HOME=str(home))


class Program:
    """`python -m castellion *args` on `display`, its stderr (the action log) in `log_path`."""

    def __init__(self, display: str, home: Path, log_path: Path, *args: str) -> None:
        self.display = display
        self.log_path = log_path
        with open(log_path, "w") as err:
            self.proc = subprocess.Popen([sys.executable, "-m", "castellion", *args], cwd=ROOT,
                                         env=game_env(display, home), stdout=subprocess.DEVNULL, stderr=err)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def alive(self) -> bool:
        return self.proc.poll() is None

    def wait_for_log(self, text: str, timeout: float, what: str) -> None:
        """Waits for `text` in the log; fails at once (with the log) if the program ended first."""
        wait_for(lambda: text in self.log() or not self.alive(), timeout, what)
        assert self.alive(), f"the program ended early:\n{self.log()}"

    def window(self) -> str:
        return xdo(self.display, "search", "--sync", "--pid", str(self.proc.pid)).split()[0]

    def windows(self) -> list[str]:
        """Every X window of the program now; none while SDL swaps one for another (leaving
        fullscreen makes a new window: for a moment the process has none, and xdotool exits 1)."""
        env = dict(os.environ, DISPLAY=self.display)
        out = subprocess.run(["xdotool", "search", "--pid", str(self.proc.pid)], env=env,
                             capture_output=True, text=True, timeout=HANG_GUARD)
        assert out.returncode in (0, 1) and not out.stderr.strip(), f"xdotool search failed: {out.stderr}"
        return out.stdout.split()

    def geometry(self, wid: str) -> tuple[int, int, int, int]:
        """The window's x, y, width and height on the screen."""
        geo = dict(line.split("=", 1) for line in
                   xdo(self.display, "getwindowgeometry", "--shell", wid).split() if "=" in line)
        return int(geo["X"]), int(geo["Y"]), int(geo["WIDTH"]), int(geo["HEIGHT"])

    def stop(self) -> int:
        """SIGTERM if still running; the exit code (killed and raised if it does not end)."""
        if self.alive():
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(HANG_GUARD)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise

    def assert_clean_exit(self, code: int) -> None:
        assert code in (0, -signal.SIGTERM), f"exit code {code}:\n{self.log_path.read_text()[-3000:]}"


@contextmanager
def running(display: str, home: Path, log_path: Path, *args: str) -> Iterator[Program]:
    """The program for the `with` body, then stopped; it must end cleanly (0 or SIGTERM)."""
    program = Program(display, home, log_path, *args)
    try:
        yield program
    finally:
        code = program.stop()
    program.assert_clean_exit(code)


def letterbox(geometry: tuple[int, int, int, int]) -> Screen:
    """Canvas point → screen point for a window at `geometry` showing the 1280×800 canvas scaled
    to fit, proportions kept (SDL's logical-size letterbox)."""
    x0, y0, w, h = geometry
    scale = min(w / CANVAS[0], h / CANVAS[1])
    ox, oy = x0 + (w - CANVAS[0] * scale) / 2, y0 + (h - CANVAS[1] * scale) / 2

    def screen(pos: Point) -> tuple[str, str]:
        return str(round(ox + pos[0] * scale)), str(round(oy + pos[1] * scale))

    return screen


def drag(display: str, screen: Screen, a: Point, b: Point, *, steps: int = 12,
         pause: float = 0.2, step_pause: float = 0.04) -> None:
    """A real mouse drag from canvas point `a` to `b`: press, `steps` moves, release."""
    xdo(display, "mousemove", *screen(a))
    time.sleep(pause)
    xdo(display, "mousedown", "1")
    time.sleep(pause)
    for i in range(1, steps + 1):
        xdo(display, "mousemove", *screen((a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)))
        time.sleep(step_pause)
    time.sleep(pause)
    xdo(display, "mouseup", "1")


def click(display: str, screen: Screen, pos: Point) -> None:
    xdo(display, "mousemove", *screen(pos))
    time.sleep(0.1)
    xdo(display, "click", "1")
    time.sleep(0.15)
