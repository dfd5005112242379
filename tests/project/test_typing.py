"""The whole package type-checks under `mypy --strict` (configuration: [tool.mypy] in pyproject.toml,
`strict = true`, with no override that silences errors)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from tests.xvfb_helpers import LONG_GUARD

ROOT = Path(__file__).resolve().parents[2]

needs_mypy = pytest.mark.skipif(importlib.util.find_spec("mypy") is None,
                                reason="mypy is not installed (pip install -e '.[test]')")


def run_mypy(tmp_path: Path, *targets: str) -> subprocess.CompletedProcess[str]:
    # Run from the repository root so that pyproject.toml's [tool.mypy] applies; a private cache
    # keeps parallel runs from sharing (and the tree from gaining) a .mypy_cache.
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "mypy_cache"), *targets],
        cwd=ROOT, capture_output=True, text=True, timeout=LONG_GUARD,
    )


def test_the_configuration_is_strict() -> None:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    for override in config.get("overrides", []):
        # Every module is typed: nothing may silence mypy's errors for a module.
        assert not override.get("ignore_errors"), override


@needs_mypy
def test_the_package_passes_mypy_strict(tmp_path: Path) -> None:
    out = run_mypy(tmp_path, "castellion")
    assert out.returncode == 0, f"mypy --strict castellion failed (exit {out.returncode}):\n{out.stdout}{out.stderr}"
