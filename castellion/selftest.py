"""`castellion --self-test`: load every level file and asset, render one frame of every scene
off-screen, and say what is wrong (exit 0 when all is well). CI runs it on the frozen build."""

from __future__ import annotations

import logging
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from castellion.app import FPS, LEVEL_CHOICES, App
from castellion.scenes.nav import Route
from castellion.window import CANVAS

log = logging.getLogger("castellion.selftest")


class _Checks:
    """Runs each check, says ok / FAILED on stderr, and keeps every failure (all are reported)."""

    def __init__(self) -> None:
        self.failures: list[str] = []

    def check(self, what: str, fn: Callable[[], Any]) -> Any:
        try:
            result = fn()
            print(f"self-test: {what}: ok", file=sys.stderr)
            return result
        except Exception as exc:  # noqa: BLE001 - collect every failure, report all
            log.debug("self-test failure", exc_info=exc)
            self.failures.append(f"{what}: {type(exc).__name__}: {exc}")
            print(f"self-test: {what}: FAILED: {type(exc).__name__}: {exc}", file=sys.stderr)
            return None


def self_test() -> int:
    """Load every level file and asset, render one frame of every scene off-screen."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    checks = _Checks()
    check = checks.check
    started = time.perf_counter()
    check("level files", _ruleset)
    check("a hint computed in a child process", _hint_in_child_process)

    app = App(rng=random.Random(1), start_menu=False, persist=False)  # never touch the player's files
    import pygame

    check("sprites in manifest.txt", lambda: _sprites(app))
    check("fonts", _fonts)

    from castellion.ui.language import self_check

    check("catalogs (en, es, ja), Babel data and the CJK font", lambda: self_check(app.ctx.fonts))

    from castellion.ui.sound import verify_sounds

    check("sounds", lambda: verify_sounds(mixer=pygame.mixer))  # each WAV's format; loaded when a mixer is up
    if sys.platform == "win32" and getattr(sys, "frozen", False):
        check("speech engines in the Windows build", speech_engines)
        check(COM_WRAPPER_CHECK, com_wrapper)
    check("speech engines found and started", speech_survey)
    _check_scenes(app, checks)
    app.close()
    took = time.perf_counter() - started
    if checks.failures:
        print(f"self-test FAILED ({len(checks.failures)} problem(s), {took:.1f}s):", file=sys.stderr)
        for f in checks.failures:
            print(f"  - {f}", file=sys.stderr)
        return 1
    print(f"self-test: all ok ({took:.1f}s)", file=sys.stderr)
    return 0


# what the Windows build carries for the spoken game (the `speech` extra: build/pyinstaller.spec)
SPEECH_MODULES = ("pyttsx3.drivers.sapi5", "comtypes.client", "pythoncom", "pywintypes", "accessible_output2.outputs",
                  "libloader", "platform_utils")
SCREEN_READER_DLLS = ("nvdaControllerClient64.dll", "nvdaControllerClient32.dll", "SAAPI32.dll")


def speech_engines(base: str | None = None) -> list[str]:
    """The spoken game's engines are in the build: pyttsx3 and its SAPI5 driver, comtypes and
    pywin32 under it, accessible_output2 and the screen readers' client DLLs where it looks for
    them (`<bundle>/accessible_output2/lib`). Found, not started: a voice is made only when
    speech is turned on (under Wine, whose SAPI is a stub, none starts: the game says so once)."""
    import importlib.util
    from pathlib import Path

    missing = [name for name in SPEECH_MODULES if importlib.util.find_spec(name) is None]
    folder = Path(base or str(getattr(sys, "_MEIPASS", ""))) / "accessible_output2" / "lib"
    missing += [dll for dll in SCREEN_READER_DLLS if not (folder / dll).is_file()]
    if missing:
        raise ValueError(f"the speech engines' parts missing from the build: {', '.join(missing)}")
    return list(SPEECH_MODULES)


COM_WRAPPER_CHECK = "a COM wrapper written and imported (SAPI 5 through pyttsx3)"


def com_wrapper() -> str:
    """comtypes writes a COM type library's Python wrapper and imports it back, in the frozen
    build: what pyttsx3's SAPI 5 driver does for SAPI on its first start (into the temporary
    folder's comtypes_cache: the bundle is not the place to write). Checked with OLE's own
    stdole2.tlb, which Windows and Wine both have (Wine's SAPI type library is a stub)."""
    import importlib

    module = importlib.import_module("comtypes.client").GetModule("stdole2.tlb")
    return str(module.__name__)


def speech_survey() -> str:
    """Which speech engines are here and which start (castellion.ui.speech.engines.survey), one
    line each, and the one the game would speak through. Never a failure: a machine with no voice
    plays on and says so once."""
    from castellion.ui.speech.engines import survey

    rows = survey()
    for row in rows:
        print(f"{SURVEY_LINE}{row.name}: {row.words()}", file=sys.stderr)
    chosen = next((row.name for row in rows if row.started), "none")
    print(f"{SURVEY_LINE}chosen: {chosen}", file=sys.stderr)
    return chosen


SURVEY_LINE = "self-test: speech engine "  # then `<name>: <found, started…>`, and `chosen: <name>`


def survey_lines(output: str) -> dict[str, str]:
    """The survey's lines of a self-test's output: engine name (and `chosen`) -> what was said."""
    lines = (line.removeprefix(SURVEY_LINE).partition(": ") for line in output.splitlines()
             if line.startswith(SURVEY_LINE))
    return {name: said for name, _, said in lines}


def _ruleset() -> Any:
    from castellion.content.loader import load_ruleset

    rs = load_ruleset()
    missing = [lv for lv in LEVEL_CHOICES if lv not in rs.levels]
    if missing:
        raise ValueError(f"levels missing from the ruleset: {missing}")
    return rs


def _sprites(app: App) -> int:
    import pygame

    from castellion.ui.sprites import manifest_names

    names = manifest_names()
    if not names:
        raise ValueError("manifest.txt lists no sprites")
    bad = []
    for name in names:
        try:
            app.ctx.sprites.load(name)
        except (FileNotFoundError, pygame.error, OSError) as exc:
            bad.append(f"{name} ({exc})")
    if bad:
        raise FileNotFoundError("unreadable sprites: " + ", ".join(bad))
    return len(names)


def _fonts() -> int:
    import pygame

    from castellion.ui.sprites import find_resource

    folder = find_resource("assets", "fonts")
    files = sorted(folder.glob("*.[ot]tf")) if folder is not None else []
    if not files:
        raise FileNotFoundError("no fonts in assets/fonts")
    for path in files:
        pygame.font.Font(str(path), 20).render("Castellion", True, (0, 0, 0))
    return len(files)


def _renderer(app: App, errors: list[str]) -> Callable[[Callable[[], list[Any]]], Callable[[], None]]:
    """`render(factory)`: a check that shows the scenes `factory` makes for a frame, hovered once."""
    import pygame

    surface = pygame.Surface(CANVAS)

    def render(factory: Callable[[], list[Any]]) -> Callable[[], None]:
        def run() -> None:
            errors.clear()
            scenes = factory()
            app.stack.reset(*scenes)
            app.stack.apply_pending()
            app.stack.update(1 / FPS)
            app.stack.draw(surface)
            app.stack.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 400), rel=(0, 0), buttons=(0, 0, 0)))
            app.stack.draw(surface)
            if errors:
                raise RuntimeError("; ".join(errors))
        return run

    return render


def _check_scenes(app: App, checks: _Checks) -> None:
    """Every screen built the way the program builds it (through its route), drawn once."""
    check = checks.check
    errors: list[str] = []
    app.stack.on_error = lambda exc, scene: errors.append(
        f"{getattr(scene, 'scene_name', '?')}: {type(exc).__name__}: {exc}")
    render = _renderer(app, errors)

    from castellion.scenes import end

    ctx = app.ctx
    nav = ctx.nav

    def every_route() -> int:
        missing = [route.name for route in Route if route not in nav.factories]
        if missing:
            raise LookupError(f"no screen registered for {', '.join(missing)}")
        return len(nav.factories)

    check("navigation: every route has a screen", every_route)
    check("scene menu", render(lambda: [nav.make(Route.MENU)]))
    check("scene setup", render(lambda: [nav.make(Route.MENU), nav.make(Route.SETUP)]))
    check("scene rules overlay", render(lambda: [nav.make(Route.MENU), nav.make(Route.RULES)]))
    check("scene settings", render(lambda: [nav.make(Route.MENU), nav.make(Route.SETTINGS)]))
    check("scene controls", render(lambda: [nav.make(Route.MENU), nav.make(Route.SETTINGS), nav.make(Route.CONTROLS)]))
    check("scene pause", render(lambda: [nav.make(Route.MENU), nav.make(Route.PAUSE)]))
    check("scene confirm", render(lambda: [nav.make(Route.MENU), nav.make(Route.CONFIRM, "?", "?")]))
    check("scene end screen", render(lambda: [nav.make(Route.MENU), end.EndScreen(
        ctx, result="won", reason="-", level="intro", seed=1)]))  # Route.END needs a finished game
    check("scene error overlay", render(lambda: [nav.make(Route.MENU), nav.make(Route.ERROR, RuntimeError("test"))]))
    # persist=False: no files read
    check("scene saves", render(lambda: [nav.make(Route.MENU), nav.make(Route.SAVES)]))
    check("scene statistics", render(lambda: [nav.make(Route.MENU), nav.make(Route.STATS)]))
    _check_scene_modules(app, checks, render)


def _check_scene_modules(app: App, checks: _Checks,
                         render: Callable[[Callable[[], list[Any]]], Callable[[], None]]) -> None:
    """Each module may define `self_test_scene(ctx, game) -> Scene`; otherwise the board is built
    as `BoardScene(ctx, game)`, and a reveal without the hook is skipped (it needs encounters)."""
    import importlib

    ctx, nav = app.ctx, app.ctx.nav
    for module_name, class_name in (("castellion.scenes.board", "BoardScene"),
                                    ("castellion.scenes.reveal", None)):
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:
                print(f"self-test: scene {module_name}: skipped (not written yet)", file=sys.stderr)
                continue
            checks.failures.append(f"scene {module_name}: {exc}")
            continue
        except Exception as exc:  # noqa: BLE001 - the self-test reports every failure, whatever it is
            checks.failures.append(f"scene {module_name}: import failed: {type(exc).__name__}: {exc}")
            continue
        if not hasattr(module, "self_test_scene") and (class_name is None or not hasattr(module, class_name)):
            print(f"self-test: scene {module_name}: skipped (no self_test_scene(ctx, game) hook)", file=sys.stderr)
            continue

        def board_factory(module: Any = module, class_name: str | None = class_name) -> list[Any]:
            from castellion.rules import new_game

            game = new_game("intro", seed=1)
            maker = getattr(module, "self_test_scene", None) or getattr(module, str(class_name))
            return [nav.make(Route.MENU), maker(ctx, game)]

        checks.check(f"scene {module_name}", render(board_factory))


def _hint_in_child_process() -> str:
    """The computer player's process starts (in the frozen build too: freeze_support, the
    bundled modules) and answers a legal move; a thread fallback is a failure here."""
    from castellion.ai.play import best_move
    from castellion.ai.pool import ComputePool
    from castellion.rules import new_game
    from castellion.rules.public import public_view

    game = new_game("base", seed=1)
    pool = ComputePool()
    try:
        job = pool.submit(best_move, public_view(game))
        if not job.wait(60):
            raise TimeoutError("no answer from the child process within 60 s")
        decision = job.result()
        if decision is None:
            raise RuntimeError(f"no answer: {job.error!r}")
        if job.pid is None or job.pid == os.getpid() or pool.mode != "process":
            raise RuntimeError("the hint was computed in this process: no child process could start")
        if decision.action not in game.legal_actions():
            raise ValueError(f"an illegal move: {decision.action!r}")
        return f"pid {job.pid}: {decision.action!r}"
    finally:
        pool.close()
