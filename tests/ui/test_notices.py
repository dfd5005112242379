"""Issue 31: notices (ui/notices.py) at every text size, in English, Spanish and Japanese, at
1280×800 and 1024×600. A short notice and the longest one each language's catalog says as a
notice (the storage messages, the others the game sends to `notify`), both shown at once over the
menu with the keyboard's focus on its first button, and over the board: each inside the window,
its words wrapped inside its card (none cut, none touching), and none covering the focused control,
the tile in hand or the board's buttons."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pygame
import pytest

from castellion.rules import new_game
from castellion.scenes.nav import Route
from castellion.ui.geometry import CANVAS
from tests.catalogs import catalog
from tests.conftest import key_event
from tests.layout_words import Compositor, cut_words, make_surface, set_text, touching_words
from tests.project.test_layout_words import LANGS, SCALES, every_text_size

ROOT = Path(__file__).resolve().parents[2]
SIZES = (100, 125, 150, 175, 200)
FIELD = re.compile(r"\{[^}]*\}")
SAMPLE = "autosave-2026-12-06"  # every field of a message filled with a long word (a file's name)


@cache
def notice_keys() -> tuple[str, ...]:
    """Every message the game shows as a notice: those it sends to `notify` by id, the storage
    messages (`ui.storage_text.words_text`) and how the last game ended."""
    sent = set()
    for path in (ROOT / "castellion").rglob("*.py"):
        sent.update(re.findall(r'notify\(t\("([a-z_.]+)"', path.read_text(encoding="utf-8")))
    stored = {key for key in catalog("en") if key.startswith("storage.")}
    return tuple(sorted(sent | stored | {"controls.last_game_won", "controls.last_game_lost"}))


def short_and_longest(lang: str) -> tuple[str, str]:
    texts = [FIELD.sub(SAMPLE, catalog(lang)[key]) for key in notice_keys() if catalog(lang).get(key)]
    return min(texts, key=len), max(texts, key=len)


def shown(ctx, monkeypatch, screen: str, lang: str, window: str, text_size: int):
    """The screen with both notices over it, drawn once: (problems, notice rects)."""
    set_text(ctx, lang, SCALES[window], text_size)
    if screen == "menu":
        scenes = [ctx.nav.make(Route.MENU)]
    else:
        from castellion.scenes.board import BoardScene

        scenes = [BoardScene(ctx, new_game("base", seed=123456))]
    ctx.stack.reset(*scenes)
    ctx.stack.apply_pending()
    top = ctx.stack.top
    if screen == "menu":
        top.handle(key_event(pygame.K_TAB))  # the keyboard's focus on the first button
    short, longest = short_and_longest(lang)
    ctx.notices.clear()
    ctx.notify(short, "info")
    ctx.notify(longest, "error")
    comp = Compositor(monkeypatch)
    surface = make_surface(SCALES[window])
    for _ in range(2):
        comp.reset(surface)
        ctx.stack.update(1 / 60)
        comp.draw_stack(ctx.stack, surface)
        comp.scene = len(ctx.stack.scenes)  # the notices: over every scene
        ctx.notices.draw(surface, ctx)
    frame = comp.frame(surface)
    rects = [pygame.Rect(rect) for rect, _n, _lines in ctx.notices.layout(ctx)]
    notice_words = [w for w in frame if w.scene == len(ctx.stack.scenes)]
    problems = [f"notice {r} leaves the window" for r in rects if not pygame.Rect((0, 0), CANVAS).contains(r)]
    problems += cut_words(notice_words, lang) + touching_words(notice_words)
    problems += [f"{w.words!r} at {w.ink} is outside every notice" for w in notice_words
                 if not any(r.contains(w.ink) for r in rects)]
    said = "".join(w.words for w in notice_words if w.words not in ("i", "!", "\u00d7")).replace(" ", "")
    problems += [f"not all said: {said!r}"] if said != (short + longest).replace(" ", "") else []
    if screen == "menu":
        kept = [("the focused control", top.widgets.focused.rect)]
    else:
        kept = [("a button", pygame.Rect(r)) for r in top.button_rects()]
        kept.append(("the tile in hand", pygame.Rect(top._fitting_layout().hand_rect())))
    problems += [f"a notice {r} covers {what} {rect}" for r in rects for what, rect in kept if r.colliderect(rect)]
    ctx.notices.clear()
    return problems


# the quick tier: each language and window once, at 200 %, over both screens
QUICK = [("menu", "es", "1280x800"), ("menu", "ja", "1024x600"), ("board", "en", "1024x600"),
         ("board", "ja", "1280x800")]


@pytest.mark.parametrize(("screen", "lang", "window"), QUICK)
def test_notices_fit_the_window_at_200_percent(ctx, monkeypatch, screen, lang, window):
    problems = shown(ctx, monkeypatch, screen, lang, window, 200)
    assert not problems, f"{screen} in {lang} at {window}, 200 %:\n" + "\n".join(problems)


@every_text_size(SIZES)
@pytest.mark.parametrize("screen", ["menu", "board"])
def test_notices_fit_the_window_at_every_text_size(ctx, monkeypatch, screen, lang, window, text_size):
    problems = shown(ctx, monkeypatch, screen, lang, window, text_size)
    assert not problems, f"{screen} in {lang} at {window}, {text_size} %:\n" + "\n".join(problems)


def test_the_longest_notice_is_long():
    """The check is not blind: the longest notice wraps to several lines at 640 px."""
    for lang in LANGS:
        short, longest = short_and_longest(lang)
        assert len(longest) > 3 * len(short) and len(notice_keys()) > 40


class Placements:
    """Counts the notices' placements: each stacks the shown notices (`Notices._stacked`) at least
    once, at the usual width (and a second time at the window's width where that does not fit)."""

    def __init__(self, monkeypatch) -> None:
        from castellion.ui.notices import Notices

        self.count = 0
        stacked = Notices._stacked

        def spy(notices, ctx, width):
            self.count += 1
            return stacked(notices, ctx, width)

        monkeypatch.setattr(Notices, "_stacked", spy)


def test_a_frame_with_a_notice_lays_it_out_once(app, monkeypatch):
    """The app's frame with a click (the hit test) and a drawing places the notice once, and the
    frames after it with nothing changed do not place it again."""
    from tests.conftest import frames

    app.ctx.notify("autosave-2026-12-06", "warning")
    placements = Placements(monkeypatch)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(2, 2), button=1))
    frames(app, 1)
    assert app.drawn_frames and placements.count == 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(2, 2), button=1))
    frames(app, 3)
    assert placements.count == 1 and app.ctx.notices.shown  # (the click missed it: still shown)


def _focus_first_button(ctx) -> None:
    ctx.stack.top.handle(key_event(pygame.K_TAB))


def _more_text(ctx) -> None:
    ctx.notify("autosave-2026-12-07", "info")


def _text_size(ctx) -> None:
    set_text(ctx, "en", 1.0, 150)


def _window_scale(ctx) -> None:
    set_text(ctx, "en", 0.75, 100)


@pytest.mark.parametrize("change", [_more_text, _text_size, _window_scale, _focus_first_button],
                         ids=["texts", "text size", "window scale", "keep clear"])
def test_the_placement_is_made_again_only_when_what_it_depends_on_changes(ctx, monkeypatch, change):
    set_text(ctx, "en", 1.0, 100)
    ctx.stack.reset(ctx.nav.make(Route.MENU))
    ctx.stack.apply_pending()
    ctx.notices.clear()
    ctx.notify("autosave-2026-12-06", "error")
    surface = make_surface(1.0)
    placements = Placements(monkeypatch)
    for _ in range(3):
        ctx.notices.draw(surface, ctx)
    assert placements.count == 1
    before = ctx.notices.layout(ctx)
    change(ctx)
    ctx.notices.draw(surface, ctx)
    assert placements.count > 1
    assert ctx.notices.layout(ctx) is not before
    ctx.notices.clear()


def _screens() -> dict:
    """Every screen with a focus order (the review's, which starts its computation, left out)."""
    from tests.ui.test_speech_focus import SCREENS

    return {**SCREENS, Route.TUTORIAL: lambda: ()}


@pytest.mark.parametrize("route", list(_screens()), ids=lambda r: r.value)
def test_every_screen_of_widgets_keeps_the_focused_control_clear(ctx, route):
    """Each screen declares what it keeps clear (`Scene.keep_clear`): a screen of widgets the
    control the keyboard focuses, and nothing while nothing is focused."""
    ctx.stack.reset(ctx.nav.make(route, *_screens()[route]()))
    ctx.stack.apply_pending()
    top = ctx.stack.top
    top.widgets.focus(None)
    assert top.keep_clear() == []
    for widget in top.widgets.focusables()[:3]:
        top.widgets.focus(widget)
        assert top.keep_clear() == [widget.rect]


def test_the_board_keeps_its_buttons_clear(ctx):
    from castellion.scenes.board import BoardScene

    ctx.stack.reset(BoardScene(ctx, new_game("base", seed=123456)))
    ctx.stack.apply_pending()
    ctx.stack.draw(make_surface(1.0))  # (the buttons are placed as the board is drawn)
    board = ctx.stack.top
    assert len(board.keep_clear()) >= 3 and board.keep_clear() == board.button_rects()
