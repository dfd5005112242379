"""The hand-over between two players (`HandoverScene`, docs/rules.md §9): "Anna's turn" for a moment."""

from __future__ import annotations

import pygame

from castellion.scenes.board.context import BoardContext
from castellion.scenes.board.host import BoardHost
from castellion.scenes.board.words import name_role, tile_name
from castellion.scenes.stack import Scene
from castellion.ui import draw
from castellion.ui.text import t
from castellion.ui.widgets import draw_text

HANDOVER_TIME = 1.1  # seconds the "Player 2's turn" banner stays (a click or a key ends it sooner)


class HandoverScene(Scene):
    """Two players: "Anna's turn" over the board for a moment (HANDOVER_TIME), so that the
    player taking the seat sees it is theirs; a click or a key ends it at once — a click does
    nothing else, a key (but Esc) also acts on the board. Pushed by the board on `TurnPassed` /
    `TilePassed`.

    `still` (animations off): no fade and no timer — the banner stands until a click or a key, so
    the hand-over is still marked in hot-seat play."""

    transparent = True
    name = "handover"

    def __init__(self, ctx: BoardContext, board: BoardHost, player: int, passed: str | None = None, *,
                 still: bool = False) -> None:
        super().__init__(ctx)
        self.board = board
        self.player = player
        self.passed = passed
        self.still = still
        self.time = 0.0

    def handle(self, event: pygame.event.Event) -> bool:
        self.passes_events = False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_F1, pygame.K_F11):
                return False
            self.pop()
            if event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE:
                # the key also does what it does on the board: the first key after a drop only
                # ended the banner, and G to draw did nothing
                self.passes_events = True
                return False
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

    def animating(self) -> bool:
        return not self.still

    def update(self, dt: float) -> None:
        self.time += dt
        if not self.still and self.time >= HANDOVER_TIME and self.stack is not None and self.stack.top is self:
            self.pop()

    def draw(self, surface: pygame.Surface) -> None:
        if self.stack is not None and self.stack.top is not self:
            return  # under an Ordeal's reveal: the banner waits for its turn (its timer too)
        ctx, theme = self.ctx, self.ctx.theme
        w, h = ctx.canvas
        fade = 1.0 if self.still else min(1.0, self.time / 0.15)
        surface.blit(self.board.art.shade((w, h), int(90 * fade)), (0, 0))
        band = pygame.Rect(0, h // 2 - 70, w, 140)
        shade = self.board.art.shade(band.size, 200)
        surface.blit(shade, band)
        draw.line(surface, theme.gold, band.topleft, band.topright, 3)
        draw.line(surface, theme.gold, band.bottomleft, band.bottomright, 3)
        name = self.board.name_of(self.player)
        draw_text(surface, ctx, t("board.handover", name=name), (w // 2, band.centery - 16), size=52,
                  colour=theme.gold_light, role=name_role(name), anchor="center", shadow=(0, 0, 0))
        sub = t("board.handover_passed", tile=tile_name(self.passed)) if self.passed else t("board.handover_sub")
        if self.still and self.passed:
            sub = f"{sub} \u2014 {t('board.handover_click')}"
        draw_text(surface, ctx, sub, (w // 2, band.centery + 36), size=theme.font_small,
                  colour=(240, 228, 200), anchor="center")
