"""Issue 29, item 5: what the Saves screen needs is read off the frame. A valid save may be up to
2 MB: with twenty 1.9 MB automatic saves the screen used to read and parse every file as it opened
(~1.3 s of one frozen frame), then replay one per frame (a stalled frame per row). Its reader
thread does both now; the frames only collect the rows. Spies count who reads and replays — no
clock (the figures are `bench/hostile_start.py --saves-screen`'s)."""

from __future__ import annotations

import os
import threading

import pygame

from castellion import persistence as P
from castellion.persistence import ends, names, saves
from castellion.rules import new_game
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom
from castellion.scenes.nav import Route
from castellion.scenes.saves import ROW_H
from castellion.session import Session
from castellion.ui.text import t
from tests.conftest import HANG_GUARD, TextSpy, eventually, frames, post_key, saves_read

COUNT = 20
SIZE = 1_900_000  # under the 2 MB a save may have: every one of them loads


def games_in_progress(home, size: int = SIZE) -> None:
    """`autosave-1.json` … `autosave-20.json`: real games in progress (their hash right), each
    padded to `size` bytes with a key of long strings, written one after another."""
    P.startup()
    for n in range(1, COUNT + 1):
        session = Session(new_game("base", seed=100 + n))
        rng = SeededRandom.from_seed(n)
        for _ in range(4):
            session.apply(greedy_action(session.game, rng))
        doc = saves.document_for(session)
        doc["padding"] = ["x" * 4000] * max(0, (size - len(saves.encode(doc))) // 4006)
        data = saves.encode(doc)
        assert size - 5000 < len(data) < saves.MAX_BYTES
        path = names.autosave_path(n)
        path.write_bytes(data)
        os.utime(path, (1_800_000_000 + n, 1_800_000_000 + n))


def spy_reads(monkeypatch, *, hold: str, until: threading.Event) -> tuple[list[str], list[str]]:
    """Record every file read, header read, verification and replay of the saves module, by
    thread: (on the main thread, on any other). The reader's first call of `hold` waits `until`."""
    main = threading.main_thread()
    on_main: list[str] = []
    elsewhere: list[str] = []

    def spying(module, name):
        real = getattr(module, name)

        def spy(*args, **kwargs):
            if threading.current_thread() is main:
                on_main.append(name)
            else:
                if name == hold and hold not in elsewhere:
                    until.wait(HANG_GUARD)  # the reader is held: the screen must go on meanwhile
                elsewhere.append(name)
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, spy)

    for name in ("read_bytes", "header_info", "inspect", "replay", "list_saves"):
        spying(saves, name)
    spying(ends, "read_bytes")
    return on_main, elsewhere


def open_saves_screen(app):
    app.ctx.nav.push(Route.SAVES)  # as the menu's Load game does: enter(), then frames
    frames(app, 3)
    scene = app.stack.top
    assert type(scene).__name__ == "SavesScene", app.stack.describe()
    return scene


def test_the_saves_screen_reads_and_replays_nothing_on_the_frame(make_app, home, monkeypatch):
    games_in_progress(home)
    app = make_app()
    frames(app)
    saves._cache.clear()  # nothing known from the start: every row is read and replayed
    release = threading.Event()
    on_main, elsewhere = spy_reads(monkeypatch, hold="header_info", until=release)
    text = TextSpy(app.ctx.fonts)
    app.ctx.fonts = text
    scene = open_saves_screen(app)
    # the reader is held on its first file: the screen draws, says so, and answers keys
    assert scene.reading and scene.saves == []
    assert text.drawn(t("saves.reading"))
    for key in (pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_UP):
        post_key(key)
        frames(app, 1)
    assert app.stack.top is scene and not app.ctx.errors
    release.set()
    saves_read(app, scene)  # frames until every row has arrived, verified
    assert len(scene.saves) == COUNT
    assert all(i.ok and i.verified and i.automatic for i in scene.saves)
    assert scene.current is not None and scene.load_button.enabled
    assert on_main == [], on_main  # the frames read no file, replayed no game
    assert elsewhere.count("header_info") == COUNT  # the reader listed every header…
    assert elsewhere.count("replay") == COUNT  # …and verified every row, once
    # read again (the screen is on top again): still nothing on the frame, nothing replayed again
    scene.resume()
    saves_read(app, scene)
    assert len(scene.saves) == COUNT and on_main == []
    assert elsewhere.count("replay") == COUNT


def test_rows_are_verified_the_chosen_one_first_then_those_on_screen(make_app, home, monkeypatch):
    games_in_progress(home, size=0)  # small files: only the order counts here
    app = make_app()
    frames(app)
    saves._cache.clear()
    release = threading.Event()
    spy_reads(monkeypatch, hold="replay", until=release)  # the first verification waits
    replayed: list[str] = []
    real_replay = saves.replay  # the name load_path calls, the spy of spy_reads around it

    def replay_spy(doc, *, path=None, **kw):
        replayed.append(os.path.basename(path))
        return real_replay(doc, path=path, **kw)

    monkeypatch.setattr(saves, "replay", replay_spy)
    scene = open_saves_screen(app)
    assert eventually(lambda: scene.listed, step=lambda: frames(app, 1))
    scene.select(len(scene.saves) - 1)  # the oldest game, at the bottom: the list scrolls to it
    frames(app, 1)  # the screen tells the reader what it wants now
    first = scene.offset // ROW_H
    on_screen = {i.path.name for i in scene.saves[first:first + scene.list_rect.h // ROW_H + 2]}
    chosen = scene.current.path.name
    release.set()
    saves_read(app, scene)
    assert sorted(replayed) == sorted(i.path.name for i in scene.saves)  # each once
    after = replayed[1:]  # the first was under way before the choice
    if chosen in after:
        assert after[0] == chosen, replayed
    rest = [name for name in after if name != chosen]
    shown = [k for k, name in enumerate(rest) if name in on_screen]
    hidden = [k for k, name in enumerate(rest) if name not in on_screen]
    assert shown and hidden and max(shown) < min(hidden), (replayed, on_screen)


def test_the_save_dialog_names_the_other_saves_without_reading_them(make_app, home, monkeypatch):
    from castellion.scenes.save_game import SaveGameOverlay

    games_in_progress(home, size=0)  # what matters is that none of them is read
    for n, name in enumerate(("First", "Second")):
        session = Session(new_game("intro", seed=n))
        P.save_slot(name, session)
        path = names.save_path(name)
        os.utime(path, (1_900_000_000 + n, 1_900_000_000 + n))
    app = make_app()
    frames(app)
    on_main, _elsewhere = spy_reads(monkeypatch, hold="", until=threading.Event())
    dialog = SaveGameOverlay(app.ctx, Session(new_game("intro", seed=5)))
    assert dialog.others == ["Second", "First"]  # the player's own saves, newest first
    assert on_main == []  # from the folder's listing alone: no file read
