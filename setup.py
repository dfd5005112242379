"""Build hook: ship the game's data inside the wheel.

``levels/`` and ``assets/`` live at the repository root (where a source checkout reads them).
For a wheel, ``build_py`` copies them into the build directory as ``castellion/_data/levels`` and
``castellion/_data/assets``, where ``castellion.content.resources.resource_path`` finds them in an
installed package (pyproject.toml's package-data ``_data/**/*`` covers them). Everything else
about the package is declared in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DATA_DIRS = ("levels", "assets")
REQUIRED_DATA = Path("levels", "ordeals.yaml")


class build_py_with_data(build_py):
    """build_py that also copies the top-level data directories into castellion/_data."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads levels/ and assets/ straight from the checkout
        if not (ROOT / REQUIRED_DATA).is_file():
            # e.g. building from an sdist made without the data: fail rather than ship a wheel
            # that cannot start.
            raise SystemExit(f"setup.py: {ROOT / REQUIRED_DATA} is missing; the wheel would carry no game data")
        target = Path(self.build_lib) / "castellion" / "_data"
        for name in DATA_DIRS:
            src = ROOT / name
            if not src.is_dir():
                continue
            dst = target / name
            if dst.exists():
                shutil.rmtree(dst)
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
            self.announce(f"copied {src} -> {dst}", level=2)


setup(cmdclass={"build_py": build_py_with_data})
