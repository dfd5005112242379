"""`AppContext`: everything a scene needs from the program, passed to every scene's constructor.

There are no globals: the app builds one context, tests build their own (see `tests/conftest.py`).
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from castellion.ui.fonts import Fonts
from castellion.ui.sprites import Sprites
from castellion.ui.theme import Theme

if TYPE_CHECKING:  # pragma: no cover
    from castellion.scenes.stack import SceneStack

action_log = logging.getLogger("castellion.actions")


@dataclass
class Settings:
    """Player settings, kept in memory (persistence will store them later)."""

    fullscreen: bool = False
    animations: bool = True
    colourblind: bool = False
    sound: bool = True


def _load_ruleset() -> Any:
    from castellion.content.loader import load_ruleset

    return load_ruleset()


def _no_saves() -> bool:
    return False


def _default_log_action(action: object) -> None:
    action_log.info("action: %r", action)


@dataclass
class AppContext:
    """What the program offers its scenes.

    - `sprites`, `fonts`, `theme`, `settings`: art, type, palette and player settings.
    - `stack`: the `SceneStack`; scenes request `push/pop/replace/reset` on it (applied after the
      frame).
    - `ruleset()`: the validated level data (loaded once, on first use).
    - `log_action(action)`: the board calls it after every applied game action; it logs
      `action: <repr>` at INFO on the `castellion.actions` logger (the end-to-end test reads it).
    - `quit()`: ask the program to end after this frame. `quit_requested` tells whether it was.
    - `toggle_fullscreen()`: switch window/fullscreen and keep `settings.fullscreen` in step.
    - `has_saves()` / `continue_game`: the menu's Continue button is enabled when `has_saves()`
      is true and calls `continue_game(ctx)`, which should push the resumed game's scene.
    - `rng`: the program's random generator (seeds for new deals); never the global `random`.
    - `canvas`: the logical size every scene draws on (1280×800).
    """

    sprites: Sprites
    fonts: Fonts
    theme: Theme = field(default_factory=Theme)
    settings: Settings = field(default_factory=Settings)
    stack: "SceneStack | None" = None
    rng: random.Random = field(default_factory=random.Random)
    version: str = ""
    canvas: tuple[int, int] = (1280, 800)
    load_ruleset: Callable[[], Any] = _load_ruleset
    log_action: Callable[[object], None] = _default_log_action
    has_saves: Callable[[], bool] = _no_saves
    continue_game: Callable[["AppContext"], None] | None = None
    on_fullscreen: Callable[[bool], None] | None = None
    quit_requested: bool = False
    _ruleset: Any = field(default=None, repr=False)

    def ruleset(self) -> Any:
        """The ruleset, loaded once (raises whatever the loader raises)."""
        if self._ruleset is None:
            self._ruleset = self.load_ruleset()
        return self._ruleset

    def quit(self) -> None:
        """Ask the program to end once the current frame is over."""
        self.quit_requested = True

    def observe_session(self, session: Any) -> None:
        """Log every change of a `castellion.session.Session` through `log_action`: applied
        actions as `action: <repr>`, undo / redo as `undo` / `redo: <repr>` (INFO). The board calls
        this once per session instead of calling `log_action` itself."""

        def observer(_session: Any, kind: str, action: Any, events: list) -> None:
            if kind == "apply":
                self.log_action(action)
            elif kind == "redo":
                action_log.info("redo: %r", action)
            else:
                action_log.info("%s", kind)

        session.observers.append(observer)

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        if self.on_fullscreen is not None:
            self.on_fullscreen(self.settings.fullscreen)

    def set_colourblind(self, on: bool) -> None:
        self.settings.colourblind = on
        self.theme.colourblind = on
