"""Old files load: every file an earlier version kept, in tests/data/old/<version>/, loads in this one
and plays on (issue 29). Each folder there is a whole data folder written by that version
(`scripts/make_old_corpus.py`, run once per release; never made again), with `manifest.json`
saying what each file holds.

Also here: the guarantees that keep the corpus loadable across releases — rewording the game's data
changes no state hash, and a change of the rules data cannot land without a save-format step.
"""

from __future__ import annotations

import datetime
import json
import shutil
from pathlib import Path

import pytest
import yaml

from castellion import persistence as P
from castellion.content import load_ruleset
from castellion.persistence import difficulty, errors, formats, names, replay, reviews, saves, stats, tutorial
from castellion.persistence.rules_data import RULES_DATA, rules_data_digest
from castellion.rules import actions as A
from castellion.rules import default_ruleset, use_ruleset
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom

ROOT = Path(__file__).resolve().parents[2]
OLD = ROOT / "tests" / "data" / "old"
VERSIONS = sorted(p.name for p in OLD.iterdir() if (p / "manifest.json").is_file())
SAVES = [(v, name) for v in VERSIONS
         for name in json.loads((OLD / v / "manifest.json").read_text("utf-8"))["saves"]]


def manifest(version: str) -> dict:
    return json.loads((OLD / version / "manifest.json").read_text("utf-8"))


# An earlier version's variant slot ("easy" / "hard") and the variant this version reads it as: the
# level's first easier / harder variant (docs/rules.md §8), written out, not derived by the mapping
# under test.
SLOT_VARIANTS = {("intro", "easy"): "vigil", ("intro", "hard"): "prophet",
                 ("base", "easy"): "premonition", ("base", "hard"): "prison",
                 ("expert", "easy"): "guardian", ("expert", "hard"): "intruder"}


def as_today(options: dict) -> dict:
    """A game's options as this version reads them: a variant slot as its variant's id."""
    variant = SLOT_VARIANTS.get((options.get("level"), options.get("variant")), options.get("variant"))
    return dict(options, variant=variant) if "variant" in options else dict(options)


def copy_home(version: str, home: Path) -> Path:
    """The old data folder copied to the test's own (`home`): the corpus is never written."""
    shutil.copytree(OLD / version / "home", home)
    return home


def test_there_is_a_corpus_of_this_first_version():
    assert "0.1.0" in VERSIONS
    kinds = manifest("0.1.0")["saves"].values()
    levels = {s["options"]["level"] for s in kinds}
    assert levels == {"intro", "base", "expert"}
    assert {s["options"]["variant"] for s in kinds} >= {"normal", "easy", "hard"}
    assert any(s["options"]["pantry"] for s in kinds) and any(s["players"] == 2 for s in kinds)
    assert any(s["daily"] for s in kinds) and any(s["result"] == "won" for s in kinds)
    assert any(s["result"] is None for s in kinds) and any(s["result"] == "lost" for s in kinds)


def test_there_is_a_corpus_of_the_save_format_that_names_variants_by_id():
    told = manifest("0.1.0-format4")  # docs/persistence.md, "Format 3 → 4"
    assert told["save_format"] == 4
    variants = {s["options"]["variant"] for s in told["saves"].values()}
    assert variants == {"normal", "vigil", "prophet", "premonition", "prison", "guardian", "intruder"}
    assert "base/prison/1" in told["stats"] and told["settings"]["new_game"]["variant"] == "prison"


@pytest.mark.parametrize("version, name", SAVES)
def test_an_old_save_loads_as_it_was_and_plays_on(home, version, name):
    copy_home(version, home)
    told = manifest(version)["saves"][name]
    path = home / told["file"]
    before = path.read_bytes()
    loaded = saves.load_path(path)
    game = loaded.game
    assert dict(game.options) == as_today(told["options"])
    assert (len(game.history), game.turn, str(game.phase)) == (told["actions"], told["turn"], told["phase"])
    assert (game.outcome.result.value if game.outcome else None) == told["result"]
    assert (game.outcome.rule if game.outcome else None) == told["rule"]
    assert list(loaded.session.player_names) == told["player_names"]
    info = saves.inspect(path)
    assert info.ok and info.finished == (told["result"] is not None)
    assert path.read_bytes() == before  # reading never rewrites
    if game.outcome is not None:
        return
    # plays on: ten more actions, saved in today's format, read back the same
    rng = SeededRandom.from_seed(len(name))
    for _ in range(10):
        if loaded.game.outcome is not None:
            break
        loaded.session.apply(greedy_action(loaded.game, rng))
    saves.save_slot(f"{name}-on", loaded.session)
    again = saves.load_save(f"{name}-on")
    assert again.document["format"] == formats.SAVE_FORMAT
    assert replay.state_hash(again.game) == replay.state_hash(loaded.game)
    assert again.game.history == loaded.game.history


@pytest.mark.parametrize("version", VERSIONS)
def test_continue_resumes_the_old_autosave(home, version):
    copy_home(version, home)
    loaded = P.continue_game()
    assert loaded is not None and loaded.info.path == names.autosave_path()
    assert len(loaded.game.history) == manifest(version)["saves"]["autosave"]["actions"]
    autosaver = P.Autosaver(background=False, today=lambda: datetime.date(2027, 1, 1))
    assert autosaver.attach(loaded.session, path=loaded.info.path)
    loaded.session.apply(loaded.game.legal_actions()[0])
    autosaver.close(loaded.session)
    assert saves.load_path(names.autosave_path()).game.history == loaded.game.history


@pytest.mark.parametrize("version", VERSIONS)
def test_old_settings_statistics_tutorial_review_and_difficulty_load(home, version):
    copy_home(version, home)
    told = manifest(version)
    settings, problem = P.load_settings_report()
    assert problem is None
    now = settings.to_dict()  # a later version may add settings; every old one keeps its value
    assert {k: now[k] for k in told["settings"] if k != "format"} == \
        {k: as_today(v) if k == "new_game" else v for k, v in told["settings"].items() if k != "format"}
    # the settings added since (issue 31) come in as their defaults; a kept file without
    # motion_asked is not a first start (docs/accessibility.md, XAG 117)
    added = {"text_size": 100, "high_contrast": False, "effects_volume": 100, "interface_volume": 100}
    assert {k: now[k] for k in added if k not in told["settings"]} == {k: v for k, v in added.items()
                                                                       if k not in told["settings"]}
    assert settings.motion_asked or told["settings"].get("motion_asked") is False
    report = stats.read_stats()
    assert report.kind is None and report.kept_as is None
    got = {f"{lvl}/{var}/{players}": rec.to_dict() for (lvl, var, players), rec in report.value.records.items()}
    def today(key: str) -> str:  # "base/hard/1" -> "base/prison/1"
        level, variant, players = key.split("/")
        return f"{level}/{as_today({'level': level, 'variant': variant})['variant']}/{players}"

    assert {k: {f: v[f] for f in ("played", "won", "lost", "abandoned")} for k, v in got.items()} == \
        {today(k): {f: v[f] for f in ("played", "won", "lost", "abandoned")} for k, v in told["stats"].items()}
    daily = [s for s in told["saves"].values() if s["daily"]]
    for game in daily:
        assert (game["daily"], game["options"]["level"]) in report.value.days
    found = tutorial.load_tutorial_report()
    progress = found.value
    assert found.kept_as is None and progress is not None
    assert (progress.done, progress.part, progress.step) == \
        (told["tutorial"]["done"], told["tutorial"]["part"], told["tutorial"]["step"])
    assert progress.game is not None
    reviewed = saves.read_document(home / told["saves"][told["review"]["of"]]["file"])
    kept = reviews.read_review(told["review"]["key"], reviewed["options"], reviewed["actions"])
    assert kept.value is not None and kept.kept_as is None  # sound, never set aside
    assert difficulty.load_difficulty(told["difficulty"]["key"]) == \
        (told["difficulty"]["wins"], told["difficulty"]["runs"])


@pytest.mark.parametrize("version", VERSIONS)
def test_opening_the_old_finished_games_counts_nothing_again(home, version):
    """Each finished game was counted when it ended; opening its file in a later version (the
    Saves screen attaches it) must not count it a second time."""
    copy_home(version, home)
    before = {k: r.played for k, r in stats.load_stats().records.items()}
    for told in manifest(version)["saves"].values():
        if told["result"] is None:
            continue
        loaded = saves.load_path(home / told["file"])
        autosaver = P.Autosaver(background=False, today=lambda: datetime.date(2027, 1, 1))
        autosaver.attach(loaded.session)
        autosaver.close(loaded.session)
    assert {k: r.played for k, r in stats.load_stats().records.items()} == before


# ------------------------------------------------------------------ what keeps the corpus loadable
def _reworded_levels(tmp_path: Path) -> Path:
    """A scratch copy of levels/ in which every display word is changed: each card's name and
    text, each level's name and description, each variant's name and description."""
    target = tmp_path / "levels"
    shutil.copytree(ROOT / "levels", target)
    changed = 0

    def reword(node: object) -> None:
        nonlocal changed
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("name", "text", "description") and isinstance(value, str):
                    node[key] = value + " (reworded)"
                    changed += 1
                else:
                    reword(value)
        elif isinstance(node, list):
            for item in node:
                reword(item)

    for path in target.glob("*.yaml"):
        data = yaml.safe_load(path.read_text("utf-8"))
        reword(data)
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    assert changed > 20  # the edit really reached the cards and the levels
    return target


@pytest.fixture
def reworded(tmp_path):
    ruleset = load_ruleset(_reworded_levels(tmp_path))
    assert ruleset.levels["intro"].name.endswith("(reworded)")
    assert all(c.name.endswith("(reworded)") for c in ruleset.cards.values())
    use_ruleset(ruleset)
    yield ruleset
    use_ruleset(None)


@pytest.mark.parametrize("version", VERSIONS)
def test_rewording_the_levels_leaves_every_old_file_loadable(home, version, reworded):
    copy_home(version, home)
    for name, told in manifest(version)["saves"].items():
        loaded = saves.load_path(home / told["file"])  # its hash still matches: words are not hashed
        assert len(loaded.game.history) == told["actions"], name
        assert loaded.game.level_spec.name.endswith("(reworded)")  # and it shows today's words
    found = tutorial.load_tutorial_report()
    progress = found.value
    assert found.kept_as is None and progress is not None and progress.part == manifest(version)["tutorial"]["part"]
    assert progress.game is not None and progress.game["level_spec"]["name"].endswith("(reworded)")
    for level in RULES_DATA:
        assert rules_data_digest(level, reworded) == RULES_DATA[level]


def test_the_rules_data_is_the_one_the_save_format_was_set_for():
    """A change of what the rules read of levels/*.yaml (a trigger, a requirement, a tile count, a
    card added to a slot) replays old games differently: it must come with a save-format step
    (castellion/persistence/formats.py) and the new digests in persistence/rules_data.py."""
    for level, digest in RULES_DATA.items():
        assert rules_data_digest(level) == digest, (
            f"the rules data of {level!r} changed: bump formats.SAVE_FORMAT with an upgrade step "
            "and set RULES_DATA to the new digests (docs/persistence.md, 'Old files')")
    assert set(RULES_DATA) == set(default_ruleset().levels)


def test_a_save_played_under_other_rules_data_is_outdated_not_edited(home, tmp_path):
    """A game whose level's rules data differs from today's, and that no longer replays to its
    hash, is reported as "outdated" (kept, never altered), not as edited by hand."""
    copy_home("0.1.0", home)
    path = home / "saves" / "intro-lost.json"
    doc = json.loads(path.read_text("utf-8"))
    doc["rules_data"] = "0123456789abcdef"  # as a version with another Exam I would have written
    doc["state_hash"] = "0" * 64
    path.write_bytes(saves.encode(doc))
    with pytest.raises(errors.DamagedSave) as exc:
        saves.load_path(path)
    assert exc.value.problem == "outdated" and "0123456789abcdef" in exc.value.message
    doc["rules_data"] = RULES_DATA["intro"]  # the same data: then it was edited
    path.write_bytes(saves.encode(doc))
    with pytest.raises(errors.DamagedSave) as exc:
        saves.load_path(path)
    assert exc.value.problem == "hash_mismatch"


def test_an_old_action_list_is_read_with_todays_action_names():
    """The actions of every old save are names and fields a later version must keep reading."""
    for version, name in SAVES:
        told = manifest(version)["saves"][name]
        doc = json.loads((OLD / version / "home" / told["file"]).read_text("utf-8"))
        for data in doc["actions"]:
            assert A.action_to_dict(A.action_from_dict(data)) == data
