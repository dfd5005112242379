"""The game's data as the rules engine sees it: tile counts, ordeal cards and level setups.

These are plain frozen values. The rules package never reads files: `castellion.content` loads
`levels/*.yaml`, validates it and builds a `Ruleset`; tests may build one by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .options import OLD_SLOT_WORDS, PLAIN, Leaning

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
    # variant id -> {id, leaning, name, description} (options.Leaning), any number, in the data's order
    variants: dict[str, dict[str, str]] = field(default_factory=dict)

    def variant_ids(self) -> tuple[str, ...]:
        """The level's variant ids easier first, then harder, each leaning in the data's order."""
        return tuple(sorted(self.variants, key=lambda vid: Leaning(self.variants[vid]["leaning"]).rank))

    def leaning(self, variant: str) -> Leaning:
        """Where the stored option word `variant` (an id of this level or `PLAIN`) leans; ValueError else."""
        if variant == PLAIN:
            return Leaning.PLAIN
        if variant not in self.variants:
            raise ValueError(f"level {self.id!r} has no variant {variant!r}")
        return Leaning(self.variants[variant]["leaning"])

    def first(self, leaning: Leaning) -> str | None:
        """The level's first variant of `leaning` (the one an earlier version's slot word named)."""
        return next((vid for vid, v in self.variants.items() if v["leaning"] == leaning), None)

    def variant_of_word(self, word: object) -> object:
        """A stored variant word as today's: an earlier version's slot word ("easy" / "hard",
        `OLD_SLOT_WORDS`) as the level's first variant of that leaning; anything else unchanged."""
        old = OLD_SLOT_WORDS.get(word) if isinstance(word, str) else None
        return word if old is None else (self.first(old) or word)

    def old_word(self, variant: str) -> str:
        """`variant` as earlier versions spelled it: the slot word ("easy" / "hard") of the level's
        first easier / harder variant, anything else as it is. Keys hashed or seeded from a game's
        options use it (`variant_of_word` undoes it), so what they named before still matches."""
        return next((word for word, leaning in OLD_SLOT_WORDS.items() if self.first(leaning) == variant), variant)


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
