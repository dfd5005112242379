"""Questions the screens ask the rules instead of working the answer out themselves (issue 10:
"no screen computes a rule"), by rule id. The costs and counts asked since the rules answer in
data are in tests/rules/test_rulings_and_costs.py; these are the ones the board package added."""

from __future__ import annotations

from castellion.rules import actions as A
from tests.rules_helpers import scenario


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
    g = scenario("base", variant="hard", prison=_prison(ring))
    assert g.variant_id == "prison" and len(g.prison) == 7 and not g.prison_complete
    g = scenario("base", variant="hard", prison=_prison({**ring, (2, 2): "Ct"}))
    assert g.prison_complete
