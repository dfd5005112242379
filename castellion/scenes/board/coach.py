"""`Coach`: what the board asks of a guide drawn over it (the tutorial's seam; a Protocol).

The board knows no tutorial: a scene that guides the player (scenes/tutorial) hands the board a
coach through the navigator (`nav.make(Route.BOARD, session, coach=...)`). The board then

- `attach(board)` it when built and `detach(board)` it when it leaves the stack;
- lets it `handle` every event first (its own buttons: Next, Leave);
- asks `allows(action)` before applying any action (the tutorial keeps its fixed deal on
  script) and says `blocked()` when it does not;
- tells it every refusal the player hears (`refused(text)`: a step may ask for a refused drop);
- lets it `update(dt)` and `draw(surface)` over the finished frame (text, pointer);
- asks `lights(action)` (without side effects) while drawing: a legal move it answers False for
  is not lit (the tutorial lights only the cell its step asks for; the practice lights them all).

The board reads nothing else of it, so a coach may be any object with these methods.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from castellion.rules import actions as A


class Coach(Protocol):
    def attach(self, board: Any) -> None: ...

    def detach(self, board: Any) -> None: ...

    def handle(self, event: pygame.event.Event) -> bool: ...

    def allows(self, action: A.Action) -> bool: ...

    def blocked(self) -> str: ...

    def refused(self, text: str) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def lights(self, action: A.Action) -> bool: ...


__all__ = ["Coach"]
