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
from castellion.rules import new_game
from castellion.rules.options import PLAIN

ROOT = Path(__file__).resolve().parents[2]
OLD = ROOT / "tests" / "data" / "old"


def _dealable(level: str, variant: str, pantry: bool | str, players: int) -> bool:
    try:
        new_game(level, seed=1, variant=variant, pantry=pantry, players=players)
    except ValueError:
        return False
    return True


def _variants(level: str) -> tuple[str, ...]:
    from castellion.rules import default_ruleset

    return (PLAIN, *default_ruleset().level(level).variant_ids())


COMBOS = [(level, variant, pantry, players) for level in C.LEVELS for variant in _variants(level)
          for pantry, players in itertools.product(C.PANTRIES, C.PLAYERS) if _dealable(level, variant, pantry, players)]
SEEDS = st.one_of(st.integers(0, 999_999), st.integers(0, C.MAX_SEED), st.sampled_from([0, 1, C.MAX_SEED]))


def test_every_option_the_game_deals_has_a_place_in_the_code():
    assert len(COMBOS) == C.OPTIONS  # every level has both variants, every Pantry mode, 1 or 2 players


@settings(max_examples=300, deadline=None)
@given(combo=st.sampled_from(COMBOS), seed=SEEDS)
def test_a_code_names_its_deal_back(combo, seed):
    level, variant, pantry, players = combo
    deal = C.Deal(level, seed, variant, pantry, players)
    code = C.encode(deal)
    assert set(code) <= set(C.ALPHABET) and len(code) <= 16
    assert C.decode(code) == deal
    assert C.decode(C.pretty(code).lower().replace("-", " ")) == deal  # as a person types it
    assert C.code_of(deal.options()) == C.pretty(code)


def test_setups_seeds_make_codes_of_eight_symbols_and_a_daily_one_of_sixteen():
    from castellion.content.daily import daily_seed

    assert len(C.encode(C.Deal("intro", 999_999))) == 8
    assert C.pretty(C.encode(C.Deal("intro", 999_999))).count("-") == 1
    assert len(C.encode(C.Deal("intro", daily_seed("2026-12-06", "intro")))) <= 16


def test_no_symbol_looks_or_sounds_like_another():
    assert len(set(C.ALPHABET)) == C.BASE == 30
    assert not set("01ILOU") & set(C.ALPHABET)


@pytest.mark.parametrize("seed", [0, 7, 4821, 999_999, 2**40 + 3])
def test_every_single_mistyped_symbol_and_swap_is_refused(seed):
    code = C.encode(C.Deal("base", seed, "prison", True, 2))
    for i, ch in enumerate(code):
        for other in C.ALPHABET:
            if other != ch:
                typo = code[:i] + other + code[i + 1:]
                with pytest.raises(C.CodeError) as refused:
                    C.decode(typo)
                assert refused.value.reason in (C.Refusal.CHECK, C.Refusal.OPTIONS, C.Refusal.NEW_VERSION,
                                                C.Refusal.OLD_VERSION)
    for i in range(len(code) - 1):
        a, b = code[i], code[i + 1]
        if a != b and {a, b} != {C.ALPHABET[0], C.ALPHABET[-1]}:  # Luhn's one blind pair (module doc)
            with pytest.raises(C.CodeError):
                C.decode(code[:i] + b + a + code[i + 2:])


def test_a_refused_code_says_why():
    good = C.encode(C.Deal("intro", 4821))
    cases = {"": C.Refusal.EMPTY, " - ": C.Refusal.EMPTY, good[:3]: C.Refusal.SHORT,
             good.replace(good[3], "O", 1): C.Refusal.SYMBOL, good + "ABCDEFGHJKMN": C.Refusal.LONG}
    for text, reason in cases.items():
        with pytest.raises(C.CodeError) as refused:
            C.decode(text)
        assert refused.value.reason == reason, text
    with pytest.raises(C.CodeError) as refused:
        C.decode(good[:2] + "I" + good[3:])
    assert refused.value.symbol == "I"  # the symbol is named: "codes never use I"


def test_a_code_of_another_dealing_version_is_refused_not_dealt_differently():
    newer = C.encode(C.Deal("intro", 5, version=C.DEAL_VERSION + 1))
    with pytest.raises(C.CodeError) as refused:
        C.decode(newer)
    assert refused.value.reason == C.Refusal.NEW_VERSION
    assert C.read(newer).version == C.DEAL_VERSION + 1
    older = C.encode(C.Deal("intro", 5, version=C.DEAL_VERSION - 1))
    with pytest.raises(C.CodeError) as refused:
        C.decode(older)
    assert refused.value.reason == C.Refusal.OLD_VERSION


# The rules data each level had when DEAL_VERSION was set (persistence/rules_data.py's digest).
# A change of the levels' rules data deals other games from the same seeds: it must raise
# DEAL_VERSION (and say here what the new data is), so an old code is refused, never misdealt.
DEALT_UNDER = {1: {"intro": "f378e3e2dc9e9288", "base": "32a024fd79669b1e", "expert": "8fa276be2ad7dc00"}}


def test_the_dealing_version_is_tied_to_the_levels_rules_data():
    from castellion.persistence.rules_data import rules_data_digest

    assert {level: rules_data_digest(level) for level in C.LEVELS} == DEALT_UNDER[C.DEAL_VERSION]


# Codes the previous version made when a game's options named the variant by its slot ("easy" /
# "hard"): the same code deals the same game, the slot read as the level's first easier / harder
# variant (seed 4821; Pantry "hard" with the harder, two players with the easier).
EARLIER_CODES = {"3T7C-Q3": ("intro", PLAIN), "437C-QR": ("intro", "vigil"), "4C7C-QF": ("intro", "prophet"),
                 "4E7C-QD": ("base", PLAIN), "4N7C-Q6": ("base", "premonition"), "4Y7C-QV": ("base", "prison"),
                 "527C-QQ": ("expert", PLAIN), "597C-QG": ("expert", "guardian"), "5J7C-Q7": ("expert", "intruder")}


@pytest.mark.parametrize("code", sorted(EARLIER_CODES))
def test_a_code_the_previous_version_made_deals_the_same_game_named_by_its_variant_id(code):
    level, variant = EARLIER_CODES[code]
    leaning = C.VARIANT_PLACES[_variants(level).index(variant)]
    deal = C.Deal(level, 4821, variant, "hard" if leaning == "harder" else False, 2 if leaning == "easier" else 1)
    assert C.decode(code) == deal
    assert C.code_of(deal.options()) == code


def test_a_further_variant_of_a_leaning_has_no_code(monkeypatch):
    from castellion.rules import default_ruleset

    intro = default_ruleset().levels["intro"]
    more = dict(intro.variants, watch={"id": "watch", "leaning": "harder", "name": "W", "description": "W"})
    monkeypatch.setitem(default_ruleset().levels, "intro", dataclasses.replace(intro, variants=more))
    assert C.code_of({"level": "intro", "seed": 5, "variant": "watch"}) is None
    assert C.code_of({"level": "intro", "seed": 5, "variant": "prophet"}) is not None  # the first keeps its place


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
    deal = C.decode(C.pretty(C.encode(C.deal_of(options))))
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
    assert C.code_of({"level": "intro", "seed": 5, "pantry": pantry}) is None
    for mode in C.PANTRIES:  # the three modes are coded as themselves
        assert C.decode(C.encode(C.deal_of({"level": "intro", "seed": 5, "pantry": mode}))).pantry == mode
