"""The hot-seat two-player game (docs/rules.md §9), rule by rule (issue 6)."""

import pytest

from castellion.rules import IllegalAction, Outcome, Result, Why, new_game, parse_castle
from castellion.rules import actions as A
from castellion.rules import events as E
from tests.rules_helpers import EMPTY, FULL, TOWER_BASTION_LINE, rows, scenario

OK = TOWER_BASTION_LINE


def test_two_castles_shared_piles_alternating_turns():
    g = new_game("intro", seed=1, players=2)
    assert g.castle(0).is_empty() and g.castle(1).is_empty()
    assert g.active == 0
    g.apply(A.DrawTile("regular"))
    tile = g.held
    if tile.startswith("T"):
        g.apply(A.PlaceTraitor(tile))
    else:
        g.apply(A.PlaceTile((0, 0), tile))
    assert g.active == 1 and g.turn == 2 and g.castle(1).is_empty()
    assert sum(g.census().values()) == 84


def test_pass_costs_an_uncovered_tile_at_the_intro_level():
    g = scenario("intro", players=2, castles=[rows("Jc .. .. .. .. ..", "Pt Sc Ct .. .. .."), EMPTY],
                 held="Ps")
    assert A.PassTile("Ps") in g.legal_actions()
    events = g.apply(A.PassTile("Ps"))
    assert g.phase == "destroy" and g.destroy_left == 1
    # only tiles with nothing on top, never splitting: Jc on top of the column and Ct at the end
    assert {a.cell for a in g.legal_actions()} == {(1, 0), (0, 2)}
    with pytest.raises(IllegalAction) as info:
        g.apply(A.DestroyTile((0, 0)))
    assert info.value.refusal.why is Why.NOT_UNCOVERED and info.value.rule == "R-§9"
    events = g.apply(A.DestroyTile((0, 2)))
    assert E.TilePassed(0, 1, "Ps") in events
    assert g.active == 1 and g.held == "Ps" and g.phase == "use"
    # intro: the partner must place it (no discard, no passing back)
    assert all(isinstance(a, A.PlaceTile) for a in g.legal_actions())
    g.apply(A.PlaceTile((0, 3), "Ps"))
    # ...and then plays their own turn
    assert g.active == 1 and g.phase == "get"
    g.apply(A.DrawTile("regular"))
    t = g.held
    g.apply(A.PlaceTraitor(t) if t.startswith("T") else A.DiscardTile(t))
    assert g.active == 0


def test_pass_at_the_base_level_any_tile_with_slides_and_discard_allowed():
    g = scenario("base", players=2, castles=[rows("Jc .. .. .. .. ..", "Pt Sc Ct .. .. .."), EMPTY],
                 held="Ps")
    g.apply(A.PassTile("Ps"))
    assert (0, 0) in {a.cell for a in g.legal_actions()}  # a covered tile, with a slide
    g.apply(A.DestroyTile((0, 0)))
    assert g.castle(0) == parse_castle(rows("Jc Sc Ct .. .. .."))
    assert A.DiscardTile("Ps") in g.legal_actions() and g.active == 1


def test_traitors_cannot_be_passed_and_not_with_an_empty_castle():
    g = scenario("base", players=2, castles=[rows(FULL), EMPTY], held="T")
    assert not any(isinstance(a, A.PassTile) for a in g.legal_actions())
    g = scenario("base", players=2, held="Pt")
    assert A.PassTile("Pt") not in g.legal_actions()
    with pytest.raises(IllegalAction) as info:
        g.apply(A.PassTile("Pt"))
    assert info.value.refusal.why is Why.PASS_EMPTY_CASTLE and info.value.rule == "R-§9"


def test_champion_flow():
    g = scenario("base", players=2, castles=[rows(FULL), OK],
                 cards=["sim-1", "sim-1", "sim-1"], traitors=[["T", "T"]], held="T")
    g.apply(A.PlaceTraitor("T"))
    # the first Ordeal may be faced by either player
    assert g.phase == "choose_facer"
    assert g.legal_actions() == [A.ChooseFacer(0), A.ChooseFacer(1)]
    events = g.apply(A.ChooseFacer(1))
    assert E.FacerChosen(0, 1) in events and E.ChampionTaken(1) in events
    assert g.ordeals[0].passed and g.champion == 1
    # the next Ordeal is faced by the player without the card: player 1's castle is not judged
    assert g.facer == 0
    # the holder may hand the card over by destroying 6 of their own tiles
    while g.active != 1:
        g.apply(A.DrawTile("regular"))
        t = g.held
        g.apply(A.PlaceTraitor(t) if t.startswith("T") else A.DiscardTile(t))
        if g.phase == "power":
            g.apply(A.SkipPower(g.power_faction))
    assert A.HandChampion() in g.legal_actions()
    size = len(g.castle(1))
    g.apply(A.HandChampion())
    assert g.phase == "destroy" and g.destroy_left == 6
    while g.phase == "destroy":
        g.apply(max(g.legal_actions(), key=lambda a: a.cell[0]))
    assert g.champion == 0 and len(g.castle(1)) == size - 6 and g.facer == 1


def test_the_facers_castle_is_judged():
    g = scenario("base", players=2, castles=[rows(FULL), OK],
                 cards=["sim-1", "sim-1", "sim-1"], traitors=[["T", "T"]], held="T")
    g.apply(A.PlaceTraitor("T"))
    g.apply(A.ChooseFacer(0))
    assert g.outcome == Outcome(Result.LOST, "R-§5.3", "sim-1", 0, {"tower": 1, "bastion": 1, "line": 1},
                                {"tower": 0, "bastion": 0, "line": 1})


def test_a_complete_castle_of_either_player_triggers():
    complete = "\n".join(["Jt Pc Jt Pc Jt Ss", "Pc Jt Pc Jt Pc Jc", "Jt Cs Cc Jt Pc Ss",
                          "Pc Ct Cs Pc Jt Sc", "Jc St Jc Cs Jt St", "Pt Ps Pc Pt Jc Ss"])
    g = scenario("intro", players=2, castles=[rows(FULL), complete], held="T",
                 cards=["exam-1", "exam-2", "exam-3a"])
    events = g.apply(A.PlaceTraitor("T"))
    assert g.phase == "choose_facer"
    events = g.apply(A.ChooseFacer(1))
    causes = [e.cause for e in events if isinstance(e, E.OrdealEncountered)]
    assert causes[0] == "complete castle" and g.ordeals[0].passed


def test_pantry_three_each_and_counts_per_castle():
    g = new_game("intro", seed=1, players=2, pantry=True)
    assert sorted(g.pantry_supply(0)) == sorted(g.pantry_supply(1)) == ["*c", "*s", "*t"]
    ok0 = OK.replace("St Pc", "St *c")
    g = scenario("base", players=2, pantry=True, castles=[ok0, rows("*t Pc .. .. .. ..")],
                 cards=["sim-1", "sim-1", "sim-1"], champion=1, supply=[["*t", "*s"], ["*s", "*c"]])
    g.apply(A.EncounterOrdeal())
    assert g.ordeals[0].passed  # 1 in each castle after Ordeal I
    g = scenario("base", players=2, pantry=True, castles=[ok0, rows("Jt Pc .. .. .. ..")],
                 cards=["sim-1", "sim-1", "sim-1"], champion=1, supply=[["*t", "*s"], ["*t", "*s", "*c"]])
    g.apply(A.EncounterOrdeal())
    assert g.outcome.result == "lost" and g.outcome.rule == "R-§10" and g.outcome.player == 1


def test_seer_reveals_are_taken_alternately():
    g = scenario("base", players=2, revealed=["Pt", "Sc"])
    g.apply(A.TakeRevealed(0, "Pt"))
    g.apply(A.PlaceTile((0, 0), "Pt"))
    assert g.active == 1 and g.legal_actions()[0] == A.TakeRevealed(0, "Sc")


def test_one_shared_prison():
    g = scenario("base", players=2, variant="prison", held="Pt")
    g.apply(A.PlacePrison((0, 0), "Pt"))
    assert g.active == 1 and g.prison == {(0, 0): "Pt"}


def test_a_received_tile_is_used_at_once_no_encounter_and_no_pass_back_come_between():
    """R-§9: the partner uses a passed tile at once (base level: places or discards it); an early
    encounter (R-O3) and passing it back are both refused, for that one rule."""
    g = scenario("base", players=2, castles=[rows("Jc .. .. .. .. ..", "Pt Sc Ct .. .. .."),
                                             rows("Pt Sc .. .. .. ..")], held="Ps")
    g.apply(A.PassTile("Ps"))
    g.apply(A.DestroyTile((0, 0)))
    assert g.active == 1 and g.held == "Ps" and g.phase == "use"
    for action in (A.EncounterOrdeal(), A.PassTile("Ps")):
        assert action not in g.legal_actions()
        with pytest.raises(IllegalAction) as info:
            g.apply(action)
        assert info.value.refusal.why is Why.PASS_RECEIVED and info.value.rule == "R-§9"
    g.apply(next(a for a in g.legal_actions() if isinstance(a, A.PlaceTile)))  # used: the receiver's own turn
    assert g.active == 1 and g.phase == "get"
    assert A.EncounterOrdeal() in g.legal_actions()


@pytest.mark.parametrize("level", ["intro", "base"])
def test_in_every_state_of_two_player_play_a_received_tile_refuses_the_encounter_and_the_pass_back(level):
    """R-§9 wherever random two-player play holds a received tile: the encounter and passing it back
    are refused for that rule (and, at the introductory level, a discard while it can be placed);
    with no tile received, nothing is refused for it."""
    import random

    received = 0
    for seed in range(1, 41):
        g, rng = new_game(level, seed=seed, players=2), random.Random(seed)
        for _ in range(250):
            if g.outcome is not None:
                break
            acts = g.legal_actions()
            passes = [a for a in acts if isinstance(a, A.PassTile)]
            tries = [A.EncounterOrdeal(), *([A.PassTile(g.held), A.DiscardTile(g.held)] if g.held else [])]
            why = {type(a): (r.why if (r := g.refusal(a)) is not None else None) for a in tries}
            why.setdefault(A.DiscardTile, None)
            if g.pass_received and g.held is not None:
                received += 1
                # (passing back to an empty castle has its own reason, checked first)
                assert why[A.PassTile] in (Why.PASS_RECEIVED, Why.PASS_EMPTY_CASTLE) and why[A.EncounterOrdeal]
                if level != "intro" and g.current_ordeal is not None:  # (intro: no early encounter at all)
                    assert why[A.EncounterOrdeal] is Why.PASS_RECEIVED
                placeable = any(isinstance(a, A.PlaceTile) for a in acts)
                assert (why[A.DiscardTile] is Why.PASS_RECEIVED) == (level == "intro" and placeable)
            else:
                assert Why.PASS_RECEIVED not in why.values()
            g.apply(rng.choice(passes or acts))  # passing whenever it may: many tiles received
    assert received >= 15, received
