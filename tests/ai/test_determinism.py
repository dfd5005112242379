"""The same move on every machine (issue 19): the computer player's budget counts work, so the
same view with the same budget gives the same action and reason however busy the machine is.

Checked the hard way: the answers for mid-game views of every level are computed once, then again
while two processes burn both cores beside the test; they must be identical, action, reason and
the work spent. (Under the old wall-clock budget, 64 of 101 intro placements overran on a loaded
machine and some of them came out different.)"""

from __future__ import annotations

import subprocess
import sys

import pytest

from castellion import ai
from castellion.rules import new_game
from castellion.rules.public import public_view

BURN = "while True: pass"


def positions(level: str, count: int, first_seed: int = 40):
    """`count` public views of games the player is playing at `level`, every third decision that
    has a choice (the first few decisions of a deal are alike, so several deals are used)."""
    views = []
    seed = first_seed
    while len(views) < count:
        game = new_game(level, seed=seed)
        k = 0
        while game.outcome is None and len(views) < count:
            if len(game.legal_actions()) > 1:
                k += 1
                if k % 3 == 0:
                    views.append(public_view(game))
            game.apply(ai.best_move(game).action)
        seed += 1
    return views


def answers(views):
    return [(d.action, d.reason, d.work) for d in (ai.best_move(v) for v in views)]


def burners(n: int = 2):
    return [subprocess.Popen([sys.executable, "-c", BURN]) for _ in range(n)]


def _check(count: int) -> None:
    views = {level: positions(level, count) for level in ("intro", "base", "expert")}
    idle = {level: answers(v) for level, v in views.items()}
    procs = burners()
    try:
        loaded = {level: answers(v) for level, v in views.items()}
    finally:
        for p in procs:
            p.kill()
            p.wait()
    for level in views:
        assert len(idle[level]) == count
        for i, (a, b) in enumerate(zip(idle[level], loaded[level], strict=True)):
            assert a == b, f"{level} position {i}: {a} idle but {b} under load"
    assert any(w > 0 for level in idle for _, _, w in idle[level])  # real decisions were priced


def test_the_same_view_gives_the_same_move_beside_two_busy_processes():
    _check(5)


@pytest.mark.slow
def test_the_same_view_gives_the_same_move_on_100_positions_per_level_under_load():
    """The issue's figure: 100 mid-game positions per level."""
    _check(100)
