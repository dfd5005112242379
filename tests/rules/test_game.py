"""Scenario tests: given castle + piles + actions → castle / events / outcome (docs/rules.md §4–7)."""

import pytest

from castellion.rules import (
    Cause,
    Destruction,
    IllegalAction,
    Outcome,
    Refusal,
    Result,
    Shape,
    Why,
    format_castle,
    new_game,
    parse_castle,
)
from castellion.rules import actions as A
from castellion.rules import events as E
from tests.rules_helpers import FULL, TOWER_BASTION_LINE, rows, scenario


def kinds(events):
    return [type(e).__name__ for e in events]


# ------------------------------------------------------------------ set-up
@pytest.mark.parametrize("level", ["intro", "base", "expert"])
def test_new_game_deals_everything(level):
    g = new_game(level, seed=5)
    assert g.pile_size("regular") == 72 and g.pile_size("safe") == 12
    assert sum(g.census().values()) == 84
    assert len(g.ordeals) == 3 and g.current_ordeal == 0
    assert [o.card.stage for o in g.ordeals] == [1, 2, 3]
    assert all(o.card.level == level for o in g.ordeals)
    assert all(o.face_up != (level == "expert") for o in g.ordeals)
    assert g.phase == "get" and g.castle().is_empty()


WRONG_TYPES = {
    "pantry 0": ("pantry", 0), "pantry 1": ("pantry", 1), "pantry 'on'": ("pantry", "on"),
    "players True": ("players", True), "players 2.0": ("players", 2.0), "players '1'": ("players", "1"),
    "seed True": ("seed", True), "seed 7.0": ("seed", 7.0), "seed '7'": ("seed", "7"),
    "seed 2**64": ("seed", 2**64), "seed 10**23": ("seed", 10**23), "seed -2**63-1": ("seed", -(2**63) - 1),
    "variant b'easy'": ("variant", b"easy"), "variant None": ("variant", None),
    "level ['intro']": ("level", ["intro"]),
}


@pytest.mark.parametrize("option,value", WRONG_TYPES.values(), ids=WRONG_TYPES.keys())
def test_new_game_refuses_an_option_that_is_not_of_the_rules_own_type(option, value):
    """Issue 29, item 3 (§3 set-up): an option that only compares equal to one the rules take
    (a Pantry of 0, `True` players) is refused, naming the option; so one game has one spelling
    of its options (its record, its daily deal)."""
    kwargs = {"level": "intro", "seed": 3, option: value}
    with pytest.raises(ValueError, match=option):
        new_game(**kwargs)


def test_the_seeds_the_rules_take_are_the_64_bit_numbers():
    """Issue 29, item 7 (§3): a seed is any signed or unsigned 64-bit number (at most 20 digits:
    every one fits a save); `s` and `s - 2**64` deal the same game."""
    from castellion.rules import SEED_MAX, SEED_MIN, normal_seed

    for seed in (SEED_MIN, -1, 0, 2**63 - 1, SEED_MAX):
        assert new_game("intro", seed=seed).options["seed"] == seed
        assert len(str(abs(seed))) <= 20
    same = [new_game("intro", seed=s).to_dict() for s in (SEED_MAX, -1)]
    for state in same:
        del state["options"]
    assert same[0] == same[1] and normal_seed(-1) == SEED_MAX


def test_intro_deals_exam_1_and_2():
    g = new_game("intro", seed=9)
    assert [o.card.id for o in g.ordeals][:2] == ["exam-1", "exam-2"]
    assert g.ordeals[2].card.id in ("exam-3a", "exam-3b", "exam-3c")


def test_safe_pile_holds_one_of_each_defender():
    g = new_game("base", seed=3)
    safe = g.to_dict()["piles"]["safe"]
    assert sorted(safe) == sorted(f + s + "+" for f in "SCJP" for s in "tsc")
    regular = g.to_dict()["piles"]["regular"]
    assert regular.count("T") == 9 and regular.count("T!") == 3 and len(regular) == 72


def test_same_seed_same_deal_and_different_seed_different_deal():
    a, b, c = new_game("expert", seed=11), new_game("expert", seed=11), new_game("expert", seed=12)
    assert a.to_dict() == b.to_dict()
    assert a.to_dict()["piles"] != c.to_dict()["piles"]


# ------------------------------------------------------------------ get a tile
def test_draw_from_each_pile():
    g = scenario("intro", regular=["Jc", "Pt"], safe=["Ss+"])
    assert g.legal_actions() == [A.DrawTile("regular"), A.DrawTile("safe")]
    events = g.apply(A.DrawTile("regular"))
    assert events == [E.TileDrawn("regular", "Pt")] and g.held == "Pt" and g.phase == "use"


def test_empty_safe_pile_cannot_be_drawn():
    g = scenario("intro", safe=[])
    with pytest.raises(IllegalAction) as info:
        g.apply(A.DrawTile("safe"))
    assert info.value.refusal == Refusal(Why.PILE_EMPTY, pile="safe", action="DrawTile")
    assert info.value.rule == "R-§4" and g.refusal(A.DrawTile("safe")) == info.value.refusal


def test_revealed_tiles_must_be_taken_before_drawing():
    g = scenario("base", revealed=["Pt", "T"])
    assert g.legal_actions()[:2] == [A.TakeRevealed(0, "Pt"), A.TakeRevealed(1, "T")]
    with pytest.raises(IllegalAction) as info:
        g.apply(A.DrawTile("regular"))
    assert info.value.refusal.why is Why.REVEALED_FIRST and info.value.rule == "R-§6"
    g.apply(A.TakeRevealed(1, "T"))
    assert g.held == "T" and g.revealed == ("Pt",)


# ------------------------------------------------------------------ use it
def test_place_a_defender_and_refusal_names_the_rule():
    g = scenario("intro", castle_text=rows("Pt Sc .. .. .. .."), held="Jt")
    before = g.to_dict()
    assert g.refusal(A.PlaceTile((1, 0), "Jt")) == Refusal(Why.SAME_SHAPE, cell=(1, 0), tile="Jt",
                                                           shape=Shape.TRIANGLE)
    assert g.to_dict() == before  # asking never changes the game
    with pytest.raises(IllegalAction) as info:
        g.apply(A.PlaceTile((1, 0), "Jt"))
    assert info.value.rule == "R-P3" and info.value.refusal.shape is Shape.TRIANGLE
    assert g.refusal(A.PlaceTile((0, 2), "Jt")) is None
    assert g.held == "Jt" and g.phase == "use"  # unchanged
    events = g.apply(A.PlaceTile((0, 2), "Jt"))
    assert E.TilePlaced(0, (0, 2), "Jt") in events
    assert g.castle().tile_at((0, 2)).code == "Jt" and g.phase == "get" and g.turn == 2


def test_illegal_action_message_carries_the_castle():
    g = scenario("intro", castle_text=rows("Pt Sc .. .. .. .."), held="Jt")
    with pytest.raises(IllegalAction) as info:
        g.apply(A.PlaceTile((3, 3), "Jt"))
    assert info.value.rule == "R-P2"
    assert "Pt Sc" in str(info.value)


def test_place_past_the_edge_slides_the_castle():
    g = scenario("intro", castle_text=rows("Pt Sc .. .. .. .."), held="Jc")
    assert A.PlaceTile((0, -1), "Jc") in g.legal_actions()
    events = g.apply(A.PlaceTile((0, -1), "Jc"))
    assert E.CastleShifted(0, 1) in events and E.TilePlaced(0, (0, 0), "Jc") in events
    assert format_castle(g.castle()).splitlines()[-1].split()[:3] == ["Jc", "Pt", "Sc"]


def test_intro_traitor_must_be_placed():
    g = scenario("intro", held="T")
    assert g.legal_actions() == [A.PlaceTraitor("T")]
    with pytest.raises(IllegalAction) as info:
        g.apply(A.DiscardTraitor("T"))
    assert info.value.refusal.why is Why.TRAITOR_DISCARD_LEVEL and info.value.rule == "R-§6.5"
    events = g.apply(A.PlaceTraitor("T"))
    assert E.TraitorPlaced(0, "T", 1, 5) in events and g.ordeals[0].traitors == ("T",)


def test_intro_discard_has_no_power():
    g = scenario("intro", held="Pt")
    events = g.apply(A.DiscardTile("Pt"))
    assert kinds(events) == ["TileDiscarded"] and g.phase == "get" and g.discard == ("Pt",)


# ------------------------------------------------------------------ ordeals
EXAM1_OK = TOWER_BASTION_LINE


def test_R_O1_traitors_trigger_and_requirement_passes():
    g = scenario("intro", castle_text=EXAM1_OK, traitors=[["T"] * 4], held="T!")
    events = g.apply(A.PlaceTraitor("T!"))
    assert kinds(events)[-2:] == ["OrdealEncountered", "OrdealPassed"]
    assert events[-2].cause == "traitors" and events[-2].met
    assert g.ordeals[0].passed and g.current_ordeal == 1
    assert g.removed.count("T") == 4 and "T!" in g.removed  # R-O6: they leave with the card
    assert g.outcome is None and g.phase == "get"


def test_requirement_not_met_loses_with_the_reason():
    g = scenario("intro", castle_text=rows(FULL), traitors=[["T"] * 4], held="T")
    events = g.apply(A.PlaceTraitor("T"))
    assert isinstance(events[-1], E.GameLost)
    assert g.outcome == Outcome(Result.LOST, "R-§5.3", "exam-1", None,
                                {"tower": 1, "bastion": 1, "line": 1},
                                {"tower": 0, "bastion": 0, "line": 1})
    assert events[-1] == E.GameLost(g.outcome) and events[-1].rule == "R-§5.3"
    assert g.phase == "over" and g.legal_actions() == []
    with pytest.raises(IllegalAction) as info:
        g.apply(A.DrawTile("regular"))
    assert info.value.refusal.why is Why.GAME_OVER and info.value.rule == "R-§11"


def test_requirement_met_but_foundation_incomplete_loses():
    castle = EXAM1_OK.replace(FULL, "Pt Ps Pc Pt Jc ..").replace("St Pc", "St ..")
    g = scenario("intro", castle_text=castle, traitors=[["T"] * 4], held="T")
    events = g.apply(A.PlaceTraitor("T"))
    assert g.outcome == Outcome(Result.LOST, "R-O5", "exam-1")
    assert events[-1] == E.GameLost(g.outcome)


def test_exam_2_drops_the_foundation():
    base = rows("Jt Jc Js Jt Pc Ps", FULL)
    g = scenario("intro", castle_text=base, cards=["exam-2", "exam-1", "exam-3a"],
                 traitors=[["T"]], held="T")
    events = g.apply(A.PlaceTraitor("T"))
    dropped = [e for e in events if isinstance(e, E.RowsDestroyed)][0]
    assert dropped.rows == 1 and dropped.tiles == tuple(FULL.split())
    assert g.ordeals[0].passed and g.castle() == parse_castle(rows("Jt Jc Js Jt Pc Ps"))
    assert g.discard[-6:] == tuple(FULL.split())


def test_exam_2_fails_when_the_second_row_was_short():
    g = scenario("intro", castle_text=rows("Jt Jc .. .. .. ..", FULL),
                 cards=["exam-2", "exam-1", "exam-3a"], traitors=[["T"]], held="T")
    g.apply(A.PlaceTraitor("T"))
    assert g.outcome.result == "lost" and "R-O5" in g.outcome.reason


ALMOST_COMPLETE = "\n".join([
    "Jt Pc Jt Pc Jt ..",
    "Pc Jt Pc Jt Pc Jc",
    "Jt Cs Cc Jt Pc Ss",
    "Pc Ct Cs Pc Jt Sc",
    "Jc St Jc Cs Jt St",
    "Pt Ps Pc Pt Jc Ss",
])


def test_R_O2_chain_passes_exam_1_and_exam_2_at_once():
    # The last tile completes the castle: Exam I is encountered at once whatever its traitors;
    # passed on a complete castle, the castle is still complete, so Exam II follows at once.
    from castellion.rules import formations

    g = scenario("intro", castle_text=ALMOST_COMPLETE, held="Ss")
    assert formations(g.castle()) == {"tower": 1, "bastion": 1, "line": 1}
    events = g.apply(A.PlaceTile((5, 5), "Ss"))
    causes = [(e.card, e.cause) for e in events if isinstance(e, E.OrdealEncountered)]
    assert causes == [("exam-1", "complete castle"), ("exam-2", "complete castle")]
    assert g.ordeals[0].passed and g.ordeals[1].passed and g.current_ordeal == 2
    assert len(g.castle()) == 30 and g.castle().foundation_complete()
    assert g.outcome is None and g.phase == "get"


def test_R_O2_complete_castle_without_the_formations_loses():
    g = scenario("intro", castle_text=ALMOST_COMPLETE.replace("Pt Ps Pc Pt", "Pt Ps Cc Pt"),
                 held="Ss")
    events = g.apply(A.PlaceTile((5, 5), "Ss"))
    assert [e.cause for e in events if isinstance(e, E.OrdealEncountered)] == ["complete castle"]
    assert g.outcome.result is Result.LOST and g.outcome.rule == "R-§5.3" and g.outcome.ordeal == "exam-1"


def test_R_O3_early_encounter_only_from_the_base_level():
    g = scenario("intro")
    assert A.EncounterOrdeal() not in g.legal_actions()
    with pytest.raises(IllegalAction) as info:
        g.apply(A.EncounterOrdeal())
    assert info.value.refusal.why is Why.EARLY_ENCOUNTER_LEVEL and info.value.rule == "R-O3"
    g = scenario("base", castle_text=EXAM1_OK, cards=["sim-1", "sim-2a", "sim-3a"])
    assert A.EncounterOrdeal() in g.legal_actions()
    turn = g.turn
    events = g.apply(A.EncounterOrdeal())
    assert events[0] == E.OrdealEncountered(0, "sim-1", Cause.EARLY, True, 0, parse_castle(EXAM1_OK))
    assert g.ordeals[0].passed and g.phase == "get" and g.turn == turn  # still this turn


def test_R_O4_when_tiles_run_out_every_ordeal_is_encountered():
    g = scenario("intro", castle_text=rows(FULL), regular=["Pc"], safe=[])
    g.apply(A.DrawTile("regular"))
    events = g.apply(A.DiscardTile("Pc"))
    enc = [e for e in events if isinstance(e, E.OrdealEncountered)]
    assert enc[0].cause == Cause.TILES_RAN_OUT
    assert g.outcome.result == "lost"


def test_third_ordeal_passed_wins():
    g = scenario("intro", castle_text=EXAM1_OK, cards=["exam-1", "exam-2", "exam-1"],
                 traitors=[[], [], ["T"] * 4], held="T")
    d = g.to_dict()
    d["ordeals"][0]["passed"] = d["ordeals"][1]["passed"] = True
    from castellion.rules import Game
    g = Game.from_dict(d)
    events = g.apply(A.PlaceTraitor("T"))
    assert isinstance(events[-1], E.GameWon)
    assert g.outcome.result == "won" and g.phase == "over"


# ------------------------------------------------------------------ assaults (expert)
def test_assault_not_met_asks_the_player_to_destroy():
    castle = rows("Ps Ps .. .. .. ..", "Ps Ps Jt Jc Js Jt", "Cs Ct Cc Cs Ct Sc")
    castle = castle.replace("Cs Ct Cc Cs Ct Sc", "Ct Ss Cc Js Ct Sc")
    g = scenario("expert", castle_text=castle, cards=["harpy-1", "harpy-2", "harpy-3"],
                 traitors=[["T"]], held="T", face_up=[False, False, False])
    size = len(g.castle())
    events = g.apply(A.PlaceTraitor("T"))
    assert E.OrdealRevealed(0, "harpy-1") in events
    need = [e for e in events if isinstance(e, E.DestructionRequired)][0]
    assert need.count == 12 and need.kind == "assault"  # 16 less 4 for the Bastion
    assert g.destroy_kind == "assault"
    # the castle has 14 tiles > 12: the player chooses
    assert size == 14 and g.phase == "destroy" and g.destroy_left == 12
    assert all(isinstance(a, A.DestroyTile) for a in g.legal_actions())
    while g.phase == "destroy":
        g.apply(g.legal_actions()[-1])
    assert len(g.castle()) == 2 and g.outcome == Outcome(Result.LOST, "R-O5", "harpy-1")


def test_R_D4_with_fewer_tiles_all_are_destroyed():
    g = scenario("expert", castle_text=rows(FULL), cards=["harpy-1", "harpy-2", "harpy-3"],
                 traitors=[["T"]], held="T")
    g.apply(A.PlaceTraitor("T"))
    assert g.castle().is_empty() and g.outcome.result == "lost"


def test_earthworm_destroys_bottom_rows():
    g = scenario("expert", castle_text=rows("Jt Jc Js Jt Pc Ps", FULL),
                 cards=["earthworm-1", "harpy-2", "harpy-3"], traitors=[["T"]], held="T")
    g.apply(A.PlaceTraitor("T"))
    assert g.ordeals[0].passed and g.castle() == parse_castle(rows("Jt Jc Js Jt Pc Ps"))


def test_destroying_during_an_assault_refuses_a_split():
    castle = rows("Jc .. St .. .. ..", "Pt Ss Pc .. .. ..")
    g = scenario("expert", castle_text=castle, cards=["harpy-1", "harpy-2", "harpy-3"],
                 phase="destroy")
    d = g.to_dict()
    d.update(destroy_left=2, destroy_kind="assault", after_destroy="turn")
    from castellion.rules import Game
    g = Game.from_dict(d)
    assert g.destroy_kind is Destruction.ASSAULT and g.destroy_reason == "R-§5.3: Harpy"
    with pytest.raises(IllegalAction) as info:
        g.apply(A.DestroyTile((0, 1)))
    assert info.value.refusal == Refusal(Why.WOULD_SPLIT, cell=(0, 1), action="DestroyTile")
    assert g.refusal(A.DestroyTile((4, 4))).rule == "R-D1"


# ------------------------------------------------------------------ traitor discard (§6.5, §7)
def test_discarding_a_traitor_costs_four_tiles():
    castle = rows("Jt Jc Js .. .. ..", FULL)
    g = scenario("base", castle_text=castle, held="T")
    events = g.apply(A.DiscardTraitor("T"))
    assert E.TraitorDiscarded("T", 4) in events and g.phase == "destroy" and g.destroy_left == 4
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    assert len(g.castle()) == 5 and g.phase == "get" and g.discard[0] == "T"


def test_black_bordered_traitor_cannot_be_discarded():
    g = scenario("base", held="T!")
    # (R-O3: the early encounter stays open with a tile in hand.)
    assert g.legal_actions() == [A.PlaceTraitor("T!"), A.EncounterOrdeal()]
    assert g.refusal(A.DiscardTraitor("T!")).why is Why.BLACK_TRAITOR
    with pytest.raises(IllegalAction) as info:
        g.apply(A.DiscardTraitor("T!"))
    assert info.value.rule == "R-§6.5"


def test_discarding_a_traitor_with_an_empty_castle_is_free():
    g = scenario("base", held="T")
    events = g.apply(A.DiscardTraitor("T"))
    assert E.TraitorDiscarded("T", 4) in events and g.phase == "get"


def test_line_power_makes_traitor_discard_cheaper():
    castle = rows("Jt Jc Js Jt Pc Ps", "St Ss Sc St Pc Cs")
    g = scenario("expert", castle_text=castle, held="T")
    events = g.apply(A.DiscardTraitor("T"))
    assert E.TraitorDiscarded("T", 2) in events and g.destroy_left == 2


def test_four_lines_make_it_free():
    castle = rows("Pt Ps Pc Pt Jc Js", "St Ss Sc St Pc Cs", "Jt Jc Js Jt Pc Ps",
                  "Ct Cs Cc Ct Sc Ss")
    g = scenario("expert", castle_text=castle, held="T")
    assert g.apply(A.DiscardTraitor("T"))[-1] == E.TraitorDiscarded("T", 0)
    assert g.phase == "get" and len(g.castle()) == 24


# ------------------------------------------------------------------ powers (§6)
def test_juggler_swaps_two_adjacent_defenders():
    g = scenario("base", castle_text=rows("Pt Sc .. .. .. .."), held="Jt")
    events = g.apply(A.DiscardTile("Jt"))
    assert events[-1] == E.PowerOffered("J")
    assert g.legal_actions() == [A.UsePower("J"), A.SkipPower("J")]
    g.apply(A.UsePower("J"))
    assert g.legal_actions() == [A.SwapTiles((0, 0), (0, 1))]
    g.apply(A.SwapTiles((0, 0), (0, 1)))
    assert g.castle() == parse_castle(rows("Sc Pt .. .. .. ..")) and g.phase == "get"


def test_power_that_can_do_nothing_ends_at_once():
    g = scenario("base", castle_text=rows("Pt .. .. .. .. .."), held="Jt")
    events = g.apply(A.DiscardTile("Jt"))
    assert isinstance(events[-1], E.PowerEnded) and g.phase == "get"


def test_skipping_a_power():
    g = scenario("base", castle_text=rows("Pt Sc .. .. .. .."), held="Jt")
    g.apply(A.DiscardTile("Jt"))
    assert g.apply(A.SkipPower("J")) == [E.PowerSkipped("J")] and g.phase == "get"


def test_seer_reveals_until_four_from_chosen_piles():
    g = scenario("base", held="Sc", regular=["Pt", "T", "Jc"], safe=["Cs+", "Ps+"])
    g.apply(A.DiscardTile("Sc"))
    g.apply(A.UsePower("S"))
    assert g.legal_actions() == [A.RevealTile("regular"), A.RevealTile("safe")]
    g.apply(A.RevealTile("regular"))
    g.apply(A.RevealTile("safe"))
    g.apply(A.RevealTile("regular"))
    assert g.phase == "seer"
    events = g.apply(A.RevealTile("regular"))
    assert g.revealed == ("Jc", "Ps+", "T", "Pt") and isinstance(events[-1], E.PowerEnded)
    assert g.phase == "get"
    assert g.legal_actions() == [A.TakeRevealed(i, t) for i, t in enumerate(g.revealed)] + [
        A.EncounterOrdeal()]


def test_second_seer_tops_the_row_up_to_four():
    g = scenario("base", held="Sc", revealed=["Pt", "Jc", "Cc"], regular=["Ss", "St"])
    g.apply(A.DiscardTile("Sc"))
    g.apply(A.UsePower("S"))
    events = g.apply(A.RevealTile("regular"))
    assert len(g.revealed) == 4 and isinstance(events[-1], E.PowerEnded)


def test_revealed_traitors_are_traitors():
    g = scenario("base", revealed=["T"])
    g.apply(A.TakeRevealed(0, "T"))
    assert g.legal_actions() == [A.PlaceTraitor("T"), A.DiscardTraitor("T"), A.EncounterOrdeal()]


def test_chameleon_takes_a_same_shape_tile_and_uses_it():
    g = scenario("base", held="Cs", discard=["Pt", "Js", "T", "Ss"],
                 castle_text=rows("Pt .. .. .. .. .."))
    g.apply(A.DiscardTile("Cs"))
    g.apply(A.UsePower("C"))
    # squares only, and not the Chameleon itself (now on top of the pile)
    assert g.legal_actions() == [A.TakeFromDiscard(1, "Js"), A.TakeFromDiscard(3, "Ss")]
    events = g.apply(A.TakeFromDiscard(3, "Ss"))
    assert events == [E.TileRecovered(3, "Ss")]
    assert g.held == "Ss" and g.phase == "use" and g.discard == ("Pt", "Js", "T", "Cs")
    g.apply(A.PlaceTile((0, 1), "Ss"))
    assert g.castle().tile_at((0, 1)).code == "Ss" and g.phase == "get"


def test_chameleon_cannot_take_itself():
    g = scenario("base", held="Cs", discard=["Pt"], castle_text=rows("Pt .. .. .. .. .."))
    events = g.apply(A.DiscardTile("Cs"))
    assert isinstance(events[-1], E.PowerEnded)


def test_pyro_destroys_then_moves_ignoring_shapes():
    castle = rows("Ct .. .. .. .. ..", "Sc Jt Cs .. .. ..")
    g = scenario("base", castle_text=castle, held="Pc")
    g.apply(A.DiscardTile("Pc"))
    g.apply(A.UsePower("P"))
    assert g.phase == "pyro_destroy"
    g.apply(A.DestroyTile((1, 0)))
    assert g.phase == "pyro_move"
    assert A.MoveTile((0, 2), (1, 1)) in g.legal_actions()  # square onto ... not R-P3 checked
    events = g.apply(A.MoveTile((0, 2), (1, 1)))
    assert E.TileMoved(0, (0, 2), (1, 1), "Cs") in events
    assert g.castle() == parse_castle(rows(".. Cs .. .. .. ..", "Sc Jt .. .. .. .."))
    assert g.discard[-1] == "Ct" and g.phase == "get"


def test_pyro_with_nothing_to_move_ends_after_the_destruction():
    g = scenario("base", castle_text=rows("Sc .. .. .. .. .."), held="Pc")
    g.apply(A.DiscardTile("Pc"))
    g.apply(A.UsePower("P"))
    events = g.apply(A.DestroyTile((0, 0)))
    assert isinstance(events[-1], E.PowerEnded) and g.phase == "get"


# ------------------------------------------------------------------ tower power (§7)
def test_tower_power_turns_up_a_face_down_ordeal_of_choice():
    castle = rows("St .. .. .. .. ..", "Ss .. .. .. .. ..", "Sc Jt .. .. .. ..")
    g = scenario("expert", castle_text=castle, held="Ss", face_up=[False, False, False])
    g.apply(A.PlaceTile((3, 0), "Ss"))
    assert g.phase == "tower_reveal"
    assert g.legal_actions() == [A.RevealOrdeal(0), A.RevealOrdeal(1), A.RevealOrdeal(2)]
    events = g.apply(A.RevealOrdeal(2))
    assert events[0] == E.OrdealRevealed(2, g.ordeals[2].card.id)
    assert g.ordeals[2].face_up and not g.ordeals[0].face_up and g.phase == "get"


def test_no_tower_power_below_expert():
    castle = rows("St .. .. .. .. ..", "Ss .. .. .. .. ..", "Sc Jt .. .. .. ..")
    g = scenario("base", castle_text=castle, held="Ss")
    g.apply(A.PlaceTile((3, 0), "Ss"))
    assert g.phase == "get"


# ------------------------------------------------------------------ R-O3 preview
def test_preview_encounter_tells_pass_lose_or_unknown_without_changing_the_game():
    g = scenario("base", castle_text=EXAM1_OK, cards=["sim-1", "sim-2a", "sim-3a"])
    before = g.to_dict()
    assert g.preview_encounter() is True
    assert g.to_dict() == before
    assert scenario("base", castle_text=rows(FULL), cards=["sim-1", "sim-2a", "sim-3a"]
                    ).preview_encounter() is False
    assert scenario("intro", castle_text=EXAM1_OK).preview_encounter() is None  # no R-O3 at intro


def test_preview_encounter_counts_what_the_card_destroys():
    # Earthworm asks for no formation, but a one-row castle loses its foundation to it
    worm = scenario("expert", castle_text=rows(FULL), cards=["earthworm-1", "harpy-2", "harpy-3"],
                    face_up=[True, False, False])
    assert worm.preview_encounter() is False
    # an unmet Assault asks the player which tiles go: not known in advance
    harpy = scenario("expert", castle_text=EXAM1_OK, cards=["harpy-1", "harpy-2", "harpy-3"],
                     face_up=[True, False, False])
    assert harpy.preview_encounter() is None
    # and a face-down card is never previewed (that would peek)
    hidden = scenario("expert", castle_text=rows(FULL), cards=["earthworm-1", "harpy-2", "harpy-3"],
                      face_up=[False, False, False])
    assert hidden.preview_encounter() is None


# ------------------------------------------------------------ R-O3 at any time, tile in hand
def test_R_O3_early_encounter_is_allowed_with_a_drawn_tile_in_hand_which_stays_in_hand():
    g = scenario("base", castle_text=TOWER_BASTION_LINE, held="Jt")
    assert g.phase == "use" and A.EncounterOrdeal() in g.legal_actions()
    assert g.refusal(A.EncounterOrdeal()) is None
    events = g.apply(A.EncounterOrdeal())
    assert E.OrdealPassed(0, g.ordeals[0].card.id) in events
    # The tile drawn before the encounter is still the player's to use, and nothing else moved on.
    assert g.phase == "use" and g.held == "Jt" and g.turn == 1
    assert A.DiscardTile("Jt") in g.legal_actions()


def test_R_O3_early_encounter_with_a_tile_in_hand_can_still_lose_the_game():
    g = scenario("base", castle_text=rows(FULL), held="Jt")
    g.apply(A.EncounterOrdeal())
    assert g.phase == "over" and g.outcome is not None and g.outcome.rule == "R-§5.3"


def test_R_O3_no_early_encounter_at_the_introductory_level_even_with_a_tile_in_hand():
    g = scenario("intro", castle_text=rows(FULL), held="Jt")
    assert A.EncounterOrdeal() not in g.legal_actions()
    assert g.refusal(A.EncounterOrdeal()).why is Why.EARLY_ENCOUNTER_LEVEL
