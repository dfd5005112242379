"""`preview(game, action)`: what a drop would do, asked of the rules before it is played
(issue 12 §3), by rule id. The board only shows these answers (tests/scenes/board/test_forecast.py)."""

from __future__ import annotations

from castellion.rules import Cause
from castellion.rules import actions as A
from castellion.rules.preview import preview
from tests.rules_helpers import rows, scenario

EXAM_1 = ["exam-1", "exam-2", "exam-3a"]  # Exam I: 1 Tower + 1 Bastion + 1 Line


def test_R_F1_a_placement_that_completes_a_bastion_names_kind_faction_and_cells():
    # three Jugglers in an L on the foundation and row 1: a fourth Juggler squares them off
    g = scenario("intro", cards=EXAM_1, held="Js", castle_text=rows(
        "Jt .. .. .. .. ..",
        "Jc Jt Pc Ss Cc St"))
    before = g.to_dict()
    p = preview(g, A.PlaceTile((1, 1), "Js"))
    assert p is not None and g.to_dict() == before  # nothing is played
    assert [(f.kind, f.faction, f.cells) for f in p.completes] == [("bastion", "J", ((0, 0), (0, 1), (1, 0), (1, 1)))]
    assert p.completes[0].group == 4 and p.cancels == ()
    assert p.have_before["bastion"] == 0 and p.have_after["bastion"] == 1
    assert p.changed == {"bastion": 1}
    assert p.need == {"tower": 1, "bastion": 1, "line": 1}  # Exam I is face up at the introductory level


def test_R_F2_a_fifth_tile_cancels_the_tower_and_says_the_group_size():
    g = scenario("intro", held="Sc", castle_text=rows(
        "St .. .. .. .. ..",
        "Ss .. .. .. .. ..",
        "St .. .. .. .. ..",
        "Ss Pt .. .. .. ..",
        "Jc Pc Ct Jt Ps Cs"))
    p = preview(g, A.PlaceTile((2, 1), "Sc"))  # beside the Tower's second Seer (a triangle: R-P3 allows it)
    assert p is not None
    assert [(f.kind, f.faction, f.group) for f in p.cancels] == [("tower", "S", 5)]
    assert p.cancels[0].cells == ((1, 0), (2, 0), (3, 0), (4, 0))
    assert p.completes == () and p.changed == {"tower": -1}


def test_R_F1_progress_towards_a_line_three_of_four():
    g = scenario("intro", held="Pc", castle_text=rows("Pt Ps .. .. .. .."))
    p = preview(g, A.PlaceTile((0, 2), "Pc"))
    assert p is not None and p.completes == ()
    lines = [x for x in p.progress if x.kind == "line"]
    assert [(x.faction, x.have, x.cells_after) for x in lines] == [("P", 3, ((0, 0), (0, 1), (0, 2)))]
    # a Tower can not grow from three tiles lying in a row
    assert all(x.kind != "tower" for x in p.progress)


def test_R_F1_no_progress_when_the_missing_cell_is_taken():
    # three Pyros in a row, the fourth cell either side already holds another faction
    g = scenario("intro", held="Pc", castle_text=rows("Jt Pt Ps .. Sc Cc"))
    p = preview(g, A.PlaceTile((0, 3), "Pc"))
    assert p is not None
    assert [x for x in p.progress if x.kind == "line"] == []


def test_R_s5_1_a_face_down_card_is_never_peeked_at():
    g = scenario("expert", held="Pc", castle_text=rows("Pt Ps .. .. .. .."))
    assert not g.ordeals[0].face_up
    p = preview(g, A.PlaceTile((0, 2), "Pc"))
    assert p is not None and p.need == {} and p.ordeal == 0


def test_R_O5_foundation_count_before_and_after():
    g = scenario("intro", held="Cc", castle_text=rows("Pt Ps Jc St Js .."))
    p = preview(g, A.PlaceTile((0, 5), "Cc"))
    assert p is not None and (p.foundation_before, p.foundation_after) == (5, 6)


def test_R_s2_a_foundation_extension_slides_and_keeps_the_cells_as_shown_now():
    # Jugglers at the left edge: a Juggler at (0, -1) completes a Line after the castle slides right
    g = scenario("intro", held="Jc", castle_text=rows("Jt Js Jt .. .. .."))
    p = preview(g, A.PlaceTile((0, -1), "Jc"))
    assert p is not None and p.slide == 1
    (line,) = p.completes
    assert line.kind == "line" and line.cells == ((0, -1), (0, 0), (0, 1), (0, 2))
    assert line.cells_after == ((0, 0), (0, 1), (0, 2), (0, 3))


def test_R_s6_juggler_swap_completes_two_lines_at_once():
    # the Seer at (0, 3) and the Pyro above it trade places: four Seers in row 1, four Pyros below
    g = scenario("base", phase="juggler", power_faction="J", power_faction_tile="Jt", castle_text=rows(
        "Ss St Ss Pc .. ..",
        "Pt Ps Pc St Jc .."))
    p = preview(g, A.SwapTiles((0, 3), (1, 3)))
    assert p is not None and p.cancels == ()
    assert sorted((f.kind, f.faction, f.cells_after) for f in p.completes) == [
        ("line", "P", ((0, 0), (0, 1), (0, 2), (0, 3))), ("line", "S", ((1, 0), (1, 1), (1, 2), (1, 3)))]
    pyros = next(f for f in p.completes if f.faction == "P")
    assert pyros.cells == ((0, 0), (0, 1), (0, 2), (1, 3))  # where the tiles stand before the swap
    assert p.changed == {"line": 2}


def test_R_s6_juggler_swap_that_breaks_a_line():
    g = scenario("base", phase="juggler", power_faction="J", power_faction_tile="Jt", castle_text=rows(
        "Ss St Ss .. .. ..",
        "Pt Ps Pc Pt St .."))
    p = preview(g, A.SwapTiles((0, 3), (0, 4)))
    assert p is not None and p.completes == ()
    assert [(f.kind, f.faction, f.group) for f in p.cancels] == [("line", "P", 3)]


def test_R_s6_juggler_swap_that_squares_a_bastion():
    g = scenario("base", phase="juggler", power_faction="J", power_faction_tile="Jt", castle_text=rows(
        "Cs Pt .. .. .. ..",
        "Ct Cc Ps .. .. .."))
    p = preview(g, A.SwapTiles((0, 1), (1, 1)))
    assert p is not None and p.completes == ()
    g = scenario("base", phase="juggler", power_faction="J", power_faction_tile="Jt", castle_text=rows(
        "Cs Pt Cc .. .. ..",
        "Ct Cc Ps .. .. .."))
    p = preview(g, A.SwapTiles((1, 1), (1, 2)))
    assert p is not None
    assert [(f.kind, f.faction, f.cells_after) for f in p.completes] == [
        ("bastion", "C", ((0, 0), (0, 1), (1, 0), (1, 1)))]
    assert p.completes[0].cells == ((0, 0), (0, 1), (1, 0), (1, 2))  # the Chameleon comes from (1, 2)


def test_R_s6_pyro_move_that_breaks_a_tower_says_what_is_left():
    g = scenario("base", phase="pyro_move", power_faction="P", power_faction_tile="Pt", castle_text=rows(
        "St .. .. .. .. ..",
        "Ss .. .. .. .. ..",
        "St .. .. .. .. ..",
        "Ss Jc .. .. .. ..",
        "Pc Pt Ct Jt Ps Cs"))
    p = preview(g, A.MoveTile((4, 0), (1, 2)))
    assert p is not None
    (tower,) = p.cancels
    assert (tower.kind, tower.faction, tower.group) == ("tower", "S", 3)  # the moved Seer stands alone
    assert tower.cells_after == ((1, 0), (1, 2), (2, 0), (3, 0))


def test_R_D2_a_destruction_that_cancels_a_line():
    g = scenario("base", phase="destroy", destroy_left=1, destroy_kind="traitor", after_destroy="turn",
                 castle_text=rows(
                     "Ss .. .. .. .. ..",
                     "Pt Ps Pc Pt Jc .."))
    p = preview(g, A.DestroyTile((0, 4)))
    assert p is not None and p.cancels == ()  # the Juggler at the end is no part of the Line
    assert preview(g, A.DestroyTile((0, 3))) is None  # R-D3: it would split the castle
    p = preview(g, A.DestroyTile((0, 0)))  # the Seer above drops into the Line's first cell (R-D2)
    assert p is not None
    assert [(f.kind, f.faction, f.group, f.cells_after) for f in p.cancels] == [
        ("line", "P", 3, ((0, 1), (0, 2), (0, 3)))]


def test_R_s10_pantry_tile_counts_towards_the_pantry_and_forms_nothing():
    g = scenario("base", pantry=True, castle_text=rows("Pt Ps Pc .. .. .."))
    assert g.phase == "get"
    p = preview(g, A.PlacePantry((0, 3), "*t"))
    assert p is not None
    assert (p.pantry_need, p.pantry_before, p.pantry_after) == (2, 0, 1)
    assert p.completes == () and p.cancels == () and p.progress == ()  # R-F4


def test_R_O1_the_traitor_that_sets_off_the_encounter():
    g = scenario("intro", cards=EXAM_1, held="T", traitors=[["T", "T", "T"]])
    p = preview(g, A.PlaceTraitor("T"))
    assert p is not None and p.encounter is None  # 4 of 5
    g = scenario("intro", cards=EXAM_1, held="T", traitors=[["T", "T", "T", "T"]])
    p = preview(g, A.PlaceTraitor("T"))
    assert p is not None and p.encounter is Cause.TRAITORS and p.completes == ()


def test_R_O2_the_last_cell_completes_the_castle_and_sets_off_the_encounter():
    full = "Pt Ps Pc Pt Jc Js"
    text = "\n".join([".. St Pc St Pc St", "Jt Ps Jc Ps Jc Ps", "Pc St Pc St Pc St",
                      "Jt Ps Jc Ps Jc Ps", "Sc Ct Sc Ct Sc Ct", full])
    g = scenario("intro", held="Pc", castle_text=text)
    action = A.PlaceTile((5, 0), "Pc")
    assert g.is_legal(action)
    p = preview(g, action)
    assert p is not None and p.encounter is Cause.COMPLETE_CASTLE


def test_an_illegal_action_has_no_preview():
    g = scenario("intro", held="Pc", castle_text=rows("Pt Ps .. .. .. .."))
    assert preview(g, A.PlaceTile((3, 3), "Pc")) is None
    assert preview(g, A.DiscardTile("Ps")) is None
    p = preview(g, A.DiscardTile("Pc"))
    assert p is not None and p.completes == () and p.have_after == p.have_before
