"""Drawing a castle: tile art, the grid with its foundation row, formation outlines, highlights.

Everything here is drawing only: functions read a `Castle` (or tile codes) and a `BoardLayout` and
paint. Surfaces are cached by (code, size, palette) so that a frame costs blits, not scaling — the
board's frame budget (bench/frames.py) depends on it.

When a tile's PNG is missing (`Sprites` reports it), a clean generated tile (faction colour and a
shape glyph) is drawn instead of the loud placeholder, so the board stays playable.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from castellion.rules import Castle, Formation
from castellion.ui import draw
from castellion.ui.context import UIContext
from castellion.ui.geometry import BoardLayout, Cell

KIND_COLOURS = {
    "tower": (246, 196, 72),
    "bastion": (84, 170, 240),
    "line": (120, 214, 120),
}
KIND_ICONS = {"tower": "icon_tower", "bastion": "icon_bastion", "line": "icon_line"}
GLOW_LEGAL = (255, 226, 120)
GLOW_TARGET = (120, 230, 140)
GLOW_BAD = (230, 70, 50)
GLOW_SELECT = (90, 200, 255)
RING_DARK = (28, 18, 10)  # the outer band of a ring: shows on light tiles and parchment
RING_LIGHT = (255, 250, 232)  # the inner hairline: shows on dark and red tiles


class TileArt:
    """Tile, back and traitor surfaces at any size, cached."""

    def __init__(self, ctx: UIContext) -> None:
        self.ctx = ctx
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}
        self._has: dict[str, bool] = {}
        self._scale = 1.0

    def _follow_scale(self) -> None:
        """The pictures are cached at the window's scale: drop them when it changed."""
        scale = self.ctx.sprites.scale
        if scale != self._scale:
            self._scale = scale
            self._cache.clear()

    def _exists(self, name: str) -> bool:
        found = self._has.get(name)
        if found is None:
            sprites = self.ctx.sprites
            try:
                found = bool(sprites.exists(name)) and name not in sprites.missing
            except Exception:  # noqa: BLE001 - art lookup must never stop the board
                found = False
            self._has[name] = found
        return found

    def tile(self, code: str, size: int) -> pygame.Surface:
        """The face of tile `code` ("Pt", "Sc+", "T", "T!", "Js@") at `size`×`size`."""
        self._follow_scale()
        key = ("tile", code, size, self.ctx.theme.colourblind, self.ctx.theme.tile_outline)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._cache[key] = self._make_tile(code, size)
        return surf

    def back(self, pile: str, size: int) -> pygame.Surface:
        name = "back_safe" if pile == "safe" else "back_regular"
        self._follow_scale()
        key = ("back", pile, size)
        surf = self._cache.get(key)
        if surf is None:
            if self._exists(name):
                surf = self.ctx.sprites.get(name, size)
            else:
                colour = (58, 96, 160) if pile == "safe" else (122, 78, 40)
                surf = _plain_tile(size, colour, (240, 226, 192))
                draw.circle(surf, (240, 226, 192), (size // 2, size // 2), size // 5, 3)
            self._cache[key] = surf
        return surf

    def sprite(self, name: str, size: int | tuple[int, int]) -> pygame.Surface:
        return self.ctx.sprites.get(name, size)

    def _make_tile(self, code: str, size: int) -> pygame.Surface:
        surf = self._make_face(code, size)
        outline = self.ctx.theme.tile_outline
        if outline:  # the high-contrast theme: each tile's shape stands out from the board
            surf = surf.copy()
            draw.rect(surf, self.ctx.theme.border, surf.get_rect(), outline, border_radius=size // 8)
        return surf

    def _make_face(self, code: str, size: int) -> pygame.Surface:
        theme = self.ctx.theme
        base = code.rstrip("+@")
        if base.startswith("T"):
            name = "traitor_black" if base == "T!" else "traitor"
            if self._exists(name):
                return self.ctx.sprites.get(name, size)
            surf = _plain_tile(size, (40, 36, 40) if base == "T!" else (96, 92, 100), (230, 220, 200))
            font = self.ctx.fonts.get("bold", int(size * 0.55))
            img = font.render("T", True, (240, 230, 210))
            surf.blit(img, img.get_rect(center=(size // 2, size // 2)))
            if base == "T!":
                draw.rect(surf, (0, 0, 0), surf.get_rect(), max(3, size // 12), border_radius=size // 8)
            return surf
        name = f"tile_{base}"
        if base.startswith("*"):
            if self._exists(f"pantry_{base[1]}"):
                surf = self.ctx.sprites.get(f"pantry_{base[1]}", size).copy()
            else:
                surf = _plain_tile(size, (200, 190, 170), theme.ink)
                _shape(surf, base[1], theme.ink, size)
        elif theme.colourblind and self._exists("cb/" + name):
            surf = self.ctx.sprites.get("cb/" + name, size).copy()
        elif self._exists(name):
            surf = self.ctx.sprites.get(name, size).copy()
        else:
            colour = theme.faction(base[0])
            surf = _plain_tile(size, colour, (250, 244, 230))
            _shape(surf, base[1], (250, 244, 230), size)
            font = self.ctx.fonts.get("bold", max(10, size // 5))
            img = font.render(base[0], True, (250, 244, 230))
            surf.blit(img, (size // 9, size // 14))
        if code.endswith("+") or "+" in code:
            if self._exists("safe_mark"):
                surf = surf.copy()
                surf.blit(self.ctx.sprites.get("safe_mark", size), (0, 0))
            else:
                surf = surf.copy()
                draw.rect(surf, (70, 140, 230), surf.get_rect(), max(2, size // 20), border_radius=size // 8)
        if "@" in code:
            surf = surf.copy()
            pawn = self.ctx.sprites.get("pawn", size // 2)
            surf.blit(pawn, pawn.get_rect(center=(size // 2, size // 2)))
        return surf

    def glow(self, size: tuple[int, int], colour: tuple[int, int, int], strength: int = 1) -> pygame.Surface:
        """A soft coloured glow for a highlighted cell (fill + bright border)."""
        self._follow_scale()
        key = ("glow", size, colour, strength)
        surf = self._cache.get(key)
        if surf is None:
            w, h = size
            surf = self.ctx.sprites.layer(size)
            surf.fill((*colour, 40 + 35 * strength))
            for i in range(5):
                draw.rect(surf, (*colour, max(40, 255 - i * 45)), (i, i, w - 2 * i, h - 2 * i), 1,
                                 border_radius=8)
            self._cache[key] = surf
        return surf

    def ring(self, size: tuple[int, int], colour: tuple[int, int, int], strength: int = 1) -> pygame.Surface:
        """A highlight for something that must stay readable under it (a tile, a card, a pile):
        a frame only, never a fill — a fill recolours the tile (a Seer looked blue under the
        Juggler's tint, a card washed out under a drop highlight). Three bands, so that it shows
        on any tile colour (a red ring on a red Pyro): dark outside, the colour, light inside."""
        self._follow_scale()
        key = ("ring", size, colour, strength)
        surf = self._cache.get(key)
        if surf is None:
            w, h = size
            band = 2 + max(0, min(strength, 3))
            surf = self.ctx.sprites.layer(size)  # at the window's scale: crisp bands
            draw.rect(surf, (*RING_DARK, 230), (0, 0, w, h), 2, border_radius=10)
            draw.rect(surf, (*colour, 255), (2, 2, w - 4, h - 4), band, border_radius=9)
            inner = 2 + band
            draw.rect(surf, (*RING_LIGHT, 235), (inner, inner, w - 2 * inner, h - 2 * inner), 1,
                      border_radius=7)
            self._cache[key] = surf
        return surf

    def shade(self, size: tuple[int, int], alpha: int = 120) -> pygame.Surface:
        self._follow_scale()
        key = ("shade", size, alpha)
        surf = self._cache.get(key)
        if surf is None:
            surf = self.ctx.sprites.layer(size)
            surf.fill((20, 12, 6, alpha))
            self._cache[key] = surf
        return surf


def _plain_tile(size: int, colour: tuple[int, int, int], edge: tuple[int, int, int]) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = max(4, size // 8)
    draw.rect(surf, colour, surf.get_rect(), border_radius=r)
    light = (min(255, colour[0] + 28), min(255, colour[1] + 28), min(255, colour[2] + 28))
    draw.rect(surf, light, surf.get_rect().inflate(-size // 6, -size // 6), border_radius=r)
    draw.rect(surf, edge, surf.get_rect(), max(1, size // 30), border_radius=r)
    return surf


def _shape(surf: pygame.Surface, shape: str, colour: tuple[int, int, int], size: int) -> None:
    c = size // 2
    s = int(size * 0.24)
    if shape == "t":
        draw.polygon(surf, colour, [(c, c - s), (c + s, c + int(s * 0.8)), (c - s, c + int(s * 0.8))])
    elif shape == "s":
        draw.rect(surf, colour, (c - int(s * 0.85), c - int(s * 0.85), int(s * 1.7), int(s * 1.7)))
    else:
        draw.circle(surf, colour, (c, c), s)


class CastleView:
    """Draws one castle on the board's grid."""

    def __init__(self, ctx: UIContext, art: TileArt, layout: BoardLayout) -> None:
        self.ctx = ctx
        self.art = art
        self.layout = layout
        self._grid: pygame.Surface | None = None
        self._grid_scale = 1.0

    def rect(self, cell: Cell) -> pygame.Rect:
        return pygame.Rect(self.layout.cell_rect(cell))

    # ----------------------------------------------------------------- the grid
    def grid_surface(self) -> pygame.Surface:
        """The empty grid: inset slots, the foundation row tinted and labelled (cached)."""
        if self._grid is not None and self._grid_scale == self.ctx.sprites.scale:
            return self._grid
        self._grid_scale = self.ctx.sprites.scale
        lay = self.layout
        gx, gy, gw, gh = lay.grid_rect
        pad = 10
        surf = self.ctx.sprites.layer((gw + 2 * pad, gh + 2 * pad))
        draw.rect(surf, (70, 50, 32, 70), surf.get_rect(), border_radius=12)
        for r in range(6):
            for c in range(6):
                x, y, w, h = lay.cell_rect((r, c))
                slot = pygame.Rect(x - gx + pad + 3, y - gy + pad + 3, w - 6, h - 6)
                if r == 0:
                    draw.rect(surf, (150, 110, 60, 130), slot, border_radius=7)
                    draw.rect(surf, (120, 80, 40, 200), slot, 2, border_radius=7)
                else:
                    draw.rect(surf, (255, 250, 235, 60), slot, border_radius=7)
                    draw.rect(surf, (120, 90, 60, 90), slot, 1, border_radius=7)
        # the foundation: a stone ledge under the bottom row
        _fx, fy, _fw, fh = lay.cell_rect((0, 0))
        ledge = pygame.Rect(pad - 4, fy - gy + pad + fh + 2, gw + 8, 6)
        draw.rect(surf, (92, 58, 30, 230), ledge, border_radius=3)
        self._grid = surf
        return surf

    def draw_grid(self, surface: pygame.Surface) -> None:
        gx, gy, _, _ = self.layout.grid_rect
        surface.blit(self.grid_surface(), (gx - 10, gy - 10))

    # ---------------------------------------------------------------- the tiles
    def draw_tiles(self, surface: pygame.Surface, castle: Castle, hidden: Iterable[Cell] = ()) -> None:
        hidden = set(hidden)
        size = self.layout.cell - 6
        for cell, tile in castle.tiles():
            if cell in hidden:
                continue
            x, y, w, h = self.layout.cell_rect(cell)
            surface.blit(self.art.tile(tile.code, size), (x + 3, y + 3))

    # ------------------------------------------------------------ formations
    def draw_formations(self, surface: pygame.Surface, groups: Iterable[Formation], *, width: int = 4,
                        colour: tuple[int, int, int] | None = None, icons: bool = True,
                        dx: int = 0) -> None:
        """Outline each formation around the outside of its cells (colour by kind)."""
        for group in groups:
            cells = {(r, c + dx) for r, c in group.cells}
            col = colour or KIND_COLOURS.get(group.kind, (255, 255, 255))
            for cell in cells:
                x, y, w, h = self.layout.cell_rect(cell)
                r, c = cell
                inset = 2
                left, right, top, bottom = x + inset, x + w - inset - 1, y + inset, y + h - inset - 1
                if (r + 1, c) not in cells:
                    draw.line(surface, col, (left, top), (right, top), width)
                if (r - 1, c) not in cells:
                    draw.line(surface, col, (left, bottom), (right, bottom), width)
                if (r, c - 1) not in cells:
                    draw.line(surface, col, (left, top), (left, bottom), width)
                if (r, c + 1) not in cells:
                    draw.line(surface, col, (right, top), (right, bottom), width)
            if icons:
                top_right = max(cells, key=lambda rc: (rc[0], rc[1]))
                x, y, w, h = self.layout.cell_rect(top_right)
                badge = pygame.Rect(0, 0, 26, 26)
                badge.center = (x + w - 8, y + 8)
                draw.circle(surface, (40, 28, 16), badge.center, 14)
                draw.circle(surface, col, badge.center, 14, 2)
                icon = self.art.sprite(KIND_ICONS[group.kind], 20)
                surface.blit(icon, icon.get_rect(center=badge.center))

    # ------------------------------------------------------------ highlights
    def draw_glow(self, surface: pygame.Surface, cells: Iterable[Cell], colour: tuple[int, int, int],
                  strength: int = 1) -> None:
        size = (self.layout.cell - 2, self.layout.cell - 2)
        glow = self.art.glow(size, colour, strength)
        for cell in cells:
            x, y, w, h = self.layout.cell_rect(cell)
            surface.blit(glow, (x + 1, y + 1))

    def draw_ring(self, surface: pygame.Surface, cells: Iterable[Cell], colour: tuple[int, int, int],
                  strength: int = 1) -> None:
        """Frame the tiles on `cells` (lit tiles: the tile stays as it is, only framed)."""
        size = (self.layout.cell, self.layout.cell)
        ring = self.art.ring(size, colour, strength)
        for cell in cells:
            x, y, w, h = self.layout.cell_rect(cell)
            surface.blit(ring, (x, y))

    def draw_ghost(self, surface: pygame.Surface, cell: Cell, strong: bool = False) -> None:
        """The off-grid foundation slot where a tile would extend the castle sideways."""
        x, y, w, h = self.layout.cell_rect(cell)
        rect = pygame.Rect(x + 3, y + 3, w - 6, h - 6)
        draw.rect(surface, (255, 236, 170), rect, 0 if strong else 2, border_radius=8)
        self.draw_glow(surface, [cell], GLOW_LEGAL, 2 if strong else 1)
        arrow_x = rect.centerx
        if strong:
            return
        pts = [(arrow_x - 10, rect.centery), (arrow_x + 10, rect.centery)]
        draw.line(surface, (160, 110, 40), pts[0], pts[1], 3)
        tip = pts[0] if cell[1] < 0 else pts[1]
        sign = -1 if cell[1] < 0 else 1
        draw.polygon(surface, (160, 110, 40), [(tip[0] + sign * 6, tip[1]), (tip[0] - sign * 4, tip[1] - 7),
                                                      (tip[0] - sign * 4, tip[1] + 7)])
