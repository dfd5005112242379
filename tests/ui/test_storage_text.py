"""Persistence answers in data (a `Reason` and its parameters); `ui/storage_text.py` words it in
the player's language. A real refusal of the disk reaches the player in Spanish and Japanese."""

from __future__ import annotations

import errno
import os

import pytest

from castellion import persistence as P
from castellion.persistence import datadir, errors, names, saves
from castellion.rules import new_game
from castellion.session import Session
from castellion.ui import storage_text, text
from castellion.ui.storage_text import doing_text, name_problem_text, problem_text, words_text
from castellion.ui.text import t

LANGS = ("en", "es", "ja")


@pytest.fixture
def lang():
    yield text.set_language
    text.set_language("en")


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv(datadir.HOME_ENV, str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.mark.parametrize("code", LANGS)
def test_every_reason_doing_and_problem_has_words_in_each_language(code, lang):
    lang(code)
    assert set(storage_text.REASON_KEYS) == set(P.Reason)
    assert set(storage_text.DOING_KEYS) == set(P.Doing)
    assert set(storage_text.PROBLEM_KEYS) == set(errors.PROBLEMS)
    keys = [*storage_text.REASON_KEYS.values(), *storage_text.DOING_KEYS.values(),
            *storage_text.PROBLEM_KEYS.values(), "storage.io_plain", "storage.startup_autosave_damaged_backup"]
    missing = [k for k in keys if text._catalog(code).gettext(k) == k]  # no English fallback
    assert missing == []


def test_an_oserror_becomes_a_reason_with_parameters_and_no_english_sentence():
    err = errors.storage_error(OSError(errno.ENOSPC, "No space left on device"), "/data/saves/a.json", P.Doing.WRITE)
    assert (err.kind, err.reason) == ("full", P.Reason.FULL)
    assert err.params == {"doing": "write", "path": "/data/saves/a.json", "detail": "No space left on device"}
    refused = errors.storage_error(PermissionError(errno.EACCES, "no"), "/x", P.Doing.CREATE_FOLDER)
    assert refused.reason is P.Reason.PERMISSION and refused.params["doing"] == "create_folder"


@pytest.mark.parametrize("code", ["es", "ja"])
def test_a_storage_error_is_worded_in_the_players_language(code, lang):
    err = errors.storage_error(OSError(errno.ENOSPC, "No space left on device"), "/d/a.json", P.Doing.WRITE)
    english = words_text(err)
    assert english == t("storage.full", doing=t("storage.doing.write"), path="/d/a.json")
    lang(code)
    worded = words_text(err)
    assert worded != english and "/d/a.json" in worded
    assert worded == t("storage.full", doing=t("storage.doing.write"), path="/d/a.json")
    assert t("storage.doing.write") in worded


def test_a_name_problem_is_data_and_its_words_follow_the_language(lang):
    problem = P.name_problem("a" * 50)
    assert problem == P.Words(P.Reason.NAME_TOO_LONG, {"n": str(P.NAME_MAX)})
    assert P.name_problem("") == P.Words(P.Reason.NAME_EMPTY)
    assert P.name_problem("con") == P.Words(P.Reason.NAME_RESERVED, {"name": "con"})
    assert P.name_problem("a/b") == P.Words(P.Reason.NAME_CHARACTERS, {"chars": "/"})
    assert P.name_problem("Seer towers") is None and name_problem_text(None) == ""
    english = name_problem_text(problem)
    lang("ja")
    assert name_problem_text(problem) == t("storage.name.too_long", n=P.NAME_MAX) != english


def test_unknown_codes_still_give_a_sentence_never_a_key():
    assert problem_text("no such problem") == t("storage.problem.corrupt")
    assert doing_text("juggle") == t("storage.doing.use")
    plain = P.StorageError("a module's own English detail", path="/d/stats.json")
    assert words_text(plain) == t("storage.io_plain", doing=t("storage.doing.use"), path="/d/stats.json")
    assert "English detail" not in words_text(plain)


def test_a_damaged_save_in_the_way_is_refused_with_its_problem(home, lang):
    datadir.ensure_data_dirs()
    names.save_path("mine").write_text("")
    with pytest.raises(P.SaveRefused) as refused:
        saves.save_slot("mine", Session(new_game("intro", seed=1)))
    assert refused.value.reason is P.Reason.DAMAGED_IN_THE_WAY
    assert refused.value.params["name"] == "mine" and refused.value.params["problem"] == "empty"
    lang("es")
    assert words_text(refused.value) == t("storage.damaged_in_the_way", name="mine", problem=t("storage.problem.empty"))


@pytest.mark.parametrize("code", ["es", "ja"])
def test_a_real_refusal_of_the_disk_reaches_the_player_translated(home, code, lang):
    """A file where the saves folder should be: saving fails for real, and the words are the
    player's language's (the screenshot of this notice is docs/screenshots/cannot_save_<lang>.png)."""
    home.mkdir()
    (home / "saves").write_text("not a folder")
    report = P.startup()
    assert not report.writable
    with pytest.raises(P.StorageError) as refused:
        saves.save_slot("mine", Session(new_game("intro", seed=1)))
    assert refused.value.reason in (P.Reason.NOT_A_FOLDER, P.Reason.IO, P.Reason.DATA_NOT_A_FOLDER)
    english = words_text(refused.value)
    lang(code)
    worded = words_text(refused.value)
    assert worded != english and os.fspath(home / "saves") in worded
    start = [words_text(m) for m in report.messages]
    assert start == [t("storage.data_not_a_folder", path=os.fspath(home / "saves"))]


def test_the_autosavers_notice_is_data(home):
    P.startup()
    names.autosave_path().write_bytes(b'{"castellion": "save", "format": 1, "acti')
    saver = P.Autosaver(background=False, record_stats=False)
    assert saver.attach(Session(new_game("intro", seed=2)))
    assert saver.notice == P.Words(P.Reason.AUTOSAVE_DAMAGED, {"files": "autosave.json", "target": "autosave-1.json"})
    assert words_text(saver.notice) == t("storage.autosave_damaged", files="autosave.json", target="autosave-1.json")


@pytest.mark.parametrize("code", LANGS)
def test_a_long_storage_notice_wraps_short_of_the_close_cross(ctx, code, lang):
    """The notice's lines end before the × that dismisses it (the Japanese ran under it)."""
    from castellion.ui import notices

    lang(code)
    err = errors.storage_error(OSError(errno.ENOSPC, "No space left on device"),
                               "/home/player/.local/share/Castellion/saves/autosave.json", P.Doing.SAVE)
    ctx.notices.clear()
    ctx.notices.add(words_text(err), "error")
    [(rect, _notice, lines)] = ctx.notices.layout(ctx)
    font = ctx.fonts.get("body", ctx.theme.font_small)
    assert len(lines) >= 2
    room = notices.WIDTH - notices.TEXT_X - notices.CLOSE_ROOM
    assert max(font.size(line)[0] for line in lines) <= room < rect.w - notices.TEXT_X - 30
