"""Issue 25, item 2: a game taken over from "Watch the computer play" is the player's — autosaved,
so after Menu → Quit ("Your game is saved") and a restart, Continue offers it. Through the real
app: the menu, setup's Watch button, the demo's Take over, the board, the pause menu's Quit."""

from __future__ import annotations

import pygame

from castellion.ai.pool import ComputePool
from castellion.ui.text import t
from tests.conftest import board_of, eventually, frames


def button_labelled(scene, label):
    for widget in scene.widgets.widgets:
        if getattr(widget, "label", None) == label:
            return widget
    raise AssertionError(f"no button {label!r} on {scene.scene_name}")


def run_until(app, until) -> None:
    """Frames until `until()` holds. The demo's moves come from a thread, so how many frames that
    takes depends on how busy the machine is: the limit is the hang guard, not a frame count."""
    assert eventually(until, lambda: app.step(1 / 60), pause=0.002), "never happened"


def test_a_game_taken_over_from_the_demo_is_autosaved_and_continued(make_app, ui, home):
    app = make_app()
    app.ctx.ai_pool = ComputePool(process=False)  # the demo's moves on a thread (no child to wait for)
    menu = app.stack.top
    ui.click(app, menu.new_game.rect.center)
    setup = app.stack.top
    ui.click(app, setup.watch_button.rect.center)
    frames(app)
    board = board_of(app)
    assert board is not None and board.demo_playing
    demo = board.demo
    demo.faster(), demo.faster()
    run_until(app, lambda: demo.moves >= 2)  # the computer plays a few moves first
    ui.press(app, pygame.K_RETURN)  # Take over
    frames(app)
    assert not board.demo_playing
    # the player's own turns, through the board
    for _ in range(3):
        run_until(app, lambda: not board.anims.busy and app.stack.top is board)
        legal = [a for a in board.game.legal_actions()]
        assert legal and board.game.outcome is None
        board.act(legal[0])
        frames(app)
    played = board.game.to_dict()
    assert (home / "saves" / "autosave.json").is_file()

    # Menu → Quit → yes ("Your game is saved")
    ui.press(app, pygame.K_ESCAPE)
    frames(app)
    pause = app.stack.top
    ui.click(app, button_labelled(pause, t("pause.quit")).rect.center)
    frames(app)
    confirm = app.stack.top
    assert confirm.text == t("pause.confirm_quit_text")
    ui.click(app, confirm.yes_button.rect.center)
    frames(app)
    assert app.ctx.quit_requested

    app = make_app()  # start again
    menu = app.stack.top
    assert menu.continue_button.enabled, "Continue says no game in progress"
    ui.click(app, menu.continue_button.rect.center)
    frames(app)
    resumed = board_of(app)
    assert resumed is not None and resumed.game.to_dict() == played
    assert resumed.demo is None  # the player's game, not the computer's


def test_watching_without_taking_over_keeps_the_game_in_progress(make_app, ui, home):
    """The demo alone is still a practice game: the autosaved game is not replaced."""
    app = make_app()
    app.ctx.ai_pool = ComputePool(process=False)
    menu = app.stack.top
    ui.click(app, menu.new_game.rect.center)
    setup = app.stack.top
    ui.click(app, setup.watch_button.rect.center)
    frames(app)
    board = board_of(app)
    board.demo.faster()
    run_until(app, lambda: board.demo.moves >= 2)
    frames(app)
    assert not (home / "saves" / "autosave.json").exists()
