"""The Saves screen's reader (`persistence/save_reader.py`, issue 29 item 5): a listing asked again
while one runs replaces it — no row twice, none of the old one's —, a row is verified once, and
`close()` drops what waits. Waits are bounded by the hang guard; no clock is compared."""

from __future__ import annotations

import threading

from castellion import persistence as P
from castellion.persistence import saves
from castellion.rules import new_game
from castellion.session import Session
from tests.conftest import HANG_GUARD, eventually


def two_saves() -> None:
    P.startup()
    for n, name in enumerate(("One", "Two")):
        P.save_slot(name, Session(new_game("intro", seed=n)))


def read_all(reader: P.SaveReader) -> list[P.SaveInfo]:
    """Take the reader's results until its listing is complete; then verify what is left."""
    rows: list[P.SaveInfo] = []
    listed = False

    def step() -> None:
        nonlocal listed
        found = reader.take()
        rows.extend(found.rows)
        listed = listed or found.listed
        if listed:
            reader.verify([i.path for i in rows if not i.verified])

    assert eventually(lambda: listed and reader._thread is None, step=step)
    step()
    return rows


def test_a_listing_asked_again_replaces_the_one_under_way(home, monkeypatch):
    two_saves()
    saves._cache.clear()  # listed from their headers, then verified by replay
    entered, release = threading.Event(), threading.Event()
    real = saves.header_info

    def held(path):
        entered.set()
        release.wait(HANG_GUARD)  # the first listing is held on its first file
        return real(path)

    monkeypatch.setattr(saves, "header_info", held)
    reader = P.SaveReader()
    reader.list_folder()
    assert entered.wait(HANG_GUARD)
    reader.list_folder()  # the screen came back on top: read again
    release.set()
    rows = read_all(reader)
    headers = [i.name for i in rows if not i.verified]
    assert sorted({i.name for i in rows}) == ["One", "Two"]
    assert sorted(headers) == ["One", "Two"]  # the held listing's row was dropped, not shown twice
    verified = [i.name for i in rows if i.verified]
    assert sorted(verified) == ["One", "Two"]  # each verified once


def test_close_drops_what_waits(home, monkeypatch):
    two_saves()
    entered, release = threading.Event(), threading.Event()
    real = saves.header_info

    def held(path):
        entered.set()
        release.wait(HANG_GUARD)
        return real(path)

    monkeypatch.setattr(saves, "header_info", held)
    reader = P.SaveReader()
    reader.list_folder()
    assert entered.wait(HANG_GUARD)
    reader.close()  # the screen left
    release.set()
    assert eventually(lambda: reader._thread is None)  # the thread ends, having nothing left
    found = reader.take()
    assert found.rows == () and not found.listed
