"""The tutorial's parts above 150 % text (scenes/tutorial/parts_column.py): a scrolling column of
measured rows that takes the player's size up to 200 % — the parts' panels inside the room and
apart, each Start button on its own part's panel, the focused one scrolled into view, the focus
order kept (issue 31: the screen stopped at 150 %). Its words in every language and size:
tests/project/test_layout_words.py."""

from __future__ import annotations

import pygame
import pytest

from castellion.content.tutorial import PARTS
from tests.conftest import key_event
from tests.layout_words import row_in_part
from tests.project.test_i18n_screens import open_screen


def open_parts(ctx, text_size: int, lang: str = "en"):
    return open_screen(ctx, "tutorial-parts", text_size, lang)


def test_above_150_the_parts_take_the_players_text_size(ctx):
    for text_size in (175, 200):
        scene = open_parts(ctx, text_size)
        assert scene.column is not None and scene.text_limit == 2.0
    fixed = open_parts(ctx, 150)
    assert fixed.column is None and fixed.text_limit == 1.5


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_each_start_button_is_on_its_part_in_view_and_the_focus_order_is_kept(ctx, lang):
    order = [w.label for w in open_parts(ctx, 100, lang).widgets.focusables()]
    scene = open_parts(ctx, 200, lang)
    assert [w.label for w in scene.widgets.focusables()] == order
    flow = scene.column.flow
    for p in PARTS:
        scene.handle(key_event(pygame.K_TAB))
        scene.update(1 / 60)
        button = scene.buttons[p.id]
        assert button.focused and button.visible and flow.shows(p.id)
        shown = [q.id for q in PARTS if flow.shows(q.id)]
        boxes = [flow.box(key) for key in shown]
        assert all(flow.room.contains(b) for b in boxes)
        assert all(not a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
        assert flow.box(p.id).contains(button.rect)
        assert not button.rect.colliderect(scene.back.rect)


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_a_part_in_part_in_view_is_drawn_clipped_to_the_room_with_its_whole_lines(ctx, monkeypatch, lang):
    """At 200 % the next part lay in part in view and was hidden, leaving an empty band: it is
    drawn clipped to the room, only its whole lines of words; a click on it scrolls it into view."""
    scene = open_parts(ctx, 200, lang)
    flow = scene.column.flow
    key = row_in_part(ctx, flow, monkeypatch, lang)
    assert all(not widget.visible for widget, _ in flow.parts.get(key, ()))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=flow.box(key).clip(flow.room).center))
    assert flow.shows(key)


@pytest.mark.parametrize("scale", [1.0, 0.89, 0.75])
def test_every_line_of_the_intro_in_view_is_drawn_at_every_window_scale(ctx, monkeypatch, scale):
    """Seen in a real window (1280×800, scale 0.89, Japanese, 200 %): the intro's middle line was
    left out — a blank band between its first and last lines — because the rows drawn whole in
    view also went through the rows-in-part filter, which dropped a line a little wider at the
    window's scale than the column's room."""
    from castellion.ui.text import t
    from tests.layout_words import Compositor, make_surface, set_text

    set_text(ctx, "ja", scale, 200)
    comp, surface = Compositor(monkeypatch), make_surface(scale)
    scene = open_screen(ctx, "tutorial-parts", 200, "ja")
    ctx.fonts.set_scale(scale)
    ctx.sprites.set_scale(scale)
    comp.reset(surface)
    comp.draw_stack(ctx.stack, surface)
    drawn = "".join(w.words for w in comp.frame(surface))
    assert scene.column is not None and scene.column.flow.shows("intro")
    assert t("tutorial.intro").replace(" ", "") in drawn.replace(" ", "")
