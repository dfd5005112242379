"""The quiet toast of an achievement just unlocked (an "info" notice: it fades by itself).

What the player was already told is what the statistics proved when the program started
(`ctx.achievements_known`, set with the data folder); after a game's end the statistics are read
again and each achievement they now prove, and did not then, is said once."""

from __future__ import annotations

import logging
from typing import Any

from castellion import persistence as P
from castellion.persistence.achievements import unlocked
from castellion.ui.text import t

log = logging.getLogger(__name__)


def known_now() -> set[str]:
    """The ids of the achievements the statistics on disk prove (a damaged file: its backup's)."""
    return {a.id for a in unlocked(P.load_stats())}


def tell_new_achievements(ctx: Any) -> list[str]:
    """Notify each achievement unlocked since last asked; the ids told."""
    if not ctx.persist or ctx.achievements_known is None:
        return []
    try:
        proved = unlocked(P.load_stats())
    except (OSError, ValueError) as exc:  # the read never raises; the achievements file might
        log.warning("achievements: %s", exc)
        return []
    new = [a for a in proved if a.id not in ctx.achievements_known]
    for achievement in new:
        ctx.notify(t("achievement.unlocked", name=t(achievement.words)), "info")
    ctx.achievements_known |= {a.id for a in new}
    return [a.id for a in new]


__all__ = ["known_now", "tell_new_achievements"]
