"""`AppContext`: everything a scene needs from the program, passed to every scene's constructor.

App layer: it ties persistence, sound and sessions together and fills the navigator with every
screen (`castellion.screens`). Scenes see it through the `scenes.context.SceneContext`
protocol, widgets through `ui.context.UIContext`, never through this class.

There are no globals: the app builds one context, tests build their own (see `tests/conftest.py`).

Persistence (the per-user data folder, `castellion.persistence`) is used only when `persist` is
true — the `App` turns it on in `start_persistence()`; a context built by a test stays off the disk
unless the test turns it on too. What the context does with it:

- `settings` is the player's `persistence.Settings`; `change_settings(**changes)` applies them at
  once (palette, fullscreen, window size, undo on the running game) and writes settings.json.
- Every `Session` of a scene on the stack is observed (`observe_session`): its undo follows the
  "undo allowed" setting and an `Autosaver` writes it after every action. New games, Continue and
  opened saves call `observe_session` themselves; `sync_sessions(stack)` (run by the app after
  every frame's scene changes) catches any other scene that holds a session and closes the
  autosave of sessions whose scene left the stack.
- `notify(text, kind)` queues a notice that the app draws above every scene (see `ui.notices`).
- Sound: every observed session also plays its events' sound effects (`ui.sound.SoundBoard`,
  made on first use, following `settings.sound`); `play_sound(name)` plays one directly.
- Speech (`speech`, off unless `settings.speech`): every observed session's events are said
  (`ui.speech.narration`), notices too; `speak_screen(scene)` (run by the app after every frame)
  says a new screen and each change of its focus; `toggle_speech()` and `where_am_i(scene)` are
  the F4 / F3 keys (docs/accessibility.md).
- The computer player: `get_ai_pool()` is the one `ai.pool.ComputePool` (a child process, made on
  first use, started in the background) where hints, the demo and the analysis compute, so the
  frames keep their pace; `shutdown()` ends it.
"""

from __future__ import annotations

import datetime
import logging
import random
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from castellion import persistence as P
from castellion.persistence.achievements import unlocked
from castellion.persistence.settings import Settings
from castellion.rules import actions as A
from castellion.rules import events as E
from castellion.rules.ruleset import Ruleset
from castellion.scenes.context import Navigator
from castellion.scenes.flow import show_session
from castellion.scenes.nav import Route
from castellion.scenes.stack import Scene, SceneStack
from castellion.screens import routes
from castellion.session import Observer, Session
from castellion.ui.fonts import Fonts
from castellion.ui.language import choose as choose_language
from castellion.ui.notices import Notices
from castellion.ui.sound import SoundBoard
from castellion.ui.speech.engines import find_engine, screen_reader_running
from castellion.ui.speech.focus import FocusWatcher, spoken
from castellion.ui.speech.narration import Narrator
from castellion.ui.speech.speaker import Speech
from castellion.ui.sprites import Sprites
from castellion.ui.storage_text import words_text
from castellion.ui.text import language, set_language, t
from castellion.ui.theme import Theme

if TYPE_CHECKING:  # pragma: no cover - imported on first use: the menu does not need the computer player
    from castellion.ai.pool import ComputePool
    from castellion.ai.proved import ProvedStore

action_log = logging.getLogger("castellion.actions")
log = logging.getLogger("castellion.ui")

__all__ = ["AppContext", "Settings", "resume_latest", "stats_notice"]


@dataclass
class AppContext:
    """What the program offers its scenes (it provides `scenes.context.SceneContext`).

    - `sprites`, `fonts`, `theme`, `settings`: art, type, palette and player settings.
    - `stack`: the `SceneStack`; scenes request `push/pop/replace/reset` on it (applied after the
      frame). `nav`: the navigator over it, filled with every screen (`castellion.screens`).
    - `ruleset()`: the validated level data (loaded once, on first use).
    - `log_action(action)`: a watched session's observer calls it after every applied game action; it logs
      `action: <repr>` at INFO on the `castellion.actions` logger (the end-to-end test reads it).
    - `quit()`: ask the program to end after this frame. `quit_requested` tells whether it was.
    - `toggle_fullscreen()`: switch window/fullscreen and keep `settings.fullscreen` in step.
    - `has_saves()` / `continue_game()`: the menu's Continue button is enabled when `has_saves()`
      is true (only with `persist`) and calls `continue_game()`, which pushes the resumed game's scene.
    - `notify(text, kind)`: a notice drawn above every scene ("info" fades, "warning" / "error"
      stay until clicked).
    - `rng`: the program's random generator (seeds for new deals); never the global `random`.
    - `canvas`: the logical size every scene draws on (1280×800).
    - `player_names`: the names typed on the setup screen (hot-seat games), read by the board.
    """

    sprites: Sprites
    fonts: Fonts
    theme: Theme = field(default_factory=Theme)
    settings: Settings = field(default_factory=Settings)
    stack: SceneStack | None = None
    rng: random.Random = field(default_factory=random.Random)
    version: str = ""
    canvas: tuple[int, int] = (1280, 800)
    on_fullscreen: Callable[[bool], None] | None = None
    # None: no size chosen, the window fits the screen (App._set_window_size)
    on_window_size: Callable[[tuple[int, int] | None], None] | None = None
    # the app's wake-up (posts an event; thread-safe): a background job of the pool finished
    on_background_done: Callable[[], None] | None = None
    quit_requested: bool = False
    persist: bool = False  # read and write the per-user data folder (see the module docstring)
    player_names: tuple[str, ...] = ()
    # the local date (the daily deal of the menu, the day a game's end is recorded on): injected,
    # so tests choose the day
    today: Callable[[], datetime.date] = datetime.date.today
    # ids of the achievements already proved (told): None until the data folder is used
    achievements_known: set[str] | None = None
    notices: Notices = field(default_factory=Notices)
    autosaver: P.Autosaver | None = None  # while `persist`
    nav: Navigator = field(init=False, repr=False)
    _ruleset: Ruleset | None = field(default=None, repr=False)
    _observed: dict[int, Session] = field(default_factory=dict, repr=False)  # id(session) -> session
    _autosaving: Session | None = field(default=None, repr=False)  # the session the autosaver writes
    _autosave_notice: P.Words | None = field(default=None, repr=False)  # the last one shown
    _log_observers: dict[int, Observer] = field(default_factory=dict, repr=False)  # id(session) -> observer
    _practice_seen: set[int] = field(default_factory=set, repr=False)  # observed while practice (not autosaved)
    sounds: SoundBoard | None = None  # made by sound_board() on first use
    speech: Speech = field(default_factory=lambda: Speech(lambda: find_engine(language)))
    _narrator: Narrator = field(default_factory=Narrator, repr=False)
    _focus: FocusWatcher | None = field(default=None, repr=False)
    ai_pool: ComputePool | None = None  # made by get_ai_pool() on first use; a test may pass a thread pool
    _ai_pool_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _ai_pool_closed: bool = field(default=False, repr=False)  # after shutdown(): threads only, no new process
    proved_store: ProvedStore | None = None  # made by get_proved_store() on first use (winnable deals only)

    def __post_init__(self) -> None:
        self.nav = Navigator(self, routes())

    def ruleset(self) -> Ruleset:
        """The ruleset, loaded once (raises whatever the loader raises)."""
        if self._ruleset is None:
            from castellion.content.loader import load_ruleset  # deferred: read the level files on first use

            self._ruleset = load_ruleset()
        return self._ruleset

    def log_action(self, action: object) -> None:
        """Log an applied game action as `action: <repr>` (INFO, `castellion.actions`)."""
        action_log.info("action: %r", action)

    def has_saves(self) -> bool:
        """Whether Continue has a game to resume (never without `persist`)."""
        return self.continue_info() is not None

    def continue_game(self) -> None:
        """The menu's Continue: resume the latest unfinished game exactly where it was."""
        resume_latest(self)

    def quit(self) -> None:
        """Ask the program to end once the current frame is over."""
        self.quit_requested = True

    # ---------------------------------------------------------------- notices
    def notify(self, text: str, kind: str = "info") -> None:
        """Show `text` above every scene. `kind`: "info" (fades after a few seconds), "warning"
        or "error" (stay until the player clicks them)."""
        self.notices.add(text, kind)
        self.speech.say(text, interrupt=False)
        (log.warning if kind in ("warning", "error") else log.info)("notice (%s): %s", kind, text)

    # ---------------------------------------------------------------- persistence
    def start_persistence(self, language: str | None = None) -> None:
        """Once, at start-up: prepare the data folder, load and apply the settings, show what was
        found wrong — in the player's language (`language`: the command line's choice, else the
        saved setting, else the system's), so the language is set before anything is worded.
        Never raises: an unwritable folder means playing without saves."""
        self.persist = True
        report = P.startup()
        set_language(choose_language(report.settings, language))
        for message in report.messages:
            self.notify(words_text(message), "warning")
        self.settings = report.settings
        notice = stats_notice(report.stats)
        if notice:
            self.notify(notice, "warning")
        self.autosaver = P.Autosaver(on_error=self._autosave_failed, today=lambda: self.today())
        self.achievements_known = {a.id for a in unlocked((report.stats and report.stats.value) or P.Statistics())}
        # a game that ended but was never counted (killed between its autosave and the statistics'
        # write): counted now, under the day it ended (its achievements are told at the next end)
        P.count_unrecorded_ends(self.today())
        self.apply_settings()

    def _controls_reset(self, table: Any) -> None:
        """The saved controls held entries that could not be used: those actions are back to
        their defaults. Tell the player (once: the clean controls are written back, so the next
        start finds nothing to tell)."""
        self.notify(t("controls.reset_notice"), "warning")
        self.settings.controls = table.to_settings()
        self.settings.controls_dropped = 0
        self.save_settings()

    def _autosave_failed(self, error: P.PersistenceError) -> None:
        self.notify(words_text(error), "error")

    def continue_info(self) -> P.SaveInfo | None:
        """The `SaveInfo` of the game Continue would resume, or None. Never raises."""
        if not self.persist:
            return None
        try:
            return P.continue_info()
        except Exception:  # noqa: BLE001 - a damaged folder must not break the menu
            log.exception("continue_info failed")
            return None

    def observe_session(self, session: Session, *, path: Path | None = None) -> None:
        """Watch a `castellion.session.Session`: its undo follows `settings.undo_allowed`, and
        (with `persist`) it is autosaved after every change — to `path` when the game was resumed
        from there (Continue), else to the autosave file. Applied actions are logged as
        `action: <repr>`, undo / redo as `undo` / `redo: <repr>` (INFO): the one log of the
        game's actions, whoever applied them (the board, the computer, a test).

        Observing an already observed session only re-targets the autosave when `path` is given."""
        session.undo_allowed = bool(self.settings.undo_allowed)
        known = id(session) in self._observed
        if not known:
            self._observed[id(session)] = session
            def observer(_session: Session, kind: str, action: A.Action | None, events: list[E.Event]) -> None:
                if kind == "apply":
                    self.log_action(action)
                elif kind == "redo":
                    action_log.info("redo: %r", action)
                else:
                    action_log.info("%s", kind)

            session.observers.append(observer)
            self._log_observers[id(session)] = observer
            if self._speech_observer not in session.observers:
                session.observers.append(self._speech_observer)
                self._narrator.remember(session.game)
            if self._sound_observer not in session.observers:
                session.observers.append(self._sound_observer)
                self.sound_board().preload()  # now, not as a hitch on the game's first sounds
        practice = session.practice  # the tutorial, a demo: no autosave, no statistics
        if practice:
            self._practice_seen.add(id(session))
        # a practice game the player took over (practice cleared since) is autosaved from now on
        adopted = known and not practice and id(session) in self._practice_seen
        if adopted:
            self._practice_seen.discard(id(session))
        if self.persist and self.autosaver is not None and not practice and (not known or path is not None
                                                                               or adopted):
            if self._autosaving is not None and self._autosaving is not session:
                self.autosaver.detach(self._autosaving)  # it was saved after its last action
            self._autosaving = session
            self.autosaver.attach(session, path=path)
            self._show_autosave_notice()
            if self._notice_observer not in session.observers:
                session.observers.append(self._notice_observer)  # after the autosaver: sees its notice

    def game_kept(self, session: Session | None) -> bool:
        """Whether `session` is kept on disk as the player sees it — autosaved by this program
        (not a practice game: the demo, the tutorial, a game not taken over) and its last write
        worked — so that "It is saved" is said only of a game Continue brings back. Flushes
        the pending write first."""
        autosaver = self.autosaver
        if session is None or not self.persist or autosaver is None or session is not self._autosaving:
            return False
        return autosaver.flush() and autosaver.path is not None

    def _notice_observer(self, _session: Session, _kind: str, _action: A.Action | None, _events: list[E.Event]) -> None:
        self._show_autosave_notice()

    def _show_autosave_notice(self) -> None:
        """Tell the player once when the autosave had to move (a damaged autosave file)."""
        autosaver = self.autosaver
        notice = autosaver.notice if autosaver is not None else None
        if autosaver is not None and notice and notice != self._autosave_notice:
            self.notify(words_text(notice), "warning")
        self._autosave_notice = notice

    # ---------------------------------------------------------------- sound
    def sound_board(self) -> SoundBoard:
        """The `SoundBoard` (made on first use; it reads `self.settings` at every play)."""
        if self.sounds is None:
            self.sounds = SoundBoard(lambda: self.settings)
        return self.sounds

    def play_sound(self, name: str) -> bool:
        """Play sound effect `name` (e.g. "invalid" for a refused drop); never raises."""
        return bool(self.sound_board().play(name))

    def _sound_observer(self, session: Session, kind: str, action: A.Action | None, events: list[E.Event]) -> None:
        self.sound_board().observe(session, kind, action, events)

    # ---------------------------------------------------------------- speech
    def _speech_observer(self, session: Session, kind: str, action: A.Action | None, events: list[E.Event]) -> None:
        if self.speech.enabled:
            self.speech.say_lines(self._narrator.lines(session.game, kind, events, session.player_names))
        else:
            self._narrator.remember(session.game)

    def speak_screen(self, scene: Scene | None) -> None:
        """Say a new screen (its `screen_title`, worded only when it is new) and each change of
        its focus (the app, after every frame)."""
        if self._focus is None:
            self._focus = FocusWatcher(self.speech)
        if self.speech.enabled:
            self._focus.update(scene, lambda: screen_title(scene))

    def where_am_i(self, scene: Scene | None, title: str) -> None:
        """F3: the screen and its focus, again."""
        if scene is not None:
            FocusWatcher(self.speech).where(scene, title)

    def toggle_speech(self) -> None:
        """F4: speech on or off (kept in the settings); said either way (off: the last words)."""
        on = not self.settings.speech
        if not on:
            self.speech.say(t("speech.off"))
        self.change_settings(speech=on)
        if on and self.speech.available:
            self.speech.say(t("speech.on", **speech_keys()))

    def offer_speech(self) -> None:
        """The first start with a screen reader running turns speech on and says how to turn it off."""
        if self.settings.speech_offered or self.settings.speech or not screen_reader_running():
            return
        self.change_settings(speech=True, speech_offered=True)
        self.speech.say(t("speech.offered", **speech_keys()))

    def follow_system_motion(self, probe: Callable[[], bool | None]) -> None:
        """The first start (no settings kept yet) turns the animations off when the system asks
        for reduced motion (`probe`: `ui.system_motion.reduces_motion`); asked once, ever."""
        if self.settings.motion_asked:
            return
        if probe() is True:
            self.change_settings(animation_speed="off", motion_asked=True)
        else:
            self.change_settings(motion_asked=True)

    def release_session(self, session: Session) -> None:
        """The session's scene is gone: save it one last time and stop watching it."""
        self._observed.pop(id(session), None)
        self._practice_seen.discard(id(session))
        observers: list[Observer | None] = [self._log_observers.pop(id(session), None), self._notice_observer,
                                            self._sound_observer, self._speech_observer]
        for observer in observers:
            if observer is not None and observer in session.observers:
                session.observers.remove(observer)
        if session is self._autosaving:
            self._autosaving = None
            if self.autosaver is not None:
                self.autosaver.close(session)

    def sync_sessions(self, scenes: Iterable[Scene]) -> None:
        """Observe the session of every scene in `scenes` that holds one, and release the
        observed sessions no scene holds any more (the app calls this after each frame's scene
        changes, and with no scenes when it quits)."""
        held = {}
        for scene in scenes:
            session = getattr(scene, "session", None)
            if isinstance(session, Session):
                held[id(session)] = session
        for key, session in list(self._observed.items()):
            if key not in held:
                self.release_session(session)
        for key, session in held.items():
            if key not in self._observed:
                self.observe_session(session)

    def current_session(self) -> Session | None:
        """The session of the highest scene on the stack that holds one (None when none)."""
        for scene in reversed(self.stack.scenes if self.stack is not None else ()):
            session = getattr(scene, "session", None)
            if isinstance(session, Session):
                return session
        return None

    def shutdown(self) -> None:
        """On quit: the last autosave of every observed session; the computer player's process ends."""
        for session in list(self._observed.values()):
            self.release_session(session)
        self.speech.close()
        with self._ai_pool_lock:
            pool, self._ai_pool_closed = self.ai_pool, True
        if pool is not None:
            pool.close()

    # ---------------------------------------------------------------- the computer player
    def get_ai_pool(self) -> ComputePool:
        """The one pool where hints, the demo and the analysis compute (made on first use; its
        child process starts with the first job or `warm()`, in the background). Thread-safe."""
        with self._ai_pool_lock:
            if self.ai_pool is None:
                from castellion.ai.pool import ComputePool  # deferred: see TYPE_CHECKING above

                # after shutdown() (a late warm-up thread): threads, so no process outlives the app
                self.ai_pool = ComputePool(process=not self._ai_pool_closed)
            if self.ai_pool.on_done is None:  # also a pool a test handed in
                self.ai_pool.on_done = self._background_done
            return self.ai_pool

    def get_proved_store(self) -> ProvedStore:
        """The proved deals kept ahead of need (winnable deals only), proved in the pool's child
        while the player is in the menus; past the seeds the shipped list tried."""
        if self.proved_store is None:
            from castellion.ai.proved import ProvedStore
            from castellion.content.proved import tried

            self.proved_store = ProvedStore(self.get_ai_pool, first=tried)
        return self.proved_store

    def _background_done(self) -> None:
        """A hint, demo move or analysis finished (called on the pool's thread): wake the frame
        loop, which may be sleeping on a still screen."""
        hook = self.on_background_done
        if hook is not None:
            hook()

    # ---------------------------------------------------------------- settings
    def change_settings(self, **changes: Any) -> bool:
        """Change settings (validated), apply them at once and, with `persist`, write them.
        Returns whether they were written (a failure is shown as a notice; the change holds for
        this run)."""
        if "animations" in changes:  # the old on/off switch: a speed of "off" or "normal"
            on = bool(changes.pop("animations"))
            speed = self.settings.animation_speed
            changes["animation_speed"] = "off" if not on else (speed if speed != "off" else "normal")
        new = self.settings.updated(**changes)  # ValueError on a bad value
        for key in changes:
            setattr(self.settings, key, getattr(new, key))
        self.apply_settings(changes)
        return self.save_settings()

    def save_settings(self) -> bool:
        if not self.persist:
            return True
        try:
            P.save_settings(self.settings)
            return True
        except P.PersistenceError as exc:
            self.notify(words_text(exc), "error")
            return False

    def apply_settings(self, changes: Iterable[str] | None = None) -> None:
        """Make the program follow `settings` (only the keys in `changes`, else all)."""
        s = self.settings
        keys = set(changes) if changes else {"fullscreen", "window_size", "colourblind", "high_contrast",
                                             "undo_allowed", "controls",
                                             "speech", "text_size"}
        if "controls" in keys:  # the keys every screen asks through ui.keymap.action_for
            from castellion.ui import keymap

            table = keymap.Keymap.from_settings(s.controls, s.controls_dropped)
            keymap.set_current(table)
            if table.reset_entries:  # a damaged or edited key map: said once, and written clean
                self._controls_reset(table)
        if "colourblind" in keys:
            self.theme.colourblind = bool(s.colourblind)
        if "high_contrast" in keys:  # the palette table swapped; cached pictures made again
            from castellion.ui import painting, widgets

            self.theme.set_high_contrast(bool(s.high_contrast))
            painting.clear_caches()
            widgets.clear_caches()
        if "text_size" in keys:  # every text of every screen at this size, from the next frame
            from castellion.ui import widgets

            self.fonts.set_text_scale(s.text_scale)
            widgets.clear_caches()
        if "window_size" in keys and self.on_window_size is not None and not s.fullscreen:
            self.on_window_size(None if s.window_size is None else (int(s.window_size[0]), int(s.window_size[1])))
        if "fullscreen" in keys and self.on_fullscreen is not None:
            self.on_fullscreen(bool(s.fullscreen))
        if "speech" in keys:
            self.speech.enabled = bool(s.speech)
            if s.speech and not self.speech.available and not self.speech.unavailable_told:
                self.speech.unavailable_told = True
                self.notify(t("speech.unavailable"), "warning")
        if "undo_allowed" in keys:
            for session in self._observed.values():
                session.undo_allowed = bool(s.undo_allowed)

    def toggle_fullscreen(self) -> None:
        self.change_settings(fullscreen=not self.settings.fullscreen)


def speech_keys() -> dict[str, str]:
    """The keys of speech on / off and "where am I", as the sentences that name them say them:
    the pad's buttons after a pad press ("Back + LB"), else the keys."""
    from castellion.ui import keymap
    from castellion.ui.devices import PAD, last_device, pad_label

    table = keymap.current()
    if last_device() == PAD:
        return {"speech": pad_label(keymap.Action.SPEECH, table), "where": pad_label(keymap.Action.SAY_WHERE, table)}
    return {"speech": table.label(keymap.Action.SPEECH), "where": table.label(keymap.Action.SAY_WHERE)}


def screen_title(scene: Scene | None) -> str:
    """What a screen is called when it opens, spoken: its own words (`spoken_title()`, asked of its
    reader first: the board says what to do now), else its route's (`speech.screen.*`), with a question's words."""
    if scene is None:
        return ""
    own = spoken(scene, "spoken_title")
    if callable(own):
        return str(own())
    route = scene.route
    words = [t(f"speech.screen.{route.value}")] if isinstance(route, Route) else []
    for name in ("title", "text"):  # a question (Route.CONFIRM) says itself
        value = getattr(scene, name, None)
        if isinstance(value, str) and value:
            words.append(value)
    return " ".join(words)


def stats_notice(report: P.Found[P.Statistics] | None) -> str | None:
    """What the player is told once about the statistics file at start-up (None: nothing)."""
    if report is None or report.kind is None or (report.kind == "damaged" and report.kept_as is None):
        return None  # nothing set aside (an empty file, a folder: writing says so if it must)
    if report.kind == "newer":
        return t("stats.notice.newer", format=report.newer or "?")
    kept = report.kept_as.name if report.kept_as is not None else "stats.json"
    return t("stats.notice.damaged_backup" if report.from_backup else "stats.notice.damaged", file=kept)


def resume_latest(ctx: AppContext) -> None:
    """The menu's Continue: resume the latest unfinished game exactly where it was."""
    try:
        loaded = P.continue_game(undo_allowed=ctx.settings.undo_allowed)
    except P.PersistenceError as exc:
        ctx.notify(words_text(exc), "error")
        return
    if loaded is None:
        ctx.notify(t("saves.nothing_to_continue"), "info")
        return
    show_session(ctx, loaded.session, path=loaded.info.path)
