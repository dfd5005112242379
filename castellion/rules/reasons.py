"""Why, in data: the rules' refusals, endings, destructions and causes as values.

The rules never make sentences. Each answer is a rule id (as quoted in RULES.md: "R-P3", "R-§9")
plus the parameters a sentence needs (a shape, a cell, a pile, a player). The English — and later
every other language — is made from these values in one place of the UI layer,
`castellion/ui/rules_text.py`.

Every enum here is a `StrEnum`: its value is a short stable key (saved in games, used as the last
part of a string-table key), and it compares equal to that string.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .tiles import Shape

Cell = tuple[int, int]


class Why(StrEnum):
    """Every reason the rules refuse an action. `RULE_OF[why]` is the rule id it quotes."""

    GAME_OVER = "game_over"
    NO_TILE_IN_HAND = "no_tile_in_hand"
    NOT_IN_HAND = "not_in_hand"  # the action names a tile other than the held one (.tile, .held)
    TRAITOR_IN_CASTLE = "traitor_in_castle"
    NOT_A_TRAITOR = "not_a_traitor"  # only a Traitor goes beside an Ordeal
    NOT_NOW = "not_now"  # the action does not fit the phase (.phase says what is awaited)
    NO_SUCH_PILE = "no_such_pile"
    PILE_EMPTY = "pile_empty"  # .pile
    REVEALED_FIRST = "revealed_first"
    # placement (RULES.md §2.1)
    NOT_TOUCHING = "not_touching"
    NOT_A_PLACEMENT = "not_a_placement"
    CELL_TAKEN = "cell_taken"
    NOT_SUPPORTED = "not_supported"
    BELOW_FOUNDATION = "below_foundation"
    SAME_SHAPE = "same_shape"  # .shape
    TOO_WIDE = "too_wide"
    TOO_TALL = "too_tall"
    NEXT_TO_PAWN = "next_to_pawn"
    PANTRY_ADJACENT = "pantry_adjacent"
    # destruction (R-D)
    NOTHING_TO_DESTROY = "nothing_to_destroy"  # .cell
    WOULD_SPLIT = "would_split"  # .cell
    NOT_UNCOVERED = "not_uncovered"  # introductory pass: only a tile with nothing on top
    # base level (§6)
    TRAITOR_DISCARD_LEVEL = "traitor_discard_level"
    BLACK_TRAITOR = "black_traitor"
    EARLY_ENCOUNTER_LEVEL = "early_encounter_level"
    CHAMELEON_AT_ONCE = "chameleon_at_once"  # a recovered tile is placed or discarded, nothing else
    # variants (§8)
    VIGIL_TRAITOR = "vigil_traitor"
    VIGIL_BACK = "vigil_back"
    NO_VIGIL = "no_vigil"
    PAWN_UNAVAILABLE = "pawn_unavailable"
    NO_PRISON = "no_prison"
    PRISON_DEFENDERS_ONLY = "prison_defenders_only"
    PRISON_RING_ONLY = "prison_ring_only"
    PRISON_CELL_TAKEN = "prison_cell_taken"
    PRISON_NOT_TOUCHING = "prison_not_touching"
    PRISON_SAME_SHAPE = "prison_same_shape"  # .shape
    # two players (§9)
    PASS_SOLO = "pass_solo"
    PASS_TRAITOR = "pass_traitor"
    PASS_EMPTY_CASTLE = "pass_empty_castle"
    PASS_RECEIVED = "pass_received"  # a passed tile is used by its receiver


RULE_OF: dict[Why, str] = {
    Why.GAME_OVER: "R-§11", Why.NO_TILE_IN_HAND: "R-§4", Why.NOT_IN_HAND: "R-§4",
    Why.TRAITOR_IN_CASTLE: "R-§4", Why.NOT_A_TRAITOR: "R-§4", Why.NOT_NOW: "R-§4",
    Why.NO_SUCH_PILE: "R-§4", Why.PILE_EMPTY: "R-§4", Why.REVEALED_FIRST: "R-§6",
    Why.NOT_TOUCHING: "R-P1", Why.NOT_A_PLACEMENT: "R-P1", Why.CELL_TAKEN: "R-P2",
    Why.NOT_SUPPORTED: "R-P2", Why.BELOW_FOUNDATION: "R-P2", Why.SAME_SHAPE: "R-P3",
    Why.TOO_WIDE: "R-P4", Why.TOO_TALL: "R-P4", Why.NEXT_TO_PAWN: "R-§8.5",
    Why.PANTRY_ADJACENT: "R-§10", Why.NOTHING_TO_DESTROY: "R-D1", Why.WOULD_SPLIT: "R-D3",
    Why.NOT_UNCOVERED: "R-§9", Why.TRAITOR_DISCARD_LEVEL: "R-§6.5", Why.BLACK_TRAITOR: "R-§6.5",
    Why.EARLY_ENCOUNTER_LEVEL: "R-O3", Why.CHAMELEON_AT_ONCE: "R-§6", Why.VIGIL_TRAITOR: "R-§8.1",
    Why.VIGIL_BACK: "R-§8.1", Why.NO_VIGIL: "R-§8.1", Why.PAWN_UNAVAILABLE: "R-§8",
    Why.NO_PRISON: "R-§8.4", Why.PRISON_DEFENDERS_ONLY: "R-§8.4", Why.PRISON_RING_ONLY: "R-§8.4",
    Why.PRISON_CELL_TAKEN: "R-§8.4", Why.PRISON_NOT_TOUCHING: "R-§8.4",
    Why.PRISON_SAME_SHAPE: "R-§8.4", Why.PASS_SOLO: "R-§9", Why.PASS_TRAITOR: "R-§9",
    Why.PASS_EMPTY_CASTLE: "R-§9", Why.PASS_RECEIVED: "R-§9",
}


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is not allowed: the reason and what a sentence about it needs.

    Only the fields the reason uses are set (see the comments on `Why`); `cell` is where it was
    tried when there is one, `action` the refused action's name (for logs).
    """

    why: Why
    cell: Cell | None = None
    tile: str | None = None  # the tile the action names
    held: str | None = None  # the tile in hand
    shape: Shape | None = None
    pile: str | None = None  # "regular" | "safe"
    phase: str | None = None  # NOT_NOW: the phase (what the game waits for)
    action: str = ""

    @property
    def rule(self) -> str:
        """The rule id quoted (RULES.md), e.g. "R-P3"."""
        return RULE_OF[self.why]

    def describe(self) -> str:
        """A developer's one-line description for logs and tests (never shown to players)."""
        params = [f"{name}={getattr(self, name)!r}" for name in
                  ("cell", "tile", "held", "shape", "pile", "phase", "action")
                  if getattr(self, name) not in (None, "")]
        return f"{self.rule} {self.why.value}" + (f" ({', '.join(params)})" if params else "")


class Result(StrEnum):
    WON = "won"
    LOST = "lost"


#: The rule ids a lost game quotes (Outcome.rule): an unmet requirement card, an incomplete
#: foundation, the pawn's tile destroyed, a wrong Pantry count.
LOSING_RULES = ("R-§5.3", "R-O5", "R-§8.5", "R-§10")
WINNING_RULE = "R-O6"


@dataclass(frozen=True)
class Outcome:
    """How a game ended: won or lost, the rule that decided it and what a sentence needs.

    `ordeal` is the card id of the Ordeal being resolved ("" when none), `player` whose castle
    failed in a two-player game (None in a solo game or a win). R-§5.3: `need` / `have` are the
    card's requirement and the castle's formations. R-§10: `pantry_need` / `pantry_have`.
    """

    result: Result
    rule: str
    ordeal: str = ""
    player: int | None = None
    need: dict[str, int] = field(default_factory=dict)
    have: dict[str, int] = field(default_factory=dict)
    pantry_need: int = 0
    pantry_have: int = 0

    @property
    def reason(self) -> str:
        """A developer's description (rule id first) for logs and statistics keys; screens use
        `castellion.ui.rules_text.outcome_text`."""
        who = "" if self.player is None else f" player={self.player}"
        what = f" ordeal={self.ordeal}" if self.ordeal else ""
        return f"{self.rule}: {self.result.value}{what}{who}"

    def to_dict(self) -> dict[str, Any]:
        return {"result": self.result.value, "rule": self.rule, "ordeal": self.ordeal,
                "player": self.player, "need": dict(self.need), "have": dict(self.have),
                "pantry_need": self.pantry_need, "pantry_have": self.pantry_have}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Outcome:
        """Inverse of `to_dict`; also reads the older {"result", "reason"} form (rule id taken
        from the sentence)."""
        result = Result(data["result"])
        if "rule" not in data:
            reason = str(data.get("reason", ""))
            rule = next((w.strip(":;,.()") for w in reason.split() if w.startswith("R-")), "")
            return cls(result, rule)
        player = data.get("player")
        return cls(result, str(data["rule"]), str(data.get("ordeal", "")),
                   None if player is None else int(player),
                   {str(k): int(v) for k, v in dict(data.get("need", {})).items()},
                   {str(k): int(v) for k, v in dict(data.get("have", {})).items()},
                   int(data.get("pantry_need", 0)), int(data.get("pantry_have", 0)))


class Destruction(StrEnum):
    """What a required destruction is for (R-D4): `DestructionRequired.kind`, `Game.destroy_kind`."""

    TRAITOR = "traitor"  # R-§6.5: discarding a Traitor
    ASSAULT = "assault"  # R-§5.3: an Assault card not held off
    PRISON = "prison"  # R-§8.4: the prison was not complete
    PASS = "pass"  # R-§9: passing a tile
    CHAMPION = "champion"  # R-§9: handing over the Champion card



class PowerEnd(StrEnum):
    """Why a faction power stopped (`PowerEnded.reason`)."""

    DONE = "done"  # it did what it does
    NOTHING_TO_DO = "nothing_to_do"  # discarded, but the power could do nothing (docs/rulings.md)
    NO_MOVE = "no_move"  # the Pyro destroyed a tile, then no tile could be moved


class Cause(StrEnum):
    """Why an Ordeal was encountered (`OrdealEncountered.cause`)."""

    TRAITORS = "traitors"  # R-O1
    COMPLETE_CASTLE = "complete castle"  # R-O2
    EARLY = "early"  # R-O3
    TILES_RAN_OUT = "tiles ran out"  # R-O4
