"""Issue 25, item 1: a result computed off the frame (the hint, the analysis) is drawn within a
few frames of its job finishing, with no input at all after asking — a still screen sleeps until
something wakes it, and the finished job must be that something.

Frames are counted, never seconds: the job is held on an Event and released by the test."""

from __future__ import annotations

import threading

import pygame
import pytest

from castellion.ai.play import best_move
from castellion.ai.pool import ComputePool
from castellion.ai.worker import HintWorker
from castellion.scenes import analysis as analysis_module
from castellion.scenes.analysis import AnalysisOverlay
from castellion.ui.text import t, tn
from tests.conftest import HANG_GUARD, TextSpy, board_of

FEW = 3  # frames allowed between the job finishing and the answer on screen


@pytest.fixture
def still_app(app, monkeypatch):
    """The real app with no grace period after input (so "no input since" is reached at once)
    and a thread pool (the test controls when a job finishes)."""
    monkeypatch.setattr("castellion.app.GRACE", 0.0)
    app.ctx.ai_pool = ComputePool(process=False)
    return app


def idle_frames(app, n: int) -> None:
    """`n` frames as the run loop makes them: drawn only when the app wants to."""
    for _ in range(n):
        app.step(1 / 60, draw=None)


def spy_on(app) -> TextSpy:
    spy = TextSpy(app.ctx.fonts)
    app.ctx.fonts = spy
    return spy


def release_and_watch(app, job, release) -> tuple[TextSpy, int]:
    """Let the held `job` finish, with no input at all: it must post an event (the idle loop
    sleeps until one arrives), then FEW frames run. Answers a spy on what they drew and the
    count of frames drawn before them."""
    pygame.event.clear()
    release.set()
    assert job.wait(HANG_GUARD)
    assert pygame.event.peek()  # the finished job posted the wake-up
    spy = spy_on(app)
    drawn = app.drawn_frames
    idle_frames(app, FEW)
    return spy, drawn


def test_a_finished_hint_is_drawn_without_any_input(still_app, ui):
    app = still_app
    release = threading.Event()

    def slow(view, budget, cancel):
        release.wait(HANG_GUARD)
        return best_move(view, budget, cancel=cancel)

    app.start_board("intro", 3)
    board = board_of(app)
    board.hint._factory = lambda budget: HintWorker(budget, compute=slow, pool=app.ctx.get_ai_pool())
    ui.press(app, pygame.K_h)
    assert board.hint.pending and board.state.message == t("hint.thinking")
    idle_frames(app, 5)  # thinking: no input from here on
    spy, drawn = release_and_watch(app, board.hint._worker._job, release)
    assert board.hint.decision is not None
    words = board.state.message
    assert words != t("hint.thinking")
    assert app.drawn_frames > drawn, "the hint's answer never reached the screen"
    assert spy.drawn(words)
    # and then the screen is still again (idle costs nothing)
    drawn = app.drawn_frames
    idle_frames(app, 3)
    assert app.drawn_frames == drawn


def test_a_finished_analysis_is_drawn_without_any_input(still_app, monkeypatch):
    app = still_app
    release = threading.Event()

    def slow_search(level, seed, options, work, fair_wins, *, cancel):
        release.wait(HANG_GUARD)
        return None, 7, False  # searched, found no win

    monkeypatch.setattr(analysis_module, "search_deal", slow_search)
    overlay = AnalysisOverlay(app.ctx, "intro", 3, work=5)
    app.stack.push(overlay)
    app.stack.apply_pending()
    idle_frames(app, 5)
    spy, drawn = release_and_watch(app, overlay._job, release)
    assert overlay.done
    assert app.drawn_frames > drawn, "the analysis' answer never reached the screen"
    assert spy.drawn(tn("analysis.not_found", 7).split()[0])
