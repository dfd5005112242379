"""Ready-made widget pictures kept between frames (a button's face: shadow, lacquer, sheen, edge
and icon drawn once, its label fitted once; then one blit a frame and the label's cached render).

Why: the board's buttons were drawn from scratch every frame — the label fitted to its
width (`fit_line`, which asks each candidate size's font for missing glyphs), a new "sheen"
surface, the shadow — about half of a drag frame's CPU. A face is a pure function of what its
key holds (label, note, icon, size, state, the colours used, the language, the scale), so a
changed label, a language or colour-blind switch or a new window size finds no stale picture;
the cache is a bounded LRU and `clear()` (called with ui.painting's caches after a resize)
empties it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

import pygame

LIMIT = 256  # faces kept: a screen shows a few dozen buttons in a few states each
MAX_BYTES = 16 * 2**20  # and at most this many bytes of pixels (a face at 2560×1440 is ~250 KB)


def _bytes(value: Any) -> int:
    """The pixel bytes of the surfaces in `value` (a surface, or a tuple holding some)."""
    parts = value if isinstance(value, tuple) else (value,)
    total = 0
    for part in parts:
        if isinstance(part, pygame.Surface):
            width, height = pygame.Surface.get_size(part)
            total += width * height * part.get_bytesize()
    return total


class FaceCache:
    """A least-recently-used map from a key to a picture (or what a widget keeps of one),
    bounded in entries and in pixel bytes."""

    def __init__(self, limit: int = LIMIT, max_bytes: int = MAX_BYTES) -> None:
        self.limit = limit
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self.renders = 0  # faces drawn (not found): counted for the tests and the benchmark

    def get(self, key: Hashable) -> Any:
        picture = self._items.get(key)
        if picture is not None:
            self._items.move_to_end(key)
        return picture

    def put(self, key: Hashable, picture: Any) -> None:
        self.renders += 1
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= _bytes(old)
        self._items[key] = picture
        self.bytes += _bytes(picture)
        while len(self._items) > self.limit or (self.bytes > self.max_bytes and len(self._items) > 1):
            self.bytes -= _bytes(self._items.popitem(last=False)[1])

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)


FACES = FaceCache()


def clear() -> None:
    """Forget every face (after a resize: they hold pixels at the old scale)."""
    FACES.clear()
