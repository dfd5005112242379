"""Issue 11, items 1, 4 and 6: every file Castellion reads goes through one hardened reader.
Hostile or unlucky files (long numbers, infinities, deep nesting, bad encodings, NUL, lone
surrogates, pipes, links, huge sizes) are "damaged" with a reason — never an exception past the
reader, never modified. Plus the fuzz test: hundreds of generated files at every reader."""

from __future__ import annotations

import hashlib
import json
import os
import random

import pytest

from castellion import persistence as P
from castellion.persistence import datadir, errors, names, reader, saves, settings, stats
from castellion.rules import new_game
from castellion.session import Session

LONG = "9" * 5000  # past Python's 4,300-digit int conversion limit


@pytest.fixture
def home(home):
    """The shared data folder (tests/conftest.py), its folders made."""
    datadir.ensure_data_dirs()
    return home


def session_of(steps: int = 3, seed: int = 4) -> Session:
    session = Session(new_game("intro", seed=seed))
    for _ in range(steps):
        session.apply(session.game.legal_actions()[0])
    return session


def valid_save_doc(**changes) -> dict:
    doc = saves.document_for(session_of())
    doc.update(changes)
    return doc


# ------------------------------------------------------------------ 1. numbers
def test_a_5000_digit_number_in_settings_or_stats_does_not_stop_the_start(home):
    # Issue 11, item 1: Python's ValueError for long integers used to escape on every launch
    (home / "settings.json").write_text('{"sound": ' + LONG + "}")
    (home / "stats.json").write_text('{"records": {"intro/normal/1": {"played": ' + LONG + "}}}")
    report = P.startup()  # never raises
    assert report.settings == P.Settings()
    assert P.Words(P.Reason.SETTINGS_DAMAGED, {"file": "settings.json"}) in report.messages
    assert report.stats.kind == "damaged" and "digits" in report.stats.problem  # told (issue 20: set aside)
    assert P.load_stats().records == {}


def test_a_save_with_a_5000_digit_number_is_listed_as_damaged(home):
    path = names.save_path("long")
    path.write_text(json.dumps(valid_save_doc())[:-1] + ', "undos": ' + LONG + "}")
    before = path.read_bytes()
    [info] = saves.list_saves()
    assert not info.ok and info.problem == "corrupt" and "digits" in info.message
    with pytest.raises(errors.DamagedSave):
        saves.load_save("long")
    assert path.read_bytes() == before


@pytest.mark.parametrize("literal", ["1e309", "-1e400", "NaN", "Infinity", "-Infinity",
                                     "123456789012345678901234567890"])
def test_numbers_outside_sane_bounds_are_damage(home, literal):
    (home / "stats.json").write_text('{"records": {"intro/normal/1": {"won": ' + literal + "}}}")
    report = P.read_stats()
    problem = report.sentence("stats.json")
    assert report.value is None and problem and "damaged" in problem


def test_statistics_counts_beyond_the_bound_are_damage_and_the_backup_is_used(home):
    P.record_game({"level": "intro"}, "won", turns=5, game_id="a")
    P.record_game({"level": "intro"}, "won", turns=5, game_id="b")  # stats.json.bak has 1 game
    (home / "stats.json").write_text('{"records": {"intro/normal/1": {"won": ' + str(10**15) + "}}}")
    report = P.read_stats()
    problem = report.sentence("stats.json")
    assert report.value.get("intro").won == 1 and "backup" in problem


# ------------------------------------------------------------------ structure and text
@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,  # RecursionError inside json
    '{"a":' * 50 + "1" + "}" * 50,  # deeper than MAX_DEPTH
    '{"sound": "a\\u0000b"}',  # NUL
    '{"sound": "\\ud800"}',  # lone surrogate
    '{"sound": "' + "x" * 5000 + '"}',  # unbounded text
])
def test_structure_and_text_problems_are_damage(home, text):
    (home / "settings.json").write_text(text)
    got, problem = P.load_settings_report()
    assert got == P.Settings() and problem and "damaged" in problem


def test_player_names_with_nul_or_a_lone_surrogate_never_reach_the_board(home):
    # Issue 11, item 6: hand-edited names crashed Continue and the board
    for n, bad in enumerate(["Ann\x00a", "\ud800", "\u200b", ""]):
        doc = valid_save_doc(player_names=[bad, "Ben"])
        raw = json.dumps(doc).encode("utf-8", "surrogatepass")
        path = names.save_path(f"names {n}")
        path.write_bytes(raw)
        info = saves.inspect(path)
        if info.ok:  # invisible or empty names: dropped, the game itself is fine
            assert saves.load_path(path).session.player_names == ()
        else:  # a NUL or a surrogate in the file: damaged text, kept untouched
            assert info.problem == "corrupt"
        assert path.read_bytes() == raw


BLANK_NAMES = {"hangul filler": "\u3164", "braille blank": "\u2800", "halfwidth hangul filler": "\uffa0",
               "hangul choseong and jungseong fillers": "\u115f\u1160", "variation selector": "\ufe0f",
               "grapheme joiner": "\u034f", "two acute accents": "\u0301\u0301"}


@pytest.mark.parametrize("name", BLANK_NAMES.values(), ids=BLANK_NAMES.keys())
def test_a_name_that_draws_nothing_is_no_player_name(home, name):
    """Issue 29, item 7: seven blank-looking names were taken as player names and drawn as nothing;
    a save holding one loads without its names, as an invisible name always did."""
    assert not P.good_player_name(name) and P.draws_nothing(name) and P.visible(name) == "?"
    assert P.good_player_name("Ann") and P.good_player_name("e\u0301") and P.good_player_name("\u6771")
    path = names.save_path("blank")
    path.write_bytes(json.dumps(valid_save_doc(player_names=[name, "Ben"])).encode("utf-8"))
    assert saves.load_path(path).session.player_names == ()


def test_invalid_utf8_and_binary_are_damage(home):
    for name in ("settings.json", "stats.json"):
        (home / name).write_bytes(b'{"sound": "\xff\xfe"}')
    assert P.load_settings_report()[1] and P.read_stats().sentence("stats.json")


def test_a_byte_order_mark_is_harmless(home):
    (home / "settings.json").write_bytes(b'\xef\xbb\xbf{"sound": false}')
    assert P.load_settings().sound is False


# ------------------------------------------------------------------ pipes, links, sizes
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX only")
def test_a_fifo_is_never_read_nor_replaced(home):
    # Issue 11, item 6: a FIFO at settings.json used to be replaced by a regular file
    for name in ("settings.json", "stats.json"):
        os.mkfifo(home / name)
    os.mkfifo(names.save_path("pipe"))
    report = P.startup()  # would block forever if a pipe were opened for reading
    assert report.settings == P.Settings()
    [info] = saves.list_saves()
    assert not info.ok and info.problem == "not_a_file"
    with pytest.raises(P.StorageError) as exc:
        P.save_settings(P.Settings(sound=False))
    assert exc.value.kind == "not_a_file"
    with pytest.raises(P.StorageError):
        P.record_game({"level": "intro"}, "won", turns=3)
    import stat as st
    assert st.S_ISFIFO(os.lstat(home / "settings.json").st_mode)
    assert st.S_ISFIFO(os.lstat(home / "stats.json").st_mode)


def test_a_link_inside_the_folder_is_kept_and_written_through(home):
    real = home / "my-settings.json"
    real.write_text('{"sound": true}')
    os.symlink("my-settings.json", home / "settings.json")
    P.save_settings(P.Settings(sound=False))
    assert os.path.islink(home / "settings.json")  # still the player's link
    assert json.loads(real.read_text())["sound"] is False


def test_a_link_out_of_the_folder_is_refused_with_a_notice(home, tmp_path):
    outside = tmp_path / "elsewhere.json"
    outside.write_text('{"sound": true}')
    os.symlink(outside, home / "settings.json")
    assert P.load_settings().sound is True  # reading through it is harmless
    with pytest.raises(P.StorageError) as exc:
        P.save_settings(P.Settings(sound=False))
    assert exc.value.kind == "outside" and "outside" in exc.value.message
    assert os.path.islink(home / "settings.json") and outside.read_text() == '{"sound": true}'


def test_a_link_to_a_device_is_damage_not_a_read(home):
    os.symlink("/dev/zero", home / "stats.json")
    from castellion.persistence.stats import read_stats

    report = read_stats()  # returns at once: /dev/zero is never read
    assert report.value is None and report.kind == "damaged" and report.problem


def test_oversized_files_are_not_read(home, monkeypatch):
    monkeypatch.setattr(settings, "MAX_BYTES", 100)
    (home / "settings.json").write_text('{"sound": false, "pad": "' + "x" * 200 + '"}')
    got, problem = P.load_settings_report()
    assert got.sound is True and "too large" in problem


def test_200000_unknown_settings_keys_make_one_log_line(home, caplog):
    # Issue 11, item 7: one log line per key made start-up take 5.4 s
    data = {f"k{i}": i for i in range(200_000)}
    data["sound"] = False
    (home / "settings.json").write_text(json.dumps(data))
    caplog.set_level("INFO", logger="castellion.persistence")
    assert P.load_settings().sound is False
    lines = [r for r in caplog.records if "unknown key" in r.getMessage()]
    assert len(lines) == 1 and "200000" in lines[0].getMessage()


# ------------------------------------------------------------------ names and paths
# "." and ".." are no longer here: a name only ever gets ".json" added, so they are the files
# "..json" and "...json" inside the folder (issue 20, item 11; tests/persistence/test_odd_files_and_log.py)
@pytest.mark.parametrize("name", ["../../victim", "../x", "/etc/passwd", "a/b", "a\\b", "\ud800",
                                  "x\x00y", ""])
def test_the_api_refuses_names_that_are_not_plain_file_names(home, tmp_path, name):
    # Issue 11, item 6: delete_save("../../victim") used to delete outside the folder
    victim = tmp_path / "victim.json"
    victim.write_text("precious")
    for call in (lambda: saves.delete_save(name), lambda: saves.load_save(name),
                 lambda: names.save_path(name)):
        with pytest.raises(names.SaveRefused):
            call()
    assert not saves.save_exists(name)
    assert victim.read_text() == "precious"


@pytest.mark.parametrize("name", ["नमस्ते दुनिया", "Cafe\u0301 noir", "東京 3", "Ωμέγα", "ab\u0308c"])
def test_unicode_save_names_by_category_and_nfc(home, name):
    # Issue 11, item 6: Hindi (vowel signs are marks) and decomposed accents used to be refused
    import unicodedata

    assert names.name_problem(name) is None
    info = saves.save_slot(name, session_of())
    nfc = unicodedata.normalize("NFC", name)
    assert info.name == nfc and names.save_path(nfc).is_file()
    assert saves.save_exists(name) and saves.save_exists(nfc)  # either form finds it
    assert saves.load_save(nfc).game.to_dict() == session_of().game.to_dict()


def test_a_relative_castellion_home_is_made_absolute_once(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(datadir.HOME_ENV, "rel-home")
    first = datadir.data_dir()
    assert first.is_absolute() and first == tmp_path / "rel-home"
    other = tmp_path / "other"
    other.mkdir()
    monkeypatch.chdir(other)
    assert datadir.data_dir() == first  # does not follow the current directory


def test_printable_names_and_paths():
    raw = os.fsdecode(b"caf\xe9 \xff")
    assert reader.printable(raw) == "caf\\xe9 \\xff"
    assert reader.printable(b"a\xffb") == "a\\xffb"
    assert reader.printable("zero\u200bwidth\x00") == "zero\\u200bwidth\\u0000"
    assert reader.printable("\ud800") == "\\ud800"
    reader.printable(raw).encode("utf-8")  # always encodable
    assert reader.visible("\u200b") == "\\u200b" and reader.visible("\u0301") == "?"
    assert reader.visible("") == "?" and reader.visible("Ann") == "Ann"


def test_non_utf8_file_names_and_data_folder_give_drawable_messages(tmp_path, monkeypatch):
    # Issue 11, item 4: the notice raised UnicodeEncodeError on every frame
    base = os.fsencode(tmp_path) + b"/caf\xe9"
    os.makedirs(base)
    with open(base + b"/file", "w") as fh:
        fh.write("x")
    monkeypatch.setenv(datadir.HOME_ENV, os.fsdecode(base + b"/file/castellion"))
    report = P.startup()
    from castellion.ui.storage_text import words_text

    assert report.messages and all(words_text(m).encode("utf-8") for m in report.messages)
    assert "\\xe9" in words_text(report.messages[0])


# ------------------------------------------------------------------ the fuzz test
def hostile_documents(rnd: random.Random, n: int) -> list[bytes]:
    """`n` generated hostile files: types, sizes, nesting, encodings, numbers, and mutations of
    real saves, settings and statistics."""
    valid = [saves.encode(valid_save_doc()), json.dumps(P.Settings().to_dict()).encode(),
             json.dumps({"format": 1, "records": {"intro/normal/1": stats.Record(3, 1, 1, 1).to_dict()},
                         "recent_ids": ["x"]}).encode()]
    atoms = ["0", "-1", "1e309", "NaN", "-Infinity", LONG, "1" * 25, "true", "null", '"\\u0000"',
             '"\\udfff"', '"' + "é" * 5000 + '"', "[]", "{}", '"\\u200b"', "1.5", "-0", '"../x"',
             '"' + "\u202e" + '"', "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"]
    keys = ["sound", "window_size", "animation_speed", "records", "recent_ids", "intro/normal/1",
            "\u200b/normal/1", "a/b/999", "played", "won", "loss_reasons", "castellion", "format",
            "options", "actions", "state_hash", "player_names", "summary", "undos", "seed", "saved_at"]
    out: list[bytes] = []
    for i in range(n):
        kind = i % 6
        if kind == 0:  # random bytes, some of them almost text
            size = rnd.choice([0, 1, 7, 100, 4000])
            out.append(bytes(rnd.randrange(256) for _ in range(size)))
        elif kind == 1:  # a valid file with a span replaced, cut or doubled
            base = bytearray(rnd.choice(valid))
            a = rnd.randrange(len(base))
            b = min(len(base), a + rnd.randrange(1, 40))
            op = rnd.randrange(3)
            if op == 0:
                base[a:b] = rnd.choice(atoms).encode()
            elif op == 1:
                del base[a:]
            else:
                base[a:a] = base[a:b]
            out.append(bytes(base))
        elif kind == 2:  # a valid file with one value replaced by a hostile atom
            doc = json.loads(rnd.choice(valid))
            key = rnd.choice(list(doc))
            text = json.dumps(doc).replace(json.dumps({key: doc[key]})[1:-1],
                                           f'"{key}": {rnd.choice(atoms)}', 1)
            out.append(text.encode("utf-8", "surrogatepass"))
        elif kind == 3:  # random objects of hostile atoms
            body = ", ".join(f'"{rnd.choice(keys)}": {rnd.choice(atoms)}' for _ in range(rnd.randrange(1, 6)))
            out.append(("{" + body + "}").encode("utf-8", "surrogatepass"))
        elif kind == 4:  # deep or wide nesting
            depth = rnd.choice([10, 40, 1000, 20_000])
            out.append(("[" * depth + "]" * depth if rnd.random() < 0.5 else
                        '{"a":' * depth + "1" + "}" * depth).encode())
        else:  # other encodings of a valid file
            text = rnd.choice(valid).decode()
            enc = rnd.choice(["utf-16", "utf-32", "latin-1", "utf-8-sig", "cp1252"])
            out.append(text.replace("intro", "intrö").encode(enc, "replace"))
    return out


def test_fuzz_hundreds_of_hostile_files_at_every_reader(home):
    rnd = random.Random(11)
    docs = hostile_documents(rnd, 360)
    targets = [home / "settings.json", home / "stats.json", names.save_path("fuzz"),
               names.autosave_path(), names.autosave_path(1)]
    for n, data in enumerate(docs):
        target = targets[n % len(targets)]
        target.write_bytes(data)
        digest = hashlib.sha256(data).hexdigest()
        # every reader: none may raise past the reader, none may change the file
        P.load_settings_report()
        P.read_stats()
        for verify in (True, False):
            saves.list_saves(verify=verify)
        saves.header_info(target)
        saves.inspect(target)
        P.continue_info()
        P.damaged_at_start()
        try:
            saves.load_path(target)
        except errors.DamagedSave:
            pass
        assert hashlib.sha256(target.read_bytes()).hexdigest() == digest, (n, data[:80])
        target.unlink()
    assert len(docs) >= 300
