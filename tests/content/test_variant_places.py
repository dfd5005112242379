"""A level's declared list of variants is append-only (levels/*.yaml, `variants:`): a deal code
names a variant by its place in that list (castellion/rules/dealcode.py), so a variant once shipped
keeps its place — never removed, never moved — and a new one goes at the end. Otherwise a code made
today would deal another variant's game in a later version (R-§8)."""

from __future__ import annotations

import pytest

from castellion.content import load_ruleset

# Each level's list as shipped when deal codes began naming variants by place (deal-code version 2).
# A later version may only add after these; extend this table with what it ships.
SHIPPED = {"intro": ("vigil", "prophet"), "base": ("premonition", "prison"), "expert": ("guardian", "intruder")}


@pytest.mark.parametrize("level", sorted(SHIPPED))
def test_a_shipped_variant_keeps_its_place_in_the_levels_list(level):
    declared = tuple(load_ruleset().levels[level].variants)
    assert declared[:len(SHIPPED[level])] == SHIPPED[level], (
        f"levels/{level}.yaml: the variants shipped before must stay first, in this order; add new ones after them")


def test_every_shipped_level_is_pinned():
    assert set(load_ruleset().levels) == set(SHIPPED)
