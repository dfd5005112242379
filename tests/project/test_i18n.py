"""Issue 13: Castellion in English, Spanish and Japanese — the catalogs, the words, the fonts.

The catalogs are `locale/<lang>/LC_MESSAGES/castellion.po` (+ compiled .mo); message ids are the
dotted keys of `t()` / `tn()`. See also tests/project/test_i18n_screens.py (every scene in each language).
"""

from __future__ import annotations

import ast
import functools
import io
import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from castellion.ui import text
from castellion.ui.catalog_keys import extract_levels, key_arguments
from tests.catalogs import catalog as texts

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
LANGS = ("en", "es", "ja")


def catalog(lang):
    with open(LOCALE / lang / "LC_MESSAGES" / "castellion.po", "rb") as fh:
        return read_po(fh, locale=lang)


def messages(lang):
    """{singular id: (string, ...)} of a catalog (plural messages give every form)."""
    out = {}
    for m in catalog(lang):
        if m.id:
            key = m.id if isinstance(m.id, str) else m.id[0]
            out[key] = m.string if isinstance(m.string, tuple) else (m.string,)
    return out


def fields(words):
    return {name for _, name, _, _ in string.Formatter().parse(words) if name}


# --- completeness -----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_every_message_has_a_non_empty_translation(lang):
    en = messages("en")
    found = messages(lang)
    assert set(found) == set(en), f"{lang}: ids differ from en: {sorted(set(found) ^ set(en))[:10]}"
    empty = [key for key, forms in found.items() if not all(f.strip() for f in forms)]
    assert not empty, f"{lang}: untranslated {empty[:10]}"


@pytest.mark.parametrize("lang", ("es", "ja"))
def test_placeholders_match_the_english(lang):
    """A translation fills the same {fields} as the English: none lost, none invented (a plural
    form may leave {n} out, as English "bottom row" does)."""
    en = messages("en")
    wrong = []
    for key, forms in messages(lang).items():
        want = set().union(*(fields(f) for f in en[key]))
        got = set().union(*(fields(f) for f in forms))
        if got != want:
            wrong.append((key, sorted(want), sorted(got)))
    assert not wrong, wrong[:10]


def test_plural_forms_are_gettexts():
    assert catalog("en").num_plurals == 2
    assert catalog("es").num_plurals == 2  # "1 torre" / "2 torres"
    assert catalog("ja").num_plurals == 1  # Japanese has no plural


@pytest.mark.parametrize("lang,one,many", [("en", "1 Tower", "3 Towers"), ("es", "1 Torre", "3 Torres"),
                                           ("ja", "タワー1", "タワー3")])
def test_tn_goes_through_ngettext(lang, one, many):
    text.set_language(lang)
    assert text.tn("rules.count.tower", 1) == one
    assert text.tn("rules.count.tower", 3) == many
    assert text.tn("rules.count.tower", 0) != one


def test_the_zero_form_is_its_own_message():
    for lang, word in (("en", "for free"), ("es", "gratis"), ("ja", "無償")):
        text.set_language(lang)
        assert word in text.tn("board.do.use_traitor_discard", 0)
        assert word not in text.tn("board.do.use_traitor_discard", 2)


def test_compiled_catalogs_match_their_sources():
    """The committed .mo is exactly what the .po compiles to (run scripts/i18n.py compile)."""
    for lang in LANGS:
        po = LOCALE / lang / "LC_MESSAGES" / "castellion.po"
        buffer = io.BytesIO()
        write_mo(buffer, catalog(lang), use_fuzzy=False)
        assert po.with_suffix(".mo").read_bytes() == buffer.getvalue(), f"{lang}: .mo is stale"


# --- every key the code uses is in the catalogs, and every message is used -------------------
def code_keys():
    literal, prefixes = {}, set()
    for path in sorted((ROOT / "castellion").rglob("*.py")):
        for lineno, kind, key in key_arguments(path.read_text(encoding="utf-8")):
            if kind == "key" and "." in key:
                literal.setdefault(key, f"{path.relative_to(ROOT)}:{lineno}")
            elif kind == "prefix" and key:
                prefixes.add(key)
    return literal, prefixes


@functools.cache
def _level_keys() -> frozenset[str]:
    keys = set()
    for path in (ROOT / "levels").glob("*.yaml"):
        with open(path, "rb") as fh:
            keys.update(message for _, _, message, _ in extract_levels(fh, [], [], {}))
    return frozenset(keys)


def level_keys() -> set[str]:
    return set(_level_keys())


def test_every_key_in_the_code_is_in_the_catalogs():
    en = messages("en")
    literal, _ = code_keys()
    missing = {key: where for key, where in literal.items() if key not in en}
    assert not missing, missing
    assert level_keys() <= set(en), sorted(level_keys() - set(en))


def string_constants():
    """Every string constant of the code (keys kept in tables: LOSS_PHRASES, key = "a" if x else "b")."""
    out = set()
    for path in sorted((ROOT / "castellion").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.add(node.value)
    return out


def test_every_message_is_used():
    """No orphan: each id is in the code as a string, starts with an f-string key's literal part
    (t(f"board.faction.{letter}")), is a `.zero` form of tn(), or names level data by id."""
    literal, prefixes = code_keys()
    literal = dict.fromkeys(set(literal) | string_constants())
    # keys the code builds from a variable whole: rules_text's rule ids, reveal causes, setup notes
    # "board.kind.": the board's status strip on the integrate branch (t("board.kind." + kind))
    # "tutorial.": the guided game's steps (content/tutorial.py builds tutorial.<part>.<step>);
    # "outcome.loss_player.": the players' two-player losing lines (rules_text._loss_text)
    prefixes |= {"board.kind.", "rules.loss.", "rules.loss_player.", "reveal.cause.", "setup.pantry_note.",
                 "rules.refusal.", "rules.phase.", "tutorial.", "outcome.loss_player."}
    from_levels = level_keys()  # once: each call parses every level file (it was per key: 218 s)
    unused = [key for key in messages("en") if key not in literal and key not in from_levels
              and not key.endswith(".zero") and not any(key.startswith(p) for p in prefixes)]
    assert not unused, unused


def test_pybabel_extract_finds_the_code_keys(tmp_path):
    """`pybabel extract -F babel.cfg` (the documented command) yields the same ids."""
    from babel.messages.frontend import CommandLineInterface

    out = tmp_path / "c.pot"
    CommandLineInterface().run(["pybabel", "-q", "extract", "-F", str(ROOT / "babel.cfg"), "-o", str(out),
                                str(ROOT)])
    with open(out, "rb") as fh:
        ids = {m.id for m in read_po(fh) if m.id}
    literal, _ = code_keys()
    assert set(literal) <= ids and level_keys() <= ids
    assert ids <= set(messages("en"))


# --- strings that bypass t() --------------------------------------------------------------------
DRAWING_CALLS = {"draw_text": 2, "draw_wrapped": 2, "draw_title": 2, "render": 0, "notify": 0, "ask": 0,
                 "Button": 2, "Toggle": 2, "Option": 1, "TextField": 2}
# text that is not a word in any language: symbols, numbers, faction letters, separators
NOT_WORDS = re.compile(r"^[\W\d_]*[A-Z]?[\W\d_]*$|^[SCJP]$")


def _string_parts(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.JoinedStr):
        for part in node.values:
            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                yield part.value
    elif isinstance(node, ast.BinOp):
        yield from _string_parts(node.left)
        yield from _string_parts(node.right)
    elif isinstance(node, ast.IfExp):
        yield from _string_parts(node.body)
        yield from _string_parts(node.orelse)


def bypassing_literals():
    found = []
    for path in sorted((ROOT / "castellion").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if not rel.startswith(("castellion/scenes/", "castellion/ui/")):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name not in DRAWING_CALLS or len(node.args) <= DRAWING_CALLS[name]:
                continue
            arg = node.args[DRAWING_CALLS[name]]
            for part in _string_parts(arg):
                if re.search(r"[^\W\d_]{2,}", part) and not NOT_WORDS.match(part):
                    found.append(f"{rel}:{node.lineno}: {part!r}")
    return found


def test_no_drawn_or_shown_string_bypasses_the_catalogs():
    """Every text a scene or widget draws, shows or announces comes from t()/tn() (or from the
    rules' data through ui/rules_text.py and ui/catalog_keys.py), never from a literal."""
    assert not bypassing_literals(), bypassing_literals()


def test_the_scan_catches_a_literal(tmp_path, monkeypatch):
    """The scan above is not blind: a literal label is found."""
    source = 'draw_text(surface, ctx, "Hello there", (0, 0))\nButton(ctx, r, f"Go {x}", fn)\n'
    calls = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call)]
    parts = [p for c in calls for p in _string_parts(c.args[DRAWING_CALLS[c.func.id]])]
    assert parts == ["Hello there", "Go "]


# --- language choice ----------------------------------------------------------------------------
@pytest.mark.parametrize("env,want", [({"LANG": "es_ES.UTF-8"}, "es"), ({"LANGUAGE": "ja:en"}, "ja"),
                                      ({"LC_ALL": "fr_FR.UTF-8", "LANG": "es_AR"}, "es"),
                                      ({"LANG": "de_DE.UTF-8"}, "en"), ({}, "en"), ({"LANG": "C"}, "en")])
def test_default_language_from_the_system(env, want):
    assert text.system_language(env) == want


def test_windows_display_language_is_followed_when_no_variable_names_one(monkeypatch):
    """Windows sets no LANG: its display language decides (checked for real under Wine in
    tests/persistence/test_windows_wine.py); a variable the player set still wins."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(text, "windows_ui_language", lambda: "es_ES")
    monkeypatch.setattr(text._locale, "getlocale", lambda *a: ("Japanese_Japan", "932"))
    assert text.system_language() == "es"
    monkeypatch.setattr(text, "windows_ui_language", lambda: None)
    assert text.system_language() == "en"  # Windows' own locale names are not read as a language
    monkeypatch.setenv("LANGUAGE", "ja")
    monkeypatch.setattr(text, "windows_ui_language", lambda: "es_ES")
    assert text.system_language() == "ja"
    if sys.platform != "win32":
        monkeypatch.undo()
        assert text.windows_ui_language() is None


def test_language_choice_order():
    from castellion.persistence.settings import Settings
    from castellion.ui.language import choose

    assert choose(Settings(language="ja"), "es") == "es"  # --lang first
    assert choose(Settings(language="ja"), None) == "ja"  # then the setting
    assert choose(Settings(), None) == "en"  # then the system (LANGUAGE=en in tests)
    assert choose(None, None) == "en"  # no settings at all (the text mode)


def test_unknown_key_and_bad_fields_never_crash():
    text.set_language("ja")
    assert text.t("no.such.key") == "no.such.key"
    assert text.t("board.turn") == "{turn}手番目"  # no field given: shown unformatted
    assert text.t("board.turn", turn=3) == "3手番目"


def test_numbers_and_dates_follow_the_language():
    from datetime import datetime

    text.set_language("es")
    assert text.number(12345.5) == "12.345,5"
    text.set_language("en")
    assert text.number(12345.5) == "12,345.5"
    when = datetime(2025, 5, 3, 14, 5)
    text.set_language("ja")
    assert "2025/05/03" in text.date_time(when)
    text.set_language("es")
    assert "may 2025" in text.date_time(when)


# --- glossary ---------------------------------------------------------------------------------
def glossary():
    rows = {}
    for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and cells[0] and not set(cells[0]) <= set("-: ") and cells[0] != "term":
            rows[cells[0]] = {"en": cells[1], "es": cells[2], "ja": cells[3]}
    return rows


@pytest.mark.parametrize("term,key", [("Ordeal", "board.ordeals"), ("foundation", "board.foundation"),
                                      ("Seer", "board.faction.S"), ("Chameleon", "board.faction.C"),
                                      ("Juggler", "board.faction.J"), ("Pyro", "board.faction.P"),
                                      ("The Menace", "level.expert.name"),
                                      ("The School of Architects", "level.intro.name"),
                                      ("The Admiral's Academy", "level.base.name"),
                                      ("Traitor", "board.tile_traitor"), ("Bastion", "diagrams.bastion"),
                                      ("Tower", "diagrams.tower"), ("Line of defense", "diagrams.line")])
def test_the_catalogs_use_the_glossarys_terms(term, key):
    row = glossary()[term]
    for lang in LANGS:
        text.set_language(lang)
        shown = text.t(key).lower()
        wanted = re.sub(r"\s*\(.*?\)", "", row[lang]).lower()  # "Pruebas (Ordalía)" -> "pruebas"
        assert wanted.split(" / ")[0].split(",")[0].strip() in shown or shown in wanted, (lang, shown, row[lang])


# --- Japanese text that renders and wraps ----------------------------------------------------
@pytest.fixture
def ja_fonts(pg):
    from castellion.ui.fonts import Fonts

    text.set_language("ja")
    return Fonts()


def test_every_character_of_the_catalogs_has_a_glyph_in_the_cjk_subset(ja_fonts):
    """assets/fonts/cjk.otf (scripts/subset_cjk_font.py) draws the whole Japanese catalog; the
    self-test says the same of the installed game."""
    from castellion.ui.language import self_check

    font = ja_fonts.get("body", 20)
    assert ja_fonts._font_paths[id(font)].endswith("cjk.otf")
    words = "".join(f for forms in messages("ja").values() for f in forms)
    assert ja_fonts.missing_glyphs(font, words) == ""
    assert ja_fonts.missing_glyphs(font, "\u2717") == "\u2717"  # the check can fail: no ✗ in Noto CJK
    assert re.search(r"ja [1-9][0-9]{2,}", self_check(ja_fonts))  # every message counted


def test_mixed_scripts_are_drawn_in_runs_of_fonts(ja_fonts):
    runs = ja_fonts.runs("土台 0/6 \u2717", "bold", 20)
    assert [r for r, _ in runs] == ["土台 0/6 ", "\u2717"]
    assert all(ja_fonts.missing_glyphs(font, part) == "" for part, font in runs)


@pytest.mark.parametrize("width", [60, 90, 120, 160, 220, 300])
def test_japanese_wraps_between_characters_with_kinsoku(ja_fonts, width):
    from castellion.ui.fonts import NO_LINE_END, NO_LINE_START, _units, wrap

    font = ja_fonts.get("body", 20)
    sentence = text.t("board.do.use_traitor_guardian") + "「見張り」（V）、パントリーのアカデミー。"
    lines = wrap(font, sentence, width)
    assert "".join(lines) == sentence  # nothing lost, no spaces invented
    for line in lines:
        assert font.size(line)[0] <= width or len(_units(line)) == 1  # an unbreakable unit stands alone
        assert line[0] not in NO_LINE_START, (line, lines)
        assert line[-1] not in NO_LINE_END, (line, lines)


def test_katakana_words_and_latin_words_stay_whole(ja_fonts):
    from castellion.ui.fonts import wrap

    font = ja_fonts.get("body", 20)
    assert wrap(font, "提督のアカデミー", font.size("提督のアカデ")[0]) == ["提督の", "アカデミー"]
    lines = wrap(font, "R-§5.3：試練には防衛線が必要", font.size("R-§5.3：試")[0])
    assert lines[0] == "R-§5.3：試"


def test_latin_wrapping_is_unchanged(pg):
    from castellion.ui.fonts import Fonts, wrap

    font = Fonts().get("body", 20)
    assert wrap(font, "one two three\n\nfour", font.size("one two")[0]) == ["one two", "three", "", "four"]


def test_a_label_shrinks_to_its_box_then_is_cut(pg):
    from castellion.ui.fit import ELLIPSIS, fit_line, floor_of
    from castellion.ui.fonts import Fonts

    fonts = Fonts()
    words = "Preguntar antes de decisiones arriesgadas"
    full = fonts.get("body", 24).size(words)[0]
    shown, size = fit_line(fonts, words, "body", 24, int(full * 0.8))
    assert shown == words and floor_of(24) <= size < 24
    assert fonts.get("body", size).size(words)[0] <= full * 0.8
    shown, size = fit_line(fonts, words, "body", 24, 80)
    assert size == floor_of(24) and shown.endswith(ELLIPSIS) and fonts.get("body", size).size(shown)[0] <= 80
    assert fit_line(fonts, "OK", "body", 24, 200) == ("OK", 24)


def test_spanish_names_the_ordeal_prueba_only():
    """docs/glossary.md: "Prueba" is what Spanish players say; "Ordalía" named the same thing."""
    es = texts("es")
    assert not [k for k, v in es.items() if "ordalía" in v.lower()]
    ordeal_keys = [k for k, v in texts("en").items() if re.search(r"\bOrdeals?\b", v)]
    assert ordeal_keys and sum("Prueba" in es[k] for k in ordeal_keys) > len(ordeal_keys) // 2
