"""The daily screens' and the board's shared set-up: a context on a data folder, on a fixed day."""

from __future__ import annotations

import datetime as dt

import pygame
import pytest

from castellion import persistence as P

DAY = dt.date(2026, 12, 1)


def stack_frames(ctx, n: int = 2) -> None:
    """`n` frames of the scene stack on an off-screen canvas: events, update, draw, pending changes."""
    surface = pygame.Surface(ctx.canvas)
    for _ in range(n):
        for event in pygame.event.get():
            ctx.stack.handle(event)
        ctx.stack.update(1 / 60)
        ctx.stack.draw(surface)
        ctx.stack.apply_pending()


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
