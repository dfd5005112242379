"""Which achievements the statistics prove (pure over a `Statistics`; nothing stored).

An achievement is unlocked when the records read from stats.json show it: the same hardened read,
lock and one-record-per-game as the counts, so a hostile file, two copies or a kill -9 can unlock
nothing the records do not prove (tests/persistence/test_achievements.py)."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable

from castellion.content.achievements import Achievement, bundled
from castellion.rules import default_ruleset

from .daily_records import daily_streaks
from .stats import Statistics


def _won(stats: Statistics, level: str | None = None, leaning: str | None = None, players: int | None = None) -> int:
    return sum(r.won for (lv, va, pl), r in stats.records.items()
               if (level is None or lv == level) and (leaning is None or _leaning(lv, va) == leaning)
               and (players is None or pl == players))


def _leaning(level: str, variant: str) -> str | None:
    """Where the variant of a record leans (`options.Leaning`), None for one this version lacks."""
    try:
        return default_ruleset().level(level).leaning(variant).value
    except ValueError:
        return None


def best_daily_streak(stats: Statistics) -> int:
    """The longest run of won daily deals of one level, over the levels."""
    levels = {level for (_day, level) in stats.days}
    return max([0] + [daily_streaks(stats.days, lv, _dt.date.max)[1] for lv in levels])


def holds(stats: Statistics, achievement: Achievement) -> bool:
    """Whether `stats` prove `achievement`."""
    cond, value = achievement.condition, achievement.value
    if cond == "won_level":
        return _won(stats, level=str(value)) > 0
    if cond == "won_variant":
        return _won(stats, leaning=str(value)) > 0
    if cond == "won_pantry":
        return any(b.pantry_won for b in stats.bests.values())
    if cond == "won_without_hints":
        return any(r.won > r.won_with_hints for r in stats.records.values())
    if cond == "won_two_players":
        return _won(stats, players=2) > 0
    if cond == "daily_streak":
        return best_daily_streak(stats) >= int(value)
    if cond == "all_powers":
        return any(b.all_powers for b in stats.bests.values())
    return False  # the loader admits no other condition


def unlocked(stats: Statistics, achievements: Iterable[Achievement] | None = None) -> list[Achievement]:
    """The achievements `stats` prove, in file order."""
    return [a for a in (bundled() if achievements is None else achievements) if holds(stats, a)]
