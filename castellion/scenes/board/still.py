"""The board's still picture: everything that does not move, drawn once per state and blitted
under the live layer every frame.

A new state (an action, a phase, a selection, a resize…) redraws the whole picture. What the
picture leaves out while it moves — a tile in flight, the tile being dragged, a card flipping —
only changes the pixels where that thing is drawn, so when nothing but that set changes (a
flight lands, a drag starts) only those rectangles are drawn again, clipped: the frame after a
drop draws the board picture once, not once for the drop and again when the tile lands
(30–35 ms of CPU at 2560×1440 for the two, measured). Drawing is the same code clipped to the
rectangle, so the pixels are those a whole redraw would give (tests/ui/test_frame_caches.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping

import pygame

from castellion.rules import Game
from castellion.ui.canvas import layer, scale_of
from castellion.ui.drag import Animations, Drag
from castellion.ui.geometry import BoardLayout, Rect
from castellion.ui.targets import PantryTarget

MARGIN = 16  # logical px around a hidden thing's rect: its frame, its shadow, a tag on its edge
PARTIAL_AREA = 0.25  # above this share of the canvas a clipped redraw saves little: draw it all


class StillPicture:
    """The cached still picture of one board. `picture(...)` answers it for a state `key`
    with the things in `hidden` left out (each with the rect where it is drawn, or None
    when it is not known: then a change of it redraws everything)."""

    def __init__(self) -> None:
        self.image: pygame.Surface | None = None
        self.key: Hashable = None
        self.hidden: dict[object, Rect | None] = {}
        self.full_draws = 0  # counted for the tests and the benchmark
        self.partial_draws = 0

    def picture(self, surface: pygame.Surface, key: Hashable, hidden: Mapping[object, Rect | None],
                draw: Callable[[pygame.Surface], None]) -> pygame.Surface:
        image = self.image
        same_canvas = image is not None and image.get_size() == surface.get_size() \
            and scale_of(image) == scale_of(surface)
        if image is not None and same_canvas and key == self.key:
            if set(hidden) == set(self.hidden):
                self.hidden = dict(hidden)
                return image
            area = self._changed_area(surface, hidden)
            if area is not None:
                image.set_clip(area)
                try:
                    draw(image)
                finally:
                    image.set_clip(None)
                self.hidden = dict(hidden)
                self.partial_draws += 1
                return image
        if image is None or not same_canvas:  # else drawn over: a new 2560×1440 surface costs ~1 ms
            image = layer(surface, flags=0)  # opaque: the backdrop paints every pixel of it
        draw(image)
        self.image, self.key, self.hidden = image, key, dict(hidden)
        self.full_draws += 1
        return image

    def _changed_area(self, surface: pygame.Surface, hidden: Mapping[object, Rect | None]) -> pygame.Rect | None:
        """The rect covering every thing shown or hidden since the last picture; None when one
        has no known rect or the area is large."""
        rects: list[pygame.Rect] = []
        for item in set(hidden).symmetric_difference(self.hidden):
            known = [r for r in (self.hidden.get(item), hidden.get(item)) if r is not None]
            if not known:
                return None
            rects.extend(pygame.Rect(r) for r in known)
        if not rects:
            return None
        area = rects[0].unionall(rects[1:]).inflate(2 * MARGIN, 2 * MARGIN).clip(surface.get_rect())
        width, height = surface.get_size()
        if area.w * area.h > PARTIAL_AREA * width * height:
            return None
        return area

    def forget(self) -> None:
        self.image, self.key, self.hidden = None, None, {}


def hidden_rects(game: Game, lay: BoardLayout, anims: Animations, drag: Drag | None,
                 carry: bool) -> dict[object, Rect | None]:
    """What the still picture leaves out, each with the rect where the still would draw it
    (a flight's landing place, a flipping card's place, the carried tile's home; None when
    not known): when only these change, only their rects are drawn again. `lay`: the layout
    of the player deciding now."""
    hidden: dict[object, Rect | None] = {}

    def leave_out(item: object, rect: Rect | None) -> None:
        # one thing hidden for two reasons at two places: its rect is not known
        hidden[item] = rect if item not in hidden or hidden[item] == rect else None

    for anim in anims.items:
        if anim.hides is None:
            continue
        rect: Rect | None = anim.dst if anim.kind == "flight" else None
        if anim.kind == "flip" and 0 <= anim.index < len(game.ordeals):
            rect = lay.ordeal_rect(anim.index)
        leave_out(anim.hides, rect)
    if drag is not None and drag.moved and isinstance(drag.source, PantryTarget):
        hidden.setdefault(("pantry", drag.source.index), None)
    elif (drag is not None and drag.moved and drag.tile is not None) or carry:
        if drag is not None and drag.from_cell is not None:
            leave_out(drag.from_cell, lay.cell_rect(drag.from_cell))
        else:
            leave_out("hand", lay.hand_rect())
    return hidden
