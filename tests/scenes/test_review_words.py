"""The review's words (scenes/review/words.py): the numbers a decision's words show are the
graph's own points, in every language; a poor or already lost game never reads "no mistake"."""

from __future__ import annotations

import re

import pytest

from castellion.ai import review as R
from castellion.scenes.review import words as W
from castellion.ui.text import set_language, t, tn
from tests.review_helpers import lost_game, lost_review


@pytest.fixture(scope="module")
def review() -> dict:
    """The known lost game's review with its blunder and the two decisions either side of it
    played out (the words read whatever the review holds)."""
    return lost_review(between=(17, 25))


def _graph_at(review: dict, index: int, after: bool) -> float:
    return next(float(g["p"]) for g in review["graph"] if g["index"] == index and bool(g.get("after")) == after)


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_numbers_in_the_words_are_the_graphs(review, lang):
    set_language(lang)
    checked = [d for d in review["decisions"] if d["checked"]]
    assert any(d.get("mark") == "blunder" for d in checked)
    for d in checked:
        k = int(d["index"])
        before = _graph_at(review, k, after=False)
        after = before if d["best"] == d["played"] else _graph_at(review, k + 1, after=True)
        words = W.chance_text(d)
        assert [int(x) for x in re.findall(r"\d+", words)] == [round(100 * before), round(100 * after)], (lang, words)
        assert W.chance_text(d) in W.move_lines(d, R.replay(review["options"], _history(), k))


def _history() -> list:
    return lost_game()["actions"]


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_a_blunder_says_what_it_gave_up_in_the_games_terms(review, lang):
    set_language(lang)
    d = next(d for d in review["decisions"] if d.get("mark") == "blunder")
    game = R.replay(review["options"], _history(), int(d["index"]))
    lines = W.move_lines(d, game)
    given = W.given_up_text(d, game)
    assert given is not None and given in lines
    assert str(d["given_up"]["tiles"]) in given
    assert not any("evaluat" in line.lower() for line in lines)  # about the game, not the evaluator


def _review(summary: dict, result: str = "lost") -> dict:
    base = {"blunder": 0, "mistake": 0, "inaccuracy": 0, "turned_at": None, "turned_index": None,
            "accuracy": 95.0, "lost_at": None, "lost_index": None, "complete": True}
    return {"result": result, "summary": {**base, **summary}}


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_a_poor_or_lost_game_never_reads_no_mistake(lang):
    set_language(lang)
    clean = t("review.summary_clean")
    lost = W.summary_text(_review({"lost_at": 5, "lost_index": 8, "accuracy": 90.0}))
    assert lost.startswith(t("review.lost_at", turn=5)) and clean not in lost
    cuts = W.summary_text(_review({"accuracy": 54.4, "given_away": 0.61}))
    assert tn("review.small_cuts", 61) in cuts and t("review.accuracy", accuracy=54) in cuts and clean not in cuts
    # many small drops with a fair accuracy: the chance given away in all says it
    given = W.summary_text(_review({"accuracy": 90.4, "given_away": 0.42}))
    assert tn("review.small_cuts", 42) in given and clean not in given
    luck = W.summary_text(_review({"accuracy": 97.0}))
    assert clean not in luck and t("review.summary_luck") in luck
    assert clean in W.summary_text(_review({"accuracy": 99.0}, result="won"))
    marked = W.summary_text(_review({"blunder": 1, "turned_at": 11, "turned_index": 21, "lost_at": 12,
                                     "lost_index": 23, "accuracy": 96.0}))
    assert "11" in marked and t("review.lost_at", turn=12) not in marked  # the turn came from the blunder


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_a_decision_in_a_lost_position_says_so_instead_of_judging_the_move(review, lang):
    set_language(lang)
    d = {"index": 30, "checked": True, "before": 0.02, "after": 0.01, "played": {"type": "DrawTile", "pile": "regular"},
         "best": {"type": "DrawTile", "pile": "safe"}, "reason": {"kind": "draw"}, "mark": None}
    game = R.replay(review["options"], _history(), 30)
    assert W.move_lines(d, game) == [W.chance_text(d), t("review.lost_here")]


def test_a_move_after_which_the_chance_rose_above_lost_is_not_called_already_lost(review):
    """"Already lost here" is said where the summary's lost_at would say it (ai.review.lost_at:
    the chance before and after the move both at most LOST_LEVEL): a graph going 3 % → 23 % under
    the words "no move kept a real chance" contradicted itself."""
    d = {"index": 30, "checked": True, "before": 0.03, "after": 0.23, "played": {"type": "DrawTile", "pile": "regular"},
         "best": {"type": "DrawTile", "pile": "regular"}, "reason": {"kind": "draw"}, "mark": None}
    game = R.replay(review["options"], _history(), 30)
    assert W.move_lines(d, game) == [W.chance_text(d), t("review.same")]
