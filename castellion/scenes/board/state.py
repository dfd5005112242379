"""`BoardState`: what the board knows between frames — the session, the grouped legal actions,
and the gesture in progress. A plain object the board's parts share (the scene owns it and hands
it to `BoardGestures`, `BoardKeys` and the `LiveLayer`); it draws nothing and applies nothing.

`Gesture` is the pointer / keyboard gesture in progress; `Gesture()` is the one value a gesture is
reset to (after an action, an undo, a cancel). `Probe` is what the carried thing would do where
it is, worked out once per target and reused when it is put down there. The parts read and write
the gesture where it lives (`state.gesture.drag`) and the game where it lives (`state.session.game`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from castellion.rules import Formation
from castellion.rules import actions as A
from castellion.rules.preview import Preview
from castellion.scenes.board.choices import Choices
from castellion.session import Session
from castellion.ui.drag import Drag
from castellion.ui.geometry import BoardLayout, Cell, Point
from castellion.ui.targets import PantryTarget, Target


class Probe(NamedTuple):
    """What the carried thing would do over `target` (worked out once per target change):
    legal or not, the words, the action a drop there applies, the rules' preview of that action
    (`forecast`, when it changes a castle), the state `version` and the `carried` thing it was
    judged for (a drop reuses the probe only for the same thing in the same state)."""

    target: Target
    ok: bool
    text: str
    action: A.Action | None = None
    forecast: Preview | None = None
    version: int = -1
    carried: str = ""  # what was judged: "held", "pantry:<code>" or "move:<cell>"

    @property
    def formations(self) -> tuple[list[Formation], list[Formation]]:
        """The formations the drop completes / cancels, as the board shows them now."""
        pv = self.forecast
        if pv is None:
            return [], []
        return [Formation(f.kind, f.cells) for f in pv.completes], [Formation(f.kind, f.cells) for f in pv.cancels]


MessageKind = str  # "error" | "hint" | "info"


@dataclass
class Gesture:
    """The gesture in progress. `Gesture()` — nothing pressed, carried, chosen or probed — is
    what every finished or abandoned gesture returns to."""

    drag: Drag | None = None
    carry: bool = False  # the tile in hand was picked up with a click or Enter
    pantry_pick: str | None = None  # a Pantry tile picked up with a click / Enter (§10)
    selected: Cell | None = None  # Juggler / Pyro: the first tile chosen
    probe: Probe | None = None


class BoardState:
    """The board's state; see the module docstring. `on_choices` is called each time the grouped
    legal actions are rebuilt (the scene shows or hides its buttons then)."""

    def __init__(self, session: Session, base_layout: BoardLayout) -> None:
        self.session = session
        self.base_layout = base_layout
        self.version = 0  # bumped by every change of the game (the still picture's cache key)
        self.choices = Choices(session.game)
        self._choices_version = 0
        self.gesture = Gesture()
        self.cursor: Target | None = None
        self.keyboard = False  # the cursor shows once the keyboard was used
        self.pointer: Point = (0, 0)
        self.message = ""
        self.message_kind: MessageKind = "info"
        self.on_choices: Callable[[], None] | None = None

    # ------------------------------------------------------------------ questions
    @property
    def layout(self) -> BoardLayout:
        """The layout seen from the player deciding now (their castle is "the" grid)."""
        return self.base_layout.for_player(self.session.game.active if self.session.game.players > 1 else 0)

    def refresh(self) -> Choices:
        """The grouped legal actions of the current state (rebuilt only when the state changed)."""
        if self._choices_version != self.version or self.choices.phase != self.session.game.phase:
            self.choices = Choices(self.session.game)
            self._choices_version = self.version
            if self.on_choices is not None:
                self.on_choices()
        return self.choices

    def carried_pantry(self) -> str | None:
        """The Pantry tile being dragged or carried, if any."""
        if self.gesture.pantry_pick is not None:
            return self.gesture.pantry_pick
        d = self.gesture.drag
        if d is not None and d.tile is not None and isinstance(d.source, PantryTarget):
            return d.tile
        return None

    def carrying(self) -> bool:
        """Something is carried (a tile or Pantry tile picked up by a click or Enter)."""
        return self.gesture.carry or self.gesture.pantry_pick is not None

    def reset_gesture(self) -> None:
        """Back to no gesture (after an action, an undo / redo, a cancel)."""
        self.gesture = Gesture()
