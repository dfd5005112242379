"""Any window, crisp (issue 12 §1) and idle costs nothing (§6), headless.

Scenes lay out in logical units on the 1280×800 canvas; `ui.canvas` maps them to the window's
pixels (scale s = min(w/1280, h/800), centred). These tests check the mapping, that art and text
are rendered at the displayed size (not stretched), that clicks land where they are shown at every
size, that no widget of any screen leaves the window or overlaps another, and that a still screen
is not redrawn.
"""

from __future__ import annotations

import itertools
import random

import pygame
import pytest

SIZES = [(1024, 600), (1366, 768), (1920, 1080), (2560, 1440)]


# ------------------------------------------------------------------------------ the viewport
@pytest.mark.parametrize("size", [*SIZES, (3840, 2160), (1280, 800), (1000, 1000)])
def test_the_viewport_keeps_proportions_centres_and_maps_both_ways(size):
    from castellion.ui.canvas import Viewport

    vp = Viewport(size)
    w, h = size
    assert vp.scale == pytest.approx(min(w / 1280, h / 800))
    assert pygame.Rect((0, 0), size).contains(vp.rect)
    # proportions kept: the canvas fills one dimension, the other is centred with even margins
    assert vp.rect.w == w or vp.rect.h == h
    assert abs(vp.rect.x - (w - vp.rect.right)) <= 1 and abs(vp.rect.y - (h - vp.rect.bottom)) <= 1
    # a window pixel maps back to the canvas point shown there (below scale 1 several canvas
    # points share a pixel: then to the nearest one it shows)
    slack = 0 if vp.scale >= 1 else int(1 / vp.scale)
    for logical in [(0, 0), (640, 400), (1279, 799), (37, 611)]:
        back = vp.to_logical(vp.to_physical(logical))
        assert abs(back[0] - logical[0]) <= slack and abs(back[1] - logical[1]) <= slack


# ------------------------------------------------------------------------------ crisp art and text
def test_sprites_and_text_are_rendered_at_the_displayed_size(pg):
    from castellion.ui.canvas import Image
    from castellion.ui.fonts import Fonts
    from castellion.ui.sprites import Sprites

    sprites, fonts = Sprites(), Fonts()
    plain = sprites.get("tile_Pt", 96)
    assert not isinstance(plain, Image) and plain.get_size() == (96, 96)
    sprites.set_scale(2.0)
    fonts.set_scale(2.0)
    tile = sprites.get("tile_Pt", 96)
    assert isinstance(tile, Image)
    assert tile.get_size() == (96, 96)  # what the scene lays out with
    assert tile.physical_size() == (192, 192)  # what the window shows: resampled once, at that size
    text = fonts.render("Castellion", 20, (0, 0, 0))
    logical = fonts.get("body", 20).size("Castellion")
    assert text.get_size() == logical
    w, h = text.physical_size()
    # rendered with the font at 40 px (not a 20 px picture stretched): about twice as big
    assert abs(w - 2 * logical[0]) <= 0.1 * logical[0] and abs(h - 2 * logical[1]) <= 0.15 * logical[1]
    assert w == fonts.get("body", 40).size("Castellion")[0]


def test_drawing_on_an_image_lands_at_the_scaled_place(pg):
    from castellion.ui import draw
    from castellion.ui.canvas import Image, layer

    img = Image((100, 50), 2.0, 0)
    img.fill((0, 0, 0))
    draw.rect(img, (255, 0, 0), (10, 10, 20, 5))
    assert img.get_at((20, 20))[:3] == (255, 0, 0)  # physical (20, 20) = logical (10, 10)
    assert img.get_at((59, 29))[:3] == (255, 0, 0)
    assert img.get_at((60, 30))[:3] == (0, 0, 0)
    patch = layer(img, (5, 5))
    patch.fill((0, 255, 0))
    assert patch.get_size() == (5, 5) and patch.physical_size() == (10, 10)
    assert img.blit(patch, (40, 20)) == pygame.Rect(40, 20, 5, 5)
    assert img.get_at((80, 40))[:3] == (0, 255, 0) and img.get_at((89, 49))[:3] == (0, 255, 0)
    # a plain (logical) surface is resampled to the scale, not blitted at half its size
    plain = pygame.Surface((10, 10))
    plain.fill((0, 0, 255))
    img.blit(plain, (0, 30))
    assert img.get_at((19, 79))[:3] == (0, 0, 255)


# ------------------------------------------------------------------------------ the app at any size
def _app(size):
    from castellion.app import App

    app = App(rng=random.Random(1), persist=False, window=size)
    for _ in range(2):
        app.step(1 / 60)
    return app


def _physical_click(app, logical):
    pos = app.viewport.to_physical(logical)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for _ in range(2):
        app.step(1 / 60)


@pytest.mark.parametrize("size", SIZES)
def test_a_click_in_window_pixels_hits_the_button_shown_there(size):
    from castellion.scenes.nav import Route

    app = _app(size)
    try:
        assert app.screen.get_size() == size
        menu = app.stack.top
        new_game = next(w for w in menu.widgets.widgets if getattr(w, "label", "") == "New game")
        _physical_click(app, new_game.rect.center)
        assert app.stack.top.route is Route.SETUP
        # the window's margins are outside the canvas: a click there hits nothing
        if app.viewport.rect.x > 0:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, size[1] // 2), button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(1, size[1] // 2), button=1))
            app.step(1 / 60)
            assert app.stack.top.route is Route.SETUP
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_screen_shows_the_canvas_scaled_with_the_backdrop_in_the_margins(size):
    app = _app(size)
    try:
        vp = app.viewport
        shot = app.screen
        # the menu's title is drawn inside the canvas at its scaled place (gold, not backdrop brown)
        x0, y0 = vp.to_physical((470, 110))
        x1, y1 = vp.to_physical((810, 190))
        gold = sum(1 for x in range(x0, x1, 3) for y in range(y0, y1, 3)
                   if shot.get_at((x, y)).r > 200 and shot.get_at((x, y)).g > 160)
        assert gold > 0.05 * ((x1 - x0) // 3) * ((y1 - y0) // 3), "no gold title letters where they belong"
        if vp.rect.x > 0:  # the side margins show the dimmed painting, not black
            assert sum(shot.get_at((vp.rect.x // 2, size[1] // 2))[:3]) > 30
    finally:
        app.close()


# ------------------------------------------------------------------------------ nothing cut or overlapping
def _widget_rects(scene):
    """(label, logical rect) of every visible widget of `scene` (its WidgetGroup; the board's buttons)."""
    out = []
    group = getattr(scene, "widgets", None)
    for w in getattr(group, "widgets", []):
        if w.visible:
            out.append((f"{type(w).__name__} {getattr(w, 'label', '')!r}", pygame.Rect(w.rect)))
    buttons = getattr(scene, "_buttons", None)
    if isinstance(buttons, dict):
        for key, b in buttons.items():
            if b.visible:
                out.append((f"board button {key}", pygame.Rect(b.rect)))
    return out


def _check_layout(app, what):
    vp = app.viewport
    window = pygame.Rect((0, 0), app.screen.get_size())
    s = vp.scale
    problems = []
    for scene in app.stack.scenes:
        rects = _widget_rects(scene)
        for label, r in rects:
            phys = pygame.Rect(vp.rect.x + round(r.x * s), vp.rect.y + round(r.y * s), round(r.w * s),
                               round(r.h * s))
            if not window.contains(phys):
                problems.append(f"{what}: {label} at {r} leaves the {window.size} window")
        for (la, a), (lb, b) in itertools.combinations(rects, 2):
            if a.colliderect(b):
                problems.append(f"{what}: {la} {a} overlaps {lb} {b}")
    return problems


def _screens(app):
    """Build each screen issue 12 lists, yield its name once it is drawn."""
    from castellion.rules import new_game
    from castellion.scenes import end, reveal
    from castellion.scenes.board import BoardScene
    from castellion.scenes.menu import MenuScene
    from castellion.scenes.nav import Route

    ctx = app.ctx

    def show(*scenes):
        app.stack.reset(*scenes)
        app.stack.apply_pending()
        for _ in range(3):
            app.step(1 / 60)

    yield "menu"
    for route in (Route.SETUP, Route.SETTINGS, Route.SAVES, Route.STATS, Route.PAUSE):
        show(MenuScene(ctx), ctx.nav.make(route))
        yield route.name.lower()
    show(MenuScene(ctx), BoardScene(ctx, new_game("base", seed=7)))
    yield "board solo"
    ctx.player_names = ("Anna", "Ben")
    show(MenuScene(ctx), BoardScene(ctx, new_game("base", seed=4, players=2)))
    yield "board two players"
    show(MenuScene(ctx), BoardScene(ctx, new_game("base", seed=8, variant="prison", pantry=True)))
    yield "board prison + pantry"
    game = new_game("intro", seed=1)
    show(MenuScene(ctx), BoardScene(ctx, game), reveal.self_test_scene(ctx, game))
    yield "reveal"
    show(MenuScene(ctx), BoardScene(ctx, new_game("intro", seed=5)),
         end.EndScreen(ctx, result="lost", reason="The castle fell to the Harpy.", level="intro", seed=5))
    yield "end screen"


@pytest.mark.parametrize("size", [SIZES[0], *(pytest.param(s, marks=pytest.mark.slow) for s in SIZES[1:])])
def test_no_widget_leaves_the_window_or_overlaps_another_at_any_size(size):
    from castellion.scenes.nav import Route

    app = _app(size)
    problems = []
    seen = []
    try:
        for name in _screens(app):
            seen.append(name)
            assert not any(s.route is Route.ERROR for s in app.stack.scenes), f"{name}: the error screen"
            problems += _check_layout(app, name)
    finally:
        app.close()
    assert len(seen) == 11
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------------------ idle
def test_a_still_screen_is_not_redrawn_until_something_happens(app):
    app.step(1 / 60, draw=None)
    app._busy_until = 0.0  # (past the short grace after the start)
    app.redraw = False
    before = app.drawn_frames
    for _ in range(30):
        app.step(1 / 60, draw=None)
    assert app.drawn_frames == before, "the menu was redrawn although nothing changed"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 400), rel=(1, 1), buttons=(0, 0, 0)))
    app.step(1 / 60, draw=None)
    assert app.drawn_frames == before + 1, "input must be shown at once"


def test_an_animating_scene_and_a_fading_notice_are_drawn_every_frame(app):
    from castellion.scenes.stack import Scene

    class Spinner(Scene):
        transparent = True

        def animating(self):
            return True

    app.stack.push(Spinner(app.ctx))
    app.step(1 / 60, draw=None)
    app._busy_until = 0.0
    before = app.drawn_frames
    for _ in range(5):
        app.step(1 / 60, draw=None)
    assert app.drawn_frames == before + 5
    app.stack.pop(app.stack.top)
    app.step(1 / 60, draw=None)
    app._busy_until, app.redraw = 0.0, False
    app.ctx.notify("saved", "info")
    app.step(1 / 60, draw=None)  # a new notice: drawn
    app._busy_until = 0.0
    before = app.drawn_frames
    app.step(1 / 60, draw=None)  # standing still: not drawn
    assert app.drawn_frames == before
    app.ctx.notices.items[0].age = 4.8  # fading out: drawn every frame
    app.step(1 / 60, draw=None)
    app.step(1 / 60, draw=None)
    assert app.drawn_frames == before + 2
