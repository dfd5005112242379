"""Crash safety: a kill at any moment loses at most the action being saved, never a save; stale
temporary files are cleaned at the next start; an unwritable disk or a damaged autosave never stops
the game."""

from __future__ import annotations

import errno
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench.kill9 import kill_after_the_last_move
from castellion import persistence as P
from castellion.persistence import atomic, datadir, names, replay, saves
from castellion.rules import new_game
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom
from castellion.session import Session
from tests.conftest import child_env
from tests.xvfb_helpers import HANG_GUARD


def temps(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if atomic.is_temp_name(p.name)] if folder.is_dir() else []


# ------------------------------------------------------------------ atomic writes
def test_atomic_write_replaces_and_keeps_backup(tmp_path):
    target = tmp_path / "f.json"
    atomic.atomic_write_text(target, "one", backup=True)
    assert not atomic.backup_path(target).exists()
    atomic.atomic_write_text(target, "two", backup=True)
    atomic.atomic_write_text(target, "three", backup=True)
    assert target.read_text() == "three"
    assert atomic.backup_path(target).read_text() == "two"
    assert temps(tmp_path) == []


def test_backup_without_hard_links(tmp_path, monkeypatch):
    def no_links(*a, **k):
        raise OSError(errno.EPERM, "hard links not supported")

    monkeypatch.setattr(os, "link", no_links)
    target = tmp_path / "f.json"
    atomic.atomic_write_text(target, "one", backup=True)
    atomic.atomic_write_text(target, "two", backup=True)
    assert (target.read_text(), atomic.backup_path(target).read_text()) == ("two", "one")
    assert temps(tmp_path) == []


CRASH_BEFORE_RENAME = r"""
import os, sys
from castellion.persistence import atomic
target = sys.argv[1]
def crash(*a, **k):
    os._exit(9)  # the power fails: no clean-up, no exception handlers
os.replace = crash
atomic.atomic_write_text(target, "NEW CONTENT", backup=True)
"""


def test_kill_between_write_and_rename_keeps_old_file_and_next_start_cleans(home):
    P.startup()
    session = Session(new_game("intro", seed=5))
    saves.save_slot("precious", session)
    path = names.save_path("precious")
    before = path.read_bytes()
    run = subprocess.run([sys.executable, "-c", CRASH_BEFORE_RENAME, str(path)], env=child_env(home),
                         timeout=HANG_GUARD)
    assert run.returncode == 9
    assert path.read_bytes() == before  # the old save is intact
    assert temps(path.parent)  # the crash left its temporary file…
    assert saves.list_saves()[0].ok  # …which the listing ignores
    report = P.startup()  # …and the next start removes
    assert report.removed_temps and temps(path.parent) == []
    assert saves.load_save("precious").game.to_dict() == session.game.to_dict()


def test_clean_stale_temps_touches_only_our_temps(tmp_path):
    (tmp_path / ".~a.json.x1.tmp").write_text("x")
    (tmp_path / "a.json").write_text("keep")
    (tmp_path / "other.tmp").write_text("keep")
    (tmp_path / ".~dir.tmp").mkdir()
    removed = atomic.clean_stale_temps(tmp_path)
    assert [p.name for p in removed] == [".~a.json.x1.tmp"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [".~dir.tmp", "a.json", "other.tmp"]
    assert atomic.clean_stale_temps(tmp_path / "missing") == []


# ------------------------------------------------------------------ SIGKILL
DRIVER = r"""
import sys, time
from castellion import persistence as P
from castellion.rules import new_game
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom
from castellion.session import Session

level, seed, bot = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
P.startup()
session = Session(new_game(level, seed=seed))
autosaver = P.Autosaver()
assert autosaver.attach(session)
print("ready", flush=True)
rng = SeededRandom.from_seed(bot)
start = time.perf_counter()
while session.game.outcome is None:
    session.apply(greedy_action(session.game, rng))
    time.sleep(0.012)  # a quick player: a game of ~100 actions lasts ~1.3 s, i.e. several autosave
    # writes (one per WRITE_DELAY, coalescing the actions in between) for the kills to fall between
autosaver.close(session)
print("done", time.perf_counter() - start, flush=True)
time.sleep(60)
"""

LEVEL, SEED, BOT = "intro", 20240, 3


def reference_history() -> list:
    session = Session(new_game(LEVEL, seed=SEED))
    rng = SeededRandom.from_seed(BOT)
    while session.game.outcome is None:
        session.apply(greedy_action(session.game, rng))
    return list(session.game.history)


def run_driver(home: Path, kill_after: float | None) -> float | None:
    """Run the driver; SIGKILL it `kill_after` seconds after it is ready (None: when done).
    Returns the play time it reported, if it got that far."""
    proc = subprocess.Popen([sys.executable, "-c", DRIVER, LEVEL, str(SEED), str(BOT)],
                            env=child_env(home), stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        if kill_after is None:
            line = proc.stdout.readline().split()
            assert line[0] == "done"
            return float(line[1])
        time.sleep(kill_after)
        return None
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=HANG_GUARD)
        proc.stdout.close()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX only")
@pytest.mark.slow  # a kill -9 campaign; the quick tier kills during the statistics updates below
def test_sigkill_at_random_moments_never_loses_the_game(tmp_path, monkeypatch):
    full = reference_history()
    assert len(full) > 20
    duration = run_driver(tmp_path / "timing", None) or 0.2
    rnd = random.Random(7)
    kills = [0.0] + [rnd.uniform(0, duration * 1.1) for _ in range(9)]
    prefixes = []
    for n, delay in enumerate(kills):
        home = tmp_path / f"run{n}"
        run_driver(home, delay)
        monkeypatch.setenv(datadir.HOME_ENV, str(home))
        report = P.startup()
        assert report.messages == [], report.messages
        assert temps(home / "saves") == [] and temps(home) == []
        loaded = saves.load_path(names.autosave_path())  # replays and checks the state hash
        history = list(loaded.game.history)
        assert history == full[:len(history)]  # a prefix of the deterministic game
        reference = Session(new_game(LEVEL, seed=SEED))
        for action in history:
            reference.apply(action)
        assert replay.state_hash(reference.game) == replay.state_hash(loaded.game)
        if loaded.game.outcome is None:  # Continue offers exactly that game
            resumed = P.continue_game()
            assert resumed is not None and resumed.game.to_dict() == loaded.game.to_dict()
        prefixes.append(len(history))
    print("duration", duration, "prefixes", prefixes, "of", len(full))
    assert len(set(prefixes)) > 1 or prefixes[0] == len(full)


STATS_DRIVER = r"""
from castellion import persistence as P
P.startup()
i = 0
while True:
    P.record_game({"level": "intro"}, "won" if i % 3 else "lost", turns=4, reason="R-O5",
                  game_id=f"g{i}")
    print(i, flush=True)  # acknowledged: record_game returned
    i += 1
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX only")
def test_sigkill_during_statistics_updates_loses_no_acknowledged_record(tmp_path, monkeypatch):
    """Issue 11: kill -9 in the middle of the read-modify-write of stats.json, many times: the
    file always parses and holds every record the program acknowledged."""
    rnd = random.Random(11)
    counts = []
    for n in range(14):
        home = tmp_path / f"stats{n}"
        proc = subprocess.Popen([sys.executable, "-c", STATS_DRIVER], env=child_env(home),
                                stdout=subprocess.PIPE, text=True)
        try:
            assert proc.stdout.readline().strip() == "0"  # one record in: now kill at random
            time.sleep(rnd.uniform(0.0, 0.4))
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=HANG_GUARD)
        acknowledged = 1 + len([line for line in proc.stdout.read().splitlines()
                                if line.strip().isdigit()])
        proc.stdout.close()
        monkeypatch.setenv(datadir.HOME_ENV, str(home))
        report = P.startup()
        assert report.messages == [], report.messages
        assert report.stats.kind is None, report.stats  # stats.json parses and adds up (no backup needed)
        json.loads((home / "stats.json").read_text("utf-8"))
        assert temps(home) == []
        rec = P.load_stats().get("intro")
        # every acknowledged record is there; at most the one being acknowledged on top
        assert acknowledged <= rec.played <= acknowledged + 1, (acknowledged, rec.played)
        assert rec.won + rec.lost == rec.played
        counts.append(rec.played)
    print("records at each kill", counts)
    assert len(set(counts)) > 1  # the kills really landed at different moments


# ------------------------------------------------------------------ the game carries on
def _play(session: Session, steps: int, bot: int = 1) -> None:
    rng = SeededRandom.from_seed(bot)
    for _ in range(steps):
        if session.game.outcome is not None:
            return
        session.apply(greedy_action(session.game, rng))


def test_disk_full_during_play_is_reported_and_the_game_goes_on(home, monkeypatch):
    P.startup()
    errors = []
    session = Session(new_game("base", seed=9))
    autosaver = P.Autosaver(on_error=errors.append)
    assert autosaver.attach(session)
    _play(session, 4)
    autosaver.flush()  # the background writer has written the 4th action
    good = names.autosave_path().read_bytes()

    def full(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(os, "replace", full)
        _play(session, 3, bot=2)  # no exception reaches the game
        autosaver.flush()
    assert errors and all(e.kind == "full" for e in errors)
    assert autosaver.last_error is not None and "full" in autosaver.last_error.message
    assert names.autosave_path().read_bytes() == good  # the last good autosave is intact
    assert temps(datadir.saves_dir()) == []
    _play(session, 1, bot=3)  # space is back: the next action saves again
    autosaver.flush()
    assert autosaver.last_error is None
    assert saves.load_path(names.autosave_path()).game.to_dict() == session.game.to_dict()


def test_unwritable_data_directory(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv(datadir.HOME_ENV, str(blocker / "castellion"))
    report = P.startup()
    assert not report.writable and report.messages
    errors = []
    session = Session(new_game("intro", seed=1))
    autosaver = P.Autosaver(on_error=errors.append)
    assert autosaver.attach(session) is False
    _play(session, 10)
    assert len(session.game.history) == 10 and errors
    assert isinstance(autosaver.last_error, P.StorageError)
    with pytest.raises(P.StorageError):
        P.save_settings(P.Settings())
    assert blocker.read_text() == "x"


def test_an_observer_error_of_any_kind_never_reaches_the_game(home, monkeypatch):
    P.startup()
    errors = []
    session = Session(new_game("intro", seed=1))
    autosaver = P.Autosaver(on_error=errors.append)
    autosaver.attach(session)

    def boom(*a, **k):
        raise RuntimeError("bug")

    monkeypatch.setattr(saves, "encode", boom)
    for _ in range(3):
        _play(session, 1)
        autosaver.flush()  # one report per write (queued writes of one game would coalesce)
    assert len(errors) == 3 and "bug" in errors[0].message
    autosaver.on_error = boom  # even a broken message box
    _play(session, 2, bot=2)
    autosaver.flush()
    assert len(session.game.history) == 5


# ------------------------------------------------------------------ damaged autosave policy
def test_damaged_autosave_is_kept_and_autosave_moves_to_an_alternate(home):
    P.startup()
    path = names.autosave_path()
    path.write_bytes(b'{"castellion": "save", "format": 1, "acti')
    before = path.read_bytes()
    report = P.startup()
    told = [(m.reason, m.params["file"]) for m in report.messages]
    assert told == [(P.Reason.STARTUP_AUTOSAVE_DAMAGED, "autosave.json")]
    assert P.continue_info() is None
    session = Session(new_game("base", seed=3))
    autosaver = P.Autosaver()
    assert autosaver.attach(session)
    assert autosaver.path == names.autosave_path(1) and autosaver.notice is not None
    assert autosaver.notice.reason is P.Reason.AUTOSAVE_DAMAGED and autosaver.notice.params["files"] == "autosave.json"
    _play(session, 5)
    assert path.read_bytes() == before  # never overwritten, renamed or deleted
    resumed = P.continue_game()
    assert resumed is not None and resumed.info.name == "autosave-1"
    assert resumed.game.to_dict() == session.game.to_dict()
    assert resumed.session.game_id == session.game_id  # Continue keeps the game's identity
    infos = {i.name: i for i in P.list_saves()}
    assert not infos["autosave"].ok and infos["autosave"].problem == "truncated"
    assert infos["autosave-1"].ok and infos["autosave-1"].automatic


def test_autosave_damaged_while_playing_is_not_overwritten(home):
    P.startup()
    session = Session(new_game("intro", seed=8))
    autosaver = P.Autosaver()
    autosaver.attach(session)
    _play(session, 3)
    path = names.autosave_path()
    autosaver.flush()
    tampered = path.read_bytes().replace(b'"undos": 0', b'"undos": 0, "x": ]')
    autosaver.flush()
    path.write_bytes(tampered)
    _play(session, 2, bot=5)
    autosaver.flush()
    assert path.read_bytes() == tampered
    assert autosaver.path == names.autosave_path(1) and autosaver.notice
    assert saves.load_path(autosaver.path).game.to_dict() == session.game.to_dict()


@pytest.mark.parametrize("bot", [1, 2])  # bot 1 stops at a destruction, bot 2 at a power
def test_continue_resumes_the_pending_sub_step_and_undo_history(home, bot):
    P.startup()
    session = Session(new_game("base", seed=17))
    autosaver = P.Autosaver()
    autosaver.attach(session)
    rng = SeededRandom.from_seed(bot)
    # play until the game waits for a sub-step (a power to use or skip, a tile to destroy…)
    while session.game.phase in ("get", "use") and session.game.outcome is None:
        session.apply(greedy_action(session.game, rng))
    autosaver.close(session)
    assert session.game.phase in ("power", "destroy")
    resumed = P.continue_game()
    assert resumed is not None
    assert resumed.game.phase == session.game.phase
    assert resumed.game.to_dict() == session.game.to_dict()
    assert resumed.session.can_undo == session.can_undo
    assert resumed.session.undos == session.undos


def test_saves_folder_is_a_file(home):
    home.mkdir()
    (home / "saves").write_text("oops")
    report = P.startup()
    assert not report.writable and [m.reason for m in report.messages] == [P.Reason.DATA_NOT_A_FOLDER]
    assert report.messages[0].params["path"].endswith("saves")
    with pytest.raises(P.StorageError):
        P.list_saves()
    assert P.continue_info() is None and not P.has_saves()
    session = Session(new_game("intro", seed=1))
    autosaver = P.Autosaver()
    assert autosaver.attach(session) is False
    _play(session, 3)
    assert (home / "saves").read_text() == "oops"
    P.save_settings(P.Settings(sound=False))  # the rest of the data folder still works
    assert P.load_settings().sound is False


def test_resuming_onto_a_file_damaged_meanwhile_does_not_overwrite_it(home):
    P.startup()
    session = Session(new_game("intro", seed=2))
    P.Autosaver().attach(session)
    _play(session, 4)
    resumed = P.continue_game()
    path = resumed.info.path
    path.write_bytes(b"{}")  # damaged between Continue's look-up and the first write
    autosaver = P.Autosaver()
    autosaver.attach(resumed.session, path=path)
    assert path.read_bytes() == b"{}"
    assert autosaver.path == names.autosave_path(1) and autosaver.notice
    assert P.continue_game().game.to_dict() == session.game.to_dict()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX only")
@pytest.mark.slow  # a kill -9 campaign; the quick tier builds the state it leaves in tests/persistence/test_ends.py
def test_kill_9_just_after_the_last_move_counts_every_game_once_under_its_day(tmp_path, monkeypatch):
    """Issue 29, item 2: kill -9 0-100 ms after the last move of a game (daily deals among them),
    then two starts the next day and a new game over its file three days later: a game whose end
    reached the disk is counted exactly once, never abandoned, a daily deal as its own day's
    attempt; one whose last move did not is not counted (Continue offers it)."""
    import datetime as dt

    from castellion.content.daily import daily_seed
    from castellion.persistence import stats

    rnd = random.Random(29)
    for n in range(12):
        level = ("intro", "base", "expert")[n % 3]
        day = dt.date(2026, 12, 1) + dt.timedelta(days=n)
        daily = n % 2 == 0
        seed = daily_seed(day, level) if daily else rnd.randrange(10**6)
        home = tmp_path / f"end{n}"
        # the campaign's own child (bench/kill9.py --ends), killed 0 to 100 ms after the last move was shown
        kill_after_the_last_move(home, level, seed, rnd.randrange(100), day.isoformat(), n / 11 * 0.1,
                                 env=child_env(home))
        monkeypatch.setenv(datadir.HOME_ENV, str(home))
        game = saves.load_path(names.autosave_path()).game  # never damaged
        key = stats.game_key(game.options, game.history)
        for _start in range(2):  # two starts, the next day
            P.startup()
            P.count_unrecorded_ends(day + dt.timedelta(days=1))
        new = Session(new_game(level, seed=1))
        replacer = P.Autosaver(background=False, today=lambda day=day: day + dt.timedelta(days=3))
        assert replacer.attach(new, path=names.autosave_path())
        replacer.close(new)
        after = P.load_stats()
        record = after.get(level)
        if game.outcome is None:  # the last move itself was not written: the game was Continue's
            assert record.played == record.abandoned == 1
            continue
        result = game.outcome.result.value
        assert (record.played, getattr(record, result), record.abandoned) == (1, 1, 0), (n, record)
        assert after.counted(key=key)
        assert [d for d, lv in after.days if lv == level] == ([day.isoformat()] if daily else [])
        if daily:
            entry = after.days[(day.isoformat(), level)]
            assert (entry.result, entry.practice, entry.key) == (result, 0, key)
