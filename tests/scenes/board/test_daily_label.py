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
