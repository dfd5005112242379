"""The kill -9 campaign (issue 20, item 10): play real games in a child process, SIGKILL it at a
random moment, resume from the data folder, and count what was lost of what the child had
acknowledged (an action is acknowledged when `Session.apply` returned: the board shows it).

    python bench/kill9.py [--kills 200] [--seed 1] [--sleep 0.012]

The promise measured (docs/persistence.md): a kill loses at most `autosave.MAX_UNSAVED`
acknowledged changes, and never the file. Reported: kills, resumes that replayed, the largest
number of acknowledged actions lost, the age of the oldest lost action (kill time minus its
acknowledgement; CLOCK_MONOTONIC is shared by the processes), and any damaged file.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DRIVER = r"""
import sys, time
from castellion import persistence as P
from castellion.rules import new_game
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom
from castellion.session import Session

seed, pause = int(sys.argv[1]), float(sys.argv[2])
P.startup()
autosaver = P.Autosaver()
rng = SeededRandom.from_seed(seed)
game_no = 0
while True:
    session = Session(new_game(("intro", "base", "expert")[game_no % 3], seed=seed + game_no))
    assert autosaver.attach(session)
    print("ready", time.monotonic(), flush=True)
    while session.game.outcome is None:
        session.apply(greedy_action(session.game, rng))
        print("ack", len(session.game.history), time.monotonic(), flush=True)
        time.sleep(pause)
    game_no += 1
    print("game", flush=True)
"""


def one_kill(home: Path, seed: int, pause: float, after: float) -> dict:
    env = dict(os.environ, CASTELLION_HOME=str(home), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", DRIVER, str(seed), str(pause)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline().split()
    assert line and line[0] == "ready", line
    lines: list[str] = []
    reading = threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True)  # type: ignore[arg-type]
    reading.start()
    time.sleep(after)
    proc.send_signal(signal.SIGKILL)
    killed = time.monotonic()
    proc.wait()
    reading.join(10)
    proc.stdout.close()
    acks: list[tuple[int, float]] = []
    for raw in lines:
        parts = raw.split()
        if len(parts) == 3 and parts[0] == "ack" and raw.endswith("\n"):  # a whole line only
            acks.append((int(parts[1]), float(parts[2])))
        elif parts and parts[0] in ("game", "ready"):
            acks = []  # a new game: its autosave is what counts
    return {"acks": acks, "killed": killed}


def resume(home: Path) -> tuple[int | None, str | None]:
    """(actions in the newest autosave, problem) — by the game's own API, in this process."""
    os.environ["CASTELLION_HOME"] = str(home)
    from castellion.persistence import autosave, saves

    infos = [saves.inspect(p, with_backup=False) for p in autosave._autosave_family()]
    damaged = [i.message for i in infos if not i.ok]
    good = [i for i in infos if i.ok]
    if not good:
        return None, "; ".join(damaged) or "no autosave"
    newest = max(good, key=lambda i: i.sort_key)
    return newest.actions, ("; ".join(damaged) or None)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kills", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sleep", type=float, default=0.012)
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    rnd = random.Random(args.seed)
    lost_counts, ages, problems, resumed = [], [], [], 0
    with tempfile.TemporaryDirectory() as root:
        for n in range(args.kills):
            home = Path(root) / f"run{n}"
            out = one_kill(home, rnd.randrange(10**6), args.sleep, rnd.uniform(0.02, 1.5))
            on_disk, problem = resume(home)
            if problem:
                problems.append(problem)
            if on_disk is None:
                continue
            resumed += 1
            acked = out["acks"][-1][0] if out["acks"] else 0
            lost = max(0, acked - on_disk)
            lost_counts.append(lost)
            if lost:
                first_lost = next(t for count, t in out["acks"] if count > on_disk)
                ages.append(out["killed"] - first_lost)
    print(f"kills: {args.kills}, resumed with a valid autosave: {resumed}, damaged files: {len(problems)}")
    print(f"acknowledged actions lost per kill: max {max(lost_counts)}, "
          f"0 lost in {lost_counts.count(0)}, 1 in {lost_counts.count(1)}, 2 in {lost_counts.count(2)}, "
          f"more in {sum(1 for x in lost_counts if x > 2)}")
    if ages:
        print(f"age of the oldest lost action: median {statistics.median(ages) * 1000:.0f} ms, "
              f"max {max(ages) * 1000:.0f} ms")
    for problem in problems[:5]:
        print("problem:", problem)


if __name__ == "__main__":
    main()
