"""Which scene each `Route` shows: the one place that knows every screen (app layer).

Scenes ask for a route (`ctx.nav.push(Route.RULES)`, see `castellion.scenes.nav`); this module
says what is there. It is the only module besides `castellion.app` that imports scene modules, so
scenes never import each other and there is no circle between them (tests/project/test_layers.py).

The title screen and the overlays are imported at once (the first frame needs them). The board,
the reveal, the saves and the statistics are imported when first shown: together with the rules
they pull in, they cost about 200 ms at start-up (measured with `python -X importtime`, 0.49 s
against 0.30 s for `import castellion.scenes.board` on top of the menu), and the menu does not
need them.
"""

from __future__ import annotations

from typing import Any

from castellion.scenes import end, menu, overlays, setup
from castellion.scenes.context import SceneContext
from castellion.scenes.nav import Factory, Route
from castellion.scenes.stack import Scene


def _board(ctx: SceneContext, game_or_session: Any, coach: Any = None, demo: Any = None) -> Scene:
    from castellion.scenes.board import BoardScene  # deferred: see the module docstring

    if demo is None:
        return BoardScene(ctx, game_or_session, coach=coach)
    from castellion.scenes.board.demo import DemoDriver
    from castellion.scenes.flow import adopt_session

    # demo=True: the computer plays; demo=[actions]: a line found by the analysis, replayed. Taken
    # over, the game is the player's: autosaved from then on
    driver = DemoDriver(None if demo is True else list(demo), on_take_over=lambda s, done: adopt_session(ctx, s, done))
    return BoardScene(ctx, game_or_session, coach=coach, demo=driver)


def _reveal(ctx: SceneContext, *args: Any, **kwargs: Any) -> Scene:
    from castellion.scenes.reveal import OrdealRevealScene  # deferred: see the module docstring

    return OrdealRevealScene(ctx, *args, **kwargs)


def _saves(ctx: SceneContext) -> Scene:
    from castellion.scenes.saves import SavesScene  # deferred: see the module docstring

    return SavesScene(ctx)


def _save_game(ctx: SceneContext, session: Any) -> Scene:
    from castellion.scenes.save_game import SaveGameOverlay  # deferred: see the module docstring

    return SaveGameOverlay(ctx, session)


def _controls(ctx: SceneContext) -> Scene:
    from castellion.scenes.controls import ControlsOverlay  # deferred: only Settings opens it

    return ControlsOverlay(ctx)


def _tutorial(ctx: SceneContext, *args: Any, **kwargs: Any) -> Scene:
    from castellion.scenes.tutorial import TutorialScene  # deferred: see the module docstring

    return TutorialScene(ctx, *args, **kwargs)


def _stats(ctx: SceneContext) -> Scene:
    from castellion.scenes.stats import StatisticsScene  # deferred: see the module docstring

    return StatisticsScene(ctx)


def _analysis(ctx: SceneContext, *args: Any, **kwargs: Any) -> Scene:
    from castellion.scenes.analysis import AnalysisOverlay  # deferred: it brings in the computer player

    return AnalysisOverlay(ctx, *args, **kwargs)


def _daily(ctx: SceneContext) -> Scene:
    from castellion.scenes.daily import DailyScene  # deferred: see the module docstring

    return DailyScene(ctx)


def _achievements(ctx: SceneContext) -> Scene:
    from castellion.scenes.achievements import AchievementsScene  # deferred: see the module docstring

    return AchievementsScene(ctx)


def _review(ctx: SceneContext, *args: Any, **kwargs: Any) -> Scene:
    from castellion.scenes.review import ReviewScene  # deferred: it brings in the computer player

    return ReviewScene(ctx, *args, **kwargs)


def _accessibility(ctx: SceneContext) -> Scene:
    from castellion.scenes.access import AccessibilityOverlay

    return AccessibilityOverlay(ctx)


def _deal_code(ctx: SceneContext, *args: Any, **kwargs: Any) -> Scene:
    from castellion.scenes.dealcode import DealCodeOverlay  # deferred: see the module docstring

    return DealCodeOverlay(ctx, *args, **kwargs)


def routes() -> dict[Route, Factory]:
    """A factory for every route (the contract of each is listed in `castellion.scenes.nav`)."""
    return {
        Route.MENU: menu.MenuScene,
        Route.SETUP: setup.SetupScene,
        Route.BOARD: _board,
        Route.REVEAL: _reveal,
        Route.END: end.EndScreen.from_game,
        Route.PAUSE: overlays.PauseOverlay,
        Route.RULES: overlays.RulesOverlay,
        Route.CONFIRM: overlays.ConfirmOverlay,
        Route.SETTINGS: overlays.SettingsOverlay,
        Route.CONTROLS: _controls,
        Route.ACCESSIBILITY: _accessibility,
        Route.SAVES: _saves,
        Route.SAVE_GAME: _save_game,
        Route.STATS: _stats,
        Route.ERROR: overlays.ErrorOverlay,
        Route.TUTORIAL: _tutorial,
        Route.ANALYSIS: _analysis,
        Route.DAILY: _daily,
        Route.ACHIEVEMENTS: _achievements,
        Route.REVIEW: _review,
        Route.DEAL_CODE: _deal_code,
    }


__all__ = ["routes"]
