"""The proved winnable deals shipped with the game (levels/proved.json, castellion/content/proved.py):
made by `python -m lab.proved`, read hardened, and every seed re-proved in the slow tier."""

from __future__ import annotations

import json

import pytest

from castellion.ai.proved import candidate_seeds, combo_key, key_options, wins_by_line
from castellion.ai.winnable import SEARCH_VERSION, WINNABLE_WORK
from castellion.content import proved as C
from castellion.rules.dealcode import DEAL_VERSION, SAME_DEALING


def _shipped() -> list[tuple[str, int]]:
    return [(key, seed) for key, (seeds, _tried) in sorted(C.shipped_table().items()) for seed in seeds]


def test_the_shipped_list_is_read_and_made_the_labs_way():
    data = json.loads(C.proved_file().read_text(encoding="utf-8"))
    assert data["format"] == C.FORMAT and data["deal_version"] in SAME_DEALING and data["search"] == SEARCH_VERSION
    assert C.WORK == WINNABLE_WORK and 0 < C.shipped_work() <= WINNABLE_WORK  # the analysis finds each line too
    table = C.shipped_table()
    assert table and C.shipped("intro/normal/no/1"), "the default choice has proved deals"
    for key, entry in data["combinations"].items():
        assert combo_key(*key_options(key)) == key
        tried = entry["tried"]
        assert set(entry["proved"]) <= set(tried)
        assert tried == candidate_seeds(key, 0, len(tried))  # the command line reproduces it
        assert table[key] == (tuple(entry["proved"]), len(tried))
        assert sorted(entry["lines"]) == sorted(str(seed) for seed in entry["proved"])  # every proof has its line
        assert all(C.line(key, seed) == entry["lines"][str(seed)] for seed in entry["proved"])


@pytest.fixture
def proved_list(tmp_path, monkeypatch):
    """The shipped list read from a file the test writes (`proved_list(text)`), read afresh, and
    the real one read again after the test."""
    path = tmp_path / "proved.json"
    monkeypatch.setattr(C, "proved_file", lambda: path)

    def write(text: str) -> None:
        path.write_text(text, encoding="utf-8")
        C._load.cache_clear()

    yield write
    C._load.cache_clear()


def test_a_list_of_the_first_format_still_loads_without_lines(proved_list):
    """A list written before proofs kept their lines: its seeds are still dealt (no line to show)."""
    proved_list(json.dumps({"format": 1, "deal_version": DEAL_VERSION, "work": 12000, "combinations": {
        "intro/normal/no/1": {"proved": [7], "tried": [7, 8]}}}))
    assert C.shipped("intro/normal/no/1") == (7,) and C.tried("intro/normal/no/1") == 2
    assert C.line("intro/normal/no/1", 7) is None


def test_a_proved_seed_of_the_second_format_without_its_line_is_not_dealt(proved_list):
    proved_list(json.dumps({"format": 2, "deal_version": DEAL_VERSION, "work": 12000, "combinations": {
        "intro/normal/no/1": {"proved": [7, 9], "tried": [7, 8, 9], "lines": {"9": "0.1", "x": 3}}}}))
    assert C.shipped("intro/normal/no/1") == (9,) and C.line("intro/normal/no/1", 9) == "0.1"


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": 1}', '{"format": 1, "deal_version": 999, "work": 1,'
                                  ' "combinations": {}}', '{"format": 1, "deal_version": 1, "work": 99999999,'
                                  ' "combinations": {"intro/normal/no/1": {"proved": [5], "tried": [5]}}}',
                                  '{"format": 1, "deal_version": 1, "work": 100, "combinations":'
                                  ' {"intro/normal/no/1": {"proved": "5", "tried": [5]}, "x": 3}}'])
def test_a_damaged_or_foreign_list_is_no_list(proved_list, text):
    proved_list(text)
    assert C.shipped("intro/normal/no/1") == () and C.tried("intro/normal/no/1") == 0


@pytest.mark.slow
@pytest.mark.parametrize("key,seed", _shipped())
def test_every_shipped_deal_is_proved_again(key, seed):
    """Its certificate, the winning line the search found, replayed through the rules wins the
    deal again (exact, and a fraction of a second a deal)."""
    level, options = key_options(key)
    code = C.line(key, seed)
    assert code is not None and wins_by_line(level, seed, options, code)
