"""Questions the screens ask the rules instead of working the answer out themselves (issue 10:
"no screen computes a rule"), by rule id: what the board asks, the Traitor's price and the
Pantry's counts, and a refusal that always agrees with `apply` and the legal list."""

from __future__ import annotations

from castellion.rules import Game, new_game
from castellion.rules import actions as A
from castellion.rules import events as E
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom
from tests.rules_helpers import FULL, rows, scenario


def test_R_s6_seer_reveals_left_counts_down_to_four_revealed():
    # §6 Seer: reveal tiles until 4 are revealed; the board's banner says how many remain.
    g = scenario("base", held="Sc", revealed=["Pt"], regular=["Ss", "St", "Jc", "Jt"])
    assert g.seer_reveals_left == 3
    g.apply(A.DiscardTile("Sc"))
    g.apply(A.UsePower("S"))
    g.apply(A.RevealTile("regular"))
    assert g.phase == "seer" and g.seer_reveals_left == 2
    g.apply(A.RevealTile("regular"))
    g.apply(A.RevealTile("regular"))
    assert len(g.revealed) == 4 and g.seer_reveals_left == 0 and g.phase != "seer"


def test_R_s6_seer_reveals_left_is_never_negative():
    g = scenario("base", revealed=["Pt", "Jc", "Cc", "Ss"])
    assert g.seer_reveals_left == 0


def _prison(cells: dict[tuple[int, int], str]) -> list[str | None]:
    return [cells.get((i // 3, i % 3)) for i in range(9)]


def test_R_s8_4_prison_complete_when_every_ring_cell_holds_a_tile():
    ring = {(0, 0): "Pt", (0, 1): "Js", (0, 2): "Ct", (1, 0): "Js", (1, 2): "Sc", (2, 0): "Pt", (2, 1): "Js"}
    g = scenario("base", variant="prison", prison=_prison(ring))
    assert g.variant_id == "prison" and len(g.prison) == 7 and not g.prison_complete
    g = scenario("base", variant="prison", prison=_prison({**ring, (2, 2): "Ct"}))
    assert g.prison_complete


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
