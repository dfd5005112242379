"""The one document store: every JSON document of the data folder but the saves is read and
written here (docs/persistence.md, "One document store"). A read never raises; every failure of a
write is a `StorageError`.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from .atomic import atomic_write_bytes, backup_path, write_target
from .errors import Doing, PersistenceError, StorageError, storage_error
from .lock import data_lock
from .reader import Damaged, printable, read_json

log = logging.getLogger("castellion.persistence")

T = TypeVar("T")
EMPTY = "is empty"  # a problem that holds nothing worth keeping: replaced, never set aside
_REFUSED = (ValueError, TypeError, KeyError, OverflowError, RecursionError)  # what `convert` may raise


class Newer(ValueError):
    """A document of a format newer than this version knows (`check_format`)."""

    def __init__(self, format_: int, what: str) -> None:
        super().__init__(f"was written by a newer version of Castellion ({what} format {format_})")
        self.format = format_


def check_format(data: object, known: int, what: str, key: str = "format") -> Mapping[str, Any]:
    """`data` as a table whose format number `key` is `known`; `Newer` when it is a larger
    integer, `ValueError` for anything else."""
    if not isinstance(data, dict):
        raise ValueError(f"it does not hold a {what} object")
    number = data.get(key)
    if type(number) is int and number > known:
        raise Newer(number, what)
    if type(number) is not int or number != known:
        raise ValueError(f"it has no {what} format number this game knows")
    return data


@dataclass(frozen=True)
class Found(Generic[T]):
    """What reading a document found: its `value` (None when there is no file or it was
    refused), why it was refused (`problem`, in English for the log: None when sound or
    missing), the format of a `Newer` document, whether `value` came from the `.bak`, and where
    a refused file was set aside (`kept_as`: None when it was not)."""

    value: T | None = None
    problem: str | None = None
    newer: int | None = None
    from_backup: bool = False
    kept_as: Path | None = None

    @property
    def kind(self) -> Literal["damaged", "newer"] | None:
        """None (sound, or no file), "newer" (a newer version's: left as it is) or "damaged"."""
        return None if self.problem is None else "newer" if self.newer is not None else "damaged"

    def sentence(self, name: str) -> str | None:
        """What was wrong with the file `name`, in one English line (None when nothing)."""
        if self.problem is None:
            return None
        tail = ("it is kept untouched" if self.newer is not None
                else "the backup was used" if self.from_backup else "the defaults were used")
        return f"{printable(name)} {self.problem}; {tail}"


def read(path: Path, max_bytes: int, convert: Callable[[Any], T]) -> Found[T]:
    """Read the document at `path` (a JSON object) and `convert` it. Never raises, never writes."""
    try:
        data = read_json(path, max_bytes)
    except Damaged as exc:
        if exc.problem == "missing":
            return Found()
        return Found(problem={"empty": EMPTY, "not_a_file": "is not a file"}.get(
            exc.problem, f"is damaged ({exc.reason})"))
    if not isinstance(data, dict):
        return Found(problem="is damaged (it does not hold a JSON object)")
    try:
        return Found(convert(data))
    except Newer as exc:
        return Found(problem=str(exc), newer=exc.format)
    except _REFUSED as exc:
        return Found(problem=f"is damaged ({printable(exc)[:200]})")


def read_or_backup(path: Path, max_bytes: int, convert: Callable[[Any], T], what: str = "") -> Found[T]:
    """`read`, falling back on the `.bak` when the file is refused (not when it is a newer
    version's: that one is left as it is). `what` names the document in the log (none: silent)."""
    found = read(path, max_bytes, convert)
    if found.problem is None or found.newer is not None:
        return found
    if what:
        log.warning("%s: %s %s", what, printable(path), found.problem)
    bak = read(backup_path(path), max_bytes, convert)
    if bak.value is None:
        return Found(problem=found.problem)
    if what:
        log.warning("%s: using the backup %s", what, printable(backup_path(path)))
    return Found(bak.value, found.problem, from_backup=True)


def move_aside(path: Path) -> Path | None:
    """Rename a damaged `path` to `<name>.damaged[-N]` before it is replaced (never deletes).

    Returns the new name, or None when nothing is there. Raises `StorageError`."""
    if not os.path.lexists(path):
        return None
    for n in range(1000):
        target = path.with_name(path.name + (".damaged" if n == 0 else f".damaged-{n}"))
        if not os.path.lexists(target):
            try:
                os.rename(path, target)
            except OSError as exc:
                raise storage_error(exc, path, Doing.MOVE_ASIDE) from exc
            log.warning("moved the damaged %s aside to %s", printable(path), printable(target.name))
            return target
    raise StorageError(f"Too many damaged copies of {printable(path.name)}; please tidy "
                       f"{printable(path.parent)}.", path=path)


def set_aside(path: Path, what: str) -> Path | None:
    """`move_aside` a refused regular file under the data folder's lock (a folder, pipe or
    device is never moved); where it went, or None. Never raises: a file that cannot be moved
    stays where it is (and `write` moves it before writing over it)."""
    if not os.path.isfile(path):
        return None
    try:
        with data_lock():
            return move_aside(path)
    except PersistenceError as exc:
        log.warning("%s: the damaged file stays where it is: %s", what, exc.message)
        return None


def write(path: Path, data: Mapping[str, Any], *, max_bytes: int = 0, convert: Callable[[Any], object] | None = None,
          backup: bool = True, compact: bool = False) -> None:
    """Write the document `data` to `path` atomically (the previous version kept as `.bak` when
    `backup`), under the data lock. With `max_bytes`, a file there that `read` (with `convert`)
    refuses is first moved aside, never overwritten; an empty one is replaced. Links, pipes and
    devices: `atomic.write_target`. Raises `StorageError` — never anything else."""
    text = (json.dumps(data, ensure_ascii=False, separators=(",", ":")) if compact
            else json.dumps(data, indent=1, ensure_ascii=False)) + "\n"

    def aside_if_refused(target: Path) -> None:
        if read(target, max_bytes, convert or (lambda d: d)).problem not in (None, EMPTY):
            move_aside(target)

    put(path, text.encode("utf-8"), backup=backup, before=aside_if_refused if max_bytes else None)


def put(path: Path, data: bytes, *, backup: bool = True, before: Callable[[Path], None] | None = None) -> None:
    """`data` written to `path` atomically: its folder made when missing, then, under the data
    lock, `before(target)` (the file really replaced: a link's target) and the write (the previous
    version kept as `.bak` when `backup`). Raises `StorageError`."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise storage_error(exc, path.parent, Doing.CREATE_FOLDER) from exc
    with data_lock():
        target = write_target(path)  # the file really replaced (a link's target): refuses the rest
        if before is not None:
            before(target)
        atomic_write_bytes(target, data, backup=backup)
