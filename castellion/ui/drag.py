"""Drag and drop, and the short animations that follow a move.

`Drag` is the state of one pointer gesture: what was picked up, where the pointer went, and
whether it moved far enough to count as a drag rather than a click. `Animations` holds tile
flights, card flips and fades; they only interpolate drawing between positions that the game
state already has (the state is applied first), so they never hold up input, and `skip()` ends
them all at once. Time comes from `update(dt)` (the scene's clock), never from the wall clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from castellion.ui.geometry import Cell, Point, Rect
from castellion.ui.targets import Target

DRAG_THRESHOLD = 6  # pixels the pointer must travel before a press becomes a drag
FLIGHT_TIME = 0.22  # seconds; every animation stays at or under 250 ms
FLIP_TIME = 0.25


@dataclass
class Drag:
    """One press-move-release gesture.

    source: the Target pressed (the hand, a pile, a revealed tile, a castle cell, a Pantry tile…);
    None for a press on nothing.
    tile: the tile code carried (None for a press that carries nothing, e.g. a click on a button).
    grab: offset from the carried tile's top-left corner to the pointer.
    """

    source: Target | None
    start: Point
    tile: str | None = None
    grab: Point = (0, 0)
    pos: Point = (0, 0)
    moved: bool = False
    from_cell: Cell | None = None  # a castle tile being dragged (Juggler, Pyro)

    def __post_init__(self) -> None:
        self.pos = self.start

    def move(self, pos: Point) -> None:
        self.pos = pos
        if not self.moved and (abs(pos[0] - self.start[0]) + abs(pos[1] - self.start[1])) >= DRAG_THRESHOLD:
            self.moved = True

    def tile_topleft(self) -> Point:
        return (self.pos[0] - self.grab[0], self.pos[1] - self.grab[1])


def ease_out(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


def lerp_rect(a: Rect, b: Rect, t: float) -> Rect:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t), round(a[3] + (b[3] - a[3]) * t))


@dataclass
class Anim:
    """One animation: `kind` "flight" (tile `tile` from `src` to `dst`), "flip" (ordeal `index`),
    "flash" (a message or a cell pulse). `hides` names what the still picture must leave out until
    it lands (a cell, "hand", "discard", ("traitor", i), ("revealed", i))."""

    kind: str
    start: float
    duration: float
    tile: str | None = None
    src: Rect = (0, 0, 0, 0)
    dst: Rect = (0, 0, 0, 0)
    hides: object = None
    index: int = -1
    delay: float = 0.0

    def progress(self, now: float) -> float:
        if self.duration <= 0:
            return 1.0
        return max(0.0, min(1.0, (now - self.start - self.delay) / self.duration))

    def done(self, now: float) -> bool:
        return now >= self.start + self.delay + self.duration

    def rect(self, now: float) -> Rect:
        return lerp_rect(self.src, self.dst, ease_out(self.progress(now)))


@dataclass
class Animations:
    """The running animations, on the scene's own clock."""

    now: float = 0.0
    items: list[Anim] = field(default_factory=list)
    enabled: bool = True

    def add(self, anim: Anim) -> None:
        if self.enabled:
            self.items.append(anim)

    def flight(self, tile: str, src: Rect, dst: Rect, hides: object = None, *, delay: float = 0.0,
               duration: float = FLIGHT_TIME) -> None:
        self.add(Anim("flight", self.now, min(duration, 0.25), tile, src, dst, hides, delay=delay))

    def flip(self, index: int) -> None:
        self.add(Anim("flip", self.now, FLIP_TIME, index=index, hides=("ordeal", index)))

    def update(self, dt: float) -> bool:
        """Advance the clock; True when the set of running animations changed."""
        self.now += dt
        before = len(self.items)
        self.items = [a for a in self.items if not a.done(self.now)]
        return len(self.items) != before

    def skip(self) -> bool:
        """End every animation now; True when there were any."""
        had = bool(self.items)
        self.items.clear()
        return had

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def hidden(self) -> frozenset[object]:
        return frozenset(a.hides for a in self.items if a.hides is not None)
