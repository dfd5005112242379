"""Which formation windows the computer player still counts on (issue 14, `ai/plan.py`): a window is
dead when the rules or the tiles left make it impossible, so no plan waits for it."""

from __future__ import annotations

from collections import Counter

from castellion.ai.evaluate import Evaluator
from castellion.ai.plan import Grid, live_windows
from castellion.rules import new_game, parse_castle
from castellion.rules.public import public_view
from tests.rules_helpers import rows, scenario


def _lines(windows, row):
    return sorted(w.window.cells for w in windows if w.window.kind == "line" and w.window.min_row == row)


def test_a_window_over_a_support_cell_r_p3_has_closed_is_dead():
    """R-P2 + R-P3: a Line in row 2 over column 1 needs (1, 1) filled first, but its neighbours
    hold a triangle, a square and a circle, so no tile may ever go there."""
    grid = Grid(parse_castle(rows("Pt .. Ps Jc .. ..",
                                  "Ss Jc St Pt Ct Cs")))
    assert not grid.open_cell(1 * 6 + 1)
    # Read without the supports, three Lines of row 2 look alive; two of them stand on (1, 1).
    assert _lines(live_windows(grid), 2) == [(12, 13, 14, 15), (13, 14, 15, 16), (14, 15, 16, 17)]
    assert _lines(live_windows(grid, supports=True), 2) == [(14, 15, 16, 17)]


def test_a_single_shape_support_cell_counts_as_tight():
    grid = Grid(parse_castle(rows("Pt .. Ps Jc .. ..",
                                  "Ss Jc St Pt Ct Cs")))
    alive = {w.window.cells: w for w in live_windows(grid, supports=True)}
    plain = {w.window.cells: w for w in live_windows(grid)}
    window = (14, 15, 16, 17)  # under it, (1, 4) is left only the square (Jc beside, Ct below)
    assert alive[window].tight == plain[window].tight + 1


def test_a_started_window_no_tile_left_can_finish_is_dead():
    """Late in a deal every copy of a Defender may be gone (§1: the piles' contents are
    countable): the Pyro Line missing its fourth tile is dead once no Pyro is still to come."""
    grid = Grid(parse_castle(rows("Pt Ps Pc .. .. ..")))
    line = (0, 1, 2, 3)
    assert line in _lines(live_windows(grid, avail=Counter({"Pt": 1})), 0)
    assert line not in _lines(live_windows(grid, avail=Counter({"St": 3, "Jc": 2})), 0)
    # Two missing cells need two Pyros still to come.
    grid2 = Grid(parse_castle(rows("Pt Ps .. .. .. ..")))
    assert line not in _lines(live_windows(grid2, avail=Counter({"Pt": 1})), 0)
    assert line in _lines(live_windows(grid2, avail=Counter({"Pt": 1, "Pc": 1})), 0)


def test_the_introductory_evaluation_counts_what_is_still_to_come():
    """The evaluator's supply is the unseen Defenders (and the revealed row): a fresh deal holds
    every Defender of the game, 6 of each kind (§1: 5 regular + 1 safe)."""
    ev = Evaluator(public_view(new_game("intro", seed=3)))
    assert ev.by_supply and ev.supports
    assert set(ev.avail.values()) == {6} and len(ev.avail) == 12


def test_a_pantry_tile_lost_for_the_last_count_is_priced_as_a_loss():
    """§10: the third encounter wants all 6 Pantry tiles in the castle and a destroyed one goes to
    the discard pile, not back to the supply — destroying one is no longer a cheap filler loss."""
    from castellion.ai.evaluate import LOST

    castle_text = rows("*t Ps Pc Pt Jc *s")
    game = scenario("base", pantry=True, castle_text=castle_text, supply=[["*t", "*s", "*c", "*c"]])
    ev = Evaluator(public_view(game))
    castle = game.castle(0)
    without_one = castle.destroy((0, 5))  # the square Pantry tile (the castle's right end)
    assert without_one.pantry_count() == 1
    # Losing a Defender of the foundation costs a tile or so; losing a Pantry tile the game.
    assert ev.cost(without_one) - ev.cost(castle) > LOST / 2 - 1
    assert ev.cost(castle.destroy((0, 1))) - ev.cost(castle) < 5


def test_pantry_tiles_in_the_foundation_are_lost_to_exam_ii():
    """Exam II destroys the foundation row (§5.3), so at the introductory level a Pantry tile in
    that row during Exam I can never count at Exam III; the same tile one row up is safe."""
    from castellion.ai.evaluate import LOST

    supply = [["*t", "*t", "*s", "*s", "*c"]]
    low = scenario("intro", pantry=True, castle_text=rows("Pt Ps *c Pt Jc Js"), supply=supply)
    high = scenario("intro", pantry=True, castle_text=rows("*c .. .. .. .. ..", "Pt Ps Pc Pt Jc Js"),
                    supply=supply)
    cost_low = Evaluator(public_view(low)).cost(low.castle(0))
    cost_high = Evaluator(public_view(high)).cost(high.castle(0))
    assert cost_low - cost_high > LOST / 2 - 2
