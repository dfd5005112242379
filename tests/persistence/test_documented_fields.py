"""docs/persistence.md says what the files hold: its settings table is the `Settings` dataclass
(every field with its default, no other row) and its `Record` table says of each number whether
it is stored in stats.json or derived — the same as the code (one truth per streak)."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

from castellion.persistence.settings import Settings
from castellion.persistence.stats import Record

DOCS = Path(__file__).resolve().parents[2] / "docs" / "persistence.md"
_ROW = re.compile(r"^\| `(\w+)` \| `?([^|`]*)`? \|")


def table(heading: str) -> dict[str, str]:
    """The first two columns of the table under the `### heading…` of docs/persistence.md."""
    lines = DOCS.read_text("utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"### {heading}"))
    rows: dict[str, str] = {}
    for line in lines[start + 1:]:
        if line.startswith("#"):
            break
        match = _ROW.match(line)
        if match:
            assert match.group(1) not in rows, f"{match.group(1)} has two rows"
            rows[match.group(1)] = match.group(2).strip()
    return rows


def default(f: dataclasses.Field[object]) -> object:
    return f.default_factory() if f.default is dataclasses.MISSING else f.default  # type: ignore[misc]


def test_the_settings_table_is_the_settings_dataclass():
    documented = table("The settings")
    fields = {f.name: default(f) for f in dataclasses.fields(Settings)}
    assert sorted(documented) == sorted(fields), "docs/persistence.md's settings table: a field missing or stale"
    for name, value in fields.items():
        assert ast.literal_eval(documented[name]) == value, f"{name}: documented default {documented[name]}"
    assert set(Settings().to_dict()) == {"format", *fields}  # the table is also the file's keys


def test_the_record_table_says_what_is_stored_and_what_is_derived():
    documented = table("A record of the statistics")
    stored = {name for name, kept in documented.items() if kept == "stored"}
    derived = {name for name, kept in documented.items() if kept == "derived"}
    assert stored | derived == set(documented)
    assert stored == {f.name for f in dataclasses.fields(Record)} == set(Record().to_dict())
    for name in derived:  # worked out from the stored numbers, never a key of the file
        assert isinstance(getattr(Record, name), property), name
    # the winning streak is stored, and the file keeps it: a record loads with the streak it was saved with
    rec = Record()
    for result in ("won", "won", "lost", "won"):
        rec.add(result, turns=9, undos=0, reason="R-O5")
    again = Record.from_dict(rec.to_dict())
    assert (again.current_streak, again.best_streak) == (1, 2) == (rec.current_streak, rec.best_streak)
