"""Turning a `Game` into plain JSON-able data and back, and copying it.

Plain functions over the game's state (`state.GameState`); `Game.to_dict`, `Game.from_dict`
and `Game.copy` call them. The snapshot holds everything, the generator's
state included, so a loaded game continues with exactly the same draws.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict
from typing import Any, TypeVar, cast

from . import actions as A
from .castle import format_castle, parse_castle
from .options import OLD_SLOT_WORDS, PantryMode, hooks_of
from .phase import DECISIONS, Phase
from .reasons import Destruction
from .rng import SeededRandom
from .ruleset import LevelSpec, OrdealCard
from .state import PILES, Encounter, GameOptions, GameState
from .tiles import parse_tile
from .views import Outcome

SNAPSHOT_FORMAT = 1  # the format of `Game.to_dict()` (a save's format is persistence.formats.SAVE_FORMAT)

S = TypeVar("S", bound=GameState)


def to_dict(g: GameState) -> dict[str, Any]:
    """A JSON-able snapshot of the whole game (rng state included)."""
    return {
        "format": SNAPSHOT_FORMAT,
        "options": dict(g.options),
        "level_spec": _spec_to_dict(g.level_spec),
        "variant_id": g.variant_id,
        "ordeals": [
            {"card": asdict(c), "face_up": up, "traitors": list(t), "passed": p}
            for c, up, t, p in zip(g._cards, g._face_up, g._traitors, g._passed, strict=True)
        ],
        "rng": format(g._rng.state, "016x"),
        "piles": {p: list(v) for p, v in g._piles.items()},
        "revealed": list(g._revealed),
        "discard": list(g._discard),
        "removed": list(g._removed),
        "castles": [format_castle(c) for c in g._castles],
        "pantry": [list(s) for s in g._pantry],
        "vigil": g.vigil,
        "prophet_ordeal": g.prophet_ordeal,
        "premonition_available": g.premonition_available,
        "prison": list(g._prison),
        "pawn_available": g.pawn_available,
        "intruder_due": g._intruder_due,
        "champion": g.champion,
        "active": g.active,
        "turn_player": g.turn_player,
        "turn": g.turn,
        "phase": g.phase.value,
        "held": g.held,
        "held_from": g.held_from,
        "power_faction": g.power_faction,
        "power_faction_tile": g.power_faction_tile,
        "destroy_left": g.destroy_left,
        "destroy_reason": g.destroy_reason,
        "destroy_kind": g.destroy_kind.value if g.destroy_kind is not None else "",
        "destroy_mode": g._destroy_mode,
        "after_destroy": g._after_destroy,
        "pending_pass": g._pending_pass,
        "encounter": None if g._encounter is None else dict(g._encounter),
        "tower_pending": g._tower_pending,
        "turn_used": g._turn_used,
        "pass_received": g._pass_received,
        "outcome": None if g._outcome is None else g._outcome.to_dict(),
        "history": [A.action_to_dict(a) for a in g._history],
    }


def from_dict(game: S, data: Mapping[str, Any]) -> S:
    """Fill the bare `game` from `data` (inverse of `to_dict`) and return it; raises ValueError
    on data that is not a Castellion game."""
    def tiles(items: Iterable[str]) -> list[str]:
        return [parse_tile(t).code for t in items]

    def maybe_tile(code: str | None) -> str | None:
        return None if code is None else parse_tile(code).code

    try:
        if data.get("format") != SNAPSHOT_FORMAT:
            raise ValueError(f"unsupported game format {data.get('format')!r}")
        game.options = cast(GameOptions, dict(data["options"]))
        game.level_spec = _spec_from_dict(data["level_spec"])
        game.variant_id = data["variant_id"]
        hooks_of(game.variant_id)  # a variant the rules know, or ValueError
        PantryMode.of(game.options.get("pantry", False))
        for o in data["ordeals"]:
            game._cards.append(OrdealCard(**dict(o["card"])))
            game._face_up.append(bool(o["face_up"]))
            game._traitors.append(tiles(o["traitors"]))
            game._passed.append(bool(o["passed"]))
        game._rng = SeededRandom(int(data["rng"], 16))
        game._piles = {p: tiles(data["piles"][p]) for p in PILES}
        game._revealed = tiles(data["revealed"])
        game._discard = tiles(data["discard"])
        game._removed = tiles(data["removed"])
        game._castles = [parse_castle(text) for text in data["castles"]]
        game._pantry = [tiles(s) for s in data["pantry"]]
        game.vigil = maybe_tile(data["vigil"])
        game.prophet_ordeal = data["prophet_ordeal"]
        game.premonition_available = bool(data["premonition_available"])
        game._prison = [maybe_tile(t) for t in data["prison"]]
        game.pawn_available = bool(data["pawn_available"])
        game._intruder_due = bool(data["intruder_due"])
        game.champion = data["champion"]
        game.active = int(data["active"])
        game.turn_player = int(data["turn_player"])
        game.turn = int(data["turn"])
        phase = str(data["phase"])
        game.held = maybe_tile(data["held"])
        game.held_from = data["held_from"]
        game.power_faction = data["power_faction"]
        game.power_faction_tile = maybe_tile(data["power_faction_tile"])
        game.destroy_left = int(data["destroy_left"])
        # "destroy_reason" (words) is written for old readers and derived again on reading.
        game.destroy_kind = Destruction(data["destroy_kind"]) if data["destroy_kind"] else None
        game._destroy_mode = str(data["destroy_mode"])
        game._after_destroy = data["after_destroy"]
        game._pending_pass = maybe_tile(data["pending_pass"])
        game._encounter = (None if data["encounter"] is None
                           else cast(Encounter, dict(data["encounter"])))
        game._tower_pending = bool(data["tower_pending"])
        game._turn_used = bool(data["turn_used"])
        game._pass_received = bool(data["pass_received"])
        game._outcome = Outcome.from_dict(dict(data["outcome"])) if data["outcome"] else None
        game._history = [A.action_from_dict(a) for a in data["history"]]
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as exc:
        raise ValueError(f"not a Castellion game: missing or malformed {exc}") from exc
    if phase not in DECISIONS:
        raise ValueError(f"not a Castellion game: unknown phase {phase!r}")
    game.phase = Phase(phase)
    if len(game._castles) != game.options.get("players") or len(game._prison) != 9:
        raise ValueError("not a Castellion game: castles or prison of the wrong size")
    return game


#: The display words of the game's data: what a screen shows, never what a rule reads. A save's
#: state hash is taken without them (`rules_state`), so an edit of a card's or a level's words in
#: a later version leaves every kept game loadable.
LEVEL_WORDS = ("name", "description", "variants")  # `variants` is the level's table of variants; the
#                                                     variant in play is the state's `variant_id`
CARD_WORDS = ("name", "text", "source")
STATE_WORDS = ("destroy_reason",)  # words kept for old readers, derived again on reading


def rules_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """`state` (a `to_dict()`) without its display words: what the rules need to go on from it.

    >>> from castellion.rules import new_game
    >>> kept = rules_state(new_game("intro", seed=1).to_dict())
    >>> "name" in kept["level_spec"], "text" in kept["ordeals"][0]["card"], kept["level_spec"]["id"]
    (False, False, 'intro')
    """
    out = {k: v for k, v in state.items() if k not in STATE_WORDS}
    spec = state.get("level_spec")
    if isinstance(spec, Mapping):
        out["level_spec"] = {k: v for k, v in spec.items() if k not in LEVEL_WORDS}
    ordeals = state.get("ordeals")
    if isinstance(ordeals, list):
        out["ordeals"] = [
            {**o, "card": {k: v for k, v in o["card"].items() if k not in CARD_WORDS}}
            if isinstance(o, Mapping) and isinstance(o.get("card"), Mapping) else o
            for o in ordeals]
    return out


def copy(g: S) -> S:
    """A copy sharing nothing mutable with `g` (castles and tiles are immutable)."""
    other = type(g).__new__(type(g))
    other.__dict__.update(g.__dict__)
    other.options = g.options.copy()
    other._cards = list(g._cards)
    other._face_up = list(g._face_up)
    other._traitors = [list(t) for t in g._traitors]
    other._passed = list(g._passed)
    other._rng = SeededRandom(g._rng.state)
    other._piles = {p: list(v) for p, v in g._piles.items()}
    other._revealed = list(g._revealed)
    other._discard = list(g._discard)
    other._removed = list(g._removed)
    other._castles = list(g._castles)
    other._pantry = [list(s) for s in g._pantry]
    other._prison = list(g._prison)
    other._encounter = None if g._encounter is None else g._encounter.copy()
    other._history = list(g._history)
    other._legal_cache = None
    return other


def _spec_to_dict(spec: LevelSpec) -> dict[str, Any]:
    d = asdict(spec)
    d["ordeal_slots"] = [list(s) for s in spec.ordeal_slots]
    return d


def _spec_from_dict(d: Mapping[str, Any]) -> LevelSpec:
    d = dict(d)
    d["ordeal_slots"] = tuple(tuple(s) for s in d["ordeal_slots"])
    d["variants"] = _variants_from(d.get("variants", {}))
    return LevelSpec(**d)


def _variants_from(table: Mapping[str, Any]) -> dict[str, dict[str, str]]:
    """The level's table of variants by id; an earlier version's table by slot word
    ("easy" / "hard" -> {id, name, description}) gets each variant's leaning from its slot."""
    out: dict[str, dict[str, str]] = {}
    for key, v in table.items():
        entry = {str(k): str(w) for k, w in dict(v).items()}
        if "leaning" not in entry:
            entry["leaning"] = OLD_SLOT_WORDS[key].value
        out[entry["id"]] = entry
    return out
