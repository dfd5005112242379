"""The solo status panel: the current Ordeal's requirements beside what the castle has, the
foundation (and the Pantry's count), drawn from a `BoardView`."""

from __future__ import annotations

import pygame

from castellion.rules import Castle, OrdealCard, OrdealView, Verdict, formations, judge_ordeal
from castellion.rules.ruleset import ASSAULT, EARTHWORM, FOUNDATION_DROP
from castellion.scenes.board.status_counts import beside_title, foundation_ink, own_row, title_ink_bottom, usual_size
from castellion.scenes.board.status_note import note_place, warning_over
from castellion.scenes.board.view import CHECK, CROSS, BoardView
from castellion.scenes.context import SceneContext
from castellion.ui.castle_view import KIND_ICONS
from castellion.ui.catalog_keys import card_name
from castellion.ui.fit import largest
from castellion.ui.painting import ink_box
from castellion.ui.text import t, tn
from castellion.ui.textfit import TOUCH
from castellion.ui.widgets import draw_panel, draw_text


def _requirement_rows(verdict: Verdict | None) -> list[tuple[str, bool, str]]:
    """The face-up card's requirements as the rules judged them (R-§5.3: the Ordeal's own
    verdict, so a mark never disagrees with its outcome), one per kind it asks for: (kind, met,
    "Towers 0/1 ✗"); one list for their words' size and their drawing; none for no card or one
    face down (`verdict` None)."""
    if verdict is None:
        return []
    return [(r.kind.value, r.met, f"{t('board.kind.' + r.kind.value)} {r.have}/{r.need} {CHECK if r.met else CROSS}")
            for r in verdict.requirements]


def _rows_warning(card: OrdealCard, verdict: Verdict) -> str:
    """What a card that destroys rows (Exam II, the Earthworm) would do now, as the rules judged it."""
    return tn("board.rows_warning", card.rows) + f" ({verdict.foundation}/6)"


def _panel_title(view: OrdealView | None) -> str:
    """The status panel's title: what the current Ordeal needs (its name once face up), or that
    no Ordeal is left."""
    if view is None:
        return t("board.needs_none")
    return t("board.needs", name=card_name(view.card)) if view.face_up else t("board.needs_hidden")


class StatusPanel:
    """Solo: the current Ordeal's requirement beside what the castle has; the foundation.

    `slots` keeps where each count was drawn — `(0, "tower")` … `(0, "foundation")`,
    `(0, "pantry")`, `(0, "counts")` — so the live layer can put a drop's ghost "+1" beside it
    (and keep it off the card's words: `(0, "warning")`, `(0, "note")`)."""

    slots: dict[tuple[int, str], pygame.Rect]

    def __init__(self) -> None:
        self.slots = {}

    def draw(self, surface: pygame.Surface, v: BoardView, castle: Castle, *, facing: bool = False,
             way: int = 0) -> None:
        """The current Ordeal's requirement beside what the castle has; the foundation. `facing`:
        an Ordeal's reveal is showing — the panel waits for it (the state already holds the result).
        `way` (the measure's second ways, each with the ones before it): 1 `compact`, 2 `tight`, 3
        `wrapped`. `compact` (a larger text size): the castle's counts stay beside the title (see `_draw_counts`);
        `tight` (with it): the rows placed by their ink, the requirements just under the title's,
        the foundation's at the panel's bottom (the Japanese lines are much taller than their
        glyphs: by their lines the requirements touched the foundation from 175 %), and the
        Pantry's count on the requirements' row where it does not fit beside the foundation;
        `wrapped` (with both): the requirements on two rows where one does not hold them at the
        body size (see `_requirement_layout`: "Líneas 0/1 ✗" left the panel's side from 200 %)."""
        ctx, theme, game = v.ctx, v.ctx.theme, v.game
        compact, tight, wrapped = way > 0, way > 1, way > 2
        panel = pygame.Rect(v.layout.status_panel)
        draw_panel(surface, panel, ctx, style="dark")
        self.slots = {}
        if facing:
            draw_text(surface, ctx, t("suspense.banner"), (panel.x + 24, panel.y + 10), size=theme.font_label,
                      colour=theme.border, role="title")
            return
        have = formations(castle)
        x, y = panel.x + 24, panel.y + 10
        note = ("", "")
        view = game.ordeals[game.current_ordeal] if game.current_ordeal is not None else None
        title = _panel_title(view)
        head = draw_text(surface, ctx, title, (x, y), size=theme.font_label, colour=theme.border, role="title")
        # the rules judge the card once for the whole panel (its measures and its rows ask that one answer)
        verdict = judge_ordeal(view.card, castle) if view is not None and view.face_up else None
        items = _requirement_rows(verdict)
        labels = [label for _kind, _met, label in items]
        # (at a larger text size the requirements say their kinds' counts: the counts line the others)
        shown = frozenset(kind for kind, _met, _label in items) if ctx.fonts.text_scale > 1.0 else frozenset()
        tight = tight and ctx.fonts.text_scale > 1.0
        line, at, foundation_y, pantry_y, most = self._rows(v, castle, (title, head), labels, verdict is not None,
                                                            tight, wrapped)
        low, free = self._under_title(v, castle, view, (verdict, bool(items)), (title, head), (foundation_y, line))
        row = self._draw_counts(surface, v, have, head, y, compact or tight, shown, free)
        at = (x, low[0]) if low is not None else at if tight else (x, max(y + 40, row + 4))
        if view is not None:
            note = self._draw_requirements(surface, v, view, verdict, items, at, tight, most)
        self._draw_foundation(surface, v, castle, (x, foundation_y), note, pantry_y, line)

    def _under_title(self, v: BoardView, castle: Castle, view: OrdealView | None, judged: tuple[Verdict | None, bool],
                     titled: tuple[str, pygame.Rect], foundation: tuple[int, int]) -> tuple[
                         tuple[int, int] | None, tuple[tuple[int, int] | None, pygame.Rect | None] | None]:
        """Who takes the row under the title (`judged`: the card's verdict, whether it asks for
        formations): at a larger text size a card that asks for none (Exam II, the Earthworm)
        says what it does just over the foundation (`low`: its line's and its ink's top), the row
        left to the castle's counts; with no requirements the counts may take that row (but the
        warning's), or the foundation's line where it is alone on it (`free`, `_draw_counts`')."""
        ctx, (verdict, asks), (foundation_y, line), (title, head) = v.ctx, judged, foundation, titled
        panel = pygame.Rect(v.layout.status_panel)
        ink = foundation_ink(ctx, self._foundation_words(castle)[0], (panel.x + 24, foundation_y), line)
        low = warning_over(ctx, _rows_warning(view.card, verdict), (panel.x + 24, panel.right - 12), ink) \
            if view is not None and verdict is not None and not asks and ctx.fonts.text_scale > 1.0 \
            and view.card.kind in (FOUNDATION_DROP, EARTHWORM) else None
        free = (None if verdict is not None and low is None else
                (title_ink_bottom(ctx, title, head), ink.y if low is None else low[1]),
                None if asks or self._pantry_words(v, castle) else ink)
        return low, free

    def _rows(self, v: BoardView, castle: Castle, titled: tuple[str, pygame.Rect], labels: list[str],
              face_up: bool, tight: bool, wrapped: bool) -> tuple[int, tuple[int, int], int, int | None, int | None]:
        """Where `draw`'s rows go under the title (`titled`: its words and where they went): the
        panel's line size, where the requirements start, the foundation's and the Pantry's lines
        (None: beside the foundation) and the requirements' largest size on two rows (None: one
        row). `tight` (at a larger text size): placed by their ink; with no card face up the
        foundation's ink also goes at the panel's bottom (the counts' row above it the taller)."""
        ctx, theme = v.ctx, v.ctx.theme
        panel = pygame.Rect(v.layout.status_panel)
        x, room = panel.x + 24, panel.w - 48
        line = self._line_size(v, labels, room, castle)
        foundation_y = panel.bottom - 40
        if ctx.fonts.text_scale > 1.0:  # larger lines: each row under the one above, the last above the border
            foundation_y = panel.bottom - 8 - ctx.fonts.get("bold", line).get_linesize()
        at, pantry_y, most = (x, panel.y + 50), None, None
        if tight:  # (the requirements' ink under the title's, the foundation's ink inside the panel's frame)
            title, head = titled
            at = (x, head.y + ink_box(ctx, title, theme.font_label, "title").bottom + TOUCH + 2)
            if wrapped and labels and line < theme.font_body:
                most = self._wrapped_most(v, labels, castle, room, at[1])
                line = self._requirement_layout(ctx, labels, room, most)[0]
            foundation_y, pantry_y = self._bottom_rows(v, castle, room, line)
        elif not face_up and ctx.fonts.text_scale > 1.0:
            foundation_y, pantry_y = self._bottom_rows(v, castle, room, line)
        return line, at, foundation_y, pantry_y, most

    def _line_size(self, v: BoardView, labels: list[str], room: int, castle: Castle) -> int:
        """The size of the foundation's line (the Pantry's 2 less): the body size; at a larger text
        size, the requirements' (R-O5's counts, one row of the panel's lines), so that the panel's
        lines are one size under its title (the foundation at 38 px under 23 px requirements); with
        none, the largest down to the small size that keeps the Pantry's count beside the
        foundation within `room` (on a line of its own under it, the castle's counts had 20 px)."""
        ctx, theme = v.ctx, v.ctx.theme
        if ctx.fonts.text_scale <= 1.0:
            return theme.font_body
        if labels:
            return self._requirement_fit(ctx, labels, room)[0]
        pantry, words = self._pantry_words(v, castle), self._foundation_words(castle)[0]
        if pantry is None:
            return theme.font_body
        beside = largest(theme.font_body, theme.font_small, lambda size: size if ctx.fonts.text_width(
            words, "bold", size) + 18 + ctx.fonts.text_width(pantry[0], "bold", size - 2) <= room else None)
        return theme.font_body if beside is None else beside[1]

    def _wrapped_most(self, v: BoardView, labels: list[str], castle: Castle, room: int, top: int) -> int:
        """`wrapped`: the largest size (from the body size) the requirements may take on two rows,
        their ink from `top`, so that it ends a touch above the foundation's (and the Pantry's)
        at the panel's bottom, at the same size."""
        ctx = v.ctx
        for most in range(ctx.theme.font_body, 13, -1):
            size, _gap, rows = self._requirement_layout(ctx, labels, room, most)
            inks = [ink_box(ctx, label, size, "bold") for label in labels]
            high = min(ink.y for ink in inks)
            bottom = top + rows[-1] * (max(ink.h for ink in inks) + TOUCH + 2) + max(ink.bottom for ink in inks) - high
            foundation_y, _ = self._bottom_rows(v, castle, room, size)
            if bottom + TOUCH + 2 <= foundation_y + ink_box(ctx, self._foundation_words(castle)[0], size, "bold").y:
                return most
        return 13

    def _bottom_rows(self, v: BoardView, castle: Castle, room: int, line: int) -> tuple[int, int | None]:
        """`tight`: where the foundation's line goes (at `line`), its ink at the panel's bottom; where
        the Pantry's goes when the two are wider than `room` together (its own line at the bottom,
        the foundation's ink over it), None when it stays beside the foundation."""
        ctx = v.ctx
        bottom = pygame.Rect(v.layout.status_panel).bottom - 7  # (inside the panel's frame)
        words = self._foundation_words(castle)[0]
        ink = ink_box(ctx, words, line, "bold")
        pantry = self._pantry_words(v, castle)
        if pantry is None:
            return bottom - ink.bottom, None
        if ctx.fonts.text_width(words, "bold", line) + 18 + ctx.fonts.text_width(pantry[0], "bold", line - 2) <= room:
            # beside it, centred on its line: the lower of the two inks at the bottom ("Despensa" hangs lower)
            lines = (ctx.fonts.render(text, size, (0, 0, 0), "bold").get_height() for text, size in
                     ((words, line), (pantry[0], line - 2)))
            hang = next(lines) // 2 - next(lines) // 2 + ink_box(ctx, pantry[0], line - 2, "bold").bottom
            return bottom - max(ink.bottom, hang), None
        below = ink_box(ctx, pantry[0], line - 2, "bold")
        pantry_y = bottom - below.bottom
        return pantry_y + below.y - TOUCH - 2 - ink.bottom, pantry_y

    def _draw_counts(self, surface: pygame.Surface, v: BoardView, have: dict[str, int], head: pygame.Rect,
                     y: int, compact: bool = False, shown: frozenset[str] = frozenset(),
                     free: tuple[tuple[int, int] | None, pygame.Rect | None] | None = None) -> int:
        """What the castle holds, right of the title: as large as the room left allows; at a
        larger text size, on its own row under the title when it does not fit beside it, or
        (`compact`: the Japanese lines are too tall for four rows) beside it without "In the
        castle:", never smaller than at 100 %; the formations of `shown` left out (at a larger text
        size: their requirement says their count), none drawn when that is all; with `free` (the
        band under the title no requirement takes; the foundation's ink where it is alone on its
        line) on a row of their own by their ink (`status_counts.own_row`). Answers where the
        title's row (or the counts' own) ends."""
        ctx, theme = v.ctx, v.ctx.theme
        panel = pygame.Rect(v.layout.status_panel)
        kinds = [kind for kind in ("tower", "bastion", "line") if kind not in shown]
        if not kinds:
            return head.bottom
        counts = t("board.formations_now") + " " + " \u2022 ".join(tn(f"board.count.{kind}", have[kind])
                                                                  for kind in kinds)
        room = panel.right - 24 - (head.right + 18)
        placed = None if free is None else own_row(ctx, counts[len(t("board.formations_now")) + 1:],
                                                   (head.x, panel.right - 24), *free,
                                                   least=usual_size(ctx, counts, room, compact, head, panel) + 1)
        if placed is not None:  # (only where larger than as below)
            words, size, at, anchor = placed
            self.slots[(0, "counts")] = draw_text(surface, ctx, words, at, size=size, colour=theme.ink_soft,
                                                  anchor=anchor)
            return head.bottom
        if compact and ctx.fonts.text_scale > 1.0:
            counts, size = beside_title(ctx, counts, room)
            self.slots[(0, "counts")] = draw_text(surface, ctx, counts, (panel.right - 24, y + 14), size=size,
                                                  colour=theme.ink_soft, anchor="midright")
            return head.bottom
        if ctx.fonts.text_scale > 1.0 and ctx.fonts.get("body", theme.font_small).size(counts)[0] > room:
            rect = draw_text(surface, ctx, counts, (head.x, head.bottom), size=theme.font_small,
                             colour=theme.ink_soft, max_width=panel.right - 24 - head.x)
            self.slots[(0, "counts")] = rect
            return rect.bottom
        size = theme.font_small
        while size > 13 and ctx.fonts.get("body", size).size(counts)[0] > room:
            size -= 1
        if ctx.fonts.get("body", size).size(counts)[0] > room:
            counts = counts[len(t("board.formations_now")) + 1:]
        self.slots[(0, "counts")] = draw_text(surface, ctx, counts, (panel.right - 24, y + 14), size=size,
                                              colour=theme.ink_soft, anchor="midright")
        return head.bottom

    def _draw_requirements(self, surface: pygame.Surface, v: BoardView, view: OrdealView, verdict: Verdict | None,
                           items: list[tuple[str, bool, str]], at: tuple[int, int], by_ink: bool = False,
                           most: int | None = None) -> tuple[str, str]:
        """The face-up card's requirements (`items`, of the rules' `verdict` on the castle); answers the
        warning of what the card would do now and its shorter form ("" for none). `by_ink`: their ink (not
        their line) starts at `at`; `most` (`wrapped`): on two rows where one does not hold them
        (`_requirement_layout`)."""
        ctx, theme = v.ctx, v.ctx.theme
        card = view.card
        cx, y2 = at
        if verdict is None:  # (face down)
            return "", ""
        labels = [label for _kind, _met, label in items]
        # measured as one row: the Spanish "Líneas 0/1 ✗" ran past the panel's edge
        size, gap, rows = self._requirement_layout(ctx, labels, pygame.Rect(v.layout.status_panel).right - 24 - cx,
                                                   most)
        inks = [ink_box(ctx, label, size, "bold") for label in labels]
        if by_ink and labels:
            y2 -= min(ink.y for ink in inks)
        step = max((ink.h for ink in inks), default=0) + TOUCH + 2  # (a row under the other, by their ink)
        for k, (kind, met, label) in enumerate(items):
            if k and rows[k] != rows[k - 1]:
                cx, y2 = at[0], y2 + step
            icon = v.art.sprite(KIND_ICONS[kind], 26)  # (`by_ink`: centred on its label's ink, off the title's)
            surface.blit(icon, (cx, y2 + inks[k].centery - 13 if by_ink else y2 - 1))
            rr = draw_text(surface, ctx, label, (cx + 32, y2), size=size,
                           colour=theme.good if met else theme.bad, role="bold")
            self.slots[(0, kind)] = rr
            cx = rr.right + gap
        # what the card would do now, as the rules judged it (R-O5, §7 Bastions)
        if card.kind in (FOUNDATION_DROP, EARTHWORM):
            warning = _rows_warning(card, verdict)
            if items:
                return warning, tn("board.rows_warning", card.rows)
            # a card that asks for no formation (Exam II) says what it does on the row its
            # requirements would take, not crammed small in the corner beside the foundation
            room = pygame.Rect(v.layout.status_panel).right - 12 - cx
            self.slots[(0, "warning")] = draw_text(surface, ctx, warning, (cx, y2), size=theme.font_body - 2,
                                                   colour=theme.ink, role="bold", max_width=room)
            return "", ""
        if card.kind == ASSAULT:
            return (tn("board.assault_warning", verdict.if_unmet, saved=verdict.saved),
                    tn("board.assault_warning_short", verdict.if_unmet))
        return "", ""

    @classmethod
    def _requirement_layout(cls, ctx: SceneContext, labels: list[str], room: int,
                            most: int | None) -> tuple[int, int, list[int]]:
        """The text size, the gap and each label's row (0 or 1) of the requirement labels (each
        after its 32 px icon): on one row as `_requirement_fit` has them; with `most` (`wrapped`),
        whole labels on two rows where one does not hold them, at the largest size up to `most`
        (never under 13 px) at which they fit `room` so, the first row as full as it holds."""
        if most is None:
            return *cls._requirement_fit(ctx, labels, room), [0] * len(labels)
        for size in range(most, 12, -1):
            each = [32 + ctx.fonts.for_text(lab, "bold", size).size(lab)[0] for lab in labels]
            first = next((k for k in range(len(each), 0, -1) if sum(each[:k]) + 26 * (k - 1) <= room), 0)
            rest = each[first:]
            if first and sum(rest) + 26 * (len(rest) - 1) <= room:
                return size, 26, [0] * first + [1] * len(rest)
        return *cls._requirement_fit(ctx, labels, room), [0] * len(labels)

    @staticmethod
    def _requirement_fit(ctx: SceneContext, labels: list[str], room: int) -> tuple[int, int]:
        """The text size and the gap that put the requirement labels (each after a 32 px icon)
        on one row within `room`: the body size when they fit, smaller (never under 13 px) and
        closer when not."""
        size, gap = ctx.theme.font_body, 26

        def width() -> int:
            words = sum(ctx.fonts.for_text(lab, "bold", size).size(lab)[0] for lab in labels)
            return words + 32 * len(labels) + gap * (len(labels) - 1)

        while width() > room and gap > 12:
            gap -= 2
        while width() > room and size > 13:
            size -= 1
        return size, gap

    @staticmethod
    def _foundation_words(castle: Castle) -> tuple[str, bool]:
        """"Foundation 4/6 ✗", and whether it is complete."""
        ok = castle.foundation_complete()
        return f"{t('board.foundation_status', n=castle.row_count(0))} {CHECK if ok else CROSS}", ok

    def _pantry_words(self, v: BoardView, castle: Castle) -> tuple[str, bool] | None:
        """"Pantry 0/2 ✗" (the tiles in against the count needed after the current Ordeal), and
        whether they match; None without the Pantry."""
        index = v.game.current_ordeal
        need = v.game.pantry_needed(index) if index is not None else None
        if need is None:
            return None
        have = castle.pantry_count()
        return f"{t('board.pantry_status', have=have, need=need)} {CHECK if have == need else CROSS}", have == need

    def _draw_foundation(self, surface: pygame.Surface, v: BoardView, castle: Castle, at: tuple[int, int],
                         note: tuple[str, str], pantry_y: int | None = None, line: int = 0) -> None:
        """The foundation, the Pantry's count and the card's warning, on the panel's last line
        (`pantry_y`: the Pantry's count on a line of its own, from there; `line`: the foundation's
        size, the body size when not told)."""
        ctx, theme = v.ctx, v.ctx.theme
        panel = pygame.Rect(v.layout.status_panel)
        line = line or theme.font_body
        # the foundation, always (R-O5: every encounter ends with the foundation check)
        words, ok = self._foundation_words(castle)
        rr = draw_text(surface, ctx, words, at, size=line, colour=theme.good if ok else theme.bad,
                       role="bold")
        self.slots[(0, "foundation")] = rr
        pantry = self._pantry_words(v, castle)
        if pantry is not None:
            label, okp = pantry
            place, anchor = ((at[0], pantry_y), "topleft") if pantry_y is not None else \
                ((rr.right + 18, rr.centery), "midleft")
            rr = draw_text(surface, ctx, label, place, size=line - 2,
                           colour=theme.good if okp else theme.bad, role="bold", anchor=anchor)
            self.slots[(0, "pantry")] = rr
        if note[0]:
            kinds = [self.slots[(0, kind)] for kind in ("tower", "bastion", "line") if (0, kind) in self.slots]
            words, size, place = note_place(ctx, ("\u2022  " + note[0], "\u2022  " + note[1] if note[1] else ""),
                                            rr, max(kinds, key=lambda r: (r.y, r.x)) if kinds else None,
                                            panel.right - 20)
            # (a slot too: a drop's ghost "+1" beside the requirement's count keeps off it)
            self.slots[(0, "note")] = draw_text(surface, ctx, words, place, size=size, colour=theme.ink,
                                                anchor="midleft")

