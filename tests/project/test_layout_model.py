"""The layout test's model of drawing (tests/layout_words.py) after issue 19's caches: a panel
composed from its cached pieces is still the panel's rect, a button's cached face is a widget
(it hides what lies under the button, it is no panel), and the model still catches the real
defects it is there for — a word leaving its panel, a button label ellipsised, a word under a
button. Each check is shown failing on a deliberate defect and passing on its sound twin."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from castellion.scenes.nav import Route
from castellion.ui import painting, text, widgets
from castellion.ui.widgets import Button, draw_text
from tests.layout_words import Compositor, cut_words, make_surface, touching_words
from tests.project.test_i18n_screens import SCENES
from tests.project.test_layout_words import label_problems, problems_of

PANEL = pygame.Rect(300, 200, 400, 240)


def canvas(ctx, monkeypatch, scale: float):
    text.set_language("en")
    ctx.fonts.set_scale(scale)
    ctx.sprites.set_scale(scale)
    widgets.clear_caches()
    return Compositor(monkeypatch), make_surface(scale)


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("frames", [1, 2])  # the second frame blits the panel from its cache
def test_a_panel_from_cached_pieces_is_its_rect(ctx, monkeypatch, scale, frames):
    comp, surface = canvas(ctx, monkeypatch, scale)
    for _ in range(frames):
        comp.reset(surface)
        painting.draw_backdrop(surface, ctx)
        painting.draw_panel(surface, PANEL, ctx)  # with its shadow: pieces blitted past _Logical.blit
        draw_text(surface, ctx, "Inside the panel", (PANEL.x + 30, PANEL.y + 30))
        draw_text(surface, ctx, "This line runs past the panel's right edge", (PANEL.x + 150, PANEL.y + 80))
    assert painting._shadowed_panel_cache, "the panel was not drawn from the cache of pieces"
    long_line = next(w for w in comp.frame(surface) if w.words.startswith("This"))
    assert comp.spills == [f"{long_line.words!r} at {long_line.ink} leaves its panel {PANEL}"]
    assert [w.words for w in comp.frame(surface) if not w.cut] == ["Inside the panel"]


def test_a_panel_without_its_shadow_is_its_rect_too(ctx, monkeypatch):
    comp, surface = canvas(ctx, monkeypatch, 1.0)
    painting.draw_panel(surface, PANEL, ctx, shadow=False)
    draw_text(surface, ctx, "On the gold line", (PANEL.x + 2, PANEL.y + 40))
    assert len(comp.spills) == 1 and comp.spills[0].endswith(f"leaves its panel {PANEL}")


@pytest.mark.parametrize("scale", [1.0, 0.75])
def test_a_panel_hides_the_words_under_it(ctx, monkeypatch, scale):
    comp, surface = canvas(ctx, monkeypatch, scale)
    painting.draw_backdrop(surface, ctx)
    draw_text(surface, ctx, "Under the panel", (PANEL.x + 40, PANEL.y + 40))
    draw_text(surface, ctx, "Half under the panel", (PANEL.x - 60, PANEL.y + 120))
    draw_text(surface, ctx, "Beside the panel", (PANEL.right + 40, PANEL.y + 40))
    painting.draw_panel(surface, PANEL, ctx)
    shown = {w.words: w.cut for w in comp.frame(surface)}
    assert shown == {"Half under the panel": True, "Beside the panel": False}


def test_a_clipped_panel_hides_only_what_it_redraws(ctx, monkeypatch):
    """The board's still picture redraws a clipped rect (scenes/board/still.py): the panel's words
    outside the clip are still there."""
    comp, surface = canvas(ctx, monkeypatch, 1.0)
    draw_text(surface, ctx, "Outside the clip", (PANEL.x + 40, PANEL.y + 40))
    surface.set_clip(pygame.Rect(PANEL.x, PANEL.y + 100, PANEL.w, 60))
    painting.draw_panel(surface, PANEL, ctx)
    surface.set_clip(None)
    assert [w.words for w in comp.frame(surface)] == ["Outside the clip"]


def test_a_button_face_is_a_widget_not_a_panel(ctx, monkeypatch):
    """Words over a button's face are not held to it as to a panel (the 38 screens that failed
    after issue 19 took a face of 352×85 or 187×85 for the panel of the words over it): a line
    written across the veil of an overlay, over the buttons of the screen below, is no spill."""
    comp, surface = canvas(ctx, monkeypatch, 0.75)
    painting.draw_backdrop(surface, ctx)
    Button(ctx, (PANEL.x + 40, PANEL.y + 100, 320, 52), "Continue").draw(surface)  # on the backdrop
    assert len(widgets.FACES) == 1
    assert comp.spills == [] and not cut_words(comp.frame(surface), "en")
    comp.scene = 1  # an overlay without a panel of its own (a veil, a banner across the screen)
    painting.dim(surface, ctx)
    draw_text(surface, ctx, "A banner across the whole screen, over the buttons", (PANEL.centerx, PANEL.y + 126),
              size=30, anchor="center")
    assert comp.spills == []
    assert not cut_words(comp.frame(surface), "en")


def test_a_button_label_too_long_is_caught(ctx, monkeypatch):
    comp, surface = canvas(ctx, monkeypatch, 0.75)
    painting.draw_panel(surface, PANEL, ctx)
    Button(ctx, (PANEL.x + 40, PANEL.y + 100, 140, 52), "Continue").draw(surface)
    Button(ctx, (PANEL.x + 200, PANEL.y + 100, 140, 52),
           "A label far too long for this little button").draw(surface)
    problems = cut_words(comp.frame(surface), "en")  # (its label and its shadow)
    assert problems and all(p.startswith("'A label far") and p.endswith("is ellipsised") for p in problems)


def test_a_word_under_a_button_is_caught(ctx, monkeypatch):
    """The tutorial offer's "step." under its "Show me" button (menu.py, fixed with this test):
    a button face hides the part of a word it is drawn over."""
    comp, surface = canvas(ctx, monkeypatch, 0.75)
    painting.draw_panel(surface, PANEL, ctx)
    draw_text(surface, ctx, "step.", (PANEL.x + 100, PANEL.y + 92))  # its foot 8 px into the button
    draw_text(surface, ctx, "clear", (PANEL.x + 100, PANEL.y + 60))
    draw_text(surface, ctx, "hidden", (PANEL.x + 120, PANEL.y + 112))  # wholly under it
    Button(ctx, (PANEL.x + 40, PANEL.y + 100, 320, 52), "Show me").draw(surface)
    problems = cut_words(comp.frame(surface), "en")
    assert len(problems) == 1 and problems[0].startswith("'step.' is cut")
    # a word wholly under the button is hidden (not shown: the frame does not say it)
    assert {w.words for w in comp.frame(surface)} == {"step.", "clear", "Show me"}


def test_words_touching_on_a_panel_are_caught(ctx, monkeypatch):
    comp, surface = canvas(ctx, monkeypatch, 1.0)
    painting.draw_panel(surface, PANEL, ctx)
    draw_text(surface, ctx, "First line", (PANEL.x + 30, PANEL.y + 40))
    draw_text(surface, ctx, "Second line", (PANEL.x + 30, PANEL.y + 52))
    assert touching_words(comp.frame(surface))


def test_a_dialog_over_the_menu_checks_its_words_against_its_own_panel(ctx, monkeypatch):
    """The confirm dialog's title too long for it: reported against the DIALOG's panel (before the
    fix the words were matched with a menu button's face under the dialog, the dialog's cached
    panel being unseen)."""
    monkeypatch.setitem(SCENES, "confirm-too-long", lambda c: [c.nav.make(Route.MENU), c.nav.make(
        Route.CONFIRM, "A question title much too long for its dialog box")])
    problems = problems_of(ctx, monkeypatch, "confirm-too-long", "en", 0.75)
    dialog = ctx.stack.scenes[-1].panel
    assert dialog == pygame.Rect(360, 250, 560, 300)
    spills = [p for p in problems if "leaves its panel" in p]
    assert spills == [p for p in spills if p.endswith(f"leaves its panel {dialog}")] != []
    # its sound twin: the same dialog with the real title has no problem
    assert not problems_of(ctx, monkeypatch, "confirm", "en", 0.75)


def test_label_problems_sees_a_label_leaving_its_button(ctx, monkeypatch):
    """The test's widget check (label inside its widget) on the words a cached face's button draws."""
    comp, surface = canvas(ctx, monkeypatch, 1.0)
    button = Button(ctx, (PANEL.x + 40, PANEL.y + 100, 140, 52), "Go")

    # what label_problems walks: the stack's scenes and their attributes holding widgets
    shown = SimpleNamespace(stack=SimpleNamespace(scenes=[SimpleNamespace(button=button)]))
    button.draw(surface)
    assert not label_problems(shown, comp.frame(surface))
    button.rect.move_ip(0, 20)  # the widget moved, the words drawn did not: they leave it
    problems = label_problems(shown, comp.frame(surface))
    assert problems and all(p.startswith("'Go' at") and p.endswith(f"leaves its box {button.rect}") for p in problems)
