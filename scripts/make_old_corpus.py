"""Writes the corpus of files this version keeps — the net every later version is tested against.

    .venv/bin/python scripts/make_old_corpus.py tests/data/old/<version>

makes `<folder>/home/`, a whole data folder as this version leaves it (named saves and the
autosave: finished and unfinished, every level, the variants, the Pantry, two players, a daily
deal; settings, statistics with the daily's day, the tutorial's place, a kept review, a deal's
difficulty) and `<folder>/manifest.json`, what each file holds. Everything is written through the
program's own persistence functions, as the game writes it; the games are the rules' greedy bot
(fast, seeded) and the won intro game of tests/data/records. `tests/persistence/test_old_files.py`
loads each file with the version under test and plays on from every unfinished game.

Run it once per released version, into a new folder; never regenerate an old version's folder
(it would then test nothing about the past).
"""

from __future__ import annotations

import datetime
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DAY = datetime.date(2026, 12, 1)  # the day the corpus' games "were played" (its daily deal's day)

# name -> (options, bot seed, "all" | "half"): the greedy bot's games (it nearly always loses)
GAMES: dict[str, tuple[dict[str, Any], int, str]] = {
    "intro-lost": (dict(level="intro", seed=11), 1, "all"),
    "intro-unfinished": (dict(level="intro", seed=12), 2, "half"),
    "intro-easy-vigil": (dict(level="intro", seed=13, variant="vigil"), 3, "half"),
    "intro-hard-prophet-lost": (dict(level="intro", seed=14, variant="prophet"), 4, "all"),
    "intro-pantry": (dict(level="intro", seed=15, pantry=True), 5, "half"),
    "intro-two-players-lost": (dict(level="intro", seed=16, players=2), 6, "all"),
    "base-lost": (dict(level="base", seed=21), 7, "all"),
    "base-unfinished": (dict(level="base", seed=22), 8, "half"),
    "base-easy-unfinished": (dict(level="base", seed=23, variant="premonition"), 9, "half"),
    "base-hard-prison-lost": (dict(level="base", seed=24, variant="prison"), 10, "all"),
    "base-pantry-hard": (dict(level="base", seed=25, pantry="hard"), 11, "half"),
    "base-two-players": (dict(level="base", seed=26, players=2), 12, "half"),
    "expert-lost": (dict(level="expert", seed=31), 13, "all"),
    "expert-unfinished": (dict(level="expert", seed=32), 14, "half"),
    "expert-easy-guardian": (dict(level="expert", seed=33, variant="guardian"), 15, "half"),
    "expert-hard-lost": (dict(level="expert", seed=34, variant="intruder"), 16, "all"),
    "expert-two-players-pantry": (dict(level="expert", seed=35, players=2, pantry=True), 17, "half"),
}
AUTOSAVE_GAME = "base-unfinished"  # the game Continue resumes


def _options(options: dict[str, Any]) -> dict[str, Any]:
    return {"players": 1, "variant": "normal", "pantry": False, **options}


def _bot_actions(options: dict[str, Any], bot: int, part: str) -> list[Any]:
    from castellion.rules import new_game
    from castellion.rules.bots import greedy_action
    from castellion.rules.rng import SeededRandom

    game = new_game(**options)
    rng = SeededRandom.from_seed(bot)
    while game.outcome is None:
        game.apply(greedy_action(game, rng, noise=0.6))
    history = list(game.history)
    return history if part == "all" else history[: len(history) // 2]


def _played(options: dict[str, Any], actions: list[Any], names: tuple[str, ...] = ()) -> Any:
    from castellion.rules import new_game
    from castellion.session import Session

    session = Session(new_game(**options), player_names=names)
    for action in actions:
        session.apply(action)
    return session


def _through_autosaver(session_options: dict[str, Any], actions: list[Any], names: tuple[str, ...] = ()) -> Any:
    """Plays `actions` as the game does: the autosaver attached, so an end is counted (under DAY)."""
    from castellion import persistence as P
    from castellion.rules import new_game
    from castellion.session import Session

    autosaver = P.Autosaver(background=False, today=lambda: DAY)
    session = Session(new_game(**session_options), player_names=names)
    autosaver.attach(session, path=P.names.autosave_path())
    for action in actions:
        session.apply(action)
    autosaver.close(session)
    return session


def _describe(session: Any, file: str, daily: str | None = None) -> dict[str, Any]:
    game = session.game
    outcome = game.outcome
    return {"file": file, "options": dict(game.options), "actions": len(game.history), "turn": game.turn,
            "phase": str(game.phase), "result": outcome.result.value if outcome else None,
            "rule": outcome.rule if outcome else None, "players": game.players,
            "player_names": list(session.player_names), "daily": daily}


def main(out: Path) -> None:
    if out.exists():
        sys.exit(f"{out} exists: an old version's corpus is never made again")
    home = out / "home"
    os.environ["CASTELLION_HOME"] = str(home)
    from castellion import __version__
    from castellion import persistence as P
    from castellion.ai import review as R
    from castellion.ai.difficulty import VERSION as DIFFICULTY_VERSION
    from castellion.content.daily import daily_seed
    from castellion.content.tutorial import part
    from castellion.persistence import datadir, difficulty, formats, names, reviews, saves, tutorial
    from castellion.rules import actions as A

    datadir.ensure_data_dirs()
    manifest: dict[str, Any] = {"program": __version__, "save_format": formats.SAVE_FORMAT,
                                "day": DAY.isoformat(), "saves": {}}

    # The won intro game (the fair player's), then the daily deal of DAY, both counted under DAY.
    won = json.loads((ROOT / "tests" / "data" / "records" / "intro-won.json").read_text("utf-8"))
    won_actions = [A.action_from_dict(a) for a in won["actions"]]
    session = _through_autosaver(_options(won["options"]), won_actions)
    saves.save_slot("intro-won", session)
    manifest["saves"]["intro-won"] = _describe(session, "saves/intro-won.json")

    daily = _options(dict(level="intro", seed=daily_seed(DAY, "intro")))
    session = _through_autosaver(daily, _bot_actions(daily, 40, "all"))
    saves.save_slot("daily-intro", session)
    manifest["saves"]["daily-intro"] = _describe(session, "saves/daily-intro.json", daily=DAY.isoformat())

    for name, (options, bot, part_of) in GAMES.items():
        options = _options(options)
        player_names = ("Anna", "Ben") if options["players"] == 2 else ()
        actions = _bot_actions(options, bot, part_of)
        if part_of == "all":  # a finished game: ended with the autosaver on, so it is counted
            session = _through_autosaver(options, actions, player_names)
        else:
            session = _played(options, actions, player_names)
        saves.save_slot(name, session)
        manifest["saves"][name] = _describe(session, f"saves/{name}.json")

    # The autosave last: an unfinished game Continue resumes (the last finished one it replaces
    # was counted already, so nothing is abandoned).
    options, bot, part_of = GAMES[AUTOSAVE_GAME]
    options = _options(options)
    autosaver = P.Autosaver(background=False, today=lambda: DAY)
    session = _played(options, [])
    autosaver.attach(session, path=names.autosave_path())
    for action in _bot_actions(options, bot, part_of):
        session.apply(action)
    autosaver.close(session)
    manifest["saves"]["autosave"] = _describe(session, "saves/autosave.json")

    settings = P.Settings(animation_speed="fast", colourblind=True, sound=False, win_meter=True, language="es",
                          window_size=(1280, 800),
                          new_game={"level": "base", "variant": "prison", "players": 2, "pantry": True,
                                    "names": ["Anna", "Ben"]},
                          controls={"keys": {"draw_regular": ["d"]}})
    P.save_settings(settings)
    manifest["settings"] = settings.to_dict()

    # The tutorial: the first part finished, the second one at the start of its first lesson.
    academy = part("academy")
    store = tutorial.TutorialStore(persist=True)
    store.offered()
    store.finished("school")
    deal = academy.steps[0].deal
    assert deal is not None
    store.reached("academy", 0, deal().to_dict())
    manifest["tutorial"] = {"done": ["school"], "part": "academy", "step": 0}

    # A kept review of the lost intro game (the computer player's own review, ~1 minute).
    lost = manifest["saves"]["intro-lost"]
    doc = saves.read_document(home / lost["file"])
    key = reviews.review_key(R.game_options(doc["options"]), doc["actions"], R.REVIEW_VERSION)
    review = R.review_game(doc["options"], doc["actions"])
    assert review is not None
    reviews.keep_review(key, review)
    manifest["review"] = {"key": key, "of": "intro-lost"}

    dkey = difficulty.difficulty_key("intro", 11, _options({}), DIFFICULTY_VERSION)
    difficulty.keep_difficulty(dkey, 2, 5)
    manifest["difficulty"] = {"key": dkey, "wins": 2, "runs": 5}

    record = P.load_stats()
    manifest["stats"] = {f"{lvl}/{var}/{players}": rec.to_dict()
                         for (lvl, var, players), rec in record.records.items()}
    P.shutdown()
    for stale in home.rglob("*"):  # the lock and the log are the program's, not the player's
        if stale.name in ("castellion.log",) or stale.suffix == ".lock":
            stale.unlink()
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
                                       "utf-8")
    print(f"wrote {sum(1 for p in home.rglob('*') if p.is_file())} files to {out}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.path.insert(0, str(ROOT))
    target = Path(sys.argv[1])
    try:
        main(target)
    except BaseException:
        shutil.rmtree(target, ignore_errors=True)  # never half a corpus
        raise
