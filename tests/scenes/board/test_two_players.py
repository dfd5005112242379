"""Hot-seat two players (docs/rules.md §9) on the board, through posted mouse events.

Both castles side by side, the active one marked; the hand-over banner; passing a tile by dragging
it onto the partner's castle, paying with one of your own tiles, the partner placing it; who faces
the first Ordeal; the Champion hand-over (asks first); and whole games played to the end by
gestures only.
"""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from castellion.rules import actions as A
from castellion.rules import new_game
from castellion.rules.bots import greedy_action
from castellion.scenes.board import HandoverScene
from castellion.scenes.end import EndScreen
from castellion.scenes.overlays import ConfirmOverlay
from castellion.scenes.reveal import OrdealRevealScene
from castellion.ui.geometry import TWO_PLAYER_LAYOUT, center
from castellion.ui.text import t
from tests.board_driver import BoardDriver, board_button, redraw_whole
from tests.rules_helpers import EMPTY, FULL, TOWER_BASTION_LINE, rows, scenario

OK = TOWER_BASTION_LINE


def test_both_castles_drawn_with_names_and_the_active_one_marked(ctx, spy):
    game = scenario("intro", players=2, castles=[rows("Pt Sc .. .. .. .."), rows("Jc .. .. .. .. ..")])
    d = BoardDriver(ctx, game)
    assert d.board.base_layout is TWO_PLAYER_LAYOUT
    d.frame()
    assert spy.drawn("Anna") and spy.drawn("Ben") and spy.drawn("playing")
    assert d.board.banner_text().startswith("Anna:")
    assert "Anna & Ben" in d.board.options_text()
    # the two grids do not overlap and each sits inside its own panel
    lay = d.board.base_layout
    a, b = lay.grid_rect_of(0), lay.grid_rect_of(1)
    assert a[0] + a[2] < b[0]
    for p, grid in enumerate((a, b)):
        px, py, pw, ph = lay.castle_panels[p]
        assert px < grid[0] - lay.cell and grid[0] + grid[2] + lay.cell < px + pw  # ghost slots fit too
    # the layout seen from player 1 puts "the" grid on the right
    assert d.board.base_layout.for_player(1).cell_rect((0, 0))[0] == b[0]


def test_turn_passes_with_a_skippable_hand_over_banner(ctx, spy):
    game = scenario("intro", players=2, castles=[rows("Pt Sc .. .. .. .."), EMPTY], held="Jc")
    d = BoardDriver(ctx, game)
    d.drag(center(d.board.state.layout.hand_rect()), center(d.board.state.layout.cell_rect((0, 2))))
    assert d.game.active == 1
    assert isinstance(ctx.stack.top, HandoverScene)
    spy.texts.clear()
    d.frame()
    assert spy.drawn("Ben's turn")
    before = d.game.to_dict()
    d.click((640, 400))  # the click only ends the banner
    assert ctx.stack.top is d.board and d.game.to_dict() == before
    # it also ends by itself, quickly
    d.board.act(A.DrawTile("regular"))
    held = d.game.held
    d.board.act(A.PlaceTraitor(held) if held.startswith("T") else A.DiscardTile(held))
    ctx.stack.apply_pending()
    assert isinstance(ctx.stack.top, HandoverScene)
    for _ in range(30):
        d.frame(0.05)
    assert ctx.stack.top is d.board


def test_pass_a_tile_then_destroy_then_the_partner_places_it(ctx, spy):
    game = scenario("intro", players=2, castles=[rows("Jc .. .. .. .. ..", "Pt Sc Ct .. .. .."), EMPTY],
                    held="Ps")
    d = BoardDriver(ctx, game)
    lay = d.board.state.layout
    hand = center(lay.hand_rect())
    partner = center(lay.grid_rect_of(1))
    d.down(hand)
    d.move(hand, partner, steps=8)
    assert d.board.state.gesture.probe[1] is True and "pass" in d.board.state.gesture.probe[2]
    spy.texts.clear()
    d.frame()
    assert spy.drawn(t("board.drop_to_pass", name="Ben"))
    d.up(partner)
    assert d.game.history[-1] == A.PassTile("Ps")
    assert d.game.phase == "destroy" and d.game.active == 0
    assert "destroy" in d.board.banner_text()
    assert set(d.board.state.choices.destroy) == {(1, 0), (0, 2)}
    # a covered tile cannot pay at the introductory level: the rule is shown
    d.click(center(lay.cell_rect((0, 0))))
    assert d.game.phase == "destroy" and "R-\u00a79" in d.board.state.message
    d.click(center(lay.cell_rect((0, 2))))
    assert d.game.active == 1 and d.game.held == "Ps" and d.game.held_from == "partner"
    assert isinstance(ctx.stack.top, HandoverScene) and ctx.stack.top.passed == "Ps"
    d.settle()
    square = t("board.tile", faction=t("board.faction.P"), shape=t("board.shape.s"))
    assert t("board.do.use_passed", name="Anna", tile=square).split(":")[0] in d.board.banner_text()
    lay = d.board.state.layout  # now seen from Ben
    assert lay.player == 1
    d.drag(center(lay.hand_rect()), center(lay.cell_rect((0, 3))))
    assert d.game.history[-1] == A.PlaceTile((0, 3), "Ps")
    assert d.game.castle(1).tile_at((0, 3)).code == "Ps"
    assert d.game.active == 1 and d.game.phase == "get"  # Ben now plays his own turn


def test_choose_who_faces_the_first_ordeal(ctx, spy):
    game = scenario("base", players=2, castles=[rows(FULL), OK], cards=["sim-1", "sim-1", "sim-1"],
                    traitors=[["T", "T"]], held="T")
    d = BoardDriver(ctx, game)
    d.drag(center(d.board.state.layout.hand_rect()), center(d.board.state.layout.ordeal_rect(0)))
    assert d.game.phase == "choose_facer"
    b0, b1 = board_button(d.board, "facer0"), board_button(d.board, "facer1")
    assert b0.visible and b1.visible and b0.label == "Anna" and b1.label == "Ben"
    spy.texts.clear()
    d.frame()
    assert spy.drawn(t("board.facer_title", name="Simulation I"))
    d.click(b1.rect.center)
    assert d.game.history[-1] == A.ChooseFacer(1)
    reveal = ctx.stack.top
    assert isinstance(reveal, OrdealRevealScene)
    assert reveal.encounter.facer == 1 and reveal.encounter.facer_name == "Ben"
    assert reveal.encounter.result == "passed"
    spy.texts.clear()
    reveal.time = 10
    d.frame()
    assert spy.drawn(t("reveal.judged", name="Ben"))
    d.settle()
    assert d.game.champion == 1
    redraw_whole(d.board)
    spy.texts.clear()
    d.frame()
    assert spy.drawn("Champion") and spy.drawn(t("board.faces_next"))


def test_choose_facer_by_keyboard(ctx):
    game = scenario("base", players=2, castles=[rows(FULL), OK], cards=["sim-1", "sim-1", "sim-1"],
                    traitors=[["T", "T"]], held="T")
    d = BoardDriver(ctx, game)
    d.key(pygame.K_t)
    assert d.game.phase == "choose_facer"
    d.key(pygame.K_2)
    assert d.game.history[-1] == A.ChooseFacer(1)


def test_champion_hand_over_asks_first(ctx):
    game = scenario("base", players=2, castles=[rows(FULL), OK], cards=["sim-1", "sim-1", "sim-1"],
                    champion=1, active=1, turn_player=1)
    d = BoardDriver(ctx, game)
    button = board_button(d.board, "champion")
    assert button.visible
    panel = d.board.base_layout.castle_panels[1]
    assert pygame.Rect(panel).contains(button.rect)  # in the holder's own castle panel
    d.click(button.rect.center)
    confirm = ctx.stack.top
    assert isinstance(confirm, ConfirmOverlay) and confirm.text == t("board.champion_text", name="Anna")
    d.click(confirm.no_button.rect.center)
    assert d.game.history == ()
    d.key(pygame.K_h)
    d.click(ctx.stack.top.yes_button.rect.center)
    assert d.game.history[-1] == A.HandChampion()
    assert d.game.phase == "destroy" and d.game.destroy_left == 6
    size = len(d.game.castle(1))
    lay = d.board.state.layout
    while d.game.phase == "destroy":
        d.click(center(lay.cell_rect(max(d.board.state.choices.destroy))))
    assert d.game.champion == 0 and len(d.game.castle(1)) == size - 6


# ------------------------------------------------------------------ whole games
def eager(game, rng, done: set):
    """Greedy, but passes a tile once (when the castle has a few) and hands over the Champion."""
    actions = game.legal_actions()
    for kind in (A.HandChampion, A.PassTile):
        if kind.__name__ in done:
            continue
        for a in actions:
            if isinstance(a, kind) and (kind is not A.PassTile or len(game.castle(game.active)) >= 4):
                done.add(kind.__name__)
                return a
    return greedy_action(game, rng)


def play_two(ctx, game, bot_seed: int) -> tuple[BoardDriver, Counter, int]:
    driver = BoardDriver(ctx, game)
    done: set = set()
    handovers = 0

    def count_handovers(d: BoardDriver) -> None:
        nonlocal handovers
        handovers += any(isinstance(s, HandoverScene) for s in ctx.stack.scenes)

    seen = driver.play_to_end(lambda g, rng: eager(g, rng, done), bot_seed, count_handovers)
    assert isinstance(ctx.stack.top, EndScreen), ctx.stack.describe()
    return driver, seen, handovers


def test_whole_two_player_game_with_a_pass_and_a_champion_hand_over(ctx):
    """From one Traitor before the first Ordeal (both castles ready for it) to the end: who faces
    it, a pass, the Champion hand-over, everything else the greedy bot's, all by gestures."""
    game = scenario("base", players=2, castles=[OK, OK], cards=["sim-1", "sim-2a", "sim-3a"],
                    traitors=[["T", "T"]], held="T", seed=4)
    driver, seen, handovers = play_two(ctx, game, 11)
    assert seen["ChooseFacer"] == 1 and seen["PassTile"] >= 1 and seen["HandChampion"] >= 1, seen
    assert seen["DestroyTile"] >= 7  # one for the pass, six for the Champion
    assert handovers > 3
    assert driver.game.outcome is not None


@pytest.mark.parametrize("level, seed", [("intro", 3), ("base", 2)])
def test_whole_two_player_game_from_the_deal(ctx, level, seed):
    driver, seen, handovers = play_two(ctx, new_game(level, seed=seed, players=2), seed + 40)
    assert seen["PassTile"] >= 1 and handovers > 5
    g = driver.game
    assert g.outcome is not None and isinstance(ctx.stack.top, EndScreen)


def test_losing_reasons_name_the_player(ctx):
    from castellion.scenes.end import EndScreen
    from castellion.ui.rules_text import outcome_text, player_outcome_text

    game = scenario("base", players=2, castles=[rows(FULL), OK], cards=["sim-1", "sim-1", "sim-1"],
                    traitors=[["T", "T"]], held="T")
    game.apply(A.PlaceTraitor("T"))
    game.apply(A.ChooseFacer(0))
    assert game.outcome.rule == "R-\u00a75.3" and game.outcome.player == 0  # the rules say whose, as data
    end = EndScreen.from_game(ctx, game, names=["Anna", "Ben"])
    assert "Anna" in end.reason and "Ben" not in end.reason  # whose castle failed
    # the players' line (issue 12 §4: no rule id on the end screen)
    assert end.reason == player_outcome_text(game.outcome, ["Anna", "Ben"], [o.card for o in game.ordeals])
    assert t("rules.player", n=1) in outcome_text(game.outcome)  # no names: the seat


def test_the_first_key_after_the_hand_over_acts_on_the_board(ctx):
    """Issue 31, item 7: in a hot-seat game the first key after a drop only dismissed "Ben's
    turn" (G to draw did nothing, twice). The key ends the banner and draws."""
    game = scenario("intro", players=2, castles=[rows("Pt Sc .. .. .. .."), EMPTY], held="Jc")
    d = BoardDriver(ctx, game)
    d.drag(center(d.board.state.layout.hand_rect()), center(d.board.state.layout.cell_rect((0, 2))))
    assert isinstance(ctx.stack.top, HandoverScene) and d.game.held is None
    d.key(pygame.K_d)  # D: draw from the regular pile
    assert ctx.stack.top is d.board
    assert d.game.history[-1] == A.DrawTile("regular") and d.game.active == 1
