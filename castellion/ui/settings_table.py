"""The settings screens as a table: one `Row` per setting — the `Settings` field it shows, its
control (a switch or a choice), its words (catalog ids) — from which Settings and Settings →
Accessibility build their controls, lay them out, order the keyboard's (and a pad's) focus and so
what is spoken, in the manner of a preferences table rather than pixel offsets.

A new boolean setting is its field in `persistence.settings.Settings` (which also checks the
file's value by its `bool` declaration), one `Row` below, and its words in the catalogs:

    Row("calm_mode", SWITCH, "settings.calm_mode", note="settings.calm_mode_note", column=1),

Rows flow down their column, each as tall as its words at the player's text size (`RowFlow`);
when a column is longer than the room, the rows scroll (the wheel, or the focus moving to a row
out of view) and a scroll bar shows where the page is. A row out of view keeps its place in the
focus order; a row in part in view is drawn clipped to the room, only its whole lines of words
(`Flow.draw_in_part`, `painting.whole_lines_in`, as Setup's rows), its control hidden: a click
on its part in view scrolls it into view, one on its part cut off does nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from castellion.persistence.settings import SOUND_LEVELS, TEXT_SIZES
from castellion.ui.devices import prompts
from castellion.ui.flow import Flow, ScrolledGroup
from castellion.ui.fonts import wrap_rather_than_shrink
from castellion.ui.keymap import Action as KA
from castellion.ui.keymap import current
from castellion.ui.painting import draw_text, whole_lines_in, wrapped_lines
from castellion.ui.switches import Choice, Option, Toggle, note_lines, switch_lines
from castellion.ui.text import LANGUAGES, language, t
from castellion.ui.widgets import Widget

SWITCH = "switch"
CHOICE = "choice"
WINDOW_SIZES = ((1024, 640), (1280, 800), (1600, 1000))
SPEEDS = ("slow", "normal", "fast")


def percent(value: int) -> str:
    """100 → "100 %" (a narrow no-break space before the sign)."""
    return f"{value}\u202f%"


def size_or_none(size: Any) -> tuple[int, int] | None:
    return None if size is None else (int(size[0]), int(size[1]))


@dataclass(frozen=True)
class Row:
    """One setting on a settings screen.

    `field`: the `Settings` field it shows and changes (`ctx.change_settings(field=value)`);
    `control`: SWITCH or CHOICE; `words`: its label's catalog id (a CHOICE's label is drawn over
    it); `note`: a switch's second line; `options`: a choice's (value, words) pairs, made when the
    screen is built; `page`: "settings" or "access"; `column`: 0 left, 1 right; `name`: the
    screen's attribute for its control (the field when empty). The rest is for the rows whose
    look is older than the table: `height` and `gap` (the room above: a choice's label is drawn in
    it), in px at 100 % text (rows grow with the text); `under`: room drawn under the control
    (`draw_under`); `fields`: the label's fields; `value` / `enabled`: read from the settings
    (default: the field, always); `change`: what a new value does (default: change the field)."""

    field: str
    control: str
    words: str
    note: str = ""
    options: Callable[[], list[Option]] | None = None
    page: str = "settings"
    column: int = 0
    name: str = ""
    height: int = 0  # 0: the control's usual height (SWITCH 52 or 62 with a note, CHOICE 44)
    gap: int = -1  # -1: the usual room above (SWITCH 14, CHOICE 46: its label's)
    under: int = 0
    fields: Callable[[], dict[str, str]] | None = None
    value: Callable[[Any], Any] | None = None
    enabled: Callable[[Any], bool] | None = None
    change: Callable[[Any, Any], None] | None = None

    @property
    def attribute(self) -> str:
        return self.name or self.field

    def label(self) -> str:
        return t(self.words, **(self.fields() if self.fields is not None else {}))

    def box_height(self) -> int:
        if self.height:
            return self.height
        if self.control == CHOICE:
            return 44
        return 62 if self.note else 52

    def room_above(self) -> int:
        if self.gap >= 0:
            return self.gap
        return 46 if self.control == CHOICE else 14

    def read(self, settings: Any) -> Any:
        return self.value(settings) if self.value is not None else getattr(settings, self.field)


def _window_sizes() -> list[Option]:
    # last, "Fit": no size chosen, the window fits the screen at every start (ui.window_fit)
    return [*(Option(size, f"{size[0]}\u00d7{size[1]}") for size in WINDOW_SIZES),
            Option(None, t("settings.window_fit"))]


def _fullscreen(ctx: Any, value: bool) -> None:
    if value != ctx.settings.fullscreen:  # F11 may have changed it while the screen is open
        change(ctx, fullscreen=value)


def _language(ctx: Any, code: str) -> None:
    from castellion.ui.language import switch

    switch(ctx, code)


def _text_size(ctx: Any, value: int) -> None:
    change(ctx, text_size=value)
    ctx.fonts.set_text_scale(ctx.settings.text_scale)  # (done by the context too; not by a bare one)


def _levels() -> list[Option]:
    return [Option(v, percent(v)) for v in SOUND_LEVELS]


# The settings, in the order of the focus: the left column top to bottom, then the right one.
ROWS: list[Row] = [
    Row("fullscreen", SWITCH, "settings.fullscreen", fields=prompts, change=_fullscreen),
    Row("window_size", CHOICE, "settings.window_size", options=_window_sizes,
        value=lambda s: size_or_none(s.window_size), enabled=lambda s: not s.fullscreen,
        change=lambda ctx, v: change(ctx, window_size=size_or_none(v))),
    Row("animations", SWITCH, "settings.animations", gap=24),
    Row("animation_speed", CHOICE, "settings.animation_speed", name="speed",
        options=lambda: [Option(v, t(f"settings.speed.{v}")) for v in SPEEDS],
        value=lambda s: s.animation_speed if s.animations else "normal", enabled=lambda s: bool(s.animations)),
    # each language named in itself, so a player lost in a foreign one finds their own
    Row("language", CHOICE, "settings.language", gap=58,
        options=lambda: [Option(code, name) for code, name in LANGUAGES.items()],
        value=lambda _s: language(), change=_language),
    Row("colourblind", SWITCH, "settings.colourblind", column=1, under=50),  # the palette, under it
    Row("sound", SWITCH, "settings.sound", column=1, gap=22),
    Row("confirmations", SWITCH, "settings.confirmations", note="settings.confirmations_note", column=1),
    Row("undo_allowed", SWITCH, "settings.undo", note="settings.undo_note", column=1, name="undo"),
    Row("win_meter", SWITCH, "settings.win_meter", note="settings.win_meter_note", column=1, name="meter"),
    # the spoken game (docs/accessibility.md; F4 anywhere)
    Row("speech", SWITCH, "settings.speech", column=1, height=40, gap=10,
        fields=lambda: {"speech": current().label(KA.SPEECH)}),
    # Settings → Accessibility
    # (the Accessibility page: each choice's label in its 44 px room above, the switch 48 px high)
    Row("text_size", CHOICE, "access.text_size", page="access", change=_text_size, gap=44,
        options=lambda: [Option(v, percent(v)) for v in TEXT_SIZES]),
    Row("effects_volume", CHOICE, "access.effects", page="access", name="effects", options=_levels, gap=44),
    Row("interface_volume", CHOICE, "access.interface", page="access", name="interface", options=_levels, gap=44),
    # the palette swapped for plain backing and stronger text (ui.theme.HIGH_CONTRAST)
    Row("high_contrast", SWITCH, "access.high_contrast", page="access", height=48),
]


def rows_of(page: str) -> list[Row]:
    return [row for row in ROWS if row.page == page]


def change(ctx: Any, **changes: Any) -> None:
    """Through the context (validated, applied, saved); a bare context (tests): in memory."""
    changer = getattr(ctx, "change_settings", None)
    if changer is not None:
        changer(**changes)
    else:
        for key, value in changes.items():
            setattr(ctx.settings, key, value)


def make_control(ctx: Any, row: Row, after: Callable[[], None]) -> Widget:
    """`row`'s switch or choice (placed later by `RowFlow.place`); a change calls `after`."""
    def changed(value: Any) -> None:
        if row.change is not None:
            row.change(ctx, value)
        else:
            change(ctx, **{row.field: value})
        after()

    value = row.read(ctx.settings)
    if row.control == SWITCH:
        note = t(row.note) if row.note else ""
        return Toggle(ctx, (0, 0, 10, row.box_height()), row.label(), bool(value), changed, note=note)
    options = row.options() if row.options is not None else []
    return Choice(ctx, (0, 0, 10, row.box_height()), options, value, changed, label=row.label())


def sync(ctx: Any, rows: Sequence[Row], controls: dict[str, Widget]) -> None:
    """The controls follow the settings (F11 may change fullscreen while a screen is open)."""
    s = ctx.settings
    for row in rows:
        widget = controls[row.field]
        value = row.read(s)
        widget.enabled = row.enabled(s) if row.enabled is not None else True
        if isinstance(widget, Toggle):
            widget.value = bool(value)
        elif isinstance(widget, Choice) and widget.enabled:  # one turned off keeps what it showed
            widget.value = value


class RowFlow(Flow):
    """Places a table's controls in columns inside `room`, each row grown with the text, and
    scrolls them when a column is longer than the room (see the module docstring)."""

    def __init__(self, ctx: Any, rows: Sequence[Row], controls: dict[str, Widget], room: pygame.Rect,
                 columns: Sequence[tuple[int, int]], inset: int = 8, own_lines: bool = False) -> None:
        """`columns`: each column's (x, width); a choice is set in `inset` px from its column's sides.
        `own_lines`: the rows' sizes hold their words' lines in the language shown even at 100 %
        (a choice's label room grows by how much taller its line is than the Latin one the sizes
        were set for, a switch is at least its label's line and 14 px tall), as the Accessibility
        page was laid out before it was a table; else they grow only with the text size."""
        self.inset = inset
        self.own_lines = own_lines
        self.rows = list(rows)
        super().__init__(ctx, room, columns, keys=[row.field for row in self.rows], controls=controls)
        self.by_field = {row.field: row for row in self.rows}
        self.label_room: dict[str, int] = {}  # how tall a choice's label may be, above its control
        self.under_room: dict[str, int] = {}  # how tall the room drawn under a row is (`Row.under`, grown)

    def _line(self, size: int, role: str = "body") -> int:
        return int(self.ctx.fonts.get(role, size).get_linesize())

    def _needs(self, row: Row) -> tuple[int, int]:
        """What the row's words take at the current text size: (control height, room above). A
        switch's label may wrap (`switches.switch_lines`): a line each."""
        label = self.ctx.theme.font_label - 2
        if row.control == CHOICE:  # its label over it: a line, or more at a larger text size
            over = choice_label_lines(self.ctx, row.label(), self.columns[row.column][1] - 2 * self.inset - 4)
            return self._line(label, "bold"), self._line(label) * len(over)
        room = self.columns[row.column][1] - 96
        lines = len(switch_lines(self.ctx, row.label(), room))
        if row.note:
            notes = len(note_lines(self.ctx, t(row.note), room)) if self.ctx.fonts.text_scale > 1.0 else 1
            return self._line(label) * lines + self._line(self.ctx.theme.font_small - 2) * notes, 0
        return self._line(label) * lines, 0

    def _tall_enough(self, choice: Choice) -> int:
        """Above 100 % text: a segment tall enough for its label's glyphs at the player's size
        (`widgets.label_height`; "日本語" was drawn smaller than "English" beside it)."""
        if self.ctx.fonts.text_scale <= 1.0 or not choice.options:
            return 0
        size, fonts = self.ctx.theme.font_label - 2, self.ctx.fonts
        ascent = max(int(fonts.for_text(o.label, "bold", size).get_ascent()) for o in choice.options)
        return -(-ascent * 5 // 3) + 1

    def _across(self, row: Row) -> int:
        """How many of a choice's options stand in a row: all (0), but above 100 % text only as many
        as keep every label whole at the player's size (the rest stack under them, rather than
        shrink: at 200 % "1600×1000" read 12 px beside a 36 px "Fit")."""
        widget = self.controls.get(row.field)
        if not isinstance(widget, Choice) or self.ctx.fonts.text_scale <= 1.0 or not widget.options:
            return 0
        size, fonts = self.ctx.theme.font_label - 2, self.ctx.fonts
        need = max(int(fonts.text_width(o.label, "bold", size)) + (60 if o.mark else 14) for o in widget.options)
        width, n = self.columns[row.column][1] - 2 * self.inset, len(widget.options)
        across = next((k for k in range(n, 0, -1) if (width - 8 * (k - 1)) // k >= need), 1)
        return 0 if across == n else across

    def _own(self, row: Row) -> tuple[int, int]:
        """At 100 %, with `own_lines`: what the row's words in the language shown need beyond its
        sizes (height, room above)."""
        if not self.own_lines:
            return 0, 0
        label = self.ctx.theme.font_label - 2
        if row.control == CHOICE:  # its label's line, against the Latin one
            latin = int(self.ctx.fonts.get("body", label, language="en").get_linesize())
            return 0, max(0, self._line(label) - latin)
        return max(0, self._line(self.ctx.theme.font_label, "bold") + 14 - row.box_height()), 0

    def lay_out(self) -> None:
        """Each row's height and place at the current text size: its 100 % size, grown by what its
        words grew."""
        with self.ctx.fonts.limited(1.0):
            base = {row.field: self._needs(row) for row in self.rows}
            own = {row.field: self._own(row) for row in self.rows}
        ends = [0] * len(self.columns)
        for row in self.rows:
            height, above = self._needs(row)
            grow_h = max(0, height - base[row.field][0]) + own[row.field][0]
            grow_a = max(0, above - base[row.field][1]) + own[row.field][1]
            first = ends[row.column] == 0
            gap = 0 if first else row.room_above() + grow_a
            if first and row.control == CHOICE:  # a choice first in its column: its label's room
                gap = row.room_above() + grow_a
            top = ends[row.column] + gap
            self.tops[row.field] = top
            self.heights[row.field] = row.box_height() + grow_h
            across = self._across(row)
            widget = self.controls.get(row.field)
            if isinstance(widget, Choice):
                widget.per_row = across
                self.heights[row.field] = max(self.heights[row.field], self._tall_enough(widget))
            if across:  # the options in rows, each as tall as the one row was
                rows = -(-len(widget.options) // across) if isinstance(widget, Choice) else 1
                self.heights[row.field] += (self.heights[row.field] + 8) * (rows - 1)
            self.label_room[row.field] = LABEL_ROOM + grow_a
            self.under_room[row.field] = row.under + grow_h * bool(row.under)
            ends[row.column] = top + self.heights[row.field] + self.under_room[row.field]
        self.content = max(ends, default=0)

    def column(self, key: str) -> int:
        return self.by_field[key].column

    def span(self, key: str) -> tuple[int, int]:
        """A choice's label above it and the room drawn under a row count with the row."""
        row = self.by_field[key]
        above = self.label_room[key] + 4 if row.control == CHOICE else 0
        return self.tops[key] - above, self.tops[key] + self.heights[key] + self.under_room.get(key, row.under)

    def handle(self, event: Any, *, arrows: bool = False) -> bool:
        """As `Flow.handle`; a click on a row in part in view scrolls it into view (`click_in_part`)."""
        return self.click_in_part(event) or super().handle(event, arrows=arrows)

    def control_rect(self, key: str, box: pygame.Rect) -> pygame.Rect:
        inset = self.inset if self.by_field[key].control == CHOICE else 0
        return box.inflate(-2 * inset, 0)

    def drawn(self, surface: pygame.Surface, key: str) -> contextlib.AbstractContextManager[bool]:
        """`with flow.drawn(surface, key) as shown:` whether what the page draws on row `key`
        besides its control (a choice's label, the palette) is drawn: whole in view, or in part,
        then clipped to the room with only its whole lines of words."""
        if self.controls[key].visible:
            return contextlib.nullcontext(True)
        if not self.in_part(key):
            return contextlib.nullcontext(False)
        return _clipped(surface, self.room)

    def draw_labels(self, surface: pygame.Surface, ink: tuple[int, int, int], faint: tuple[int, int, int],
                    fit: bool = False) -> None:
        """Each choice's words over it (`faint` when it is off; `fit`: kept to its label room),
        then the controls of the rows in part in view (`Flow.draw_in_part`)."""
        for row in self.rows:
            widget = self.controls[row.field]
            if row.control != CHOICE:
                continue
            with self.drawn(surface, row.field) as shown:
                if shown:
                    draw_choice_label(surface, self.ctx, row.label(), widget.rect, ink if widget.enabled else faint,
                                      self.label_room[row.field] if fit else None)
        self.draw_in_part(surface)


@contextlib.contextmanager
def _clipped(surface: pygame.Surface, room: pygame.Rect) -> Iterator[bool]:
    with whole_lines_in(surface, room):
        yield True


LABEL_ROOM = 28  # how tall (above its baseline) a choice's label may be at 100 % text


def choice_label_lines(ctx: Any, label: str, width: int) -> list[str]:
    """A choice's label over it: one line at 100 % (shrunk to its width if it must be, as the
    page was made); above, wrapped at the player's size rather than shrunk ("Sonidos del juego
    (una ficha colocada, …)" read 20 px over "Sonidos de la interfaz" at 30)."""
    if ctx.fonts.text_scale <= 1.0:
        return [label]
    size = ctx.theme.font_label - 2
    lines = wrapped_lines(ctx, label, width, size=size)[1]
    shrink = width / max(1, ctx.fonts.text_width(label, "body", size))
    return lines if wrap_rather_than_shrink(label, lines, shrink) else [label]  # (never "…勝" over "利）")


def draw_choice_label(surface: pygame.Surface, ctx: Any, label: str, control: pygame.Rect,
                      colour: tuple[int, int, int], max_height: int | None = None) -> None:
    """A choice's label, its last line's bottom 4 px over the control (see `choice_label_lines`)."""
    lines = choice_label_lines(ctx, label, control.w - 4)
    if len(lines) == 1:
        draw_text(surface, ctx, label, (control.x + 4, control.y - 4), size=ctx.theme.font_label - 2,
                  colour=colour, anchor="bottomleft", max_width=control.w, max_height=max_height)
        return
    step = int(ctx.fonts.get("body", ctx.theme.font_label - 2).get_linesize())
    for k, line in enumerate(reversed(lines)):
        draw_text(surface, ctx, line, (control.x + 4, control.y - 4 - k * step), size=ctx.theme.font_label - 2,
                  colour=colour, anchor="bottomleft", max_width=control.w)


__all__ = ["CHOICE", "LABEL_ROOM", "choice_label_lines", "draw_choice_label", "ROWS", "SWITCH", "Row", "RowFlow",
           "ScrolledGroup", "make_control", "percent", "rows_of", "size_or_none", "sync"]
