"""What each phase allows: one table, from which both the legal list and the refusals come.

`PHASES[phase]` lists the `ActionRule`s of that phase (one row per action type; a player's move
is an `Action`), in the order the legal list gives them. A row names an action type, where to
look for such actions now (`options`, a superset of the legal ones, cheap to list) and the
conditions (`check`: a `Refusal`, or None when the action is legal). The legal list is every
option its check lets through, and a refusal is the check of the action's row — so an action is
legal exactly when `refusal()` is None, and each rule is written once.
(The property test `tests/rules/test_legal_refusal.py` asks every reachable state for that.)

An action of a type the phase has no row for is refused "not now" (`Why.NOT_NOW`, with the
phase), except an early encounter at a level without them (R-O3).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, cast

from . import actions as A
from .castle import Castle, Cell
from .destruction import destroyable_now
from .options import PantryMode
from .phase import Phase
from .powers import chameleon_choices, pyro_targets
from .reasons import Refusal, Why
from .state import PILES, PRISON_RING, GameState
from .tiles import Tile, parse_tile
from .variants import pantry_placements, prison_error


class Now:
    """The game as one question sees it: what several checks read, worked out once (a legal
    list asks the same sets for every candidate). Never outlives the question."""

    def __init__(self, game: GameState, *, listing: bool = False) -> None:
        self.g = game
        # While listing the legal actions only "refused or not" is read: skip building reasons.
        self.listing = listing

    @cached_property
    def castle(self) -> Castle:
        return self.g.castle(self.g.active)

    @cached_property
    def held(self) -> Tile:
        """The tile in hand (asked only in the use phase, where there always is one)."""
        return parse_tile(cast(str, self.g.held))

    @cached_property
    def placements(self) -> list[Cell]:
        """Where the held Defender may be placed, in-grid cells first (R-P1..R-P4, §2)."""
        if self.held.traitor:
            return []
        return sorted(self.castle.legal_placements(self.held)) + sorted(self.castle.extensions(self.held))

    @cached_property
    def placeable(self) -> frozenset[Cell]:
        # `Castle.legal_placements` / `extensions` are the cells `placement_error` lets through
        # (castle.py builds them from it): the same condition, worked out once for the list.
        return frozenset(self.placements)

    @cached_property
    def received(self) -> bool:
        """R-§9: the tile in hand was passed by the partner, and its receiver uses it at once —
        placed (base level on: or discarded, with its power); no encounter and no pass back come
        in between. The one check of that rule."""
        return self.g.pass_received and self.g.held is not None

    @cached_property
    def must_place(self) -> bool:
        """R-§9: at the introductory level a received tile must be placed, while it can be."""
        return self.received and not self.g.level_spec.powers and bool(self.placements)

    @cached_property
    def pawn_cells(self) -> list[Cell]:
        return self.g.pawn_cells()

    @cached_property
    def destroyable(self) -> set[Cell]:
        return destroyable_now(self.g)

    @cached_property
    def movable(self) -> set[Cell]:
        return self.castle.movable()

    @cached_property
    def swappable(self) -> list[tuple[Cell, Cell]]:
        return self.castle.swappable_pairs()

    @cached_property
    def chameleon(self) -> list[tuple[int, str]]:
        return chameleon_choices(self.g)

    def refuse(self, action: A.Action, why: Why, *, cell: Cell | None = None, **params: Any) -> Refusal:
        """A refusal of `action` that names the tile in hand and the action's own cell and tile."""
        if self.listing:
            return _REFUSED
        if cell is None:
            own = getattr(action, "cell", None)
            cell = own if isinstance(own, tuple) else None
        tile = getattr(action, "tile", None)
        return Refusal(why, cell, tile if isinstance(tile, str) else None, self.g.held,
                       action=type(action).__name__, **params)

    def not_now(self, action: A.Action) -> Refusal:
        return self.refuse(action, Why.NOT_NOW, phase=str(self.g.phase))


_REFUSED = Refusal(Why.NOT_NOW)  # what every refusal is while the legal list is drawn up

Options = Callable[[Now], Iterable[A.Action]]
Check = Callable[[Now, Any], Refusal | None]


@dataclass(frozen=True, slots=True)
class ActionRule:
    """One action type a phase allows: where to look for it, and when it is legal."""

    kind: type[A.Action]
    options: Options
    check: Check


# ------------------------------------------------------------------ get a tile (R-§4, §10)
def _check_take_revealed(now: Now, a: A.TakeRevealed) -> Refusal | None:
    revealed = now.g.revealed
    if a.index not in range(len(revealed)) or revealed[a.index] != a.tile:
        return now.not_now(a)
    return None


def _check_pile(now: Now, a: A.DrawTile | A.RevealTile) -> Refusal | None:
    if a.pile not in PILES:
        return now.refuse(a, Why.NO_SUCH_PILE, pile=a.pile)
    if not now.g.pile_size(a.pile):
        return now.refuse(a, Why.PILE_EMPTY, pile=a.pile)
    return None


def _check_draw(now: Now, a: A.DrawTile) -> Refusal | None:
    if now.g.revealed:
        return now.refuse(a, Why.REVEALED_FIRST)  # §6 Seer: the revealed tiles are taken first
    return _check_pile(now, a)


def _check_pantry(now: Now, a: A.PlacePantry) -> Refusal | None:
    if a.tile not in now.g.pantry_supply(now.g.active):
        return now.not_now(a)
    # §10: placement rules apply (and the harder Pantry's no-neighbour rule).
    return now.castle.placement_error(a.tile, a.cell, no_pantry_neighbours=now.g.pantry_mode is PantryMode.HARD)


def _check_encounter(now: Now, a: A.EncounterOrdeal) -> Refusal | None:
    # R-O3 "at any time": with or without a drawn tile in hand (the tile stays in hand).
    if not now.g.level_spec.early_encounter:
        return now.refuse(a, Why.EARLY_ENCOUNTER_LEVEL)
    if now.g.current_ordeal is None:
        return now.not_now(a)
    # "At once" wins over "at any time": the Chameleon's tile is used at once (§6: "use
    # inmediatamente la loseta recuperada"), and so is a tile the partner handed over (§9:
    # "受け取った相手は即座にそれを配置し") — nothing, an encounter included, comes in between.
    if now.g.held is not None and now.g.held_from == "discard":
        return now.refuse(a, Why.CHAMELEON_AT_ONCE)
    if now.received:
        return now.refuse(a, Why.PASS_RECEIVED)
    return None


def _check_champion(now: Now, a: A.HandChampion) -> Refusal | None:
    if now.g.players != 2 or now.g.champion != now.g.active:
        return now.not_now(a)
    return None


# ------------------------------------------------------------------ use the tile in hand (R-§4)
def _in_hand(now: Now, a: Any) -> Refusal | None:
    """The action names the tile in hand (R-§4): a player can only use what they hold."""
    return now.refuse(a, Why.NOT_IN_HAND) if a.tile != now.g.held else None


def _check_traitor(now: Now, a: Any) -> Refusal | None:
    """The tile in hand is a Traitor (what every Traitor action asks first)."""
    return _in_hand(now, a) or (None if now.held.traitor else now.refuse(a, Why.NOT_A_TRAITOR))


def _check_place_traitor(now: Now, a: A.PlaceTraitor) -> Refusal | None:
    why = _check_traitor(now, a)
    if why is None and now.g.current_ordeal is None:
        return now.not_now(a)
    return why


def _check_discard_traitor(now: Now, a: A.DiscardTraitor) -> Refusal | None:
    why = _check_traitor(now, a)
    if why is not None:
        return why
    if not now.g.level_spec.traitor_discard:
        return now.refuse(a, Why.TRAITOR_DISCARD_LEVEL)
    return now.refuse(a, Why.BLACK_TRAITOR) if now.held.black else None


def _check_pawn_traitor(now: Now, a: A.UsePremonition | A.PlaceGuardian, available: bool) -> Refusal | None:
    """§8.3 / §8.5: a plain Traitor, and the pawn still available."""
    why = _in_hand(now, a)
    if why is not None:
        return why
    if not now.held.traitor:
        return now.refuse(a, Why.PAWN_UNAVAILABLE)  # the pawn only ever takes a Traitor's place
    if now.held.black:
        return now.refuse(a, Why.BLACK_TRAITOR)
    return None if available else now.refuse(a, Why.PAWN_UNAVAILABLE)


def _check_premonition(now: Now, a: A.UsePremonition) -> Refusal | None:
    return _check_pawn_traitor(now, a, now.g.premonition_available)


def _check_guardian(now: Now, a: A.PlaceGuardian) -> Refusal | None:
    why = _check_pawn_traitor(now, a, now.g.pawn_available)
    if why is None and a.cell not in now.pawn_cells:
        return now.refuse(a, Why.PAWN_UNAVAILABLE)  # §8.5: a top tile of a middle column
    return why


def _check_place(now: Now, a: A.PlaceTile) -> Refusal | None:
    why = _in_hand(now, a)
    if why is not None:
        return why
    if now.held.traitor:
        return now.refuse(a, Why.TRAITOR_IN_CASTLE)
    if a.cell in now.placeable:
        return None
    return now.castle.placement_error(now.held, a.cell)


def _check_prison(now: Now, a: A.PlacePrison) -> Refusal | None:
    return _in_hand(now, a) or prison_error(now.g, a.cell, a.tile)


def _check_discard(now: Now, a: A.DiscardTile) -> Refusal | None:
    why = _in_hand(now, a)
    if why is not None:
        return why
    if now.held.traitor:
        return now.not_now(a)  # a Traitor is discarded by DiscardTraitor (R-§6.5)
    return now.refuse(a, Why.PASS_RECEIVED) if now.must_place else None


def _check_vigil(now: Now, a: A.ExchangeVigil) -> Refusal | None:
    why = _in_hand(now, a)
    if why is not None:
        return why
    if now.g.vigil is None:
        return now.refuse(a, Why.NO_VIGIL)
    if now.held.traitor:
        return now.refuse(a, Why.VIGIL_TRAITOR)
    if now.g.held_from == "vigil":
        return now.refuse(a, Why.VIGIL_BACK)
    return now.refuse(a, Why.PASS_RECEIVED) if now.must_place else None


def _check_pass(now: Now, a: A.PassTile) -> Refusal | None:
    g = now.g
    if g.players == 1:
        return now.refuse(a, Why.PASS_SOLO)
    why = _in_hand(now, a)
    checks = ((now.held.traitor, Why.PASS_TRAITOR),
              (g.held_from == "discard", Why.CHAMELEON_AT_ONCE),  # §6: used at once
              (now.castle.is_empty(), Why.PASS_EMPTY_CASTLE), (now.received, Why.PASS_RECEIVED))
    return why or next((now.refuse(a, w) for failed, w in checks if failed), None)


def _held_code(now: Now) -> str:
    return cast(str, now.g.held)


def _if_traitor(now: Now, actions: Callable[[], Iterable[A.Action]]) -> Iterable[A.Action]:
    return actions() if now.held.traitor else ()


# ------------------------------------------------------------------ powers (§6, §7)
def _check_power(now: Now, a: A.UsePower | A.SkipPower) -> Refusal | None:
    return None if a.faction == now.g.power_faction else now.not_now(a)


def _check_swap(now: Now, a: A.SwapTiles) -> Refusal | None:
    return None if (a.a, a.b) in now.swappable else now.not_now(a)


def _check_chameleon(now: Now, a: A.TakeFromDiscard) -> Refusal | None:
    return None if (a.index, a.tile) in now.chameleon else now.not_now(a)


def _check_destroy(now: Now, a: A.DestroyTile) -> Refusal | None:
    cell = a.cell
    if now.castle.tile_at(cell) is None:
        return now.refuse(a, Why.NOTHING_TO_DESTROY)
    if now.g._destroy_mode == "top" and now.castle.tile_at((cell[0] + 1, cell[1])) is not None:
        return now.refuse(a, Why.NOT_UNCOVERED)  # §9 introductory pass: a tile with nothing on top
    return None if cell in now.destroyable else now.refuse(a, Why.WOULD_SPLIT)


def _pyro_moves(now: Now) -> Iterable[A.Action]:
    for src in sorted(now.movable):
        yield from (A.MoveTile(src, dst) for dst in sorted(pyro_targets(now.g, src)))


def _check_move(now: Now, a: A.MoveTile) -> Refusal | None:
    src, dst = a.src, a.dst
    moving = now.castle.tile_at(src)
    if moving is None or src not in now.movable:
        return now.not_now(a)  # §6 Pyro: an uncovered tile whose removal splits nothing
    if dst == src:
        return now.refuse(a, Why.CELL_TAKEN, cell=dst)
    # §6 Pyro: the placement rules except R-P3, from the castle without the tile; the harder
    # Pantry's no-neighbour rule holds too (only a destruction's slide is exempt, §10).
    return now.castle.lift(src).placement_error(moving, dst, check_shapes=False,
                                                no_pantry_neighbours=now.g.pantry_mode is PantryMode.HARD)


def _check_reveal_ordeal(now: Now, a: A.RevealOrdeal) -> Refusal | None:
    ordeals = now.g.ordeals
    if a.index in range(len(ordeals)) and not ordeals[a.index].face_up and not ordeals[a.index].passed:
        return None
    return now.not_now(a)


def _check_one_of(choices: Callable[[Now], Iterable[object]], field: str) -> Check:
    """A check that the action's `field` is one of `choices` (a choice among those offered)."""
    def check(now: Now, a: Any) -> Refusal | None:
        return None if getattr(a, field) in list(choices(now)) else now.not_now(a)
    return check


def _ordeal_indices(now: Now) -> range:
    return range(len(now.g.ordeals))


def _players(now: Now) -> range:
    return range(now.g.players)


def _intruder_cells(now: Now) -> list[Cell]:
    return now.pawn_cells


_ENCOUNTER = ActionRule(A.EncounterOrdeal, lambda now: [A.EncounterOrdeal()], _check_encounter)

PHASES: dict[Phase, tuple[ActionRule, ...]] = {
    Phase.PROPHET: (
        ActionRule(A.ChooseProphetOrdeal, lambda now: map(A.ChooseProphetOrdeal, _ordeal_indices(now)),
             _check_one_of(_ordeal_indices, "index")),
    ),
    Phase.GET: (
        ActionRule(A.TakeRevealed, lambda now: [A.TakeRevealed(i, t) for i, t in enumerate(now.g.revealed)],
             _check_take_revealed),
        ActionRule(A.DrawTile, lambda now: map(A.DrawTile, PILES), _check_draw),
        ActionRule(A.PlacePantry, lambda now: pantry_placements(now.g), _check_pantry),
        _ENCOUNTER,
        ActionRule(A.HandChampion, lambda now: [A.HandChampion()], _check_champion),
    ),
    Phase.USE: (
        ActionRule(A.PlaceTraitor, lambda now: [A.PlaceTraitor(_held_code(now))], _check_place_traitor),
        ActionRule(A.DiscardTraitor, lambda now: [A.DiscardTraitor(_held_code(now))], _check_discard_traitor),
        ActionRule(A.UsePremonition, lambda now: [A.UsePremonition(_held_code(now))], _check_premonition),
        ActionRule(A.PlaceGuardian, lambda now: _if_traitor(now, lambda: [
            A.PlaceGuardian(cell, _held_code(now)) for cell in now.pawn_cells]), _check_guardian),
        ActionRule(A.PlaceTile, lambda now: [A.PlaceTile(c, _held_code(now)) for c in now.placements],
             _check_place),
        ActionRule(A.PlacePrison, lambda now: [A.PlacePrison(c, _held_code(now)) for c in PRISON_RING]
                   if now.g.variant_hooks.prison else [], _check_prison),
        ActionRule(A.DiscardTile, lambda now: [A.DiscardTile(_held_code(now))], _check_discard),
        ActionRule(A.ExchangeVigil, lambda now: [A.ExchangeVigil(_held_code(now))], _check_vigil),
        ActionRule(A.PassTile, lambda now: [A.PassTile(_held_code(now))], _check_pass),
        _ENCOUNTER,
    ),
    Phase.POWER: (
        ActionRule(A.UsePower, lambda now: [A.UsePower(cast(str, now.g.power_faction))], _check_power),
        ActionRule(A.SkipPower, lambda now: [A.SkipPower(cast(str, now.g.power_faction))], _check_power),
    ),
    Phase.JUGGLER: (ActionRule(A.SwapTiles, lambda now: [A.SwapTiles(a, b) for a, b in now.swappable],
                         _check_swap),),
    Phase.SEER: (ActionRule(A.RevealTile, lambda now: map(A.RevealTile, PILES), _check_pile),),
    Phase.CHAMELEON: (ActionRule(A.TakeFromDiscard, lambda now: [A.TakeFromDiscard(i, t) for i, t in now.chameleon],
                           _check_chameleon),),
    Phase.DESTROY: (ActionRule(A.DestroyTile, lambda now: map(A.DestroyTile, sorted(now.destroyable)),
                         _check_destroy),),
    Phase.PYRO_MOVE: (ActionRule(A.MoveTile, _pyro_moves, _check_move),),
    Phase.TOWER_REVEAL: (ActionRule(A.RevealOrdeal, lambda now: map(A.RevealOrdeal, _ordeal_indices(now)),
                              _check_reveal_ordeal),),
    Phase.CHOOSE_FACER: (ActionRule(A.ChooseFacer, lambda now: map(A.ChooseFacer, _players(now)),
                              _check_one_of(_players, "player")),),
    Phase.INTRUDER: (ActionRule(A.PlaceIntruder, lambda now: map(A.PlaceIntruder, _intruder_cells(now)),
                          _check_one_of(_intruder_cells, "cell")),),
}
PHASES[Phase.PYRO_DESTROY] = PHASES[Phase.DESTROY]  # the Pyro's first step is one destruction


def legal_actions(game: GameState) -> list[A.Action]:
    """Every action allowed now, in the table's order: each row's options its check lets through."""
    now = Now(game, listing=True)
    return [a for row in PHASES.get(game.phase, ()) for a in row.options(now)
            if row.check(now, a) is None]


def refusal(game: GameState, action: A.Action) -> Refusal | None:
    """Why `action` is not allowed now, or None when it is: the check of its row in this phase."""
    now = Now(game)
    if game.phase is Phase.OVER:
        return now.refuse(action, Why.GAME_OVER)
    for row in PHASES.get(game.phase, ()):
        if type(action) is row.kind:
            return row.check(now, action)
    if isinstance(action, A.EncounterOrdeal) and not game.level_spec.early_encounter:
        return now.refuse(action, Why.EARLY_ENCOUNTER_LEVEL)
    return now.not_now(action)
