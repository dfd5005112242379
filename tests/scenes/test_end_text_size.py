"""Issue 31, text size: the end screen's buttons and links grow with the reason above them. In a
640 px panel at 200 % "Jugar de nuevo el mismo reparto" shrank to 20 px and "Copiar resultado" to
18 under a 44 px reason (en 26 / 24). Above 100 % the panel widens with the text (up to the window
less 40 px a side), its buttons and links with it; at 100 % it is laid out as before."""

from __future__ import annotations

import pytest

from tests.layout_words import cut_words, group_sizes, touching_words, uneven
from tests.project.test_layout_words import LANGS, SCALES, TEXT_SIZES, label_problems, show

SCREENS = ("end-won", "end-lost", "end-from-game")
QUICK = [("en", "1280x800", "end-lost"), ("es", "1024x600", "end-from-game"), ("ja", "1280x800", "end-won"),
         ("es", "1280x800", "end-lost")]
EVERY = [(lang, window, name, size) for lang in LANGS for window in SCALES for name in SCREENS
         for size in TEXT_SIZES]


def check_end(ctx, monkeypatch, lang, window, name, text_size):
    comp, frame = show(ctx, monkeypatch, name, lang, SCALES[window], text_size)
    end = ctx.stack.top
    where = (name, lang, window, text_size)
    problems = sorted(set(comp.spills)) + cut_words(frame, lang) + touching_words(frame) + label_problems(ctx, frame)
    assert not problems, (where, problems)
    buttons = [b for b in (end.again, end.new, end.menu, end.winnable, end.review) if b is not None]
    links = [end.copy, end.look, end.picture]
    assert all(end.panel.contains(b.rect) for b in buttons + links), where
    button_sizes = group_sizes(frame, {b.label: b.rect for b in buttons})
    link_sizes = group_sizes(frame, {b.label: b.rect for b in links})
    assert not uneven(button_sizes) and not uneven(link_sizes), (where, button_sizes, link_sizes)
    reason = end._body(ctx)[0]
    body = max(w.size for w in frame if len(w.words.strip()) > 2 and w.words.strip() in reason)
    button, link = (next(iter(s)) for s in (next(iter(button_sizes.values())), next(iter(link_sizes.values()))))
    # the buttons' words at nine tenths of the reason's size or more, the links' at three quarters
    # (their sizes at 100 %: 22 and 18 beside its 22; a label fits its own button: a px or two less)
    assert button * 10 >= body * 9 and link * 4 >= body * 3, (where, body, button, link)


@pytest.mark.parametrize(("lang", "window", "name"), QUICK)
def test_the_end_screens_buttons_and_links_grow_with_its_reason_at_200(ctx, monkeypatch, lang, window, name):
    check_end(ctx, monkeypatch, lang, window, name, 200)


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "window", "name", "text_size"), EVERY)
def test_the_end_screens_buttons_and_links_grow_with_its_reason(ctx, monkeypatch, lang, window, name, text_size):
    check_end(ctx, monkeypatch, lang, window, name, text_size)


def test_at_100_the_end_panel_keeps_its_640_px_and_its_buttons(ctx, monkeypatch):
    show(ctx, monkeypatch, "end-lost", "es", 1.0, 100)
    end = ctx.stack.top
    assert end.panel.w == 640
    assert [b.rect.w for b in (end.again, end.new, end.menu, end.copy, end.look, end.picture)] == \
        [400, 195, 195, 170, 240, 170]
