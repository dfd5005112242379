"""`BoardHost`: what the board's own sub-scenes (the discard pile, the hand-over) and the
computer's `DemoDriver` ask of the board they serve — a `Protocol`, so they need the scene's
few public answers, not the scene."""

from __future__ import annotations

from typing import Protocol

from castellion.rules import Game
from castellion.rules import actions as A
from castellion.scenes.board.choices import Choices
from castellion.scenes.board.context import BoardContext
from castellion.scenes.stack import SceneStack
from castellion.session import Session
from castellion.ui.castle_view import TileArt
from castellion.ui.drag import Animations
from castellion.ui.geometry import Rect


class BoardHost(Protocol):
    ctx: BoardContext
    art: TileArt
    anims: Animations
    session: Session
    version: int  # bumped to redraw the still picture

    @property
    def stack(self) -> SceneStack | None: ...

    @property
    def game(self) -> Game: ...

    def refresh(self) -> Choices: ...

    def act(self, action: A.Action, origin: Rect | None = None) -> bool: ...

    def say(self, text: str, kind: str = "info") -> None: ...

    def name_of(self, player: int) -> str: ...


__all__ = ["BoardHost"]
