"""The Ordeal reveal: pushed by the board when an action's events contain `OrdealEncountered`.

The card turns over (a flip when it was face down), its requirement stands beside what the castle
had (Towers 1/2 ✓, Bastions 0/1 ✗, Foundation 6/6 ✓), row destructions play out (Exam II,
Earthworm: the bottom rows fall away), then "Passed" / "Lost" with the reason — or, for an Assault
that must be paid in tiles, "Destroy N tiles" and the choice happens back on the board. When the
last of those tiles is chosen, the board shows a short verdict page (`build_verdict`): the card,
the foundation after the destruction, the prison's penalty paid, the Pantry check, and "Passed"
or "Lost" with the reason (or "Destroy 6 tiles" when the prison's penalty follows an Assault).

Variants, Pantry, two players: the prison's penalty (§8.4: 6 tiles when it is incomplete) and the
Pantry check (§10: each castle's Pantry tiles against the count needed) are part of the verdict,
and in a two-player game the page names whose castle is judged.

The pages are data built from the rules' events in `castellion.ui.reveal_pages` (by the board,
which pushes `Route.REVEAL` with them); this module only draws them and decides nothing. A
click or a key first finishes the animation, then moves to the next encounter (one action can
cause several, R-O2/R-O4) and finally closes the scene.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

import castellion.ui.draw as draw
from castellion.rules import Game, requirements
from castellion.rules import actions as A
from castellion.rules import events as E
from castellion.scenes.context import SceneContext
from castellion.scenes.nav import Route
from castellion.scenes.stack import Scene
from castellion.ui.canvas import layer, scaled
from castellion.ui.card_cache import CardCache
from castellion.ui.castle_view import KIND_ICONS, TileArt
from castellion.ui.catalog_keys import card_name
from castellion.ui.fit import largest_limit
from castellion.ui.fonts import wrap
from castellion.ui.reveal_pages import Encounter, build_encounters, build_verdict
from castellion.ui.text import language, t, tn
from castellion.ui.widgets import dim, draw_panel, draw_text, draw_wrapped

# The reveal's suspense: the card turns, the rows fall, the requirement lines tick
# one by one, then the stamp. Short, skipped by a click or a key, and not played at all with the
# animations setting off.
FLIP_TIME = 0.45
ROWS_TIME = 0.45
LINE_TIME = 0.22  # each requirement line: its count shows, then its tick or cross
VERDICT_TIME = 0.3
STAMP_POP = 0.5  # the stamp lands from 1.5 times its size

Line = tuple[str | None, str, bool]  # a requirement line: icon sprite (None: none), words, met


def requirement_lines(e: Encounter) -> list[Line]:
    """The lines the requirement page ticks, in order: each formation the card needs (have/need),
    the foundation (R-O5) and the Pantry (§10) — everything the card judges.
    [] for the pages that show something else (falling rows, the verdict page)."""
    if e.rows or e.verdict_only:
        return []
    out: list[Line] = []
    for r in requirements(e.card, e.have):  # (met as the rules judged it: the verdict's own answer)
        out.append((KIND_ICONS[r.kind], f"{t('board.kind.' + r.kind)}  {r.have}/{r.need}", r.met))
    if e.card.kind == "requirement" or e.result in ("passed", "lost"):
        # R-O5: every encounter that comes to its end checks the foundation (an Assault whose
        # tiles are still to be chosen is checked on its verdict page)
        n, ok = e.castle.row_count(0), e.castle.foundation_complete()
        out.append((None, f"{t('reveal.foundation')}  {n}/6", ok))
    for name, have, need in e.pantry_lines():
        text = t("suspense.pantry_named", name=name, have=have, need=need) if name else \
            t("suspense.pantry", have=have, need=need)
        out.append(("pantry_s", text, have == need))
    return out


def verdict_layout(area: pygame.Rect, stamp: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """Where the stamp ("Passed", "Lost", "Destroy 4 tiles") of size `stamp` and the sentence under
    it go inside `area`: the sentence starts below the stamp's frame, so both stay readable."""
    frame = pygame.Rect(0, 0, stamp[0] + 24, stamp[1] + 8)
    frame.topleft = (area.x, area.y + 4)
    sub = pygame.Rect(area.x, frame.bottom + 8, area.w, max(0, area.bottom - frame.bottom - 8))
    return frame, sub


def mark(ok: bool) -> str:
    """A tick or a cross."""
    return "\u2713" if ok else "\u2717"



Head = tuple[str, int, int, tuple[int, int, int], str]  # a line under the card's name: text, y, size, colour, role


@dataclass(frozen=True)
class Column:
    """Where each part of the column under the card's name goes (canvas y), and where the column
    ends: laid out once by `OrdealRevealScene.column`, which both measures the panel and places
    what `draw` puts there (a part added to one is in the other)."""

    top: int  # where the column begins, under the lines under the card's name
    end: int  # where it ends (the prison's and Pantry's lines, and the verdict, stay below)
    requires: int | None = None  # "Requires": the requirement page
    nothing: int | None = None  # "Nothing required", under it, for a card that requires nothing
    lines: tuple[int, ...] = ()  # each requirement line (`requirement_lines`), ticked in turn
    line_size: int = 26  # their text size (smaller when there are more than four)
    foundation: int | None = None  # the verdict page's foundation line
    rows: int | None = None  # the falling rows' picture, its words on top
    count: int | None = None  # the foundation's count under that picture (at a larger text size)


class OrdealRevealScene(Scene):
    """Shows `encounters` one after the other over the dimmed board."""

    # its pages are fixed pictures: at 100 % for now (docs/accessibility.md)
    _heads_of: tuple[Encounter, tuple[float, str, tuple[int, ...]], list[Head]] | None = None  # (`_heads`)
    text_limit = 1.0  # chosen in __init__: the largest (up to the player's) at which its column fits

    transparent = True
    name = "reveal"
    route = Route.REVEAL  # also when built directly, not through the navigator
    ctx: SceneContext

    def __init__(self, ctx: SceneContext, encounters: list[Encounter], *, animate: bool | None = None) -> None:
        super().__init__(ctx)
        self.encounters = encounters
        self.page = 0
        self.time = 0.0
        if animate is None:
            animate = bool(ctx.settings.animations)
        self.animate = animate
        self.art = TileArt(ctx)
        self.cards = CardCache(ctx, self.art)  # drawn once, not every frame
        w, h = ctx.canvas
        extra = any(e.prison is not None or e.pantry or e.pantry_need is not None or e.facer_name
                    for e in encounters)
        height = 620 if extra else 560
        if encounters and all(e.verdict_only for e in encounters):
            height -= 100  # the short verdict page: no requirements, no falling rows
        # laid out from measured lines: the largest text size (up to the player's) at which the
        # panel, grown so that every page's column ends above its verdict, fits the window
        self.text_limit = largest_limit(ctx.fonts, lambda: height + self._grow(height) <= h - 24)
        with ctx.fonts.limited(self.text_limit):
            grow = self._grow(height)
            grow += min(max(0, h - 24 - height - grow), self._verdict_grow(height + grow))
        self.panel = pygame.Rect(0, 0, 860, height + grow)
        self.panel.center = (w // 2, h // 2)

    def _grow(self, height: int) -> int:
        """How much a panel `height` tall must grow at the current text size so that every page's
        column ends above its verdict."""
        self.panel = pygame.Rect(0, 0, 860, height)
        return max([self.column(e, face=True).end - self._extras_top(e) for e in self.encounters] + [0])

    def _verdict_grow(self, height: int) -> int:
        """How much more a panel `height` tall must grow for every page's sentence under its stamp
        to fit at the reveal's small size once the verdict has risen to its column (0 at 100 %)."""
        self.panel = pygame.Rect(0, 0, 860, height)
        short = []
        for e in self.encounters:
            rect = self._verdict_area()
            short.append(self._verdict_short(e, rect) - (rect.y - self.column(e, face=True).end))
        return max(short + [0])

    # ------------------------------------------------------------------ timing
    @property
    def encounter(self) -> Encounter:
        return self.encounters[self.page]

    def _order(self) -> list[tuple[str, float]]:
        """The current page's stages and their lengths: "flip", "rows", "line0"…, "verdict"."""
        e = self.encounter
        order = []
        if e.was_face_down:
            order.append(("flip", FLIP_TIME))
        if e.rows:
            order.append(("rows", ROWS_TIME))
        order += [(f"line{i}", LINE_TIME) for i in range(len(requirement_lines(e)))]
        order.append(("verdict", VERDICT_TIME))
        return order

    @property
    def duration(self) -> float:
        """How long the current page plays (seconds)."""
        return sum(length for _, length in self._order())

    @property
    def finished(self) -> bool:
        """The current page has played out fully (flip, rows, lines, verdict)."""
        return not self.animate or self.time >= self.duration

    def stage_progress(self, stage: str) -> float:
        """0..1 progress of "flip", "rows", "line<i>" or "verdict" on the current page."""
        if not self.animate:
            return 1.0
        start = 0.0
        for name, length in self._order():
            if name == stage:
                return max(0.0, min(1.0, (self.time - start) / length))
            start += length
        return 1.0

    # ------------------------------------------------------------------- input
    def advance(self) -> None:
        """Skip to the end of this page, or go to the next page, or close."""
        if not self.finished:
            self.time = 10.0
            return
        if self.page + 1 < len(self.encounters):
            self.page += 1
            self.time = 0.0
            return
        self.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key not in (pygame.K_F1, pygame.K_F11):
            self.advance()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.advance()
            return True
        return True  # modal

    def update(self, dt: float) -> None:
        self.time += dt

    def animating(self) -> bool:
        return not self.finished

    # -------------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        dim(surface, self.ctx)
        p = self.panel
        draw_panel(surface, p, self.ctx)
        e = self.encounter
        # the card, turning over when it was face down
        card_rect = pygame.Rect(p.x + 40, p.y + 70, 240, 338)
        flip = self.stage_progress("flip")
        face = flip >= 0.5 or not e.was_face_down
        scale = abs(1 - 2 * flip) if e.was_face_down else 1.0
        w = max(2, int(card_rect.w * scale))
        # the card as on the board: its counts and words as much larger as its box holds
        img = self.cards.get(e.card, card_rect.size, face)
        if w != card_rect.w:
            img = scaled(img, (w, card_rect.h))
        surface.blit(img, img.get_rect(center=card_rect.center))

        x = p.x + 310
        if len(self.encounters) > 1:
            draw_text(surface, self.ctx, t("reveal.page", i=self.page + 1, n=len(self.encounters)),
                      (p.right - 30, p.y + 30), size=theme.font_small, colour=theme.ink_soft, anchor="topright")
        draw_text(surface, self.ctx, card_name(e.card) if face else "?", (x, p.y + 40), size=44, colour=theme.border,
                  role="title")
        heads = self._heads(e)
        for text, at, size, colour, role in heads:
            draw_text(surface, self.ctx, text, (x, at), size=size, colour=colour, role=role)
        column = self.column(e, face=face)
        if column.foundation is not None:
            self._draw_foundation(surface, e, x, column.foundation)
        if column.requires is not None:
            self._draw_requirements(surface, e, x, column)
        verdict = self.stage_progress("verdict")
        if column.rows is not None:
            self._draw_rows(surface, e, pygame.Rect(x, column.rows, 460, 210), column.count)
        if verdict > 0:
            self._draw_extras(surface, e, x, self._extras_top(e))
            self._draw_verdict(surface, e, self._verdict_rect(e, x, column.end), verdict)
        hint = t("reveal.continue") if self.finished else t("reveal.skip")
        draw_text(surface, self.ctx, hint, (p.centerx, p.bottom - 30), size=theme.font_small,
                  colour=theme.ink_faint, anchor="center")

    def _draw_requirements(self, surface: pygame.Surface, e: Encounter, x: int, column: Column) -> None:
        """The card's requirement lines, each showing its count and then its tick or cross."""
        theme = self.ctx.theme
        draw_text(surface, self.ctx, t("reveal.requires"), (x, column.requires or column.top), size=theme.font_small,
                  colour=theme.ink_soft, role="bold")
        if column.nothing is not None:
            draw_text(surface, self.ctx, t("reveal.nothing_required"), (x, column.nothing), colour=theme.ink)
        for i, ((icon, text, ok), y) in enumerate(zip(requirement_lines(e), column.lines, strict=True)):
            p = self.stage_progress(f"line{i}")
            if p <= 0.0:
                break
            if icon is not None:
                surface.blit(self.art.sprite(icon, 30), (x, y - 2))
            judged = p >= 0.55  # the count shows first, its verdict a beat later
            text = self._short_foundation(e, text, ok, x + 40, column.line_size)
            label = f"{text}  {mark(ok)}" if judged else text
            colour = (theme.good if ok else theme.bad) if judged else theme.ink
            draw_text(surface, self.ctx, label, (x + 40, y), size=self._fit(label, x + 40, column.line_size),
                      colour=colour, role="bold")

    def _short_foundation(self, e: Encounter, text: str, ok: bool, x: int, size: int) -> str:
        """The foundation's line in the board's shorter words ("Cimientos 6/6") above 100 % where
        "Cimientos completos  6/6  ✓" would be drawn smaller than the lines' size (at 200 % it
        stood at 30 px under 52 px lines); any other line, and at 100 %, as it is."""
        n = e.castle.row_count(0)
        if text != f"{t('reveal.foundation')}  {n}/6" or self.ctx.fonts.text_scale <= 1:
            return text
        return t("board.foundation_status", n=n) if self._fit(f"{text}  {mark(ok)}", x, size) < size else text

    def _line_step(self, lines: list[Line], size: int) -> int:
        """The advance from one requirement line to the next: as before at 100 %, the drawn
        line's height when the text is larger."""
        return max(38 if len(lines) <= 4 else 33, self._line("bold", size) + 2)

    def _line(self, role: str, size: int) -> int:
        """The height of a line of text at `size` (the player's text size applied)."""
        return int(self.ctx.fonts.get(role, size).get_linesize())

    def _heads(self, e: Encounter) -> list[Head]:
        """The lines under the card's name: why it is faced, and whose castle is judged (text,
        y, size, colour, role), each fitted to the column's width — fitted once for an encounter
        at a text size, language and panel (each frame's drawing asks twice)."""
        known = (self.ctx.fonts.text_scale, language(), tuple(self.panel))
        kept = self._heads_of
        if kept is None or kept[0] is not e or kept[1] != known:
            kept = self._heads_of = (e, known, self._fit_heads(e))
        return kept[2]

    def _fit_heads(self, e: Encounter) -> list[Head]:
        theme, p = self.ctx.theme, self.panel
        x = p.x + 310
        if e.verdict_only:
            cause = tn("reveal.after", e.destroyed) if e.destroyed else t("reveal.after_unknown")
        elif e.cause == "traitors":
            cause = tn("reveal.cause.traitors", e.card.trigger)
        else:
            cause = t(f"reveal.cause.{e.cause}")
        size = self._fit(cause, x, theme.font_body, "body")
        heads = [(cause, p.y + 100, size, theme.ink_soft, "body")]
        if e.facer_name:
            judged = t("reveal.judged", name=e.facer_name)
            at = p.y + 100 + max(30, self._line("body", size) + 2)
            heads.append((judged, at, self._fit(judged, x, theme.font_body), theme.border, "bold"))
        return heads

    def _body_top(self, e: Encounter) -> int:
        """Where the requirements (or the foundation, or the falling rows) begin."""
        text, at, size, _colour, role = self._heads(e)[-1]
        return max(self.panel.y + (170 if e.facer_name else 146), at + self._line(role, size) + 8)

    def column(self, e: Encounter, *, face: bool) -> Column:
        """The column under the card's name laid out at the current text size: where `draw` puts
        each part, and where the column ends (the panel grows by it)."""
        top = self._body_top(e)
        if e.verdict_only:  # the foundation after the destruction, one line
            return Column(top, top + 6 + max(44, self._line("bold", 26) + 6), foundation=top + 6)
        if e.rows:  # the falling rows' picture, and at a larger text size the count under it
            if self.ctx.fonts.text_scale <= 1.0:
                return Column(top, top + 210, rows=top)
            return Column(top, top + 218 + self._line("bold", 22), rows=top, count=top + 212)
        if not face:
            return Column(top, top)
        y = top + max(30, self._line("bold", self.ctx.theme.font_small) + 4)
        nothing = None
        if not any(e.need.values()):
            nothing, y = y, y + max(34, self._line("body", 22) + 4)
        lines = requirement_lines(e)
        size = 26 if len(lines) <= 4 else 23
        step = self._line_step(lines, size)
        return Column(top, y + len(lines) * step + 6, requires=top, nothing=nothing,
                      lines=tuple(y + i * step for i in range(len(lines))), line_size=size)

    def _extras_top(self, e: Encounter) -> int:
        """Where the prison's and the Pantry's lines begin: above the verdict, by their height."""
        step = max(28, self._line("bold", self.ctx.theme.font_small) + 2)
        return self.panel.bottom - 226 - max(0, 2 * step - 56)

    def _draw_foundation(self, surface: pygame.Surface, e: Encounter, x: int, y: int) -> None:
        """The verdict page: the foundation after the destruction (R-O5), one line."""
        theme = self.ctx.theme
        n, ok = e.castle.row_count(0), e.castle.foundation_complete()
        surface.blit(self.art.sprite("icon_rows", 30), (x, y - 2))
        label = f"{t('board.foundation_status', n=n)}  {mark(ok)}"
        draw_text(surface, self.ctx, label, (x + 40, y), size=self._fit(label, x + 40, 26),
                  colour=theme.good if ok else theme.bad, role="bold")

    def _draw_extras(self, surface: pygame.Surface, e: Encounter, x: int, y: int) -> None:
        """The prison's penalty (§8.4) and the Pantry check (§10), one line each."""
        theme = self.ctx.theme
        # An incomplete prison whose penalty was not due (the Ordeal was lost on its requirement:
        # docs/rulings.md, Prison penalty) has no line: "complete, no penalty" would be untrue.
        moot = e.prison is not None and not e.prison_complete and not e.prison_penalty
        if e.prison is not None and e.result in ("passed", "lost", "destroy") and not moot:
            if e.prison_penalty and e.result != "destroy":
                text, colour = t("reveal.prison_paid", n=e.prison), theme.bad
            elif e.prison_penalty:
                text, colour = t("reveal.prison", n=e.prison), theme.bad
            else:
                text, colour = t("reveal.prison_ok"), theme.good
            surface.blit(self.art.sprite("prison", 24), (x, y - 1))
            draw_text(surface, self.ctx, text, (x + 32, y), size=self._fit(text, x + 32), colour=colour, role="bold")
            y += max(28, self._line("bold", self.ctx.theme.font_small) + 2)
        pantry = e.pantry_lines() if not requirement_lines(e) else []  # (else one of the ticked lines)
        if pantry:
            parts = []
            ok_all = True
            for name, have, need in pantry:
                ok = have == need
                ok_all = ok_all and ok
                count = f"{have}/{need}" if not name else t("reveal.pantry_line", name=name, have=have, need=need)
                label = f"{count} {mark(ok)}"
                parts.append(label)
            surface.blit(self.art.sprite("pantry_s", 24), (x, y - 1))
            text = f"{t('reveal.pantry')}  " + "   ".join(parts)
            draw_text(surface, self.ctx, text, (x + 32, y), size=self._fit(text, x + 32),
                      colour=theme.good if ok_all else theme.bad, role="bold")

    def _fit(self, text: str, x: int, start: int | None = None, role: str = "bold") -> int:
        """The largest size (from `start`, by default the small font, down) at which `text`, drawn
        from `x`, stays inside the panel."""
        size = start or self.ctx.theme.font_small
        room = self.panel.right - 30 - x
        while size > 12 and self.ctx.fonts.for_text(text, role, size).size(text)[0] > room:
            size -= 1
        return size

    def _draw_rows(self, surface: pygame.Surface, e: Encounter, rect: pygame.Rect, count: int | None) -> None:
        """A small castle whose bottom `rows` rows fall away and fade, the rest dropping down; the
        foundation's count beside it, or at `count` under it (a larger text size)."""
        theme = self.ctx.theme
        text = t("reveal.foundation_row") if e.card.kind == "foundation_drop" else tn("reveal.rows", e.rows)
        draw_text(surface, self.ctx, text, (rect.x, rect.y), size=self._fit(text, rect.x), colour=theme.bad,
                  role="bold")
        cell = 28
        ox, oy = rect.x, rect.y + 32 + 6 * cell
        prog = self.stage_progress("rows")
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(ox - 4, rect.y + 26, 6 * cell + 8, 6 * cell + 10))
        draw.rect(surface, (92, 58, 30), (ox - 3, oy + 2, 6 * cell + 6, 4))
        for (r, c), tile in e.castle.tiles():
            falling = r < e.rows
            y = oy - (r + 1) * cell
            if falling:
                y += int(prog * cell * 3)
            else:
                y += int(prog * e.rows * cell)
            img = self.art.tile(tile.code, cell - 2)
            if falling and prog > 0:
                img = img.copy()
                img.set_alpha(int(255 * (1 - prog)))
            surface.blit(img, (ox + c * cell + 1, y + 1))
        surface.set_clip(clip)
        after = e.after_rows
        if after is not None:
            n, ok = after.row_count(0), after.foundation_complete()
            if prog >= 1.0:
                # fitted to the panel: the tick or cross last on the line was cut by its border
                label = f"{t('reveal.foundation')}  {n}/6  {mark(ok)}"
                at, mid = ox + 6 * cell + 24, oy - cell // 2
                if count is not None:  # larger text: under the picture, the column's width
                    at, mid = ox, count + self._line("bold", 22) // 2
                draw_text(surface, self.ctx, label, (at, mid), size=self._fit(label, at, 22),
                          colour=theme.good if ok else theme.bad, role="bold", anchor="midleft")

    def _verdict_rect(self, e: Encounter, x: int, column_end: int) -> pygame.Rect:
        """Where the stamp and its sentence go: above "Click or press any key", 174 px over the
        panel's bottom; risen, when the sentence does not fit under the stamp at the reveal's small
        size (a losing reason at a large text size was shrunk to 8–10 real px), into the room
        between the column and the stamp — not on a page with the prison's or the Pantry's lines
        (they stand there)."""
        rect = self._verdict_area(x)
        short = self._verdict_short(e, rect)
        return rect.move(0, -max(0, min(short, rect.y - column_end)))

    def hint_top(self) -> int:
        """How far down the verdict's sentence may reach: 44 px over the panel's bottom, or above
        "Click or press any key" (centred 30 px over it) when that line is taller at a large size."""
        line = self._line("body", self.ctx.theme.font_small)
        return min(self.panel.bottom - 44, self.panel.bottom - 30 - (line + 1) // 2 - 2)

    def _verdict_area(self, x: int | None = None) -> pygame.Rect:
        """The stamp's and its sentence's usual place, right of the card, above the hint."""
        x = self.panel.x + 310 if x is None else x
        return pygame.Rect(x, self.panel.bottom - 174, self.panel.right - x - 36, 136)

    def _verdict_short(self, e: Encounter, rect: pygame.Rect) -> int:
        """How many px the sentence under the stamp placed in `rect` lacks above the hint at the
        reveal's small size (≤ 0: it fits; 0 for a page whose prison or Pantry line stays put)."""
        sub = self._verdict_words(e)[2]
        if not sub or e.prison is not None or (e.pantry_lines() and not requirement_lines(e)):
            return 0
        stamp = self.ctx.fonts.get("title", 40).get_linesize()  # the stamp's words, as `_draw_verdict` renders them
        under = verdict_layout(rect, (0, stamp))[1]
        font = self.ctx.fonts.get("body", self.ctx.theme.font_small)
        lines = wrap(font, sub, under.w)
        need = len(lines) * font.get_linesize() + (len(lines) - 1) * 4
        return under.y + need - self.hint_top()

    def _verdict_words(self, e: Encounter) -> tuple[str, tuple[int, int, int], str]:
        """The stamp's word, its colour and the sentence under it ("" for none; no stamp: no word)."""
        theme = self.ctx.theme
        if e.result == "passed":
            title, colour = t("reveal.passed"), theme.good
            if e.won:
                sub = t("reveal.won")
            elif e.verdict_only:
                sub = t("suspense.stands")
            else:
                sub = t("reveal.held_off") if e.card.kind == "assault" else ""
            if e.facer_name and not e.won:
                sub = (sub + " " + t("reveal.champion_taken", name=e.facer_name)).strip()
            return title, colour, sub
        if e.result == "lost":
            return t("reveal.lost"), theme.bad, e.reason
        if e.result == "destroy":
            return tn("reveal.destroy", e.destroy), (170, 100, 20), t("reveal.destroy_sub")
        return "", theme.ink, ""

    def _draw_verdict(self, surface: pygame.Surface, e: Encounter, rect: pygame.Rect, prog: float) -> None:
        """The stamp, landing (from larger, fading in), then the sentence under it — laid out by
        `verdict_layout` so that neither covers the other."""
        theme = self.ctx.theme
        title, colour, sub = self._verdict_words(e)
        if not title:
            return
        img = self.ctx.fonts.render(title, 40, colour, "title")
        frame, under = verdict_layout(rect, img.get_size())
        stamp = layer(surface, frame.size)
        stamp.blit(img, img.get_rect(center=stamp.get_rect().center))
        draw.rect(stamp, colour, stamp.get_rect(), 3, border_radius=8)
        if prog < 1.0:
            scale = 1.0 + STAMP_POP * (1.0 - prog)
            stamp = scaled(stamp, (int(frame.w * scale), int(frame.h * scale)))
            stamp.set_alpha(int(255 * prog))
        surface.blit(stamp, stamp.get_rect(center=frame.center))
        if sub:  # below the stamp's frame at any size it lands from: both stay readable
            # the reason fits above "Click or press any key" (a two-player losing reason can take
            # three lines): the size shrinks until its lines fit the room
            room = pygame.Rect(under.x, under.y, under.w, max(20, self.hint_top() - under.y))
            size, gap = verdict_text_size(self.ctx, sub, room)
            draw_wrapped(surface, self.ctx, sub, room, size=size, colour=theme.ink, line_gap=gap)


def verdict_text_size(ctx: SceneContext, text: str, room: pygame.Rect) -> tuple[int, int]:
    """(size, line gap) at which `text`, wrapped to `room`'s width, fits `room`'s height (down to
    13 px, the smallest the reveal uses)."""
    size, gap = ctx.theme.font_small, 4
    while size > 13:
        font = ctx.fonts.get("body", size)
        lines = wrap(font, text, room.w)
        if len(lines) * font.get_linesize() + (len(lines) - 1) * gap <= room.h:
            break
        size, gap = size - 1, 1
    return size, gap


def self_test_scene(ctx: SceneContext, game: Game) -> OrdealRevealScene:
    """For `castellion --self-test`: a real reveal of `game`'s current Ordeal.

    A copy of `game` is played on (never `game` itself) by a hurried but legal player — it faces
    the Ordeal early when the level allows it, else puts every Traitor beside the current Ordeal
    and draws from the regular pile — until an action's events contain `OrdealEncountered`; the
    reveal is built from those events exactly as the board builds it. Raises `RuntimeError` if
    no encounter comes (a game already over, or a broken rules engine: the self-test says so).
    """
    from castellion.rules.bots import greedy_action
    from castellion.rules.rng import SeededRandom

    play = game.copy()
    rng = SeededRandom.from_seed(1)
    for _ in range(3000):
        if play.outcome is not None:
            break
        actions = play.legal_actions()
        action = next((a for a in actions if isinstance(a, A.EncounterOrdeal)), None) \
            or next((a for a in actions if isinstance(a, (A.PlaceTraitor, A.ChooseFacer))), None) \
            or next((a for a in actions if isinstance(a, A.DrawTile) and a.pile == "regular"), None) \
            or greedy_action(play, rng, noise=0.0)
        events = play.apply(action)
        if any(isinstance(ev, E.OrdealEncountered) for ev in events):
            encounters = build_encounters(
                events, [o.card for o in play.ordeals],
                names=[t("board.player_n", n=p + 1) for p in range(play.players)])
            return OrdealRevealScene(ctx, encounters, animate=False)
    raise RuntimeError("no Ordeal was encountered while playing the self-test game on")


# Encounter, build_encounters and build_verdict live in castellion.ui.reveal_pages; named here too
# for the callers that read them as the reveal's.
__all__ = ["Encounter", "OrdealRevealScene", "build_encounters", "build_verdict", "requirement_lines",
           "self_test_scene", "verdict_layout"]
