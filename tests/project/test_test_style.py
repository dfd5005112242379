"""The tests' own style (tests/README.md): a test says what it means, not which English words a
screen happens to use today, and it goes through the board's public face.

- **No pinned phrases.** An assert that compares the program's output with a literal English
  phrase of three words or more breaks the day the words are reworded (or a catalog is fixed),
  though nothing the test means has changed. Such asserts go through `t("key", **params)`, rule
  ids, enums or the rules' data instead. The scan below counts them; a handful of real exceptions
  are allowed (`ALLOWED`), each with its reason.
- **No private members of the board.** `board._x` / `scene._x` in a test ties it to how the
  board is built today (it is being recomposed): tests read public properties or watch behaviour.
  The one adapter that may still reach inside is `tests/board_driver.py`, so a change of the
  board's insides is mended in one place.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
WORD = re.compile(r"[A-Za-z][a-z'\u2019-]+|\b[aA]\b")
# castle notation ("Jt Jc Js", ".. Pc *t") is data, not words
CASTLE = re.compile(r"^(\s|\.\.|[PCSJ*][tsc][+!]?|T!?)*$")
# calls whose argument is compared with what the program said
MATCHERS = {"startswith", "endswith", "drawn", "index", "find", "count", "search", "match", "fullmatch"}
THRESHOLD = 10  # issue's "done when": fewer than ten

# Files whose phrases ARE the interface (not words a player reads through the catalogs): each
# entry says why. Keep this list short; a new entry needs the same kind of reason.
ALLOWED = {
    "content/test_levels.py": "the content loader's errors are written for level authors, in English, and are "
                              "in no catalog: the whole message is the interface the test checks",
    "packaging/test_packaging.py": "Makefile recipes, the PyInstaller spec and wheel metadata: build text",
    "packaging/test_release.py": "release script output and workflow commands: build text",
    "packaging/test_resources.py": "the wheel's metadata and the self-test's output lines",
    "lab/test_winrate.py": "the lab's command line and its table: CLI text, English by design",
    "project/test_lint.py": "sample source lines fed to the noqa scan",
    "project/test_layout_model.py": "made-up labels the test draws itself, and the layout checker's own messages",
}
# Single phrases that are the interface, wherever they are checked.
ALLOWED_PHRASES = {
    "scene castellion.scenes.reveal: ok": "the --self-test report: CLI output a packager's script reads",
    "navigation: every route has a screen: ok": "the --self-test report: CLI output a packager's script reads",
    "cannot be reviewed": "the --review command's error line on stderr: CLI output",
}


def _words(node: ast.AST) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return " ".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    return ""


def _compared(test: ast.AST) -> list[ast.AST]:
    """The literals an assert's condition compares with the program's output."""
    out: list[ast.AST] = []
    for node in ast.walk(test):
        if isinstance(node, ast.Compare):
            out += [node.left, *node.comparators]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MATCHERS:
            out += node.args[:1]
    return out


def is_phrase(text: str) -> bool:
    return len(WORD.findall(text)) >= 3 and len(text.split()) >= 3 and not CASTLE.match(text)


def pinned_phrases(path: Path, root: Path = TESTS) -> list[str]:
    """`file:line: phrase` for each assert of `path` that pins an English phrase."""
    source = path.read_text(encoding="utf-8")
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assert):
            for literal in _compared(node.test):
                text = _words(literal)
                if is_phrase(text) and text not in ALLOWED_PHRASES:
                    found.append(f"{path.relative_to(root).as_posix()}:{node.lineno}: {text!r}")
    return found


def _test_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("test_*.py") if "__pycache__" not in p.parts)


def test_fewer_than_ten_asserts_pin_english_phrases():
    found = [hit for path in _test_files() if path.relative_to(TESTS).as_posix() not in ALLOWED
             for hit in pinned_phrases(path)]
    assert len(found) < THRESHOLD, "\n".join(found)


def test_every_allowed_file_exists_and_still_needs_its_exception():
    for name in ALLOWED:
        path = TESTS / name
        assert path.is_file(), name
        assert pinned_phrases(path), f"{name} pins no phrase any more: drop it from ALLOWED"


def test_the_scan_finds_a_pinned_phrase_and_passes_keys_notation_and_inputs(tmp_path):
    sample = tmp_path / "test_sample.py"
    sample.write_text(
        'assert board.message == "The castle had to hold two tiles"\n'       # pinned
        'assert spy.drawn("Who faces Simulation I?")\n'                      # pinned
        'assert f"{n} Traitors gathered beside it" in text\n'                 # pinned (an f-string)
        'assert board.message == t("rules.refusal.revealed_first")\n'        # through the catalog
        'assert format_castle(c) == "Jt Jc Js Jt Pc Ps"\n'                    # castle notation
        'assert wrap("one two three four") == ["one two", "three four"]\n'  # an input, two-word pieces
        'x = "a phrase outside any assert"\n',
        encoding="utf-8")
    hits = pinned_phrases(sample, root=tmp_path)
    assert [h.split(":")[1] for h in hits] == ["1", "2", "3"]


# ------------------------------------------------------------------ the board's private members
PRIVATE = re.compile(r"\b(?:board|scene)\._[a-z]\w*")


def private_reads(path: Path, root: Path = TESTS) -> list[str]:
    """`file:line: member` for each private member of the board or a scene that `path` reads."""
    hits = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("#", 1)[0]
        hits += [f"{path.relative_to(root).as_posix()}:{number}: {m.group()}" for m in PRIVATE.finditer(code)]
    return hits


def test_no_test_reads_the_boards_private_members():
    found = [hit for path in _test_files() for hit in private_reads(path) if path.name != "test_test_style.py"]
    assert not found, "\n".join(found)


def test_the_private_member_scan_sees_both_spellings(tmp_path):
    sample = tmp_path / "test_sample.py"
    sample.write_text("x = d.board._buttons['hint']\ny = scene._still  # and a comment: board._ok\n"
                      "z = board.button_rects()\n", encoding="utf-8")
    assert [h.rsplit(": ", 1)[1] for h in private_reads(sample, root=tmp_path)] == ["board._buttons", "scene._still"]
