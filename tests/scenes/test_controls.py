"""Settings → Controls at a large text (issue 31: text size up to 200 % on every screen): the
actions' rows grow with their words and scroll, the focus brings each key into view, the wheel
and Page Up / Page Down scroll; at 100 % the page is the two columns it always was."""

from __future__ import annotations

import pygame
import pytest

from castellion.scenes.controls import ROW
from castellion.scenes.nav import Route
from castellion.ui import keymap as K
from tests.conftest import key_event


def test_at_100_percent_every_action_shows_at_once_in_two_columns(ctx):
    page = ctx.nav.make(Route.CONTROLS)
    page.update(1 / 60)
    assert page.flow.most() == 0 and len(page.flow.columns) == 2
    assert all(button.visible and button.rect.h == ROW - 6 for button in page.rows.values())


def test_at_200_percent_the_rows_grow_and_the_focus_brings_every_key_into_view(large_text):
    ctx = large_text
    page = ctx.nav.make(Route.CONTROLS)
    assert page.text_limit >= 2.0  # the words are drawn at the player's size
    page.update(1 / 60)
    flow = page.flow
    assert flow.most() > 0  # longer than the room: it scrolls
    assert max(flow.heights.values()) > ROW  # a row grown with its wrapped words
    hidden = [b for b in page.rows.values() if not b.visible]
    assert hidden and all(b in page.widgets.focusables() for b in hidden)  # still in the focus order
    for action, button in page.rows.items():
        if action in K.FIXED:
            continue
        page.widgets.focus(button)
        page.update(1 / 60)
        assert button.visible and flow.room.contains(button.rect), action
        assert all(flow.room.contains(b.rect) for b in page.rows.values() if b.visible)
    bottom = flow.offset
    page.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert flow.offset < bottom  # the wheel scrolls back up
    for _ in range(flow.most() // 100 + 1):  # a page is more than 100 px
        page.handle(key_event(pygame.K_PAGEUP))
    assert flow.offset == 0
    page.handle(key_event(pygame.K_PAGEDOWN))
    assert flow.offset > 0


def test_at_200_percent_the_rows_never_overlap_and_stay_inside_the_room(large_text):
    ctx = large_text
    page = ctx.nav.make(Route.CONTROLS)
    page.update(1 / 60)
    flow = page.flow
    spans = sorted(flow.span(k) for k in flow.keys)
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:], strict=False))
    assert flow.room.bottom <= page.panel.bottom - 92 - 12  # above the message line


def test_at_200_percent_drawing_measures_no_key_again(large_text, monkeypatch):
    """The key buttons' width is measured once for a text size and its keys, not by every row of
    every frame (a row × keys walk of text measuring per frame)."""
    ctx = large_text
    page = ctx.nav.make(Route.CONTROLS)
    surface = pygame.Surface(ctx.canvas)
    page.update(1 / 60)
    page.draw(surface)
    measured = []
    real = type(ctx.fonts).text_width

    def counted(self, text, *args, **kwargs):
        measured.append(text)
        return real(self, text, *args, **kwargs)

    monkeypatch.setattr(type(ctx.fonts), "text_width", counted)
    page.update(1 / 60)
    page.draw(surface)
    keys = {page.keymap.label(action) for action in K.Action}
    assert not keys & set(measured)
    assert page.key_width() > 0 and not keys & set(measured)


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_at_200_percent_the_keys_keep_one_rhythm_where_an_action_has_no_pad_line(large_text, lang):
    """At 200 % a row without a pad's line ("Fullscreen on or off") was shorter than its
    neighbours: its key came within 9 px of the next one, the others 25 px apart. Such a row keeps
    the room of a pad's line, so no two keys in a column come closer than those of two one-line rows."""
    from castellion.ui.language import switch

    ctx = large_text
    switch(ctx, lang)
    page = ctx.nav.make(Route.CONTROLS)
    page.update(1 / 60)
    flow = page.flow
    keys = {k: page._key_rect(k, flow.box(k)) for k in flow.keys}
    gaps = {a: keys[b].top - keys[a].bottom for a, b in zip(flow.keys, flow.keys[1:], strict=False)
            if flow.column(a) == flow.column(b)}
    usual = gaps[K.Action.RULES.name]  # F1's row: its name and its pad's line, each on one line
    assert not page.keymap.pads.get(K.Action.FULLSCREEN)  # (the case the test is for)
    assert min(gaps.values()) >= usual, (usual, gaps)
