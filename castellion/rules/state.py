"""The state of one game of Castellion: the plain data, and the ways of reading it.

`GameState` is the plain data of a game; the mixins that make up `Game` (powers, destruction,
variants, encounters, snapshot) read and change it, and `game.py` adds the legal-action enumerator,
`apply` and the turn flow. Every attribute is declared (with its type) here, in `__init__`.

The few steps that one part of the rules calls in another (a destruction ends a power, an
encounter starts a destruction, ...) are declared at the end of the class for the type checker
only; each is defined by the mixin that owns it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from . import actions as A
from . import events as E
from .castle import Castle, Cell
from .reasons import Destruction, PowerEnd, Refusal, Why
from .rng import SeededRandom
from .ruleset import LevelSpec, OrdealCard
from .views import OrdealView, Outcome


class GameOptions(TypedDict, total=False):
    """What `new_game` was asked for (`game.options`; every key is there except on a bare `Game()`)."""

    level: str  # "intro" | "base" | "expert"
    seed: int
    players: int  # 1 | 2
    variant: str  # "normal" | "easy" | "hard"
    pantry: bool | str  # False | True | "hard"


class Encounter(TypedDict):
    """An encounter in progress (see `EncounterMixin._continue_encounter`)."""

    index: int  # the Ordeal encountered
    cause: str  # a reasons.Cause value: "traitors" | "complete castle" | "early" | "tiles ran out"
    facer: int | None  # who faces it, once known
    step: str  # "facer" | "intruder" | "card" | "penalty" | "verdict"


class GameState:
    """The plain data of a game; the mixins read and change it (see `castellion.rules.game.Game`)."""

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
        self.phase = "get"
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
    def pantry_mode(self) -> bool | str:
        return self.options.get("pantry", False)

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
        if self.phase != "use" or self.held is None:
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

    # ------------------------------------------ steps one mixin calls in another
    if TYPE_CHECKING:
        # Declarations for the type checker only; the mixin named defines each one.
        def _hold(self, tile: str, source: str) -> None: ...  # game

        def _pantry_placements(self) -> list[A.Action]: ...  # variants

        def _pawn_placed(self) -> bool: ...  # variants

        def _give_pass(self, events: list[E.Event]) -> None: ...  # variants

        def _power_done(self, events: list[E.Event],
                        reason: PowerEnd = PowerEnd.DONE) -> None: ...  # powers

        def _check_tower(self, cell: Cell) -> None: ...  # powers

        def _start_destroy(self, count: int, kind: Destruction, after: str, events: list[E.Event], *,
                           mode: str = "any") -> None: ...  # destruction

        def _lose_game(self, rule: str, events: list[E.Event], *, player: int | None = None,
                       **details: Any) -> None: ...  # encounters

        def pantry_needed(self, ordeal: int) -> int | None: ...  # variants

        def prison_error(self, cell: Cell, tile: str | None = None) -> Refusal | None: ...  # variants

        @property
        def prison_complete(self) -> bool: ...  # variants
