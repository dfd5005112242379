"""The discard pile's overlay (castellion/scenes/board/discard.py) by keyboard and by ear: the
Chameleon's pick (R-§6) made with the arrows and Enter alone, each ringed tile said with whether
it may be taken, where it would fit and its place ("2 of 4"), a tile it may not take refused with
its rule; X (a pad's R3) opens the pile, and the board's reading keys still read while it is open."""

from __future__ import annotations

import pygame
import pytest

from castellion.rules import actions as A
from castellion.scenes.board import BoardScene, DiscardOverlay
from castellion.scenes.board.reading import castle_lines, ordeal_lines
from castellion.ui import devices as D
from castellion.ui import keymap as K
from castellion.ui.devices import prompts
from castellion.ui.geometry import LAYOUT, center
from castellion.ui.rules_text import refusal_text, tile_name
from castellion.ui.targets import DiscardTarget
from castellion.ui.text import t, tn
from tests.board_driver import ListeningBoard
from tests.rules_helpers import scenario

CASTLE = """
    .. .. .. .. .. ..
    .. .. .. .. .. ..
    .. .. .. .. .. ..
    .. .. .. .. .. ..
    .. .. .. .. .. ..
    Pc Jc Ss Ct .. .."""


def chameleon_pick(ctx) -> ListeningBoard:
    """The Chameleon square discarded and its power used: the picker opens over the board."""
    game = scenario("base", castle_text=CASTLE, held="Cs", discard=["Pt", "Js", "Ss+", "Cc"])
    ear = ListeningBoard(ctx, game)
    ear.d.drag(center(LAYOUT.hand_rect()), center(LAYOUT.discard_rect()))
    ear.d.click(center(LAYOUT.button_rect("use")))
    ear.frame()
    assert isinstance(ctx.stack.top, DiscardOverlay)
    return ear


pytestmark = pytest.mark.usefixtures("default_input")  # each test starts (and leaves the next) with the default keys


def on_pad(ear: ListeningBoard, *buttons: str) -> list[str]:
    """Controller buttons pressed (SDL's events through the program's translation, `Devices`):
    the first held while the others are pressed and let go, then let go; the lines said."""
    devices = D.Devices(lambda: (1280, 800))
    presses = [(pygame.CONTROLLERBUTTONDOWN, buttons[0])]
    for button in buttons[1:]:
        presses += [(pygame.CONTROLLERBUTTONDOWN, button), (pygame.CONTROLLERBUTTONUP, button)]
    presses.append((pygame.CONTROLLERBUTTONUP, buttons[0]))
    for kind, button in presses:
        for event in devices.translate(pygame.event.Event(kind, button=K.PAD_BUTTONS[button], instance_id=0)):
            pygame.event.post(event)
    return ear.frame()


def test_the_chameleons_pick_is_made_and_heard_by_keyboard_alone(ctx):
    ear = chameleon_pick(ctx)
    game = ear.d.game
    discard = list(game.discard)
    count = len(discard)
    heard = ear.recorder.lines
    # the picker says what it is and how to pick, then the first tile it may take
    title = t("board.chameleon_title", shape=t("board.shape.s"))
    assert any(line.startswith(title) and t("board.chameleon_hint_keys", **prompts()) in line for line in heard)
    assert heard[-1].startswith(tile_name(discard[1])) and heard[-1].endswith(
        t("speech.focus.position", text="", n=2, count=count).strip())
    # the arrows go through the pile, each tile said once, with whether it may be taken
    said = ear.key(pygame.K_LEFT)
    assert said == [t("speech.focus.position", text=t("speech.discard.not_takeable", tile=tile_name(discard[0])),
                      n=1, count=count)]
    # Enter on a tile it may not take: nothing taken, the rules' refusal said (R-§6)
    said = ear.key(pygame.K_RETURN)
    assert game.phase == "chameleon" and isinstance(ctx.stack.top, DiscardOverlay)
    refusal = game.refusal(A.TakeFromDiscard(0, discard[0]))
    assert refusal is not None and refusal_text(refusal) in said
    ear.key(pygame.K_RIGHT)
    said = ear.key(pygame.K_RIGHT)
    assert len(said) == 1 and said[0].startswith(tile_name(discard[2]))
    ear.key(pygame.K_RETURN)
    assert ear.d.game.history[-1] == A.TakeFromDiscard(2, discard[2])
    assert ear.d.game.held == discard[2] and not isinstance(ctx.stack.top, DiscardOverlay)


def test_the_arrows_stay_within_the_pile_and_esc_closes_it(ctx):
    ear = chameleon_pick(ctx)
    overlay = ctx.stack.top
    count = len(ear.d.game.discard)
    for _ in range(count + 2):
        ear.key(pygame.K_RIGHT)
    assert overlay.focus == count - 1
    ear.key(pygame.K_UP)  # a row up from the first row: the first tile
    assert overlay.focus == 0
    ear.key(pygame.K_ESCAPE)
    assert not isinstance(ctx.stack.top, DiscardOverlay) and ear.d.game.phase == "chameleon"


def test_the_pile_looked_through_outside_the_chameleon_says_each_tile_plainly(ctx):
    game = scenario("base", castle_text=CASTLE, held="Pt", discard=["Pt", "Js"])
    ear = ListeningBoard(ctx, game)
    ear.d.board.open_discard()
    ear.frame()
    assert ear.recorder.lines[-1] == t("speech.focus.position", text=tile_name("Js"), n=2, count=2)
    ear.key(pygame.K_RETURN)  # nothing to take: Enter closes
    assert not isinstance(ctx.stack.top, DiscardOverlay)


def test_each_tile_the_chameleon_may_take_says_where_it_would_then_fit(ctx):
    ear = chameleon_pick(ctx)
    discard = list(ear.d.game.discard)
    said = ear.key(pygame.K_RIGHT)  # from the first tile it may take to the next, the Seer square
    ear.key(pygame.K_RETURN)
    assert ear.d.game.history[-1] == A.TakeFromDiscard(2, discard[2])
    places = len(ear.d.board.state.refresh().place)  # where the board lets it go once taken
    assert places > 0
    text = tn("speech.discard.takeable_places", places, tile=tile_name(discard[2]))
    assert said == [t("speech.focus.position", text=text, n=3, count=len(discard))]


def test_x_opens_the_pile_for_the_pick_and_the_cursor_starts_on_it(ctx):
    ear = chameleon_pick(ctx)
    ear.key(pygame.K_ESCAPE)
    board = ear.d.board
    assert isinstance(ctx.stack.top, BoardScene) and ear.d.game.phase == "chameleon"
    said = ear.key(pygame.K_a)  # what can I do names the pick and its key
    takeable = [tile_name(a.tile) for a in board.state.refresh().chameleon]
    assert t("speech.do.chameleon", tiles=t("rules.list.join").join(takeable), keys="X") in said
    said = ear.key(pygame.K_RETURN)  # the cursor shows on the discard pile, said with the pick: Enter opens it
    assert board.state.cursor == DiscardTarget() and isinstance(ctx.stack.top, BoardScene)
    assert said[-1].endswith(t("speech.do.chameleon", tiles=t("rules.list.join").join(takeable), keys="X"))
    ear.key(pygame.K_RETURN)
    assert isinstance(ctx.stack.top, DiscardOverlay)
    ear.key(pygame.K_ESCAPE)
    ear.key(pygame.K_x)  # X, the discard key, opens it at once
    assert isinstance(ctx.stack.top, DiscardOverlay)
    ear.key(pygame.K_ESCAPE)
    on_pad(ear, "rightstick")  # and the pad's discard button (R3)
    assert isinstance(ctx.stack.top, DiscardOverlay)


def test_the_reading_keys_and_the_pads_chords_read_the_board_while_the_pile_is_open(ctx):
    ear = chameleon_pick(ctx)
    overlay, game = ctx.stack.top, ear.d.game
    assert ear.key(pygame.K_b) == castle_lines(game)  # B: the castle the tile would go in
    assert ear.key(pygame.K_o) == ordeal_lines(game)  # O: the Ordeals and their needs
    assert on_pad(ear, "back", "x") == castle_lines(game)  # Back + X on a pad
    assert on_pad(ear, "back", "y") == ordeal_lines(game)  # Back + Y
    said = on_pad(ear, "back", "a")  # Back + A: what can I do, the pick's key named for the pad
    takeable = [tile_name(a.tile) for a in ear.d.board.state.refresh().chameleon]
    assert t("speech.do.chameleon", tiles=t("rules.list.join").join(takeable), keys="R3") in said
    assert ctx.stack.top is overlay and overlay.focus == 1 and game.phase == "chameleon"  # nothing else moved
