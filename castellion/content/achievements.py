"""The achievements of levels/achievements.yaml: id, words key and one condition from a small
closed vocabulary, validated at load like the other level files (a `ContentError` names the file
and the key). Whether one is unlocked is answered from the statistics
(`castellion.persistence.achievements`): nothing is stored for them, so they are exactly as true
as the records they derive from."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from castellion.rules.options import VARIANT_LEANINGS

from .loader import ACHIEVEMENTS_FILE, _File
from .resources import resource_path

# condition -> what its value must be ("level", "variant", "flag" (true) or "days" (2..366))
CONDITIONS = {"won_level": "level", "won_variant": "variant", "won_pantry": "flag",
              "won_without_hints": "flag", "won_two_players": "flag", "daily_streak": "days",
              "all_powers": "flag"}
LEVELS = ("intro", "base", "expert")
VARIANTS = tuple(leaning.value for leaning in VARIANT_LEANINGS)  # a condition names a leaning, not an id
_WORDS_RE = re.compile(r"^achievement\.[a-z0-9_]+$")


@dataclass(frozen=True)
class Achievement:
    id: str
    words: str  # catalog key of its name; `how` the one saying how to get it
    condition: str  # one of CONDITIONS
    value: str | int | bool

    @property
    def how(self) -> str:
        return self.words + ".how"


def _condition(f: _File, value: object, key: str) -> tuple[str, str | int | bool]:
    cond = f.mapping(value, key, (), CONDITIONS)
    if len(cond) != 1:
        f.fail(key, f"expected exactly one condition, one of {', '.join(CONDITIONS)}")
    (name, arg), = cond.items()
    kind, where = CONDITIONS[name], f"{key}.{name}"
    if kind == "level":
        return name, f.choice(arg, where, LEVELS, "level")
    if kind == "variant":
        return name, f.choice(arg, where, VARIANTS, "variant")
    if kind == "days":
        days = f.positive_int(arg, where, maximum=366)
        if days < 2:
            f.fail(where, "a streak is at least 2 days")
        return name, days
    if f.flag(arg, where) is not True:
        f.fail(where, "expected true (leave the achievement out instead)")
    return name, True


def load_achievements(path: Path | str | None = None) -> tuple[Achievement, ...]:
    """The achievements of `path` (default: the bundled levels/achievements.yaml), in file order.
    Raises `ContentError` naming the file and key of the first problem."""
    f = _File(Path(path) if path is not None else resource_path("levels") / ACHIEVEMENTS_FILE)
    data = f.mapping(f.read(), "", ("achievements",))
    out: list[Achievement] = []
    seen: set[str] = set()
    for i, entry in enumerate(f.seq(data["achievements"], "achievements")):
        key = f"achievements[{i}]"
        item = f.mapping(entry, key, ("id", "words", "condition"))
        ident = f.ident(item["id"], f"{key}.id")
        if ident in seen:
            f.fail(f"{key}.id", f"the id {ident!r} is used twice")
        seen.add(ident)
        words = f.text(item["words"], f"{key}.words")
        if not _WORDS_RE.match(words):
            f.fail(f"{key}.words", f"expected a catalog key 'achievement.<name>', got {words!r}")
        name, value = _condition(f, item["condition"], f"{key}.condition")
        out.append(Achievement(ident, words, name, value))
    return tuple(out)


@functools.lru_cache(maxsize=1)
def bundled() -> tuple[Achievement, ...]:
    """The bundled achievements, read once."""
    return load_achievements()


__all__ = ["CONDITIONS", "Achievement", "bundled", "load_achievements"]
