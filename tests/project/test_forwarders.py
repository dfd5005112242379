"""No pass-through layers on the board: a part reads the board's state where it lives, and asks
the object that answers, rather than a member of another object that only hands the question on.

A one-line forwarder is a method (or property, or property setter) of a class whose whole body,
docstring aside, is `return self.a.b` / `self.a.b = value`, or a call `self.a.m(...)` given
exactly the method's own parameters. Counted with `ast` (nothing is imported).
`python -m tests.project.test_forwarders` lists them for the whole package, by area.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "castellion"
BOARD = PACKAGE / "scenes" / "board"


def _self_chain(node: ast.expr) -> bool:
    """`self.a.b…`: two attributes or more reached from `self`."""
    depth = 0
    while isinstance(node, ast.Attribute):
        depth += 1
        node = node.value
    return isinstance(node, ast.Name) and node.id == "self" and depth >= 2


def _params(fn: ast.FunctionDef) -> list[str]:
    a = fn.args
    names = [p.arg for p in a.posonlyargs + a.args + a.kwonlyargs]
    return names[1:] if names and names[0] in ("self", "cls") else names


def _passes_on(call: ast.Call, params: list[str]) -> bool:
    """The call is given the method's parameters, each as itself, and nothing else."""
    given = [a.id for a in call.args if isinstance(a, ast.Name)]
    given += [k.value.id for k in call.keywords if isinstance(k.value, ast.Name) and k.arg == k.value.id]
    return len(given) == len(call.args) + len(call.keywords) and sorted(given) == sorted(params)


def is_forwarder(fn: ast.FunctionDef) -> bool:
    body = list(fn.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]  # the docstring
    if len(body) != 1:
        return False
    stmt, params = body[0], _params(fn)
    if isinstance(stmt, ast.Assign):  # a setter: self.a.b = value
        return len(stmt.targets) == 1 and _self_chain(stmt.targets[0]) and isinstance(stmt.value, ast.Name) \
            and [stmt.value.id] == params
    if isinstance(stmt, ast.Return) and stmt.value is not None:
        value = stmt.value
    elif isinstance(stmt, ast.Expr):
        value = stmt.value
    else:
        return False
    if isinstance(value, ast.Call):
        return _self_chain(value.func) and _passes_on(value, params)
    return not params and _self_chain(value)


def forwarders(trees: dict[str, ast.Module]) -> list[str]:
    out: list[tuple[str, int, str]] = []
    for rel, tree in trees.items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef) or any(
                    isinstance(b, ast.Name) and b.id == "Protocol" for b in node.bases):
                continue
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and is_forwarder(item):
                    out.append((rel, item.lineno, f"{rel}:{item.lineno}: {node.name}.{item.name}"))
    return [line for _, _, line in sorted(out)]


def _trees(folder: Path) -> dict[str, ast.Module]:
    return {p.relative_to(ROOT).as_posix(): ast.parse(p.read_text(encoding="utf-8"))
            for p in sorted(folder.rglob("*.py"))}


def test_the_board_has_no_one_line_forwarders():
    found = forwarders(_trees(BOARD))
    assert not found, "read the state where it lives, ask the object that answers:\n" + "\n".join(found)


SAMPLE = '''
from typing import Protocol

class Scene:
    @property
    def game(self):
        return self.state.game               # forwards an attribute
    @game.setter
    def game(self, value):
        self.state.game = value              # forwards a setter
    def refresh(self):
        """Rebuilt when needed."""
        return self.state.refresh()          # forwards a call
    def say(self, text, kind="info"):
        self.reader.say(kind=kind, text=text)  # forwards its parameters
    def layout(self):
        return self.base.for_player(self.game.active)  # works something out: not a forwarder
    def push(self):
        self.ctx.nav.push("rules")           # adds an argument: not a forwarder
    def own(self):
        return self.version                  # its own attribute: not a forwarder
    def two(self):
        self.a.b()
        self.a.c()
class Face(Protocol):
    def game(self):
        return self.state.game               # a protocol's body is not code
'''


def test_the_count_finds_each_kind_of_forwarder():
    assert [line.split(": ")[1] for line in forwarders({"s.py": ast.parse(SAMPLE)})] == [
        "Scene.game", "Scene.game", "Scene.refresh", "Scene.say"]


if __name__ == "__main__":  # the count for the whole package, by area
    every = forwarders(_trees(PACKAGE))
    print("\n".join(every))
    areas = Counter("/".join(line.split(":")[0].split("/")[1:3]) if "/scenes/board/" in line
                    else line.split("/")[1].split(":")[0].removesuffix(".py") for line in every)
    print(dict(sorted(areas.items())), "total", len(every))
