"""The level data's words by id: card, level and variant names and texts come from the catalogs.

`levels/*.yaml` keep their English names (the rules and the data stay language-neutral); the
screens show `card.<id>.name`, `card.<id>.text`, `level.<id>.name`, `level.<id>.description`,
`variant.<id>.name` and `variant.<id>.description` from the current language's catalog, falling
back to the data's own English when a catalog lacks the key (a new card works before it is
translated). `extract_levels` is the Babel extractor for those files (babel.cfg, scripts/i18n.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from castellion.ui.text import has, t


def card_name(card: Any) -> str:
    """An Ordeal card's printed name in the current language ("Harpy", "Arpía", "ハーピー")."""
    key = f"card.{getattr(card, 'id', '')}.name"
    return t(key) if has(key) else str(getattr(card, "name", "") or getattr(card, "id", "?"))


def card_text(card: Any) -> str:
    key = f"card.{getattr(card, 'id', '')}.text"
    return t(key) if has(key) else str(getattr(card, "text", "") or "")


def level_name(level_id: str, fallback: str = "") -> str:
    key = f"level.{level_id}.name"
    return t(key) if has(key) else (fallback or level_id)


def level_description(level_id: str, fallback: str = "") -> str:
    key = f"level.{level_id}.description"
    return t(key) if has(key) else fallback


def variant_name(variant_id: str, fallback: str = "") -> str:
    key = f"variant.{variant_id}.name"
    return t(key) if has(key) else (fallback or variant_id)


def variant_description(variant_id: str, fallback: str = "") -> str:
    key = f"variant.{variant_id}.description"
    return t(key) if has(key) else fallback


def _achievement_keys(items: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """levels/achievements.yaml: each one's name and how to get it, by its words key."""
    for item in items or []:
        if isinstance(item, dict) and item.get("words"):
            yield 0, "_", str(item["words"]), [str(item.get("id", ""))]
            yield 0, "_", f"{item['words']}.how", [str(item.get("id", ""))]


def extract_levels(fileobj: Any, _keywords: object, _comment_tags: object,
                   options: object) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extraction method for levels/*.yaml: yields (line, funcname, message id, comments)
    for each translatable field, keyed by the object's id (the English is the comment)."""
    import yaml

    data = yaml.safe_load(fileobj.read().decode("utf-8")) or {}
    if "cards" in data:
        for card in data["cards"] or []:
            for field in ("name", "text"):
                if card.get(field):
                    yield 0, "_", f"card.{card['id']}.{field}", [str(card[field])]
    elif "achievements" in data:
        yield from _achievement_keys(data["achievements"])
    elif "id" in data and "name" in data:
        for field in ("name", "description"):
            if data.get(field):
                yield 0, "_", f"level.{data['id']}.{field}", [str(data[field])]
        for variant in data.get("variants") or []:
            for field in ("name", "description"):
                if isinstance(variant, dict) and variant.get(field):
                    yield 0, "_", f"variant.{variant['id']}.{field}", [str(variant[field])]


def key_arguments(source: str) -> Iterator[tuple[int, str, str]]:
    """The keys the Python `source` passes to t() / tn(): (line, kind, key) with kind "key" for a
    literal (both branches of `t("a" if x else "b")` count) and "prefix" for the literal start of an
    f-string key (`t(f"board.faction.{letter}")` -> "board.faction.")."""
    import ast

    def first_args(node: ast.expr) -> Iterator[ast.expr]:
        if isinstance(node, ast.IfExp):
            yield from first_args(node.body)
            yield from first_args(node.orelse)
        else:
            yield node

    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name not in ("t", "tn", "has"):
            continue
        for arg in first_args(node.args[0]):
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                yield node.lineno, "key", arg.value
            elif isinstance(arg, ast.BinOp) and isinstance(arg.left, ast.Constant) \
                    and isinstance(arg.left.value, str):  # t("board.kind." + kind)
                yield node.lineno, "prefix", arg.left.value
            elif isinstance(arg, ast.JoinedStr):
                head = arg.values[0] if arg.values else None
                prefix = head.value if isinstance(head, ast.Constant) and isinstance(head.value, str) else ""
                yield node.lineno, "prefix", prefix


def extract_python(fileobj: Any, _keywords: object, _comment_tags: object,
                   options: object) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extraction method for the code: the literal keys of t() / tn() (Babel's own Python
    extractor glues `t("a" if x else "b")` into one id "ab")."""
    for lineno, kind, key in key_arguments(fileobj.read().decode("utf-8")):
        if kind == "key" and "." in key:
            yield lineno, "_", key, []  # "_": a keyword pybabel knows by default
