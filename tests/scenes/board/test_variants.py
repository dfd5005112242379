"""The variants (docs/rules.md §8) and the Pantry (§10) on the board, through posted mouse events.

Each variant's gesture: the Vigil exchange (drag onto the Vigil, or click-carry), the Prophet's
card choice, the Premonition button, a prison drop (and a refused one with its reason), a Guardian
drop, an Intruder click, a Pantry drag; then seeded whole games through gestures for one variant
per level and a Pantry game. Headless, fake clock.
"""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from castellion.rules import actions as A
from castellion.rules import new_game
from castellion.rules.bots import greedy_action
from castellion.scenes.board.pantry import pantry_slots
from castellion.scenes.end import EndScreen
from castellion.ui.geometry import center
from castellion.ui.text import t
from tests.board_driver import BoardDriver, board_button, redraw_whole
from tests.rules_helpers import FULL, rows, scenario


def pos(driver, kind, *args):
    lay = driver.board.state.layout
    return center(getattr(lay, kind)(*args))


# ------------------------------------------------------------------------------ the Vigil
def test_vigil_exchange_by_drag_then_the_old_vigil_cannot_go_straight_back(ctx, spy):
    game = scenario("intro", variant="vigil", held="Pt", vigil="Sc+", castle_text=rows("Jt .. .. .. .. .."))
    d = BoardDriver(ctx, game)
    hand, vigil = pos(d, "hand_rect"), pos(d, "vigil_rect")
    d.down(hand)
    d.move(hand, vigil, steps=6)
    assert d.board.state.gesture.probe[1] is True and "exchange" in d.board.state.gesture.probe[2]
    d.up(vigil)
    assert d.game.history[-1] == A.ExchangeVigil("Pt")
    assert d.game.vigil == "Pt" and d.game.held == "Sc+"
    # the tile just taken from the Vigil may not go straight back: refused, with the reason
    before = d.game.to_dict()
    d.drag(hand, vigil)
    assert d.game.to_dict() == before
    assert d.board.state.message.startswith("R-\u00a78.1") and d.board.state.message_kind == "error"
    # it is placed as if just drawn
    d.drag(hand, pos(d, "cell_rect", (0, 1)))
    assert d.game.history[-1] == A.PlaceTile((0, 1), "Sc+")


def test_vigil_exchange_by_click_and_by_key(ctx):
    game = scenario("intro", variant="vigil", held="Pt", vigil="Sc+")
    d = BoardDriver(ctx, game)
    d.click(pos(d, "hand_rect"))  # pick up
    assert d.board.state.gesture.carry
    d.click(pos(d, "vigil_rect"))
    assert d.game.history[-1] == A.ExchangeVigil("Pt")
    game = scenario("intro", variant="vigil", held="Jc", vigil="Sc+")
    ctx.stack.reset()
    ctx.stack.apply_pending()
    d = BoardDriver(ctx, game)
    d.key(pygame.K_v)
    assert d.game.history[-1] == A.ExchangeVigil("Jc")
    # a Traitor never goes to the Vigil
    game = scenario("intro", variant="vigil", held="T", vigil="Sc+")
    ctx.stack.reset()
    ctx.stack.apply_pending()
    d = BoardDriver(ctx, game)
    d.drag(pos(d, "hand_rect"), pos(d, "vigil_rect"))
    assert d.game.held == "T" and "R-\u00a78.1" in d.board.state.message


# ----------------------------------------------------------------------------- the Prophet
def test_prophet_chosen_by_clicking_a_card_and_counted(ctx, spy):
    d = BoardDriver(ctx, new_game("intro", seed=1, variant="prophet"))
    assert d.game.phase == "prophet"
    assert "Prophet" in d.board.banner_text()
    d.click(pos(d, "ordeal_rect", 1))
    assert d.game.history[-1] == A.ChooseProphetOrdeal(1)
    assert d.game.ordeals[1].count == 1 and d.game.phase == "get"
    redraw_whole(d.board)
    spy.texts.clear()
    d.frame()
    trigger = d.game.ordeals[1].trigger
    assert spy.drawn(f"Traitors 1 / {trigger}")
    assert spy.drawn(t("board.badge.prophet", name="").strip())


# ------------------------------------------------------------------------ the Premonition
def test_premonition_button_discards_the_traitor_once(ctx):
    game = scenario("base", variant="premonition", held="T", castle_text=rows(FULL))
    d = BoardDriver(ctx, game)
    button = board_button(d.board, "premonition")
    assert button.visible
    d.click(button.rect.center)
    assert d.game.history[-1] == A.UsePremonition("T")
    assert not d.game.premonition_available and d.game.discard[-1] == "T"  # §8.3: to the discard pile
    d.board.update(0)
    assert not button.visible
    # never for a black-bordered Traitor
    ctx.stack.reset()
    ctx.stack.apply_pending()
    d = BoardDriver(ctx, scenario("base", variant="premonition", held="T!", castle_text=rows(FULL)))
    assert not board_button(d.board, "premonition").visible


# ------------------------------------------------------------------------------ the Prison
def test_prison_drop_and_a_refused_drop_with_its_reason(ctx, spy):
    game = scenario("base", variant="prison", held="Ss", prison=["Pt"] + [None] * 8,
                    castle_text=rows(FULL))
    d = BoardDriver(ctx, game)
    lay = d.board.state.layout
    assert lay.prison_cell  # the side column holds the ring
    hand = pos(d, "hand_rect")
    # not touching a prison tile: refused, the reason is drawn while hovering and stays after
    far = center(lay.prison_rect((2, 2)))
    d.down(hand)
    d.move(hand, far, steps=6)
    probe = d.board.state.gesture.probe
    assert probe[1] is False and probe[2] == t("rules.refusal.prison_not_touching")
    spy.texts.clear()
    d.frame()
    assert spy.drawn(t("rules.refusal.prison_not_touching"))
    before = d.game.to_dict()
    d.up(far)
    assert d.game.to_dict() == before
    assert d.board.state.message == t("rules.refusal.prison_not_touching")
    # next to the triangle: accepted
    d.drag(hand, center(lay.prison_rect((0, 1))))
    assert d.game.history[-1] == A.PlacePrison((0, 1), "Ss")
    assert d.game.prison[(0, 1)] == "Ss"


def test_prison_refuses_the_same_shape_side_by_side(ctx):
    game = scenario("base", variant="prison", held="Jt", prison=["Pt"] + [None] * 8, castle_text=rows(FULL))
    d = BoardDriver(ctx, game)
    d.drag(pos(d, "hand_rect"), pos(d, "prison_rect", (0, 1)))
    assert "R-\u00a78.4" in d.board.state.message and "triangle" in d.board.state.message.lower()
    assert d.game.held == "Jt"


# ---------------------------------------------------------------------------- the Guardian
def test_guardian_drop_puts_the_pawn_and_discards_the_traitor(ctx):
    castle = rows("Pt Sc Jt .. .. ..", "Ps Pc Jc Js Ct Cs")
    game = scenario("expert", variant="guardian", held="T", castle_text=castle)
    d = BoardDriver(ctx, game)
    lit = set(d.board.state.choices.guardian)
    assert lit == {(1, 1), (1, 2), (0, 3), (0, 4)}
    hand = pos(d, "hand_rect")
    # a cell that is not a pawn cell: refused with the rule
    d.drag(hand, pos(d, "cell_rect", (1, 0)))
    assert d.game.held == "T" and "R-\u00a78.5" in d.board.state.message
    d.drag(hand, pos(d, "cell_rect", (1, 2)))
    assert d.game.history[-1] == A.PlaceGuardian((1, 2), "T")
    assert d.game.castle().tile_at((1, 2)).code.endswith("@")
    assert not d.game.pawn_available


# ---------------------------------------------------------------------------- the Intruder
def test_intruder_banner_and_click(ctx):
    game = scenario("expert", variant="intruder", castle_text=rows(FULL), regular=["Pc", "T!"])
    d = BoardDriver(ctx, game)
    d.click(pos(d, "pile_rect", "regular"))
    assert d.game.held == "T!"
    d.drag(pos(d, "hand_rect"), pos(d, "ordeal_rect", 0))
    assert d.game.phase == "intruder"
    assert "Intruder" in d.board.banner_text()
    lit = sorted(d.board.state.choices.intruder)
    # a cell that is not lit: the rule, nothing happens
    d.click(pos(d, "cell_rect", (0, 0)))
    assert d.game.phase == "intruder" and "R-\u00a78.5" in d.board.state.message
    d.click(pos(d, "cell_rect", lit[0]))
    assert d.game.history[-1] == A.PlaceIntruder(lit[0])
    assert d.game.castle().tile_at(lit[0]).pawn


# ------------------------------------------------------------------------------ the Pantry
def test_pantry_tile_dragged_onto_a_lit_cell(ctx, spy):
    game = scenario("base", pantry=True, castle_text=rows("Pt Sc .. .. .. .."))
    d = BoardDriver(ctx, game)
    supply = d.game.pantry_supply()
    assert len(supply) == 6
    k = supply.index("*c")
    src = pos(d, "pantry_rect", k)
    # needs / has drawn beside the supply
    d.frame()
    assert spy.drawn("needs 2") and spy.drawn("castle has 0")
    # over a cell not touching the castle: refused with the placement rule
    d.down(src)
    d.move(src, pos(d, "cell_rect", (0, 4)), steps=6)
    assert d.board.state.gesture.probe[1] is False and d.board.state.gesture.probe[2].startswith("R-P1")
    d.up(pos(d, "cell_rect", (0, 4)))
    assert d.game.pantry_supply() == supply and d.board.state.message.startswith("R-P1")
    d.drag(src, pos(d, "cell_rect", (1, 0)))
    assert d.game.history[-1] == A.PlacePantry((1, 0), "*c")
    assert d.game.castle().tile_at((1, 0)).code == "*c"
    assert len(d.game.pantry_supply()) == 5


def test_harder_pantry_refuses_neighbours_and_click_carry_works(ctx):
    game = scenario("base", pantry="hard", castle_text=rows("*t Sc .. .. .. .."),
                    supply=[["*s", "*c"]])
    d = BoardDriver(ctx, game)
    src = pos(d, "pantry_rect", pantry_slots(d.game, 0).index("*s"))  # each tile keeps its place (§10)
    d.click(src)  # picked up
    assert d.board.state.gesture.pantry_pick == "*s"
    d.click(pos(d, "cell_rect", (1, 0)))  # on top of the Pantry triangle: side by side
    assert d.game.history == () and d.board.state.message.startswith("R-")
    d.click(src)
    d.click(pos(d, "cell_rect", (0, 2)))
    assert d.game.history[-1] == A.PlacePantry((0, 2), "*s")


# ------------------------------------------------------------------ whole seeded games
def play(ctx, game, bot_seed: int, policy=None) -> tuple[BoardDriver, Counter]:
    driver = BoardDriver(ctx, game)
    seen = driver.play_to_end(policy or greedy_action, bot_seed)
    assert isinstance(ctx.stack.top, EndScreen), ctx.stack.describe()
    return driver, seen


def keen(kinds: set[str]):
    """Greedy, but takes a variant action whenever one is legal (so the gestures get used)."""
    def policy(game, rng):
        for a in game.legal_actions():
            if type(a).__name__ in kinds and rng.below(4):
                return a
        return greedy_action(game, rng)
    return policy


@pytest.mark.parametrize("level, variant, seed, kinds", [
    ("intro", "vigil", 3, {"ExchangeVigil"}),
    *(pytest.param(*p, marks=pytest.mark.slow) for p in [  # the rest in the slow tier
        ("intro", "prophet", 4, {"ChooseProphetOrdeal"}),
        ("base", "prison", 2, {"PlacePrison"}),
        ("base", "premonition", 5, {"UsePremonition"}),
        ("expert", "guardian", 1, {"PlaceGuardian"}),
        ("expert", "intruder", 5, {"PlaceIntruder"})]),
])
def test_whole_variant_game_through_gestures(ctx, level, variant, seed, kinds):
    driver, seen = play(ctx, new_game(level, seed=seed, variant=variant), seed * 5 + 2, keen(kinds))
    assert kinds & set(seen), seen
    assert driver.game.outcome is not None


@pytest.mark.parametrize("pantry", [True, "hard"])
def test_whole_pantry_game_through_gestures(ctx, pantry):
    driver, seen = play(ctx, new_game("base", seed=6, pantry=pantry), 31, keen({"PlacePantry"}))
    assert seen["PlacePantry"] >= 1


# ------------------------------------------------------------------------------ keyboard
def test_keyboard_reaches_the_prison_the_pantry_and_the_intruder(ctx):
    from castellion.ui.targets import CellTarget, HandTarget, PantryTarget, PrisonTarget

    game = scenario("base", variant="prison", pantry=True, held="Ss", prison=["Pt"] + [None] * 8,
                    castle_text=rows(FULL))
    d = BoardDriver(ctx, game)
    targets = {tg for tg, _ in d.board.keys.nav_targets()}
    assert PrisonTarget((0, 1)) in targets and PantryTarget(0) in targets
    d.key(pygame.K_RETURN)  # the cursor shows (on the best lit cell: issue 25)
    d.board.state.cursor = HandTarget()
    d.key(pygame.K_RETURN)  # picks the tile up
    assert d.board.state.gesture.carry
    d.board.state.cursor = PrisonTarget((0, 1))
    d.key(pygame.K_RETURN)
    assert d.game.history[-1] == A.PlacePrison((0, 1), "Ss")
    # next turn: a Pantry tile by keyboard
    assert d.game.phase == "get"
    d.board.state.cursor = PantryTarget(0)
    code = d.game.pantry_supply()[0]
    d.key(pygame.K_RETURN)
    assert d.board.state.gesture.pantry_pick == code
    cell = min(c for c in d.board.state.choices.pantry[code] if 0 <= c[1] < 6)
    d.board.state.cursor = CellTarget(cell)
    d.key(pygame.K_RETURN)
    assert d.game.history[-1] == A.PlacePantry(cell, code)
    # the Intruder: the default cursor is a lit cell, Enter puts the pawn
    ctx.stack.reset()
    ctx.stack.apply_pending()
    game = scenario("expert", variant="intruder", castle_text=rows(FULL), phase="intruder", intruder_due=True)
    d = BoardDriver(ctx, game)
    d.key(pygame.K_RETURN)
    assert isinstance(d.board.state.cursor, CellTarget)
    cell = d.board.state.cursor.cell
    d.key(pygame.K_RETURN)
    assert d.game.history[-1] == A.PlaceIntruder(cell)


def test_premonition_and_prophet_by_keyboard(ctx):
    d = BoardDriver(ctx, scenario("base", variant="premonition", held="T", castle_text=rows(FULL)))
    d.key(pygame.K_p)
    assert d.game.history[-1] == A.UsePremonition("T")
    ctx.stack.reset()
    ctx.stack.apply_pending()
    d = BoardDriver(ctx, new_game("intro", seed=2, variant="prophet"))
    d.key(pygame.K_RETURN)  # cursor on the first card
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RETURN)
    assert isinstance(d.game.history[-1], A.ChooseProphetOrdeal)
