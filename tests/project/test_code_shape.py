"""The shape of the code, read with `ast` (nothing is imported): composition over mixin chains,
no forward declarations, no dispatch on built names, no issue numbers in comments.

(a) No class is assembled from more than two base classes of the project (its project ancestors,
    counted through the whole chain: `A(B(C(D)))` has three). Protocols are interfaces, not
    assemblies, and are not counted.
(b) No method whose body is only `raise NotImplementedError` (with or without a docstring): a
    forward declaration that a class further down the chain fills in.
(c) No `getattr(obj, <name built with + or an f-string>)`: a call a reader cannot follow to its
    handler (an explicit table from the action type or the phase to the handler instead).
"""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "castellion"
MAX_PROJECT_BASES = 2


@dataclass(frozen=True)
class ClassInfo:
    where: str  # path:line
    bases: tuple[str, ...]  # the simple names of its bases
    protocol: bool


def _base_name(node: ast.expr) -> str:
    if isinstance(node, ast.Subscript):  # Generic[T], Protocol[T]
        node = node.value
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


@functools.cache
def sources() -> dict[str, ast.Module]:
    return {path.relative_to(ROOT).as_posix(): ast.parse(path.read_text(encoding="utf-8"))
            for path in sorted(PACKAGE.rglob("*.py"))}


def classes(trees: dict[str, ast.Module]) -> dict[str, list[ClassInfo]]:
    """Every class of the project by simple name (a name two modules both define has two)."""
    out: dict[str, list[ClassInfo]] = {}
    for rel, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = tuple(n for n in (_base_name(b) for b in node.bases) if n)
                out.setdefault(node.name, []).append(ClassInfo(f"{rel}:{node.lineno}", bases, "Protocol" in bases))
    return out


def project_ancestors(name: str, known: dict[str, list[ClassInfo]], info: ClassInfo) -> set[str]:
    """The project's classes `info` is built on, through the whole chain (by simple name)."""
    found: set[str] = set()
    todo = [b for b in info.bases if b in known and b != name]
    while todo:
        base = todo.pop()
        if base in found:
            continue
        found.add(base)
        for parent in known[base]:
            todo += [b for b in parent.bases if b in known and b != base]
    return found


def assembled_classes(trees: dict[str, ast.Module]) -> list[str]:
    known = classes(trees)
    out = []
    for name, infos in known.items():
        for info in infos:
            if info.protocol:
                continue
            ancestors = project_ancestors(name, known, info)
            if len(ancestors) > MAX_PROJECT_BASES:
                names = ", ".join(sorted(ancestors))
                out.append(f"{info.where}: {name} is built on {len(ancestors)} project classes ({names})")
    return sorted(out)


def _only_raises_not_implemented(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    body = list(fn.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]  # the docstring
    if len(body) != 1 or not isinstance(body[0], ast.Raise) or body[0].exc is None:
        return False
    exc = body[0].exc
    target = exc.func if isinstance(exc, ast.Call) else exc
    return isinstance(target, ast.Name) and target.id == "NotImplementedError"


def forward_declarations(trees: dict[str, ast.Module]) -> list[str]:
    out = []
    for rel, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and _only_raises_not_implemented(item):
                        out.append(f"{rel}:{item.lineno}: {node.name}.{item.name} only raises NotImplementedError")
    return sorted(out)


def _built(node: ast.expr) -> bool:
    """A name made at run time: an f-string with a field, or a `+` concatenation."""
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.FormattedValue) for v in node.values)
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)


def built_name_dispatch(trees: dict[str, ast.Module]) -> list[str]:
    out = []
    for rel, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" \
                    and len(node.args) >= 2 and _built(node.args[1]):
                out.append(f"{rel}:{node.lineno}: getattr on a built name ({ast.unparse(node.args[1])})")
    return sorted(out)


# --- the three rules over castellion/ -------------------------------------------------------------
def test_no_class_is_assembled_from_more_than_two_project_classes():
    found = assembled_classes(sources())
    assert not found, "compose parts instead of chaining mixins:\n" + "\n".join(found)


def test_no_not_implemented_forward_declarations():
    found = forward_declarations(sources())
    assert not found, "a part with its own interface instead of a declared hole:\n" + "\n".join(found)


def test_no_getattr_dispatch_on_built_names():
    found = built_name_dispatch(sources())
    assert not found, "an explicit table from the type or phase to the handler:\n" + "\n".join(found)


# --- the checks can fail -------------------------------------------------------------------------
SAMPLE = '''
from typing import Protocol

class Base: ...
class Mixin(Base): ...
class Other(Mixin): ...
class Chain(Other): ...            # Other, Mixin, Base: three
class Pair(Mixin): ...             # Mixin, Base: two, allowed
class Face(Protocol): ...
class Faces(Face, Protocol): ...   # protocols are not counted
class Holes:
    def later(self):
        """Filled in further down."""
        raise NotImplementedError
    def fine(self):
        raise NotImplementedError("not for this kind") if self else None
def act(self, action, phase):
    getattr(self, "_do_" + type(action).__name__)(action)
    getattr(self, f"_{phase}")()
    getattr(self, "plain")()
'''


def test_the_checks_find_a_sample_of_each():
    trees = {"sample.py": ast.parse(SAMPLE)}
    assert [line.split(": ")[1] for line in assembled_classes(trees)] == [
        "Chain is built on 3 project classes (Base, Mixin, Other)"]
    assert forward_declarations(trees) == ["sample.py:12: Holes.later only raises NotImplementedError"]
    assert built_name_dispatch(trees) == ['sample.py:18: getattr on a built name (\'_do_\' + type(action).__name__)',
                                          "sample.py:19: getattr on a built name (f'_{phase}')"]


ISSUE_NUMBER = re.compile(r"\bissues? ?#?\d+|\(#\d+\)", re.IGNORECASE)


def issue_citations(sources: dict[str, str]) -> list[str]:
    """Lines of the package that cite a tracker issue ("issue 20", "(#14)"): a comment says why,
    and the why outlives the tracker."""
    return [f"{name}:{n}: {line.strip()}" for name, text in sources.items()
            for n, line in enumerate(text.splitlines(), 1) if ISSUE_NUMBER.search(line)]


def test_no_comment_cites_an_issue_number():
    sources = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in sorted(PACKAGE.rglob("*.py"))}
    assert not issue_citations(sources)
    assert issue_citations({"s.py": "x = 1  # see issue 20, item 5\ny = 2  # (#14)\nz = 3  # an issue with this\n"}) \
        == ["s.py:1: x = 1  # see issue 20, item 5", "s.py:2: y = 2  # (#14)"]
