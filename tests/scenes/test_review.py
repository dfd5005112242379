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
from castellion.rules import actions as A
from castellion.scenes.end import EndScreen
from castellion.scenes.nav import Route
from castellion.scenes.review import ReviewScene
from castellion.ui.text import set_language
from tests.conftest import eventually, post_click, post_key
from tests.review_helpers import keep, lost_game
from tests.scenes.conftest import stack_frames as frames


def frames_until(ctx, until) -> None:
    """Frames until `until()` holds: the review computes in the child, so how many frames that
    takes depends on the machine; only the hang guard bounds it (no time limit)."""
    surface = pygame.Surface(ctx.canvas)
    assert eventually(until, lambda: frames(ctx, 1, surface), pause=0.002), "the review never finished"


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
    kept = reviews.load_review(key, doc["options"], doc["actions"])
    assert kept == json.loads(json.dumps(scene.review))  # kept: computed once


def test_the_first_mark_is_on_the_screen_while_the_rest_of_the_review_is_computed(ctx, monkeypatch):
    """The first marks show within seconds while the rest fills in: once the blunder's decision
    is back, the screen marks it (its dot on the graph, Page Up / Page Down reach it) though the
    other decisions are still being played out. The other job is held until a frame has shown the
    mark, so the test does not depend on which job the machine finishes first."""
    import threading

    from castellion.ai.pool import ComputePool
    from tests.xvfb_helpers import HANG_GUARD

    ctx.ai_pool = ComputePool(process=False)
    real_order, real_entry = R.order, R.review_entry
    doc = lost_game()
    blunder = doc["blunder_index"]
    shown = threading.Event()
    monkeypatch.setattr(R, "order", lambda screened: real_order(screened)[:2])  # the blunder first

    def entry(options, history, k, *args, **kw):
        if k != blunder:
            shown.wait(HANG_GUARD)  # the rest of the review: still computing while the mark shows
        return real_entry(options, history, k, playouts=3)

    monkeypatch.setattr(R, "review_entry", entry)
    scene = ReviewScene(ctx, doc["options"], doc["actions"])
    ctx.stack.push(scene)
    early = []

    def marked_while_filling() -> bool:
        if scene.jobs.review is None and scene.marked():
            early.append((scene.marked(), scene.jobs.progress, scene.review["summary"]["complete"]))
            shown.set()
        return scene.jobs.review is not None

    frames_until(ctx, marked_while_filling)
    assert early and early[0] == ([blunder], (2, 3), False)  # marked, one decision of two still out
    assert scene.marked() == [blunder]


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


# ------------------------------------------------------------------ hostile kept reviews (issue 29, item 4)
def _hostile(review: dict, change: str) -> dict:
    """The review `review` edited as a hostile or unlucky hand would edit it."""
    bad = json.loads(json.dumps(review))
    marked = next(d for d in bad["decisions"] if d.get("mark"))
    if change == "a decision replaced by a list":
        bad["decisions"][7] = []
    elif change == "no summary":
        del bad["summary"]
    elif change == "a summary count as text":
        bad["summary"]["blunder"] = "1"
    elif change == "decisions not a list":
        bad["decisions"] = {}
    elif change == "an unknown mark":
        marked["mark"] = "catastrophe"
    elif change == "a marked move without its chances":
        del marked["after"]
    elif change == "a chance of 750 %":
        marked["before"] = 7.5
    elif change == "a decision past the game's end":
        bad["decisions"].append({"index": 10**6, "turn": 1})
    elif change == "an illegal best move":
        marked["best"] = {"type": "DrawTile", "pile": "attic"}
    elif change == "not the move played":
        marked["played"] = {"type": "DrawTile", "pile": "safe"}
    elif change == "a graph point below zero":
        bad["graph"][0]["p"] = -1
    elif change == "an empty encounter":
        bad["encounters"].append({})
    elif change == "another game's length":
        bad["actions"] += 1
    elif change == "a reason without its kind":
        del marked["reason"]["kind"]
    else:
        raise AssertionError(change)
    return bad


HOSTILE = ("a decision replaced by a list", "no summary", "a summary count as text", "decisions not a list",
           "an unknown mark", "a marked move without its chances", "a chance of 750 %",
           "a decision past the game's end", "an illegal best move", "not the move played",
           "a graph point below zero", "an empty encounter", "another game's length", "a reason without its kind")


def _kept_path() -> Path:
    doc = lost_game()
    return reviews.review_path(reviews.review_key(R.game_options(doc["options"]), doc["actions"], R.REVIEW_VERSION))


def _write_kept(review: object) -> tuple[Path, bytes]:
    doc = lost_game()
    key = reviews.review_key(R.game_options(doc["options"]), doc["actions"], R.REVIEW_VERSION)
    path = reviews.review_path(key)
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps({"format": 1, "key": key, "review": review}).encode()
    path.write_bytes(raw)
    return path, raw


@pytest.mark.parametrize("change", HOSTILE)
def test_a_hostile_kept_review_is_set_aside_and_computed_again(ctx, quick_review, change):
    """Issue 29, item 4: a kept review is checked like a save (fields, types, the moves against the
    game replayed); a bad one is never shown: set aside byte for byte, and the review computed again."""
    doc = lost_game()
    assert reviews.review_problem(json.loads(json.dumps(quick_review)), doc["options"], doc["actions"]) is None
    path, raw = _write_kept(_hostile(quick_review, change))
    found = reviews.read_review(path.stem, doc["options"], doc["actions"])
    kept = found.kept_as
    assert found.value is None and kept is not None and kept.read_bytes() == raw and not path.exists()


@pytest.mark.parametrize("change", ["a decision replaced by a list", "an empty review", "no summary"])
def test_the_review_screen_opens_over_a_hostile_kept_review(ctx, quick_review, change):
    """Issue 29, item 4: `decisions[7] = []` or `review: {}` used to show the error screen on every
    open of that review (`marked`, `_curve`); now the screen opens and computes the review again."""
    path, raw = _write_kept({} if change == "an empty review" else _hostile(quick_review, change))
    doc = lost_game()
    scene = ReviewScene(ctx, doc["options"], doc["actions"])
    ctx.stack.push(scene)
    frames(ctx, 3)
    post_key(pygame.K_PAGEDOWN)
    post_key(pygame.K_END)
    frames(ctx, 2)
    assert scene.review is None and scene.marked() == [] and not ctx.errors
    assert not path.exists() and path.with_name(path.name + ".damaged").read_bytes() == raw
    scene.close()
    frames(ctx, 2)
    assert not ctx.errors


@pytest.mark.parametrize("change", ["a decision replaced by a list", "an empty review"])
def test_the_review_command_over_a_hostile_kept_review_says_so_and_exits_0(ctx, quick_review, change, tmp_path,
                                                                           monkeypatch, capsys):
    """Issue 29, item 4: `castellion-cli --review` used to end in a traceback (`KeyError: 'summary'`)."""
    from castellion import cli
    from castellion.persistence.saves import write_save
    from castellion.session import Session

    doc = lost_game()
    session = Session(R.replay(doc["options"], []))
    for data in doc["actions"]:
        session.apply(A.action_from_dict(data))
    save = tmp_path / "lost.json"
    write_save(save, session)
    _write_kept({} if change == "an empty review" else _hostile(quick_review, change))
    monkeypatch.setattr(R, "review_game", lambda *a, **kw: json.loads(json.dumps(quick_review)))
    assert cli.main(["--review", str(save)]) == 0
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and _kept_path().with_name(_kept_path().name + ".damaged").exists()
    assert "damaged" in captured.err and captured.out.strip()
    assert json.loads(_kept_path().read_text("utf-8"))["review"] == json.loads(json.dumps(quick_review))


def test_at_a_larger_text_the_review_takes_the_largest_size_its_measured_layout_holds(ctx, quick_review):
    """Issue 31: the review was held at 100 %. At a larger text it lays its parts out from their
    measured words (layout.py: a smaller castle, a wider column, the graph never under
    GRAPH_LEAST); where there is room (125 %) the longest move's words are whole in their box,
    without scrolling, the note under them (200 %: tests/scenes/test_review_layout.py); at 100 %
    every part keeps its place."""
    from castellion.scenes.review import layout as L
    from castellion.scenes.review.words import move_lines
    from castellion.ui.painting import wrapped_height

    keep(quick_review)
    doc = lost_game()
    scene = ReviewScene(ctx, doc["options"], doc["actions"])
    scene.update(1 / 60)
    assert scene.text_limit == 1.0 and scene.layout == L.fixed(scene.slider_rect)
    ctx.fonts.set_text_scale(1.25)
    scene.go(21)
    scene.update(1 / 60)
    assert scene.text_limit == 1.25 and scene.layout.cell == L.BIG_CELL and scene.layout.note is not None
    graph, move = scene.layout.graph, scene.layout.move
    assert graph.h >= L.GRAPH_LEAST and graph.bottom < move.y and move.bottom < scene.layout.note.y
    with ctx.fonts.limited(scene.text_limit):
        d = scene.decision(21)
        lines = move_lines(d, scene.games[21])
        need = L.MARK_ROW + sum(wrapped_height(ctx, line, move.w, size=None if n == 0 else ctx.theme.font_small)
                                + L.LINE_GAP + 6 for n, line in enumerate(lines))
    assert need <= move.h and scene.move_box.most() == 0  # the blunder's words whole in their box
