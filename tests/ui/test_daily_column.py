"""The daily deals above 125 % text (ui/daily_column.py): one scrolling column of measured rows
that takes the player's size up to 200 % — a row per level, the calendar with grown cells, the
hints — its parts inside the panel and apart, the ringed day and the focused Play button scrolled
into view, a click on a day out of view starting nothing (issue 31: the screen stopped at 125 %).
Its words in every language and size: tests/project/test_layout_words.py."""

from __future__ import annotations

import datetime as dt

import pygame
import pytest

from castellion.content.daily import daily_seed
from castellion.scenes import daily as daily_scene
from castellion.scenes.daily import DailyScene
from castellion.ui.names import LEVEL_ORDER
from tests.conftest import key_event
from tests.layout_words import row_in_part
from tests.project.test_i18n_screens import open_screen
from tests.scenes.conftest import DAY


@pytest.fixture
def day_ctx(ctx, home):
    """The test context on the data folder `home`, its today fixed at DAY (as tests/scenes')."""
    from castellion import persistence as P

    P.startup()
    ctx.persist = True
    ctx.today = lambda: DAY
    return ctx


def open_daily(ctx, text_size: int, lang: str = "en") -> DailyScene:
    scene = open_screen(ctx, "daily", text_size, lang)
    assert isinstance(scene, DailyScene)
    return scene


@pytest.mark.parametrize("text_size", [150, 175, 200])
def test_above_125_the_daily_deals_take_the_players_text_size(day_ctx, text_size):
    scene = open_daily(day_ctx, text_size)
    assert scene.column is not None and scene.text_limit == 2.0
    assert scene.cell > daily_scene.CELL or text_size < 200  # the cells grew to hold their numbers
    fixed = open_daily(day_ctx, 125)
    assert fixed.column is None and fixed.text_limit == 1.25 and fixed.cell == daily_scene.CELL


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_rows_in_view_lie_inside_the_room_and_apart(day_ctx, lang):
    scene = open_daily(day_ctx, 200, lang)
    flow = scene.column.flow
    while True:
        shown = [key for key in flow.keys if flow.shows(key)]
        assert shown, flow.offset
        boxes = [flow.box(key) for key in shown]
        for box in boxes:
            assert flow.room.contains(box) and scene.panel.contains(box)
            assert not box.colliderect(scene.back_button.rect)
        for i, a in enumerate(boxes):
            assert all(not a.colliderect(b) for b in boxes[i + 1:]), (shown, boxes)
        if "calendar" in shown:  # the grid, its weekdays and its legend inside the calendar's row
            cal = flow.box("calendar")
            assert all(cal.contains(rect) for rect, _day, _state in scene.cells())
        if not flow.scroll(120):
            break
    assert flow.offset == flow.most() > 0


def test_the_ringed_day_and_the_focused_play_button_are_scrolled_into_view(day_ctx):
    scene = open_daily(day_ctx, 200)
    flow = scene.column.flow
    assert not flow.shows("calendar")  # the levels' rows first
    scene.handle(key_event(pygame.K_LEFT))  # the arrows move the calendar's ring
    scene.update(1 / 60)
    assert flow.shows("calendar")
    for level in LEVEL_ORDER:  # Tab onto each Play button: its row comes back into view
        scene.handle(key_event(pygame.K_TAB))
        scene.update(1 / 60)
        assert scene.play[level].focused and scene.play[level].visible and flow.shows(level)
        assert flow.room.contains(scene.play[level].rect)


def test_a_click_where_a_day_out_of_view_would_be_starts_nothing(day_ctx, monkeypatch):
    asked = []
    monkeypatch.setattr(daily_scene, "begin_new_game", lambda *a: asked.append(a))
    scene = open_daily(day_ctx, 200)
    assert not scene.column.shows("calendar")
    for rect, _day, _state in scene.cells():
        scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=rect.center))
    assert asked == []
    scene.column.flow.show_key("calendar")
    cells = {day: rect for rect, day, _state in scene.cells()}
    past = DAY - dt.timedelta(days=3)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=cells[past].center))
    assert asked and asked[-1][1:3] == ("intro", daily_seed(past, "intro"))


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_a_row_in_part_in_view_is_drawn_clipped_to_the_room_with_its_whole_lines(day_ctx, monkeypatch, lang):
    """At 200 % the third level's row lay half in view and was hidden, leaving an empty band
    under the second: it is drawn clipped to the room, only its whole lines of words, its Play
    button not clickable there; a click on it scrolls it into view."""
    scene = open_daily(day_ctx, 200, lang)
    day_ctx.stack.reset(scene)
    day_ctx.stack.apply_pending()
    flow = scene.column.flow
    key = row_in_part(day_ctx, flow, monkeypatch, lang)
    assert all(not widget.visible for widget, _ in flow.parts.get(key, ()))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=flow.box(key).clip(flow.room).center))
    assert flow.shows(key)


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("text_size", [150, 200])
def test_the_back_button_is_drawn_as_the_other_screens_back(day_ctx, monkeypatch, lang, text_size, scale):
    """Above 125 % the daily deals' Back grew to 280 px and its label to the player's size (50 px
    at 200 %, beside the 32 px Back of Achievements and Statistics). It keeps every panel
    screen's Back (`PanelScreen.add_back`): the same box, the label drawn at the same size."""
    from castellion.ui.text import t
    from tests.project.test_layout_words import show

    drawn = {}
    for name in ("daily", "achievements", "statistics"):
        _, frame = show(day_ctx, monkeypatch, name, lang, scale, text_size)
        back = day_ctx.stack.top.back_button
        label = [w for w in frame if w.words == t("ui.back") and pygame.Rect(back.rect).contains(w.ink)]
        assert label, (name, [w.words for w in frame])
        drawn[name] = (pygame.Rect(back.rect).size, {w.size for w in label})
    assert drawn["daily"] == drawn["achievements"] == drawn["statistics"], drawn
