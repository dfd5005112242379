"""No file the repository keeps holds a merge's conflict markers: a page a player reads
(docs/accessibility.md) once carried both sides of a conflict, each half right, for a whole
stop. Fails on that commit (`<<<<<<< HEAD` at line 78); every tracked text file is read."""

from __future__ import annotations

import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MARKERS = ("<<<<<<< ", ">>>>>>> ", "||||||| ")


def _tracked_text() -> list[Path]:
    names = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True).stdout
    paths = [REPO / name for name in names.decode().split("\0") if name]
    return [p for p in paths if p.is_file() and b"\0" not in p.read_bytes()[:8000]]


def test_no_tracked_file_holds_a_conflict_marker():
    found = []
    for path in _tracked_text():
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if line.startswith(MARKERS) or line == "=======" and path.suffix != ".md":
                found.append(f"{path.relative_to(REPO)}:{number}: {line[:40]}")
    assert not found, "\n".join(found)
