"""Issue 19 §4: the logged start-up time ("first frame after N ms") counts from the launch of the
process — the interpreter's own start and the imports before `castellion.app` included."""

from __future__ import annotations

import subprocess
import sys
import time

from castellion import app


def test_the_launch_is_before_the_import_of_the_app():
    # the process started before this module was imported: its age is at least the time since then
    since_import = time.perf_counter() - app._STARTED
    assert app.since_launch() >= since_import


def test_time_spent_before_the_import_counts():
    # 0.3 s pass in the process before castellion.app is imported: the clock must include them
    # (a lower bound only: a busy machine can make the figure larger, never smaller)
    code = ("import time; time.sleep(0.3)\n"
            "from castellion.app import since_launch, _LAUNCHED\n"
            "print(_LAUNCHED is not None, since_launch())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    known, seconds = out.stdout.split()
    if sys.platform.startswith("linux"):
        assert known == "True"  # /proc tells the process's start
    assert float(seconds) >= 0.3
