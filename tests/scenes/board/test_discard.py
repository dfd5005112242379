"""The discard pile's overlay (castellion/scenes/board/discard.py) by keyboard and by ear: the
Chameleon's pick (R-§6) made with the arrows and Enter alone, each ringed tile said with whether
it may be taken and its place ("2 of 4"), a tile it may not take refused with its rule."""

from __future__ import annotations

import pygame

from castellion.rules import actions as A
from castellion.scenes.board import DiscardOverlay
from castellion.ui.devices import prompts
from castellion.ui.geometry import LAYOUT, center
from castellion.ui.rules_text import refusal_text, tile_name
from castellion.ui.text import t
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


def test_the_chameleons_pick_is_made_and_heard_by_keyboard_alone(ctx):
    ear = chameleon_pick(ctx)
    game = ear.d.game
    discard = list(game.discard)
    count = len(discard)
    heard = ear.recorder.lines
    # the picker says what it is and how to pick, then the first tile it may take
    title = t("board.chameleon_title", shape=t("board.shape.s"))
    assert any(line.startswith(title) and t("board.chameleon_hint_keys", **prompts()) in line for line in heard)
    first = t("speech.focus.position", text=t("speech.discard.takeable", tile=tile_name(discard[1])), n=2,
              count=count)
    assert heard[-1] == first
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
    assert said == [t("speech.focus.position", text=t("speech.discard.takeable", tile=tile_name(discard[2])),
                      n=3, count=count)]
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
