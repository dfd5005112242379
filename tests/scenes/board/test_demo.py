"""Watch the computer play (issue 14): the board in demo mode plays a whole deal by itself with
visible moves, pauses, changes speed, and hands the game to the player at any moment."""

from __future__ import annotations

import time

import pygame
import pytest

from castellion.rules import new_game
from castellion.scenes.board import BoardScene
from castellion.scenes.board.demo import SPEEDS, DemoDriver
from castellion.scenes.nav import Route
from castellion.session import Session
from tests.board_driver import board_button
from tests.conftest import eventually, post_click


def run(ctx, board, frames: int | None = None, dt: float = 1.0, until=None) -> None:
    """`frames` frames, or (with `until`) frames until it holds. The computer's moves come from
    another thread or process, so how many frames that takes depends on how busy the machine is:
    then the limit is the hang guard, not a frame count."""
    surface = pygame.Surface(ctx.canvas)

    def frame() -> None:
        for event in pygame.event.get():
            ctx.stack.handle(event)
        ctx.stack.update(dt)
        ctx.stack.draw(surface)
        ctx.stack.apply_pending()

    if until is None:
        for _ in range(frames or 0):
            frame()
            time.sleep(0.002)  # the worker thread's turn
        return
    assert eventually(until, frame, pause=0.002), "never happened"


def show(ctx, game, **kw) -> BoardScene:
    board = BoardScene(ctx, Session(game, practice=True), demo=DemoDriver(**kw))
    ctx.stack.push(board)
    ctx.stack.apply_pending()
    return board


@pytest.mark.slow  # a whole game: the quick tier has the demo's controls and take-over below
def test_the_computer_plays_a_whole_game_to_the_end_screen(ctx):
    board = show(ctx, new_game("intro", seed=7), speed=len(SPEEDS) - 1)
    run(ctx, board, until=lambda: board.session.game.outcome is not None and ctx.nav.showing(Route.END))
    assert board.session.game.outcome is not None, board.session.game.phase  # R-O6 / a losing rule: the game ended
    assert board.demo.moves == len(board.session.game.history) > 20
    assert ctx.nav.find(Route.END) is not None and not ctx.errors


def test_pause_speed_and_take_over(ctx):
    board = show(ctx, new_game("base", seed=2))
    demo = board.demo
    # the first move waits for the computer player's process to start (~0.2 s, more on a busy machine)
    run(ctx, board, until=lambda: demo.moves >= 2)
    assert demo.moves >= 2
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    run(ctx, board, 1)
    assert demo.paused
    moves = demo.moves
    run(ctx, board, 20)
    assert demo.moves == moves  # paused: nothing moves
    speed = demo.speed
    post_click(demo._buttons["faster"].rect.center)
    run(ctx, board, 1, dt=0.0)
    assert demo.speed == min(len(SPEEDS) - 1, speed + 1)
    # while the computer plays, the board's own gestures are not the player's
    history = len(board.session.game.history)
    post_click(board.state.layout.pile_rect("regular")[:2])
    run(ctx, board, 1, dt=0.0)
    assert len(board.session.game.history) == history
    post_click(demo._buttons["take"].rect.center)
    run(ctx, board, 1, dt=0.0)
    assert not demo.active and not board.demo_playing
    run(ctx, board, 20)
    assert len(board.session.game.history) == history  # the computer has stopped: the game waits for the player
    assert board_button(board, "hint").visible
    # the player plays on with the board's ordinary gestures
    legal = board.session.game.legal_actions()
    assert legal
    assert board.act(legal[0])
    assert len(board.session.game.history) == history + 1


def test_a_line_is_replayed_move_by_move(ctx):
    from castellion import ai

    game = new_game("intro", seed=9)
    line = []
    copy = game.copy()
    for _ in range(6):
        action = ai.best_move(copy).action
        copy.apply(action)
        line.append(action)
    board = show(ctx, game, script=line, speed=len(SPEEDS) - 1)
    run(ctx, board, until=lambda: not board.demo.active)
    assert list(board.session.game.history) == line
    assert not board.demo.active  # the line played out: the board is the player's


def test_a_forced_move_is_told_as_the_computer_s_not_the_player_s(ctx):
    """Issue 31, item 7: watching the computer play, a toast said "This is the only thing you can
    do now" — to a player who was only watching."""
    from castellion.ai.decision import Decision, Reason
    from castellion.rules import actions as A
    from castellion.scenes.board.demo import demo_words
    from castellion.ui.text import t

    game = new_game("intro", seed=3)
    forced = Decision(A.DrawTile("regular"), Reason("only"))
    assert demo_words(forced, game) == t("demo.only") != t("hint.only")
    assert "you" not in demo_words(forced, game).lower()


def test_the_board_shows_a_forced_move_in_the_computer_s_words_while_the_player_watches(ctx, monkeypatch):
    """The words above, on the board: the line the demo says after the computer's forced move is
    the computer's, not the hint's "This is the only thing you can do now"."""
    from castellion.ai.decision import Decision, Reason
    from castellion.rules import actions as A
    from castellion.ui.text import t

    board = show(ctx, new_game("intro", seed=3), speed=len(SPEEDS) - 1)
    forced = [Decision(A.DrawTile("regular"), Reason("only"))]
    monkeypatch.setattr(board.demo, "_next", lambda _board: forced.pop() if forced else None)
    run(ctx, board, until=lambda: board.demo.moves == 1)
    assert list(board.session.game.history) == [A.DrawTile("regular")]
    assert board.state.message == t("demo.only") != t("hint.only")
