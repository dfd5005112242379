"""The high-contrast theme (issue 31, item 2; Settings → Accessibility): its text reaches 7:1
against its backing and its UI parts 3:1 (WCAG 2 contrast ratio) over every colour pair the theme
draws (`theme.CONTRAST_PAIRS`), and no screen drawn in it shows a paper texture or the backdrop
painting: panels and backdrop are plain backing, and each tile carries a strong outline."""

from __future__ import annotations

import pygame
import pytest

from castellion.ui import painting
from castellion.ui.theme import CONTRAST_PAIRS, HIGH_CONTRAST, STANDARD, Theme, contrast


def _high_contrast() -> Theme:
    theme = Theme()
    theme.set_high_contrast(True)
    return theme


def test_every_colour_pair_of_the_high_contrast_theme_reaches_its_target(capsys):
    theme = _high_contrast()
    lines, under = [], []
    for fore, back, target in CONTRAST_PAIRS:
        ratio = contrast(getattr(theme, fore), getattr(theme, back))
        kind = "text" if target >= 7 else "part"
        lines.append(f"{fore:>24} on {back:<24} {ratio:5.2f}:1  ({kind}, needs {target:g}:1)")
        if ratio < target:
            under.append(lines[-1])
    with capsys.disabled():  # the list of every pair and its ratio, in the test's output
        print("\nhigh-contrast theme, every colour pair:\n" + "\n".join(lines))
    assert len(lines) >= 30
    assert not under, "\n".join(under)


def test_the_contrast_ratio_is_wcag_s():
    """The formula is WCAG 2's (black on white 21:1, a colour on itself 1:1, #767676 on white 4.54:1)."""
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    assert contrast((12, 34, 56), (12, 34, 56)) == pytest.approx(1.0)


def test_the_standard_theme_fails_the_targets_the_high_contrast_one_meets():
    """The check is not blind: the standard palette has pairs under target (faint ink, the gold
    focus ring on parchment), and switching back restores it exactly."""
    theme = Theme()
    assert any(contrast(getattr(theme, f), getattr(theme, b)) < t for f, b, t in CONTRAST_PAIRS)
    theme.set_high_contrast(True)
    theme.set_high_contrast(False)
    assert {name: getattr(theme, name) for name in HIGH_CONTRAST} == STANDARD
    assert not theme.high_contrast


def test_a_panel_is_plain_backing_in_the_high_contrast_theme(ctx):
    """Every pixel inside the panel's border is the one backing colour (the standard panel's
    paper has many)."""
    def inside(theme_on: bool) -> set:
        ctx.settings.high_contrast = theme_on
        ctx.apply_settings(["high_contrast"])
        surface = pygame.Surface((400, 300))
        painting.draw_panel(surface, pygame.Rect(20, 20, 300, 200), ctx)
        return {tuple(surface.get_at((x, y)))[:3] for x in range(40, 300, 7) for y in range(40, 200, 7)}

    assert len(inside(False)) > 20
    assert inside(True) == {ctx.theme.parchment}


HC_SCREENS = {
    "board": "board-solo", "menu": "menu", "setup": "setup", "reveal": "reveal", "end": "end-won",
    "records": "statistics-records", "settings": "accessibility",
}


def _review(ctx, review: dict) -> list:
    from castellion.scenes.review import ReviewScene
    from tests.review_helpers import keep, lost_game

    keep(review)
    doc = lost_game()
    return [ReviewScene(ctx, doc["options"], doc["actions"])]


@pytest.mark.parametrize("name", sorted(HC_SCREENS))
def test_no_paper_texture_is_drawn_in_the_high_contrast_theme(ctx, monkeypatch, name):
    """The board, menu, setup, reveal, end, records and settings screens drawn in the theme: no
    panel paper is textured and the backdrop painting is not drawn (a plain `night` backdrop:
    the canvas' corner pixel)."""
    from tests.project.test_i18n_screens import SCENES

    _check_plain(ctx, monkeypatch, name, lambda: SCENES[HC_SCREENS[name]](ctx))


def test_no_paper_texture_is_drawn_on_the_review_in_the_high_contrast_theme(ctx, monkeypatch, quick_review):
    _check_plain(ctx, monkeypatch, "review", lambda: _review(ctx, quick_review))


def _check_plain(ctx, monkeypatch, name, make) -> None:
    ctx.settings.high_contrast = True
    ctx.apply_settings(["high_contrast"])
    made: list[tuple] = []
    real = painting._parchment

    def parchment(*args, **kwargs):
        picture = real(*args, **kwargs)
        made.append((picture, args[1]))
        return picture

    monkeypatch.setattr(painting, "_parchment", parchment)
    covers: list[str] = []
    real_cover = ctx.sprites.cover
    monkeypatch.setattr(ctx.sprites, "cover", lambda key, size: covers.append(key) or real_cover(key, size))
    monkeypatch.setattr(painting, "_backdrop_cache", {})  # the painting is asked for, not found kept
    ctx.stack.reset(*make())
    ctx.stack.apply_pending()
    surface = pygame.Surface(ctx.canvas)
    surface.fill((255, 0, 255))  # a backdrop never painted would show this, not the theme's night
    for _ in range(3):
        ctx.stack.update(1 / 60)
        ctx.stack.draw(surface)
        ctx.stack.apply_pending()
    assert not getattr(ctx, "errors", []), ctx.errors
    assert "background" not in covers
    assert made, "no panel was drawn"
    for picture, base in made:
        w, h = picture.get_size()
        colours = {tuple(picture.get_at((x, y)))[:3] for x in range(w // 8, w - w // 8, max(1, w // 20))
                   for y in range(h // 8, h - h // 8, max(1, h // 20))}
        assert colours == {tuple(base)}, (name, len(colours))
    corner = tuple(surface.get_at((1, surface.get_height() - 2)))[:3]
    if name not in ("board", "reveal"):  # (the board's bottom corner is its own panels)
        assert corner == tuple(ctx.theme.night), corner


def test_tiles_carry_a_strong_outline_in_the_high_contrast_theme(ctx):
    from castellion.ui.castle_view import TileArt

    art = TileArt(ctx)
    plain = art.tile("Sc", 80)
    ctx.theme.set_high_contrast(True)
    outlined = art.tile("Sc", 80)
    edge = [outlined.get_at((x, 40)) for x in (0, 1)]
    assert all(c.a == 255 and contrast(tuple(c)[:3], ctx.theme.parchment) >= 7 for c in edge), edge
    # the standard tile's edge is soft (see-through at its rim): the outline is what the theme adds
    assert plain.get_at((0, 40)).a < 255


def test_the_accessibility_page_switches_the_theme_at_once(ctx):
    """Settings → Accessibility → High contrast: the theme's palette is swapped as the toggle is
    clicked, and back."""
    from castellion.scenes.nav import Route

    page = ctx.nav.make(Route.ACCESSIBILITY)
    page.high_contrast.activate()
    assert ctx.settings.high_contrast and ctx.theme.high_contrast and ctx.theme.parchment == (255, 255, 255)
    page.high_contrast.activate()
    assert not ctx.theme.high_contrast and ctx.theme.parchment == STANDARD["parchment"]


def test_the_backings_drawn_inside_screens_come_from_the_theme(ctx, monkeypatch, quick_review):
    """The text field's fill, the review graph's backing and the board's banner were fixed cream
    or brown inside their screens, outside the pairs checked above: in the theme they are its
    plain white (the field, the graph) and black (the banner)."""
    from castellion.rules import new_game
    from castellion.session import Session
    from castellion.ui.geometry import BoardLayout
    from tests.project.test_i18n_screens import board

    ctx.settings.high_contrast = True
    ctx.apply_settings(["high_contrast"])
    theme = ctx.theme
    assert (theme.field_fill, theme.graph_backing, theme.banner) == ((255, 255, 255), (255, 255, 255), (0, 0, 0))

    def drawn(scenes) -> pygame.Surface:
        ctx.stack.reset(*scenes)
        ctx.stack.apply_pending()
        surface = pygame.Surface(ctx.canvas)
        for _ in range(2):
            ctx.stack.update(1 / 60)
            ctx.stack.draw(surface)
            ctx.stack.apply_pending()
        assert not getattr(ctx, "errors", []), ctx.errors
        return surface

    from castellion.scenes.save_game import SaveGameOverlay

    dialog = SaveGameOverlay(ctx, Session(new_game("intro", seed=5)))
    surface = drawn([board(ctx, new_game("intro", seed=5)), dialog])
    field = dialog.field.rect
    assert tuple(surface.get_at((field.right - 12, field.bottom - 8)))[:3] == theme.field_fill
    banner = pygame.Rect(BoardLayout().banner)
    surface = drawn([board(ctx, new_game("intro", seed=5))])
    assert tuple(surface.get_at((banner.x + 12, banner.centery)))[:3] == theme.banner
    review = _review(ctx, quick_review)
    surface = drawn(review)
    graph = review[0].graph_rect
    assert tuple(surface.get_at((graph.x + 30, graph.y + 30)))[:3] == theme.graph_backing
