"""The kill -9 campaign (issue 20, item 10): play real games in a child process, SIGKILL it at a
random moment, resume from the data folder, and count what was lost of what the child had
acknowledged (an action is acknowledged when `Session.apply` returned: the board shows it).

    python bench/kill9.py [--kills 200] [--seed 1] [--sleep 0.012]
    python bench/kill9.py --ends [--kills 200]   # kill 0-100 ms after each game's last move

--ends (issue 29, item 2): every game whose end reached the disk must be counted exactly once, under
the day it was played (a daily deal as its day's attempt), after two starts the next day and a new
game replacing its file; reported by what the disk held at the kill.

The promise measured (docs/persistence.md): a kill loses at most `autosave.MAX_UNSAVED`
acknowledged changes, and never the file. Reported: kills, resumes that replayed, the largest
number of acknowledged actions lost, the age of the oldest lost action (kill time minus its
acknowledgement; CLOCK_MONOTONIC is shared by the processes), and any damaged file.
"""

from __future__ import annotations

import argparse
import datetime
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
    from castellion.persistence import names, saves

    infos = [saves.inspect(p, with_backup=False) for p in names.autosave_files()]
    damaged = [i.message for i in infos if not i.ok]
    good = [i for i in infos if i.ok]
    if not good:
        return None, "; ".join(damaged) or "no autosave"
    newest = max(good, key=lambda i: i.sort_key)
    return newest.actions, ("; ".join(damaged) or None)


# --ends: kill -9 just after a game's last move (issue 29, item 2)
END_DRIVER = r"""
import datetime, sys, time
from castellion import persistence as P
from castellion.rules import new_game
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom
from castellion.session import Session

level, seed, bot, day = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), datetime.date.fromisoformat(sys.argv[4])
P.startup()
autosaver = P.Autosaver(today=lambda: day)
session = Session(new_game(level, seed=seed))

def last_move(session, kind, action, events):  # observes before the autosaver: the move is shown
    if session.game.outcome is not None:
        print("last", time.monotonic(), flush=True)

session.observers.append(last_move)
assert autosaver.attach(session)
print("ready", flush=True)
rng = SeededRandom.from_seed(bot)
while session.game.outcome is None:
    session.apply(greedy_action(session.game, rng))
print("counted", time.monotonic(), flush=True)
time.sleep(60)
"""


def kill_after_the_last_move(home: Path, level: str, seed: int, bot: int, day: str, after: float,
                             env: dict[str, str] | None = None) -> bool:
    """Play one game in a child on `home` and SIGKILL it `after` seconds after its last move was
    applied (shown); whether the child had counted the end before it died. `env`: the child's
    environment (the tests' own; by default this one with `home` as the data folder). Shared with
    tests/persistence/test_crash_safety.py."""
    env = env or dict(os.environ, CASTELLION_HOME=str(home), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", END_DRIVER, level, str(seed), str(bot), day], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    try:
        for line in proc.stdout:
            if line.startswith("last"):
                break
        time.sleep(after)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    rest = proc.stdout.read()
    proc.stdout.close()
    return "counted" in rest


def check_ends(home: Path, level: str, day: datetime.date, daily: bool) -> tuple[str, list[str]]:
    """After the kill, in this process and by the game's own API: two starts the next day, then a
    new game replacing the autosave three days later. (what the disk held, the broken promises)."""
    os.environ["CASTELLION_HOME"] = str(home)
    from castellion import persistence as P
    from castellion.persistence import names, saves, stats
    from castellion.rules import new_game
    from castellion.session import Session

    path = names.autosave_path()
    loaded = saves.load_path(path)  # DamagedSave: a damaged file, reported by the caller
    game = loaded.game
    key = stats.game_key(game.options, game.history)
    counted_before = P.load_stats().counted(key=key)
    problems: list[str] = []
    for n in (1, 2):  # two starts, the next day
        P.startup()
        P.count_unrecorded_ends(day + datetime.timedelta(days=1))
        record = P.load_stats().get(level)
        want = 1 if game.outcome is not None else 0
        if record.played != want or record.abandoned:
            problems.append(f"start {n}: played {record.played}, abandoned {record.abandoned}, want {want}")
    replacer = P.Autosaver(background=False, today=lambda: day + datetime.timedelta(days=3))
    new = Session(new_game(level, seed=1))
    replacer.attach(new, path=path)
    replacer.close(new)
    after = P.load_stats()
    record = after.get(level)
    if game.outcome is not None:
        result = game.outcome.result.value
        if (record.played, getattr(record, result), record.abandoned) != (1, 1, 0) or not after.counted(key=key):
            problems.append(f"after the new game: {record.to_dict()}")
        entry = after.days.get((day.isoformat(), level))
        if daily and (entry is None or (entry.result, entry.practice, entry.key) != (result, 0, key)):
            problems.append(f"the daily of {day}: {entry}, want the attempt {result}")
        kind = "ended, counted before the kill" if counted_before else "ended, counted at the next start"
    else:
        kind = "the last move not on disk (Continue offers the game)"
    others = [d for (d, lv) in after.days if lv == level and d != day.isoformat()]
    if others:
        problems.append(f"days recorded other than the day played: {others}")
    P.shutdown()
    return kind, problems


def ends_campaign(args: argparse.Namespace) -> None:
    """--ends: kill -9 0-100 ms after the last move of real games (every level, half of them the
    day's daily deal), then two starts the next day and a new game over the file: every game
    whose end reached the disk must be counted exactly once, under the day it was played."""
    from castellion.content.daily import daily_seed

    rnd = random.Random(args.seed)
    kinds: dict[str, list[int]] = {}  # what the disk held -> [kills, of which daily deals]
    problems: list[str] = []
    counted_in_child = 0
    with tempfile.TemporaryDirectory() as root:
        for n in range(args.kills):
            level = ("intro", "base", "expert")[n % 3]
            day = datetime.date(2026, 12, 1) + datetime.timedelta(days=n)
            daily = n % 2 == 0
            seed = daily_seed(day, level) if daily else rnd.randrange(10**6)
            home = Path(root) / f"end{n}"
            counted_in_child += kill_after_the_last_move(home, level, seed, rnd.randrange(100), day.isoformat(),
                                                         rnd.uniform(0.0, 0.1))
            try:
                kind, found = check_ends(home, level, day, daily)
            except Exception as exc:  # noqa: BLE001 - a damaged file is a finding, not a crash of the tool
                kind, found = "damaged", [f"{type(exc).__name__}: {exc}"]
            tally = kinds.setdefault(kind, [0, 0])
            tally[0] += 1
            tally[1] += daily
            problems += [f"kill {n} ({level}, {'daily' if daily else 'seed'} {day}): {p}" for p in found]
    print(f"kills just after the last move: {args.kills} ({(args.kills + 1) // 2} daily deals)")
    for kind, (count, dailies) in sorted(kinds.items()):
        print(f"  {kind}: {count} ({dailies} daily)")
    print(f"games counted more than once, under another day, as abandoned or not at all: {len(problems)}")
    for problem in problems[:10]:
        print("problem:", problem)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kills", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sleep", type=float, default=0.012)
    ap.add_argument("--ends", action="store_true", help="kill just after the last move of each game instead")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    if args.ends:
        ends_campaign(args)
        return
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
