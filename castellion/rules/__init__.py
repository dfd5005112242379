"""The pure rules of Castellion (docs/rules.md): standard library only — no pygame, files or clock.

See docs/rules-api.md for the public face. The one deferred import of the content loader (the
game's own data, when no ruleset is named) is `defaults.default_ruleset()`, the documented seam.
"""

from __future__ import annotations

from . import actions, events
from .castle import SIZE, Castle, Cell, format_castle, parse_castle
from .defaults import default_ruleset, use_ruleset
from .errors import IllegalAction
from .formations import Formation, formation_groups, formations
from .game import Game, OrdealView, Outcome, new_game, normal_options
from .ordeals import FormationKind, Requirement, Verdict, judge_ordeal, requirements
from .phase import Phase
from .reasons import Cause, Destruction, PowerEnd, Refusal, Result, Why
from .rng import SEED_MAX, SEED_MIN, normal_seed
from .ruleset import LevelSpec, OrdealCard, Ruleset, TileSet
from .snapshot import rules_state
from .tiles import Faction, Shape, Tile, parse_tile

__all__ = [
    "SIZE", "Castle", "Cause", "Cell", "Destruction", "Faction", "Formation", "FormationKind", "Game",
    "IllegalAction", "LevelSpec", "OrdealCard", "OrdealView", "Outcome", "Phase", "PowerEnd", "Refusal",
    "Requirement",
    "Result", "Ruleset", "Shape", "Tile", "TileSet", "Verdict", "Why", "actions",
    "default_ruleset", "events", "format_castle", "formation_groups", "formations",
    "SEED_MAX", "SEED_MIN", "judge_ordeal", "new_game", "normal_options", "normal_seed", "parse_castle",
    "parse_tile", "requirements", "rules_state", "use_ruleset",
]
