"""The discarded Defender's power in its box beside the use / skip buttons (`TilesPanel` draws it):
the solo box (its emblem, its name, "power — use it or skip it" and what it does; `brief`, at a
larger text size where those three lines do not fit: the name and what it does beside it) and, in
the two-player strip at a larger text size, what the power does alone across the box
(`strip.power_lines`; the buttons beside the box say "Use" and "Skip", the banner asks, the discard
pile shows the Defender)."""

from __future__ import annotations

import math

import pygame

from castellion.scenes.board import pile_counts, strip
from castellion.scenes.board.fitting import draw_ink_lines, ink_height
from castellion.scenes.board.view import BoardView
from castellion.scenes.context import SceneContext
from castellion.ui import draw
from castellion.ui.fit import fit_size
from castellion.ui.fonts import wrap
from castellion.ui.painting import ink_box, wrapped_lines
from castellion.ui.text import t
from castellion.ui.textfit import TOUCH
from castellion.ui.widgets import draw_text, draw_wrapped


def draw_power_box(surface: pygame.Surface, v: BoardView, f: str, brief: bool = False) -> None:
    """The box of faction `f`'s power (`power_box`): in the two-player strip, `brief` at a larger
    text size, what it does alone across it where that holds (`_draw_strip_box`), else the solo box
    (`_draw_solo_box`)."""
    ctx, theme = v.ctx, v.ctx.theme
    box = power_box(v)
    draw.rect(surface, (252, 244, 222), box, border_radius=8)
    draw.rect(surface, theme.faction(f), box, 3, border_radius=8)
    brief = brief and ctx.fonts.text_scale > 1.0
    if brief and v.game.players > 1 and _draw_strip_box(surface, v, box, f):
        return
    _draw_solo_box(surface, v, box, f, brief)


def _draw_strip_box(surface: pygame.Surface, v: BoardView, box: pygame.Rect, f: str) -> bool:
    """What the power does alone across the two-player strip's `box` (inside its frame), as large as
    it holds (`strip.power_lines`), its lines placed by their ink and together centred in it; False
    (nothing drawn) where none holds. In its brief words (`board.power_brief`; the banner over the
    board says it whole): the Spanish descriptions were 16-18 px at 200 %, three lines at 20 px did
    not fit the box under the piles' counts, two were wider than it."""
    ctx = v.ctx
    across = box.inflate(-16, -8)
    described = strip.power_lines(ctx, t(f"board.power_brief.{f}"), across, ctx.theme.font_small - 4)
    if described is None:
        return False
    gap = strip.power_gap(ctx, described, across)
    top = across.y + (across.h - ink_height(ctx, described, "body", gap)) // 2
    draw_ink_lines(surface, ctx, described, (box.x + 8, top), ctx.theme.ink, role="body", gap=gap)
    return True


def _draw_solo_box(surface: pygame.Surface, v: BoardView, box: pygame.Rect, f: str, brief: bool) -> None:
    """The power's emblem, its name, "power — use it or skip it" and what it does in `box`. `brief`
    (at a larger text size, where the three lines do not fit the box: the two-player strip's was
    62 px tall, 56 under the piles' counts at 150 %): the name, and what the power does beside it,
    without the label and the emblem."""
    ctx, theme = v.ctx, v.ctx.theme
    small = theme.font_small
    compact = box.h < 64
    size = box.h - 18 if compact else 44
    if not brief:
        emblem = v.art.sprite(("cb/" if theme.colourblind else "") + f"emblem_{f}", size)
        surface.blit(emblem, emblem.get_rect(midleft=(box.x + 8, box.centery)))
    tx = box.x + 10 if brief else box.x + size + 16
    name_y = box.y + 4  # (brief, larger: placed by its ink, the Japanese line's ran over the box's edge)
    if brief:
        ink = ink_box(ctx, t(f"board.faction.{f}"), small + (0 if compact else 2), "bold")
        name_y = box.y + 3 + max(0, (box.h - 6 - ink.h) // 2) - ink.y
    name = draw_text(surface, ctx, t(f"board.faction.{f}"), (tx, name_y), size=small + (0 if compact else 2),
                     colour=theme.ink, role="bold")
    label, large = t("board.power_label"), ctx.fonts.text_scale > 1.0
    if brief:
        left = name.right + 10
        rect = pygame.Rect(left, box.y + 5, box.right - 8 - left, box.bottom - 8 - box.y)
        text_size = _fitted_size(ctx, t(f"board.power.{f}"), rect, small - 4, 2)
        draw_wrapped(surface, ctx, t(f"board.power.{f}"), rect, size=text_size, colour=theme.ink, line_gap=2)
        return
    room = box.right - 8 - (name.right + 10)  # (at a larger size it keeps inside the box, off the buttons)
    label_size = fit_size(ctx.fonts, label, "body", small - 3, room) if large else small - 3
    said = draw_text(surface, ctx, label, (name.right + 10, name.centery + 1), size=label_size,
                     colour=theme.ink_soft, anchor="midleft")
    below = name.bottom  # (at a larger size: under the name's ink, the Japanese line is much taller)
    if large:
        below = max(name.y + ink_box(ctx, t(f"board.faction.{f}"), small + (0 if compact else 2), "bold").bottom,
                    said.y + ink_box(ctx, label, label_size).bottom) + 1
    rect = pygame.Rect(tx, below + 1, box.right - 8 - tx, box.bottom - 3 - below)
    text_size = _fitted_size(ctx, t(f"board.power.{f}"), rect, small - 4, 2 if large else 0)
    draw_wrapped(surface, ctx, t(f"board.power.{f}"), rect, size=text_size, colour=theme.ink,
                 line_gap=2 if large else 0)  # (larger lines: their ink kept apart)


def _fitted_size(ctx: SceneContext, text: str, rect: pygame.Rect, size: int, gap: int) -> int:
    """The size from `size` down to 11 at which `text` wrapped fits `rect` (the power's
    description always fits its box); at a larger text size down to the pixels it has at 100 %
    (the panel's measure picks a smaller text size where it still does not fit), its lines as
    `draw_wrapped` breaks them at the window's scale."""
    fonts = ctx.fonts
    large = fonts.text_scale > 1.0

    def fits(candidate: int) -> bool:
        font, lines = wrapped_lines(ctx, text, rect.w, size=candidate) if large else \
            (fonts.get("body", candidate), wrap(fonts.get("body", candidate), text, rect.w))
        return len(lines) * (font.get_linesize() + gap) <= rect.h + 2

    floor = 11
    if large:
        with fonts.limited(1.0):
            floor = _fitted_size(ctx, text, rect, size, 0)
        floor = math.ceil(floor / fonts.text_scale)
    while size > floor and not fits(size):
        size -= 1
    return size


def power_box(v: BoardView) -> pygame.Rect:
    """Where the power's box is drawn: the layout's `power_box`; at a larger text size its top
    under the ink of the piles' counts (in the two-player strip they reached down over its frame)."""
    box = pygame.Rect(v.layout.power_box)
    if v.ctx.fonts.text_scale > 1.0:
        top = max(box.y, pile_counts.counts_bottom(v) + TOUCH)
        box.update(box.x, top, box.w, box.bottom - top)
    return box
