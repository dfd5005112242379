"""Issue 12 §3: the board shows what a drop would do before it is made (the rules compute it,
castellion/rules/preview.py; the board only shows it), and §4: a clear moment when a formation is
completed or cancelled. Rule ids name what each preview is about."""

from __future__ import annotations

import pygame
import pytest

from castellion.rules import actions as A
from castellion.rules.preview import preview
from castellion.scenes.board.forecast import MOMENT_TIME, FormationMoment, ghost_counts
from castellion.ui.drag import FLIGHT_TIME
from castellion.ui.geometry import center
from castellion.ui.text import t
from tests.board_driver import BoardDriver, status_slots
from tests.rules_helpers import rows, scenario

EXAM_1 = ["exam-1", "exam-2", "exam-3a"]
# three Jugglers in an L: a fourth at (1, 1) squares them off (Exam I needs a Bastion)
JUGGLER_L = rows("Jt .. Sc Ct .. ..", "Jc Jt Pc Ct Sc Pc")
TOWER = rows("St .. .. .. .. ..", "Ss .. .. .. .. ..", "St .. .. .. .. ..", "Ss Pt .. .. .. ..",
             "Jc Pc Ct Jt Ps Cs")


def cell_pos(d: BoardDriver, cell) -> tuple[int, int]:
    return center(d.board.state.layout.cell_rect(cell))


def hover(d: BoardDriver, cell, start=None) -> None:
    """Press on the hand (or `start`) and drag over `cell` without letting go."""
    a = start or center(d.board.state.layout.hand_rect())
    d.down(a)
    d.move(a, cell_pos(d, cell), steps=6)


def completes(kind: str, faction: str) -> str:
    """The forecast's words for a formation of `kind` that the drop completes, of `faction`."""
    return t(f"preview.completes.{kind}", faction=t(f"preview.faction.{faction}"))


def test_R_F1_dragging_over_a_cell_that_completes_a_bastion_names_it_and_ghosts_the_count(ctx, spy):
    d = BoardDriver(ctx, scenario("intro", cards=EXAM_1, held="Js", castle_text=JUGGLER_L))
    hover(d, (1, 1))
    forecast = d.board.state.gesture.probe.forecast
    assert forecast is not None and forecast.changed == {"bastion": 1}
    assert d.board.state.gesture.probe.text == completes("bastion", "J")
    spy.texts.clear()
    d.frame()
    assert spy.drawn(completes("bastion", "J"))  # the line by the cell
    assert "+1" in spy.texts  # the ghost beside "Bastions 0/1"
    # the ghost stands at the Bastions count the requirement panel drew (the still picture)
    assert ghost_counts(d.board.state.gesture.probe.forecast, status_slots(d.board)) == [("bastion", "", 1)]


def test_R_F2_a_fifth_tile_says_cancels_your_tower_and_the_group_size(ctx, spy):
    # expert: the card is face down, so the ghost goes beside "In the castle:" with the Tower's icon
    d = BoardDriver(ctx, scenario("expert", held="Sc", castle_text=TOWER))
    hover(d, (2, 1))
    assert d.board.state.gesture.probe.text == t("preview.cancels_more.tower", n=5)
    assert d.board.state.gesture.probe.forecast.need == {}  # never peeks at the face-down card
    spy.texts.clear()
    d.frame()
    assert spy.drawn(t("preview.cancels_more.tower", n=5)) and "\u22121" in spy.texts
    forecast = d.board.state.gesture.probe.forecast
    assert [(k, icon, delta) for k, icon, delta in ghost_counts(forecast, status_slots(d.board))] == [
        ("counts", "tower", -1)]


def test_R_F1_line_three_of_four(ctx, spy):
    d = BoardDriver(ctx, scenario("intro", held="Pc", castle_text=rows("Pt Ps .. .. .. ..")))
    hover(d, (0, 2))
    assert d.board.state.gesture.probe.text == "Line 3/4"
    spy.texts.clear()
    d.frame()
    assert spy.drawn("Line 3/4")


def test_an_illegal_cell_has_no_preview_only_the_refusal(ctx):
    d = BoardDriver(ctx, scenario("intro", held="Ps", castle_text=JUGGLER_L))
    hover(d, (3, 3))  # nothing under it: R-P2
    probe = d.board.state.gesture.probe
    assert probe.forecast is None and probe.ok is False and probe.text.startswith("R-P2")


def test_R_s6_juggler_swap_preview(ctx, spy):
    game = scenario("base", phase="juggler", power_faction="J", power_faction_tile="Jt",
                    cards=["sim-1", "sim-2a", "sim-3a"], castle_text=rows("Ss St Ss Pc .. ..", "Pt Ps Pc St Jc .."))
    d = BoardDriver(ctx, game)
    hover(d, (1, 3), start=cell_pos(d, (0, 3)))
    both = t("preview.join").join((completes("line", "P"), completes("line", "S")))
    assert d.board.state.gesture.probe.ok and d.board.state.gesture.probe.text == both
    assert d.board.state.gesture.probe.forecast == preview(d.game, A.SwapTiles((0, 3), (1, 3)))
    spy.texts.clear()
    d.frame()
    assert spy.drawn(completes("line", "P")) and "+2" in spy.texts


def test_R_s6_pyro_move_preview(ctx, spy):
    game = scenario("base", phase="pyro_move", power_faction="P", power_faction_tile="Pt", castle_text=rows(
        "St .. .. .. .. ..", "Ss .. .. .. .. ..", "St .. .. .. .. ..", "Ss Jc .. .. .. ..", "Pc Pt Ct Jt Ps Cs"))
    d = BoardDriver(ctx, game)
    hover(d, (1, 2), start=cell_pos(d, (4, 0)))
    assert d.board.state.gesture.probe.ok and d.board.state.gesture.probe.text == t("preview.cancels_fewer.tower", n=3)
    d.frame()
    d.up(cell_pos(d, (1, 2)))
    assert d.game.history[-1] == A.MoveTile((4, 0), (1, 2))


def test_the_formation_moment_after_the_drop(ctx, spy):
    d = BoardDriver(ctx, scenario("intro", cards=EXAM_1, held="Js", castle_text=JUGGLER_L))
    hover(d, (1, 1))
    d.up(cell_pos(d, (1, 1)))
    assert d.game.history[-1] == A.PlaceTile((1, 1), "Js")
    moments = [a for a in d.board.anims.items if isinstance(a, FormationMoment)]
    assert [(m.text, m.good, m.cells) for m in moments] == [
        ("Bastion complete!", True, ((0, 0), (0, 1), (1, 0), (1, 1)))]
    d.frame(FLIGHT_TIME + 0.05)  # the tile has landed: the moment shows
    spy.texts.clear()
    d.frame()
    assert spy.drawn("Bastion complete!")
    d.frame(MOMENT_TIME)  # short: it is over within a second
    assert not any(isinstance(a, FormationMoment) for a in d.board.anims.items)


def test_the_formation_moment_is_skipped_by_a_key_and_off_with_the_animations_setting(ctx):
    d = BoardDriver(ctx, scenario("intro", held="Sc", castle_text=TOWER))
    hover(d, (2, 1))
    d.up(cell_pos(d, (2, 1)))
    moments = [a for a in d.board.anims.items if isinstance(a, FormationMoment)]
    assert [(m.text, m.good) for m in moments] == [("Tower cancelled", False)]
    d.key(pygame.K_SPACE)
    assert not d.board.anims.items
    ctx.settings.animations = False
    d = BoardDriver(ctx, scenario("intro", cards=EXAM_1, held="Js", castle_text=JUGGLER_L))
    hover(d, (1, 1))
    d.up(cell_pos(d, (1, 1)))
    assert d.game.history[-1] == A.PlaceTile((1, 1), "Js") and not d.board.anims.items


@pytest.mark.parametrize("language_key", ["preview.completes.bastion", "moment.completed.tower"])
def test_preview_words_come_from_the_string_table(language_key):
    from castellion.ui.text import t

    said = t(language_key, faction="Xyz")
    assert said != language_key and "{" not in said  # the catalog's sentence, every field filled


def test_R_D4_a_whole_castle_destroyed_at_once_flies_to_the_discard_pile_tile_by_tile(ctx):
    game = scenario("base", held="T", castle_text=rows("Pt Jc Sc .. .. .."))
    d = BoardDriver(ctx, game)
    d.board.act(A.DiscardTraitor("T"))
    assert d.game.castle().is_empty()  # 4 asked, 3 there: all go without a choice (R-D4)
    flights = [a for a in d.board.anims.items if a.kind == "flight" and a.tile in ("Pt", "Jc", "Sc")]
    assert sorted(a.tile for a in flights) == ["Jc", "Pt", "Sc"]
    assert len({a.delay for a in flights}) == 3  # one after the other
    assert all(a.dst == d.board.state.layout.discard_rect() for a in flights)
