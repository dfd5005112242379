"""Drawing helpers every screen uses: parchment panels, the backdrop, shadows, veils and text
(one line, wrapped, titles). Pictures are made at the physical size of the surface they land on
(`ui.canvas`) and cached; `clear_caches()` forgets them after a resize. The widgets
(`ui.widgets`) are built on these."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from typing import Any

import pygame

from castellion.ui import draw
from castellion.ui.canvas import at_scale, layer, physical, scale_of
from castellion.ui.context import UIContext
from castellion.ui.fit import fit_line, floor_of
from castellion.ui.fonts import well_broken, wrap

# Render caches (pure functions of their arguments and the scale; never game state). Pictures
# are made at the PHYSICAL size of the surface they are drawn on (`ui.canvas`), so they are crisp.
_panel_cache: dict[tuple[Any, ...], pygame.Surface] = {}
_vignette_cache: dict[tuple[Any, ...], pygame.Surface] = {}
_shadow_cache: dict[tuple[Any, ...], pygame.Surface] = {}
_veil_cache: dict[tuple[Any, ...], pygame.Surface] = {}
# Composites drawn in one blit instead of several (a full board picture at 2560×1440
# spent ~2.5 ms on the backdrop's two full-window blits and ~3 ms on the panels' shadows, drawn
# under each panel): the backdrop with its vignette, a panel with its shadow.
_backdrop_cache: dict[tuple[Any, ...], pygame.Surface] = {}
# a panel with its shadow, as pieces (physical pixels, their places): see _shadowed_panel
_shadowed_panel_cache: dict[tuple[Any, ...], list[tuple[pygame.Surface, tuple[int, int]]]] = {}
# while a row partly in view of a scrolled room draws (`whole_lines_in`): the room, inside which
# alone its words are drawn
_WHOLE_IN: list[pygame.Rect] = []
CACHE_LIMIT = 64  # pictures per cache: a screen uses a handful; a resize clears them all


def clear_caches() -> None:
    """Forget every cached picture (the app calls it after a resize: they hold old pixels)."""
    from castellion.ui import faces

    for cache in (_panel_cache, _vignette_cache, _shadow_cache, _veil_cache, _backdrop_cache,
                  _shadowed_panel_cache):
        cache.clear()
    faces.clear()


def _remember(cache: dict[tuple[Any, ...], pygame.Surface], key: tuple[Any, ...], picture: pygame.Surface) -> None:
    if len(cache) >= CACHE_LIMIT:
        cache.clear()  # (a new window size or a new language: the old pictures are not coming back)
    cache[key] = picture


# --------------------------------------------------------------------------------------------
# drawing helpers
# --------------------------------------------------------------------------------------------
def _parchment(size: tuple[int, int], base: tuple[int, int, int], radius: int, dark: bool,
               scale: float = 1.0, plain: bool = False) -> pygame.Surface:
    """A panel's paper: textured, with burnt edges — or, `plain` (the high-contrast theme), one
    flat colour."""
    key = (size, base, radius, dark, scale, plain)
    surf = _panel_cache.get(key)
    if surf is not None:
        return surf
    logical = size
    w, h = size = (max(1, round(size[0] * scale)), max(1, round(size[1] * scale)))
    radius = round(radius * scale)
    if plain:
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(out, base, (0, 0, w, h), border_radius=radius)
        out = at_scale(out, logical, scale)
        _remember(_panel_cache, key, out)
        return out
    rng = random.Random(1234)  # fixed: the same panel looks the same every frame
    noise = pygame.Surface((max(2, logical[0] // 12), max(2, logical[1] // 12)))
    for y in range(noise.get_height()):
        for x in range(noise.get_width()):
            d = rng.randint(-12, 10)
            noise.set_at((x, y), tuple(max(0, min(255, c + d)) for c in base))
    tex = pygame.transform.smoothscale(noise, (w, h))
    # darker, burnt edges
    edge = pygame.Surface((w, h), pygame.SRCALPHA)
    steps = max(1, round(18 * scale))
    for i in range(steps):
        alpha = int((1 - i / steps) ** 2 * (70 if not dark else 90))
        pygame.draw.rect(edge, (90, 54, 20, alpha), (i, i, w - 2 * i, h - 2 * i), 1,
                         border_radius=max(0, radius - i // 2))
    tex.blit(edge, (0, 0))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    out = _to_alpha(tex)
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out = at_scale(out, logical, scale)
    if len(_panel_cache) > 64:
        _panel_cache.clear()
    _panel_cache[key] = out
    return out


def _to_alpha(surf: pygame.Surface) -> pygame.Surface:
    alpha = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    alpha.blit(surf, (0, 0))
    return alpha


SHADOW_LAYERS = 5  # the shadow reaches 2·SHADOW_LAYERS logical px beyond its rect


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int = 10, offset: tuple[int, int] = (6, 8),
                strength: int = 70) -> None:
    """A soft drop shadow under `rect` (cached per size and scale)."""
    layers = SHADOW_LAYERS
    shadow = _shadow(rect, radius, strength, scale_of(surface))
    surface.blit(shadow, (rect.x - layers * 2 + offset[0], rect.y - layers * 2 + offset[1]))


def _shadow(rect: pygame.Rect, radius: int, strength: int, scale: float) -> pygame.Surface:
    layers = SHADOW_LAYERS
    key = (rect.w, rect.h, radius, strength, scale)
    shadow = _shadow_cache.get(key)
    if shadow is None:
        size = (rect.w + 2 * layers * 2, rect.h + 2 * layers * 2)
        phys = pygame.Surface((max(1, round(size[0] * scale)), max(1, round(size[1] * scale))), pygame.SRCALPHA)
        for i in range(layers):
            a = int(strength * (i + 1) / layers / 2.2)
            r = pygame.Rect(0, 0, round((rect.w + 2 * (layers - i) * 2) * scale),
                            round((rect.h + 2 * (layers - i) * 2) * scale))
            r.center = phys.get_rect().center
            pygame.draw.rect(phys, (0, 0, 0, a), r, border_radius=round((radius + (layers - i) * 2) * scale))
        shadow = at_scale(phys, size, scale)
        if len(_shadow_cache) > 128:
            _shadow_cache.clear()
        _shadow_cache[key] = shadow
    return shadow


def draw_scrollbar(surface: pygame.Surface, ctx: UIContext, track: pygame.Rect, thumb: pygame.Rect, *,
                   radius: int = 4) -> None:
    """A scroll bar: its track, and the thumb showing which part of the list is in view (every
    scrolled list draws it the same way; `scroll_thumb` places the thumb)."""
    draw.rect(surface, ctx.theme.parchment_dark, track, border_radius=radius)
    draw.rect(surface, ctx.theme.border, thumb, border_radius=radius)


def scroll_thumb(track: pygame.Rect, offset: int, view: int, total: int, *, most: int | None = None,
                 least: int = 24) -> pygame.Rect:
    """The thumb in `track` of a list `total` long of which `view` shows, scrolled by `offset` (in
    the list's own units: pixels, lines): as long as the share shown, never under `least` px, as
    far down the track as `offset` is towards `most` (the last offset; by default `total - view`)."""
    most = total - view if most is None else most
    size = max(least, track.h * view // max(1, total))
    return pygame.Rect(track.x, track.y + (track.h - size) * min(offset, most) // max(1, most), track.w, size)


def thumb_offset(track: pygame.Rect, thumb_h: int, thumb_y: int, most: int) -> int:
    """The offset a thumb `thumb_h` tall (shorter than `track`) dragged to `thumb_y` stands for
    (0…`most`)."""
    return max(0, min(most, int((thumb_y - track.y) * most / (track.h - thumb_h))))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, ctx: UIContext, *, style: str = "parchment",
               shadow: bool = True) -> None:
    """A parchment panel with a dark border, an inner gold line and a soft shadow.
    `style="dark"` draws a darker, aged parchment (for side bars and headers)."""
    theme = ctx.theme
    rect = pygame.Rect(rect)
    base = theme.parchment if style == "parchment" else theme.parchment_dark
    scale = scale_of(surface)
    if shadow:  # the shadow and the parchment over it, composed once: one blit per frame, not two
        dx, dy = 6 - 2 * SHADOW_LAYERS, 8 - 2 * SHADOW_LAYERS  # draw_shadow's default offset
        key = (rect.size, base, theme.radius, style, scale, theme.plain_panels)
        found = _shadowed_panel_cache.get(key)
        if found is None:
            found = _shadowed_panel(rect, base, theme.radius, style, scale, (dx, dy), theme.plain_panels)
            _shadowed_panel_cache[key] = found
            if len(_shadowed_panel_cache) > CACHE_LIMIT:
                _shadowed_panel_cache.pop(next(iter(_shadowed_panel_cache)))
        _blit_panel(surface, found, rect, (dx, dy))
    else:
        surface.blit(_parchment(rect.size, base, theme.radius, style != "parchment", scale, theme.plain_panels),
                     rect.topleft)
    draw.rect(surface, theme.border, rect, theme.border_width, border_radius=theme.radius)
    inner = rect.inflate(-14, -14)
    draw.rect(surface, theme.gold, inner, 1, border_radius=max(2, theme.radius - 5))


def _shadowed_panel(rect: pygame.Rect, base: tuple[int, int, int], radius: int, style: str,
                    scale: float, offset: tuple[int, int], plain: bool = False
                    ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """A panel's parchment over its shadow, composed once, as pieces in physical pixels with
    their places: the parchment inside its rounded corners is opaque, so that part is kept
    without alpha and copied, not blended (blending was most of a panel's cost: a 2560×1440
    board has four large panels); the rim (shadow, corners) in four strips, blended. The
    shadow and the parchment are not kept beside the pieces (they would hold the pixels twice)."""
    dx, dy = offset
    shadow_key = (rect.w, rect.h, radius, 70, scale)
    parchment_key = (rect.size, base, radius, style != "parchment", scale, plain)
    had = shadow_key in _shadow_cache, parchment_key in _panel_cache
    under = _shadow(rect, radius, 70, scale)
    parchment = _parchment(rect.size, base, radius, style != "parchment", scale, plain)
    # composed in physical pixels (plain surfaces: the pieces are cut from them)
    pixels = pygame.Surface(pygame.Surface.get_size(under), pygame.SRCALPHA)
    pygame.Surface.blit(pixels, under, (0, 0))
    x0, y0 = round(-dx * scale), round(-dy * scale)
    pygame.Surface.blit(pixels, parchment, (x0, y0))
    if not had[0]:
        _shadow_cache.pop(shadow_key, None)
    if not had[1]:
        _panel_cache.pop(parchment_key, None)
    w, h = pygame.Surface.get_size(pixels)
    pad = round(radius * scale) + 1
    pw, ph = pygame.Surface.get_size(parchment)
    part = pygame.Rect(x0 + pad, y0 + pad, pw - 2 * pad, ph - 2 * pad)
    if part.w <= 0 or part.h <= 0:
        return [(pixels, (0, 0))]
    opaque = pygame.Surface(part.size)
    pygame.Surface.blit(opaque, pixels, (0, 0), part)
    pieces = [(opaque, part.topleft)]
    for strip in ((0, 0, w, part.y), (0, part.bottom, w, h - part.bottom), (0, part.y, part.x, part.h),
                  (part.right, part.y, w - part.right, part.h)):
        if strip[2] > 0 and strip[3] > 0:
            pieces.append((pygame.Surface.subsurface(pixels, strip).copy(), (strip[0], strip[1])))
    return pieces


def _blit_panel(surface: pygame.Surface, pieces: list[tuple[pygame.Surface, tuple[int, int]]],
                rect: pygame.Rect, offset: tuple[int, int]) -> None:
    """The pieces of `_shadowed_panel` for the panel at logical `rect` (their origin at its
    top left + `offset`), in physical pixels throughout (so they meet exactly at any scale).
    Being the one place a panel's pixels bypass the logical blit, it is also where the layout
    test (tests/layout_words.py) learns that a panel covers `rect`."""
    scale = scale_of(surface)
    target = physical(surface)
    x, y = round((rect.x + offset[0]) * scale), round((rect.y + offset[1]) * scale)
    for piece, (px, py) in pieces:
        pygame.Surface.blit(target, piece, (x + px, y + py))


def draw_backdrop(surface: pygame.Surface, ctx: UIContext) -> None:
    """The game's background painting (background.png) filling the canvas, with a vignette; in
    the high-contrast theme (`plain_panels`), plain `night`."""
    size = surface.get_size()
    scale = scale_of(surface)
    plain = ctx.theme.plain_panels
    key = (size, scale, tuple(ctx.theme.night), "background" in ctx.sprites.missing, plain)
    picture = _backdrop_cache.get(key)
    if picture is None:  # the painting and its vignette composed once (one full-window blit a frame)
        picture = layer(surface, flags=0)
        if plain:
            picture.fill(ctx.theme.night)
            _remember(_backdrop_cache, key, picture)
            surface.blit(picture, (0, 0))
            return
        art = ctx.sprites.cover("background", size)
        if "background" in ctx.sprites.missing:
            picture.fill(ctx.theme.night)
        else:
            picture.blit(art, (0, 0))
        picture.blit(_vignette(size, scale), (0, 0))
        _vignette_cache.pop((size, scale), None)  # (only the composite is drawn: not kept twice)
        _remember(_backdrop_cache, key, picture)
    surface.blit(picture, (0, 0))


def _vignette(size: tuple[int, int], scale: float) -> pygame.Surface:
    vignette = _vignette_cache.get((size, scale))
    if vignette is None:
        w, h = phys = (max(1, round(size[0] * scale)), max(1, round(size[1] * scale)))
        shade = pygame.Surface(phys, pygame.SRCALPHA)
        step = 4 * scale
        for i in range(40):
            a = int(110 * (1 - i / 40) ** 2.2)
            o = round(i * step)
            pygame.draw.rect(shade, (10, 6, 2, a), (o, o, w - 2 * o, h - 2 * o), max(1, round(step)))
        vignette = _vignette_cache[(size, scale)] = at_scale(shade, size, scale)
    return vignette


def dim(surface: pygame.Surface, ctx: UIContext) -> None:
    """Darken everything already drawn (under an overlay)."""
    key = (surface.get_size(), scale_of(surface), tuple(ctx.theme.backdrop))
    veil = _veil_cache.get(key)
    if veil is None:
        veil = layer(surface)
        veil.fill(ctx.theme.backdrop)
        _veil_cache[key] = veil
    surface.blit(veil, (0, 0))


def draw_text(surface: pygame.Surface, ctx: UIContext, text: str, pos: tuple[int, int], *, size: int | None = None,
              colour: tuple[int, int, int] | None = None, role: str = "body", anchor: str = "topleft",
              shadow: tuple[int, int, int] | None = None, max_width: int | None = None,
              max_height: int | None = None) -> pygame.Rect:
    """Draw one line of text; `anchor` is a pygame.Rect attribute name ("center", "midtop"…).
    With `max_width` the text shrinks (then is ellipsised) to fit that width (`ui/fit.py`); with
    `max_height` too, until the glyphs above its baseline are no taller (a box of fixed height
    at a large text size)."""
    size = size or ctx.theme.font_body
    colour = colour or ctx.theme.ink
    if max_width is not None:
        text, size = fit_line(ctx.fonts, text, role, size, max_width, max_height)
    img = ctx.fonts.render(text, size, colour, role)
    rect = img.get_rect(**{anchor: pos})
    if _cut_by_room(rect):
        return rect  # a line of a row partly in view, cut by the room's top or bottom: not drawn
        # (`whole_lines_in`; across, the clip holds it: a line a little wider at the window's
        # scale than its room was left out whole, in the middle of a paragraph)
    if shadow is not None:
        off = max(1, size // 24)
        surface.blit(ctx.fonts.render(text, size, shadow, role), rect.move(off, off))
    surface.blit(img, rect)
    note_words(surface, text, img, rect.topleft, ctx.fonts.sized(size))
    return rect


def _cut_by_room(line: pygame.Rect) -> bool:
    """Whether a line of words would be cut by the top or bottom of the room a row partly in view
    draws in (`whole_lines_in`): such a line is left out."""
    return bool(_WHOLE_IN) and not (_WHOLE_IN[-1].top <= line.top and line.bottom <= _WHOLE_IN[-1].bottom)


@contextlib.contextmanager
def whole_lines_in(surface: pygame.Surface, room: pygame.Rect) -> Iterator[None]:
    """While a row partly in view of a scrolled `room` draws: its pictures clipped to the room, and
    of its words only the lines whole inside it (`draw_text` skips the others; no word is shown
    cut). The room is then not left empty under the last whole row: the player sees there is more."""
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(room).clip(clip))
    _WHOLE_IN.append(pygame.Rect(room))
    try:
        yield
    finally:
        _WHOLE_IN.pop()
        surface.set_clip(clip)


def note_words(surface: pygame.Surface, text: str, img: pygame.Surface, pos: tuple[int, int], px: int = 0) -> None:
    """On a picture that keeps a log of its words (`ink_log`: a layout measured before it is
    drawn, see scenes/board/textfit.py), where the ink of `text` (rendered as `img`) went, and
    the pixel size it was drawn at where known (`px`)."""
    sizes = getattr(surface, "ink_px", None)
    if sizes is not None and px:
        sizes[text] = px
    log = getattr(surface, "ink_log", None)
    if log is not None:
        ink = pygame.Surface.get_bounding_rect(img)
        scale = scale_of(img)
        log.append((text, pygame.Rect(pos[0] + int(ink.x / scale), pos[1] + int(ink.y / scale),
                                      round(ink.w / scale), round(ink.h / scale))))


def ink_box(ctx: UIContext, text: str, size: int, role: str = "body") -> pygame.Rect:
    """Where the glyphs of `text` leave ink inside its rendered line (logical units): the CJK
    fonts fill more of their line than the Latin ones, so a heading placed by its line can touch
    what lies under it."""
    img = ctx.fonts.render(text, size, (0, 0, 0), role)
    scale = scale_of(img)
    box = pygame.Surface.get_bounding_rect(img)
    return pygame.Rect(int(box.x / scale), int(box.y / scale), round(box.w / scale), round(box.h / scale))


def size_above(ctx: UIContext, text: str, center_y: int, size: int, bottom: int, role: str = "bold") -> int:
    """The size (from `size` down to ui/fit.py's floor) at which `text`, centred on `center_y`,
    leaves its ink above `bottom` (a button's label over its note, in the taller CJK fonts too)."""
    floor = floor_of(size, ctx.fonts.text_scale)
    while size > floor:
        img = ctx.fonts.render(text, size, (0, 0, 0), role)
        if center_y - img.get_height() // 2 + ink_box(ctx, text, size, role).bottom + 3 < bottom:  # (+ the shadow)
            break
        size -= 1
    return size


def note_top(ctx: UIContext, text: str, center_y: int, size: int, role: str = "body") -> int:
    """Where the ink of `text` centred on `center_y` begins."""
    img = ctx.fonts.render(text, size, (0, 0, 0), role)
    return center_y - img.get_height() // 2 + ink_box(ctx, text, size, role).y


def heading_size(ctx: UIContext, text: str, top: int, *, bottom: int, size: int, role: str = "title",
                 least: int | None = None) -> int:
    """The size at which a heading whose ink starts at `top` ends its ink above `bottom`, shrunk
    from `size` down to ui/fit.py's floor (or to `least`)."""
    floor = floor_of(size, ctx.fonts.text_scale) if least is None else min(size, least)
    while True:
        ink = ink_box(ctx, text, size, role)
        if top - ink.y + ink.bottom < bottom or size <= floor:
            return size
        size -= 1


def draw_heading(surface: pygame.Surface, ctx: UIContext, text: str, pos: tuple[int, int], *, bottom: int,
                 size: int | None = None, colour: tuple[int, int, int] | None = None,
                 role: str = "title", least: int | None = None) -> pygame.Rect:
    """A panel's heading whose INK starts at `pos` (top left) — the CJK fonts leave more room
    above their glyphs than the Latin ones — shrunk (`heading_size`) until the ink ends above
    `bottom`: it never touches the labels under it (「夢タイル」 over 「通常」)."""
    size = heading_size(ctx, text, pos[1], bottom=bottom, size=size or ctx.theme.font_label, role=role, least=least)
    y = pos[1] - ink_box(ctx, text, size, role).y
    return draw_text(surface, ctx, text, (pos[0], y), size=size, colour=colour, role=role)


def draw_label_above(surface: pygame.Surface, ctx: UIContext, text: str, centerx: int, baseline: int, *,
                     size: int | None = None, colour: tuple[int, int, int] | None = None,
                     role: str = "bold") -> pygame.Rect:
    """A label centred over a slot, placed by its BASELINE (not its line box, which the CJK fonts
    make taller): it clears the slot's border in every font (「手札」 was cut by it)."""
    size = size or ctx.theme.font_small
    font = ctx.fonts.for_text(text, role, size)
    img = ctx.fonts.render(text, size, (0, 0, 0), role)
    return draw_text(surface, ctx, text, (centerx - img.get_width() // 2, baseline - font.get_ascent()), size=size,
                     colour=colour, role=role)


def _room(ctx: UIContext, font: pygame.font.Font, text: str, role: str, size: int, width: int) -> int:
    """The width to wrap `text` at so that its lines, drawn at the window's scale (a little wider
    than the logical font measures at some scales), stay inside `width`."""
    logical = font.size(text)[0] if text else 0
    if not logical:
        return width
    return int(width * min(1.0, logical / max(1, ctx.fonts.text_width(text, role, size))))


def wrapped_height(ctx: UIContext, text: str, width: int, *, size: int | None = None, role: str = "body",
                   line_gap: int = 4) -> int:
    """How tall `text` wrapped into `width` is (`draw_wrapped`'s lines at the full size): a
    screen lays its parts out from it, at every text size and in every language."""
    font, lines = wrapped_lines(ctx, text, width, size=size or ctx.theme.font_body, role=role)
    return len(lines) * (font.get_linesize() + line_gap) - line_gap


def wrapped_fit(ctx: UIContext, text: str, width: int, *, size: int, role: str = "body",
                line_gap: int = 4) -> int | None:
    """The height of `text` wrapped into `width` (as `draw_wrapped` draws it with `line_gap`), or
    None when a line of it is still wider (a word longer than the width) or a line is a CJK
    leftover of one or two characters (`fonts.well_broken`: "手札な" over "し")."""
    font, lines = wrapped_lines(ctx, text, width, size=size, role=role)
    if any(ctx.fonts.text_width(line, role, size) > width for line in lines) or not well_broken(lines):
        return None
    return len(lines) * (font.get_linesize() + line_gap) - line_gap


def largest_wrapped(ctx: UIContext, text: str, room: pygame.Rect, sizes: range, *, role: str = "body") -> int | None:
    """The first of `sizes` (largest first) at which `text` wrapped into `room`'s width, its lines
    touching, fits `room` (`wrapped_fit`), else None: words that wrap rather than shrink."""
    for size in sizes:
        tall = wrapped_fit(ctx, text, room.w, size=size, role=role, line_gap=0)
        if tall is not None and tall <= room.h:
            return size
    return None


def wrapped_lines(ctx: UIContext, text: str, width: int, *, size: int, role: str = "body"
                  ) -> tuple[pygame.font.Font, list[str]]:
    """`text`'s font and its lines wrapped into `width`, as `draw_wrapped` draws them at full size."""
    font = ctx.fonts.for_text(text, role, size)
    return font, wrap(font, text, _room(ctx, font, text, role, size, width))


def draw_wrapped(surface: pygame.Surface, ctx: UIContext, text: str, rect: pygame.Rect, *, size: int | None = None,
                 colour: tuple[int, int, int] | None = None, role: str = "body", align: str = "left",
                 line_gap: int = 4) -> int:
    """Draw `text` wrapped into `rect`'s width from its top; answers the height used. When `rect`
    is at least one line tall and the text would run below it (a longer language), the size
    shrinks until it fits, down to ui/fit.py's floor."""
    size = size or ctx.theme.font_body
    colour = colour or ctx.theme.ink
    font = ctx.fonts.for_text(text, role, size)
    lines = wrap(font, text, _room(ctx, font, text, role, size, rect.w))
    if rect.h >= font.get_linesize():
        floor = floor_of(size, ctx.fonts.text_scale)
        while size > floor and len(lines) * (font.get_linesize() + line_gap) - line_gap > rect.h:
            size -= 1
            font = ctx.fonts.for_text(text, role, size)
            lines = wrap(font, text, _room(ctx, font, text, role, size, rect.w))
    y = rect.y
    for line in lines:
        img = ctx.fonts.render(line, size, colour, role)
        at = img.get_rect(midtop=(rect.centerx, y)).topleft if align == "center" else (rect.x, y)
        if not _cut_by_room(pygame.Rect(at, img.get_size())):  # (`whole_lines_in`)
            surface.blit(img, at)
            note_words(surface, line, img, at)
        y += font.get_linesize() + line_gap
    return y - rect.y


def draw_title(surface: pygame.Surface, ctx: UIContext, text: str, center: tuple[int, int], size: int,
               style: str = "gold") -> pygame.Rect:
    """A title in the title font: `style="gold"` (gold with a dark shadow, over the painting) or
    `"ink"` (dark brown with a soft gold shadow, on parchment)."""
    theme = ctx.theme
    if style == "ink":
        img = ctx.fonts.render(text, size, theme.gold, "title")
        surface.blit(img, img.get_rect(center=(center[0] + 2, center[1] + 2)))
        img = ctx.fonts.render(text, size, theme.border, "title")
        rect = img.get_rect(center=center)
        surface.blit(img, rect)
        return rect
    for dx, dy in ((3, 4), (-2, 2), (2, -1), (0, 3)):
        img = ctx.fonts.render(text, size, (30, 16, 8), "title")
        surface.blit(img, img.get_rect(center=(center[0] + dx, center[1] + dy)))
    img = ctx.fonts.render(text, size, theme.gold_light, "title")
    rect = img.get_rect(center=center)
    surface.blit(img, rect)
    return rect


# --------------------------------------------------------------------------------------------
# widgets
# --------------------------------------------------------------------------------------------
