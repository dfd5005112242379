"""Tiles and their notation (docs/rules.md §1).

A tile is an interned immutable value with a short code:
- Defender: faction letter + shape letter (`Pt` = Pyro triangle); `+` marks a safe-pile tile.
- Pantry tile: `*t`, `*s`, `*c`.
- `@` after a castle tile: the Menace pawn stands on it (§8.5).
- Traitors: `T` (plain) and `T!` (black-bordered). They never enter a castle.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Faction(str, Enum):  # noqa: UP042 - StrEnum's str() differs; saves and hashes read it
    SEER = "S"
    CHAMELEON = "C"
    JUGGLER = "J"
    PYRO = "P"

    # `title` deliberately shadows str.title with a property (the faction's name, used in texts);
    # changing it would change the public API, so the override is declared intentional.
    @property
    def title(self) -> str:  # type: ignore[override]
        return self.name.capitalize()


class Shape(str, Enum):  # noqa: UP042 - StrEnum's str() differs; saves and hashes read it
    TRIANGLE = "t"
    SQUARE = "s"
    CIRCLE = "c"

    @property
    def title(self) -> str:  # type: ignore[override]  # shadows str.title, as Faction.title does
        return self.name.lower()


_FACTIONS = {f.value: f for f in Faction}
_SHAPES = {s.value: s for s in Shape}


@dataclass(frozen=True, slots=True)
class Tile:
    code: str
    faction: Faction | None
    shape: Shape | None
    traitor: bool = False
    black: bool = False
    safe: bool = False
    pantry: bool = False
    pawn: bool = False

    @property
    def defender(self) -> bool:
        return self.faction is not None

    @property
    def base_code(self) -> str:
        """The code without the pawn mark (what the tile is, wherever it lies)."""
        return self.code[:-1] if self.pawn else self.code

    def with_pawn(self, pawn: bool) -> Tile:
        if pawn == self.pawn:
            return self
        return parse_tile(self.base_code + ("@" if pawn else ""))

    def __repr__(self) -> str:
        return f"Tile({self.code})"

    def __str__(self) -> str:
        return self.code


_CACHE: dict[str, Tile] = {}


def parse_tile(code: str) -> Tile:
    """The tile for a notation code; raises ValueError naming the bad token."""
    tile = _CACHE.get(code)
    if tile is not None:
        return tile
    if not isinstance(code, str):
        raise ValueError(f"not a tile code: {code!r}")
    body = code
    pawn = body.endswith("@")
    if pawn:
        body = body[:-1]
    safe = body.endswith("+")
    if safe:
        body = body[:-1]
    if body in ("T", "T!") and not pawn and not safe:
        tile = Tile(code, None, None, traitor=True, black=body == "T!")
    elif len(body) == 2 and body[0] == "*" and body[1] in _SHAPES and not safe:
        tile = Tile(code, None, _SHAPES[body[1]], pantry=True, pawn=pawn)
    elif len(body) == 2 and body[0] in _FACTIONS and body[1] in _SHAPES:
        tile = Tile(code, _FACTIONS[body[0]], _SHAPES[body[1]], safe=safe, pawn=pawn)
    else:
        raise ValueError(
            f"unknown tile {code!r}: expected a faction S/C/J/P and a shape t/s/c (e.g. 'Pt'), "
            "'*t'/'*s'/'*c' for Pantry tiles, or 'T'/'T!' for Traitors"
        )
    _CACHE[code] = tile
    return tile

