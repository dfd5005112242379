"""Issue 20, part A: every record the player keeps is true.

1. A game's end is recorded once, ever, whatever copies of its file exist (the record's key is the
   deal and its moves, `stats.game_key`): a finished save reopened three times — through the
   persistence API and through the real Saves screen — or a copy of a finished autosave.
2. Editing only the `game_id` of a won autosave adds no win; a statistics file no real play could
   produce is damaged: set aside byte for byte, never rewritten, the player told once.
3. Two unfinished games (two copies of the game left them): New game asks about the one Continue
   offers and replaces exactly that one.
8. A statistics file of a newer format is never rewritten: its bytes survive two game ends.
12 (last point). `--level` on the command line never counts an unfinished autosave as abandoned:
   the new game goes into a file of its own and the game in progress is kept.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from castellion import persistence as P
from castellion.persistence import datadir, names, saves, stats, store
from castellion.rules import Result, new_game
from castellion.rules import actions as A
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom
from castellion.scenes.nav import Route
from castellion.session import Session
from tests.conftest import board_of, frames, open_saves, post_click

WON = Path(__file__).resolve().parents[1] / "data" / "records" / "intro-won.json"


# ------------------------------------------------------------------ helpers
def finish(session: Session, bot: int = 0) -> None:
    """Play `session` to its end with the greedy bot (it loses: the quick way to an end)."""
    rng = SeededRandom.from_seed(bot)
    while session.game.outcome is None:
        session.apply(greedy_action(session.game, rng))


def win(session: Session) -> None:
    """Play the deal of `WON` (intro, found once by the computer player) to its win."""
    for data in json.loads(WON.read_text("utf-8"))["actions"]:
        session.apply(A.action_from_dict(data))
    assert session.game.outcome is not None and session.game.outcome.result is Result.WON


def won_session() -> Session:
    options = json.loads(WON.read_text("utf-8"))["options"]
    return Session(new_game(**options))


def play(session: Session, n: int, bot: int = 1) -> None:
    rng = SeededRandom.from_seed(bot)
    for _ in range(n):
        action = greedy_action(session.game, rng)
        if isinstance(action, A.EncounterOrdeal):  # keep it going: no encounter, no end
            action = next(a for a in session.game.legal_actions() if not isinstance(a, A.EncounterOrdeal))
        session.apply(action)
    assert session.game.outcome is None


def put_autosave(index: int, session: Session, saved_at: str) -> Path:
    """`session` written as autosave `index` at time `saved_at` (as another copy of the game left it)."""
    path = names.autosave_path(index)
    snap = saves.snapshot(session)
    snap["saved_at"] = saved_at
    saves.write_snapshot(path, snap)
    return path


def totals() -> stats.Record:
    total = stats.Record()
    for rec in P.load_stats().records.values():
        for name in ("played", "won", "lost", "abandoned"):
            setattr(total, name, getattr(total, name) + getattr(rec, name))
    return total


def double_click_row(app, scene, name):
    index = [i.name for i in scene.saves].index(name)
    pos = scene.row_rect(index).center
    for _ in range(2):
        post_click(pos)
        app.step(1 / 60)
    frames(app, 2)


# ------------------------------------------------------------------ item 1
def test_item1_reopening_a_finished_game_counts_once(home):
    P.startup()
    session = Session(new_game("intro", seed=3))
    autosaver = P.Autosaver()
    autosaver.attach(session)
    finish(session)
    autosaver.close(session)
    P.save_slot("The end", session)
    assert (totals().played, totals().lost) == (1, 1)
    for _ in range(3):  # as the Saves screen's Load does: a new attempt, a new game id each time
        loaded = P.load_save("The end")
        assert loaded.session.game_id != session.game_id
        again = P.Autosaver()
        again.attach(loaded.session)
        again.close(loaded.session)
    assert (totals().played, totals().lost) == (1, 1)


def test_item1_a_copy_of_a_finished_autosave_counts_once(home):
    P.startup()
    session = Session(new_game("base", seed=4))
    autosaver = P.Autosaver()
    autosaver.attach(session)
    finish(session)
    autosaver.close(session)
    auto = names.autosave_path()
    raw = auto.read_bytes()
    names.save_path("Copy").write_bytes(raw)  # a plain copy, under a name and as another autosave
    names.autosave_path(3).write_bytes(raw)
    for _ in range(3):
        loaded = P.load_save("Copy")
        P.Autosaver().attach(loaded.session)
    fresh = P.Autosaver()  # a new game over the copied autosave: its end is not counted again
    fresh.attach(Session(new_game("base", seed=5)), path=names.autosave_path(3))
    assert totals().played == 1


def test_item1_a_finished_save_opened_three_times_from_the_saves_screen_counts_once(make_app, home):
    app = make_app()
    app.start_board("intro", 21)
    frames(app)
    session = board_of(app).session
    finish(session)
    frames(app, 3)
    P.flush()
    P.save_slot("Finished", session)
    assert totals().played == 1
    for attempt in range(3):
        scene = open_saves(app)
        double_click_row(app, scene, "Finished")
        board = board_of(app)
        assert board is not None and board.session is not session, app.stack.describe()
        assert board.session.game.outcome is not None and board.session.game.history == session.game.history
        session = board.session
        frames(app, 3)
        P.flush()
        assert totals().played == 1, attempt
    app = make_app()  # and after a restart, with the finished copies in the autosave files
    app.start_board("intro", 22)
    frames(app)
    assert (totals().played, totals().lost, totals().abandoned) == (1, 1, 0)
    assert not app.ctx.errors


def won_and_counted() -> Session:
    """A game won under the autosave and counted once (played 1, won 1)."""
    session = won_session()
    autosaver = P.Autosaver()
    autosaver.attach(session)
    win(session)
    autosaver.close(session)
    assert (totals().played, totals().won) == (1, 1)
    return session


# ------------------------------------------------------------------ item 2
def test_item2_editing_only_the_game_id_of_a_won_autosave_adds_no_win(home):
    P.startup()
    won_and_counted()
    auto = names.autosave_path()
    for n in range(3):  # the state hash does not cover the id: the file still loads
        doc = json.loads(auto.read_text("utf-8"))
        doc["game_id"] = f"edited{n}"
        auto.write_bytes(saves.encode(doc))
        assert saves.load_path(auto).session.game_id == f"edited{n}"
        P.Autosaver().attach(saves.load_path(auto).session, path=auto)  # reopened as it is
    P.Autosaver().attach(Session(new_game("intro", seed=8)))  # a new game over it
    rec = P.load_stats().get("intro")
    assert (rec.played, rec.won, rec.best_streak) == (1, 1, 1)


def test_a_won_save_whose_options_are_spelled_otherwise_adds_no_second_win(make_app, home):
    """Issue 29, item 3: a won save whose options say `"pantry": 0` instead of `false` (its hash
    recomputed) is the same deal; the rules refuse an option of another type, so the save is a
    "malformed" damaged file — never a second game through the Saves screen."""
    from castellion.persistence.replay import canonical_hash

    app = make_app()
    session = won_and_counted()
    doc = json.loads(names.autosave_path().read_text("utf-8"))
    state = session.game.to_dict()
    for option, value in (("pantry", 0), ("players", True)):
        edited = json.loads(json.dumps(doc))
        edited["options"][option] = value
        state_edited = json.loads(json.dumps(state))
        state_edited["options"][option] = value
        edited["state_hash"] = canonical_hash(state_edited)
        names.save_path(f"Won {option}").write_bytes(saves.encode(edited))
        info = P.inspect(names.save_path(f"Won {option}"))
        assert (info.ok, info.problem) == (False, "malformed"), info.message
        assert option in (info.message or "")
    scene = open_saves(app)
    for option in ("pantry", "players"):
        double_click_row(app, scene, f"Won {option}")
        frames(app, 3)
        P.flush()
    assert (totals().played, totals().won) == (1, 1)
    assert board_of(app) is None or board_of(app).session.game.outcome is None


def test_the_record_key_names_the_deal_however_its_seed_is_spelled():
    """Issue 29, item 3: `game_key` is computed from the rules' normal options: a seed and the
    seed 2**64 below it deal the same game, so the same moves are the same record."""
    low, high = new_game("intro", seed=2**64 - 5), new_game("intro", seed=-5)
    deal_low, deal_high = low.to_dict(), high.to_dict()
    del deal_low["options"], deal_high["options"]
    assert deal_low == deal_high  # the same deal
    assert stats.game_key(low.options, []) == stats.game_key(high.options, [])
    assert stats.game_key(low.options, []) != stats.game_key(new_game("intro", seed=6).options, [])


GOOD = {"played": 5, "won": 2, "lost": 2, "abandoned": 1, "current_streak": 1, "best_streak": 1, "turns": 60,
        "undos": 3, "hints": 1, "won_with_hints": 1, "loss_reasons": {"R-O5": 2}}
IMPOSSIBLE = {
    "won more than played": {"played": 1000, "won": 1001, "lost": 0, "abandoned": 0},
    "sums do not match": {"played": 1000, "won": 1000},
    "a streak of 10**9": {"current_streak": 10**9, "best_streak": 10**9},
    "a streak beyond the wins": {"best_streak": 3},
    "wins without a streak": {"best_streak": 0, "current_streak": 0},
    "more wins than runs allow": {"played": 5, "won": 4, "lost": 1, "abandoned": 0, "loss_reasons": {"R-O5": 1}},
    "a negative count": {"undos": -1},
    "a float count": {"turns": 60.5},
    "a boolean count": {"abandoned": True, "played": 4},
    "an absurd count": {"turns": 10**40},
    "reasons not adding up": {"loss_reasons": {"R-O5": 7}},
    "hinted wins without hints": {"hints": 0},
}


@pytest.mark.parametrize("change", IMPOSSIBLE.values(), ids=IMPOSSIBLE.keys())
def test_item2_impossible_statistics_are_set_aside_and_told_once(make_app, home, change):
    from castellion.ui.text import t

    datadir.ensure_data_dirs()
    raw = json.dumps({"format": 1, "records": {"intro/normal/1": dict(GOOD, **change)}}).encode()
    datadir.stats_path().write_bytes(raw)
    app = make_app()
    told = [n.text for n in app.ctx.notices.items if "stats.json.damaged" in n.text]
    assert told == [t("stats.notice.damaged", file="stats.json.damaged")]
    assert (home / "stats.json.damaged").read_bytes() == raw  # kept aside, byte for byte
    assert not datadir.stats_path().exists() and P.load_stats().records == {}  # never shown as true
    app.start_board("intro", 3)
    frames(app)
    finish(board_of(app).session)
    frames(app, 3)
    P.flush()
    assert totals().played == 1 and (home / "stats.json.damaged").read_bytes() == raw
    app = make_app()  # told once: the next start finds sound statistics
    assert not [n for n in app.ctx.notices.items if "stats.json" in n.text]
    assert not (home / "stats.json.damaged-1").exists()


def test_item2_the_baseline_of_the_impossible_files_adds_up(home):
    datadir.ensure_data_dirs()
    datadir.stats_path().write_text(json.dumps({"format": 1, "records": {"intro/normal/1": GOOD}}), "utf-8")
    P.startup()
    assert P.load_stats().get("intro") == stats.Record(**GOOD)  # believed, as on every version
    assert not (home / "stats.json.damaged").exists()


def test_item2_damaged_statistics_go_on_from_a_sound_backup(home):
    datadir.ensure_data_dirs()
    good = json.dumps({"format": 1, "records": {"intro/normal/1": GOOD}})
    (home / "stats.json.bak").write_text(good, "utf-8")
    bad = json.dumps({"format": 1, "records": {"intro/normal/1": dict(GOOD, won=9)}}).encode()
    datadir.stats_path().write_bytes(bad)
    report = P.startup()
    assert (home / "stats.json.damaged").read_bytes() == bad
    assert P.load_stats().get("intro").played == 5  # the last good copy, in place of the damaged one
    assert (report.stats.kind, report.stats.from_backup) == ("damaged", True)
    assert report.stats.kept_as == home / "stats.json.damaged"
    assert P.startup().stats.kind is None  # said once


def test_item2_a_damaged_file_that_cannot_be_set_aside_is_never_written_over(home, monkeypatch):
    datadir.ensure_data_dirs()
    bad = json.dumps({"format": 1, "records": {"intro/normal/1": dict(GOOD, won=9)}}).encode()
    datadir.stats_path().write_bytes(bad)

    def refuse(path):
        raise P.StorageError("no renaming here", path=path)

    monkeypatch.setattr(store, "move_aside", refuse)
    assert P.startup().stats.kept_as is None
    with pytest.raises(P.StorageError):
        stats.record_game({"level": "intro"}, "won", turns=3, key="1" * 32)
    with pytest.raises(P.StorageError):
        stats.save_stats(stats.Statistics())
    assert datadir.stats_path().read_bytes() == bad


def test_item2_a_file_remembering_more_games_than_played_is_damaged(home):
    keys = [f"{n:032x}" for n in range(6)]
    data = {"format": 1, "records": {"intro/normal/1": GOOD}, "recorded": keys}
    with pytest.raises(stats.Unbelievable):
        stats.Statistics.from_dict(data)
    assert stats.Statistics.from_dict(dict(data, recorded=keys[:5])).recorded == keys[:5]


# ------------------------------------------------------------------ item 3
def test_item3_new_game_replaces_the_game_continue_offers_never_the_other(make_app, ui, home):
    from castellion.scenes.overlays import ConfirmOverlay

    datadir.ensure_data_dirs()
    a = Session(new_game("expert", seed=11))  # A: older, in autosave.json
    play(a, 3)
    b = Session(new_game("base", seed=12))  # B: newer, in autosave-1.json (the second copy's)
    play(b, 9)
    path_a = put_autosave(0, a, "2026-01-01T10:00:00Z")
    path_b = put_autosave(1, b, "2026-01-01T11:00:00Z")
    bytes_a = path_a.read_bytes()
    app = make_app()
    menu = app.stack.top
    assert app.ctx.continue_info().path == path_b  # Continue offers B
    ui.click(app, menu.new_game.rect.center)  # the menu's own path: New game, Start, the question
    ui.click(app, app.stack.top.start_button.rect.center)
    ask = app.stack.top
    assert isinstance(ask, ConfirmOverlay), app.stack.describe()
    from castellion.ui.names import describe_progress

    assert describe_progress(app.ctx, app.ctx.continue_info()) in ask.text  # it names B
    ui.click(app, ask.yes_button.rect.center)
    frames(app, 3)
    board = board_of(app)
    assert board is not None and board.session.game_id not in (a.game_id, b.game_id)
    P.flush()
    assert path_a.read_bytes() == bytes_a  # A untouched: not replaced, not counted
    assert saves.load_path(path_b).session.game_id == board.session.game_id  # B's file holds the new game
    assert P.load_stats().get("base").abandoned == 1  # B, the game the question named
    assert P.load_stats().get("expert").played == 0


def test_item3_loading_a_save_replaces_the_game_it_asked_about(make_app, ui, home):
    datadir.ensure_data_dirs()
    a = Session(new_game("expert", seed=11))
    play(a, 3)
    b = Session(new_game("base", seed=12))
    play(b, 9)
    path_a = put_autosave(0, a, "2026-01-01T10:00:00Z")
    path_b = put_autosave(1, b, "2026-01-01T11:00:00Z")
    bytes_a = path_a.read_bytes()
    other = Session(new_game("intro", seed=13))
    play(other, 4)
    P.save_slot("Another deal", other)
    app = make_app()
    scene = open_saves(app)
    double_click_row(app, scene, "Another deal")
    assert app.stack.top.route == Route.CONFIRM
    ui.click(app, app.stack.top.yes_button.rect.center)
    frames(app, 3)
    P.flush()
    assert board_of(app) is not None
    assert path_a.read_bytes() == bytes_a
    assert saves.load_path(path_b).game.level == "intro"
    assert (P.load_stats().get("base").abandoned, P.load_stats().get("expert").played) == (1, 0)


# ------------------------------------------------------------------ item 8
@pytest.mark.parametrize("fmt", [2, 99])
def test_item8_a_newer_statistics_file_survives_two_game_ends(make_app, home, fmt):
    from castellion.ui.text import t

    datadir.ensure_data_dirs()
    raw = json.dumps({"format": fmt, "players": {"anna": {"won": 12}}, "records": [1, 2, 3]}).encode()
    datadir.stats_path().write_bytes(raw)
    app = make_app()
    for seed in (3, 4):  # two game ends
        app.start_board("intro", seed)
        frames(app)
        finish(board_of(app).session)
        frames(app, 3)
    P.flush()
    assert datadir.stats_path().read_bytes() == raw  # exactly its bytes, where it was
    assert not (home / "stats.json.bak").exists() and not (home / "stats.json.damaged").exists()
    told = [n.text for n in app.ctx.notices.items if n.text == t("stats.notice.newer", format=fmt)]
    assert len(told) == 1  # said once, not at each game end
    assert not stats.record_game({"level": "intro"}, "won", turns=3, key="0" * 32)  # nothing counted
    assert datadir.stats_path().read_bytes() == raw
    app.ctx.nav.push(Route.STATS)
    frames(app, 2)
    assert app.stack.top.problem == t("stats.newer", format=fmt) and not app.ctx.errors


# ------------------------------------------------------------------ item 12, last point
def test_item12_level_on_the_command_line_keeps_the_unfinished_game(make_app, home):
    datadir.ensure_data_dirs()
    kept = Session(new_game("expert", seed=11))
    play(kept, 5)
    path = put_autosave(0, kept, "2026-01-01T10:00:00Z")
    before = path.read_bytes()
    app = make_app()
    app.start_board("base", 7)  # what `castellion --level base --seed 7` does (cli.main)
    frames(app)
    session = board_of(app).session
    play(session, 2)
    frames(app)
    P.flush()
    assert path.read_bytes() == before  # kept, and never counted abandoned without the player's word
    assert P.load_stats().get("expert").played == 0
    assert saves.load_path(names.autosave_path(1)).session.game_id == session.game_id
    app = make_app()  # both games are there: Continue offers the newer, the Saves screen both
    assert app.ctx.continue_info().game_id == session.game_id
    assert {i.game_id for i in P.list_saves() if i.automatic} == {kept.game_id, session.game_id}
