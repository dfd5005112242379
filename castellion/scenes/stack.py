"""The scene stack and the `Scene` base class.

Lifecycle contract (tested in tests/scenes/test_stack.py):

- `enter()` is called exactly once, when the scene is put on the stack; `exit()` exactly once, when
  it is taken off. Nothing else is called on a scene before `enter()` or after `exit()`.
- `pause()` is called when another scene is pushed on top of it, `resume()` when it is the top
  again. Every `pause()` is matched by one `resume()` before `exit()` (also on `reset`, which
  unwinds the stack from the top one scene at a time).
- `handle(event) -> bool` is offered to the top scene; it returns True when it used the event. An
  event the top scene did not use goes on down only when that scene sets `passes_events = True`.
- `update(dt)` is called on the top scene only, once per frame, `dt` in seconds.
- `draw(surface)` must never change the scene's state. A scene with `transparent = True` (an
  overlay) is drawn over the scenes below it: the stack draws from the highest opaque scene up.
- `push`, `pop`, `replace` and `reset` only queue the change; `apply_pending()` (called by the
  main loop after the frame was drawn) performs the queued changes in the order they were asked.

Errors: an exception raised by a scene's method is logged with its traceback and handed to
`on_error(exc, scene)` (the app shows the error overlay); the program keeps running. If `enter()`
raises, the scene is dropped without `exit()`. A scene whose `draw()` raised is not drawn again.
"""

from __future__ import annotations

import contextlib
import enum
import logging
from collections.abc import Callable, Iterator
from typing import Any

log = logging.getLogger("castellion.scenes")


class Scene:
    """Base class for scenes. Subclasses override the hooks they need.

    Attributes a subclass may set (class level):
    - `transparent`: draw the scene below first (overlays).
    - `passes_events`: events this scene does not use go to the scene below.
    - `name`: used in logs (defaults to the class name).

    `route` is set by the navigator that built the scene (`scenes.nav.Route`; typed as an enum
    here so that the stack needs nothing of the navigation): None for a scene made directly.
    """

    transparent: bool = False
    # the largest text size (1.0 = 100 %) this screen's layout holds: the player's text size is
    # applied up to it while the scene draws (`drawing`); 2.0, the largest offered, for a screen
    # that reflows at every size (docs/accessibility.md lists the screens below it)
    text_limit: float = 2.0
    passes_events: bool = False
    name: str = ""
    route: enum.Enum | None = None

    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx
        self.stack: SceneStack | None = getattr(ctx, "stack", None)

    # lifecycle -----------------------------------------------------------------------------
    def enter(self) -> None:
        """Called once when the scene is put on the stack (build widgets, start music…)."""

    def exit(self) -> None:
        """Called once when the scene leaves the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """This scene is the top of the stack again."""

    # frame ---------------------------------------------------------------------------------
    def handle(self, event: Any) -> bool:
        """Offered each input event while this scene is on top; return True when used."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and timers by `dt` seconds (top scene only)."""

    def draw(self, surface: Any) -> None:
        """Draw onto `surface` (the 1280×800 canvas). Must not change state."""

    def keep_clear(self) -> list[Any]:
        """The rects a notice drawn over this screen must not cover (`ui.notices` places them clear
        of them). Each screen declares its own: a screen of widgets the control the keyboard
        focuses (`WidgetGroup.keep_clear`), the board its buttons. None here."""
        return []

    def animating(self) -> bool:
        """True while the scene moves on its own (an animation, a timer): the app draws every
        frame then. Otherwise it draws only after input or a change (idle costs nothing)."""
        return False

    # stack requests (queued; applied after the frame) --------------------------------------
    def push(self, scene: Scene) -> None:
        self._stack().push(scene)

    def pop(self) -> None:
        self._stack().pop(self)

    def replace(self, scene: Scene) -> None:
        self._stack().replace(scene, self)

    def reset(self, *scenes: Scene) -> None:
        self._stack().reset(*scenes)

    def _stack(self) -> SceneStack:
        if self.stack is None:
            raise RuntimeError(f"{self.scene_name} is not on a scene stack")
        return self.stack

    @property
    def scene_name(self) -> str:
        return self.name or type(self).__name__

    @property
    def below(self) -> Scene | None:
        """The scene directly under this one on the stack (overlays use it), or None."""
        if self.stack is None:
            return None
        scenes = self.stack.scenes
        for i, scene in enumerate(scenes):
            if scene is self:
                return scenes[i - 1] if i > 0 else None
        return None


ErrorHandler = Callable[[BaseException, "Scene | None"], None]


@contextlib.contextmanager
def drawing(scene: Scene) -> Iterator[None]:
    """While `scene` draws: the player's text size, limited to what its layout holds
    (`Scene.text_limit`)."""
    fonts = getattr(getattr(scene, "ctx", None), "fonts", None)
    limited = getattr(fonts, "limited", None)
    if limited is None:
        yield
        return
    with limited(scene.text_limit):
        yield


class SceneStack:
    """Scenes bottom → top. See the module docstring for the contract."""

    def __init__(self, on_error: ErrorHandler | None = None) -> None:
        self._scenes: list[Scene] = []
        self._pending: list[tuple[str, Any]] = []
        self._broken: set[int] = set()  # id() of scenes whose draw() raised
        self.on_error = on_error

    # inspection ----------------------------------------------------------------------------
    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def pending(self) -> tuple[tuple[str, Any], ...]:
        return tuple(self._pending)

    def __len__(self) -> int:
        return len(self._scenes)

    def __contains__(self, scene: object) -> bool:
        return scene in self._scenes

    def queued_scenes(self) -> list[Scene]:
        """The scenes the queued changes will put on the stack (push, replace, reset), in order."""
        found: list[Scene] = []
        for op, arg in self._pending:
            if op == "push":
                found.append(arg)
            elif op == "replace":
                found.append(arg[0])
            elif op == "reset":
                found.extend(arg)
        return found

    def find(self, kind: type) -> Scene | None:
        """The highest scene that is an instance of `kind`, or None."""
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None

    # requests ------------------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        """Queue: put `scene` on top (the old top is paused)."""
        scene.stack = self
        self._pending.append(("push", scene))

    def pop(self, scene: Scene | None = None) -> None:
        """Queue: take the top scene off (when `scene` is given, only if it is still on the stack
        when the change is applied — so a double click cannot pop two scenes)."""
        self._pending.append(("pop", scene))

    def replace(self, scene: Scene, old: Scene | None = None) -> None:
        """Queue: take the top scene off and put `scene` in its place (the scene below is neither
        resumed nor paused)."""
        scene.stack = self
        self._pending.append(("replace", (scene, old)))

    def reset(self, *scenes: Scene) -> None:
        """Queue: take every scene off (top first) and push `scenes` (bottom first)."""
        for scene in scenes:
            scene.stack = self
        self._pending.append(("reset", scenes))

    # applying ------------------------------------------------------------------------------
    def apply_pending(self) -> bool:
        """Perform the queued changes in order; True when anything changed. Changes queued by a
        lifecycle hook while applying are applied in the same call."""
        changed = False
        guard = 0
        while self._pending:
            guard += 1
            if guard > 1000:
                log.error("scene changes keep queueing more changes; giving up")
                self._pending.clear()
                break
            op, arg = self._pending.pop(0)
            changed = True
            if op == "push":
                self._push(arg)
            elif op == "pop":
                if arg is not None and arg is not self.top:
                    if arg not in self._scenes:
                        log.info("scene change: pop of %s ignored (no longer on the stack)", arg.scene_name)
                        continue
                self._pop()
            elif op == "replace":
                scene, old = arg
                if old is not None and old is not self.top:
                    log.info("scene change: replace of %s ignored (not the top)", old.scene_name)
                    continue
                self._pop(resume_below=False)
                self._push(scene, pause_below=False)
            elif op == "reset":
                while self._scenes:
                    self._pop()
                for scene in arg:
                    self._push(scene)
        return changed

    def _push(self, scene: Scene, pause_below: bool = True) -> None:
        below = self.top
        if below is not None and pause_below:
            self._call(below, "pause")
        self._scenes.append(scene)
        scene.stack = self
        log.info("scene change: push %s (stack: %s)", scene.scene_name, self.describe())
        if not self._call(scene, "enter"):
            self._scenes.remove(scene)
            log.info("scene change: %s dropped, enter() failed (stack: %s)", scene.scene_name, self.describe())
            if below is not None and pause_below and self.top is below:
                self._call(below, "resume")

    def _pop(self, resume_below: bool = True) -> None:
        if not self._scenes:
            log.warning("scene change: pop on an empty stack ignored")
            return
        scene = self._scenes.pop()
        self._broken.discard(id(scene))
        log.info("scene change: pop %s (stack: %s)", scene.scene_name, self.describe())
        self._call(scene, "exit")
        if resume_below and self._scenes:
            self._call(self._scenes[-1], "resume")

    def describe(self) -> str:
        return " > ".join(s.scene_name for s in self._scenes) or "empty"

    # the frame -----------------------------------------------------------------------------
    def handle(self, event: Any) -> bool:
        """Offer `event` to the top scene (and further down while scenes pass events on)."""
        for scene in reversed(self._scenes):
            ok, used = self._call_value(scene, "handle", event)
            if not ok or used:
                return True
            if not scene.passes_events:
                return False
        return False

    def update(self, dt: float) -> None:
        top = self.top
        if top is not None:
            self._call(top, "update", dt)

    def draw(self, surface: Any) -> None:
        """Draw the top scene and, under overlays, the scenes they cover (bottom first)."""
        if not self._scenes:
            return
        start = len(self._scenes) - 1
        while start > 0 and self._scenes[start].transparent:
            start -= 1
        for scene in self._scenes[start:]:
            if id(scene) in self._broken:
                continue
            try:
                with drawing(scene):
                    scene.draw(surface)
            except Exception as exc:  # noqa: BLE001 - a scene must not crash the program
                self._broken.add(id(scene))
                self._report(exc, scene, "draw")

    # errors --------------------------------------------------------------------------------
    def _call(self, scene: Scene, method: str, *args: Any) -> bool:
        return self._call_value(scene, method, *args)[0]

    def _call_value(self, scene: Scene, method: str, *args: Any) -> tuple[bool, Any]:
        try:
            return True, getattr(scene, method)(*args)
        except Exception as exc:  # noqa: BLE001 - a scene must not crash the program
            self._report(exc, scene, method)
            return False, None

    def _report(self, exc: BaseException, scene: Scene | None, method: str) -> None:
        name = scene.scene_name if scene is not None else "?"
        log.error("uncaught exception in %s.%s()", name, method, exc_info=exc)
        if self.on_error is not None:
            try:
                self.on_error(exc, scene)
            except Exception:  # noqa: BLE001 - a failing error handler must not crash the program
                log.exception("the error handler failed too")
