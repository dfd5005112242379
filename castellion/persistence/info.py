"""What a save file is, in one line of the saves list (`SaveInfo`), and a save read back
(`LoadedSave`). `summary_info` builds a line from a document's unverified "summary" header."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from castellion.rules import Game, Result
from castellion.session import Session

from .names import is_automatic
from .reader import printable
from .replay import Document


@dataclass(frozen=True)
class SaveInfo:
    """One line of the saves list. For damaged files only `name`, `path`, `problem`, `message`,
    `modified` and `backup` are meaningful."""

    name: str
    path: Path
    automatic: bool
    ok: bool
    problem: str | None = None
    message: str | None = None
    modified: float = 0.0  # mtime, seconds since the epoch
    saved_at: str | None = None  # ISO 8601, UTC
    program: str | None = None
    game_id: str | None = None
    level: str | None = None
    variant: str | None = None
    players: int | None = None
    seed: int | None = None
    turn: int | None = None
    phase: str | None = None
    ordeals_passed: int = 0
    ordeals_total: int = 0
    outcome: Result | None = None  # None: still going
    outcome_rule: str | None = None  # the rule id that decided it (`Outcome.rule`), e.g. "R-O5"
    abandoned: bool = False
    actions: int = 0
    castles: tuple[str, ...] = ()  # castle notation, one per player: the thumbnail's data
    backup: SaveInfo | None = None  # for a damaged save: its valid .bak, if any
    verified: bool = True  # False: read from the file's summary, not yet replayed (see list_saves)

    @property
    def display_name(self) -> str:
        """`name` as any font can draw it (a file name need not be valid text)."""
        return printable(self.name)

    @property
    def finished(self) -> bool:
        return self.outcome is not None or self.abandoned

    @property
    def sort_key(self) -> tuple[str, float]:
        return (self.saved_at or "", self.modified)


@dataclass
class LoadedSave:
    """A save read back: the resumed `session` (undo history since the last barrier included)."""

    session: Session
    info: SaveInfo
    document: Document = field(repr=False)

    @property
    def game(self) -> Game:
        return self.session.game


def saved_time(value: object) -> datetime | None:
    """A document's "saved_at" when it is a sane ISO 8601 time (years 1971-3000), else None: a
    hand-edited year 1 or 99999 must not break a date conversion."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        stamp = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return stamp if 1971 <= stamp.year <= 3000 else None


class _Unusable(ValueError):
    """A summary field of the wrong type: the summary is not used (the row is replayed)."""


def _field(summary: dict[str, Any], key: str, kind: type) -> Any:
    """`summary[key]` when it is None or of `kind` (never a bool for an int), else `_Unusable`."""
    value = summary.get(key)
    if value is None or (isinstance(value, kind) and not isinstance(value, bool)):
        return value
    raise _Unusable(key)


def _result(summary: dict[str, Any]) -> Result | None:
    value = summary.get("outcome")
    try:
        return None if value is None else Result(value)
    except (ValueError, TypeError):
        raise _Unusable("outcome") from None


def _summary_info(path: Path, name: str, doc: Document) -> SaveInfo | None:
    """A SaveInfo from the document's "summary" (not replayed: `verified` false), or None when
    it has none or it does not look right."""
    summary = doc.get("summary")
    options = doc.get("options")
    if not isinstance(summary, dict) or not isinstance(options, dict):
        return None
    castles = summary.get("castles")
    if not isinstance(castles, list) or not all(isinstance(c, str) for c in castles):
        return None
    try:
        saved_at, program, game_id = (doc.get(k) for k in ("saved_at", "program", "game_id"))
        actions = doc.get("actions")
        seed = options.get("seed")
        return SaveInfo(
            name=name, path=path, automatic=is_automatic(name), ok=True, modified=_mtime(path),
            saved_at=saved_at if saved_time(saved_at) is not None else None,
            program=printable(program)[:40] if isinstance(program, str) else None,
            game_id=game_id if isinstance(game_id, str) else None,
            level=_field(summary, "level", str), variant=_field(summary, "variant", str),
            players=_field(summary, "players", int), seed=seed if isinstance(seed, int) else None,
            turn=_field(summary, "turn", int), phase=_field(summary, "phase", str),
            ordeals_passed=_field(summary, "ordeals_passed", int) or 0,
            ordeals_total=_field(summary, "ordeals_total", int) or 0,
            outcome=_result(summary), outcome_rule=_field(summary, "outcome_rule", str),
            abandoned=doc.get("abandoned") is True,
            actions=len(actions) if isinstance(actions, list) else 0,
            castles=tuple(castles[:2]), verified=False)
    except _Unusable:
        return None


def _mtime(path: Path) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0
