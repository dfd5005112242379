"""Issue 19 §4: the logged start-up time ("first frame after N ms") counts from the launch of the
process — the interpreter's own start and the imports before `castellion.app` included."""

from __future__ import annotations

import os
import sys

import pytest

from castellion import app as app_module
from castellion import launch


def test_the_start_time_is_read_from_proc_stat_even_with_a_name_holding_parentheses():
    # field 22 (starttime) in clock ticks; the process name (field 2) may hold ") (" and spaces
    stat = "4242 (Castellion (x) y) S 1 4242 4242 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 1 0 12345 0 0"
    assert launch.start_time(stat, 100) == 123.45


def test_since_launch_counts_from_the_launch_with_an_injected_clock():
    assert launch.since_launch(100.0, now=lambda: 100.75) == 0.75
    assert launch.since_launch(lambda: 100.0, now=lambda: 102.0) == 2.0
    assert launch.since_launch(100.0, now=lambda: 99.0) == 0.0  # never negative


def test_the_launch_is_the_process_start_on_linux():
    """What the log counts from is this process's own start in /proc, read when asked (not at
    import), so the interpreter's start-up and the imports before the app are included."""
    if not sys.platform.startswith("linux"):
        pytest.skip("reads /proc")
    stat = open("/proc/self/stat", encoding="ascii").read()
    assert launch.launched() == launch.start_time(stat, os.sysconf("SC_CLK_TCK"))


def test_a_board_leaving_the_stack_releases_its_memory(app, monkeypatch):
    """Issue 19 §6: when a game's board leaves the stack its garbage is collected and the C heap
    trimmed (the board and its demo driver hold each other: only the collector frees them)."""
    from castellion.scenes.nav import Route

    calls = []
    monkeypatch.setattr(app_module, "release_memory", lambda: calls.append(1))
    app.start_board("intro", 5)
    app.step(1 / 60)
    assert app.stack.top is not None and app.stack.top.route is Route.BOARD
    assert calls == []  # a board came, none left
    app.ctx.nav.reset(Route.MENU)
    app.step(1 / 60)
    assert calls == [1]
    app.step(1 / 60)
    assert calls == [1]  # once per board


def test_releasing_memory_never_fails():
    from castellion import memory

    memory.release_memory()
    memory.release_memory()  # (the C library's function looked up once, then reused)
    assert memory._malloc_trim is not None
