"""The Ordeals panel: the Ordeal cards with their Traitors, the current one marked, drawn from a
`BoardView` (the tiles panel beside it: `panels_tiles`)."""

from __future__ import annotations

import pygame

from castellion.scenes.board.view import CHECK, BoardView
from castellion.ui import draw
from castellion.ui.cards import note_legend, note_on_card
from castellion.ui.castle_view import GLOW_LEGAL
from castellion.ui.fit import fit_size
from castellion.ui.geometry import BoardLayout
from castellion.ui.painting import draw_heading, ink_box
from castellion.ui.text import t
from castellion.ui.textfit import TOUCH, TOUCH_ACROSS
from castellion.ui.widgets import draw_panel, draw_text


def draw_current_badge(surface: pygame.Surface, v: BoardView, index: int) -> None:
    """The "current" badge on the top edge of Ordeal `index`'s card (also drawn over the drop
    highlight by the live layer: the highlight's frame hid it while a Traitor was in hand)."""
    ctx, theme = v.ctx, v.ctx.theme
    rect = pygame.Rect(v.layout.ordeal_rect(index))
    with ctx.fonts.limited(1.0):  # a tag on the card's edge, sized with the card's own words
        img = ctx.fonts.render(t("board.current"), theme.font_small - 4, (250, 238, 210), "bold")
    tag = img.get_rect(center=(rect.centerx, rect.y)).inflate(14, 4)
    draw.rect(surface, theme.button, tag, border_radius=tag.h // 2)
    draw.rect(surface, theme.highlight, tag, 1, border_radius=tag.h // 2)
    surface.blit(img, img.get_rect(center=tag.center))


class OrdealsPanel:
    """The Ordeal cards with their Traitors, the current one marked."""

    def draw(self, surface: pygame.Surface, v: BoardView, hidden: frozenset[object]) -> None:
        ctx, theme, lay, game = v.ctx, v.ctx.theme, v.layout, v.game
        panel = pygame.Rect(lay.ordeal_panel)
        draw_panel(surface, panel, ctx)
        current = game.current_ordeal
        # above the "current" badge on the card's top edge, and the cards' glow
        top = min(pygame.Rect(lay.ordeal_rect(i)).y for i in range(len(game.ordeals))) if game.ordeals else panel.bottom
        heading = draw_heading(surface, ctx, t("board.ordeals"), (panel.x + 22, panel.y + 9), bottom=top - 14,
                               size=theme.font_label, colour=theme.border, role="title")
        self._draw_legend(surface, v, heading)
        choose = set(v.choices.reveal_ordeal) | set(v.choices.prophet)  # the cards a click picks
        for i, view in enumerate(game.ordeals):
            rect = pygame.Rect(lay.ordeal_rect(i))
            if i == current and not view.passed:
                glow = rect.inflate(12, 12)
                draw.rect(surface, theme.highlight, glow, 4, border_radius=12)
            if i in choose:
                surface.blit(v.art.ring(rect.inflate(10, 10).size, GLOW_LEGAL, 2), rect.inflate(10, 10))
            if ("ordeal", i) not in hidden:
                img = v.cards.get(view.card, rect.size, view.face_up)
                surface.blit(img, rect)
            if view.passed:
                # a light veil, and the stamp under the card where its Traitor count stood: the
                # card's own text stays readable
                surface.blit(v.art.shade(rect.size, 60), rect)
                self._draw_passed_stamp(surface, v, i)
            n = view.count
            off = 1 if view.prophet else 0
            if view.prophet and not view.passed:
                pr = pygame.Rect(lay.traitor_rect(i, 0, n))
                draw.ellipse(surface, (250, 240, 215), pr)
                draw.ellipse(surface, theme.bad, pr, 2)
                pawn = v.art.sprite("pawn", int(pr.w * 0.9))
                surface.blit(pawn, pawn.get_rect(center=pr.center))
            for k, code in enumerate(view.traitors):
                if ("traitor", i, k + off) in hidden:
                    continue
                surface.blit(v.art.tile(code, lay.traitor_size), lay.traitor_rect(i, k + off, n))
            if i == current and not view.passed and ("ordeal", i) not in hidden:
                draw_current_badge(surface, v, i)
            if not view.passed:
                self._draw_count(surface, v, i, t("board.traitors_label", n=n, trigger=view.trigger),
                                 f"{n} / {view.trigger}", i == current)

    @staticmethod
    def _draw_legend(surface: pygame.Surface, v: BoardView, heading: pygame.Rect) -> None:
        """Beside the heading, what the mark on a Simulation card too small for its note's words
        means ("✱ not a printed card")."""
        lay = v.layout
        if not any(view.face_up and view.card.source == "reconstructed"
                   and not note_on_card(v.ctx, pygame.Rect(lay.ordeal_rect(i)).size)
                   for i, view in enumerate(v.game.ordeals)):
            return
        ctx, theme = v.ctx, v.ctx.theme
        panel = pygame.Rect(lay.ordeal_panel)
        text = note_legend()
        size = fit_size(ctx.fonts, text, "body", theme.font_small - 2, panel.right - 22 - heading.right - 24)
        ink = ink_box(ctx, text, size)
        img_w = ctx.fonts.render(text, size, theme.ink_soft).get_width()
        draw_text(surface, ctx, text, (panel.right - 22 - img_w, heading.centery - ink.centery), size=size,
                  colour=theme.ink_soft)

    @staticmethod
    def _draw_count(surface: pygame.Surface, v: BoardView, index: int, label: str, numbers: str,
                    current: bool) -> None:
        """The "Traitors n / trigger" caption under Ordeal `index`'s card and its Traitors. At a
        larger text size, wider than a card's step, it goes on two lines: the word over its
        numbers (three captions side by side ran into each other)."""
        ctx, theme, lay = v.ctx, v.ctx.theme, v.layout
        role, size = ("bold" if current else "body"), theme.font_small
        colour = theme.ink if current else theme.ink_soft
        cx, cy = lay.ordeal_count_pos(index)
        lines = [label]
        if ctx.fonts.text_scale > 1.0 and label.endswith(numbers) and label[:-len(numbers)].strip() \
                and ctx.fonts.text_width(label, role, size) > lay.card_step - 2 * TOUCH_ACROSS:
            lines = [label[:-len(numbers)].strip(), numbers]
        # at a large text size the first and last captions keep inside the panel
        half = max(ctx.fonts.text_width(line, role, size) for line in lines) // 2
        inner = pygame.Rect(lay.ordeal_panel).inflate(-24, 0)
        cx = min(max(cx + 20, inner.x + half), inner.right - half)
        if len(lines) == 1:
            draw_text(surface, ctx, label, (cx, cy), size=size, colour=colour, role=role, anchor="center")
            return
        top = pygame.Rect(lay.ordeal_rect(index)).bottom + 3  # each line placed by its ink, one under the other
        for line in lines:
            ink = ink_box(ctx, line, size, role)
            img_w = ctx.fonts.render(line, size, colour, role).get_width()
            draw_text(surface, ctx, line, (cx - img_w // 2, top - ink.y), size=size, colour=colour, role=role)
            top += ink.h + TOUCH + 2


    @staticmethod
    def passed_stamp_rect(lay: BoardLayout, index: int, size: tuple[int, int]) -> pygame.Rect:
        """Where the "passed" stamp of Ordeal `index` goes: a pill of `size` under the card, never
        over it (the card's name and requirement stay readable)."""
        card = pygame.Rect(lay.ordeal_rect(index))
        stamp = pygame.Rect(0, 0, size[0], size[1])
        stamp.center = lay.ordeal_count_pos(index)
        stamp.top = max(stamp.top, card.bottom + 2)
        return stamp

    def _draw_passed_stamp(self, surface: pygame.Surface, v: BoardView, index: int) -> None:
        ctx, theme = v.ctx, v.ctx.theme
        img = ctx.fonts.render(f"{CHECK} {t('board.passed')}", theme.font_small - 2, (240, 255, 240), "bold")
        stamp = self.passed_stamp_rect(v.layout, index, (img.get_width() + 22, img.get_height() + 4))
        draw.rect(surface, (46, 120, 60), stamp, border_radius=stamp.h // 2)
        draw.rect(surface, theme.highlight, stamp, 1, border_radius=stamp.h // 2)
        surface.blit(img, img.get_rect(center=stamp.center))
