"""`BoardState`: what the board knows between frames, and the questions every part of it asks.

The board scene is assembled from parts that each do one job — `BoardGestures` (the pointer),
`BoardKeys` (the keyboard), `BoardScene` (lifecycle, acting, undo, pushing scenes) — stacked as
`BoardScene(BoardKeys(BoardGestures(BoardState)))` so they share one state. The acting methods
the parts call are declared here and defined by `BoardScene`; that keeps each part type-checked
on its own.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from castellion.rules import Formation, Game
from castellion.rules import actions as A
from castellion.rules.preview import Preview
from castellion.scenes.board.choices import Choices
from castellion.scenes.board.context import BoardContext
from castellion.scenes.board.phase import Phase
from castellion.scenes.board.words import player_name
from castellion.scenes.stack import Scene
from castellion.session import Session
from castellion.ui.castle_view import CastleView, TileArt
from castellion.ui.drag import Animations, Drag
from castellion.ui.geometry import BoardLayout, Cell, Point, Rect, Target
from castellion.ui.widgets import Button


class Probe(NamedTuple):
    """What the carried thing would do over `target` (worked out once per target change)."""

    target: Target
    ok: bool
    text: str


MessageKind = str  # "error" | "hint" | "info"


class BoardState(Scene):
    """The board's state; see the module docstring. Attributes are set by `BoardScene.__init__`."""

    ctx: BoardContext
    session: Session
    base_layout: BoardLayout
    art: TileArt
    views: list[CastleView]
    anims: Animations
    version: int  # bumped by every change of the game (the still picture's cache key)
    choices: Choices
    _choices_version: int
    drag: Drag | None
    carry: bool  # the tile in hand was picked up with a click or Enter
    pantry_pick: str | None  # a Pantry tile picked up with a click / Enter (§10)
    selected: Cell | None  # Juggler / Pyro: the first tile chosen
    cursor: Target | None
    keyboard: bool  # the cursor shows once the keyboard was used
    pointer: Point
    message: str
    message_kind: MessageKind
    probe: Probe | None
    preview: tuple[list[Formation], list[Formation]]  # formations a hovered placement completes / cancels
    forecast: Preview | None  # the rules' preview of the hovered drop (issue 12 §3)
    _buttons: dict[str, Button]

    # ------------------------------------------------------------------ questions
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def layout(self) -> BoardLayout:
        """The layout seen from the player deciding now (their castle is "the" grid)."""
        return self.base_layout.for_player(self.game.active if self.game.players > 1 else 0)

    @property
    def view(self) -> CastleView:
        return self.views[self.game.active if self.game.players > 1 else 0]

    def name_of(self, player: int) -> str:
        return player_name(self.ctx, player, self.session.player_names)

    def refresh(self) -> Choices:
        """The grouped legal actions of the current state (rebuilt only when the state changed)."""
        if self._choices_version != self.version or self.choices.phase != self.game.phase:
            self.choices = Choices(self.game)
            self._choices_version = self.version
            self._sync_buttons()
        return self.choices

    def _sync_buttons(self) -> None:
        c = self.choices
        b = self._buttons
        b["undo"].enabled = self.session.can_undo
        b["redo"].enabled = self.session.can_redo
        b["encounter"].visible = c.encounter is not None
        b["use"].visible = b["skip"].visible = c.use is not None
        b["premonition"].visible = c.premonition is not None
        b["champion"].visible = c.champion is not None
        if c.champion is not None:
            b["champion"].rect = pygame.Rect(self.layout.button_rect("champion"))
        b["facer0"].visible = b["facer1"].visible = c.phase == Phase.CHOOSE_FACER
        # nothing to hint once the game is over (issue 25: the button stayed on)
        b["hint"].enabled = self.game.outcome is None

    def say(self, text: str, kind: MessageKind = "info") -> None:
        self.message = text
        self.message_kind = kind
        if kind == "error" and text:  # every refusal (an illegal drop, a split) is also heard
            play = getattr(self.ctx, "play_sound", None)
            if play is not None:
                play("invalid")

    def _reset_gesture(self) -> None:
        self.drag = None
        self.carry = False
        self.selected = None
        self.probe = None
        self.preview = ([], [])
        self.forecast = None
        self.say("")

    # ------------------------------------------------- acting (defined by BoardScene)
    def act(self, action: A.Action, origin: Rect | None = None) -> bool:
        raise NotImplementedError

    def undo(self) -> None:
        raise NotImplementedError

    def redo(self) -> None:
        raise NotImplementedError

    def open_menu(self) -> None:
        raise NotImplementedError

    def open_discard(self) -> None:
        raise NotImplementedError

    def ask_encounter(self) -> None:
        raise NotImplementedError

    def ask_hand_champion(self) -> None:
        raise NotImplementedError

    def choose_facer(self, player: int) -> None:
        raise NotImplementedError

    def ask_hint(self) -> None:
        raise NotImplementedError
