"""Rulebook corrections from the audit against the printed rules (issue 10), by rule id: the
Pantry and R-O4, the Chameleon tile (R-§6), the Pyro's move and the Tower power (R-§7). The
questions the rules answer for the screens (costs, counts, refusals) are in tests/rules/test_questions.py."""

from __future__ import annotations

from castellion.rules import Cause, Game, Why
from castellion.rules import actions as A
from castellion.rules import events as E
from tests.rules_helpers import FULL, rows, scenario


# ------------------------------------------------------------ R-O4 and the Pantry (§10)
def test_R_O4_pantry_tiles_in_the_supply_do_not_delay_the_last_encounters():
    # "once all Dream tiles are played, immediately resolve every Ordeal not yet encountered"
    g = scenario("intro", pantry=True, castle_text=rows(FULL), regular=["Pc"], safe=[],
                 supply=[["*t", "*s"]])
    g.apply(A.DrawTile("regular"))
    events = g.apply(A.DiscardTile("Pc"))
    causes = [ev.cause for ev in events if isinstance(ev, E.OrdealEncountered)]
    assert causes and causes[0] is Cause.TILES_RAN_OUT
    assert g.outcome is not None  # faced at once: the supply's Pantry tiles were not waited for


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
