"""Board geometry: pure functions, no pygame and no display."""

import subprocess
import sys

import pytest

from castellion.ui import geometry as G
from castellion.ui.geometry import LAYOUT, BoardLayout
from castellion.ui.targets import (
    CastleTarget,
    CellTarget,
    DiscardTarget,
    HandTarget,
    OrdealTarget,
    PantryTarget,
    PileTarget,
    PrisonTarget,
    RevealedTarget,
    VigilTarget,
)

ALL_CELLS = [(r, c) for r in range(6) for c in range(6)]


def test_module_does_not_import_pygame():
    code = "import sys, castellion.ui.geometry; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("cell", ALL_CELLS)
def test_cell_rect_round_trip_every_pixel_corner(cell):
    x, y, w, h = G.cell_rect(cell)
    assert w == h == LAYOUT.cell
    for px, py in ((x, y), (x + w - 1, y), (x, y + h - 1), (x + w - 1, y + h - 1), G.center((x, y, w, h))):
        assert G.cell_at((px, py)) == cell


def test_foundation_is_the_bottom_row():
    assert G.cell_rect((0, 0))[1] > G.cell_rect((1, 0))[1] > G.cell_rect((5, 0))[1]
    assert G.cell_rect((0, 1))[0] == G.cell_rect((0, 0))[0] + LAYOUT.cell


def test_cells_tile_the_grid_without_overlap():
    rects = {G.cell_rect(c) for c in ALL_CELLS}
    assert len(rects) == 36
    gx, gy, gw, gh = LAYOUT.grid_rect
    for x, y, w, h in rects:
        assert gx <= x and x + w <= gx + gw and gy <= y and y + h <= gy + gh


def test_outside_the_grid_is_none():
    gx, gy, gw, gh = LAYOUT.grid_rect
    for pos in ((gx - 1, gy), (gx + gw, gy), (gx, gy - 1), (gx, gy + gh), (0, 0), (1279, 799)):
        assert G.cell_at(pos) is None


@pytest.mark.parametrize("ghost", [(0, -1), (0, 6)])
def test_ghost_cells_only_when_legal_to_show(ghost):
    rect = G.cell_rect(ghost)
    pos = G.center(rect)
    assert G.cell_at(pos) is None
    assert G.cell_at(pos, ghosts=[ghost]) == ghost
    other = (0, 6) if ghost == (0, -1) else (0, -1)
    assert G.cell_at(pos, ghosts=[other]) is None
    # the ghost sits just outside the foundation row, next to the edge column
    edge = (0, 0) if ghost == (0, -1) else (0, 5)
    ex, ey, _, _ = G.cell_rect(edge)
    assert rect[1] == ey and abs(rect[0] - ex) == LAYOUT.cell


def test_ghosts_exist_only_in_the_foundation_row():
    x, y, w, h = G.cell_rect((1, -1))
    assert G.cell_at((x + 5, y + 5), ghosts=[(0, -1), (0, 6)]) is None


def test_ghost_cells_stay_inside_the_castle_panel():
    px, py, pw, ph = LAYOUT.castle_panel
    for ghost in G.GHOST_CELLS:
        x, y, w, h = G.cell_rect(ghost)
        assert px < x and x + w < px + pw


def test_custom_layout_round_trip():
    lay = BoardLayout(cell=50, grid_x=300, grid_y=10)
    for cell in ALL_CELLS:
        assert lay.cell_at(G.center(lay.cell_rect(cell))) == cell


def test_target_at_finds_every_area():
    lay = LAYOUT
    assert lay.target_at(G.center(lay.pile_rect("regular"))) == PileTarget("regular")
    assert lay.target_at(G.center(lay.pile_rect("safe"))) == PileTarget("safe")
    assert lay.target_at(G.center(lay.hand_rect())) == HandTarget()
    assert lay.target_at(G.center(lay.discard_rect())) == DiscardTarget()
    for i in range(3):
        assert lay.target_at(G.center(lay.ordeal_rect(i))) == OrdealTarget(i)
        assert lay.target_at(G.center(lay.traitor_rect(i, 2))) == OrdealTarget(i)
    assert lay.target_at(G.center(lay.revealed_rect(1)), revealed=2) == RevealedTarget(1)
    assert lay.target_at(G.center(lay.revealed_rect(3)), revealed=2) is None
    assert lay.target_at(G.center(lay.cell_rect((2, 3)))) == CellTarget((2, 3))
    assert lay.target_at(G.center(lay.cell_rect((0, 6))), ghosts=[(0, 6)]) == CellTarget((0, 6))


def test_target_rect_round_trip():
    lay = LAYOUT
    targets = [PileTarget("regular"), PileTarget("safe"), HandTarget(), DiscardTarget(),
               OrdealTarget(0), OrdealTarget(2), RevealedTarget(0), CellTarget((4, 4)),
               CellTarget((0, -1))]
    for target in targets:
        pos = G.center(lay.target_rect(target))
        assert lay.target_at(pos, ghosts=G.GHOST_CELLS, revealed=4) == target


def test_areas_do_not_overlap():
    lay = LAYOUT
    rects = [lay.pile_rect("regular"), lay.pile_rect("safe"), lay.hand_rect(), lay.discard_rect(),
             *[lay.revealed_rect(i) for i in range(4)], *[lay.ordeal_area(i) for i in range(3)],
             lay.button_rect("use"), lay.button_rect("skip"),
             lay.cell_rect((0, -1)), lay.cell_rect((0, 6)), lay.grid_rect]

    def overlap(a, b):
        return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]

    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not overlap(a, b), (a, b)
    # the early-encounter button ("get" phase) shares the place of use/skip ("power" phase)
    enc = lay.button_rect("encounter")
    for r in rects:
        if r not in (lay.button_rect("use"), lay.button_rect("skip")):
            assert not overlap(enc, r), (enc, r)
    for r in rects:
        assert 0 <= r[0] and r[0] + r[2] <= 1280 and 0 <= r[1] and r[1] + r[3] <= 800


def test_traitors_beside_the_card_fit_for_any_count():
    x, y, w, h = LAYOUT.ordeal_rect(0)
    for n in range(1, 13):
        for k in range(n):
            tx, ty, tw, th = LAYOUT.traitor_rect(0, k, n)
            assert tx >= x + w and ty >= y and ty + th <= y + h
            assert tx + tw <= LAYOUT.ordeal_rect(1)[0]


# ------------------------------------------------------- variants, Pantry, two players
def _overlap(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _inside(inner, outer):
    return outer[0] <= inner[0] and inner[0] + inner[2] <= outer[0] + outer[2] and \
        outer[1] <= inner[1] and inner[1] + inner[3] <= outer[1] + outer[3]


@pytest.mark.parametrize("prison, pantry", [(True, False), (False, True), (True, True)])
def test_side_column_layout_fits_beside_the_castle(prison, pantry):
    lay = G.board_layout(1, prison=prison, pantry=pantry)
    grid = lay.grid_rect
    ghosts = [lay.cell_rect(g) for g in G.GHOST_CELLS]
    side = []
    if prison:
        side += [lay.prison_rect(c) for c in G.PRISON_CELLS]
    if pantry:
        side += [lay.pantry_rect(k) for k in range(6)]
    for r in side + ghosts + [grid]:
        assert _inside(r, lay.castle_panel), r
    for r in side:
        for other in ghosts + [grid]:
            assert not _overlap(r, other), (r, other)
    for i, a in enumerate(side):
        for b in side[i + 1:]:
            assert not _overlap(a, b), (a, b)
    for cell in ALL_CELLS:
        assert lay.cell_at(G.center(lay.cell_rect(cell))) == cell
    if prison:
        for c in G.PRISON_CELLS:
            assert lay.target_at(G.center(lay.prison_rect(c)), prison=True) == PrisonTarget(c)
    if pantry:
        assert lay.target_at(G.center(lay.pantry_rect(3)), pantry=6) == PantryTarget(3)
        assert lay.target_at(G.center(lay.pantry_rect(3)), pantry=3) is None  # only tiles still there


@pytest.mark.parametrize("prison", [False, True])
def test_two_player_layout(prison):
    lay = G.board_layout(2, prison=prison)
    assert lay.players == 2
    shared = [lay.pile_rect("regular"), lay.pile_rect("safe"), lay.hand_rect(), lay.discard_rect(),
              *[lay.revealed_rect(i) for i in range(4)], *[lay.ordeal_area(i) for i in range(3)],
              lay.button_rect("encounter")]
    for i, a in enumerate(shared):
        for b in shared[i + 1:]:
            if {a, b} <= {lay.button_rect("encounter")}:
                continue
            assert not _overlap(a, b), (a, b)
    for p in (0, 1):
        seen = lay.for_player(p)
        panel = lay.castle_panels[p]
        assert seen.player == p and seen.castle_panel == panel
        for cell in ALL_CELLS + list(G.GHOST_CELLS):
            r = seen.cell_rect(cell)
            assert _inside(r, panel), (p, cell, r)
            assert seen.target_at(G.center(r), ghosts=G.GHOST_CELLS) == CellTarget(cell)
            # from the partner's side the same point is "their castle" (a drop there passes)
            assert lay.for_player(1 - p).target_at(G.center(r)) == CastleTarget(p)
        assert _inside(lay.champion_rect(p), panel)
        assert not _overlap(lay.champion_rect(p), seen.cell_rect((0, -1)))
        for k in range(3):
            pr = lay.pantry_rect(k, p)
            assert _inside(pr, panel) and not _overlap(pr, seen.cell_rect((0, 6)))
        assert _inside(seen.button_rect("champion"), panel)
        for r in shared:
            assert not _overlap(r, panel)
    a, b = lay.castle_panels
    assert not _overlap(a, b)
    if prison:
        for c in G.PRISON_CELLS:
            r = lay.prison_rect(c)
            assert _inside(r, lay.prison_panel) and not _overlap(r, a) and not _overlap(r, b)
    for r in list(lay.castle_panels) + shared:
        assert 0 <= r[0] and r[0] + r[2] <= 1280 and 0 <= r[1] and r[1] + r[3] <= 800


@pytest.mark.parametrize("tall_bar", [False, True])
@pytest.mark.parametrize("prison", [False, True])
def test_the_two_player_strip_at_large_text_keeps_the_seer_s_slots_in_a_block(prison, tall_bar):
    """From 150 % the two-player strip spreads its piles (their names over them are wider than
    they are): the Seer's four slots a 2 × 2 block in its right corner, the Vigil there (never
    both), everything inside the strip, clear of the power box and the buttons, found by a click."""
    lay = G.board_layout(2, prison=prison, roomy=True, tall_bar=tall_bar)
    slots = [lay.revealed_rect(i) for i in range(4)]
    assert len({r[0] for r in slots}) == 2 and len({r[1] for r in slots}) == 2
    strip = [lay.pile_rect("regular"), lay.pile_rect("safe"), lay.hand_rect(), lay.discard_rect()]
    boxes = [lay.power_box, *(lay.button_rect(k) for k in ("encounter", "use", "skip", "premonition"))]
    for a in strip + slots + [lay.vigil_rect()]:
        assert _inside(a, lay.tiles_panel) and not any(_overlap(a, b) for b in boxes), a
    for shown in (strip + slots, strip + [lay.vigil_rect()]):
        for i, a in enumerate(shown):
            assert not any(_overlap(a, b) for b in shown[i + 1:]), a
    for i, r in enumerate(slots):
        assert lay.target_at(G.center(r), revealed=4) == RevealedTarget(i)
    assert lay.target_at(G.center(lay.vigil_rect()), vigil=True) == VigilTarget()
    assert G.board_layout(2, prison=prison).revealed_cols == 4  # (at 100 %: the row as it was)


def test_vigil_sits_where_the_revealed_row_would_be_at_the_intro_level():
    # the introductory level has no Seer: the Vigil takes the revealed row's place (never both)
    lay = LAYOUT
    assert lay.target_at(G.center(lay.vigil_rect()), vigil=True) == VigilTarget()
    for r in (lay.pile_rect("regular"), lay.pile_rect("safe"), lay.hand_rect(), lay.discard_rect()):
        assert not _overlap(lay.vigil_rect(), r)


def test_a_cell_target_says_its_kind():
    assert CellTarget((0, 0)).kind == "cell"
