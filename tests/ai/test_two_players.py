"""The computer player at the two-player table (§9, issue 14): each castle is built for the Ordeals
its player will face, a tile goes to the partner when it helps the team more, and the clock is read
on the castle the current Ordeal will check."""

from __future__ import annotations

from castellion import ai
from castellion.ai.evaluate import Evaluator, facers
from castellion.rules import actions as A
from castellion.rules import new_game
from castellion.rules.public import public_view
from tests.rules_helpers import EMPTY, TOWER_BASTION_LINE, rows, scenario

# Exam I / Simulation I one tile short: the Seer Tower lacks its top tile (row 4, column 0).
TOWER_SHORT = TOWER_BASTION_LINE.replace("St .. .. .. .. ..", ".. .. .. .. .. ..", 1)
SMALL = rows("Jc .. .. .. .. ..", "Pt Sc Ct Jt .. ..")


def test_facers_alternate_and_player_0_is_planned_to_face_the_first_ordeal():
    """§9: the first Ordeal's facer is chosen at its encounter (the player plans for player 0);
    later each Ordeal is faced by the player without the Champion card."""
    assert facers(new_game("intro", seed=1)) == [0, 0, 0]
    game = new_game("intro", seed=1, players=2)
    assert facers(game) == [0, 1, 0]
    passed_by_1 = scenario("base", players=2, champion=1,
                           ordeals=[{**o, "passed": i == 0}
                                    for i, o in enumerate(game.to_dict()["ordeals"])])
    assert passed_by_1.current_ordeal == 1
    assert facers(passed_by_1) == [0, 1]


def test_each_castle_is_priced_for_the_ordeals_its_player_faces():
    """Exam II drops only its facer's castle (§9), so player 1 (Exam II) is priced on its first
    two rows, and player 0 (Exams I and III) on formations; neither for the other's Ordeal."""
    game = new_game("intro", seed=1, players=2)
    view = public_view(game)
    mine, theirs = Evaluator(view, 0), Evaluator(view, 1)
    assert mine.stage_index == [0, 2] and mine.faces_current
    assert theirs.stage_index == [1] and not theirs.faces_current
    # Both see the current Ordeal's cards (the clock is shared), whoever faces it.
    assert [c.id for c in theirs.current_options()] == ["exam-1"]
    # A castle with rows 0 and 1 complete is all player 1 needs; player 0 still needs formations.
    two_rows = scenario("intro", castle_text=rows("Js Pt Sc Jt Pc St", "Pt Ps Pc Pt Jc Js")).castle(0)
    assert theirs.cost(two_rows) < mine.cost(two_rows)


def test_passes_the_tile_that_completes_the_partners_exam():
    """R-§9 pass: player 1 holds the Seer that tops player 0's Tower (Exam I's last formation);
    giving it away costs player 1 one uncovered tile — the team gains far more."""
    game = scenario("intro", players=2, castles=[TOWER_SHORT, SMALL], held="St", active=1, turn_player=1)
    decision = ai.best_move(game)
    assert decision.action == A.PassTile("St")
    assert decision.reason.kind == "pass" and decision.reason.params == {"tile": "St", "to": 0}
    game.apply(decision.action)
    while game.active == 1 and game.phase == "destroy":  # player 1 pays with an uncovered tile
        game.apply(ai.best_move(game).action)
    assert game.active == 0 and game.held == "St"
    placed = ai.best_move(game)
    assert placed.action == A.PlaceTile((4, 0), "St") and placed.reason.kind == "completes"


def test_keeps_a_tile_its_own_castle_needs_more():
    """Player 0 faces Exam I and the Seer tops its own Tower: it is placed, not passed to the
    partner's empty castle (where it would only start a foundation)."""
    game = scenario("intro", players=2, castles=[TOWER_SHORT, EMPTY], held="St")
    assert A.PassTile("St") in game.legal_actions()
    decision = ai.best_move(game)
    assert decision.action == A.PlaceTile((4, 0), "St")


def test_the_facing_castle_sets_the_clock():
    """A Traitor that triggers the current Ordeal is judged on the facer's castle (player 0's), not
    the active player's: player 1's empty castle does not make the Exam look lost."""
    game = scenario("base", players=2, castles=[TOWER_BASTION_LINE, EMPTY], held="T", active=1,
                    turn_player=1, traitors=[["T", "T"]])
    decision = ai.best_move(game)
    assert decision.action == A.PlaceTraitor("T")  # player 0 is ready: let the Ordeal come
