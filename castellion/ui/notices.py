"""Notices: short messages drawn by the app above every scene (autosave failed, damaged file…).

`Notices` is plain state (adding and ageing need no display): `add(text, kind)`, `update(dt)` ages them,
`handle(event)` dismisses the one clicked, `draw(surface, ctx)` only reads. "info" notices fade
after `INFO_SECONDS` (with the animations off they go without fading); "warning" and "error"
stay until the player clicks them (they report something about their saves that they should not
miss). At most `MAX_SHOWN` are shown, newest
at the bottom; an identical text already shown is not repeated. They stand at the top of the
window, centred, unless there they would cover what the screen keeps clear (`Scene.keep_clear`:
the control the keyboard focuses, the board's buttons): then at the top left or right, or at the
bottom (a long notice at a large text size is tall).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

import pygame

from castellion.ui import draw
from castellion.ui.canvas import layer
from castellion.ui.painting import wrapped_lines
from castellion.ui.text import language
from castellion.ui.widgets import draw_shadow

INFO_SECONDS = 5.0
FADE_SECONDS = 0.6
MAX_SHOWN = 4
WIDTH = 640
TOP = 14
TEXT_X = 56  # the text starts right of the mark
CLOSE_ROOM = 44  # and stops short of the close cross, which it must never run under


@dataclass
class Notice:
    text: str
    kind: str = "info"  # "info" | "warning" | "error"
    age: float = 0.0

    @property
    def sticky(self) -> bool:
        return self.kind in ("warning", "error")

    @property
    def alpha(self) -> int:
        if self.sticky or self.age < INFO_SECONDS - FADE_SECONDS:
            return 255
        return max(0, int(255 * (INFO_SECONDS - self.age) / FADE_SECONDS))


@dataclass
class Notices:
    items: list[Notice] = field(default_factory=list)
    # the last placement and what it was computed from (`layout`): the texts shown, the text
    # size, the window's scale, the language and what the top screen keeps clear
    _laid: tuple[Hashable, list[tuple[Any, Notice, list[str]]]] | None = field(default=None, repr=False)

    def add(self, text: str, kind: str = "info") -> Notice:
        for n in self.items:
            if n.text == text:
                n.age = 0.0
                return n
        notice = Notice(str(text), kind if kind in ("info", "warning", "error") else "info")
        self.items.append(notice)
        return notice

    def dismiss(self, notice: Notice) -> None:
        if notice in self.items:
            self.items.remove(notice)

    def clear(self) -> None:
        self.items.clear()

    @property
    def shown(self) -> list[Notice]:
        return self.items[-MAX_SHOWN:]

    def active(self) -> bool:
        """True while a notice is fading out (the app keeps drawing then)."""
        return any(not n.sticky and n.age >= INFO_SECONDS - FADE_SECONDS for n in self.items)

    def state(self) -> tuple[int, ...]:
        """What is shown (the app redraws when it changes: a notice came or went)."""
        return tuple(id(n) for n in self.shown)

    def update(self, dt: float) -> None:
        for n in self.items:
            n.age += dt
        self.items = [n for n in self.items if n.sticky or n.age < INFO_SECONDS]

    # ---------------------------------------------------------------- pygame
    def layout(self, ctx: Any) -> list[tuple[Any, Notice, list[str]]]:
        """(rect, notice, wrapped lines) of the shown notices. Placed again only when what the
        placement depends on changed (the hit test and the drawing of a frame share one): the
        notices shown and their texts, the text size, the window's scale, the canvas, the language
        and what the top screen keeps clear. The rects answered are the cache's: read them only."""
        keep = [pygame.Rect(r).inflate(8, 8) for r in _keep_clear(ctx)]  # (a focus ring: 4 px out)
        fonts = ctx.fonts
        key = (tuple((id(n), n.text) for n in self.shown), fonts.text_scale, fonts.scale, ctx.theme.font_small,
               tuple(ctx.canvas), language(), tuple(tuple(r) for r in keep))
        # (the ids are of the notices the placement holds: none can be reused while it is kept)
        if self._laid is None or self._laid[0] != key:
            self._laid = (key, self._place(ctx, keep))
        return self._laid[1]

    def _place(self, ctx: Any, keep: list[pygame.Rect]) -> list[tuple[Any, Notice, list[str]]]:
        """Where the shown notices go: top centre, top left or right, then the bottom, the first
        place that covers nothing of `keep`. Where no place of the usual width keeps clear of it
        (a long notice at a large text size is tall), the notices take the window's width, and so
        fewer lines; where none does, the top centre, as ever."""
        w, h = ctx.canvas
        for width in (WIDTH, w - 2 * TOP):
            out = self._stacked(ctx, width)
            if not out:
                return out
            tall = out[-1][0].bottom
            places = [((w - width) // 2, TOP), (TOP, TOP), (w - TOP - width, TOP), ((w - width) // 2, h - TOP - tall),
                      (TOP, h - TOP - tall), (w - TOP - width, h - TOP - tall)]
            for x, y in places:
                moved = [(rect.move(x, y), n, lines) for rect, n, lines in out]
                if not any(rect.collidelist(keep) >= 0 for rect, _n, _l in moved):
                    return moved
        out = self._stacked(ctx, WIDTH)
        return [(rect.move((w - WIDTH) // 2, TOP), n, lines) for rect, n, lines in out]

    def _stacked(self, ctx: Any, width: int) -> list[tuple[Any, Notice, list[str]]]:
        """The shown notices `width` wide, one under another from (0, 0)."""
        out = []
        y = 0
        for n in self.shown:
            font, lines = wrapped_lines(ctx, n.text, width - TEXT_X - CLOSE_ROOM, size=ctx.theme.font_small)
            h = max(44, 20 + len(lines) * font.get_linesize())
            out.append((pygame.Rect(0, y, width, h), n, lines))
            y += h + 8
        return out

    def handle(self, event: Any, ctx: Any) -> bool:
        """A click on a notice dismisses it (and is not passed on)."""
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or not self.items:
            return False
        for rect, notice, _lines in self.layout(ctx):
            if rect.collidepoint(event.pos):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.dismiss(notice)
                return True
        return False

    def draw(self, surface: Any, ctx: Any) -> None:
        if not self.items:
            return
        theme = ctx.theme
        size = theme.font_small
        for rect, notice, lines in self.layout(ctx):
            font = ctx.fonts.for_text(notice.text, "body", size)  # (as `_stacked` measured its lines)
            card = layer(surface, rect.size)
            accent = {"error": theme.error, "warning": theme.gold}.get(notice.kind, theme.good)
            draw.rect(card, (*theme.parchment, 246), card.get_rect(), border_radius=8)
            draw.rect(card, theme.border, card.get_rect(), 2, border_radius=8)
            draw.rect(card, accent, (6, 6, 8, rect.h - 12), border_radius=4)
            mark = {"error": "!", "warning": "!", "info": "i"}[notice.kind]
            radius = 12 if ctx.fonts.text_scale <= 1.0 else min(20, round(12 * ctx.fonts.text_scale))  # round its mark
            draw.circle(card, accent, (34, rect.h // 2), radius)
            img = ctx.fonts.render(mark, size, (255, 255, 255), "bold")
            card.blit(img, img.get_rect(center=(34, rect.h // 2)))
            y = 10
            for line in lines:
                card.blit(ctx.fonts.render(line, size, theme.ink, "body"), (TEXT_X, y))
                y += font.get_linesize()
            close = ctx.fonts.render("\u00d7", size + 4, theme.ink_soft, "bold")
            card.blit(close, close.get_rect(topright=(rect.w - 10, 4)))
            alpha = notice.alpha if ctx.settings.animations else 255  # animations off: no fade, gone at once
            card.set_alpha(alpha)
            if alpha > 200:
                draw_shadow(surface, rect, 8, (2, 4), 50)
            surface.blit(card, rect)


def _keep_clear(ctx: Any) -> list[Any]:
    """What the top screen keeps clear of notices (`Scene.keep_clear`; none without a screen)."""
    stack = getattr(ctx, "stack", None)  # (a context made for a test may have no stack)
    top = stack.top if stack is not None else None
    return list(top.keep_clear()) if top is not None else []
