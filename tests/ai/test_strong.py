"""The re-ranking of the decisions about time (ai/strong.py): where it looks, that it reads only
the public view, that its playouts are charged to the budget, and when it overrules the player."""

from __future__ import annotations

import doctest

from castellion import ai
from castellion.ai import strong
from castellion.rules import actions as A
from castellion.rules import new_game
from castellion.rules.public import public_view, sample_hidden


def play_until(game, wanted, limit=400):
    """Play the fair player's moves until `wanted(view)` holds; the view then (None: never)."""
    for _ in range(limit):
        if game.outcome is not None:
            return None
        view = public_view(game)
        if wanted(view):
            return view
        game.apply(ai.best_move(game).action)
    return None


def test_the_examples_hold():
    assert doctest.testmod(strong).failed == 0


def test_it_looks_only_at_decisions_about_time():
    seen = {"draw": False, "traitor": False, "last": False}
    for level in ("intro", "base"):  # a Traitor can be discarded from the base level on (R-§6.5)
        look_through(new_game(level, seed=1000), seen)
    assert all(seen.values()), seen


def look_through(game, seen):
    for _ in range(400):
        if game.outcome is not None:
            break
        view = public_view(game)
        legal = game.legal_actions()
        if strong.critical(view):
            assert len(legal) > 1
            if game.phase == "get":
                seen["draw"] = seen["draw"] or len({a.pile for a in legal if isinstance(a, A.DrawTile)}) > 1
            elif game.held and game.held.startswith("T"):
                seen["traitor"] = True
            else:
                seen["last"] = True
        elif game.phase == "use" and game.held and game.held.startswith("T") and len(legal) > 1:
            raise AssertionError("a Traitor decision was not looked at")
        game.apply(ai.best_move(game).action)


def test_a_decision_about_shape_is_left_to_the_player():
    game = new_game("intro", seed=1000)
    view = play_until(game, lambda v: len(v.game.legal_actions()) > 1 and not strong.critical(v))
    assert view is not None
    plain = ai.best_move(view)
    reranked = ai.best_move(view, ai.Budget(work=50_000, rerank=8))
    assert (reranked.action, reranked.reason) == (plain.action, plain.reason)
    assert reranked.work == plain.work  # no playout was made


def test_it_reads_only_the_public_view_and_charges_its_playouts_to_the_budget():
    game = new_game("intro", seed=1001)
    view = play_until(game, lambda v: strong.critical(v) and v.game.phase == "use")
    assert view is not None
    budget = ai.Budget(work=3000, rerank=6)
    # Two games that agree on everything public but not on the hidden order give the same answer.
    other = sample_hidden(view, 12345)
    first, second = ai.best_move(view, budget), ai.best_move(public_view(other), budget)
    assert (first.action, first.reason, first.work) == (second.action, second.reason, second.work)
    plain = ai.best_move(view)
    assert first.work > plain.work  # the playouts were counted …
    # … and stop once the budget is spent (one playout move may run past it, never a whole row).
    assert first.work <= budget.work + 400


def test_a_clearly_better_action_replaces_the_players_and_says_why():
    rows = [[0.0, 1.0, 0.0]] * 5 + [[1.0, 1.0, 0.0]]
    assert strong._clearly_better(rows) == 1
    assert strong._clearly_better([[1.0, 0.0, 0.0]] * 6) is None  # the player's own is best
    assert strong._clearly_better([[0.0, 1.0, 1.0]] * 3) is None  # fewer than MIN_ROWS samples
