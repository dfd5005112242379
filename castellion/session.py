"""One game in progress as the program holds it: the rules `Game`, undo/redo, and observers.

Scenes change the game only through `Session.apply`, so autosave, statistics and the action log
see every change. Undo never crosses an action that revealed hidden information (a draw, a Seer
reveal, a face-down Ordeal turning up): undo can never be used to peek or re-draw. Nor does it
cross the end of the game: a result, once reached, is final (statistics could not be trusted
otherwise).

`game_id` names this game for the statistics and the autosave (kept when the game is resumed with
Continue, new when a game starts or a named save is opened); `undos` counts the undos made in it,
`hints` the hints asked for.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

from .rules import Game
from .rules import actions as A
from .rules import events as E

# An observer is told (session, kind, action, events): kind is "apply" | "undo" | "redo".
Observer = Callable[["Session", str, A.Action | None, list[E.Event]], None]


def reveals_information(events: list[E.Event]) -> bool:
    """Whether these events showed something that was hidden (an undo barrier)."""
    for ev in events:
        if isinstance(ev, E.TileDrawn) and ev.pile in ("regular", "safe"):
            return True
        if isinstance(ev, (E.TileRevealed, E.OrdealRevealed)):
            return True
    return False


class Session:
    """A `Game` plus its undo history. `kind` passed to observers: "apply" | "undo" | "redo"."""

    def __init__(self, game: Game, *, undo_allowed: bool = True, game_id: str | None = None,
                 undos: int = 0, player_names: tuple[str, ...] = (), practice: bool = False,
                 hints: int = 0) -> None:
        self.game = game
        # A practice game (the tutorial's fixed deals): never autosaved, never in the statistics.
        self.practice = practice
        # Who sits at the table (hot-seat names): part of the game in progress, not of the rules.
        self.player_names = tuple(str(n) for n in player_names)
        self.undo_allowed = undo_allowed
        self.game_id = game_id or uuid.uuid4().hex
        self.undos = undos  # counted for the statistics
        self.hints = hints  # hints asked for: a game won with hints is marked in the statistics
        self._undo: list[Game] = []
        self._redo: list[A.Action] = []
        self.observers: list[Observer] = []

    def _notify(self, kind: str, action: A.Action | None, events: list[E.Event]) -> None:
        for observer in list(self.observers):
            observer(self, kind, action, events)

    def apply(self, action: A.Action) -> list[E.Event]:
        """Apply `action` to the game (raises `IllegalAction`, leaving everything unchanged)."""
        before = self.game.copy()
        events = self.game.apply(action)
        if reveals_information(events) or self.game.outcome is not None:
            self._undo.clear()
        else:
            self._undo.append(before)
        self._redo.clear()
        self._notify("apply", action, events)
        return events

    @property
    def can_undo(self) -> bool:
        return self.undo_allowed and bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return self.undo_allowed and bool(self._redo)

    def undo(self) -> bool:
        """Take back the last decision, if no hidden information was revealed since."""
        if not self.can_undo:
            return False
        undone = self.game.history[-1]
        self.game = self._undo.pop()
        self._redo.append(undone)
        self.undos += 1
        self._notify("undo", undone, [])
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        action = self._redo.pop()
        before = self.game.copy()
        events = self.game.apply(action)
        if self.game.outcome is not None:  # cannot happen today (an ending is never undone)
            self._undo.clear()
            self._redo.clear()
        else:
            self._undo.append(before)
        self._notify("redo", action, events)
        return True
