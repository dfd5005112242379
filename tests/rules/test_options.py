"""The one declaration of the game's options (castellion/rules/options.py): the variants' leanings,
the variants the rules know with their hooks (docs/rules.md §8), the Pantry modes (§10)."""

import pytest

from castellion.rules import new_game
from castellion.rules.options import (
    NO_HOOKS,
    OLD_SLOT_WORDS,
    PLAIN,
    VARIANT_HOOKS,
    VARIANT_LEANINGS,
    Leaning,
    PantryMode,
    VariantHooks,
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


def test_leanings_rank_easier_plain_harder_and_the_old_slot_words_name_a_leaning():
    assert sorted(Leaning, key=lambda lean: lean.rank) == [Leaning.EASIER, Leaning.PLAIN, Leaning.HARDER]
    assert Leaning.PLAIN not in VARIANT_LEANINGS
    assert OLD_SLOT_WORDS == {"easy": Leaning.EASIER, "hard": Leaning.HARDER}
    # no variant may take the plain game's word or an earlier version's slot word as its id
    assert not {PLAIN, *OLD_SLOT_WORDS} & set(VARIANT_HOOKS)


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
    assert new_game("base", seed=1, variant="prison").variant_hooks == VariantHooks(prison=True)
    assert new_game("base", seed=1).variant_hooks is NO_HOOKS


def test_a_level_names_its_variants_by_id_and_reads_an_earlier_slot_word_as_its_first_of_that_leaning():
    from castellion.content import load_ruleset

    base = load_ruleset().levels["base"]
    assert base.variant_ids() == ("premonition", "prison")
    assert (base.leaning("premonition"), base.leaning("prison"), base.leaning(PLAIN)) == (
        Leaning.EASIER, Leaning.HARDER, Leaning.PLAIN)
    assert (base.variant_of_word("easy"), base.variant_of_word("hard"), base.variant_of_word("prison")) == (
        "premonition", "prison", "prison")
    assert (base.old_word("premonition"), base.old_word("prison"), base.old_word(PLAIN)) == ("easy", "hard", PLAIN)
    with pytest.raises(ValueError, match="no variant 'hard'"):
        new_game("base", seed=1, variant="hard")  # the rules take ids only: files convert on read
