"""The errors every persistence function reports; `message` can be shown to the player as is."""

from __future__ import annotations

import errno
from pathlib import Path

from .reader import printable


class PersistenceError(Exception):
    """Base of everything the persistence layer raises; `message` is meant for the player."""

    def __init__(self, message: str, *, path: Path | str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = Path(path) if path is not None else None
        # The words for the player as a catalog key and its parameters, when there is one: the
        # UI shows `t(key, **params)` (translated) instead of `message` (English, for the log).
        self.key: str | None = None
        self.params: dict[str, str] = {}

    def worded(self, key: str, **params: str) -> PersistenceError:
        """Attach the catalog key the UI words this error with; returns self."""
        self.key, self.params = key, dict(params)
        return self


class StorageError(PersistenceError):
    """The disk refused: nothing could be read or written. The game itself is unharmed.

    `kind`: "full" (no space left / quota), "permission" (read-only, no access), "not_a_folder"
    (a file stands where a folder should be), "is_a_folder" (a folder stands where a file should
    be), "not_a_file" (a pipe or device stands there), "outside" (a link leads out of the data
    folder), "busy" (another copy holds the data folder's lock too long), "lock" (the lock file
    belongs to another user — the game was once run with sudo), "io" (anything else).
    """

    def __init__(self, message: str, *, path: Path | str | None = None, kind: str = "io",
                 errno_: int | None = None) -> None:
        super().__init__(message, path=path)
        self.kind = kind
        self.errno = errno_


_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG}
_PERMISSION = {errno.EACCES, errno.EPERM, errno.EROFS}


def storage_error(exc: OSError, path: Path | str, doing: str) -> StorageError:
    """A `StorageError` with a plain-words message for an `OSError` met while `doing` something."""
    code = exc.errno
    where = printable(path)  # a file name need not be UTF-8: the message must still be drawable
    if code in _FULL:
        return StorageError(f"The disk is full: could not {doing} {where}. Free some space; the "
                            "game goes on meanwhile.", path=path, kind="full", errno_=code)
    if code in _PERMISSION or isinstance(exc, PermissionError):
        return StorageError(f"Castellion is not allowed to {doing} {where} (read-only disk or no "
                            "permission). The game goes on, but it is not being saved.",
                            path=path, kind="permission", errno_=code)
    if code == errno.ENOTDIR or isinstance(exc, NotADirectoryError):
        return StorageError(f"Could not {doing} {where}: part of that path is a file, not a "
                            "folder.", path=path, kind="not_a_folder", errno_=code)
    if code == errno.EISDIR or isinstance(exc, IsADirectoryError):
        return StorageError(f"Could not {doing} {where}: a folder stands where the file should "
                            "be.", path=path, kind="is_a_folder", errno_=code)
    return StorageError(f"Could not {doing} {where}: {printable(exc.strerror or exc)}", path=path,
                        kind="io", errno_=code)


# Reason codes of DamagedSave.problem / SaveInfo.problem
PROBLEMS = ("missing", "not_a_file", "unreadable", "too_large", "empty", "truncated", "corrupt",
            "foreign", "newer", "malformed", "illegal", "hash_mismatch", "outdated")


class DamagedSave(PersistenceError):
    """A file that cannot be loaded as a save. `problem` is one of `PROBLEMS`: "outdated" is a
    save of an older format whose actions today's (corrected) rules refuse."""

    def __init__(self, message: str, *, path: Path | str | None = None, problem: str) -> None:
        super().__init__(message, path=path)
        self.problem = problem
