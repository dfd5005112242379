"""The daily deal (docs/daily.md): one seed per date and level, one attempt a day, the rest
practice; the daily records and best results kept in stats.json as strictly as its counts."""

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
from castellion.cli import main as cli_main
from castellion.content.daily import daily_day, daily_seed, parse_day
from castellion.persistence import datadir
from castellion.persistence.daily_records import GameFacts, calendar, daily_streaks, deal_day, is_practice
from castellion.persistence.stats import Statistics, record_game
from castellion.rules import new_game
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom
from castellion.session import Session
from tests.conftest import child_env
from tests.xvfb_helpers import HANG_GUARD

DAY = dt.date(2026, 12, 1)


def daily(day: dt.date = DAY, level: str = "intro") -> dict[str, object]:
    return {"level": level, "seed": daily_seed(day, level), "players": 1, "variant": "normal", "pantry": False}


# ------------------------------------------------------------------ the seed
@pytest.mark.parametrize(("day", "level", "seed"), [
    ("2026-12-01", "intro", 4647500011686207993),
    ("2026-12-01", "base", 6453817317262880838),
    ("2026-12-01", "expert", 3841019539451474119),
    ("2026-12-02", "intro", 253050038150898823),
    ("2027-01-01", "intro", 20348249893584640),
])
def test_the_derivation_is_pinned(day, level, seed):
    # a change here is a change of format: every player's daily deal would move
    assert daily_seed(day, level) == seed
    assert daily_seed(parse_day(day), level) == seed


@pytest.mark.parametrize("text", ["2026-12-1", "2026/12/01", "01-12-2026", "2026-02-30", " 2026-12-01", ""])
def test_a_date_has_one_spelling(text):
    with pytest.raises(ValueError):
        parse_day(text)


def test_the_cli_prints_the_days_seed(capsys):
    assert cli_main(["--daily", "2026-12-01", "--level", "intro", "--print-seed"]) == 0
    first = capsys.readouterr().out.strip()
    assert cli_main(["--daily", "2026-12-01", "--level", "intro", "--print-seed"]) == 0
    assert capsys.readouterr().out.strip() == first == str(daily_seed("2026-12-01", "intro"))
    assert cli_main(["--daily", "2026-12-02", "--level", "intro", "--print-seed"]) == 0
    assert capsys.readouterr().out.strip() != first
    assert cli_main(["--daily", "2026-12-32", "--print-seed"]) == 2


def test_the_cli_as_a_program_agrees_with_itself(headless_env):
    def run(day: str) -> str:
        done = subprocess.run([sys.executable, "-m", "castellion", "--daily", day, "--level", "intro",
                               "--print-seed"], env=headless_env, capture_output=True, text=True, timeout=HANG_GUARD)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    assert run("2026-12-01") == run("2026-12-01") == "4647500011686207993"


def test_a_seed_is_matched_to_its_day_and_never_to_a_day_to_come():
    seed = daily_seed(DAY, "base")
    assert daily_day(seed, "base", DAY + dt.timedelta(days=3)) == DAY
    assert daily_day(seed, "base", DAY - dt.timedelta(days=1)) is None  # not yet
    assert daily_day(seed, "intro", DAY) is None  # another level's deal
    assert daily_day(7, "base", DAY) is None


# ------------------------------------------------------------------ one attempt, then practice
def finish(session: Session, bot: int) -> None:
    rng = SeededRandom.from_seed(bot)
    while session.game.outcome is None:
        session.apply(greedy_action(session.game, rng))


def test_a_daily_deal_played_twice_on_one_day_is_one_attempt_and_one_practice(home):
    P.startup()
    autosaver = P.Autosaver(background=False, today=lambda: DAY)
    for bot in (1, 2):  # the same deal, two games (other moves): the autosaver records each end
        session = Session(new_game("intro", seed=daily_seed(DAY, "intro")))
        assert autosaver.attach(session)
        finish(session, bot)
        autosaver.flush()
        autosaver.detach(session)
    stats = P.load_stats()
    assert stats.get("intro").played == 2  # both are games of the level
    entry = stats.days[(DAY.isoformat(), "intro")]
    assert entry.result == "lost" and entry.practice == 1  # the first is the attempt
    assert entry.turns > 0


def test_the_next_day_the_same_deal_is_practice_and_today_is_still_to_play():
    stats = Statistics()
    tomorrow = DAY + dt.timedelta(days=1)
    assert stats.add_game(daily(), "won", turns=20, key="a" * 32, facts=GameFacts(day=DAY))
    assert stats.add_game(daily(), "lost", turns=9, key="b" * 32, facts=GameFacts(day=tomorrow))
    assert stats.days[(DAY.isoformat(), "intro")].result == "won"
    assert stats.days[(DAY.isoformat(), "intro")].practice == 1
    assert (tomorrow.isoformat(), "intro") not in stats.days
    states = dict(calendar(stats.days, ["intro"], tomorrow, 3))
    assert states == {DAY - dt.timedelta(days=1): "missed", DAY: "won", tomorrow: "today"}


def test_a_missed_days_deal_played_later_is_practice_and_the_day_stays_missed():
    stats = Statistics()
    assert stats.add_game(daily(), "won", turns=20, key="a" * 32, facts=GameFacts(day=DAY + dt.timedelta(days=4)))
    entry = stats.days[(DAY.isoformat(), "intro")]
    assert (entry.result, entry.practice) == ("missed", 1)
    assert daily_streaks(stats.days, "intro", DAY) == (0, 0)
    assert dict(calendar(stats.days, ["intro"], DAY, 1)) == {DAY: "today"}


def test_a_game_in_play_is_practice_as_its_record_will_be():
    """`is_practice` with `today`: a game not recorded yet (still in play) is called what
    `note_game` will make of it — today's first game counts, a retry or a past day's is practice."""
    stats = Statistics()
    yesterday = DAY - dt.timedelta(days=1)
    assert deal_day("intro", daily_seed(DAY, "intro"), {}, DAY) == DAY
    assert deal_day("intro", daily_seed(DAY, "intro"), {"pantry": True}, DAY) is None
    assert deal_day("intro", 3, {}, DAY) is None
    assert not is_practice(stats.days, DAY, "intro", "a" * 32, DAY)
    assert is_practice(stats.days, yesterday, "intro", "a" * 32, DAY)
    assert not is_practice(stats.days, yesterday, "intro", "a" * 32)  # (not asked about a game in play)
    assert stats.add_game(daily(), "won", turns=20, key="a" * 32, facts=GameFacts(day=DAY))
    assert not is_practice(stats.days, DAY, "intro", "a" * 32, DAY)  # the attempt, recorded
    assert is_practice(stats.days, DAY, "intro", "c" * 32, DAY)  # a retry, in play


@pytest.mark.parametrize("options", [{"players": 2}, {"variant": "vigil"}, {"pantry": True}])
def test_the_days_seed_with_other_options_is_not_the_daily_deal(options):
    stats = Statistics()
    assert stats.add_game(dict(daily(), **options), "won", turns=20, key="a" * 32, facts=GameFacts(day=DAY))
    assert stats.days == {}


def test_the_same_game_recorded_twice_is_one_attempt(home):
    for _copy in range(3):  # a finished save reopened, a copy of it: one game, one key
        record_game(daily(), "won", turns=20, key="c" * 32, facts=GameFacts(day=DAY))
    stats = P.load_stats()
    assert stats.days[(DAY.isoformat(), "intro")].practice == 0
    assert stats.get("intro").played == 1


# ------------------------------------------------------------------ streaks and bests
def test_streaks_count_consecutive_won_days():
    stats = Statistics()
    results = ["won", "won", "lost", "won", "won", "won"]
    for i, result in enumerate(results):
        day = DAY + dt.timedelta(days=i)
        stats.add_game(daily(day), result, turns=10 + i, key=f"{i:032x}", facts=GameFacts(day=day, tiles=30 - i))
    last = DAY + dt.timedelta(days=len(results) - 1)
    assert daily_streaks(stats.days, "intro", last) == (3, 3)
    assert daily_streaks(stats.days, "intro", last + dt.timedelta(days=1)) == (3, 3)  # today still to play
    assert daily_streaks(stats.days, "intro", last + dt.timedelta(days=2)) == (0, 3)  # a day missed
    best = stats.bests["intro"]
    assert (best.fewest_turns, best.most_tiles) == (10, 30)


def test_a_day_won_ahead_of_today_counts_in_no_streak_until_it_comes():
    """Issue 29 §6: a won day recorded under a clock set forward is no part of today's streaks."""
    stats = Statistics()
    for i in range(3):
        day = DAY + dt.timedelta(days=i)
        stats.add_game(daily(day), "won", turns=10, key=f"{i:032x}", facts=GameFacts(day=day))
    assert daily_streaks(stats.days, "intro", DAY) == (1, 1)  # the two days ahead are not there yet
    assert daily_streaks(stats.days, "intro", DAY + dt.timedelta(days=2)) == (3, 3)  # now they are


def test_best_results_keep_the_best_and_count_pantry_and_all_powers():
    stats = Statistics()
    stats.add_game({"level": "base", "seed": 1, "pantry": True}, "won", turns=30, key="1" * 32,
                   facts=GameFacts(tiles=20, all_powers=True))
    stats.add_game({"level": "base", "seed": 2}, "won", turns=25, key="2" * 32, facts=GameFacts(tiles=18))
    stats.add_game({"level": "base", "seed": 3}, "lost", turns=5, key="3" * 32, facts=GameFacts(tiles=3))
    best = stats.bests["base"]
    assert (best.fewest_turns, best.most_tiles, best.pantry_won, best.all_powers) == (25, 20, 1, 1)
    again = Statistics.from_dict(json.loads(json.dumps(stats.to_dict())))
    assert again.bests == stats.bests and again.days == stats.days


# ------------------------------------------------------------------ hostile files
def _file_with(home, edit) -> dict:
    P.startup()
    for i in range(3):
        day = DAY + dt.timedelta(days=i)
        assert record_game(daily(day), "won", turns=12, key=f"{i:032x}", facts=GameFacts(day=day, tiles=25))
    data = json.loads((home / "stats.json").read_text("utf-8"))
    edit(data)
    return data


def _more_days(data):
    for i in range(3, 40):  # a 40-day streak claimed with 3 games played
        data["days"][f"{(DAY + dt.timedelta(days=i)).isoformat()}/intro"] = {"result": "won", "turns": 12}


def _won_days_beyond_wins(data):
    data["records"]["intro/normal/1"]["won"] = 2  # 3 won days, 2 won games (the counts still add up)
    data["records"]["intro/normal/1"]["lost"] = 1
    data["records"]["intro/normal/1"]["current_streak"] = 0
    data["records"]["intro/normal/1"]["loss_reasons"] = {"R-O5": 1}


EDITS = {
    "a streak longer than the games": _more_days,
    "won days beyond the wins": _won_days_beyond_wins,
    "a practice count beyond the games": lambda d: d["days"][f"{DAY.isoformat()}/intro"].update(practice=10**6),
    "a date that does not exist": lambda d: d["days"].update({"2026-02-30/intro": {"result": "won"}}),
    "an odd result": lambda d: d["days"][f"{DAY.isoformat()}/intro"].update(result="WON"),
    "a castle bigger than a castle": lambda d: d["bests"]["intro"].update(most_tiles=37),
    "a best with a bool": lambda d: d["bests"]["intro"].update(fewest_turns=True),
    "a Pantry win beyond the wins": lambda d: d["bests"]["intro"].update(pantry_won=4),
    "a best for a level never won": lambda d: d["bests"].update({"expert": {"fewest_turns": 3}}),
    "days that are not a table": lambda d: d.update(days=[1, 2]),
    # issue 29, item 6: what this game could not have recorded
    "a won day before the game existed": lambda d: d["days"].update(
        {"2025-06-01/intro": d["days"].pop(f"{DAY.isoformat()}/intro")}),
    "a best of fewer turns than any win": lambda d: d["bests"]["intro"].update(fewest_turns=3),
}


@pytest.mark.parametrize("edit", EDITS.values(), ids=EDITS.keys())
def test_a_daily_record_the_counts_do_not_prove_is_damage(home, edit):
    data = _file_with(home, edit)
    raw = json.dumps(data)
    (home / "stats.json").write_text(raw, "utf-8")
    report = P.check_stats()
    assert report.kind == "damaged" and report.from_backup  # the .bak of the last good write
    assert (home / "stats.json.damaged").read_text("utf-8") == raw  # kept byte for byte
    assert daily_streaks(report.value.days, "intro", DAY + dt.timedelta(days=2))[1] <= 3


def test_a_true_file_with_days_is_believed(home):
    _file_with(home, lambda d: None)
    report = P.check_stats()
    assert report.kind is None
    assert daily_streaks(report.value.days, "intro", DAY + dt.timedelta(days=2)) == (3, 3)


def test_a_file_from_before_the_daily_deal_reads_with_no_days(home):
    P.startup()
    assert record_game({"level": "intro", "seed": 5}, "won", turns=12, key="d" * 32)
    data = json.loads((home / "stats.json").read_text("utf-8"))
    del data["days"], data["bests"]
    (home / "stats.json").write_text(json.dumps(data), "utf-8")
    report = P.check_stats()
    assert report.kind is None and report.value.days == {} and report.value.bests == {}


DAILY_DRIVER = r"""
import datetime as dt
from castellion import persistence as P
from castellion.content.daily import daily_seed
from castellion.persistence.daily_records import GameFacts
P.startup()
day = dt.date(2026, 12, 1)
i = 0
while True:
    d = day + dt.timedelta(days=i // 2)  # two games a day: an attempt and a practice game
    opts = {"level": "intro", "seed": daily_seed(d, "intro")}
    P.record_game(opts, "won" if i % 3 else "lost", turns=10, reason="R-O5", key=f"{i:032x}",
                  facts=GameFacts(day=d, tiles=20))
    print(i, flush=True)
    i += 1
"""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX only")
def test_kill_9_while_recording_daily_deals_keeps_them_provable(tmp_path, monkeypatch):
    rnd = random.Random(24)
    for n in range(5):  # bounded: five kills
        home = tmp_path / f"daily{n}"
        proc = subprocess.Popen([sys.executable, "-c", DAILY_DRIVER], env=child_env(home),
                                stdout=subprocess.PIPE, text=True)
        try:
            assert proc.stdout.readline().strip() == "0"
            time.sleep(rnd.uniform(0.05, 0.5))  # to land the kill somewhere; nothing is timed
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=HANG_GUARD)
        acknowledged = 1 + len([line for line in proc.stdout.read().splitlines() if line.strip().isdigit()])
        proc.stdout.close()
        monkeypatch.setenv(datadir.HOME_ENV, str(home))
        report = P.check_stats()
        assert report.kind is None, report.problem
        stats = report.value
        played = stats.get("intro").played
        assert acknowledged <= played <= acknowledged + 1
        daily_games = sum((e.result != "missed") + e.practice for e in stats.days.values())
        assert daily_games == played  # every game recorded is in the days, no more


# ------------------------------------------------------------------ issue 29, item 6
def test_a_deal_is_known_by_its_normal_seed():
    """Issue 29, item 6: the generator keeps 64 bits, so `seed - 2**64` deals the day's deal: it is
    that day's daily (the attempt if it is the first), never an ordinary game beside it."""
    seed = daily_seed(DAY, "intro")
    assert daily_day(seed - 2**64, "intro", DAY) == DAY and daily_day(seed + 2**64, "intro", DAY) == DAY
    stats = Statistics()
    assert stats.add_game(dict(daily(), seed=seed - 2**64), "lost", turns=9, key="a" * 32, facts=GameFacts(day=DAY))
    assert stats.days[(DAY.isoformat(), "intro")].result == "lost"
    assert stats.add_game(daily(), "won", turns=20, key="b" * 32, facts=GameFacts(day=DAY))
    entry = stats.days[(DAY.isoformat(), "intro")]
    assert (entry.result, entry.practice) == ("lost", 1)  # the real daily after it is practice


def test_records_only_move_forward_in_time():
    """Issue 29, item 6: a game ended on a day earlier than the latest attempt recorded (a clock
    turned back) is practice: a clock turned back cannot build a streak."""
    stats = Statistics()
    later = DAY + dt.timedelta(days=5)
    assert stats.add_game(daily(later), "won", turns=20, key="a" * 32, facts=GameFacts(day=later))
    for back in range(4, 0, -1):  # the clock turned back, one day at a time
        day = later - dt.timedelta(days=back)
        assert stats.add_game(daily(day), "won", turns=20, key=f"{back:032x}", facts=GameFacts(day=day))
        assert stats.days[(day.isoformat(), "intro")].result == "missed"
        assert is_practice(stats.days, day, "intro", None, today=day)
    assert daily_streaks(stats.days, "intro", later) == (1, 1)


def test_the_first_end_of_a_daily_deal_is_its_attempt_whichever_file_it_came_from(home):
    """Issue 29, item 6: a named save of the attempt, reopened or copied over the autosave once the
    attempt ended, never makes a second attempt of the day."""
    import shutil

    from castellion.persistence import names

    P.startup()
    session = Session(new_game("intro", seed=daily_seed(DAY, "intro")))
    saver = P.Autosaver(background=False, today=lambda: DAY)
    saver.attach(session)
    for _ in range(6):
        session.apply(session.game.legal_actions()[0])
    P.save_slot("checkpoint", session)
    rng = SeededRandom.from_seed(1)
    while session.game.outcome is None:
        session.apply(greedy_action(session.game, rng))
    saver.close(session)
    first = P.load_stats().days[(DAY.isoformat(), "intro")]
    for how in ("load", "copy over the autosave"):
        if how == "load":
            loaded = P.load_save("checkpoint")
        else:
            shutil.copy(names.save_path("checkpoint"), names.autosave_path())
            loaded = P.continue_game()
        again = P.Autosaver(background=False, today=lambda: DAY)
        again.attach(loaded.session, path=None if how == "load" else loaded.info.path)
        rng = SeededRandom.from_seed(7)
        while loaded.session.game.outcome is None:
            loaded.session.apply(greedy_action(loaded.session.game, rng))
        again.close(loaded.session)
        entry = P.load_stats().days[(DAY.isoformat(), "intro")]
        assert (entry.result, entry.key) == (first.result, first.key), how
