"""Issue 29, item 5: twenty valid large `autosave-N.json` files made the first frame 5.9x later,
because the start read and replayed every one (the start's look for damaged autosaves, then
Continue's look-up). The start — the app's start-up, its menu, Continue's note, "how the last game
ended" — reads in full and replays only the game Continue offers, the automatic save written
last; of the others at most the first bytes (`persistence/ends.py`). A spy counts the reads:
no clock (the figures are `bench/hostile_start.py`'s)."""

from __future__ import annotations

import os

from castellion import persistence as P
from castellion.persistence import ends, names, saves
from castellion.rules import new_game
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom
from castellion.session import Session

COUNT = 20
NEWEST = 7  # autosave-7.json is the one written last


def twenty_games_in_progress(home) -> dict[int, Session]:
    """`autosave-1.json` … `autosave-20.json`, each a real game in progress, written one after
    another (their time stamps say which came last: `NEWEST`)."""
    P.startup()
    folder = home / "saves"
    sessions = {}
    for n in range(1, COUNT + 1):
        session = Session(new_game("base", seed=100 + n))
        rng = SeededRandom.from_seed(n)
        for _ in range(4):
            session.apply(greedy_action(session.game, rng))
        path = names.autosave_path(n)
        saves.write_save(path, session)
        stamp = 1_800_000_000 + (10_000 if n == NEWEST else n)
        os.utime(path, (stamp, stamp))
        sessions[n] = session
    assert len(list(folder.glob("autosave-*.json"))) == COUNT
    return sessions


def test_the_start_reads_and_replays_only_the_game_continue_offers(make_app, home, monkeypatch):
    sessions = twenty_games_in_progress(home)
    saves._cache.clear()  # nothing known from the writing above: a fresh program
    whole: list[str] = []
    heads: list[str] = []
    replayed: list[str] = []
    read_whole, read_head, real_replay = saves.read_bytes, ends.read_bytes, saves.replay

    def whole_spy(path, max_bytes, **kw):
        whole.append(os.path.basename(path))
        return read_whole(path, max_bytes, **kw)

    def head_spy(path, max_bytes, **kw):
        heads.append(os.path.basename(path))
        return read_head(path, max_bytes, **kw)

    def replay_spy(doc, *, path=None, **kw):
        replayed.append(os.path.basename(path))
        return real_replay(doc, path=path, **kw)

    monkeypatch.setattr(saves, "read_bytes", whole_spy)
    monkeypatch.setattr(ends, "read_bytes", head_spy)
    monkeypatch.setattr(saves, "replay", replay_spy)
    app = make_app()  # the start: data folder, statistics, the menu and its first frame
    app.step(1 / 60)
    menu = app.stack.top
    assert menu.continue_button.enabled  # Continue offers the game written last…
    assert app.ctx.continue_info().game_id == sessions[NEWEST].game_id
    newest = f"autosave-{NEWEST}.json"
    assert set(whole) == {newest}, sorted(set(whole))  # …and the start read no other file in full
    assert set(replayed) == {newest} and len(replayed) == 1  # replayed once, then known
    assert set(heads) <= {f"autosave-{n}.json" for n in range(1, COUNT + 1)}  # the heads: 4 kB each


def test_a_damaged_autosave_written_last_is_still_told_at_start(home):
    """The start tells of the damaged automatic saves written after the game Continue offers."""
    twenty_games_in_progress(home)
    path = names.autosave_path(NEWEST)
    path.write_bytes(path.read_bytes()[:200])  # cut short
    stamp = 1_800_000_000 + 10_000
    os.utime(path, (stamp, stamp))
    report = P.startup()
    told = [(m.reason, m.params["file"]) for m in report.messages]
    assert told == [(P.Reason.STARTUP_AUTOSAVE_DAMAGED, f"autosave-{NEWEST}.json")]
    assert P.continue_info().name == f"autosave-{COUNT}"  # the next written: autosave-20
