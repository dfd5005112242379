"""The state of one game of Castellion: the plain data, and the ways of reading it.

`GameState` is the plain data of a game. The parts of the rules are plain functions over it —
`powers` (§6), `destruction` (R-D), `variants` (§8–10), `encounters` (§5), `snapshot` (to and
from JSON) — and `moves` is the one table of what each phase allows; `game.Game` (the only class
built on this one) holds the turn flow and the public face. Every attribute is declared (with its
type) here, in `__init__`.

The few steps that several parts take (hold a tile, lose the game) are methods here, so that no
part has to import another in a circle.
"""

from __future__ import annotations

from typing import Any, TypedDict

from . import actions as A
from . import events as E
from .castle import SIZE, Castle, Cell
from .options import PantryMode, VariantHooks, hooks_of
from .phase import Phase
from .reasons import Destruction, Refusal, Result, Why
from .rng import SeededRandom
from .ruleset import LevelSpec, OrdealCard
from .views import OrdealView, Outcome

PILES = ("regular", "safe")
REVEAL_LIMIT = 4  # the Seer reveals until 4 tiles are revealed (§6)
PRISON_RING = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2))  # §8.4
PANTRY_NEEDED = {1: (2, 4, 6), 2: (1, 2, 3)}  # §10: after Ordeal I, II, III, per castle


class GameOptions(TypedDict, total=False):
    """What `new_game` was asked for (`game.options`; every key is there except on a bare `Game()`)."""

    level: str  # "intro" | "base" | "expert"
    seed: int
    players: int  # 1 | 2
    variant: str  # a variant id of the level ("prison"), or `options.PLAIN` ("normal")
    pantry: bool | str  # a `PantryMode`'s stored form: False | True | "hard"


class Encounter(TypedDict):
    """An encounter in progress (see `encounters.continue_encounter`)."""

    index: int  # the Ordeal encountered
    cause: str  # a reasons.Cause value: "traitors" | "complete castle" | "early" | "tiles ran out"
    facer: int | None  # who faces it, once known
    step: str  # "facer" | "intruder" | "card" | "penalty" | "verdict"


class GameState:
    """The plain data of a game; the parts of the rules read and change it (see `game.Game`)."""

    # ---------------------------------------------------------------- set-up
    def __init__(self) -> None:
        # Filled by new_game / from_dict / copy; a bare Game() is not playable.
        self.options: GameOptions = {}
        self.level_spec: LevelSpec
        self.variant_id: str | None = None  # "vigil", "prophet", ... or None (§8)
        self._cards: list[OrdealCard] = []
        self._face_up: list[bool] = []
        self._traitors: list[list[str]] = []
        self._passed: list[bool] = []
        self._rng = SeededRandom(0)
        self._piles: dict[str, list[str]] = {"regular": [], "safe": []}
        self._revealed: list[str] = []
        self._discard: list[str] = []
        self._removed: list[str] = []
        self._castles: list[Castle] = []
        self._pantry: list[list[str]] = []  # each player's Pantry supply (§10)
        self.vigil: str | None = None  # §8.1
        self.prophet_ordeal: int | None = None  # §8.2
        self.premonition_available = False  # §8.3
        self._prison: list[str | None] = [None] * 9  # §8.4, a 3 × 3 ring (centre unused)
        self.pawn_available = False  # §8.5 Guardian not used yet
        self._intruder_due = False  # §8.6
        self.champion: int | None = None  # §9: who holds the Champion card
        self.active = 0  # whose decision it is now
        self.turn_player = 0  # whose turn it is
        self.turn = 1
        self.phase = Phase.GET
        self.held: str | None = None
        self.held_from: str | None = None  # "regular" | "safe" | "revealed" | "discard" | "vigil" | "partner"
        self.power_faction: str | None = None
        self.power_faction_tile: str | None = None  # the discarded Defender whose power is pending
        self.destroy_left = 0
        self.destroy_kind: Destruction | None = None  # what the destruction in progress is for
        self._destroy_mode = "any"  # "any" (R-D3) | "top" (intro pass: uncovered tiles only)
        self._after_destroy: str | None = None  # "resolve" | "pass" | "champion" | "encounter"
        self._encounter: Encounter | None = None  # an encounter in progress (see _continue_encounter)
        self._tower_pending = False
        self._turn_used = False  # a tile was got this turn (an early encounter is not a turn)
        self._pass_received = False  # the held tile was passed by the partner (§9)
        self._pending_pass: str | None = None  # a tile being passed while its cost is paid
        self._outcome: Outcome | None = None
        self._history: list[A.Action] = []
        self._legal_cache: list[A.Action] | None = None

    # ------------------------------------------------------------- reading
    @property
    def level(self) -> str:
        return self.options["level"]

    @property
    def seed(self) -> int:
        return self.options["seed"]

    @property
    def players(self) -> int:
        return self.options["players"]

    @property
    def pantry_mode(self) -> PantryMode:
        return PantryMode.of(self.options.get("pantry", False))

    @property
    def variant_hooks(self) -> VariantHooks:
        """What the variant in play turns on (§8; `options.NO_HOOKS` without one)."""
        return hooks_of(self.variant_id)

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def history(self) -> tuple[A.Action, ...]:
        return tuple(self._history)

    def castle(self, player: int = 0) -> Castle:
        return self._castles[player]

    def pile_size(self, pile: str) -> int:
        return len(self._piles[pile])

    @property
    def revealed(self) -> tuple[str, ...]:
        return tuple(self._revealed)

    @property
    def discard(self) -> tuple[str, ...]:
        return tuple(self._discard)

    @property
    def removed(self) -> tuple[str, ...]:
        return tuple(self._removed)

    def pantry_supply(self, player: int = 0) -> tuple[str, ...]:
        return tuple(self._pantry[player])

    @property
    def prison(self) -> dict[Cell, str]:
        """The prison's tiles by ring cell ((row, col) of a 3 × 3; the centre is the pawn)."""
        return {(i // 3, i % 3): t for i, t in enumerate(self._prison) if t is not None}

    @property
    def intruder_due(self) -> bool:
        return self._intruder_due

    @property
    def pass_received(self) -> bool:
        return self._pass_received

    @property
    def facer(self) -> int | None:
        """Who faces the current Ordeal when it is known (§9); always 0 in a solo game."""
        if self.players == 1:
            return 0
        if self._encounter is not None and self._encounter["facer"] is not None:
            return self._encounter["facer"]
        return None if self.champion is None else 1 - self.champion

    @property
    def ordeals(self) -> tuple[OrdealView, ...]:
        return tuple(OrdealView(c, up, tuple(t), p, self.prophet_ordeal == i)
                     for i, (c, up, t, p) in enumerate(
                         zip(self._cards, self._face_up, self._traitors, self._passed, strict=True)))

    @property
    def current_ordeal(self) -> int | None:
        """The lowest-numbered Ordeal not yet passed (None once all are passed)."""
        for i, passed in enumerate(self._passed):
            if not passed:
                return i
        return None

    def census(self) -> dict[str, int]:
        """How many tiles are in each place; the values always sum to 84 (+ 6 with the Pantry)."""
        counts = {f"castle{p}": len(c) for p, c in enumerate(self._castles)}
        counts.update({f"pantry{p}": len(s) for p, s in enumerate(self._pantry)})
        counts.update({
            "regular": len(self._piles["regular"]),
            "safe": len(self._piles["safe"]),
            "revealed": len(self._revealed),
            "discard": len(self._discard),
            "ordeals": sum(len(t) for t in self._traitors),
            "removed": len(self._removed),
            "held": (self.held is not None) + (self._pending_pass is not None),
            "vigil": 1 if self.vigil is not None else 0,
            "prison": sum(1 for t in self._prison if t is not None),
        })
        return counts

    def placement_error(self, cell: Cell) -> Refusal | None:
        """Why the held tile may not go to `cell` now; None when it may."""
        if self.phase is not Phase.USE or self.held is None:
            return Refusal(Why.NO_TILE_IN_HAND, cell=cell)
        return self.castle(self.active).placement_error(self.held, cell)

    @property
    def destroy_reason(self) -> str:
        """Deprecated: a developer's description of the destruction in progress ("" when none),
        kept word for word as before so that saved games hash the same; screens use
        `destroy_kind` (and `castellion.ui.rules_text.destruction_text`)."""
        kind = self.destroy_kind
        if kind is None:
            return ""
        if kind is Destruction.ASSAULT:
            index = self.current_ordeal
            return f"R-§5.3: {self._cards[index].name}" if index is not None else "R-§5.3"
        return {Destruction.TRAITOR: "R-§6.5: discarding a Traitor",
                Destruction.PRISON: "R-§8.4: the prison is not complete",
                Destruction.PASS: "R-§9: passing a tile",
                Destruction.CHAMPION: "R-§9: handing over the Champion card"}[kind]

    def _release_held(self) -> None:
        self.held = self.held_from = None

    # ------------------------------------------ steps several parts of the rules take
    def _hold(self, tile: str, source: str) -> None:
        """`tile` is in hand now, to be used (drawn, taken, recovered by a Chameleon)."""
        if source in PILES or source == "revealed":
            self._turn_used = True
            if tile == "T!" and self.variant_hooks.intruder and not self._pawn_placed():
                self._intruder_due = True
        self.held = tile
        self.held_from = source
        self.phase = Phase.USE

    def _lose_game(self, rule: str, events: list[E.Event], *, player: int | None = None,
                   **details: Any) -> None:
        """The game is lost by `rule` ("R-O5", ...); `player` is whose castle failed (kept only
        in a two-player game), `details` the other fields of the `Outcome`."""
        self._outcome = Outcome(Result.LOST, rule, player=player if self.players > 1 else None,
                                **details)
        self.phase = Phase.OVER
        events.append(E.GameLost(self._outcome))

    def _pawn_placed(self) -> bool:
        return any(c.pawn_cell() is not None for c in self._castles)

    def pawn_cells(self, player: int | None = None) -> list[Cell]:
        """Where the Guardian / Intruder pawn may be put (§8.5): the top tile of one of the 4
        middle columns, or of any column while the foundation is incomplete."""
        castle = self.castle(self.active if player is None else player)
        cols = range(SIZE) if not castle.foundation_complete() else range(1, SIZE - 1)
        cells = []
        for c in cols:
            h = castle.height(c)
            if h:
                cells.append((h - 1, c))
        return cells

    @property
    def prison_complete(self) -> bool:
        """§8.4: every cell of the prison ring holds a tile (the encounter's penalty is not due)."""
        return len(self.prison) >= len(PRISON_RING)

    @property
    def pantry_tiles_per_player(self) -> int:
        """Each player's Pantry supply at the start (§10): all 6 solo, 3 each with two."""
        return 6 if self.players == 1 else 3

    def pantry_needed(self, ordeal: int) -> int | None:
        """Pantry tiles each castle must hold after Ordeal `ordeal` (0-based) is encountered
        (§10); None in a game without the Pantry."""
        if not self.pantry_mode:
            return None
        needs = PANTRY_NEEDED[self.players]
        return needs[min(max(ordeal, 0), len(needs) - 1)]

    @property
    def seer_reveals_left(self) -> int:
        """Tiles the Seer may still reveal (§6: the Seer reveals until 4 tiles are revealed)."""
        return max(0, REVEAL_LIMIT - len(self._revealed))
