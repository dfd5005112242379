"""Whole seeded games at each level, played on the board through posted mouse events only.

Every move is chosen by `castellion.rules.bots.greedy_action` and translated into the gesture a
player makes (see tests/board_driver.py); after each gesture the engine must have applied exactly
that action (it is the last one in `game.history`). Headless: dummy SDL drivers (conftest), fake
clock, no real waits.
"""

from __future__ import annotations

from collections import Counter

import pytest
from board_driver import BoardDriver

from castellion.rules import actions as A
from castellion.rules import new_game
from castellion.rules.bots import greedy_action
from castellion.scenes.end import EndScreen

SEEDS = {"intro": (3, 11), "base": (3, 8), "expert": (3, 5)}


def play_whole_game(ctx, level: str, seed: int, bot_seed: int, policy=None) -> tuple[BoardDriver, Counter]:
    driver = BoardDriver(ctx, new_game(level, seed=seed))
    return driver, driver.play_to_end(policy or greedy_action, bot_seed)


@pytest.mark.parametrize("level", ["intro", pytest.param("base", marks=pytest.mark.slow),
                                   pytest.param("expert", marks=pytest.mark.slow)])
def test_whole_game_through_mouse_gestures(ctx, level):
    total: Counter = Counter()
    for seed in SEEDS[level]:
        ctx.stack.reset()
        ctx.stack.apply_pending()
        driver, seen = play_whole_game(ctx, level, seed, bot_seed=seed * 7 + 1)
        total += seen
        game = driver.game
        assert game.outcome is not None
        assert isinstance(ctx.stack.top, EndScreen), ctx.stack.describe()
        assert ctx.stack.top.result == game.outcome.result
        assert ctx.stack.top.seed == seed
        assert not ctx.errors
    # the gestures covered the level's kinds of decision
    assert total["DrawTile"] and total["PlaceTile"]
    assert total["PlaceTraitor"]
    if level != "intro":
        assert total["UsePower"] + total["SkipPower"] > 0


def test_powers_and_substeps_are_all_reached_by_gestures(ctx):
    """Every sub-step action type goes through a gesture: a greedy player that is curious about
    the kinds of decision not yet made (still choosing only legal actions)."""
    total: Counter = Counter()
    wanted = {"SwapTiles", "RevealTile", "TakeRevealed", "TakeFromDiscard", "DestroyTile", "MoveTile",
              "DiscardTraitor", "DiscardTile", "UsePower", "SkipPower", "EncounterOrdeal"}
    # (RevealOrdeal, the Tower power, is rare in play: tests/test_board.py sets it up directly)

    def curious(game, rng):
        actions = game.legal_actions()
        new = [a for a in actions if type(a).__name__ in wanted - set(total) - {"EncounterOrdeal"}]
        if new and rng.below(3):
            return rng.choice(new)
        if any(isinstance(a, A.UsePower) for a in actions):
            return next(a for a in actions if isinstance(a, A.UsePower))
        return greedy_action(game, rng)

    for level, seed in (("expert", 1), ("base", 2), ("expert", 4), ("base", 5), ("expert", 7)):
        ctx.stack.reset()
        ctx.stack.apply_pending()
        _, seen = play_whole_game(ctx, level, seed, bot_seed=seed + 100, policy=curious)
        total += seen
        if wanted <= set(total):
            break
    assert wanted <= set(total), wanted - set(total)


def test_draw_and_place_in_one_gesture(ctx):
    """Press on the pile (draws), drag, release on a legal foundation cell (places)."""
    from castellion.ui.geometry import LAYOUT, center

    game = new_game("intro", seed=3)
    driver = BoardDriver(ctx, game)
    pile = center(LAYOUT.pile_rect("regular"))
    driver.down(pile)
    assert driver.game.history[-1] == A.DrawTile("regular")
    held = driver.game.held
    cell = center(LAYOUT.cell_rect((0, 2)))
    driver.move(pile, cell, steps=8)
    driver.up(cell)
    last = driver.game.history[-1]
    if held.startswith("T"):
        assert last == A.DrawTile("regular") and driver.game.held == held
    else:
        assert last == A.PlaceTile((0, 2), held)
        assert driver.game.castle().tile_at((0, 2)).code == held
