"""What an action would do to a castle, asked before it is played.

`preview(game, action)` answers, in data, what the board shows while a tile is dragged over a
lit cell (and for a Juggler's swap, a Pyro's move, a tile chosen for destruction): the formations
the action completes and cancels (kind, faction, cells, the size of the same-faction group — R-F1,
R-F2), the progress of the moved tile's group towards a formation ("Line 3/4"), the counts of the
current Ordeal's requirement before and after (§5.3; only when its card is face up: a preview
never peeks), the foundation (R-O5), the Pantry count (§10), the sideways slide (§2) and whether
the action sets off an encounter (R-O1, R-O2, R-O4).

Pure and cheap: it works on the immutable `Castle` (never `copy().apply`, which would run the
encounter and reveal face-down cards); the game is not touched. Cells are given twice: `cells`
where the tiles stand *now* (the board before the drop, a foundation extension as `(0, -1)` /
`(0, 6)`), `cells_after` where they stand once the action is played.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from . import actions as A
from .castle import SIZE, Castle, Cell
from .formations import KINDS, formation_groups, formations
from .game import Game
from .reasons import Cause

FORMATION_SIZE = 4  # R-F2: a formation is exactly four tiles


@dataclass(frozen=True, slots=True)
class FormationChange:
    """A formation an action completes or cancels.

    `faction` is the faction letter ("J"); `group` the size of the same-faction group holding
    those tiles after the action (4 for a completed one; for a cancelled one 5+ when a tile
    joined it, R-F2, fewer when one left, 0 when none of its tiles is left in the castle)."""

    kind: str  # "tower" | "bastion" | "line"
    faction: str
    cells: tuple[Cell, ...]  # where its tiles stand before the action (a placed tile: its target cell)
    cells_after: tuple[Cell, ...]  # where they stand after it (a destroyed tile is left out)
    group: int


@dataclass(frozen=True, slots=True)
class Progress:
    """The moved or placed tile's group is `have` tiles of `kind`'s shape (of 4), and the cells
    the formation still needs are free: "Line 3/4"."""

    kind: str
    faction: str
    have: int
    cells_after: tuple[Cell, ...]


@dataclass(frozen=True)
class Preview:
    """What `action` would do to `player`'s castle (see the module docstring)."""

    action: A.Action
    player: int
    completes: tuple[FormationChange, ...] = ()
    cancels: tuple[FormationChange, ...] = ()
    progress: tuple[Progress, ...] = ()
    slide: int = 0  # columns the castle slides sideways (§2)
    have_before: dict[str, int] = field(default_factory=dict)  # formations of the castle
    have_after: dict[str, int] = field(default_factory=dict)
    ordeal: int | None = None  # the current Ordeal
    need: dict[str, int] = field(default_factory=dict)  # its requirement; {} while face down
    foundation_before: int = 0  # tiles in the foundation row (6 = complete, R-O5)
    foundation_after: int = 0
    pantry_need: int | None = None  # §10: Pantry tiles the castle must hold after the current Ordeal
    pantry_before: int = 0
    pantry_after: int = 0
    encounter: Cause | None = None  # the action sets off the current Ordeal's encounter

    @property
    def changed(self) -> dict[str, int]:
        """Per formation kind, after less before (only the kinds that change)."""
        return {k: self.have_after.get(k, 0) - self.have_before.get(k, 0) for k in KINDS
                if self.have_after.get(k, 0) != self.have_before.get(k, 0)}


# --------------------------------------------------------------------------- the castle after
Moves = dict[Cell, Cell | None]  # where each tile of the castle before goes (None: destroyed)


def _after(castle: Castle, action: A.Action) -> tuple[Castle, Moves, dict[Cell, Cell], int] | None:
    """The castle after `action`, where each old tile went, where each new tile came from (its
    cell after → its cell before), and the slide. None for an action that changes no castle."""
    same: Moves = {cell: cell for cell, _ in castle.tiles()}
    if isinstance(action, (A.PlaceTile, A.PlacePantry)):
        after, dx = castle.place(action.tile, action.cell)
        moves: Moves = {cell: (cell[0], cell[1] + dx) for cell in same}
        return after, moves, {(action.cell[0], action.cell[1] + dx): action.cell}, dx
    if isinstance(action, A.SwapTiles):
        same[action.a], same[action.b] = action.b, action.a
        return castle.swap(action.a, action.b), same, {}, 0
    if isinstance(action, A.MoveTile):
        after, dx = castle.move(action.src, action.dst)
        moves = {cell: (cell[0], cell[1] + dx) for cell in same}
        moves[action.src] = (action.dst[0], action.dst[1] + dx)
        return after, moves, {}, dx
    if isinstance(action, A.DestroyTile):
        r, c = action.cell
        for cell in same:  # R-D2: the tiles above drop one row
            if cell[1] == c and cell[0] > r:
                same[cell] = (cell[0] - 1, c)
        same[action.cell] = None
        return castle.destroy(action.cell), same, {}, 0
    return None


def _group(castle: Castle, start: Cell) -> list[Cell]:
    """The same-faction group of the Defender at `start` (R-F2; Pantry tiles and the pawn's tile
    belong to none, R-F4)."""
    tile = castle.tile_at(start)
    if tile is None or tile.faction is None or tile.pawn:
        return []
    group, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            other = castle.tile_at(n)
            if n not in group and other is not None and other.faction is tile.faction and not other.pawn:
                group.add(n)
                todo.append(n)
    return sorted(group)


def _free(castle: Castle, cells: Iterable[Cell]) -> bool:
    return all(0 <= r < SIZE and 0 <= c < SIZE and castle.tile_at((r, c)) is None for r, c in cells)


def _could_become(castle: Castle, group: list[Cell]) -> list[str]:
    """The formation kinds `group` (2 or 3 tiles) could still grow into, the cells it lacks being
    free: a Line (one row), a Tower (one column), a Bastion (inside a 2 × 2 square)."""
    rows = sorted({r for r, _ in group})
    cols = sorted({c for _, c in group})
    have = set(group)
    grows = (("line", _could_be_line), ("tower", _could_be_tower), ("bastion", _could_be_bastion))
    return [kind for kind, could in grows if could(castle, rows, cols, have)]


def _could_be_line(castle: Castle, rows: list[int], cols: list[int], have: set[Cell]) -> bool:
    if len(rows) != 1 or cols[-1] - cols[0] + 1 != len(have):
        return False
    r = rows[0]
    return any(_free(castle, [(r, c) for c in range(start, start + 4) if (r, c) not in have])
               for start in range(max(0, cols[-1] - 3), min(cols[0], SIZE - 4) + 1))


def _could_be_tower(castle: Castle, rows: list[int], cols: list[int], have: set[Cell]) -> bool:
    if len(cols) != 1 or rows[-1] - rows[0] + 1 != len(have):
        return False
    c = cols[0]
    # Columns are gap-free: a Tower can only grow upwards.
    return _free(castle, [(r, c) for r in range(rows[0], rows[0] + 4) if (r, c) not in have])


def _could_be_bastion(castle: Castle, rows: list[int], cols: list[int], have: set[Cell]) -> bool:
    if len(rows) > 2 or len(cols) > 2:
        return False
    corners = [(r0, c0) for r0 in range(max(0, rows[-1] - 1), min(rows[0], SIZE - 2) + 1)
               for c0 in range(max(0, cols[-1] - 1), min(cols[0], SIZE - 2) + 1)]
    return any(_free(castle, [cell for cell in ((r0, c0), (r0 + 1, c0), (r0, c0 + 1), (r0 + 1, c0 + 1))
                              if cell not in have]) for r0, c0 in corners)


def _trigger(game: Game, action: A.Action, after: Castle | None) -> Cause | None:
    """The encounter `action` would set off (R-O1 Traitors, R-O2 a complete castle, R-O4 no tile
    left to draw), from what is on the table (never a face-down card)."""
    index = game.current_ordeal
    if index is None:
        return None
    view = game.ordeals[index]
    if isinstance(action, A.PlaceTraitor) and view.count + 1 >= view.trigger:
        return Cause.TRAITORS
    if after is not None and after.is_complete():
        return Cause.COMPLETE_CASTLE
    if isinstance(action, (A.PlaceTile, A.PlaceTraitor)) and not game.revealed \
            and game.pile_size("regular") == 0 and game.pile_size("safe") == 0:
        return Cause.TILES_RAN_OUT
    return None


# ----------------------------------------------------------------------------- the question
def preview(game: Game, action: A.Action) -> Preview | None:
    """What `action` would do (see the module docstring); None when it is not legal now.

    Actions that change no castle (a discard, a Traitor put beside an Ordeal) answer a `Preview`
    without formation changes; a Traitor's answer says whether the encounter follows (R-O1)."""
    if not game.is_legal(action):
        return None
    castle = game.castle(game.active)
    still = _unchanged(game, action, castle)
    changed = _after(castle, action)
    if changed is None:
        return replace(still, encounter=_trigger(game, action, None))
    after, moves, new, dx = changed
    cancels, kept = _cancels(castle, after, moves)
    return replace(still, completes=_completes(after, moves, new, kept), cancels=cancels,
                   progress=_progress(after, moves, new), slide=dx, have_after=formations(after),
                   foundation_after=after.row_count(0), pantry_after=after.pantry_count(),
                   encounter=_trigger(game, action, after))


def _unchanged(game: Game, action: A.Action, castle: Castle) -> Preview:
    """The answer as if the castle stayed as it is: the Ordeal's needs and the counts before."""
    index = game.current_ordeal
    view = game.ordeals[index] if index is not None else None
    need = {k: n for k, n in view.card.requires.items() if n} if view is not None and view.face_up else {}
    pantry_need = game.pantry_needed(index) if index is not None else None
    have_before = formations(castle)
    return Preview(action, game.active, have_before=have_before, have_after=dict(have_before),
                   ordeal=index, need=need, foundation_before=castle.row_count(0),
                   foundation_after=castle.row_count(0), pantry_need=pantry_need,
                   pantry_before=castle.pantry_count(), pantry_after=castle.pantry_count())


Kept = set[tuple[str, tuple[Cell, ...]]]


def _cancels(castle: Castle, after: Castle, moves: Moves) -> tuple[tuple[FormationChange, ...], Kept]:
    """The formations of `castle` that `after` no longer has (and the ones it keeps, moved)."""
    faction_of = {cell: (tile.faction.value if tile.faction is not None else "") for cell, tile in castle.tiles()}
    after_keys = {(f.kind, f.cells) for f in formation_groups(after)}
    kept: Kept = set()
    cancels = []
    for f in formation_groups(castle):
        moved = [moves.get(cell) for cell in f.cells]
        now = tuple(sorted(cell for cell in moved if cell is not None))
        if None not in moved and (f.kind, now) in after_keys:
            kept.add((f.kind, now))
            continue
        size = max((len(_group(after, cell)) for cell in now), default=0)
        cancels.append(FormationChange(f.kind, faction_of[f.cells[0]], f.cells, now, size))
    return tuple(cancels), kept


def _completes(after: Castle, moves: Moves, new: dict[Cell, Cell], kept: Kept) -> tuple[FormationChange, ...]:
    """The formations `after` has that were not there before (cells before → cells after)."""
    back = {dst: src for src, dst in moves.items() if dst is not None}
    back.update(new)
    completes = []
    for g in formation_groups(after):
        if (g.kind, g.cells) in kept:
            continue
        tile = after.tile_at(g.cells[0])
        faction = tile.faction.value if tile is not None and tile.faction is not None else ""
        completes.append(FormationChange(g.kind, faction, tuple(sorted(back[cell] for cell in g.cells)), g.cells,
                                         FORMATION_SIZE))
    return tuple(completes)


def _progress(after: Castle, moves: Moves, new: dict[Cell, Cell]) -> tuple[Progress, ...]:
    """The groups of 2 or 3 the action touches, and what each could still grow into."""
    progress = []
    touched = sorted(set(new) | {dst for src, dst in moves.items() if dst is not None and dst != src})
    seen: set[Cell] = set()
    for cell in touched:
        if cell in seen:
            continue
        group = _group(after, cell)
        seen.update(group)
        tile = after.tile_at(cell)
        if 2 <= len(group) < FORMATION_SIZE and tile is not None and tile.faction is not None:
            progress += [Progress(kind, tile.faction.value, len(group), tuple(group))
                         for kind in _could_become(after, group)]
    return tuple(progress)


__all__ = ["FormationChange", "Preview", "Progress", "preview"]
