"""Winnable deals only, on the screens (headless): Setup's toggle deals a proved deal at once —
the store's first (kept ahead in the computer player's process), else the shipped list's — and the
board's top bar and the end screen say "proved winnable"; after a loss the end screen offers the
winning line (the analysis, which says it knew every tile)."""

from __future__ import annotations

from typing import Any

import pytest

from castellion.ai.pool import ComputePool
from castellion.ai.proved import ProvedStore, candidate_seeds, combo_key
from castellion.content.proved import shipped, tried
from castellion.scenes.end import EndScreen
from castellion.scenes.nav import Route
from castellion.ui.proved import proved_winnable
from castellion.ui.text import set_language, t
from tests.conftest import await_proof, even_proof, post_click
from tests.scenes.conftest import stack_frames as frames


@pytest.fixture
def quiet_store(ctx):
    """A store that proves nothing (keep 0): what is dealt comes from the shipped list."""
    pool = ComputePool(process=False)
    ctx.proved_store = ProvedStore(pool, keep=0)
    yield ctx.proved_store
    pool.close()


def open_setup(ctx: Any) -> Any:
    ctx.stack.push(ctx.nav.make(Route.SETUP))
    frames(ctx)
    setup = ctx.stack.top
    assert setup.winnable_toggle.visible and not setup.winnable
    return setup


def the_board_game(ctx: Any) -> Any:
    assert ctx.nav.showing(Route.BOARD) and not ctx.errors
    board = ctx.stack.top
    return board.session.game if hasattr(board, "session") else board.game


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_toggle_deals_a_shipped_proved_deal_and_the_board_says_so(ctx, quiet_store, lang):
    set_language(lang)
    assert shipped("intro/normal/no/1"), "the game ships proved deals of the default choice"
    setup = open_setup(ctx)
    setup.seed_text = "424242"  # typed, but not what winnable-only deals
    post_click(setup.winnable_toggle.rect.center)
    frames(ctx)
    assert setup.winnable and not setup.seed_field.visible and not setup.random_button.visible
    post_click(setup.start_button.rect.center)
    frames(ctx, 4)
    game = the_board_game(ctx)
    assert game.seed in shipped("intro/normal/no/1")
    assert ctx.settings.new_game["winnable"] is True  # remembered for the next New game
    board = ctx.stack.top
    assert t("board.opt.proved") in board.options_text()


def test_the_store_is_used_first_and_its_deal_is_proved(ctx):
    pool = ComputePool(process=False)
    try:
        ctx.proved_store = store = ProvedStore(pool, keep=1, prove=even_proof, first=tried)
        setup = open_setup(ctx)
        setup._select_level("base")
        setup._set_variant("prison")
        setup.winnable_toggle.activate()  # as Return / the pad's A on the focused toggle
        for _ in range(200):  # Setup's frames keep proved deals of its choice coming
            frames(ctx, 1)
            if store.ready("base", {"variant": "prison"}):
                break
            await_proof(store)
        key = combo_key("base", {"variant": "prison"})
        expected = next(s for s in candidate_seeds(key, tried(key), 50) if s % 2 == 0)
        post_click(setup.start_button.rect.center)
        frames(ctx, 4)
        game = the_board_game(ctx)
        assert (game.seed, game.options.get("variant")) == (expected, "prison")
        assert proved_winnable(ctx, "base", game.seed, {"variant": "prison"})
        frames(ctx, 5)
        assert store._job is None  # the board is shown: no proof runs behind its hints
    finally:
        pool.close()


def test_with_no_proved_deal_ready_nothing_starts_and_the_player_is_told(ctx, quiet_store, monkeypatch):
    monkeypatch.setattr("castellion.ui.proved.shipped", lambda key: ())
    monkeypatch.setattr("castellion.ui.proved.tried", lambda key: 0)  # not searched yet: the store is on it
    setup = open_setup(ctx)
    setup.winnable_toggle.activate()
    post_click(setup.start_button.rect.center)
    frames(ctx, 3)
    assert ctx.stack.top is setup and not ctx.nav.showing(Route.BOARD)
    assert ctx.notices.shown[-1].text == t("setup.winnable_none")


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_a_choice_whose_searched_deals_were_none_won_says_so_plainly(ctx, quiet_store, monkeypatch, spy, lang):
    """The lab searched this choice's deals and won none: Setup says so in the seed's place and on
    Start, instead of asking the player to wait for a proof that may never come."""
    set_language(lang)
    monkeypatch.setattr("castellion.ui.proved.shipped", lambda key: ())
    monkeypatch.setattr("castellion.ui.proved.tried", lambda key: 12)
    setup = open_setup(ctx)
    setup.winnable_toggle.activate()
    frames(ctx, 2)
    assert setup.unproved and spy.drawn(t("setup.winnable_unproved")[:19])
    assert not spy.drawn(t("setup.winnable_none")[:19])
    post_click(setup.start_button.rect.center)
    frames(ctx, 3)
    assert ctx.stack.top is setup and not ctx.nav.showing(Route.BOARD)
    assert ctx.notices.shown[-1].text == t("setup.winnable_unproved") and not ctx.errors


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_end_screen_says_proved_winnable_and_offers_the_winning_line(ctx, quiet_store, lang):
    set_language(lang)
    seed = shipped("intro/normal/no/1")[0]
    end = EndScreen(ctx, result="lost", level="intro", seed=seed, options={})
    assert end.proved and end.winnable is not None and end.winnable.label == t("end.watch_proved")
    ctx.stack.push(end)
    frames(ctx)
    end.winnable.click()
    frames(ctx, 2)
    assert ctx.nav.showing(Route.ANALYSIS) and not ctx.errors  # it says it knew every tile
    ctx.stack.top.close()
    other = EndScreen(ctx, result="lost", level="intro", seed=424242, options={})
    assert not other.proved or 424242 in shipped("intro/normal/no/1")
    assert other.winnable is not None and other.winnable.label == t("end.winnable")
