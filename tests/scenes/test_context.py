"""The scenes' context (`SceneContext`, `BoardContext`) is cut to what the scenes use: every member
it declares is read by some scene or by the `ui` helpers the scenes hand it to (the app keeps the
rest of `AppContext` for itself). Read with `ast`; nothing is imported."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROTOCOLS = {"SceneContext": ROOT / "castellion" / "scenes" / "context.py",
             "BoardContext": ROOT / "castellion" / "scenes" / "board" / "context.py"}
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
