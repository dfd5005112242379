"""The one document store (`persistence/store.py`, docs/persistence.md "One document store"): every
JSON document of the data folder but the saves is read and written there, so its guarantees (the
hardened read, the format number, the `.bak`, a damaged file set aside, the atomic write) hold for
each of them by construction."""

from __future__ import annotations

import json

from castellion.persistence import difficulty, reviews, settings, stats, store, tutorial


def test_every_document_of_the_data_folder_is_read_and_written_by_the_store(home, monkeypatch):
    read, written = [], []
    real_read, real_write = store.read, store.write

    def spy_read(path, *args, **kwargs):
        read.append(path.name)
        return real_read(path, *args, **kwargs)

    def spy_write(path, *args, **kwargs):
        written.append(path.name)
        return real_write(path, *args, **kwargs)

    monkeypatch.setattr(store, "read", spy_read)
    monkeypatch.setattr(store, "write", spy_write)
    settings.save_settings(settings.Settings(sound=False))
    assert settings.load_settings().sound is False
    assert stats.record_game({"level": "intro"}, "won", turns=7, key="a" * 32)
    assert stats.load_stats().get("intro").won == 1
    tutorial.save_tutorial(tutorial.TutorialProgress(offered=True))
    assert tutorial.load_tutorial_report().value.offered
    deal = difficulty.difficulty_key("intro", 5, {}, 1)
    assert difficulty.keep_difficulty(deal, 3, 10) and difficulty.load_difficulty(deal) == (3, 10)
    key = "b" * 64
    assert reviews.keep_review(key, {"not": "a review"})
    assert reviews.read_review(key, {"level": "intro", "seed": 1}, []).kept_as is not None  # refused: set aside
    documents = {"settings.json", "stats.json", "tutorial.json", "difficulty.json", f"{key}.json"}
    assert set(written) == documents
    assert set(read) >= documents
    assert (home / "saves" / "reviews" / f"{key}.json.damaged").exists()


def test_a_document_of_a_newer_format_is_kept_as_it_is_and_its_backup_not_used(home):
    home.mkdir()
    path = home / "doc.json"
    path.write_text(json.dumps({"format": 7}))
    path.with_name("doc.json.bak").write_text(json.dumps({"format": 1}))
    found = store.read_or_backup(path, 1000, lambda d: store.check_format(d, 1, "test"))
    assert (found.value, found.newer, found.from_backup) == (None, 7, False)
    assert path.read_text() == json.dumps({"format": 7})
    older = store.read_or_backup(home / "doc.json.bak", 1000, lambda d: store.check_format(d, 1, "test"))
    assert older.value == {"format": 1} and older.problem is None
