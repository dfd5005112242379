"""`UIContext`: what the drawing helpers and widgets of `castellion.ui` use of the program.

A `typing.Protocol`, not a class: the app's `castellion.context.AppContext` provides it (and more,
see `castellion.scenes.context.SceneContext`); a test may hand in anything with these members.
Nothing here imports pygame or any layer above `ui`.
"""

from __future__ import annotations

from typing import Protocol

from castellion.persistence.settings import Settings
from castellion.rules.ruleset import Ruleset
from castellion.ui.fonts import Fonts
from castellion.ui.sprites import Sprites
from castellion.ui.theme import Theme


class UIContext(Protocol):
    """What `castellion.ui` reads of the program: art, type and palette (all that drawing tiles and
    cards needs), the player's settings and the canvas size; the level data; notices. Kept as a
    Protocol of its own because `ui` may not import the scenes' `SceneContext` nor the app's
    `AppContext` (both are layers above it); it is the part of them the widgets and drawing
    helpers see, so a test may hand in anything with these members."""

    @property
    def sprites(self) -> Sprites: ...

    @property
    def fonts(self) -> Fonts: ...

    @property
    def theme(self) -> Theme: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def canvas(self) -> tuple[int, int]: ...

    def ruleset(self) -> Ruleset:
        """The validated level data (raises whatever the loader raises)."""
        ...

    def notify(self, text: str, kind: str = "info") -> None:
        """Show `text` above every scene ("info" fades; "warning" / "error" stay)."""
        ...


__all__ = ["UIContext"]
