"""A hint computed beside the main loop, cancellable (frames never stall).

    worker = HintWorker(pool=pool)   # pool: the app's `ComputePool` (one child process for all)
    worker.request(game)             # snapshots the public view now; the search runs in the child
    ...                              # each frame:
    hint = worker.result()           # None until ready; a Decision once done
    worker.cancel()                  # the player acted: the pending answer is dropped

Only the public view crosses to the child (a copy, taken at `request`), so the game may change
meanwhile. Without a `pool` the worker makes its own: a child process with `process=True`, else
threads (the fallback: a thread shares the interpreter lock with the main loop, so a search there
slows the frames — bench/hint_frames.py measures both). A newer request supersedes an older one:
the older computation stops at its next check (between search tries), or is skipped by the child
before it starts, and its answer is never returned. Pure stdlib.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from castellion.rules.game import Game
from castellion.rules.public import PublicView, public_view

from .decision import MOVE, Budget, Decision
from .play import best_move
from .pool import ComputePool, Job

Compute = Callable[[PublicView, Budget, Callable[[], bool]], Decision]


class HintWorker:
    """At most one best-move request in flight; see the module docstring.

    `compute(view, budget, cancel)` replaces the search (tests); it always runs on a thread."""

    def __init__(self, budget: Budget = MOVE, compute: Compute | None = None, *, process: bool = False,
                 pool: ComputePool | None = None) -> None:
        self.budget = budget
        self._compute = compute
        # a custom `compute` is not importable by name: it needs threads (a given pool must be in
        # thread mode; its other jobs and its wake-up hook are shared)
        self._owns_pool = pool is None
        self._pool = ComputePool(process=process and compute is None) if pool is None else pool
        self._job: Job[Decision] | None = None

    @property
    def pool(self) -> ComputePool:
        assert self._pool is not None
        return self._pool

    def request(self, source: Game | PublicView) -> Job[Decision]:
        """Start computing the best move for `source` (the previous request is dropped)."""
        view = source if isinstance(source, PublicView) else public_view(source)
        self.cancel()
        if self._compute is not None:
            self._job = self.pool.submit(_custom, self._compute, view, self.budget)
        else:
            self._job = self.pool.submit(best_move, view, self.budget)
        return self._job

    def cancel(self) -> None:
        """Drop the pending request (and any answer not yet read)."""
        job, self._job = self._job, None
        if job is not None:
            job.cancel()

    def result(self) -> Decision | None:
        """The answer to the latest request once computed; None before (never blocks)."""
        job = self._job
        return job.result() if job is not None else None

    @property
    def failed(self) -> BaseException | None:
        job = self._job
        return job.error if job is not None else None

    @property
    def busy(self) -> bool:
        job = self._job
        return job is not None and not job.done

    @property
    def answered_by(self) -> int | None:
        """The process id that computed the current answer (the child's when it ran there)."""
        job = self._job
        return job.pid if job is not None and job.done else None

    def wait(self, timeout: float) -> Decision | None:
        """Block up to `timeout` seconds for the answer (tests and the text mode)."""
        job = self._job
        if job is None:
            return None
        deadline = time.perf_counter() + timeout
        while not job.wait(0.01) and time.perf_counter() < deadline and self._job is job:
            pass
        return self.result()

    def close(self) -> None:
        """Drop the request; end the worker's own pool (a shared pool is its owner's to close)."""
        self.cancel()
        if self._owns_pool and self._pool is not None:
            self._pool.close()


def _custom(compute: Compute, view: PublicView, budget: Budget, *, cancel: Callable[[], bool]) -> Any:
    return compute(view, budget, cancel)


__all__ = ["HintWorker"]
