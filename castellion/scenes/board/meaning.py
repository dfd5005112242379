"""What a drop or a click on the board means: target + game → an action, or a refusal to show.

Pure (no pygame, no scene): every function reads the game and its `Choices` and answers a value,
so the meaning of each gesture is tested without a display (tests/scenes/board/test_meaning.py). The
scene turns the answers into acting, selecting and messages.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from castellion.rules import Formation, Game, Phase, Why, parse_tile
from castellion.rules import actions as A
from castellion.rules.preview import FORMATION_SIZE, Preview, preview
from castellion.scenes.board.choices import Choices
from castellion.scenes.board.words import tile_name
from castellion.ui import rules_text
from castellion.ui.geometry import Cell
from castellion.ui.targets import (
    CastleTarget,
    CellTarget,
    DiscardTarget,
    OrdealTarget,
    PrisonTarget,
    Target,
    VigilTarget,
)
from castellion.ui.text import t

NameOf = Callable[[int], str]  # a player's shown name


@dataclass(frozen=True, slots=True)
class Verdict:
    """What putting something down on a target would do: legal or not, the words that say so
    (a hint when legal, the reason when not; "" for nothing to say) and the action to apply."""

    ok: bool
    text: str = ""
    action: A.Action | None = None
    # the rules' preview the words were made from, when they were (kept so that nobody asks again)
    forecast: Preview | None = field(default=None, compare=False)


NOTHING = Verdict(False)


# ----------------------------------------------------------------------- intents of a click
@dataclass(frozen=True, slots=True)
class Act:
    """Apply this action."""

    action: A.Action


@dataclass(frozen=True, slots=True)
class Refuse:
    """Show this reason as an error ("" = stay silent)."""

    text: str


@dataclass(frozen=True, slots=True)
class Select:
    """Choose this castle tile as the first of a two-step choice (None: drop the choice)."""

    cell: Cell | None


@dataclass(frozen=True, slots=True)
class DropHeld:
    """Put the tile in hand down here (judged by `judge_held`)."""


@dataclass(frozen=True, slots=True)
class Ignore:
    """Nothing happens."""


Intent = Act | Refuse | Select | DropHeld | Ignore


# ------------------------------------------------------------------------------ refusals
def why_not(game: Game, action: A.Action) -> str:
    """The rules' own refusal of `action` in words ("" when it is legal). Asks the rules
    (`Game.refusal`), which never play the action through; the game is not touched."""
    return rules_text.refusal_text(game.refusal(action))


def move_error(game: Game, src: Cell, dst: Cell) -> str:
    """Why the Pyro may not move the tile at `src` to `dst`."""
    why = game.refusal(A.MoveTile(src, dst))
    if why is None or why.why is Why.NOT_NOW:  # not a tile the Pyro may lift
        return t("board.cannot_move")
    return rules_text.refusal_text(why)


def lift_error(game: Game, cell: Cell) -> str:
    """Why the Pyro may not lift the tile at `cell` (R-§6): no tile there, a tile with another
    on top, one whose lifting splits the castle, or one with nowhere to go."""
    castle = game.castle(game.active)
    if castle.tile_at(cell) is None:
        return t("board.cannot_lift_empty")
    if castle.height(cell[1]) - 1 != cell[0]:
        return t("board.cannot_lift_covered")
    if cell not in castle.movable():
        return t("board.cannot_lift_split")
    return t("board.cannot_lift_nowhere")


# ------------------------------------------------------------------------- placements
def formation_change(game: Game, cell: Cell) -> tuple[list[Formation], list[Formation], int]:
    """Formations a placement of the tile in hand at `cell` would complete and cancel, in the
    current (unslid) grid coordinates, and the slide it takes — the rules' preview, as outlines
    (nothing for a placement that is not legal)."""
    assert game.held is not None, "a placement needs a tile in hand"
    pv = preview(game, A.PlaceTile(cell, game.held))
    if pv is None:
        return [], [], 0
    return ([Formation(f.kind, f.cells) for f in pv.completes], [Formation(f.kind, f.cells) for f in pv.cancels],
            pv.slide)


def preview_text(pv: Preview | None) -> str:
    """What the rules' preview of a drop says, in words: "completes a Bastion (Jugglers)",
    "cancels your Tower — 5 in a group", "Line 3/4", the slide, the encounter it sets off
    ("" when it changes nothing worth a word)."""
    if pv is None:
        return ""
    parts = [t(f"preview.completes.{f.kind}", faction=t(f"preview.faction.{f.faction}")) for f in pv.completes]
    for f in pv.cancels:
        if f.group > FORMATION_SIZE:
            parts.append(t(f"preview.cancels_more.{f.kind}", n=f.group))
        elif f.group < FORMATION_SIZE:
            parts.append(t(f"preview.cancels_fewer.{f.kind}", n=f.group))
        else:
            parts.append(t(f"preview.cancels_shape.{f.kind}"))
    if not pv.completes:
        # one step from a formation is worth saying; two tiles could still become anything
        parts += [t(f"preview.progress.{x.kind}", n=x.have) for x in pv.progress if x.have == FORMATION_SIZE - 1]
    if pv.slide:
        parts.append(t("preview.slides"))
    if pv.encounter is not None:
        parts.append(t(f"preview.encounter.{pv.encounter.value}"))
    return t("preview.join").join(parts)


# --------------------------------------------------------------------------------- drops
def judge_held(game: Game, c: Choices, target: Target | None, name_of: NameOf) -> Verdict:
    """What dropping the tile in hand on `target` would do (each kind of target is judged by
    its own function in `HELD_JUDGES`; any other target means nothing)."""
    held = game.held
    if held is None or target is None:
        return NOTHING
    judge = HELD_JUDGES.get(type(target))
    return judge(game, c, target, held, name_of) if judge is not None else NOTHING


def _held_on_cell(game: Game, c: Choices, target: CellTarget, held: str, name_of: NameOf) -> Verdict:
    cell = target.cell
    if cell in c.place:
        action = c.place[cell]
        pv = preview(game, action)
        return Verdict(True, preview_text(pv) or t("board.hint.legal"), action, pv)
    if parse_tile(held).traitor and c.guardian:
        if cell in c.guardian:
            return Verdict(True, t("board.hint.guardian"), c.guardian[cell])
        return Verdict(False, t("board.pawn_where"))
    return Verdict(False, rules_text.refusal_text(game.placement_error(cell)))


def _held_on_vigil(game: Game, c: Choices, target: VigilTarget, held: str, name_of: NameOf) -> Verdict:
    if c.vigil is not None:
        return Verdict(True, t("board.hint.vigil", tile=tile_name(game.vigil or "")), c.vigil)
    return Verdict(False, why_not(game, A.ExchangeVigil(held)))


def _held_on_prison(game: Game, c: Choices, target: PrisonTarget, held: str, name_of: NameOf) -> Verdict:
    if target.cell in c.prison:
        return Verdict(True, t("board.hint.prison"), c.prison[target.cell])
    return Verdict(False, why_not(game, A.PlacePrison(target.cell, held)))


def _held_on_castle(game: Game, c: Choices, target: CastleTarget, held: str, name_of: NameOf) -> Verdict:
    player = target.player
    if c.pass_tile is not None and player != game.active:
        # the cost said before the drop: a castle of one tile loses it at once
        last = len(game.castle(game.active)) <= 1
        return Verdict(True, t("board.hint.pass_last" if last else "board.hint.pass", name=name_of(player)),
                       c.pass_tile)
    return Verdict(False, why_not(game, A.PassTile(held)))


def _held_on_discard(game: Game, c: Choices, target: DiscardTarget, held: str, name_of: NameOf) -> Verdict:
    if c.discard is not None:
        return Verdict(True, "", c.discard)
    action: A.Action = A.DiscardTraitor(held) if parse_tile(held).traitor else A.DiscardTile(held)
    return Verdict(False, why_not(game, action))


def _held_on_ordeal(game: Game, c: Choices, target: OrdealTarget, held: str, name_of: NameOf) -> Verdict:
    if not parse_tile(held).traitor:
        return Verdict(False, why_not(game, A.PlaceTraitor(held)))
    current = game.current_ordeal
    if target.index != current and current is not None:
        return Verdict(False, t("board.traitor_current", name=rules_text.ordeal_label(game, current)))
    if c.traitor is not None and current is not None:
        view = game.ordeals[current]
        return Verdict(True, t("board.traitors_label", n=view.count + 1, trigger=view.trigger), c.traitor)
    return Verdict(False, why_not(game, A.PlaceTraitor(held)))


# how the tile in hand is judged over each kind of target
HELD_JUDGES: dict[type, Callable[[Game, Choices, Any, str, NameOf], Verdict]] = {
    CellTarget: _held_on_cell,
    VigilTarget: _held_on_vigil,
    PrisonTarget: _held_on_prison,
    CastleTarget: _held_on_castle,
    DiscardTarget: _held_on_discard,
    OrdealTarget: _held_on_ordeal,
}


def judge_pantry(game: Game, c: Choices, code: str, target: Target | None) -> Verdict:
    """What dropping Pantry tile `code` on `target` would do (§10)."""
    if not isinstance(target, CellTarget):
        return NOTHING
    cell = target.cell
    action = c.pantry.get(code, {}).get(cell)
    if action is not None:
        return Verdict(True, t("board.hint.pantry"), action)
    if c.phase != Phase.GET:
        return Verdict(False, t("board.pantry_not_now"))
    return Verdict(False, why_not(game, A.PlacePantry(cell, code)))


def judge_castle_move(game: Game, c: Choices, src: Cell, dst: Cell) -> Verdict:
    """A castle tile dragged from `src` to `dst`: the Juggler's swap or the Pyro's move."""
    if c.phase == Phase.JUGGLER:
        swap = c.swaps.get(frozenset((src, dst)))
        if swap is None:
            return Verdict(False, t("board.cannot_swap"))
        pv = preview(game, swap)
        return Verdict(True, preview_text(pv), swap, pv)
    if c.phase == Phase.PYRO_MOVE:
        move = c.moves.get(src, {}).get(dst)
        if move is None:
            return Verdict(False, move_error(game, src, dst))
        pv = preview(game, move)
        return Verdict(True, preview_text(pv), move, pv)
    return NOTHING


# -------------------------------------------------------------------------------- clicks
def click_cell(game: Game, c: Choices, cell: Cell, selected: Cell | None) -> Intent:
    """A click on a castle cell in the current phase (`selected`: the first tile already chosen)."""
    if c.phase == Phase.INTRUDER:
        return Act(c.intruder[cell]) if cell in c.intruder else Refuse(t("board.pawn_where"))
    if c.phase in (Phase.DESTROY, Phase.PYRO_DESTROY):
        return Act(c.destroy[cell]) if cell in c.destroy else Refuse(why_not(game, A.DestroyTile(cell)))
    if c.phase == Phase.JUGGLER:
        if selected is None:
            return Select(cell) if cell in c.swap_cells else Refuse(t("board.cannot_swap"))
        if cell == selected:
            return Select(None)
        pair = frozenset((selected, cell))
        if pair in c.swaps:
            return Act(c.swaps[pair])
        return Select(cell) if cell in c.swap_cells else Refuse(t("board.cannot_swap"))
    if c.phase == Phase.PYRO_MOVE:
        if selected is not None and cell in c.moves.get(selected, {}):
            return Act(c.moves[selected][cell])
        if cell in c.moves:
            return Select(None if cell == selected else cell)
        return Refuse(move_error(game, selected, cell) if selected is not None else lift_error(game, cell))
    if c.phase == Phase.USE and game.held is not None:
        return DropHeld()
    return Ignore()


def click_pile(game: Game, c: Choices, pile: str) -> Intent:
    """A click (or D / S) on a face-down pile: draw from it, or reveal from it for the Seer."""
    if c.phase == Phase.GET and pile in c.draw:
        return Act(c.draw[pile])
    if c.phase == Phase.SEER and pile in c.reveal_pile:
        return Act(c.reveal_pile[pile])
    action: A.Action = A.RevealTile(pile) if c.phase == Phase.SEER else A.DrawTile(pile)
    return Refuse(why_not(game, action))


def press_pile(game: Game, c: Choices, pile: str) -> Intent:
    """The D / S keys: draw from the pile, else reveal from it (Seer), else say why not."""
    if pile in c.draw:
        return Act(c.draw[pile])
    if pile in c.reveal_pile:
        return Act(c.reveal_pile[pile])
    return Refuse(why_not(game, A.DrawTile(pile)))


def click_ordeal(game: Game, c: Choices, index: int, carrying: bool) -> Intent:
    """A click on an Ordeal card: the Prophet's pick, the Tower's reveal, or a Traitor put down."""
    if c.phase == Phase.PROPHET:
        return Act(c.prophet[index]) if index in c.prophet else Ignore()
    if c.phase == Phase.TOWER_REVEAL:
        return Act(c.reveal_ordeal[index]) if index in c.reveal_ordeal else Refuse(t("board.do.tower_reveal"))
    if game.held is not None and (carrying or (c.phase == Phase.USE and parse_tile(game.held).traitor)):
        return DropHeld()
    return Ignore()
