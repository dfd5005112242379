"""A finger held still on the board: the long press, counted on the scene's clock.

`LongPress` starts when a finger goes down, stops when it travels (a drag) or lifts, and after
`LONG_PRESS` seconds of the `dt` the scene is given (never the wall clock, so a busy machine
cannot turn a tap into a long press) answers the target pressed, once: the board then shows what
a tap there would do (`BoardGestures.long_press`).
"""

from __future__ import annotations

from castellion.ui.drag import Drag
from castellion.ui.targets import Target

LONG_PRESS = 0.5  # seconds a finger stays still for a long press


class LongPress:
    def __init__(self) -> None:
        self.held: float | None = None  # seconds the finger has been still (None: no finger down)
        self.target: Target | None = None  # what the long press was on (once `tick` answered True)

    def start(self, finger: bool) -> None:
        self.held = 0.0 if finger else None

    def stop(self) -> None:
        self.held = None

    def tick(self, dt: float, drag: Drag | None) -> bool:
        """True (once) when the finger has been held long enough, `target` then being what it is
        on: a press that neither moved nor picked up a tile (a press on a pile draws at once)."""
        if self.held is None or drag is None or drag.moved or drag.tile is not None:
            return False
        self.held += dt
        if self.held < LONG_PRESS:
            return False
        self.held = None
        self.target = drag.source
        return True
