"""`pygame.draw` in logical units: the same calls, scaled for a `ui.canvas` Image or Canvas.

Scenes and widgets call `draw.rect(surface, colour, rect, width, border_radius=…)` exactly as they
would `pygame.draw.rect`; on an Image (the scaled canvas) rects, points, line widths and radii are
mapped to physical pixels, on a plain surface the call goes straight through. Answers the
affected rect in logical units, like pygame's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from castellion.ui.canvas import logical_rect, phys_rect, physical, scale_of


def _width(width: int, s: float) -> int:
    return 0 if width <= 0 else max(1, round(width * s))


def _pt(p: Sequence[float], s: float) -> tuple[int, int]:
    return (round(p[0] * s), round(p[1] * s))


def _back(rect: pygame.Rect, s: float) -> pygame.Rect:
    return rect if s == 1.0 else logical_rect(rect, s)


def rect(surface: Any, color: Any, rect: Any, width: int = 0, border_radius: int = 0,
         border_top_left_radius: int = -1, border_top_right_radius: int = -1,
         border_bottom_left_radius: int = -1, border_bottom_right_radius: int = -1) -> pygame.Rect:
    s = scale_of(surface)
    if s == 1.0:
        return pygame.draw.rect(physical(surface), color, rect, width, border_radius, border_top_left_radius,
                                border_top_right_radius, border_bottom_left_radius, border_bottom_right_radius)

    def radius(r: int) -> int:
        return r if r < 0 else round(r * s)

    return _back(pygame.draw.rect(physical(surface), color, phys_rect(rect, s), _width(width, s), radius(border_radius),
                                  radius(border_top_left_radius), radius(border_top_right_radius),
                                  radius(border_bottom_left_radius), radius(border_bottom_right_radius)), s)


def line(surface: Any, color: Any, start_pos: Sequence[float], end_pos: Sequence[float], width: int = 1) -> pygame.Rect:
    s = scale_of(surface)
    return _back(pygame.draw.line(physical(surface), color, _pt(start_pos, s), _pt(end_pos, s), _width(width, s)), s)


def lines(surface: Any, color: Any, closed: bool, points: Sequence[Sequence[float]], width: int = 1) -> pygame.Rect:
    s = scale_of(surface)
    return _back(pygame.draw.lines(physical(surface), color, closed, [_pt(p, s) for p in points], _width(width, s)), s)


def aaline(surface: Any, color: Any, start_pos: Sequence[float], end_pos: Sequence[float], *args: Any) -> pygame.Rect:
    s = scale_of(surface)
    return _back(pygame.draw.aaline(physical(surface), color, _pt(start_pos, s), _pt(end_pos, s)), s)


def aalines(surface: Any, color: Any, closed: bool, points: Sequence[Sequence[float]], *args: Any) -> pygame.Rect:
    s = scale_of(surface)
    return _back(pygame.draw.aalines(physical(surface), color, closed, [_pt(p, s) for p in points]), s)


def polygon(surface: Any, color: Any, points: Sequence[Sequence[float]], width: int = 0) -> pygame.Rect:
    s = scale_of(surface)
    return _back(pygame.draw.polygon(physical(surface), color, [_pt(p, s) for p in points], _width(width, s)), s)


def circle(surface: Any, color: Any, center: Sequence[float], radius: float, width: int = 0,
           **corners: bool) -> pygame.Rect:
    s = scale_of(surface)
    return _back(pygame.draw.circle(physical(surface), color, _pt(center, s), max(0, round(radius * s)),
                                    _width(width, s), **corners), s)


def ellipse(surface: Any, color: Any, rect: Any, width: int = 0) -> pygame.Rect:
    s = scale_of(surface)
    return _back(pygame.draw.ellipse(physical(surface), color, phys_rect(rect, s), _width(width, s)), s)


def arc(surface: Any, color: Any, rect: Any, start_angle: float, stop_angle: float, width: int = 1) -> pygame.Rect:
    s = scale_of(surface)
    return _back(pygame.draw.arc(physical(surface), color, phys_rect(rect, s), start_angle, stop_angle,
                                 _width(width, s)), s)
