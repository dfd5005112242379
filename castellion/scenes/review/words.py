"""The review's words, in the player's language: a decision's mark, its chances (the graph's own
numbers: `chance_numbers`), what the move gave up and what the computer would have done; the
game's summary (its marks, its accuracy, where a lost game was already lost). Plain words about
the game, never about the evaluator. Pure functions of a review (ai/review.py's data) and the
game before the decision, so tests read them without a screen."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from castellion.ai.decision import Decision, Reason
from castellion.ai.review import LOST_LEVEL
from castellion.rules import actions as A
from castellion.rules.game import Game
from castellion.ui.ai_text import hint_text
from castellion.ui.rules_text import ordeal_label, tile_name
from castellion.ui.text import t, tn

# Below this accuracy, or with this much chance given away in all, a game with no marked move
# still says its play was poor (many small cuts).
POOR_ACCURACY = 80.0
POOR_GIVEN_AWAY = 0.25


def percent(p: float) -> int:
    """A chance as the whole percent the words and the graph's labels show."""
    return round(100 * p)


def chance_numbers(d: Mapping[str, Any]) -> tuple[int, int]:
    """(before, after) in whole percents: the graph's points at the decision and just after it."""
    return percent(float(d["before"])), percent(float(d["after"]))


def mark_word(mark: str) -> str:
    return {"blunder": t("review.mark.blunder"), "mistake": t("review.mark.mistake"),
            "inaccuracy": t("review.mark.inaccuracy")}.get(mark, mark)


def chance_text(d: Mapping[str, Any]) -> str:
    before, after = chance_numbers(d)
    return t("review.chance", before=before, after=after)


def given_up_text(d: Mapping[str, Any], game: Game) -> str | None:
    """"This left Exam II about 2 tiles further away than the computer's move", or None."""
    given = d.get("given_up")
    if not isinstance(given, Mapping):
        return None
    try:
        ordeal, tiles = int(given["ordeal"]), int(given["tiles"])
    except (KeyError, TypeError, ValueError):
        return None
    return tn("review.given_up", tiles, ordeal=ordeal_label(game, ordeal) or t("hint.next_ordeal"))


def best_text(d: Mapping[str, Any], game: Game) -> str | None:
    """What the computer would have done, and why (the hint's words), or None without it."""
    best = d.get("best")
    if best is None or not d.get("reason"):
        return None
    reason = dict(d["reason"])
    decision = Decision(A.action_from_dict(best), Reason(str(reason.pop("kind")), reason))
    return t("review.would", why=hint_text(decision, game, tile_name))


def move_lines(d: Mapping[str, Any] | None, game: Game) -> list[str]:
    """The words under the graph for one decision (the mark, if any, is drawn apart)."""
    if d is None:
        return [t("review.forced")]
    if not d.get("checked"):
        return [t("review.not_checked")]
    lines = [chance_text(d)]
    # nothing left to keep, before or after the move (as the summary's `lost_at` reads it): no
    # move is judged here; a chance that rose after the move is judged like any other
    if max(float(d["before"]), float(d["after"])) <= LOST_LEVEL:
        lines.append(t("review.lost_here"))
        return lines
    if d.get("best") == d.get("played"):
        lines.append(t("review.same"))
        return lines
    given = given_up_text(d, game) if d.get("mark") else None
    if given:
        lines.append(given)
    elif not d.get("mark"):
        lines.append(t("review.close"))
    best = best_text(d, game)
    if best:
        lines.append(best)
    return lines


def summary_text(review: Mapping[str, Any]) -> str:
    """The game in one or two sentences: its marks and the turn it turned, or, with no mark, that
    it was already lost (turn N) or lost by many small cuts — never "no mistake" for a poor game."""
    s = review["summary"]
    n = int(s["blunder"]) + int(s["mistake"]) + int(s["inaccuracy"])
    accuracy = s.get("accuracy")
    parts = []
    if s.get("turned_at") is not None:
        parts.append(tn("review.summary", n, turn=s["turned_at"]))
    if s.get("lost_at") is not None and (s.get("turned_index") is None
                                         or int(s["lost_index"]) < int(s["turned_index"])):
        parts.append(t("review.lost_at", turn=s["lost_at"]))
    if not parts:
        given = float(s.get("given_away") or 0.0)
        if (accuracy is not None and accuracy < POOR_ACCURACY) or given >= POOR_GIVEN_AWAY:
            parts.append(tn("review.small_cuts", round(100 * given)))
        elif review.get("result") == "lost":
            parts.append(t("review.summary_luck"))
        else:
            parts.append(t("review.summary_clean"))
    if accuracy is not None:
        parts.append(t("review.accuracy", accuracy=round(float(accuracy))))
    return " ".join(parts)


__all__ = ["POOR_ACCURACY", "best_text", "chance_numbers", "chance_text", "given_up_text", "mark_word",
           "move_lines", "percent", "summary_text"]
