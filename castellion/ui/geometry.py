"""Board layout: where everything on the board screen sits, as plain tuples (no pygame).

All positions are logical pixels on the 1280×800 canvas. A rectangle is `(x, y, w, h)`; a cell is
`(row, col)` as in the rules (row 0 = foundation, drawn at the bottom). Besides the 6×6 grid there
are two *ghost* foundation cells just outside it, `(0, -1)` and `(0, 6)`: dropping a tile there
extends the foundation past the grid's edge and the castle slides sideways (RULES.md §2). They are
hit-tested only when the caller says they are legal to show (`ghosts=`).

`target_at(pos, ghosts)` answers what lies under a point as a `Target` — the one function the board
uses for mouse hits, drops and the keyboard cursor, so the three always agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

Rect = tuple[int, int, int, int]
Point = tuple[int, int]
Cell = tuple[int, int]

SIZE = 6
GHOST_CELLS: tuple[Cell, Cell] = ((0, -1), (0, SIZE))
CANVAS = (1280, 800)


def contains(rect: Rect, pos: Point) -> bool:
    """`pos` lies inside `rect` (left/top edges inclusive, right/bottom exclusive, like pygame)."""
    x, y, w, h = rect
    return x <= pos[0] < x + w and y <= pos[1] < y + h


def center(rect: Rect) -> Point:
    x, y, w, h = rect
    return (x + w // 2, y + h // 2)


def inflate(rect: Rect, dx: int, dy: int) -> Rect:
    x, y, w, h = rect
    return (x - dx // 2, y - dy // 2, w + dx, h + dy)


@dataclass(frozen=True, slots=True)
class Target:
    """Something on the board a pointer or the keyboard cursor can be on.

    kind: "cell" (value = cell), "pile" (value = "regular" | "safe"), "hand", "discard",
    "ordeal" (value = index), "revealed" (value = index), "button" (value = button id).
    """

    kind: str
    value: object = None


@dataclass(frozen=True)
class BoardLayout:
    """The board's geometry. The defaults fit the 1280×800 canvas; tests may build others."""

    cell: int = 74
    grid_x: int = 130  # left edge of column 0
    grid_y: int = 170  # top edge of row 5 (the top row)
    top_bar: Rect = (0, 0, 1280, 50)
    banner: Rect = (14, 56, 1252, 40)
    message: Rect = (14, 100, 1252, 26)
    castle_panel: Rect = (14, 130, 676, 520)
    status_panel: Rect = (14, 660, 676, 126)
    ordeal_panel: Rect = (704, 130, 562, 270)
    tiles_panel: Rect = (704, 410, 562, 376)
    card_size: tuple[int, int] = (128, 180)
    card_y: int = 174
    card_x0: int = 718
    card_step: int = 184
    traitor_size: int = 32
    traitor_step: int = 36
    pile_size: int = 96
    pile_y: int = 470
    regular_x: int = 722
    safe_x: int = 834
    hand_size: int = 124
    hand_x: int = 962
    hand_y: int = 456
    discard_x: int = 1150
    revealed_x: int = 722
    revealed_y: int = 646
    revealed_size: int = 64
    revealed_step: int = 74
    revealed_slots: int = 4

    # ------------------------------------------------------------------ cells
    def cell_rect(self, cell: Cell) -> Rect:
        """The screen rectangle of `cell` (ghost cells included: col -1 and col 6 of row 0)."""
        r, c = cell
        return (self.grid_x + c * self.cell, self.grid_y + (SIZE - 1 - r) * self.cell,
                self.cell, self.cell)

    @property
    def grid_rect(self) -> Rect:
        return (self.grid_x, self.grid_y, SIZE * self.cell, SIZE * self.cell)

    def cell_at(self, pos: Point, ghosts: Iterable[Cell] = ()) -> Cell | None:
        """The grid cell under `pos`, or a ghost cell from `ghosts` under it; None elsewhere."""
        x = pos[0] - self.grid_x
        y = pos[1] - self.grid_y
        if x < -self.cell or y < 0:
            return None
        col = x // self.cell
        row = SIZE - 1 - y // self.cell
        if not 0 <= row < SIZE:
            return None
        if 0 <= col < SIZE:
            return (row, col)
        cell = (row, col)
        if cell in GHOST_CELLS and cell in set(ghosts):
            return cell
        return None

    def cell_center(self, cell: Cell) -> Point:
        return center(self.cell_rect(cell))

    # --------------------------------------------------------------- ordeals
    def ordeal_rect(self, index: int) -> Rect:
        """The ordeal card at `index` (0, 1, 2)."""
        w, h = self.card_size
        return (self.card_x0 + index * self.card_step, self.card_y, w, h)

    def ordeal_area(self, index: int) -> Rect:
        """The card and the column of traitors beside it: the drop zone for a Traitor."""
        x, y, w, h = self.ordeal_rect(index)
        return (x - 4, y - 4, self.card_step - 6, h + 40)

    def traitor_rect(self, index: int, k: int, total: int = 0) -> Rect:
        """The `k`-th (0-based) of `total` traitors beside ordeal `index`: a column to the right
        of the card; more than five overlap more tightly so that any count fits beside the card."""
        x, y, w, h = self.ordeal_rect(index)
        step = self.traitor_step
        if total > 5:
            step = max(6, (h - self.traitor_size) // (total - 1))
        return (x + w + 6, y + k * step, self.traitor_size, self.traitor_size)

    def ordeal_count_pos(self, index: int) -> Point:
        """Where the "n / trigger" caption is centred, under the card and its traitors."""
        x, y, w, h = self.ordeal_rect(index)
        return (x + w // 2, y + h + 16)

    # ------------------------------------------------------------ tile areas
    def pile_rect(self, pile: str) -> Rect:
        x = self.regular_x if pile == "regular" else self.safe_x
        return (x, self.pile_y, self.pile_size, self.pile_size)

    def discard_rect(self) -> Rect:
        return (self.discard_x, self.pile_y, self.pile_size, self.pile_size)

    def hand_rect(self) -> Rect:
        return (self.hand_x, self.hand_y, self.hand_size, self.hand_size)

    def revealed_rect(self, index: int) -> Rect:
        return (self.revealed_x + index * self.revealed_step, self.revealed_y,
                self.revealed_size, self.revealed_size)

    # --------------------------------------------------------------- buttons
    def button_rect(self, name: str) -> Rect:
        """Buttons of the board: top bar (undo, redo, rules, menu), the early encounter, and the
        power prompt (use, skip)."""
        return _BUTTONS[name]

    # --------------------------------------------------------------- hit test
    def target_at(self, pos: Point, ghosts: Iterable[Cell] = (), *, ordeals: int = 3,
                  revealed: int = 0) -> Target | None:
        """What lies under `pos`: a cell (ghosts only when given), a pile, the hand, the discard
        pile, an ordeal (card or its traitors), a revealed tile (the first `revealed` slots)."""
        cell = self.cell_at(pos, ghosts)
        if cell is not None:
            return Target("cell", cell)
        for pile in ("regular", "safe"):
            if contains(self.pile_rect(pile), pos):
                return Target("pile", pile)
        if contains(self.hand_rect(), pos):
            return Target("hand")
        if contains(self.discard_rect(), pos):
            return Target("discard")
        for i in range(ordeals):
            if contains(self.ordeal_area(i), pos):
                return Target("ordeal", i)
        for i in range(min(revealed, self.revealed_slots)):
            if contains(self.revealed_rect(i), pos):
                return Target("revealed", i)
        return None

    def target_rect(self, target: Target) -> Rect:
        """The rectangle of `target` (for the keyboard cursor and animations)."""
        kind, value = target.kind, target.value
        if kind == "cell":
            return self.cell_rect(value)  # type: ignore[arg-type]
        if kind == "pile":
            return self.pile_rect(value)  # type: ignore[arg-type]
        if kind == "hand":
            return self.hand_rect()
        if kind == "discard":
            return self.discard_rect()
        if kind == "ordeal":
            return self.ordeal_rect(value)  # type: ignore[arg-type]
        if kind == "revealed":
            return self.revealed_rect(value)  # type: ignore[arg-type]
        if kind == "button":
            return self.button_rect(value)  # type: ignore[arg-type]
        raise ValueError(f"unknown target kind {kind!r}")


_BUTTONS: dict[str, Rect] = {
    "undo": (862, 8, 92, 34),
    "redo": (960, 8, 92, 34),
    "rules": (1058, 8, 110, 34),
    "menu": (1174, 8, 92, 34),
    "encounter": (1036, 646, 214, 60),  # (only in the "get" phase)
    "use": (1030, 646, 108, 60),  # (only in the "power" phase: never with "encounter")
    "skip": (1144, 646, 108, 60),
}

LAYOUT = BoardLayout()


def cell_rect(cell: Cell) -> Rect:
    """`LAYOUT.cell_rect`."""
    return LAYOUT.cell_rect(cell)


def cell_at(pos: Point, ghosts: Iterable[Cell] = ()) -> Cell | None:
    """`LAYOUT.cell_at`."""
    return LAYOUT.cell_at(pos, ghosts)


def nearest_in_direction(current: Rect, candidates: list[tuple[Target, Rect]], dx: int,
                         dy: int) -> Target | None:
    """Keyboard navigation: the candidate whose centre lies most nearly in direction (dx, dy) from
    `current`'s centre (distance along the direction plus twice the sideways offset), or None."""
    cx, cy = center(current)
    best: tuple[float, Target] | None = None
    for target, rect in candidates:
        tx, ty = center(rect)
        along = (tx - cx) * dx + (ty - cy) * dy
        if along <= 0:
            continue
        across = abs((tx - cx) * dy) + abs((ty - cy) * dx)
        score = along + 2 * across
        if best is None or score < best[0]:
            best = (score, target)
    return None if best is None else best[1]
