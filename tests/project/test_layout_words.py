"""Issue 25: every screen and panel (the tutorial's too) in English, Spanish and Japanese at
1024×600 and 1280×800 — no text leaves its box, is cut or ellipsised, or touches another — and no
English left on a Spanish or Japanese screen (every drawn string against the catalogs and the
level files). The quick tests cover every screen at one size in each language; the exhaustive one
(both sizes) is marked slow."""

from __future__ import annotations

import pygame
import pytest

from castellion.ui import text
from tests.catalogs import catalog
from tests.layout_words import Compositor, cut_words, english_words, make_surface, touching_words, widget_words
from tests.project.test_i18n_screens import SCENES

LANGS = ("en", "es", "ja")
SCALES = {"1280x800": 1.0, "1024x600": 0.75}
# words that are the same in every language: names the player typed, the seed, symbols
ALLOWED = ("Anna", "Ben")


def show(ctx, monkeypatch, name: str, lang: str, scale: float):
    """Draw screen `name` in `lang` at `scale`; answer the last frame's words and the stack."""
    from castellion.ui import widgets

    text.set_language(lang)
    ctx.fonts.set_scale(scale)
    ctx.sprites.set_scale(scale)
    widgets.clear_caches()
    comp = Compositor(monkeypatch)
    surface = make_surface(scale)
    ctx.stack.reset(*SCENES[name](ctx))
    ctx.stack.apply_pending()
    for _ in range(3):
        comp.reset(surface)
        ctx.stack.update(1 / 60)
        comp.draw_stack(ctx.stack, surface)
        ctx.stack.apply_pending()
    assert not getattr(ctx, "errors", []), (name, ctx.errors)
    return comp, comp.frame(surface)


def label_problems(ctx, frame) -> list[str]:
    """Every widget's label and note inside the widget, whole."""
    out = []
    for words, boxes in widget_words(ctx):
        for w in words:
            for drawn in frame:
                if drawn.words != w:
                    continue
                box = next((b for b in boxes if pygame.Rect(b).collidepoint(drawn.ink.center)), None)
                if box is not None and not pygame.Rect(box).inflate(4, 4).contains(drawn.ink):
                    out.append(f"{w!r} at {drawn.ink} leaves its box {box}")
    return out


def problems_of(ctx, monkeypatch, name, lang, scale) -> list[str]:
    comp, frame = show(ctx, monkeypatch, name, lang, scale)
    assert frame, f"{name}: nothing was drawn"
    out = [f"tofu {comp.tofu[:3]}"] if comp.tofu else []
    out += sorted(set(comp.spills)) + cut_words(frame, lang) + touching_words(frame) + label_problems(ctx, frame)
    if lang != "en":
        out += english_words([w.words for w in frame], lang, ALLOWED)
    return out


QUICK_SCALE = {"en": 0.75, "es": 1.0, "ja": 0.75}  # each language at one size (the other in the slow test)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_screen_fits_in_each_language(ctx, monkeypatch, lang, name):
    problems = problems_of(ctx, monkeypatch, name, lang, QUICK_SCALE[lang])
    assert not problems, f"{name} in {lang}:\n" + "\n".join(problems)


@pytest.mark.slow
@pytest.mark.parametrize("size", sorted(SCALES))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_screen_fits_in_each_language_at_both_sizes(ctx, monkeypatch, lang, name, size):
    problems = problems_of(ctx, monkeypatch, name, lang, SCALES[size])
    assert not problems, f"{name} in {lang} at {size}:\n" + "\n".join(problems)


def test_switching_language_over_the_board_leaves_no_english(ctx, monkeypatch):
    """Settings → Language with a game open: the board's cached pictures (the Ordeal cards, the
    still frame) follow the new language (issue 25: Simulation cards stayed English)."""
    from castellion.rules import new_game
    from castellion.ui.language import switch
    from tests.project.test_i18n_screens import board

    scene = board(ctx, new_game("base", seed=3))
    ctx.stack.reset(scene)
    ctx.stack.apply_pending()
    surface = make_surface(1.0)
    ctx.stack.draw(surface)  # drawn (and cached) in English
    switch(ctx, "es")
    comp = Compositor(monkeypatch)
    comp.draw_stack(ctx.stack, surface)
    words = [w.words for w in comp.frame(surface)]
    assert catalog("es")["board.reconstructed"] in words  # the Spanish words were drawn
    assert not english_words(words, "es", ALLOWED), english_words(words, "es", ALLOWED)


def test_the_reveal_keeps_its_last_tick_inside_the_panel(ctx, monkeypatch):
    """Issue 25, item 5: the ✓ after "Foundation complete 6/6" (Exam II) sat on the panel's
    border in English at 1280×800."""
    problems = problems_of(ctx, monkeypatch, "reveal-exam-2", "en", 1.0)
    assert not problems, problems
