"""The review screen (issue 23): opened from the end screen, it steps through a finished game
(keys, buttons, the slider), shows the win-chance graph and the marked moves, and computes the
review in the background with a progress bar, keeping it once done."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pygame
import pytest

from castellion.ai import review as R
from castellion.persistence import reviews
from castellion.scenes.end import EndScreen
from castellion.scenes.nav import Route
from castellion.scenes.review import ReviewScene
from castellion.ui.text import set_language
from tests.conftest import eventually, post_click, post_key

LOST = Path(__file__).resolve().parents[1] / "data" / "review" / "lost_intro_seed2.json"


def lost_game() -> dict:
    return json.loads(LOST.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def quick_review() -> dict:
    """The known lost game's review, only its blunder played out (the screen reads whatever was
    kept; the whole review's figures are ai/review.py's, tested in tests/ai/test_review.py)."""
    doc = lost_game()
    options, history = doc["options"], doc["actions"]
    screened = R.screen(options, history)
    blunder = R.review_entry(options, history, doc["blunder_index"])
    return R.assemble(options, history, screened, [blunder])


def keep(review: dict) -> None:
    doc = lost_game()
    key = reviews.review_key(R.game_options(doc["options"]), doc["actions"], R.REVIEW_VERSION)
    assert reviews.keep_review(key, review)


def frames(ctx, n: int = 1) -> pygame.Surface:
    surface = pygame.Surface(ctx.canvas)
    for _ in range(n):
        frame(ctx, surface)
    return surface


def frame(ctx, surface: pygame.Surface) -> None:
    for event in pygame.event.get():
        ctx.stack.handle(event)
    ctx.stack.update(1 / 60)
    ctx.stack.draw(surface)
    ctx.stack.apply_pending()


def frames_until(ctx, until) -> None:
    """Frames until `until()` holds: the review computes in the child, so how many frames that
    takes depends on the machine; only the hang guard bounds it (no time limit)."""
    surface = pygame.Surface(ctx.canvas)
    assert eventually(until, lambda: frame(ctx, surface), pause=0.002), "the review never finished"


def test_the_end_screen_opens_the_review_of_the_game(ctx, quick_review):
    doc = lost_game()
    game = R.replay(doc["options"], doc["actions"])
    keep(quick_review)
    end = EndScreen.from_game(ctx, game)
    assert end.review is not None and len(end.history) == len(doc["actions"])
    ctx.stack.push(end)
    ctx.stack.apply_pending()
    post_click(end.review.rect.center)
    frames(ctx, 3)
    assert ctx.nav.showing(Route.REVIEW)
    scene = ctx.stack.top
    assert isinstance(scene, ReviewScene)
    assert scene.review == json.loads(json.dumps(quick_review))  # the kept one, not computed again
    assert not ctx.errors


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_stepping_through_a_review(ctx, quick_review, lang):
    set_language(lang)
    keep(quick_review)
    doc = lost_game()
    scene = ReviewScene(ctx, doc["options"], doc["actions"])
    ctx.stack.push(scene)
    frames(ctx, 2)
    assert scene.step == 0 and scene.review is not None
    for _ in range(3):
        post_key(pygame.K_RIGHT)
    post_key(pygame.K_LEFT)
    frames(ctx, 2)
    assert scene.step == 2
    post_key(pygame.K_PAGEDOWN)  # the next marked move: the blunder
    frames(ctx, 2)
    assert scene.step == 21 and scene.decision(21)["mark"] == "blunder"
    assert scene.games[21].turn == 11
    post_click(scene.next_button.rect.center)
    frames(ctx, 2)
    assert scene.step == 22
    post_key(pygame.K_END)
    frames(ctx, 2)
    assert scene.step == len(doc["actions"]) and scene.games[-1].outcome.result == "lost"
    post_click((scene.slider_rect.x, scene.slider_rect.centery))  # the slider's left end: the start
    frames(ctx, 2)
    assert scene.step == 0
    post_click(scene.graph_rect.center)  # a click on the graph scrubs there too
    frames(ctx, 2)
    assert abs(scene.step - len(doc["actions"]) // 2) <= 1
    post_key(pygame.K_ESCAPE)
    frames(ctx, 2)
    assert not ctx.nav.showing(Route.REVIEW) and not ctx.errors


def test_the_review_is_computed_off_the_frame_with_progress_and_kept(ctx, monkeypatch):
    from castellion.ai.pool import ComputePool

    ctx.ai_pool = ComputePool(process=False)  # threads: the quicker plan below reaches them
    real = R.order
    monkeypatch.setattr(R, "order", lambda screened: real(screened)[:2])  # the dearest two: 21 first
    monkeypatch.setattr(R, "review_entry", functools.partial(R.review_entry, playouts=3))
    doc = lost_game()
    scene = ReviewScene(ctx, doc["options"], doc["actions"])
    assert scene.review is None and scene.jobs.progress == (0, 1) and scene.animating()
    ctx.stack.push(scene)
    seen = set()
    partial = []

    def done() -> bool:
        seen.add(scene.jobs.progress)
        if scene.jobs.review is None and scene.jobs.partial is not None:
            partial.append(scene.jobs.partial)
        return scene.jobs.review is not None

    frames_until(ctx, done)
    assert scene.review is not None and not scene.animating()
    assert (2, 3) in seen  # the bar moved while it computed
    # The review was shown before it was whole, with the decisions back so far.
    assert partial and sum(d["checked"] for d in partial[0]["decisions"]) == 1
    assert not partial[0]["summary"]["complete"] and partial[0]["summary"]["reviewed"] == 1
    assert [d["index"] for d in scene.review["decisions"] if d.get("mark")] == [21]
    from castellion.persistence import writer

    assert writer.flush()
    key = reviews.review_key(R.game_options(doc["options"]), doc["actions"], R.REVIEW_VERSION)
    assert reviews.load_review(key) == json.loads(json.dumps(scene.review))  # kept: computed once


def test_leaving_a_review_being_computed_cancels_it(ctx):
    doc = lost_game()
    scene = ReviewScene(ctx, doc["options"], doc["actions"])
    ctx.stack.push(scene)
    frames(ctx, 2)
    job = scene.jobs._screen
    scene.close()
    frames(ctx, 2)
    assert job is not None and job.cancelled and not ctx.errors


def test_a_review_shows_every_words_in_the_catalogs():
    from castellion.ui.text import has

    for key in ("review.title", "review.mark.blunder", "review.mark.mistake", "review.mark.inaccuracy",
                "review.would", "review.summary", "end.review"):
        for lang in ("en", "es", "ja"):
            set_language(lang)
            assert has(key), (lang, key)
