"""The review computed in the computer player's process, step by step, so the screen can show
it as it fills in: first the screening of every decision, then one job per decision, the dearest
first (ai/review.py `order`): the first marks are there within seconds, and `partial` is the
review so far. A review already kept (persistence/reviews.py) is read instead; a finished one is
kept (by the background writer). Nothing here runs on the frame: `poll()` only collects."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from castellion.ai import review as R
from castellion.ai.pool import ComputePool, Job
from castellion.persistence import reviews, writer

log = logging.getLogger("castellion.scenes.review")


class ReviewJobs:
    """The jobs of one review; `review` is set once they are all back (or it was kept)."""

    def __init__(self, pool: ComputePool, options: Mapping[str, Any], history: Sequence[Mapping[str, Any]]) -> None:
        self.pool = pool
        self.options = dict(options)
        self.history = [dict(a) for a in history]
        self.key = reviews.review_key(R.game_options(self.options), self.history, R.REVIEW_VERSION)
        # a kept review is checked against the game; a bad one is set aside and computed again
        self.review: dict[str, Any] | None = reviews.load_review(self.key, self.options, self.history)
        self.partial: dict[str, Any] | None = None  # the review so far, while it fills in
        self.failed = False
        self._screened: list[dict[str, Any]] | None = None
        self._checks: list[Job[R.Entry]] = []
        self._seen = 0  # entries in `partial`
        self._screen: Job[list[dict[str, Any]]] | None = None
        if self.review is None:
            self._screen = pool.submit(R.screen, self.options, self.history)

    @property
    def progress(self) -> tuple[int, int]:
        """(jobs done, jobs in all) — the screening counts as one; before it is back the total
        is not known yet (1)."""
        if self.review is not None:
            return (1, 1)
        done = sum(1 for j in self._checks if j.done) + (1 if self._screened is not None else 0)
        return (done, 1 + len(self._checks))

    @property
    def current(self) -> dict[str, Any] | None:
        """The whole review once there, else the review so far (None before its first entry)."""
        return self.review if self.review is not None else self.partial

    def poll(self) -> bool:
        """Collect what came back (each frame; never blocks); True once the review is there."""
        if self.review is not None or self.failed:
            return self.review is not None
        if self._screened is None:
            self._collect_screen()
            return False
        failed = [j for j in self._checks if j.done and j.result() is None]
        if failed:
            self._fail(failed[0])
            return False
        entries = [e for e in (j.result() for j in self._checks if j.done) if e is not None]
        if len(entries) < len(self._checks):
            if len(entries) > self._seen:  # re-assembled only when an entry came back (a few ms)
                self._seen = len(entries)
                self.partial = R.assemble(self.options, self.history, self._screened, entries)
            return False
        review = R.assemble(self.options, self.history, self._screened, entries)
        key = self.key

        def keep() -> None:
            reviews.keep_review(key, review)  # False (logged) when it cannot: computed again next time

        # on the writer thread: an fsync'd write is two or three frames (persistence/writer.py)
        writer.writer().submit(("review", key), keep)
        self.review = review
        return True

    def _collect_screen(self) -> None:
        job = self._screen
        if job is None or not job.done:
            return
        screened = job.result()
        if screened is None:
            self._fail(job)
            return
        self._screened = screened
        self._checks = [self.pool.submit(R.review_entry, self.options, self.history, k) for k in R.order(screened)]

    def _fail(self, job: Job[Any]) -> None:
        log.error("the review failed: %s", job.error)
        self.failed = True

    def cancel(self) -> None:
        for job in [self._screen, *self._checks]:
            if job is not None:
                job.cancel()


__all__ = ["ReviewJobs"]
