"""The one-draw look-ahead (castellion/ai/lookahead.py): it reads counts, never an order, and it
prices a castle by what the next Defender can make of it."""

from __future__ import annotations

from castellion.ai.evaluate import Evaluator
from castellion.ai.lookahead import expected_value, next_defenders
from castellion.rules import new_game
from castellion.rules.public import public_view
from tests.rules_helpers import castle_of


def test_next_defenders_are_the_unseen_defenders_only():
    """§1: 60 + 12 Defenders unseen at the start, Traitors left out; probabilities sum to 1."""
    view = public_view(new_game("intro", seed=4))
    mix = dict(next_defenders(view))
    assert set(mix) == {f + s for f in "SCJP" for s in "tsc"}
    assert abs(sum(mix.values()) - 1.0) < 1e-9
    assert abs(mix["Pt"] - 6 / 72) < 1e-9  # 5 regular + 1 safe of each kind
    safe_only = dict(next_defenders(view, ("safe",)))
    assert all(abs(p - 1 / 12) < 1e-9 for p in safe_only.values())


def test_next_defenders_follow_the_tiles_seen():
    game = new_game("intro", seed=4)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    view = public_view(game)
    unseen = sum(1 for p in ("regular", "safe") for t in view.unseen[p] if not t.startswith("T"))
    seen_pt = sum(1 for t in view.seen if t.rstrip("+") == "Pt")
    assert abs(dict(next_defenders(view)).get("Pt", 0.0) - (6 - seen_pt) / unseen) < 1e-9


def test_a_castle_is_worth_the_best_use_of_the_next_defender():
    """R-F1: three Pyros in the foundation wait for a fourth; if the next Defender is surely a
    Pyro, the castle is worth its best placement (the Line or better), never less than now."""
    view = public_view(new_game("intro", seed=0))
    ev = Evaluator(view)
    castle = castle_of("Pt Ps Pc .. Jc Js")

    def value(c):
        return -ev.cost(c)

    pyro = expected_value(castle, [("Pc", 1.0)], value, 0.3)
    seer = expected_value(castle, [("Sc", 1.0)], value, 0.3)
    assert pyro > value(castle) and seer >= value(castle) - 0.3
    assert pyro == max(value(castle.place("Pc", cell)[0]) for cell in castle.legal_placements("Pc"))
    half = expected_value(castle, [("Pc", 0.5), ("Sc", 0.5)], value, 0.3)
    assert half == (pyro + seer) / 2
    assert expected_value(castle, [], value, 0.3) == value(castle) - 0.3


def test_a_cell_left_one_shape_by_r_p3_makes_a_window_dearer():
    """R-P3: a missing Tower cell between a square and a triangle takes circles only (one kind
    of Defender in twelve), so the plan prices it above a cell that takes two shapes."""
    from castellion.ai.plan import Grid, live_windows, plan

    tight = Grid(castle_of("Sc .. .. .. .. ..", "St Ps .. .. .. ..", "Ss Pt Jc Jt Cs Ct"))
    cell = 2 * 6 + 1  # (2, 1): above the second column
    loose = Grid(castle_of("Sc .. .. .. .. ..", "St Pc .. .. .. ..", "Ss Pt Jc Jt Cs Ct"))

    def pyro_tower(grid):
        return next(x for x in live_windows(grid) if x.window.kind == "tower" and cell in x.missing
                    and x.faction == "P")

    assert pyro_tower(tight).tight == 1 and pyro_tower(loose).tight == 0
    need = {"tower": 1}
    dear = plan(tight, need, [pyro_tower(tight)], tight=0.4).cost
    assert abs(dear - plan(tight, need, [pyro_tower(tight)]).cost - 0.4) < 1e-9
    assert dear > plan(loose, need, [pyro_tower(loose)], tight=0.4).cost
