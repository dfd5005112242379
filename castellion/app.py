"""The program's window, clock and main loop (`App`): the only module that touches the window.

The command line is `castellion.cli`; the off-screen check of every file and scene is
`castellion.selftest`.

Logs go to stderr and to `castellion.log` in the data folder (rotating; `persistence.logfile`):
every scene change (`scene change: …`) and every game action, logged by the observer the context
puts on each game's session (`ctx.log_action`: `action: <repr>`) at INFO.
"""

from __future__ import annotations

import logging
import random
import signal
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from castellion import __version__, launch
from castellion.memory import release_memory
from castellion.scenes.nav import Route
from castellion.scenes.stack import Scene, SceneStack
from castellion.window import CANVAS, WindowSystem

if TYPE_CHECKING:  # pragma: no cover - a type only; the module is imported when the window opens
    from castellion.context import AppContext
    from castellion.ui.canvas import Viewport

log = logging.getLogger("castellion.app")
FPS = 60
GRACE = 0.5  # seconds of drawing after any input or scene change (see App._wants_draw)
IDLE_WAIT = 100  # ms a still screen sleeps between updates (timers still run: 10 per second)
# seconds after the first frame when the computer player's process starts, in the background: the
# first hint need not wait ~0.2 s for it, and a run that quits at once (--frames 1) never starts it
WARM_AI_AFTER = 2.0
LEVEL_CHOICES = ("intro", "base", "expert")


# --------------------------------------------------------------------------------------------
class App:
    """Window, context and scene stack. `step(dt)` runs one frame (tests drive it directly)."""

    def __init__(self, *, rng: random.Random | None = None, clock: Any = None, start_menu: bool = True,
                 persist: bool = True, window: tuple[int, int] | None = None,
                 language: str | None = None, now: Callable[[], float] = time.monotonic,
                 motion_probe: Callable[[], bool | None] | None = None) -> None:
        # `now` is the clock every timed behaviour reads (the input grace, the resize settling,
        # the computer player's warm-up): injected, so tests drive a fake one (tests/conftest.py)
        # and nothing they check depends on how fast the machine runs. Only sleeping is real.
        self.now = now
        # whether the system asks for reduced motion (the first start follows it): injected too
        if motion_probe is None:
            from castellion.ui import system_motion

            motion_probe = system_motion.reduces_motion
        # Deferred to here: `castellion --version` and `--text` must not load pygame.
        import pygame

        from castellion.context import AppContext
        from castellion.ui.fonts import Fonts
        from castellion.ui.sprites import Sprites, find_resource

        self.pygame = pygame
        pygame.display.init()
        pygame.font.init()
        try:
            pygame.mixer.init()
        except pygame.error as exc:  # no sound device: play silently
            log.warning("no sound device (%s); playing without sound", exc)
        icon_path = find_resource("assets", "sprites", "app_icon.png")
        if icon_path is not None:
            try:
                pygame.display.set_icon(pygame.image.load(str(icon_path)))
            except pygame.error as exc:
                log.warning("window icon unreadable: %s", exc)
        pygame.display.set_caption(f"Castellion {__version__}")
        self.resize_refused: tuple[int, int] | None = None  # the last resize below the minimum, undone
        self.windows = WindowSystem(pygame)
        self.min_window = self.windows.minimum()
        self.screen = self.windows.open(window or self.windows.fit(None))
        self.windows.limit(self.min_window)
        self.viewport: Viewport | None = None  # set by _sync_viewport, with the canvas
        self.canvas: Any = None
        self._margins: Any = None  # the backdrop painted around the canvas, per window size
        self.redraw = True  # something changed since the last drawn frame (see _wants_draw)
        self._busy_until = 0.0  # draw every frame until then (the tail of an input's effects)
        self._resized_at: float | None = None  # a user resize not yet written to the settings
        self.drawn_frames = 0
        self._notices_drawn: tuple[int, ...] = ()
        self._canvas_parent: Any = None
        self._margins_drawn = False  # the window keeps its pixels: margins are drawn once per size
        pygame.key.set_repeat(400, 40)
        from castellion.ui.devices import Devices

        self.devices = Devices(self.windows.pixels)
        self.devices.start()
        self.devices.on_change = self._device_notice  # a pad plugged in or pulled out
        self.clock = clock or pygame.time.Clock()
        self.stack = SceneStack(on_error=self._scene_failed)
        self.ctx: AppContext = AppContext(sprites=Sprites(), fonts=Fonts(), stack=self.stack,
                                          rng=rng or random.Random(),
                              version=__version__, canvas=CANVAS)
        self.ctx.on_fullscreen = self._set_fullscreen
        self.ctx.on_window_size = self._set_window_size
        # a finished background job posts this event from its thread (SDL's queue is thread-safe):
        # the loop wakes, draws, and the scene picks the answer up
        self.wake_event = pygame.event.custom_type()
        self.ctx.on_background_done = self._post_wake
        self._was_animating = False
        self.frames = 0
        self._sync_viewport()
        if persist:  # the data folder: settings (applied now), autosave, Continue; never raises
            self.ctx.start_persistence(language)  # sets the language before it words a notice
        # --lang, else the saved setting, else the system's language (before any screen is built)
        from castellion.ui.language import choose
        from castellion.ui.text import set_language

        set_language(choose(self.ctx.settings if persist else None, language))
        if persist:
            self.ctx.offer_speech()  # the first start with a screen reader running turns speech on
            self.ctx.follow_system_motion(motion_probe)  # and with reduced motion asked, no animations
        self._small_screen_fullscreen()
        if start_menu:
            self.ctx.nav.push(Route.MENU)
            self.stack.apply_pending()

    def _small_screen_fullscreen(self) -> None:
        """No size chosen on a screen too small for a readable window (a 1024×600 netbook):
        fullscreen for this run (ui.window_fit.wants_fullscreen). Only in memory: F11 back to a
        window makes that window the chosen size (see `_set_fullscreen`), so the next start
        keeps the player's choice."""
        s = self.ctx.settings
        if s.window_size is None and not s.fullscreen and self.windows.small_screen():
            log.info("a screen too small for a readable window: fullscreen")
            s.fullscreen = True
            self._set_fullscreen(True)

    def _set_fullscreen(self, on: bool) -> None:
        """Fullscreen at the desktop's resolution (the canvas scales to it) or back to the window
        size of the settings. Headless: nothing to do."""
        pygame = self.pygame
        if self.windows.headless() or self.windows.is_fullscreen() == on:
            return
        try:
            if on:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                size = self.windows.fit(self.ctx.settings.window_size)
                if self.ctx.settings.window_size is None and self.windows.small_screen():
                    # leaving the small screen's fullscreen: this window is the player's choice now
                    self.ctx.settings.window_size = size
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        except pygame.error as exc:
            log.warning("fullscreen toggle failed: %s", exc)
        self.windows.limit(self.min_window)
        self._sync_viewport()

    def _set_window_size(self, chosen: tuple[int, int] | None) -> None:
        """Resize the window (the Window size setting; None: fit the screen), never beyond the
        screen; the canvas scales to it. Headless, or in fullscreen (the size is kept for leaving
        it): nothing to do now."""
        pygame = self.pygame
        if self.windows.headless() or self.windows.is_fullscreen():
            return
        size = self.windows.fit(None if chosen is None else (int(chosen[0]), int(chosen[1])))
        try:
            screen = pygame.display.get_surface()
            if screen is None or screen.get_size() != size:
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        except pygame.error as exc:
            log.warning("window resize to %s failed: %s", size, exc)
        self.windows.limit(self.min_window)
        self._sync_viewport()

    # scaling ---------------------------------------------------------------------------------
    def _sync_viewport(self) -> bool:
        """Follow the window's size: the viewport, the canvas the scenes draw on, the scale of
        sprites and text (their caches drop on a change). True when something changed."""
        from castellion.ui.canvas import Canvas, Viewport  # deferred like pygame itself

        pygame = self.pygame
        screen = pygame.display.get_surface()
        if screen is None:
            return False
        self.screen = screen
        size = screen.get_size()
        if self.viewport is not None and self.viewport.window == size and self._canvas_parent is screen:
            return False
        self._canvas_parent = screen
        self.viewport = viewport = Viewport(size, CANVAS)
        # the canvas IS the window's pixels (a subsurface: nothing to copy each frame)
        if viewport.scale == 1.0:
            self.canvas = screen.subsurface(viewport.rect)
        else:
            self.canvas = Canvas(screen.subsurface(viewport.rect), CANVAS, viewport.scale)
        self._margins_drawn = False
        self.ctx.sprites.set_scale(viewport.scale)
        self.ctx.fonts.set_scale(viewport.scale)
        clear_caches()
        self._margins = None
        self.redraw = True
        log.info("window %dx%d: canvas scale %.3f at %s", size[0], size[1], viewport.scale, viewport.rect)
        return True

    def _draw_margins(self) -> None:
        """The backdrop painting, dimmed, around the canvas (when the window's proportions differ)."""
        from castellion.ui.canvas import draw_margins

        if self.viewport is not None:
            self._margins = draw_margins(self.screen, self.viewport, self.ctx.sprites, self._margins)

    def _map_event(self, event: Any) -> Any:
        """Mouse positions from window pixels to canvas units: the one place where that happens."""
        from castellion.ui.canvas import map_mouse_event

        return map_mouse_event(event, self.viewport)

    def _window_event(self, event: Any) -> None:
        """A resize by the player: remember the size (written once the resizing settles)."""
        pygame = self.pygame
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED,
                          pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED):
            self.redraw = True
            self._margins_drawn = False
        if event.type == pygame.VIDEORESIZE:
            low = self.min_window
            w, h = getattr(event, "w", low[0]), getattr(event, "h", low[1])
            if w < low[0] or h < low[1]:
                self.resize_refused = (w, h)
                self._set_window_size((max(w, low[0]), max(h, low[1])))
                return
        if event.type == pygame.VIDEORESIZE and not self.windows.headless():
            if not self.windows.is_fullscreen() and not self.ctx.settings.fullscreen:
                self._resized_at = self.now()

    def _remember_window_size(self, force: bool = False) -> None:
        if self._resized_at is None or (not force and self.now() - self._resized_at < 0.5):
            return
        self._resized_at = None
        screen = self.pygame.display.get_surface()
        if screen is None:
            return
        size = screen.get_size()
        chosen = self.ctx.settings.window_size
        if chosen is None and size == self.windows.fitted:
            return  # the window system only confirmed the fitted size: still not the player's choice
        if chosen is None or size != tuple(chosen):
            try:
                remembered = self.ctx.settings.updated(window_size=size).window_size
                if remembered is not None:
                    self.ctx.settings.window_size = (int(remembered[0]), int(remembered[1]))
                self.ctx.save_settings()
            except ValueError as exc:  # a size the settings refuse (smaller than their minimum)
                log.info("window size %s not remembered: %s", size, exc)

    def start_board(self, level: str, seed: int | None, options: dict[str, Any] | None = None) -> None:
        """Queue a [menu, board] stack for `new_game(level, seed=seed, **options)` (random seed
        if None)."""
        from castellion.scenes.flow import start_board  # deferred like the context (imports pygame)

        if seed is None:
            seed = self.ctx.rng.randrange(1, 1_000_000)
        try:
            start_board(self.ctx, level, seed, options)
        except Exception as exc:  # noqa: BLE001 - show it over the menu instead of crashing
            log.error("could not start a %s game with seed %s", level, seed, exc_info=exc)
            self._scene_failed(exc, None)
        self.stack.apply_pending()

    # errors --------------------------------------------------------------------------------
    def _scene_failed(self, exc: BaseException, scene: Scene | None) -> None:
        top = self.stack.top
        if (scene is not None and scene.route is Route.ERROR) or (top is not None and top.route is Route.ERROR) \
                or any(queued.route is Route.ERROR for queued in self.stack.queued_scenes()):
            return  # already showing one; the log has the details
        # the log file's path first: the box cuts long text
        self.ctx.nav.push(Route.ERROR, exc, log_line=_log_file_line())

    # the loop ------------------------------------------------------------------------------
    def handle_global(self, event: Any) -> bool:
        """Keys that work everywhere (F11 fullscreen, F1 rules: `ui.keymap`'s global actions);
        the window's close button."""
        pygame = self.pygame
        if event.type == pygame.QUIT:
            self.ctx.quit()
            return True
        top = self.stack.top
        if event.type != pygame.KEYDOWN or (top is not None and getattr(top, "captures_keys", False)):
            return False  # (a screen waiting for a key to bind gets every key, F1 and F11 too)
        from castellion.ui.keymap import Action, action_for

        action = action_for(event, "global")  # F1 and F11 unless the player changed them
        if action is Action.FULLSCREEN:
            self.ctx.toggle_fullscreen()
            return True
        if action is Action.SPEECH:  # the spoken game (docs/accessibility.md): F4 on / off
            self.ctx.toggle_speech()
            return True
        if action is Action.SAY_WHERE:  # F3: where am I
            from castellion.context import screen_title

            self.ctx.where_am_i(top, screen_title(top))
            return True
        if action is Action.RULES:
            top = self.stack.top
            if top is not None and top.route is Route.RULES:
                self.stack.pop(top)
            elif not any(queued.route is Route.RULES for queued in self.stack.queued_scenes()):
                self.ctx.nav.push(Route.RULES)
            return True
        return False

    def step(self, dt: float, *, draw: bool | None = True) -> None:
        """One frame: handle → update(dt) → draw → flip → apply_pending. With `draw=None` the
        frame is drawn only when something changed or animates (the run loop); `draw=False`
        never draws."""
        pygame = self.pygame
        try:
            self._sync_viewport()
            had_events = False
            for raw in pygame.event.get():
                had_events = True
                if raw.type == self.wake_event:
                    continue  # only to wake and draw: the scenes read their answers in update
                self._window_event(raw)
                for event in self.devices.translate(raw):  # pads and fingers as keys and the mouse
                    self._dispatch(event)
            repeats = self.devices.update(dt)  # a held stick repeats on the scenes' clock
            for event in repeats:
                self._dispatch(event)
            had_events = had_events or bool(repeats)
            if had_events:
                # an input's effects may show over a few frames (hover glows, short animations
                # a scene does not announce): keep drawing a moment after it
                self._busy_until = self.now() + GRACE
            # The animation-speed setting scales the scenes' clock ("off" is handled by the
            # scenes themselves: they skip their animations).
            self.stack.update(dt * (self.ctx.settings.animation_factor or 1.0))
            self.ctx.notices.update(dt)
            if self._sync_viewport():
                self.redraw = True
            if draw is None:
                draw = self._wants_draw()
            if draw:
                self._draw()
            changed = bool(self.stack.pending)
            boards = self._boards() if changed else set()
            self.stack.apply_pending()
            if changed:
                self.redraw = True
                self._busy_until = self.now() + GRACE
                if boards - self._boards():
                    release_memory()  # a game's board left: its pictures are garbage now
            self.ctx.sync_sessions(self.stack.scenes)  # autosave every game on the stack
            self._speak_screen()
            _poll_autosave(self.ctx)  # background-write reports: "cannot save" notices, retries
            self._remember_window_size()
        except Exception as exc:  # noqa: BLE001 - never crash to the desktop
            log.error("uncaught exception in the main loop", exc_info=exc)
            self.redraw = True
            self._scene_failed(exc, None)
            try:
                self.stack.apply_pending()
            except Exception:  # noqa: BLE001 - recovering must not crash either; the log says why
                log.exception("could not recover")
        self.frames += 1
        if not len(self.stack) and not self.stack.pending:
            self.ctx.quit()

    def _speak_screen(self) -> None:
        """With speech on: a new screen and each move of its focus are said (ui/speech/focus.py)."""
        if self.ctx.speech.enabled:
            self.ctx.speak_screen(self.stack.top)

    def _device_notice(self, text: str) -> None:
        self.ctx.notices.add(text)

    def _dispatch(self, event: Any) -> None:
        event = self._map_event(event)
        if self.ctx.notices.handle(event, self.ctx):
            return
        if not self.handle_global(event):
            self.stack.handle(event)

    def _post_wake(self) -> None:
        """Called on the computer player's threads when a job finishes: wake the loop."""
        pygame = self.pygame
        try:
            if pygame.display.get_init():
                pygame.event.post(pygame.event.Event(self.wake_event))
        except pygame.error as exc:  # a full queue: the next input or timer tick picks the answer up
            log.debug("wake-up event not posted: %s", exc)

    def _boards(self) -> set[int]:
        return {id(scene) for scene in self.stack.scenes if scene.route is Route.BOARD}

    def _wants_draw(self) -> bool:
        """Draw this frame? Only when something changed or moves: a resize, a scene change, recent
        input, a scene that says it animates (`animating()`) — and the frame after it stops, which
        shows where it stopped (a hint's answer ends its "thinking") —, a notice on screen."""
        animating = self._animating()
        was, self._was_animating = self._was_animating, animating
        if self.redraw or self.now() < self._busy_until or animating or was:
            return True
        notices = self.ctx.notices
        return bool(notices.active() or notices.state() != self._notices_drawn)

    def _animating(self) -> bool:
        for scene in self.stack.scenes:
            widgets = getattr(scene, "widgets", None)
            if getattr(scene, "animating", _still)() or getattr(widgets, "animating", _still)():
                return True
        return False

    def _draw(self) -> None:
        pygame = self.pygame
        canvas = self.canvas
        if not self.stack.scenes or self.stack.scenes[0].transparent:
            canvas.fill((0, 0, 0))  # (an opaque scene paints the whole canvas itself)
        self.stack.draw(canvas)
        self.ctx.notices.draw(canvas, self.ctx)
        if not self._margins_drawn:
            self._draw_margins()
            self._margins_drawn = True
        pygame.display.flip()
        self.redraw = False
        self._notices_drawn = self.ctx.notices.state()
        self.drawn_frames += 1

    def run(self, frames: int = 0) -> int:
        """Run until quit (or `frames` frames when > 0); answers the exit status."""
        previous = None
        try:  # SIGTERM (session logout, `kill`, CI) ends the game like the close button: exit 0
            previous = signal.signal(signal.SIGTERM, lambda *_: self.ctx.quit())
        except (ValueError, OSError):  # not the main thread
            pass
        warm_at: float | None = None
        try:
            while not self.ctx.quit_requested:
                if self._wants_draw():
                    dt = self.clock.tick(FPS) / 1000
                else:
                    # a still screen: wait for input (or a timer's next tick) without drawing
                    self._wait_idle()
                    dt = self.clock.tick() / 1000
                self.step(min(dt, 0.1), draw=None)
                if self.frames == 1:
                    log.info("first frame after %.0f ms (from launch)", launch.since_launch() * 1000)
                    warm_at = self.now() + WARM_AI_AFTER
                if warm_at is not None and self.now() >= warm_at:
                    warm_at = None
                    self.warm_ai()
                if frames and self.frames >= frames:
                    break
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)
            self.close()
        return 0

    def warm_ai(self) -> threading.Thread:
        """Start the computer player's process on a background thread (importing the player and
        spawning the child must not hold a frame up); answers the thread."""
        def warm() -> None:
            try:
                self.ctx.get_ai_pool().warm()
            except Exception:  # noqa: BLE001 - no warm-up: the first hint starts it (or runs on a thread)
                log.exception("could not start the computer player's process")

        thread = threading.Thread(target=warm, daemon=True, name="castellion-ai-warm")
        thread.start()
        return thread

    def _wait_idle(self) -> None:
        """Sleep until an event arrives or IDLE_WAIT ms have passed. Short sleeps and a peek, not
        `pygame.event.wait(timeout)`: SDL polls every millisecond inside that (measured: twice the
        CPU), and a 10 ms sleep keeps input prompt."""
        pygame = self.pygame
        end = time.monotonic() + IDLE_WAIT / 1000
        while time.monotonic() < end and not self.ctx.quit_requested:
            if pygame.event.peek():
                return
            time.sleep(0.01)

    def close(self) -> None:
        self._remember_window_size(force=True)
        try:
            self.ctx.shutdown()  # the last autosave (every action was saved already)
        except Exception:  # noqa: BLE001 - quitting must always work
            log.exception("saving on quit failed")
        _join_writer()  # quit, close button and SIGTERM all end here: every write lands
        while len(self.stack):
            self.stack.reset()
            self.stack.apply_pending()
        self.pygame.quit()


def _poll_autosave(ctx: Any) -> None:
    autosaver = getattr(ctx, "autosaver", None)
    if autosaver is not None and hasattr(autosaver, "poll"):
        autosaver.poll()


def _join_writer() -> None:
    from castellion import persistence as P

    if not P.shutdown():
        log.error("some saves could not be written before quitting")


def _log_file_line() -> str:
    """The error overlay's pointer to the log file (empty when there is none)."""
    from castellion.persistence import log_file, printable
    from castellion.ui.text import t

    path = log_file()
    return t("error.log_file", path=printable(path)) + "\n" if path is not None else ""


def _still() -> bool:
    return False


def clear_caches() -> None:
    """Drop the picture caches that hold pixels at the old scale (after a resize)."""
    from castellion.ui import widgets

    widgets.clear_caches()
