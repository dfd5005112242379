"""Formations R-F1..R-F4 and judge_ordeal (docs/rules.md §3, §5.3)."""

import json
from dataclasses import asdict

import pytest

from castellion.rules import (
    FormationKind,
    Requirement,
    default_ruleset,
    formation_groups,
    formations,
    judge_ordeal,
    parse_castle,
    requirements,
)
from tests.rules_helpers import EMPTY, ROW, TOWER_BASTION_LINE
from tests.rules_helpers import castle_of as c


def test_R_F1_tower_bastion_line():
    castle = c(
        "Pt .. .. .. .. ..",
        "Ps .. .. .. .. ..",
        "Pc Sc Ss .. .. ..",
        "Pt Ss St Jt Jc Js",
    )
    assert formations(castle) == {"tower": 1, "bastion": 1, "line": 0}
    line = c("Jt Jc Js Jt Pc Ps")
    assert formations(line) == {"tower": 0, "bastion": 0, "line": 1}
    kinds = sorted(f.kind for f in formation_groups(castle))
    assert kinds == ["bastion", "tower"]


def test_R_F2_a_fifth_tile_cancels():
    five = c("Jt Jc Js Jt Jc Ps")
    assert formations(five)["line"] == 0
    # a fifth Seer touching the bastion from above cancels it
    castle = c(
        ".. Sc .. .. .. ..",
        "Ps Ss Sc .. .. ..",
        "Pc St Ss .. .. ..",
    )
    assert formations(castle)["bastion"] == 0


def test_R_F2_other_factions_next_to_it_do_not_matter():
    castle = c(
        "Ps Ps Jc .. .. ..",
        "Ps Ps Js .. .. ..",
    )
    assert formations(castle) == {"tower": 0, "bastion": 1, "line": 0}


def test_R_F3_l_t_s_z_count_for_nothing():
    l_shape = c(
        "Pt .. .. .. .. ..",
        "Ps .. .. .. .. ..",
        "Pc Ps .. .. .. ..",
    )
    assert formations(l_shape) == {"tower": 0, "bastion": 0, "line": 0}


def test_R_F4_pantry_and_pawn_tiles_neither_form_nor_cancel():
    castle = c("Pt Pc Ps Pt *s Ps")
    assert formations(castle)["line"] == 1
    pawned = c("Pt Pc Ps Pt@ Jc Ps")
    assert formations(pawned)["line"] == 0
    # a pawn tile next to a line does not cancel it
    castle = c("Pt Pc Ps Pt Ps@ Jc")
    assert formations(castle)["line"] == 1


def test_one_tile_never_counts_twice():
    eight = c(
        "Sc Ss Sc Ss .. ..",
        "St Sc St Sc .. ..",
    )
    assert formations(eight) == {"tower": 0, "bastion": 0, "line": 0}


# ------------------------------------------------------------------ judge_ordeal
FULL_FOUNDATION = "Pt Ps Pc Pt Jc Js"


def test_requirement_card_met():
    castle = c(
        "St .. .. .. .. ..",
        "Ss .. .. .. .. ..",
        "St .. Cc Ct .. ..",
        "Ss Js Cs Ct St Pc",
        FULL_FOUNDATION,
    )
    v = judge_ordeal("exam-1", castle)
    assert v.have == {"tower": 1, "bastion": 1, "line": 1}
    assert v.met and v.destroy == 0 and v.destroy_rows == 0


def test_requirement_card_not_met():
    v = judge_ordeal("exam-3c", parse_castle("\n".join([ROW] * 5 + [FULL_FOUNDATION])))
    assert not v.met and v.need == {"tower": 3, "bastion": 2}


def test_the_verdict_answers_each_requirement_kind_have_need_met():
    """R-§5.3: a requirement card is passed when the castle shows at least each formation it asks
    for; the verdict answers it per formation (kind, have, need, met) and its `met` is theirs."""
    castle = c(
        "St .. .. .. .. ..",
        "Ss .. .. .. .. ..",
        "St .. Cc Ct .. ..",
        "Ss Js Cs Ct Pt Pc",
    )
    v = judge_ordeal("exam-1", castle)
    assert v.requirements == (Requirement(FormationKind.TOWER, 1, 1, True),
                              Requirement(FormationKind.BASTION, 1, 1, True),
                              Requirement(FormationKind.LINE, 0, 1, False))
    assert not v.met
    assert v.requirements == requirements(default_ruleset().cards["exam-1"], formations(castle))


@pytest.mark.parametrize("card", ["exam-1", "exam-3c", "sim-1", "sim-2a", "harpy-1", "exam-2", "earthworm-1"])
def test_the_verdict_is_met_exactly_when_every_requirement_is(card):
    """R-§5.3 and §7: the one `met` of a verdict (a requirement card passed, an Assault held off)
    is made of its requirements' answers, the ones the status panel shows; a card that asks for no
    formation (Exam II, Earthworm) has none and is met."""
    castles = [parse_castle(EMPTY), parse_castle(TOWER_BASTION_LINE), c("Ps Ps .. .. .. ..", "Ps Ps .. .. .. .."),
               c("St .. .. .. .. ..", "Ss .. .. .. .. ..", "St .. Cc Ct .. ..", "Ss Js Cs Ct Pt Pc")]
    for castle in castles:
        v = judge_ordeal(card, castle)
        asked = {k: n for k, n in default_ruleset().cards[card].requires.items() if n}
        assert [(r.kind, r.need) for r in v.requirements] == list(asked.items())
        assert all(r.have == v.have[r.kind] and r.met == (r.have >= r.need) for r in v.requirements)
        assert v.met == all(r.met for r in v.requirements)
        assert json.loads(json.dumps([asdict(r) for r in v.requirements])) == \
            [{"kind": r.kind.value, "have": r.have, "need": r.need, "met": r.met} for r in v.requirements]


def test_exam_2_drops_one_row():
    assert judge_ordeal("exam-2", parse_castle("\n".join([ROW] * 6))).destroy_rows == 1


@pytest.mark.parametrize("card,rows", [("earthworm-1", 1), ("earthworm-2", 2), ("earthworm-3", 3)])
def test_earthworm_rows(card, rows):
    v = judge_ordeal(card, c(FULL_FOUNDATION))
    assert v.destroy_rows == rows and v.destroy == 0


@pytest.mark.parametrize("card,number", [("harpy-1", 16), ("behemoth-2", 32), ("horde-3", 42)])
def test_assault_destroys_its_number_when_not_met(card, number):
    v = judge_ordeal(card, c(FULL_FOUNDATION))
    assert not v.met and v.destroy == number


def test_bastion_power_reduces_assaults_by_four_each():
    castle = c(
        "Ps Ps .. .. .. ..",
        "Ps Ps .. .. .. ..",
    )
    assert judge_ordeal("harpy-1", castle).destroy == 12
    assert judge_ordeal("harpy-1", castle).met is False


def test_assault_met_destroys_nothing():
    castle = c(
        "Pt .. Sc .. .. ..",
        "Pc .. Ss .. .. ..",
        "Pt .. Sc .. .. ..",
        "Pc Jt Ss .. .. ..",
    )
    v = judge_ordeal("harpy-1", castle)
    assert v.have["tower"] == 2 and v.met and v.destroy == 0
