"""The computer player's own process: hints, the demo and the analysis computed beside the game.

    pool = ComputePool()                        # no process yet: it starts with `warm()` or the first job
    job = pool.submit(best_move, view, budget)  # never blocks; runs best_move(view, budget, cancel=...)
    job.result()                                # None until done; the answer once done
    job.cancel()                                # the answer is dropped; the search stops at its next check
    pool.close()                                # on quit: no child process is left behind

Why a process: a search on a thread shares the interpreter lock
with the main loop, and bench/hint_frames.py measured the board's frames x1.13 (median) and x1.60
(p95) slower while a hint computed on a thread. A child process has its own interpreter.

- **One child, long-lived.** The app owns one pool (`AppContext.get_ai_pool`) and every screen
  sends its jobs there; the child runs them one at a time. Starting it costs ~30 ms of the caller's
  time (measured: spawning a Python interpreter) plus the child's imports, so it is started on a
  background thread — by `warm()` (the app calls it a moment after the menu shows) or by the first
  job — and jobs submitted meanwhile wait in a backlog. A frame never waits for it.
- **Cancelling.** Each job has a slot in a shared array of job ids; cancelling (or closing) writes
  -1 there, and the child's `cancel()` callable compares its slot with its own id. A cancelled job
  not yet started is skipped by the child before it unpickles anything, so a player who asks and
  acts again and again never leaves a pile of stale searches queued in the child.
- **Fallback.** When the child cannot start, dies, or `process=False` was asked (tests, a platform
  without processes), jobs run on daemon threads instead: the same answers, only sharing the
  interpreter lock with the frames. The switch is logged once, never raised.
- **Waking the caller.** `on_done` (set by the app) is called, from whichever thread delivers
  it, each time a job gets its answer or fails: a still screen sleeps until input arrives, so
  without it a finished hint waited for the mouse to move. It must be thread-safe
  and quick (the app posts an event).
- **Lower priority.** The child lowers its scheduling priority (`nice`, where the platform has
  it): when the machine's cores are all busy the frames come first, and the search, bounded by its
  time budget, gets what is left (CHILD_NICE has the measurements).

A job's function is called as `fn(*args, cancel=cancel)` and must be importable by name (a
module-level function: it is pickled for the child), as are its arguments and answer. Pure stdlib.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing.util  # noqa: F401 - before our atexit handler is registered: see _close_all
import os
import pickle
import threading
import weakref
from collections.abc import Callable
from typing import Any, Generic, TypeVar

log = logging.getLogger("castellion.ai.pool")

T = TypeVar("T")

SLOTS = 256  # cancel flags in the shared array; a job uses slot id % SLOTS (far more than ever in flight)
CANCELLED = -1
# The child's scheduling priority offset (Linux / macOS): the frames come first. Measured with
# bench/hint_frames.py while another process kept one of the 2 cores busy: p95 frame x4.6-4.8 with
# the child at nice 0 (the OS preempts the main loop for it), x0.98-1.01 at nice 10. The cost: on a
# saturated machine the child's wall-clock budgets buy fewer tries (an analysis finds less).
CHILD_NICE = 10
IDLE_EXIT = 0.5  # seconds close() waits for an idle child to leave by itself before terminating it


_LIVE: weakref.WeakSet[ComputePool] = weakref.WeakSet()  # pools with a child, for the exit below


@atexit.register
def _close_all() -> None:
    """At interpreter exit, end every child still running (a pool its owner never closed). Runs
    before multiprocessing's own exit handler (registered earlier, run later), so no pool mistakes
    that for its child dying and no child outlives the program."""
    for pool in list(_LIVE):
        pool.close()


class Job(Generic[T]):
    """One computation sent to a `ComputePool`: poll `result()` each frame, `cancel()` to drop it."""

    def __init__(self, pool: ComputePool, job_id: int, payload: bytes | None,
                 call: tuple[Callable[..., T], tuple[Any, ...]] | None) -> None:
        self.id = job_id
        self.pid: int | None = None  # the process that computed the answer (the child's, or ours)
        self.error: BaseException | None = None
        self._pool = pool
        self._payload = payload  # (fn, args) pickled for the child
        self._call = call  # (fn, args) for a thread
        self._value: T | None = None
        self._cancelled = False
        self._done = threading.Event()

    @property
    def slot(self) -> int:
        return self.id % SLOTS

    @property
    def done(self) -> bool:
        """Answered, failed or cancelled: nothing more will come."""
        return self._done.is_set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled

    def cancel(self) -> None:
        """Drop the answer; the computation stops at its next check (idempotent)."""
        self._pool._cancel(self)

    def result(self) -> T | None:
        """The answer once computed; None before, after a failure and after `cancel()`. Never blocks."""
        return self._value if self._done.is_set() and not self._cancelled else None

    def wait(self, timeout: float) -> bool:
        """Block up to `timeout` seconds until the job is done (tests, the self-test)."""
        return self._done.wait(timeout)

    def _finish(self, value: T | None, error: BaseException | None, pid: int | None) -> None:
        if self._done.is_set():
            return
        self._value, self.error, self.pid = value, error, pid
        self._done.set()
        if not self._cancelled:
            self._pool._finished()


class ComputePool:
    """One child process for the computer player's jobs, started lazily, with a thread fallback
    (see the module docstring). `process=False`: threads only. Thread-safe."""

    def __init__(self, *, process: bool = True, nice: int = CHILD_NICE, start_method: str = "spawn") -> None:
        self._lock = threading.Lock()
        self._nice = nice
        self._method = start_method
        self.mode = "process" if process else "thread"  # "thread" after a fallback too
        self._closed = False
        self._next_id = 0
        self._backlog: list[Job[Any]] = []  # submitted before the child was up
        self._sent: dict[int, Job[Any]] = {}  # with the child, not yet answered
        self._starter: threading.Thread | None = None
        self._listener: threading.Thread | None = None
        self._proc: Any = None
        self._requests: Any = None
        self._flags: Any = None
        # called (from any thread) when a job is answered or fails: see "Waking the caller"
        self.on_done: Callable[[], None] | None = None

    # ------------------------------------------------------------------ the caller's side
    @property
    def pid(self) -> int | None:
        """The child's process id once it has started (None before, and in thread mode)."""
        proc = self._proc
        return int(proc.pid) if proc is not None and proc.pid is not None else None

    @property
    def started(self) -> bool:
        return self._proc is not None

    @property
    def exitcode(self) -> int | None:
        """How the child ended (None while it runs or before it started; -15: terminated)."""
        proc = self._proc
        return None if proc is None else proc.exitcode

    def warm(self) -> None:
        """Start the child now, in the background, so the first hint does not wait for it."""
        with self._lock:
            if self.mode == "process" and not self._closed:
                self._start_in_background()

    def submit(self, fn: Callable[..., T], *args: Any) -> Job[T]:
        """Compute `fn(*args, cancel=...)` in the child (or on a thread); never blocks."""
        with self._lock:
            self._next_id += 1
            job_id = self._next_id
            if self._closed:
                job: Job[T] = Job(self, job_id, None, None)
                job._finish(None, RuntimeError("the computer player's pool is closed"), None)
                return job
            if self.mode == "thread":
                job = Job(self, job_id, None, (fn, args))
                self._run_on_thread(job)
                return job
            try:
                payload = pickle.dumps((fn, args), protocol=pickle.HIGHEST_PROTOCOL)
            except Exception as exc:  # noqa: BLE001 - a programming error, reported on the job, never raised
                job = Job(self, job_id, None, None)
                job._finish(None, exc, None)
                return job
            job = Job(self, job_id, payload, (fn, args))
            if self._proc is None:
                self._backlog.append(job)
                self._start_in_background()
            else:
                self._send(job)
            return job

    def _cancel(self, job: Job[Any]) -> None:
        with self._lock:
            if job.done:
                return
            job._cancelled = True
            if self._flags is not None and self._flags[job.slot] == job.id:
                self._flags[job.slot] = CANCELLED
            self._sent.pop(job.id, None)
            if job in self._backlog:
                self._backlog.remove(job)
            job._finish(None, None, None)

    def close(self) -> None:
        """Cancel every job and end the child (idempotent). When it returns no child process is
        left: an idle child leaves by itself; a busy one, or one that does not leave within
        IDLE_EXIT seconds, is terminated (it holds nothing worth saving). The standard library's
        resource tracker, a small idle helper every spawned process brings on POSIX, ends with
        the program (tests/test_hint_process.py checks that nothing is left after quitting)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            jobs = list(self._sent.values()) + self._backlog
            busy = bool(self._sent)
            self._sent.clear()
            self._backlog.clear()
            if self._flags is not None:
                for slot in range(SLOTS):
                    self._flags[slot] = CANCELLED
            starter = self._starter
        for job in jobs:
            job._cancelled = True
            job._finish(None, None, None)
        if starter is not None and starter is not threading.current_thread():
            starter.join(timeout=10)  # a child being spawned is stopped below like any other
        proc, requests = self._proc, self._requests
        if proc is not None:
            try:
                requests.put(None)
            except (OSError, ValueError):
                pass
            proc.join(0 if busy else IDLE_EXIT)
            if proc.is_alive():
                proc.terminate()
                proc.join(2)
            if proc.is_alive():  # pragma: no cover - a child that ignores SIGTERM
                proc.kill()
                proc.join(2)
            requests.cancel_join_thread()
            requests.close()
        listener = self._listener
        if listener is not None and listener is not threading.current_thread():
            listener.join(timeout=2)

    def _finished(self) -> None:
        hook = self.on_done
        if hook is not None:
            try:
                hook()
            except Exception:  # noqa: BLE001 - a failing wake-up must not lose the answer (the next frame reads it)
                log.exception("the job-done hook failed")

    # ------------------------------------------------------------------ starting the child
    def _start_in_background(self) -> None:  # with the lock held
        if self._starter is None:
            self._starter = threading.Thread(target=self._start, daemon=True, name="castellion-ai-start")
            self._starter.start()

    def _start(self) -> None:
        try:
            import multiprocessing

            context: Any = multiprocessing.get_context(self._method)
            flags = context.RawArray("q", SLOTS)  # zeros: job ids start at 1
            requests = context.Queue()  # put() never blocks: a feeder thread writes to the pipe
            answers, child_end = context.Pipe(duplex=False)
            proc = context.Process(target=_child_main, args=(requests, child_end, flags, self._nice),
                                   name="castellion-ai", daemon=True)
            proc.start()
            child_end.close()  # the child holds its own copy
        except Exception as exc:  # noqa: BLE001 - no process here (a sandbox, a frozen build gone wrong)
            with self._lock:
                self._fall_back(f"the computer player's process could not start ({type(exc).__name__}: {exc})")
            return
        with self._lock:
            self._proc, self._requests, self._flags = proc, requests, flags
            _LIVE.add(self)
            if self._closed:
                return  # close() is waiting for this thread and ends the child
            log.info("the computer player's process started (pid %s)", proc.pid)
            self._listener = threading.Thread(target=self._listen, args=(answers, proc), daemon=True,
                                              name="castellion-ai-answers")
            self._listener.start()
            backlog, self._backlog = self._backlog, []
            for job in backlog:
                self._send(job)

    def _send(self, job: Job[Any]) -> None:  # with the lock held
        self._flags[job.slot] = job.id
        self._sent[job.id] = job
        self._requests.put((job.id, job._payload))

    # ------------------------------------------------------------------ answers
    def _listen(self, answers: Any, proc: Any) -> None:
        from multiprocessing.connection import wait

        while True:
            ready = wait([answers, proc.sentinel])
            if answers in ready or answers.poll():
                try:
                    job_id, status, value, pid = answers.recv()
                except (EOFError, OSError):
                    break
                except Exception:  # noqa: BLE001 - one unreadable answer: its job stays unanswered
                    log.exception("an answer from the computer player's process could not be read")
                    continue
                self._deliver(job_id, status, value, pid)
                continue
            break  # the child ended and every answer it sent has been read
        answers.close()
        with self._lock:
            if not self._closed:
                self._fall_back(f"the computer player's process ended (exit code {proc.exitcode})")

    def _deliver(self, job_id: int, status: str, value: Any, pid: int) -> None:
        with self._lock:
            job = self._sent.pop(job_id, None)
        if job is None or job.cancelled:
            return  # cancelled meanwhile: the answer is dropped
        if status == "ok":
            job._finish(value, None, pid)
        elif status == "error":
            job._finish(None, value if isinstance(value, BaseException) else RuntimeError(str(value)), pid)
        else:  # the child saw the job cancelled
            job._finish(None, None, pid)

    # ------------------------------------------------------------------ the thread fallback
    def _fall_back(self, why: str) -> None:  # with the lock held
        if self.mode != "thread":
            log.warning("%s; computing hints on a thread instead", why)
        self.mode = "thread"
        waiting = [job for job in list(self._sent.values()) + self._backlog if not job.cancelled]
        self._sent.clear()
        self._backlog.clear()
        for job in waiting:
            self._run_on_thread(job)

    def _run_on_thread(self, job: Job[Any]) -> None:
        threading.Thread(target=_thread_main, args=(job,), daemon=True, name=f"castellion-ai-{job.id}").start()


def _thread_main(job: Job[Any]) -> None:
    assert job._call is not None
    fn, args = job._call
    try:
        value = fn(*args, cancel=lambda: job.cancelled)
    except Exception as exc:  # noqa: BLE001 - a hint must never bring the game down: it just has no answer
        job._finish(None, exc, os.getpid())
        return
    job._finish(value, None, os.getpid())


# ---------------------------------------------------------------------- the child's side
def _child_main(requests: Any, answers: Any, flags: Any, nice: int) -> None:
    """The child's loop: one job at a time until told to stop (None) or the parent is gone."""
    import multiprocessing
    import queue
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in a terminal is the parent's to handle
    if nice and hasattr(os, "nice"):
        try:
            os.nice(nice)
        except OSError:
            pass
    parent = multiprocessing.parent_process()
    pid = os.getpid()
    while True:
        try:
            message = requests.get(timeout=1.0)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return  # orphaned (the game was killed): nobody will read the answers
            continue
        if message is None:
            return
        job_id, payload = message
        slot = job_id % SLOTS

        def cancel(job_id: int = job_id, slot: int = slot) -> bool:
            return bool(flags[slot] != job_id)

        if cancel():
            answer: tuple[Any, ...] = (job_id, "cancelled", None, pid)  # superseded before it began
        else:
            try:
                fn, args = pickle.loads(payload)
                answer = (job_id, "ok", fn(*args, cancel=cancel), pid)
            except Exception as exc:  # noqa: BLE001 - reported to the caller as the job's error
                # as a plain RuntimeError: not every exception class survives pickling
                answer = (job_id, "error", f"{type(exc).__name__}: {exc}", pid)
        try:
            answers.send(answer)
        except (BrokenPipeError, EOFError, OSError):
            return  # the parent is gone
        except Exception as exc:  # noqa: BLE001 - an answer that cannot be pickled
            answers.send((job_id, "error", f"unpicklable answer: {exc}", pid))


__all__ = ["ComputePool", "Job"]
