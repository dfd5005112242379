"""The fair-play contract (issue 14): a player's view carries only what is visible, determinized
games agree with it, and the computer player's choice cannot depend on the hidden order."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from castellion import ai
from castellion.rules import new_game, parse_castle
from castellion.rules.public import (
    allowed_shapes,
    formations_one_short,
    known_view,
    public_view,
    sample_hidden,
    traitor_discard_cost,
    traitor_odds,
    traitors_before_trigger,
)
from castellion.rules.rng import SeededRandom
from tests.rules_helpers import castle_of


def _played(level: str, seed: int, moves: int, **kw):
    """A game `moves` decisions in, played by the rules' quick greedy bot (these tests are about
    what the view shows, not about the computer player; the bot costs a hundredth of its time)."""
    from castellion.rules.bots import greedy_action
    from castellion.rules.rng import SeededRandom

    game = new_game(level, seed=seed, **kw)
    rng = SeededRandom.from_seed(seed)
    for _ in range(moves):
        if game.outcome is not None:
            break
        game.apply(greedy_action(game, rng))
    return game


def _other_hidden_order(game, seed: int):
    """The same visible state with the piles reshuffled and face-down cards redealt (the truth
    a player cannot tell apart)."""
    other = game.copy()
    rng = SeededRandom.from_seed(seed)
    for pile in ("regular", "safe"):
        rng.shuffle(other._piles[pile])
    view = public_view(game)
    from castellion.rules import default_ruleset

    for i, ids in enumerate(view.possible_cards):
        if len(ids) > 1:
            other._cards[i] = default_ruleset().cards[ids[rng.below(len(ids))]]
    other.options["seed"] = 10_000 + seed
    other._rng = SeededRandom(seed)
    return other


def test_the_view_hides_the_seed_the_pile_order_and_face_down_cards():
    game = new_game("expert", seed=0)
    view = public_view(game)
    assert view.game.seed == 0 and view.game._rng.state == 0
    for pile in ("regular", "safe"):
        assert list(view.unseen[pile]) == sorted(game._piles[pile])
        assert list(view.game._piles[pile]) == sorted(game._piles[pile])
    assert all(len(ids) == 4 for ids in view.possible_cards)  # R-§7: dealt face down, 4 each
    assert game.ordeals[0].card.id in view.possible_cards[0]


def test_the_full_knowledge_view_names_the_face_down_cards_and_changes_nothing_else():
    game = _played("expert", 4, 10)
    view, known = public_view(game), known_view(game)
    truth = [o.card.id for o in game.ordeals]
    assert known.possible_cards == tuple((c,) for c in truth)
    assert [o.card.id for o in known.game.ordeals] == truth
    assert any(len(ids) > 1 for ids in view.possible_cards)  # the fair view does not know them
    # the cards stay face down on the table: the same legal actions, the same face-up flags, and
    # the piles' order stays unknown, as in the fair view
    assert [o.face_up for o in known.game.ordeals] == [o.face_up for o in game.ordeals]
    assert known.game.legal_actions() == view.game.legal_actions() == game.legal_actions()
    assert known.unseen == view.unseen and known.game._piles == view.game._piles
    assert sample_hidden(known, 3)._cards == game._cards  # a sample of it meets the true cards
    assert public_view(game).to_dict() == view.to_dict()  # the game was not changed


@pytest.mark.parametrize("level", ["intro", "base", "expert"])
def test_unseen_tiles_are_all_tiles_less_those_seen(level):
    """§1: every tile is known, so the piles' contents (not order) follow from the table."""
    game = _played(level, 4, 40)
    view = public_view(game)
    everything = Counter(t.rstrip("+") for t in view.seen) + Counter(
        t.rstrip("+") for p in ("regular", "safe") for t in view.unseen[p])
    defenders = {f + s: 6 for f in "SCJP" for s in "tsc"}
    assert everything == Counter({**defenders, "T": 9, "T!": 3})


@pytest.mark.parametrize("level", ["intro", "base", "expert"])
def test_games_differing_only_in_hidden_order_have_the_same_view(level):
    game = _played(level, 2, 25)
    for seed in range(3):
        other = _other_hidden_order(game, seed)
        assert other.to_dict() != game.to_dict() or level != "expert"
        assert public_view(other).to_dict() == public_view(game).to_dict()


def test_sample_hidden_agrees_with_everything_seen():
    game = _played("expert", 5, 30)
    view = public_view(game)
    a, b = sample_hidden(view, 1), sample_hidden(view, 2)
    assert sample_hidden(view, 1).to_dict() == a.to_dict()  # a seed names one determinization
    assert a._piles != b._piles
    for g in (a, b):
        assert g.castle(0) == game.castle(0) and g.discard == game.discard and g.phase == game.phase
        for pile in ("regular", "safe"):
            assert sorted(g._piles[pile]) == sorted(game._piles[pile])
        for i, o in enumerate(g.ordeals):
            assert o.card.id in view.possible_cards[i]
            if game.ordeals[i].face_up:
                assert o.card.id == game.ordeals[i].card.id
        assert g.legal_actions() == game.legal_actions()
    # A Game passed in is viewed first: its true order cannot leak into the sample.
    assert sample_hidden(game, 7).to_dict() == sample_hidden(_other_hidden_order(game, 3), 7).to_dict()


SLOW = pytest.mark.slow


@pytest.mark.parametrize("level,variant,most", [
    ("intro", "normal", 15), ("base", "normal", 90), ("expert", "normal", 90),
    pytest.param("intro", "normal", 90, marks=SLOW), pytest.param("base", "prison", 90, marks=SLOW),
    pytest.param("expert", "guardian", 90, marks=SLOW)])
def test_the_ai_choice_cannot_depend_on_the_hidden_order(level, variant, most):
    """Same visible state, different hidden orders → the same choice, at every step of a game
    (the first `most` steps: intro's look-ahead makes its steps the costliest, so the quick tier
    checks 15 of them and the slow tier 90)."""
    game = new_game(level, seed=11, variant=variant)
    steps = 0
    while game.outcome is None and steps < most:
        mine = ai.best_move(game).action
        for seed in range(2):
            assert ai.best_move(_other_hidden_order(game, seed)).action == mine, (steps, game.phase)
        game.apply(mine)
        steps += 1


def test_the_analysis_search_is_fair_too():
    game = _played("base", 3, 12)
    budget = ai.Budget(work=1000, samples=2, candidates=2)
    first = ai.best_move(game, budget).action
    assert ai.best_move(_other_hidden_order(game, 1), budget).action == first


# ------------------------------------------------------------------ the questions
def test_traitors_before_trigger_counts_down_to_the_encounter():
    game = new_game("intro", seed=0)
    assert traitors_before_trigger(game) == 5  # Exam I triggers at 5 (§5.1)
    game._traitors[0] = ["T", "T", "T"]
    assert traitors_before_trigger(game) == 2


def test_traitor_odds_are_the_unseen_traitors_over_the_pile():
    game = new_game("base", seed=1)
    assert traitor_odds(game) == Fraction(12, 72)
    assert traitor_odds(public_view(game)) == Fraction(12, 72)
    game._piles["regular"] = ["Pt", "T!", "Sc", "T"]
    assert traitor_odds(game) == Fraction(1, 2)


def test_traitor_discard_cost_follows_the_level_and_the_line_power():
    assert traitor_discard_cost(new_game("intro", seed=0)) is None  # R-§4: intro must place it
    assert traitor_discard_cost(new_game("base", seed=0)) == 4  # R-§6.5
    expert = new_game("expert", seed=0)
    # §7 Line power: one tile cheaper per Line (the foundation below is one Pyro Line).
    expert._castles[0] = castle_of("Pt Ps Pc Pt Jc Js")
    assert traitor_discard_cost(expert) == 3


def test_allowed_shapes_apply_r_p3_outside_the_foundation():
    castle = castle_of("Pt Ss .. .. .. ..")
    assert allowed_shapes(castle, (0, 2)) == frozenset("tsc")  # foundation: exempt
    assert allowed_shapes(castle, (1, 0)) == frozenset("sc")  # sits on a triangle
    assert allowed_shapes(castle, (1, 1)) == frozenset("tc")


def test_formations_one_short_names_the_missing_cell():
    castle = castle_of("Pt Ps Pc .. Jc Js")
    near = formations_one_short(castle)
    assert [(n.kind, n.faction, n.missing) for n in near] == [("line", "P", (0, 3))]
    # R-F2: a fifth Pyro touching the group spoils it.
    assert formations_one_short(castle_of("Pt Ps Pc .. Pc Js")) == []
    tower = parse_castle("\n".join([".. .. .. .. .. .."] * 2 + ["St .. .. .. .. ..", "Sc .. .. .. .. ..",
                                                                "St .. .. .. .. ..", "Jc Pt Pc Jt Jc Js"]))
    assert [(n.kind, n.missing, n.shapes) for n in formations_one_short(tower)] == [
        ("tower", (4, 0), frozenset("sc"))]
