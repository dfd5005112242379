"""The pure layers never import pygame (ARCHITECTURE.md: rules, content, persistence, session)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.xvfb_helpers import HANG_GUARD

PURE = ["castellion.rules", "castellion.content", "castellion.content.loader", "castellion.content.resources",
        "castellion.persistence", "castellion.session"]


@pytest.mark.parametrize("module", PURE)
def test_importing_does_not_import_pygame(module):
    code = f"import sys, {module}; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG_GUARD)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False", f"{module} imports pygame"


def test_the_ui_package_itself_imports_nothing():
    code = "import sys, castellion.ui; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG_GUARD)
    assert out.stdout.strip() == "False"


# ---------------------------------------------------------- the rules: standard library only
RULES_DIR = Path(__file__).resolve().parents[2] / "castellion" / "rules"
# The one documented seam (docs/rules-api.md): default_ruleset() defers to the content loader.
SEAM = {("defaults.py", "default_ruleset", "castellion.content")}


def _imports(path: Path) -> list[tuple[str, str]]:
    """(function or "<module>", imported module) for every import in `path`, also those inside
    functions and `if TYPE_CHECKING:` blocks."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, str]] = []

    def walk(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            scope = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else where
            if isinstance(child, ast.Import):
                found.extend((where, alias.name) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:  # relative: inside castellion.rules
                    found.append((where, "castellion.rules." + (child.module or "")))
                else:
                    found.append((where, child.module or ""))
            walk(child, scope)

    walk(tree, "<module>")
    return found


def test_every_import_of_the_rules_is_the_standard_library_or_the_rules():
    bad = []
    for path in sorted(RULES_DIR.glob("*.py")):
        for where, module in _imports(path):
            top = module.split(".")[0]
            if module.startswith("castellion.rules") or top in sys.stdlib_module_names:
                continue
            if (path.name, where, module) in SEAM:
                continue
            bad.append(f"{path.name}:{where} imports {module}")
    assert not bad, bad


def test_importing_the_rules_loads_only_the_standard_library():
    code = ("import sys; before = set(sys.modules); import castellion.rules, castellion.rules.bots; "
            "new = set(sys.modules) - before; "
            "print(sorted(m for m in new if m.split('.')[0] not in sys.stdlib_module_names "
            "and not m.startswith('castellion.rules') and m != 'castellion'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG_GUARD)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]", out.stdout
