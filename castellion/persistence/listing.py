"""The saves list: what the Saves screen, Continue and the autosaver know of the files in `saves/`.

`inspect(path)` replays a file (cached by the digest of its content: a file is replayed once while
it does not change); `header_info(path)` reads only the document's "summary" (`verified` false)
so that 100 saves list in milliseconds; `list_saves(verify=...)` does either for the whole
folder. None of these ever raises on a file's content, and none writes anything. Re-exported by
`saves`, which is the module callers use.
"""

from __future__ import annotations

import os
from pathlib import Path

from . import datadir
from .atomic import backup_path, is_temp_name, storage_error
from .reader import printable
from .saves import (EXTENSION, DamagedSave, SaveInfo, _cached, _digest, _mtime, _name_of,
                    _read_raw, _saved_at, is_automatic, load_path, parse_document)


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
        raw = _read_raw(path)
        known = _cached(path, _digest(raw))
        if known is not None:
            return known
        return load_path(path, name=name).info
    except DamagedSave as exc:
        return _damaged_info(path, name, exc, with_backup)


def _summary_info(path: Path, name: str, doc: dict) -> SaveInfo | None:
    """A SaveInfo from the document's "summary" (not replayed: `verified` false), or None when
    it has none or it does not look right."""
    summary = doc.get("summary")
    options = doc.get("options")
    if not isinstance(summary, dict) or not isinstance(options, dict):
        return None

    def get(key: str, kind: type, default: object = None) -> object:
        value = summary.get(key, default)
        if value is None or (isinstance(value, kind) and not isinstance(value, bool)):
            return value
        raise ValueError(key)

    try:
        castles = summary.get("castles")
        if not isinstance(castles, list) or not all(isinstance(c, str) for c in castles):
            return None
        saved_at, program, game_id = (doc.get(k) for k in ("saved_at", "program", "game_id"))
        actions = doc.get("actions")
        seed = options.get("seed")
        return SaveInfo(
            name=name, path=path, automatic=is_automatic(name), ok=True, modified=_mtime(path),
            saved_at=_saved_at(saved_at),
            program=printable(program)[:40] if isinstance(program, str) else None,
            game_id=game_id if isinstance(game_id, str) else None,
            level=get("level", str), variant=get("variant", str),  # type: ignore[arg-type]
            players=get("players", int), seed=seed if isinstance(seed, int) else None,  # type: ignore[arg-type]
            turn=get("turn", int), phase=get("phase", str),  # type: ignore[arg-type]
            ordeals_passed=get("ordeals_passed", int, 0) or 0,  # type: ignore[arg-type]
            ordeals_total=get("ordeals_total", int, 0) or 0,  # type: ignore[arg-type]
            outcome=get("outcome", str), outcome_reason=get("outcome_reason", str),  # type: ignore[arg-type]
            abandoned=doc.get("abandoned") is True,
            actions=len(actions) if isinstance(actions, list) else 0,
            castles=tuple(castles[:2]), verified=False)
    except ValueError:
        return None


def header_info(path: Path | str) -> SaveInfo:
    """A quick `SaveInfo` of the file at `path`: verified when this content was replayed before,
    else read from its summary without replaying (`verified` false), else `inspect`. A file that
    does not even parse is reported damaged at once. Never raises, never writes."""
    path = Path(path)
    name = _name_of(path)
    try:
        raw = _read_raw(path)
        known = _cached(path, _digest(raw))
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
        raise storage_error(exc, folder, "read the saves folder") from exc
    return [Path(e.path) for e in entries
            if e.name.endswith(EXTENSION) and not is_temp_name(e.name)
            and not e.name.startswith(".")]


def list_saves(*, verify: bool = True) -> list[SaveInfo]:
    """Every save in `saves/`, newest first — damaged ones included (`ok` false).

    `verify=False` reads only each file's header (see `header_info`; the Saves screen then
    verifies the rows it shows): 100 saves list in milliseconds instead of replaying each.
    A missing saves folder is an empty list. Raises `StorageError` when the folder exists but
    cannot be read (no permission, or it is a file). Never writes anything.
    """
    reader = inspect if verify else header_info
    infos = [reader(path) for path in save_files()]
    infos.sort(key=lambda i: i.sort_key, reverse=True)
    return infos


def has_saves() -> bool:
    """Whether any save file exists (cheap: no replay). Never raises."""
    try:
        return any(e.name.endswith(EXTENSION) and not e.name.startswith(".")
                   for e in os.scandir(datadir.saves_dir()))
    except OSError:
        return False
