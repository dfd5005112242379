"""The daily deal: one seed per date and level, the same on every machine (pure, no clock).

The seed of a day is derived from the date alone — never from a clock read here, nor the network:
the caller passes the date (the app passes today's local date from its injected `today`). The
derivation is part of the format (docs/daily.md) and pinned by tests/persistence/test_daily.py:

    seed = int.from_bytes(sha256(b"castellion-daily-v1:YYYY-MM-DD:LEVEL").digest()[:8], "big") >> 1

63 bits, so the seed is a non-negative integer that fits every signed 64-bit store. A version
that changes the derivation must change the "v1" tag, so no old result is read as a new day's.
"""

from __future__ import annotations

import datetime as _dt
import hashlib

from castellion.rules import normal_seed

TAG = "castellion-daily-v1"
# how many past days the calendar shows and a recorded game is matched against (about 5 months)
CALENDAR_DAYS = 150


def parse_day(text: str) -> _dt.date:
    """`YYYY-MM-DD` as a date; `ValueError` for anything else (no other spelling is accepted, so
    one date has one seed)."""
    if not isinstance(text, str) or len(text) != 10 or text[4] != "-" or text[7] != "-":
        raise ValueError(f"a date is written YYYY-MM-DD, not {text!r}")
    return _dt.date.fromisoformat(text)


def daily_seed(day: _dt.date | str, level: str) -> int:
    """The seed of the daily deal of `level` on `day` (a date or its `YYYY-MM-DD`)."""
    iso = parse_day(day).isoformat() if isinstance(day, str) else day.isoformat()
    digest = hashlib.sha256(f"{TAG}:{iso}:{level}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def daily_day(seed: object, level: str, today: _dt.date, days: int = CALENDAR_DAYS) -> _dt.date | None:
    """The day, from `today` back `days` days, whose daily deal of `level` is the deal `seed`
    names, or None (a deal of the setup screen). A deal is known by its normal seed (the 64 bits
    the generator keeps: `rules.normal_seed`), so any spelling of a day's seed is that day's deal,
    however it was started (the daily screen, Setup, the command line). A day ahead of `today` is
    never matched: it has not come yet."""
    if type(seed) is not int:
        return None
    deal = normal_seed(seed)
    for back in range(days + 1):
        day = today - _dt.timedelta(days=back)
        if daily_seed(day, level) == deal:
            return day
    return None


__all__ = ["CALENDAR_DAYS", "TAG", "daily_day", "daily_seed", "parse_day"]
