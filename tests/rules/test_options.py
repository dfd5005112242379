"""The one declaration of the game's options (castellion/rules/options.py): the variant slots,
the variants the rules know with their hooks (docs/rules.md §8), the Pantry modes (§10)."""

import pytest

from castellion.rules import new_game
from castellion.rules.options import (
    NO_HOOKS,
    VARIANT_HOOKS,
    VARIANT_SLOTS,
    PantryMode,
    VariantHooks,
    VariantSlot,
    hooks_of,
)


def test_the_pantry_option_is_one_closed_set_through_the_rules():
    assert new_game("intro", seed=1).pantry_mode is PantryMode.OFF
    assert not new_game("intro", seed=1).pantry_mode
    assert new_game("intro", seed=1, pantry=True).pantry_mode is PantryMode.ON
    assert new_game("intro", seed=1, pantry="hard").pantry_mode is PantryMode.HARD
    # the stored form every save since 0.1.0 holds, both ways
    assert [m.stored for m in PantryMode] == [False, True, "hard"]
    assert all(PantryMode.of(m.stored) is m for m in PantryMode)


@pytest.mark.parametrize("stored", [0, 1, "on", "off", None, 1.0])
def test_a_pantry_value_only_equal_to_a_mode_is_refused(stored):
    with pytest.raises(ValueError, match="pantry"):
        PantryMode.of(stored)


def test_slots_keep_their_stored_words_and_rank():
    assert [s.value for s in VariantSlot] == ["normal", "easy", "hard"]
    assert VariantSlot.by_rank() == (VariantSlot.EASIER, VariantSlot.NORMAL, VariantSlot.HARDER)
    assert VariantSlot.NORMAL not in VARIANT_SLOTS


def test_every_level_variant_has_hooks_and_each_hook_is_one_variant():
    from castellion.content import load_ruleset

    named = {v["id"] for spec in load_ruleset().levels.values() for v in spec.variants.values()}
    assert named == set(VARIANT_HOOKS)
    # each shipped variant turns on exactly one hook, and no two turn on the same one
    on = [tuple(k for k, v in vars(h).items() if v) for h in VARIANT_HOOKS.values()]
    assert all(len(o) == 1 for o in on) and len(set(on)) == len(on)


def test_hooks_combine_and_unknown_ids_are_refused():
    both = VARIANT_HOOKS["vigil"] | VARIANT_HOOKS["premonition"]
    assert both == VariantHooks(vigil=True, premonition=True)
    assert hooks_of(None) is NO_HOOKS
    with pytest.raises(ValueError, match="unknown variant"):
        hooks_of("nightmare")


def test_a_game_reads_its_variant_hooks():
    assert new_game("base", seed=1, variant="hard").variant_hooks == VariantHooks(prison=True)
    assert new_game("base", seed=1).variant_hooks is NO_HOOKS
