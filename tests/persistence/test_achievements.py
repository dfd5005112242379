"""Achievements (levels/achievements.yaml): a closed vocabulary validated at load, unlocked only
by what the statistics prove — hostile files, two copies and kill -9 unlock nothing more."""

from __future__ import annotations

import datetime as dt
import json
import random
import signal
import subprocess
import sys
import time

import pytest

from castellion import persistence as P
from castellion.content.achievements import CONDITIONS, bundled, load_achievements
from castellion.content.daily import daily_seed
from castellion.content.loader import ContentError
from castellion.persistence import datadir
from castellion.persistence.achievements import best_daily_streak, holds, unlocked
from castellion.persistence.daily_records import GameFacts
from castellion.persistence.stats import Statistics, record_game
from castellion.ui.text import has, set_language
from tests.conftest import child_env
from tests.xvfb_helpers import HANG_GUARD

DAY = dt.date(2026, 12, 1)


def ids(stats: Statistics) -> set[str]:
    return {a.id for a in unlocked(stats)}


# ------------------------------------------------------------------ the file
def test_the_bundled_file_loads_and_covers_the_vocabulary():
    items = bundled()
    assert len({a.id for a in items}) == len(items) >= 10
    assert {a.condition for a in items} == set(CONDITIONS)  # every condition is used, none unknown
    for lang in ("en", "es", "ja"):
        set_language(lang)
        missing = [k for a in items for k in (a.words, a.how) if not has(k)]
        assert not missing, (lang, missing)


BAD = {
    "an unknown condition": ("{won_levl: intro}", "achievements[0].condition.won_levl", "unknown key"),
    "two conditions": ("{won_level: intro, won_pantry: true}", "achievements[0].condition", "exactly one"),
    "an unknown level": ("{won_level: moon}", "achievements[0].condition.won_level", "unknown level"),
    "a streak of one": ("{daily_streak: 1}", "achievements[0].condition.daily_streak", "at least 2"),
    "a streak as text": ("{daily_streak: seven}", "achievements[0].condition.daily_streak", "positive integer"),
    "a flag set false": ("{won_pantry: false}", "achievements[0].condition.won_pantry", "expected true"),
}


@pytest.mark.parametrize(("condition", "key", "problem"), BAD.values(), ids=BAD.keys())
def test_a_wrong_condition_names_the_file_and_the_key(tmp_path, condition, key, problem):
    path = tmp_path / "achievements.yaml"
    path.write_text(f"achievements:\n  - id: a\n    words: achievement.a\n    condition: {condition}\n", "utf-8")
    with pytest.raises(ContentError) as err:
        load_achievements(path)
    assert err.value.file.endswith("achievements.yaml") and err.value.key == key
    assert problem in err.value.problem


def test_twice_the_same_id_and_an_odd_words_key_are_refused(tmp_path):
    path = tmp_path / "achievements.yaml"
    entry = "  - id: a\n    words: achievement.a\n    condition: {all_powers: true}\n"
    path.write_text("achievements:\n" + entry + entry, "utf-8")
    with pytest.raises(ContentError, match=r"achievements\[1\]\.id: the id 'a' is used twice"):
        load_achievements(path)
    path.write_text("achievements:\n  - id: a\n    words: menu.quit\n    condition: {all_powers: true}\n", "utf-8")
    with pytest.raises(ContentError, match=r"achievements\[0\]\.words"):
        load_achievements(path)


# ------------------------------------------------------------------ derived from the records
def test_each_condition_is_unlocked_by_the_game_that_proves_it():
    stats = Statistics()
    assert ids(stats) == set()
    stats.add_game({"level": "intro", "seed": 1}, "won", turns=20, hints=2, key="1" * 32)
    assert ids(stats) == {"school-won"}  # a hint was asked: not "on my own"
    stats.add_game({"level": "base", "seed": 2, "variant": "prison", "players": 2}, "won", turns=20, key="2" * 32)
    assert ids(stats) >= {"academy-won", "harder-won", "two-players", "no-hints"}
    stats.add_game({"level": "expert", "seed": 3, "pantry": True}, "won", turns=20, key="3" * 32,
                   facts=GameFacts(all_powers=True))
    assert ids(stats) >= {"menace-won", "pantry-won", "all-powers"}
    assert "week-streak" not in ids(stats) and "easier-won" not in ids(stats)


def test_a_lost_game_unlocks_no_win():
    stats = Statistics()
    stats.add_game({"level": "expert", "seed": 3, "pantry": True, "variant": "intruder"}, "lost", turns=9,
                   key="3" * 32, facts=GameFacts(all_powers=True))
    assert ids(stats) == {"all-powers"}  # used every power, won nothing


def test_seven_daily_wins_in_a_row_is_the_week_and_a_gap_breaks_it():
    stats = Statistics()
    for i in (0, 1, 2, 4, 5, 6, 7, 8, 9):  # day 3 missed: runs of 3 and 6
        day = DAY + dt.timedelta(days=i)
        stats.add_game({"level": "intro", "seed": daily_seed(day, "intro")}, "won", turns=15, key=f"{i:032x}",
                       facts=GameFacts(day=day))
    assert best_daily_streak(stats) == 6 and "week-streak" not in ids(stats)
    before = Statistics.from_dict(stats.to_dict())
    day = DAY + dt.timedelta(days=10)
    stats.add_game({"level": "intro", "seed": daily_seed(day, "intro")}, "won", turns=15, key="f" * 32,
                   facts=GameFacts(day=day))
    assert ids(stats) - ids(before) == {"week-streak"}


def _week_file(home) -> dict:
    P.startup()
    for i in range(7):
        day = DAY + dt.timedelta(days=i)
        assert record_game({"level": "intro", "seed": daily_seed(day, "intro")}, "won", turns=15,
                           key=f"{i:032x}", facts=GameFacts(day=day))
    return json.loads((home / "stats.json").read_text("utf-8"))


def test_an_edited_file_claiming_a_streak_unlocks_nothing_it_does_not_prove(home):
    data = _week_file(home)
    # a hostile edit: the 7 won days kept, the games behind them taken away (the counts add up)
    rec = data["records"]["intro/normal/1"]
    rec.update(played=2, won=2, current_streak=2, best_streak=2)
    data["recorded"] = data["recorded"][:2]
    (home / "stats.json").write_text(json.dumps(data), "utf-8")
    report = P.check_stats()
    assert report.kind == "damaged"
    # the statistics go on from the backup: the file before the last game, six days proved
    assert best_daily_streak(report.value) == 6
    assert not holds(report.value, next(a for a in bundled() if a.id == "week-streak"))


def test_an_edited_best_cannot_unlock_the_pantry(home):
    data = _week_file(home)
    data["bests"]["expert"] = {"fewest_turns": None, "most_tiles": None, "pantry_won": 1, "all_powers": 0}
    (home / "stats.json").write_text(json.dumps(data), "utf-8")
    report = P.check_stats()
    assert report.kind == "damaged" and "pantry-won" not in ids(report.value)


def test_two_copies_of_one_won_game_unlock_once_and_count_once(home):
    P.startup()
    options = {"level": "base", "seed": 4, "players": 2}
    for _copy in range(2):  # the same deal and moves read from two files: the same key
        record_game(options, "won", turns=30, key="a" * 32, facts=GameFacts(tiles=30))
    stats = P.load_stats()
    assert stats.get("base", players=2).played == 1 and "two-players" in ids(stats)


RECORDER = r"""
import datetime as dt
from castellion import persistence as P
from castellion.content.daily import daily_seed
from castellion.persistence.daily_records import GameFacts
P.startup()
i = 0
while True:
    day = dt.date(2026, 12, 1) + dt.timedelta(days=i)
    P.record_game({"level": "intro", "seed": daily_seed(day, "intro")}, "won", turns=15, key=f"{i:032x}",
                  facts=GameFacts(day=day))
    print(i, flush=True)
    i += 1
"""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX only")
def test_kill_9_while_a_streak_grows_never_unlocks_more_than_the_days_recorded(tmp_path, monkeypatch):
    rnd = random.Random(7)
    for n in range(4):  # bounded: four kills
        home = tmp_path / f"streak{n}"
        proc = subprocess.Popen([sys.executable, "-c", RECORDER], env=child_env(home), stdout=subprocess.PIPE,
                                text=True)
        try:
            assert proc.stdout.readline().strip() == "0"
            time.sleep(rnd.uniform(0.05, 0.4))  # only to land the kill somewhere; nothing is timed
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=HANG_GUARD)
        acknowledged = 1 + len([x for x in proc.stdout.read().splitlines() if x.strip().isdigit()])
        proc.stdout.close()
        monkeypatch.setenv(datadir.HOME_ENV, str(home))
        report = P.check_stats()
        assert report.kind is None, report.problem
        won = report.value.get("intro").won
        assert acknowledged <= won <= acknowledged + 1
        assert best_daily_streak(report.value) == won  # every day won, no day more
        assert ("week-streak" in ids(report.value)) == (won >= 7)

