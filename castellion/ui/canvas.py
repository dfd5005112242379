"""Scaling: scenes draw in LOGICAL units (the 1280×800 canvas); pixels land at the window's size.

- `Viewport(window, logical)`: the scale s = min(w/1280, h/800) and the centred area the canvas
  fills in the window (proportions kept; the margins show the backdrop). `to_logical(pos)` maps
  a window pixel back to the canvas — the app does it once for every mouse event, so every
  scene's hit-testing follows the scale.
- `Image`: a `pygame.Surface` holding PHYSICAL pixels that answers in logical units
  (`get_size`, `get_rect`, `blit`, `fill`, `set_clip`, `copy` …). Sprites and text come as
  Images rendered at their displayed size, so nothing is a stretched 1280×800 picture; a scene's
  canvas is a `Canvas`: the same API over the window's own pixels (a subsurface; no copy per
  frame). At scale 1 everything is an ordinary surface (the tests' 1280×800).
- `layer(like, size)`: a new transparent surface at the scale of `like` (an Image or a plain
  surface) for drawing intermediate pictures (glows, veils, the board's still layer).
- Blitting a plain (logical) surface onto an Image stretches it to the scale — correct but soft;
  used only for the rare picture not made through `Sprites`/`Fonts`/`layer`.

`pygame.draw.*` knows nothing of this: drawing code calls `castellion.ui.draw` instead, which
scales rects, points, widths and radii for Images and passes plain surfaces through unchanged.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

LOGICAL = (1280, 800)


def _close(a: float, b: float) -> bool:
    return abs(a - b) < 1e-6


class Viewport:
    """Where the logical canvas lies in a window of `window` pixels."""

    def __init__(self, window: tuple[int, int], logical: tuple[int, int] = LOGICAL) -> None:
        self.window = (max(1, int(window[0])), max(1, int(window[1])))
        self.logical = logical
        self.scale = min(self.window[0] / logical[0], self.window[1] / logical[1])
        size = (min(self.window[0], round(logical[0] * self.scale)),
                min(self.window[1], round(logical[1] * self.scale)))
        self.rect = pygame.Rect((self.window[0] - size[0]) // 2, (self.window[1] - size[1]) // 2, *size)

    def to_logical(self, pos: Sequence[float]) -> tuple[int, int]:
        """The canvas point under window pixel `pos` (may lie outside the canvas in the margins)."""
        return (math.floor((pos[0] - self.rect.x) / self.scale), math.floor((pos[1] - self.rect.y) / self.scale))

    def to_physical(self, pos: Sequence[float]) -> tuple[int, int]:
        """The window pixel at the centre of canvas point `pos` (tests post real clicks with it)."""
        return (self.rect.x + int((pos[0] + 0.5) * self.scale), self.rect.y + int((pos[1] + 0.5) * self.scale))

    def rel_to_logical(self, rel: Sequence[float]) -> tuple[int, int]:
        return (round(rel[0] / self.scale), round(rel[1] / self.scale))


def scale_of(surface: Any) -> float:
    """The scale of `surface`: an Image's own, 1 for any plain surface."""
    return float(getattr(surface, "scale", 1.0))


def px(value: float, scale: float) -> int:
    """A logical coordinate in physical pixels."""
    return round(value * scale)


def phys_rect(rect: Any, scale: float) -> pygame.Rect:
    """A logical rect in physical pixels; both edges are rounded so that neighbours still touch."""
    r = pygame.Rect(rect)
    if _close(scale, 1.0):
        return r
    x0, y0 = round(r.x * scale), round(r.y * scale)
    return pygame.Rect(x0, y0, round(r.right * scale) - x0, round(r.bottom * scale) - y0)


def logical_rect(rect: Any, scale: float) -> pygame.Rect:
    r = pygame.Rect(rect)
    if _close(scale, 1.0):
        return r
    x0, y0 = math.floor(r.x / scale), math.floor(r.y / scale)
    return pygame.Rect(x0, y0, math.ceil(r.right / scale) - x0, math.ceil(r.bottom / scale) - y0)


def _dest(dest: Any, scale: float) -> tuple[int, int]:
    if isinstance(dest, pygame.Rect):
        x, y = dest.topleft
    elif len(dest) == 4:
        x, y = dest[0], dest[1]
    else:
        x, y = dest
    return (round(x * scale), round(y * scale))


def _exact_copy(dst: pygame.Surface, src: pygame.Surface) -> None:
    """Copy `src`'s pixels (alpha included) into the transparent `dst` unblended."""
    pygame.Surface.blit(dst, src, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)


def resample(source: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """`source` resized to `size` physical pixels (smooth where the pixel format allows it)."""
    size = (max(1, size[0]), max(1, size[1]))
    if source.get_bitsize() in (24, 32):
        return pygame.transform.smoothscale(source, size)
    return pygame.transform.scale(source, size)


class _Logical:
    """The logical-unit drawing API shared by `Image` and `Canvas` (the only two kinds); each
    sets the scale and the logical size."""

    scale: float
    logical: tuple[int, int]
    _clip_logical: pygame.Rect | None

    def _pixels(self) -> pygame.Surface:
        """The physical target: an Image is its own pixels, a Canvas draws on the surface it holds."""
        if isinstance(self, pygame.Surface):
            return self
        assert isinstance(self, Canvas)
        return self.surface

    # sizes in logical units ------------------------------------------------------------------
    def get_size(self) -> tuple[int, int]:
        return self.logical

    def get_width(self) -> int:
        return self.logical[0]

    def get_height(self) -> int:
        return self.logical[1]

    @property
    def width(self) -> int:
        return self.logical[0]

    @property
    def height(self) -> int:
        return self.logical[1]

    @property
    def size(self) -> tuple[int, int]:
        return self.logical

    def get_rect(self, **kwargs: Any) -> pygame.Rect:
        rect = pygame.Rect(0, 0, *self.logical)
        for key, value in kwargs.items():
            setattr(rect, key, value)
        return rect

    def physical_size(self) -> tuple[int, int]:
        return pygame.Surface.get_size(self._pixels())

    # drawing in logical units ----------------------------------------------------------------
    def blit(self, source: Any, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        s = self.scale
        pos = _dest(dest, s)
        src_scale = scale_of(source)
        if isinstance(source, Canvas):
            source = source.surface
        if not _close(src_scale, s):
            # a picture at another scale (a plain logical surface, or art cached before a
            # resize): resample it to this scale; crisp art comes from Sprites/Fonts instead
            if area is not None:
                source = _sub(source, area)
                area = None
            w, h = source.get_size()
            source = resample(source, (max(1, round(w * s)), max(1, round(h * s))))
        elif area is not None:
            area = phys_rect(area, s)
        done = pygame.Surface.blit(self._pixels(), source, pos, area, special_flags)
        return logical_rect(done, s)

    def blits(self, sequence: Any, doreturn: Any = True) -> Any:
        out = [self.blit(*item) for item in sequence]
        return out if doreturn else None

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        r = None if rect is None else phys_rect(rect, self.scale)
        return logical_rect(pygame.Surface.fill(self._pixels(), color, r, special_flags), self.scale)

    def set_clip(self, rect: Any = None) -> None:
        if rect is None:
            self._clip_logical = None
            pygame.Surface.set_clip(self._pixels(), None)
            return
        self._clip_logical = pygame.Rect(rect).clip(self.get_rect())
        pygame.Surface.set_clip(self._pixels(), phys_rect(self._clip_logical, self.scale))

    def get_clip(self) -> pygame.Rect:
        return self._clip_logical.copy() if self._clip_logical is not None else self.get_rect()

    def copy(self) -> Image:
        img = Image(self.logical, self.scale, pygame.SRCALPHA, physical=self.physical_size())
        _exact_copy(img, self._pixels())
        return img

    def subsurface(self, *rect: Any) -> Image:  # a copy, not shared pixels (only read in this game)
        r = pygame.Rect(*rect)
        return Image.of(pygame.Surface.subsurface(self._pixels(), phys_rect(r, self.scale).clip(
            pygame.Rect((0, 0), self.physical_size()))), r.size, self.scale)


class Image(_Logical, pygame.Surface):
    """Physical pixels at `scale`, answering in logical units (see the module docstring)."""

    def __init__(self, logical: tuple[int, int], scale: float, flags: int = pygame.SRCALPHA,
                 physical: tuple[int, int] | None = None) -> None:
        w, h = max(0, int(logical[0])), max(0, int(logical[1]))
        physical = physical or (max(1 if w else 0, round(w * scale)), max(1 if h else 0, round(h * scale)))
        pygame.Surface.__init__(self, physical, flags)
        self.scale = float(scale)
        self.logical = (w, h)
        self._clip_logical = None

    @classmethod
    def of(cls, surface: pygame.Surface, logical: tuple[int, int], scale: float) -> Image:
        """An Image holding `surface`'s pixels as they are (its size is the physical size)."""
        img = cls(logical, scale, pygame.SRCALPHA, physical=surface.get_size())
        if surface.get_flags() & pygame.SRCALPHA:
            _exact_copy(img, surface)
        else:
            pygame.Surface.blit(img, surface, (0, 0))
        return img

    def convert(self, *args: Any) -> Image:
        return self

    def convert_alpha(self, *args: Any) -> Image:
        return self


class Canvas(_Logical):
    """The logical canvas over a physical surface it does not own (the window's pixels, via a
    subsurface: nothing is copied per frame). Scenes draw on it like on an Image."""

    def __init__(self, surface: pygame.Surface, logical: tuple[int, int], scale: float) -> None:
        self.surface = surface
        self.scale = float(scale)
        self.logical = (int(logical[0]), int(logical[1]))
        self._clip_logical = None

    def get_flags(self) -> int:
        return self.surface.get_flags()

    def get_bitsize(self) -> int:
        return self.surface.get_bitsize()


def physical(surface: Any) -> pygame.Surface:
    """The pygame surface holding `surface`'s pixels (for pygame.draw and friends)."""
    return surface.surface if isinstance(surface, Canvas) else surface


def _sub(source: Any, area: Any) -> pygame.Surface:
    r = pygame.Rect(area)
    if isinstance(source, Image):
        return source.subsurface(r)
    part: pygame.Surface = source.subsurface(r.clip(source.get_rect()))
    return part


def layer(like: Any, size: tuple[int, int] | None = None, flags: int = pygame.SRCALPHA) -> pygame.Surface:
    """A new surface of logical `size` (default: `like`'s) at the scale of `like`: an Image when
    `like` is one, else a plain surface. Transparent with `flags=SRCALPHA`, else black."""
    size = size or like.get_size()
    scale = scale_of(like)
    if _close(scale, 1.0) and not isinstance(like, _Logical):
        return pygame.Surface(size, flags)
    return Image(size, scale, flags)


def at_scale(surface: pygame.Surface, logical: tuple[int, int], scale: float) -> pygame.Surface:
    """`surface` (physical pixels) as a picture of logical size `logical` at `scale`; a plain
    surface at scale 1."""
    if _close(scale, 1.0) and surface.get_size() == tuple(logical):
        return surface
    return Image.of(surface, logical, scale)


def scaled(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """`image` resized to logical `size`, resampled from its physical pixels (instead of
    `pygame.transform.smoothscale`, which would drop to logical resolution)."""
    s = scale_of(image)
    size = (max(1, int(size[0])), max(1, int(size[1])))
    pixels = resample(image, (max(1, round(size[0] * s)), max(1, round(size[1] * s))))
    return at_scale(pixels, size, s)


# ---------------------------------------------------------------------------------- the window
def map_mouse_event(event: Any, viewport: Viewport | None) -> Any:
    """`event` with its mouse position (and motion) in canvas units instead of window pixels;
    other events unchanged. The app calls it once per event, before any scene sees it."""
    if viewport is None or event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        return event
    if viewport.scale == 1.0 and viewport.rect.topleft == (0, 0):
        return event
    attrs = dict(event.dict)
    attrs["pos"] = viewport.to_logical(event.pos)
    if "rel" in attrs:
        attrs["rel"] = viewport.rel_to_logical(event.rel)
    return pygame.event.Event(event.type, attrs)


def margin_strips(viewport: Viewport) -> list[pygame.Rect]:
    """The window's parts outside the canvas (left/right or top/bottom bars)."""
    w, h = viewport.window
    r = viewport.rect
    out = [pygame.Rect(0, 0, r.x, h), pygame.Rect(r.right, 0, w - r.right, h),
           pygame.Rect(r.x, 0, r.w, r.y), pygame.Rect(r.x, r.bottom, r.w, h - r.bottom)]
    return [s for s in out if s.w > 0 and s.h > 0]


def draw_margins(screen: pygame.Surface, viewport: Viewport, sprites: Any,
                 picture: pygame.Surface | None = None) -> pygame.Surface | None:
    """Paint the margins around the canvas with the backdrop, dimmed about as dark as the
    canvas's own vignetted edge. Answers the window-sized picture (pass it back next time)."""
    strips = margin_strips(viewport)
    if not strips:
        return picture
    w, h = viewport.window
    if picture is None or picture.get_size() != (w, h):
        art = sprites.original("background")
        k = max(w / art.get_width(), h / art.get_height())
        cover = pygame.transform.smoothscale(art, (max(w, round(art.get_width() * k)),
                                                   max(h, round(art.get_height() * k))))
        picture = pygame.Surface((w, h))
        picture.blit(cover, cover.get_rect(center=(w // 2, h // 2)))
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 110))
        picture.blit(veil, (0, 0))
    for strip in strips:
        screen.blit(picture, strip, strip)
    return picture
