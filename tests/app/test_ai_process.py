"""The real app computes the board's hint, the demo and the analysis in its one child process
(issue 14: the board's frames unchanged while a hint computes), warms it in the background, and
ends it when it quits."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pygame
import pytest

from castellion.ai.play import best_move
from castellion.ai.pool import ComputePool
from castellion.rules import new_game
from castellion.rules.public import public_view
from castellion.scenes.analysis import AnalysisOverlay
from castellion.scenes.board.hint import HintControl
from castellion.ui.geometry import center
from tests.conftest import HANG_GUARD, board_of, eventually, frames, gone


def run_until(app, until) -> None:
    eventually(until, lambda: frames(app, 1))


def test_the_boards_hint_is_computed_in_a_child_process_by_default(app, ui):
    app.start_board("intro", 3)
    board = board_of(app)
    assert board is not None and app.ctx.ai_pool is not None  # handed to the board by the app's context
    ui.click(app, center(board.state.layout.button_rect("hint")))
    assert board.hint.pending
    run_until(app, lambda: not board.hint.pending)
    decision = board.hint.decision
    assert decision is not None and decision.action in board.session.game.legal_actions()
    worker = board.hint._worker
    assert worker is not None and worker.answered_by == app.ctx.ai_pool.pid != os.getpid()
    assert app.ctx.ai_pool.mode == "process"
    pid = app.ctx.ai_pool.pid
    app.close()  # quitting ends the child: none is left behind
    assert gone(pid)


def test_the_app_warms_the_process_in_the_background_and_ends_it_on_quit(app):
    frames(app, 2)
    assert app.ctx.ai_pool is None  # nothing started before the warm-up (a short run never starts it)
    thread = app.warm_ai()
    assert thread is not threading.current_thread()  # started on its own thread: no frame waits for it
    thread.join(HANG_GUARD)
    pool = app.ctx.ai_pool
    eventually(lambda: pool is None or pool.pid is not None)
    assert pool is not None and pool.pid is not None and not gone(pool.pid)
    pid = pool.pid
    app.close()
    assert gone(pid)
    # a warm-up thread that comes too late gets threads: no process outlives the app
    assert app.ctx.get_ai_pool() is pool
    app.ctx.ai_pool = None
    assert app.ctx.get_ai_pool().mode == "thread"


def test_the_demo_plays_its_moves_from_the_child_process(app):
    from castellion.scenes.nav import Route
    from castellion.session import Session

    # the route the setup screen's "Watch the computer play" takes
    app.ctx.nav.push(Route.BOARD, Session(new_game("intro", seed=7), practice=True), demo=True)
    app.stack.apply_pending()
    board = board_of(app)
    assert board is not None and board.demo is not None
    eventually(lambda: board.demo.moves >= 3, lambda: frames(app, 1, dt=1.0))  # a second a frame: not the pace
    assert board.demo.moves >= 3
    assert board.demo._worker is not None and board.demo._worker.answered_by == app.ctx.ai_pool.pid != os.getpid()


def test_the_analysis_runs_in_the_child_process_and_stops_when_left(ctx):
    overlay = AnalysisOverlay(ctx, "intro", 2, {})  # seed 2: won on the first try
    ctx.stack.push(overlay)
    surface = pygame.Surface(ctx.canvas)

    def frame():
        ctx.stack.update(1 / 60)
        ctx.stack.draw(surface)
        ctx.stack.apply_pending()

    eventually(lambda: overlay.done, frame)
    assert overlay.done and overlay.line is not None
    assert overlay._job.pid == ctx.ai_pool.pid != os.getpid()
    # leaving while it searches cancels the job (the child stops at its next decision)
    again = AnalysisOverlay(ctx, "intro", 0, {})
    ctx.stack.push(again)
    ctx.stack.apply_pending()
    again.close()
    ctx.stack.apply_pending()
    assert again._job.cancelled and again._job.result() is None
    quick = ctx.ai_pool.submit(best_move, public_view(new_game("intro", seed=3)))
    assert quick.wait(HANG_GUARD) and quick.result() is not None  # the child is free again: the analysis stopped


def test_without_a_pool_the_hint_computes_on_a_thread():
    control = HintControl()  # a plain test context offers no pool: the fallback
    game = new_game("intro", seed=1)
    assert control.ask(game, 0)
    eventually(lambda: control.poll(0) is not None)
    assert control.decision is not None
    assert control._worker is not None and control._worker.answered_by == os.getpid()
    assert control._worker.pool.mode == "thread" and isinstance(control._worker.pool, ComputePool)
    control.close()


def _processes_with(marker: str) -> list[int]:
    """Process ids whose environment holds `marker` (Linux /proc; our children inherit it)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) != os.getpid():
            try:
                with open(f"/proc/{entry}/environ", "rb") as f:
                    if marker.encode() in f.read():
                        found.append(int(entry))
            except OSError:
                continue
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_game_starts_its_process_after_the_menu_and_leaves_nothing_behind(headless_env, tmp_path):
    """`python -m castellion` for ~4 s (90 idle menu frames; the warm-up comes 2 s after the
    first, and 45 frames, ~2.2 s, raced it): the child starts in the background (the log says so) and
    after the game quits no process of it is left (the child, nor the resource tracker every
    spawned process brings)."""
    marker = f"CASTELLION_TEST_MARK={tmp_path.name}"
    env = dict(headless_env, CASTELLION_TEST_MARK=tmp_path.name)
    out = subprocess.run([sys.executable, "-m", "castellion", "--frames", "90"], capture_output=True,
                         text=True, env=env, timeout=HANG_GUARD)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "the computer player's process started" in out.stderr
    eventually(lambda: not _processes_with(marker), pause=0.1)
    assert _processes_with(marker) == []
