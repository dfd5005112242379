"""What a game can be asked for besides its level and seed: the variants the rules know with what
each turns on (docs/rules.md §8), where a variant leans, and the Pantry modes (§10).

This is the one declaration every list of variants is derived from (Setup, statistics, records,
achievements, the command line, the lab, the loader, deal codes, the computer player):

- a **variant id** ("prison") names one variant. A level's data (`levels/*.yaml`, `variants:`) lists
  any number of variants, each with its id, its leaning and its words; `VARIANT_HOOKS` says what the
  rules do for that id. A game's options store the id chosen (`options["variant"]`), or `PLAIN`.
- a **leaning** (`Leaning`) is where a variant sits beside the plain game: easier or harder. Setup
  and the records show a level's variants easier → plain → harder.

A variant that only combines existing hooks is one entry here (`VARIANT_HOOKS["x"] = a | b`)
and one entry in a level's data; nothing else changes.

Pure data: no pygame, no files (the layer rule of `castellion.rules`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum

#: The stored option word of the plain game (no variant); no variant may take it as its id.
PLAIN = "normal"


class Leaning(StrEnum):
    """Where a variant sits beside the plain game (docs/rules.md §8); the values are the words of
    a level's data (`leaning:`). `PLAIN` is the plain game itself."""

    EASIER = "easier"
    PLAIN = "plain"
    HARDER = "harder"

    @property
    def rank(self) -> int:
        """-1 easier, 0 plain, +1 harder: the order Setup and the records show variants in."""
        return {Leaning.EASIER: -1, Leaning.PLAIN: 0, Leaning.HARDER: 1}[self]


#: The leanings a level's variants may take, in the order Setup offers them.
VARIANT_LEANINGS: tuple[Leaning, ...] = (Leaning.EASIER, Leaning.HARDER)

#: The words files of earlier versions stored for a variant (a slot: the level's one easier or
#: harder variant). They read as the level's first variant of that leaning; no id may take them.
OLD_SLOT_WORDS: dict[str, Leaning] = {"easy": Leaning.EASIER, "hard": Leaning.HARDER}


class PantryMode(StrEnum):
    """The Pantry option (§10) as one closed set. A game's options store it as `stored`
    (False | True | "hard", the form every save since 0.1.0 holds)."""

    OFF = "off"
    ON = "on"
    HARD = "hard"  # Pantry tiles may not touch each other

    @classmethod
    def of(cls, stored: object) -> PantryMode:
        """The mode a stored option names; raises `ValueError` for anything else."""
        for mode in cls:
            if type(stored) is type(mode.stored) and stored == mode.stored:
                return mode
        raise ValueError(f"pantry must be False, True or 'hard', not {stored!r}")

    @property
    def stored(self) -> bool | str:
        return _STORED[self]

    def __bool__(self) -> bool:
        return self is not PantryMode.OFF


_STORED: dict[PantryMode, bool | str] = {PantryMode.OFF: False, PantryMode.ON: True, PantryMode.HARD: "hard"}


@dataclass(frozen=True)
class VariantHooks:
    """What a variant turns on in the rules (docs/rules.md §8); `a | b` has what both have."""

    vigil: bool = False  # R-§8.1: a safe tile set aside as the Vigil, exchanged for a Defender
    prophet: bool = False  # R-§8.2: the pawn stands beside a chosen Ordeal, one Traitor more there
    premonition: bool = False  # R-§8.3: once, a plain Traitor discarded for free
    prison: bool = False  # R-§8.4: Defenders may fill the prison ring; an Ordeal passed early costs 6
    guardian: bool = False  # R-§8.5: once, a plain Traitor discarded by setting the pawn on the castle
    intruder: bool = False  # R-§8.6: the pawn must go on the castle early and block its neighbours

    def __or__(self, other: VariantHooks) -> VariantHooks:
        return VariantHooks(**{f.name: getattr(self, f.name) or getattr(other, f.name) for f in fields(self)})


NO_HOOKS = VariantHooks()

#: Every variant id the rules know, with what it turns on. A level's data may name only these.
VARIANT_HOOKS: dict[str, VariantHooks] = {
    "vigil": VariantHooks(vigil=True),
    "prophet": VariantHooks(prophet=True),
    "premonition": VariantHooks(premonition=True),
    "prison": VariantHooks(prison=True),
    "guardian": VariantHooks(guardian=True),
    "intruder": VariantHooks(intruder=True),
}


def hooks_of(variant_id: str | None) -> VariantHooks:
    """What variant `variant_id` turns on (`NO_HOOKS` for the plain game); `ValueError` if unknown."""
    if variant_id is None:
        return NO_HOOKS
    try:
        return VARIANT_HOOKS[variant_id]
    except KeyError:
        raise ValueError(f"unknown variant {variant_id!r}; the rules know {sorted(VARIANT_HOOKS)}") from None


__all__ = ["NO_HOOKS", "OLD_SLOT_WORDS", "PLAIN", "VARIANT_HOOKS", "VARIANT_LEANINGS", "Leaning", "PantryMode",
           "VariantHooks", "hooks_of"]
