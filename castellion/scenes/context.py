"""`SceneContext`: what a scene uses of the program — the typed face of the app's context.

Every scene gets one in its constructor (`castellion.context.AppContext` is the real one; the test
fixture `ctx` in tests/conftest.py builds it headless). A `Protocol`: scenes depend on these
members only, never on the app module, so the arrows keep pointing down (scenes → ui → …).
"""

from __future__ import annotations

import datetime
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from castellion.scenes.nav import Navigator
from castellion.scenes.stack import SceneStack
from castellion.session import Session
from castellion.ui.context import UIContext

if TYPE_CHECKING:  # pragma: no cover - a type only
    from castellion.ai.pool import ComputePool
    from castellion.ai.proved import ProvedStore


class SceneContext(UIContext, Protocol):
    """`UIContext` plus the stack, the navigator and the program's services.

    - `stack` / `nav`: the scene stack and the navigator (see `scenes.nav`: push a `Route`).
    - `rng`: the program's random generator (seeds for new deals); never the global `random`.
    - `persist`: the program reads and writes the per-user data folder.
    - `player_names`: the names typed on the setup screen (hot-seat games), read by the board.
    - `has_saves()` / `continue_game()`: whether the menu's Continue is on, and what it does.
    - `get_ai_pool()`: where the computer player computes (the app's child process; see
      `castellion.ai.pool`): hints, the demo and the analysis submit their jobs there.
    """

    rng: random.Random
    player_names: tuple[str, ...]
    achievements_known: set[str] | None  # achievements already told (castellion.ui.achievement_notes)

    @property
    def stack(self) -> SceneStack | None: ...

    @property
    def nav(self) -> Navigator: ...

    @property
    def version(self) -> str: ...

    @property
    def persist(self) -> bool: ...

    def continue_game(self) -> None: ...

    def quit(self) -> None: ...

    def has_saves(self) -> bool: ...

    def continue_info(self) -> Any:
        """The `SaveInfo` of the game Continue would resume, or None; never raises."""
        ...

    def current_session(self) -> Session | None: ...

    def observe_session(self, session: Session, *, path: Path | None = None) -> None:
        ...

    def game_kept(self, session: Session | None) -> bool:
        """Whether `session` is autosaved as it stands (what "It is saved" may promise)."""
        ...

    def change_settings(self, **changes: Any) -> bool: ...

    def get_ai_pool(self) -> ComputePool: ...

    def get_proved_store(self) -> ProvedStore:
        """Proved winnable deals kept ahead in the computer player's process (`ai.proved`)."""
        ...

    def today(self) -> datetime.date:
        """The local date (the daily deal): injected, so tests choose the day."""
        ...


__all__ = ["SceneContext"]
