"""`scripts/i18n.py update` and `check` on a scratch copy of the catalogs (issue 33, item 6):
an English text changed → its es/ja entries are marked fuzzy and `check` lists them; an update
rewrites no unrelated line (no re-wrapping, no re-ordering, no header or date churn)."""

from __future__ import annotations

import difflib
import importlib.util
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def i18n(tmp_path, monkeypatch):
    """The script's module, working on a scratch copy of locale/."""
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    shutil.copytree(ROOT / "locale", tmp_path / "locale")
    monkeypatch.setattr(module, "LOCALE", tmp_path / "locale")
    return module


def po(i18n, lang):
    return i18n.po_path(lang).read_text(encoding="utf-8")


def edit_english(i18n, key, old, new):
    text = po(i18n, "en")
    entry = f'msgid "{key}"\nmsgstr "{old}"\n'
    assert entry in text
    i18n.po_path("en").write_text(text.replace(entry, f'msgid "{key}"\nmsgstr "{new}"\n'), encoding="utf-8")


def changed_lines(before, after):
    return [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]


def test_an_update_with_nothing_new_changes_no_byte(i18n):
    before = {lang: po(i18n, lang) for lang in ("es", "ja")}
    i18n.update()
    assert {lang: po(i18n, lang) for lang in ("es", "ja")} == before
    assert i18n.stale("es") == [] and i18n.stale("ja") == []


def test_changed_english_marks_its_translations_fuzzy_and_check_lists_them(i18n, capsys):
    before = {lang: po(i18n, lang) for lang in ("es", "ja")}
    edit_english(i18n, "ui.back", "Back", "Go back")
    i18n.update()
    for lang in ("es", "ja"):
        assert i18n.stale(lang) == ["ui.back"]
        # only that entry: its English, the English it was translated from, the flag
        assert sorted(changed_lines(before[lang], po(i18n, lang))) == sorted(
            ["-#. en: Back", "+#. en: Go back", "+#. en was: Back", "+#, fuzzy"])
    capsys.readouterr()
    assert i18n.check() == 1
    listed = [line.split(":")[0] for line in capsys.readouterr().out.splitlines() if "'ui.back'" in line]
    assert sorted(listed) == ["es", "ja"]
    # a second update keeps it as it is (still stale, the first English still the one it was made from)
    after = po(i18n, "es")
    i18n.update()
    assert po(i18n, "es") == after
    edit_english(i18n, "ui.back", "Go back", "Return")
    i18n.update()
    entry = "\n".join([i18n.EN + "Return", i18n.EN_WAS + "Back", i18n.FUZZY, 'msgid "ui.back"'])
    assert entry in po(i18n, "es")


def test_a_reviewed_translation_is_no_longer_stale(i18n):
    edit_english(i18n, "ui.back", "Back", "Go back")
    i18n.update()
    text = po(i18n, "es").replace("#. en was: Back\n#, fuzzy\n", "")
    i18n.po_path("es").write_text(text, encoding="utf-8")
    assert i18n.stale("es") == []
    i18n.update()
    assert po(i18n, "es") == text


def test_new_and_removed_ids_touch_only_their_own_lines(i18n):
    before = po(i18n, "es")
    en = po(i18n, "en")
    gone = 'msgid "ui.close"\nmsgstr "Close"\n'
    assert gone in en
    en = en.replace(gone, "").rstrip("\n") + '\n\nmsgid "ui.brand_new"\nmsgstr "Brand new words"\n'
    i18n.po_path("en").write_text(en, encoding="utf-8")
    i18n.update()
    after = po(i18n, "es")
    assert sorted(changed_lines(before, after)) == sorted(
        ["-#. en: Close", '-msgid "ui.close"', '-msgstr "Cerrar"', "-",
         "+", "+#. en: Brand new words", '+msgid "ui.brand_new"', '+msgstr ""'])
    added = "\n".join([i18n.EN + "Brand new words", 'msgid "ui.brand_new"', 'msgstr ""']) + "\n"
    assert after.endswith(added)
    i18n.update()
    assert po(i18n, "es") == after  # idempotent
