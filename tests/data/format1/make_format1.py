"""How the format-1 saves beside this script were made: by the code from before the rules answered
in data (commit e6faaed, save format 1), not by today's code. Kept as the record; to run it again:

    git archive e6faaed | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old .venv/bin/python tests/data/format1/make_format1.py tests/data/format1

Each game is the greedy bot of that code (noise 0.6) playing to the end; "half" files hold the first
half of its actions. `intro-lost-summary.json` is "intro-lost" saved by commit 1ee8a69 instead (the
last format-1 writer: with the "summary" header, the outcome already as data). What today's code
makes of each file is asserted in tests/persistence/test_save_formats.py.
"""

import sys
from pathlib import Path

from castellion.persistence import saves
from castellion.rules import new_game
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom
from castellion.session import Session

# file name -> (options, bot seed, whole game or its first half)
GAMES = {
    "intro-unfinished": (dict(level="intro", seed=0), 0, "half"),
    "intro-lost": (dict(level="intro", seed=0), 0, "all"),
    "expert-lost": (dict(level="expert", seed=3), 23, "all"),
    "base-easy-premonition": (dict(level="base", variant="premonition", seed=0), 10, "half"),
    "base-easy-discard-index": (dict(level="base", variant="premonition", seed=23), 171, "all"),
    "base-two-chameleon-pass": (dict(level="base", players=2, seed=15), 111, "all"),
}


def main(out: Path) -> None:
    for name, (options, bot, part) in GAMES.items():
        played = Session(new_game(**options))
        rng = SeededRandom.from_seed(bot)
        while played.game.outcome is None:
            played.apply(greedy_action(played.game, rng, noise=0.6))
        session = Session(new_game(**options))
        history = list(played.game.history)
        for action in history if part == "all" else history[:len(history) // 2]:
            session.apply(action)
        (out / f"{name}.json").write_bytes(saves.encode(saves.document_for(session)))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
