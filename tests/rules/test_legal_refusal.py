"""One table for both answers: over random legal playouts, an action is in `legal_actions()`
exactly when `refusal(action)` is None — for every action type, every reachable state, at every
level and variant (and the Pantry, normal and harder, and two players).

The candidates asked at each state are all the legal actions plus a broad set of illegal ones of
every action type: every cell of a margin-wide grid, every pile and index, tiles other than the
one in hand, players and factions that do not exist.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from castellion.rules import Game, Phase, Why, default_ruleset, new_game
from castellion.rules import actions as A

CELLS = [(r, c) for r in range(-1, 7) for c in range(-1, 7)]  # the grid and one step around it
PILES = ("regular", "safe", "attic")
FACTIONS = ("J", "S", "C", "P", "X")
OTHER_TILES = ("Pt", "Ss+", "T", "T!", "*c")


def _tiles(game: Game) -> list[str]:
    return ([game.held] if game.held else []) + [t for t in OTHER_TILES if t != game.held]


def _cheap_candidates(game: Game) -> Iterator[A.Action]:
    """A few of every action type, whatever the phase."""
    tiles = _tiles(game)
    yield from (A.DrawTile(p) for p in PILES)
    yield from (A.RevealTile(p) for p in PILES)
    for i in range(-1, 5):
        yield from (A.TakeRevealed(i, t) for t in (*game.revealed[i:i + 1], "Pt"))
        yield from (A.RevealOrdeal(i), A.ChooseProphetOrdeal(i), A.ChooseFacer(i))
    for i, t in [*enumerate(game.discard), (-1, "Pt"), (len(game.discard), "Pt")]:
        yield A.TakeFromDiscard(i, t)
    for f in FACTIONS:
        yield from (A.UsePower(f), A.SkipPower(f))
    for t in tiles:
        yield from (A.DiscardTile(t), A.PlaceTraitor(t), A.DiscardTraitor(t), A.PassTile(t),
                    A.ExchangeVigil(t), A.UsePremonition(t))
    yield from (A.EncounterOrdeal(), A.HandChampion())


def _grid_candidates(game: Game) -> Iterator[A.Action]:
    """Every cell for the actions that name one (the phase's own types in full)."""
    phase, tiles = game.phase, _tiles(game)
    shown = tiles if phase is Phase.USE else tiles[:1]
    pantry = sorted(set(game.pantry_supply(game.active))) + ["Pt"]
    for cell in CELLS:
        yield from (A.PlaceTile(cell, t) for t in shown)
        yield from (A.PlacePrison(cell, t) for t in shown)
        yield from (A.PlaceGuardian(cell, t) for t in shown)
        yield from (A.PlacePantry(cell, t) for t in pantry)
        yield from (A.DestroyTile(cell), A.PlaceIntruder(cell))
        yield A.SwapTiles(cell, (cell[0], cell[1] + 1))
        yield A.SwapTiles(cell, (cell[0] + 1, cell[1]))
        yield A.SwapTiles((cell[0] + 1, cell[1]), cell)
    sources = CELLS if phase is Phase.PYRO_MOVE else [(0, 0), (5, 5)]
    for src in sources:
        yield from (A.MoveTile(src, dst) for dst in CELLS)


def _check_state(game: Game) -> int:
    legal = game.legal_actions()
    assert len(set(legal)) == len(legal), "the legal list names an action twice"
    for action in legal:
        assert game.refusal(action) is None, (game.phase, action, game.refusal(action))
    asked = 0
    for action in (*_cheap_candidates(game), *_grid_candidates(game)):
        why = game.refusal(action)
        assert (action in legal) == (why is None), (game.phase, action, why)
        if why is not None:
            assert isinstance(why.why, Why) and why.rule.startswith("R-")
        asked += 1
    return asked


def _playout(level: str, variant: str, pantry: bool | str, players: int, seed: int) -> set[Phase]:
    game = new_game(level, seed=seed, variant=variant, pantry=pantry, players=players)
    rng = random.Random(seed)
    seen: set[Phase] = set()
    while True:
        seen.add(game.phase)
        _check_state(game)
        legal = game.legal_actions()
        if not legal:
            assert game.phase is Phase.OVER and game.outcome is not None
            return seen
        game.apply(_pick(legal, rng))


def _pick(legal: list[A.Action], rng: random.Random) -> A.Action:
    """A random legal action; an early encounter (or the Champion's hand-over) only now and then,
    so that playouts get deep into a game instead of ending at its first turns."""
    rare = (A.EncounterOrdeal, A.HandChampion)
    usual = [a for a in legal if not isinstance(a, rare)]
    if usual and rng.random() > 0.03:
        return rng.choice(usual)
    return rng.choice(legal)


SETUPS = [(level, variant, False, 1) for level, spec in default_ruleset().levels.items()
          for variant in ("normal", *spec.variant_ids())]
SETUPS += [("base", "normal", True, 1), ("expert", "normal", "hard", 1),
           ("intro", "normal", False, 2), ("base", "normal", "hard", 2), ("expert", "intruder", True, 2)]


@pytest.mark.parametrize(("level", "variant", "pantry", "players"), SETUPS)
def test_legal_exactly_when_not_refused_in_a_random_playout(level, variant, pantry, players):
    seen = _playout(level, variant, pantry, players, seed=3)
    assert {Phase.GET, Phase.USE, Phase.OVER} <= seen  # the playout really went through a game


@pytest.mark.slow
@pytest.mark.parametrize(("level", "variant", "pantry", "players"), SETUPS)
def test_legal_exactly_when_not_refused_over_many_playouts(level, variant, pantry, players):
    seen: set[Phase] = set()
    for seed in range(10, 22):
        seen |= _playout(level, variant, pantry, players, seed)
    if level != "intro":
        assert Phase.POWER in seen
