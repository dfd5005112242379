"""Turning a `Game` into plain JSON-able data and back, and copying it.

A mixin of `Game` over `GameState` (state.py). The snapshot holds everything, the generator's
state included, so a loaded game continues with exactly the same draws.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict
from typing import Any, Self, cast

from . import actions as A
from .castle import format_castle, parse_castle
from .reasons import Destruction
from .rng import SeededRandom
from .ruleset import LevelSpec, OrdealCard
from .state import Encounter, GameOptions, GameState
from .tiles import parse_tile
from .views import DECISIONS, Outcome

FORMAT_VERSION = 1
PILES = ("regular", "safe")


class SnapshotMixin(GameState):
    # ------------------------------------------------------ persistence
    def to_dict(self) -> dict[str, Any]:
        """A JSON-able snapshot of the whole game (rng state included)."""
        return {
            "format": FORMAT_VERSION,
            "options": dict(self.options),
            "level_spec": _spec_to_dict(self.level_spec),
            "variant_id": self.variant_id,
            "ordeals": [
                {"card": asdict(c), "face_up": up, "traitors": list(t), "passed": p}
                for c, up, t, p in zip(self._cards, self._face_up, self._traitors, self._passed, strict=True)
            ],
            "rng": format(self._rng.state, "016x"),
            "piles": {p: list(v) for p, v in self._piles.items()},
            "revealed": list(self._revealed),
            "discard": list(self._discard),
            "removed": list(self._removed),
            "castles": [format_castle(c) for c in self._castles],
            "pantry": [list(s) for s in self._pantry],
            "vigil": self.vigil,
            "prophet_ordeal": self.prophet_ordeal,
            "premonition_available": self.premonition_available,
            "prison": list(self._prison),
            "pawn_available": self.pawn_available,
            "intruder_due": self._intruder_due,
            "champion": self.champion,
            "active": self.active,
            "turn_player": self.turn_player,
            "turn": self.turn,
            "phase": self.phase,
            "held": self.held,
            "held_from": self.held_from,
            "power_faction": self.power_faction,
            "power_faction_tile": self.power_faction_tile,
            "destroy_left": self.destroy_left,
            "destroy_reason": self.destroy_reason,
            "destroy_kind": self.destroy_kind.value if self.destroy_kind is not None else "",
            "destroy_mode": self._destroy_mode,
            "after_destroy": self._after_destroy,
            "pending_pass": self._pending_pass,
            "encounter": None if self._encounter is None else dict(self._encounter),
            "tower_pending": self._tower_pending,
            "turn_used": self._turn_used,
            "pass_received": self._pass_received,
            "outcome": None if self._outcome is None else self._outcome.to_dict(),
            "history": [A.action_to_dict(a) for a in self._history],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Inverse of `to_dict`; raises ValueError on data that is not a Castellion game."""
        def tiles(items: Iterable[str]) -> list[str]:
            return [parse_tile(t).code for t in items]

        def maybe_tile(code: str | None) -> str | None:
            return None if code is None else parse_tile(code).code

        try:
            if data.get("format") != FORMAT_VERSION:
                raise ValueError(f"unsupported game format {data.get('format')!r}")
            game = cls()
            game.options = cast(GameOptions, dict(data["options"]))
            game.level_spec = _spec_from_dict(data["level_spec"])
            game.variant_id = data["variant_id"]
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
            game.phase = str(data["phase"])
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
        if game.phase not in DECISIONS:
            raise ValueError(f"not a Castellion game: unknown phase {game.phase!r}")
        if len(game._castles) != game.options.get("players") or len(game._prison) != 9:
            raise ValueError("not a Castellion game: castles or prison of the wrong size")
        return game

    def copy(self) -> Self:
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.options = self.options.copy()
        other._cards = list(self._cards)
        other._face_up = list(self._face_up)
        other._traitors = [list(t) for t in self._traitors]
        other._passed = list(self._passed)
        other._rng = SeededRandom(self._rng.state)
        other._piles = {p: list(v) for p, v in self._piles.items()}
        other._revealed = list(self._revealed)
        other._discard = list(self._discard)
        other._removed = list(self._removed)
        other._castles = list(self._castles)
        other._pantry = [list(s) for s in self._pantry]
        other._prison = list(self._prison)
        other._encounter = None if self._encounter is None else self._encounter.copy()
        other._history = list(self._history)
        other._legal_cache = None
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SnapshotMixin) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<Game {self.level} seed={self.seed} turn={self.turn} phase={self.phase} "
                f"held={self.held}>")


def _spec_to_dict(spec: LevelSpec) -> dict[str, Any]:
    d = asdict(spec)
    d["ordeal_slots"] = [list(s) for s in spec.ordeal_slots]
    return d


def _spec_from_dict(d: Mapping[str, Any]) -> LevelSpec:
    d = dict(d)
    d["ordeal_slots"] = tuple(tuple(s) for s in d["ordeal_slots"])
    return LevelSpec(**d)
