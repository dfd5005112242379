"""The names the board's large-text modules cite in their docstrings (in backticks) name something
in the package: the Seer's caption's module docstring sent the reader to `name_rooms`, a
function that is `name_room`."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[3] / "castellion"
MODULES = ("seer_caption.py", "fitting.py")


def _defined() -> set[str]:
    """Every module, function, class, parameter and assigned name (or attribute) in the package."""
    names: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        names.add(path.stem)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
    return names


@pytest.mark.parametrize("module", MODULES)
def test_every_name_a_docstring_cites_is_defined(module):
    tree = ast.parse((PACKAGE / "scenes" / "board" / module).read_text(encoding="utf-8"))
    cited = {name for node in ast.walk(tree)
             if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
             for name in re.findall(r"`([A-Za-z_][\w.]*)`", ast.get_docstring(node) or "")}
    defined = _defined()
    assert cited and not {name for name in cited if name.split(".")[-1] not in defined}
