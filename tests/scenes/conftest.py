"""The scenes' shared set-up: a context on a data folder, on a fixed day (the daily screens, the
board), the scene stack's frames, and the known lost game's quick review (the review's screens)."""

from __future__ import annotations

import datetime as dt

import pygame
import pytest

from castellion import persistence as P
from tests.review_helpers import lost_review

DAY = dt.date(2026, 12, 1)


def stack_frames(ctx, n: int = 2, surface: pygame.Surface | None = None) -> pygame.Surface:
    """`n` frames of the scene stack on an off-screen canvas (`surface`, else a new one, which is
    answered): events, update, draw, pending changes."""
    surface = surface or pygame.Surface(ctx.canvas)
    for _ in range(n):
        for event in pygame.event.get():
            ctx.stack.handle(event)
        ctx.stack.update(1 / 60)
        ctx.stack.draw(surface)
        ctx.stack.apply_pending()
    return surface


@pytest.fixture(scope="module")
def quick_review() -> dict:
    """The known lost game's review, only its blunder played out (`review_helpers.lost_review`),
    computed once per test module."""
    return lost_review()


@pytest.fixture
def day_ctx(ctx, home):
    """The test context on the data folder `home`, its today fixed at DAY, no achievement told
    yet, two players' names typed."""
    P.startup()
    ctx.persist = True
    ctx.today = lambda: DAY
    ctx.achievements_known = set()
    ctx.player_names = ("Anna", "Ben")
    return ctx
