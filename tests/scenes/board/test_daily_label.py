"""The board's top bar says when its game is a daily deal: "Daily deal" for the day's attempt (it
counts), "Daily deal — practice" for a retry or a past day replayed; a deal of the setup screen
says neither. The board reads it as the end screen does (`ui.daily_standing`)."""

from __future__ import annotations

import datetime as dt

import pygame

from castellion.content.daily import daily_seed
from castellion.persistence.daily_records import GameFacts
from castellion.persistence.stats import record_game
from castellion.rules import new_game
from castellion.scenes.board import BoardScene
from castellion.scenes.end import EndScreen
from castellion.ui.text import t
from tests.scenes.conftest import DAY


def shown(ctx, game) -> BoardScene:
    """The board of `game` entered and drawn once."""
    board = BoardScene(ctx, game)
    ctx.stack.reset(board)
    ctx.stack.apply_pending()
    board.draw(pygame.Surface(ctx.canvas))
    return board


def test_a_normal_game_shows_no_daily_label(day_ctx, spy):
    board = shown(day_ctx, new_game("intro", seed=3))
    assert board.options_text() == ""
    assert not spy.drawn(t("board.daily")) and not spy.drawn(t("board.daily_practice"))


def test_todays_first_game_of_the_deal_is_labelled_as_counting(day_ctx, spy):
    board = shown(day_ctx, new_game("intro", seed=daily_seed(DAY, "intro")))
    assert board.options_text() == t("board.daily")
    assert spy.drawn(t("board.daily")) and not spy.drawn(t("board.daily_practice"))


def test_a_retry_of_todays_deal_is_labelled_practice(day_ctx, spy):
    seed = daily_seed(DAY, "intro")
    record_game({"level": "intro", "seed": seed}, "lost", turns=9, key="b" * 32, facts=GameFacts(day=DAY))
    board = shown(day_ctx, new_game("intro", seed=seed))
    assert board.options_text() == t("board.daily_practice")
    assert spy.drawn(t("board.daily_practice"))


def test_a_past_days_deal_is_labelled_practice(day_ctx, spy):
    board = shown(day_ctx, new_game("base", seed=daily_seed(DAY - dt.timedelta(days=5), "base")))
    assert board.options_text() == t("board.daily_practice")
    assert spy.drawn(t("board.daily_practice"))


def test_the_deals_own_options_only(day_ctx):
    """Today's seed with the Pantry is not the daily deal (`is_daily_options`): no label, as the
    end screen does not call it a daily deal either."""
    game = new_game("base", seed=daily_seed(DAY, "base"), pantry=True)
    board = shown(day_ctx, game)
    assert t("board.daily") not in board.options_text()
    assert EndScreen.from_game(day_ctx, game).deal_day() is None


def test_the_board_and_the_end_screen_agree_on_a_past_days_deal(day_ctx):
    """Not recorded yet (its end still being written): a past day's deal is practice on both."""
    game = new_game("intro", seed=daily_seed(DAY - dt.timedelta(days=2), "intro"))
    board = shown(day_ctx, game)
    end = EndScreen.from_game(day_ctx, game)
    assert board.daily is not None and board.daily.practice and end.practice()


def test_an_attempt_hides_its_seed_until_it_ends(day_ctx, spy):
    """Issue 29, item 6: during a counted attempt the top bar showed the deal's seed, and Setup's
    "Watch the computer play" with it showed the draw order in advance. The seed is shown only once
    the attempt ends (practice shows it: the attempt is over)."""
    seed = daily_seed(DAY, "intro")
    shown(day_ctx, new_game("intro", seed=seed))
    assert not spy.drawn(t("board.seed", seed=seed)) and spy.drawn(t("board.turn", turn=1))
    spy.texts.clear()
    shown(day_ctx, new_game("intro", seed=3))
    assert spy.drawn(t("board.seed", seed=3))  # an ordinary deal still shows its seed
    record_game({"level": "intro", "seed": seed}, "lost", turns=9, key="b" * 32, facts=GameFacts(day=DAY))
    spy.texts.clear()
    shown(day_ctx, new_game("intro", seed=seed))
    assert spy.drawn(t("board.seed", seed=seed))


def test_watching_the_computer_play_a_daily_deal_waits_for_its_attempt(day_ctx):
    """Issue 29, item 6: Setup's "Watch the computer play" of today's deal, before its attempt ended,
    is refused with a notice; once the attempt is recorded it may be watched."""
    from castellion.scenes.nav import Route
    from castellion.scenes.setup import SetupScene

    seed = daily_seed(DAY, "intro")
    setup = SetupScene(day_ctx, level="intro")
    day_ctx.stack.reset(setup)
    day_ctx.stack.apply_pending()
    setup.seed_text = str(seed)
    setup.seed_ok = lambda: True  # the daily's 19 digits, as a deal handed to Setup
    setup.watch()
    day_ctx.stack.apply_pending()
    assert not day_ctx.nav.showing(Route.BOARD)
    assert t("setup.daily_not_watched", day=DAY.isoformat()) in [n.text for n in day_ctx.notices.items]
    record_game({"level": "intro", "seed": seed}, "lost", turns=9, key="b" * 32, facts=GameFacts(day=DAY))
    setup.watch()
    day_ctx.stack.apply_pending()
    assert day_ctx.nav.showing(Route.BOARD)
