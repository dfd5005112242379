"""End to end on Windows (issue 30): the built `Castellion.exe`, under Wine in a real X window
(Xvfb), played with the mouse — a drawn tile dragged onto the castle —, closed with Alt+F4,
started again and the same game continued from the menu. The data folder is where Windows keeps
it (`%LOCALAPPDATA%\\Castellion\\Castellion` of the prefix: no CASTELLION_HOME), and its log holds
no error. Screenshots of the two windows are left in the test's folder (and copied to
$CASTELLION_SCREENSHOTS when set).

Slow: the first run builds the Windows program (scripts/windows_build.py, a few minutes from a
clean clone; nothing when it is up to date)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

import castellion
from castellion.rules import new_game
from castellion.ui.geometry import LAYOUT, center
from tests.wine_helpers import WindowsProgram, build, extra_prefix, unix_path, wait_idle, windows_python
from tests.xvfb_helpers import HANG_GUARD, click, drag, letterbox, wait_for, xdo

pytestmark = [pytest.mark.slow, pytest.mark.e2e]

TITLE = f"Castellion {castellion.__version__}"


@pytest.fixture(scope="module")
def windows_exe() -> Path:
    return build("dist")


def game_window(display: str, program: WindowsProgram) -> str:
    """The program's visible window titled "Castellion <version>" (Wine's X windows carry no pid
    of the Windows program: found by title)."""
    def find() -> str | None:
        assert program.alive(), f"the program ended early:\n{program.text()[-4000:]}"
        env = dict(os.environ, DISPLAY=display)
        out = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Castellion"], env=env,
                             capture_output=True, text=True, timeout=HANG_GUARD)
        for wid in out.stdout.split():
            if xdo(display, "getwindowname", wid).strip() == TITLE:
                return wid
        return None

    return wait_for(find, HANG_GUARD, f"a window titled {TITLE!r}")


def geometry(display: str, wid: str) -> tuple[int, int, int, int]:
    geo = dict(line.split("=", 1) for line in xdo(display, "getwindowgeometry", "--shell", wid).split() if "=" in line)
    return int(geo["X"]), int(geo["Y"]), int(geo["WIDTH"]), int(geo["HEIGHT"])


def screenshot(display: str, path: Path) -> None:
    if shutil.which("import") is None:  # ImageMagick: a picture for people, not a check
        return
    subprocess.run(["import", "-display", display, "-window", "root", str(path)], check=False,
                   timeout=HANG_GUARD, stdin=subprocess.DEVNULL, capture_output=True)
    target = os.environ.get("CASTELLION_SCREENSHOTS")
    if target and path.is_file():
        Path(target).mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, Path(target) / path.name)


def close_window(display: str, program: WindowsProgram, wid: str) -> None:
    """Alt+F4, as a player closes a Windows program (Windows turns it into WM_CLOSE): exit 0."""
    xdo(display, "key", "--window", wid, "alt+F4")
    code = program.wait()
    assert code == 0, f"exit code {code} after Alt+F4:\n{program.text()[-4000:]}"


def windows_data_folder(prefix: Path, display: str) -> Path:
    code = "import os; print(os.environ['LOCALAPPDATA'])"
    local = windows_python(code, prefix=prefix, env={"DISPLAY": display}).strip().splitlines()[-1]
    return unix_path(local, prefix) / "Castellion" / "Castellion"


def test_played_closed_and_continued_under_wine(windows_exe, xvfb, tmp_path, app):
    # a prefix (a "computer") of its own: its Wine session's desktop is on this test's display
    prefix = extra_prefix("prefix-play")
    wait_idle(prefix)
    data = windows_data_folder(prefix, xvfb)
    shutil.rmtree(data, ignore_errors=True)  # a first start on this computer
    game = new_game("intro", seed=3)
    top = game.to_dict()["piles"]["regular"][-1]
    assert not top.startswith("T")  # a Defender: it may go on any foundation cell of the empty castle
    cell = (0, 2)
    placed = f"action: PlaceTile(cell={cell!r}, tile='{top}')"

    first = WindowsProgram(windows_exe, xvfb, "--level", "intro", "--seed", "3", prefix=prefix)
    try:
        first.wait_for_output("push board", "the board scene")
        first.wait_for_output("first frame after", "the first frame")
        wid = game_window(xvfb, first)
        screen = letterbox(geometry(xvfb, wid))
        time.sleep(0.5)  # let the first frames settle
        drag(xvfb, screen, center(LAYOUT.pile_rect("regular")), center(LAYOUT.cell_rect(cell)))
        wait_for(lambda: placed in first.text(), HANG_GUARD, "the PlaceTile action")
        time.sleep(0.5)
        screenshot(xvfb, tmp_path / "windows-1-placed.png")
        close_window(xvfb, first, wid)
    finally:
        first.kill()

    # Windows' place for the data: the autosave of the game just played, and the log
    autosave = data / "saves" / "autosave.json"
    assert autosave.is_file(), sorted(p.name for p in data.rglob("*"))
    saved = json.loads(autosave.read_text(encoding="utf-8"))
    move = {"type": "PlaceTile", "cell": list(cell), "tile": top}
    assert move in saved["actions"], saved["actions"]

    second = WindowsProgram(windows_exe, xvfb, prefix=prefix)
    try:
        second.wait_for_output("push MenuScene", "the menu")
        second.wait_for_output("first frame after", "the menu's first frame")
        wid = game_window(xvfb, second)
        screen = letterbox(geometry(xvfb, wid))
        time.sleep(1.0)  # the menu's first frames (Continue reads the autosave)
        screenshot(xvfb, tmp_path / "windows-2-menu.png")
        click(xvfb, screen, app.stack.top.continue_button.rect.center)
        second.wait_for_output("push board", "the continued game's board")
        time.sleep(1.0)
        screenshot(xvfb, tmp_path / "windows-3-continued.png")
        close_window(xvfb, second, wid)
    finally:
        second.kill()

    out = second.text()
    assert "new game:" not in out, "Continue started a new game instead"
    again = json.loads(autosave.read_text(encoding="utf-8"))
    assert again["game_id"] == saved["game_id"], "Continue played another game"
    assert move in again["actions"], "the continued game lost the placed tile"
    log = (data / "castellion.log").read_text(encoding="utf-8", errors="replace")
    assert placed in log and log.count("push board") >= 2
    bad = [line for line in log.splitlines() + first.text().splitlines() + out.splitlines()
           if " ERROR " in line or " CRITICAL " in line or "Traceback" in line]
    assert not bad, "\n".join(bad)
    wait_idle(prefix)  # the session ends with this test's display

