"""docs/accessibility.md is what a player reads before buying: every test it names exists (the
file, and each `::function` in it), and every line of its guideline table names the setting that
serves the item (or says it is always on) and at least one test that proves it."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "docs" / "accessibility.md"
# `tests/…/test_x.py`, `tests/…/test_x.py::name` or `::name` (a function of the file named last)
REFERENCE = re.compile(r"`(tests/[\w/]+\.py)?(?:::(\w+))?`")
ALWAYS = "always on (no setting)"


@cache
def _functions(path: Path) -> frozenset[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return frozenset(n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef))


def references(text: str) -> list[tuple[int, str | None, str | None]]:
    """(line, file, function) of every test the text names; a `::function` alone belongs to the
    file named last in its paragraph (None when there is none)."""
    out: list[tuple[int, str | None, str | None]] = []
    current: str | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            current = None
        for match in REFERENCE.finditer(line):
            path, function = match.groups()
            if path is None and function is None:
                continue
            current = path or current
            out.append((number, current, function))
    return out


def stale(text: str) -> list[str]:
    """Every reference of `text` to a test file or function that does not exist."""
    out = []
    for number, path, function in references(text):
        if path is None or not (REPO / path).is_file():
            out.append(f"line {number}: no file {path} (for ::{function})")
        elif function is not None and function not in _functions(REPO / path):
            out.append(f"line {number}: no {function} in {path}")
    return out


def guideline_rows(text: str) -> list[list[str]]:
    """The cells of each row of the "Guideline items" table (item, what it does, setting, test)."""
    section = text.split("## Guideline items", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")][2:]  # (the head and its rule)
    return [[cell.strip() for cell in row.strip().strip("|").split(" | ")] for row in rows]


def settings_table(text: str) -> str:
    return text.split("## Settings", 1)[1].split("\n## ", 1)[0]


def test_every_test_the_page_names_exists():
    text = PAGE.read_text(encoding="utf-8")
    assert len(references(text)) >= 40  # the guideline table's and the rest of the page's
    assert not stale(text), "\n".join(stale(text))


def test_a_stale_name_is_seen():
    """The check is not blind: a file that is not there, a function its file lacks, a `::name`
    with no file before it in its paragraph."""
    made_up = ("`tests/ui/test_contrast.py::test_no_such_test`, `::test_the_contrast_ratio_is_wcag_s`\n"
               "`tests/ui/test_nowhere.py`\n\n`::test_the_contrast_ratio_is_wcag_s`")
    assert stale(made_up) == [
        "line 1: no test_no_such_test in tests/ui/test_contrast.py",
        "line 2: no file tests/ui/test_nowhere.py (for ::None)",
        "line 4: no file None (for ::test_the_contrast_ratio_is_wcag_s)",
    ]


def test_every_guideline_line_has_its_setting_and_a_test():
    text = PAGE.read_text(encoding="utf-8")
    rows = guideline_rows(text)
    assert len(rows) >= 13  # XAG 101, 102, 103, 105, 107, 112-114, 117, 118 and the factions
    settings = settings_table(text)
    for item, _what, setting, tests in rows:
        assert setting, item
        if setting != ALWAYS:  # each setting named is one of the Settings table's
            for name in setting.split(", "):
                assert name in settings, (item, name)
        assert references(tests), (item, tests)
