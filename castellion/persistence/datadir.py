"""The one place that knows where Castellion keeps its files (docs/persistence.md, "Where"): these
functions only compute paths — no I/O at import or when asked — except `ensure_data_dirs()`.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

APP_NAME = "Castellion"
APP_AUTHOR = "Castellion"
HOME_ENV = "CASTELLION_HOME"

SAVES = "saves"
SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"
LOG_FILE = "castellion.log"


# The absolute form of each `CASTELLION_HOME` value, fixed the first time it is seen.
_absolute: dict[str, Path] = {}


def data_dir() -> Path:
    """`$CASTELLION_HOME` if set (read on every call; a relative value made absolute once, against
    the first call's directory), else the per-user data directory."""
    override = os.environ.get(HOME_ENV, "").strip()
    if override:
        path = _absolute.get(override)
        if path is None:
            path = _absolute[override] = Path(os.path.abspath(os.path.expanduser(override)))
        return path
    from . import winfolders

    local = winfolders.known_folder(winfolders.LOCAL_APP_DATA)  # Windows: its long name (winfolders)
    if local:
        return Path(local) / APP_AUTHOR / APP_NAME  # where appdirs puts it, by its long name
    import appdirs  # deferred: importing this module must stay cheap and side-effect free

    return Path(os.path.abspath(appdirs.user_data_dir(APP_NAME, APP_AUTHOR)))


def saves_dir() -> Path:
    return data_dir() / SAVES


def settings_path() -> Path:
    return data_dir() / SETTINGS_FILE


def stats_path() -> Path:
    return data_dir() / STATS_FILE


def log_path() -> Path:
    """The rotating log file a player can send with a bug report."""
    return data_dir() / LOG_FILE


def ensure_data_dirs() -> Path:
    """Create the data directory and `saves/` if missing; returns the data directory. Raises
    `StorageError` (`DATA_NOT_A_FOLDER`, or the system's refusal) when they cannot be created."""
    from .errors import Doing, Reason, StorageError, storage_error

    root = data_dir()
    for folder in (root, root / SAVES):
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except FileExistsError as exc:  # a file (or a dangling link) where the folder should be
            raise StorageError(path=folder, kind="not_a_folder", reason=Reason.DATA_NOT_A_FOLDER) from exc
        except OSError as exc:
            raise storage_error(exc, folder, Doing.CREATE_FOLDER) from exc
        if not os.path.isdir(folder):
            raise StorageError(path=folder, kind="not_a_folder", reason=Reason.DATA_NOT_A_FOLDER,
                               errno_=errno.ENOTDIR)
    return root
