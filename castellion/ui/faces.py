"""Ready-made widget pictures kept between frames (a button's face: shadow, lacquer, sheen, edge
and icon drawn once, its label fitted once; then one blit a frame and the label's cached render).

Issue 19: the board's buttons were drawn from scratch every frame — the label fitted to its
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

LIMIT = 256  # faces kept: a screen shows a few dozen buttons in a few states each


class FaceCache:
    """A bounded least-recently-used map from a key to a picture (or what a widget keeps of one)."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self.renders = 0  # faces drawn (not found): counted for the tests and the benchmark

    def get(self, key: Hashable) -> Any:
        picture = self._items.get(key)
        if picture is not None:
            self._items.move_to_end(key)
        return picture

    def put(self, key: Hashable, picture: Any) -> None:
        self.renders += 1
        self._items[key] = picture
        self._items.move_to_end(key)
        while len(self._items) > self.limit:
            self._items.popitem(last=False)

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


FACES = FaceCache()


def clear() -> None:
    """Forget every face (after a resize: they hold pixels at the old scale)."""
    FACES.clear()
