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
    g = _chameleon_took(variant="prison", castle_text=rows(FULL))
    assert not any(isinstance(a, A.PlacePrison) for a in g.legal_actions())
    refusal = g.refusal(A.PlacePrison((0, 0), "Js"))
    assert refusal.why is Why.CHAMELEON_AT_ONCE and refusal.rule == "R-\u00a76"
    # a tile got from a pile may still go to the prison
    h = scenario("base", variant="prison", held="Js", castle_text=rows(FULL))
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


# ------------------------------------------------------------ R-O3 against "at once"
def test_R_O3_no_early_encounter_between_the_chameleon_take_and_its_use():
    """The rulebook: "Luego, use (coloque o descarte) inmediatamente la loseta recuperada" —
    nothing comes in between, an early encounter included (issue 29 §9)."""
    g = _chameleon_took()
    assert A.EncounterOrdeal() not in g.legal_actions()
    refusal = g.refusal(A.EncounterOrdeal())
    assert refusal.why is Why.CHAMELEON_AT_ONCE and refusal.rule == "R-\u00a76"
    g.apply(A.DiscardTile("Js"))  # once used, the Ordeal may be faced early again
    if g.phase == "power":
        g.apply(A.SkipPower("J"))
    assert A.EncounterOrdeal() in g.legal_actions()


def test_R_O3_no_early_encounter_between_receiving_a_passed_tile_and_placing_it():
    """"受け取った相手は即座にそれを配置し": the partner places (or discards) the passed tile at once."""
    g = scenario("base", players=2, castles=[rows("Jc .. .. .. .. ..", "Pt Sc Ct .. .. .."), rows(FULL)],
                 held="Ps")
    assert A.EncounterOrdeal() in g.legal_actions()  # with a tile of one's own: "at any time"
    g.apply(A.PassTile("Ps"))
    g.apply(A.DestroyTile((0, 2)))
    assert g.active == 1 and g.held == "Ps" and g.held_from == "partner"
    assert A.EncounterOrdeal() not in g.legal_actions()
    refusal = g.refusal(A.EncounterOrdeal())
    assert refusal.why is Why.PASS_RECEIVED and refusal.rule == "R-\u00a79"


# ------------------------------------------------------------ R-§7 Tower power and the Juggler
# Column 0 holds three Seers under a Juggler; the Seer beside that Juggler completes the Tower
# when the two are swapped.
_SWAP_CASTLE = rows("Jt Sc .. .. .. ..", "Ss Pt .. .. .. ..", "St Pc .. .. .. ..", "Sc Ps .. .. .. ..")


def test_R_7_a_juggler_swap_that_completes_a_tower_triggers_the_tower_power():
    """One reading for both powers the rulebook exempts from placement rule 3 (docs/rulings.md,
    "Tower power"): a swap, like a Pyro move, puts tiles in new places."""
    g = scenario("expert", castle_text=_SWAP_CASTLE, phase="juggler", power_faction="J",
                 power_faction_tile="Js", face_up=[False, False, False])
    swap = next(a for a in g.legal_actions() if isinstance(a, A.SwapTiles) and {a.a, a.b} == {(3, 0), (3, 1)})
    g.apply(swap)
    assert g.phase == "tower_reveal"
    assert {a.index for a in g.legal_actions()} == {0, 1, 2}


def test_R_7_a_juggler_swap_inside_a_standing_tower_completes_nothing():
    castle = rows("Sc Jt .. .. .. ..", "Ss Pt .. .. .. ..", "St Pc .. .. .. ..", "Sc Ps .. .. .. ..")
    g = scenario("expert", castle_text=castle, phase="juggler", power_faction="J",
                 power_faction_tile="Js", face_up=[False, False, False])
    swap = next(a for a in g.legal_actions() if isinstance(a, A.SwapTiles) and {a.a, a.b} == {(0, 0), (1, 0)})
    g.apply(swap)
    assert g.phase != "tower_reveal"


def test_R_7_a_juggler_swap_makes_no_tower_below_the_expert_level():
    g = scenario("base", castle_text=_SWAP_CASTLE, phase="juggler", power_faction="J", power_faction_tile="Js")
    swap = next(a for a in g.legal_actions() if isinstance(a, A.SwapTiles) and {a.a, a.b} == {(3, 0), (3, 1)})
    g.apply(swap)
    assert g.phase != "tower_reveal"
