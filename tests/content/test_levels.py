"""Content tests: every file in levels/ against docs/rules.md, and clear errors for broken files."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from castellion.content import ContentError, load_ruleset, resource_path
from castellion.content import loader as loader_module
from castellion.rules.options import Leaning
from castellion.rules.ruleset import CARD_KINDS, FORMATION_KINDS, LevelSpec, OrdealCard, Ruleset, TileSet
from tests.xvfb_helpers import HANG_GUARD

REPO = Path(__file__).resolve().parents[2]
LEVELS_DIR = REPO / "levels"

# docs/rules.md §5.4, transcribed by hand: id -> (level, stage, kind, trigger, requires, destroy, rows, source)
T, B, L = "tower", "bastion", "line"
CARD_TABLE: dict[str, tuple[str, int, str, int, dict[str, int], int, int, str]] = {
    "exam-1": ("intro", 1, "requirement", 5, {T: 1, B: 1, L: 1}, 0, 0, "printed"),
    "exam-2": ("intro", 2, "foundation_drop", 2, {}, 0, 1, "printed"),
    "exam-3a": ("intro", 3, "requirement", 5, {B: 3, L: 2}, 0, 0, "printed"),
    "exam-3b": ("intro", 3, "requirement", 5, {L: 3, T: 2}, 0, 0, "printed"),
    "exam-3c": ("intro", 3, "requirement", 5, {T: 3, B: 2}, 0, 0, "printed"),
    "sim-1": ("base", 1, "requirement", 3, {T: 1, B: 1, L: 1}, 0, 0, "reconstructed"),
    "sim-2a": ("base", 2, "requirement", 3, {T: 2, L: 1}, 0, 0, "reconstructed"),
    "sim-2b": ("base", 2, "requirement", 3, {B: 2, T: 1}, 0, 0, "reconstructed"),
    "sim-2c": ("base", 2, "requirement", 3, {L: 2, B: 1}, 0, 0, "reconstructed"),
    "sim-3a": ("base", 3, "requirement", 3, {T: 3, B: 2}, 0, 0, "reconstructed"),
    "sim-3b": ("base", 3, "requirement", 3, {B: 3, L: 2}, 0, 0, "reconstructed"),
    "sim-3c": ("base", 3, "requirement", 3, {L: 3, T: 2}, 0, 0, "reconstructed"),
    "harpy-1": ("expert", 1, "assault", 2, {T: 2}, 16, 0, "printed"),
    "harpy-2": ("expert", 2, "assault", 2, {T: 3}, 32, 0, "printed"),
    "harpy-3": ("expert", 3, "assault", 2, {T: 5}, 42, 0, "printed"),
    "behemoth-1": ("expert", 1, "assault", 2, {B: 2}, 16, 0, "printed"),
    "behemoth-2": ("expert", 2, "assault", 2, {B: 3}, 32, 0, "printed"),
    "behemoth-3": ("expert", 3, "assault", 2, {B: 5}, 42, 0, "printed"),
    "horde-1": ("expert", 1, "assault", 2, {L: 2}, 16, 0, "printed"),
    "horde-2": ("expert", 2, "assault", 2, {L: 3}, 32, 0, "printed"),
    "horde-3": ("expert", 3, "assault", 2, {L: 5}, 42, 0, "printed"),
    "earthworm-1": ("expert", 1, "earthworm", 2, {}, 0, 1, "printed"),
    "earthworm-2": ("expert", 2, "earthworm", 2, {}, 0, 2, "printed"),
    "earthworm-3": ("expert", 3, "earthworm", 2, {}, 0, 3, "printed"),
}
ROMAN = {1: "I", 2: "II", 3: "III"}
NAME_BY_PREFIX = {"exam": "Exam", "sim": "Simulation", "harpy": "Harpy", "behemoth": "Behemoth", "horde": "Horde", "earthworm": "Earthworm"}

# docs/rules.md §5.1 and §6-§8: level -> (name, slots, face_down, powers, traitor_discard, early, formation_powers, variants)
LEVEL_TABLE = {
    "intro": (
        "The School of Architects",
        (("exam-1",), ("exam-2",), ("exam-3a", "exam-3b", "exam-3c")),
        False, False, False, False, False,
        ("vigil", "prophet"),
    ),
    "base": (
        "The Admiral's Academy",
        (("sim-1",), ("sim-2a", "sim-2b", "sim-2c"), ("sim-3a", "sim-3b", "sim-3c")),
        False, True, True, True, False,
        ("premonition", "prison"),
    ),
    "expert": (
        "The Menace",
        (
            ("harpy-1", "behemoth-1", "horde-1", "earthworm-1"),
            ("harpy-2", "behemoth-2", "horde-2", "earthworm-2"),
            ("harpy-3", "behemoth-3", "horde-3", "earthworm-3"),
        ),
        True, True, True, True, True,
        ("guardian", "intruder"),
    ),
}
# docs/rules.md §5.1: traitors to trigger, per stage
TRIGGERS = {"intro": (5, 2, 5), "base": (3, 3, 3), "expert": (2, 2, 2)}


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(LEVELS_DIR)


# --- the shipped data ----------------------------------------------------------------------


def test_every_yaml_file_is_known_and_parses() -> None:
    files = sorted(p.name for p in LEVELS_DIR.iterdir() if p.suffix in (".yaml", ".yml"))
    assert files == sorted(["tiles.yaml", "ordeals.yaml", "intro.yaml", "base.yaml", "expert.yaml",
                            "achievements.yaml"])  # the last read by content.achievements
    for name in files:
        data = yaml.safe_load((LEVELS_DIR / name).read_text(encoding="utf-8"))
        assert isinstance(data, dict), name


def test_default_load_is_the_levels_dir_and_cached(ruleset: Ruleset) -> None:
    assert resource_path("levels") == LEVELS_DIR
    first = load_ruleset()
    assert first is load_ruleset()
    assert first == ruleset


def test_tiles_match_rules_section_1(ruleset: Ruleset) -> None:
    t = ruleset.tiles
    assert isinstance(t, TileSet)
    assert t == TileSet()  # the dataclass defaults are docs/rules.md §1 too
    kinds = len(t.factions) * len(t.shapes)
    assert (kinds, kinds * t.safe_copies, kinds * t.regular_copies) == (12, 12, 60)
    assert kinds * (t.safe_copies + t.regular_copies) == 72
    assert (t.plain_traitors, t.black_traitors) == (9, 3)
    assert kinds * t.regular_copies + t.plain_traitors + t.black_traitors == 72  # regular pile
    assert sorted(t.pantry_shapes) == ["c", "c", "s", "s", "t", "t"]


def test_cards_match_rules_section_5_4(ruleset: Ruleset) -> None:
    assert list(ruleset.cards) == list(CARD_TABLE)
    for card_id, (level, stage, kind, trigger, requires, destroy, rows, source) in CARD_TABLE.items():
        card = ruleset.cards[card_id]
        assert isinstance(card, OrdealCard)
        got = (card.id, card.level, card.stage, card.kind, card.trigger, card.requires, card.destroy, card.rows, card.source)
        assert got == (card_id, level, stage, kind, trigger, requires, destroy, rows, source), card_id
        assert card.kind in CARD_KINDS and set(card.requires) <= set(FORMATION_KINDS)
        prefix = card_id.split("-")[0]
        expected_name = NAME_BY_PREFIX[prefix] + (f" {ROMAN[stage]}" if prefix in ("exam", "sim") else "")
        assert card.name == expected_name
        assert card.text and "\n" not in card.text and len(card.text) <= 120, card_id


def test_card_counts_match_rules_section_1(ruleset: Ruleset) -> None:
    per_level = {lvl: sum(c.level == lvl for c in ruleset.cards.values()) for lvl in ("intro", "base", "expert")}
    assert per_level == {"intro": 5, "base": 7, "expert": 12}
    assert len(ruleset.cards) == 24


@pytest.mark.parametrize("level_id", list(LEVEL_TABLE))
def test_each_level_matches_rules(ruleset: Ruleset, level_id: str) -> None:
    name, slots, face_down, powers, traitor_discard, early, formation_powers, (easy, hard) = LEVEL_TABLE[level_id]
    spec = ruleset.level(level_id)
    assert isinstance(spec, LevelSpec)
    assert (spec.id, spec.name, spec.ordeal_slots) == (level_id, name, slots)
    flags = (spec.face_down, spec.powers, spec.traitor_discard, spec.early_encounter, spec.formation_powers)
    assert flags == (face_down, powers, traitor_discard, early, formation_powers)
    assert spec.description and "\n" not in spec.description
    assert spec.variant_ids() == (easy, hard)  # R-§8: one easier, one harder, easier first
    assert (spec.leaning(easy), spec.leaning(hard)) == ("easier", "harder")
    for v in spec.variants.values():
        assert set(v) == {"id", "leaning", "name", "description"} and v["name"] and v["description"].endswith(".")
    for stage, slot in enumerate(spec.ordeal_slots, start=1):
        triggers = {ruleset.cards[c].trigger for c in slot}
        assert triggers == {TRIGGERS[level_id][stage - 1]}
        assert all(ruleset.cards[c].stage == stage and ruleset.cards[c].level == level_id for c in slot)


def test_unknown_level_is_refused(ruleset: Ruleset) -> None:
    with pytest.raises(ValueError, match="unknown level 'nightmare'"):
        ruleset.level("nightmare")


def test_import_does_no_io_and_no_pygame() -> None:
    code = (
        "import sys, castellion.content as c\n"
        "from castellion.content import loader\n"
        "assert loader._load_default.cache_info().currsize == 0, 'loaded at import'\n"
        "c.load_ruleset()\n"
        "assert 'pygame' not in sys.modules, 'content imported pygame'\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=HANG_GUARD)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


# --- broken files ----------------------------------------------------------------------------


@pytest.fixture()
def levels_copy(tmp_path: Path) -> Path:
    """A writable copy of levels/, named levels/ so messages read 'levels/<file>'."""
    dst = tmp_path / "levels"
    shutil.copytree(LEVELS_DIR, dst)
    return dst


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def load_error(levels_dir: Path) -> str:
    with pytest.raises(ContentError) as info:
        load_ruleset(levels_dir)
    assert isinstance(info.value, ValueError)
    return str(info.value)


def test_copy_loads_like_the_original(levels_copy: Path, ruleset: Ruleset) -> None:
    assert load_ruleset(levels_copy) == ruleset
    assert load_ruleset(str(levels_copy)) == ruleset


def test_missing_key(levels_copy: Path) -> None:
    edit(levels_copy / "ordeals.yaml", "    trigger: 2\n    rows: 1\n", "    rows: 1\n")  # exam-2
    assert load_error(levels_copy) == "levels/ordeals.yaml: cards[1].trigger: missing key"


def test_missing_top_level_key(levels_copy: Path) -> None:
    edit(levels_copy / "base.yaml", "early_encounter: true\n", "")
    assert load_error(levels_copy) == "levels/base.yaml: early_encounter: missing key"


def test_unknown_key(levels_copy: Path) -> None:
    edit(levels_copy / "intro.yaml", "powers: false\n", "powers: false\npowerz: true\n")
    msg = load_error(levels_copy)
    assert msg.startswith("levels/intro.yaml: powerz: unknown key; expected one of id, name,")


def test_key_that_does_not_fit_the_kind(levels_copy: Path) -> None:
    edit(levels_copy / "ordeals.yaml", "    rows: 1\n", "    rows: 1\n    destroy: 4\n")
    msg = load_error(levels_copy)
    assert msg.startswith("levels/ordeals.yaml: cards[1].destroy: does not apply to a foundation_drop card")


def test_wrong_type_trigger(levels_copy: Path) -> None:
    edit(levels_copy / "ordeals.yaml", "    trigger: 5\n", "    trigger: x\n")
    assert load_error(levels_copy) == "levels/ordeals.yaml: cards[0].trigger: expected a positive integer, got 'x'"


def test_wrong_type_boolean_is_not_a_number(levels_copy: Path) -> None:
    edit(levels_copy / "ordeals.yaml", "destroy: 42", "destroy: yes")
    msg = load_error(levels_copy)
    assert msg == "levels/ordeals.yaml: cards[14].destroy: expected a positive integer, got true (a boolean)"


def test_wrong_type_flag(levels_copy: Path) -> None:
    edit(levels_copy / "expert.yaml", "face_down: true", "face_down: 'down'")
    assert load_error(levels_copy) == "levels/expert.yaml: face_down: expected true or false, got 'down'"


def test_wrong_type_slots(levels_copy: Path) -> None:
    edit(levels_copy / "intro.yaml", "  - [exam-2]\n", "  - exam-2\n")
    assert load_error(levels_copy) == "levels/intro.yaml: ordeal_slots[1]: expected a list, got 'exam-2'"


def test_bad_card_kind(levels_copy: Path) -> None:
    edit(levels_copy / "ordeals.yaml", "kind: earthworm", "kind: mole")
    msg = load_error(levels_copy)
    assert msg == (
        "levels/ordeals.yaml: cards[21].kind: unknown card kind 'mole'; "
        "expected one of requirement, foundation_drop, assault, earthworm"
    )


def test_bad_formation_name(levels_copy: Path) -> None:
    edit(levels_copy / "ordeals.yaml", "requires: {tower: 2}", "requires: {towers: 2}")
    msg = load_error(levels_copy)
    assert msg == "levels/ordeals.yaml: cards[12].requires.towers: unknown formation 'towers'; expected one of tower, bastion, line"


def test_unknown_card_id_in_slot(levels_copy: Path) -> None:
    edit(levels_copy / "intro.yaml", "exam-3b, exam-3c", "exam-3b, exam-3d")
    msg = load_error(levels_copy)
    assert msg == "levels/intro.yaml: ordeal_slots[2][2]: unknown card id 'exam-3d' (not in levels/ordeals.yaml)"


def test_card_in_wrong_stage_slot(levels_copy: Path) -> None:
    edit(levels_copy / "base.yaml", "  - [sim-1]\n", "  - [sim-2a]\n")
    msg = load_error(levels_copy)
    assert msg == "levels/base.yaml: ordeal_slots[0][0]: card 'sim-2a' is a stage 2 card, but this is the stage 1 slot"


def test_card_of_another_level_in_slot(levels_copy: Path) -> None:
    edit(levels_copy / "base.yaml", "  - [sim-1]\n", "  - [exam-1]\n")
    msg = load_error(levels_copy)
    assert msg == "levels/base.yaml: ordeal_slots[0][0]: card 'exam-1' belongs to level 'intro', not 'base'"


def test_card_left_out_of_every_slot(levels_copy: Path) -> None:
    edit(levels_copy / "expert.yaml", "horde-3, earthworm-3", "horde-3")
    assert load_error(levels_copy) == "levels/expert.yaml: ordeal_slots: the level's cards 'earthworm-3' are in no slot"


def test_duplicate_card_id(levels_copy: Path) -> None:
    edit(levels_copy / "ordeals.yaml", "id: exam-3c", "id: exam-3b")
    assert load_error(levels_copy) == "levels/ordeals.yaml: cards[4].id: duplicate card id 'exam-3b' (first at cards[3])"


def test_duplicate_yaml_key(levels_copy: Path) -> None:
    path = levels_copy / "ordeals.yaml"
    edit(path, "    trigger: 5\n", "    trigger: 5\n    trigger: 4\n")
    line = path.read_text(encoding="utf-8").splitlines().index("    trigger: 4") + 1
    msg = load_error(levels_copy)
    assert msg.startswith(f"levels/ordeals.yaml: line {line}, column 5: invalid YAML: duplicate key 'trigger'")


def test_bad_yaml_syntax(levels_copy: Path) -> None:
    edit(levels_copy / "base.yaml", "  - [sim-1]\n", "  - [sim-1\n")
    msg = load_error(levels_copy)
    assert msg.startswith("levels/base.yaml: line ") and "invalid YAML" in msg


def test_empty_file(levels_copy: Path) -> None:
    (levels_copy / "expert.yaml").write_text("# nothing yet\n", encoding="utf-8")
    assert load_error(levels_copy) == "levels/expert.yaml: the file is empty; expected a mapping of keys"


def test_top_level_not_a_mapping(levels_copy: Path) -> None:
    (levels_copy / "tiles.yaml").write_text("- S\n- C\n", encoding="utf-8")
    assert load_error(levels_copy) == "levels/tiles.yaml: expected a mapping of keys at the top level, got a list"


def test_missing_file(levels_copy: Path) -> None:
    (levels_copy / "intro.yaml").unlink()
    assert load_error(levels_copy).startswith("levels/intro.yaml: file not found")


def test_unexpected_file(levels_copy: Path) -> None:
    (levels_copy / "nightmare.yaml").write_text("id: nightmare\n", encoding="utf-8")
    assert load_error(levels_copy).startswith("levels/nightmare.yaml: unexpected file; the levels directory holds only")


def test_missing_directory(tmp_path: Path) -> None:
    msg = load_error(tmp_path / "nowhere")
    assert msg.startswith("nowhere: levels directory not found")


def test_level_id_must_match_file(levels_copy: Path) -> None:
    edit(levels_copy / "base.yaml", "id: base", "id: intro")
    assert load_error(levels_copy) == "levels/base.yaml: id: expected 'base' (this file is the base level), got 'intro'"


def test_counts_rules_section_1(levels_copy: Path) -> None:
    edit(levels_copy / "tiles.yaml", "regular_copies: 5", "regular_copies: 4")
    msg = load_error(levels_copy)
    assert msg == "levels/tiles.yaml: tiles: 4 factions x 3 shapes x (1 safe + 4 regular) copies make 60 Defenders; docs/rules.md §1 has 72"


def test_traitor_counts_rules_section_1(levels_copy: Path) -> None:
    edit(levels_copy / "tiles.yaml", "black_traitors: 3", "black_traitors: 4")
    msg = load_error(levels_copy)
    assert msg == "levels/tiles.yaml: tiles.black_traitors: expected 3 black-bordered Traitors (docs/rules.md §1), got 4"


def test_card_count_per_level(levels_copy: Path) -> None:
    # Move a Simulation to the intro level: 6 intro cards, 6 base cards.
    edit(levels_copy / "ordeals.yaml", "  - id: sim-2c\n    level: base\n", "  - id: sim-2c\n    level: intro\n")
    assert load_error(levels_copy) == "levels/ordeals.yaml: cards: 6 cards for level 'intro'; docs/rules.md §1 has 5 Exam cards"


def test_duplicate_variant_id(levels_copy: Path) -> None:
    edit(levels_copy / "expert.yaml", "id: guardian", "id: vigil")
    assert load_error(levels_copy) == "levels/expert.yaml: variants[0].id: variant id 'vigil' is already used by the intro level"


def test_a_level_may_list_more_variants_of_a_leaning_in_its_order(levels_copy: Path, monkeypatch) -> None:
    from castellion.rules.options import VARIANT_HOOKS

    monkeypatch.setitem(VARIANT_HOOKS, "watch", VARIANT_HOOKS["vigil"] | VARIANT_HOOKS["premonition"])
    with (levels_copy / "intro.yaml").open("a", encoding="utf-8") as f:
        f.write("  - id: watch\n    leaning: harder\n    name: The Watch\n    description: Two hooks.\n")
    intro = load_ruleset(levels_copy).levels["intro"]
    assert intro.variant_ids() == ("vigil", "prophet", "watch")
    assert intro.first(Leaning.HARDER) == "prophet" and intro.leaning("watch") is Leaning.HARDER


@pytest.mark.parametrize(("old", "new", "problem"), [
    ("leaning: easier", "leaning: easy", "variants[0].leaning: unknown leaning 'easy'; expected one of easier, harder"),
    ("id: vigil", "id: prophet", "variants[1].id: the variant 'prophet' is already in this level"),
])
def test_a_variant_needs_a_leaning_and_an_id_of_its_own(levels_copy: Path, old: str, new: str, problem: str) -> None:
    edit(levels_copy / "intro.yaml", old, new)
    assert load_error(levels_copy) == f"levels/intro.yaml: {problem}"


def test_multiline_text_refused(levels_copy: Path) -> None:
    edit(levels_copy / "intro.yaml", "name: The School of Architects", "name: |\n  The School\n  of Architects")
    assert load_error(levels_copy) == "levels/intro.yaml: name: expected a single line of text, got several lines"


def test_error_carries_parts(levels_copy: Path) -> None:
    edit(levels_copy / "ordeals.yaml", "    trigger: 5\n", "    trigger: 0\n")
    with pytest.raises(ContentError) as info:
        load_ruleset(levels_copy)
    err = info.value
    assert (err.file, err.key, err.problem) == ("levels/ordeals.yaml", "cards[0].trigger", "expected a positive integer, got 0")
    assert err.path == levels_copy / "ordeals.yaml"


def test_explicit_dirs_are_not_cached(levels_copy: Path) -> None:
    assert load_ruleset(levels_copy).cards["exam-1"].trigger == 5
    edit(levels_copy / "ordeals.yaml", "    trigger: 5\n", "    trigger: 6\n")
    assert load_ruleset(levels_copy).cards["exam-1"].trigger == 6
    assert load_ruleset().cards["exam-1"].trigger == 5


def test_every_validator_message_names_the_file(levels_copy: Path) -> None:
    """Breaking each top-level value of each file in turn gives an error naming that file and key."""
    for name in ("tiles.yaml", "ordeals.yaml", "intro.yaml", "base.yaml", "expert.yaml"):
        path = levels_copy / name
        original = path.read_text(encoding="utf-8")
        data = yaml.safe_load(original)
        for key in data:
            broken = dict(data)
            broken[key] = 3.5  # no key of any file takes a float
            path.write_text(yaml.safe_dump(broken), encoding="utf-8")
            msg = load_error(levels_copy)
            assert msg.startswith(f"levels/{name}: {key}"), msg
        path.write_text(original, encoding="utf-8")
    assert loader_module.load_ruleset(levels_copy) == load_ruleset(LEVELS_DIR)
