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
from tests.layout_words import Compositor, make_surface


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


def _watched_frame(ctx, monkeypatch, name: str, lang: str, scale: float, text_size: int):
    """Screen `name` of the layout sweep (a watched board) drawn; its board and the frame's words."""
    from tests.project import test_layout_words as layout

    _, frame = layout.show(ctx, monkeypatch, name, lang, scale, text_size)
    return ctx.stack.find(BoardScene), frame


@pytest.mark.parametrize("text_size", [100, 200])
@pytest.mark.parametrize("name", ["board-watched", "board-watched-two-players-prison-pantry"])
def test_the_strip_stands_in_the_banner_s_place_and_the_banner_s_words_are_left_out(ctx, monkeypatch, name,
                                                                                      text_size):
    """While the computer plays, the strip is where the banner is (lower under a taller top bar:
    it covered the bar's second line), and the banner's words, which tell the player what to do,
    are not drawn under it; once the player takes over they are back."""
    board, frame = _watched_frame(ctx, monkeypatch, name, "es", 1.0, text_size)
    assert board.demo.strip == pygame.Rect(board.state.layout.banner)
    words = {w.words for w in frame}
    assert board.banner_text() and board.banner_text() not in words
    bar = pygame.Rect(board.state.layout.top_bar)
    assert not [w.words for w in frame if w.ink.colliderect(board.demo.strip) and not board.demo.strip.contains(w.ink)]
    assert not [w.words for w in frame if bar.contains(w.ink) and w.ink.colliderect(board.demo.strip)]
    board.demo.hand_over()
    comp = Compositor(monkeypatch)
    surface = make_surface(1.0)
    comp.reset(surface)
    comp.draw_stack(ctx.stack, surface)
    assert board.banner_text() in {w.words for w in comp.frame(surface)}


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_at_200_percent_the_strip_s_labels_are_whole_and_no_smaller_than_at_100(ctx, monkeypatch, lang, scale):
    """At 200 % the buttons grow with their labels (as the top bar's do), drawn whole at one size,
    at least the size they have at 100 %, the title and the speed's dots left of them."""
    sizes = {}
    for text_size in (100, 200):
        board, frame = _watched_frame(ctx, monkeypatch, "board-watched", lang, scale, text_size)
        demo = board.demo
        labels = {b.label for b in demo._buttons.values()}
        drawn = {w.words: w for w in frame if w.words in labels}
        assert set(drawn) == labels, labels - set(drawn)  # (whole: an ellipsised label is other words)
        sizes[text_size] = {w.size for w in drawn.values()}
        assert len(sizes[text_size]) == 1 or text_size == 100
        left = min(b.rect.x for b in demo._buttons.values())
        assert all(w.ink.right < left for w in frame if demo.strip.contains(w.ink) and w.words not in labels)
    assert min(sizes[200]) >= max(sizes[100]), sizes


def test_at_200_percent_take_over_is_clicked_where_it_is_drawn(ctx, monkeypatch):
    """The buttons answer where they are drawn at the larger text size."""
    board, _ = _watched_frame(ctx, monkeypatch, "board-watched", "es", 1.0, 200)
    take = board.demo._buttons["take"]
    assert take.rect.right == board.demo.strip.right - 4
    post_click(take.rect.center)
    for event in pygame.event.get():
        ctx.stack.handle(event)
    assert not board.demo.active
