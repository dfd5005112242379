"""Settings → Accessibility (`castellion/scenes/access.py`): its rows are laid out by the same
`RowFlow` as the Settings page's, in one column, so they grow with the text and scroll when they
outgrow the page."""

from __future__ import annotations

import pytest

from castellion.scenes.nav import Route
from castellion.ui.flow import WHEEL_STEP
from castellion.ui.settings_table import CHOICE, RowFlow, rows_of
from tests.layout_words import rows_scroll_into_view


def test_the_rows_flow_in_one_column_in_table_order_above_the_back_button(ctx):
    page = ctx.nav.make(Route.ACCESSIBILITY)
    assert isinstance(page.flow, RowFlow) and len(page.flow.columns) == 1
    rects = [page.row_controls[row.field].rect for row in rows_of("access")]
    for row, above, rect in zip(rows_of("access")[1:], rects[:-1], rects[1:], strict=True):
        room = 30 if row.control == CHOICE else 0  # a choice's words are drawn in the room above it
        assert above.bottom + room <= rect.top, row.field
    assert rects[-1].bottom < page.back.rect.top


def test_a_page_too_short_for_its_rows_scrolls_and_the_focus_brings_each_row_into_view(ctx):
    page = ctx.nav.make(Route.ACCESSIBILITY)
    flow = page.flow
    flow.room.h = 160  # room for about one row
    flow.measure()
    rows_scroll_into_view(page)


def test_a_new_text_size_lays_the_same_rows_out_again_and_keeps_the_focus(ctx):
    page = ctx.nav.make(Route.ACCESSIBILITY)
    page.widgets.focus(page.row_controls["high_contrast"])
    before = {field: w.rect.h for field, w in page.row_controls.items()}
    ctx.fonts.set_text_scale(2.0)
    page.update(1 / 60)
    assert page.widgets.focused is page.row_controls["high_contrast"]
    assert all(page.row_controls[field].rect.h > h for field, h in before.items())
    assert page.back.rect.bottom <= page.panel.bottom and max(
        w.rect.bottom for w in page.widgets.rows if w.visible) < page.back.rect.top


def test_at_100_percent_each_choice_s_label_has_its_own_language_s_line_above_it(ctx):
    """Issue 31: laid out by the table, the Japanese page's rows sat 6 px closer than before (each
    choice's label room was the Latin line's, 26 px, while a Japanese line is 32): the room above
    a choice holds its label's line in the language shown, a switch its label's bold line and
    14 px, as before the table; English and Spanish keep their places."""
    from castellion.ui.text import set_language

    theme = ctx.theme
    tops = {}
    for lang in ("en", "es", "ja"):
        set_language(lang)
        page = ctx.nav.make(Route.ACCESSIBILITY)
        page.update(1 / 60)
        label = int(ctx.fonts.get("body", theme.font_label - 2).get_linesize())
        latin = int(ctx.fonts.get("body", theme.font_label - 2, language="en").get_linesize())
        tops[lang] = [page.row_controls[row.field].rect.y for row in page.rows]
        previous = page.flow.room.y
        for row in page.rows:
            rect = page.row_controls[row.field].rect
            if row.control == CHOICE:
                assert rect.y - previous >= row.room_above() + label - latin, (lang, row.field)
            else:
                assert rect.h >= int(ctx.fonts.get("bold", theme.font_label).get_linesize()) + 14, (lang, row.field)
            previous = rect.bottom
    assert tops["en"] == tops["es"]
    choices = sum(row.control == CHOICE for row in rows_of("access"))
    assert tops["ja"][-1] - tops["en"][-1] == choices * 6  # (32 - 26) px more for each choice's label


def _page_words(ctx, monkeypatch, lang: str, scroll: bool = False):
    from castellion.scenes.access import AccessibilityOverlay
    from tests.layout_words import make_surface
    from tests.project.test_layout_words import show

    comp, frame = show(ctx, monkeypatch, "accessibility", lang, 1.0, 200)
    page = ctx.stack.find(AccessibilityOverlay)
    if scroll:
        page.flow.scroll_to(page.flow.most())
        surface = make_surface(1.0)
        comp.reset(surface)
        comp.draw_stack(ctx.stack, surface)
        frame = comp.frame(surface)
    return page, frame


@pytest.mark.parametrize("lang", ["es", "ja"])
def test_where_less_than_a_line_of_the_next_row_is_in_view_the_page_says_more_lies_below(ctx, monkeypatch, lang):
    """At 200 % in Spanish and Japanese the page ended in an empty band of about 35 px: the High
    contrast row lay there in part, and none of its lines whole (it is drawn only by whole lines).
    That band now says "▼ More below" inside it, apart from every other word; once the page is
    scrolled to its end (the row whole) it is gone."""
    from castellion.ui.text import t
    from tests.layout_words import cut_words, touching_words

    page, frame = _page_words(ctx, monkeypatch, lang)
    flow, hint = page.flow, t("access.more_below")
    (cut,) = [key for key in flow.keys if flow.in_part(key)]
    band = flow.extent(cut).clip(flow.room)
    drawn = [w for w in frame if w.words == hint]
    assert len(drawn) == 1 and band.contains(drawn[0].ink), (band, drawn)
    assert not cut_words(frame, lang) and not touching_words(frame)
    _, frame = _page_words(ctx, monkeypatch, lang, scroll=True)
    assert hint not in {w.words for w in frame}


def test_where_a_line_of_the_row_in_part_is_in_view_its_words_are_drawn_not_the_hint(ctx, monkeypatch):
    """In English at 200 % the High contrast row's first line is whole in view: drawn, no hint (a
    guard beside the test above: it passes on the code before the hint)."""
    from castellion.ui.text import t

    page, frame = _page_words(ctx, monkeypatch, "en")
    assert any(page.flow.in_part(key) for key in page.flow.keys)
    assert t("access.more_below") not in {w.words for w in frame}


def _wheel_down(ctx, notches: int) -> None:
    """`notches` notches of the wheel down, each followed by a frame (as the app runs them)."""
    import pygame

    for _ in range(notches):
        ctx.stack.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        ctx.stack.update(1 / 60)


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("scale", [1.0, 0.75])  # 1280×800 and 1024×600
def test_at_200_percent_the_wheel_reaches_the_page_s_end_with_a_row_focused(ctx, monkeypatch, lang, scale):
    """At 200 % the keyboard's focus on the first row (Tab) held the page at that row every frame:
    the wheel stopped 27 px short of the page's end in English (79 Spanish, 99 Japanese). Now the
    wheel scrolls to the very end, the last row whole in view, and its last notch gets there; a
    key acting on the focused row brings it back into view."""
    import pygame

    from castellion.scenes.access import AccessibilityOverlay
    from tests.conftest import key_event
    from tests.project.test_layout_words import show

    show(ctx, monkeypatch, "accessibility", lang, scale, 200)
    page = ctx.stack.find(AccessibilityOverlay)
    flow, first, last = page.flow, page.row_controls["text_size"], page.rows[-1].field
    assert flow.most() > 0  # longer than its room at 200 %
    ctx.stack.handle(key_event(pygame.K_TAB))
    ctx.stack.update(1 / 60)
    assert page.widgets.focused is first and first.visible
    needed = -(-flow.most() // WHEEL_STEP)
    _wheel_down(ctx, needed - 1)
    assert flow.offset < flow.most()  # (one notch before it: not yet)
    _wheel_down(ctx, 1)
    assert flow.offset == flow.most() and flow.shows(last)
    assert flow.extent(last).bottom == flow.room.bottom  # the page's end at the room's end
    ctx.stack.handle(key_event(pygame.K_LEFT))  # the focused choice's next value: 175 %
    ctx.stack.update(1 / 60)
    assert ctx.fonts.text_scale == 1.75
    assert page.widgets.focused is first and first.visible and flow.room.contains(first.rect)
