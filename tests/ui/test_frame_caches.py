"""Issue 19 §5: no work wasted per frame — button faces drawn once per look, a drop draws the
board picture once — and the caches stay bounded and follow language, theme and window size."""

from __future__ import annotations

import pygame
import pytest

from castellion.rules import actions as A
from castellion.ui import faces, fit
from castellion.ui.canvas import Image
from castellion.ui.faces import FaceCache
from castellion.ui.geometry import center
from castellion.ui.text import language, set_language
from castellion.ui.widgets import Button, clear_caches
from tests.board_driver import BoardDriver, crafted, redraw_whole, still_draws, still_picture


@pytest.fixture
def layouts(monkeypatch):
    """Counts the text layouts drawing does (`fit_line` fitting a label to its room: every
    candidate size's font asked for the label's glyphs)."""
    calls = {"fit": 0}
    real = fit.fit_size

    def counted(*args, **kwargs):
        calls["fit"] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(fit, "fit_size", counted)
    clear_caches()
    yield calls
    clear_caches()


def _surface() -> pygame.Surface:
    s = pygame.Surface((400, 200))
    s.fill((200, 180, 140))
    return s


def test_a_second_draw_of_an_unchanged_button_does_no_text_layout(ctx, layouts):
    button = Button(ctx, (40, 40, 220, 56), "Undo", style="secondary")
    surface = _surface()
    button.draw(surface)
    first = layouts["fit"]
    assert first >= 1  # the first draw lays its label out
    renders = faces.FACES.renders
    for _ in range(3):
        button.draw(surface)
    assert layouts["fit"] == first
    assert faces.FACES.renders == renders


def test_what_the_face_depends_on_draws_it_again(ctx, layouts):
    button = Button(ctx, (40, 40, 220, 56), "Undo", style="primary")
    surface = _surface()
    button.draw(surface)
    seen = layouts["fit"]
    for change in (lambda: setattr(button, "hovered", True), lambda: setattr(button, "pressed", True),
                   lambda: setattr(button, "enabled", False), lambda: setattr(button, "focused", True),
                   lambda: setattr(button, "label", "Redo"),
                   lambda: setattr(ctx.theme, "button_disabled", (10, 20, 30))):
        change()
        button.draw(surface)
        assert layouts["fit"] > seen
        seen = layouts["fit"]


def test_a_language_change_renders_the_label_again(ctx, layouts):
    button = Button(ctx, (40, 40, 220, 56), "Castle 12", style="primary")
    before = language()
    try:
        set_language("en")
        english = _surface()
        button.draw(english)
        seen = layouts["fit"]
        set_language("ja")  # the Japanese interface draws even Latin text in its own font
        japanese = _surface()
        button.draw(japanese)
        assert layouts["fit"] > seen
        assert pygame.image.tobytes(english, "RGB") != pygame.image.tobytes(japanese, "RGB")
    finally:
        set_language(before)


def test_the_colour_blind_switch_draws_faces_again(ctx, layouts):
    button = Button(ctx, (40, 40, 220, 56), "Hint", style="secondary")
    button.draw(_surface())
    seen = layouts["fit"]
    ctx.theme.colourblind = not ctx.theme.colourblind
    try:
        button.draw(_surface())
        assert layouts["fit"] > seen
    finally:
        ctx.theme.colourblind = not ctx.theme.colourblind


def test_a_new_window_size_draws_faces_again(ctx, layouts):
    button = Button(ctx, (40, 40, 220, 56), "Menu", style="secondary")
    button.draw(_surface())
    seen = layouts["fit"]
    big = Image((400, 200), 1.5, flags=0)  # the canvas at another scale: a face at that scale
    button.draw(big)
    assert layouts["fit"] > seen
    clear_caches()  # what the app does after a resize
    assert len(faces.FACES) == 0


@pytest.mark.parametrize("state", ["plain", "hovered", "pressed", "disabled", "focused", "ghost", "note", "icon"])
def test_a_cached_face_looks_like_the_button_drawn_directly(ctx, layouts, state):
    kwargs = {"style": "ghost"} if state == "ghost" else {"note": "3 left"} if state == "note" else \
        {"icon": "pawn"} if state == "icon" else {}
    # (an icon beside a label too long for the button would hang over the shadow, where blending
    # onto the face's transparent margin and onto the screen differ by a few levels)
    button = Button(ctx, (60, 50, 240, 64), "Hint" if state == "icon" else "Use the power", **kwargs)
    button.hovered = state == "hovered"
    button.pressed = state == "pressed"
    button.enabled = state != "disabled"
    button.focused = state == "focused"
    cached, direct = _surface(), _surface()
    button.draw(_surface())
    renders = faces.FACES.renders
    button.draw(cached)  # from the cache
    assert faces.FACES.renders == renders
    button.paint(direct, button.rect)
    assert pygame.image.tobytes(cached, "RGB") == pygame.image.tobytes(direct, "RGB")


def test_the_face_cache_is_a_bounded_lru():
    cache = FaceCache(limit=3)
    pictures = {k: pygame.Surface((1, 1)) for k in "abcd"}
    for k in "abc":
        cache.put(k, pictures[k])
    assert cache.get("a") is pictures["a"]  # used: now the most recent
    cache.put("d", pictures["d"])
    assert len(cache) == 3
    assert cache.get("b") is None  # the least recently used went
    assert cache.get("a") is pictures["a"] and cache.get("c") is pictures["c"] and cache.get("d") is pictures["d"]


def test_the_face_cache_is_bounded_in_bytes_too():
    cache = FaceCache(limit=100, max_bytes=3 * 100 * 100 * 4)
    for k in range(6):
        cache.put(k, (pygame.Surface((100, 100), pygame.SRCALPHA), ()))
    assert len(cache) == 3 and cache.bytes == 3 * 100 * 100 * 4
    assert cache.get(5) is not None and cache.get(2) is None
    cache.clear()
    assert cache.bytes == 0 and len(cache) == 0


# ---------------------------------------------------------------- the board picture
def _drop(d: BoardDriver) -> tuple[int, int]:
    """Drag the held tile onto a legal cell and play the animations out; answers (whole
    redraws, clipped redraws) of the still picture from the release on."""
    board = d.board
    cell = sorted(board.state.choices.place)[0]
    lay = board.state.layout
    d.down(center(lay.hand_rect()))
    d.move(center(lay.hand_rect()), center(lay.cell_rect(cell)))
    full, partial = still_draws(board)
    d.up(center(lay.cell_rect(cell)))
    assert isinstance(d.game.history[-1], A.PlaceTile)
    assert board.anims.busy  # the tile flies to its cell
    for _ in range(120):
        if not board.anims.busy:
            break
        d.frame()
    assert not board.anims.busy
    d.frame()
    after = still_draws(board)
    return after[0] - full, after[1] - partial


def test_a_drop_draws_the_board_picture_once(ctx):
    d = BoardDriver(ctx, crafted("base", held="Sc"))
    d.frame()
    full, partial = _drop(d)
    assert full == 1  # the new state, with the flying tile left out
    assert partial >= 1  # where it lands, when it lands


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_clipped_redraw_gives_the_pixels_of_a_whole_one(ctx, scale):
    d = BoardDriver(ctx, crafted("base", held="Sc"))
    if scale != 1.0:
        ctx.sprites.set_scale(scale)
        ctx.fonts.set_scale(scale)
        d.surface = Image(ctx.canvas, scale, flags=0)
    d.frame()
    full, partial = _drop(d)
    assert (full, partial) >= (1, 1)
    clipped = pygame.image.tobytes(still_picture(d.board), "RGB")
    redraw_whole(d.board)  # draw the same state afresh, whole
    d.frame()
    assert still_draws(d.board)[0] > 0
    assert pygame.image.tobytes(still_picture(d.board), "RGB") == clipped


def test_a_drag_that_starts_redraws_only_the_hand(ctx):
    d = BoardDriver(ctx, crafted("base", held="Sc"))
    d.frame()
    full, partial = still_draws(d.board)
    hand = center(d.board.state.layout.hand_rect())
    d.down(hand)
    d.move(hand, (hand[0] - 120, hand[1] - 200))
    assert d.board.state.gesture.drag is not None and d.board.state.gesture.drag.moved
    assert still_draws(d.board) == (full, partial + 1)  # the hand empties: its rect only


def test_rendered_texts_are_bounded_in_count_and_in_bytes(pg, monkeypatch):
    from castellion.ui import fonts as F

    fonts = F.Fonts()
    monkeypatch.setattr(F, "RENDER_LIMIT", 20)
    for i in range(40):
        fonts.render(f"line {i}", 22, (0, 0, 0))
    assert len(fonts._renders) == 20
    assert fonts.render("line 39", 22, (0, 0, 0)) is fonts.render("line 39", 22, (0, 0, 0))  # (kept: the latest)
    monkeypatch.setattr(F, "RENDER_BYTES", 100_000)
    for i in range(40):
        fonts.render(f"a rather longer line of text, number {i}", 30, (0, 0, 0))
    assert 0 < fonts._render_bytes <= 100_000
    assert fonts._render_bytes == sum(F._bytes(s) for s in fonts._renders.values())


@pytest.mark.parametrize("scale", [1.0, 1.5, 1.8])
def test_a_panel_copied_inside_and_blended_at_its_rim_looks_like_its_shadow_and_parchment(ctx, scale):
    from castellion.ui import draw, painting

    clear_caches()
    rect = pygame.Rect(40, 50, 676, 520)
    theme = ctx.theme
    pictures = []
    for composed in (True, False):
        target = Image((900, 700), scale, flags=0) if scale != 1.0 else pygame.Surface((900, 700))
        target.fill((90, 60, 30))
        if composed:
            painting.draw_panel(target, rect, ctx)
            pieces = next(iter(painting._shadowed_panel_cache.values()))
            assert len(pieces) == 5  # the opaque inside and four strips of rim
        else:  # the panel as it was drawn before: the shadow blended, then the parchment over it
            painting.draw_shadow(target, rect, theme.radius)
            target.blit(painting._parchment(rect.size, theme.parchment, theme.radius, False, scale), rect.topleft)
            draw.rect(target, theme.border, rect, theme.border_width, border_radius=theme.radius)
            draw.rect(target, theme.gold, rect.inflate(-14, -14), 1, border_radius=max(2, theme.radius - 5))
        pictures.append(pygame.image.tobytes(target, "RGB"))
    assert pictures[0] == pictures[1]
    clear_caches()
