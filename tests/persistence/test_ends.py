"""Issue 29, item 2: a game whose end reached its autosave but never the statistics (kill -9
between the two writes) is counted at the next start, under the day it was played — a daily
deal's attempt for its own day —, exactly once: never twice across starts, never "abandoned",
never under the day a new game later replaces its file (`persistence/ends.py`). The kill -9
campaign itself is the slow `tests/persistence/test_crash_safety.py::
test_kill_9_just_after_the_last_move_counts_every_game_once_under_its_day` and `bench/kill9.py --ends`."""

from __future__ import annotations

import datetime as dt
import json

from castellion import persistence as P
from castellion.content.daily import daily_seed
from castellion.persistence import ends, names, reader, saves, stats
from castellion.rules import new_game
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom
from castellion.session import Session

DAY = dt.date(2026, 12, 1)
LEVEL = "intro"


def killed_after_the_autosave(home, day: dt.date = DAY, bot: int = 1) -> Session:
    """The state a kill -9 leaves between the two writes, built directly: the daily deal of `day`
    played to its end and autosaved, and no statistics written (`record_stats=False` is the
    process that died before `record_game`)."""
    P.startup()
    autosaver = P.Autosaver(background=False, record_stats=False, today=lambda: day)
    session = Session(new_game(LEVEL, seed=daily_seed(day, LEVEL)))
    assert autosaver.attach(session)
    rng = SeededRandom.from_seed(bot)
    while session.game.outcome is None:
        session.apply(greedy_action(session.game, rng))
    assert autosaver.close(session)
    assert P.load_stats().get(LEVEL).played == 0  # the end is on disk, not in the statistics
    return session


def start(ctx, day: dt.date) -> None:
    """A start of the program on `day`: the app context's own start-up."""
    ctx.today = lambda: day
    ctx.start_persistence()


def test_an_ended_game_never_counted_is_counted_at_the_next_start_under_its_day_once(ctx, home):
    session = killed_after_the_autosave(home)
    result = session.game.outcome.result.value
    key = stats.game_key(session.game.options, session.game.history)

    start(ctx, DAY + dt.timedelta(days=1))  # the next start is the next day
    record = P.load_stats().get(LEVEL)
    assert (record.played, getattr(record, result), record.abandoned) == (1, 1, 0)
    days = P.load_stats().days
    entry = days[(DAY.isoformat(), LEVEL)]
    assert (entry.result, entry.practice, entry.key) == (result, 0, key)  # the day's attempt, on its day
    assert ((DAY + dt.timedelta(days=1)).isoformat(), LEVEL) not in days

    start(ctx, DAY + dt.timedelta(days=2))  # a second start counts nothing more
    assert P.load_stats().get(LEVEL).played == 1

    # a new game later replaces that autosave (New game: the file Continue would not even offer)
    later = DAY + dt.timedelta(days=3)
    ctx.today = lambda: later
    assert ctx.autosaver.attach(Session(new_game(LEVEL, seed=5)), path=names.autosave_path())
    after = P.load_stats()
    assert (after.get(LEVEL).played, after.get(LEVEL).abandoned) == (1, 0)
    assert after.days[(DAY.isoformat(), LEVEL)] == entry  # still that day's attempt, not "missed"


def test_a_new_game_replacing_an_uncounted_end_counts_it_under_the_day_it_ended(home):
    """Without a start in between (the program that replaces it is the one that starts): the
    replaced game's end counts under the day of its mark, not the day of the new game."""
    session = killed_after_the_autosave(home)
    later = DAY + dt.timedelta(days=2)
    autosaver = P.Autosaver(background=False, today=lambda: later)
    assert autosaver.attach(Session(new_game(LEVEL, seed=5)), path=names.autosave_path())
    record = P.load_stats().get(LEVEL)
    assert (record.played, record.abandoned) == (1, 0)
    entry = P.load_stats().days[(DAY.isoformat(), LEVEL)]
    assert entry.result == session.game.outcome.result.value and entry.practice == 0


def test_the_start_reads_only_the_head_of_each_automatic_save(home, monkeypatch):
    """Counting at start reads the first `ends.HEAD` bytes of a save whose game is counted or
    unfinished — twenty large autosaves cost twenty small reads."""
    killed_after_the_autosave(home)
    assert P.count_unrecorded_ends(DAY) != []  # counted now
    reads = []
    real = reader.read_bytes

    def spy(path, max_bytes, *, head=False):
        reads.append((max_bytes, head))
        return real(path, max_bytes, head=head)

    monkeypatch.setattr(ends, "read_bytes", spy)
    monkeypatch.setattr(saves, "read_bytes", spy)
    assert P.count_unrecorded_ends(DAY) == []
    assert reads == [(ends.HEAD, True)]


def test_a_mark_is_believed_only_of_its_own_game_and_never_of_a_day_to_come(home):
    """A mark copied onto another ended game counts nothing at start; a mark's day after the
    start's own counts under the start's day (a clock cannot put a win in the future)."""
    session = killed_after_the_autosave(home)
    path = names.autosave_path()
    doc = json.loads(path.read_text("utf-8"))
    assert doc["ended"] == {"day": DAY.isoformat(), "key": stats.game_key(session.game.options,
                                                                            session.game.history)}
    other = names.autosave_path(1)
    edited = dict(doc, ended={"day": DAY.isoformat(), "key": "0" * 32})
    other.write_bytes(saves.encode(edited))
    future = dict(doc, ended=dict(doc["ended"], day="2027-06-01"))
    path.write_bytes(saves.encode(future))
    counted = P.count_unrecorded_ends(DAY)
    assert counted == [doc["ended"]["key"]]  # the copy under a made-up key is not counted
    assert P.load_stats().get(LEVEL).played == 1
    assert P.load_stats().days[(DAY.isoformat(), LEVEL)].practice == 0  # under the start's day
