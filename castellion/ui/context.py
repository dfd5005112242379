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


class ArtContext(Protocol):
    """What drawing tiles and cards needs from the app's context (read only)."""

    @property
    def sprites(self) -> Sprites: ...

    @property
    def fonts(self) -> Fonts: ...

    @property
    def theme(self) -> Theme: ...


class UIContext(ArtContext, Protocol):
    """Art, type and palette (`ArtContext`), the player's settings and the canvas size; the level
    data; notices."""

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
