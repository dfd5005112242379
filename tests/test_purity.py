"""The pure layers never import pygame (ARCHITECTURE.md: rules, content, persistence, session)."""

from __future__ import annotations

import subprocess
import sys

import pytest

PURE = ["castellion.rules", "castellion.content", "castellion.content.loader", "castellion.content.resources",
        "castellion.persistence", "castellion.session"]


@pytest.mark.parametrize("module", PURE)
def test_importing_does_not_import_pygame(module):
    code = f"import sys, {module}; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False", f"{module} imports pygame"


def test_the_ui_package_itself_imports_nothing():
    code = "import sys, castellion.ui; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False"
