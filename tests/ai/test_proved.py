"""Winnable deals only (castellion/ai/proved.py): the store of proved deals kept ahead of need in
the computer player's process, and the combinations' keys and seed orders it shares with the lab."""

from __future__ import annotations

import itertools
import time
from typing import Any

import pytest

from castellion.ai.difficulty import the_deal
from castellion.ai.pool import ComputePool
from castellion.ai.proved import (
    ProvedStore,
    candidate_seeds,
    combo_key,
    key_options,
    line_code,
    prove_seed,
    wins_by_line,
)
from castellion.ai.winnable import find_winning_line, search_deal
from castellion.content.proved import shipped
from castellion.rules import default_ruleset
from tests.conftest import await_proof, even_proof
from tests.xvfb_helpers import LONG_GUARD


def _stuck(level: str, seed: int, options: dict[str, Any], work: int, *, cancel: Any) -> bool | None:
    """A proof that runs until cancelled."""
    while not cancel():
        time.sleep(0.005)
    return None


def _settle(store: ProvedStore, steps: int = 200) -> None:
    """Feed the store as the menus' frames do, until it has nothing running (each proof waited
    for: a busy machine only makes it slower; the step count guards against a store that never
    stops starting proofs)."""
    for _ in range(steps):
        store.keep_ahead()
        if store._job is None:  # nothing running nor waiting to be collected: all wanted are ready
            return
        await_proof(store)
    raise AssertionError("the store never settled")


def test_every_combination_has_a_key_that_names_it_back():
    combos = [(level, variant, pantry, players) for level, spec in default_ruleset().levels.items()
              for variant in ("normal", *spec.variant_ids())
              for pantry, players in itertools.product((False, True, "hard"), (1, 2))]
    for level, variant, pantry, players in combos:
        options = {"variant": variant, "pantry": pantry, "players": players}
        key = combo_key(level, options)
        back_level, back = key_options(key)
        assert back_level == level and combo_key(back_level, back) == key
        assert {**{"variant": "normal", "pantry": False, "players": 1}, **back} == options


def test_a_combinations_seeds_come_in_one_fixed_order_without_repeats():
    key = "base/hard/yes/2"
    first = candidate_seeds(key, 0, 20)
    assert candidate_seeds(key, 5, 3) == first[5:8]  # the lab and the store walk the same order
    assert len(set(first)) == 20 and all(1 <= s <= 999_999 for s in first)
    assert candidate_seeds("base/hard/yes/1", 0, 20) != first


def test_the_store_keeps_proved_deals_ahead_and_refills_after_a_take():
    pool = ComputePool(process=False)
    try:
        store = ProvedStore(pool, keep=2, prove=even_proof, first=lambda key: 3)
        store.want("intro", {"variant": "vigil"})
        _settle(store)
        key = combo_key("intro", {"variant": "vigil"})
        order = candidate_seeds(key, 3, 40)  # past the shipped list's 3 tries
        proved = [s for s in order if s % 2 == 0]
        assert store.ready("intro", {"variant": "vigil"}) == 2
        first = store.take("intro", {"variant": "vigil"})
        assert first == proved[0] and store.is_proved("intro", first, {"variant": "vigil"})
        assert store.proved[(key, first)] == "0.1"  # the proof's certificate is kept with the seed
        assert store.ready("intro", {"variant": "vigil"}) == 1
        _settle(store)  # the menus' next frames prove one more
        assert store.ready("intro", {"variant": "vigil"}) == 2
        assert [store.take("intro", {"variant": "vigil"}) for _ in range(2)] == proved[1:3]
        assert store.take("base") is None  # nothing was asked for base
    finally:
        pool.close()


def test_a_game_shown_pauses_the_proof_and_its_seed_is_tried_again_later():
    pool = ComputePool(process=False)
    try:
        store = ProvedStore(pool, keep=1, prove=_stuck)
        store.want("base")
        store.keep_ahead()
        assert store.busy
        running = store._job
        assert running is not None
        store.pause()  # the board is shown
        assert running[2].cancelled and not store.busy
        store._prove = even_proof
        store.keep_ahead()
        assert store._job is None  # paused: nothing starts while a game is shown
        store.resume()  # the menus again: the cancelled seed comes first
        _settle(store)
        seeds = candidate_seeds(combo_key("base"), 0, 40)
        assert store.take("base") == next(s for s in seeds if s % 2 == 0)
    finally:
        pool.close()


def test_a_proof_that_fails_stops_the_store_instead_of_retrying_every_frame():
    def broken(*args: Any, cancel: Any) -> bool:
        raise RuntimeError("a bug")

    pool = ComputePool(process=False)
    try:
        store = ProvedStore(pool, prove=broken)
        store.want("intro")
        _settle(store)
        assert store.failed and not store.busy and store.ready("intro") == 0
    finally:
        pool.close()


@pytest.mark.slow
def test_a_proved_deal_is_one_the_analysis_answers_with_a_winning_line():
    """The store's answer is "Was this deal winnable?"'s: the two never disagree."""
    seed = candidate_seeds("intro/normal/no/1", 0, 1)[0]
    code = prove_seed("intro", seed, {})
    assert isinstance(code, str) and wins_by_line("intro", seed, {}, code)
    line, _tries, _fair = search_deal("intro", seed, {})
    assert line is not None


@pytest.mark.slow
def test_the_store_proves_in_the_computer_players_process():
    pool = ComputePool(nice=0)
    try:
        store = ProvedStore(pool, keep=1)
        store.want("intro")
        deadline = time.monotonic() + LONG_GUARD  # a guard against a hang, not a speed limit
        while store.ready("intro") == 0 and time.monotonic() < deadline:
            store.keep_ahead()
            time.sleep(0.05)
        seed = store.take("intro")
        assert seed is not None
        # every stored proof is proved again: its certificate replayed through the rules wins
        assert wins_by_line("intro", seed, {}, store.proved[(combo_key("intro"), seed)])
    finally:
        pool.close()


def test_the_shipped_proved_deals_keep_their_keys_and_seed_order_when_variants_are_named_by_id():
    # the keys spell a level's first easier / harder variant as the slot words did (LevelSpec.old_word):
    # levels/proved.json and each combination's order of seeds (candidate_seeds) are unchanged
    key = combo_key("base", {"variant": "premonition", "pantry": "hard", "players": 2})
    assert key == "base/easy/hard/2" and shipped(key)[:1] == (296429,)  # its first proved seed
    assert key_options(key) == ("base", {"variant": "premonition", "pantry": "hard", "players": 2})


def test_a_certificate_is_the_winning_line_and_replaying_it_wins_the_deal():
    """A proof is its winning line, kept as the actions' indices in the rules' order of legal
    actions: replaying it through `Game.apply` wins (R-O6); a changed, cut or malformed line, or
    the same line on another deal, does not."""
    deal = the_deal("intro", 2)  # a deal the computer player wins on its own (docs/lab/normal.csv)
    line, _tries = find_winning_line(deal)
    assert line is not None
    code = line_code(deal, line)
    assert set(code) <= set("0123456789.") and len(code.split(".")) == len(line)
    assert wins_by_line("intro", 2, {}, code)
    indices = code.split(".")
    assert not wins_by_line("intro", 2, {}, ".".join(indices[:-1]))  # the game is not over yet
    assert not wins_by_line("intro", 2, {}, code + ".0")  # an action after the end
    assert not wins_by_line("intro", 2, {}, "999")  # past the legal actions
    assert not wins_by_line("intro", 2, {}, "0.x.1") and not wins_by_line("intro", 2, {}, "-1")
    assert not wins_by_line("intro", 2, {}, "")
    assert not wins_by_line("intro", 3, {}, code)  # another deal: the line does not win it
