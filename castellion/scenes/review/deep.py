"""The deeper look, when the player asks: some decisions of the review looked at
again with DEEP times the move budget, the playouts and their work (`ai.review.deep_entry`) — the
one the player stands on first, then the marked ones (else the dearest) — one job each in the
computer player's process, so the screen shows how far it got and the player may stop it. What
comes back stands in for the quick look's numbers at those decisions (the graph keeps the quick
look's line)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from castellion.ai import review as R
from castellion.ai.pool import ComputePool, Job

MOST = 8  # decisions a deeper look takes on (seconds each on a busy machine)


def deep_targets(step: int, decisions: Sequence[Mapping[str, Any]]) -> list[int]:
    """The decisions to look at deeper: the one at `step` (when it is one), then the marked ones
    in game order, else the largest drops; at most MOST."""
    indices = [int(d["index"]) for d in decisions]
    marked = [int(d["index"]) for d in decisions if d.get("mark")]
    dearest = [int(d["index"]) for d in sorted(decisions, key=lambda d: -float(d.get("drop") or 0.0))]
    out: list[int] = [step] if step in indices else []
    for k in marked + dearest:
        if k not in out:
            out.append(k)
    return out[:MOST]


class DeepLook:
    """The jobs of one deeper look; `entries` fills in as they come back (poll each frame)."""

    def __init__(self, pool: ComputePool, options: Mapping[str, Any], history: Sequence[Mapping[str, Any]],
                 indices: Sequence[int]) -> None:
        self.jobs: dict[int, Job[R.Entry]] = {k: pool.submit(R.deep_entry, dict(options), [dict(a) for a in history], k)
                                              for k in indices}
        self.entries: dict[int, dict[str, Any]] = {}
        self.stopped = False

    @property
    def progress(self) -> tuple[int, int]:
        return sum(1 for j in self.jobs.values() if j.done), len(self.jobs)

    @property
    def running(self) -> bool:
        return not self.stopped and any(not j.done for j in self.jobs.values())

    def poll(self) -> None:
        for k, job in self.jobs.items():
            entry = job.result()
            if k not in self.entries and entry is not None:
                self.entries[k] = dict(entry.to_dict(), checked=True, deep=True)

    def cancel(self) -> None:
        """Stop: the jobs not yet back are dropped (the child stops at its next check)."""
        self.stopped = True
        for job in self.jobs.values():
            job.cancel()


__all__ = ["MOST", "DeepLook", "deep_targets"]
