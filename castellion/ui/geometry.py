"""Board layout: where everything on the board screen sits, as plain tuples (no pygame).

All positions are logical pixels on the 1280×800 canvas. A rectangle is `(x, y, w, h)`; a cell is
`(row, col)` as in the rules (row 0 = foundation, drawn at the bottom). Besides the 6×6 grid there
are two *ghost* foundation cells just outside it, `(0, -1)` and `(0, 6)`: dropping a tile there
extends the foundation past the grid's edge and the castle slides sideways (docs/rules.md §2). They are
hit-tested only when the caller says they are legal to show (`ghosts=`).

`board_layout(..., roomy=True)` (a plain solo game at a text size of 150 % or more): the castle a
little smaller (62 px cells) and lower, so that its heading and its "foundation" line have room
above and below the grid, and the status panel under it taller (`ROOMY_LAYOUT`); in every layout
at that size the Ordeal cards are smaller, so that their Traitors captions take two lines. With
`tall_bar=True` too (the top bar has a second line: a variant, the Pantry, two players) the bar is
`TALL_BAR` px taller and the board under it as much lower, its panels' bottoms kept (`_tall_bar`).

`target_at(pos, ghosts)` answers what lies under a point as a `Target` — the one function the board
uses for mouse hits, drops and the keyboard cursor, so the three always agree.

`board_layout(players, prison=, pantry=)` picks the layout for a game: the solo default (`LAYOUT`);
a solo layout with a side column beside a slightly smaller castle for the Prison ring (§8.4) and
the Pantry supply (§10); the two-player layout (§9): the shared Ordeals and tiles in a strip on top,
the two castles side by side below (smaller cells), each with its Champion card and Pantry supply.
A layout describes every castle; `for_player(p)` is the same layout seen from player `p` (its
`grid_x` / `castle_panel` are that player's), so code that works on "the active castle" simply asks
`layout.for_player(game.active)`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from castellion.ui.targets import (
    ButtonTarget,
    CastleTarget,
    CellTarget,
    DiscardTarget,
    HandTarget,
    OrdealTarget,
    PantryTarget,
    PileTarget,
    PrisonTarget,
    RevealedTarget,
    Target,
    VigilTarget,
)

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
    revealed_cols: int = 4  # the revealed slots across (2: a 2 × 2 block)
    power_box: Rect = (716, 714, 534, 66)  # a discarded Defender's power, beside "use" / "skip"
    # --- variants, Pantry, two players (0 / () = not in this layout) -------------------------
    player: int = 0  # whose castle `grid_x` / `castle_panel` describe (see for_player)
    grid_xs: tuple[int, ...] = ()  # every player's grid_x (two players)
    castle_panels: tuple[Rect, ...] = ()  # every player's castle panel (two players)
    vigil: Rect = (722, 640, 76, 76)  # §8.1 (introductory level: the revealed row is never used)
    prison_x: int = 0  # §8.4: top-left of the 3 × 3 ring
    prison_y: int = 0
    prison_cell: int = 0
    prison_panel: Rect = (0, 0, 0, 0)  # two players: the shared prison's own panel
    pantry_xs: tuple[int, ...] = ()  # §10: each player's supply column(s)
    pantry_y: int = 0
    pantry_cell: int = 0
    pantry_cols: int = 1
    champion_size: tuple[int, int] = (0, 0)  # §9: the Champion card beside its holder's grid
    buttons: tuple[tuple[str, Rect], ...] = ()  # overrides of the default button places

    # ------------------------------------------------------------- players
    @property
    def players(self) -> int:
        return max(1, len(self.grid_xs))

    def for_player(self, player: int) -> BoardLayout:
        """This layout seen from `player`: `grid_x`, `castle_panel` are that player's castle's."""
        if player == self.player or not self.grid_xs:
            return self
        return replace(self, player=player, grid_x=self.grid_xs[player],
                       castle_panel=self.castle_panels[player])

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
        row, col = divmod(index, self.revealed_cols)
        return (self.revealed_x + col * self.revealed_step, self.revealed_y + row * self.revealed_step,
                self.revealed_size, self.revealed_size)

    def vigil_rect(self) -> Rect:
        return self.vigil

    # ------------------------------------------------------- prison, Pantry, Champion
    def prison_rect(self, cell: Cell) -> Rect:
        """Ring cell `cell` ((row, col) of the 3 × 3, row 0 at the top) of the prison (§8.4)."""
        r, c = cell
        return (self.prison_x + c * self.prison_cell, self.prison_y + r * self.prison_cell,
                self.prison_cell, self.prison_cell)

    @property
    def prison_area(self) -> Rect:
        return (self.prison_x, self.prison_y, 3 * self.prison_cell, 3 * self.prison_cell)

    def pantry_rect(self, index: int, player: int | None = None) -> Rect:
        """The `index`-th tile of `player`'s Pantry supply (default: this layout's player)."""
        p = self.player if player is None else player
        x0 = self.pantry_xs[p] if p < len(self.pantry_xs) else 0
        row, col = divmod(index, self.pantry_cols)
        step = self.pantry_cell + 8
        return (x0 + col * step, self.pantry_y + row * step, self.pantry_cell, self.pantry_cell)

    def pantry_bottom(self, count: int = 6) -> int:
        """The y just under a supply of `count` tiles (where its caption goes)."""
        rows = max(1, -(-count // self.pantry_cols))
        return self.pantry_y + rows * (self.pantry_cell + 8) - 8

    def champion_rect(self, player: int) -> Rect:
        """Where the Champion card lies when `player` holds it: left of that player's grid."""
        w, h = self.champion_size
        panel = self.castle_panels[player] if self.castle_panels else self.castle_panel
        gy = self.grid_y
        return (panel[0] + 12, gy + 34, w, h)

    def castle_panel_of(self, player: int) -> Rect:
        return self.castle_panels[player] if self.castle_panels else self.castle_panel

    def grid_rect_of(self, player: int) -> Rect:
        x = self.grid_xs[player] if self.grid_xs else self.grid_x
        return (x, self.grid_y, SIZE * self.cell, SIZE * self.cell)

    # --------------------------------------------------------------- buttons
    def button_rect(self, name: str) -> Rect:
        """Buttons of the board: top bar (undo, redo, rules, menu), the early encounter, the
        power prompt (use, skip), the Premonition (in the encounter's place: "use" phase), the
        Champion hand-over (in its holder's castle panel) and the facer prompt (facer0/1)."""
        for key, rect in self.buttons:
            if key == name:
                if name == "champion":
                    px, py, pw, ph = self.castle_panel_of(self.player)
                    return (px + pw - rect[2] - 10, py + 6, rect[2], rect[3])
                return rect
        return _BUTTONS[name]

    # --------------------------------------------------------------- hit test
    def target_at(self, pos: Point, ghosts: Iterable[Cell] = (), *, ordeals: int = 3,
                  revealed: int = 0, vigil: bool = False, prison: bool = False,
                  pantry: int = 0) -> Target | None:
        """What lies under `pos`: a cell of this layout's player's castle (ghosts only when
        given), a pile, the hand, the discard pile, an ordeal (card or its traitors), a revealed
        tile (the first `revealed` slots), the Vigil, a prison ring cell, one of the first
        `pantry` tiles of the supply, another player's castle panel."""
        cell = self.cell_at(pos, ghosts)
        if cell is not None:
            return CellTarget(cell)
        found = self._targets(ordeals=ordeals, revealed=revealed, vigil=vigil, prison=prison, pantry=pantry)
        return next((target for rect, target in found if contains(rect, pos)), None)

    def _targets(self, *, ordeals: int, revealed: int, vigil: bool, prison: bool,
                 pantry: int) -> Iterator[tuple[Rect, Target]]:
        """Every target but the castle's cells with its rect, in the order `target_at` tries
        them (the first that holds the point wins; made lazily, as they are tried)."""
        if prison and self.prison_cell:
            for ring in PRISON_CELLS:
                yield self.prison_rect(ring), PrisonTarget(ring)
        for k in range(pantry):
            yield self.pantry_rect(k), PantryTarget(k)
        if vigil:
            yield self.vigil, VigilTarget()
        for pile in ("regular", "safe"):
            yield self.pile_rect(pile), PileTarget(pile)
        yield self.hand_rect(), HandTarget()
        yield self.discard_rect(), DiscardTarget()
        for i in range(ordeals):
            yield self.ordeal_area(i), OrdealTarget(i)
        for i in range(min(revealed, self.revealed_slots)):
            yield self.revealed_rect(i), RevealedTarget(i)
        for p, panel in enumerate(self.castle_panels):
            if p != self.player:
                yield panel, CastleTarget(p)

    def target_rect(self, target: Target) -> Rect:
        """The rectangle of `target` (for the keyboard cursor and animations)."""
        match target:
            case CellTarget(cell):
                return self.cell_rect(cell)
            case PileTarget(pile):
                return self.pile_rect(pile)
            case HandTarget():
                return self.hand_rect()
            case DiscardTarget():
                return self.discard_rect()
            case OrdealTarget(index):
                return self.ordeal_rect(index)
            case RevealedTarget(index):
                return self.revealed_rect(index)
            case ButtonTarget(key):
                return self.button_rect(key)
            case VigilTarget():
                return self.vigil
            case PrisonTarget(cell):
                return self.prison_rect(cell)
            case PantryTarget(index):
                return self.pantry_rect(index)
            case CastleTarget(player):
                return self.castle_panel_of(player)
        raise ValueError(f"unknown target {target!r}")


_BUTTONS: dict[str, Rect] = {
    "hint": (764, 8, 92, 34),  # (hidden while the computer plays)
    "undo": (862, 8, 92, 34),
    "redo": (960, 8, 92, 34),
    "rules": (1058, 8, 110, 34),
    "menu": (1174, 8, 92, 34),
    "encounter": (1036, 646, 214, 60),  # (only in the "get" phase)
    "use": (1030, 646, 108, 60),  # (only in the "power" phase: never with "encounter")
    "skip": (1144, 646, 108, 60),
    "premonition": (1036, 646, 214, 60),  # (only in the "use" phase, with a plain Traitor)
    "champion": (0, 0, 200, 32),  # (placed in the holder's castle panel header)
    "facer0": (400, 344, 230, 64),  # the facer prompt (phase choose_facer)
    "facer1": (650, 344, 230, 64),
}

PRISON_CELLS: tuple[Cell, ...] = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2))

LAYOUT = BoardLayout()

# Solo with the Prison and/or the Pantry: the castle a little smaller (64 px cells) to leave a
# side column inside the castle panel for the ring (40 px cells) and the supply (2 × 3).
SIDE_LAYOUT = replace(LAYOUT, cell=64, grid_x=94, grid_y=182, prison_x=560, prison_y=186, prison_cell=40,
                      pantry_xs=(562,), pantry_y=186, pantry_cell=48, pantry_cols=2)


# A plain solo game at large text: the castle in 62 px cells, 26 px lower (its heading grows), the
# panel ending 36 px higher, and the status panel as much taller (its lines grow); the piles and
# the hand 14 px lower (under the tiles panel's heading).
def _roomy(layout: BoardLayout, players: int = 1) -> BoardLayout:
    """`layout` at a large text size: its Ordeal cards smaller, their Traitors' column as tall, so
    that the Traitors caption under each card has room for two lines (the word over its numbers);
    the two-player strip is lower, its cards smaller still."""
    if players == 2:  # (and the tiles strip spread out, the piles' names over them wider than they are:
        # the Seer's slots a 2 × 2 block in the strip's right corner, their caption over it, the Vigil there;
        # the safe pile and the hand further right, the piles 4 px lower, as the piles' names need
        # beside the hand's name raised a row (200 %, `board/strip.py`); the hand smaller, right of the
        # Spanish names at 200 % with a space between them, its frame's bottom above the piles' counts,
        # the discard pile right of it, the Seer's slots under its name; the buttons 7 px lower: the
        # discard pile's count over them clears them; the Vigil, never dealt with the Seer's slots (the
        # introductory level), in the corner's top right, 56 px: its name over it above the discard pile's
        # name, its note under it, beside the discard pile: `board/vigil_corner.py`)
        tx, ty, tw, _ = layout.tiles_panel
        vigil = (tx + tw - 10 - 56, ty + 42, 56, 56)
        buttons = tuple((k, (x, by + 7, bw, bh) if k != "champion" else (x, by, bw, bh))
                        for k, (x, by, bw, bh) in layout.buttons)
        if layout.prison_cell:
            layout = _prison_roomier(layout)
        return replace(layout, card_size=(88, 124), traitor_size=24, traitor_step=25, pile_size=70,
                       pile_y=layout.pile_y + 18, regular_x=615, safe_x=775, hand_size=90, hand_x=908,
                       hand_y=layout.hand_y + 4, discard_x=1036, revealed_x=1155, revealed_y=layout.pile_y + 14,
                       revealed_size=48,
                       revealed_step=54, revealed_cols=2, vigil=vigil, buttons=buttons)
    # (and the Seer's slots smaller, lower, ending level with the button beside them: their caption
    # above them has room for two lines; the piles smaller, the safe one 180 px from the regular one,
    # the hand smaller, level with them and right of them: their names side by side, the hand's raised
    # a row where they meet; the name of the tile in hand under the hand, over "face the Ordeal now",
    # taller: `board/tiles_rows.py`)
    tall = (1036, 646, 214, 72)
    return replace(layout, card_size=(108, 152), traitor_size=30, traitor_step=30, revealed_size=48,
                   revealed_step=58, revealed_y=layout.revealed_y + 24, pile_size=80, regular_x=730,
                   safe_x=910, discard_x=1158, hand_size=90, hand_x=1040, pile_y=layout.pile_y + 4,
                   hand_y=layout.pile_y + 20, buttons=(("encounter", tall), ("premonition", tall)))


def _prison_roomier(layout: BoardLayout, wider: int = 12, higher: int = 36) -> BoardLayout:
    """The two-player Prison's panel `wider` px wider each side (the castles' panels as much
    narrower) and its ring `higher` px higher, under its title: the penalty under the ring, in
    whole words across the panel, was held by its longest word to 18 px in English and Spanish
    ("Incompleta" 98 px in 102) and by the panel's height in Japanese, beside the count's 30."""
    (x0, y0, w0, h0), (x1, y1, w1, h1) = layout.castle_panels
    panels = ((x0, y0, w0 - wider, h0), (x1 + wider, y1, w1 - wider, h1))
    xs = tuple(p[0] + (p[2] - SIZE * layout.cell) // 2 for p in panels)
    px, py, pw, ph = layout.prison_panel
    return replace(layout, castle_panels=panels, castle_panel=panels[0], grid_xs=xs, grid_x=xs[0],
                   pantry_xs=tuple(x + SIZE * layout.cell + layout.cell + 10 for x in xs),
                   prison_panel=(px - wider, py, pw + 2 * wider, ph), prison_y=layout.prison_y - higher)


ROOMY_LAYOUT = _roomy(replace(LAYOUT, cell=62, grid_x=166, grid_y=196, castle_panel=(14, 130, 676, 484),
                              status_panel=(14, 624, 676, 162), pile_y=484, hand_y=470))
ROOMY_TEXT = 1.5  # from this text size on, a game is laid out roomy


def _two_player_layout(prison: bool) -> BoardLayout:
    cell = 50
    grid = SIZE * cell
    if prison:
        panels: tuple[Rect, ...] = ((14, 380, 560, 406), (706, 380, 560, 406))
    else:
        panels = ((14, 380, 619, 406), (647, 380, 619, 406))
    xs = tuple(p[0] + (p[2] - grid) // 2 for p in panels)
    grid_y = 426
    return BoardLayout(
        cell=cell, grid_x=xs[0], grid_y=grid_y,
        castle_panel=panels[0], status_panel=(0, 0, 0, 0),
        ordeal_panel=(14, 130, 560, 240), tiles_panel=(588, 130, 678, 240),
        card_size=(100, 140), card_y=172, card_x0=30, card_step=180, traitor_size=28, traitor_step=30,
        pile_size=76, pile_y=188, regular_x=604, safe_x=696, hand_size=96, hand_x=794, hand_y=178,
        discard_x=930, revealed_x=1024, revealed_y=196, revealed_size=52, revealed_step=58,
        vigil=(1030, 188, 76, 76),
        grid_xs=xs, castle_panels=panels,
        prison_panel=(580, 380, 120, 406) if prison else (0, 0, 0, 0),
        prison_x=586, prison_y=466, prison_cell=36 if prison else 0,
        pantry_xs=tuple(x + grid + cell + 10 for x in xs), pantry_y=grid_y + 40, pantry_cell=40,
        pantry_cols=1, champion_size=(64, 90),
        power_box=(600, 300, 410, 62),  # over the shared tiles panel, under the piles and the hand
        buttons=(("encounter", (1020, 306, 236, 52)), ("use", (1020, 306, 114, 52)),
                 ("skip", (1142, 306, 114, 52)), ("premonition", (1020, 306, 236, 52)),
                 ("champion", (0, 0, 200, 32))),
    )


TWO_PLAYER_LAYOUT = _two_player_layout(False)
TWO_PLAYER_PRISON_LAYOUT = _two_player_layout(True)


TALL_BAR = 28  # how much taller the top bar is at large text when it has a second line
STRIP_TALLER = 14  # px: the two-player strip under such a bar is taller (the Ordeals beside it too), and
TALLER_KEYS = ("encounter", "premonition")  # these buttons in it: their label on two lines (28 px, not 18 on one)
POWER_KEYS = ("use", "skip")  # and these, beside the power's box, as much taller as it (its description larger)
CASTLES_LOWER = 10  # px: the castles' tops under it as much lower (the gap over them 6 px, not 10: a Prison
# game's Japanese foundation line under its grid had no 14 px to lose at 200 %)


def _moved(rect: Rect, dy: int, shrink: bool = False, grown: int = 0) -> Rect:
    """`rect` `dy` lower (`shrink`: its bottom kept where it was; `grown`: px taller)."""
    x, y, w, h = rect
    return (x, y + dy, w, (h - dy if shrink else h) + grown)


def _tall_bar(layout: BoardLayout, players: int) -> BoardLayout:
    """`layout` (a roomy one) under a top bar `TALL_BAR` taller, whose second row holds the chosen
    variant, Pantry and players across the window: the banner and the message line as much lower,
    the panels' tops too (their bottoms stay), the castles in smaller cells."""
    d = TALL_BAR
    bar = replace(layout, top_bar=(0, 0, 1280, 50 + d), banner=_moved(layout.banner, d),
                  message=_moved(layout.message, d),
                  buttons=tuple((k, r if k == "champion" else
                                 _moved(r, d, grown=STRIP_TALLER * (k in TALLER_KEYS + POWER_KEYS)))
                                for k, r in layout.buttons)
                  if players == 2 else layout.buttons)
    if players == 2:  # the strip on top as it was, lower and `STRIP_TALLER` taller (the Ordeals beside it
        # too, the power's box in it: its description larger, on more lines); the castles under it
        # `CASTLES_LOWER` shorter (45 px cells; the grids 6 px lower still: a long name over a grid ends
        # above its frame; with the Prison too, the Japanese "Anna" reached it)
        e, c = STRIP_TALLER, CASTLES_LOWER
        cell, grid_y = 45, layout.grid_y + d + 6 + c
        panels = tuple(_moved(p, d + c, shrink=True) for p in layout.castle_panels)
        xs = tuple(p[0] + (p[2] - SIZE * cell) // 2 for p in panels)
        return replace(bar, cell=cell, grid_x=xs[0], grid_y=grid_y, grid_xs=xs, castle_panels=panels,
                       castle_panel=panels[0], ordeal_panel=_moved(layout.ordeal_panel, d, grown=e),
                       tiles_panel=_moved(layout.tiles_panel, d, grown=e), card_y=layout.card_y + d,
                       pile_y=layout.pile_y + d, hand_y=layout.hand_y + d, revealed_y=layout.revealed_y + d,
                       vigil=_moved(layout.vigil, d), power_box=_moved(layout.power_box, d, grown=e),
                       prison_panel=_moved(layout.prison_panel, d + c, shrink=True) if layout.prison_panel[2]
                       else layout.prison_panel, prison_y=layout.prison_y + d + c,
                       pantry_xs=tuple(x + SIZE * cell + cell + 10 for x in xs), pantry_y=grid_y + 40)
    # solo: the Ordeals' panel shorter (smaller cards), the castle's panel too (smaller cells)
    panel = _moved(layout.castle_panel, d, shrink=True)
    ordeals = replace(bar, ordeal_panel=_moved(layout.ordeal_panel, d, shrink=True), card_y=layout.card_y + d,
                      card_size=(90, 126), traitor_size=24, traitor_step=25, castle_panel=panel)
    if not layout.pantry_xs and not layout.prison_cell:  # the plain roomy castle: 57 px cells, centred
        return replace(ordeals, cell=57, grid_x=panel[0] + (panel[2] - SIZE * 57) // 2, grid_y=layout.grid_y + d)
    # the side column (Prison ring, Pantry supply) as much lower; the castle's panel ends where the
    # plain roomy one does, so that the status panel under it is as tall (its lines grow): the
    # castle in 57 px cells, the supply 3 across in 32 px tiles (its lines under it have room)
    x, y, w, _ = panel
    bottom = ROOMY_LAYOUT.castle_panel[1] + ROOMY_LAYOUT.castle_panel[3]
    return replace(ordeals, cell=57, grid_x=layout.grid_x + 12, grid_y=layout.grid_y + d + 14,
                   castle_panel=(x, y, w, bottom - y), status_panel=ROOMY_LAYOUT.status_panel,
                   prison_y=layout.prison_y + d, pantry_y=layout.pantry_y + d + 12, pantry_cell=32, pantry_cols=3)


CARD_CUT = 4  # px: the most a bar with a second row is made taller (taken from the Ordeal cards' height)
MIN_CELL = 50  # the smallest castle cell a board draws at 100 % (two players: 37.5 px in a 1024×600 window)


def taller_bar(layout: BoardLayout, d: int) -> BoardLayout | None:
    """A solo roomy `layout` under a top bar `d` px taller, for larger buttons' labels
    (`scenes.board.top_row`): the plain one (`ROOMY_LAYOUT`, its piles perhaps lowered) under a
    bar of one row, or any solo one under a bar with a second row (`_tall_bar`). The banner and
    the message line as much lower, the castle's and the Ordeals' panels' tops too (their bottoms
    kept), the castle in cells ceil(d / 6) px smaller (a plain one centred as before, one beside
    the side column at its left, the column as much lower), the cards as much lower (under a bar
    with a second row as much shorter too, by `CARD_CUT` px at most: the Ordeals' panel had no
    room to lose, and shorter cards' own name and "current" badge touched). Two players and the
    Prison's ring with the Pantry's supply under it (their castles cannot shrink or go lower) get
    `_gap_taller`. None for any other layout (the tutorial's), or where the cells would be under
    `MIN_CELL`."""
    if layout.players > 1 or layout.prison_cell and layout.pantry_xs:
        return _gap_taller(layout, d)
    one_row = layout.top_bar == LAYOUT.top_bar and layout.castle_panel == ROOMY_LAYOUT.castle_panel \
        and not layout.prison_cell and not layout.pantry_xs
    second_row = layout.top_bar == (0, 0, 1280, 50 + TALL_BAR)
    if d <= 0 or not (one_row or second_row) or second_row and d > CARD_CUT:  # (two players, Prison + Pantry: above)
        return None
    cell = layout.cell + -d // 6
    if cell < MIN_CELL:
        return None
    panel = _moved(layout.castle_panel, d, shrink=True)
    side = bool(layout.prison_cell or layout.pantry_xs)  # (the castle keeps its left beside the side column)
    if second_row:  # the Ordeals' cards as much shorter (their captions under them stay where they were:
        w, h = layout.card_size  # the panel had no room to lose), the traitors beside each as close as five
        layout = replace(layout, card_size=(w, h - d),  # need to stay beside it
                         traitor_step=min(layout.traitor_step, (h - d - layout.traitor_size) // 4))
    return replace(layout, top_bar=(0, 0, 1280, layout.top_bar[3] + d), banner=_moved(layout.banner, d),
                   message=_moved(layout.message, d), castle_panel=panel, cell=cell,
                   grid_x=layout.grid_x if side else panel[0] + (panel[2] - SIZE * cell) // 2,
                   grid_y=layout.grid_y + d, ordeal_panel=_moved(layout.ordeal_panel, d, shrink=True),
                   card_y=layout.card_y + d, prison_y=layout.prison_y + d if layout.prison_cell else layout.prison_y,
                   pantry_y=layout.pantry_y + d if layout.pantry_xs else layout.pantry_y)


def _gap_taller(layout: BoardLayout, d: int) -> BoardLayout | None:
    """A bar with a second row `d` px taller (`CARD_CUT` at most) over a board that stays where it
    is: two players' castles keep their 45 px cells (already under `MIN_CELL`) and their strip its
    height (its tiles panel's heading had no room to lose; the Prison's ring with the Pantry's
    supply cannot go lower); the room comes from the gaps over and under the banner and the
    message line (6, 4 and 4 px: the banner half as much lower, the message line a quarter)."""
    if layout.top_bar != (0, 0, 1280, 50 + TALL_BAR) or not 0 < d <= CARD_CUT:
        return None
    return replace(layout, top_bar=(0, 0, 1280, layout.top_bar[3] + d), banner=_moved(layout.banner, d // 2),
                   message=_moved(layout.message, d // 4))


def board_layout(players: int = 1, *, prison: bool = False, pantry: bool = False,
                 roomy: bool = False, tall_bar: bool = False) -> BoardLayout:
    """The layout for a game with these options (see the module docstring); `roomy`: the text is
    large (a plain solo game then gets `ROOMY_LAYOUT`, the others smaller Ordeal cards);
    `tall_bar` (with `roomy`): the top bar has a second line (see `_tall_bar`)."""
    if roomy and tall_bar:
        return _tall_bar(board_layout(players, prison=prison, pantry=pantry, roomy=True), players)
    if players == 1 and not prison and not pantry:
        return ROOMY_LAYOUT if roomy else LAYOUT
    if players == 2:
        layout = TWO_PLAYER_PRISON_LAYOUT if prison else TWO_PLAYER_LAYOUT
    elif prison and pantry:
        layout = replace(SIDE_LAYOUT, pantry_y=404)
    elif prison:
        layout = SIDE_LAYOUT
    else:
        layout = replace(SIDE_LAYOUT, prison_cell=0)
    if roomy and players == 1:  # (the piles and the hand under the tiles panel's larger heading)
        layout = replace(layout, pile_y=layout.pile_y + 14, hand_y=layout.hand_y + 14)
    return _roomy(layout, players) if roomy else layout


def cell_rect(cell: Cell) -> Rect:
    """`LAYOUT.cell_rect`."""
    return LAYOUT.cell_rect(cell)


def cell_at(pos: Point, ghosts: Iterable[Cell] = ()) -> Cell | None:
    """`LAYOUT.cell_at`."""
    return LAYOUT.cell_at(pos, ghosts)
