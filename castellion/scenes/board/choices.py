"""`Choices`: the legal actions of one state, grouped by what the player points at.

Built once per state change from `game.legal_actions()` — the board never decides a rule, it
looks its answers up here. Each action type files itself through a small handler registered in a
table (`_FILERS`), so a new action is one handler, not another branch of a ladder.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from castellion.rules import Game, Phase
from castellion.rules import actions as A
from castellion.ui.geometry import GHOST_CELLS, Cell

_A = TypeVar("_A")
# action type → the handler that files it; the registry holds them untyped (each handler is typed
# by `_files` where it is defined)
_FILERS: dict[type, Callable[[Choices, Any], None]] = {}


def _files(kind: type[_A]) -> Callable[[Callable[[Choices, _A], None]], Callable[[Choices, _A], None]]:
    def register(fn: Callable[[Choices, _A], None]) -> Callable[[Choices, _A], None]:
        _FILERS[kind] = fn
        return fn

    return register


class Choices:
    """`game.legal_actions()` grouped by what the player points at (built once per state)."""

    def __init__(self, game: Game) -> None:
        self.phase = Phase.of(game.phase)
        self.actions = game.legal_actions()
        self.place: dict[Cell, A.PlaceTile] = {}
        self.draw: dict[str, A.DrawTile] = {}
        self.take: dict[int, A.TakeRevealed] = {}
        self.destroy: dict[Cell, A.DestroyTile] = {}
        self.swaps: dict[frozenset[Cell], A.SwapTiles] = {}
        self.moves: dict[Cell, dict[Cell, A.MoveTile]] = {}
        self.reveal_pile: dict[str, A.RevealTile] = {}
        self.chameleon: list[A.TakeFromDiscard] = []
        self.reveal_ordeal: dict[int, A.RevealOrdeal] = {}
        self.discard: A.DiscardTile | A.DiscardTraitor | None = None
        self.traitor: A.PlaceTraitor | None = None
        self.use: A.UsePower | None = None
        self.skip: A.SkipPower | None = None
        self.encounter: A.EncounterOrdeal | None = None
        self.vigil: A.ExchangeVigil | None = None
        self.premonition: A.UsePremonition | None = None
        self.prison: dict[Cell, A.PlacePrison] = {}
        self.guardian: dict[Cell, A.PlaceGuardian] = {}
        self.intruder: dict[Cell, A.PlaceIntruder] = {}
        self.pantry: dict[str, dict[Cell, A.PlacePantry]] = {}
        self.pass_tile: A.PassTile | None = None
        self.facer: dict[int, A.ChooseFacer] = {}
        self.champion: A.HandChampion | None = None
        self.prophet: dict[int, A.ChooseProphetOrdeal] = {}
        for action in self.actions:
            filer = _FILERS.get(type(action))
            if filer is not None:  # an action the board has no gesture for is simply not offered
                filer(self, action)
        self.ghosts = [c for c in self.place if c in GHOST_CELLS]
        self.swap_cells = {c for pair in self.swaps for c in pair}

    def pantry_ghosts(self, code: str | None) -> list[Cell]:
        """The ghost slots (outside the grid) where Pantry tile `code` may go."""
        return [c for c in self.pantry.get(code or "", {}) if c in GHOST_CELLS]

    def partners(self, cell: Cell) -> set[Cell]:
        """The cells the Juggler may swap `cell` with."""
        return {c for pair in self.swaps if cell in pair for c in pair if c != cell}


# --------------------------------------------------------------------------- the filing table
@_files(A.PlaceTile)
def _place(c: Choices, a: A.PlaceTile) -> None:
    c.place[a.cell] = a


@_files(A.DrawTile)
def _draw(c: Choices, a: A.DrawTile) -> None:
    c.draw[a.pile] = a


@_files(A.TakeRevealed)
def _take(c: Choices, a: A.TakeRevealed) -> None:
    c.take[a.index] = a


@_files(A.DestroyTile)
def _destroy(c: Choices, a: A.DestroyTile) -> None:
    c.destroy[a.cell] = a


@_files(A.SwapTiles)
def _swap(c: Choices, a: A.SwapTiles) -> None:
    c.swaps[frozenset((a.a, a.b))] = a


@_files(A.MoveTile)
def _move(c: Choices, a: A.MoveTile) -> None:
    c.moves.setdefault(a.src, {})[a.dst] = a


@_files(A.RevealTile)
def _reveal_pile(c: Choices, a: A.RevealTile) -> None:
    c.reveal_pile[a.pile] = a


@_files(A.TakeFromDiscard)
def _chameleon(c: Choices, a: A.TakeFromDiscard) -> None:
    c.chameleon.append(a)


@_files(A.RevealOrdeal)
def _reveal_ordeal(c: Choices, a: A.RevealOrdeal) -> None:
    c.reveal_ordeal[a.index] = a


@_files(A.DiscardTile)
def _discard(c: Choices, a: A.DiscardTile) -> None:
    c.discard = a


@_files(A.DiscardTraitor)
def _discard_traitor(c: Choices, a: A.DiscardTraitor) -> None:
    c.discard = a


@_files(A.PlaceTraitor)
def _traitor(c: Choices, a: A.PlaceTraitor) -> None:
    c.traitor = a


@_files(A.UsePower)
def _use(c: Choices, a: A.UsePower) -> None:
    c.use = a


@_files(A.SkipPower)
def _skip(c: Choices, a: A.SkipPower) -> None:
    c.skip = a


@_files(A.EncounterOrdeal)
def _encounter(c: Choices, a: A.EncounterOrdeal) -> None:
    # The rules allow it with a tile in hand too (R-O3). Its button shares a place with the
    # Premonition's, which wins that place when both are open (buttons.py); the key works always.
    c.encounter = a


@_files(A.ExchangeVigil)
def _vigil(c: Choices, a: A.ExchangeVigil) -> None:
    c.vigil = a


@_files(A.UsePremonition)
def _premonition(c: Choices, a: A.UsePremonition) -> None:
    c.premonition = a


@_files(A.PlacePrison)
def _prison(c: Choices, a: A.PlacePrison) -> None:
    c.prison[a.cell] = a


@_files(A.PlaceGuardian)
def _guardian(c: Choices, a: A.PlaceGuardian) -> None:
    c.guardian[a.cell] = a


@_files(A.PlaceIntruder)
def _intruder(c: Choices, a: A.PlaceIntruder) -> None:
    c.intruder[a.cell] = a


@_files(A.PlacePantry)
def _pantry(c: Choices, a: A.PlacePantry) -> None:
    c.pantry.setdefault(a.tile, {})[a.cell] = a


@_files(A.PassTile)
def _pass(c: Choices, a: A.PassTile) -> None:
    c.pass_tile = a


@_files(A.ChooseFacer)
def _facer(c: Choices, a: A.ChooseFacer) -> None:
    c.facer[a.player] = a


@_files(A.HandChampion)
def _champion(c: Choices, a: A.HandChampion) -> None:
    c.champion = a


@_files(A.ChooseProphetOrdeal)
def _prophet(c: Choices, a: A.ChooseProphetOrdeal) -> None:
    c.prophet[a.index] = a
