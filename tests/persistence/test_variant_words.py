"""Files of the versions that named a variant by its slot ("easy" / "hard": the level's one easier
or harder variant) read today as that level's first variant of the leaning, named by its id
(docs/rules.md §8, docs/persistence.md "Format 3 → 4"); keys hashed from a game's options still
find what those versions kept. Saves: tests/persistence/test_save_formats.py; the whole old data
folder: tests/persistence/test_old_files.py."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from castellion import persistence as P
from castellion.persistence import datadir, difficulty, formats, reviews, stats
from castellion.rules import actions as A
from castellion.rules import default_ruleset, new_game, normal_options
from castellion.rules.options import Leaning


def test_the_settings_new_game_choice_of_a_slot_reads_as_the_variant_id(home):
    datadir.settings_path().parent.mkdir(parents=True, exist_ok=True)
    datadir.settings_path().write_text(json.dumps(
        {"format": 1, "new_game": {"level": "expert", "variant": "hard", "players": 1, "pantry": False}}), "utf-8")
    settings, problem = P.load_settings_report()
    assert problem is None and settings.new_game["variant"] == "intruder"


def test_a_statistics_record_filed_under_a_slot_is_the_variants_record(home):
    kept = stats.Statistics()
    kept.add_game({"level": "base", "variant": "prison", "players": 1}, "won", turns=20, key="a" * 32)
    data = kept.to_dict()
    data["records"] = {"base/hard/1": data["records"].pop("base/prison/1")}  # as the slot version filed it
    datadir.stats_path().parent.mkdir(parents=True, exist_ok=True)
    datadir.stats_path().write_text(json.dumps(data), "utf-8")
    report = stats.read_stats()
    assert report.kind is None and report.value.get("base", "prison").won == 1
    assert ("base", "hard", 1) not in report.value.records


def test_a_deals_difficulty_kept_under_a_slot_is_found_by_its_variant(home):
    assert difficulty.keep_difficulty('[1,"base",24,1,"hard","False"]', 3, 5)  # the slot version's key
    assert difficulty.load_difficulty(difficulty.difficulty_key("base", 24, {"variant": "prison"}, 1)) == (3, 5)


NOTES = Path(__file__).resolve().parents[1] / "data" / "old" / "notes"
# the deals both old notes files hold (tests/data/old/notes/README.md), with what they measured
NOTED = [("base", 24, "hard", (3, 5)), ("intro", 7, "easy", (4, 5)), ("expert", 11, "hard", (0, 5)),
         ("base", 24, "normal", (1, 5))]


@pytest.mark.parametrize("kept_by", ["difficulty-slot-words.json", "difficulty-variant-ids.json"])
def test_old_difficulty_notes_read_as_they_did(home, kept_by):
    """Notes of the slot builds and of the builds that keyed by variant id both find their deals
    under today's options (what this file read before the keys took `formats.with_old_variant_word`)."""
    datadir.data_dir().mkdir(parents=True, exist_ok=True)
    shutil.copy(NOTES / kept_by, difficulty.difficulty_path())
    for level, seed, word, measured in NOTED:
        options = {"variant": default_ruleset().level(level).variant_of_word(word), "players": 1, "pantry": False}
        assert difficulty.load_difficulty(difficulty.difficulty_key(level, seed, options, 1)) == measured


def test_difficulty_notes_are_keyed_like_every_key_taken_from_a_games_options(home):
    """One spelling of variants in kept keys (`formats.with_old_variant_word`): a deal of a level's first
    harder variant is noted under the slot word the slot builds used, another variant under its id,
    and a note written now is found again."""
    spec = default_ruleset().level("base")
    first = spec.first(Leaning.HARDER)
    assert first is not None
    key = difficulty.difficulty_key("base", 24, {"variant": first}, 1)
    assert json.loads(key)[4] == formats.with_old_variant_word({"level": "base", "variant": first})["variant"] == "hard"
    slot_build = json.loads((NOTES / "difficulty-slot-words.json").read_text("utf-8"))["deals"]
    assert key in slot_build  # the very key the slot builds wrote
    assert difficulty.keep_difficulty(key, 2, 7)
    assert difficulty.load_difficulty(difficulty.difficulty_key("base", 24, {"variant": first}, 1)) == (2, 7)
    with_pantry = difficulty.difficulty_key("base", 24, {"variant": first, "pantry": True, "players": 2}, 1)
    assert json.loads(with_pantry)[3:] == [2, "hard", "True"] and difficulty.load_difficulty(with_pantry) is None


def _earlier_game_key(options: dict, history: list) -> str:
    """`stats.game_key` as the slot version took it: over its options, the slot word in them."""
    canonical = json.dumps({"options": normal_options(options), "actions": [A.action_to_dict(a) for a in history]},
                           sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:stats.KEY_LENGTH]


def test_keys_hashed_from_a_games_options_are_the_ones_the_slot_version_took():
    game = new_game("intro", seed=3, variant="prophet")
    game.apply(game.legal_actions()[0])
    before = dict(game.options, variant="hard")
    assert stats.game_key(game.options, game.history) == _earlier_game_key(before, game.history)
    history = [A.action_to_dict(a) for a in game.history]
    earlier_review = hashlib.sha256(json.dumps({"options": before, "actions": history, "version": 2}, sort_keys=True,
                                               separators=(",", ":")).encode("utf-8")).hexdigest()
    assert reviews.review_key(dict(game.options), history, 2) == earlier_review

