"""Where the formations an Ordeal asks for can still go, and how many tiles they still need.

A *window* is one place on the 6 × 6 grid a formation could occupy (18 Lines, 18 Towers, 25
Bastions). For a castle, a window is *alive* for a faction when every tile in it is of that
faction, no tile of that faction touches it from outside (R-F2: the group would be more than
four), and each empty cell could still take a tile (not beside the pawn, R-§8.5; some shape left
by R-P3). A *plan* for a requirement picks compatible live windows — disjoint, and never two of
one faction side by side — and prices them in tiles still needed. The price is what the player
minimises: fewer tiles needed means a better chance to be ready before the Traitors trigger the
Ordeal.

Speed matters (hundreds of castles are priced per move), so a castle is read once into flat
lists and windows are precomputed as index tuples.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from castellion.rules.castle import SIZE, Castle

FACTIONS = ("S", "C", "J", "P")
SHAPES = ("t", "s", "c")
SHAPE_SET = frozenset(SHAPES)
PANTRY_OR_PAWN = "x"  # a tile that has no faction for formations (R-F4)

# Prices, in "tiles still needed". A faction-specific cell costs more than a filler, because only
# about one drawn Defender in four can fill it; a formation with no live window is nearly hopeless.
SPECIFIC = 1.0
FILLER = 0.55
NO_WINDOW = 7.0
LOAD = 0.45  # extra per tile of the most-loaded faction: a plan spread over factions fills faster


def _neighbours(i: int) -> tuple[int, ...]:
    r, c = divmod(i, SIZE)
    out = []
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
            out.append((r + dr) * SIZE + c + dc)
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(i) for i in range(SIZE * SIZE))


@dataclass(frozen=True, slots=True)
class Window:
    kind: str
    cells: tuple[int, ...]  # indices r * 6 + c
    around: tuple[int, ...]  # cells touching the window from outside
    min_row: int
    # The same cells as bit masks (bit i for cell i), so that two windows overlap or touch in one
    # AND: the plan asks it for every pair it considers, the hottest question of a playout.
    mask: int = 0
    around_mask: int = 0
    bottoms: tuple[tuple[int, int], ...] = ()  # (row, column) of the lowest cell of each column


def _mask(cells: tuple[int, ...]) -> int:
    return sum(1 << i for i in cells)


def _windows() -> tuple[Window, ...]:
    from castellion.rules.public import formation_windows

    out = []
    for kind, cells in formation_windows():
        idx = tuple(r * SIZE + c for r, c in cells)
        around = tuple(sorted({n for i in idx for n in NEIGHBOURS[i]} - set(idx)))
        bottoms: dict[int, tuple[int, int]] = {}
        for i in sorted(idx):
            bottoms.setdefault(i % SIZE, divmod(i, SIZE))
        out.append(Window(kind, idx, around, min(r for r, _ in cells), _mask(idx), _mask(around),
                          tuple(bottoms.values())))
    return tuple(out)


WINDOWS = _windows()


class Grid:
    """A castle read once: faction letter / shape letter per cell ('' when empty)."""

    __slots__ = ("fac", "shp", "height", "pawn", "size", "open", "single", "faction_mask", "other_mask",
                 "closed_mask")

    def __init__(self, castle: Castle) -> None:
        fac = [""] * (SIZE * SIZE)
        shp = [""] * (SIZE * SIZE)
        pawn = -1
        for (r, c), t in castle.tiles():
            i = r * SIZE + c
            shp[i] = t.shape.value if t.shape is not None else "x"
            if t.pawn:
                pawn = i
            fac[i] = PANTRY_OR_PAWN if (t.faction is None or t.pawn) else t.faction.value
        self.fac = fac
        self.shp = shp
        self.pawn = pawn
        self.height = [sum(1 for r in range(SIZE) if fac[r * SIZE + c]) for c in range(SIZE)]
        self.size = sum(1 for f in fac if f)
        self.open = [self._open(i) for i in range(SIZE * SIZE)]
        # Read once per castle: every window through a cell asks it again.
        self.single = [_single_shape(shp, i) for i in range(SIZE * SIZE)]
        # The same facts as bit masks (bit i for cell i), read by `_live` in a few ANDs per window.
        self.faction_mask = dict.fromkeys(FACTIONS, 0)
        self.other_mask = 0  # a Pantry tile or the pawn: no faction for formations (R-F4)
        self.closed_mask = 0  # empty cells no tile can fill any more
        for i, f in enumerate(fac):
            if f == PANTRY_OR_PAWN:
                self.other_mask |= 1 << i
            elif f:
                self.faction_mask[f] |= 1 << i
            elif not self.open[i]:
                self.closed_mask |= 1 << i

    def open_cell(self, i: int) -> bool:
        """An empty cell that some tile could still fill: not beside the pawn, a shape left."""
        return self.open[i]

    def _open(self, i: int) -> bool:
        if self.fac[i]:
            return False
        near = NEIGHBOURS[i]
        if self.pawn >= 0 and self.pawn in near:
            return False
        if i < SIZE:
            return True
        shapes = {self.shp[n] for n in near if self.shp[n]}
        return len(shapes & {"t", "s", "c"}) < 3


@dataclass(slots=True)
class Live:
    window: Window
    faction: str  # "" while the window is empty: any faction that fits
    filled: int
    missing: tuple[int, ...]
    support: int  # empty cells below the window that must be filled first
    free: tuple[str, ...]  # factions an empty window may take
    tight: int = 0  # missing cells outside the foundation that R-P3 leaves a single shape


def live_windows(grid: Grid, min_row: int = 0, avail: Mapping[str, int] | None = None,
                 supports: bool = False) -> list[Live]:
    """The windows still alive in `grid` from `min_row` up.

    With `avail` (the Defenders still to come, by code), a started window whose missing cells no
    remaining tile can fill — its faction in a shape R-P3 leaves there — is dead too (late in a
    deal every copy may be gone). With `supports`, the empty cells under a window (R-P2: they
    are filled first) are read like its own: one R-P3 has closed kills the window, one left a
    single shape counts as tight."""
    out = []
    for w in WINDOWS:
        if w.min_row < min_row:
            continue
        live = _live(grid, w, avail, supports)
        if live is not None:
            out.append(live)
    return out


def _single_shape(shp: list[str], i: int) -> bool:
    """R-P3 leaves cell `i` (above the foundation) a single shape: its neighbours take two."""
    return i >= SIZE and len({shp[n] for n in NEIGHBOURS[i]} & SHAPE_SET) == 2


def _under(grid: Grid, w: Window, supports: bool) -> tuple[int, int] | None:
    """(empty cells below the window that must be filled first, of them those R-P3 leaves one
    shape — counted only with `supports`) — None when one of them can never be filled."""
    support = 0
    tight = 0
    for r, c in w.bottoms:
        support += max(0, r - grid.height[c])
        if not supports:
            continue
        for below in range(grid.height[c], r):
            j = below * SIZE + c
            if not grid.open[j]:
                return None
            if grid.single[j]:
                tight += 1
    return support, tight


def _live(grid: Grid, w: Window, avail: Mapping[str, int] | None, supports: bool) -> Live | None:
    """Window `w` as a `Live` when it is alive in `grid` (see `live_windows`), else None."""
    cells = w.mask
    if cells & (grid.other_mask | grid.closed_mask):
        return None  # a Pantry tile or the pawn inside, or a cell no tile can fill
    masks = grid.faction_mask
    faction = ""
    for f in FACTIONS:
        if cells & masks[f]:
            if faction:
                return None  # two factions
            faction = f
    if faction and w.around_mask & masks[faction]:
        return None  # R-F2
    free: tuple[str, ...] = ()
    if not faction:
        free = tuple(f for f in FACTIONS if not w.around_mask & masks[f])
        if not free:
            return None
    fac = grid.fac
    missing = [i for i in w.cells if not fac[i]]
    if avail is not None and faction and not _can_come(faction, missing, grid.shp, avail):
        return None
    under = _under(grid, w, supports)
    if under is None:
        return None
    support, tight_below = under
    single = grid.single
    tight = sum(1 for i in missing if single[i]) + tight_below
    return Live(w, faction, len(w.cells) - len(missing), tuple(missing), support, free, tight)


def _can_come(faction: str, missing: list[int], shp: list[str], avail: Mapping[str, int]) -> bool:
    """Enough Defenders of `faction` are still to come, in shapes R-P3 allows, for `missing`."""
    shapes: set[str] = set()
    for i in missing:
        allowed = SHAPE_SET if i < SIZE else SHAPE_SET - {shp[n] for n in NEIGHBOURS[i]}
        if not any(avail.get(faction + s, 0) for s in allowed):
            return False
        shapes |= allowed
    return sum(avail.get(faction + s, 0) for s in shapes) >= len(missing)


@dataclass(slots=True)
class Plan:
    cost: float
    chosen: list[tuple[Live, str]]  # (window, faction)
    unmet: int  # formations with no window left


def plan(grid: Grid, need: Mapping[str, int], live: list[Live] | None = None, *,
         scarce: Mapping[str, float] | None = None, tight: float = 0.0, restarts: int = 0) -> Plan:
    """The cheapest plan found (greedy, cheapest window first) for `need` {kind: n}.

    `scarce` maps a faction to a price factor (>1 when few tiles of it are left unseen);
    `tight` is the extra price of a missing cell that only one shape may fill (R-P3): one
    Defender kind in twelve, not one in four. `restarts` > 0 also tries the greedy with each of
    the next cheapest windows put first, keeping the cheapest plan: five formations packed into
    a 6 × 6 castle (Exam III) are often blocked by the single cheapest first choice."""
    if live is None:
        live = live_windows(grid)
    left = {k: n for k, n in need.items() if n > 0}

    def price(x: Live) -> float:
        return (4 - x.filled) * SPECIFIC + x.support * FILLER + x.tight * tight

    cands = sorted((x for x in live if x.window.kind in left), key=price)
    best = _greedy(cands, dict(left), price, scarce)
    for r in range(1, min(restarts + 1, len(cands))):
        if best.unmet == 0 and best.cost <= price(cands[0]) * sum(left.values()):
            break  # nothing cheaper is possible
        other = _greedy([cands[r]] + cands[:r] + cands[r + 1:], dict(left), price, scarce)
        if other.cost < best.cost:
            best = other
    return best


def _greedy(cands: list[Live], left: dict[str, int], price: Callable[[Live], float],
            scarce: Mapping[str, float] | None) -> Plan:
    chosen: list[tuple[Live, str]] = []
    cost = 0.0
    load = dict.fromkeys(FACTIONS, 0)
    # Chosen windows must be disjoint, and two of one faction must not touch (R-F2: one group of
    # eight): kept as unions of cell masks, so each candidate is checked in two ANDs.
    used = 0
    used_by = dict.fromkeys(FACTIONS, 0)
    if left:
        for x in cands:
            kind = x.window.kind
            if left.get(kind, 0) <= 0:
                continue
            w = x.window
            if w.mask & used:
                continue
            if x.faction:
                options: tuple[str, ...] = (x.faction,)
            else:
                options = tuple(sorted(x.free, key=lambda f: load[f]))
            for f in options:
                if not w.around_mask & used_by[f]:
                    chosen.append((x, f))
                    used |= w.mask
                    used_by[f] |= w.mask
                    n = 4 - x.filled
                    load[f] += n
                    factor = scarce.get(f, 1.0) if scarce else 1.0
                    cost += price(x) * factor
                    left[kind] -= 1
                    break
            if not any(v > 0 for v in left.values()):
                break
    unmet = sum(v for v in left.values() if v > 0)
    cost += unmet * NO_WINDOW + LOAD * max(load.values())
    return Plan(cost, chosen, unmet)


def missing_in_rows(grid: Grid, rows: range, exclude: set[int] | None = None) -> tuple[int, int]:
    """(empty cells in `rows`, of them cells no tile can fill any more) — the foundation, or the
    rows an Exam II / Earthworm leaves as the new foundation."""
    empty = blocked = 0
    for r in rows:
        for c in range(SIZE):
            i = r * SIZE + c
            if grid.fac[i] or (exclude and i in exclude):
                continue
            empty += 1
            if not grid.open_cell(i) and not (r == 0 and grid.size == 0):
                blocked += 1
    return empty, blocked
