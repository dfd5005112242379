"""The guided first game: its fixed deals and its steps, as data (no pygame, no files).

Three parts, one per level (docs/rules.md §5.1): the School of Architects (placement, the shape
rule, "exactly four", the safe pile, Traitors and the Ordeal timer, Exam II's foundation drop),
the Admiral's Academy (powers, discarding a Traitor) and the Menace (face-down Assaults,
formation powers).

A `Step` names its text (`tutorial.<part>.<key>` in the string table), what the player must do
(`Do`: which gesture, and where — the pointer is drawn there), what else its words speak of that
the coach's box must leave in sight (`in_sight`: cells, e.g. the foundation row) and, for the first
step of a lesson, the fixed position (`deal`) the lesson starts from. A lesson starts from its own position rather
than from wherever the player's castle stands: every step is then reachable whatever happened
before, and a part can be resumed at any step.

The screens (scenes/tutorial) draw the pointer and the text; this module only says what is
asked and whether an action is what was asked (`Do.matches`), so a headless test can play the
whole tutorial from this data.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from castellion import rules
from castellion.rules import Game
from castellion.rules import actions as A
from castellion.rules.castle import Cell

# What a step asks for (Do.kind):
#   next           read, then press Next
#   draw           click the pile `pile`
#   place          drop the tile in hand on `cell`
#   refused        drop it on `cell`, where the rules refuse it (the refusal completes the step)
#   discard        drop the tile in hand (Defender or Traitor) on the discard pile
#   traitor        drop the Traitor in hand on the current Ordeal (`ordeal`)
#   use            press "Use the power"
#   swap           swap `cell` and `other` (Juggler)
#   destroy        click a lit castle tile (`cell` is a suggestion; any legal tile will do)
#   reveal_ordeal  click a face-down Ordeal (`ordeal`; the Tower power)
#   undo           press Undo
KINDS = ("next", "draw", "place", "refused", "discard", "traitor", "use", "swap", "destroy", "reveal_ordeal",
         "undo")


@dataclass(frozen=True)
class Do:
    """What the player is asked to do in a step, and where the pointer points."""

    kind: str
    pile: str = ""
    cell: Cell | None = None
    other: Cell | None = None
    ordeal: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown tutorial gesture {self.kind!r}")

    def matches(self, action: A.Action) -> bool:
        """Whether `action` is what this step asks (any other action is held back, so the fixed
        deal stays on its script)."""
        match self.kind:
            case "draw":
                return isinstance(action, A.DrawTile) and action.pile == self.pile
            case "place":
                return isinstance(action, A.PlaceTile) and action.cell == self.cell
            case "discard":
                return isinstance(action, (A.DiscardTile, A.DiscardTraitor))
            case "traitor":
                return isinstance(action, A.PlaceTraitor)
            case "use":
                return isinstance(action, A.UsePower)
            case "swap":
                return isinstance(action, A.SwapTiles) and {action.a, action.b} == {self.cell, self.other}
            case "destroy":
                return isinstance(action, A.DestroyTile)
            case "reveal_ordeal":
                return isinstance(action, A.RevealOrdeal)
        return False  # next, refused, undo: no action of the game


@dataclass(frozen=True)
class Step:
    """One step: its text key, what it asks, the position it starts from (first step of a
    lesson), what must hold after the asked action for the step to be done, and the castle's
    cells its words speak of besides what it points at (`in_sight`: the coach's box, grown at a
    large text size, is placed clear of them where it can be)."""

    key: str
    do: Do
    deal: Callable[[], Game] | None = None
    until: Callable[[Game], bool] | None = None
    in_sight: tuple[Cell, ...] = ()

    def done_after(self, action: A.Action, game: Game) -> bool:
        """Whether applying `action` (already applied to `game`) completes this step."""
        return self.do.matches(action) and (self.until is None or self.until(game))


@dataclass(frozen=True)
class Part:
    """A part of the tutorial: one level, a few lessons."""

    id: str
    level: str
    steps: tuple[Step, ...] = field(default_factory=tuple)

    def text_key(self, step: int) -> str:
        return f"tutorial.{self.id}.{self.steps[step].key}"


# ---------------------------------------------------------------------------------- the deals
SEED = 20240  # the shuffle under the scripted tiles (what is drawn after the script ends)


def deal(level: str, castle: str = "", *, safe_top: tuple[str, ...] = (), regular_top: tuple[str, ...] = (),
         cards: tuple[str, ...] = (), traitors: tuple[tuple[str, ...], ...] = (), passed: int = 0,
         face_up: tuple[bool, ...] | None = None, turn: int = 1, safe_used: int = 0,
         discard: tuple[str, ...] = (), left: tuple[str, ...] = ()) -> Game:
    """A game of `level` in a fixed position: `castle` (docs/rules-api.md notation, top row
    first), the next tiles of each pile (`*_top`: the first is drawn first), the Ordeal cards by
    id, the Traitors beside each Ordeal, how many Ordeals are passed already.

    The tiles shown are taken out of the piles, so the box still holds its 84 tiles (R-§1).
    `safe_used` of the castle's tiles come out of the safe pile and `discard` lies on the discard
    pile: a lesson "some turns later" shows the piles as the lessons before left them
    (otherwise the safe pile went back from 10 to 12 and the discard pile emptied). `left`: tiles out of the
    game (the Traitors that left with a passed Ordeal, R-O6)."""
    data: dict[str, Any] = rules.new_game(level, seed=SEED).to_dict()
    piles: dict[str, list[str]] = data["piles"]
    shown = rules.parse_castle(castle) if castle else rules.Castle.empty()
    data["castles"] = [rules.format_castle(shown)]
    for top in (safe_top, regular_top):  # the scripted tiles first
        for code in top:
            _take(piles, code)
    from_safe = 0
    for _, tile in shown.tiles():
        if from_safe < safe_used and _take_from(piles, "safe", tile.code):
            from_safe += 1
        else:
            _take(piles, tile.code)
    if from_safe < safe_used:
        raise ValueError(f"the castle holds only {from_safe} tiles the safe pile has, not {safe_used}")
    for code in [code for side in traitors for code in side] + list(discard) + list(left):
        _take(piles, code)
    data["discard"] = list(discard)
    for pile, top in (("safe", safe_top), ("regular", regular_top)):
        piles[pile].extend(reversed(top))  # the top of a pile is its last item
    ruleset = rules.default_ruleset()
    for i, card_id in enumerate(cards):
        data["ordeals"][i]["card"] = asdict(ruleset.cards[card_id])
    for i, side in enumerate(traitors):
        data["ordeals"][i]["traitors"] = list(side)
    for i in range(passed):
        data["ordeals"][i]["passed"] = True
    if face_up is not None:
        for i, up in enumerate(face_up):
            data["ordeals"][i]["face_up"] = up
    data["turn"] = turn
    return Game.from_dict(data)


def _take_from(piles: dict[str, list[str]], pile: str, code: str) -> bool:
    """Take one tile `code` out of `pile` (False when it holds none)."""
    for i in range(len(piles[pile]) - 1, -1, -1):
        if piles[pile][i].rstrip("+") == code.rstrip("+"):
            del piles[pile][i]
            return True
    return False


def _take(piles: dict[str, list[str]], code: str) -> None:
    """Take one tile `code` out of the piles (a safe-pile code `Xy+` from the safe pile; a plain
    code from the regular pile, else from the safe pile, since a drawn safe tile is a Defender
    like any other)."""
    for pile in (("safe",) if code.endswith("+") else ("regular", "safe")):
        for i in range(len(piles[pile]) - 1, -1, -1):
            if piles[pile][i].rstrip("+") == code.rstrip("+"):
                del piles[pile][i]
                return
    raise ValueError(f"the box holds no more {code!r} to deal")


# Part 1 — the School of Architects ---------------------------------------------------------
def school_start() -> Game:
    """An empty castle; the safe pile begins with a Juggler triangle, then a Pyro triangle."""
    return deal("intro", safe_top=("Jt+", "Pt+"), cards=("exam-1", "exam-2", "exam-3a"))


FORMATIONS = """
.. .. .. .. .. ..
.. .. .. .. .. ..
.. .. .. .. .. ..
.. St .. .. .. ..
.. Sc .. .. .. ..
Pc Ss Jt Cc .. ..
"""


def school_formations() -> Game:
    """Three Seers stacked in column 1; the safe pile gives the fourth, the regular pile a fifth."""
    # the first lesson drew two tiles from the safe pile
    return deal("intro", FORMATIONS, safe_top=("Ss+",), regular_top=("Ss",), cards=("exam-1", "exam-2", "exam-3a"),
                turn=5, safe_used=2)


EXAM_ONE = """
.. .. .. .. .. ..
Ss .. .. .. .. ..
St .. .. .. .. ..
Sc .. .. .. Jc Jt
Ss .. .. .. Jt Js
Pt Ps Pc Pt Cc St
"""


def school_traitors() -> Game:
    """A Tower, a Bastion and a Line on a complete foundation; three Traitors beside Exam I and
    two more on top of the regular pile."""
    # three tiles drawn from the safe pile so far; the fifth Seer was discarded
    return deal("intro", EXAM_ONE, regular_top=("T", "T"), cards=("exam-1", "exam-2", "exam-3a"),
                traitors=(("T", "T", "T"),), turn=17, safe_used=3, discard=("Ss",))


EXAM_TWO = """
.. .. .. .. .. ..
.. .. .. .. .. ..
.. .. .. .. Ct ..
Cs Jt Pc St Js Ct
Pt Ps Jc Cc Sc Jt
"""


def school_exam_two() -> Game:
    """Exam I passed; one Traitor beside Exam II, one on top of the regular pile; two complete rows."""
    castle = ".. .. .. .. .. ..\n" + EXAM_TWO.strip()
    return deal("intro", castle, regular_top=("T",), cards=("exam-1", "exam-2", "exam-3a"), traitors=((), ("T",)),
                passed=1, turn=24, safe_used=3, discard=("Ss",), left=("T",) * 5)  # Exam I's five left with it


FOUNDATION_ROW: tuple[Cell, ...] = tuple((0, col) for col in range(6))  # the castle's bottom row (R-P1)
TWO_BOTTOM_ROWS: tuple[Cell, ...] = FOUNDATION_ROW + tuple((1, col) for col in range(6))  # R-O5


def _has(kind: str) -> Callable[[Game], bool]:
    return lambda game: rules.formations(game.castle())[kind] > 0


def _lacks(kind: str) -> Callable[[Game], bool]:
    return lambda game: rules.formations(game.castle())[kind] == 0


def _passed(index: int) -> Callable[[Game], bool]:
    return lambda game: game.ordeals[index].passed


SCHOOL = Part("school", "intro", (
    Step("welcome", Do("next"), deal=school_start, in_sight=FOUNDATION_ROW),  # "Its bottom row is the foundation"
    Step("draw_safe", Do("draw", pile="safe"), in_sight=FOUNDATION_ROW),  # where the next step drops the tile
    Step("first_tile", Do("place", cell=(0, 2)), in_sight=FOUNDATION_ROW),
    Step("draw_again", Do("draw", pile="safe")),
    Step("shape_try", Do("refused", cell=(1, 2))),
    Step("shape_ok", Do("place", cell=(0, 3)), in_sight=FOUNDATION_ROW),
    Step("formations", Do("next"), deal=school_formations),
    Step("draw_seer", Do("draw", pile="safe")),
    Step("tower", Do("place", cell=(3, 1)), until=_has("tower")),
    Step("draw_regular", Do("draw", pile="regular")),
    Step("fifth", Do("place", cell=(1, 2)), until=_lacks("tower")),
    Step("undo", Do("undo")),
    Step("discard", Do("discard")),
    Step("traitors", Do("next"), deal=school_traitors, in_sight=FOUNDATION_ROW),  # "on a complete foundation"
    Step("draw_traitor", Do("draw", pile="regular")),
    Step("place_traitor", Do("traitor", ordeal=0)),
    Step("draw_traitor2", Do("draw", pile="regular")),
    Step("exam_one", Do("traitor", ordeal=0), until=_passed(0)),
    Step("exam_two_intro", Do("next"), deal=school_exam_two, in_sight=FOUNDATION_ROW),  # "tears down the foundation"
    Step("draw_traitor3", Do("draw", pile="regular"), in_sight=TWO_BOTTOM_ROWS),  # "Your two bottom rows are complete"
    Step("exam_two", Do("traitor", ordeal=1), until=_passed(1), in_sight=FOUNDATION_ROW),  # "watch the foundation fall"
    Step("done", Do("next")),
))


# Part 2 — the Admiral's Academy ------------------------------------------------------------
ACADEMY = """
.. .. .. .. .. ..
.. .. .. .. .. ..
.. .. .. .. .. ..
Jt .. .. .. .. ..
Ps Cs Pt Jc .. ..
Pc Pt Sc Js Cc St
"""


def academy_start() -> Game:
    """Three Pyros in an L with a Chameleon in the Bastion's fourth place and a Pyro beside it;
    a Juggler on top of the safe pile, a plain Traitor on top of the regular pile, a
    black-bordered one beside Simulation I."""
    # a black-bordered Traitor beside Simulation I: the lesson's last words show one
    return deal("base", ACADEMY, safe_top=("Jc+",), regular_top=("T",), cards=("sim-1", "sim-2a", "sim-3a"),
                traitors=(("T!",),), turn=9)


ACADEMY_STEPS = (
    Step("welcome", Do("next"), deal=academy_start),
    Step("draw_juggler", Do("draw", pile="safe")),
    Step("discard_juggler", Do("discard")),
    Step("use_power", Do("use")),
    Step("swap", Do("swap", cell=(1, 1), other=(1, 2)), until=_has("bastion")),
    Step("other_powers", Do("next")),
    Step("draw_traitor", Do("draw", pile="regular")),
    Step("discard_traitor", Do("discard")),
    Step("destroy", Do("destroy", cell=(2, 0)), until=lambda game: game.phase != "destroy"),
    Step("black", Do("next")),
)
ACADEMY_PART = Part("academy", "base", ACADEMY_STEPS)


# Part 3 — the Menace -----------------------------------------------------------------------
MENACE = """
.. .. .. .. .. ..
.. .. .. .. .. ..
.. .. .. .. .. ..
.. .. Ps .. .. ..
Jc Jt Pt .. Ss Sc
Jt Js Pc Cc Sc St
"""


def menace_start() -> Game:
    """Two Bastions on a complete foundation and three Pyros stacked; the Ordeals face down,
    one Traitor beside the first (a Behemoth: two Bastions meet it)."""
    return deal("expert", MENACE, safe_top=("Pc+",), regular_top=("T",),
                cards=("behemoth-1", "horde-2", "earthworm-3"), traitors=(("T",),), face_up=(False, False, False),
                turn=12)


MENACE_STEPS = (
    Step("welcome", Do("next"), deal=menace_start),
    Step("draw_pyro", Do("draw", pile="safe")),
    Step("tower", Do("place", cell=(3, 2)), until=lambda game: game.phase == "tower_reveal"),
    Step("reveal", Do("reveal_ordeal", ordeal=1)),
    Step("powers", Do("next")),
    Step("draw_traitor", Do("draw", pile="regular")),
    Step("assault", Do("traitor", ordeal=0), until=_passed(0)),
    Step("done", Do("next")),
)
MENACE_PART = Part("menace", "expert", MENACE_STEPS)

PARTS: tuple[Part, ...] = (SCHOOL, ACADEMY_PART, MENACE_PART)


def part(part_id: str) -> Part:
    """The part called `part_id`; KeyError for an unknown one."""
    for p in PARTS:
        if p.id == part_id:
            return p
    raise KeyError(part_id)


def lesson_start(p: Part, step: int) -> int:
    """The first step of the lesson `step` belongs to (the step whose deal it plays in)."""
    while step > 0 and p.steps[step].deal is None:
        step -= 1
    return step


__all__ = ["FOUNDATION_ROW", "KINDS", "PARTS", "SEED", "Do", "Part", "Step", "deal", "lesson_start", "part"]
