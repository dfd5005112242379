"""The achievements at a large text (issue 31: text size up to 200 % on every screen): one column
of rows as tall as their words, scrolled by the arrows (a pad's d-pad), Page Up / Page Down and
the wheel; at 100 % the two columns of fixed rows, all in view."""

from __future__ import annotations

import pygame

from castellion.scenes.nav import Route
from tests.conftest import key_event


def test_at_100_percent_every_achievement_is_in_view_in_two_columns(ctx):
    page = ctx.nav.make(Route.ACHIEVEMENTS)
    page.update(1 / 60)
    assert page.flow.most() == 0 and len(page.flow.columns) == 2
    assert len(page.rows()) == len(page.items)


def test_at_200_percent_the_arrows_scroll_every_achievement_into_view(large_text):
    ctx = large_text
    page = ctx.nav.make(Route.ACHIEVEMENTS)
    assert page.text_limit >= 2.0
    page.update(1 / 60)
    flow = page.flow
    assert flow.most() > 0 and len(flow.columns) == 1
    seen = set()
    for _ in range(200):
        rows = page.rows()
        assert all(flow.room.contains(rect) for rect, _item in rows)  # whole, never cut
        seen |= {item.id for _rect, item in rows}
        if not page.handle(key_event(pygame.K_DOWN)) or flow.offset == flow.most():
            seen |= {item.id for _rect, item in page.rows()}
            break
    assert seen == {item.id for item in page.items}
    assert flow.offset == flow.most()
    page.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert flow.offset < flow.most()
    page.handle(key_event(pygame.K_PAGEUP))
    page.handle(key_event(pygame.K_PAGEUP))
    assert flow.offset == 0 and page.rows()[0][1] is page.items[0]


def test_at_200_percent_the_list_uses_its_room_to_the_bottom_with_no_word_cut(large_text, monkeypatch):
    """Issue 31: the list showed whole rows only, leaving an empty band under the last one. A row
    in part is now drawn, clipped to the list, with only the lines of its words whole in view."""
    from castellion.ui.canvas import physical
    from tests.layout_words import Compositor, cut_words, make_surface, touching_words

    ctx = large_text
    page = ctx.nav.make(Route.ACHIEVEMENTS)
    ctx.stack.reset(ctx.nav.make(Route.MENU), page)
    ctx.stack.apply_pending()
    page.update(1 / 60)
    flow = page.flow
    comp, surface = Compositor(monkeypatch), make_surface(1.0)  # one recorder for every offset
    for offset in (0, flow.most() // 2, flow.most()):
        flow.scroll(offset - flow.offset)
        comp.reset(surface)
        comp.draw_stack(ctx.stack, surface)
        frame = comp.frame(surface)
        if offset == 0:  # a row crosses the list's bottom edge: its part in view is drawn
            parted = [flow.box(k) for k in flow.keys if flow.room.colliderect(flow.box(k)) and not flow.shows(k)]
            assert parted and parted[-1].y < flow.room.bottom - 20  # drawn in part: its backing shows
            inside = (parted[-1].centerx, (parted[-1].y + flow.room.bottom) // 2)
            assert pygame.Surface.get_at(physical(surface), inside)[:3] == (232, 220, 192)
        assert not cut_words(frame, "en") and not touching_words(frame), cut_words(frame, "en")
        assert all(w.ink.bottom <= flow.room.bottom for w in frame if flow.room.y < w.ink.y < flow.room.bottom)
    monkeypatch.undo()
