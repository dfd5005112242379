"""Issue 31: Setup, the daily deals, the Statistics table, the saves list and the tutorial's parts
at every text size (100 … 200 %) in English, Spanish and Japanese at 1280×800 and 1024×600: each
takes the player's size (none is held below it any more), no word leaves the screen's panel, is
cut, or touches another, no two controls overlap, and the control the keyboard focuses is in view.
One case per screen in the quick tier; every combination (5 screens × 5 sizes × 3 languages ×
2 windows = 150) in the slow tier. (Every screen's words at every size: test_layout_words.py.)"""

from __future__ import annotations

import itertools

import pygame
import pytest

from castellion.ui.geometry import CANVAS
from tests.conftest import key_event
from tests.layout_words import cut_words, english_words, touching_words
from tests.project.test_layout_words import ALLOWED, SCALES, every_text_size, label_problems, show

SCREENS = ("setup", "daily", "statistics", "saves", "tutorial-parts")
SIZES = (100, 125, 150, 175, 200)
# the quick tier: each screen once at 200 %, the languages and windows taken in turn
QUICK = [("setup", "es", "1280x800"), ("daily", "ja", "1024x600"), ("statistics", "en", "1024x600"),
         ("saves", "ja", "1280x800"), ("tutorial-parts", "es", "1024x600")]


def problems_at(ctx, monkeypatch, name: str, lang: str, window: str, text_size: int) -> list[str]:
    comp, frame = show(ctx, monkeypatch, name, lang, SCALES[window], text_size)
    scene = ctx.stack.top
    out = [f"tofu {comp.tofu[:3]}"] if comp.tofu else []
    out += sorted(set(comp.spills)) + cut_words(frame, lang) + touching_words(frame) + label_problems(ctx, frame)
    if lang != "en":
        out += english_words([w.words for w in frame], lang, ALLOWED)
    if scene.text_limit < text_size / 100:
        out.append(f"held at {scene.text_limit:.0%} below the player's {text_size} %")
    panel = pygame.Rect(getattr(scene, "panel", pygame.Rect((0, 0), CANVAS)))
    out += [f"{w.words!r} at {w.ink} leaves the panel {panel}" for w in frame if not panel.contains(w.ink)]
    shown = [w for w in scene.widgets.widgets if w.visible]
    out += [f"{a!r} {a.rect} overlaps {b!r} {b.rect}" for a, b in itertools.combinations(shown, 2)
            if pygame.Rect(a.rect).colliderect(b.rect)]
    for _ in range(len(scene.widgets.widgets)):  # each control the keyboard reaches is in view
        scene.handle(key_event(pygame.K_TAB))
        scene.update(1 / 60)
        focused = scene.widgets.focused
        if focused is not None and not (focused.visible and panel.contains(focused.rect)):
            out.append(f"the focused {focused!r} at {focused.rect} is out of view")
    return out


@pytest.mark.parametrize(("name", "lang", "window"), QUICK)
def test_each_screen_takes_200_percent_and_fits(ctx, monkeypatch, name, lang, window):
    problems = problems_at(ctx, monkeypatch, name, lang, window, 200)
    assert not problems, f"{name} in {lang} at {window}, 200 %:\n" + "\n".join(problems)


@every_text_size(SIZES)
@pytest.mark.parametrize("name", SCREENS)
def test_each_screen_fits_at_every_text_size(ctx, monkeypatch, name, lang, window, text_size):
    problems = problems_at(ctx, monkeypatch, name, lang, window, text_size)
    assert not problems, f"{name} in {lang} at {window}, {text_size} %:\n" + "\n".join(problems)
