"""Save format 1 -> 2: saves written by the code from before the rules answered in data (and before
the rulebook corrections of issue 10) load, rebuilt by replay under today's rules and hashed again
— or, when today's rules refuse one of their actions, are listed as damaged ("outdated") with the
reason and never altered. Statistics keep reading the results and reasons of that time.

The files in tests/data/format1/ were written by that code (see make_format1.py there)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

from castellion import persistence as P
from castellion.persistence import datadir, errors, formats, names, replay, saves, stats
from castellion.persistence.replay import UPGRADED_FROM
from castellion.rules import Result, new_game
from castellion.rules.options import OLD_SLOT_WORDS
from castellion.session import Session

OLD = Path(__file__).resolve().parents[1] / "data" / "format1"


@pytest.fixture
def home(home):
    """The shared data folder (tests/conftest.py), its folders made."""
    datadir.ensure_data_dirs()
    return home


def put(name: str, as_name: str | None = None) -> Path:
    """Copy the old file `name` into the saves folder (as `as_name`)."""
    target = names.save_path(as_name or name)
    shutil.copyfile(OLD / f"{name}.json", target)
    return target


def old_doc(name: str) -> dict:
    return json.loads((OLD / f"{name}.json").read_text("utf-8"))


def test_the_fixtures_are_format_1_files():
    for path in OLD.glob("*.json"):
        doc = json.loads(path.read_text("utf-8"))
        assert doc["castellion"] == "save" and doc["format"] == 1, path.name
    assert formats.SAVE_FORMAT == formats.SAVE_FORMAT == 4


def legacy_hash(game) -> str:
    """The hash formats 1 and 2 took: of the whole `to_dict()`, display words included — the
    level's table of variants as it was then, by slot ("easy" / "hard") without a leaning."""
    state = game.to_dict()
    table = state["level_spec"]["variants"]
    state["level_spec"]["variants"] = {
        word: {k: w for k, w in v.items() if k != "leaning"}
        for word, leaning in OLD_SLOT_WORDS.items()
        for v in table.values() if v["id"] == game.level_spec.first(leaning)}
    canonical = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def test_upgrade_is_pure_and_marks_the_document():
    doc = old_doc("intro-lost-summary")
    new = formats.upgrade(dict(doc))
    assert new["format"] == formats.SAVE_FORMAT and new["state_hash"] is None
    assert new[UPGRADED_FROM] == {"format": 1, "state_hash": doc["state_hash"]}  # its first origin
    # the summary's losing sentence became its rule id (R-§5.3: an unmet requirement card)
    assert new["summary"]["outcome_rule"] == "R-\u00a75.3" and "outcome_reason" not in new["summary"]
    assert doc["format"] == 1  # the input is not changed


def test_an_unfinished_format_1_game_loads_with_the_same_state(home):
    path = put("intro-unfinished")
    before = path.read_bytes()
    loaded = saves.load_path(path)
    doc = old_doc("intro-unfinished")
    assert loaded.document["format"] == formats.SAVE_FORMAT and loaded.document[UPGRADED_FROM]["format"] == 1
    # nothing in this game met a corrected rule: today's state is the one that was saved (hashed
    # as format 1 did), and it is hashed again without the words (format 3)
    assert legacy_hash(loaded.game) == doc["state_hash"]
    assert loaded.document["state_hash"] == replay.state_hash(loaded.game)
    assert len(loaded.game.history) == len(doc["actions"]) and loaded.game.outcome is None
    assert loaded.info.ok and not loaded.info.finished
    assert path.read_bytes() == before and not os.path.exists(str(path) + ".bak")


@pytest.mark.parametrize("name, rule, ordeal", [
    ("intro-lost", "R-\u00a75.3", "exam-1"),  # an unmet requirement card
    ("expert-lost", "R-O5", "behemoth-1"),  # the foundation was not complete
])
def test_a_finished_format_1_game_is_rebuilt_and_hashed_again(home, name, rule, ordeal):
    # Its state hash was taken of {"result": "lost", "reason": "<sentence>"}: today's outcome is
    # data (the rule id, the Ordeal…), so the old hash cannot match — it is recomputed.
    path = put(name)
    loaded = saves.load_path(path)
    outcome = loaded.game.outcome
    assert outcome is not None and outcome.result is Result.LOST
    assert (outcome.rule, outcome.ordeal) == (rule, ordeal)
    assert loaded.document["state_hash"] == replay.state_hash(loaded.game)
    assert loaded.document["state_hash"] != old_doc(name)["state_hash"]
    info = saves.inspect(path)
    assert info.ok and info.finished and info.verified
    assert info.outcome is Result.LOST and info.outcome_rule == rule


def test_premonition_traitor_now_goes_to_the_discard_pile(home):
    # R-§8.3 corrected (docs/rulings.md): the Traitor of a Premonition goes to the discard pile,
    # not out of the game. The old save loads; its state is today's.
    loaded = saves.load_path(put("base-easy-premonition"))
    game = loaded.game
    assert "T" in game.discard and "T" not in game.removed
    assert loaded.document["state_hash"] != old_doc("base-easy-premonition")["state_hash"]
    assert loaded.info.ok


@pytest.mark.parametrize("name, rule", [
    # R-§6: a tile the Chameleon recovered may only be placed or discarded — this one was passed
    ("base-two-chameleon-pass", "R-\u00a76"),
    # the Premonition's Traitor in the discard pile moves every later tile by one: the Chameleon's
    # pick at index 2 is no longer the tile it was
    ("base-easy-discard-index", "R-\u00a74"),
])
def test_a_format_1_save_the_corrected_rules_refuse_is_outdated_and_kept(home, name, rule):
    path = put(name)
    before, stamp = path.read_bytes(), os.stat(path).st_mtime_ns
    with pytest.raises(errors.DamagedSave) as exc:
        saves.load_path(path)
    assert exc.value.problem == "outdated"
    assert "corrected rules" in exc.value.message and f"({rule})" in exc.value.message
    assert "save format 1" in exc.value.message
    [info] = saves.list_saves()
    assert not info.ok and info.problem == "outdated" and info.message == exc.value.message
    # never altered: not rewritten, not renamed, no backup made, and nothing may overwrite it
    with pytest.raises(names.SaveRefused):
        saves.save_slot(name, Session(new_game("intro", seed=1)))
    assert path.read_bytes() == before and os.stat(path).st_mtime_ns == stamp
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_the_saves_screen_lists_old_files_quickly_and_verifies_them(home):
    put("intro-lost-summary")
    put("intro-unfinished")  # no summary header (format 1 before it): replayed at once
    put("base-two-chameleon-pass")
    rows = {i.name: i for i in saves.list_saves(verify=False)}
    quick = rows["intro-lost-summary"]
    assert quick.ok and not quick.verified  # read from the upgraded summary, not replayed
    assert quick.outcome is Result.LOST and quick.outcome_rule == "R-\u00a75.3"
    assert rows["intro-unfinished"].ok and rows["intro-unfinished"].verified
    assert not rows["base-two-chameleon-pass"].ok
    verified = {i.name: i for i in saves.list_saves(verify=True)}
    assert verified["intro-lost-summary"].verified and verified["intro-lost-summary"].ok


CORPUS = Path(__file__).resolve().parents[1] / "data" / "old" / "0.1.0" / "home" / "saves"


def test_a_format_3_game_of_a_variant_slot_names_its_variant_id_and_is_hashed_again(home):
    # Format 3 stored the slot ("hard": the level's one harder variant, docs/rules.md §8); format 4
    # the id. The hash covered the slot word, so the game is rebuilt by replay and hashed again.
    doc = json.loads((CORPUS / "base-hard-prison-lost.json").read_text("utf-8"))
    assert doc["format"] == 3 and doc["options"]["variant"] == "hard"
    new = formats.upgrade(dict(doc))
    assert new["format"] == 4 and new["options"]["variant"] == "prison" and new["summary"]["variant"] == "prison"
    assert new[UPGRADED_FROM] == {"format": 3, "state_hash": doc["state_hash"]} and new["state_hash"] is None
    path = names.save_path("prison")
    path.write_bytes(saves.encode(doc))
    loaded = saves.load_path(path)
    assert loaded.game.variant_id == "prison" and loaded.document["state_hash"] == replay.state_hash(loaded.game)


def test_a_format_3_plain_game_keeps_its_hash_check(home):
    doc = json.loads((CORPUS / "intro-unfinished.json").read_text("utf-8"))
    assert doc["format"] == 3 and doc["options"]["variant"] == "normal"
    new = formats.upgrade(dict(doc))
    assert new["format"] == 4 and UPGRADED_FROM not in new and new["state_hash"] == doc["state_hash"]
    doc["state_hash"] = "0" * 64  # edited by hand: still found out
    names.save_path("edited").write_bytes(saves.encode(doc))
    [info] = saves.list_saves()
    assert not info.ok and info.problem == "hash_mismatch"


def test_a_format_2_file_cannot_claim_to_be_upgraded_to_skip_its_hash(home):
    session = Session(new_game("intro", seed=4))
    session.apply(session.game.legal_actions()[0])
    doc = saves.document_for(session)
    doc["state_hash"] = "0" * 64
    doc[UPGRADED_FROM] = {"format": 1, "state_hash": None}
    names.save_path("forged").write_bytes(saves.encode(doc))
    [info] = saves.list_saves()
    assert not info.ok and info.problem == "hash_mismatch"


def test_continuing_an_old_autosave_writes_it_in_the_current_format(home):
    path = put("intro-unfinished", "autosave")
    loaded = P.continue_game()
    assert loaded is not None and loaded.info.path == path
    autosaver = P.Autosaver(background=False, record_stats=False)
    assert autosaver.attach(loaded.session, path=loaded.info.path)
    autosaver.close(loaded.session)
    doc = json.loads(path.read_text("utf-8"))
    assert doc["format"] == formats.SAVE_FORMAT and UPGRADED_FROM not in doc
    assert doc["state_hash"] == replay.state_hash(loaded.game)
    assert saves.load_path(path).document.get(UPGRADED_FROM) is None  # read as it is now


def _replace_the_autosave_with_a_new_game() -> stats.Record:
    """Starts a new game over the autosave (as the app does once the player agreed: into the file
    of the game it asked about) and returns intro's statistics."""
    autosaver = P.Autosaver(background=False)
    session = Session(new_game("intro", seed=9))
    autosaver.attach(session, path=names.autosave_path())
    autosaver.close(session)
    return stats.load_stats().get("intro")


def test_an_old_finished_autosave_replaced_by_a_new_game_counts_as_lost_by_rule_id(home):
    put("intro-lost", "autosave")
    rec = _replace_the_autosave_with_a_new_game()
    assert (rec.played, rec.lost, rec.abandoned) == (1, 1, 0)
    assert rec.loss_reasons == {"R-\u00a75.3": 1}


def test_an_old_unfinished_autosave_replaced_by_a_new_game_counts_as_abandoned(home):
    put("intro-unfinished", "autosave")
    rec = _replace_the_autosave_with_a_new_game()
    assert (rec.played, rec.abandoned, rec.lost) == (1, 1, 0)


# ------------------------------------------------------------------ statistics: old strings
def test_statistics_take_results_as_data_and_as_the_old_strings(home):
    opts = {"level": "intro", "variant": "normal", "players": 1}
    assert stats.record_game(opts, Result.WON, turns=10, game_id="a")
    assert stats.record_game(opts, "won", turns=10, game_id="b")  # an older caller's string
    assert stats.record_game(opts, stats.Ending.ABANDONED, turns=1, game_id="c")
    assert stats.record_game(opts, "abandoned", turns=1, game_id="d")
    assert stats.record_game(opts, Result.LOST, turns=5, reason="R-O5", game_id="e")  # Outcome.rule
    # the sentence of a game lost before the rules answered in data counts under its rule id
    assert stats.record_game(opts, "lost", turns=5, game_id="f",
                             reason="R-O5: the foundation was not complete when Harpy came")
    rec = stats.load_stats().get("intro")
    assert (rec.played, rec.won, rec.lost, rec.abandoned) == (6, 2, 2, 2)
    assert rec.loss_reasons == {"R-O5": 2} and rec.best_streak == 2
    with pytest.raises(ValueError):
        stats.record_game(opts, "draw", turns=1)
    assert stats.load_stats().get("intro").played == 6  # a bad result counts nothing


def test_an_old_stats_file_keeps_its_counts_and_reasons(home):
    # As the code before this change wrote it: loss reasons keyed by rule id, or by the sentence
    # itself when it quoted none.
    old = {"format": 1, "records": {"base/normal/1": {
        "played": 4, "won": 1, "lost": 2, "abandoned": 1, "current_streak": 0, "best_streak": 1,
        "turns": 90, "undos": 3, "loss_reasons": {"R-\u00a75.3": 1, "the castle fell": 1}}},
        "recent_ids": ["x1", "x2"]}
    datadir.stats_path().write_text(json.dumps(old), "utf-8")
    stats.record_game({"level": "base"}, Result.LOST, turns=20, reason="R-\u00a75.3", game_id="y")
    assert not stats.record_game({"level": "base"}, "lost", turns=20, game_id="x1")  # counted then
    rec = stats.load_stats().get("base")
    assert (rec.played, rec.won, rec.lost, rec.abandoned, rec.turns) == (5, 1, 3, 1, 110)
    assert rec.loss_reasons == {"R-\u00a75.3": 2, "the castle fell": 1}


def test_a_summary_with_an_unknown_outcome_is_not_used(home):
    # The summary is unverified display data: an outcome that is no `Result` value means the row is
    # replayed at once instead (and shows what the actions really lead to).
    session = Session(new_game("intro", seed=4))
    session.apply(session.game.legal_actions()[0])
    for n, bad in enumerate(("draw", 5, ["won"], {"result": "won"}, True)):
        doc = saves.document_for(session)
        doc["summary"]["outcome"] = bad
        names.save_path(f"odd{n}").write_bytes(saves.encode(doc))
    rows = saves.list_saves(verify=False)
    assert len(rows) == 5
    assert all(r.ok and r.verified and r.outcome is None for r in rows)
    good = saves.document_for(session)
    names.save_path("plain").write_bytes(saves.encode(good))
    assert not saves.header_info(names.save_path("plain")).verified  # a good summary is used
