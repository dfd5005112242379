"""The game's data as the rules engine sees it: tile counts, ordeal cards and level setups.

These are plain frozen values. The rules package never reads files: `castellion.content` loads
`levels/*.yaml`, validates it and builds a `Ruleset`; tests may build one by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Kinds of ordeal card (docs/rules.md §5.3).
REQUIREMENT = "requirement"  # Exams I and III, Simulations: formations + complete foundation
FOUNDATION_DROP = "foundation_drop"  # Exam II: destroy the foundation row
ASSAULT = "assault"  # Harpy, Behemoth, Horde: formations, else destroy N less 4 per Bastion
EARTHWORM = "earthworm"  # destroy the bottom N rows

CARD_KINDS = (REQUIREMENT, FOUNDATION_DROP, ASSAULT, EARTHWORM)
FORMATION_KINDS = ("tower", "bastion", "line")
LEVELS = ("intro", "base", "expert")


@dataclass(frozen=True)
class OrdealCard:
    """One Ordeal card (docs/rules.md §5.4)."""

    id: str
    level: str  # "intro" | "base" | "expert"
    name: str  # player-facing title, e.g. "Exam I", "Harpy"
    stage: int  # 1, 2 or 3: which slot of the level it fills
    kind: str  # one of CARD_KINDS
    trigger: int  # traitors that trigger the encounter (R-O1)
    requires: dict[str, int] = field(default_factory=dict)  # {"tower": 2, ...}
    destroy: int = 0  # ASSAULT: tiles destroyed when the requirement is not met
    rows: int = 0  # FOUNDATION_DROP / EARTHWORM: bottom rows removed
    source: str = "printed"  # "printed" | "reconstructed"
    text: str = ""  # one line for the card face


@dataclass(frozen=True)
class LevelSpec:
    """A level's setup (docs/rules.md §5.1, §6, §7)."""

    id: str  # "intro" | "base" | "expert"
    name: str  # "The School of Architects", ...
    description: str  # one line for the setup screen
    ordeal_slots: tuple[tuple[str, ...], ...]  # per stage, the card ids one is drawn from
    face_down: bool = False  # expert: ordeals dealt face down
    powers: bool = False  # base on: discarding a Defender activates its power (§6)
    traitor_discard: bool = False  # base on: a Traitor may be discarded for 4 tiles (§6.5)
    early_encounter: bool = False  # base on: R-O3
    formation_powers: bool = False  # expert: Line / Tower / Bastion powers (§7)
    # a variant slot ("easy" / "hard", options.VariantSlot) -> its variant {id, name, description}; any subset
    variants: dict[str, dict[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class TileSet:
    """How many of each tile there are (docs/rules.md §1)."""

    factions: tuple[str, ...] = ("S", "C", "J", "P")
    shapes: tuple[str, ...] = ("t", "s", "c")
    safe_copies: int = 1  # per faction × shape, in the safe pile
    regular_copies: int = 5  # per faction × shape, in the regular pile
    plain_traitors: int = 9
    black_traitors: int = 3
    pantry_shapes: tuple[str, ...] = ("t", "t", "s", "s", "c", "c")


@dataclass(frozen=True)
class Ruleset:
    tiles: TileSet
    cards: dict[str, OrdealCard]
    levels: dict[str, LevelSpec]

    def level(self, level_id: str) -> LevelSpec:
        try:
            return self.levels[level_id]
        except KeyError:
            raise ValueError(f"unknown level {level_id!r}; expected one of {sorted(self.levels)}") from None
