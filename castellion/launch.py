"""When the program was launched, for the logged "first frame after N ms (from launch)".

The process's start time comes from /proc (Linux): the interpreter's own start and the imports
before the app count, and in the one-file build the start of the launcher that unpacked it (its
parent, the same executable) counts too. It is read when first asked, not at import: a start time
never changes. Where /proc is missing, the origin is the import of this module. The clock and the
reader are parameters, so the arithmetic is tested with made-up values, never with a stopwatch.
"""

from __future__ import annotations

import functools
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

_IMPORTED = time.perf_counter()  # the fallback origin (no /proc)


def start_time(stat: str, ticks_per_second: int) -> float:
    """A process's start, in seconds since boot, from the text of its /proc/<pid>/stat (field 22,
    `starttime`, in clock ticks; the name in field 2 may hold spaces and parentheses)."""
    fields = stat[stat.rindex(")") + 2:].split()
    return int(fields[19]) / ticks_per_second


def _read_stat(pid: int | str) -> str:
    return Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")


@functools.cache
def launched() -> float | None:
    """The launch, in CLOCK_BOOTTIME seconds (see the module doc); None without /proc."""
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        started = start_time(_read_stat("self"), ticks)
        parent = os.getppid()
        if getattr(sys, "frozen", False) and os.path.realpath(f"/proc/{parent}/exe") == os.path.realpath(
                "/proc/self/exe"):
            started = start_time(_read_stat(parent), ticks)  # the one-file build's launcher
        return started
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def _boottime() -> float:
    return time.clock_gettime(time.CLOCK_BOOTTIME)


def since_launch(launch: float | None | Callable[[], float | None] = launched,
                 now: Callable[[], float] = _boottime) -> float:
    """Seconds from `launch` (boot-time seconds) to `now()`; from this module's import when the
    launch is unknown or the boot-time clock is missing."""
    at = launch() if callable(launch) else launch
    if at is not None:
        try:
            return max(0.0, now() - at)
        except (AttributeError, OSError):
            pass
    return time.perf_counter() - _IMPORTED
