"""Crash-safe writes: temporary file, fsync, `.bak`, `os.replace`, fsync of the folder, under the
data lock; stale temporary files removed at start. docs/persistence.md, "Writes".
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
import time
from pathlib import Path

from . import datadir, logfile
from .errors import Doing, StorageError, storage_error
from .lock import data_lock
from .reader import printable

__all__ = ["atomic_write_bytes", "atomic_write_text", "backup_path", "clean_stale_temps", "is_temp_name",
           "write_target"]

TEMP_PREFIX = ".~"
TEMP_SUFFIX = ".tmp"
BACKUP_SUFFIX = ".bak"


def is_temp_name(name: str) -> bool:
    """Whether `name` is one of our temporary files (left behind only by a crash)."""
    return name.startswith(TEMP_PREFIX) and name.endswith(TEMP_SUFFIX)


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def _fsync_dir(folder: Path) -> None:
    """Make a rename durable (POSIX). Windows cannot open folders; its renames are journalled."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# Windows refuses to rename onto a file another process has open ("[WinError 5] Access denied",
# docs/persistence.md, "Writes"): tried again for about a second. Elsewhere it is real.
REPLACE_TRIES = 25 if os.name == "nt" else 1
REPLACE_PAUSE = 0.04  # seconds between tries


def _replace(tmp: Path, path: Path) -> None:
    """`os.replace(tmp, path)`, tried again while Windows reports `path` open elsewhere."""
    for attempt in range(1, REPLACE_TRIES + 1):
        try:
            os.replace(tmp, path)
            return
        except PermissionError:
            if attempt >= REPLACE_TRIES:
                raise
            time.sleep(REPLACE_PAUSE)


def _write_temp(folder: Path, stem: str, data: bytes) -> Path:
    """`data` in a new temporary file of `folder`, flushed and fsync'ed; returns its path."""
    fd, name = tempfile.mkstemp(dir=folder, prefix=f"{TEMP_PREFIX}{stem}.", suffix=TEMP_SUFFIX)
    tmp = Path(name)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        _discard(tmp)
        raise
    return tmp


def _discard(tmp: Path) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass


def _keep_backup(path: Path) -> None:
    """Make `<path>.bak` a copy of the current `path` (if it is a regular file)."""
    if not path.is_file():
        return
    bak = backup_path(path)
    folder = path.parent
    link = folder / f"{TEMP_PREFIX}{path.name}.link{TEMP_SUFFIX}"
    try:
        _discard(link)
        os.link(path, link)  # a second name for the old data: no copy, nothing to fsync
        _replace(link, bak)
        return
    except OSError:
        _discard(link)
    # No hard links here (FAT, some network shares): copy the bytes, carefully.
    tmp = _write_temp(folder, path.name + BACKUP_SUFFIX, path.read_bytes())
    try:
        _replace(tmp, bak)
    except BaseException:
        _discard(tmp)
        raise


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def write_target(path: Path) -> Path:
    """The file a write to `path` really replaces: `path` itself, or — when `path` is a symbolic
    link — the link's target, so that the link is kept. A link is followed only to a target
    inside the data folder (or, for a file outside it, inside the file's own folder); anything
    else is refused, like a pipe, a device or a folder standing at `path` (`StorageError`)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return path
    except OSError as exc:
        raise storage_error(exc, path, Doing.WRITE) from exc
    if stat.S_ISLNK(st.st_mode):
        real = os.path.realpath(path)
        data = os.path.realpath(datadir.data_dir())
        parent = os.path.realpath(path.parent)
        root = data if _inside(parent, data) else parent
        if not _inside(real, root):
            # the player is shown where the link leads; the log file writes its folder <outside>
            logfile.hide_folder(os.path.dirname(real))
            raise StorageError(path=path, kind="outside", params={"target": printable(real)})
        target = Path(real)
        if os.path.lexists(target) and not os.path.isfile(target):
            raise StorageError(path=path, kind="not_a_file")
        return target
    if stat.S_ISDIR(st.st_mode):
        raise StorageError(path=path, kind="is_a_folder", errno_=errno.EISDIR, params={"doing": Doing.WRITE})
    if not stat.S_ISREG(st.st_mode):
        raise StorageError(path=path, kind="not_a_file")
    return path


def atomic_write_bytes(path: Path | str, data: bytes, *, backup: bool = False) -> None:
    """Replace `path` by `data` atomically under the data lock (docs/persistence.md, "Writes"); a
    link at `path` is kept and its target replaced (`write_target`). Raises `StorageError`: `path` is
    then exactly as it was, and no temporary file is left behind."""
    path = write_target(Path(path))
    folder = path.parent
    with data_lock():
        try:
            tmp = _write_temp(folder, path.name, data)
        except OSError as exc:
            raise storage_error(exc, path, Doing.WRITE) from exc
        try:
            if backup:
                _keep_backup(path)
            _replace(tmp, path)
        except OSError as exc:
            _discard(tmp)
            raise storage_error(exc, path, Doing.WRITE) from exc
        except BaseException:
            _discard(tmp)
            raise
        _fsync_dir(folder)


def atomic_write_text(path: Path | str, text: str, *, backup: bool = False) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), backup=backup)


def clean_stale_temps(folder: Path | str) -> list[Path]:
    """Remove the temporary files a crash left in `folder` (only under the data lock: see
    docs/persistence.md, "Writes"; nothing when the lock is not had within a second); returns what
    was removed. Never raises."""
    removed: list[Path] = []
    try:
        with data_lock(timeout=1.0):
            for entry in list(os.scandir(folder)):
                try:
                    if is_temp_name(entry.name) and entry.is_file(follow_symlinks=False):
                        os.unlink(entry.path)
                        removed.append(Path(entry.path))
                except OSError:
                    pass
    except (StorageError, OSError):  # no lock, or no folder to read
        pass
    return removed
