"""The Defenders' powers by rule id, as the audit against the printed rules (issue 10) corrected
them: a tile the Chameleon took is placed or discarded at once (R-§6: never passed, never put in
the prison), and a Pyro move that completes a Tower grants the Tower power (R-§7)."""

from __future__ import annotations

from castellion.rules import Game, Why
from castellion.rules import actions as A
from tests.rules_helpers import FULL, rows, scenario


# ------------------------------------------------------------ R-§6 Chameleon
def _chameleon_took(level: str = "base", **kw) -> Game:
    g = scenario(level, held="Cs", discard=["Js"], **kw)
    g.apply(A.DiscardTile("Cs"))
    g.apply(A.UsePower("C"))
    g.apply(A.TakeFromDiscard(0, "Js"))
    assert g.held == "Js" and g.held_from == "discard" and g.phase == "use"
    return g


def test_R_6_a_chameleon_tile_cannot_be_passed_to_the_partner():
    g = _chameleon_took(players=2, castles=[rows(FULL), rows(FULL)])
    assert not any(isinstance(a, A.PassTile) for a in g.legal_actions())
    assert g.refusal(A.PassTile("Js")).why is Why.CHAMELEON_AT_ONCE
    assert A.DiscardTile("Js") in g.legal_actions()  # placed or discarded: that is all


def test_R_6_a_chameleon_tile_cannot_go_to_the_prison():
    g = _chameleon_took(variant="hard", castle_text=rows(FULL))
    assert not any(isinstance(a, A.PlacePrison) for a in g.legal_actions())
    refusal = g.refusal(A.PlacePrison((0, 0), "Js"))
    assert refusal.why is Why.CHAMELEON_AT_ONCE and refusal.rule == "R-\u00a76"
    # a tile got from a pile may still go to the prison
    h = scenario("base", variant="hard", held="Js", castle_text=rows(FULL))
    assert A.PlacePrison((0, 0), "Js") in h.legal_actions()


# ------------------------------------------------------------ R-§7 Tower power and the Pyro
def test_R_7_a_pyro_move_that_completes_a_tower_triggers_the_tower_power():
    castle = rows("St .. .. .. .. ..", "Ss .. .. .. .. ..", "St Pc Jc Sc .. ..")
    g = scenario("expert", castle_text=castle, phase="pyro_move", power_faction="P",
                 power_faction_tile="Pt", face_up=[False, False, False])
    assert A.MoveTile((0, 3), (3, 0)) in g.legal_actions()
    g.apply(A.MoveTile((0, 3), (3, 0)))
    assert g.phase == "tower_reveal"
    assert {a.index for a in g.legal_actions()} == {0, 1, 2}


def test_R_7_a_pyro_move_without_a_tower_does_not():
    castle = rows("St .. .. .. .. ..", "Ss .. .. .. .. ..", "St Pc Jc Sc .. ..")
    g = scenario("expert", castle_text=castle, phase="pyro_move", power_faction="P",
                 power_faction_tile="Pt", face_up=[False, False, False])
    g.apply(A.MoveTile((0, 3), (1, 2)))
    assert g.phase == "get"
