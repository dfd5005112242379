"""The daily screens' and the board's shared set-up: a context on a data folder, on a fixed day."""

from __future__ import annotations

import datetime as dt

import pytest

from castellion import persistence as P

DAY = dt.date(2026, 12, 1)


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
