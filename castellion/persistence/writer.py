"""The background writer: one thread, jobs in order, a waiting job of the same key replaced by the
newer one, `flush()` and `shutdown()` (also at exit). Why and what it promises: docs/persistence.md,
"Saving off the frame". Jobs report through their `done(exc_or_None)` on the writer thread.
"""

from __future__ import annotations

import atexit
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

log = logging.getLogger("castellion.persistence")

Job = tuple[Callable[[], None], Callable[[BaseException | None], None] | None, float]


class BackgroundWriter:
    def __init__(self, name: str = "castellion-writer") -> None:
        self.name = name
        self._cv = threading.Condition()
        self._queue: OrderedDict[Hashable, Job] = OrderedDict()
        self._busy = False
        self._closing = False
        self._hurry = 0  # flushes waiting: delays are ignored meanwhile
        self._thread: threading.Thread | None = None
        self.coalesced = 0  # jobs replaced before they ran (for tests and the bench)

    # ---------------------------------------------------------------- the caller's side
    def submit(self, key: Hashable, work: Callable[[], None],
               done: Callable[[BaseException | None], None] | None = None, *,
               delay: float = 0.0) -> None:
        """Run `work()` on the writer thread after what is queued, not before `delay` seconds
        from the first waiting submission of `key`; a waiting job of the same `key` is replaced
        (its `done` is never called). After `shutdown()` the work runs at once on the caller's
        thread (a late autosave at exit is still written)."""
        with self._cv:
            if not self._closing:
                due = time.monotonic() + delay
                if key in self._queue:
                    due = self._queue.pop(key)[2]  # keeps its first due time: no starvation
                    self.coalesced += 1
                self._queue[key] = (work, done, due)
                self._ensure_thread()
                self._cv.notify_all()
                return
        _run(work, done)

    def flush(self, timeout: float | None = 30.0) -> bool:
        """Wait until every submitted job has run; False if `timeout` passed first."""
        with self._cv:
            if threading.current_thread() is self._thread:
                return not self._queue  # a job waiting for itself would never end
            self._hurry += 1
            self._cv.notify_all()
            try:
                return self._cv.wait_for(lambda: not self._queue and not self._busy, timeout)
            finally:
                self._hurry -= 1

    def shutdown(self, timeout: float = 30.0) -> bool:
        """Flush, stop and join the thread. Returns whether everything was written in time."""
        flushed = self.flush(timeout)
        with self._cv:
            self._closing = True
            self._cv.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
        return flushed

    # ---------------------------------------------------------------- the thread
    def _ensure_thread(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            # daemon: a disk that hangs forever must not keep the program from exiting; the
            # atexit hook below gives it 30 s to finish first.
            self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
            self._thread.start()

    def _loop(self) -> None:
        while True:
            with self._cv:
                while True:
                    if not self._queue:
                        if self._closing:
                            return  # closing and nothing left
                        self._cv.wait()
                        continue
                    wait = next(iter(self._queue.values()))[2] - time.monotonic()
                    if wait <= 0 or self._hurry or self._closing:
                        break
                    self._cv.wait(wait)
                _key, (work, done, _due) = self._queue.popitem(last=False)
                self._busy = True
            try:
                _run(work, done)
            finally:
                with self._cv:
                    self._busy = False
                    self._cv.notify_all()


def _run(work: Callable[[], None], done: Callable[[BaseException | None], None] | None) -> None:
    error: BaseException | None = None
    try:
        work()
    except Exception as exc:  # noqa: BLE001 — reported to the caller, never kills the thread
        error = exc
    if done is not None:
        try:
            done(error)
        except Exception:  # noqa: BLE001 - never crash: logged and reported
            log.exception("a write report failed")
    elif error is not None:
        log.error("background write failed", exc_info=error)


_writer: BackgroundWriter | None = None
_writer_guard = threading.Lock()


def writer() -> BackgroundWriter:
    """The program's writer (made on first use, re-made after `shutdown`)."""
    global _writer
    with _writer_guard:
        if _writer is None or _writer._closing:
            _writer = BackgroundWriter()
        return _writer


def flush(timeout: float | None = 30.0) -> bool:
    """Wait for every pending background write (no-op when there is no writer)."""
    w = _writer
    return True if w is None else w.flush(timeout)


def shutdown(timeout: float = 30.0) -> bool:
    """Flush and join the writer (quit, SIGTERM). Safe to call twice; never raises."""
    global _writer
    with _writer_guard:
        w, _writer = _writer, None
    if w is None:
        return True
    try:
        return w.shutdown(timeout)
    except Exception:  # noqa: BLE001 — quitting must always work
        log.exception("background writer shutdown failed")
        return False


atexit.register(shutdown)
