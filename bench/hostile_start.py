"""Start-up with hostile files in the data folder (issue 20, item 5), against a normal start in
the same run: process launch to the first menu frame (the app logs "first frame after"), under
the dummy video driver. Machines here are noisy, so the ratios are the figures to compare.

    python bench/hostile_start.py [--runs N]

Cases (each its own data folder, launches interleaved so that load drifts hit all alike):
- normal: an empty data folder;
- long named: `saves/long.json`, a 1.6 MB save-shaped file of four 400 KB strings (the old
  long-string check spent 6 s on each such string; it added 19 s to every launch);
- long autosave: the same file as `saves/autosave.json` (read at every start: Continue);
- twenty 8 MB named: `saves/big-N.json`, twenty 8 MB files (they kept the menu from appearing for
  33 minutes); sparse files: the size alone must refuse them, so they are never read;
- twenty 8 MB autosaves: the same as `autosave-1.json` … `autosave-20.json`;
- twenty 1.9 MB autosaves (issue 29, item 5): `autosave-1.json` … `autosave-20.json`, each a
  valid game in progress (real moves, its hash right) padded under the 2 MB cap with an extra key
  of 4,000-character strings: every one of them loads. They made the first frame 5.9x later.
Goals: a long save adds less than the start-up time itself (ratio < 2); with twenty 8 MB files
the menu appears within 2 s of a normal start (issue 20); with twenty 1.9 MB valid autosaves the
first frame comes within 1.5x of a normal start's (issue 29).

    python bench/hostile_start.py --saves-screen [--runs N] [--root DIR]

The Saves screen opened over twenty 1.9 MB valid autosaves, against an empty data folder and twenty
small autosaves (the same games unpadded: the first rows drawn load fonts and date words) (issue
29, item 5): in a child process per run (headless `App`, its data folder, the menu shown for 30
frames), Load game is pushed and frames run at 60 Hz until every row is listed and verified (one
second at least: the screen's first drawing is in every case); the figure is the **longest
frame** from the push on (wall time of `App.step`), and how long until the last row was verified.
`--root` measures the program of another tree (an older checkout: before / after). Goal: the
longest frame within 1.5x of the empty folder's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import ROOT, launch  # noqa: E402 - the same launch measure as bench/startup.py

LONG = 400_000
BIG = 8 * 1024 * 1024


def long_save() -> bytes:
    doc = {"castellion": "save", "format": 2, "program": "0.1.0", "game_id": "x" * LONG,
           "options": {"level": "intro", "seed": 1}, "seed": 1, "actions": [],
           "player_names": ["y" * LONG, "z" * LONG], "summary": {"level": "w" * LONG}}
    return json.dumps(doc).encode()


def valid_autosaves(folder: Path, count: int = 20, size: int = 1_900_000) -> None:
    """`count` valid autosaves of games in progress, each padded to about `size` bytes."""
    sys.path.insert(0, str(ROOT))
    from castellion.persistence import saves as S
    from castellion.rules import new_game
    from castellion.rules.bots import greedy_action
    from castellion.rules.rng import SeededRandom
    from castellion.session import Session

    for i in range(count):
        session = Session(new_game("base", seed=100 + i))
        rng = SeededRandom.from_seed(i)
        for _ in range(8):
            if session.game.outcome is None:
                session.apply(greedy_action(session.game, rng))
        doc = S.document_for(session)
        doc["padding"] = ["x" * 4000] * max(0, (size - len(S.encode(doc))) // 4006)
        data = S.encode(doc)
        assert len(data) < S.MAX_BYTES
        (folder / f"autosave-{i + 1}.json").write_bytes(data)


def make(home: Path, case: str) -> None:
    saves = home / "saves"
    saves.mkdir(parents=True)
    if case == "twenty 1.9 MB autosaves":
        valid_autosaves(saves)
    elif case == "twenty small autosaves":  # the same games, unpadded (~3 kB each)
        valid_autosaves(saves, size=0)
    elif case == "long named":
        (saves / "long.json").write_bytes(long_save())
    elif case == "long autosave":
        (saves / "autosave.json").write_bytes(long_save())
    elif case.startswith("twenty"):
        for i in range(20):
            name = f"autosave-{i + 1}.json" if "autosave" in case else f"big-{i}.json"
            with open(saves / name, "wb") as fh:
                fh.truncate(BIG)


CASES = ("normal", "long named", "long autosave", "twenty 8 MB named", "twenty 8 MB autosaves",
         "twenty 1.9 MB autosaves")


def saves_screen_child(root: str) -> None:
    """In a child process (CASTELLION_HOME set): open the Saves screen and time its frames; prints
    one JSON line: the longest frame, the frame count and the time until every row is verified."""
    sys.path.insert(0, root)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import random

    from castellion.app import App
    from castellion.scenes.nav import Route

    app = App(rng=random.Random(1))
    for _ in range(30):  # the menu, warm (fonts, pictures)
        app.step(1 / 60)
    app.ctx.nav.push(Route.SAVES)
    frames: list[float] = []
    start = time.perf_counter()
    done_at = None
    while time.perf_counter() - start < 60 and (done_at is None or len(frames) < 60):
        t0 = time.perf_counter()
        app.step(1 / 60)
        took = time.perf_counter() - t0
        frames.append(took * 1000)
        scene = app.stack.top
        if (done_at is None and type(scene).__name__ == "SavesScene" and not getattr(scene, "reading", False)
                and all(i.verified for i in scene.saves)):
            done_at = time.perf_counter() - start
        time.sleep(max(0.0, 1 / 60 - took))  # the run loop's pace: the reader works meanwhile
    rows = len(getattr(app.stack.top, "saves", ()))
    app.close()
    print(json.dumps({"longest": max(frames), "frames": len(frames), "rows": rows,
                      "slow": sum(1 for f in frames if f > 50), "median": statistics.median(frames),
                      "verified_ms": None if done_at is None else done_at * 1000}))


def saves_screen(runs: int, root: Path) -> None:
    cases = ("empty folder", "twenty small autosaves", "twenty 1.9 MB autosaves")
    got: dict[str, list[dict[str, float]]] = {case: [] for case in cases}
    with tempfile.TemporaryDirectory() as tmp:
        homes = {case: Path(tmp) / f"home{i}" for i, case in enumerate(cases)}
        for case, home in homes.items():
            make(home, "normal" if case == "empty folder" else case)
        for _ in range(runs):
            for case, home in homes.items():  # interleaved: load drifts hit both alike
                env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                           CASTELLION_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1")
                out = subprocess.run([sys.executable, __file__, "--saves-screen-child", str(root)], env=env,
                                     cwd=root, capture_output=True, text=True, check=True).stdout
                got[case].append(json.loads(out.strip().splitlines()[-1]))
    base = statistics.median(r["longest"] for r in got[cases[0]])
    print(f"Saves screen opened, {root}: longest frame from the push until every row is verified")
    print("(longest: median of the runs' longest frames, min, max; x empty: against the empty folder's;")
    print(" frames > 50 ms and the median frame: medians over the runs; verified: push to the last row verified)")
    print(f"{'case':24} {'rows':>4} {'longest':>8} {'min':>7} {'max':>7} {'x empty':>8} {'>50ms':>6} "
          f"{'median':>7} {'verified ms':>12}")
    for case in cases:
        runs_ = got[case]
        longest = [r["longest"] for r in runs_]
        m = statistics.median(longest)
        verified = [r["verified_ms"] for r in runs_ if r["verified_ms"] is not None]
        when = f"{statistics.median(verified):12.0f}" if verified else f"{'never':>12}"
        print(f"{case:24} {runs_[0]['rows']:4.0f} {m:8.1f} {min(longest):7.1f} {max(longest):7.1f} "
              f"{m / base:8.2f} {statistics.median(r['slow'] for r in runs_):6.0f} "
              f"{statistics.median(r['median'] for r in runs_):7.1f} {when}")


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--saves-screen-child":
        saves_screen_child(sys.argv[2])
        return
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cases", default=",".join(CASES), help="a comma-separated choice of: " + ", ".join(CASES))
    parser.add_argument("--saves-screen", action="store_true",
                        help="the longest frame of the Saves screen opening over twenty 1.9 MB autosaves")
    parser.add_argument("--root", type=Path, default=ROOT, help="the program's tree (--saves-screen)")
    args = parser.parse_args()
    if args.saves_screen:
        saves_screen(args.runs, args.root.resolve())
        return
    cases = ["normal"] + [c for c in args.cases.split(",") if c in CASES and c != "normal"]
    times: dict[str, list[float]] = {case: [] for case in cases}
    with tempfile.TemporaryDirectory() as root:
        homes = {case: Path(root) / f"home{i}" for i, case in enumerate(cases)}
        for case, home in homes.items():
            make(home, case)
        for _ in range(args.runs):
            for case, home in homes.items():
                env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                           CASTELLION_HOME=str(home))
                wall, logged = launch([sys.executable, "-m", "castellion", "--log-level", "INFO"], env,
                                      until="first frame after")
                times[case].append(logged if logged is not None else wall)  # the game's own figure
    base = statistics.median(times["normal"])
    print(f"{'case':24} {'median ms':>10} {'min':>7} {'max':>7} {'x normal':>9} {'added ms':>9}")
    for case in cases:
        m = statistics.median(times[case])
        print(f"{case:24} {m:10.0f} {min(times[case]):7.0f} {max(times[case]):7.0f} {m / base:9.2f} "
              f"{m - base:9.0f}")


if __name__ == "__main__":
    main()
