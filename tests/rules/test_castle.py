"""Placement (R-P1..R-P4, R-GRID) and destruction (R-D1..R-D4) from castle notation."""

from castellion.rules import Castle, Refusal, Shape, Why, format_castle
from tests.rules_helpers import castle_of as c


# ------------------------------------------------------------------ R-P1
def test_R_P1_first_tile_anywhere_in_the_foundation():
    assert Castle.empty().legal_placements("Pt") == {(0, col) for col in range(6)}


def test_R_P1_later_tiles_must_touch_the_castle():
    castle = c(".. .. Pt .. .. ..")
    assert castle.placement_error("Sc", (0, 4)) == Refusal(Why.NOT_TOUCHING, cell=(0, 4), tile="Sc")
    assert castle.placement_error("Sc", (0, 4)).rule == "R-P1"
    assert castle.legal_placements("Sc") == {(0, 1), (0, 3), (1, 2)}


# ------------------------------------------------------------------ R-P2
def test_R_P2_support_and_no_covering():
    castle = c(".. Pt Sc .. .. ..")
    assert castle.placement_error("Js", (2, 1)).why is Why.NOT_SUPPORTED
    assert castle.placement_error("Js", (0, 1)).why is Why.CELL_TAKEN
    assert {castle.placement_error("Js", cell).rule for cell in ((2, 1), (0, 1))} == {"R-P2"}
    assert castle.placement_error("Js", (1, 1)) is None


def test_R_P2_nothing_goes_below_the_foundation():
    # RULES.md §2.1 R-P2: "Nothing goes below the foundation" — not R-P4's width.
    castle = c(".. Pt Sc .. .. ..")
    refusal = castle.placement_error("Js", (-1, 1))
    assert refusal.rule == "R-P2" and refusal.why is Why.BELOW_FOUNDATION


# ------------------------------------------------------------------ R-P3
def test_R_P3_same_shape_not_adjacent_outside_the_foundation():
    castle = c(".. Pt Sc .. .. ..")
    # second row on a triangle: refused
    refusal = castle.placement_error("Jt", (1, 1))
    assert refusal.rule == "R-P3" and refusal.shape is Shape.TRIANGLE and refusal.cell == (1, 1)
    # foundation exemption: the tile placed INTO the foundation may touch a same shape
    assert castle.placement_error("Jc", (0, 3)) is None
    assert castle.placement_error("Jt", (0, 0)) is None


def test_R_P3_sideways_neighbour_counts_too():
    castle = c(
        "Sc .. .. .. .. ..",
        "Pt Js .. .. .. ..",
    )
    # (1,1) would sit beside Sc at (1,0) and on Js: circles and squares are refused
    assert castle.placement_error("Cc", (1, 1)).rule == "R-P3"
    assert castle.placement_error("Cs", (1, 1)).rule == "R-P3"
    assert castle.placement_error("Ct", (1, 1)) is None


def test_R_P3_pantry_tiles_have_a_shape():
    castle = c("*t Sc .. .. .. ..")
    assert castle.placement_error("Pt", (1, 0)).rule == "R-P3"


# ------------------------------------------------------------------ R-P4 / R-GRID
def test_R_P4_never_taller_than_six():
    castle = c("Pt .. .. .. .. ..", "Sc .. .. .. .. ..", "Pt .. .. .. .. ..",
               "Sc .. .. .. .. ..", "Pt .. .. .. .. ..", "Sc .. .. .. .. ..")
    assert castle.placement_error("Js", (6, 0)).rule == "R-P4"


def test_R_GRID_extension_past_the_edge_slides_the_castle():
    castle = c("Pt Sc .. .. .. ..")
    assert (0, -1) in castle.extensions("Js")
    moved, dx = castle.place("Js", (0, -1))
    assert dx == 1
    assert format_castle(moved).splitlines()[-1].split() == ["Js", "Pt", "Sc", "..", "..", ".."]
    right = c(".. .. .. .. Pt Sc")
    assert right.extensions("Js") == {(0, 6)}
    moved, dx = right.place("Js", (0, 6))
    assert dx == -1 and moved.tile_at((0, 5)).code == "Js"


def test_R_GRID_no_extension_once_six_wide():
    castle = c("Pt Sc Jt Cs Pc St")
    assert castle.extensions("Js") == set()
    assert castle.placement_error("Js", (0, -1)).rule == "R-P4"
    assert castle.foundation_complete()


def test_extension_slides_whole_columns():
    castle = c(
        "Sc .. .. .. .. ..",
        "Pt Js .. .. .. ..",
    )
    moved, dx = castle.place("Jt", (0, -1))
    assert dx == 1
    assert moved.tile_at((1, 1)).code == "Sc" and moved.tile_at((0, 0)).code == "Jt"


def test_pawn_forbids_adjacent_placement():
    castle = c("Pt@ Sc .. .. .. ..")
    assert castle.placement_error("Js", (1, 0)).rule == "R-§8.5"
    assert castle.placement_error("Js", (0, 2)) is None


# ------------------------------------------------------------------ R-D
def test_R_D2_destroy_slides_the_column_down():
    castle = c(
        "Jc .. .. .. .. ..",
        "St .. .. .. .. ..",
        "Pc Ss .. .. .. ..",
    )
    after = castle.destroy((0, 0))
    assert after == c(
        "Jc .. .. .. .. ..",
        "St Ss .. .. .. ..",
    )
    assert after.tile_at((0, 0)).code == "St" and after.tile_at((1, 0)).code == "Jc"
    assert after.tile_at((2, 0)) is None and after.tile_at((0, 1)).code == "Ss"


def test_R_D3_a_lone_foundation_tile_between_others_cannot_go():
    castle = c(
        "Jc .. St .. .. ..",
        "Pt Ss Pc .. .. ..",
    )
    assert (0, 1) not in castle.destroyable()
    assert castle.destroyable() == {(0, 0), (1, 0), (0, 2), (1, 2)}


def test_R_D3_a_foundation_tile_under_a_column_can_go():
    castle = c(
        ".. Jc .. .. .. ..",
        "Pt Ss Pc .. .. ..",
    )
    assert (0, 1) in castle.destroyable()


def test_destroy_rows_drops_everything():
    castle = c(
        "Jc .. .. .. .. ..",
        "Pt Ss Pc Ct Jt Sc",
    )
    after, removed = castle.destroy_rows(1)
    assert [t.code for t in removed] == ["Pt", "Ss", "Pc", "Ct", "Jt", "Sc"]
    assert after.tile_at((0, 0)).code == "Jc" and len(after) == 1
    assert not after.foundation_complete()


def test_juggler_pairs_exclude_pantry():
    castle = c("Pt *s Jc .. .. ..")
    assert castle.swappable_pairs() == []
    castle = c("Pt Ss Jc .. .. ..")
    assert castle.swappable_pairs() == [((0, 0), (0, 1)), ((0, 1), (0, 2))]


def test_pyro_movable_and_targets_ignore_shapes():
    castle = c(
        "Pt .. .. .. .. ..",
        "Sc Jt Ct .. .. ..",
    )
    # (0,1) has nothing on top but lifting it would split the castle
    assert castle.movable() == {(1, 0), (0, 2)}
    targets = castle.move_targets((0, 2))
    # R-P3 is ignored: the triangle may go on top of the triangle Jt at (0,1)
    assert (1, 1) in targets
    assert (0, 2) not in targets  # not where it was
    assert (0, -1) in targets  # extending past the edge is a legal target too
