"""Simple players for tests, benchmarks and demos. They only ever pick from `legal_actions()`."""

from __future__ import annotations

from collections.abc import Callable

from . import actions as A
from .castle import Castle, Cell
from .formations import formations
from .game import Game
from .rng import SeededRandom

Policy = Callable[[Game, SeededRandom], A.Action]
"""A player: given the game and a generator, one of `game.legal_actions()`."""


def random_action(game: Game, rng: SeededRandom) -> A.Action:
    """Any legal action, uniformly."""
    return rng.choice(game.legal_actions())


def _ready(game: Game) -> bool:
    """The current Ordeal would be passed if encountered now (requirement cards only)."""
    index = game.current_ordeal
    if index is None:
        return False
    card = game.ordeals[index].card
    castle = game.castle(game.active)
    have = formations(castle)
    return castle.foundation_complete() and all(have[k] >= n for k, n in card.requires.items())


def _kin(castle: Castle, cell: Cell, tile: str) -> int:
    """Same-faction neighbours: a crude measure of a formation in the making."""
    r, c = cell
    near = (castle.tile_at(n) for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)))
    return sum(1 for t in near if t is not None and t.faction is not None
               and t.faction.value == tile[0])


def _score(game: Game, action: A.Action) -> float:
    castle = game.castle(game.active)
    if isinstance(action, A.PlaceTile):
        after, dx = castle.place(action.tile, action.cell)
        f = formations(after)
        cell = (action.cell[0], action.cell[1] + dx)
        kin = _kin(after, cell, action.tile)
        return (10 + 6 * sum(f.values()) + (4 if cell[0] == 0 else 0)
                + (1 if kin == 1 else 0) - (3 if kin >= 3 else 0))
    if isinstance(action, A.EncounterOrdeal):
        return 50 if _ready(game) else -10
    if isinstance(action, A.PlaceTraitor):
        return 5
    if isinstance(action, A.DiscardTraitor):
        return 4 if len(castle) < 6 else 0
    if isinstance(action, A.DiscardTile):
        return 1
    return 2


def greedy_action(game: Game, rng: SeededRandom, *, noise: float = 0.3) -> A.Action:
    """A plausible player: builds the foundation and formations, with some randomness so that
    playouts reach every phase."""
    actions = game.legal_actions()
    calm = [a for a in actions if not isinstance(a, A.EncounterOrdeal)] or actions
    if rng.below(1000) < noise * 1000:
        return rng.choice(calm)
    scores = [_score(game, a) for a in actions]
    best = max(scores)
    return rng.choice([a for a, s in zip(actions, scores, strict=True) if s == best])


def play_out(game: Game, seed: int, *, policy: Policy = greedy_action,
             max_steps: int = 10_000) -> Game:
    """Play `game` to its end with `policy`; returns it (changed in place)."""
    rng = SeededRandom.from_seed(seed)
    for _ in range(max_steps):
        if game.outcome is not None:
            return game
        game.apply(policy(game, rng))
    raise RuntimeError(f"game did not end within {max_steps} steps: {game!r}")
