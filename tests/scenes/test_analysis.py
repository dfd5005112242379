""""Was this deal winnable?" (issue 14): the end screen after a loss offers an analysis with full
knowledge of the deal (said so on screen), run off the main loop, that replays the line it found."""

from __future__ import annotations

import time

import pygame
import pytest

from castellion.ai.difficulty import RUNS
from castellion.ai.winnable import WINNABLE_WORK, find_winning_line, search_deal
from castellion.rules import new_game
from castellion.scenes.analysis import AnalysisOverlay
from castellion.scenes.end import EndScreen
from castellion.scenes.nav import Route
from castellion.ui.text import t, tn
from tests.conftest import post_click


def frames(ctx, n: int = 1, until=lambda: False, dt: float = 1 / 60) -> None:
    """Up to `n` frames, fewer once `until()` holds (the analysis runs in the background: a short
    pause a frame lets it come; `n` is a hang guard, not a speed check)."""
    surface = pygame.Surface(ctx.canvas)
    for _ in range(n):
        for event in pygame.event.get():
            ctx.stack.handle(event)
        ctx.stack.update(dt)
        ctx.stack.draw(surface)
        ctx.stack.apply_pending()
        if until():
            return
        time.sleep(0.005)


def test_a_found_line_wins_the_true_deal():
    # seed 2: a deal the fair player itself wins (docs/lab/normal.csv), so the first try finds the line
    deal = new_game("intro", seed=2)
    line, tries = find_winning_line(deal)
    assert line is not None and tries >= 1 and deal.history == ()  # the deal itself is untouched
    game = new_game("intro", seed=2)
    for action in line:
        game.apply(action)  # every action legal on the real deal (R-O6: the game is won)
    assert game.outcome is not None and game.outcome.result == "won"


def test_the_end_screen_offers_it_after_a_loss_only(ctx):
    won = EndScreen(ctx, result="won", level="intro", seed=3)
    lost = EndScreen(ctx, result="lost", level="intro", seed=3)
    assert won.winnable is None and lost.winnable is not None
    ctx.stack.push(lost)
    ctx.stack.apply_pending()
    post_click(lost.winnable.rect.center)
    frames(ctx, 2)
    assert ctx.nav.showing(Route.ANALYSIS)
    ctx.stack.top.close()
    frames(ctx, 2)


def test_the_analysis_runs_says_full_knowledge_and_replays_its_line(ctx, spy):
    overlay = AnalysisOverlay(ctx, "intro", 2, {})  # seed 2: see the test above
    ctx.stack.push(overlay)
    frames(ctx, 2)
    # the label comes first: this analysis saw what the player could not
    assert spy.drawn(t("analysis.full_knowledge")[:20]) and spy.drawn(t("analysis.title"))
    frames(ctx, 20000, until=lambda: overlay.done)
    assert overlay.done and overlay.line is not None
    frames(ctx, 2)
    assert overlay.watch_button.enabled
    post_click(overlay.watch_button.rect.center)
    frames(ctx, 3)
    board = ctx.stack.top
    assert ctx.nav.find(Route.BOARD) is board and board.demo.replay
    assert board.session.practice and board.session.game.seed == 2
    frames(ctx, 3000, until=lambda: not board.demo.active, dt=1.0)  # a second a frame: the slow default speed
    assert list(board.session.game.history) == overlay.line
    assert board.session.game.outcome is not None and board.session.game.outcome.result == "won"


def test_no_line_within_the_budget_is_said_plainly(ctx, spy):
    overlay = AnalysisOverlay(ctx, "intro", 0, {}, work=0, fair_wins=0)  # the end screen said 0 in 5
    ctx.stack.push(overlay)
    frames(ctx, 20000, until=lambda: overlay.done)
    assert overlay.done and overlay.line is None and not overlay.watch_button.enabled
    assert overlay.tries == RUNS  # the five fair games the end screen counted are in the count
    spy.texts.clear()
    frames(ctx, 1)
    assert spy.drawn(tn("analysis.not_found", RUNS)[:20])


def test_the_analysis_agrees_with_the_end_screens_difficulty():
    """A deal the end screen calls won by the computer k > 0 times in 5 is never answered "no
    winning line found": the analysis replays those very games first, and one of them wins."""
    from castellion.ai.difficulty import deal_difficulty

    seed = next(s for s in range(2, 40) if deal_difficulty("intro", s, runs=RUNS).wins > 0)
    line, tries, fair = search_deal("intro", seed, {}, work=0)
    assert line is not None and fair and 1 <= tries <= RUNS
    game = new_game("intro", seed=seed)
    for action in line:
        game.apply(action)
    assert game.outcome is not None and game.outcome.result == "won"
    # and a search of a handful of games is no answer: the budget is some ten games after those five
    assert WINNABLE_WORK >= 8 * 4500


def test_the_same_deal_and_budget_give_the_same_analysis():
    """The analysis counts work, not time: two runs of one budget agree to the try."""
    deal = new_game("intro", seed=0)
    assert find_winning_line(deal, 800) == find_winning_line(deal, 800)


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_at_200_percent_the_panel_grows_with_its_words_and_fits_the_window(ctx, lang):
    """Issue 31: the analysis is laid out from its measured words and takes the player's 200 %
    (it was held at 100 %); every answer it may give has its room above the buttons."""
    from castellion.ui.text import set_language

    set_language(lang)
    ctx.fonts.set_text_scale(2.0)
    overlay = AnalysisOverlay(ctx, "intro", 2, {})
    overlay.close()
    assert overlay.text_limit == 2.0
    assert overlay.panel.h > AnalysisOverlay.panel_size[1] and ctx.canvas[1] - overlay.panel.h >= 24
    with ctx.fonts.limited(overlay.text_limit):
        note, answer = overlay._boxes(ctx, overlay.panel.w)
    assert overlay.panel.y + 96 + note + 44 + answer <= overlay.watch_button.rect.y
