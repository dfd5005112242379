"""Saved games: versioned JSON documents replayed through the rules engine.

A save holds *what was decided*, not a snapshot: the game options (and seed), the list of actions,
and a hash of the state those actions lead to. Loading builds `new_game(**options)`, applies every
action (through a `Session`, so the undo history since the last information barrier comes back
too) and checks the hash. A hand-edited, truncated or foreign file can therefore never produce an
impossible game: it is reported as damaged, with the reason, and left exactly as it is.

Document (format 1)::

    {"castellion": "save", "format": 1, "program": "0.1.0", "saved_at": "2025-…Z",
     "game_id": "…", "options": {"level": …, "seed": …, "players": …, "variant": …, "pantry": …},
     "seed": 1234, "actions": [{"type": "DrawTile", "pile": "regular"}, …],
     "state_hash": "<sha256 hex of the canonical JSON of game.to_dict()>",
     "undos": 0, "abandoned": false, "player_names": ["Anna", "Ben"]}

Files: `saves/<name>.json`; the previous version of each file is kept as `<name>.json.bak`. The
automatic save is `saves/autosave.json` (see `castellion.persistence.autosave` for what happens
when that file is damaged). Names beginning with "autosave" are reserved for it.

Damaged files are listed (`SaveInfo.ok` false, `problem` a reason code, `message` in words, and
`backup` the `.bak` when that one is valid), never deleted, renamed or overwritten by the program;
only an explicit `delete_save` removes them. The upgrade path: `upgrade(doc)` runs the functions of
`UPGRADES` (one per old format version, each turning version v into v+1) before a document is read.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from castellion import __version__
from castellion.rules import Game, IllegalAction, format_castle, new_game
from castellion.rules import actions as A
from castellion.session import Session

from . import datadir
from .atomic import (PersistenceError, StorageError, atomic_write_bytes, backup_path, is_temp_name,
                     storage_error)

FORMAT_VERSION = 1
MAGIC = "save"  # the value of the "castellion" key that marks one of our saves
AUTOSAVE = "autosave"
EXTENSION = ".json"
MAX_BYTES = 8 * 1024 * 1024  # a real save is a few kB; refuse to parse monsters
NAME_MAX = 40

# UPGRADES[v] turns a version-v document into a version v+1 document (pure dict -> dict). Only
# version 1 exists so far; the first format change adds UPGRADES[1] and bumps FORMAT_VERSION.
# NB: a change to `Game.to_dict()` or to the level data changes the state hash of every old save:
# such a change must bump FORMAT_VERSION with an upgrade that recomputes "state_hash" by replay.
UPGRADES: dict[int, Callable[[dict], dict]] = {}

# Reason codes of DamagedSave.problem / SaveInfo.problem
PROBLEMS = ("missing", "not_a_file", "unreadable", "too_large", "empty", "truncated", "corrupt",
            "foreign", "newer", "malformed", "illegal", "hash_mismatch")


class DamagedSave(PersistenceError):
    """A file that cannot be loaded as a save. `problem` is one of `PROBLEMS`."""

    def __init__(self, message: str, *, path: Path | str | None = None, problem: str) -> None:
        super().__init__(message, path=path)
        self.problem = problem


class SaveRefused(PersistenceError):
    """A save request that would harm something (bad name, or a damaged file in the way)."""


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
    outcome: str | None = None  # "won" | "lost" | None (still going)
    outcome_reason: str | None = None
    abandoned: bool = False
    actions: int = 0
    castles: tuple[str, ...] = ()  # castle notation, one per player: the thumbnail's data
    backup: "SaveInfo | None" = None  # for a damaged save: its valid .bak, if any

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
    document: dict = field(repr=False)

    @property
    def game(self) -> Game:
        return self.session.game


# ------------------------------------------------------------------ hashing and documents
def state_hash(game: Game) -> str:
    """sha256 of the canonical JSON of `game.to_dict()`."""
    canonical = json.dumps(game.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def document_for(session: Session, *, abandoned: bool = False) -> dict:
    """The save document of `session` (pure: no I/O)."""
    game = session.game
    return {
        "castellion": MAGIC,
        "format": FORMAT_VERSION,
        "program": __version__,
        "saved_at": _now(),
        "game_id": session.game_id,
        "options": dict(game.options),
        "seed": game.seed,
        "actions": [A.action_to_dict(a) for a in game.history],
        "state_hash": state_hash(game),
        "undos": session.undos,
        "abandoned": bool(abandoned),
        "player_names": list(session.player_names),
    }


def encode(doc: dict) -> bytes:
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


def upgrade(doc: dict) -> dict:
    """Bring a document of an older format up to `FORMAT_VERSION` (see `UPGRADES`).

    Raises `DamagedSave` ("newer") for a format this program does not know yet, ("malformed") for
    a format number that is not a positive integer or has no upgrade path.
    """
    version = doc.get("format")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DamagedSave(f"the save's format number {version!r} is not valid",
                          problem="malformed")
    if version > FORMAT_VERSION:
        raise DamagedSave(f"it was written by a newer Castellion (save format {version}, program "
                          f"{doc.get('program', '?')}); this is version {__version__} — update the "
                          "game to open it", problem="newer")
    while version < FORMAT_VERSION:
        step = UPGRADES.get(version)
        if step is None:
            raise DamagedSave(f"save format {version} cannot be upgraded", problem="malformed")
        doc = step(dict(doc))
        if doc.get("format") != version + 1:
            raise DamagedSave(f"the upgrade from format {version} failed", problem="malformed")
        version += 1
    return doc


# ------------------------------------------------------------------ reading
def read_document(path: Path | str) -> dict:
    """The JSON document at `path`, upgraded to the current format; raises `DamagedSave`."""
    path = Path(path)
    try:
        st = os.stat(path)
    except FileNotFoundError as exc:
        raise DamagedSave("there is no such save", path=path, problem="missing") from exc
    except OSError as exc:
        raise DamagedSave(f"it cannot be read: {exc.strerror or exc}", path=path,
                          problem="unreadable") from exc
    if not os.path.isfile(path):
        raise DamagedSave("it is a folder (or device), not a save file", path=path,
                          problem="not_a_file")
    if st.st_size > MAX_BYTES:
        raise DamagedSave(f"it is far too large for a save ({st.st_size} bytes)", path=path,
                          problem="too_large")
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DamagedSave(f"it cannot be read: {exc.strerror or exc}", path=path,
                          problem="unreadable") from exc
    return parse_document(raw, path=path)


def parse_document(raw: bytes, *, path: Path | str | None = None) -> dict:
    """Parse and upgrade a save document from bytes; raises `DamagedSave`."""
    if not raw.strip():
        raise DamagedSave("the file is empty", path=path, problem="empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DamagedSave("the file is not text (corrupt)", path=path, problem="corrupt") from exc
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        # The parser reached the end while a value was still open: the file was cut short.
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise DamagedSave("the file ends abruptly (truncated — an interrupted copy?)",
                              path=path, problem="truncated") from exc
        raise DamagedSave(f"the file is corrupt (not valid JSON: {exc.msg} at line {exc.lineno})",
                          path=path, problem="corrupt") from exc
    except RecursionError as exc:
        raise DamagedSave("the file is corrupt (nested too deeply)", path=path,
                          problem="corrupt") from exc
    if not isinstance(doc, dict) or doc.get("castellion") != MAGIC:
        raise DamagedSave("it is not a Castellion save", path=path, problem="foreign")
    try:
        return upgrade(doc)
    except DamagedSave as exc:
        exc.path = Path(path) if path is not None else None
        raise


def _malformed(what: str, path: Path | None) -> DamagedSave:
    return DamagedSave(f"the save is malformed: {what}", path=path, problem="malformed")


def replay(doc: dict, *, path: Path | str | None = None, undo_allowed: bool = True) -> Session:
    """Rebuild the session a (current-format) document describes and check its state hash.

    Raises `DamagedSave`: "malformed" (missing or ill-typed fields), "illegal" (an action the rules
    refuse), "hash_mismatch" (the actions lead elsewhere than the saved state: edited by hand).
    """
    p = Path(path) if path is not None else None
    options = doc.get("options")
    actions = doc.get("actions")
    expected = doc.get("state_hash")
    if not isinstance(options, dict) or not isinstance(actions, list):
        raise _malformed("no options or no action list", p)
    if not isinstance(expected, str):
        raise _malformed("no state hash", p)
    if "seed" in doc and doc["seed"] != options.get("seed"):
        raise _malformed("the seed does not match the game options", p)
    undos = doc.get("undos", 0)
    if not isinstance(undos, int) or isinstance(undos, bool) or undos < 0:
        undos = 0
    game_id = doc.get("game_id")
    if not isinstance(game_id, str) or not game_id:
        game_id = None
    allowed = {"level", "seed", "players", "variant", "pantry"}
    if not set(options) <= allowed or "level" not in options or "seed" not in options:
        raise _malformed(f"unknown game options {sorted(set(options) - allowed)}", p)
    try:
        game = new_game(**options)
    except (ValueError, TypeError, KeyError) as exc:
        raise _malformed(f"the game options are not valid ({exc})", p) from exc
    names = doc.get("player_names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        names = []  # an optional nicety: a bad value costs the names, not the game
    session = Session(game, undo_allowed=undo_allowed, game_id=game_id, undos=undos,
                      player_names=tuple(n[:40] for n in names[:2]))
    for number, data in enumerate(actions, 1):
        try:
            if not isinstance(data, dict):
                raise ValueError(f"action {number} is not an action")
            action = A.action_from_dict(data)
            session.apply(action)
        except IllegalAction as exc:
            raise DamagedSave(f"action {number} of {len(actions)} is not legal there ({exc}) — "
                              "the file was edited or comes from a different rules version",
                              path=p, problem="illegal") from exc
        except (ValueError, TypeError, KeyError) as exc:
            raise _malformed(f"action {number}: {exc}", p) from exc
    if state_hash(session.game) != expected:
        raise DamagedSave("its contents do not match its check-sum (edited by hand?)", path=p,
                          problem="hash_mismatch")
    return session


# ------------------------------------------------------------------ names and paths
_RESERVED_WINDOWS = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)),
                     *(f"lpt{i}" for i in range(1, 10))}
_AUTOSAVE_RE = re.compile(r"^autosave(-\d+)?$", re.IGNORECASE)
_NAME_PUNCT = set(" -_'(),!&+")


def is_automatic(name: str) -> bool:
    return bool(_AUTOSAVE_RE.match(name))


def name_problem(name: str) -> str | None:
    """Why `name` cannot name a save slot (in words), or None when it can."""
    if not isinstance(name, str) or not name.strip():
        return "Give the save a name."
    if name != name.strip():
        return "A save name may not begin or end with a space."
    if len(name) > NAME_MAX:
        return f"A save name has at most {NAME_MAX} characters."
    bad = sorted({ch for ch in name if not (ch.isalnum() or ch in _NAME_PUNCT)})
    if bad:
        return "A save name may hold letters, digits, spaces and - _ ' ( ) , ! & + only (not " + \
            " ".join(bad) + ")."
    if is_automatic(name):
        return "Names beginning with 'autosave' are kept for the automatic save."
    if name.lower() in _RESERVED_WINDOWS:
        return f"'{name}' is a reserved name on some systems; choose another."
    return None


def save_path(name: str) -> Path:
    """The file of save `name` (no check on the name: see `name_problem`)."""
    return datadir.saves_dir() / (name + EXTENSION)


def autosave_path(index: int = 0) -> Path:
    """`saves/autosave.json`, or the alternates `autosave-<index>.json` (used while the main one
    is damaged — see autosave.py)."""
    return save_path(AUTOSAVE if index == 0 else f"{AUTOSAVE}-{index}")


# ------------------------------------------------------------------ information
def _info_from_session(name: str, path: Path, doc: dict, session: Session, mtime: float) -> SaveInfo:
    game = session.game
    outcome = game.outcome
    ordeals = game.ordeals
    saved_at = doc.get("saved_at")
    return SaveInfo(
        name=name, path=path, automatic=is_automatic(name), ok=True, modified=mtime,
        saved_at=saved_at if isinstance(saved_at, str) else None,
        program=str(doc.get("program", "")) or None, game_id=session.game_id,
        level=game.level, variant=game.options.get("variant"), players=game.players,
        seed=game.seed, turn=game.turn, phase=game.phase,
        ordeals_passed=sum(1 for o in ordeals if o.passed), ordeals_total=len(ordeals),
        outcome=outcome.result if outcome else None,
        outcome_reason=outcome.reason if outcome else None,
        abandoned=doc.get("abandoned") is True, actions=len(game.history),
        castles=tuple(format_castle(game.castle(p)) for p in range(game.players)))


def _mtime(path: Path) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0


def load_path(path: Path | str, *, undo_allowed: bool = True, name: str | None = None) -> LoadedSave:
    """Load the save at `path`; raises `DamagedSave` (with `problem`) when it cannot be."""
    path = Path(path)
    if name is None:
        name = path.name[:-len(EXTENSION)] if path.name.endswith(EXTENSION) else path.stem
    doc = read_document(path)
    session = replay(doc, path=path, undo_allowed=undo_allowed)
    return LoadedSave(session, _info_from_session(name, path, doc, session, _mtime(path)), doc)


def inspect(path: Path | str, *, with_backup: bool = True) -> SaveInfo:
    """The `SaveInfo` of the file at `path`, damaged or not (never raises, never writes)."""
    path = Path(path)
    name = path.name[:-len(EXTENSION)] if path.name.endswith(EXTENSION) else path.stem
    try:
        return load_path(path, name=name).info
    except DamagedSave as exc:
        problem, message = exc.problem, exc.message
    except Exception as exc:  # noqa: BLE001 — a save file must never crash the listing
        problem, message = "malformed", f"it could not be read ({type(exc).__name__}: {exc})"
    backup = None
    if with_backup:
        b = inspect(backup_path(path), with_backup=False)
        backup = b if b.ok else None
    return SaveInfo(name=name, path=path, automatic=is_automatic(name), ok=False,
                    problem=problem, message=message, modified=_mtime(path), backup=backup)


def list_saves() -> list[SaveInfo]:
    """Every save in `saves/`, newest first — damaged ones included (`ok` false).

    A missing saves folder is an empty list. Raises `StorageError` when the folder exists but
    cannot be read (no permission, or it is a file). Never writes anything.
    """
    folder = datadir.saves_dir()
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise storage_error(exc, folder, "read the saves folder") from exc
    infos = [inspect(Path(e.path)) for e in entries
             if e.name.endswith(EXTENSION) and not is_temp_name(e.name)
             and not e.name.startswith(".")]
    infos.sort(key=lambda i: i.sort_key, reverse=True)
    return infos


def has_saves() -> bool:
    """Whether any save file exists (cheap: no replay). Never raises."""
    try:
        return any(e.name.endswith(EXTENSION) and not e.name.startswith(".")
                   for e in os.scandir(datadir.saves_dir()))
    except OSError:
        return False


# ------------------------------------------------------------------ the player's operations
def load_save(name: str, *, backup: bool = False, undo_allowed: bool = True,
              new_attempt: bool = True) -> LoadedSave:
    """Open save `name` (its `.bak` with `backup=True`).

    `new_attempt=True` (opening a named save from the list) gives the session a fresh `game_id`,
    so that playing on from a save counts as a new game in the statistics; Continue keeps the id
    (see autosave.continue_game). Raises `DamagedSave` (with `problem`, "missing" included).
    """
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
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise storage_error(exc, path.parent, "create the folder") from exc
    atomic_write_bytes(path, encode(document_for(session, abandoned=abandoned)), backup=True)


def save_exists(name: str) -> bool:
    return os.path.lexists(save_path(name))


def save_slot(name: str, session: Session) -> SaveInfo:
    """Save `session` under `name` (overwriting a valid save of that name; the UI asks first).

    Raises `SaveRefused` for an unusable name or when a damaged file (or folder) of that name is
    in the way — it is never overwritten; `StorageError` when the disk refuses.
    """
    problem = name_problem(name)
    if problem:
        raise SaveRefused(problem)
    path = save_path(name)
    if os.path.lexists(path):
        current = inspect(path, with_backup=False)
        if not current.ok:
            raise SaveRefused(f"A damaged save called '{name}' is in the way ({current.message}); "
                              "it is kept untouched. Choose another name, or delete it first.",
                              path=path)
    write_save(path, session)
    return inspect(path, with_backup=False)


def delete_save(name: str) -> None:
    """Delete save `name` and its backup (the player's explicit choice; damaged files too).

    Raises `StorageError` when the disk refuses; a missing file is not an error.
    """
    path = save_path(name)
    for p in (path, backup_path(path)):
        try:
            if p.is_dir() and not p.is_symlink():
                os.rmdir(p)  # only an empty folder: never delete a tree the player put there
            else:
                os.unlink(p)
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise storage_error(exc, p, "delete") from exc


__all__ = [
    "AUTOSAVE", "FORMAT_VERSION", "UPGRADES", "DamagedSave", "LoadedSave", "SaveInfo",
    "SaveRefused", "StorageError", "autosave_path", "delete_save", "document_for", "encode",
    "has_saves", "inspect", "is_automatic", "list_saves", "load_path", "load_save",
    "name_problem", "parse_document", "read_document", "replay", "save_exists", "save_path",
    "save_slot", "state_hash", "upgrade", "write_save",
]
