"""Issue 31: the main menu at every text size, in English, Spanish and Japanese, at 1280×800 and
1024×600. Its six small buttons each shrank their own label to fit, so at 175 % "Cargar partida"
and "Aprender a jugar" stood much smaller than "Reglas" and "Salir" beside them, and the grown
"Continuar" was squeezed over its note. Now the panel grows and lays its buttons out again: every
label is drawn at one size, the player's or (where the panel truly has no room) the largest size
at which every label fits whole; nothing leaves the panel, is cut, touches, or overlaps."""

from __future__ import annotations

import itertools

import pygame
import pytest

from castellion.scenes.nav import Route
from castellion.ui.fonts import Fonts
from castellion.ui.text import t
from tests.layout_words import cut_words, touching_words
from tests.project.test_layout_words import LANGS, SCALES, label_problems, show

SIZES = (125, 150, 175, 200)
LABELS = ("menu.new_game", "menu.continue", "menu.load", "menu.learn", "menu.rules", "menu.stats", "menu.settings",
          "menu.quit")
# the text size every label reaches (all three languages, both windows): the player's, 200 % too
# (there the title smaller at the top, no tagline; Japanese has its four short buttons in one row)
REACHED = 2.0


def drawn(ctx, monkeypatch, lang: str, window: str, text_size: int):
    """Show the menu; answer it, the size each of its labels was drawn at (px, the text size
    applied) and the frame's problems."""
    sizes: dict[str, set[int]] = {}
    inner = Fonts.render

    def render(fonts, words, size, colour, role="body"):
        sizes.setdefault(words, set()).add(fonts.sized(size))
        return inner(fonts, words, size, colour, role)

    monkeypatch.setattr(Fonts, "render", render)
    comp, frame = show(ctx, monkeypatch, "menu", lang, SCALES[window], text_size)
    menu = ctx.stack.top
    assert menu.route is Route.MENU
    problems = sorted(set(comp.spills)) + cut_words(frame, lang) + touching_words(frame) + label_problems(ctx, frame)
    shown = [w for w in menu.widgets.widgets if w.visible]
    problems += [f"{a.label!r} {a.rect} overlaps {b.label!r} {b.rect}" for a, b in itertools.combinations(shown, 2)
                 if pygame.Rect(a.rect).inflate(8, 8).colliderect(b.rect)]  # (the focus ring too)
    labels = {t(key) for key in LABELS}
    problems += [f"{w.words!r} at {w.ink} leaves the panel {menu.panel}" for w in frame
                 if w.words in labels and not menu.panel.contains(w.ink)]
    problems += [f"{b.label!r} {b.rect} leaves the panel {menu.panel}" for b in menu.panel_buttons()
                 if not menu.panel.contains(b.rect)]
    return menu, {label: sizes.get(label, set()) for label in labels}, problems


def check(ctx, monkeypatch, lang: str, window: str, text_size: int) -> None:
    menu, sizes, problems = drawn(ctx, monkeypatch, lang, window, text_size)
    where = f"{lang} at {window}, {text_size} %"
    assert not problems, where + ":\n" + "\n".join(problems)
    assert all(len(s) == 1 for s in sizes.values()), (where, sizes)  # each label drawn whole at one size
    assert len({s for one in sizes.values() for s in one}) == 1, (where, sizes)  # ...the same for all eight
    (size,) = next(iter(sizes.values()))
    asked = ctx.theme.font_button
    assert size == round(asked * menu.text_limit), (where, size, menu.text_limit)
    assert menu.text_limit >= min(text_size / 100, REACHED), (where, menu.text_limit)


@pytest.mark.parametrize(("lang", "window"), [("es", "1280x800"), ("ja", "1024x600"), ("en", "1024x600")])
def test_every_menu_label_is_drawn_at_one_size_at_175(ctx, monkeypatch, lang, window):
    check(ctx, monkeypatch, lang, window, 175)


@pytest.mark.slow
@pytest.mark.parametrize("text_size", SIZES)
@pytest.mark.parametrize("window", sorted(SCALES))
@pytest.mark.parametrize("lang", LANGS)
def test_every_menu_label_is_drawn_at_one_size_at_every_text_size(ctx, monkeypatch, lang, window, text_size):
    check(ctx, monkeypatch, lang, window, text_size)


@pytest.mark.parametrize(("lang", "window"), [("es", "1024x600"), ("ja", "1280x800"), ("en", "1280x800")])
def test_every_menu_label_is_drawn_at_200_under_a_smaller_title(ctx, monkeypatch, lang, window):
    """At 200 % the eight buttons need more height than the title and the tagline leave: the title
    goes smaller to the top, the tagline is left out, and every label is drawn at 200 %."""
    check(ctx, monkeypatch, lang, window, 200)
    menu = ctx.stack.top
    assert menu.text_limit == 2.0 and menu.compact and menu.tight, (lang, window, menu.panel)


def test_the_menu_at_100_is_laid_out_as_before(ctx, monkeypatch):
    """At 100 % the panel and its buttons keep their places and their own label sizes."""
    menu, _, problems = drawn(ctx, monkeypatch, "en", "1280x800", 100)
    assert not problems, problems
    assert menu.panel == pygame.Rect(430, 330, 420, 410) and not menu.compact
    assert [tuple(b.rect) for b in menu.panel_buttons()][2:4] == [(480, 498, 154, 52), (646, 498, 154, 52)]
    assert [b.font_size for b in menu.panel_buttons()] == [None, None, 24, 19, None, 24, 24, None]


def test_the_menu_lays_itself_out_again_when_the_text_size_changes(ctx, monkeypatch):
    """Settings → Text size over the menu: the menu below follows (its buttons placed again)."""
    menu, _, _ = drawn(ctx, monkeypatch, "es", "1280x800", 100)
    narrow = menu.panel.w
    ctx.settings.text_size = 150
    ctx.apply_settings(["text_size"])
    menu.update(1 / 60)
    assert menu.panel.w > narrow and menu.text_limit == 1.5
    assert {b.font_size for b in menu.panel_buttons()} == {None}
