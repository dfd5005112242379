"""The computer player's process (issue 14: "frames never stall while a hint computes"): hints,
the demo and the analysis compute in one long-lived child process the app owns; cancelling drops
the answer and stops the search; closing leaves no child behind; a process that cannot start or
dies falls back to threads without raising."""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import sys
import threading
import time

import pytest

from castellion import ai
from castellion.ai.play import best_move
from castellion.ai.pool import ComputePool
from castellion.rules import new_game
from castellion.rules.public import public_view
from tests.conftest import HANG_GUARD, eventually, gone

# a search that runs for minutes unless cancelled (samples: look-ahead over determinizations)
LONG = ai.Budget(work=10**9, samples=50, candidates=4)


def test_a_job_is_computed_in_the_child_process_and_answers_a_legal_move():
    game = new_game("base", seed=1)
    pool = ComputePool()
    try:
        job = pool.submit(best_move, public_view(game))
        assert job.wait(HANG_GUARD) and job.error is None
        decision = job.result()
        assert decision is not None and decision.action in game.legal_actions()
        assert decision.action == best_move(game).action  # the same player, only elsewhere
        assert job.pid == pool.pid and job.pid != os.getpid() and pool.mode == "process"
    finally:
        pool.close()


def test_submitting_never_waits_for_the_child_to_start(monkeypatch):
    """The child is spawned on a background thread: with its start held up, submit still returns
    (the job waits in the backlog) and the answer comes once the child is up."""
    release = threading.Event()
    start = ComputePool._start

    def held_start(self):
        release.wait()
        start(self)

    monkeypatch.setattr(ComputePool, "_start", held_start)
    pool = ComputePool()
    try:
        job = pool.submit(best_move, public_view(new_game("intro", seed=1)))  # would hang if it waited
        assert not pool.started and not job.done
        release.set()
        assert job.wait(HANG_GUARD) and job.result() is not None
    finally:
        release.set()
        pool.close()


def test_close_leaves_no_child_process_behind_even_in_the_middle_of_a_search():
    pool = ComputePool()
    job = pool.submit(best_move, public_view(new_game("expert", seed=4)), LONG)
    assert eventually(lambda: pool.pid is not None)
    pid = pool.pid
    assert pid is not None and not gone(pid)
    time.sleep(0.5)  # the search is under way in the child
    pool.close()
    assert pool.exitcode == -signal.SIGTERM  # a busy child is terminated, not waited for
    assert gone(pid) and all(p.pid != pid for p in multiprocessing.active_children())
    assert job.done and job.result() is None
    assert pool.submit(best_move, public_view(new_game("intro", seed=1))).error is not None  # closed: no new child
    pool.close()  # idempotent


def test_cancel_drops_the_answer_and_a_superseded_pile_costs_one_search_not_ten():
    """Nine searches that would each run for minutes, each superseded by the next ask, then a
    plain move: the plain move is answered, so every cancelled search stopped at its next check
    or was skipped by the child before it started (else the answer would never come)."""
    game = new_game("expert", seed=4)
    view = public_view(game)
    pool = ComputePool()
    try:
        warm = pool.submit(best_move, view)
        assert warm.wait(HANG_GUARD)
        jobs = []
        for _ in range(9):  # a player who asks, acts and asks again, nine times in a row
            if jobs:
                jobs[-1].cancel()
            jobs.append(pool.submit(best_move, view, LONG))
            time.sleep(0.02)
        jobs[-1].cancel()
        last = pool.submit(best_move, view)
        assert last.wait(HANG_GUARD) and last.result() is not None
        assert all(j.done and j.cancelled and j.result() is None for j in jobs)
    finally:
        pool.close()


def test_an_error_in_the_child_is_the_jobs_error_never_raised():
    game = new_game("intro", seed=0)
    while game.outcome is None:
        game.apply(game.legal_actions()[-1])
    pool = ComputePool()
    try:
        job = pool.submit(best_move, game)  # a finished game: best_move raises ValueError (in the child)
        assert job.wait(HANG_GUARD) and job.result() is None
        assert isinstance(job.error, RuntimeError) and "ValueError" in str(job.error)
        again = pool.submit(best_move, public_view(new_game("intro", seed=1)))
        assert again.wait(HANG_GUARD) and again.result() is not None and again.pid == pool.pid  # the child lives on
    finally:
        pool.close()


def test_a_process_that_cannot_start_falls_back_to_a_thread(caplog):
    pool = ComputePool(start_method="no-such-method")  # get_context raises: as if no process could start
    game = new_game("intro", seed=1)
    try:
        with caplog.at_level(logging.WARNING, logger="castellion.ai.pool"):
            job = pool.submit(best_move, public_view(game))
            assert job.wait(HANG_GUARD)
        decision = job.result()
        assert decision is not None and decision.action in game.legal_actions()
        assert job.pid == os.getpid() and pool.mode == "thread"
        assert any("on a thread instead" in r.getMessage() for r in caplog.records)
    finally:
        pool.close()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_child_that_dies_mid_search_is_replaced_by_a_thread(caplog):
    game = new_game("expert", seed=4)
    pool = ComputePool()
    try:
        assert pool.submit(best_move, public_view(game)).wait(HANG_GUARD)
        pid = pool.pid
        assert pid is not None
        with caplog.at_level(logging.WARNING, logger="castellion.ai.pool"):
            job = pool.submit(best_move, public_view(game), ai.Budget(work=3000, samples=10, candidates=3))
            time.sleep(0.2)
            os.kill(pid, signal.SIGKILL)  # the child is gone (out of memory, killed by the player…)
            assert job.wait(HANG_GUARD)
        assert job.result() is not None and job.pid == os.getpid() and pool.mode == "thread"
        assert any("process ended" in r.getMessage() for r in caplog.records)
    finally:
        pool.close()


def test_thread_mode_runs_on_threads_only():
    pool = ComputePool(process=False)
    game = new_game("intro", seed=2)
    try:
        job = pool.submit(best_move, public_view(game))
        assert job.wait(HANG_GUARD) and job.result() is not None and job.pid == os.getpid()
        assert pool.pid is None and not pool.started
        pool.warm()  # nothing to start
        assert not pool.started
    finally:
        pool.close()


def test_the_hint_worker_takes_the_shared_pool_and_leaves_it_open():
    pool = ComputePool()
    game = new_game("base", seed=3)
    try:
        first, second = ai.HintWorker(pool=pool), ai.HintWorker(pool=pool)
        first.request(game)
        second.request(game)
        a, b = first.wait(HANG_GUARD), second.wait(HANG_GUARD)
        assert a is not None and b is not None and a.action == b.action
        assert first.answered_by == second.answered_by == pool.pid != os.getpid()
        first.close()  # a worker on a shared pool does not end it
        again = second.request(game)
        assert again.wait(HANG_GUARD) and again.pid == pool.pid
    finally:
        pool.close()


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="no process priorities here")
def test_the_child_runs_at_a_lower_priority_so_the_frames_come_first():
    from castellion.ai.pool import CHILD_NICE

    pool = ComputePool()
    try:
        assert pool.submit(best_move, public_view(new_game("intro", seed=1))).wait(HANG_GUARD)
        mine = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, pool.pid) == min(19, mine + CHILD_NICE) > mine
    finally:
        pool.close()
