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
        legal = [a for a in board.session.game.legal_actions()]
        assert legal and board.session.game.outcome is None
        board.act(legal[0])
        frames(app)
    played = board.session.game.to_dict()
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
    assert resumed is not None and resumed.session.game.to_dict() == played
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


# ------------------------------------------------------------------ issue 29, item 8
def older_game(home):
    """A game in progress, autosaved by an earlier run: (its game id, its state)."""
    from castellion import persistence as P
    from castellion.rules import new_game
    from castellion.rules.bots import greedy_action
    from castellion.rules.rng import SeededRandom
    from castellion.session import Session

    P.startup()
    session = Session(new_game("intro", seed=41))
    autosaver = P.Autosaver()
    assert autosaver.attach(session)
    rng = SeededRandom.from_seed(2)
    for _ in range(3):
        session.apply(greedy_action(session.game, rng))
    assert autosaver.close(session)
    P.shutdown()
    return session.game_id, session.game.to_dict()


def games_on_disk(home) -> list[dict]:
    """The state of every game the data folder's saves hold (each replayed: what Continue and Load
    game could bring back)."""
    from castellion.persistence import saves

    out = []
    for path in sorted((home / "saves").glob("*.json")):
        info = saves.inspect(path, with_backup=False)
        if info.ok:
            out.append(saves.load_path(path).game.to_dict())
    return out


def watch_then_take_over(app, ui):
    """Menu → New game → Watch the computer play → (two moves) → Take over: the board."""
    menu = app.stack.top
    ui.click(app, menu.new_game.rect.center)
    ui.click(app, app.stack.top.watch_button.rect.center)
    frames(app)
    board = board_of(app)
    assert board is not None and board.demo_playing
    board.demo.faster(), board.demo.faster()
    run_until(app, lambda: board.demo.moves >= 2)
    ui.press(app, pygame.K_RETURN)  # Take over
    frames(app)
    return board


def leave_words(app, ui, board) -> str:
    """Esc → Main menu: the question's text (the dialog is then closed with No)."""
    run_until(app, lambda: app.stack.top is board)
    ui.press(app, pygame.K_ESCAPE)
    frames(app)
    ui.click(app, button_labelled(app.stack.top, t("pause.menu")).rect.center)
    frames(app)
    confirm = app.stack.top
    text = confirm.text
    ui.click(app, confirm.no_button.rect.center)
    frames(app)
    ui.press(app, pygame.K_ESCAPE)  # the pause menu closes
    frames(app)
    return text


def test_cancelling_the_take_over_leaves_the_demo_playing_and_promises_nothing(make_app, ui, home):
    """Issue 29, item 8: with a game in progress, Watch → Take over → "Abandon the game in
    progress?" → Cancel. The board used to say "the game is yours", let the player play, and the
    pause menu said "It is saved" — of a game no file held. Now Cancel cancels the take-over: the
    computer plays on, nothing is the player's, the words say the game is not saved, and the game
    in progress is the one kept."""
    older_id, older = older_game(home)
    app = make_app()
    app.ctx.ai_pool = ComputePool(process=False)
    board = watch_then_take_over(app, ui)
    confirm = app.stack.top
    assert confirm.title == t("confirm.abandon_title")
    ui.click(app, confirm.no_button.rect.center)  # Cancel
    frames(app)
    assert board.demo_playing and board.session.practice  # the take-over is cancelled
    assert board.state.message != t("demo.took_over")
    moves = board.demo.moves
    run_until(app, lambda: board.demo.moves > moves)  # the computer plays on
    assert leave_words(app, ui, board) == t("pause.not_saved_text")
    assert board.session.game.to_dict() not in games_on_disk(home)
    assert games_on_disk(home) == [older]  # the game in progress is kept, untouched
    info = app.ctx.continue_info()
    assert info is not None and info.game_id == older_id


def test_each_saved_notice_matches_the_data_folder(make_app, ui, home):
    """Issue 29, item 8: whenever the pause menu's questions say "It is saved" (leaving, quitting),
    a file of the data folder holds exactly the game on the board; when they do not, none does.
    Three games: the demo watched, the demo taken over after Abandon → Yes, a game of setup."""
    older_game(home)
    app = make_app()
    app.ctx.ai_pool = ComputePool(process=False)
    saved = {t("pause.confirm_menu_text"), t("pause.confirm_quit_text")}

    def check(board, expect_saved: bool) -> None:
        text = leave_words(app, ui, board)
        on_disk = board.session.game.to_dict() in games_on_disk(home)
        assert (text in saved) == on_disk == expect_saved, (text, on_disk)

    board = watch_then_take_over(app, ui)  # the demo, asked to take over: Cancel first
    ui.click(app, app.stack.top.no_button.rect.center)
    frames(app)
    check(board, expect_saved=False)
    ui.press(app, pygame.K_RETURN)  # Take over again: now Abandon → Yes
    frames(app)
    assert app.stack.top.title == t("confirm.abandon_title")
    ui.click(app, app.stack.top.yes_button.rect.center)
    frames(app)
    assert not board.demo_playing and board.state.message == t("demo.took_over")
    legal = board.session.game.legal_actions()
    board.act(legal[0])
    frames(app)
    check(board, expect_saved=True)
