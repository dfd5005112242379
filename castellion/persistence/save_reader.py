"""The Saves screen's reader: one worker thread lists the headers and verifies the rows by replay,
so that the screen's frames read no file (docs/persistence.md, "The Saves screen reads off the
frame"). The screen hands it wishes (`list_folder`, `verify`) and collects rows (`take`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from . import saves, writer
from .errors import PersistenceError
from .info import SaveInfo, _mtime

log = logging.getLogger("castellion.persistence")


@dataclass(frozen=True)
class Reading:
    """What the reader found since the last `take()`."""

    rows: tuple[SaveInfo, ...] = ()  # headers and verified rows, in the order read
    listed: bool = False  # the listing is complete: every save of the folder is in `rows` by now
    error: PersistenceError | None = None  # the folder cannot be read (the listing ends there)
    given_up: tuple[Path, ...] = ()  # rows whose verification failed unexpectedly (logged)


class SaveReader:
    def __init__(self, name: str = "castellion-save-reader") -> None:
        self.name = name
        self._guard = threading.Lock()
        self._generation = 0  # one per `list_folder()`: results of an older one are dropped
        self._listing = False  # a listing asked for, not started
        self._wanted: list[Path] = []  # rows to verify, most wanted first
        self._seen: set[Path] = set()  # verified (or being verified) in this listing
        self._found: set[Path] = set()  # the files this listing found (only they are verified)
        # results not yet taken (see `Reading`)
        self._rows: list[SaveInfo] = []
        self._listed = False
        self._error: PersistenceError | None = None
        self._given_up: list[Path] = []
        self._closed = False
        self._thread: threading.Thread | None = None

    # ---------------------------------------------------------------- the main thread's side
    def list_folder(self) -> None:
        """Read the folder's headers again (what was found before and not taken is dropped)."""
        with self._guard:
            self._generation += 1
            self._closed = False
            self._listing = True
            self._wanted, self._seen, self._found = [], set(), set()
            self._drop()
            self._ensure_thread()

    def verify(self, paths: Sequence[Path]) -> None:
        """Replay these rows, in this order (after the listing), replacing the earlier wish."""
        with self._guard:
            self._wanted = [p for p in paths if p not in self._seen]
            if self._wanted and not self._closed:
                self._ensure_thread()

    def take(self) -> Reading:
        with self._guard:
            found = Reading(tuple(self._rows), self._listed, self._error, tuple(self._given_up))
            self._drop()
            return found

    def close(self) -> None:
        """Drop what is waiting; a read in progress ends unreported."""
        with self._guard:
            self._closed = True
            self._generation += 1
            self._listing, self._wanted = False, []
            self._drop()

    def _drop(self) -> None:
        self._rows, self._listed, self._error, self._given_up = [], False, None, []

    # ---------------------------------------------------------------- the thread
    def _ensure_thread(self) -> None:
        if self._thread is None:
            # daemon: a disk that hangs must not keep the program from exiting (nothing is written)
            self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
            self._thread.start()

    def _loop(self) -> None:
        while True:
            with self._guard:
                if self._closed or not (self._listing or self._wanted):
                    self._thread = None
                    return
                generation, path = self._generation, None
                if self._listing:
                    self._listing = False
                else:
                    path = self._wanted.pop(0)
                    self._seen.add(path)
                    if path not in self._found:
                        continue  # a row of an earlier listing: it is listed again, or gone
            if path is None:
                self._list(generation)
            else:
                self._verify(generation, path)

    def _post(self, generation: int, *, row: SaveInfo | None = None, listed: bool = False,
              error: PersistenceError | None = None, given_up: Path | None = None) -> None:
        """Queue a result of listing `generation` (dropped when that listing is no longer wanted)."""
        with self._guard:
            if generation != self._generation:
                return
            if row is not None:
                self._rows.append(row)
                self._found.add(row.path)
            if given_up is not None:
                self._given_up.append(given_up)
            self._listed = self._listed or listed
            self._error = error or self._error

    def _wanted_still(self, generation: int) -> bool:
        with self._guard:
            return generation == self._generation

    def _list(self, generation: int) -> None:
        try:
            writer.flush()
            files = saves.save_files()
        except PersistenceError as exc:
            self._post(generation, error=exc, listed=True)
            return
        try:
            files.sort(key=_mtime, reverse=True)
            for path in files:
                if not self._wanted_still(generation):  # a newer listing, or the screen left
                    return
                self._post(generation, row=saves.header_info(path))
        except Exception:  # noqa: BLE001 - never kills the thread: the rows read so far are shown
            log.exception("listing the saves failed")
        self._post(generation, listed=True)

    def _verify(self, generation: int, path: Path) -> None:
        try:
            info = saves.inspect(path)
        except Exception:  # noqa: BLE001 - `inspect` never raises; if it did, the row stays as listed
            log.exception("verifying a save failed")
            self._post(generation, given_up=path)
        else:
            self._post(generation, row=info)
