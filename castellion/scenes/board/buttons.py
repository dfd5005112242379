"""The board's buttons: made once with labels that fit, shown or hidden by what the legal
actions allow (`sync_buttons`, called each time the grouped choices are rebuilt)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from castellion.rules import Phase
from castellion.scenes.board.choices import Choices
from castellion.scenes.context import SceneContext
from castellion.session import Session
from castellion.ui.geometry import BoardLayout
from castellion.ui.text import t
from castellion.ui.topic_list import LinesButton
from castellion.ui.widgets import Button

SMALL_BUTTONS = ("hint", "undo", "redo", "rules", "menu", "champion", "encounter", "premonition")
ButtonSpec = tuple[str, str, Callable[[], object], str]  # key, label, what a click does, style


def make_buttons(ctx: SceneContext, lay: BoardLayout, players: int, spec: list[ButtonSpec]) -> dict[str, Button]:
    """One button per entry of `spec`, where `lay` puts it, its label shrunk to fit it."""
    out: dict[str, Button] = {}
    for key, label, fn, style in spec:
        size = label_size(ctx, key, label, lay.button_rect(key)[2], players)
        kind = LinesButton if key == "encounter" else Button  # (its label on two lines at a larger text size)
        out[key] = kind(ctx, lay.button_rect(key), label, fn, style=style, font_size=size)
    return out


def label_size(ctx: SceneContext, key: str, label: str, width: int, players: int) -> int:
    """The size a button's label is asked at in a button `width` wide (shrunk to fit it)."""
    size = 20 if key in SMALL_BUTTONS or (players > 1 and key in ("use", "skip")) else 22
    while size > 14 and ctx.fonts.get("bold", size).size(label)[0] > width - 18:
        size -= 1  # the label always fits its button
    return size


def sync_buttons(b: dict[str, Button], c: Choices, session: Session, lay: BoardLayout) -> None:
    """Show the buttons of the legal choices, enable undo / redo / hint as the session allows."""
    b["undo"].enabled = session.can_undo
    b["redo"].enabled = session.can_redo
    b["encounter"].visible = c.encounter is not None and c.premonition is None
    b["use"].visible = b["skip"].visible = c.use is not None
    b["premonition"].visible = c.premonition is not None
    b["champion"].visible = c.champion is not None
    if c.champion is not None:
        b["champion"].rect = pygame.Rect(lay.button_rect("champion"))
    b["facer0"].visible = b["facer1"].visible = c.phase == Phase.CHOOSE_FACER
    b["hint"].enabled = session.game.outcome is None  # nothing to hint once the game is over


# the buttons whose labels name their key ("Use (U)"), with their words
KEYED_LABELS = {"use": "board.use_power", "skip": "board.skip_power", "premonition": "board.premonition",
                "champion": "board.hand_champion"}


def key_label(name: str, keys: Mapping[str, str]) -> str:
    """A keyed button's label with its key (or pad button) from `keys` (`ui.devices.prompts()`)."""
    return t(KEYED_LABELS[name], **keys)


def relabel(buttons: Mapping[str, Button], keys: Mapping[str, str]) -> None:
    """The keyed buttons' labels for the device in use now."""
    for name in KEYED_LABELS:
        buttons[name].label = key_label(name, keys)
