"""Finding the game's bundled data files: the one place that knows where they live.

The data (``levels/*.yaml``, ``assets/sprites/...``, ``assets/fonts/...``, ``assets/sounds/...``)
lives at the top of the repository, beside the ``castellion`` package. One declaration in
``pyproject.toml`` (``[tool.hatch.build.targets.wheel.force-include]``) maps ``levels/`` and
``assets/`` to ``castellion/_data/levels`` and ``castellion/_data/assets``; the wheel build uses
it, and ``build/pyinstaller.spec`` reads the same table for the frozen build. So, depending on
how the game runs, the data root is:

(a) a source checkout (or an editable install): the directory that holds the ``castellion``
    package, recognised by its ``pyproject.toml`` -- edits to ``levels/`` show at once;
(b) anything else -- an installed wheel, a zip on ``sys.path``, a frozen PyInstaller build:
    the package data ``castellion/_data``, found through ``importlib.resources``, so the
    import system's own loader (file system, zipimport, PyInstaller's frozen importer) answers.

A frozen build never looks at a checkout, even one that happens to lie next to it. When the
package data is not on the file system (a zip), the requested file or folder is extracted once
per process into a temporary folder removed at exit, because pygame and the YAML loader want
real paths.

Nothing here does any I/O at import time; every lookup looks at the file system afresh (cheap:
one ``stat`` per candidate root), so tests can monkeypatch ``sys.frozen`` or ``_package_data``.
"""

from __future__ import annotations

import atexit
import importlib.resources
import shutil
import sys
import tempfile
from importlib.resources.abc import Traversable
from pathlib import Path, PurePosixPath

__all__ = ["resource_path", "DATA_DIR"]

# castellion/content/resources.py -> castellion/
_PACKAGE_DIR = Path(__file__).resolve().parent.parent
_PACKAGE = "castellion"
DATA_DIR = "_data"  # castellion/_data inside a wheel or a frozen build (pyproject force-include)

_extracted: dict[str, Path] = {}  # zip member path -> its extracted copy (this process only)
_extract_root: Path | None = None


def _package_data() -> Traversable:
    """``castellion/_data`` as the import system sees it (a Path, or e.g. a zipfile.Path)."""
    return importlib.resources.files(_PACKAGE).joinpath(DATA_DIR)


def _candidate_roots() -> list[tuple[str, Traversable]]:
    """The places bundled data may live, most specific first, each with a label for errors."""
    roots: list[tuple[str, Traversable]] = []
    if not getattr(sys, "frozen", False):
        checkout = _PACKAGE_DIR.parent
        if (checkout / "pyproject.toml").is_file():
            # Source checkout first: a developer's edits to levels/ must win over a stale copy.
            roots.append(("source checkout", checkout))
    label = "frozen build package data" if getattr(sys, "frozen", False) else "installed package data"
    roots.append((label, _package_data()))
    return roots


def _exists(item: Traversable) -> bool:
    try:
        return item.is_file() or item.is_dir()
    except OSError:
        return False


def _copy_tree(item: Traversable, target: Path) -> None:
    if item.is_dir():
        target.mkdir(parents=True, exist_ok=True)
        for child in item.iterdir():
            _copy_tree(child, target / child.name)
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(item.read_bytes())


def _as_path(item: Traversable, rel: PurePosixPath) -> Path:
    """A real file-system path for ``item``: itself when it is one, else a copy extracted once."""
    if isinstance(item, Path):
        return item
    global _extract_root
    key = str(rel)
    if key not in _extracted:
        if _extract_root is None:
            _extract_root = Path(tempfile.mkdtemp(prefix="castellion-data-"))
            atexit.register(shutil.rmtree, _extract_root, True)
        target = _extract_root.joinpath(*rel.parts) if rel.parts else _extract_root
        _copy_tree(item, target)
        _extracted[key] = target
    return _extracted[key]


def resource_path(*parts: str) -> Path:
    """Return the path of the bundled data file or directory ``parts`` (e.g. ``"levels",
    "ordeals.yaml"`` or ``"assets/fonts/x.ttf"``); with no parts, the data root itself.

    Raises ``FileNotFoundError`` naming the resource and every place it was looked for when it
    exists in none of them, and ``ValueError`` for an absolute path or one that climbs out
    with ``..``. Never changes anything the game ships (a zip's data is copied, not moved).
    """
    rel = PurePosixPath(*(p.replace("\\", "/") for p in parts)) if parts else PurePosixPath()
    if rel.is_absolute() or ".." in rel.parts:
        raise ValueError(f"resource path must be relative and stay inside the data: {'/'.join(parts)!r}")
    tried: list[str] = []
    for label, root in _candidate_roots():
        candidate = root.joinpath(*rel.parts) if rel.parts else root
        if _exists(candidate):
            return _as_path(candidate, rel)
        tried.append(f"{label}: {candidate}")
    what = str(rel) if rel.parts else "the data root"
    raise FileNotFoundError(
        f"bundled resource {what!r} not found; looked in " + "; ".join(tried)
    )
