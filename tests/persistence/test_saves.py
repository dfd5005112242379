"""Saves: round trips at every level, replay, listing, names, the upgrade path and every kind of
bad file (none of which may crash the game or be changed by it)."""

from __future__ import annotations

import errno
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from castellion import __version__
from castellion.persistence import atomic, datadir, formats, names, replay, saves
from castellion.persistence.errors import DamagedSave, StorageError
from castellion.persistence.names import SaveRefused
from castellion.persistence.rules_data import RULES_DATA
from castellion.rules import new_game, parse_castle
from castellion.rules.bots import greedy_action, random_action
from castellion.rules.rng import SeededRandom
from castellion.session import Session

LEVELS = ("intro", "base", "expert")


@pytest.fixture
def home(home):
    """The shared data folder (tests/conftest.py), its folders made."""
    datadir.ensure_data_dirs()
    return home


def play(level: str, seed: int, steps: int, *, policy=greedy_action, bot_seed: int = 0) -> Session:
    """A session of `level` played `steps` actions (or to its end) by `policy`."""
    session = Session(new_game(level, seed=seed))
    rng = SeededRandom.from_seed(bot_seed)
    for _ in range(steps):
        if session.game.outcome is not None:
            break
        session.apply(policy(session.game, rng))
    return session


# ------------------------------------------------------------------ round trips
@settings(max_examples=45, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(level=st.sampled_from(LEVELS), seed=st.integers(0, 2**31), steps=st.integers(0, 140),
       greedy=st.booleans(), bot_seed=st.integers(0, 1000))
def test_save_load_round_trip_at_random_points(home, level, seed, steps, greedy, bot_seed):
    session = play(level, seed, steps, policy=greedy_action if greedy else random_action,
                   bot_seed=bot_seed)
    info = saves.save_slot("round trip", session)
    assert info.ok, info.message
    loaded = saves.load_save("round trip")
    assert loaded.game.to_dict() == session.game.to_dict()
    assert loaded.game.phase == session.game.phase  # the pending sub-step is back
    assert loaded.game.legal_actions() == session.game.legal_actions()
    assert loaded.session.can_undo == session.can_undo  # undo history since the last barrier
    if session.can_undo:
        session.undo()
        loaded.session.undo()
        assert loaded.game.to_dict() == session.game.to_dict()
    # Continue-style load keeps the game's identity; a named save opened from the list does not.
    assert saves.load_path(info.path).session.game_id == session.game_id
    assert loaded.session.game_id != session.game_id


@pytest.mark.parametrize("level", LEVELS)
def test_replay_equals_the_original_state(level):
    session = play(level, seed=42, steps=10_000)
    assert session.game.outcome is not None
    doc = saves.document_for(session)
    again = replay.replay(doc)
    assert again.game.to_dict() == session.game.to_dict()
    assert replay.state_hash(again.game) == doc["state_hash"] == replay.state_hash(session.game)
    assert [a for a in again.game.history] == list(session.game.history)


def test_two_player_names_travel_with_the_save(home):
    session = Session(new_game("intro", seed=3, players=2), player_names=("Anna", "Ben"))
    session.apply(session.game.legal_actions()[0])
    doc = saves.document_for(session)
    assert doc["player_names"] == ["Anna", "Ben"]
    assert replay.replay(doc).player_names == ("Anna", "Ben")
    # the names are a nicety: a bad value costs the names, never the game
    doc["player_names"] = "not a list"
    again = replay.replay(doc)
    assert again.player_names == () and again.game.to_dict() == session.game.to_dict()


def test_document_layout(home):
    session = play("base", seed=7, steps=12)
    session.undos = 3
    saves.save_slot("layout", session)
    doc = json.loads(names.save_path("layout").read_text("utf-8"))
    assert doc["castellion"] == "save"
    assert doc["format"] == formats.SAVE_FORMAT == 4
    assert doc["rules_data"] == RULES_DATA["base"]  # the rules data the game was played under
    assert doc["program"] == __version__
    assert doc["options"] == session.game.options
    assert doc["seed"] == 7
    assert len(doc["actions"]) == len(session.game.history) == 12
    assert doc["state_hash"] == replay.state_hash(session.game)
    assert len(doc["state_hash"]) == 64
    assert doc["undos"] == 3 and doc["game_id"] == session.game_id
    assert saves.parse_document(saves.encode(doc)) == doc


def test_state_hash_is_canonical_sha256_of_the_rules_state():
    import hashlib

    from castellion.rules import rules_state

    game = new_game("intro", seed=1)
    canonical = json.dumps(rules_state(game.to_dict()), sort_keys=True, separators=(",", ":"))
    assert replay.state_hash(game) == hashlib.sha256(canonical.encode()).hexdigest()


# ------------------------------------------------------------------ listing, names, delete
def test_listing_shows_what_the_menu_needs(home):
    a = play("intro", seed=1, steps=30)
    b = play("expert", seed=2, steps=10_000)
    saves.save_slot("first", a)
    os.utime(names.save_path("first"), (1, 1))
    saves.save_slot("second", b)
    doc = json.loads(names.save_path("first").read_text())
    doc["saved_at"] = "2000-01-01T00:00:00Z"
    names.save_path("first").write_text(json.dumps(doc))
    infos = saves.list_saves()
    assert [i.name for i in infos] == ["second", "first"]  # newest first
    second = infos[0]
    assert second.ok and not second.automatic
    assert (second.level, second.variant, second.players, second.seed) == ("expert", "normal", 1, 2)
    assert second.outcome in ("won", "lost") and second.finished
    assert second.ordeals_total == 3 and 0 <= second.ordeals_passed <= 3
    assert second.saved_at and second.saved_at.endswith("Z")
    assert parse_castle(second.castles[0]) is not None  # the thumbnail's data is castle notation
    assert infos[1].turn == a.game.turn and infos[1].actions == 30
    assert saves.has_saves()


def test_listing_ignores_backups_temps_and_other_files(home):
    saves.save_slot("one", play("intro", seed=1, steps=3))
    saves.save_slot("one", play("intro", seed=1, steps=5))  # makes one.json.bak
    folder = datadir.saves_dir()
    (folder / ".~one.json.abc.tmp").write_text("{")
    (folder / "notes.txt").write_text("hello")
    assert (folder / "one.json.bak").is_file()
    assert [i.name for i in saves.list_saves()] == ["one"]


def test_missing_saves_folder_is_an_empty_list(tmp_path, monkeypatch):
    monkeypatch.setenv(datadir.HOME_ENV, str(tmp_path / "nowhere"))
    assert saves.list_saves() == []
    assert not saves.has_saves()
    assert not (tmp_path / "nowhere").exists()  # reading never creates anything


@pytest.mark.parametrize("name", ["", " x", "x ", "a/b", "..", "a\\b", "x" * 41, "autosave",
                                  "AutoSave-3", "con", "a:b", "é?", "COM\u00b9", "lpt\u00b3", "COM0", "Lpt0",
                                  "a<b", "a>b", 'a"b', "a|b", "a?b", "a*b", "a.", "NUL", "prn", "Aux", "com9"])
def test_bad_names_are_refused(home, name):
    assert names.name_problem(name)
    with pytest.raises(SaveRefused):
        saves.save_slot(name, play("intro", seed=1, steps=1))
    assert list(datadir.saves_dir().iterdir()) == []


@pytest.mark.parametrize("name", ["Castle 1", "château de l'ombre", "run_2 (hard)", "a-b+c, d!"])
def test_good_names(home, name):
    assert names.name_problem(name) is None
    saves.save_slot(name, play("intro", seed=1, steps=2))
    assert saves.load_save(name).game.history == play("intro", seed=1, steps=2).game.history


def test_overwrite_keeps_the_previous_as_backup_and_delete_removes_both(home):
    first = play("base", seed=5, steps=4)
    second = play("base", seed=5, steps=9)
    saves.save_slot("slot", first)
    saves.save_slot("slot", second)
    assert saves.load_save("slot").game.to_dict() == second.game.to_dict()
    assert saves.load_save("slot", backup=True).game.to_dict() == first.game.to_dict()
    saves.delete_save("slot")
    assert not saves.save_exists("slot")
    assert not atomic.backup_path(names.save_path("slot")).exists()
    saves.delete_save("slot")  # deleting what is not there is fine
    with pytest.raises(DamagedSave) as exc:
        saves.load_save("slot")
    assert exc.value.problem == "missing"


# ------------------------------------------------------------------ bad files
def _valid_bytes() -> bytes:
    return saves.encode(saves.document_for(play("base", seed=11, steps=20)))


def _edited(change) -> bytes:
    doc = json.loads(_valid_bytes())
    change(doc)
    return json.dumps(doc).encode()


BAD_FILES = {
    "empty": (b"", "empty"),
    "blank": (b"  \n\n", "empty"),
    "truncated": (lambda: _valid_bytes()[:-40], "truncated"),
    "corrupt json": (lambda: _valid_bytes().replace(b'"actions"', b'"actions" ]', 1), "corrupt"),
    "binary": (bytes(range(256)) * 4, "corrupt"),
    "foreign json": (b'{"name": "package", "version": "1.0"}', "foreign"),
    "json list": (b"[1, 2, 3]", "foreign"),
    "json number": (b"42", "foreign"),
    "newer version": (lambda: _edited(lambda d: d.update(format=99, program="9.0")), "newer"),
    "bad format": (lambda: _edited(lambda d: d.update(format="one")), "malformed"),
    "hash edited": (lambda: _edited(lambda d: d.update(state_hash="0" * 64)), "hash_mismatch"),
    "actions cut": (lambda: _edited(lambda d: d.update(actions=d["actions"][:-2])),
                    "hash_mismatch"),
    "illegal action": (lambda: _edited(lambda d: d["actions"].insert(0, {
        "type": "PlaceTile", "cell": [3, 3], "tile": "Pt"})), "illegal"),
    "unknown action": (lambda: _edited(lambda d: d["actions"].append({"type": "Cheat"})),
                       "malformed"),
    "bad options": (lambda: _edited(lambda d: d["options"].update(level="nightmare")), "malformed"),
    "no options": (lambda: _edited(lambda d: d.pop("options")), "malformed"),
    "seed mismatch": (lambda: _edited(lambda d: d.update(seed=d["seed"] + 1)), "malformed"),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_bad_file_is_listed_as_damaged_and_left_untouched(home, case):
    content, problem = BAD_FILES[case]
    data = content() if callable(content) else content
    path = names.save_path("victim")
    path.write_bytes(data)
    infos = saves.list_saves()
    assert len(infos) == 1
    info = infos[0]
    assert not info.ok and info.problem == problem, info.message
    assert info.message and info.backup is None
    with pytest.raises(DamagedSave) as exc:
        saves.load_save("victim")
    assert exc.value.problem == problem
    # Saving over it is refused; the file is never changed by the program.
    with pytest.raises(SaveRefused):
        saves.save_slot("victim", play("intro", seed=1, steps=1))
    assert path.read_bytes() == data
    assert not atomic.backup_path(path).exists()


def test_directory_where_a_save_should_be(home):
    (datadir.saves_dir() / "folder.json").mkdir()
    (datadir.saves_dir() / "folder.json" / "keep.txt").write_text("mine")
    [info] = saves.list_saves()
    assert not info.ok and info.problem == "not_a_file"
    with pytest.raises(SaveRefused):
        saves.save_slot("folder", play("intro", seed=1, steps=1))
    with pytest.raises(StorageError):  # never deletes a tree the player put there
        saves.delete_save("folder")
    assert (datadir.saves_dir() / "folder.json" / "keep.txt").read_text() == "mine"


def test_damaged_save_offers_its_valid_backup(home):
    older = play("intro", seed=3, steps=6)
    saves.save_slot("mine", older)
    saves.save_slot("mine", play("intro", seed=3, steps=10))
    names.save_path("mine").write_bytes(names.save_path("mine").read_bytes()[:100])
    [info] = saves.list_saves()
    assert not info.ok and info.problem == "truncated"
    assert info.backup is not None and info.backup.ok and info.backup.actions == 6
    restored = saves.load_save("mine", backup=True)
    assert restored.game.to_dict() == older.game.to_dict()


def test_foreign_program_writing_in_the_folder_never_crashes_listing(home, monkeypatch):
    path = names.save_path("weird")
    path.write_bytes(_valid_bytes())

    def explode(*a, **k):
        raise RuntimeError("unexpected")

    monkeypatch.setattr(saves, "replay", explode)
    [info] = saves.list_saves()
    assert not info.ok and "unexpected" in info.message


def test_huge_file_is_not_parsed(home, monkeypatch):
    monkeypatch.setattr(saves, "MAX_BYTES", 1000)
    names.save_path("big").write_bytes(_valid_bytes() + b" " * 2000)
    [info] = saves.list_saves()
    assert info.problem == "too_large"


# ------------------------------------------------------------------ upgrade path
def test_upgrade_path_runs_one_function_per_old_version(home, monkeypatch):
    # The mechanism, with a made-up format 5 (the real steps: tests/persistence/test_save_formats.py).
    v4 = saves.parse_document(_valid_bytes())
    assert v4["format"] == 4 and formats.upgrade(dict(v4)) == v4  # the current format: no step

    seen = []

    def four_to_five(doc):
        seen.append(doc["format"])
        doc = dict(doc)
        doc["format"] = 5
        doc["note"] = "upgraded"
        return doc

    monkeypatch.setattr(formats, "SAVE_FORMAT", 5)
    monkeypatch.setitem(formats.UPGRADES, 4, four_to_five)
    path = names.save_path("old")
    path.write_bytes(saves.encode(v4))
    before = path.read_bytes()
    loaded = saves.load_save("old")
    assert seen == [4] and loaded.document["note"] == "upgraded"
    assert loaded.document["format"] == 5
    assert path.read_bytes() == before  # upgrading in memory never rewrites the file

    with pytest.raises(DamagedSave) as exc:
        formats.upgrade(dict(v4, format=6))
    assert exc.value.problem == "newer"
    monkeypatch.delitem(formats.UPGRADES, 4)
    with pytest.raises(DamagedSave) as exc:
        formats.upgrade(dict(v4))
    assert exc.value.problem == "malformed"
    for bad in (0, -1, True, None, "1"):
        with pytest.raises(DamagedSave):
            formats.upgrade(dict(v4, format=bad))


# ------------------------------------------------------------------ unwritable disk
NOT_A_FOLDER = "not a folder"  # the blocking file's bytes, made up by the test


def test_saves_folder_under_a_regular_file(tmp_path, monkeypatch):
    blocker = tmp_path / "blocker"
    blocker.write_text(NOT_A_FOLDER)
    monkeypatch.setenv(datadir.HOME_ENV, str(blocker / "home"))
    with pytest.raises(StorageError) as exc:
        datadir.ensure_data_dirs()
    assert exc.value.kind == "not_a_folder" and exc.value.params["doing"] == "create_folder"
    with pytest.raises(StorageError) as exc:
        saves.save_slot("x", play("intro", seed=1, steps=1))
    assert exc.value.kind == "not_a_folder" and exc.value.params["path"]  # the words name the path
    with pytest.raises(StorageError):
        saves.list_saves()
    assert blocker.read_text() == NOT_A_FOLDER


def test_disk_full_while_saving_leaves_the_old_save(home, monkeypatch):
    old = play("intro", seed=4, steps=5)
    saves.save_slot("slot", old)
    before = names.save_path("slot").read_bytes()

    def full(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(os, "replace", full)
        with pytest.raises(StorageError) as exc:
            saves.save_slot("slot", play("intro", seed=4, steps=9))
    assert exc.value.reason == "full" and exc.value.params["doing"] == "write"
    assert names.save_path("slot").read_bytes() == before
    assert [p.name for p in datadir.saves_dir().iterdir() if atomic.is_temp_name(p.name)] == []


def test_write_failing_mid_file_leaves_no_temp(home, monkeypatch):
    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(os, "fsync", full)
        with pytest.raises(StorageError) as exc:
            saves.save_slot("slot", play("intro", seed=4, steps=9))
    assert exc.value.kind == "full"
    assert list(datadir.saves_dir().iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root ignores permissions (the under-a-file test covers this)")
def test_read_only_saves_folder(home):
    folder = datadir.saves_dir()
    folder.chmod(0o500)
    try:
        with pytest.raises(StorageError) as exc:
            saves.save_slot("x", play("intro", seed=1, steps=1))
        assert exc.value.kind == "permission"
    finally:
        folder.chmod(0o700)
