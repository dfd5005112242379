"""Defensive formations (docs/rules.md §3): exactly four connected same-faction tiles in a shape."""

from __future__ import annotations

from dataclasses import dataclass

from .castle import Castle, Cell

KINDS = ("tower", "bastion", "line")


@dataclass(frozen=True, slots=True)
class Formation:
    kind: str  # "tower" | "bastion" | "line"
    cells: tuple[Cell, ...]  # sorted


def _kind_of(cells: list[Cell]) -> str | None:
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    # A connected group of 4 spanning one row is necessarily 4 in a row, and so on (R-F1).
    if len(rows) == 1:
        return "line"
    if len(cols) == 1:
        return "tower"
    if len(rows) == 2 and len(cols) == 2:
        return "bastion"
    return None  # L, T, S, Z count for nothing (R-F3)


def formation_groups(castle: Castle) -> list[Formation]:
    """Every formation in the castle (R-F1..R-F4), bottom-left first."""
    faction_at: dict[Cell, str] = {}
    for cell, tile in castle.tiles():
        # R-F4: Pantry tiles and the pawn's tile neither form nor cancel.
        if tile.faction is not None and not tile.pawn:
            faction_at[cell] = tile.faction.value
    seen: set[Cell] = set()
    found = []
    for start, faction in faction_at.items():
        if start in seen:
            continue
        group = [start]
        seen.add(start)
        i = 0
        while i < len(group):
            r, c = group[i]
            i += 1
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n not in seen and faction_at.get(n) == faction:
                    seen.add(n)
                    group.append(n)
        # R-F2: the whole same-faction group must be exactly four tiles.
        if len(group) == 4:
            kind = _kind_of(group)
            if kind:
                found.append(Formation(kind, tuple(sorted(group))))
    return found


def formations(castle: Castle) -> dict[str, int]:
    """How many of each formation the castle holds: {"tower": n, "bastion": n, "line": n}."""
    counts = dict.fromkeys(KINDS, 0)
    for f in formation_groups(castle):
        counts[f.kind] += 1
    return counts

