"""A variant is one unit (issue 33): the leanings, the variant ids and the Pantry modes are
declared once, in castellion/rules/options.py (a level's variants in its data), and every other
module derives its lists from there — no hand-written list of variants, no variant id compared
inline. The check reads the code with comments and docstrings cut off (they may name the words)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DECLARATION = ROOT / "castellion" / "rules" / "options.py"
MODULES = sorted(p for p in (ROOT / "castellion").rglob("*.py") if p != DECLARATION)

SLOT_LIST = re.compile(r"""["'](?:normal|easy)["']\s*,\s*["'](?:easy|hard)["']""")  # ("normal", "easy", ...
ID_COMPARED = re.compile(r"variant_id\s*(?:[!=]=|in\b)|\bvid\s*[!=]=")
SLOT_COMPARED = re.compile(r"""variant\w*\s*[!=]=\s*["'](?:normal|easy|hard)["']""")
PANTRY_COMPARED = re.compile(r"""pantry\w*\s*[!=]=\s*["']hard["']|pantry is (?:True|False)\b""")


def _code(path: Path) -> list[tuple[int, str]]:
    """`path`'s lines without comments and docstrings."""
    source = path.read_text(encoding="utf-8")
    doc_lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            doc_lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return [(n, line.split("#", 1)[0]) for n, line in enumerate(source.splitlines(), 1) if n not in doc_lines]


def _hits(rx: re.Pattern[str]) -> list[str]:
    return [f"{p.relative_to(ROOT)}:{n}: {code.strip()}" for p in MODULES for n, code in _code(p) if rx.search(code)]


def test_no_module_writes_its_own_list_of_variant_slots():
    assert _hits(SLOT_LIST) == []


def test_no_module_compares_a_variant_id_or_slot_inline():
    assert _hits(ID_COMPARED) == []
    assert _hits(SLOT_COMPARED) == []


def test_no_module_spells_the_pantry_mode_by_hand():
    assert _hits(PANTRY_COMPARED) == []


def test_the_scan_sees_each_old_way(tmp_path):
    old = ['VARIANT_NAMES = ("normal", "easy", "hard")', 'if game.variant_id == "prison":',
           'if variant == "hard":', 'hard = g.pantry_mode == "hard"', 'if pantry is False or pantry is True:']
    rxs = (SLOT_LIST, ID_COMPARED, SLOT_COMPARED, PANTRY_COMPARED)
    assert all(any(rx.search(line) for rx in rxs) for line in old)
