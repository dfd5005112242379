"""The rules engine type-checks under `mypy --strict` (configuration: [tool.mypy] in pyproject.toml)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None,
                    reason="mypy is not installed (pip install -e '.[test]')")
def test_rules_pass_mypy_strict(tmp_path: Path) -> None:
    # Run from the repository root so that pyproject.toml's [tool.mypy] applies; a private cache
    # keeps parallel runs from sharing (and the tree from gaining) a .mypy_cache.
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "mypy_cache"),
         "castellion/rules"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 0, (f"mypy --strict castellion/rules failed (exit {out.returncode}):\n"
                                 f"{out.stdout}{out.stderr}")
