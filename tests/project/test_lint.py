"""Lint rules ruff cannot state: a `# noqa` always says why (issue 10: "noqa only with a reason")."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOQA = re.compile(r"#\s*noqa\b(?P<rest>.*)$")
WITH_REASON = re.compile(r":\s*[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*\s+[-—(]\s*\S")


def python_files() -> list[Path]:
    return [p for top in ("castellion", "tests", "scripts", "bench") for p in sorted((ROOT / top).rglob("*.py"))]


def test_every_noqa_names_its_codes_and_a_reason():
    bare = []
    for path in python_files():
        if path == Path(__file__):
            continue  # this file spells bare ones out on purpose
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = NOQA.search(line)
            if m and not WITH_REASON.match(m.group("rest")):
                bare.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not bare, "a # noqa needs its codes and a reason after ' - ':\n" + "\n".join(bare)


def test_the_check_can_fail():
    assert NOQA.search("x = 1  # noqa") and not WITH_REASON.match(NOQA.search("x = 1  # noqa: E501").group("rest"))
    assert WITH_REASON.match(NOQA.search("import a  # noqa: F401 - registers the strings").group("rest"))
