"""`BoardHost`: what the board's parts ask of the scene they serve — the pointer
(`BoardGestures`), the keyboard (`BoardKeys`), the board's own sub-scenes (the discard pile, the
hand-over), the computer's `DemoDriver` and a coach (the tutorial). One `Protocol` for the one
implementer (`BoardScene`), so a part needs the scene's public answers, not the scene's module.

What the board knows between frames is read where it lives, in `state` (`BoardState`: the
choices, the version, the gesture; the game is `state.session.game`); what is said aloud is
asked of `reader` (`BoardReader`)."""

from __future__ import annotations

from typing import Protocol

import pygame

from castellion.rules import actions as A
from castellion.rules.preview import Preview
from castellion.scenes.board.reading import BoardReader
from castellion.scenes.board.state import BoardState
from castellion.scenes.context import SceneContext
from castellion.scenes.stack import SceneStack
from castellion.session import Session
from castellion.ui.castle_view import TileArt
from castellion.ui.drag import Animations
from castellion.ui.geometry import Rect


class BoardHost(Protocol):
    ctx: SceneContext
    art: TileArt
    anims: Animations
    session: Session
    state: BoardState
    reader: BoardReader

    @property
    def stack(self) -> SceneStack | None: ...

    def act(self, action: A.Action, origin: Rect | None = None, forecast: Preview | None = None) -> bool:
        """Apply `action`; `forecast`: the rules' preview of it when already known."""
        ...

    def say(self, text: str, kind: str = "info") -> None: ...

    def name_of(self, player: int) -> str: ...

    def open_discard(self) -> None: ...

    def open_menu(self) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def ask_encounter(self) -> None: ...

    def ask_hand_champion(self) -> None: ...

    def choose_facer(self, player: int) -> None: ...

    def ask_hint(self) -> None: ...

    def button_rects(self) -> list[pygame.Rect]:
        """Where the board's visible buttons are (a coach's arrow keeps off their words)."""
        ...


__all__ = ["BoardHost"]
