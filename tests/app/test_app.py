"""The program shell: command line, the menu → setup → board flow driven by posted mouse events,
settings, F1 rules, the error overlay, and the action/scene-change log."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import types
from pathlib import Path

import pygame
import pytest

from castellion import __version__
from tests.xvfb_helpers import HANG_GUARD, LONG_GUARD

ROOT = Path(__file__).resolve().parents[2]


def test_version_prints_the_package_version(headless_env):
    out = subprocess.run([sys.executable, "-m", "castellion", "--version"], capture_output=True, text=True,
                         env=headless_env, timeout=HANG_GUARD, cwd=ROOT)
    assert out.returncode == 0
    assert out.stdout.strip() == f"castellion {__version__}"


def test_self_test_exits_zero_with_the_dummy_driver(headless_env):
    out = subprocess.run([sys.executable, "-m", "castellion", "--self-test"], capture_output=True, text=True,
                         env=headless_env, timeout=LONG_GUARD, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "all ok" in out.stderr
    # every scene is really rendered: the reveal too (its hook plays the game to an encounter)
    assert "scene castellion.scenes.reveal: ok" in out.stderr and "skipped" not in out.stderr
    assert "navigation: every route has a screen: ok" in out.stderr
    # and which speech engines are here and which start, then the one chosen (castellion.ui.speech.engines)
    from castellion.selftest import survey_lines

    said = survey_lines(out.stderr)
    assert list(said) == ["screen-reader", "speech-dispatcher", "pyttsx3", "espeak-ng", "chosen"], out.stderr
    assert said["chosen"] == next((name for name, words in said.items() if words.startswith("found, started")),
                                  "none")


BROKEN = "levels are broken"  # the problem the test makes up


def test_self_test_fails_loudly_when_something_is_missing(tmp_path, headless_env):
    # A ruleset loader that raises must give a non-zero exit and name the problem.
    code = (
        "import sys, castellion.content.loader as L\n"
        f"def boom(*a, **k): raise ValueError({BROKEN!r})\n"
        "L.load_ruleset = boom\n"
        "from castellion.cli import main\n"
        "sys.exit(main(['--self-test']))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=headless_env,
                         timeout=LONG_GUARD, cwd=ROOT)
    assert out.returncode != 0
    assert BROKEN in out.stderr


# --- the flow through posted mouse events -----------------------------------------------------

@pytest.fixture
def fake_board(app, monkeypatch):
    """A stand-in board scene (registered for Route.BOARD) and `new_game`, recording what the
    setup screen asked for."""
    from castellion import rules
    from castellion.scenes.nav import Route
    from castellion.scenes.stack import Scene

    made = {}

    class FakeBoard(Scene):
        def __init__(self, ctx, game):
            super().__init__(ctx)
            made["board"] = self
            self.game = game

    def new_game(level, *, seed, **options):
        made["new_game"] = (level, seed, options)
        return types.SimpleNamespace(level=level, seed=seed)

    app.ctx.nav.register(Route.BOARD, FakeBoard)
    monkeypatch.setattr(rules, "new_game", new_game, raising=False)
    return made


def test_menu_setup_start_through_mouse_clicks(app, ui, fake_board, caplog):
    from castellion.scenes.menu import MenuScene
    from castellion.scenes.setup import SetupScene

    caplog.set_level(logging.INFO)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    ui.click(app, menu.new_game.rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    assert "scene change: push SetupScene" in caplog.text

    # choose the base level, then type a seed
    ui.click(app, setup.cards[1].rect.center)
    assert setup.level == "base"
    ui.click(app, setup.seed_field.rect.center)
    ui.press(app, pygame.K_BACKSPACE, frames=1)
    for _ in range(9):
        ui.press(app, pygame.K_BACKSPACE)
    for digit in "4711":
        ui.press(app, getattr(pygame, f"K_{digit}"), unicode=digit)
    assert setup.seed_field.text == "4711"

    ui.click(app, setup.start_button.rect.center)
    assert fake_board["new_game"] == ("base", 4711, {})
    assert app.stack.top is fake_board["board"]
    assert [type(s).__name__ for s in app.stack.scenes] == ["MenuScene", "FakeBoard"]
    assert setup not in app.stack


def test_new_random_changes_the_seed_and_back_returns_to_the_menu(app, ui):
    from castellion.scenes.menu import MenuScene

    ui.click(app, app.stack.top.new_game.rect.center)
    setup = app.stack.top
    before = setup.seed_text
    ui.click(app, setup.random_button.rect.center)
    assert setup.seed_text != before and setup.seed_text.isdigit()
    assert setup.seed_field.text == setup.seed_text
    ui.press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)


def test_variants_two_players_and_pantry_are_offered(app, ui):
    ui.click(app, app.stack.top.new_game.rect.center)
    setup = app.stack.top
    two = [o for o in setup.players_choice.options if o.value == 2][0]
    assert two.enabled
    ui.click(app, setup.players_choice.segment_rects()[1].center)
    assert setup.players == 2
    assert all(o.enabled for o in setup.pantry_choice.options)
    setup._select_level("intro")
    assert all(o.enabled for o in setup.difficulty.options)
    assert [o.note for o in setup.difficulty.options] == ["The Vigil", "", "The Prophet"]
    setup._select_level("expert")
    setup.difficulty._select(2)
    assert setup.options()["variant"] == "intruder"
    setup._select_level("base")  # another level keeps the choice's place: its harder variant
    assert setup.options()["variant"] == "prison" and setup.difficulty.value == "prison"


def test_start_with_the_real_board(app, ui):
    from castellion.scenes.board import BoardScene

    ui.click(app, app.stack.top.new_game.rect.center)
    ui.click(app, app.stack.top.start_button.rect.center)
    assert isinstance(app.stack.top, BoardScene)
    for _ in range(3):
        app.step(1 / 60)


def test_settings_toggles(app, ui):
    from castellion.scenes.overlays import SettingsOverlay

    ui.click(app, app.stack.top.settings.rect.center)
    settings = app.stack.top
    assert isinstance(settings, SettingsOverlay)
    assert app.ctx.settings.colourblind is False
    normal = app.ctx.theme.faction("S")
    ui.click(app, settings.colourblind.rect.center)
    assert app.ctx.settings.colourblind is True and app.ctx.theme.colourblind is True
    assert app.ctx.theme.faction("S") != normal
    ui.click(app, settings.animations.rect.center)
    assert app.ctx.settings.animations is False
    ui.click(app, settings.fullscreen.rect.center)
    assert app.ctx.settings.fullscreen is True
    ui.press(app, pygame.K_ESCAPE)
    assert not isinstance(app.stack.top, SettingsOverlay)
    assert app.ctx.settings.animations is False  # kept in memory


def test_f1_opens_and_closes_the_rules_from_the_menu(app, ui):
    from castellion.scenes.menu import MenuScene
    from castellion.scenes.overlays import RulesOverlay

    ui.press(app, pygame.K_F1)
    rules = app.stack.top
    assert isinstance(rules, RulesOverlay)
    ui.click(app, rules.topic_buttons["hotkeys"].rect.center)
    assert rules.topic == "hotkeys"
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0))
    app.step(1 / 60)
    ui.press(app, pygame.K_F1)
    assert isinstance(app.stack.top, MenuScene)


def test_rules_button_in_the_menu(app, ui):
    from castellion.scenes.overlays import RulesOverlay

    ui.click(app, app.stack.top.rules.rect.center)
    assert isinstance(app.stack.top, RulesOverlay)
    ui.click(app, app.stack.top.close_button.rect.center)
    assert not isinstance(app.stack.top, RulesOverlay)


def test_keyboard_navigation_activates_the_focused_button(app, ui):
    from castellion.scenes.setup import SetupScene

    ui.press(app, pygame.K_TAB)  # focus the first button: New game
    ui.press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SetupScene)


PROBLEM = "tile under the cursor"  # the made-up fault the scene raises


def test_an_exception_in_a_scene_shows_the_error_overlay(app, ui, caplog):
    from castellion.scenes.overlays import ErrorOverlay
    from castellion.scenes.stack import Scene

    class Faulty(Scene):
        def handle(self, event):
            if event.type == pygame.MOUSEBUTTONDOWN:
                raise KeyError(PROBLEM)
            return False

    caplog.set_level(logging.INFO)
    app.stack.push(Faulty(app.ctx))
    app.stack.apply_pending()
    ui.click(app, (400, 400))
    top = app.stack.top
    assert isinstance(top, ErrorOverlay)
    assert "KeyError" in top.message and PROBLEM in top.message
    assert "Traceback" in caplog.text and "Faulty.handle" in caplog.text
    app.step(1 / 60)  # still running
    ui.press(app, pygame.K_ESCAPE)  # "carry on": back to the scene
    assert isinstance(app.stack.top, Faulty)


def test_an_exception_while_drawing_is_survived(app):
    from castellion.scenes.overlays import ErrorOverlay
    from castellion.scenes.stack import Scene

    class Faulty(Scene):
        def draw(self, surface):
            raise ZeroDivisionError("bad layout")

    app.stack.push(Faulty(app.ctx))
    app.stack.apply_pending()
    for _ in range(3):
        app.step(1 / 60)
    assert isinstance(app.stack.top, ErrorOverlay)
    assert sum(isinstance(s, ErrorOverlay) for s in app.stack.scenes) == 1


def test_actions_are_logged_for_the_end_to_end_test(app, caplog):
    caplog.set_level(logging.INFO)
    app.ctx.log_action(("PlaceTile", (0, 2), "Pt"))
    assert "action: ('PlaceTile', (0, 2), 'Pt')" in caplog.text


def test_quit_button_ends_the_loop(app, ui):
    ui.click(app, app.stack.top.quit.rect.center)
    assert app.ctx.quit_requested
    assert app.run(frames=5) == 0


def test_pause_overlay_menu_asks_first(app, ui):
    from castellion.scenes.menu import MenuScene
    from castellion.scenes.overlays import ConfirmOverlay, PauseOverlay
    from castellion.scenes.stack import Scene

    board = Scene(app.ctx)
    app.stack.push(board)
    app.stack.push(PauseOverlay(app.ctx))
    app.stack.apply_pending()
    pause = app.stack.top
    menu_button = [w for w in pause.widgets.widgets if getattr(w, "label", "") == "Main menu"][0]
    ui.click(app, menu_button.rect.center)
    assert isinstance(app.stack.top, ConfirmOverlay)
    ui.click(app, app.stack.top.no_button.rect.center)
    assert app.stack.top is pause
    ui.click(app, menu_button.rect.center)
    ui.click(app, app.stack.top.yes_button.rect.center)
    assert [type(s) for s in app.stack.scenes] == [MenuScene]


def test_end_screen_play_again_uses_the_same_deal(app, ui, fake_board):
    from castellion.scenes.end import EndScreen
    from tests.rules_helpers import played_out

    game = played_out("expert", 99, variant="normal")
    assert game.outcome is not None and game.outcome.result == "lost"
    app.stack.push(EndScreen.from_game(app.ctx, game))
    app.stack.apply_pending()
    end = app.stack.top
    assert end.seed == 99 and end.level == "expert"
    ui.click(app, end.look.rect.center)
    assert end.peeking
    ui.click(app, end.show_button.rect.center)
    assert not end.peeking
    ui.click(app, end.again.rect.center)
    assert fake_board["new_game"] == ("expert", 99, {"players": 1, "variant": "normal", "pantry": False})
    assert app.stack.top is fake_board["board"]


def test_a_session_observer_logs_applied_actions(ctx, caplog):
    from castellion.rules import new_game
    from castellion.session import Session

    caplog.set_level(logging.INFO)
    session = Session(new_game("intro", seed=5))
    ctx.observe_session(session)
    action = session.game.legal_actions()[0]
    session.apply(action)
    assert f"action: {action!r}" in caplog.text


def test_the_window_has_a_minimum_size(app):
    """Below 1024×600 the words become unreadable: the window may not be made smaller."""
    from castellion.window import MIN_WINDOW

    assert MIN_WINDOW == (1024, 600)
    app.pygame.event.post(app.pygame.event.Event(app.pygame.VIDEORESIZE, w=800, h=450, size=(800, 450)))
    app.step(1 / 60)
    assert app.resize_refused == (800, 450)


@pytest.mark.parametrize("seed", ["99999999999999999999999", str(2**64), str(-(2**63) - 1)])
def test_the_command_line_refuses_a_seed_no_save_can_hold(seed, capsys):
    """Issue 29, item 7: `--seed 99999999999999999999999` dealt a game whose own autosave could not
    be read back (23 digits); the command line takes only the seeds the rules take."""
    from castellion import cli
    from castellion.rules import SEED_MAX, SEED_MIN

    with pytest.raises(SystemExit) as stop:
        cli.parse_args(["--level", "intro", "--seed", seed])
    assert stop.value.code == 2 and "--seed" in capsys.readouterr().err
    for good in (SEED_MIN, -1, SEED_MAX):
        assert cli.parse_args(["--seed", str(good)]).seed == good


@pytest.mark.parametrize("typed", ["\u00b2", "\u0663\u0663", "12\u00b3"])
def test_setup_starts_a_seed_of_digits_only(ctx, typed):
    """Issue 29, item 7: Setup's seed field took any Unicode digit (`str.isdigit`), which `int` refuses
    ("²") or reads as another number; only ASCII digits are a seed there, else a new random one."""
    from castellion.scenes.setup import SetupScene

    setup = SetupScene(ctx)
    setup.seed_text = typed
    assert not setup.seed_ok() and setup.seed == 0
    setup.seed_text = "123"
    assert setup.seed_ok() and setup.seed == 123


def test_under_wine_sdl_leaves_xinput_alone_so_quitting_does_not_fault(monkeypatch):
    """Wine's xinput thread outlives the DLL SDL unloads at quit: the closed game exited with an
    access violation. Under Wine the hint is set; elsewhere (a real Windows, Linux) it is not."""
    from castellion import cli
    from castellion.ui.speech import engines

    monkeypatch.delenv("SDL_XINPUT_ENABLED", raising=False)
    monkeypatch.setattr(engines, "under_wine", lambda: False)
    cli._wine_hints()
    assert "SDL_XINPUT_ENABLED" not in os.environ
    monkeypatch.setattr(engines, "under_wine", lambda: True)
    cli._wine_hints()
    assert os.environ["SDL_XINPUT_ENABLED"] == "0"
