"""Giving memory back after a game (app layer): a finished board's pictures are megabytes each,
and without this their pages stayed resident (bench/soak.py measures it)."""

from __future__ import annotations

from typing import Any

_malloc_trim: Any = None  # glibc's malloc_trim once looked up (False: not this C library)


def release_memory() -> None:
    """Collect the garbage of a finished game (a board and its demo driver refer to each other,
    so only the collector frees them) and give the C heap's free pages back to the system
    (glibc's `malloc_trim`): the full-window pictures of a board are megabytes each, and the
    pages they leave would otherwise stay resident (61–65 MB after five demo
    games). Other C libraries: the collection only."""
    global _malloc_trim
    import gc

    gc.collect()
    if _malloc_trim is None:
        try:
            import ctypes
            import ctypes.util

            _malloc_trim = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
        except (OSError, AttributeError):  # not glibc (macOS, Windows, musl without it)
            _malloc_trim = False
    if _malloc_trim:
        try:
            _malloc_trim(0)
        except OSError:  # pragma: no cover - never seen; the memory is only kept, no harm
            _malloc_trim = False
