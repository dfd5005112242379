"""What the board needs from the app's context: a `Protocol`, so the board does not depend on
where the app keeps its context (`AppContext` today) nor on its other duties."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from castellion.scenes.nav import Navigator
from castellion.scenes.stack import SceneStack
from castellion.ui.context import UIContext

if TYPE_CHECKING:  # pragma: no cover - the board imports the pool only for the annotation
    from castellion.ai.pool import ComputePool


class BoardContext(UIContext, Protocol):
    """The `UIContext` (art, type, palette, settings, level data, notices) plus the stack, the navigator and
    the computer player's pool (the game's actions are logged by the session's observer, not by
    the board). Read-only for the board and its overlays; `player_names` (the setup screen's
    names), `play_sound` (a refused move) and `speech` are read with `getattr` where the board uses
    them, so a test's plain context works too."""

    @property
    def stack(self) -> SceneStack | None: ...

    @property
    def nav(self) -> Navigator:
        """The navigator: the board opens other screens by `Route` only (`scenes.nav`)."""
        ...

    def get_ai_pool(self) -> ComputePool:
        """Where the hint and the demo compute (the app's child process, `castellion.ai.pool`)."""
        ...
