"""Issue 12 §5: a selection highlight never hides the tile it lights.

Each test draws a real board frame (the live layer over the still picture) and compares the
pixels inside a lit tile with the tile's own picture: a frame may surround it, nothing may tint it.
Powers (R-§6): Juggler (swap), Pyro (destroy), Chameleon (take from the discard
pile); a Traitor dropped on the current Ordeal (R-O1)."""

from __future__ import annotations

import pygame
import pytest

from castellion.rules import actions as A
from castellion.scenes.board import DiscardOverlay, browser_rect
from castellion.ui.castle_view import RING_LIGHT
from castellion.ui.geometry import center
from tests.board_driver import BoardDriver, crafted


def close(a, b, tolerance: int = 6) -> bool:
    """Equal but for the art's last bit of transparency; a tint moves a channel by tens."""
    return all(abs(p - q) <= tolerance for p, q in zip(a, b, strict=False))


def assert_tile_untouched(drv: BoardDriver, cells) -> None:
    """The middle of each lit tile shows exactly the tile's picture (a frame may surround it;
    the middle keeps clear of formation outlines and badges, which the castle draws itself)."""
    lay = drv.board.state.layout
    size = lay.cell - 6
    for cell in cells:
        code = drv.game.castle(0).tile_at(cell).code
        art = drv.board.art.tile(code, size)
        x, y, _, _ = lay.cell_rect(cell)
        checked = 0
        for ax in range(18, size - 18, 3):
            for ay in range(20, size - 18, 3):
                want = art.get_at((ax, ay))
                if want.a >= 250:  # (the tile art is nearly opaque: 253)
                    got = drv.surface.get_at((x + 3 + ax, y + 3 + ay))[:3]
                    assert close(got, want[:3]), f"the highlight tints the {code} on {cell}: {got} != {want[:3]}"
                    checked += 1
        assert checked > 20


@pytest.fixture
def drv(ctx):
    return lambda game: BoardDriver(ctx, game)


def test_R_6_juggler_lit_tiles_keep_their_colours(drv):
    d = drv(crafted("base", phase="juggler", power_faction="J", power_faction_tile="Jt"))
    d.frame()
    lit = sorted(d.board.state.choices.swap_cells)
    assert lit
    assert_tile_untouched(d, lit)
    # the Seer chosen first, and its partners: still themselves (a Seer looked blue)
    d.click(center(d.board.state.layout.cell_rect((1, 1))))
    assert d.board.state.gesture.selected == (1, 1)
    assert_tile_untouched(d, [(1, 1), *sorted(d.board.state.choices.partners((1, 1)))])


def test_R_6_pyro_destroy_frame_shows_on_red_pyro_tiles(drv):
    d = drv(crafted("base", phase="pyro_destroy", power_faction="P", power_faction_tile="Pt"))
    d.frame()
    lit = sorted(d.board.state.choices.destroy)
    pyros = [c for c in lit if d.game.castle(0).tile_at(c).code.startswith("P")]
    assert pyros
    assert_tile_untouched(d, lit)
    lay = d.board.state.layout
    for cell in pyros:
        rect = pygame.Rect(lay.cell_rect(cell))
        # the frame's light inner line lies over the red rim of the tile: visible on red
        band = [d.surface.get_at((rect.centerx, rect.y + k))[:3] for k in range(0, 9)]
        assert any(sum(abs(a - b) for a, b in zip(px, RING_LIGHT, strict=True)) < 60 for px in band), band
        assert any(sum(px) < 200 for px in band), band  # and a dark band outside it


def test_R_6_chameleon_picker_takeable_tiles_clear_others_faded(ctx, drv):
    game = crafted("base", held="Cs", discard=["Pt", "Js", "Ss+", "Cc", "T", "Cs", "Pc"])
    d = drv(game)
    d.board.act(A.DiscardTile("Cs"))
    d.board.act(A.UsePower("C"))
    d.frame()
    if not isinstance(ctx.stack.top, DiscardOverlay):
        d.click(center(d.board.state.layout.discard_rect()))
    assert isinstance(ctx.stack.top, DiscardOverlay)
    d.frame()
    takeable = {a.index for a in d.board.state.choices.chameleon}
    n = len(d.game.discard)
    assert takeable and len(takeable) < n
    theme = ctx.theme

    def dist(px) -> int:
        return sum(abs(p - q) for p, q in zip(px, theme.parchment, strict=True))

    for i, code in enumerate(d.game.discard):
        r = pygame.Rect(browser_rect(i, n, ctx.canvas))
        art = d.board.art.tile(code, r.w)
        points = [(x, y) for x in range(14, r.w - 14, 4) for y in range(14, r.h - 14, 4) if art.get_at((x, y)).a >= 250]
        assert points
        shown = [d.surface.get_at((r.x + x, r.y + y))[:3] for x, y in points]
        raw = [art.get_at(p)[:3] for p in points]
        if i in takeable:
            same = all(close(a, b) for a, b in zip(shown, raw, strict=True))
            assert same, f"the takeable {code} is not shown as it is"
        else:  # faded towards the parchment
            assert sum(map(dist, shown)) < 0.6 * sum(map(dist, raw)), f"the {code} it may not take is not faded"


def test_R_O1_traitor_drop_highlight_leaves_the_current_ordeal_readable(drv):
    d = drv(crafted("base", held="T"))
    d.frame()
    lay = d.board.state.layout
    index = d.game.current_ordeal
    rect = pygame.Rect(lay.ordeal_rect(index))
    card = d.board.cards.get(d.game.ordeals[index].card, rect.size, True)
    check = pygame.Rect(10, 30, rect.w - 20, rect.h - 60)  # the card's face, inside its highlight

    def card_clean() -> None:
        for x in range(check.x, check.right, 7):
            for y in range(check.y, check.bottom, 7):
                want = card.get_at((x, y))
                if want.a >= 250:
                    assert close(d.surface.get_at((rect.x + x, rect.y + y))[:3], want[:3]), (x, y)

    card_clean()  # lit while the Traitor is in hand
    # dragged over the Traitors' column beside the card: the strongest highlight and the probe's
    x, y, w, h = lay.ordeal_area(index)
    d.down(center(lay.hand_rect()))
    d.move(center(lay.hand_rect()), (x + w - 14, y + h - 20))
    assert d.board.state.gesture.probe is not None and d.board.state.gesture.probe.ok
    card_clean()
    d.up((x + w - 14, y + h - 20))


def test_a_carried_tile_s_target_carries_a_check_or_a_cross_beside_its_light(drv, monkeypatch):
    """Never colour alone, on the board itself: the cell under a carried tile is lit green or
    red and carries ✓ (taken) or ✗ (refused) on a badge at its top right (the marks are told
    apart in greyscale and colour-blind sight in tests/ui/test_marks.py)."""
    from castellion.scenes.board import live
    from castellion.ui.marks import MARK_OF_DROP

    d = drv(crafted("intro", held="Sc"))
    d.frame()
    lay = d.board.state.layout
    # a legal cell of the grid (the slots beside the foundation show a ghost tile instead)
    legal = [cell for cell in sorted(d.board.state.choices.place) if 0 <= cell[1] < 6]
    refused = (5, 5)  # R-P2: in the air, over nothing
    assert legal and refused not in legal
    badges: list[tuple[str, pygame.Rect]] = []
    real = live.draw_badge
    monkeypatch.setattr(live, "draw_badge", lambda surface, mark, rect, *a, **k: (
        badges.append((mark, pygame.Rect(rect))), real(surface, mark, rect, *a, **k)))
    d.down(center(lay.hand_rect()))
    for cell, ok in ((legal[0], True), (refused, False)):
        d.move(center(lay.hand_rect()), center(lay.cell_rect(cell)))
        assert d.board.state.gesture.probe is not None and d.board.state.gesture.probe.ok is ok
        badges.clear()
        d.frame()
        target = pygame.Rect(lay.cell_rect(cell))
        assert [mark for mark, rect in badges if rect.colliderect(target)] == [MARK_OF_DROP[ok]], (cell, badges)
