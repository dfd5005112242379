"""What the board needs from the app's context: a `Protocol`, so the board does not depend on
where the app keeps its context (`AppContext` today) nor on its other duties."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from castellion.persistence.settings import Settings
from castellion.ui.fonts import Fonts
from castellion.ui.sprites import Sprites
from castellion.ui.theme import Theme

if TYPE_CHECKING:
    from castellion.scenes.stack import SceneStack


class BoardContext(Protocol):
    """Read-only view of the app's context used by the board and its overlays.

    Optional extras are read with `getattr` where the board uses them, so a test's plain
    context works too: `player_names` (the setup screen's names), `play_sound(name)`."""

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

    @property
    def stack(self) -> SceneStack | None: ...

    def log_action(self, action: object, /) -> None:
        """Write one applied action to the game log."""
