"""Board problems found by playing the real program (QA pass): each test fails without its fix."""

from __future__ import annotations

import pygame

from castellion.rules import IllegalAction
from castellion.ui.geometry import LAYOUT, center
from castellion.ui.targets import PileTarget
from castellion.ui.text import t
from tests.board_driver import BoardDriver, draw_message
from tests.rules_helpers import scenario


# ------------------------------------------------------------------- refusals read as one line
def test_a_refused_click_says_one_line_without_the_castle_notation(ctx):
    # Found: clicking a pile while Seer-revealed tiles wait showed the engine's whole message,
    # "castle:" and six lines of notation included, as a red blob over the top bar.
    game = scenario("base", castle_text="""
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        Pt Jc .. .. .. ..""", revealed=["Ss", "Jt"])
    d = BoardDriver(ctx, game)
    before = d.game.to_dict()
    d.click(center(LAYOUT.pile_rect("regular")))
    assert d.game.to_dict() == before
    message = d.board.state.message
    assert d.board.state.message_kind == "error"
    assert message == t("rules.refusal.revealed_first")
    assert "\n" not in message and "castle" not in message
    d.frame()  # and it draws inside the message strip
    # the same refusal reached from the keyboard (cursor on the safe pile, Enter)
    d.board.say("")
    d.board.state.keyboard = True
    d.board.state.cursor = PileTarget("safe")
    d.key(pygame.K_RETURN)
    assert d.board.state.message == t("rules.refusal.revealed_first")


def test_refusal_text_keeps_coordinates_inside_the_sentence():
    from castellion.rules import Refusal, Shape, Why
    from castellion.scenes.board import refusal_text

    exc = IllegalAction(Refusal(Why.WOULD_SPLIT, cell=(1, 2), action="DestroyTile"), castle_text=".. ..")
    assert refusal_text(exc) == t("rules.refusal.would_split", cell=(1, 2))
    exc = IllegalAction(Refusal(Why.SAME_SHAPE, cell=(1, 2), tile="Pc", shape=Shape.CIRCLE), castle_text=".. ..")
    assert refusal_text(exc) == t("rules.refusal.same_shape", shape=t("board.shape.c"))


# ------------------------------------------------------------- a power that can do nothing says so
def test_a_power_that_can_do_nothing_says_so(ctx):
    # Found: discarding a Chameleon square onto an empty discard pile (base level) ended its power
    # in silence — the tile just vanished and the turn went on.
    game = scenario("base", castle_text="""
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        Pt Jc .. .. .. ..""", held="Cs", discard=[])
    d = BoardDriver(ctx, game)
    d.key(pygame.K_x)
    assert d.game.phase == "get" and d.game.discard == ("Cs",)
    assert d.board.state.message == t("board.power_end.C", shape=t("board.shape.s"))
    assert d.board.state.message_kind == "info"
    d.frame()
    d.click(center(LAYOUT.pile_rect("regular")))  # the next action clears it
    assert d.game.phase == "use" and d.board.state.message == ""


def test_a_pyro_with_no_move_left_says_its_power_ends(ctx):
    game = scenario("base", castle_text="""
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        Jc .. .. .. .. ..""", held="Pt")
    d = BoardDriver(ctx, game)
    d.key(pygame.K_x)
    assert d.game.phase == "power"
    d.key(pygame.K_u)
    assert d.game.phase == "pyro_destroy"
    d.click(center(LAYOUT.cell_rect((0, 0))))
    assert d.game.phase == "get"  # the castle is empty: nothing can move
    assert d.board.state.message == t("board.power_end.no_move")


def test_a_power_that_acts_adds_no_message(ctx):
    game = scenario("base", castle_text="""
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        Pt Jc .. .. .. ..""", held="Js")
    d = BoardDriver(ctx, game)
    d.key(pygame.K_x)
    assert d.game.phase == "power" and d.board.state.message == ""


# ------------------------------------------------------------ a face-down Ordeal is "Ordeal N"
def test_facing_a_face_down_ordeal_early_names_it_ordeal_n(ctx):
    # Found: at the expert level the confirmation read "Face Ordeals now?" (the panel's title
    # standing in for the name of a face-down card).
    from castellion.rules import new_game
    from castellion.scenes.overlays import ConfirmOverlay

    d = BoardDriver(ctx, new_game("expert", seed=11))
    assert not d.game.ordeals[0].face_up
    d.key(pygame.K_e)
    top = ctx.stack.top
    assert isinstance(top, ConfirmOverlay)
    assert top.title == t("board.encounter_title", name=t("board.ordeal_n", n=1))
    assert "face down" in top.text
    d.click(top.no_button.rect.center)
    assert d.game.history == ()


def test_a_traitor_dropped_on_a_later_face_down_ordeal_names_the_current_one(ctx):
    game = scenario("expert", held="T")
    d = BoardDriver(ctx, game)
    d.drag(center(LAYOUT.hand_rect()), center(LAYOUT.ordeal_rect(2)))
    assert d.game.held == "T"
    assert d.board.state.message == t("board.traitor_current", name=t("board.ordeal_n", n=1))


# ------------------------------------------------------- a passed tile: the banner names every way
EMPTY5 = """.. .. .. .. .. ..
.. .. .. .. .. ..
.. .. .. .. .. ..
.. .. .. .. .. ..
.. .. .. .. .. ..
"""


def _passed(level: str, variant: str = "normal"):
    from castellion.rules import actions as A

    game = scenario(level, players=2, variant=variant, held="Pt",
                    castles=[EMPTY5 + "Jc Ss .. .. .. ..", EMPTY5 + "Cc .. .. .. .. .."])
    game.apply(A.PassTile("Pt"))
    game.apply(A.DestroyTile((0, 1)))
    assert game.held_from == "partner" and game.active == 1
    return game


def _to_ben(key: str, **more: str) -> str:
    """The receiver's banner: Ben is told that Anna passed him the Pyro triangle, then what he may do."""
    tile = t("board.tile", faction=t("board.faction.P"), shape=t("board.shape.t"))
    return t("board.do.who", name="Ben", text=t(key, name="Anna", tile=tile, discard="X", **more))  # X: the default key


def test_a_passed_tile_banner_offers_the_discard_from_the_base_level_on(ctx):
    # Found: at the base level the receiver's banner said only "place it (drag it onto a lit
    # cell)" while the discard pile glowed (docs/rules.md §9: "or discards it, with its power").
    d = BoardDriver(ctx, _passed("base"))
    assert d.board.banner_text() == _to_ben("board.do.use_passed_discard")
    d.key(pygame.K_x)
    assert d.game.discard[-1] == "Pt"


def test_a_passed_tile_banner_offers_the_prison(ctx):
    d = BoardDriver(ctx, _passed("base", "prison"))
    assert d.board.banner_text() == _to_ben("board.do.use_passed_more", more=t("board.do.or_prison"))


def test_a_passed_tile_banner_at_the_introductory_level_says_place_it(ctx):
    d = BoardDriver(ctx, _passed("intro"))
    assert d.board.banner_text() == _to_ben("board.do.use_passed")


# ------------------------------------------------- the reveal never calls an incomplete prison complete
def test_a_lost_requirement_with_an_incomplete_prison_does_not_say_prison_8_of_8(ctx, spy):
    # Found: facing Simulation I early with 1 prison tile of 8 and no formations, the reveal said
    # "Lost" (right) above "Prison 8/8 — complete, no penalty" (wrong: the penalty was simply
    # not due, the Ordeal being lost on its requirement).
    from castellion.rules import actions as A
    from castellion.scenes.reveal import OrdealRevealScene
    game = scenario("base", variant="prison", castle_text=EMPTY5 + "Pt Jc Ss Cc Pc Jt",
                    cards=["sim-1", "sim-2a", "sim-3a"],
                    prison=["Ss", None, None, None, None, None, None, None, None])
    d = BoardDriver(ctx, game)
    d.perform(A.EncounterOrdeal())
    page = ctx.stack.top
    assert isinstance(page, OrdealRevealScene)
    e = page.encounter
    assert e.result == "lost" and e.prison == 1 and not e.prison_penalty
    page.advance()  # to the end of the page (the requirement lines tick first, issue 12 §4)
    spy.texts.clear()
    d.frame()
    assert spy.drawn("Lost")
    assert not spy.drawn("Prison 8/8")


def test_a_complete_prison_still_says_so(ctx, spy):
    from castellion.rules import actions as A
    from castellion.scenes.reveal import OrdealRevealScene
    ring = ["Ss", "Jc", "St", "Jt", None, "Sc", "Js", "Ct", "Cs"]
    game = scenario("base", variant="prison", castle_text=EMPTY5 + "Pt Jc Ss Cc Pc Jt",
                    cards=["sim-1", "sim-2a", "sim-3a"], prison=ring)
    assert len(game.prison) == 8
    d = BoardDriver(ctx, game)
    d.perform(A.EncounterOrdeal())
    page = ctx.stack.top
    assert isinstance(page, OrdealRevealScene)
    page.advance()  # to the end of the page (the requirement lines tick first, issue 12 §4)
    spy.texts.clear()
    d.frame()
    assert spy.drawn("Prison 8/8")


# ------------------------------------------------- "Show the result" covers nothing the player reads
def test_show_the_result_button_lies_over_the_dead_top_bar_buttons(ctx):
    # Found: "Look at the castle" put a "Show the result" button over the bottom of the board —
    # on the Ordeal's needs (single player) and on both castles' status lines (two players).
    from castellion.rules import actions as A
    from castellion.scenes.end import EndScreen
    from castellion.ui.geometry import TWO_PLAYER_LAYOUT

    game = scenario("intro", castle_text=EMPTY5 + "Pt Jc Ss Cc Pc Jt", cards=["exam-1", "exam-2", "exam-3a"],
                    traitors=[["T", "T", "T", "T"]], held="T")
    d = BoardDriver(ctx, game)
    d.perform(A.PlaceTraitor("T"))
    d.settle()
    end = ctx.stack.top
    assert isinstance(end, EndScreen)
    d.click(end.look.rect.center)
    assert end.peeking
    rect = pygame.Rect(end.show_button.rect)
    for layout in (LAYOUT, TWO_PLAYER_LAYOUT):
        for panel in (layout.status_panel, layout.castle_panel, layout.banner, layout.ordeal_panel,
                      layout.tiles_panel, *layout.castle_panels):
            assert not rect.colliderect(pygame.Rect(panel)), panel
    assert pygame.Rect(layout.top_bar).contains(rect)
    d.click(rect.center)
    assert not end.peeking


# ------------------------------------------------------------ the keyboard cursor stands out
def test_the_keyboard_cursor_has_a_dark_band_around_its_gold_ring(ctx):
    # Found: with Seer-revealed tiles lit, the keyboard cursor (a pale gold ring) could not be told
    # from the pale gold "you may take this" glow around the tiles beside it.
    from castellion.ui.castle_view import GLOW_LEGAL

    game = scenario("base", castle_text=EMPTY5 + "Pt Jc .. .. .. ..", revealed=["Ss", "Jt", "Cc"])
    d = BoardDriver(ctx, game)
    d.key(pygame.K_RIGHT)  # the first arrow shows the cursor on its default target
    d.key(pygame.K_RIGHT)
    assert d.board.state.keyboard and d.board.state.cursor.kind == "revealed"
    d.frame()
    rect = pygame.Rect(LAYOUT.target_rect(d.board.state.cursor)).inflate(8, 8)
    ink = tuple(ctx.theme.ink)
    # just outside the gold ring, in the middle of each side: the dark band
    for x, y in ((rect.centerx, rect.top - 3), (rect.centerx, rect.bottom + 2),
                 (rect.left - 3, rect.centery), (rect.right + 2, rect.centery)):
        assert tuple(d.surface.get_at((x, y)))[:3] == ink, (x, y)
    # and the gold ring itself is still there
    assert tuple(d.surface.get_at((rect.centerx, rect.top + 1)))[:3] == tuple(ctx.theme.focus)
    assert GLOW_LEGAL != tuple(ctx.theme.ink)


# ------------------------------------------- E then Enter must not lose a game by reflex
def test_enter_declines_an_early_encounter_the_castle_does_not_meet(ctx):
    # Found: E, then Enter (the dialog's default "Yes") faced Simulation I at turn 3 with an
    # empty castle: the game was lost at once, though the dialog said it did not meet the card.
    from castellion.rules import new_game
    from castellion.scenes.overlays import ConfirmOverlay

    d = BoardDriver(ctx, new_game("base", seed=7))
    d.key(pygame.K_e)
    top = ctx.stack.top
    assert isinstance(top, ConfirmOverlay) and t("board.encounter_not_ready") in top.text
    assert top.no_button.style == "primary" and top.yes_button.style == "secondary"
    d.key(pygame.K_RETURN)
    assert ctx.stack.top is d.board
    assert d.game.history == () and d.game.outcome is None
    # a click on "Yes" still faces it
    d.key(pygame.K_e)
    d.click(ctx.stack.top.yes_button.rect.center)
    assert d.game.history[-1].__class__.__name__ == "EncounterOrdeal"


def test_enter_accepts_an_early_encounter_the_castle_meets(ctx):
    from castellion.rules import actions as A
    from castellion.scenes.overlays import ConfirmOverlay
    from tests.rules_helpers import TOWER_BASTION_LINE

    game = scenario("base", castle_text=TOWER_BASTION_LINE, cards=["sim-1", "sim-2a", "sim-3a"])
    d = BoardDriver(ctx, game)
    d.key(pygame.K_e)
    top = ctx.stack.top
    assert isinstance(top, ConfirmOverlay) and t("board.encounter_ready") in top.text
    assert top.yes_button.style == "primary"
    d.key(pygame.K_RETURN)
    assert d.game.history[-1] == A.EncounterOrdeal()


def test_a_long_message_shrinks_to_stay_inside_its_line(ctx):
    # 1024x600 review: "release to pass it to Ben (then destroy one of your tiles)" ran past its pill
    d = BoardDriver(ctx, scenario("base", held="Pc"))
    board = d.board
    surface = pygame.Surface(ctx.canvas)
    view, short = draw_message(board, surface, "release to place it here", "hint")
    long_text = "release to pass it to Bartholomew-Alexander (then destroy one of your tiles) " * 2
    area = pygame.Rect(view.layout.message)
    _, long = draw_message(board, surface, long_text, "hint")
    assert area.contains(short) and short.h > 0
    assert long.w <= area.w and long.h < short.h  # smaller type, never wider than the line
