"""The rules data a save was played under: a digest of what the rules read of a level's data,
pinned per save format in `RULES_DATA` (docs/persistence.md, "Old files").
"""

from __future__ import annotations

from dataclasses import asdict

from castellion.rules import Ruleset, default_ruleset
from castellion.rules.snapshot import CARD_WORDS, LEVEL_WORDS

from .reader import digest

#: The rules data each level had when `formats.SAVE_FORMAT` was set (`rules_data_digest`): a save written
#: now replays the same way in every later version that keeps these digests.
RULES_DATA = {
    "intro": "f378e3e2dc9e9288",
    "base": "32a024fd79669b1e",
    "expert": "8fa276be2ad7dc00",
}


def rules_data_digest(level: str, ruleset: Ruleset | None = None) -> str:
    """A short digest of what the rules read of `level`'s data: the tile counts, the level's setup
    and every Ordeal card its slots may deal — without the display words (`LEVEL_WORDS`,
    `CARD_WORDS`). Raises ValueError for an unknown level."""
    rs = ruleset or default_ruleset()
    spec = rs.level(level)
    cards = sorted({card for slot in spec.ordeal_slots for card in slot})
    data = {"tiles": asdict(rs.tiles),
            "level": {k: v for k, v in asdict(spec).items() if k not in LEVEL_WORDS},
            "cards": [{k: v for k, v in asdict(rs.cards[c]).items() if k not in CARD_WORDS} for c in cards]}
    return digest(data)[:16]
