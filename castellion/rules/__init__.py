"""The pure rules of Castellion (docs/rules.md): standard library only — no pygame, files or clock.

See docs/rules-api.md for the public face.
"""

from __future__ import annotations

from . import actions, events
from .castle import SIZE, Castle, Cell, format_castle, parse_castle
from .errors import IllegalAction
from .formations import Formation, formation_groups, formations
from .game import Game, OrdealView, Outcome, new_game
from .ordeals import Verdict, judge_ordeal
from .reasons import Cause, Destruction, PowerEnd, Refusal, Result, Why
from .ruleset import LevelSpec, OrdealCard, Ruleset, TileSet
from .tiles import Faction, Shape, Tile, parse_tile

_default: Ruleset | None = None


def default_ruleset() -> Ruleset:
    """The game's own data. It lives in levels/*.yaml, which the content layer reads; the import
    is deferred to this call so that importing the rules stays free of file access.

    This is the one import of the rules outside the standard library, and the one arrow that
    points up a layer (rules → content): the documented seam of docs/rules-api.md. Tests that
    check the rules' purity (tests/test_purity.py) import the rules without calling it."""
    global _default
    if _default is None:
        from castellion.content import load_ruleset

        _default = load_ruleset()
    return _default


def use_ruleset(ruleset: Ruleset | None) -> None:
    """Make `ruleset` the default (tests, or a front end that loaded data itself)."""
    global _default
    _default = ruleset


__all__ = [
    "SIZE", "Castle", "Cause", "Cell", "Destruction", "Faction", "Formation", "Game",
    "IllegalAction", "LevelSpec", "OrdealCard", "OrdealView", "Outcome", "PowerEnd", "Refusal",
    "Result", "Ruleset", "Shape", "Tile", "TileSet", "Verdict", "Why", "actions",
    "default_ruleset", "events", "format_castle", "formation_groups", "formations",
    "judge_ordeal", "new_game", "parse_castle", "parse_tile", "use_ruleset",
]
