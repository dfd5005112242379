"""The log file a player can send with a bug report: `<data dir>/castellion.log`, rotating (1 MB,
three old files), opened without blocking and only when a regular file stands there; a failed write
is said once on stderr. What it never writes (folders, typed save names) is in docs/persistence.md's
guarantee tables (`redact`, `private`, `hide_folder`).
"""

from __future__ import annotations

import io
import logging
import logging.handlers
import os
import re
import stat
import sys
import threading
from pathlib import Path

from . import datadir

MAX_BYTES = 1024 * 1024
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s"
NAME_MARK = "<name>"

_handler: logging.Handler | None = None
_private: set[str] = set()  # save names the player typed or keeps (see `private`)
_private_re: re.Pattern[str] | None = None
_private_guard = threading.Lock()


def private(name: str) -> None:
    """Keep `name` (a save name the player typed or put in the folder) out of the log file: it
    is written `<name>` from now on. Cheap and idempotent; never raises."""
    global _private_re
    if not isinstance(name, str) or not re.search(r"\w", name):
        return  # no letter or digit ("." of "..json"): nothing personal, and it would hide every "."
    with _private_guard:
        if name in _private:
            return
        _private.add(name)
        # longest first, and only a whole word: "Anna" does not hide part of "Annabel"'s line
        alternatives = "|".join(re.escape(n) for n in sorted(_private, key=len, reverse=True))
        _private_re = re.compile(r"(?<!\w)(?:" + alternatives + r")(?!\w)")


_places_cache: dict[str, tuple[list[tuple[str, str]], re.Pattern[str] | None]] = {}
_hidden: dict[str, str] = {}  # folders met at run time (a link's target outside): folder -> mark
OUTSIDE_MARK = "<outside>"
# A folder is a whole path where it starts after a space, a quote, a bracket, "=", ",", ";" or the
# line's start, and ends at a separator, a space, a quote, a closing bracket, ",", ";", ":", or a
# full stop that ends the sentence (a "." then a letter continues a file name).
_BEFORE = r"""(?<![^\s'"(\[<=,;|])"""
_AFTER = r"""(?=$|[/\\\s'"),;:\]>|]|\.(?:\s|$))"""


def hide_folder(folder: str, mark: str = OUTSIDE_MARK) -> None:
    """Write `folder` (a path met at run time: the folder of a link's target outside the data
    folder) as `mark` in the log from now on. Cheap and idempotent; never raises."""
    if not isinstance(folder, str) or not folder or folder == os.sep or _hidden.get(folder) == mark:
        return
    with _private_guard:
        _hidden[folder] = mark
        _places_cache.clear()


def _places() -> tuple[list[tuple[str, str]], re.Pattern[str] | None]:
    """((folder, what the log writes instead), the longest first; the folders' real paths too
    (a linked home)) and one pattern finding any of them as a whole path. Worked out once per
    data folder (and again after `hide_folder`): a log line costs no system call."""
    try:
        data = os.fspath(datadir.data_dir())
    except Exception:  # noqa: BLE001 — no data folder (appdirs missing): nothing to hide there
        data = ""
    known = _places_cache.get(data)
    if known is not None:
        return known
    places: list[tuple[str, str]] = [(data, "<data>")] if data else []
    places.append((os.fspath(Path(__file__).resolve().parent.parent.parent), "<program>"))
    for prefix in {sys.prefix, sys.base_prefix, sys.exec_prefix}:
        if prefix:
            places.append((os.path.abspath(prefix), "<python>"))
    home = os.path.expanduser("~")
    if home and home != "~" and os.path.abspath(home) != os.sep:
        places.append((os.path.abspath(home), "~"))
    places += [(os.path.realpath(p), mark) for p, mark in places]
    places += list(_hidden.items())
    unique = {p.rstrip("/\\") or p: mark for p, mark in reversed(places) if p and p != os.sep}
    ordered = sorted(unique.items(), key=lambda pm: len(pm[0]), reverse=True)
    pattern = (re.compile(_BEFORE + "(?:" + "|".join(re.escape(p) for p, _ in ordered) + ")" + _AFTER)
               if ordered else None)
    _places_cache[data] = (ordered, pattern)
    return ordered, pattern


def redact(text: str) -> str:
    """`text` as the log file writes it: folders (as whole paths) and typed save names replaced
    (see above)."""
    ordered, pattern = _places()
    if pattern is not None and any(folder in text for folder, _ in ordered):
        marks = dict(ordered)
        text = pattern.sub(lambda m: marks[m.group()], text)
    names = _private_re
    if names is not None:
        text = names.sub(NAME_MARK, text)
    return text


class RedactingFormatter(logging.Formatter):
    """The log file's formatter: every line (tracebacks included) through `redact`."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


def _open_regular(path: str, mode: str, encoding: str | None,
                  errors: str | None) -> io.TextIOWrapper:
    """`path` opened for appending text without blocking, or `OSError` when it is not a regular
    file (a FIFO, device, socket or folder): never waits for a reader, never writes to a device."""
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= os.O_APPEND if "a" in mode else os.O_TRUNC
    fd = os.open(path, flags, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a regular file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)  # a regular file: ordinary writes from here on
        stream = open(fd, mode, encoding=encoding, errors=errors, closefd=True)  # noqa: SIM115 - the handler keeps it open
        assert isinstance(stream, io.TextIOWrapper)  # a text mode ("a"): always a TextIOWrapper
        return stream
    except BaseException:
        os.close(fd)
        raise


class SafeRotatingFileHandler(logging.handlers.RotatingFileHandler):
    """A `RotatingFileHandler` that opens only regular files, without blocking, and reports a
    failed write (full disk, the file vanished) once on stderr instead of once per line."""

    failures = 0  # lines that could not be written (for tests and the curious)

    def _open(self) -> io.TextIOWrapper:
        return _open_regular(self.baseFilename, self.mode, self.encoding, self.errors)

    def shouldRollover(self, record: logging.LogRecord) -> int:  # noqa: N802 — logging's name
        try:
            return super().shouldRollover(record)
        except OSError:  # the file became something else meanwhile: write nothing more there
            return 0

    def flush(self) -> None:
        try:
            super().flush()
        except OSError:  # the buffered lines cannot land (a full disk): said once, like a line
            self._failed()

    def close(self) -> None:
        try:
            super().close()
        except OSError:  # closing flushes: the same full disk
            self._failed()

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 — logging's name
        self._failed()

    def _failed(self) -> None:
        self.failures += 1
        if self.failures > 1:
            return  # said once already: a full disk must not print a report per log line
        exc = sys.exc_info()[1]
        try:
            sys.stderr.write(f"castellion: the log file {redact(self.baseFilename)} cannot be "
                             f"written ({type(exc).__name__}: {exc}); later log lines go to "
                             "stderr only\n")
        except Exception:  # noqa: BLE001 — nowhere left to say it
            pass


def log_file() -> Path | None:
    """The log file being written, or None when there is none (not opened, or unwritable)."""
    return Path(_handler.baseFilename) if isinstance(_handler, logging.FileHandler) else None


def open_log_file(level: int = logging.INFO) -> Path | None:
    """Send the root logger's records (at `level` and above) to the data folder's log file as
    well. Called once at start; a second call changes nothing. Returns the file, or None when
    the folder cannot hold it, or something other than a regular file stands there (the game
    runs on without a log file, logging to stderr). Never raises, never blocks."""
    global _handler
    if _handler is not None:
        return log_file()
    path = datadir.log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = SafeRotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8",
            errors="backslashreplace")
    except (OSError, ValueError) as exc:
        logging.getLogger("castellion.persistence").warning("no log file (%s)", redact(str(exc)))
        return None
    handler.setLevel(level)
    handler.setFormatter(RedactingFormatter(FORMAT))
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
