"""The log file a player can send with a bug report: `<data dir>/castellion.log`.

The frozen build has no console, so stderr is lost; this rotating file (standard
`logging.handlers.RotatingFileHandler`: 1 MB, three old files kept) holds the same lines. The
README and the error overlay name it. Text that is not valid UTF-8 (odd file names) is written
with backslash escapes, never an encoding error.
"""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

from . import datadir

MAX_BYTES = 1024 * 1024
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s"

_handler: logging.Handler | None = None


def log_file() -> Path | None:
    """The log file being written, or None when there is none (not opened, or unwritable)."""
    return Path(_handler.baseFilename) if isinstance(_handler, logging.FileHandler) else None


def open_log_file(level: int = logging.INFO) -> Path | None:
    """Send the root logger's records (at `level` and above) to the data folder's log file as
    well. Called once at start; a second call changes nothing. Returns the file, or None when
    the folder cannot hold it (the game runs on without a log file). Never raises."""
    global _handler
    if _handler is not None:
        return log_file()
    path = datadir.log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8",
            errors="backslashreplace")
    except (OSError, ValueError) as exc:
        logging.getLogger("castellion.persistence").warning("no log file (%s)", exc)
        return None
    handler.setLevel(level)
    handler.setFormatter(logging.Formatter(FORMAT))
    logging.getLogger().addHandler(handler)
    _handler = handler
    return path


def close_log_file() -> None:
    """Detach and close the log file (tests; the program simply exits)."""
    global _handler
    handler, _handler = _handler, None
    if handler is not None:
        logging.getLogger().removeHandler(handler)
        handler.close()
