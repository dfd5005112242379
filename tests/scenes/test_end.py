"""The end screen's layout (issue 31): laid out from its words' measured lines, at any window
scale and text size."""

from __future__ import annotations

import itertools

import pygame
import pytest

from castellion.scenes import end
from castellion.scenes.nav import Route
from castellion.ui import text, widgets
from tests.layout_words import Compositor, cut_words, make_surface, touching_words


def _won(ctx, reason: str = ""):
    return end.EndScreen(ctx, result="won", reason=reason, level="base", seed=123456, turns=41,
                         history=[{"type": "draw", "pile": "regular"}])


def _frame(ctx, monkeypatch, scene, scale: float):
    ctx.fonts.set_scale(scale)
    ctx.sprites.set_scale(scale)
    widgets.clear_caches()
    ctx.stack.reset(ctx.nav.make(Route.MENU), scene)
    ctx.stack.apply_pending()
    comp = Compositor(monkeypatch)
    surface = make_surface(scale)
    comp.reset(surface)
    comp.draw_stack(ctx.stack, surface)
    return comp.frame(surface)


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("text_size", [100, 200])
def test_review_this_game_clears_look_at_the_castle_at_1088x680(ctx, monkeypatch, lang, text_size):
    """Issue 31, item 7: on the victory screen at 1088×680 "Review this game" covered the "Look
    at the castle" link. Every button keeps clear of every other, and no words touch or are cut,
    with a reason long enough to wrap on three lines."""
    text.set_language(lang)
    ctx.settings.text_size = text_size
    ctx.apply_settings(["text_size"])
    reason = text.t("rules.loss.R-O5", ordeal=text.t("card.exam-2.name")) * 2
    scene = _won(ctx, reason)
    frame = _frame(ctx, monkeypatch, scene, 1088 / 1280)
    rects = [w.rect for w in scene.widgets.widgets]
    assert scene.review is not None
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), (a, b)
    assert all(scene.panel.contains(r) for r in rects)
    assert pygame.Rect(0, 0, 1280, 800).contains(scene.panel)
    assert not touching_words(frame) and not cut_words(frame, lang)


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_buttons_say_their_words_at_one_size_at_200(ctx, monkeypatch, spy, lang):
    """Each button's label grew as far as its own box allowed: at 200 % "Menú" stood much larger
    than "Nueva partida" beside it. The buttons now share one size, and so do the links."""
    text.set_language(lang)
    ctx.settings.text_size = 200
    ctx.apply_settings(["text_size"])
    scene = end.EndScreen(ctx, result="lost", reason=text.t("end.lost_sub"), level="intro", seed=5, turns=42,
                          history=[{"type": "draw", "pile": "regular"}])
    _frame(ctx, monkeypatch, scene, 1.0)
    sizes = {words: asked[-1] for words, asked in spy.sizes.items()}  # as the frame drew them
    buttons = [scene.again, scene.new, scene.menu, scene.winnable, scene.review]
    links = [scene.copy, scene.look, scene.picture]
    for row in (buttons, links):
        labels = [b.label for b in row if b is not None]
        assert all(label in sizes for label in labels), (labels, sorted(sizes))
        assert len({sizes[label] for label in labels}) == 1, {label: sizes[label] for label in labels}


@pytest.mark.parametrize("dialog", ["end", "save game", "analysis", "error"])
def test_the_dialogs_buttons_are_as_tall_as_their_words_by_one_rule(ctx, large_text, dialog):
    """The end screen, Save game, the analysis and the error screen make their buttons as tall as
    their words with `widgets.button_height` (the same rule, written once), at their text size."""
    from castellion.rules import new_game
    from castellion.session import Session

    scene = {"end": lambda: _won(ctx),
             "save game": lambda: ctx.nav.make(Route.SAVE_GAME, Session(new_game("intro", seed=5))),
             "analysis": lambda: ctx.nav.make(Route.ANALYSIS, "intro", 2, {}, work=1),
             "error": lambda: ctx.nav.make(Route.ERROR, RuntimeError("x"))}[dialog]()
    buttons = [w for w in scene.widgets.widgets if type(w) is widgets.Button and w.style != "ghost"]
    assert buttons
    with ctx.fonts.limited(scene.text_limit):
        assert scene.text_limit > 1.0 and widgets.button_height(ctx) > ctx.theme.button_height
        assert {b.rect.h for b in buttons} == {widgets.button_height(ctx)}
