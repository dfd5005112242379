""""Was this deal winnable?": asked from the end screen after a loss.

The search (`castellion.ai.winnable`) knows the whole deal — the order of the piles and every
face-down card — and the screen says so before anything else. It runs in the app's computer-player
process (`ctx.get_ai_pool()`; a thread only when no process can start) with the analysis budget
(`WINNABLE_WORK` evaluations: the same deal gets the same answer on any machine), so the screen
keeps drawing at its pace. It first replays the computer's own fair games of the deal — the runs
the end screen counted in "the computer wins it k times in 5" — so the two answers never
contradict each other, then searches with the deal known. It answers with a winning line, which "Watch the winning line"
replays on the board in demo mode on the same deal, or says how many games it searched without
finding one (no proof that none exists). Leaving the screen cancels the job: the search stops at its next decision.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from castellion import rules
from castellion.ai.winnable import WINNABLE_WORK, search_deal
from castellion.rules import actions as A
from castellion.scenes.context import SceneContext
from castellion.scenes.flow import watch_deal
from castellion.scenes.modal import Overlay
from castellion.scenes.nav import Route
from castellion.ui import draw
from castellion.ui.fit import largest_limit
from castellion.ui.painting import wrapped_height
from castellion.ui.text import t, tn
from castellion.ui.widgets import Button, button_height, draw_text, draw_wrapped

log = logging.getLogger("castellion.scenes.analysis")


class AnalysisOverlay(Overlay):
    """The analysis of one deal: `level`, `seed` and the game `options` (variant, Pantry, players)."""

    # laid out from its measured words: the largest text size (up to the player's) at which the
    # panel, grown with them, fits the window
    text_limit = 1.0

    route = Route.ANALYSIS  # also when built directly, not through the navigator

    panel_size = (700, 470)

    def __init__(self, ctx: SceneContext, level: str, seed: int, options: dict[str, Any] | None = None, *,
                 work: int | None = None, fair_wins: int | None = None) -> None:
        self.text_limit = largest_limit(ctx.fonts, lambda: self._measure(ctx) <= ctx.canvas[1] - 24)
        with ctx.fonts.limited(self.text_limit):
            self.panel_size = (700, self._measure(ctx)) if ctx.fonts.text_scale <= 1.0 else (900, self._measure(ctx))
        super().__init__(ctx)
        self.level, self.seed, self.options = level, seed, dict(options or {})
        self.work = WINNABLE_WORK if work is None else work
        self.tries = 0
        self.fair = False  # the line is one of the computer's fair games (the end screen's runs)
        self.line: list[A.Action] | None = None
        self.turns = 0
        self.done = False
        p = self.panel
        with ctx.fonts.limited(self.text_limit):
            bh = self._button_height(ctx)
        wide = (p.w - 700) // 2  # the buttons share what the panel grew
        self.watch_button = self.widgets.add(Button(ctx, (p.centerx - 270 - wide, p.bottom - bh - 34, 320 + wide, bh),
                                                    t("analysis.watch"), self.watch, enabled=False))
        self.back_button = self.widgets.add(Button(ctx, (p.centerx + 70, p.bottom - bh - 34, 200 + wide, bh),
                                                   t("analysis.back"), self.close, style="secondary"))
        self._deal = rules.new_game(level, seed=seed, **self.options)
        # search_deal(level, seed, options, work, fair_wins, cancel=...) runs in the child: first the
        # computer's fair games the end screen counted (skipped when it said none won), then the search
        self._job = ctx.get_ai_pool().submit(search_deal, level, seed, self.options, self.work, fair_wins)

    # ------------------------------------------------------------------ layout
    @staticmethod
    def _button_height(ctx: SceneContext) -> int:
        """The buttons' height: as tall as their words at a larger text size; at 100 % the
        panel's fixed layout (the theme's height)."""
        if ctx.fonts.text_scale <= 1.0:
            return ctx.theme.button_height
        return button_height(ctx)

    def _answers(self) -> list[tuple[str, bool]]:
        """Every answer the screen may show, (words, good): its place is as tall as the longest."""
        return [(t("analysis.working"), False), (tn("analysis.found_fair", 99), True), (tn("analysis.found", 99), True),
                (tn("analysis.not_found", 99), False)]

    def _boxes(self, ctx: SceneContext, width: int) -> tuple[int, int]:
        """The note's and the answer's heights at the current text size (their 100 % boxes at least)."""
        note = wrapped_height(ctx, t("analysis.full_knowledge"), width - 124, size=ctx.theme.font_small) + 16
        answer = max(wrapped_height(ctx, words, width - 120) for words, _good in self._answers())
        return max(80, note), max(120, answer)

    def _measure(self, ctx: SceneContext) -> int:
        """The panel's height at the current text size: 470 at 100 %."""
        if ctx.fonts.text_scale <= 1.0:
            return AnalysisOverlay.panel_size[1]
        note, answer = self._boxes(ctx, 900)
        return 96 + note + 44 + answer + 24 + self._button_height(ctx) + 34

    def _collect(self) -> None:
        """The job's answer, once it is there (each frame; never blocks)."""
        job = self._job
        if self.done or not job.done:
            return
        answer = job.result()
        if answer is None:  # an analysis must never bring the game down: it just found nothing
            if job.error is not None:
                log.error("the analysis failed: %s", job.error)
            line, tries, fair = None, 0, False
        else:
            line, tries, fair = answer
        if line is not None:
            game = self._deal.copy()
            for action in line:  # ~3 ms for a whole game: the number of turns the line takes
                game.apply(action)
            self.turns = game.turn
        log.info("analysis of %s seed %s: %s after %d tries (pid %s)", self.level, self.seed,
                 "a win" if line else "no win", tries, job.pid)
        self.line, self.tries, self.fair = line, tries, fair
        self.done = True

    def update(self, dt: float) -> None:
        super().update(dt)
        self._collect()
        self.watch_button.enabled = self.line is not None

    def animating(self) -> bool:
        return not self.done  # the "searching" line turns into the answer by itself

    def watch(self) -> None:
        if self.line is not None:
            watch_deal(self.ctx, self.level, self.seed, self.options, line=self.line)

    def exit(self) -> None:
        self._job.cancel()

    def close(self) -> None:
        self._job.cancel()
        self.pop()

    def draw_content(self, surface: pygame.Surface) -> None:
        theme, p = self.ctx.theme, self.panel
        draw_text(surface, self.ctx, t("analysis.title"), (p.centerx, p.y + 52), size=36, colour=theme.border,
                  role="title", anchor="center")
        note_h, answer_h = self._boxes(self.ctx, p.w) if self.ctx.fonts.text_scale > 1.0 else (80, 120)
        note = pygame.Rect(p.x + 50, p.y + 96, p.w - 100, note_h)
        draw.rect(surface, (252, 236, 206), note, border_radius=8)
        draw.rect(surface, theme.bad, note, 2, border_radius=8)
        draw_wrapped(surface, self.ctx, t("analysis.full_knowledge"), note.inflate(-24, -16), align="center",
                     colour=theme.ink, size=theme.font_small)
        if not self.done:
            answer = t("analysis.working")
        elif self.line is not None:
            answer = tn("analysis.found_fair" if self.fair else "analysis.found", self.turns)
        else:
            answer = tn("analysis.not_found", self.tries)
        draw_wrapped(surface, self.ctx, answer, pygame.Rect(p.x + 60, note.bottom + 44, p.w - 120, answer_h),
                     align="center", colour=theme.good if self.line is not None else theme.ink)
