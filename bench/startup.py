"""Start-up time: process launch to the first menu frame, from a source checkout, under the dummy
video driver. Reported next to a bare `python -c "import pygame"` launch measured in the same run
(machines here are noisy, so the ratio is the figure to compare).

    python bench/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def launch_ms(args: list[str], env: dict, until: str | None = None) -> float:
    """Wall time from launch until `until` appears on stderr (or the process exits)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(args, cwd=ROOT, env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            text=True)
    assert proc.stderr is not None
    elapsed = None
    for line in proc.stderr:
        if until and until in line:
            elapsed = (time.perf_counter() - t0) * 1000
            break
    proc.kill() if proc.poll() is None else None
    proc.wait()
    return elapsed if elapsed is not None else (time.perf_counter() - t0) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CASTELLION_HOME=home)
        bare = [launch_ms([sys.executable, "-c", "import pygame"], env) for _ in range(args.runs)]
        game = [launch_ms([sys.executable, "-m", "castellion", "--log-level", "INFO"], env,
                          until="first frame after") for _ in range(args.runs)]
    b, g = statistics.median(bare), statistics.median(game)
    print(f"bare `import pygame` launch: median {b:6.0f} ms")
    print(f"castellion to first menu frame: median {g:6.0f} ms (min {min(game):.0f}, max {max(game):.0f})"
          f"  = {g / b:.2f} × baseline   (target < 1000 ms)")


if __name__ == "__main__":
    main()
