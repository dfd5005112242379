"""Shared fixtures. SDL is pointed at its dummy drivers BEFORE pygame is imported anywhere, so
every test runs headless (no window, no sound device)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# no test speaks through a real voice unless it asks (the spoken game: tests/e2e/test_speech.py)
os.environ["CASTELLION_SPEECH"] = "none"

import random  # noqa: E402 - after the SDL drivers are chosen
from pathlib import Path  # noqa: E402 - after the SDL drivers are chosen
from typing import Any  # noqa: E402 - after the SDL drivers are chosen

import pytest  # noqa: E402 - after the SDL drivers are chosen


@pytest.fixture(autouse=True)
def _private_data_dir(monkeypatch, tmp_path_factory):
    """Every test gets its own empty data folder (CASTELLION_HOME): nothing a test does — the
    app's autosave, settings, statistics — ever touches the real home directory. Subprocesses
    started by a test inherit it. Tests that need a particular folder set it themselves."""
    monkeypatch.setenv("CASTELLION_HOME", str(tmp_path_factory.mktemp("castellion-home")))
    # nor does the machine's own reduced-motion preference (a test asks through its own probe)
    from castellion.ui import system_motion

    monkeypatch.setattr(system_motion, "reduces_motion", lambda: None)
    yield
    # The log file is the process's (opened once at start): a test that opened it must not leave it
    # pointing into its own folder for the tests after it, whatever order they run in.
    from castellion.persistence.logfile import close_log_file

    close_log_file()


@pytest.fixture(autouse=True)
def _root_logger_as_it_was():
    """A test that starts the app or the command line gets its stderr handler on the root logger,
    bound to that test's captured stream: once the stream is closed, a later test's records would
    go to a closed file ("I/O operation on closed file"). The root's handlers and level come back
    after each test."""
    import logging

    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in [h for h in root.handlers if h not in handlers]:
        root.removeHandler(handler)
    root.setLevel(level)


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """Tests speak English unless they choose otherwise: the system's language (which the app
    follows by default) is pinned, and the shown language is reset after each test."""
    monkeypatch.setenv("LANGUAGE", "en")
    yield
    from castellion.ui.text import set_language

    set_language("en")


ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def home(tmp_path, monkeypatch):
    """The test's data folder `tmp_path/home` (CASTELLION_HOME points there; not created). A test
    file that needs it made overrides this fixture, asking for it by name."""
    folder = tmp_path / "home"
    monkeypatch.setenv("CASTELLION_HOME", str(folder))
    return folder


def child_env(home: Path) -> dict[str, str]:
    """The environment of a child Python process on the data folder `home`, this checkout first
    on its path."""
    return dict(os.environ, CASTELLION_HOME=str(home),
                PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))


@pytest.fixture
def headless_env():
    """The environment for a child `python -m castellion …`: dummy SDL drivers, this checkout on
    the path, and the test's private data folder (inherited from os.environ)."""
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))


@pytest.fixture
def pg():
    """pygame with a 1280×800 dummy display; quit afterwards."""
    import pygame

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 800))
    yield pygame
    pygame.quit()


@pytest.fixture
def ctx(pg):
    """A headless `AppContext` with its own `SceneStack` (errors are collected in
    `ctx.errors`), a seeded random generator, the real sprites/fonts and the app's navigator
    (`ctx.nav`, every route registered; a test may `ctx.nav.register(Route.X, stand_in)`)."""
    from castellion.context import AppContext
    from castellion.scenes.stack import SceneStack
    from castellion.ui.fonts import Fonts
    from castellion.ui.sprites import Sprites

    errors: list = []
    stack = SceneStack(on_error=lambda exc, scene: errors.append((exc, scene)))
    from castellion.ai.pool import ComputePool

    # the computer player's child process as in the game, but at normal priority: the tests' time-
    # budgeted searches (the analysis) must not starve on a machine busy with other work
    c = AppContext(sprites=Sprites(), fonts=Fonts(), stack=stack, rng=random.Random(1), version="test",
                   ai_pool=ComputePool(nice=0))
    c.errors = errors  # type: ignore[attr-defined]
    yield c
    if c.ai_pool is not None:  # the computer player's child process, when a hint / demo / analysis started it
        c.ai_pool.close()


@pytest.fixture
def large_text(ctx):
    """`ctx` with the player's text size at 200 % (Settings → Text size), back to 100 % after."""
    ctx.settings.text_size = 200
    ctx.fonts.set_text_scale(2.0)
    yield ctx
    ctx.fonts.set_text_scale(1.0)


def key_event(code: int, mod: int = 0, unicode: str = "") -> Any:
    """A key press as pygame delivers it (KEYDOWN), for a scene's `handle` (or to post)."""
    import pygame

    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode, scancode=0)


class FakeClock:
    """The clock tests give the app (`App(now=...)`): it moves only when told, so nothing a test
    checks depends on how fast or busy the machine is (pyspacewar's TimeSource is the model).
    `frames()` advances it by each frame's dt."""

    def __init__(self, start: float = 1000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def fake_clock() -> FakeClock:
    return FakeClock()


# A hang guard, not a speed check: a test that waits for a background job (the computer player's
# process, a writer thread, a child program) gives up after this long so a broken build cannot hang
# the suite. It is far above any real wait on a loaded machine; no test asserts how long anything
# took. One value for every wait, kept in xvfb_helpers (which imports nothing of the game).
from tests.xvfb_helpers import HANG_GUARD  # noqa: E402 - after the SDL drivers are chosen


def eventually(condition, step=None, guard: float = HANG_GUARD, pause: float = 0.01) -> bool:
    """Call `step()` (if given) until `condition()` holds; False if the hang guard ran out."""
    import time

    give_up = time.monotonic() + guard
    while not condition():
        if time.monotonic() > give_up:
            return False
        if step is not None:
            step()
        time.sleep(pause)
    return True


def even_proof(level: str, seed: int, options: dict[str, Any], work: int, *, cancel: Any) -> str | bool:
    """A stand-in proof for the proved-deal store (`ai.proved.ProvedStore(prove=...)`): an even
    seed is 'won', its certificate a made-up line (the real search takes seconds a deal)."""
    return "0.1" if seed % 2 == 0 else False


def await_proof(store: Any) -> None:
    """Wait for the proof `store` (a `ProvedStore`) is running, if any: a busy machine only makes
    it slower; only the hang guard bounds it (no time limit)."""
    running = store._job
    if running is not None:
        running[2].wait(HANG_GUARD)


@pytest.fixture
def app(fake_clock):
    """The real `App` on the dummy display, menu on top, on the test's fake clock; closed afterwards."""
    from castellion.app import App

    a = App(rng=random.Random(1), now=fake_clock)
    yield a
    if a.pygame.get_init():
        a.close()


@pytest.fixture
def make_app(home):
    """Build (and later close) real `App`s on the dummy display, each on the same data folder
    `home`; building one closes the one before (a restart). Errors go to `app.ctx.errors`."""
    from castellion.app import App

    apps = []

    def make():
        for old in apps:
            if old.pygame.get_init():
                old.close()
        app = App(rng=random.Random(1), now=FakeClock())
        app.ctx.errors = []
        app.stack.on_error = lambda exc, scene: app.ctx.errors.append((exc, scene))
        apps.append(app)
        return app

    yield make
    for app in apps:
        if app.pygame.get_init():
            app.close()


def frames(app, n: int = 2, dt: float = 1 / 60) -> None:
    """Run `n` frames of `app`, its fake clock (if it has one) moving `dt` a frame."""
    for _ in range(n):
        advance = getattr(app.now, "advance", None)
        if advance is not None:
            advance(dt)
        app.step(dt)


def gone(pid: int) -> bool:
    """True when no process `pid` exists any more (ended and reaped): a child left no trace."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def open_saves(app):
    """Open the Saves screen on `app` (through the navigator, as the menu's button does)."""
    from castellion.scenes.nav import Route

    app.ctx.nav.push(Route.SAVES)
    frames(app, 3)
    scene = app.stack.top
    assert type(scene).__name__ == "SavesScene", app.stack.describe()
    return saves_read(app, scene)


def saves_read(app, scene):
    """Run frames of `app` until the Saves screen `scene` has every row, verified (its reader
    works off the frame); answers the scene. Gives up at the hang guard."""
    assert eventually(lambda: not scene.reading, step=lambda: frames(app, 1)), "the saves were never read"
    return scene


def board_of(app):
    """The board scene on `app`'s stack (None when there is none)."""
    from castellion.scenes.board import BoardScene

    return app.stack.find(BoardScene)


def post_click(pos, button: int = 1) -> None:
    """Post a mouse move, press and release at `pos` (logical canvas coordinates)."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def post_key(key: int, unicode: str = "", mod: int = 0) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=unicode, mod=mod, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, unicode=unicode, mod=mod, scancode=0))


def click(app, pos, frames: int = 1) -> None:
    """Click at `pos` and run `frames` frames of `app` (changes are applied at the frame's end)."""
    post_click(pos)
    globals()["frames"](app, frames)


def press(app, key: int, unicode: str = "", mod: int = 0, frames: int = 1) -> None:
    post_key(key, unicode, mod)
    globals()["frames"](app, frames)


@pytest.fixture
def ui():
    """The event helpers as a namespace: `ui.click(app, pos)`, `ui.press(app, key)`, `ui.post_click(pos)`."""

    class UI:
        pass

    ns = UI()
    ns.post_click = post_click
    ns.post_key = post_key
    ns.click = click
    ns.press = press
    return ns


class TextSpy:
    """Wraps `ctx.fonts` and records every text rendered (what the frame really drew), and each
    text's sizes as asked, in order (`sizes`: before the player's text size is applied)."""

    def __init__(self, fonts):
        self._fonts = fonts
        self.texts: list[str] = []
        self.sizes: dict[str, list[int]] = {}

    def render(self, text, *args, **kwargs):
        self.texts.append(text)
        self.sizes.setdefault(text, []).append(args[0] if args else kwargs.get("size", 22))
        return self._fonts.render(text, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._fonts, name)

    def drawn(self, needle: str) -> bool:
        return any(needle in s for s in self.texts)



@pytest.fixture(scope="module")
def quick_review() -> dict:
    """The known lost game's review, only its blunder played out (`review_helpers.lost_review`),
    computed once per test module (the review's screens read whatever it holds)."""
    from tests.review_helpers import lost_review

    return lost_review()

@pytest.fixture
def spy(ctx):
    """`ctx.fonts` wrapped in a `TextSpy`: `spy.drawn("…")` tells whether a frame drew that text."""
    s = TextSpy(ctx.fonts)
    ctx.fonts = s
    return s


@pytest.fixture
def xvfb():
    """A private Xvfb display of the canvas' size, 1280×800, for the end-to-end tests (skips when
    Xvfb or xdotool is missing); see tests/xvfb_helpers.py."""
    from tests.xvfb_helpers import CANVAS, xvfb_display

    yield from xvfb_display(*CANVAS)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Captured output and logs with a lone surrogate (the hostile-text tests log some on
    purpose) are escaped in the report: pytest-xdist sends reports between processes as UTF-8
    and a worker would crash on them."""
    outcome = yield
    report = outcome.get_result()
    report.sections = [(title, text.encode("utf-8", "backslashreplace").decode("utf-8"))
                       for title, text in report.sections]


@pytest.fixture
def default_input():
    """The default keys and the mouse in use (a generic pad's names), before the test and after
    it: the key map and the last device used are the process's, and a test that remaps or
    presses a pad button would leave them to the next test."""
    from castellion.ui import devices as D
    from castellion.ui import keymap as K

    K.set_current(K.Keymap())
    D.set_last_device(D.MOUSE, D.GENERIC)
    yield
    K.set_current(K.Keymap())
    D.set_last_device(D.MOUSE, D.GENERIC)
