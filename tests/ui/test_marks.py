"""Never colour alone (issue 31): every place where a colour says something carries a mark too
(`ui.marks`). Each colour-coded picture is drawn, then seen in greyscale and through protanopia
and deuteranopia simulations (Viénot, Brettel & Mollon 1999, in linear RGB): its states must stay
apart, each by a mark that stands out from its own backing.

The colour-coded screens checked: the Statistics → Records heat map (won / lost / missed / today)
and win-rate bars (easier / normal / harder), and the Daily screen's calendar (won / lost /
missed / today); the menu's daily card already says it in words and ✓ ✗ (`daily_card.MARKS`)."""

from __future__ import annotations

import itertools

import pygame
import pytest

from castellion.ui import records_view
from castellion.ui.marks import MARK_OF_SLOT, MARK_OF_STATE, draw_mark
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
    draw_mark(surface, MARK_OF_SLOT[variant], pygame.Rect(2, 2, size - 4, size - 4), theme.ink_soft)
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
        cell = picture(_cell(state), vision)
        assert max(cell) - min(cell) >= 40, (state, vision)


@pytest.mark.parametrize("vision", ["grey", "protanopia", "deuteranopia"])
def test_the_variant_bars_carry_their_marks(pg, vision):
    assert not _distinct({v: picture(_bar_mark(v), vision) for v in records_view.SLOTS})


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
