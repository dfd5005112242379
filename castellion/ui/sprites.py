"""Sprites: the game's PNG art by name, with cached scaled copies.

`Sprites.get("tile_Pt", 96)` answers a 96×96 copy of assets/sprites/tile_Pt.png; `get(name)`
answers the original; `get(name, (w, h))` any size. Sizes are LOGICAL (the 1280×800 canvas): at
a window scale other than 1 (`set_scale`, done by the app on every resize) the answer is a
`ui.canvas.Image` resampled from the high-resolution source straight to the displayed size, so
tiles stay crisp. A missing or unreadable file never crashes: it is logged once as a warning and
replaced by a clearly visible generated surface (magenta and black checks with the name written
on it), so a gap in the art shows on screen at once.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from castellion.content.resources import resource_path
from castellion.ui.canvas import Image, at_scale

log = logging.getLogger(__name__)

Size = int | tuple[int, int] | None


def find_resource(*parts: str) -> Path | None:
    """The bundled file `parts` via `castellion.content.resources.resource_path`, or None when it
    is missing."""
    try:
        return resource_path(*parts)
    except (FileNotFoundError, ValueError):
        return None


def manifest_names() -> list[str]:
    """The PNG names (without `.png`) listed in assets/sprites/manifest.txt, in file order.

    Blank lines and `#` comments are skipped; the first whitespace-separated token of a line is
    the file name. Raises `FileNotFoundError` when the manifest is missing."""
    path = find_resource("assets", "sprites", "manifest.txt")
    if path is None:
        raise FileNotFoundError("assets/sprites/manifest.txt not found")
    names = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        token = line.split()[0].rstrip(":,")
        if token.lower().endswith(".png"):
            token = token[:-4]
        elif "." in token:
            continue  # not a sprite (e.g. a note about fonts)
        names.append(token)
    return names


def _size_tuple(size: Size, original: tuple[int, int]) -> tuple[int, int] | None:
    if size is None:
        return None
    if isinstance(size, int):
        return (size, size)
    return (int(size[0]), int(size[1]))


class Sprites:
    """PNG art by name (without `.png`), cached; scaled copies cached by size."""

    def __init__(self, directory: Path | None = None) -> None:
        self._directory = directory
        self._originals: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        self.missing: set[str] = set()
        self.scale = 1.0  # physical pixels per logical unit (the window's scale)

    def set_scale(self, scale: float) -> None:
        """The window's scale changed: later answers are rendered at it (the cache is dropped)."""
        if scale != self.scale:
            self.scale = float(scale)
            self._scaled.clear()

    def layer(self, size: tuple[int, int]) -> pygame.Surface:
        """A transparent surface of logical `size` at the current scale (to compose art on)."""
        if self.scale == 1.0:
            return pygame.Surface(size, pygame.SRCALPHA)
        return Image(size, self.scale)

    def _path(self, name: str) -> Path | None:
        filename = name if name.endswith(".png") else name + ".png"
        if self._directory is not None:
            path = self._directory / filename
            return path if path.is_file() else None
        return find_resource("assets", "sprites", filename)

    @staticmethod
    def _prepare(surface: pygame.Surface) -> pygame.Surface:
        # convert_alpha needs a display mode; in pure tests there may be none.
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            return surface.convert_alpha()
        return surface

    def load(self, name: str) -> pygame.Surface:
        """The original image `name`; raises `FileNotFoundError`/`pygame.error` (the self-test
        uses this to insist that every manifest entry really exists)."""
        path = self._path(name)
        if path is None:
            raise FileNotFoundError(f"sprite {name!r} not found in assets/sprites")
        return self._prepare(pygame.image.load(str(path)))

    def exists(self, name: str) -> bool:
        return name in self._originals and name not in self.missing or self._path(name) is not None

    def original(self, name: str) -> pygame.Surface:
        surf = self._originals.get(name)
        if surf is None:
            try:
                surf = self.load(name)
            except (FileNotFoundError, pygame.error, OSError) as exc:
                log.warning("sprite %r unavailable (%s); drawing a placeholder", name, exc)
                self.missing.add(name)
                surf = placeholder(name, (128, 128))
            self._originals[name] = surf
        return surf

    def get(self, name: str, size: Size = None) -> pygame.Surface:
        """Image `name` at `size` (int = square, (w, h), None = original). Never raises for a
        missing file. The answer is shared: copy it before drawing on it."""
        original = self.original(name)
        wanted = _size_tuple(size, original.get_size()) or original.get_size()
        scale = self.scale
        physical = (max(1, round(wanted[0] * scale)), max(1, round(wanted[1] * scale)))
        if physical == original.get_size() and scale == 1.0:
            return original
        key = (name, wanted)
        surf = self._scaled.get(key)
        if surf is None:
            if name in self.missing:
                surf = placeholder(name, physical)
            elif physical == original.get_size():
                surf = original
            else:
                surf = pygame.transform.smoothscale(original, physical)
            surf = at_scale(surf, wanted, scale)
            self._scaled[key] = surf
        return surf

    def cover(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """Image `name` scaled to fill `size` completely, cropped centrally (for backgrounds)."""
        logical = (int(size[0]), int(size[1]))
        key = (name + "#cover", logical)
        surf = self._scaled.get(key)
        if surf is None:
            original = self.original(name)
            ow, oh = original.get_size()
            physical = (max(1, round(logical[0] * self.scale)), max(1, round(logical[1] * self.scale)))
            scale = max(physical[0] / ow, physical[1] / oh)
            scaled = pygame.transform.smoothscale(original, (max(1, round(ow * scale)), max(1, round(oh * scale))))
            rect = pygame.Rect(0, 0, *physical)
            rect.center = scaled.get_rect().center
            surf = at_scale(scaled.subsurface(rect.clip(scaled.get_rect())).copy(), logical, self.scale)
            self._scaled[key] = surf
        return surf


def placeholder(name: str, size: tuple[int, int]) -> pygame.Surface:
    """A loud magenta/black checkerboard with `name` written on it."""
    w, h = max(8, size[0]), max(8, size[1])
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    step = max(4, min(w, h) // 8)
    for y in range(0, h, step):
        for x in range(0, w, step):
            colour = (255, 0, 255) if (x // step + y // step) % 2 == 0 else (20, 20, 20)
            surf.fill(colour, (x, y, step, step))
    pygame.draw.rect(surf, (255, 255, 0), surf.get_rect(), 2)
    try:
        if not pygame.font.get_init():
            pygame.font.init()
        font = pygame.font.Font(None, max(12, min(24, w // 6)))
        label = font.render(name, True, (255, 255, 255), (0, 0, 0))
        surf.blit(label, label.get_rect(center=(w // 2, h // 2)))
    except Exception:  # noqa: BLE001 - a placeholder must never fail
        pass
    return surf
