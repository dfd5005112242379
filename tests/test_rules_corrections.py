"""Rulebook corrections from the audit against the printed rules (issue 10), by rule id, and the
questions the rules answer for the screens (refusals without playing, costs, counts)."""

from __future__ import annotations

from rules_helpers import FULL, TOWER_BASTION_LINE, rows, scenario

from castellion.rules import Cause, Game, Why, new_game
from castellion.rules import actions as A
from castellion.rules import events as E
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom


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


# ------------------------------------------------------------ R-§6.5 / §7: the Traitor's price
def test_traitor_discard_cost_is_asked_of_the_rules():
    assert scenario("base", castle_text=rows(FULL), held="T").traitor_discard_cost() == 4
    # expert: the foundation's Line makes it one tile cheaper (Line power, §7)
    g = scenario("expert", castle_text=rows(FULL), held="T")
    assert g.traitor_discard_cost() == 3
    assert E.TraitorDiscarded("T", 3) in g.apply(A.DiscardTraitor("T"))


def test_pantry_counts_are_asked_of_the_rules():
    assert new_game("intro", seed=1, pantry=True).pantry_tiles_per_player == 6
    two = new_game("intro", seed=1, pantry=True, players=2)
    assert two.pantry_tiles_per_player == 3 and len(two.pantry_supply(1)) == 3
    assert [two.pantry_needed(i) for i in range(3)] == [1, 2, 3]
    assert new_game("intro", seed=1).pantry_needed(0) is None


# ------------------------------------------------------------ Game.refusal
def _candidates(game: Game) -> list[A.Action]:
    held = game.held or "Pt"
    out: list[A.Action] = [A.DrawTile("regular"), A.DrawTile("safe"), A.EncounterOrdeal(),
                           A.DiscardTile(held), A.PlaceTraitor(held), A.DiscardTraitor(held),
                           A.PassTile(held), A.HandChampion(), A.SkipPower("P")]
    out += [A.PlaceTile((r, c), held) for r in range(-1, 7) for c in range(-1, 7)]
    out += [A.DestroyTile((r, c)) for r in range(6) for c in range(6)]
    return out


def test_refusal_agrees_with_apply_and_never_changes_the_game():
    for level, opts in (("intro", {}), ("base", {"players": 2}), ("expert", {"pantry": True})):
        game = new_game(level, seed=21, **opts)
        rng = SeededRandom.from_seed(5)
        for _ in range(60):
            if game.outcome is not None:
                break
            before = game.to_dict()
            legal = set(game.legal_actions())
            for action in _candidates(game):
                refusal = game.refusal(action)
                assert (refusal is None) == (action in legal), (action, refusal)
                if refusal is not None:
                    try:
                        game.copy().apply(action)
                    except Exception as exc:  # noqa: BLE001 - the refusal must be the one raised
                        assert getattr(exc, "refusal", None) == refusal
            assert game.to_dict() == before
            game.apply(greedy_action(game, rng, noise=0.5))


# ------------------------------------------------------------ the text mode
def test_text_mode_marks_reconstructed_cards_as_the_board_does():
    from castellion.textmode import describe

    base = describe(new_game("base", seed=3))  # the Simulations are this edition's cards
    assert base.count("(this edition's card)") == 3
    assert "this edition's card" not in describe(new_game("intro", seed=3))  # printed Exams


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
