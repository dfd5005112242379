"""Start-up time: from the launch of the process to the first menu frame, under the dummy video
driver, next to a bare `python -c "import pygame"` launch measured in the same run (machines here
are noisy, so the ratio is the figure to compare).

    python bench/startup.py [--runs N] [--exe dist/onefile/Castellion]

Two figures per launch: the game's own log line "first frame after N ms (from launch)", which
counts from the process's start time in /proc/<pid>/stat (the interpreter's start-up and every
import included; in the one-file build from the start of the launcher that unpacks it), and the
wall time this script sees from `Popen` to that line (the launcher's view: it adds the fork/exec
and the pipe). `--exe`: time that executable instead of `python -m castellion` (a frozen build:
`make dist` gives dist/Castellion/Castellion, `make dist-onefile` dist/onefile/Castellion; the
one-file build's figure then includes its unpacking).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINE = re.compile(r"first frame after (\d+) ms")


def launch(args: list[str], env: dict[str, str], until: str | None = None) -> tuple[float, float | None]:
    """(wall ms from launch until a line matching `until` appears on stderr — or the process
    exits —, the ms the line itself gives or None)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(args, cwd=ROOT, env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            text=True)
    assert proc.stderr is not None
    elapsed, logged = None, None
    for line in proc.stderr:
        found = LINE.search(line) if until else None
        if found:
            elapsed, logged = (time.perf_counter() - t0) * 1000, float(found.group(1))
            break
    if proc.poll() is None:
        proc.kill()
    proc.wait()
    return (elapsed if elapsed is not None else (time.perf_counter() - t0) * 1000), logged


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--exe", type=Path, default=None,
                        help="a built program to time (default: python -m castellion)")
    args = parser.parse_args()
    game_cmd = [str(args.exe)] if args.exe else [sys.executable, "-m", "castellion"]
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CASTELLION_HOME=home)
        bare, wall, logged = [], [], []
        for _ in range(args.runs):  # interleaved: a busy moment slows both alike
            bare.append(launch([sys.executable, "-c", "import pygame"], env)[0])
            w, own = launch(game_cmd + ["--log-level", "INFO"], env, until="first frame after")
            wall.append(w)
            if own is not None:
                logged.append(own)
    b = statistics.median(bare)
    print(f"bare `import pygame` launch:        median {b:6.0f} ms (min {min(bare):.0f}, max {max(bare):.0f})")
    g = statistics.median(wall)
    print(f"{' '.join(game_cmd[-2:]) if not args.exe else args.exe.name} to first menu frame, wall from Popen:"
          f" median {g:6.0f} ms (min {min(wall):.0f}, max {max(wall):.0f}) = {g / b:.2f} x baseline")
    if logged:
        m = statistics.median(logged)
        print(f"the game's own log, from its process start: median {m:6.0f} ms (min {min(logged):.0f}, "
              f"max {max(logged):.0f}) = {m / b:.2f} x baseline   (target < 1000 ms)")
    else:
        print("the game logged no 'first frame after' line")


if __name__ == "__main__":
    main()
