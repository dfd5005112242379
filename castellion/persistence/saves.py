"""Saved games: versioned JSON documents of what was decided (options, seed, actions, a state
hash), replayed through the rules when read (`replay.py`), upgraded from older formats
(`formats.py`). The format, the listing and the damaged-file policy: docs/persistence.md.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import uuid
from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from castellion import __version__
from castellion.rules import Game, format_castle
from castellion.rules import actions as A
from castellion.session import Session

from . import datadir, store
from .atomic import backup_path, is_temp_name
from .errors import DamagedSave, Doing, PersistenceError, Reason, storage_error
from .formats import SAVE_FORMAT, upgrade
from .info import LoadedSave, SaveInfo, _mtime, _summary_info
from .names import (
    EXTENSION,
    SaveRefused,
    existing_name,
    is_automatic,
    keep_private,
    name_problem,
    normalise_name,
    save_path,
)
from .reader import Damaged, parse_json, printable, read_bytes
from .replay import Document, canonical_hash, replay
from .rules_data import rules_data_digest

MAGIC = "save"  # the value of the "castellion" key that marks one of our saves
# A real save is 1.4-7 kB (18 random games of every level, up to 133 actions); a larger file is
# refused from its size alone, unread (docs/persistence.md, "Reads").
MAX_BYTES = 2 * 1024 * 1024


class Summary(TypedDict):
    """What the saves list shows of a game without replaying it (`summary_of`): not covered by
    the state hash, replaced by the replayed values as soon as a row is verified."""

    level: str
    variant: str | None
    players: int
    turn: int
    phase: str
    ordeals_passed: int
    ordeals_total: int
    outcome: str | None  # a `Result` value
    outcome_rule: str | None  # `Outcome.rule`
    castles: list[str]


class EndMark(TypedDict):
    """An ended game's mark in its save (`"ended"`, near the file's start: `ends.end_mark` reads
    it without reading the rest): the local day its end was seen and its `stats.game_key`."""

    day: str  # YYYY-MM-DD
    key: str


class Snapshot(TypedDict):
    """What a save of a session needs, taken on the main thread (`snapshot`)."""

    state: dict[str, Any]
    history: tuple[A.Action, ...]
    options: dict[str, object]
    seed: int
    game_id: str
    undos: int
    hints: int
    abandoned: bool
    player_names: list[str]
    summary: Summary
    saved_at: str
    ended: NotRequired[EndMark]  # the autosave of an ended game (autosave.Autosaver)


# ------------------------------------------------------------------ documents
def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def snapshot(session: Session, *, abandoned: bool = False) -> Snapshot:
    """What a save of `session` needs, taken now on the caller's thread (the game keeps moving):
    the state as plain data and the history. `document_from(snapshot)` — pure, safe on another
    thread — turns it into the document. Costs ~0.3 ms, most of it `Game.to_dict()`."""
    game = session.game
    return {"state": game.to_dict(), "history": tuple(game.history), "options": dict(game.options),
            "seed": game.seed, "game_id": session.game_id, "undos": session.undos, "hints": session.hints,
            "abandoned": bool(abandoned), "player_names": list(session.player_names),
            "summary": summary_of(game), "saved_at": _now()}


def document_from(snap: Snapshot) -> Document:
    """The save document of a `snapshot` (pure: no I/O). An ended game's mark comes right after
    `saved_at`, within the file's first bytes (see `EndMark`)."""
    head: Document = {
        "castellion": MAGIC,
        "format": SAVE_FORMAT,
        "program": __version__,
        "saved_at": snap["saved_at"],
    }
    if "ended" in snap:
        head["ended"] = dict(snap["ended"])
    return head | {
        "game_id": snap["game_id"],
        "options": snap["options"],
        "rules_data": rules_data_digest(str(snap["options"]["level"])),
        "seed": snap["seed"],
        "actions": [A.action_to_dict(a) for a in snap["history"]],
        "state_hash": canonical_hash(snap["state"]),
        "undos": snap["undos"],
        "hints": snap["hints"],
        "abandoned": snap["abandoned"],
        "player_names": snap["player_names"],
        "summary": snap["summary"],
    }


def document_for(session: Session, *, abandoned: bool = False) -> Document:
    """The save document of `session` (pure: no I/O)."""
    return document_from(snapshot(session, abandoned=abandoned))


def summary_of(game: Game) -> Summary:
    """What the saves list shows of a game (unverified display data; see the module docstring)."""
    outcome = game.outcome
    return {"level": game.level, "variant": game.options.get("variant"), "players": game.players,
            "turn": game.turn, "phase": str(game.phase),
            "ordeals_passed": sum(1 for o in game.ordeals if o.passed),
            "ordeals_total": len(game.ordeals),
            "outcome": outcome.result.value if outcome else None,
            "outcome_rule": outcome.rule if outcome else None,
            "castles": [format_castle(game.castle(p)) for p in range(game.players)]}


def encode(doc: Mapping[str, Any]) -> bytes:
    """Readable JSON: one key per line, one action per line."""
    lines = []
    for key, value in doc.items():
        if key == "actions":
            inner = ",\n".join("  " + json.dumps(a, ensure_ascii=False) for a in value)
            text = "[\n" + inner + "\n ]" if value else "[]"
        else:
            text = json.dumps(value, ensure_ascii=False, sort_keys=True)
        lines.append(f" {json.dumps(key)}: {text}")
    return ("{\n" + ",\n".join(lines) + "\n}\n").encode("utf-8")


# ------------------------------------------------------------------ reading
def read_document(path: Path | str) -> Document:
    """The JSON document at `path`, upgraded to the current format; raises `DamagedSave`.
    Read by the hardened reader: never blocks on a pipe, never reads more than `MAX_BYTES`."""
    path = Path(path)
    return parse_document(_read_raw(path), path=path)


def _damaged_file(exc: Damaged, path: Path) -> DamagedSave:
    reason = {"missing": "there is no such save",
              "not_a_file": "it is a folder (or device), not a save file"}.get(exc.problem, exc.reason)
    if exc.problem == "too_large":
        reason = reason.replace("far too large", "far too large for a save")
    return DamagedSave(reason, path=path, problem=exc.problem)


def parse_document(raw: bytes, *, path: Path | str | None = None) -> Document:
    """Parse and upgrade a save document from bytes; raises `DamagedSave` (and nothing else)."""
    try:
        doc = parse_json(raw)
    except Damaged as exc:
        raise DamagedSave(exc.reason, path=path, problem=exc.problem) from exc
    if not isinstance(doc, dict) or doc.get("castellion") != MAGIC:
        raise DamagedSave("it is not a Castellion save", path=path, problem="foreign")
    try:
        return upgrade(doc)
    except DamagedSave as exc:
        exc.path = Path(path) if path is not None else None
        raise
    except Exception as exc:  # noqa: BLE001 — an upgrade step meeting a hostile document
        raise DamagedSave(f"the save cannot be upgraded ({printable(exc)})", path=path,
                          problem="malformed") from exc


# ------------------------------------------------------------------ information
def _info_from_session(name: str, path: Path, doc: Document, session: Session) -> SaveInfo:
    """The verified line of a replayed save: its summary made again from the replayed game."""
    game = session.game
    info = _summary_info(path, name, doc | {"summary": summary_of(game), "options": {"seed": game.seed},
                                            "game_id": session.game_id, "actions": list(game.history)})
    assert info is not None  # a summary of its own making always reads
    return replace(info, verified=True)


# The verified SaveInfo of each (file, content) seen: replaying is what costs (ms per save),
# reading a few kB is cheap — so the key is the content's digest, which no coarse file-system
# clock can fool (a file rewritten within one mtime tick with the same size is still re-read).
_CACHE_MAX = 1024
_cache: dict[tuple[str, bytes], SaveInfo] = {}
_cache_guard = threading.Lock()


def _cached(path: Path, raw: bytes, info: SaveInfo | None = None) -> SaveInfo | None:
    """The verified `SaveInfo` of this very content of `path` (None when never replayed); with
    `info`, remember it."""
    key = (os.fspath(path), hashlib.blake2b(raw, digest_size=16).digest())
    with _cache_guard:
        if info is None:
            return _cache.get(key)
        if len(_cache) >= _CACHE_MAX:
            del _cache[next(iter(_cache))]
        _cache[key] = info
        return info


def _name_of(path: Path) -> str:
    return path.name[:-len(EXTENSION)] if path.name.endswith(EXTENSION) else path.stem


def _read_raw(path: Path) -> bytes:
    try:
        return read_bytes(path, MAX_BYTES)
    except Damaged as exc:
        raise _damaged_file(exc, path) from exc


def load_path(path: Path | str, *, undo_allowed: bool = True, name: str | None = None) -> LoadedSave:
    """Load the save at `path`; raises `DamagedSave` (with `problem`) when it cannot be — and
    nothing else, whatever the file holds."""
    path = Path(path)
    if name is None:
        name = _name_of(path)
    raw = _read_raw(path)
    doc = parse_document(raw, path=path)
    try:
        session = replay(doc, path=path, undo_allowed=undo_allowed)
    except DamagedSave:
        raise
    except Exception as exc:  # noqa: BLE001 — a file must never crash whoever opens it
        raise DamagedSave(f"it could not be read ({type(exc).__name__}: {printable(exc)[:200]})",
                          path=path, problem="malformed") from exc
    info = _info_from_session(name, path, doc, session)
    _cached(path, raw, info)
    return LoadedSave(session, info, doc)


def _damaged_info(path: Path, name: str, exc: DamagedSave, with_backup: bool) -> SaveInfo:
    backup = None
    if with_backup:
        b = inspect(backup_path(path), with_backup=False)
        backup = b if b.ok else None
    return SaveInfo(name=name, path=path, automatic=is_automatic(name), ok=False,
                    problem=exc.problem, message=printable(exc.message), modified=_mtime(path),
                    backup=backup)


def inspect(path: Path | str, *, with_backup: bool = True) -> SaveInfo:
    """The verified `SaveInfo` of the file at `path`, damaged or not (never raises, never
    writes). A file already replayed with the same content is not replayed again."""
    path = Path(path)
    name = _name_of(path)
    try:
        known = _cached(path, _read_raw(path))
        if known is not None:
            return known
        return load_path(path, name=name).info
    except DamagedSave as exc:
        return _damaged_info(path, name, exc, with_backup)


def header_info(path: Path | str) -> SaveInfo:
    """A quick `SaveInfo` of the file at `path`: verified when this content was replayed before,
    else read from its summary without replaying (`verified` false), else `inspect`. A file that
    does not even parse is reported damaged at once. Never raises, never writes."""
    path = Path(path)
    name = _name_of(path)
    try:
        raw = _read_raw(path)
        known = _cached(path, raw)
        if known is not None:
            return known
        info = _summary_info(path, name, parse_document(raw, path=path))
    except DamagedSave as exc:
        return _damaged_info(path, name, exc, True)
    return info if info is not None else inspect(path)


def save_files() -> list[Path]:
    """The save files of `saves/` (no backups, temporary or hidden files). [] without a folder;
    raises `StorageError` when the folder cannot be read."""
    folder = datadir.saves_dir()
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise storage_error(exc, folder, Doing.READ_FOLDER) from exc
    # A name beginning with "." is listed too ("..json" is the save "."): only our own
    # temporary files are left out (claims end in ".lock", backups in ".bak").
    files = [Path(e.path) for e in entries
             if e.name.endswith(EXTENSION) and not is_temp_name(e.name)]
    for path in files:
        keep_private(_name_of(path))
    return files


def list_saves(*, verify: bool = True) -> list[SaveInfo]:
    """Every save in `saves/`, newest first, damaged ones included (`ok` false); with
    `verify=False` from their headers only (`header_info`). [] without a folder; raises
    `StorageError` when it cannot be read. Never writes."""
    reader = inspect if verify else header_info
    infos = [reader(path) for path in save_files()]
    infos.sort(key=lambda i: i.sort_key, reverse=True)
    return infos


def own_save_names() -> list[str]:
    """The names of the player's own saves (not the automatic ones), newest file first — from the
    folder's listing alone (names and modification times: no file is read, however large).
    Raises `StorageError` when the folder cannot be read."""
    files = [p for p in save_files() if not is_automatic(_name_of(p))]
    files.sort(key=_mtime, reverse=True)
    return [_name_of(p) for p in files]


def has_saves() -> bool:
    """Whether any save file exists (cheap: no file read). Never raises."""
    try:
        return bool(save_files())
    except PersistenceError:
        return False


# ------------------------------------------------------------------ the player's operations
def load_save(name: str, *, backup: bool = False, undo_allowed: bool = True,
              new_attempt: bool = True) -> LoadedSave:
    """Open save `name` (its `.bak` with `backup=True`), found in the form the file has
    (`existing_name`). `new_attempt` (a named save opened from the list) gives a fresh `game_id`: a
    new game in the statistics; Continue keeps it. Raises `DamagedSave` ("missing" included)."""
    name = existing_name(name)
    path = save_path(name)
    if backup:
        path = backup_path(path)
    loaded = load_path(path, undo_allowed=undo_allowed, name=name)
    if new_attempt:
        loaded.session.game_id = uuid.uuid4().hex
        loaded.session.undos = 0
    return loaded


def write_save(path: Path | str, session: Session, *, abandoned: bool = False) -> None:
    """Write `session` to `path` atomically, keeping the previous file as `.bak`.

    Raises `StorageError`. Does not check for a damaged file in the way: callers do.
    """
    write_snapshot(path, snapshot(session, abandoned=abandoned))


def write_snapshot(path: Path | str, snap: Snapshot) -> None:
    """`write_save` of a `snapshot` taken earlier (the background writer's half)."""
    store.put(Path(path), encode(document_from(snap)))


def save_exists(name: str) -> bool:
    """Whether a file (of any kind) stands under save name `name` (NFC). Never raises."""
    try:
        return os.path.lexists(save_path(normalise_name(name)))
    except SaveRefused:
        return False


def save_slot(name: str, session: Session) -> SaveInfo:
    """Save `session` under `name` in its NFC form, over a valid save of that name (the UI asks
    first). Raises `SaveRefused` for an unusable name or a damaged file in the way (never
    overwritten), `StorageError` when the disk refuses."""
    name = normalise_name(name)
    problem = name_problem(name)
    if problem:
        raise SaveRefused(str(problem), reason=problem.reason, params=problem.params)
    path = save_path(name)
    if os.path.lexists(path):
        current = inspect(path, with_backup=False)
        if not current.ok:
            raise SaveRefused(f"a damaged save is in the way ({current.message})", path=path,
                              reason=Reason.DAMAGED_IN_THE_WAY,
                              params={"name": printable(name), "problem": current.problem or "corrupt"})
    write_save(path, session)
    return inspect(path, with_backup=False)


def delete_save(name: str) -> None:
    """Delete save `name` and its backup (the player's choice; damaged files too; a link, never
    what it leads to), found in the form the file has (`existing_name`). Raises `SaveRefused` for a
    name that is not a plain file name of the folder, `StorageError` when the disk refuses."""
    from .lock import data_lock

    path = save_path(existing_name(name))
    with data_lock():
        for p in (path, backup_path(path)):
            try:
                if os.path.isdir(p) and not os.path.islink(p):
                    os.rmdir(p)  # only an empty folder: never delete a tree the player put there
                else:
                    os.unlink(p)
            except FileNotFoundError:
                pass
            except OSError as exc:
                raise storage_error(exc, p, Doing.DELETE) from exc

