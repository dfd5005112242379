"""Navigation between screens: a scene names where to go (a `Route`); the app says what is there.

Scenes never import each other (tests/project/test_layers.py fails on such an import). A scene that opens
another asks the navigator the app put on the context, `ctx.nav` (`scenes.context.Navigator`: it
lives beside the `SceneContext` it hands each factory, so neither module imports the other):

    self.ctx.nav.push(Route.RULES, topic="levels")           # a screen on top of this one
    self.ctx.nav.push(Route.END, game, names=names)          # arguments go to the screen's factory
    self.ctx.nav.replace(self, Route.BOARD, session)         # this scene makes way for another
    self.ctx.nav.reset(Route.MENU, nav.make(Route.SETUP, level="base"))   # a fresh stack, bottom first
    self.ctx.nav.ask(title, text, on_yes)                    # a yes/no question (Route.CONFIRM)
    if self.ctx.nav.showing(Route.REVEAL): ...               # on the stack, or queued to be

Every change is queued on the `SceneStack` like a direct `push`/`pop` (applied after the frame).

The app layer (`castellion.screens.routes`) registers one factory per route:
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

from castellion.scenes.stack import Scene

log = logging.getLogger("castellion.scenes")

Factory = Callable[..., Scene]


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


__all__ = ["Factory", "Route"]
