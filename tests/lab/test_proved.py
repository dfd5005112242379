"""The lab's list of proved deals (lab/proved.py): written in the second format, each proved seed
with its winning line; a list of the first format is not added to but searched again."""

from __future__ import annotations

import json

from castellion.ai.proved import candidate_seeds, key_options, wins_by_line
from castellion.ai.winnable import SEARCH_VERSION
from castellion.content import proved as C
from lab import proved as L

ONE = ["--level", "base", "--variant", "premonition", "--pantry", "no", "--players", "1"]


def test_the_lab_writes_each_proof_with_its_line_and_searches_an_old_list_again(tmp_path):
    out = tmp_path / "proved.json"
    key = "base/easy/no/1"
    first = candidate_seeds(key, 0, 3)  # the third is won within 3,000 evaluations
    out.write_text(json.dumps({"format": 1, "deal_version": 1, "work": 3000, "combinations": {
        key: {"proved": [first[0]], "tried": [first[0]]}}}), encoding="utf-8")
    assert L.main([*ONE, "--tries", "3", "--work", "3000", "--no-fair", "--out", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert (data["format"], data["search"], data["work"]) == (C.FORMAT, SEARCH_VERSION, 3000)
    entry = data["combinations"][key]
    assert entry["tried"] == first  # the old list's seed was searched again, first
    assert entry["proved"] == first[2:] and sorted(entry["lines"]) == [str(first[2])]
    level, options = key_options(key)
    assert all(wins_by_line(level, seed, options, entry["lines"][str(seed)]) for seed in entry["proved"])


def test_a_list_of_the_search_before_is_carried_over_where_the_ordeals_are_dealt_face_up(tmp_path):
    """Search 3 differs from search 2 only in the face-down cards it knows (R-§7: expert): at intro
    and base it reads the same, so search 2's tries and lines are kept there; expert starts again."""
    out = tmp_path / "proved.json"
    base, expert = "base/easy/no/1", "expert/normal/no/1"
    kept = {"tried": candidate_seeds(base, 0, 2), "proved": [], "lines": {}}
    out.write_text(json.dumps({"format": C.FORMAT, "deal_version": 1, "search": 2, "work": 3000, "combinations": {
        base: kept, expert: {"tried": candidate_seeds(expert, 0, 1), "proved": [], "lines": {}}}}), encoding="utf-8")
    one_intro = ["--level", "intro", "--variant", "normal", "--pantry", "no", "--players", "1", "--tries", "1",
                 "--work", "3000", "--no-fair", "--out", str(out)]
    assert L.main(one_intro) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["search"] == SEARCH_VERSION == 3
    assert data["combinations"][base] == kept and expert not in data["combinations"]  # expert: searched again
    out.write_text(json.dumps(dict(data, search=1)), encoding="utf-8")  # any other search: not carried over
    assert L.main(one_intro) == 0
    assert sorted(json.loads(out.read_text(encoding="utf-8"))["combinations"]) == ["intro/normal/no/1"]  # base dropped
