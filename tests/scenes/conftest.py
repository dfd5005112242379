"""The scenes' shared set-up: a context on a data folder, on a fixed day (the daily screens, the
board), and the scene stack's frames."""

from __future__ import annotations

import datetime as dt

import pygame
import pytest

from castellion import persistence as P

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
