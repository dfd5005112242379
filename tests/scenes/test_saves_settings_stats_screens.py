"""The player's side of saves, settings, statistics and undo: Continue, the Saves screen, the
"Save game…" dialog, the settings that persist, the statistics screen, an unwritable data folder,
the undo setting and SIGTERM — all headless, every test in its own CASTELLION_HOME."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from castellion import persistence as P
from castellion.rules import actions as A
from castellion.rules import new_game
from castellion.session import Session
from castellion.ui.text import t
from tests.conftest import HANG_GUARD, board_of, frames, saves_read

ROOT = Path(__file__).resolve().parents[2]



def play(session, n):
    """Apply `n` legal actions (the first legal one each time), stopping before the game ends."""
    for _ in range(n):
        legal = session.game.legal_actions()
        if not legal or session.game.outcome is not None:
            break
        session.apply(legal[0])


def start_through_the_menu(app, ui, seed="42"):
    menu = app.stack.top
    ui.click(app, menu.new_game.rect.center)
    setup = app.stack.top
    ui.click(app, setup.seed_field.rect.center)
    for _ in range(10):
        ui.press(app, pygame.K_BACKSPACE)
    for digit in seed:
        ui.press(app, getattr(pygame, f"K_{digit}"), unicode=digit)
    ui.click(app, setup.start_button.rect.center)
    frames(app)


def good_save(name, seed=8, actions=4):
    session = Session(new_game("intro", seed=seed))
    play(session, actions)
    return P.save_slot(name, session)


# --------------------------------------------------------------------------------------------
def test_continue_is_disabled_without_a_game_in_progress(make_app):
    app = make_app()
    menu = app.stack.top
    assert not menu.continue_button.enabled
    assert menu.continue_button.note  # says why


def test_continue_resumes_the_same_game_after_a_restart(make_app, ui, home):
    app = make_app()
    start_through_the_menu(app, ui)
    board = board_of(app)
    assert board is not None and board.session.game.seed == 42
    play(board.session, 7)  # through the board's session: every action is autosaved
    frames(app)
    before = board.session.game.to_dict()
    assert (home / "saves" / "autosave.json").is_file()

    app = make_app()  # quit and start again (the old app is closed, as on a real quit)
    menu = app.stack.top
    assert menu.continue_button.enabled
    assert "turn" in menu.continue_button.note
    ui.click(app, menu.continue_button.rect.center)
    frames(app)
    resumed = board_of(app)
    assert resumed is not None
    assert resumed.session.game.to_dict() == before
    # and it goes on being autosaved where it was
    play(resumed.session, 1)
    assert P.continue_game().game.to_dict() == resumed.session.game.to_dict()
    assert not app.ctx.errors


def test_new_game_over_an_unfinished_one_asks_first(make_app, ui):
    from castellion.scenes.overlays import ConfirmOverlay

    app = make_app()
    start_through_the_menu(app, ui, "5")
    play(board_of(app).session, 3)
    ui.press(app, pygame.K_ESCAPE)  # pause
    pause = app.stack.top
    menu_button = [w for w in pause.widgets.widgets if getattr(w, "label", "") == "Main menu"][0]
    ui.click(app, menu_button.rect.center)
    ui.click(app, app.stack.top.yes_button.rect.center)  # "leave this game?" yes
    frames(app)
    assert board_of(app) is None and app.stack.top.continue_button.enabled

    menu = app.stack.top
    ui.click(app, menu.new_game.rect.center)
    ui.click(app, app.stack.top.start_button.rect.center)
    ask = app.stack.top
    assert isinstance(ask, ConfirmOverlay) and "bandon" in ask.title
    ui.click(app, ask.no_button.rect.center)  # no: nothing changes
    assert board_of(app) is None
    assert P.continue_info().seed == 5
    ui.click(app, app.stack.top.start_button.rect.center)
    ui.click(app, app.stack.top.yes_button.rect.center)
    frames(app)
    assert board_of(app) is not None and board_of(app).session.game.seed != 5
    assert P.load_stats().get("intro").abandoned == 1


def test_end_screen_same_deal_again_is_autosaved(make_app, ui):
    from castellion.scenes.end import EndScreen

    app = make_app()
    app.stack.push(EndScreen(app.ctx, result="lost", reason="R-O5", level="intro", seed=77))
    app.stack.apply_pending()
    ui.click(app, app.stack.top.again.rect.center)
    frames(app)
    board = board_of(app)
    assert board is not None and board.session.game.seed == 77
    play(board.session, 2)
    info = P.continue_info()
    assert info is not None and info.seed == 77 and info.actions == len(board.session.game.history)


# --------------------------------------------------------------------------------------------
def test_saves_scene_lists_good_and_damaged_saves_and_deletes_only_the_chosen_one(make_app, ui, home):
    from castellion.scenes.overlays import ConfirmOverlay
    from castellion.scenes.saves import SavesScene

    good_save("Seer towers")
    (home / "saves").mkdir(parents=True, exist_ok=True)
    (home / "saves" / "broken.json").write_bytes(b"\x00{not json at all")
    app = make_app()
    ui.click(app, app.stack.top.load.rect.center)
    frames(app)
    scene = app.stack.top
    assert isinstance(scene, SavesScene)
    saves_read(app, scene)
    names = {i.name: i for i in scene.saves}
    assert set(names) == {"Seer towers", "broken"}
    assert names["Seer towers"].ok and not names["broken"].ok
    assert names["broken"].problem == "corrupt"  # the reason, as data

    # what is drawn: the reason of the damaged one, the level of the good one
    drawn: list[str] = []
    real = app.ctx.fonts.render
    app.ctx.fonts.render = lambda text, *a, **k: (drawn.append(text), real(text, *a, **k))[1]
    try:
        scene.draw(pygame.Surface(app.ctx.canvas))
    finally:
        app.ctx.fonts.render = real
    assert t("saves.damaged", reason=t("storage.problem.corrupt")) in drawn  # in words
    assert any(t("level.intro.name") in line for line in drawn)

    # choose the damaged one: no Load, no backup; delete asks, then removes only it
    index = [i.name for i in scene.saves].index("broken")
    ui.click(app, scene.row_rect(index).center)
    assert scene.current.name == "broken"
    assert not scene.load_button.enabled and not scene.backup_button.enabled
    ui.click(app, scene.delete_button.rect.center)
    assert isinstance(app.stack.top, ConfirmOverlay)
    ui.click(app, app.stack.top.yes_button.rect.center)
    frames(app)
    assert not (home / "saves" / "broken.json").exists()
    assert (home / "saves" / "Seer towers.json").exists()
    assert [i.name for i in scene.saves] == ["Seer towers"]
    assert not app.ctx.errors


def test_saves_scene_loads_a_save_and_offers_the_backup_of_a_damaged_one(make_app, ui, home):
    from castellion.scenes.saves import SavesScene

    first = good_save("Keep", seed=9, actions=3)
    good_save("Keep", seed=9, actions=5)  # the first version becomes Keep.json.bak
    (home / "saves" / "Keep.json").write_text("{\"castellion\": \"save\", \"format\": 1")  # truncated
    app = make_app()
    app.stack.push(SavesScene(app.ctx))
    frames(app)
    scene = saves_read(app, app.stack.top)
    assert scene.current.name == "Keep" and not scene.current.ok
    assert scene.backup_button.enabled
    ui.click(app, scene.backup_button.rect.center)
    frames(app)
    board = board_of(app)
    assert board is not None and len(board.session.game.history) == first.actions
    assert (home / "saves" / "Keep.json").read_text().endswith("1")  # never touched


def test_save_game_from_the_pause_menu_with_a_name(make_app, ui, home):
    from castellion.scenes.overlays import ConfirmOverlay, PauseOverlay
    from castellion.scenes.save_game import SaveGameOverlay

    app = make_app()
    app.start_board("intro", 12)
    play(board_of(app).session, 4)
    ui.press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay) and pause.save_button.enabled
    ui.click(app, pause.save_button.rect.center)
    dialog = app.stack.top
    assert isinstance(dialog, SaveGameOverlay)
    ui.press(app, pygame.K_DELETE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="autosave"))
    frames(app, 1)
    assert dialog.problem and not dialog.save_button.enabled  # reserved name, said in words
    ui.press(app, pygame.K_DELETE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="My castle"))
    frames(app, 1)
    assert dialog.problem is None
    ui.press(app, pygame.K_RETURN)
    frames(app)
    assert (home / "saves" / "My castle.json").is_file()
    assert app.stack.top is pause
    # the same name again: asks before replacing
    ui.click(app, pause.save_button.rect.center)
    dialog = app.stack.top
    ui.press(app, pygame.K_DELETE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="My castle"))
    ui.click(app, dialog.save_button.rect.center)
    assert isinstance(app.stack.top, ConfirmOverlay)
    ui.click(app, app.stack.top.yes_button.rect.center)
    frames(app)
    assert P.load_save("My castle").game.to_dict() == board_of(app).session.game.to_dict()


# --------------------------------------------------------------------------------------------
def test_settings_persist_across_restarts(make_app, ui, home):
    from castellion.scenes.overlays import SettingsOverlay

    app = make_app()
    ui.click(app, app.stack.top.settings.rect.center)
    settings = app.stack.top
    assert isinstance(settings, SettingsOverlay)
    ui.click(app, settings.colourblind.rect.center)
    ui.click(app, settings.speed.segment_rects()[2].center)  # fast
    ui.click(app, settings.undo.rect.center)
    ui.click(app, settings.confirmations.rect.center)
    ui.click(app, settings.window_size.segment_rects()[0].center)
    assert app.ctx.theme.colourblind  # applied at once
    assert (home / "settings.json").is_file()

    app = make_app()
    s = app.ctx.settings
    assert s.colourblind and app.ctx.theme.colourblind
    assert s.animation_speed == "fast" and not s.undo_allowed and not s.confirmations
    assert tuple(s.window_size) == (1024, 640)
    ui.click(app, app.stack.top.settings.rect.center)
    settings = app.stack.top
    ui.click(app, settings.animations.rect.center)  # animations off
    app = make_app()
    assert app.ctx.settings.animation_speed == "off" and not app.ctx.settings.animations


def test_undo_disabled_setting_makes_ctrl_z_do_nothing(make_app, ui):
    app = make_app()
    app.ctx.change_settings(undo_allowed=False)
    app.start_board("intro", 3)
    board = board_of(app)
    session = board.session
    session.apply(A.DrawTile("regular"))
    while session.game.outcome is None and not any(isinstance(a, A.PlaceTile) for a in session.game.legal_actions()):
        play(session, 1)
    place = [a for a in session.game.legal_actions() if isinstance(a, A.PlaceTile)][0]
    board.act(place)
    frames(app)
    before = session.game.to_dict()
    ui.press(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert session.game.to_dict() == before and not session.can_undo

    # the same with undo allowed (switched on mid-game, applied at once): Ctrl+Z takes it back
    app.ctx.change_settings(undo_allowed=True)
    assert session.can_undo
    ui.press(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert session.game.to_dict() != before


# --------------------------------------------------------------------------------------------
def test_statistics_scene_renders_recorded_games(make_app, ui):
    from castellion.scenes.stats import StatisticsScene

    for result, reason in (("won", ""), ("lost", "R-O5: the foundation was incomplete after Exam I"),
                           ("lost", "Exam I needed a Tower; the castle had none (R-§5.3)"), ("abandoned", "")):
        P.record_game({"level": "intro", "variant": "normal", "players": 1}, result, turns=20, undos=1, reason=reason)
    P.record_game({"level": "expert", "variant": "intruder", "players": 1}, "won", turns=40)
    app = make_app()
    ui.click(app, app.stack.top.stats.rect.center)
    frames(app)
    scene = app.stack.top
    assert isinstance(scene, StatisticsScene)
    assert len(scene.rows) == 2
    (key, rec) = scene.rows[0]
    assert key == ("intro", "normal", 1) and (rec.played, rec.won, rec.lost, rec.abandoned) == (4, 1, 2, 1)
    drawn: list[str] = []
    real = app.ctx.fonts.render
    app.ctx.fonts.render = lambda text, *a, **k: (drawn.append(text), real(text, *a, **k))[1]
    try:
        scene.draw(pygame.Surface(app.ctx.canvas))
    finally:
        app.ctx.fonts.render = real
    text = " | ".join(drawn)
    assert "foundation incomplete" in text and "formations missing" in text
    assert "R-O5" not in text
    assert not app.ctx.errors


def test_an_unwritable_data_folder_shows_a_notice_and_the_game_still_starts(tmp_path, monkeypatch, ui):
    from castellion.app import App

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("CASTELLION_HOME", str(blocker / "home"))
    app = App(rng=random.Random(1))
    try:
        assert app.ctx.notices.items and app.ctx.notices.items[0].kind == "warning"
        frames(app)
        start_through_the_menu(app, ui, "3")
        board = board_of(app)
        assert board is not None
        play(board.session, 2)  # autosave fails: told, not raised
        frames(app)
        assert any(n.kind == "error" for n in app.ctx.notices.items)
        assert board_of(app) is board
        # a click on a notice dismisses it
        first = app.ctx.notices.items[0]
        rect = app.ctx.notices.layout(app.ctx)[0][0]
        ui.click(app, rect.center)
        assert first not in app.ctx.notices.items
    finally:
        app.close()


def test_sigterm_saves_and_exits_cleanly(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               CASTELLION_HOME=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "castellion", "--level", "intro", "--seed", "3"], cwd=ROOT,
                            env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        deadline = time.monotonic() + HANG_GUARD  # a hang guard, not a speed limit
        seen = ""
        while time.monotonic() < deadline:
            line = proc.stderr.readline()
            if not line:
                break
            seen += line
            if "first frame" in line:
                break
        assert "first frame" in seen, seen[-2000:]
        proc.send_signal(signal.SIGTERM)
        _out, err = proc.communicate(timeout=HANG_GUARD)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err[-2000:]
    autosave = tmp_path / "saves" / "autosave.json"
    assert autosave.is_file()
    info = P.saves.inspect(autosave)
    assert info.ok and info.seed == 3 and info.level == "intro" and not info.finished


def test_a_damaged_autosave_is_reported_kept_and_the_game_saves_elsewhere(make_app, home):
    (home / "saves").mkdir(parents=True)
    garbage = b"this is not a save"
    (home / "saves" / "autosave.json").write_bytes(garbage)
    app = make_app()
    assert any("autosave.json" in n.text and n.kind == "warning" for n in app.ctx.notices.items)
    assert not app.stack.top.continue_button.enabled
    app.ctx.notices.clear()
    app.start_board("intro", 21)
    frames(app)
    play(board_of(app).session, 2)
    assert any("autosave-1.json" in n.text for n in app.ctx.notices.items)
    assert len([n for n in app.ctx.notices.items if "autosave-1.json" in n.text]) == 1  # said once
    assert (home / "saves" / "autosave.json").read_bytes() == garbage
    assert P.continue_info().path.name == "autosave-1.json"


# -------------------------------------------------------------------------------------------- issue 11
def test_saves_scene_draws_non_utf8_file_names_and_verifies_rows_lazily(make_app, home):
    # Issue 11, item 4: a non-UTF-8 byte in a file name broke the Saves screen (UnicodeEncodeError)
    from castellion.scenes.saves import SavesScene

    good_save("plain")
    folder = os.fsencode(home / "saves")
    data = (home / "saves" / "plain.json").read_bytes()
    with open(folder + b"/caf\xe9 \xff.json", "wb") as fh:
        fh.write(data)
    with open(folder + b"/broken \xfe.json", "wb") as fh:
        fh.write(b"{")
    app = make_app()
    scene = SavesScene(app.ctx)
    app.stack.push(scene)
    frames(app)
    saves_read(app, scene)  # the rows listed from headers get replayed off the frame
    names = {i.display_name for i in scene.saves}
    assert "caf\\xe9 \\xff" in names and "broken \\xfe" in names
    scene.draw(pygame.Surface(app.ctx.canvas))
    assert all(i.verified for i in scene.saves)
    odd = next(i for i in scene.saves if i.display_name == "caf\\xe9 \\xff")
    assert odd.ok
    P.delete_save(odd.name)  # the raw name reaches the file; the shown one is only for the eyes
    assert not os.path.lexists(folder + b"/caf\xe9 \xff.json")
    scene.refresh()
    saves_read(app, scene)
    assert "caf\\xe9 \\xff" not in {i.display_name for i in scene.saves}
    scene.draw(pygame.Surface(app.ctx.canvas))
    assert not app.ctx.errors


def test_statistics_scene_survives_huge_totals_and_invisible_names(make_app, home):
    # Issue 11, item 1: a total ≥ 10^309 (OverflowError) or a zero-width level name broke the screen
    from castellion.scenes.stats import StatisticsScene

    app = make_app()
    record = {"played": 2, "won": 1, "lost": 1, "abandoned": 0, "current_streak": 0, "best_streak": 1,
              "turns": 20, "undos": 0}
    (home / "stats.json").write_text(json.dumps(
        {"format": 1, "records": {"intro/normal/1": dict(record, loss_reasons={"\u200b": 1})}}))
    scene = StatisticsScene(app.ctx)
    app.stack.push(scene)
    frames(app)
    assert [k for k, _r in scene.rows] == [("intro", "normal", 1)]
    scene.draw(pygame.Surface(app.ctx.canvas))  # the invisible losing reason is drawn escaped
    app.stack.pop(scene)
    frames(app)
    # an invisible level name: no real play files a record there, so the file is damaged (issue 20)
    (home / "stats.json").write_text(json.dumps({"format": 1, "records": {"\u200b/normal/1": record}}))
    scene = StatisticsScene(app.ctx)
    app.stack.push(scene)
    frames(app)
    assert scene.rows == [] and "damaged" in scene.problem
    scene.draw(pygame.Surface(app.ctx.canvas))
    app.stack.pop(scene)
    frames(app)
    (home / "stats.json").write_text('{"records": {"intro/normal/1": {"won": 1' + "0" * 400 + "}}}")
    scene = StatisticsScene(app.ctx)
    app.stack.push(scene)
    frames(app)
    assert scene.rows == [] and "damaged" in scene.problem
    scene.draw(pygame.Surface(app.ctx.canvas))
    assert not app.ctx.errors


def test_a_non_utf8_data_folder_path_gives_notices_that_draw(tmp_path, monkeypatch):
    # Issue 11, item 4: the notice raised on every frame and the screen never updated
    from castellion.app import App

    base = os.fsencode(tmp_path) + b"/d\xe9j\xe0"
    os.makedirs(base)
    with open(base + b"/blocker", "w") as fh:
        fh.write("x")
    monkeypatch.setenv("CASTELLION_HOME", os.fsdecode(base + b"/blocker/home"))
    app = App(rng=random.Random(1))
    try:
        app.ctx.errors = []
        app.stack.on_error = lambda exc, scene: app.ctx.errors.append((exc, scene))
        assert app.ctx.notices.items and "\\xe9" in app.ctx.notices.items[0].text
        before = app.frames
        frames(app, 3)
        assert app.frames == before + 3 and not app.ctx.errors
        app.ctx.change_settings(sound=False)  # cannot be written: a notice, not the error overlay
        frames(app)
        assert not app.ctx.errors
        from castellion.scenes.overlays import ErrorOverlay
        assert not isinstance(app.stack.top, ErrorOverlay)
    finally:
        app.close()


def test_the_error_overlay_names_the_log_file(make_app, home):
    # the frozen build has no console: the player needs a log file to send
    from castellion.scenes.overlays import ErrorOverlay

    path = P.open_log_file()
    try:
        assert path == home / "castellion.log"
        app = make_app()
        app._scene_failed(RuntimeError("boom"), None)
        app.stack.apply_pending()
        overlay = app.stack.top
        assert isinstance(overlay, ErrorOverlay) and "castellion.log" in overlay.message
        import logging
        line = "a line for the log \udcff"
        logging.getLogger("castellion.test").warning(line)
        for handler in logging.getLogger().handlers:
            if isinstance(handler, logging.FileHandler):  # the log file's (others write to streams)
                handler.flush()
        assert line.encode("utf-8", "backslashreplace").decode() in path.read_text("utf-8")
    finally:
        P.close_log_file()


def test_the_text_size_is_chosen_applied_at_once_and_kept(make_app, ui, home):
    """Issue 31: Settings → Accessibility → 200 %: the fonts draw at 200 % from the next frame,
    the page lays itself out again (its rows are taller), and a restart keeps it."""
    from castellion.scenes.access import AccessibilityOverlay

    app = make_app()
    ui.click(app, app.stack.top.settings.rect.center)
    ui.click(app, app.stack.top.access.rect.center)
    page = app.stack.top
    assert isinstance(page, AccessibilityOverlay)
    row = page.text_size.rect.h
    ui.click(app, page.text_size.segment_rects()[-1].center)  # 200 %
    frames(app)
    assert app.ctx.settings.text_size == 200 and app.ctx.fonts.text_scale == 2.0
    assert page.text_size.rect.h > row and page.text_size.value == 200
    assert json.loads((home / "settings.json").read_text())["text_size"] == 200

    app = make_app()
    assert app.ctx.settings.text_size == 200 and app.ctx.fonts.text_scale == 2.0


def test_the_high_contrast_theme_is_chosen_and_a_restart_keeps_it(make_app, ui, home):
    """Settings → Accessibility → High contrast: the theme switches at once (plain white backing),
    is written, and the next start opens in it."""
    from castellion.ui.theme import HIGH_CONTRAST

    app = make_app()
    assert not app.ctx.theme.high_contrast
    ui.click(app, app.stack.top.settings.rect.center)
    ui.click(app, app.stack.top.access.rect.center)
    ui.click(app, app.stack.top.row_controls["high_contrast"].rect.center)
    frames(app)
    assert app.ctx.settings.high_contrast and app.ctx.theme.high_contrast
    assert json.loads((home / "settings.json").read_text())["high_contrast"] is True

    app = make_app()
    assert app.ctx.settings.high_contrast and app.ctx.theme.high_contrast
    assert app.ctx.theme.parchment == HIGH_CONTRAST["parchment"]


@pytest.mark.parametrize("text_size", [100, 200])  # the table, and above 150 % the blocks (ui/stats_list.py)
def test_a_win_rate_of_nought_is_not_drawn_in_the_colour_of_success(make_app, ui, text_size):
    """Issue 31, item 7: "Win rate: 0%" was green (the colour of a won game)."""
    P.record_game({"level": "intro", "variant": "normal", "players": 1}, "lost", turns=20, reason="")
    app = make_app()
    app.ctx.change_settings(text_size=text_size)
    ui.click(app, app.stack.top.stats.rect.center)
    frames(app)
    colours: dict[str, tuple[int, ...]] = {}
    real = app.ctx.fonts.render
    app.ctx.fonts.render = lambda text, size, colour, *a, **k: (colours.setdefault(text, tuple(colour)),
                                                              real(text, size, colour, *a, **k))[1]
    try:
        app.stack.top.draw(pygame.Surface(app.ctx.canvas))
    finally:
        app.ctx.fonts.render = real
    rate = next(words for words in colours if "0%" in words and "Win rate" in words)
    assert colours[rate] != tuple(app.ctx.theme.good) and colours[rate] == tuple(app.ctx.theme.ink)


def test_the_sound_levels_are_chosen_on_the_accessibility_page_and_kept(make_app, ui, home):
    app = make_app()
    ui.click(app, app.stack.top.settings.rect.center)
    ui.click(app, app.stack.top.access.rect.center)
    page = app.stack.top
    ui.click(app, page.effects.segment_rects()[1].center)  # 25 %
    ui.click(app, page.interface.segment_rects()[0].center)  # 0 %
    assert (app.ctx.settings.effects_volume, app.ctx.settings.interface_volume) == (25, 0)
    app = make_app()
    assert (app.ctx.settings.effects_volume, app.ctx.settings.interface_volume) == (25, 0)
