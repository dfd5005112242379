"""The board's live win-chance meter (the Settings option "Win-chance meter", off by default).

A small box in the tiles panel, right of the revealed row, shows P(win) ± its error for the
public view on the board (`ai.meter.meter_chance`). After each action (the board's state
`version` changes) the stale job is cancelled and a new one sent to the computer player's child;
the frame only polls (`Job.result()` never blocks), and shows the last figure greyed while the
new one computes. A hint asked meanwhile goes first: the meter's job is cancelled and sent again
once the hint has its answer (the child runs one job at a time). With the meter on, a hint's
answer is followed by a second job, the move's gain (`ai.meter.move_gain`), appended to the
hint's words when it comes ("+8 points of win chance over the next best move").

Never in the tutorial (the coach's deal is on script: a number would only distract), and only in
solo games (the two-player board has no room beside its panels).
"""

from __future__ import annotations

from typing import Any

import pygame

from castellion.ai.estimate import Estimate
from castellion.ai.meter import Gain, meter_chance, move_gain
from castellion.ai.pool import ComputePool, Job
from castellion.rules import Game
from castellion.rules import actions as A
from castellion.rules.public import public_view
from castellion.scenes.board.view import BoardView
from castellion.ui import draw
from castellion.ui.marks import draw_hatch
from castellion.ui.text import t, tn
from castellion.ui.widgets import draw_text

METER_SIZE = (212, 64)


def meter_rect(tiles_panel: Any) -> pygame.Rect:
    """Right of the revealed row, above the power box, inside the tiles panel."""
    panel = pygame.Rect(tiles_panel)
    return pygame.Rect(panel.right - METER_SIZE[0] - 14, panel.y + 194, *METER_SIZE)


def gain_text(gain: Gain) -> str:
    """The hint's gain in words: points over the next best move, or "about as good"."""
    if gain.points <= 0:
        return t("meter.gain_none")
    return tn("meter.gain", gain.points)


class WinMeter:
    """One board's meter (module doc). `enabled` is fixed when the board is built."""

    def __init__(self, pool: ComputePool, enabled: bool) -> None:
        self.pool = pool
        self.enabled = enabled
        self.version: int | None = None  # the state the shown / computing figure is about
        self.estimate: Estimate | None = None
        self.fresh = False  # the estimate is about the state on the board
        self._job: Job[Estimate] | None = None
        self._gain_job: Job[Gain | None] | None = None
        self._gain_version: int | None = None

    def update(self, game: Game, version: int, hint_busy: bool) -> None:
        """Each frame: a new job when the state changed, the answer once it is there."""
        if not self.enabled or game.players != 1:
            return
        if version != self.version:
            self._cancel_estimate()
            if self._gain_version != version:
                self._drop_gain()  # a gain speaks of the state its hint was about
            self.version, self.fresh = version, False
            if game.outcome is not None:
                return
        if hint_busy:  # the hint goes first; the meter asks again once it has its answer
            self._cancel_estimate()
            return
        if self._job is None and not self.fresh and game.outcome is None:
            self._job = self.pool.submit(meter_chance, public_view(game))
        job = self._job
        if job is not None and job.done:
            answer = job.result()
            if isinstance(answer, Estimate):
                self.estimate, self.fresh = answer, True
            self._job = None
            self.fresh = True  # a failed job is not asked again for this state (no loop of failures)

    def ask_gain(self, game: Game, version: int, action: A.Action) -> None:
        """The hint's answer is there: ask how much its move gains (only with the meter on)."""
        if not self.enabled or game.players != 1:
            return
        self._drop_gain()
        self._gain_job = self.pool.submit(move_gain, public_view(game), action)
        self._gain_version = version

    def gain(self, version: int) -> str:
        """The gain's words the first time they are there for `version` ("" otherwise)."""
        job = self._gain_job
        if job is None or not job.done:
            return ""
        answer = job.result()
        same = self._gain_version == version
        self._gain_job = None
        return gain_text(answer) if same and isinstance(answer, Gain) else ""

    @property
    def busy(self) -> bool:
        return self._job is not None or self._gain_job is not None

    def _cancel_estimate(self) -> None:
        if self._job is not None:
            self._job.cancel()
            self._job = None

    def _drop_gain(self) -> None:
        if self._gain_job is not None:
            self._gain_job.cancel()
            self._gain_job = None

    def close(self) -> None:
        self._cancel_estimate()
        self._drop_gain()

    def text(self) -> str:
        """The figure as shown: "Win chance 42 % ± 9", or "…" before the first one."""
        e = self.estimate
        if e is None:
            return t("meter.measuring")
        return t("meter.chance", p=round(100 * e.p), err=round(100 * e.stderr))

    def draw(self, surface: pygame.Surface, v: BoardView) -> None:
        if not self.enabled or v.game.players != 1:
            return
        ctx, theme = v.ctx, v.ctx.theme
        box = meter_rect(v.layout.tiles_panel)
        draw.rect(surface, theme.meter_backing, box, border_radius=8)
        draw.rect(surface, theme.border, box, 2, border_radius=8)
        colour = theme.ink if self.fresh else theme.ink_faint
        draw_text(surface, ctx, self.text(), (box.centerx, box.y + 20), size=theme.font_small, colour=colour,
                  role="bold", anchor="center", max_width=box.w - 12)
        bar = pygame.Rect(box.x + 12, box.bottom - 22, box.w - 24, 10)
        draw.rect(surface, theme.ink_faint, bar, 1, border_radius=4)
        e = self.estimate
        if e is not None and e.p > 0:
            filled = pygame.Rect(bar.x, bar.y, max(2, round(bar.w * e.p)), bar.h)
            if self.fresh:
                draw.rect(surface, theme.good, filled, border_radius=4)
            else:  # not yet up to date: faint, and hatched (a pattern, not a shade alone)
                draw_hatch(surface, filled, theme.ink_faint)
            lo, hi = max(0.0, e.p - e.stderr), min(1.0, e.p + e.stderr)  # the error, as a whisker
            y = bar.centery
            draw.line(surface, theme.ink, (bar.x + round(bar.w * lo), y), (bar.x + round(bar.w * hi), y), 2)


__all__ = ["WinMeter", "gain_text", "meter_rect"]
