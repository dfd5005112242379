"""The board's counts with their nouns, the verdict after an encounter's destruction, the power
box in two-player games, the still hand-over banner, the reveal's self-test hook (the plural
helper itself: tests/ui/test_plurals.py).

Each test fails without its fix: "0 Tower" / "1 tiles" in the texts drawn; no reveal page after
the last tile of an Assault or of the prison's penalty is chosen; no power box drawn in the
two-player layout; no hand-over at all with animations off; a made-up reveal in the self-test.
"""

from __future__ import annotations

import pygame
import pytest

from castellion.rules import actions as A
from castellion.rules import new_game
from castellion.scenes import reveal as reveal_module
from castellion.scenes.board import BoardScene, HandoverScene, render_card
from castellion.scenes.end import EndScreen
from castellion.scenes.reveal import Encounter, OrdealRevealScene
from castellion.ui.castle_view import TileArt
from castellion.ui.geometry import TWO_PLAYER_LAYOUT, center
from castellion.ui.text import t, tn
from tests.board_driver import BoardDriver
from tests.rules_helpers import EMPTY, FULL, TOWER_BASTION_LINE, rows, scenario


def overlap(a, b) -> bool:
    return pygame.Rect(a).colliderect(pygame.Rect(b))


def in_the_castle(n: int) -> str:
    """The status strip's counts: n of each formation, each count with its noun."""
    counts = " \u2022 ".join(tn(f"board.count.{kind}", n) for kind in ("tower", "bastion", "line"))
    return t("board.formations_now") + " " + counts


def test_status_strip_counts_read_naturally(ctx, spy):
    d = BoardDriver(ctx, new_game("intro", seed=1))
    d.frame()
    assert spy.drawn(in_the_castle(0))
    assert not spy.drawn("0 Tower \u2022")
    d2 = BoardDriver(ctx, scenario("intro", castle_text=TOWER_BASTION_LINE, discard=["Pt"]))
    spy.texts.clear()
    d2.frame()
    assert spy.drawn(in_the_castle(1))
    assert "1 tile" in spy.texts and "1 tiles" not in spy.texts  # the discard pile's count


def test_traitor_discard_banner_says_one_tile_and_free(ctx):
    # expert: each Line makes the Traitor's discard one tile cheaper (§7); three Lines: 1 tile
    three_lines = rows("Cc Cs Ct Cc Sc Ss", "Sc Ss St Sc Pc Ps", "Pt Ps Pc Pt Jc Js")
    board = BoardScene(ctx, scenario("expert", castle_text=three_lines, held="T"))
    board.state.refresh()
    assert board.banner_text().endswith(tn("board.do.use_traitor_discard", 1, traitor="T", discard="X"))
    four = rows("Jc Js Jt Jc .. ..", "Cc Cs Ct Cc Sc Ss", "Sc Ss St Sc Pc Ps", "Pt Ps Pc Pt Jc Js")
    board = BoardScene(ctx, scenario("expert", castle_text=four, held="T"))
    board.state.refresh()
    assert board.banner_text().endswith(tn("board.do.use_traitor_discard", 0, traitor="T", discard="X"))


def test_end_screen_and_cards_say_one_turn_and_bottom_row(ctx, spy):
    end = EndScreen(ctx, result="won", reason="", level="intro", seed=3, turns=1)
    end.draw_content(pygame.Surface(ctx.canvas))
    assert spy.drawn("1 turn") and not spy.drawn("1 turns")
    from castellion.rules import default_ruleset

    spy.texts.clear()
    render_card(ctx, TileArt(ctx), default_ruleset().cards["earthworm-1"], (200, 280), face_up=True)
    assert spy.drawn("bottom row") and not spy.drawn("bottom 1 rows")


def test_reveal_says_destroy_one_tile(ctx, spy):
    game = new_game("expert", seed=1)
    card = game.ordeals[0].card
    e = Encounter(0, card, "traitors", False, game.castle(), result="destroy", destroy=1)
    scene = OrdealRevealScene(ctx, [e], animate=False)
    scene.draw(pygame.Surface(ctx.canvas))
    assert "Destroy 1 tile" in spy.texts and not spy.drawn("1 tiles")
    assert spy.drawn(tn("reveal.cause.traitors", card.trigger))


# ------------------------------------------------------------ 2. the verdict after destroying
ASSAULT_CASTLE = """
    .. .. .. .. .. ..
    Pt Jc .. .. .. ..
    Jc Pt Sc Ct .. ..
    Pt Ss Jc Pt Sc Jt
    Ss Ss Cc Ps Cs Sc
    Js Js Pt Ct Pc Jt"""  # 24 tiles, no Tower: Harpy I asks for 16


def top_first(game):
    """The DestroyTile choices, highest row first (the foundation last)."""
    return sorted((a for a in game.legal_actions() if isinstance(a, A.DestroyTile)),
                  key=lambda a: (-a.cell[0], a.cell[1]))


def destroy_by_clicks(d, n: int, *, foundation_last: bool = True) -> None:
    for _ in range(n):
        choices = top_first(d.game)
        action = choices[0] if foundation_last else choices[-1]
        d.perform(action)


def face_assault(ctx, castle_text=ASSAULT_CASTLE, **kw):
    game = scenario("expert", castle_text=castle_text, cards=["harpy-1", "horde-2", "earthworm-3"],
                    traitors=[["T"]], held="T", **kw)
    d = BoardDriver(ctx, game)
    d.perform(A.PlaceTraitor("T"))
    first = ctx.stack.top
    assert isinstance(first, OrdealRevealScene) and first.encounter.result == "destroy"
    assert first.encounter.destroy == 16
    d.settle()
    assert ctx.stack.top is d.board and d.game.phase == "destroy"
    return d


def test_assault_paid_in_tiles_ends_with_a_passed_verdict_page(ctx, spy):
    d = face_assault(ctx)
    destroy_by_clicks(d, 15)
    assert ctx.stack.top is d.board and d.game.destroy_left == 1  # no page while choosing
    destroy_by_clicks(d, 1)
    page = ctx.stack.top
    assert isinstance(page, OrdealRevealScene), ctx.stack.describe()
    e = page.encounter
    assert e.verdict_only and e.result == "passed" and e.index == 0 and e.destroyed == 16
    spy.texts.clear()
    d.frame()
    assert spy.drawn("Harpy") and spy.drawn("Passed") and spy.drawn(tn("reveal.after", 16))
    assert spy.drawn("Foundation 6/6  \u2713")
    d.click((640, 400))  # skip
    d.click((640, 400))  # continue
    assert ctx.stack.top is d.board and d.game.ordeals[0].passed


def test_assault_that_breaks_the_foundation_ends_with_lost_then_the_end_screen(ctx, spy):
    d = face_assault(ctx)
    destroy_by_clicks(d, 16, foundation_last=False)
    page = ctx.stack.top
    assert isinstance(page, OrdealRevealScene), ctx.stack.describe()
    e = page.encounter
    assert e.verdict_only and e.result == "lost"
    assert e.reason == t("outcome.loss.R-O5", ordeal="Harpy")  # R-O5 in the players' words (issue 12 §4)
    spy.texts.clear()
    d.frame()
    assert spy.drawn("Lost") and spy.drawn(t("outcome.loss.R-O5", ordeal="Harpy")) and not spy.drawn("R-O5")
    d.settle()
    assert isinstance(ctx.stack.top, EndScreen) and ctx.stack.top.result == "lost"


def test_prison_penalty_ends_with_the_verdict_and_the_penalty_paid(ctx, spy):
    game = scenario("base", variant="prison", castle_text=TOWER_BASTION_LINE, cards=["sim-1", "sim-2a", "sim-3a"],
                    traitors=[["T", "T"]], held="T", prison=["Pt", "Jc", None, None, None, None, None, None, None])
    d = BoardDriver(ctx, game)
    d.perform(A.PlaceTraitor("T"))
    first = ctx.stack.top
    assert isinstance(first, OrdealRevealScene)
    assert first.encounter.result == "destroy" and first.encounter.prison_penalty
    d.settle()
    assert d.game.phase == "destroy"
    destroy_by_clicks(d, 6)
    page = ctx.stack.top
    assert isinstance(page, OrdealRevealScene), ctx.stack.describe()
    e = page.encounter
    assert e.verdict_only and e.result == "passed" and e.prison == 2 and e.prison_penalty and e.destroyed == 6
    spy.texts.clear()
    d.frame()
    assert spy.drawn("Passed") and spy.drawn(t("reveal.prison_paid", n=2))
    d.settle()
    assert ctx.stack.top is d.board and d.game.ordeals[0].passed


def test_two_player_assault_verdict_names_the_castle_and_checks_the_pantry(ctx, spy):
    anna = ASSAULT_CASTLE.replace("Pt Jc .. .. .. ..", "Pt *c .. .. .. ..")
    ben = rows("*t Pc Jc .. .. ..", FULL)
    game = scenario("expert", pantry=True, players=2, castles=[anna, ben],
                    cards=["harpy-1", "horde-2", "earthworm-3"], traitors=[["T"]], held="T",
                    champion=1, supply=[["*t", "*s"], ["*s", "*c"]])
    d = BoardDriver(ctx, game)
    d.perform(A.PlaceTraitor("T"))
    assert isinstance(ctx.stack.top, OrdealRevealScene) and ctx.stack.top.encounter.facer == 0
    d.settle()
    assert d.game.phase == "destroy" and d.game.active == 0
    # keep the Pantry tile (row 4): destroy the others from the top, foundation last
    for _ in range(16):
        choices = [a for a in top_first(d.game) if d.game.castle(0).tile_at(a.cell).code != "*c"]
        d.perform(choices[0])
    page = ctx.stack.top
    assert isinstance(page, OrdealRevealScene), ctx.stack.describe()
    e = page.encounter
    assert e.verdict_only and e.result == "passed" and e.facer_name == "Anna"
    assert [(name, have, need) for name, have, need in e.pantry] == [("Anna", 1, 1), ("Ben", 1, 1)]
    spy.texts.clear()
    d.frame()
    assert spy.drawn(t("reveal.judged", name="Anna"))
    assert t("reveal.champion_taken", name="Anna").rstrip(".") in " ".join(spy.texts)  # (wrapped over two lines)
    assert spy.drawn("Anna: 1/1 \u2713") and spy.drawn("Ben: 1/1 \u2713")
    # Ben's hand-over banner waits under the verdict, unseen, and comes once it is closed
    assert any(isinstance(sc, HandoverScene) for sc in ctx.stack.scenes) and not spy.drawn("Ben's turn")
    d.click((640, 400))
    d.click((640, 400))
    assert isinstance(ctx.stack.top, HandoverScene)


# -------------------------------------------------------------- 3. the power box, two players
def test_two_player_power_prompt_has_the_power_box(ctx, spy):
    game = scenario("base", players=2, castles=[rows("Pt Sc .. .. .. .."), EMPTY], phase="power",
                    power_faction="S", power_faction_tile="St")
    d = BoardDriver(ctx, game)
    spy.texts.clear()
    d.frame()
    assert spy.drawn(t("board.power_label"))
    assert any(s and t("board.power.S").startswith(s) for s in spy.texts)  # its first line
    assert spy.drawn("Seer")
    lay = d.board.state.layout
    box = lay.power_box
    # inside the shared tiles panel, clear of the piles, the hand, the discard pile, the revealed
    # row and the use / skip buttons
    assert pygame.Rect(lay.tiles_panel).contains(pygame.Rect(box))
    for other in (lay.pile_rect("regular"), lay.pile_rect("safe"), lay.hand_rect(), lay.discard_rect(),
                  lay.button_rect("use"), lay.button_rect("skip"), *(lay.revealed_rect(i) for i in range(4))):
        assert not overlap(box, other), (box, other)
    # the buttons still work from the prompt
    d.click(center(lay.button_rect("use")))
    assert d.game.phase == "seer"


def test_solo_power_box_unchanged(ctx, spy):
    game = scenario("base", phase="power", power_faction="J", power_faction_tile="Jt")
    d = BoardDriver(ctx, game)
    spy.texts.clear()
    d.frame()
    assert spy.drawn(t("board.power_label")) and spy.drawn(t("board.faction.J"))
    assert d.board.state.layout.power_box != TWO_PLAYER_LAYOUT.power_box


# --------------------------------------------------------- 4. the hand-over with animations off
def test_hand_over_is_marked_with_animations_off(ctx, spy):
    ctx.settings.animations = False
    game = scenario("intro", players=2, castles=[rows("Pt Sc .. .. .. .."), EMPTY], held="Jc")
    d = BoardDriver(ctx, game)
    d.perform(A.PlaceTile((0, 2), "Jc"))
    assert d.game.active == 1
    banner = ctx.stack.top
    assert isinstance(banner, HandoverScene) and banner.still
    spy.texts.clear()
    for _ in range(100):  # five seconds: a still banner never goes by itself
        d.frame(0.05)
    assert ctx.stack.top is banner
    assert spy.drawn("Ben's turn")
    before = d.game.to_dict()
    d.key(pygame.K_SPACE)  # a key ends it and does nothing else
    assert ctx.stack.top is d.board and d.game.to_dict() == before
    assert not d.board.anims.items  # and nothing was animated


# ----------------------------------------------------------------- 5. the reveal's self-test
@pytest.mark.parametrize("level, cause", [("intro", "traitors"), ("base", "early")])
def test_self_test_hook_builds_a_real_reveal_and_leaves_the_game_alone(ctx, level, cause):
    game = new_game(level, seed=1)
    before = game.to_dict()
    scene = reveal_module.self_test_scene(ctx, game)
    assert game.to_dict() == before
    assert isinstance(scene, OrdealRevealScene) and scene.encounters
    e = scene.encounters[0]
    assert e.index == 0 and e.cause == cause and e.card == game.ordeals[0].card
    assert e.result in ("passed", "lost", "destroy") and "self-test" not in e.reason
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    ctx.stack.draw(pygame.Surface(ctx.canvas))
    assert not ctx.errors
