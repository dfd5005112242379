"""The six variants (docs/rules.md §8) and the Pantry (§10), rule by rule (issue 5)."""

import pytest

from castellion.rules import Cause, IllegalAction, Refusal, Result, Shape, Why, formations, new_game, parse_castle
from castellion.rules import actions as A
from castellion.rules import events as E
from castellion.rules.game import PRISON_RING
from tests.rules_helpers import FULL, TOWER_BASTION_LINE, rows, scenario

SIM1_OK = TOWER_BASTION_LINE


@pytest.mark.parametrize("level,leaning,vid", [
    ("intro", "easier", "vigil"), ("intro", "harder", "prophet"), ("base", "easier", "premonition"),
    ("base", "harder", "prison"), ("expert", "easier", "guardian"), ("expert", "harder", "intruder")])
def test_R_8_each_level_has_its_easier_and_harder_variant_chosen_by_id(level, leaning, vid):
    game = new_game(level, seed=1, variant=vid)
    assert game.variant_id == vid and game.options["variant"] == vid
    assert game.level_spec.leaning(vid) == leaning


def test_unknown_variant_or_pantry_is_refused():
    with pytest.raises(ValueError, match="variant"):
        new_game("intro", seed=1, variant="nightmare")
    with pytest.raises(ValueError, match="pantry"):
        new_game("intro", seed=1, pantry="maybe")


# ------------------------------------------------------------------ 8.1 Vigil
def test_R_8_1_vigil_is_set_aside_from_the_safe_pile():
    g = new_game("intro", seed=4, variant="vigil")
    assert g.vigil is not None and g.vigil.endswith("+")
    assert g.pile_size("safe") == 11 and sum(g.census().values()) == 84


def test_R_8_1_exchange_with_the_vigil():
    g = scenario("intro", variant="vigil", held="Pt", vigil="Sc+")
    assert A.ExchangeVigil("Pt") in g.legal_actions()
    events = g.apply(A.ExchangeVigil("Pt"))
    assert events == [E.VigilExchanged("Pt", "Sc+")]
    assert g.vigil == "Pt" and g.held == "Sc+" and g.phase == "use"
    # the old Vigil tile is used as if just drawn; exchanging straight back is pointless
    assert A.ExchangeVigil("Sc+") not in g.legal_actions()
    g.apply(A.PlaceTile((0, 2), "Sc+"))
    assert g.castle().tile_at((0, 2)).code == "Sc+"


def test_R_8_1_never_with_a_traitor():
    g = scenario("intro", variant="vigil", held="T", vigil="Sc+")
    assert not any(isinstance(a, A.ExchangeVigil) for a in g.legal_actions())


# ------------------------------------------------------------------ 8.2 Prophet
def test_R_8_2_prophet_pawn_counts_as_a_traitor():
    g = new_game("intro", seed=2, variant="prophet")
    assert g.phase == "prophet"
    assert g.legal_actions() == [A.ChooseProphetOrdeal(i) for i in range(3)]
    g.apply(A.ChooseProphetOrdeal(0))
    assert g.phase == "get" and g.turn == 1
    assert g.ordeals[0].prophet and g.ordeals[0].count == 1


def test_R_8_2_prophet_brings_the_trigger_closer_and_leaves_with_its_ordeal():
    g = scenario("intro", variant="prophet", castle_text=rows("Jt Jc Js Jt Pc Ps", FULL),
                 cards=["exam-2", "exam-1", "exam-3a"], prophet_ordeal=0, phase="use", held="T",
                 turn_used=True)
    events = g.apply(A.PlaceTraitor("T"))  # 1 traitor + the pawn = 2 = Exam II's trigger
    assert E.TraitorPlaced(0, "T", 2, 2) in events
    assert g.ordeals[0].passed and g.ordeals[1].count == 0


# ------------------------------------------------------------------ 8.3 Premonition
def test_R_8_3_premonition_once_for_a_plain_traitor():
    g = scenario("base", variant="premonition", held="T!")
    assert A.UsePremonition("T!") not in g.legal_actions()
    g = scenario("base", variant="premonition", held="T")
    events = g.apply(A.UsePremonition("T"))
    assert events == [E.PremonitionUsed("T")]
    # §8.3: "discard it at no cost (it goes to the discard pile)" — not out of the game
    assert g.discard == ("T",) and g.removed == () and not g.premonition_available
    assert g.phase == "get"
    g.apply(A.DrawTile("regular"))
    g2 = scenario("base", variant="premonition", held="T", premonition_available=False)
    assert A.UsePremonition("T") not in g2.legal_actions()


# ------------------------------------------------------------------ 8.4 Prison
def test_R_8_4_prison_placement_rules():
    g = scenario("base", variant="prison", held="Pt")
    assert {a.cell for a in g.legal_actions() if isinstance(a, A.PlacePrison)} == set(PRISON_RING)
    g.apply(A.PlacePrison((0, 0), "Pt"))
    assert g.prison == {(0, 0): "Pt"} and g.phase == "get"
    g = scenario("base", variant="prison", held="Ss", prison=["Pt"] + [None] * 8)
    assert {a.cell for a in g.legal_actions() if isinstance(a, A.PlacePrison)} == {(0, 1), (1, 0)}
    assert g.prison_error((2, 2)) == Refusal(Why.PRISON_NOT_TOUCHING, cell=(2, 2), tile="Ss")
    assert g.prison_error((2, 2)).rule == "R-§8.4"
    g = scenario("base", variant="prison", held="Jt", prison=["Pt"] + [None] * 8)
    assert g.prison_error((0, 1)) == Refusal(Why.PRISON_SAME_SHAPE, cell=(0, 1), tile="Jt",
                                             shape=Shape.TRIANGLE)
    with pytest.raises(IllegalAction) as info:
        g.apply(A.PlacePrison((0, 1), "Jt"))
    assert info.value.refusal == g.prison_error((0, 1))


def test_R_8_4_prison_tiles_count_for_nothing_else():
    g = scenario("base", variant="prison", held="Pt")
    g.apply(A.PlacePrison((0, 0), "Pt"))
    assert g.castle().is_empty() and formations(g.castle())["tower"] == 0


def test_R_8_4_incomplete_prison_costs_six_tiles_before_the_foundation_check():
    g = scenario("base", variant="prison", castle_text=SIM1_OK, cards=["sim-1", "sim-2a", "sim-3a"])
    size = len(g.castle())
    events = g.apply(A.EncounterOrdeal())
    assert any(isinstance(e, E.DestructionRequired) and e.count == 6 for e in events)
    assert g.phase == "destroy" and g.destroy_left == 6 and g.destroy_kind == "prison"
    # destroy the top tiles, keeping the foundation complete
    while g.phase == "destroy":
        tops = [a for a in g.legal_actions() if a.cell[0] > 0]
        g.apply(max(tops, key=lambda a: a.cell[0]))
    assert len(g.castle()) == size - 6 and g.ordeals[0].passed and g.outcome is None


def test_R_8_4_complete_prison_costs_nothing():
    prison = ["Pt", "Js", "Pc", "Ss", None, "Ct", "Pc", "Jt", "Cs"]
    g = scenario("base", variant="prison", castle_text=SIM1_OK, cards=["sim-1", "sim-2a", "sim-3a"],
                 prison=prison)
    events = g.apply(A.EncounterOrdeal())
    assert not any(isinstance(e, E.DestructionRequired) for e in events)
    assert g.ordeals[0].passed


# ------------------------------------------------------------------ 8.5 Guardian
def test_R_8_5_guardian_discards_a_plain_traitor_by_placing_the_pawn():
    castle = rows(".. Jc .. .. .. ..", FULL)
    g = scenario("expert", variant="guardian", castle_text=castle, held="T")
    cells = {a.cell for a in g.legal_actions() if isinstance(a, A.PlaceGuardian)}
    assert cells == {(1, 1), (0, 2), (0, 3), (0, 4)}  # tops of the 4 middle columns
    events = g.apply(A.PlaceGuardian((1, 1), "T"))
    assert E.PawnPlaced(0, (1, 1), "guardian") in events and g.discard == ("T",)
    assert g.castle().tile_at((1, 1)).pawn and not g.pawn_available
    # no tile may be placed next to it
    assert g.castle().placement_error("Sc", (2, 1)).why is Why.NEXT_TO_PAWN
    assert g.castle().placement_error("Sc", (1, 2)).rule == "R-§8.5"


def test_R_8_5_any_column_top_while_the_foundation_is_incomplete():
    g = scenario("expert", variant="guardian", castle_text=rows("Pt Sc .. .. .. .."), held="T")
    assert {a.cell for a in g.legal_actions() if isinstance(a, A.PlaceGuardian)} == {(0, 0), (0, 1)}


def test_R_8_5_pawn_tile_no_formation_no_neighbours_and_loss_when_destroyed():
    castle = parse_castle(rows("Pt .. .. .. .. ..", "Pt .. .. .. .. ..", "Pt .. .. .. .. ..",
                               "Pt@ Sc .. .. .. .."))
    assert formations(castle)["tower"] == 0
    assert castle.placement_error("Jc", (0, -1)).rule == "R-§8.5"
    g = scenario("expert", variant="guardian", castle_text=rows("Pt@ Sc .. .. .. .."), held="T")
    g.apply(A.DiscardTraitor("T"))  # 4 tiles or fewer: all destroyed, the pawn's tile too
    assert g.outcome.result is Result.LOST and g.outcome.rule == "R-§8.5"


def test_R_8_5_black_traitor_cannot_use_the_guardian():
    g = scenario("expert", variant="guardian", castle_text=rows(FULL), held="T!")
    assert g.legal_actions() == [A.PlaceTraitor("T!"), A.EncounterOrdeal()]  # R-O3 at any time


# ------------------------------------------------------------------ 8.6 Intruder
def test_R_8_6_intruder_comes_with_the_first_black_traitor():
    g = scenario("expert", variant="intruder", castle_text=rows(FULL), regular=["Pc", "T!"])
    g.apply(A.DrawTile("regular"))
    assert g.intruder_due
    g.apply(A.PlaceTraitor("T!"))
    assert g.phase == "intruder"
    assert {a.cell for a in g.legal_actions()} == {(0, 1), (0, 2), (0, 3), (0, 4)}
    events = g.apply(A.PlaceIntruder((0, 2)))
    assert E.PawnPlaced(0, (0, 2), "intruder") in events
    assert g.phase == "get" and g.castle().tile_at((0, 2)).pawn and not g.intruder_due


def test_R_8_6_not_below_six_tiles_then_as_soon_as_it_can():
    g = scenario("expert", variant="intruder", castle_text=rows("Pt Ps Pc Pt Jc .."),
                 regular=["Sc", "T!"])
    g.apply(A.DrawTile("regular"))
    g.apply(A.PlaceTraitor("T!"))
    assert g.phase == "get" and g.intruder_due  # 5 tiles: not yet
    g.apply(A.DrawTile("regular"))
    g.apply(A.PlaceTile((0, 5), "Sc"))
    assert g.phase == "intruder"


def test_R_8_6_before_the_first_encounter():
    castle = rows("Pt .. .. .. .. ..", "Pc .. .. .. .. ..", "Pt .. .. .. .. ..",
                  "Pc .. Sc .. .. ..", FULL)
    g = scenario("expert", variant="intruder", castle_text=castle,
                 cards=["harpy-1", "harpy-2", "harpy-3"], traitors=[["T"]], held="T")
    events = g.apply(A.PlaceTraitor("T"))
    assert g.phase == "intruder" and not any(isinstance(e, E.OrdealEncountered) for e in events)
    events = g.apply(A.PlaceIntruder((1, 2)))
    assert any(isinstance(e, E.OrdealEncountered) for e in events)


# ------------------------------------------------------------------ §10 Pantry
def test_R_10_pantry_supply_and_placement_instead_of_a_tile():
    g = new_game("intro", seed=3, pantry=True)
    assert sorted(g.pantry_supply()) == ["*c", "*c", "*s", "*s", "*t", "*t"]
    assert sum(g.census().values()) == 90
    assert A.PlacePantry((0, 0), "*t") in g.legal_actions()
    events = g.apply(A.PlacePantry((0, 0), "*t"))
    assert E.TilePlaced(0, (0, 0), "*t") in events
    assert g.turn == 2 and g.phase == "get" and len(g.pantry_supply()) == 5


def test_R_10_pantry_allowed_while_revealed_tiles_wait():
    g = scenario("base", pantry=True, revealed=["Pt"])
    assert any(isinstance(a, A.PlacePantry) for a in g.legal_actions())
    assert not any(isinstance(a, A.DrawTile) for a in g.legal_actions())


def test_R_10_exact_pantry_count_after_each_ordeal():
    ok = SIM1_OK.replace("St Pc", "St *c").replace("St .. Cc", "St *s Cc")
    g = scenario("base", pantry=True, castle_text=ok, cards=["sim-1", "sim-2a", "sim-3a"])
    g.apply(A.EncounterOrdeal())
    assert g.ordeals[0].passed
    g = scenario("base", pantry=True, castle_text=SIM1_OK.replace("St Pc", "St *c"),
                 cards=["sim-1", "sim-2a", "sim-3a"])
    events = g.apply(A.EncounterOrdeal())
    assert g.outcome.result == "lost" and events[-1].rule == "R-§10"
    assert (g.outcome.pantry_need, g.outcome.pantry_have, g.outcome.ordeal) == (2, 1, "sim-1")
    assert E.PantryChecked(0, 1, 2) in events


def test_R_10_chameleon_recovers_a_pantry_tile_of_its_shape():
    g = scenario("base", pantry=True, held="Cs", discard=["*s", "*t"], castle_text=rows(FULL),
                 supply=[["*t", "*c"]])
    g.apply(A.DiscardTile("Cs"))
    g.apply(A.UsePower("C"))
    assert g.legal_actions() == [A.TakeFromDiscard(0, "*s")]
    events = g.apply(A.TakeFromDiscard(0, "*s"))
    assert E.PantryRecovered(0, "*s") in events
    assert "*s" in g.pantry_supply() and g.phase == "get"


def test_R_10_harder_pantry_tiles_not_adjacent():
    g = scenario("intro", pantry="hard", castle_text=rows("*t Pc .. .. .. .."))
    cells = {a.cell for a in g.legal_actions() if isinstance(a, A.PlacePantry)}
    assert (0, -1) not in cells and (1, 0) not in cells and (0, 2) in cells
    g = scenario("intro", pantry=True, castle_text=rows("*t Pc .. .. .. .."))
    cells = {a.cell for a in g.legal_actions() if isinstance(a, A.PlacePantry) and a.tile == "*s"}
    assert (0, -1) in cells


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


# ------------------------------------------------------------ R-§10 harder Pantry and the Pyro
PANTRY_APART = rows(".. .. .. .. .. *s", "*t Pc Jc Sc Jt Ps")


def test_R_10_harder_pantry_a_pyro_may_not_move_a_pantry_tile_next_to_another():
    g = scenario("expert", pantry="hard", castle_text=PANTRY_APART, phase="pyro_move",
                 power_faction="P", power_faction_tile="Pt")
    move = A.MoveTile((1, 5), (1, 0))  # the "*s" onto the "*t" at (0, 0)
    assert move not in g.legal_actions()
    assert g.refusal(move).why is Why.PANTRY_ADJACENT and g.refusal(move).rule == "R-§10"
    assert A.MoveTile((1, 5), (1, 2)) in g.legal_actions()  # away from the other Pantry tile


def test_R_10_normal_pantry_lets_the_pyro_move_it_there():
    g = scenario("expert", pantry=True, castle_text=PANTRY_APART, phase="pyro_move",
                 power_faction="P", power_faction_tile="Pt")
    assert A.MoveTile((1, 5), (1, 0)) in g.legal_actions()


def test_R_10_harder_pantry_a_destructions_slide_may_still_bring_them_together():
    castle = rows("*s .. .. .. .. ..", "Pc .. .. .. .. ..", "*t Jc Sc Jt Ps Pt")
    g = scenario("expert", pantry="hard", castle_text=castle, phase="destroy", destroy_left=1,
                 destroy_kind="traitor", after_destroy="resolve")
    assert A.DestroyTile((1, 0)) in g.legal_actions()
    g.apply(A.DestroyTile((1, 0)))
    assert g.castle().tile_at((1, 0)).code == "*s" and g.castle().tile_at((0, 0)).code == "*t"
