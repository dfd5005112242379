"""No circles, no arrows up (ARCHITECTURE.md, docs/architecture.md).

Every import in `castellion/` is read with `ast` — at module level, inside functions and under
`TYPE_CHECKING` alike (an import that runs late still ties the two modules together) — and:

- an import may only point to its own layer or one below. Bottom to top:
  rules < content, ai < session < persistence < ui < scenes < app (app.py, screens, context,
  textmode, __main__). The one documented exception: `rules.defaults.default_ruleset()` defers to
  the content loader (docs/rules-api.md).
- a scene never imports another scene: a screen's module (or package, like scenes/board/) may
  import its own modules and the shared scenes modules (stack, nav, context, flow, modal); screens
  reach each other through the navigator (`ctx.nav.push(Route.X)`, see castellion/scenes/nav.py).
- no two modules import each other, directly or round a longer circle.
- rules import only the standard library; nothing below ui imports pygame.
"""

from __future__ import annotations

import ast
import functools
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "castellion"

LAYERS = ("rules", "content", "session", "persistence", "ui", "scenes", "app")
LAYER_OF_TOP = {
    "rules": "rules", "content": "content", "ai": "content", "session": "session", "persistence": "persistence",
    "ui": "ui", "scenes": "scenes", "app": "app", "screens": "app", "context": "app", "textmode": "app",
    # memory: memory given back after a game; cli; selftest (the lab is outside the package: lab/)
    "__main__": "app", "memory": "app", "cli": "app", "selftest": "app", "window": "app",
    "launch": "app",
}
# Scenes-level modules every screen may use; they themselves import no screen.
SHARED_SCENES = {"__init__", "stack", "nav", "context", "flow", "modal"}

# The one deferred import the rules make (documented in docs/rules-api.md and castellion/rules/defaults.py).
RULES_SEAM = ("castellion.rules.defaults", "castellion.content", "default_ruleset")


@dataclass(frozen=True)
class Edge:
    importer: str
    imported: str
    line: int
    function: str  # the enclosing function ("" at module level)

    def where(self) -> str:
        return f"{self.importer}:{self.line}" + (f" (in {self.function})" if self.function else "")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py")) if "__pycache__" not in p.parts}


class _Imports(ast.NodeVisitor):
    def __init__(self, name: str, is_package: bool, known: set[str]) -> None:
        self.name = name
        self.package = name if is_package else name.rpartition(".")[0]
        self.known = known
        self.functions: list[str] = []
        self.internal: list[Edge] = []
        self.external: list[tuple[str, int]] = []

    def _function(self) -> str:
        return self.functions[-1] if self.functions else ""

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def _add(self, target: str, line: int) -> None:
        if target == "castellion" or target.startswith("castellion."):
            self.internal.append(Edge(self.name, target, line, self._function()))
        else:
            self.external.append((target.partition(".")[0], line))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self.package.split(".")
            base = base[: len(base) - (node.level - 1)]
            module = ".".join(base + ([node.module] if node.module else []))
        else:
            module = node.module or ""
        for alias in node.names:
            sub = f"{module}.{alias.name}"
            self._add(sub if sub in self.known else module, node.lineno)


def read_imports() -> tuple[list[Edge], dict[str, list[tuple[str, int]]]]:
    modules = all_modules()
    known = set(modules)
    edges: list[Edge] = []
    external: dict[str, list[tuple[str, int]]] = {}
    for name, path in modules.items():
        visitor = _Imports(name, path.name == "__init__.py", known)
        visitor.visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
        edges += [e for e in visitor.internal if e.imported != name]
        external[name] = visitor.external
    return edges, external


@functools.cache
def imports() -> tuple[list[Edge], dict[str, list[tuple[str, int]]]]:
    """The tree's imports, read once, when the first test asks (not at collection: it costs
    seconds of parsing every `pytest` run would pay)."""
    return read_imports()




def layer(module: str) -> int:
    """The layer index of a module (-1 for the `castellion` package itself: only `__version__`)."""
    parts = module.split(".")
    if len(parts) == 1:
        return -1
    top = LAYER_OF_TOP.get(parts[1])
    if top is None:
        raise AssertionError(f"{module} is in no layer: add it to LAYER_OF_TOP here and to docs/architecture.md")
    return LAYERS.index(top)


def screen(module: str) -> str | None:
    """The screen a scenes module belongs to (`board` for scenes.board and scenes.board.*), None
    for the shared scenes modules and outside scenes."""
    parts = module.split(".")
    if parts[:2] != ["castellion", "scenes"]:
        return None
    unit = parts[2] if len(parts) > 2 else "__init__"
    return None if unit in SHARED_SCENES else unit


def is_seam(edge: Edge) -> bool:
    importer, imported_prefix, function = RULES_SEAM
    return (edge.importer == importer and edge.function == function
            and (edge.imported == imported_prefix or edge.imported.startswith(imported_prefix + ".")))


# --------------------------------------------------------------------------------------------
def test_the_walk_sees_imports_inside_functions_and_type_checking_blocks():
    # The walker itself: the deferred seam in the rules, an import under TYPE_CHECKING (app.py)
    # and one inside a method (app.py, App.__init__) are all found.
    assert any(is_seam(e) for e in imports()[0])
    assert any(e.importer == "castellion.app" and e.imported == "castellion.context" and e.function == ""
               for e in imports()[0])
    assert any(e.importer == "castellion.app" and e.imported == "castellion.context" and e.function == "__init__"
               for e in imports()[0])
    assert len(all_modules()) > 50


def test_every_module_has_a_layer():
    for module in all_modules():
        layer(module)  # raises with the module's name


def test_no_import_points_up_a_layer():
    up = [f"{e.where()} imports {e.imported} ({LAYERS[layer(e.importer)]} → {LAYERS[layer(e.imported)]})"
          for e in imports()[0] if layer(e.imported) > layer(e.importer) and not is_seam(e)]
    assert not up, "imports that point up a layer:\n  " + "\n  ".join(up)


def test_the_rules_seam_is_the_documented_one():
    # The documented seam: rules may reach the content layer only through default_ruleset().
    seams = [e for e in imports()[0] if layer(e.importer) == 0 and layer(e.imported) > 0]
    assert len(seams) == 1
    assert seams and all(is_seam(e) for e in seams), [e.where() for e in seams]


def test_scenes_never_import_other_scenes():
    crossing = []
    for e in imports()[0]:
        source, target = screen(e.importer), screen(e.imported)
        if target is None or not e.importer.startswith("castellion.scenes"):
            continue
        if source == target:
            continue  # a package's own modules (scenes/board/*)
        crossing.append(f"{e.where()} imports {e.imported}")
    assert not crossing, ("a scene imports another scene (use ctx.nav and a Route instead):\n  "
                          + "\n  ".join(crossing))


def find_circles(edges: list[Edge]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    graph: dict[str, set[str]] = {}
    for e in edges:
        graph.setdefault(e.importer, set()).add(e.imported)
        graph.setdefault(e.imported, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    circles: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for v in sorted(graph):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return circles


def test_no_circles_between_modules():
    edges = [e for e in imports()[0] if not is_seam(e)]
    circles = find_circles(edges)
    assert not circles, "modules that import each other (directly or round a circle):\n  " + "\n  ".join(
        " ↔ ".join(c) for c in circles)


def test_the_circle_finder_finds_a_circle():
    a, b, c = "castellion.x.a", "castellion.x.b", "castellion.x.c"
    made_up = [Edge(a, b, 1, ""), Edge(b, c, 1, ""), Edge(c, a, 1, "f"), Edge(c, "castellion.x.d", 1, "")]
    assert find_circles(made_up) == [[a, b, c]]


def test_rules_import_only_the_standard_library():
    foreign = [f"{m}:{line} imports {name}" for m, found in imports()[1].items() if layer(m) == 0
               for name, line in found if name not in sys.stdlib_module_names and name != "__future__"]
    assert not foreign, foreign


@pytest.mark.parametrize("name", ["pygame"])
def test_nothing_below_ui_imports_the_display(name):
    below_ui = LAYERS.index("ui")
    found = [f"{m}:{line}" for m, imports in imports()[1].items() if layer(m) < below_ui
             for imported, line in imports if imported == name]
    assert not found, f"{name} imported below ui: {found}"
