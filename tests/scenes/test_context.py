"""The scenes' context (`SceneContext`) is cut to what the scenes use: every member it declares is
read by some scene or by the `ui` helpers the scenes hand it to (the app keeps the rest of
`AppContext` for itself); and there are only the context protocols a layer rule calls for.
Read with `ast`; nothing is imported."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROTOCOLS = {"SceneContext": ROOT / "castellion" / "scenes" / "context.py"}
USERS = (ROOT / "castellion" / "scenes", ROOT / "castellion" / "ui")


def declared(path: Path, name: str) -> set[str]:
    """The members the protocol `name` declares itself (not those it inherits)."""
    (cls,) = [n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
              if isinstance(n, ast.ClassDef) and n.name == name]
    out = {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}
    return out | {n.target.id for n in cls.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}


def unused(members: set[str], sources: dict[str, str]) -> set[str]:
    """The members no source reads from a context (`ctx.x`, `self.ctx.x`, `getattr(ctx, "x")`)."""
    text = "\n".join(sources.values())
    return {m for m in members
            if not re.search(rf"\bctx\.{m}\b|getattr\((self\.)?ctx, \"{m}\"", text)}


def _sources() -> dict[str, str]:
    skip = set(PROTOCOLS.values())
    return {str(p): p.read_text(encoding="utf-8") for folder in USERS for p in sorted(folder.rglob("*.py"))
            if p not in skip}


def test_every_member_of_the_scenes_context_is_used_by_a_scene():
    sources = _sources()
    for name, path in PROTOCOLS.items():
        assert not unused(declared(path, name), sources), name


def test_a_member_no_scene_reads_is_found():
    assert unused({"nav", "log_action"}, {"s.py": "self.ctx.nav.push(x)\n"}) == {"log_action"}
    assert unused({"speech"}, {"s.py": 'getattr(ctx, "speech", None)\n'}) == set()


def _protocols() -> dict[str, tuple[set[str], str]]:
    """Every `*Context` protocol of the package → the modules that name it (besides its own), and
    its docstring."""
    sources = {p: p.read_text(encoding="utf-8") for p in sorted((ROOT / "castellion").rglob("*.py"))}
    found: dict[str, tuple[Path, str]] = {}
    for path, text in sources.items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.name.endswith("Context") and any(
                    getattr(b, "id", "") == "Protocol" for b in node.bases):
                found[node.name] = (path, " ".join((ast.get_docstring(node) or "").split()))
    return {name: ({str(p.relative_to(ROOT)) for p, text in sources.items()
                    if p != home and re.search(rf"\b{name}\b", text) and p.name != "context.py"}, doc)
            for name, (home, doc) in found.items()}


def test_each_context_protocol_is_kept_for_a_layer_rule_it_names():
    """Five context protocols, all implemented by the one `AppContext`, are two: `UIContext` (ui may
    not name the scenes' or the app's context) and `SceneContext` (scenes may not import the app).
    A subset held for one screen (the board's), for drawing tiles and cards (the art's) or for the
    navigator is no more: the navigator lives beside `SceneContext`, so they import nothing of each
    other (tests/project/test_layers.py). Each kept protocol says in its docstring why it is one."""
    protocols = _protocols()
    assert set(protocols) == {"UIContext", "SceneContext"}
    for name, (users, doc) in protocols.items():
        assert len(users) >= 2, name  # a protocol cuts a context for many modules
        assert "layer" in doc and "import" in doc, name  # the layer rule it is kept for


def test_the_widgets_context_holds_only_what_the_widgets_read():
    """`UIContext` is what `castellion.ui` reads; what only a scene reads belongs to that scene's
    context (a sound is played by the board alone)."""
    members = declared(ROOT / "castellion" / "ui" / "context.py", "UIContext")
    ui = {str(p): p.read_text(encoding="utf-8") for p in sorted((ROOT / "castellion" / "ui").rglob("*.py"))
          if p.name != "context.py"}
    assert members >= {"settings", "canvas", "notify"}
    assert not unused(members - {"sprites", "fonts", "theme"}, ui)


def test_every_hook_of_the_app_context_is_set_from_outside():
    """A function-valued field of `AppContext` is a hook: someone outside the class sets it (the
    app, a test, a bench). One that only the class itself fills is a method in disguise."""
    import dataclasses

    from castellion.context import AppContext

    hooks = {f.name for f in dataclasses.fields(AppContext)
             if not f.name.startswith("_") and "Callable" in str(f.type)}
    assert "on_fullscreen" in hooks
    outside = "\n".join(p.read_text(encoding="utf-8") for folder in ("castellion", "tests", "bench", "lab")
                        for p in sorted((ROOT / folder).rglob("*.py")) if p.name != "context.py"
                        or p.parent.name != "castellion")
    unset = {h for h in hooks if not re.search(rf"ctx\.{h} = |\b{h}=", outside)}
    assert unset == set()
