"""The tutorial's parts above 150 % text: one scrolling column of measured rows.

Up to 150 % the parts stand as three cards side by side (`scene.TutorialScene`). Above, the
introduction and then a row for each part — its title and what it teaches, wrapped beside its
Start button, "✓ Done" under them once finished — each as tall as its words at the player's size,
in a room above Back and "Play a real game" (fixed at the bottom, grown with the text). The room
scrolls (`ui.flow.PartsFlow`: the wheel, Page Up / Page Down, and the focus moving to a Start
button out of view); a row not whole in view is hidden, never cut.
"""

from __future__ import annotations

from typing import Any

import pygame

from castellion.content.tutorial import PARTS
from castellion.ui.flow import PartsFlow, ScrolledGroup
from castellion.ui.fonts import wrap
from castellion.ui.names import level_name
from castellion.ui.painting import whole_lines_in
from castellion.ui.text import t
from castellion.ui.widgets import draw_panel, draw_text, draw_title, one_size

LARGE_FROM = 1.5  # the largest text size the three cards hold
TITLE_SIZE = 64  # the screen's title (a display size: the text size leaves it) over the column
INTRO_COLOUR = (246, 232, 200)  # on the backdrop, as at 100 %


class PartsColumn:
    """The large-text layout of `scene` (a built `TutorialScene`): its buttons re-placed."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        ctx = scene.ctx
        self.ctx = ctx
        w, h = ctx.canvas
        theme = ctx.theme
        bh = max(52, self.line("bold", theme.font_button, t("ui.back")) + 18)
        self.bottom = bottom = h - 24 - bh
        scene.back.rect = pygame.Rect(w // 2 - 16 - 300, bottom, 300, bh)
        scene.play.rect = pygame.Rect(w // 2 + 16, bottom, 420, bh)
        self.width = w - 180
        top = 112
        room = pygame.Rect(90, top, self.width + 22, bottom - 16 - top)
        self.flow = PartsFlow(ctx, room, [(90, self.width)], gap=14, placed=self.placed)
        group = ScrolledGroup()
        for widget in scene.widgets.widgets:  # the same buttons, in the same focus order
            group.add(widget)
        scene.widgets = group
        self.button_w = 360
        self.text_w = self.width - self.button_w - 3 * 24
        self.lay_out()

    def line(self, role: str, size: int, words: str = "Ag") -> int:
        return int(self.ctx.fonts.for_text(words, role, size).get_linesize())

    def lines(self, words: str, role: str, size: int, width: int) -> tuple[list[str], int]:
        font = self.ctx.fonts.for_text(words, role, size)
        return wrap(font, words, width), int(font.get_linesize())

    def part_lines(self, index: int) -> list[tuple[str, str, int, int]]:
        """A part's words, (line, role, size, top within its row); the last top is its height."""
        p, theme = PARTS[index], self.ctx.theme
        out, y = [], 14
        title = t("tutorial.part_title", n=index + 1, level=level_name(self.ctx, p.level))
        for text, role, size, gap in ((title, "bold", 26, 6), (t(f"tutorial.about.{p.id}"), "body", 21, 6)):
            lines, step = self.lines(text, role, size, self.text_w)
            for line in lines:
                out.append((line, role, size, y))
                y += step
            y += gap
        if p.id in self.scene.store.progress.done:
            out.append(("\u2713 " + t("tutorial.finished"), "done", theme.font_small, y))
            y += self.line("bold", theme.font_small) + 6
        bh = self.line("bold", theme.font_button, t("tutorial.start")) + 18
        out.append(("", "end", 0, max(y + 8, bh + 28)))
        return out

    def lay_out(self) -> None:
        s, flow = self.scene, self.flow
        w = self.ctx.canvas[0]
        s.back.rect.x = w // 2 - 16 - 300 if s.play.visible else w // 2 - 150  # alone: centred
        s.back.font_size = s.play.font_size = None
        one_size([s.back, s.play] if s.play.visible else [s.back])
        flow.sizes.clear()
        flow.parts.clear()
        lines, step = self.lines(t("tutorial.intro"), "body", 24, self.width)
        self.intro = [(line, i * step) for i, line in enumerate(lines)]
        flow.sizes["intro"] = len(lines) * step
        self.words: dict[str, list[tuple[str, str, int, int]]] = {}
        bh = self.line("bold", self.ctx.theme.font_button, t("tutorial.start")) + 18
        for i, p in enumerate(PARTS):
            self.words[p.id] = self.part_lines(i)
            height = self.words[p.id][-1][3]
            flow.sizes[p.id] = height
            flow.parts[p.id] = [(s.buttons[p.id], pygame.Rect(self.width - 24 - self.button_w, (height - bh) // 2,
                                                                self.button_w, bh))]
            s.buttons[p.id].font_size = None
        flow.keys = ["intro", *(p.id for p in PARTS)]
        if isinstance(s.widgets, ScrolledGroup):
            s.widgets.rows = flow.widgets()
        flow.measure()
        one_size([s.buttons[p.id] for p in PARTS])

    def placed(self) -> None:
        """The parts' panels follow their rows (the scene's `cards`)."""
        if all(p.id in self.flow.tops for p in PARTS):
            self.scene.cards = [self.flow.box(p.id) for p in PARTS]

    # ------------------------------------------------------------------ each frame
    def handle(self, event: Any) -> bool:
        return self.flow.handle(event)

    def update(self) -> None:
        self.flow.update(self.scene.widgets, self.lay_out)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        w = ctx.canvas[0]
        draw_title(surface, ctx, t("tutorial.title"), (w // 2, 60), TITLE_SIZE)
        flow = self.flow
        with whole_lines_in(surface, flow.room):  # a row in part: clipped, its whole lines
            if flow.shows("intro") or flow.in_part("intro"):
                box = flow.box("intro")
                for line, top in self.intro:
                    draw_text(surface, ctx, line, (box.centerx, box.y + top), size=24, colour=INTRO_COLOUR,
                              anchor="midtop")
            colours = {"bold": theme.ink, "body": theme.ink_soft, "done": (40, 110, 50)}
            for p in PARTS:
                if not (flow.shows(p.id) or flow.in_part(p.id)):
                    continue
                box = flow.box(p.id)
                draw_panel(surface, box, ctx)
                for line, role, size, top in self.words[p.id][:-1]:
                    draw_text(surface, ctx, line, (box.x + 24, box.y + top), size=size, colour=colours[role],
                              role="bold" if role in ("bold", "done") else "body")
        flow.draw_in_part(surface)
        flow.draw_bar(surface)


__all__ = ["LARGE_FROM", "PartsColumn"]
