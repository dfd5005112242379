"""A hint computed off the caller's thread, cancellable (issue 14: frames never stall).

    worker = HintWorker()
    worker.request(game)      # snapshots the public view now; computing starts on a thread
    ...                       # each frame:
    hint = worker.result()    # None until ready; a Decision once done
    worker.cancel()           # the player acted: the pending answer is dropped

Only the public view crosses to the thread (a copy, taken at `request`), so the game may change
meanwhile. `HintWorker(process=True)` computes in a child process instead: a thread shares the
interpreter lock with the main loop, so a long (analysis) search in a thread slows the frames;
a process does not (bench/ai.py --worker measures both). A cancelled process answer is dropped;
the child finishes its budget and is reused. A newer request supersedes an older one; a cancelled
or superseded computation stops at its next check (between search tries) and its answer is never returned. Pure stdlib.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from castellion.rules.game import Game
from castellion.rules.public import PublicView, public_view

from .decision import MOVE, Budget, Decision
from .play import best_move


class HintWorker:
    def __init__(self, budget: Budget = MOVE,
                 compute: Callable[[PublicView, Budget, Callable[[], bool]], Decision] | None = None,
                 *, process: bool = False) -> None:
        self.budget = budget
        self._pool: Any = None
        if process:
            import concurrent.futures
            import multiprocessing

            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            pool = self._pool
            compute = compute or (lambda view, b, cancel: _in_process(pool, view, b, cancel))
        self._compute = compute or (lambda view, b, cancel: best_move(view, b, cancel=cancel))
        self._lock = threading.Lock()
        self._ticket = 0
        self._result: Decision | None = None
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None

    def request(self, source: Game | PublicView) -> int:
        """Start computing the best move for `source`; returns the request's ticket."""
        view = source if isinstance(source, PublicView) else public_view(source)
        with self._lock:
            self._ticket += 1
            ticket = self._ticket
            self._result = None
            self._error = None
        thread = threading.Thread(target=self._run, args=(ticket, view), daemon=True,
                                  name=f"castellion-hint-{ticket}")
        self._thread = thread
        thread.start()
        return ticket

    def _stale(self, ticket: int) -> bool:
        return ticket != self._ticket

    def _run(self, ticket: int, view: PublicView) -> None:
        try:
            decision = self._compute(view, self.budget, lambda: self._stale(ticket))
        except _Cancelled:
            return
        except Exception as exc:  # a hint must never bring the game down: it just has no answer
            with self._lock:
                if not self._stale(ticket):
                    self._error = exc
            return
        with self._lock:
            if not self._stale(ticket):
                self._result = decision

    def cancel(self) -> None:
        """Drop the pending request (and any answer not yet read)."""
        with self._lock:
            self._ticket += 1
            self._result = None

    def result(self) -> Decision | None:
        """The answer to the latest request once computed; None before (never blocks)."""
        with self._lock:
            return self._result

    @property
    def failed(self) -> BaseException | None:
        return self._error

    @property
    def busy(self) -> bool:
        t = self._thread
        return t is not None and t.is_alive() and self._result is None

    def wait(self, timeout: float) -> Decision | None:
        """Block up to `timeout` seconds for the answer (tests and the text mode)."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            r = self.result()
            if r is not None or self._error is not None:
                return r
            t = self._thread
            if t is not None and not t.is_alive() and self._result is None:
                return None
            time.sleep(0.005)
        return self.result()

    def close(self) -> None:
        """Stop the child process of a `process=True` worker (idempotent)."""
        self.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _best_move_plain(view: PublicView, budget: Budget) -> Decision:
    return best_move(view, budget)


def _in_process(pool: Any, view: PublicView, budget: Budget, cancel: Callable[[], bool]) -> Decision:
    future = pool.submit(_best_move_plain, view, budget)
    while True:
        try:
            return future.result(timeout=0.02)  # type: ignore[no-any-return]
        except TimeoutError:
            if cancel():
                future.cancel()
                raise _Cancelled() from None


class _Cancelled(Exception):
    """The request was cancelled while its process computed (its answer is dropped)."""
