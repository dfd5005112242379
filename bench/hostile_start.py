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
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
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
        doc["padding"] = ["x" * 4000] * ((size - len(S.encode(doc))) // 4006)
        data = S.encode(doc)
        assert len(data) < S.MAX_BYTES
        (folder / f"autosave-{i + 1}.json").write_bytes(data)


def make(home: Path, case: str) -> None:
    saves = home / "saves"
    saves.mkdir(parents=True)
    if case == "twenty 1.9 MB autosaves":
        valid_autosaves(saves)
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cases", default=",".join(CASES), help="a comma-separated choice of: " + ", ".join(CASES))
    args = parser.parse_args()
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
