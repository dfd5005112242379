"""Issue 31, text size: the rows of one kind on a page are drawn at one size, the player's where it
fits. At 200 % on Controls "Fullscreen on or off" (38 px) was larger than every other action
(32 px: the others have a pad's line under them); the Rules' topic buttons each shrank their own
label ("Two players & Pantry" 20 px against 28 px). Now every action is named at one size above
100 %, and the topics are drawn at one size, a long one wrapped to two lines (`ui.topic_list`):
each group at one size, in en/es/ja, at 1280×800 and 1024×600 (the pages' other layout checks:
tests/project/test_layout_words.py; Settings: tests/scenes/test_settings_text_size.py)."""

from __future__ import annotations

import pygame
import pytest

from castellion.ui import keymap as K
from tests.layout_words import group_sizes, uneven
from tests.project.test_layout_words import LANGS, SCALES, TEXT_SIZES, show

QUICK = [("en", "1280x800"), ("es", "1024x600"), ("ja", "1280x800")]
EVERY = [(lang, window, size) for lang in LANGS for window in SCALES for size in TEXT_SIZES]


def rules_groups(ctx, monkeypatch, lang, window, text_size):
    _, frame = show(ctx, monkeypatch, "rules", lang, SCALES[window], text_size)
    page = ctx.stack.top
    # (the topics in view: above 100 % the column scrolls)
    return group_sizes(frame, {b.label: b.rect for b in page.topic_buttons.values() if b.visible})


def controls_groups(ctx, monkeypatch, lang, window, text_size):
    _, frame = show(ctx, monkeypatch, "controls", lang, SCALES[window], text_size)
    page = ctx.stack.top
    # each action's words: its row, left of its key
    boxes = {a.label: page.flow.box(a.name).clip(pygame.Rect(0, 0, b.rect.x, 800))
             for a, b in page.rows.items() if b.visible}
    return group_sizes(frame, boxes)


def check_rules(ctx, monkeypatch, lang, window, text_size):
    groups = rules_groups(ctx, monkeypatch, lang, window, text_size)
    assert not uneven(groups), (f"Rules, {lang} at {window}, {text_size} %", uneven(groups))
    return next(iter(next(iter(groups.values()))))


@pytest.mark.parametrize(("lang", "window"), QUICK)
def test_the_rules_topics_are_drawn_at_one_size_at_200(ctx, monkeypatch, lang, window):
    size = check_rules(ctx, monkeypatch, lang, window, 200)
    # at least the size most topics reached alone before (en 28, es 28, ja 22: ~17 to 28 px in all)
    assert size >= 22, size


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "window", "text_size"), EVERY)
def test_the_rules_topics_are_drawn_at_one_size_at_every_text_size(ctx, monkeypatch, lang, window, text_size):
    check_rules(ctx, monkeypatch, lang, window, text_size)


def check_controls(ctx, monkeypatch, lang, window, text_size):
    groups = controls_groups(ctx, monkeypatch, lang, window, text_size)
    assert len(groups) > 3
    assert not uneven(groups), (f"Controls, {lang} at {window}, {text_size} %", uneven(groups))


@pytest.mark.parametrize(("lang", "window"), QUICK)
def test_every_action_on_controls_is_named_at_one_size_at_200(ctx, monkeypatch, lang, window):
    check_controls(ctx, monkeypatch, lang, window, 200)


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "window", "text_size"), EVERY)
def test_every_action_on_controls_is_named_at_one_size_at_every_text_size(ctx, monkeypatch, lang, window,
                                                                          text_size):
    check_controls(ctx, monkeypatch, lang, window, text_size)


def test_the_fullscreen_action_is_among_those_checked(ctx, monkeypatch):
    """The action that stood larger (it has no pad's line) is in view and measured."""
    groups = controls_groups(ctx, monkeypatch, "en", "1280x800", 200)
    assert K.Action.FULLSCREEN.label in groups
