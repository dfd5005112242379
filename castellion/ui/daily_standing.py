"""Whether a game is a daily deal, of which day, and whether it counts or is practice: the one
reading the end screen and the board share (so they never disagree about a game).

The day comes from the game's level, seed and options (`daily_records.deal_day`); practice from
the daily records of stats.json (`daily_records.is_practice`): the day's attempt is another game,
or the deal is a past day's. Without the data folder (`persist` off) nothing is recorded, and no
game is called practice.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from castellion import persistence as P
from castellion.persistence.daily_records import deal_day, is_practice
from castellion.persistence.stats import game_key
from castellion.rules import Game
from castellion.ui.text import t


@dataclass(frozen=True)
class DailyStanding:
    """A daily deal's game: the deal's day, and whether this game is practice."""

    day: dt.date
    practice: bool

    def label(self) -> str:
        """The board's short words: "Daily deal" (this game counts) or "Daily deal — practice"."""
        return t("board.daily_practice" if self.practice else "board.daily")


class DailyHost(Protocol):
    """What the standing needs of the program (the scenes' context): today's date (injected, so
    tests choose the day) and whether the data folder is in use."""

    @property
    def persist(self) -> bool: ...

    def today(self) -> dt.date: ...


def daily_standing(ctx: DailyHost, level: str, seed: object, options: Mapping[str, object],
                   key: str | None) -> DailyStanding | None:
    """The standing of the game `key` of `level` / `seed` / `options` (None: not a daily deal)."""
    today = ctx.today()
    day = deal_day(level, seed, options, today)
    if day is None:
        return None
    if not ctx.persist:
        return DailyStanding(day, False)
    return DailyStanding(day, is_practice(P.load_stats().days, day, level, key, today))


def game_standing(ctx: DailyHost, game: Game) -> DailyStanding | None:
    """`daily_standing` of a game in play (its options hold its level and seed)."""
    options = game.options
    return daily_standing(ctx, str(options.get("level", game.level_spec.id)), options.get("seed"), options,
                          game_key(options, game.history))


__all__ = ["DailyStanding", "daily_standing", "game_standing"]
