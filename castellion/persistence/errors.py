"""The errors and notices of the persistence layer, in data: a `Reason` and its parameters.

Persistence never words anything for the player: it says *what* happened (`Reason`, with
parameters such as the path and what it was doing, `Doing`) and `castellion/ui/storage_text.py`
makes the sentence from the catalogs, in the player's language. `message` is a short English
description for the log (developers read it; players never see it).
"""

from __future__ import annotations

import errno
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from .reader import printable


class Reason(StrEnum):
    """Why persistence refused or what it has to tell. The first nine are `StorageError.kind`s."""

    FULL = "full"  # no space left / quota
    PERMISSION = "permission"  # read-only, no access
    NOT_A_FOLDER = "not_a_folder"  # a file stands where a folder should be
    IS_A_FOLDER = "is_a_folder"  # a folder stands where a file should be
    NOT_A_FILE = "not_a_file"  # a pipe or device stands there (or a link leads to one)
    OUTSIDE = "outside"  # a link leads out of the data folder
    BUSY = "busy"  # another copy holds the data folder's lock too long
    LOCK = "lock"  # the lock file belongs to another user (the game was once run with sudo)
    IO = "io"  # anything else the system refused
    DATA_NOT_A_FOLDER = "data_not_a_folder"  # the data or saves folder is a file
    NO_FREE_AUTOSAVE = "no_free_autosave"  # every autosave file claimed by other copies
    NO_WRITABLE_AUTOSAVE = "no_writable_autosave"  # every autosave file damaged or in use
    SAVE_FAILED = "save_failed"  # an unexpected error while saving (a bug: logged in full)
    # a save name or slot refused (`SaveRefused`, `name_problem`)
    NAME_EMPTY = "name_empty"
    NAME_SPACES = "name_spaces"
    NAME_TOO_LONG = "name_too_long"
    NAME_CHARACTERS = "name_characters"
    NAME_LONE_MARK = "name_lone_mark"
    NAME_AUTOMATIC = "name_automatic"
    NAME_RESERVED = "name_reserved"
    NOT_A_SAVE_NAME = "not_a_save_name"
    DAMAGED_IN_THE_WAY = "damaged_in_the_way"
    DAMAGED = "damaged"  # a file that cannot be loaded (`DamagedSave`; params: problem)
    # notices (`Autosaver.notice`, `StartupReport.messages`)
    AUTOSAVE_CLAIMED = "autosave_claimed"
    AUTOSAVE_MOVED = "autosave_moved"
    AUTOSAVE_DAMAGED = "autosave_damaged"
    STARTUP_AUTOSAVE_DAMAGED = "startup_autosave_damaged"
    SETTINGS_DAMAGED = "settings_damaged"
    STATS_DAMAGED = "stats_damaged"


class Doing(StrEnum):
    """What persistence was doing when the system refused (the `doing` parameter)."""

    WRITE = "write"
    WRITE_IN = "write_in"
    CREATE_FOLDER = "create_folder"
    DELETE = "delete"
    SAVE = "save"
    MOVE_ASIDE = "move_aside"
    READ_FOLDER = "read_folder"
    USE = "use"


@dataclass(frozen=True)
class Words:
    """Something persistence tells the player, in data (worded by `ui/storage_text.py`)."""

    reason: Reason
    params: Mapping[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        """The developer's one-line form ("full: doing=write, path=…")."""
        items = ", ".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        return f"{self.reason}: {items}" if items else str(self.reason)

    def __hash__(self) -> int:  # kept by the dataclass: a dict field has no hash of its own
        return hash((self.reason, tuple(sorted(self.params.items()))))


class PersistenceError(Exception):
    """Base of everything the persistence layer raises: `reason` and `params` say what happened
    (the UI words them); `message` is the English detail for the log."""

    def __init__(self, message: str = "", *, path: Path | str | None = None, reason: Reason = Reason.IO,
                 params: Mapping[str, str] | None = None) -> None:
        self.reason = reason
        self.params: dict[str, str] = dict(params or {})
        self.path = Path(path) if path is not None else None
        if path is not None:
            self.params.setdefault("path", printable(path))  # a name need not be UTF-8
        self.message = message or str(Words(reason, self.params))
        super().__init__(self.message)

    @property
    def words(self) -> Words:
        return Words(self.reason, self.params)


class StorageError(PersistenceError):
    """The disk refused: nothing could be read or written. The game itself is unharmed.

    `kind` is one of the first nine `Reason`s (see there); `reason` is that kind or a more precise
    one (`DATA_NOT_A_FOLDER`, `NO_FREE_AUTOSAVE`…).
    """

    def __init__(self, message: str = "", *, path: Path | str | None = None, kind: str = "io",
                 errno_: int | None = None, reason: Reason | None = None,
                 params: Mapping[str, str] | None = None) -> None:
        super().__init__(message, path=path, reason=reason or Reason(kind), params=params)
        self.kind = kind
        self.errno = errno_


_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG}
_PERMISSION = {errno.EACCES, errno.EPERM, errno.EROFS}


def _kind_of(exc: OSError, doing: Doing) -> str:
    code = exc.errno
    if doing is Doing.CREATE_FOLDER and (code == errno.EEXIST or isinstance(exc, FileExistsError)):
        return "not_a_folder"  # a file stands where the folder is to be made
    if code in _FULL:
        return "full"
    if code in _PERMISSION or isinstance(exc, PermissionError):
        return "permission"
    if code == errno.ENOTDIR or isinstance(exc, NotADirectoryError):
        return "not_a_folder"
    if code == errno.EISDIR or isinstance(exc, IsADirectoryError):
        return "is_a_folder"
    return "io"


def storage_error(exc: OSError, path: Path | str, doing: Doing) -> StorageError:
    """The `StorageError` for an `OSError` met while `doing` something to `path`."""
    params = {"doing": str(doing), "detail": printable(exc.strerror or exc)}
    return StorageError(path=path, kind=_kind_of(exc, doing), errno_=exc.errno, params=params)


# Reason codes of DamagedSave.problem / SaveInfo.problem
PROBLEMS = ("missing", "not_a_file", "unreadable", "too_large", "empty", "truncated", "corrupt",
            "foreign", "newer", "malformed", "illegal", "hash_mismatch", "outdated")


class DamagedSave(PersistenceError):
    """A file that cannot be loaded as a save. `problem` is one of `PROBLEMS`: "outdated" is a
    save of an older format whose actions today's (corrected) rules refuse. `message` is the
    detail for the log; the player is told the problem (`params["problem"]`)."""

    def __init__(self, message: str, *, path: Path | str | None = None, problem: str) -> None:
        super().__init__(message, path=path, reason=Reason.DAMAGED, params={"problem": problem})
        self.problem = problem
