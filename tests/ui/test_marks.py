"""Never colour alone (issue 31): every place where a colour says something carries a mark too
(`ui.marks`). Each colour-coded picture is drawn, then seen in greyscale and through protanopia
and deuteranopia simulations (Viénot, Brettel & Mollon 1999, in linear RGB): its states must stay
apart, each by a mark that stands out from its own backing.

The colour-coded screens checked: the Statistics → Records heat map (won / lost / missed / today)
and win-rate bars (easier / normal / harder), the Daily screen's calendar (won / lost /
missed / today), setup's easier / normal / harder choice, the board's target under a carried
tile (taken / refused), the review (its marked moves on the graph and on the cells, its passed
and failed Ordeals) and the win meter (up to date / being measured again); the menu's daily card
already says it in words and ✓ ✗ (`daily_card.MARKS`)."""

from __future__ import annotations

import itertools

import pygame
import pytest

from castellion.ui import records_view
from castellion.ui.marks import MARK_OF_LEANING, MARK_OF_STATE, draw_mark
from castellion.ui.theme import Theme

# Viénot et al. 1999 (linear RGB): what a protanope and a deuteranope see
SIMULATIONS = {
    "protanopia": ((0.11238, 0.88762, 0.0), (0.11238, 0.88762, 0.0), (0.00401, -0.00401, 1.0)),
    "deuteranopia": ((0.29275, 0.70725, 0.0), (0.29275, 0.70725, 0.0), (-0.02234, 0.02234, 1.0)),
}


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


def seen(colour, vision: str) -> float:
    """The grey level (0-255) `colour` is seen as: its relative luminance, after the simulation."""
    r, g, b = (_linear(v) for v in colour[:3])
    if vision != "grey":
        m = SIMULATIONS[vision]
        r, g, b = (row[0] * r + row[1] * g + row[2] * b for row in m)
    return _gamma(0.2126 * r + 0.7152 * g + 0.0722 * b)


def picture(surface: pygame.Surface, vision: str) -> tuple[int, ...]:
    w, h = surface.get_size()
    return tuple(round(seen(surface.get_at((x, y)), vision)) for y in range(h) for x in range(w))


def _cell(state: str, size: int = 24) -> pygame.Surface:
    theme = Theme()
    surface = pygame.Surface((size, size))
    surface.fill(theme.parchment)
    colours = {"won": theme.good, "lost": theme.bad, "today": theme.gold_light}
    records_view._day_cell(surface, theme, pygame.Rect(0, 0, size, size), state, colours)
    return surface


def _bar_mark(variant: str, size: int = 16) -> pygame.Surface:
    theme = Theme()
    surface = pygame.Surface((size, size))
    surface.fill(theme.parchment)
    draw_mark(surface, MARK_OF_LEANING[variant], pygame.Rect(2, 2, size - 4, size - 4), theme.ink_soft)
    return surface


def _distinct(pictures: dict[str, tuple[int, ...]]) -> list[str]:
    """The pairs of states whose pictures differ in fewer than 8 pixels by 40 grey levels."""
    out = []
    for (a, pa), (b, pb) in itertools.combinations(pictures.items(), 2):
        if sum(abs(x - y) >= 40 for x, y in zip(pa, pb, strict=True)) < 8:
            out.append(f"{a} ~ {b}")
    return out


@pytest.mark.parametrize("vision", ["grey", "protanopia", "deuteranopia"])
def test_the_heat_map_days_stay_apart_without_colour(pg, vision):
    states = ("won", "lost", "missed", "today")
    assert set(states) <= set(MARK_OF_STATE)
    assert not _distinct({s: picture(_cell(s), vision) for s in states})


@pytest.mark.parametrize("vision", ["grey", "protanopia", "deuteranopia"])
def test_each_day_s_mark_stands_out_from_its_cell(pg, vision):
    """The mark is seen on its backing: 40 grey levels or more between its pixels and the cell's
    colour (a white ✓ on green, a white ✗ on red, a brown – on beige)."""
    for state in ("won", "lost", "missed", "today"):
        # inside the cell only: its rounded corners show the parchment round it, not the mark
        cell = picture(_cell(state).subsurface((4, 4, 16, 16)), vision)
        assert max(cell) - min(cell) >= 40, (state, vision)


@pytest.mark.parametrize("vision", ["grey", "protanopia", "deuteranopia"])
def test_the_variant_bars_carry_their_marks(pg, vision):
    assert not _distinct({v: picture(_bar_mark(v), vision) for v in records_view.LEANINGS})


def test_the_check_is_not_blind(pg):
    """Colour alone fails it: the won and lost cells without their marks are one grey to a
    deuteranope (theme.good and theme.bad differ by hue, not much by lightness)."""
    theme = Theme()
    plain = {}
    for state, colour in (("won", theme.good), ("lost", theme.bad)):
        surface = pygame.Surface((24, 24))
        surface.fill(colour)
        plain[state] = picture(surface, "deuteranopia")
    assert _distinct(plain) == ["won ~ lost"]


@pytest.mark.parametrize("vision", ["grey", "protanopia", "deuteranopia"])
def test_the_daily_calendar_marks_won_and_lost_days(ctx, vision):
    """The Daily screen's calendar: a won day and a lost day keep apart by their marks (the
    corner of each cell, where the ✓ or ✗ is drawn)."""
    import datetime as dt

    from castellion.persistence.daily_records import DayResult
    from castellion.scenes.nav import Route

    today = dt.date(2026, 12, 6)
    ctx.today = lambda: today
    scene = ctx.nav.make(Route.DAILY)
    scene.refresh = lambda: None  # (no data folder: the days are the test's)
    scene.days = {((today - dt.timedelta(days=1)).isoformat(), scene.level): DayResult("won"),
                  ((today - dt.timedelta(days=8)).isoformat(), scene.level): DayResult("lost")}
    surface = pygame.Surface(ctx.canvas)
    scene.draw(surface)
    corners = {}
    for rect, _day, state in scene.cells():
        if state in ("won", "lost"):
            corner = pygame.Rect(rect.right - 15, rect.y + 3, 12, 12)
            corners[state] = picture(surface.subsurface(corner), vision)
    assert set(corners) == {"won", "lost"}
    assert not _distinct(corners)


# --------------------------------------------------------------------------- issue 31, the rest
# Setup's easier / normal / harder choice, the board's lit target under a carried tile (taken ✓ /
# refused ✗), the review's marked moves (graph dots and cells) and passed / failed Ordeals, the
# win meter's figure (up to date / being measured again).

def _crop(surface: pygame.Surface, rect) -> pygame.Surface:
    return surface.subsurface(pygame.Rect(rect)).copy()


@pytest.mark.parametrize("vision", ["grey", "protanopia", "deuteranopia"])
def test_setup_s_easier_and_harder_choices_carry_their_marks(ctx, vision):
    """The three segments' left ends (where ▽ ◇ △ are drawn) differ, as the Records' bars do."""
    from castellion.scenes.nav import Route

    setup = ctx.nav.make(Route.SETUP)
    ctx.stack.reset(ctx.nav.make(Route.MENU), setup)
    ctx.stack.apply_pending()
    surface = pygame.Surface(ctx.canvas)
    ctx.stack.update(1 / 60)
    ctx.stack.draw(surface)
    choice = next(w for w in setup.widgets.widgets if getattr(w, "options", None)
                  and [o.value for o in w.options] == ["vigil", "normal", "prophet"])
    assert [o.mark for o in choice.options] == ["down", "diamond", "up"]
    setup_marks = {}
    for option, r in zip(choice.options, choice.segment_rects(), strict=True):
        if option.value == choice.value:
            continue  # (the chosen one is filled: compared with the others it differs anyway)
        side = max(10, min(16, r.h // 3))
        cy = r.centery - (9 if option.note else 0)
        setup_marks[option.value] = picture(_crop(surface, (r.x + 6, cy - side // 2 - 2, side + 4, side + 4)), vision)
    assert len(setup_marks) == 2
    assert not _distinct(setup_marks)


def _drop(ok: bool, backing) -> pygame.Surface:
    """The board's target under a carried tile: the glow of its verdict and its badge."""
    from castellion.scenes.board.live import paint_drop_mark
    from castellion.ui.castle_view import GLOW_BAD, GLOW_TARGET

    surface = pygame.Surface((90, 90))
    surface.fill(backing)
    pygame.draw.rect(surface, GLOW_TARGET if ok else GLOW_BAD, (0, 0, 90, 90), 8)
    paint_drop_mark(surface, pygame.Rect(10, 10, 70, 70), ok)
    return _crop(surface, (64, 9, 17, 17))  # the badge, inside the glowing frame


@pytest.mark.parametrize("vision", ["grey", "protanopia", "deuteranopia"])
def test_a_legal_and_a_refused_drop_stay_apart_without_colour(pg, vision):
    """On an empty cell and on a lit tile alike, the badge's ✓ and ✗ tell the verdict apart,
    inside the frame (the green and red frames differ in lightness too, but a frame is thin and
    partly hidden under the carried tile)."""
    for backing in ((250, 244, 230), (214, 160, 40)):
        assert not _distinct({ok: picture(_drop(ok, backing), vision) for ok in (True, False)})


def _dot(mark: str) -> pygame.Surface:
    from castellion.scenes.review.scene import MARK_COLOURS
    from castellion.ui.marks import MARK_OF_REVIEW, draw_badge

    surface = pygame.Surface((24, 24))
    surface.fill((250, 242, 224))
    draw_badge(surface, MARK_OF_REVIEW[mark], pygame.Rect(3, 3, 18, 18), MARK_COLOURS[mark], edge=(255, 255, 255))
    return surface


@pytest.mark.parametrize("vision", ["grey", "protanopia", "deuteranopia"])
def test_the_review_s_marks_stay_apart_without_colour(pg, vision):
    """Blunder ✗, mistake ○, inaccuracy – on the graph (orange and yellow-brown are close greys)."""
    assert not _distinct({m: picture(_dot(m), vision) for m in ("blunder", "mistake", "inaccuracy")})


@pytest.mark.parametrize("vision", ["grey", "protanopia", "deuteranopia"])
def test_the_review_screen_marks_its_cells_and_ordeals(ctx, quick_review, vision, monkeypatch):
    """The review at the blunder: the cell the move took (✗) and the computer's (✓) each carry
    their badge — seen by drawing the screen with and without the cells' badges — and the two
    badges differ; on the graph a passed and a failed Ordeal carry ✓ and ✗."""
    from castellion.scenes.review import ReviewScene
    from castellion.scenes.review import scene as review_scene
    from castellion.ui.marks import MARK_OF_STATE
    from tests.review_helpers import keep, lost_game

    keep(quick_review)
    doc = lost_game()
    scene = ReviewScene(ctx, doc["options"], doc["actions"])
    ctx.stack.reset(scene)
    ctx.stack.apply_pending()
    surface = pygame.Surface(ctx.canvas)
    for _ in range(2):
        ctx.stack.update(1 / 60)
        ctx.stack.draw(surface)
    scene.step = 21
    d = scene.decision(21)
    assert d["mark"] == "blunder" and d["best"] != d["played"]
    corners = {name: pygame.Rect(scene.view.rect(tuple(action["cell"])))
               for name, action in (("played", d["played"]), ("best", d["best"]))}

    def badges(draw_cells_badges: bool) -> dict[str, pygame.Surface]:
        real = review_scene.draw_badge
        if not draw_cells_badges:  # the cells' badges (22 px) left out; the graph's (18 px) kept
            monkeypatch.setattr(review_scene, "draw_badge", lambda s, shape, rect, *a, **k: None
                                if rect.size == (22, 22) else real(s, shape, rect, *a, **k))
        ctx.stack.draw(surface)
        monkeypatch.setattr(review_scene, "draw_badge", real)
        return {name: _crop(surface, (r.right - 24, r.y + 2, 22, 22)) for name, r in corners.items()}

    marked, bare = badges(True), badges(False)
    for name in corners:  # each badge is drawn: its corner differs from the same corner without it
        assert not _distinct({"with": picture(marked[name], vision), "without": picture(bare[name], vision)}), name
    assert not _distinct({name: picture(badge, vision) for name, badge in marked.items()})
    shapes: list[str] = []
    monkeypatch.setattr(review_scene, "draw_mark", lambda s, shape, *a, **k: shapes.append(shape))
    ctx.stack.draw(surface)
    passed = {bool(enc["passed"]) for enc in scene.review["encounters"]}
    assert passed == {True, False}
    assert {MARK_OF_STATE["won"], MARK_OF_STATE["lost"]} <= set(shapes)


def _meter(ctx, fresh: bool) -> pygame.Surface:
    from types import SimpleNamespace

    from castellion.scenes.board.meter import WinMeter, meter_rect

    meter = WinMeter.__new__(WinMeter)
    meter.enabled, meter.fresh = True, fresh
    meter.estimate = SimpleNamespace(p=0.6, stderr=0.05)
    tiles_panel = (0, 0, 400, 400)
    v = SimpleNamespace(ctx=ctx, game=SimpleNamespace(players=1), layout=SimpleNamespace(tiles_panel=tiles_panel))
    surface = pygame.Surface(ctx.canvas)
    surface.fill(ctx.theme.parchment)
    meter.draw(surface, v)
    box = meter_rect(tiles_panel)
    return _crop(surface, (box.x + 12, box.bottom - 22, box.w // 2, 10))  # the bar's filled part


@pytest.mark.parametrize("vision", ["grey", "protanopia", "deuteranopia"])
def test_the_meter_says_up_to_date_or_not_by_a_pattern_too(ctx, vision):
    """Up to date: a solid green bar; being measured again: faint and hatched."""
    fresh, stale = picture(_meter(ctx, True), vision), picture(_meter(ctx, False), vision)
    assert not _distinct({"fresh": fresh, "stale": stale})
    assert max(stale) - min(stale) >= 40  # the hatch: light and dark stripes, not one shade


def test_the_records_page_draws_the_marks_of_its_days_and_bars(ctx, monkeypatch):
    """The page itself, not only its cell and mark helpers: every heat-map day won, lost, missed
    and today carries its mark (the legend's cells too), and every variant's bar and each legend
    entry its easier / normal / harder mark. Fails when the page draws a colour without its mark."""
    import collections
    import datetime as dt

    from castellion import persistence as P
    from castellion.persistence.daily_records import DayResult

    today = dt.date(2026, 12, 6)
    stats = P.Statistics()
    stats.days = {((today - dt.timedelta(days=1)).isoformat(), "base"): DayResult("won"),
                  ((today - dt.timedelta(days=8)).isoformat(), "base"): DayResult("lost")}
    drawn: collections.Counter[str] = collections.Counter()
    real = records_view.draw_mark

    def spy(surface, mark, rect, colour):
        drawn[mark] += 1
        real(surface, mark, rect, colour)

    monkeypatch.setattr(records_view, "draw_mark", spy)
    height = records_view.draw_records(pygame.Surface((1280, 800)), ctx, stats, today, pygame.Rect(90, 140, 1100, 540))
    assert height <= 540  # the whole page in view at 100 %: every mark is drawn
    days = dict(records_view.heat_state(stats, today))
    assert days[today - dt.timedelta(days=1)] == "won" and days[today - dt.timedelta(days=8)] == "lost"
    assert days[today] == "today"
    missed = sum(state == "missed" for state in days.values())
    assert missed > 0
    # each day of the map, then the legend's won / lost / missed cell
    assert drawn[MARK_OF_STATE["won"]] == 2 and drawn[MARK_OF_STATE["lost"]] == 2
    assert drawn[MARK_OF_STATE["missed"]] == missed + 1 and drawn[MARK_OF_STATE["today"]] == 1
    bars = collections.Counter(MARK_OF_LEANING[records_view.leaning_of(ctx, level, variant)]
                               for level in records_view.LEVEL_ORDER
                               for variant in records_view.bar_variants(ctx, level))
    assert set(bars) == {"down", "diamond", "up"}
    for mark in ("down", "diamond", "up"):  # each bar, and its legend entry
        assert drawn[mark] == bars[mark] + 1, (mark, drawn[mark], bars[mark])
