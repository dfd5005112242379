"""`SceneContext`: what a scene uses of the program — the typed face of the app's context — and
the `Navigator` that hands it to every screen it builds.

Every scene gets one in its constructor (`castellion.context.AppContext` is the real one; the test
fixture `ctx` in tests/conftest.py builds it headless). A `Protocol`: scenes depend on these
members only, never on the app module, so the arrows keep pointing down (scenes → ui → …).

The navigator lives here, beside the context it reads (the stack, the confirmations setting) and
hands to each factory: the context names the navigator (`nav`) and the navigator names the
context, so in two modules they would import each other (tests/project/test_layers.py). The
routes it navigates by are `scenes.nav.Route`.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from castellion.scenes.nav import Factory, Route
from castellion.scenes.stack import Scene, SceneStack
from castellion.session import Session
from castellion.ui.context import UIContext

if TYPE_CHECKING:  # pragma: no cover - a type only
    from castellion.ai.pool import ComputePool
    from castellion.ai.proved import ProvedStore


class SceneContext(UIContext, Protocol):
    """`UIContext` plus the stack, the navigator and the program's services: every scene, the
    board and its parts included, types the app's context as this. Kept as a Protocol of its own
    because the scenes may not import the app's `AppContext` (a layer above them), and the widgets'
    `UIContext` may not name the stack or the navigator (scenes are a layer above `ui`).

    - `stack` / `nav`: the scene stack and the navigator (see `scenes.nav`: push a `Route`).
    - `rng`: the program's random generator (seeds for new deals); never the global `random`.
    - `persist`: the program reads and writes the per-user data folder.
    - `player_names`: the names typed on the setup screen (hot-seat games), read by the board.
    - `has_saves()` / `continue_game()`: whether the menu's Continue is on, and what it does.
    - `get_ai_pool()`: where the computer player computes (the app's child process; see
      `castellion.ai.pool`): hints, the demo and the analysis submit their jobs there.
    """

    rng: random.Random
    player_names: tuple[str, ...]
    achievements_known: set[str] | None  # achievements already told (castellion.ui.achievement_notes)

    @property
    def stack(self) -> SceneStack | None: ...

    @property
    def nav(self) -> Navigator: ...

    @property
    def version(self) -> str: ...

    @property
    def persist(self) -> bool: ...

    def continue_game(self) -> None: ...

    def quit(self) -> None: ...

    def has_saves(self) -> bool: ...

    def continue_info(self) -> Any:
        """The `SaveInfo` of the game Continue would resume, or None; never raises."""
        ...

    def current_session(self) -> Session | None: ...

    def observe_session(self, session: Session, *, path: Path | None = None) -> None:
        ...

    def game_kept(self, session: Session | None) -> bool:
        """Whether `session` is autosaved as it stands (what "It is saved" may promise)."""
        ...

    def change_settings(self, **changes: Any) -> bool: ...

    def get_ai_pool(self) -> ComputePool: ...

    def get_proved_store(self) -> ProvedStore:
        """Proved winnable deals kept ahead in the computer player's process (`ai.proved`)."""
        ...

    def today(self) -> datetime.date:
        """The local date (the daily deal): injected, so tests choose the day."""
        ...


class Navigator:
    """Builds scenes by route from the factories the app registered, and queues them on the stack.

    Never changes the stack at once: every request is queued (see `scenes.stack`)."""

    def __init__(self, ctx: SceneContext, factories: dict[Route, Factory] | None = None) -> None:
        self.ctx = ctx
        self.factories: dict[Route, Factory] = dict(factories or {})

    def register(self, route: Route, factory: Factory) -> None:
        """What `route` shows from now on (a test may replace a screen by a stand-in)."""
        self.factories[route] = factory

    # building ------------------------------------------------------------------------------
    def make(self, route: Route, *args: Any, **kwargs: Any) -> Scene:
        """A new scene for `route`, tagged with it; raises `LookupError` for an unknown route."""
        factory = self.factories.get(route)
        if factory is None:
            raise LookupError(f"no screen is registered for {route}")
        scene = factory(self.ctx, *args, **kwargs)
        scene.route = route
        return scene

    def _stack(self) -> SceneStack:
        stack = self.ctx.stack
        if stack is None:
            raise RuntimeError("navigation needs a scene stack on the context")
        return stack

    # requests (queued) ---------------------------------------------------------------------
    def push(self, route: Route, *args: Any, **kwargs: Any) -> Scene:
        """Queue the screen of `route` on top; answers the scene (already built)."""
        scene = self.make(route, *args, **kwargs)
        self._stack().push(scene)
        return scene

    def replace(self, old: Scene | None, route: Route, *args: Any, **kwargs: Any) -> Scene:
        """Queue: `old` (the top scene; None = whatever is on top then) makes way for `route`."""
        scene = self.make(route, *args, **kwargs)
        self._stack().replace(scene, old)
        return scene

    def reset(self, *scenes: Route | Scene) -> None:
        """Queue: clear the stack and put `scenes` on it, bottom first (a `Route` is made without
        arguments; build one with arguments by `make`)."""
        made = [self.make(s) if isinstance(s, Route) else s for s in scenes]
        self._stack().reset(*made)

    def go_to_menu(self) -> None:
        """Queue: clear the stack and show the main menu."""
        self.reset(Route.MENU)

    def ask(self, title: str, text: str, on_yes: Callable[[], None], *, yes: str | None = None,
            no: str | None = None) -> None:
        """Ask a yes/no question before `on_yes` — or just do it when the player turned the
        confirmations off in the settings."""
        if not self.ctx.settings.confirmations:
            on_yes()
            return
        self.push(Route.CONFIRM, title, text, on_yes=on_yes, yes=yes, no=no)

    # questions (never change anything) -----------------------------------------------------
    def find(self, route: Route) -> Scene | None:
        """The highest scene of `route` on the stack, or None."""
        stack = self.ctx.stack
        for scene in reversed(stack.scenes if stack is not None else ()):
            if scene.route is route:
                return scene
        return None

    def showing(self, route: Route) -> bool:
        """Whether a scene of `route` is on the stack or queued to be put there this frame."""
        if self.find(route) is not None:
            return True
        stack = self.ctx.stack
        return stack is not None and any(scene.route is route for scene in stack.queued_scenes())


__all__ = ["Navigator", "SceneContext"]
