"""The win-chance calibration's reliability plot (the lab's `--calibration-png PATH`).

Predicted P(win) across, observed rate up, one point per bin of the prediction (at its mean
prediction), with its Wilson 95 % interval as a whisker and its count beside it; the diagonal is
perfect calibration and a band of ±5 points around it the issue's goal. One colour per level.
A developer's figure for docs/lab/, in English (it is no screen a player sees); drawn with pygame
on an off-screen surface (no window), written atomically. Part of the lab, outside the game's
package: nothing here is a screen, and neither the wheel nor the frozen build carries it.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pygame

from castellion.persistence.atomic import atomic_write_bytes

SIZE = (900, 680)
PLOT = pygame.Rect(90, 70, 560, 540)  # the unit square
COLOURS = {"intro": (40, 110, 200), "base": (200, 90, 30), "expert": (120, 50, 150)}
INK, FAINT, BAND, PAPER = (40, 30, 20), (150, 140, 130), (225, 236, 214), (252, 249, 242)


def _at(p: float, q: float) -> tuple[int, int]:
    return PLOT.x + round(p * PLOT.w), PLOT.bottom - round(q * PLOT.h)


def _font(size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, size)


def _text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int = 22,
          colour: tuple[int, int, int] = INK, anchor: str = "topleft", turned: bool = False) -> None:
    # English, not t(): the lab's figure for docs/lab (like its tables), never a player's screen
    image = _font(size).render(text, True, colour)
    if turned:
        image = pygame.transform.rotate(image, 90)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)


def _axes(surface: pygame.Surface) -> None:
    band = [_at(0, 0.05), _at(0.95, 1), _at(1, 1), _at(1, 0.95), _at(0.05, 0), _at(0, 0)]
    pygame.draw.polygon(surface, BAND, band)  # within ±5 points of the diagonal
    pygame.draw.rect(surface, INK, PLOT, 2)
    for i in range(11):
        x, y = _at(i / 10, 0)[0], _at(0, i / 10)[1]
        pygame.draw.line(surface, FAINT, (x, PLOT.bottom), (x, PLOT.bottom + 6), 1)
        pygame.draw.line(surface, FAINT, (PLOT.x - 6, y), (PLOT.x, y), 1)
        _text(surface, f"{i * 10}", (x, PLOT.bottom + 10), 20, anchor="midtop")
        _text(surface, f"{i * 10}", (PLOT.x - 10, y), 20, anchor="midright")
    pygame.draw.line(surface, FAINT, _at(0, 0), _at(1, 1), 2)
    _text(surface, "predicted win chance (%), mean of the decile", (PLOT.centerx, PLOT.bottom + 34), 24,
          anchor="midtop")
    _text(surface, "observed win rate (%)", (30, PLOT.centery), 24, anchor="center", turned=True)


def _level(surface: pygame.Surface, rows: Sequence[Mapping[str, Any]], colour: tuple[int, int, int],
           shift: int) -> None:
    points = []
    for r in rows:
        x, y = _at(float(r["predicted"]), float(r["observed"]))
        x += shift  # two levels in the same decile side by side, not on top of each other
        top, bottom = _at(0, float(r["high"]))[1], _at(0, float(r["low"]))[1]
        pygame.draw.line(surface, colour, (x, top), (x, bottom), 2)
        pygame.draw.line(surface, colour, (x - 5, top), (x + 5, top), 2)
        pygame.draw.line(surface, colour, (x - 5, bottom), (x + 5, bottom), 2)
        pygame.draw.circle(surface, colour, (x, y), 6)
        _text(surface, f"n={r['n']}", (x + 8, y - 4), 18, colour, anchor="bottomleft")
        points.append((x, y))
    if len(points) > 1:
        pygame.draw.lines(surface, colour, False, points, 1)


def plot(levels: Mapping[str, Sequence[Mapping[str, Any]]], title: str = "") -> pygame.Surface:
    """The reliability plot of each level's calibration rows (lab.calibration: tenths or deciles)."""
    surface = pygame.Surface(SIZE)
    surface.fill(PAPER)
    _text(surface, "Win-chance estimate: predicted against observed", (SIZE[0] // 2, 14), 32, anchor="midtop")
    if title:
        _text(surface, title, (SIZE[0] // 2, 44), 20, FAINT, anchor="midtop")
    _axes(surface)
    legend_y = PLOT.y + 10
    for i, (level, rows) in enumerate(levels.items()):
        colour = COLOURS.get(level, INK)
        _level(surface, rows, colour, 4 * i - 2 * (len(levels) - 1))
        pygame.draw.circle(surface, colour, (PLOT.right + 40, legend_y + 10), 6)
        total = sum(int(r["n"]) for r in rows)
        _text(surface, f"{level} ({total} positions)", (PLOT.right + 54, legend_y), 22)
        legend_y += 30
    _text(surface, "whiskers: Wilson 95 %", (PLOT.right + 30, legend_y + 10), 20, FAINT)
    _text(surface, "green band: within ±5 points", (PLOT.right + 30, legend_y + 34), 20, FAINT)
    return surface


def save_plot(path: str | Path, levels: Mapping[str, Sequence[Mapping[str, Any]]], title: str = "") -> None:
    """Draw the plot and write it as PNG at `path` (atomically)."""
    buffer = io.BytesIO()
    pygame.image.save(plot(levels, title), buffer, "plot.png")
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(target, buffer.getvalue())


__all__ = ["plot", "save_plot"]
