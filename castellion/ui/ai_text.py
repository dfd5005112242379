"""The computer player's reasons in words: a hint's one line, made from `Reason` data.

The AI answers in data (`castellion.ai.decision`: a kind plus parameters); the sentence is made
here, through the catalogs, as `rules_text` does for the rules. A kind this module does not know
gets the plain "the highlighted choice is the best one" line rather than nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from castellion.ai.decision import Decision
from castellion.rules import Game
from castellion.rules import actions as A
from castellion.ui.rules_text import ordeal_label
from castellion.ui.text import t

FORMATIONS = ("tower", "bastion", "line")


def _ordeal(game: Game, index: object) -> str:
    """The Ordeal a hint is about, or "the next Ordeal" when it names none."""
    return ordeal_label(game, index) or t("hint.next_ordeal")


def _percent(odds: object) -> int:
    try:
        return round(100 * Fraction(str(odds)))
    except (ValueError, ZeroDivisionError):
        return 0


def hint_text(decision: Decision, game: Game, tile_name: Callable[[str], str]) -> str:
    """One line saying why `decision` is the move to make in `game` (the game it was asked for);
    `tile_name` names a tile code (the board's `words.tile_name`)."""
    action, reason = decision.action, decision.reason
    kind, p = reason.kind, reason.params
    tile = getattr(action, "tile", None) or game.held or ""
    name = tile_name(tile) if tile else ""
    if isinstance(action, A.PlacePantry):
        return t("hint.pantry")
    return (_tile_hint(kind, p, action, game, name) or _action_hint(kind, p, action, name)
            or _ordeal_hint(kind, p, game))


def _tile_hint(kind: str, p: Mapping[str, object], action: A.Action, game: Game, name: str) -> str | None:
    """Where the tile goes and why (a formation, the foundation, a gap, the prison)."""
    if kind == "completes" and p.get("formation") in FORMATIONS:
        return t(f"hint.completes.{p['formation']}", tile=name, ordeal=_ordeal(game, p.get("ordeal")))
    if kind == "foundation":
        return t("hint.foundation", tile=name)
    if kind == "fills":
        return t("hint.prison", tile=name) if isinstance(action, A.PlacePrison) else t("hint.fills", tile=name)
    return None


def _action_hint(kind: str, p: Mapping[str, object], action: A.Action, name: str) -> str | None:
    """A discard, a power used or skipped, a draw, a pass, a revealed tile taken."""
    if kind in ("discard", "power") and isinstance(action, A.DiscardTile):
        return t("hint.discard_power" if kind == "power" else "hint.discard", tile=name)
    if isinstance(action, (A.UsePower, A.SkipPower)):
        faction = t(f"board.faction.{action.faction}") if action.faction in ("S", "C", "J", "P") else action.faction
        return t("hint.use_power" if isinstance(action, A.UsePower) else "hint.skip_power", faction=faction)
    if kind == "draw" and isinstance(action, A.DrawTile):
        if action.pile == "safe":
            return t("hint.draw.safe")
        return t("hint.draw.regular", percent=_percent(p.get("odds", "0/1")))
    if kind == "pass" and isinstance(action, A.PassTile):
        return t("hint.pass", tile=name)
    if kind == "take_revealed":
        return t("hint.take_revealed", tile=name)
    return None


# The kinds whose line names the Ordeal concerned, and those said in a fixed line.
_ORDEAL_KINDS = {"encounter": "hint.encounter", "traitor_place": "hint.traitor_place",
                 "traitor_discard": "hint.traitor_discard", "premonition": "hint.premonition",
                 "guardian": "hint.guardian"}
_FIXED_KINDS = {"destroy": "hint.destroy", "only": "hint.only", "search": "hint.search"}


def _ordeal_hint(kind: str, p: Mapping[str, object], game: Game) -> str:
    """An Ordeal's move, a fixed line, or the plain "the highlighted choice is best"."""
    if kind in _ORDEAL_KINDS:
        return t(_ORDEAL_KINDS[kind], ordeal=_ordeal(game, p.get("ordeal", game.current_ordeal)))
    return t(_FIXED_KINDS.get(kind, "hint.choose"))


__all__ = ["hint_text"]
