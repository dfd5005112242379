"""Finding the game's bundled data files: the one place that knows where they live.

The data (``levels/*.yaml``, ``assets/sprites/...``, ``assets/fonts/...``) sits in one of three
places, depending on how the game is run:

(a) a source checkout: ``levels/`` and ``assets/`` at the repository root, i.e. the directory
    that holds the ``castellion`` package (recognised by its ``pyproject.toml``);
(b) an installed wheel: ``setup.py`` copies them into the package as ``castellion/_data/levels``
    and ``castellion/_data/assets``;
(c) a frozen PyInstaller build: ``levels/`` and ``assets/`` at the top of ``sys._MEIPASS``.

Nothing here does any I/O at import time; every lookup looks at the file system afresh (cheap:
one ``stat`` per candidate root), so tests can monkeypatch ``sys._MEIPASS`` / ``sys.frozen``.
"""

from __future__ import annotations

import sys
from pathlib import Path, PurePosixPath

__all__ = ["resource_path"]

# castellion/content/resources.py -> castellion/
_PACKAGE_DIR = Path(__file__).resolve().parent.parent


def _candidate_roots() -> list[tuple[str, Path]]:
    """The places bundled data may live, most specific first, each with a label for errors."""
    meipass = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and meipass:
        # A frozen build carries its own copy; never fall back to whatever is next to it on disk.
        return [("frozen build (sys._MEIPASS)", Path(meipass))]
    roots: list[tuple[str, Path]] = []
    checkout = _PACKAGE_DIR.parent
    if (checkout / "pyproject.toml").is_file():
        # Source checkout first: a developer's edits to levels/ must win over a stale _data copy.
        roots.append(("source checkout", checkout))
    roots.append(("installed package data", _PACKAGE_DIR / "_data"))
    return roots


def resource_path(*parts: str) -> Path:
    """Return the path of the bundled data file or directory ``parts`` (e.g. ``"levels",
    "ordeals.yaml"`` or ``"assets/fonts/x.ttf"``); with no parts, the data root itself.

    Raises ``FileNotFoundError`` naming the resource and every place it was looked for when it
    exists in none of them, and ``ValueError`` for an absolute path or one that climbs out
    with ``..``. Never changes anything on disk.
    """
    rel = PurePosixPath(*(p.replace("\\", "/") for p in parts)) if parts else PurePosixPath()
    if rel.is_absolute() or ".." in rel.parts:
        raise ValueError(f"resource path must be relative and stay inside the data: {'/'.join(parts)!r}")
    tried: list[str] = []
    for label, root in _candidate_roots():
        candidate = root.joinpath(*rel.parts)
        if candidate.exists():
            return candidate
        tried.append(f"{label}: {candidate}")
    what = str(rel) if rel.parts else "the data root"
    raise FileNotFoundError(
        f"bundled resource {what!r} not found; looked in " + "; ".join(tried)
    )
