"""The review screen: a finished game replayed move by move, the win chance over the game, and
each marked move with what the computer would have done and why, in the player's language.

The left shows the castle before the move under review (arrows / the buttons step, the slider
and a click on the graph scrub, Page Up / Page Down jump between marked moves, Home / End to the
ends). The right shows the graph — the win chance after each move, the Ordeal encounters as
upright lines (green: passed), the marked moves as dots — and, under it, the move's mark, the
chance before and after it and "the computer would have …" with its reason (ui/ai_text.py's
words, the same as the hint's). While the review is computed (jobs.py, in the computer player's
process) a progress bar stands in the graph's place; the castle can be stepped meanwhile.

At a larger text the parts are placed from their measured words (layout.py): the review takes
the largest text size, up to the player's, at which they fit. The move's words and the summary
are boxes that scroll by whole lines when longer than their room (ui/scroll_lines.py): the wheel
over a box, or the box focused (Up / Down, a pad's d-pad) while Left / Right keep stepping.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from castellion.ai.review import DEEP
from castellion.rules import actions as A
from castellion.rules.game import Game, new_game
from castellion.scenes.nav import Route
from castellion.scenes.stack import Scene
from castellion.ui import draw
from castellion.ui.castle_view import CastleView, TileArt
from castellion.ui.fit import fit_size
from castellion.ui.geometry import BoardLayout
from castellion.ui.marks import MARK_OF_REVIEW, MARK_OF_STATE, draw_badge, draw_mark
from castellion.ui.painting import wrapped_height
from castellion.ui.scroll_lines import Drawn, ScrollLines, Words
from castellion.ui.text import language, t
from castellion.ui.widgets import Button, WidgetGroup, draw_backdrop, draw_panel, draw_text, draw_title, draw_wrapped

from .deep import DeepLook, deep_targets
from .jobs import ReviewJobs
from .layout import BIG_CELL, CELL, GRID_X, GRID_Y, MARK_ROW, ReviewLayout, choose, fixed, measured
from .practice import lesson_for, open_practice
from .words import chance_text, mark_word, move_lines, summary_text

ROMAN = ("I", "II", "III", "IV", "V")
MARK_COLOURS = {"blunder": (170, 30, 30), "mistake": (214, 110, 20), "inaccuracy": (196, 160, 20)}
LAYOUT = BoardLayout(cell=CELL, grid_x=GRID_X, grid_y=GRID_Y)
BIG_LAYOUT = BoardLayout(cell=BIG_CELL, grid_x=GRID_X, grid_y=GRID_Y)  # at a larger text (layout.py)


class ReviewScene(Scene):
    """The review of the game `options` (new_game's keywords) played as `history`."""

    text_limit = 1.0  # chosen from the measured words (layout.py): the largest that fits

    name = "review"
    route = Route.REVIEW

    def __init__(self, ctx: Any, options: Mapping[str, Any], history: Sequence[Mapping[str, Any]]) -> None:
        super().__init__(ctx)
        self.options = dict(options)
        self.history = [dict(a) for a in history]
        self.games = self._replay()
        self.step = 0
        self.jobs = ReviewJobs(ctx.get_ai_pool(), self.options, self.history)
        w, h = ctx.canvas
        self.panel = pygame.Rect(24, 16, w - 48, h - 32)
        self.slider_rect = pygame.Rect(92, 640, 1128, 22)
        self.layout: ReviewLayout = fixed(self.slider_rect)
        self.graph_rect = self.layout.graph
        self._laid_for: tuple[Any, ...] | None = None
        self.art = TileArt(ctx)
        self.view = CastleView(ctx, self.art, LAYOUT)
        self.views = {CELL: self.view, BIG_CELL: CastleView(ctx, self.art, BIG_LAYOUT)}
        self.widgets = WidgetGroup()
        bh = ctx.theme.button_height
        y = self.panel.bottom - bh - 24
        self.prev_button = self.widgets.add(Button(ctx, (92, y, 200, bh), t("review.prev"), self.back_one,
                                                   style="secondary"))
        self.next_button = self.widgets.add(Button(ctx, (304, y, 200, bh), t("review.next"), self.forward_one))
        self.mark_button = self.widgets.add(Button(ctx, (516, y, 280, bh), t("review.next_mark"), self.next_mark,
                                                   style="secondary"))
        self.back_button = self.widgets.add(Button(ctx, (self.panel.right - 244, y, 200, bh), t("ui.back"),
                                                   self.close, style="secondary"))
        # practice (practice.py): this decision again, or every marked one in turn
        top = self.panel.y + 24
        self.try_button = self.widgets.add(Button(ctx, (68, top, 330, 50), t("review.try_again"), self.try_again,
                                                  style="secondary", font_size=20))
        self.learn_button = self.widgets.add(Button(ctx, (self.panel.right - 374, top, 330, 50), t("review.learn"),
                                                    self.learn, style="secondary", font_size=20))
        # the deeper look (deep.py): D, or the button (the pad's A on it); Esc / the pad's B stops it
        self.deep: DeepLook | None = None
        self.deep_button = self.widgets.add(Button(ctx, (808, y, self.panel.right - 256 - 808, bh), t("review.deep"),
                                                   self.look_deeper, style="secondary", font_size=20))
        # the summary under the castle and the move's words: they scroll when longer than their box
        self.move_box = self.widgets.add(ScrollLines(ctx, self.layout.move))
        self.summary_box = self.widgets.add(ScrollLines(ctx, self.layout.summary))
        self._filled: tuple[Any, ...] | None = None
        self._dragging = False
        self._said: tuple[int, bool] | None = None  # the move last said (the spoken game)

    # ---------------------------------------------------------------- the game
    def _replay(self) -> list[Game]:
        """The game before each move, and at the end (len(history) + 1 states; a few ms)."""
        game = new_game(**self.options)
        games = [game.copy()]
        for data in self.history:
            game.apply(A.action_from_dict(data))
            games.append(game.copy())
        return games

    @property
    def review(self) -> dict[str, Any] | None:
        """The review as far as it is known (whole once `jobs.review` is set)."""
        return self.jobs.current

    def decision(self, index: int) -> dict[str, Any] | None:
        review = self.review
        if review is None:
            return None
        found = next((d for d in review["decisions"] if d["index"] == index), None)
        deeper = self.deep.entries.get(index) if self.deep is not None else None
        return dict(found, **deeper) if found is not None and deeper is not None else found

    def marked(self) -> list[int]:
        review = self.review
        if not review:
            return []
        return [int(d["index"]) for d in review["decisions"] if (self.decision(int(d["index"])) or d).get("mark")]

    def look_deeper(self) -> None:
        """Think longer about the decision shown and the marked ones (deep.py), in the background."""
        review = self.review
        if review is None or (self.deep is not None and self.deep.running):
            return
        targets = deep_targets(self.step, review["decisions"])
        if targets:
            self.deep = DeepLook(self.ctx.get_ai_pool(), self.options, self.history, targets)

    def stop_deeper(self) -> None:
        if self.deep is not None:
            self.deep.cancel()

    # ---------------------------------------------------------------- moving
    def go(self, step: int) -> None:
        self.step = max(0, min(len(self.history), step))

    def back_one(self) -> None:
        self.go(self.step - 1)

    def forward_one(self) -> None:
        self.go(self.step + 1)

    def next_mark(self) -> None:
        later = [i for i in self.marked() if i > self.step]
        self.go(later[0] if later else (self.marked() or [self.step])[0])

    def previous_mark(self) -> None:
        earlier = [i for i in self.marked() if i < self.step]
        if earlier:
            self.go(earlier[-1])

    def spoken_news(self) -> list[str]:
        """The spoken game: the move the arrows reach, read as the graph shows it ("Move 21 of 80:
        Win chance 70 % → 3 %, marked as a Mistake"); again when the review's answer arrives."""
        said = (self.step, self.review is not None)
        if said == self._said:
            return []
        self._said = said
        d = self.decision(self.step)
        if d is None:
            what = [t("review.end") if self.step >= len(self.history) else t("review.forced")]
        else:
            what = [chance_text(d) if d.get("checked") else t("review.not_checked")]
            if d.get("mark"):
                what.append(t("speech.review.marked", mark=mark_word(d["mark"]).lower()))
        return [t("speech.review.move", n=self.step + 1, count=len(self.history) + 1, what=", ".join(what))]

    def decisions(self) -> list[int]:
        """The history indices where the player had a choice (the screening's, once back)."""
        review = self.review
        return [int(d["index"]) for d in review["decisions"]] if review else []

    def deeper(self) -> set[int]:
        """The decisions the deeper look has judged (practice judges them the same way)."""
        return set(self.deep.entries) if self.deep is not None else set()

    def try_again(self) -> None:
        """The decision under review as practice — any decision; from the review's first step (as
        it opens) the first marked one, and from a step that is no decision the next decision."""
        choices = self.decisions()
        if not choices:
            return
        marked = self.marked()
        if self.step == 0 and marked:
            at = marked[0]
        elif self.step in choices:
            at = self.step
        else:
            at = next((i for i in choices if i >= self.step), choices[-1])
        self.go(at)
        open_practice(self.ctx, lesson_for(self.options, self.history, [at], self.deeper()))

    def learn(self) -> None:
        """Every marked decision in turn, then the sum (found k of n)."""
        marked = self.marked()
        if marked:
            open_practice(self.ctx, lesson_for(self.options, self.history, marked, self.deeper()))

    def close(self) -> None:
        if self.deep is not None and self.deep.running:  # Esc / B stops the deeper look first
            self.stop_deeper()
            return
        self.jobs.cancel()
        self.pop()

    def exit(self) -> None:
        self.jobs.cancel()
        self.stop_deeper()

    def _step_at(self, x: int, rect: pygame.Rect) -> int:
        share = (x - rect.x) / max(1, rect.w)
        return round(max(0.0, min(1.0, share)) * len(self.history))

    def handle(self, event: Any) -> bool:
        if self.widgets.handle(event):
            return True
        if event.type == pygame.MOUSEWHEEL:  # not over the summary: the move's words
            return self.move_box.scroll(-int(event.y)) or True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect in (self.slider_rect.inflate(0, 16), self.graph_rect):
                if rect.collidepoint(event.pos):
                    self._dragging = True
                    self.go(self._step_at(event.pos[0], rect))
                    return True
        if event.type == pygame.MOUSEMOTION and self._dragging:
            self.go(self._step_at(event.pos[0], self.slider_rect))
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._dragging:
            self._dragging = False
            return True
        return False

    def _key(self, key: int) -> bool:
        moves = {pygame.K_LEFT: self.back_one, pygame.K_RIGHT: self.forward_one,
                 pygame.K_PAGEDOWN: self.next_mark, pygame.K_PAGEUP: self.previous_mark,
                 pygame.K_HOME: lambda: self.go(0), pygame.K_END: lambda: self.go(len(self.history)),
                 pygame.K_t: self.try_again, pygame.K_l: self.learn, pygame.K_d: self.look_deeper,
                 pygame.K_ESCAPE: self.close}
        action = moves.get(key)
        if action is None:
            return False
        action()
        return True

    def keep_clear(self) -> list[pygame.Rect]:
        return self.widgets.keep_clear()

    def update(self, dt: float) -> None:
        self.jobs.poll()
        if self.deep is not None:
            self.deep.poll()
        laid_for = (id(self.review), len(self.deep.entries) if self.deep is not None else 0, self.ctx.fonts.text_scale)
        if laid_for != self._laid_for:
            self._laid_for = laid_for
            self._lay_out()
        filled = (laid_for, self.step, language())
        if filled != self._filled:
            self._filled = filled
            self._fill()
        self.widgets.update(dt)
        self.deep_button.enabled = self.review is not None and not (self.deep is not None and self.deep.running)
        self.prev_button.enabled = self.step > 0
        self.next_button.enabled = self.step < len(self.history)
        self.mark_button.enabled = bool(self.marked())
        self.learn_button.enabled = bool(self.marked())
        self.try_button.enabled = bool(self.decisions())

    def _lay_out(self) -> None:
        """The parts' places and the text size (layout.py): the largest at which they fit."""
        at_100 = fixed(self.slider_rect)
        if self.ctx.fonts.text_scale <= 1.0:
            self.text_limit, self.layout = 1.0, at_100
        else:
            review = self.review

            def measure() -> ReviewLayout | None:
                moves = [(bool(d and d.get("mark")), move_lines(d, self.games[i]))
                         for i in range(len(self.history)) for d in [self.decision(i)]]
                end = [] if review is None else [t("review.end"), self._counts(review)]
                return measured(self.ctx, self.slider_rect, t("review.knowledge"),
                                summary_text(review) if review is not None else "", moves, end, t("review.graph"))

            self.text_limit, self.layout = choose(self.ctx, measure, at_100)
        self.graph_rect = self.layout.graph
        self.view = self.views[self.layout.cell]
        self.summary_box.rect, self.move_box.rect = self.layout.summary.copy(), self.layout.move.copy()
        self._filled = None

    def _fill(self) -> None:
        """The words of the summary and of the move shown, laid out in their boxes at the text
        size they are drawn at."""
        theme, review = self.ctx.theme, self.review
        with self.ctx.fonts.limited(self.text_limit):
            summary = [Words(summary_text(review), size=theme.font_small, role="bold", after=0)] if review else []
            if review and self.layout.note is None:  # at a larger text the note follows the summary
                summary.append(Words(t("review.knowledge"), size=16, colour=theme.ink_faint))
            self.summary_box.set_parts(summary, keep=True)
            self.move_box.set_parts(self._move_parts())

    def _move_parts(self) -> list[Words | Drawn]:
        """The move's mark (its badge and word), its lines; at the game's end, its counts."""
        theme, review = self.ctx.theme, self.review
        if review is None:
            return []
        d = self.decision(self.step)
        if d is None and self.step >= len(self.history):
            return [Words(t("review.end"), size=theme.font_small, colour=theme.ink_soft, after=12),
                    Words(self._counts(review), colour=theme.ink)]
        parts: list[Words | Drawn] = []
        deep = d is not None and bool(d.get("deep"))
        if d is not None and d.get("mark"):
            parts.append(Drawn(MARK_ROW, lambda surface, row: self._draw_mark(surface, row, d, deep)))
        elif deep and self.layout.grown:  # its own line (at 100 % over the first line's end, as ever)
            tall = self.ctx.fonts.get("body", 16).get_linesize()
            parts.append(Drawn(tall, lambda surface, row: self._draw_deep_note(surface, row), after=6))
        good = d is not None and d.get("best") == d.get("played")
        for n, line in enumerate(move_lines(d, self.games[self.step])):
            parts.append(Words(line, size=None if n == 0 else theme.font_small,
                               colour=theme.good if good and n > 0 else theme.ink))
        return parts

    @staticmethod
    def _counts(review: dict[str, Any]) -> str:
        s = review["summary"]
        return t("review.counts", blunder=s["blunder"], mistake=s["mistake"], inaccuracy=s["inaccuracy"])

    def animating(self) -> bool:
        deep = self.deep is not None and self.deep.running
        return deep or (self.jobs.review is None and not self.jobs.failed)  # it fills in by itself

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        draw_backdrop(surface, ctx)
        draw_panel(surface, self.panel, ctx)
        draw_title(surface, ctx, t("review.title"), (self.panel.centerx, self.panel.y + 50), 44, "ink")
        game = self.games[self.step]
        player = game.active if game.outcome is None else 0
        self.view.draw_grid(surface)
        self.view.draw_tiles(surface, game.castle(player))
        self._draw_cells(surface)
        draw_text(surface, ctx, t("review.position", turn=game.turn, move=self.step, total=len(self.history)),
                  (LAYOUT.grid_x, self.layout.position_y), size=theme.font_small, colour=theme.ink_soft,
                  max_width=self.layout.summary.w)
        review = self.review
        if review is None:
            self._draw_progress(surface)
        else:
            self._draw_graph(surface, review)
            self._draw_move(surface)
            self._draw_summary(surface)
            if self.jobs.review is None:
                self._draw_filling(surface)
        self._draw_slider(surface)
        self.widgets.draw(surface)  # (the summary's and the move's words among them)
        if self.deep is not None and self.deep.running:  # over the move's last lines
            self._draw_deep(surface)

    def _draw_cells(self, surface: pygame.Surface) -> None:
        """The cell the move under review took (red when marked) and the one the computer would
        have taken (green), when they are cells of the castle shown."""
        d = self.decision(self.step)
        if d is None:
            return
        played, best = d.get("played") or {}, d.get("best") or {}
        for action, colour, mark in ((played, MARK_COLOURS.get(d.get("mark") or "", (60, 90, 160)), d.get("mark")),
                                     (best, self.ctx.theme.good, "best")):
            cell = action.get("cell")
            if isinstance(cell, (list, tuple)) and len(cell) == 2 and 0 <= cell[1] < 6:
                self.view.draw_ring(surface, [(int(cell[0]), int(cell[1]))], colour)
                if mark in MARK_OF_REVIEW:  # the colour said by a shape too (✗ ○ – or ✓)
                    r = pygame.Rect(self.view.rect((int(cell[0]), int(cell[1]))))
                    draw_badge(surface, MARK_OF_REVIEW[mark], pygame.Rect(r.right - 24, r.y + 2, 22, 22), colour)
            if best == played:
                break

    def _draw_progress(self, surface: pygame.Surface) -> None:
        theme, r = self.ctx.theme, self.graph_rect
        done, total = self.jobs.progress
        words = t("review.failed") if self.jobs.failed else t("review.computing", done=done, total=total)
        tall = max(50, wrapped_height(self.ctx, words, r.w)) if self.layout.grown else 50  # its lines, over the bar
        draw_wrapped(surface, self.ctx, words, pygame.Rect(r.x, r.centery - 10 - tall, r.w, tall), align="center",
                     colour=theme.ink)
        bar = pygame.Rect(r.x + 40, r.centery, r.w - 80, 22)
        draw.rect(surface, (235, 222, 196), bar, border_radius=8)
        fill = bar.copy()
        fill.w = max(8, round(bar.w * done / max(1, total)))
        draw.rect(surface, theme.good, fill, border_radius=8)
        draw.rect(surface, theme.border, bar, 2, border_radius=8)

    def _draw_filling(self, surface: pygame.Surface) -> None:
        """While the review fills in: how far it got, in a line over the graph."""
        theme, r = self.ctx.theme, self.graph_rect
        done, total = self.jobs.progress
        bar = pygame.Rect(r.x, r.y - 14, r.w, 6)
        draw.rect(surface, (235, 222, 196), bar)
        fill = bar.copy()
        fill.w = round(bar.w * done / max(1, total))
        draw.rect(surface, theme.good, fill)
        draw_text(surface, self.ctx, t("review.filling", done=done, total=total), (r.right, r.y - 18),
                  size=16, colour=theme.ink_soft, anchor="bottomright")

    def _draw_deep(self, surface: pygame.Surface) -> None:
        """The deeper look's progress and how to stop it, over the slider."""
        theme, r = self.ctx.theme, self.slider_rect
        done, total = self.deep.progress if self.deep is not None else (0, 1)
        g = self.layout.grown  # its line, grown with the text: the box grows with it
        box = pygame.Rect(r.x, r.y - 58 - g, r.w, 50 + g)
        draw.rect(surface, theme.graph_backing, box, border_radius=8)
        draw.rect(surface, theme.border, box, 2, border_radius=8)
        draw_text(surface, self.ctx, t("review.deep_progress", times=DEEP, done=done, total=total),
                  (box.x + 14, box.y + 14 + g // 2), size=theme.font_small - 2, colour=theme.ink, anchor="midleft",
                  max_width=box.w - 300)
        draw_text(surface, self.ctx, t("review.deep_cancel"), (box.right - 14, box.y + 14 + g // 2), size=16,
                  colour=theme.ink_soft, anchor="midright", max_width=280)
        bar = pygame.Rect(box.x + 14, box.y + 30 + g, box.w - 28, 10)
        draw.rect(surface, (226, 210, 180), bar, border_radius=5)
        fill = bar.copy()
        fill.w = max(6, round(bar.w * done / max(1, total)))
        draw.rect(surface, theme.good, fill, border_radius=5)

    def _x(self, index: int) -> int:
        r = self.graph_rect
        return r.x + round(r.w * index / max(1, len(self.history)))

    def _y(self, p: float) -> int:
        r = self.graph_rect
        return r.bottom - round(r.h * p)

    def _draw_graph(self, surface: pygame.Surface, review: dict[str, Any]) -> None:
        theme, r = self.ctx.theme, self.graph_rect
        draw.rect(surface, theme.graph_backing, r, border_radius=6)
        for p in (0.25, 0.5, 0.75):
            draw.line(surface, (214, 198, 170), (r.x, self._y(p)), (r.right, self._y(p)), 1)
        # the labels grow as far as the room between the castle's frame and the graph allows
        beside = r.x - 12 - pygame.Rect(self.view.layout.grid_rect).inflate(20, 20).right
        size = fit_size(self.ctx.fonts, "100 %", "body", 16, beside)
        for label, p in (("100 %", 1.0), ("50 %", 0.5), ("0 %", 0.0)):
            draw_text(surface, self.ctx, label, (r.x - 6, self._y(p)), size=size, colour=theme.ink_soft,
                      anchor="midright")
        for enc in review["encounters"]:
            x = self._x(int(enc["index"]))
            colour = theme.good if enc["passed"] else theme.bad
            draw.line(surface, colour, (x, r.y), (x, r.bottom), 2)
            numeral = draw_text(surface, self.ctx, ROMAN[int(enc["ordeal"]) % len(ROMAN)],
                              (min(x + 4, r.right - 44), r.y + 4), size=16, colour=colour, role="bold")
            # passed ✓ / failed ✗ beside the numeral: not in its colour alone
            draw_mark(surface, MARK_OF_STATE["won" if enc["passed"] else "lost"],
                      pygame.Rect(numeral.right + 2, numeral.y + 2, 14, 14), colour)
        points = self._curve(review)
        if len(points) >= 2:
            upper = [(self._x(i), self._y(min(1.0, p + sd))) for i, p, sd in points]
            lower = [(self._x(i), self._y(max(0.0, p - sd))) for i, p, sd in reversed(points)]
            band = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            pygame.draw.polygon(band, (*theme.border[:3], 48), upper + lower)
            surface.blit(band, (0, 0))
            draw.lines(surface, theme.border, False, [(self._x(i), self._y(p)) for i, p, _ in points], 3)
        for d in review["decisions"]:
            if d.get("mark") and "after" in d:
                centre = (self._x(int(d["index"]) + 1), self._y(float(d["after"])))
                dot = pygame.Rect(0, 0, 18, 18)
                dot.center = centre
                draw_badge(surface, MARK_OF_REVIEW.get(d["mark"], "cross"), dot, MARK_COLOURS.get(d["mark"], theme.bad),
                           edge=(255, 255, 255))
        x = self._x(self.step)
        draw.line(surface, (60, 90, 160), (x, r.y), (x, r.bottom), 2)
        draw.rect(surface, theme.border, r, 2, border_radius=6)
        caption = t("review.graph")
        room = pygame.Rect(r.x, r.bottom + 6, r.w, self.layout.move.y - r.bottom - 6)
        if self.layout.caption_wrapped:  # on its lines, at the size the layout measured it
            draw_wrapped(surface, self.ctx, caption, room, size=16, colour=theme.ink_soft)
        elif self.ctx.fonts.text_width(caption, "body", 16) > r.w:
            # at 100 % a longer language's caption takes two lines of the room over the move's box
            # (one line shrunk to the graph's width was 11 px in Spanish)
            draw_wrapped(surface, self.ctx, caption, room, size=16, colour=theme.ink_soft, line_gap=0)
        else:
            draw_text(surface, self.ctx, caption, (r.x, r.bottom + 6), size=16, colour=theme.ink_soft,
                      max_width=r.w)

    @staticmethod
    def _curve(review: dict[str, Any]) -> list[tuple[int, float, float]]:
        """(index, chance, its error) of the graph's points in game order: each decision's chance
        before it and, after a move that was not the computer's, the chance it left (ai/review.py)."""
        return [(int(g["index"]), float(g["p"]), float(g.get("sd", 0.0))) for g in review["graph"]]

    def _draw_move(self, surface: pygame.Surface) -> None:
        """Over the move's box (drawn with the widgets), at 100 %: the deeper look's note."""
        d = self.decision(self.step)
        if d is not None and d.get("deep") and not d.get("mark") and not self.layout.grown and not self.move_box.offset:
            self._draw_deep_note(surface, self.move_box.rect)

    def _draw_deep_note(self, surface: pygame.Surface, row: pygame.Rect) -> None:
        """"These numbers are the deeper look's", at the right of the move's first row."""
        draw_text(surface, self.ctx, t("review.deep_note", times=DEEP), (row.right, row.y + 6), size=16,
                  colour=self.ctx.theme.ink_soft, anchor="topright", max_width=row.w // 2)

    def _draw_mark(self, surface: pygame.Surface, row: pygame.Rect, d: dict[str, Any], deep: bool) -> None:
        """The mark's badge before its word: the legend of the dots on the graph."""
        if deep:
            self._draw_deep_note(surface, row)
        colour = MARK_COLOURS.get(d["mark"], self.ctx.theme.bad)
        draw_badge(surface, MARK_OF_REVIEW.get(d["mark"], "cross"), pygame.Rect(row.x, row.y + 4, 26, 26), colour)
        draw_text(surface, self.ctx, mark_word(d["mark"]), (row.x + 34, row.y), size=28, role="bold", colour=colour)

    def _draw_summary(self, surface: pygame.Surface) -> None:
        """The note under the graph at 100 % (the summary's box is drawn with the widgets)."""
        if self.layout.note is not None:
            draw_wrapped(surface, self.ctx, t("review.knowledge"), self.layout.note, colour=self.ctx.theme.ink_faint,
                         size=16)

    def _draw_slider(self, surface: pygame.Surface) -> None:
        theme, r = self.ctx.theme, self.slider_rect
        draw.rect(surface, (226, 210, 180), r, border_radius=10)
        for i in self.marked():
            x = r.x + round(r.w * i / max(1, len(self.history)))
            draw.rect(surface, MARK_COLOURS["mistake"], (x - 2, r.y, 4, r.h))
        knob = r.x + round(r.w * self.step / max(1, len(self.history)))
        draw.circle(surface, theme.border, (knob, r.centery), 13)
        draw.circle(surface, (250, 240, 220), (knob, r.centery), 9)
        draw.rect(surface, theme.border, r, 2, border_radius=10)


__all__ = ["ReviewScene"]
