"""The screens never take a translator's words apart: no code in `castellion/ui` or
`castellion/scenes` splits a string at a separator the player sees (" — ", " / ", " • ", " | ",
": "), nor looks for one to cut there. A translation may use such a sign inside a sentence (a dash
in a meaning, a slash in "regular / safe pile"), and a cut there takes the wrong piece; what must
be apart is kept apart in the data (the F1 hotkeys page: rows of keys and meaning, `ui.hotkeys_page`;
a key row reaches `ui.scroll_text.ScrollText` as a (keys, meaning) pair).

Read with `ast`: every call of `split`, `rsplit`, `partition`, `rpartition`, `index`, `rindex`,
`find`, `rfind` (and `re.split`) whose separator is such a string, written out or a module
constant of the package holding one, and every `<separator> in <text>`. Before, it flagged
`ui/keymap.py` (the F1 hotkey lines cut at " — " and " / " to replace a moved key) and
`ui/scroll_text.py` (a key line cut at " — " to set its first piece in bold).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WHERE = ("castellion/ui", "castellion/scenes")
SEPARATORS = (" \u2014 ", " / ", " \u2022 ", " | ", ": ")
CUTS = {"split", "rsplit", "partition", "rpartition", "index", "rindex", "find", "rfind"}


def constants() -> dict[str, str]:
    """The package's module-level string constants by name (`DASH = " — "`), so a cut at a named
    separator is seen too."""
    found: dict[str, str] = {}
    for path in (ROOT / "castellion").rglob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) \
                    and isinstance(node.value.value, str):
                found.update((target.id, node.value.value) for target in node.targets
                             if isinstance(target, ast.Name))
    return found


def separator_of(node: ast.expr, named: dict[str, str]) -> str | None:
    """The string a separator argument holds when it is known without running the code."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return named.get(node.id)
    if isinstance(node, ast.Attribute):
        return named.get(node.attr)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = separator_of(node.left, named), separator_of(node.right, named)
        return left + right if left is not None and right is not None else (left or right)
    return None


def cuts(source: str, named: dict[str, str]) -> list[tuple[int, str]]:
    """(line, separator) of each cut of a string at a visible separator in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        sep = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in CUTS:
            sep = separator_of(node.args[0], named) if node.args else None  # (re.split's pattern too)
        elif isinstance(node, ast.Compare) and isinstance(node.ops[0], ast.In | ast.NotIn):
            sep = separator_of(node.left, named)  # `" — " in line`: looking for where to cut
        if sep is not None and any(visible in sep for visible in SEPARATORS):
            found.append((node.lineno, sep))
    return found


def test_the_check_sees_a_cut_written_out_named_or_by_re():
    named = {"DASH": " \u2014 "}
    source = ('a, b = line.split(" \\u2014 ", 1)\nk = keys.split(" / ")\nx = t.partition(DASH)\n'
              'y = text.find(" | ")\nz = re.split(": ", s)\nfine = name.partition("+")\nok = s.split("\\n")\n'
              'if DASH in line: pass\n')
    assert [line for line, _sep in cuts(source, named)] == [1, 2, 3, 4, 5, 8]


def test_no_screen_cuts_words_at_a_visible_separator():
    named = constants()
    found = [f"{path.relative_to(ROOT)}:{line} cuts at {sep!r}"
             for folder in WHERE for path in sorted((ROOT / folder).rglob("*.py"))
             for line, sep in cuts(path.read_text(encoding="utf-8"), named)]
    assert not found, found
