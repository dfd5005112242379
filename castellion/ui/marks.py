"""Marks that say with a shape what a colour says ("never colour alone"): a day won,
lost, missed or to play; a variant's bar and its choice in setup; a drop taken or refused; the
review's marked moves; the win meter's figure not yet up to date (a hatch). Drawn with lines and
polygons, not glyphs, so they look the same in every font and language, in greyscale and to every
form of colour-blindness.

`MARK_OF_STATE` and `MARK_OF_LEANING` are the one table of which mark goes with what; the
legends draw the same marks beside their words.
"""

from __future__ import annotations

import pygame

from castellion.rules.options import Leaning
from castellion.ui import draw
from castellion.ui.theme import luminance

Colour = tuple[int, int, int]

MARK_OF_STATE = {"won": "check", "lost": "cross", "abandoned": "cross", "missed": "dash", "today": "ring"}
# a variant's mark by where it leans: easier points down, harder up
MARK_OF_LEANING = {leaning: {-1: "down", 0: "diamond", 1: "up"}[leaning.rank] for leaning in Leaning}
# a drop the board would take (✓) or refuse (✗), beside its green or red light
MARK_OF_DROP = {True: "check", False: "cross"}
# the review's marked moves (their dots on the graph, the cell the move took) and the computer's
# own move (the cell it would have taken)
MARK_OF_REVIEW = {"blunder": "cross", "mistake": "ring", "inaccuracy": "dash", "best": "check"}


def draw_mark(surface: pygame.Surface, mark: str, rect: pygame.Rect, colour: Colour) -> None:
    """`mark` ("check", "cross", "dash", "ring", "up", "down", "diamond") inside `rect`."""
    r = pygame.Rect(rect)
    width = max(2, min(r.w, r.h) // 6)
    if mark == "check":
        draw.lines(surface, colour, False, [(r.x + r.w * 0.18, r.y + r.h * 0.55), (r.x + r.w * 0.42, r.y + r.h * 0.78),
                                            (r.x + r.w * 0.84, r.y + r.h * 0.24)], width)
    elif mark == "cross":
        inset = r.inflate(-r.w // 3, -r.h // 3)
        draw.line(surface, colour, inset.topleft, inset.bottomright, width)
        draw.line(surface, colour, inset.bottomleft, inset.topright, width)
    elif mark == "dash":
        draw.line(surface, colour, (r.x + r.w * 0.3, r.centery), (r.right - r.w * 0.3, r.centery), max(1, width - 1))
    elif mark == "ring":
        draw.circle(surface, colour, r.center, max(2, min(r.w, r.h) // 2 - 2), width)
    elif mark == "up":
        draw.polygon(surface, colour, [(r.centerx, r.y), (r.right, r.bottom), (r.x, r.bottom)])
    elif mark == "down":
        draw.polygon(surface, colour, [(r.x, r.y), (r.right, r.y), (r.centerx, r.bottom)])
    elif mark == "diamond":
        draw.polygon(surface, colour, [(r.centerx, r.y), (r.right, r.centery), (r.centerx, r.bottom), (r.x, r.centery)])
    else:
        raise ValueError(f"no mark {mark!r}")


def draw_badge(surface: pygame.Surface, mark: str, rect: pygame.Rect, fill: Colour,
               ink: Colour | None = None, edge: Colour = (20, 14, 10)) -> None:
    """`mark` in `ink` (white on a dark `fill`, black on a light one) on a disc of `fill` with
    an edge, filling `rect`: a mark that stands out on any backing (a lit tile, the graph)."""
    if ink is None:
        ink = (255, 255, 255) if luminance(fill) < 0.3 else (0, 0, 0)
    r = pygame.Rect(rect)
    radius = min(r.w, r.h) // 2
    draw.circle(surface, fill, r.center, radius)
    draw.circle(surface, edge, r.center, radius, max(1, radius // 5))
    draw_mark(surface, mark, r.inflate(-r.w // 4, -r.h // 4), ink)


def draw_hatch(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, step: int = 6) -> None:
    """Diagonal lines across `rect` (a figure not yet up to date, said by a pattern too)."""
    r = pygame.Rect(rect)
    for x in range(r.x - r.h, r.right, step):
        inside = r.clipline((x, r.bottom - 1), (x + r.h, r.y - 1))
        if inside:
            draw.line(surface, colour, inside[0], inside[1], 2)


__all__ = ["MARK_OF_DROP", "MARK_OF_REVIEW", "MARK_OF_LEANING", "MARK_OF_STATE", "draw_badge", "draw_hatch",
           "draw_mark"]
