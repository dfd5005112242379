"""The deeper look (scenes/review/deep.py), stepped through headless on the known lost game
(tests/data/review/): D or the button (the pad's A on it) thinks longer about the decision shown
and the marked ones in the computer player's process, with a progress bar; Esc or the pad's B stops
it (and only a second Esc leaves the review); what comes back stands in for the quick numbers."""

from __future__ import annotations

import functools
import time
from typing import Any

import pygame
import pytest

from castellion.ai import review as R
from castellion.ai.pool import ComputePool
from castellion.scenes.review.deep import MOST, deep_targets
from castellion.ui.devices import pad_key_event
from castellion.ui.text import set_language, t
from tests.conftest import eventually, post_key
from tests.review_helpers import keep
from tests.scenes.conftest import stack_frames as frames
from tests.scenes.test_practice import review_scene


def _stuck(options: Any, history: Any, index: int, *, cancel: Any) -> R.Entry:
    while not cancel():
        time.sleep(0.005)
    raise RuntimeError("cancelled")


@pytest.fixture(autouse=True)
def on_threads(ctx, monkeypatch):
    """The deeper look on threads with fewer hidden orders: the same code as the game's, quicker."""
    ctx.ai_pool = ComputePool(process=False)
    monkeypatch.setattr(R, "deep_entry", functools.partial(R.review_entry, entry_work=R.ENTRY_WORK, playouts=4))


def test_the_targets_are_the_decision_shown_then_the_marked_ones():
    decisions = [{"index": i, "mark": "mistake" if i in (9, 30) else None, "drop": i / 100} for i in range(3, 40, 3)]
    assert deep_targets(12, decisions)[:3] == [12, 9, 30]
    assert deep_targets(13, decisions)[:2] == [9, 30]  # 13 is no decision
    assert len(deep_targets(0, decisions)) == MOST


@pytest.mark.parametrize("lang", ["en", pytest.param("es", marks=pytest.mark.slow),
                                  pytest.param("ja", marks=pytest.mark.slow)])
def test_d_looks_deeper_at_the_decision_shown_and_its_numbers_stand_in(ctx, quick_review, spy, lang,
                                                                      monkeypatch):
    quick = next(d for d in quick_review["decisions"] if d["index"] == 21)

    def deeper(options: Any, history: Any, index: int, *, cancel: Any) -> R.Entry:
        """What a deeper look answers (its own numbers), at once: the screen's part is tested here."""
        return R.entry_from_dict(dict(quick, index=index, before=0.5, after=0.25, drop=0.25, mark="mistake",
                                      samples=64))

    monkeypatch.setattr(R, "deep_entry", deeper)
    set_language(lang)
    keep(quick_review)
    scene = review_scene(ctx)
    scene.go(21)
    post_key(pygame.K_d)
    frames(ctx, 1)
    deep = scene.deep
    assert deep is not None and list(deep.jobs)[0] == 21
    assert eventually(lambda: not deep.running, lambda: frames(ctx, 1), pause=0.002)
    frames(ctx)
    d = scene.decision(21)
    assert d is not None and d["deep"] and (d["before"], d["after"], d["mark"]) == (0.5, 0.25, "mistake")
    assert (quick["before"], quick["after"]) != (0.5, 0.25)  # the quick look's numbers are replaced
    assert spy.drawn(t("review.deep_note", times=R.DEEP))
    assert not ctx.errors


def test_esc_stops_the_deeper_look_before_it_leaves_the_review(ctx, quick_review, spy, monkeypatch):
    keep(quick_review)
    monkeypatch.setattr(R, "deep_entry", _stuck)
    scene = review_scene(ctx)
    scene.widgets.focus(scene.deep_button)
    pygame.event.post(pad_key_event("a"))  # the pad's A on the focused button
    frames(ctx)
    assert scene.deep is not None and scene.deep.running
    assert spy.drawn(t("review.deep_cancel"))
    assert spy.drawn(t("review.deep_progress", times=R.DEEP, done=0, total=len(scene.deep.jobs)))
    pygame.event.post(pad_key_event("b"))  # the pad's B: stop
    frames(ctx)
    assert not scene.deep.running and ctx.stack.top is scene  # stopped, still on the review
    assert all(job.cancelled for job in scene.deep.jobs.values())
    post_key(pygame.K_ESCAPE)
    frames(ctx)
    assert ctx.stack.top is not scene and not ctx.errors
