"""Settings and statistics: defaults, persistence, tolerance of damaged files and bad values, and
the statistics the autosave observer records (won, lost with reasons, abandoned, streaks, undos)."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from pathlib import Path

import pytest

from castellion import persistence as P
from castellion.persistence import datadir, names, saves
from castellion.persistence.settings import Settings, load_settings, load_settings_report, save_settings
from castellion.persistence.stats import Record, Statistics, load_stats, loss_key, record_game
from castellion.rules import new_game
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom
from castellion.session import Session
from tests.xvfb_helpers import HANG_GUARD

ROOT = Path(__file__).resolve().parents[2]


# ------------------------------------------------------------------ the data directory
def test_castellion_home_overrides_the_user_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(datadir.HOME_ENV, str(tmp_path / "h"))
    assert datadir.data_dir() == tmp_path / "h"
    assert datadir.saves_dir() == tmp_path / "h" / "saves"
    assert datadir.settings_path() == tmp_path / "h" / "settings.json"
    assert datadir.stats_path() == tmp_path / "h" / "stats.json"
    assert not (tmp_path / "h").exists()  # asking for paths creates nothing
    monkeypatch.delenv(datadir.HOME_ENV)
    import appdirs

    assert datadir.data_dir() == Path(appdirs.user_data_dir("Castellion", "Castellion"))


def test_startup_creates_the_layout_and_reports_nothing_when_all_is_well(home):
    report = P.startup()
    assert report.writable and report.messages == [] and report.data_dir == home
    assert (home / "saves").is_dir()
    assert report.settings == Settings()


def test_persistence_imports_no_pygame_and_does_no_io(tmp_path):
    code = ("import sys, os; import castellion.persistence as P; import castellion.session; "
            "assert 'pygame' not in sys.modules, 'pygame imported'; "
            "assert not os.path.exists(os.environ['CASTELLION_HOME']), 'created at import'; "
            "P.datadir.data_dir(); P.datadir.saves_dir(); "
            "assert not os.path.exists(os.environ['CASTELLION_HOME'])")
    env = {"CASTELLION_HOME": str(tmp_path / "untouched"), "PYTHONPATH": str(ROOT),
           "PATH": "/usr/bin:/bin"}
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=HANG_GUARD)
    assert run.returncode == 0, run.stderr


# ------------------------------------------------------------------ settings
def test_settings_defaults_and_round_trip(home):
    assert load_settings() == Settings()
    s = Settings(fullscreen=True, window_size=(1600, 900), animation_speed="off",
                 colourblind=True, sound=False, confirmations=False, undo_allowed=False)
    save_settings(s)
    assert load_settings() == s
    assert not load_settings().animations and load_settings().animation_factor == 0.0
    data = json.loads(datadir.settings_path().read_text())
    assert data["format"] == 1 and data["window_size"] == [1600, 900]


def test_settings_animations_toggle_and_updated():
    s = Settings()
    assert s.animations and s.animation_factor == 1.0
    s.animations = False
    assert s.animation_speed == "off"
    s.animations = True
    assert s.animation_speed == "normal"
    fast = s.updated(animation_speed="fast")
    assert fast.animation_factor == 2.0 and s.animation_speed == "normal"
    with pytest.raises(ValueError):
        s.updated(animation_speed="warp")
    with pytest.raises(ValueError):
        s.updated(window_size=(10, 10))


def test_settings_tolerate_unknown_keys_and_bad_values(home, caplog):
    datadir.ensure_data_dirs()
    datadir.settings_path().write_text(json.dumps({
        "format": 1, "fullscreen": "yes", "window_size": [100, 100], "animation_speed": "fast",
        "colourblind": True, "sound": 0, "confirmations": None, "undo_allowed": False,
        "future_option": 3}))
    with caplog.at_level(logging.INFO, logger="castellion.persistence"):
        s = load_settings()
    # (motion_asked: a kept file is not the first start, whose reduced-motion question is past)
    assert s == Settings(animation_speed="fast", colourblind=True, undo_allowed=False, motion_asked=True)
    warned = " ".join(r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)
    for key in ("fullscreen", "window_size", "sound", "confirmations"):
        assert key in warned
    assert "future_option" not in warned  # unknown keys are ignored (logged at INFO only)


def test_every_field_is_checked_and_the_switches_come_from_their_declarations():
    """Issue 33: the booleans were listed by hand in `_check`; a field declared `bool` is now a
    switch by its declaration alone, and every other field has its own check."""
    from dataclasses import fields

    from castellion.persistence import settings as S

    declared = {f.name for f in fields(Settings) if f.type == "bool"}
    assert S.BOOLEANS == declared and {"fullscreen", "win_meter", "speech_offered"} <= declared
    assert {f.name for f in fields(Settings)} == set(S.BOOLEANS) | set(S._CHECKS)
    for name in declared:
        assert S._check(name, True) == (True,) and S._check(name, 1) is None and S._check(name, "yes") is None
        # (any kept file means the first start's motion question was asked: motion_asked)
        assert Settings.from_dict({name: True}) == Settings(**{"motion_asked": True, name: True})


@pytest.mark.parametrize("content", [b"", b"   ", b"{not json", b"[1,2]", b"null", b"\xff\xfe",
                                     b'{"fullscreen": tr'])
def test_damaged_settings_give_defaults_and_are_kept_aside(home, content):
    datadir.ensure_data_dirs()
    path = datadir.settings_path()
    path.write_bytes(content)
    settings, problem = load_settings_report()
    assert settings == Settings()
    assert problem
    save_settings(Settings(sound=False))
    assert load_settings().sound is False
    aside = path.parent / "settings.json.damaged"
    if content.strip():  # the damaged file was moved aside, not overwritten
        assert aside.read_bytes() == content
    else:
        assert not aside.exists()  # an empty file holds nothing worth keeping


def test_damaged_files_are_moved_aside_under_fresh_names(home):
    datadir.ensure_data_dirs()
    path = datadir.settings_path()
    for junk in (b"{1", b"{2", b"{3"):
        path.write_bytes(junk)
        save_settings(Settings())
    folder = path.parent
    assert (folder / "settings.json.damaged").read_bytes() == b"{1"
    assert (folder / "settings.json.damaged-1").read_bytes() == b"{2"
    assert (folder / "settings.json.damaged-2").read_bytes() == b"{3"


def test_damaged_settings_fall_back_on_the_backup(home):
    datadir.ensure_data_dirs()
    save_settings(Settings(colourblind=True))
    save_settings(Settings(colourblind=True, sound=False))
    datadir.settings_path().write_text("{garbage")
    settings, problem = load_settings_report()
    assert settings == Settings(colourblind=True) and "backup" in problem
    report = P.startup()
    assert [m.reason for m in report.messages] == [P.Reason.SETTINGS_DAMAGED]


def test_settings_file_is_a_directory(home):
    datadir.ensure_data_dirs()
    datadir.settings_path().mkdir()
    assert load_settings() == Settings()
    with pytest.raises(P.StorageError) as exc:
        save_settings(Settings())
    assert exc.value.kind == "is_a_folder"
    assert datadir.settings_path().is_dir()


# ------------------------------------------------------------------ statistics
OPTS = {"level": "base", "variant": "normal", "players": 1, "seed": 1, "pantry": False}


def test_record_counts_results_streaks_turns_and_reasons():
    rec = Record()
    rec.add("won", turns=30, undos=2)
    rec.add("won", turns=40, undos=0)
    rec.add("lost", turns=20, undos=1, reason="R-O5: the foundation was incomplete after Harpy")
    rec.add("won", turns=50, undos=0)
    rec.add("abandoned", turns=3, undos=4)
    rec.add("lost", turns=10, undos=0,
            reason="Simulation I needed 1 Tower; the castle had none of them (R-§5.3)")
    assert (rec.played, rec.won, rec.lost, rec.abandoned) == (6, 3, 2, 1)
    assert (rec.current_streak, rec.best_streak) == (0, 2)
    assert rec.average_turns == (30 + 40 + 20 + 50 + 10) / 5  # abandoned games left out
    assert rec.undos == 7
    assert rec.loss_reasons == {"R-O5": 1, "R-§5.3": 1}
    with pytest.raises(ValueError):
        rec.add("draw", turns=1, undos=0)
    assert Record().average_turns is None


def test_loss_key():
    assert loss_key("R-§8.5: the tile under the Menace pawn was destroyed") == "R-§8.5"
    assert loss_key("something odd") == "something odd"
    assert loss_key("") == "unknown"


def test_statistics_persist_per_level_variant_players_and_deduplicate(home):
    assert record_game(OPTS, "won", turns=12, game_id="a")
    assert not record_game(OPTS, "won", turns=12, game_id="a")  # the same game never twice
    assert record_game(dict(OPTS, level="expert"), "lost", turns=9, reason="R-O5: x", game_id="b")
    assert record_game(OPTS, "abandoned", turns=2, undos=5, game_id="c")
    stats = load_stats()
    base = stats.get("base")
    assert (base.played, base.won, base.abandoned, base.undos) == (2, 1, 1, 5)
    assert base.current_streak == 0 and base.best_streak == 1
    assert stats.get("expert").loss_reasons == {"R-O5": 1}
    assert stats.get("intro").played == 0 and ("intro", "normal", 1) not in stats.records


@pytest.mark.parametrize("content", [b"", b"{", b"[]", b'{"records": 5}',
                                     b'{"records": {"base/normal/x": {}, "bad": 1}}'])
def test_damaged_statistics_start_afresh_and_are_kept_aside(home, content):
    datadir.ensure_data_dirs()
    datadir.stats_path().write_bytes(content)
    assert load_stats().records == {}
    assert record_game(OPTS, "won", turns=1, game_id="z")
    assert load_stats().get("base").won == 1


def test_statistics_with_bad_values_are_damaged_and_set_aside(home):
    # Issue 20, item 2: negative, float, bool or string counts were silently set to 0 and
    # rewritten; no real play writes them, so the file is damaged: set aside, never rewritten.
    datadir.ensure_data_dirs()
    raw = json.dumps({"format": 1, "records": {"base/normal/1": {
        "played": -3, "won": "many", "lost": 2, "abandoned": True, "current_streak": 4,
        "best_streak": 1, "turns": 10.5, "undos": 2, "loss_reasons": {"R-O5": 2, "x": "y"}}},
        "recent_ids": ["a", 3]}).encode()
    datadir.stats_path().write_bytes(raw)
    assert load_stats().records == {}
    assert record_game(OPTS, "won", turns=1, game_id="z")
    assert (home / "stats.json.damaged").read_bytes() == raw
    assert load_stats().get("base").won == 1
    good = load_stats()
    assert Statistics.from_dict(good.to_dict()) == good


# ------------------------------------------------------------------ recorded by the autosave observer
def _finish(session: Session, bot: int = 0) -> None:
    rng = SeededRandom.from_seed(bot)
    while session.game.outcome is None:
        session.apply(greedy_action(session.game, rng))


def test_a_finished_game_counts_once_with_its_undos(home):
    P.startup()
    session = Session(new_game("expert", seed=4))
    autosaver = P.Autosaver()
    autosaver.attach(session)
    rng = SeededRandom.from_seed(2)
    while not session.can_undo:
        session.apply(greedy_action(session.game, rng))
    session.undo()
    _finish(session, 2)
    assert not session.can_undo  # the end of a game is final
    rec = load_stats().get("expert")
    assert rec.played == 1 and rec.undos == 1
    result = session.game.outcome.result
    assert getattr(rec, result) == 1
    if result == "lost":
        assert sum(rec.loss_reasons.values()) == 1
    autosaver.close(session)
    # Re-attaching the finished game, or a new game replacing it, does not count it again.
    autosaver.attach(session)
    autosaver.attach(Session(new_game("expert", seed=5)))
    assert load_stats().get("expert").played == 1
    assert P.continue_info() is not None  # the new game


def test_a_game_replaced_before_its_end_is_abandoned_not_won(home):
    P.startup()
    autosaver = P.Autosaver()
    first = Session(new_game("intro", seed=1))
    autosaver.attach(first)
    first.apply(first.game.legal_actions()[0])
    autosaver.close(first)  # quit: not abandoned, Continue resumes it
    assert load_stats().get("intro").played == 0
    resumed = P.continue_game()
    assert resumed.session.game_id == first.game_id
    autosaver.attach(resumed.session, path=resumed.info.path)
    assert load_stats().get("intro").played == 0  # continuing is the same game
    second = Session(new_game("intro", seed=2))  # New game, over the one it asked about: abandoned
    autosaver.attach(second, path=resumed.info.path)
    rec = load_stats().get("intro")
    assert (rec.played, rec.abandoned, rec.won, rec.lost) == (1, 1, 0, 0)


def test_giving_up_counts_as_abandoned_and_ends_continue(home):
    P.startup()
    autosaver = P.Autosaver()
    session = Session(new_game("base", seed=3))
    autosaver.attach(session)
    session.apply(session.game.legal_actions()[0])
    assert P.continue_info() is not None
    assert autosaver.abandon(session)
    assert P.continue_info() is None
    assert autosaver not in session.observers
    autosaver.close(session)  # quitting afterwards does not bring it back
    assert P.continue_info() is None
    [info] = P.list_saves()
    assert info.abandoned and info.finished
    assert load_stats().get("base").abandoned == 1
    autosaver.attach(Session(new_game("base", seed=4)))  # no double count
    assert load_stats().get("base").played == 1


def test_a_crash_between_the_end_and_the_statistics_is_repaired(home, monkeypatch):
    P.startup()
    session = Session(new_game("expert", seed=6))
    autosaver = P.Autosaver(record_stats=False)  # as if the statistics write was lost
    autosaver.attach(session)
    _finish(session)
    assert load_stats().get("expert").played == 0
    P.Autosaver().attach(Session(new_game("expert", seed=7)))  # next game: the end is counted
    assert load_stats().get("expert").played == 1


def test_stats_write_failure_does_not_stop_the_game(home, monkeypatch):
    P.startup()
    errors = []
    datadir.stats_path().mkdir()  # a folder where stats.json should be
    autosaver = P.Autosaver(on_error=errors.append)
    session = Session(new_game("expert", seed=6))
    autosaver.attach(session)
    _finish(session)
    assert errors and errors[0].kind == "is_a_folder"
    assert saves.load_path(names.autosave_path()).game.outcome is not None


def test_the_text_size_is_kept_and_a_bad_one_gives_100(home, caplog):
    """Issue 31: Settings → Accessibility → Text size (100 … 200 % in steps of 25) round-trips;
    a file without it (every file older than the setting) or with a size not offered loads 100."""
    from castellion.persistence.settings import TEXT_SIZES

    assert TEXT_SIZES == (100, 125, 150, 175, 200)
    save_settings(Settings(text_size=175))
    assert load_settings().text_size == 175 and load_settings().text_scale == 1.75
    for bad in (110, 250, "150", 150.0, True, None):
        datadir.settings_path().write_text(json.dumps({"format": 1, "text_size": bad}))
        assert load_settings().text_size == 100, bad
    datadir.settings_path().write_text(json.dumps({"format": 1, "colourblind": True}))
    assert load_settings().text_size == 100 and load_settings().colourblind
    with pytest.raises(ValueError):
        Settings().updated(text_size=90)


def test_the_sound_levels_are_kept_and_a_bad_one_gives_100(home):
    """Issue 31: effects and interface sounds 0 … 100 % in steps of 25; older files have
    neither (100)."""
    save_settings(Settings(effects_volume=25, interface_volume=0))
    assert (load_settings().effects_volume, load_settings().interface_volume) == (25, 0)
    for bad in (30, -25, 125, "50", 50.0, False):
        datadir.settings_path().write_text(json.dumps({"format": 1, "effects_volume": bad, "interface_volume": bad}))
        assert (load_settings().effects_volume, load_settings().interface_volume) == (100, 100), bad


def test_the_high_contrast_theme_is_kept_and_older_files_load_with_it_off(home):
    """Issue 31: Settings → Accessibility → High contrast round-trips; a file older than the
    setting, or with a value that is not a boolean, loads with it off."""
    save_settings(Settings(high_contrast=True))
    assert load_settings().high_contrast
    for bad in (1, "true", None, [True]):
        datadir.settings_path().write_text(json.dumps({"format": 1, "high_contrast": bad}))
        assert load_settings().high_contrast is False, bad
    datadir.settings_path().write_text(json.dumps({"format": 1, "colourblind": True, "text_size": 150}))
    assert load_settings().high_contrast is False and load_settings().colourblind
