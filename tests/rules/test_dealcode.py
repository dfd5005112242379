"""Deal codes (rules/dealcode.py): every deal the game can make has a code that names it back,
a mistyped code is refused with its reason, and a code deals the same game in later versions
(the dealing version is tied to the levels' rules data and checked on the old files' corpus)."""

from __future__ import annotations

import dataclasses
import itertools
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from castellion.persistence.formats import upgrade
from castellion.persistence.replay import state_hash
from castellion.rules import actions as A
from castellion.rules import dealcode as C
from castellion.rules import default_ruleset, new_game
from castellion.rules.options import PLAIN
from castellion.rules.ruleset import Ruleset

ROOT = Path(__file__).resolve().parents[2]
OLD = ROOT / "tests" / "data" / "old"


RULES = default_ruleset()


def _dealable(level: str, variant: str, pantry: bool | str, players: int) -> bool:
    try:
        new_game(level, seed=1, variant=variant, pantry=pantry, players=players)
    except ValueError:
        return False
    return True


def _variants(level: str) -> tuple[str, ...]:
    return (PLAIN, *RULES.level(level).variant_ids())


COMBOS = [(level, variant, pantry, players) for level in C.LEVELS for variant in _variants(level)
          for pantry, players in itertools.product(C.PANTRIES, C.PLAYERS) if _dealable(level, variant, pantry, players)]
SEEDS = st.one_of(st.integers(0, 999_999), st.integers(0, C.MAX_SEED), st.sampled_from([0, 1, C.MAX_SEED]))


def _with_variants(level: str, count: int, rules: Ruleset = RULES, leaning: str = "harder") -> Ruleset:
    """`rules` whose `level` declares `count` more variants after its own (ids v0, v1 …)."""
    spec = rules.levels[level]
    more = {f"v{i}": {"id": f"v{i}", "leaning": leaning, "name": "V", "description": "V"} for i in range(count)}
    return dataclasses.replace(rules, levels={**rules.levels, level: dataclasses.replace(
        spec, variants={**spec.variants, **more})})


def test_every_option_the_game_deals_has_a_code_that_names_it_back():
    """Every level x every declared variant x Pantry mode x players, over a range of seeds."""
    assert len(COMBOS) == sum(len(_variants(level)) for level in C.LEVELS) * len(C.PANTRIES) * len(C.PLAYERS)
    for (level, variant, pantry, players), seed in itertools.product(COMBOS, (0, 29, 30, 4821, 999_999, C.MAX_SEED)):
        deal = C.Deal(level, seed, variant, pantry, players)
        code = C.code_of(deal.options(), RULES)
        assert code is not None and C.decode(code, RULES) == deal


@settings(max_examples=300, deadline=None)
@given(combo=st.sampled_from(COMBOS), seed=SEEDS)
def test_a_code_names_its_deal_back(combo, seed):
    level, variant, pantry, players = combo
    deal = C.Deal(level, seed, variant, pantry, players)
    code = C.encode(deal, RULES)
    assert set(code) <= set(C.ALPHABET) and len(code) <= 17
    assert C.decode(code, RULES) == deal
    assert C.decode(C.pretty(code).lower().replace("-", " "), RULES) == deal  # as a person types it
    assert C.code_of(deal.options(), RULES) == C.pretty(code)


@settings(max_examples=200, deadline=None)
@given(place=st.sampled_from([0, 1, 2, 29, 30, 31, 500, C.MAX_PLACE]), level=st.sampled_from(C.LEVELS),
       pantry=st.sampled_from(C.PANTRIES), players=st.sampled_from(C.PLAYERS), seed=SEEDS)
def test_a_code_names_any_declared_variant_of_a_level_back_up_to_its_last_place(place, level, pantry, players, seed):
    """A level may declare any number of variants (R-§8): a code names each by its place in the
    level's declared list — one symbol for the first 30 places, two for the next 900."""
    rules = _with_variants(level, place + 1)
    variant = list(rules.level(level).variants)[place]
    deal = C.Deal(level, seed, variant, pantry, players)
    code = C.encode(deal, rules)
    assert C.decode(code, rules) == deal
    assert len(code) == len(C.encode(C.Deal(level, seed, PLAIN, pantry, players), rules)) + (1 if place < 30 else 2)
    too_many = _with_variants(level, C.MAX_PLACE + 2)
    assert C.code_of(C.Deal(level, seed, list(too_many.level(level).variants)[-1]).options(), too_many) is None


def test_a_code_is_read_against_the_level_data_passed_in_not_another_copy():
    """The resolver takes the game's own data: a variant the default data does not have is coded and
    read back against the data the game is dealt from."""
    rules = _with_variants("intro", 1)
    deal = C.Deal("intro", 5, "v0", "hard", 1)
    code = C.encode(deal, rules)
    assert C.decode(code, rules) == deal
    with pytest.raises(C.CodeError) as refused:  # data without that variant: refused, named as the variant
        C.decode(code, RULES)
    assert refused.value.reason is C.Refusal.VARIANT
    assert C.code_of(deal.options(), RULES) is None


def test_a_variant_added_to_a_level_later_leaves_every_earlier_code_dealing_the_same_game():
    """The declared list is append-only (levels/*.yaml): a later version that adds variants keeps
    every code made before naming the same variant."""
    codes = {combo: C.encode(C.Deal(combo[0], 4821, *combo[1:]), RULES) for combo in COMBOS}
    later = _with_variants("base", 40, _with_variants("intro", 3, leaning="easier"))  # easier ones too
    for (level, variant, pantry, players), code in codes.items():
        assert C.decode(code, later) == C.Deal(level, 4821, variant, pantry, players)


def test_setups_seeds_make_codes_of_eight_symbols_and_a_daily_one_of_sixteen():
    from castellion.content.daily import daily_seed

    assert len(C.encode(C.Deal("intro", 999_999), RULES)) == 8
    assert C.pretty(C.encode(C.Deal("intro", 999_999), RULES)).count("-") == 1
    assert C.pretty(C.encode(C.Deal("intro", 999_999, "prophet"), RULES)).count("-") == 2  # 9 as 3-3-3
    assert len(C.encode(C.Deal("intro", daily_seed("2026-12-06", "intro")), RULES)) <= 16


def test_no_symbol_looks_or_sounds_like_another():
    assert len(set(C.ALPHABET)) == C.BASE == 30
    assert not set("01ILOU") & set(C.ALPHABET)


@pytest.mark.parametrize("seed", [0, 7, 4821, 999_999, 2**40 + 3])
@pytest.mark.parametrize("variant", [PLAIN, "prison"])
def test_every_single_mistyped_symbol_and_swap_is_refused(seed, variant):
    code = C.encode(C.Deal("base", seed, variant, True, 2), RULES)
    for i, ch in enumerate(code):
        for other in C.ALPHABET:
            if other != ch:
                typo = code[:i] + other + code[i + 1:]
                with pytest.raises(C.CodeError) as refused:
                    C.decode(typo, RULES)
                assert refused.value.reason in (C.Refusal.CHECK, C.Refusal.NEW_VERSION, C.Refusal.OLD_VERSION)
    for i in range(len(code) - 1):
        a, b = code[i], code[i + 1]
        if a != b and {a, b} != {C.ALPHABET[0], C.ALPHABET[-1]}:  # Luhn's one blind pair (module doc)
            with pytest.raises(C.CodeError):
                C.decode(code[:i] + b + a + code[i + 2:], RULES)


def _checked(values: list[int]) -> str:
    """Symbols of `values` and their check symbol: a code whose only fault is what it says."""
    return "".join(C.ALPHABET[v] for v in [*values, C.check_symbol(values)])


def test_a_refused_code_says_why():
    good = C.encode(C.Deal("intro", 4821), RULES)
    header = [C.ALPHABET.index(ch) for ch in good[:2]]
    cases = {"": C.Refusal.EMPTY, " - ": C.Refusal.EMPTY, good[:3]: C.Refusal.SHORT,
             good.replace(good[3], "O", 1): C.Refusal.SYMBOL, good + "ABCDEFGHJKMNP": C.Refusal.LONG,
             good[:4] + good[5:]: C.Refusal.CHECK,
             # the header says one variant symbol follows, and nothing after it: no seed
             _checked([*C._digits(C.DEAL_VERSION * C.SLOTS + 1, 2), 0]): C.Refusal.SHORT,
             # the plain intro game's header changed to "a variant at place 29 follows": intro has 2
             _checked([*C._digits(C.DEAL_VERSION * C.SLOTS + 1, 2), 29, 5]): C.Refusal.VARIANT,
             _checked([*header, *([C.BASE - 1] * 13)]): C.Refusal.LONG}  # a seed beyond 63 bits
    for text, reason in cases.items():
        with pytest.raises(C.CodeError) as refused:
            C.decode(text, RULES)
        assert refused.value.reason == reason, text
    with pytest.raises(C.CodeError) as refused:
        C.decode(good[:2] + "I" + good[3:], RULES)
    assert refused.value.symbol == "I"  # the symbol is named: "codes never use I"


def test_a_code_of_another_dealing_version_is_refused_not_dealt_differently():
    newer = C.encode(C.Deal("intro", 5, version=C.DEAL_VERSION + 1), RULES)
    with pytest.raises(C.CodeError) as refused:
        C.decode(newer, RULES)
    assert refused.value.reason == C.Refusal.NEW_VERSION
    assert C.read(newer, RULES).version == C.DEAL_VERSION + 1
    # a later version's body this version's layout would refuse (here: "a variant at place 29
    # of intro") is still refused as newer, not as a mistyped variant
    later = _checked([*C._digits((C.DEAL_VERSION + 1) * C.SLOTS + 1, 2), 29, 5])
    with pytest.raises(C.CodeError) as refused:
        C.decode(later, RULES)
    assert refused.value.reason == C.Refusal.NEW_VERSION
    older = C.encode(C.Deal("intro", 5, version=min(C.SAME_DEALING) - 1), RULES)
    with pytest.raises(C.CodeError) as refused:
        C.decode(older, RULES)
    assert refused.value.reason == C.Refusal.OLD_VERSION


def test_a_version_1_code_is_read_by_its_own_layout():
    for level, variant, pantry, players in COMBOS:
        if variant in (PLAIN, *(RULES.level(level).first(leaning) for leaning in C.V1_PLACES[1:])):
            deal = C.Deal(level, 4821, variant, pantry, players, version=1)
            assert C.decode(C.encode(deal, RULES), RULES) == deal


# The rules data each level had when each version of SAME_DEALING was set (persistence/rules_data.py's
# digest). A change of the levels' rules data deals other games from the same seeds: it must raise
# DEAL_VERSION, leave the older versions out of SAME_DEALING (and say here what the new data is), so
# an old code is refused or dealt the old way, never misdealt.
DEALT_UNDER = {1: {"intro": "f378e3e2dc9e9288", "base": "32a024fd79669b1e", "expert": "8fa276be2ad7dc00"},
               2: {"intro": "f378e3e2dc9e9288", "base": "32a024fd79669b1e", "expert": "8fa276be2ad7dc00"}}


def test_the_dealing_version_is_tied_to_the_levels_rules_data():
    from castellion.persistence.rules_data import rules_data_digest

    now = {level: rules_data_digest(level) for level in C.LEVELS}
    assert C.DEAL_VERSION in C.SAME_DEALING
    assert all(DEALT_UNDER[version] == now for version in C.SAME_DEALING)


# Codes of version 1, made when a game's options named the variant by its slot ("easy" / "hard"):
# the same code deals the same game, the slot read as the level's first easier / harder variant
# (seed 4821; Pantry "hard" with the harder, two players with the easier).
EARLIER_CODES = {"3T7C-Q3": ("intro", PLAIN), "437C-QR": ("intro", "vigil"), "4C7C-QF": ("intro", "prophet"),
                 "4E7C-QD": ("base", PLAIN), "4N7C-Q6": ("base", "premonition"), "4Y7C-QV": ("base", "prison"),
                 "527C-QQ": ("expert", PLAIN), "597C-QG": ("expert", "guardian"), "5J7C-Q7": ("expert", "intruder")}
# The same deals' codes of version 2 (the variant by its place in the level's declared list).
VERSION_2_CODES = {"3T7C-Q3": "5M7-CQ5", "437C-QR": "5R27-CQB", "4C7C-QF": "6337-CQP", "4E7C-QD": "687-CQF",
                   "4N7C-Q6": "6C27-CQ5", "4Y7C-QV": "6N37-CQF", "527C-QQ": "6T7-CQV", "597C-QG": "6Y27-CQW",
                   "5J7C-Q7": "7937-CQ9"}


@pytest.mark.parametrize("code", sorted(EARLIER_CODES))
def test_a_code_the_previous_versions_made_deals_the_same_game_named_by_its_variant_id(code):
    level, variant = EARLIER_CODES[code]
    leaning = C.V1_PLACES[_variants(level).index(variant)]
    deal = C.Deal(level, 4821, variant, "hard" if leaning == "harder" else False, 2 if leaning == "easier" else 1)
    assert C.decode(code, RULES) == dataclasses.replace(deal, version=1)
    assert C.code_of(deal.options(), RULES) == VERSION_2_CODES[code]
    assert C.decode(VERSION_2_CODES[code], RULES) == deal
    old, new = (new_game(**C.decode(c, RULES).options()) for c in (code, VERSION_2_CODES[code]))
    assert state_hash(old) == state_hash(new)


def test_a_further_variant_of_a_leaning_has_a_code_of_its_own():
    rules = _with_variants("intro", 1)  # a second harder variant beside the Prophet
    watch, prophet = (C.code_of({"level": "intro", "seed": 5, "variant": v}, rules) for v in ("v0", "prophet"))
    assert watch is not None and prophet is not None and watch != prophet
    assert C.decode(watch, rules).variant == "v0" and C.decode(prophet, rules).variant == "prophet"
    with pytest.raises(C.CodeError):  # version 1 had no place for it
        C.encode(C.Deal("intro", 5, "v0", version=1), rules)


def _corpus() -> list[tuple[str, Path]]:
    return [(v.name, p) for v in sorted(OLD.iterdir()) for p in sorted((v / "home" / "saves").glob("*.json"))
            if (v / "manifest.json").is_file()]


@pytest.mark.parametrize(("version", "path"), _corpus(), ids=lambda x: x if isinstance(x, str) else x.stem)
def test_a_code_made_from_an_old_saves_options_deals_that_very_game(version, path):
    """The old files' corpus (tests/data/old/VERSION): a code made from each save's options deals
    the game the save was played on — its recorded actions replay to the same end as the save's
    own replay, in this version."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    if doc.get("castellion") != "save":
        pytest.skip("not a save")
    options = upgrade(doc)["options"]  # as the save reader reads it: an earlier "easy" is the variant's id
    deal = C.decode(C.pretty(C.encode(C.deal_of(options), RULES)), RULES)
    from_code = new_game(**deal.options())
    from_save = new_game(**options)
    assert state_hash(from_code) == state_hash(from_save)
    for data in doc["actions"]:
        from_code.apply(A.action_from_dict(data))
    manifest = json.loads((OLD / version / "manifest.json").read_text(encoding="utf-8"))
    told = next((s for s in manifest["saves"].values() if Path(s["file"]).name == path.name), None)
    if told is not None:
        assert (from_code.turn, from_code.phase) == (told["turn"], told["phase"])
        assert (from_code.outcome.result if from_code.outcome else None) == told["result"]


@pytest.mark.parametrize("pantry", [None, 1, 0, 2.0, "yes", "", ["hard"]])
def test_a_pantry_value_that_is_no_pantry_mode_is_refused_not_read_as_no_pantry(pantry):
    """R-§10: the Pantry is off, on or hard; any other value names no deal, and is refused with the
    reason (options no code can hold), never coded as a game without the Pantry."""
    with pytest.raises(C.CodeError) as refused:
        C.deal_of({"level": "intro", "seed": 5, "pantry": pantry})
    assert refused.value.reason is C.Refusal.OPTIONS
    assert C.code_of({"level": "intro", "seed": 5, "pantry": pantry}, RULES) is None
    for mode in C.PANTRIES:  # the three modes are coded as themselves
        assert C.decode(C.encode(C.deal_of({"level": "intro", "seed": 5, "pantry": mode}), RULES), RULES).pantry == mode
