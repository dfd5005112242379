"""A daily deal's code (rules/dealcode.py) is never shown while the day's attempt runs: it would let
anyone — the player too, through "Play a deal code…" or "Watch the computer play" — see the deal
before the attempt is played. Every screen a running attempt reaches is walked and drawn (the board,
the pause menu, saving, the saves, the daily screen, rules, settings, statistics, achievements, the
menu, Setup) and none draws the code nor the seed; the end screen, after the attempt, shows it.
(In Japanese the save dialog's default name, "ゲーム {seed}", carried the daily seed: it no longer does.)"""

from __future__ import annotations

import random

import pytest

from castellion.content.daily import daily_seed
from castellion.rules.dealcode import code_of
from castellion.scenes.flow import start_board
from castellion.scenes.nav import Route
from castellion.ui.text import set_language, t
from tests.scenes.conftest import DAY
from tests.scenes.conftest import stack_frames as frames


def forms(code: str) -> list[str]:
    """The code as written, and without its dashes (how a screen might run it together)."""
    return [code, code.replace("-", ""), code.replace("-", " ")]


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_a_running_daily_attempt_never_shows_its_code_and_its_end_does(day_ctx, spy, lang):
    set_language(lang)
    seed = daily_seed(DAY, "intro")
    code = code_of({"level": "intro", "seed": seed}, day_ctx.ruleset())
    assert code is not None
    start_board(day_ctx, "intro", seed)
    frames(day_ctx)
    board = day_ctx.stack.top
    assert day_ctx.nav.showing(Route.BOARD) and board.daily is not None and not board.daily.practice
    session = board.session
    rng = random.Random(5)
    for _ in range(6):  # the attempt is under way
        session.apply(rng.choice(session.game.legal_actions()))
    frames(day_ctx)
    on_board = set(spy.texts)
    assert spy.drawn(t("board.turn", turn=session.game.turn))  # the spy sees what the board drew
    own: dict[Route, set[str]] = {}  # what each screen drew that the board did not
    for route, args in ((Route.PAUSE, ()), (Route.SAVE_GAME, (session,)), (Route.SAVES, ()), (Route.DAILY, ()),
                        (Route.RULES, ()), (Route.SETTINGS, ()), (Route.STATS, ()), (Route.ACHIEVEMENTS, ()),
                        (Route.MENU, ()), (Route.SETUP, ())):
        start = len(spy.texts)
        day_ctx.nav.push(route, *args)
        frames(day_ctx)
        assert day_ctx.stack.top.route is route and not day_ctx.errors, route
        own[route] = set(spy.texts[start:]) - on_board
        day_ctx.stack.top.pop()
        frames(day_ctx)
    assert day_ctx.stack.top is board
    # each screen's own words were seen (a screen whose text escaped the spy would prove nothing)
    assert {route for route, texts in own.items() if not texts} == set(), own
    drawn = list(spy.texts)
    for shown in drawn:
        assert not any(form in shown for form in forms(code)), shown
        assert str(seed) not in shown, shown
    while session.game.outcome is None:  # the attempt ends
        session.apply(rng.choice(session.game.legal_actions()))
    frames(day_ctx, 4)
    assert day_ctx.nav.showing(Route.END)
    spy.texts.clear()
    frames(day_ctx)
    assert spy.drawn(code)  # now it may be read aloud and typed
