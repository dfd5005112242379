"""docs/rules.md is the repository's own rules document: every rule id the code and the tests cite
(R-P3, R-O5, R-§8.4 …) is defined there, its card table is levels/ordeals.yaml's, and nothing in
the repository points outside it (no `../shared`)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.xvfb_helpers import HANG_GUARD

REPO = Path(__file__).resolve().parents[2]
RULES = REPO / "docs" / "rules.md"
# A cited id: R- then letters, digits, §, dots (the ids' own alphabet); a range "R-D1..R-D4" is
# read as R-D1, R-D2, R-D3, R-D4. Trailing dots are sentence ends, not part of the id.
ID = re.compile(r"R-[A-Za-z0-9§.]+")
RANGE = re.compile(r"R-([A-Za-z]+)(\d+)\.\.R-\1(\d+)")
# A definition: the id in bold, **R-…**, optionally followed by a period inside the bold.
DEFINITION = re.compile(r"\*\*(R-[A-Za-z0-9§.]+?)\.?\*\*")
SKIP_DIRS = {".git", ".venv", "__pycache__", ".pytest_cache", ".hypothesis", "dist", "build", "node_modules"}


def cited_ids(text: str) -> set[str]:
    ids: set[str] = set()

    def expand(match: re.Match[str]) -> str:
        prefix, first, last = match.group(1), int(match.group(2)), int(match.group(3))
        ids.update(f"R-{prefix}{n}" for n in range(first, last + 1))
        return " "

    for raw in ID.findall(RANGE.sub(expand, text)):
        ident = raw.rstrip(".")
        if ident != "R-":
            ids.add(ident)
    return ids


def source_files() -> list[Path]:
    files = []
    for top in ("castellion", "tests"):
        files += [p for p in (REPO / top).rglob("*") if p.suffix in (".py", ".md", ".yaml", ".txt") and p.is_file()]
    return files


def defined_ids() -> list[str]:
    return DEFINITION.findall(RULES.read_text(encoding="utf-8"))


def test_the_scanner_reads_ranges_sentence_ends_and_sections() -> None:
    text = "See R-D1..R-D4, R-P3. Also R-§8.4: the Prison; and (R-§4.2A) and R-GRID."
    assert cited_ids(text) == {"R-D1", "R-D2", "R-D3", "R-D4", "R-P3", "R-§8.4", "R-§4.2A", "R-GRID"}
    assert DEFINITION.findall("- **R-P1** (contact) … **R-§4.** A turn") == ["R-P1", "R-§4"]


def test_every_rule_id_cited_in_code_and_tests_is_defined_in_docs_rules_md() -> None:
    cited: dict[str, set[str]] = {}
    for path in source_files():
        if path == Path(__file__):
            continue  # this file's examples are not citations
        for ident in cited_ids(path.read_text(encoding="utf-8", errors="replace")):
            cited.setdefault(ident, set()).add(path.relative_to(REPO).as_posix())
    assert len(cited) >= 30, sorted(cited)  # the scan really finds the ids the code quotes
    defined = set(defined_ids())
    missing = {ident: sorted(where)[:3] for ident, where in cited.items() if ident not in defined}
    assert not missing, f"rule ids cited but not defined in docs/rules.md (as **R-…**): {missing}"


def test_each_rule_id_is_defined_once() -> None:
    ids = defined_ids()
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
    for core in ("R-GRID", "R-P1", "R-P4", "R-D1", "R-D4", "R-F1", "R-F4", "R-O1", "R-O6", "R-§11"):
        assert core in ids


def test_card_table_matches_the_level_data_and_marks_reconstructed_cards() -> None:
    cards = yaml.safe_load((REPO / "levels" / "ordeals.yaml").read_text(encoding="utf-8"))["cards"]
    rows = {}
    for line in RULES.read_text(encoding="utf-8").splitlines():
        match = re.match(r"\|\s*`([a-z0-9-]+)`\s*\|(.*)\|\s*$", line)
        if match:
            rows[match.group(1)] = [cell.strip() for cell in match.group(2).split("|")]
    assert set(rows) == {card["id"] for card in cards}
    for card in cards:
        name, level, stage, trigger, _what, source = rows[card["id"]]
        assert (name, level, stage, trigger) == (card["name"], card["level"], str(card["stage"]), str(card["trigger"]))
        assert source.strip("*") == card["source"], card["id"]
        for key, count in card.get("requires", {}).items():
            assert f"{count} {'Line' if key == 'line' else key.capitalize()}" in _what, card["id"]
    assert sum(card["source"] == "reconstructed" for card in cards) == 7  # the Simulations


def test_rules_link_the_rulings_and_the_rulings_exist() -> None:
    text = RULES.read_text(encoding="utf-8")
    assert "](rulings.md)" in text
    assert (REPO / "docs" / "rulings.md").is_file()


def _candidate_files() -> list[Path]:
    """The repository's own files: tracked or new but not ignored when git is at hand (build
    leftovers such as an old *.egg-info are not the repository's), else every file on disk."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                                cwd=REPO, capture_output=True, check=True, timeout=HANG_GUARD).stdout
    except (OSError, subprocess.SubprocessError):
        return list(REPO.rglob("*"))
    return [REPO / name for name in listed.decode("utf-8", "surrogateescape").split("\0") if name]


def _repository_text_files() -> list[Path]:
    found = []
    for path in _candidate_files():
        if any(part in SKIP_DIRS for part in path.relative_to(REPO).parts) or not path.is_file():
            continue
        if path.suffix.lower() in (".png", ".ico", ".icns", ".ttf", ".wav", ".zip", ".pyc"):
            continue
        found.append(path)
    return found


@pytest.mark.parametrize("needle", ["../shared", "..\\shared"])
def test_nothing_in_the_repository_points_outside_it(needle: str) -> None:
    offenders = []
    for path in _repository_text_files():
        if path == Path(__file__):
            continue  # the needle itself
        if needle in path.read_text(encoding="utf-8", errors="replace"):
            offenders.append(path.relative_to(REPO).as_posix())
    assert not offenders, f"these files point at {needle} (use docs/rules.md): {offenders}"
