"""Issue 31, text size: Settings draws the rows of one kind at one size, the player's. At 200 %
the window sizes read 12 px beside a 36 px "Fit" (each option shrank to its segment) and "Ask
before risky choices" (30 px) stood smaller than "Sound" (44 px; es: 16 against 44). Now a
choice's options stack in rows when they do not fit side by side (`RowFlow._across`) and a
switch's label wraps to more lines (`switches.switch_lines`) rather than shrink: every switch's
label and every option at one size, in en/es/ja, at 1280×800 and 1024×600 (the page's other
layout checks: tests/project/test_layout_words.py)."""

from __future__ import annotations

import pygame
import pytest

from castellion.ui.switches import Choice, Toggle
from castellion.ui.text import t
from tests.layout_words import Compositor, group_sizes, make_surface, uneven
from tests.project.test_layout_words import LANGS, SCALES, TEXT_SIZES, show

QUICK = [("en", "1280x800"), ("es", "1024x600"), ("ja", "1280x800")]
EVERY = [(lang, window, size) for lang in LANGS for window in SCALES for size in TEXT_SIZES]


def frame_now(ctx, monkeypatch, scale):
    """The stack drawn again (after the focus moved): the frame's words."""
    comp, surface = Compositor(monkeypatch), make_surface(scale)
    for _ in range(2):
        comp.reset(surface)
        ctx.stack.update(1 / 60)
        comp.draw_stack(ctx.stack, surface)
    return comp.frame(surface)


def settings_groups(ctx, monkeypatch, lang, window, text_size):
    """The sizes of every switch's label and of every option, each row brought into view by the
    focus (the page scrolls at a large text size)."""
    show(ctx, monkeypatch, "settings", lang, SCALES[window], text_size)
    page = ctx.stack.top
    labels: dict[str, set[int]] = {}
    options: dict[str, set[int]] = {}
    for widget in page.row_controls.values():
        page.widgets.focus(widget)
        frame = frame_now(ctx, monkeypatch, SCALES[window])
        assert widget.visible and page.flow.room.contains(widget.rect), (lang, window, text_size, widget.label)
        if isinstance(widget, Toggle):
            labels.update(group_sizes(frame, {widget.label: widget.rect}))
        elif isinstance(widget, Choice):
            options.update(group_sizes(frame, {o.label: r for o, r in zip(widget.options, widget.segment_rects(),
                                                                             strict=False)}))
    return labels, options


def check_settings(ctx, monkeypatch, lang, window, text_size):
    labels, options = settings_groups(ctx, monkeypatch, lang, window, text_size)
    where = f"Settings, {lang} at {window}, {text_size} %"
    assert not uneven(labels), (where, uneven(labels))
    assert not uneven(options), (where, uneven(options))
    # the player's size: the switches' labels as the theme asks them, the text size applied
    size = ctx.fonts.sized(ctx.theme.font_label - 2)
    assert {s for found in labels.values() for s in found} == {size}, (where, labels)
    assert {s for found in options.values() for s in found} == {size}, (where, options)


@pytest.mark.parametrize(("lang", "window"), QUICK)
def test_settings_draws_its_switches_and_its_choices_at_one_size_at_200(ctx, monkeypatch, lang, window):
    check_settings(ctx, monkeypatch, lang, window, 200)


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "window", "text_size"), EVERY)
def test_settings_draws_its_rows_at_one_size_at_every_text_size(ctx, monkeypatch, lang, window, text_size):
    check_settings(ctx, monkeypatch, lang, window, text_size)


def test_at_100_the_choices_stand_in_one_row(ctx, monkeypatch):
    show(ctx, monkeypatch, "settings", "es", 1.0, 100)
    page = ctx.stack.top
    choices = [w for w in page.row_controls.values() if isinstance(w, Choice)]
    assert choices and all(w.per_row == 0 for w in choices)
    assert all(len({r.y for r in w.segment_rects()}) == 1 for w in choices)


@pytest.mark.parametrize("lang", LANGS)
def test_the_palettes_words_grow_with_the_text_wrapped_under_its_switch(ctx, monkeypatch, lang):
    """"Colores de las facciones" beside the palette's swatches shrank to one line of about 14 px
    at 200 % (its room ends at the swatches). Above 100 % it wraps in the room under the switch:
    larger than it is at 100 %, each line clear of the swatches."""

    drawn = {}
    for text_size in (100, 200):
        show(ctx, monkeypatch, "settings", lang, 1.0, text_size)
        page = ctx.stack.top
        palette = page.row_controls["colourblind"]
        page.widgets.focus(palette)
        frame = frame_now(ctx, monkeypatch, 1.0)
        words = t("settings.palette_preview")
        lines = [w for w in frame if len(w.words.strip()) > 1 and w.words.strip() in words
                 and w.ink.top > palette.rect.bottom]  # (not the swatches' letters)
        assert lines, (lang, text_size)
        assert all(w.ink.right < palette.rect.right - 4 * 58 for w in lines), (lang, text_size, lines)
        drawn[text_size] = min(w.size for w in lines)
    assert drawn[200] > drawn[100], (lang, drawn)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("page_name", ["settings", "accessibility"])
def test_a_choices_title_wraps_at_the_players_size_rather_than_shrink(ctx, monkeypatch, lang, page_name):
    """At 200 % "Sonidos del juego (una ficha colocada, una Prueba, una victoria)" shrank to one
    line of about 20 px over "Sonidos de la interfaz (…)" at 30: every choice's title now takes
    the player's size, on more lines where it must, clear of its control (the layout tests check
    that nothing touches). Japanese keeps one line (no spaces to wrap at: "…勝" over "利）")."""
    from castellion.ui.settings_table import CHOICE

    show(ctx, monkeypatch, page_name, lang, 1.0, 200)
    page = ctx.stack.top
    size = ctx.fonts.sized(ctx.theme.font_label - 2)
    for row in page.rows:
        widget = page.row_controls[row.field]
        if row.control != CHOICE or not widget.enabled:
            continue
        page.widgets.focus(widget)
        frame = frame_now(ctx, monkeypatch, 1.0)
        title = [w for w in frame if len(w.words.strip()) > 1 and w.words.strip() in row.label()
                 and w.ink.bottom <= widget.rect.y]
        assert title, (lang, row.field)
        assert {w.size for w in title} == {size}, (lang, row.field, [(w.words, w.size) for w in title])


@pytest.mark.parametrize("window", sorted(SCALES))
@pytest.mark.parametrize("lang", LANGS)
def test_the_buttons_under_the_rows_say_their_labels_at_one_size_at_200(ctx, monkeypatch, lang, window):
    """At 200 % "Accesibilidad" stood at 28 px beside "Controles" and "Volver" at 32 (each label
    fitted to its own 230 × 52 button). Above 100 % the three buttons are wider, their labels at
    one size; nothing is cut or touches. (The note over them keeps its 100 % line: a taller one
    took from the rows' room and left a bare band in Spanish, tests/ui/test_settings_table.py.)"""
    from tests.layout_words import cut_words, touching_words

    comp, frame = show(ctx, monkeypatch, "settings", lang, SCALES[window], 200)
    page = ctx.stack.top
    asked = ctx.fonts.sized(ctx.theme.font_small)
    buttons = group_sizes(frame, {b.label: b.rect for b in (page.controls, page.access, page.back)})
    assert not uneven(buttons), (lang, window, buttons)
    if lang != "ja":  # (Japanese labels are bounded by the buttons' 52 px height: 26 px, at one size)
        assert all(s * 20 >= asked * 17 for found in buttons.values() for s in found), (lang, window, buttons)
    assert not sorted(set(comp.spills)) + cut_words(frame, lang) + touching_words(frame)


@pytest.mark.parametrize(("lang", "window"), [(lang, window) for lang in LANGS for window in SCALES])
def test_the_note_under_the_rows_is_at_the_players_size_where_room_allows(ctx, monkeypatch, lang, window):
    """At 200 % "Settings are applied…" kept its 100 % line and shrank to 22 px (ja 18) beside
    44 px rows. It is drawn at the player's size (36 px), else the largest size that keeps it on
    one line and leaves every row room to be wholly in view (Japanese: its window sizes' stacked
    options take the room); never under two thirds of the player's size."""
    _, frame = show(ctx, monkeypatch, "settings", lang, SCALES[window], 200)
    page = ctx.stack.top
    note = t("settings.note") if ctx.persist else t("settings.note_memory")
    sizes = {w.size for w in frame if w.words == note}
    players = ctx.fonts.sized(ctx.theme.font_small)
    assert sizes and 3 * min(sizes) >= 2 * players, (lang, window, sizes, players)
    assert sizes == {ctx.fonts.sized(page.note_size)}, (lang, window, sizes)
    if min(sizes) < players:  # one size larger would not fit: too wide, or a row no longer wholly in view
        larger = ctx.fonts.for_text(note, "body", page.note_size + 1)
        taller = max(page.note_h, larger.get_linesize()) - page.note_h
        tallest = max(b - a for a, b in (page.flow.span(key) for key in page.flow.heights))
        assert (ctx.fonts.text_width(note, "body", page.note_size + 1) > page.panel.w - 60
                or tallest > page.flow.room.h - taller), (lang, window, sizes)


@pytest.mark.parametrize(("lang", "window"), [(lang, window) for lang in LANGS for window in SCALES])
def test_a_switchs_note_wraps_at_the_players_size_rather_than_shrink(ctx, monkeypatch, lang, window):
    """At 200 % the note under "Ask before risky choices" was shrunk to one line: 12 px in Spanish
    ("abandonar una partida, borrar una partida guardada"), 18 in English, 28 in Japanese. A
    switch's note is drawn at the player's size, wrapped where one line is too wide, inside its row."""
    show(ctx, monkeypatch, "settings", lang, SCALES[window], 200)
    page = ctx.stack.top
    noted = [w for w in page.row_controls.values() if isinstance(w, Toggle) and w.note]
    assert noted
    for widget in noted:
        page.widgets.focus(widget)
        frame = frame_now(ctx, monkeypatch, SCALES[window])
        box = pygame.Rect(widget.rect)
        lines = [w for w in frame if w.words.strip() and w.words in widget.note and box.colliderect(w.ink)
                 and w.words not in widget.label]
        joined = ("" if lang == "ja" else " ").join(w.words.strip() for w in sorted(lines, key=lambda w: w.ink.y))
        assert joined == widget.note, (lang, window, [w.words for w in lines])
        assert {w.size for w in lines} == {ctx.fonts.sized(ctx.theme.font_small - 2)}, (lang, window, lines)
        assert all(box.contains(w.ink) for w in lines), (box, lines)
