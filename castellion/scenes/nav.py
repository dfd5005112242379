"""Navigation between screens: a scene names where to go (a `Route`); the app says what is there.

Scenes never import each other (tests/project/test_layers.py fails on such an import). A scene that opens
another asks the navigator the app put on the context, `ctx.nav`:

    self.ctx.nav.push(Route.RULES, topic="levels")           # a screen on top of this one
    self.ctx.nav.push(Route.END, game, names=names)          # arguments go to the screen's factory
    self.ctx.nav.replace(self, Route.BOARD, session)         # this scene makes way for another
    self.ctx.nav.reset(Route.MENU, nav.make(Route.SETUP, level="base"))   # a fresh stack, bottom first
    self.ctx.nav.ask(title, text, on_yes)                    # a yes/no question (Route.CONFIRM)
    if self.ctx.nav.showing(Route.REVEAL): ...               # on the stack, or queued to be

Every change is queued on the `SceneStack` like a direct `push`/`pop` (applied after the frame).

The app layer (`castellion.screens.install_routes`) registers one factory per route:
`factory(ctx, *args, **kwargs) -> Scene`, usually the scene class itself. `make` tags the scene it
builds with its route (`scene.route`), so "is a reveal on the stack" is a route question, not an
`isinstance` of another scene's class. A screen class also declares its route (`route =
Route.PAUSE`) so that a scene built directly (the tests do) is tagged too. Asking for a route
nobody registered raises `LookupError` (the stack turns it into the error overlay; the program
goes on).

What each route's factory takes (the app's registrations must keep to it):

    MENU      ()                               the title screen
    SETUP     (level="intro", seed=None)       choosing a game
    BOARD     (game_or_session, coach=None, demo=None)  the castle; see `scenes.flow.show_session` (a
                                               coach: the tutorial's guide over it, `scenes.board.coach`;
                                               demo=True: the computer plays it, demo=[actions]: that
                                               line replayed — `scenes.board.demo`, `flow.watch_deal`)
    REVEAL    (encounters, animate=True)       the Ordeal reveal
    END       (game, names=())                 the end screen, read from a finished `Game`
    PAUSE     ()                               Esc at the castle
    RULES     (topic="goal")                   the rules reference (F1)
    CONFIRM   (title, text="", on_yes=None, on_no=None, *, yes=None, no=None, cautious=False)
    SETTINGS  ()                               every player setting
    CONTROLS  ()                               the keys of every action (Settings → Controls)
    ACCESSIBILITY ()                           text size (Settings → Accessibility)
    SAVES     ()                               the saved games
    SAVE_GAME (session)                        naming a save
    STATS     ()                               the statistics
    ERROR     (error)                          shown instead of crashing
    TUTORIAL  (start=None)                     "Learn to play": the parts; `start` a part id to begin it
    ANALYSIS  (level, seed, options=None, *, work=None, fair_wins=None)  "Was this deal winnable?"
    REVIEW    (options, history)               a finished game reviewed (`scenes.review`)
    DEAL_CODE (code="")                        "Play this deal": a deal code typed in (`scenes.dealcode`)
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable
from typing import Any, Protocol

from castellion.scenes.stack import Scene, SceneStack

log = logging.getLogger("castellion.scenes")

Factory = Callable[..., Scene]


class NavContext(Protocol):
    """What the navigator needs of the context (the factories get the whole context)."""

    @property
    def stack(self) -> SceneStack | None: ...

    @property
    def settings(self) -> Any: ...


class Route(enum.Enum):
    """The screens of the program, by what they are for."""

    MENU = "menu"
    SETUP = "setup"
    BOARD = "board"
    REVEAL = "reveal"
    END = "end"
    PAUSE = "pause"
    RULES = "rules"
    CONFIRM = "confirm"
    SETTINGS = "settings"
    CONTROLS = "controls"
    ACCESSIBILITY = "accessibility"
    SAVES = "saves"
    SAVE_GAME = "save_game"
    STATS = "stats"
    ERROR = "error"
    TUTORIAL = "tutorial"
    ANALYSIS = "analysis"
    DAILY = "daily"
    ACHIEVEMENTS = "achievements"
    REVIEW = "review"
    DEAL_CODE = "deal_code"


class Navigator:
    """Builds scenes by route from the factories the app registered, and queues them on the stack.

    Never changes the stack at once: every request is queued (see `scenes.stack`)."""

    def __init__(self, ctx: NavContext, factories: dict[Route, Factory] | None = None) -> None:
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


__all__ = ["Factory", "NavContext", "Navigator", "Route"]
