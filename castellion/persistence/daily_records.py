"""The records beyond the counts in stats.json: the daily deals played and each level's bests,
believed only as far as the counts of the same file prove them; daily streaks are derived, never
stored. What counts as the day's attempt or practice: docs/daily.md.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from castellion.content.daily import CALENDAR_DAYS, daily_day
from castellion.rules import Game
from castellion.rules import actions as A
from castellion.rules.options import PLAIN

CASTLE_CELLS = 36  # a full 6x6 castle
FACTIONS = frozenset("SCJP")  # the four faction powers (rules §6)
_DAY_RE = re.compile(r"^(\d{4}-\d{2}-\d{2})/([A-Za-z0-9_.+-]{1,64})$")
ID_RE = re.compile(r"^[A-Za-z0-9_.+-]{1,64}$")  # a level or variant id
DAY_RESULTS = ("won", "lost", "abandoned", "missed")  # "missed": only practised, never attempted
KEY_RE = re.compile(r"^[0-9a-f]{32}$")  # a `stats.game_key` (`stats.KEY_LENGTH` hex digits)
MAX_DAYS = 100_000  # entries kept: three levels a day for ninety years
# The first daily deal this game could have dealt: no entry is filed under an earlier day.
FIRST_DAY = _dt.date(2026, 11, 30)
# The fewest turns a won game of each level can take (docs/daily.md): every Exam and Simulation
# asks for a complete foundation (6 tiles, R-§5.1), and a turn places at most one tile in a
# castle; the Menace's Earthworms ask for nothing, so only a game with no turn is impossible there.
MIN_WIN_TURNS = {"intro": 6, "base": 6}


class Unbelievable(ValueError):
    """A statistics file (its counts, daily deals or bests) that no real play could have produced,
    or that its own counts do not prove (the reason in words)."""


@dataclass
class DayResult:
    """One day's deal of one level: how its attempt ended ("missed" when there was none, only
    practice), its turns and hints, and how many practice games followed."""

    result: str
    turns: int = 0
    hints: int = 0
    practice: int = 0
    key: str | None = None  # the attempt's `game_key` (the end screen tells it from practice)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"result": self.result, "turns": self.turns, "hints": self.hints,
                               "practice": self.practice}
        if self.key:
            out["key"] = self.key
        return out


@dataclass
class Bests:
    """A level's best results (of its won games) and the rarer wins the achievements ask about."""

    fewest_turns: int | None = None  # a won game's turns
    most_tiles: int | None = None  # tiles left in the castle at a win
    pantry_won: int = 0  # games won with the Pantry
    all_powers: int = 0  # games (won or not) in which every faction power was used

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class GameFacts:
    """What the records need of an ended game beyond its counts (all optional: older callers)."""

    day: _dt.date | None = None  # the local date it was recorded on (the caller's clock)
    tiles: int | None = None  # tiles left in the (first) castle
    all_powers: bool = False


def facts_of(game: Game, day: _dt.date | None) -> GameFacts:
    """The `GameFacts` of an ended `Game` recorded on `day`."""
    used = {a.faction for a in game.history if isinstance(a, A.UsePower)}
    return GameFacts(day=day, tiles=len(game.castle(0)), all_powers=FACTIONS <= used)


def is_daily_options(options: Mapping[str, object]) -> bool:
    """Whether the options are the daily deal's own (solo, normal variant, no Pantry)."""
    return (options.get("players", 1) == 1 and options.get("variant", PLAIN) == PLAIN
            and not options.get("pantry", False))


def note_game(days: dict[tuple[str, str], DayResult], bests: dict[str, Bests], options: Mapping[str, object],
              result: str, turns: int, hints: int, facts: GameFacts, key: str | None = None) -> None:
    """Add one counted game to the days and the bests (the caller counted it already)."""
    level = str(options.get("level"))
    if result == "won":
        best = bests.setdefault(level, Bests())
        if turns >= MIN_WIN_TURNS.get(level, 1):  # never a best the reading would refuse
            best.fewest_turns = turns if best.fewest_turns is None else min(best.fewest_turns, turns)
        if facts.tiles is not None:
            tiles = max(0, min(CASTLE_CELLS, facts.tiles))
            best.most_tiles = tiles if best.most_tiles is None else max(best.most_tiles, tiles)
        best.pantry_won += bool(options.get("pantry", False))
    if facts.all_powers:
        bests.setdefault(level, Bests()).all_powers += 1
    if facts.day is None or not is_daily_options(options):
        return
    day = daily_day(options.get("seed"), level, facts.day)
    if day is None:
        return
    where = (day.isoformat(), level)
    entry = days.get(where)
    if entry is not None:
        entry.practice += 1
    elif day == facts.day and day >= FIRST_DAY and not _before_latest(days, day):
        days[where] = DayResult(result, max(0, turns), max(0, hints), key=key)
    else:  # a past day's deal, first played today: practice, and that day stays missed
        days[where] = DayResult("missed", practice=1)


def _before_latest(days: Mapping[tuple[str, str], DayResult], day: _dt.date) -> bool:
    """Records only move forward in time: a game ended on a day earlier than the latest attempt
    already recorded (an attempt is recorded on its own day only: a clock turned back) is
    practice, never an attempt — a clock turned back cannot build a streak."""
    attempted = [d for (d, _level), r in days.items() if r.result != "missed"]
    return bool(attempted) and day.isoformat() < max(attempted)


def deal_day(level: str, seed: object, options: Mapping[str, object], today: _dt.date) -> _dt.date | None:
    """The day (from `today` back `CALENDAR_DAYS`) whose daily deal a game of `level`, `seed` and
    `options` is, or None: a deal of the setup screen, or not with the deal's own options."""
    return daily_day(seed, level, today) if is_daily_options(options) else None


def is_practice(days: Mapping[tuple[str, str], DayResult], day: _dt.date, level: str, key: str | None,
                today: _dt.date | None = None) -> bool:
    """Whether the game `key` of `day`'s deal of `level` is practice (not the day's attempt): once
    recorded, when the day's attempt is another game (or there was none). With `today`, also a
    game not recorded yet (still being played): a past day's deal is practice (`note_game`)."""
    entry = days.get((day.isoformat(), level))
    if entry is None:
        return today is not None and (day != today or _before_latest(days, day))
    return entry.result == "missed" or (entry.key is not None and entry.key != key)


def daily_streaks(days: Mapping[tuple[str, str], DayResult], level: str,
                  today: _dt.date) -> tuple[int, int]:
    """(current, best) runs of consecutive days whose attempt of `level` was won, up to `today`: a
    day recorded ahead of it (under a clock set forward) counts once it has come, not before. The
    current run ends today, or yesterday while today's deal is still to play."""
    won = sorted(day for (d, lv), r in days.items()
                 if lv == level and r.result == "won" and (day := _dt.date.fromisoformat(d)) <= today)
    best = run = 0
    previous: _dt.date | None = None
    for day in won:
        run = run + 1 if previous is not None and (day - previous).days == 1 else 1
        best = max(best, run)
        previous = day
    current = 0
    if won and (today - won[-1]).days <= 1:
        current = run
    return current, best


def calendar(days: Mapping[tuple[str, str], DayResult], levels: list[str], today: _dt.date,
             count: int = CALENDAR_DAYS) -> list[tuple[_dt.date, str]]:
    """The last `count` days, oldest first, each with its state over `levels`: "won" (an attempt
    of that day was won), "lost" (attempted, none won), "missed" (past, not attempted) or "today"
    (today, not attempted yet)."""
    out: list[tuple[_dt.date, str]] = []
    for back in range(count - 1, -1, -1):
        day = today - _dt.timedelta(days=back)
        results = [days[(day.isoformat(), lv)].result for lv in levels if (day.isoformat(), lv) in days]
        attempted = [r for r in results if r != "missed"]
        if "won" in attempted:
            state = "won"
        elif attempted:
            state = "lost"
        else:
            state = "today" if back == 0 else "missed"
        out.append((day, state))
    return out


# ------------------------------------------------------------------ reading, checked
def count(value: object, what: str, limit: int) -> int:
    """A count read from the file, or `Unbelievable`: real play writes only integers from 0 to
    `limit` (a bool, a float, a string or a negative number is an edited or foreign file)."""
    if type(value) is not int:
        raise Unbelievable(f"{what} is not a whole number")
    if value < 0:
        raise Unbelievable(f"{what} is negative")
    if value > limit:
        raise Unbelievable(f"{what} is absurdly large ({len(str(value))} digits)")
    return value


def read_days(data: object) -> dict[tuple[str, str], DayResult]:
    """The days table of a file (absent before the daily deal: empty). `Unbelievable` when odd."""
    if data is None:
        return {}
    if not isinstance(data, dict) or len(data) > MAX_DAYS:
        raise Unbelievable("its daily deals are not a table")
    days: dict[tuple[str, str], DayResult] = {}
    for key, value in data.items():
        match = _DAY_RE.match(str(key))
        if match is None or not isinstance(value, dict):
            raise Unbelievable("a daily deal is filed under an odd name")
        try:
            when = _dt.date.fromisoformat(match.group(1))
        except ValueError:
            raise Unbelievable("a daily deal is filed under a date that does not exist") from None
        if when < FIRST_DAY and value.get("result") != "missed":  # practised later: a missed day
            raise Unbelievable("a daily deal is attempted on a day before the game had daily deals")
        result = value.get("result")
        if result not in DAY_RESULTS:
            raise Unbelievable("a daily deal has no result")
        key = value.get("key")
        if key is not None and (not isinstance(key, str) or not KEY_RE.match(key)):
            raise Unbelievable("a daily deal's game is not a game key")
        entry = DayResult(str(result), count(value.get("turns", 0), "a daily deal's turns", 10**6),
                          count(value.get("hints", 0), "a daily deal's hints", 10**6),
                          count(value.get("practice", 0), "a daily deal's practice games", 10**7), key)
        if result == "missed" and entry.practice == 0:
            raise Unbelievable("a missed daily deal that was never practised is recorded")
        days[(match.group(1), match.group(2))] = entry
    return days


def _optional(value: object, what: str, limit: int) -> int | None:
    return None if value is None else count(value, what, limit)


def read_bests(data: object) -> dict[str, Bests]:
    """The bests table of a file (absent before: empty). `Unbelievable` when odd."""
    if data is None:
        return {}
    if not isinstance(data, dict) or len(data) > 1000:
        raise Unbelievable("its best results are not a table")
    bests: dict[str, Bests] = {}
    for level, value in data.items():
        if not isinstance(value, dict) or not ID_RE.match(str(level)):
            raise Unbelievable("a best result is filed under an odd name")
        fewest = _optional(value.get("fewest_turns"), "a fewest-turns best", 10**6)
        if fewest is not None and fewest < MIN_WIN_TURNS.get(str(level), 1):
            raise Unbelievable(f"a game won in {fewest} turns is recorded (no game of that level is won in so few)")
        bests[str(level)] = Bests(fewest, _optional(value.get("most_tiles"), "a castle best", CASTLE_CELLS),
                                  count(value.get("pantry_won", 0), "a Pantry win count", 10**7),
                                  count(value.get("all_powers", 0), "an all-powers count", 10**7))
    return bests


def check_against(days: Mapping[tuple[str, str], DayResult], bests: Mapping[str, Bests],
                  per_level: Mapping[str, tuple[int, int]]) -> None:
    """`Unbelievable` unless the counts (`per_level`: level -> (played, won)) prove every entry."""
    attempts: dict[str, int] = {}
    won_days: dict[str, int] = {}
    for (_day, level), entry in days.items():
        attempts[level] = attempts.get(level, 0) + (entry.result != "missed") + entry.practice
        won_days[level] = won_days.get(level, 0) + (entry.result == "won")
    for level, n in attempts.items():
        played, won = per_level.get(level, (0, 0))
        if n > played or won_days.get(level, 0) > won:
            raise Unbelievable(f"{level}: {n} daily games with {played} played, {won_days.get(level, 0)} "
                           f"won days with {won} won")
    for level, best in bests.items():
        played, won = per_level.get(level, (0, 0))
        if best.pantry_won > won or best.all_powers > played:
            raise Unbelievable(f"{level}: more Pantry or all-powers games than games")
        if won == 0 and (best.fewest_turns is not None or best.most_tiles is not None):
            raise Unbelievable(f"{level}: a best result with no game won")
