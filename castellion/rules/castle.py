"""The castle: a 6 × 6 grid of tiles, row 0 the foundation (docs/rules.md §2).

A `Castle` is immutable: every change returns a new castle. Cells are `(row, col)`; row 0 is the
foundation and col 0 the leftmost column of the notation. Because of the placement rules every
castle in play is a contiguous run of foundation tiles with a gap-free column on each.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .reasons import Refusal, Why
from .tiles import Tile, parse_tile

SIZE = 6
Cell = tuple[int, int]
_EMPTY = ".."
_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def in_grid(cell: Cell) -> bool:
    r, c = cell
    return 0 <= r < SIZE and 0 <= c < SIZE


def neighbours(cell: Cell) -> Iterator[Cell]:
    r, c = cell
    for dr, dc in _NEIGHBOURS:
        n = (r + dr, c + dc)
        if in_grid(n):
            yield n


class Castle:
    """An immutable 6 × 6 castle. Build one with `Castle.empty()` or `parse_castle(text)`."""

    __slots__ = ("_cells", "_hash")

    def __init__(self, cells: Iterable[Tile | None] = ()) -> None:
        cells = tuple(cells)
        if not cells:
            cells = (None,) * (SIZE * SIZE)
        if len(cells) != SIZE * SIZE:
            raise ValueError(f"a castle has {SIZE * SIZE} cells, got {len(cells)}")
        self._cells: tuple[Tile | None, ...] = cells
        self._hash: int | None = None

    @classmethod
    def empty(cls) -> Castle:
        return _EMPTY_CASTLE

    # ----------------------------------------------------------------- reading
    def tile_at(self, cell: Cell) -> Tile | None:
        if not in_grid(cell):
            return None
        return self._cells[cell[0] * SIZE + cell[1]]

    def tiles(self) -> list[tuple[Cell, Tile]]:
        """Every (cell, tile), bottom row first, left to right."""
        return [((i // SIZE, i % SIZE), t) for i, t in enumerate(self._cells) if t is not None]

    def __len__(self) -> int:
        return SIZE * SIZE - self._cells.count(None)

    def is_empty(self) -> bool:
        return not any(self._cells)

    def is_complete(self) -> bool:
        """All 36 cells filled (R-O2)."""
        return None not in self._cells

    def foundation_complete(self) -> bool:
        """The foundation row holds 6 tiles (R-GRID)."""
        return None not in self._cells[:SIZE]

    def height(self, col: int) -> int:
        """Tiles stacked in column `col` (columns are gap-free)."""
        h = 0
        while h < SIZE and self._cells[h * SIZE + col] is not None:
            h += 1
        return h

    def columns(self) -> tuple[int, int] | None:
        """(first, last) occupied foundation column, or None for an empty castle."""
        occupied = [c for c in range(SIZE) if self._cells[c] is not None]
        if not occupied:
            return None
        return occupied[0], occupied[-1]

    def pawn_cell(self) -> Cell | None:
        for cell, tile in self.tiles():
            if tile.pawn:
                return cell
        return None

    def pantry_count(self) -> int:
        return sum(1 for t in self._cells if t is not None and t.pantry)

    def row_count(self, row: int) -> int:
        """Tiles in row `row` (0 = the foundation; 6 there means it is complete, R-O5)."""
        if not 0 <= row < SIZE:
            return 0
        return sum(1 for t in self._cells[row * SIZE:(row + 1) * SIZE] if t is not None)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Castle) and self._cells == other._cells

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self._cells)
        return self._hash

    def __repr__(self) -> str:
        return "Castle(\n" + format_castle(self) + "\n)"

    # ------------------------------------------------------------- placement
    def placement_error(self, tile: Tile | str, cell: Cell, *, check_shapes: bool = True,
                        no_pantry_neighbours: bool = False) -> Refusal | None:
        """Why `tile` may not go to `cell` (a `Refusal`: rule id and parameters); None when legal.

        `cell` may be one step outside the grid in the foundation row (`(0, -1)`, `(0, 6)`): the
        castle then slides sideways to make room (docs/rules.md §2), which is legal while it is narrower
        than 6. `check_shapes=False` is the Pyro's move (placement rules except R-P3).
        """
        tile = parse_tile(tile) if isinstance(tile, str) else tile
        if tile.traitor:
            return Refusal(Why.TRAITOR_IN_CASTLE, cell=cell, tile=tile.code)
        castle, room, error = self._make_room(cell)
        if error:
            return Refusal(error, cell=cell, tile=tile.code)
        why = castle._placement_error_in_grid(tile, room, check_shapes, no_pantry_neighbours)
        if why is None:
            return None
        shape = tile.shape if why is Why.SAME_SHAPE else None
        return Refusal(why, cell=cell, tile=tile.code, shape=shape)

    def _make_room(self, cell: Cell) -> tuple[Castle, Cell, Why | None]:
        r, c = cell
        if 0 <= c < SIZE and 0 <= r < SIZE:
            return self, cell, None
        if r == 0 and c in (-1, SIZE):
            span = self.columns()
            if span is None:
                return self, cell, Why.TOO_WIDE
            first, last = span
            if last - first + 1 >= SIZE:
                return self, cell, Why.TOO_WIDE
            if c == -1 and first == 0:
                return self._shifted(1), (0, 0), None
            if c == SIZE and last == SIZE - 1:
                return self._shifted(-1), (0, SIZE - 1), None
            return self, cell, Why.NOT_TOUCHING
        if r < 0:
            return self, cell, Why.BELOW_FOUNDATION  # R-P2: nothing goes below the foundation
        if r >= SIZE:
            return self, cell, Why.TOO_TALL
        return self, cell, Why.TOO_WIDE

    def _placement_error_in_grid(self, tile: Tile, cell: Cell, check_shapes: bool,
                                 no_pantry_neighbours: bool) -> Why | None:
        r, c = cell
        cells = self._cells
        if cells[r * SIZE + c] is not None:
            return Why.CELL_TAKEN
        if r > 0 and cells[(r - 1) * SIZE + c] is None:
            return Why.NOT_SUPPORTED
        around = [cells[nr * SIZE + nc] for nr, nc in neighbours(cell)]
        near = [t for t in around if t is not None]
        if not near and not self.is_empty():
            return Why.NOT_TOUCHING
        if any(t.pawn for t in near):
            return Why.NEXT_TO_PAWN
        if no_pantry_neighbours and tile.pantry and any(t.pantry for t in near):
            return Why.PANTRY_ADJACENT
        if check_shapes and r > 0 and tile.shape is not None:
            for t in near:
                if t.shape is tile.shape:
                    return Why.SAME_SHAPE
        return None

    def legal_placements(self, tile: Tile | str, *, check_shapes: bool = True,
                         no_pantry_neighbours: bool = False) -> set[Cell]:
        """In-grid cells where `tile` may be placed (R-P1..R-P4)."""
        tile = parse_tile(tile) if isinstance(tile, str) else tile
        if tile.traitor:
            return set()
        out = set()
        for r in range(SIZE):
            for c in range(SIZE):
                if self._placement_error_in_grid(tile, (r, c), check_shapes,
                                                 no_pantry_neighbours) is None:
                    out.add((r, c))
        return out

    def extensions(self, tile: Tile | str, *, check_shapes: bool = True,
                   no_pantry_neighbours: bool = False) -> set[Cell]:
        """Off-grid foundation cells `(0,-1)` / `(0,6)` where `tile` may go after a slide (§2)."""
        out = set()
        for cell in ((0, -1), (0, SIZE)):
            if self.placement_error(tile, cell, check_shapes=check_shapes,
                                    no_pantry_neighbours=no_pantry_neighbours) is None:
                out.add(cell)
        return out

    def place(self, tile: Tile | str, cell: Cell) -> tuple[Castle, int]:
        """A new castle with `tile` at `cell`, and the sideways slide it took (see `placement_error`).

        Does not check the placement rules; callers check `placement_error` first.
        """
        tile = parse_tile(tile) if isinstance(tile, str) else tile
        castle, (r, c), error = self._make_room(cell)
        if error:
            raise ValueError(f"{Refusal(error).describe()}: cannot place at {cell}")
        dx = c - cell[1]
        cells = list(castle._cells)
        cells[r * SIZE + c] = tile
        return Castle(cells), dx

    def _shifted(self, dx: int) -> Castle:
        cells: list[Tile | None] = [None] * (SIZE * SIZE)
        for (r, c), t in self.tiles():
            cells[r * SIZE + c + dx] = t
        return Castle(cells)

    # ------------------------------------------------------------ destruction
    def destroyable(self) -> set[Cell]:
        """Cells whose tile may be destroyed without the castle falling in two (R-D3)."""
        out = set()
        span = self.columns()
        contiguous = span is not None and all(
            self._cells[c] is not None for c in range(span[0], span[1] + 1))
        for cell, _ in self.tiles():
            r, c = cell
            if contiguous:
                assert span is not None
                splits = r == 0 and self.height(c) == 1 and span[0] < c < span[1]
            else:
                splits = not self.destroy(cell)._connected()
            if not splits:
                out.add(cell)
        return out

    def destroy(self, cell: Cell) -> Castle:
        """A new castle without the tile at `cell`; the tiles above slide down one row (R-D2)."""
        r, c = cell
        if self.tile_at(cell) is None:
            raise ValueError(f"no tile at {cell} to destroy")
        cells = list(self._cells)
        for row in range(r, SIZE - 1):
            cells[row * SIZE + c] = cells[(row + 1) * SIZE + c]
        cells[(SIZE - 1) * SIZE + c] = None
        return Castle(cells)

    def destroy_rows(self, n: int) -> tuple[Castle, tuple[Tile, ...]]:
        """Remove the bottom `n` rows; every column drops (Exam II, Earthworm)."""
        n = max(0, min(n, SIZE))
        removed = tuple(t for t in self._cells[: n * SIZE] if t is not None)
        cells = list(self._cells[n * SIZE:]) + [None] * (n * SIZE)
        return Castle(cells), removed

    def _connected(self) -> bool:
        tiles = [cell for cell, _ in self.tiles()]
        if not tiles:
            return True
        seen = {tiles[0]}
        todo = [tiles[0]]
        while todo:
            cell = todo.pop()
            for n in neighbours(cell):
                if n not in seen and self.tile_at(n) is not None:
                    seen.add(n)
                    todo.append(n)
        return len(seen) == len(tiles)

    # ----------------------------------------------------------------- powers
    def swap(self, a: Cell, b: Cell) -> Castle:
        """Juggler: exchange the tiles at two cells (R-P3 ignored)."""
        cells = list(self._cells)
        ia, ib = a[0] * SIZE + a[1], b[0] * SIZE + b[1]
        cells[ia], cells[ib] = cells[ib], cells[ia]
        return Castle(cells)

    def swappable_pairs(self) -> list[tuple[Cell, Cell]]:
        """Juggler: orthogonally adjacent pairs of Defenders, each pair once (a before b)."""
        pairs = []
        for (r, c), t in self.tiles():
            if not t.defender:
                continue
            for n in ((r + 1, c), (r, c + 1)):
                other = self.tile_at(n)
                if other is not None and other.defender:
                    pairs.append(((r, c), n))
        return pairs

    def movable(self) -> set[Cell]:
        """Pyro: tiles with nothing on top whose removal does not split the castle."""
        out = set()
        free = self.destroyable()
        for c in range(SIZE):
            h = self.height(c)
            if h and (h - 1, c) in free:
                out.add((h - 1, c))
        return out

    def lift(self, cell: Cell) -> Castle:
        """The castle without the uncovered tile at `cell` (no slide: nothing is above it)."""
        cells = list(self._cells)
        cells[cell[0] * SIZE + cell[1]] = None
        return Castle(cells)

    def move_targets(self, src: Cell, *, no_pantry_neighbours: bool = False) -> set[Cell]:
        """Pyro: where the tile at `src` may go (placement rules except R-P3), off-grid included;
        `no_pantry_neighbours` is the harder Pantry's rule (§10)."""
        tile = self.tile_at(src)
        if tile is None or src not in self.movable():
            return set()
        rest = self.lift(src)
        targets = rest.legal_placements(tile, check_shapes=False,
                                        no_pantry_neighbours=no_pantry_neighbours) | rest.extensions(
            tile, check_shapes=False, no_pantry_neighbours=no_pantry_neighbours)
        targets.discard(src)
        return targets

    def move(self, src: Cell, dst: Cell) -> tuple[Castle, int]:
        tile = self.tile_at(src)
        if tile is None:
            raise ValueError(f"no tile at {src} to move")
        return self.lift(src).place(tile, dst)


_EMPTY_CASTLE = Castle()


# ------------------------------------------------------------------ notation
def parse_castle(text: str) -> Castle:
    r"""A castle from 6 lines of 6 tokens, top row first (`..` = empty).

    Raises ValueError naming the line and token on bad text (wrong size, unknown token, a tile
    with nothing under it).

    >>> castle = parse_castle(".. .. .. .. .. ..\n" * 4 + "St .. .. .. .. ..\nSt Ss Pc Jc Jt Pt")
    >>> len(castle), castle.tile_at((1, 0)).code, castle.foundation_complete()
    (7, 'St', True)
    >>> sorted(castle.legal_placements("Pc"))[:3]
    [(1, 1), (1, 4), (1, 5)]
    >>> parse_castle("St")
    Traceback (most recent call last):
    ...
    ValueError: a castle is 6 lines of 6 tokens; got 1 lines
    """
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    if len(lines) != SIZE:
        raise ValueError(f"a castle is {SIZE} lines of {SIZE} tokens; got {len(lines)} lines")
    cells: list[Tile | None] = [None] * (SIZE * SIZE)
    for i, tokens in enumerate(lines):
        row = SIZE - 1 - i
        if len(tokens) != SIZE:
            raise ValueError(f"line {i + 1}: expected {SIZE} tokens, got {len(tokens)}: {' '.join(tokens)!r}")
        for col, token in enumerate(tokens):
            if token == _EMPTY:
                continue
            try:
                tile = parse_tile(token)
            except ValueError as exc:
                raise ValueError(f"line {i + 1}, token {col + 1}: {exc}") from None
            if tile.traitor:
                raise ValueError(f"line {i + 1}, token {col + 1}: a Traitor ({token}) can never be in a castle")
            cells[row * SIZE + col] = tile
    for i in range(SIZE, SIZE * SIZE):
        floating = cells[i]
        if floating is not None and cells[i - SIZE] is None:
            line, col = SIZE - i // SIZE, i % SIZE + 1
            raise ValueError(f"line {line}, token {col}: floating tile {floating.code} has nothing under it")
    if sum(1 for t in cells if t is not None and t.pawn) > 1:
        raise ValueError("more than one tile carries the Menace pawn '@'")
    return Castle(cells)


def format_castle(castle: Castle) -> str:
    r"""Canonical notation: 6 lines, top row first, tokens aligned in columns.

    >>> print(format_castle(parse_castle(".. .. .. .. .. ..\n" * 5 + "St Ss+ .. .. .. ..")))
    ..  ..  ..  ..  ..  ..
    ..  ..  ..  ..  ..  ..
    ..  ..  ..  ..  ..  ..
    ..  ..  ..  ..  ..  ..
    ..  ..  ..  ..  ..  ..
    St  Ss+ ..  ..  ..  ..
    """
    codes = [t.code if t is not None else _EMPTY for t in castle._cells]
    width = max(len(code) for code in codes)
    lines = []
    for row in range(SIZE - 1, -1, -1):
        lines.append(" ".join(codes[row * SIZE + c].ljust(width) for c in range(SIZE)).rstrip())
    return "\n".join(lines)
