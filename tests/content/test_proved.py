"""The proved winnable deals shipped with the game (levels/proved.json, castellion/content/proved.py):
made by `python -m lab.proved`, read hardened, and every seed re-proved in the slow tier."""

from __future__ import annotations

import json

import pytest

from castellion.ai.proved import candidate_seeds, combo_key, key_options, prove_seed
from castellion.ai.winnable import WINNABLE_WORK
from castellion.content import proved as C
from castellion.rules.dealcode import DEAL_VERSION


def _shipped() -> list[tuple[str, int]]:
    return [(key, seed) for key, (seeds, _tried) in sorted(C.shipped_table().items()) for seed in seeds]


def test_the_shipped_list_is_read_and_made_the_labs_way():
    data = json.loads(C.proved_file().read_text(encoding="utf-8"))
    assert data["format"] == C.FORMAT and data["deal_version"] == DEAL_VERSION
    assert C.WORK == WINNABLE_WORK and 0 < C.shipped_work() <= WINNABLE_WORK  # the analysis finds each line too
    table = C.shipped_table()
    assert table and C.shipped("intro/normal/no/1"), "the default choice has proved deals"
    for key, entry in data["combinations"].items():
        assert combo_key(*key_options(key)) == key
        tried = entry["tried"]
        assert set(entry["proved"]) <= set(tried)
        assert tried == candidate_seeds(key, 0, len(tried))  # the command line reproduces it
        assert table[key] == (tuple(entry["proved"]), len(tried))


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": 1}', '{"format": 1, "deal_version": 999, "work": 1,'
                                  ' "combinations": {}}', '{"format": 1, "deal_version": 1, "work": 99999999,'
                                  ' "combinations": {"intro/normal/no/1": {"proved": [5], "tried": [5]}}}',
                                  '{"format": 1, "deal_version": 1, "work": 100, "combinations":'
                                  ' {"intro/normal/no/1": {"proved": "5", "tried": [5]}, "x": 3}}'])
def test_a_damaged_or_foreign_list_is_no_list(tmp_path, monkeypatch, text):
    path = tmp_path / "proved.json"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(C, "proved_file", lambda: path)
    C._load.cache_clear()
    try:
        assert C.shipped("intro/normal/no/1") == () and C.tried("intro/normal/no/1") == 0
    finally:
        C._load.cache_clear()


@pytest.mark.slow
@pytest.mark.parametrize("key,seed", _shipped())
def test_every_shipped_deal_is_proved_again(key, seed):
    """The search wins it again with the budget the list was made with (the work is counted, not
    the time: the same answer on any machine) — so "Was this deal winnable?" answers it too."""
    level, options = key_options(key)
    assert prove_seed(level, seed, options, C.shipped_work()) is True
