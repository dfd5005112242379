"""Setup at a large text size (above `ui.flow.LARGE_FROM`): one scrolling column of measured rows.

At 100 % and 125 % Setup keeps its fixed two-column layout (`scenes.setup`). Above, its parts
stand one under another — the level cards (each a full-width row, its words beside the
picture), the difficulty and its explanation, the winnable-deals switch and "Play a deal code",
the seed, the players and their names, the Pantry, then Rules and Watch — each
row as tall as its words at the player's size, in a room between the title and Back and Start
(fixed at the bottom, grown with the text). The room scrolls (`ui.flow.Flow`: the
wheel, Page Up / Page Down, and the focus moving to a part out of view); a row not whole in view
is hidden, and drawn in part clipped to the room (only its whole lines of words). The widgets
are the fixed layout's own, in the same focus order. The difficulty's note is as tall as the note
shown (the rows under it move when the choice changes; the choice and the note keep their place),
but where the page's end is in view and a shorter note would scroll the page back, its row keeps
the room of the longest note. The Pantry's note, near the page's end, always keeps that room.

Setup hands the column what it lays out as `SetupParts` (its widgets and its present choices): the
column sits in `ui/` because a scene may not import another's module, and reads nothing else.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from castellion.rules.options import PantryMode
from castellion.ui.flow import PartsFlow, ScrolledGroup
from castellion.ui.fonts import wrap
from castellion.ui.painting import whole_lines_in
from castellion.ui.text import t
from castellion.ui.widgets import Button, Widget, WidgetGroup, draw_text, one_size

GAP = 14  # between rows: a focus ring (4 px out) and a chosen card's glow (8 px) keep clear


class SetupParts(Protocol):
    """What Setup hands its column: its widgets, placed again on the column's rows (its group
    becomes a `ScrolledGroup` in the same focus order), and its present choices, read to measure
    the rows."""

    ctx: Any
    panel: pygame.Rect
    widgets: WidgetGroup
    cards: list[Any]  # the level cards (`stacked` above 125 %: their words measured, `lines`)
    difficulty: Any
    winnable_toggle: Any
    code_button: Button
    seed_field: Any
    random_button: Button
    players_choice: Any
    name_fields: list[Any]
    pantry_choice: Any
    back_button: Button
    start_button: Button
    rules_button: Button
    watch_button: Button
    seed_text: str
    winnable: bool
    proved: int
    unproved: bool
    players: int
    pantry: PantryMode
    ruleset_error: str

    def difficulty_explanation(self) -> str: ...

    def explanation_of(self, variant: str) -> str: ...


class SetupColumn:
    """The large-text layout of `scene` (a built Setup): its widgets re-placed."""

    def __init__(self, scene: SetupParts) -> None:
        self.scene = scene
        ctx, p = scene.ctx, scene.panel
        p.y, p.h = 16, ctx.canvas[1] - 32  # the panel takes the canvas's height: more rows in view
        self.ctx = ctx
        theme = ctx.theme
        bh = max(62, self.line("bold", theme.font_button, t("setup.back")) + 18)
        # Back and Start stay at the bottom; Rules and Watch end the column (four grown labels
        # do not fit one row)
        scene.back_button.rect = pygame.Rect(p.x + 60, p.bottom - bh - 24, 340, bh)
        scene.start_button.rect = pygame.Rect(p.right - 60 - 420, p.bottom - bh - 24, 420, bh)
        scene.start_button.font_size = None  # grown with the text, as Back beside it
        one_size([scene.back_button, scene.start_button])  # one size along the row
        self.button_h = bh
        top = p.y + 100
        self.width = p.w - 120
        room = pygame.Rect(p.x + 60, top, self.width + 22, p.bottom - bh - 24 - 16 - top)
        self.flow = PartsFlow(ctx, room, [(p.x + 60, self.width)], gap=GAP)
        group = ScrolledGroup()
        for widget in scene.widgets.widgets:  # the same widgets, in the same focus order
            group.add(widget)
        scene.widgets = group
        self.texts: dict[str, list[tuple[str, str, int, str, int]]] = {}  # row -> (line, role, size, colour, top)
        self.keys: list[str] = []  # the rows in order, as each is made
        self.lay_out()

    # ------------------------------------------------------------------ measuring
    def line(self, role: str, size: int, words: str = "") -> int:
        return int(self.ctx.fonts.for_text(words, role, size).get_linesize())

    def wrapped(self, key: str, words: str, size: int, colour: str, room: list[str] | None = None) -> None:
        """Row `key`: `words` wrapped across the column (as tall as the longest of `room`)."""
        font = self.ctx.fonts.for_text(words, "body", size)
        lines = wrap(font, words, self.width)
        step = font.get_linesize()
        self.texts[key] = [(line, "body", size, colour, i * step) for i, line in enumerate(lines)]
        self.keys.append(key)
        self.flow.sizes[key] = self.tallest([words, *(room or ())], size, step)

    def wrap_lines(self, words: str, size: int | None = None) -> list[str]:
        """`words` wrapped across the column (at a note's size unless told)."""
        size = self.ctx.theme.font_small - 1 if size is None else size
        return wrap(self.ctx.fonts.for_text(words, "body", size), words, self.width)

    def tallest(self, texts: list[str], size: int, step: int) -> int:
        """How tall the longest of `texts` is, wrapped across the column in lines `step` apart."""
        return max(len(self.wrap_lines(w, size)) for w in texts) * step

    def heading(self, key: str, words: str) -> None:
        size = self.ctx.theme.font_label
        self.texts[key] = [(words, "bold", size, "border", 0)]
        self.keys.append(key)
        self.flow.sizes[key] = self.line("bold", size, words)

    def row(self, key: str, height: int, *parts: tuple[Widget, int, int]) -> None:
        """Row `key`, `height` tall, with each widget at (x within the row, its width)."""
        self.keys.append(key)
        self.flow.sizes[key] = height
        self.flow.parts[key] = [(w, pygame.Rect(x, 0, width, height)) for w, x, width in parts]

    # ------------------------------------------------------------------ laying out
    def lay_out(self) -> None:
        """The rows for the scene's present choices (the names only with two players, the seed
        only when it is typed), measured at the current text size; then placed and scrolled."""
        s, theme, w = self.scene, self.ctx.theme, self.width
        self.texts.clear()
        self.keys = []
        self.flow.sizes.clear()
        self.flow.parts.clear()
        self.heading("level", t("setup.level"))
        for card in s.cards:
            card.stacked = True
            self.row(card.level, card.lines(w)[-1][3], (card, 0, w))
        self.heading("difficulty_heading", t("setup.difficulty"))
        tallest = max(self.line("bold", theme.font_label - 2, "Ag"), self.line("body", theme.font_small - 3, "Ag"))
        notes = any(o.note for o in s.difficulty.options)
        self.row("difficulty", (2 * tallest + 24) if notes else tallest + 20, (s.difficulty, 0, w))
        # (as tall as the note shown: a shorter one leaves no empty band; the rows under it move)
        self.wrapped("explanation", s.difficulty_explanation(), theme.font_small - 1, "ink_soft")
        explanations = [s.explanation_of(o.value) for o in s.difficulty.options if o.enabled]
        label = self.line("body", theme.font_label - 2, s.winnable_toggle.label)
        self.row("top", max(38, label + 16), (s.winnable_toggle, 0, w * 3 // 5), (s.code_button, w - w // 3, w // 3))
        self.heading("seed_heading", t("setup.seed"))
        field = self.line("bold", theme.font_label, s.seed_text or "0") + 16
        if s.winnable:  # in the seed's place: what will be dealt
            ready = s.proved > 0
            words = t("setup.winnable_note") if ready else t(
                "setup.winnable_unproved" if s.unproved else "setup.winnable_none")
            self.wrapped("seed", words, theme.font_small - 1, "ink_soft" if ready else "error")
        else:
            self.row("seed", max(56, field), (s.seed_field, 0, w // 3), (s.random_button, w // 3 + 16, w // 3))
            self.wrapped("seed_hint", t("setup.seed_hint"), theme.font_small, "ink_soft")
        self.heading("players_heading", t("setup.players"))
        choice_h = self.line("bold", theme.font_label - 2, "Ag") + 20
        self.row("players", max(52, choice_h), (s.players_choice, 0, w * 2 // 3))
        if s.players == 2:
            self.wrapped("names_heading", t("setup.names"), theme.font_small - 2, "ink_soft")
            self.row("names", max(52, field), *((f, i * (w // 2 + 8), w // 2 - 8) for i, f in enumerate(s.name_fields)))
        self.heading("pantry_heading", t("setup.pantry"))
        self.row("pantry", max(48, choice_h), (s.pantry_choice, 0, w * 2 // 3))
        self.wrapped("pantry_note", t(f"setup.pantry_note.{s.pantry.stored}"), theme.font_small - 1, "ink_soft",
                     [t(f"setup.pantry_note.{mode.stored}") for mode in PantryMode])
        if s.ruleset_error:
            self.wrapped("error", s.ruleset_error, theme.font_small, "error")
        s.rules_button.font_size = s.watch_button.font_size = None
        self.row("more", self.button_h, (s.rules_button, 0, w // 2 - 8), (s.watch_button, w // 2 + 8, w // 2 - 8))
        placed = {id(widget) for widget in self.flow.widgets()}
        for widget in (s.seed_field, s.random_button, *s.name_fields):
            if id(widget) not in placed:
                widget.visible = widget.focused = False
        group = s.widgets
        if isinstance(group, ScrolledGroup):
            group.rows = self.flow.widgets()
        self.flow.keys = self.keys
        offset = self.flow.offset
        self.flow.measure()
        if self.flow.offset < offset:  # the page's end in view would scroll back under the player: the
            # note's row as tall as the longest note there, the page where it was
            step = self.line("body", theme.font_small - 1, s.difficulty_explanation())
            self.flow.sizes["explanation"] = self.tallest(explanations, theme.font_small - 1, step)
            self.flow.offset = offset
            self.flow.measure()
        one_size([s.rules_button, s.watch_button])

    # ------------------------------------------------------------------ each frame
    def handle(self, event: Any) -> bool:
        return self.flow.handle(event)

    def update(self) -> None:
        self.flow.update(self.scene.widgets, self.lay_out)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        in_part = self.in_part()
        with whole_lines_in(surface, self.flow.room):  # a row in part: its whole lines
            for key, lines in self.texts.items():
                if key not in self.flow.tops or not (self.flow.shows(key) or key in in_part):
                    continue
                box = self.flow.box(key)
                for words, role, size, colour, top in lines:
                    draw_text(surface, self.ctx, words, (box.x, box.y + top), size=size,
                              colour=getattr(theme, colour), role=role)
        self.flow.draw_in_part(surface, in_part)
        self.flow.draw_bar(surface)

    def in_part(self) -> list[str]:
        """The rows in part in view that are drawn: those of which at least a line of the column's
        smallest words is in view. A thinner part shows no words, only a control's edge as a
        stray line across the room's foot (Japanese at 200 %: "Play a deal code"'s top, 1 px,
        under the difficulty's note): such a row is left out, shown whole or not at all."""
        least = self.line("body", self.ctx.theme.font_small - 2)
        return [key for key in self.flow.keys
                if self.flow.in_part(key) and self.flow.extent(key).clip(self.flow.room).h >= least]


__all__ = ["SetupColumn", "SetupParts"]
