"""The top bar and the solo status panel: each a small class drawing from a `BoardView`."""

from __future__ import annotations

import pygame

from castellion.rules import Castle, OrdealView, Verdict, formations, judge_ordeal
from castellion.rules.options import Leaning, PantryMode
from castellion.rules.ruleset import ASSAULT, EARTHWORM, FOUNDATION_DROP
from castellion.scenes.board.bar_lines import NAME, TOP_MARGIN, name_over_facts, shared_size, stacked, two_line_name
from castellion.scenes.board.status_counts import beside_title, foundation_ink, own_row, title_ink_bottom, usual_size
from castellion.scenes.board.view import CHECK, CROSS, BoardView
from castellion.scenes.context import SceneContext
from castellion.ui import draw
from castellion.ui.castle_view import KIND_ICONS
from castellion.ui.catalog_keys import card_name, level_name, variant_name
from castellion.ui.fit import fit_size
from castellion.ui.fonts import two_line_breaks
from castellion.ui.geometry import LAYOUT, TALL_BAR
from castellion.ui.names import leaning_word
from castellion.ui.painting import ink_box
from castellion.ui.proved import proved_winnable
from castellion.ui.text import t, tn
from castellion.ui.textfit import TOUCH
from castellion.ui.widgets import draw_panel, draw_text

BAR_HEIGHT = 50  # the top bar of one row (a game with a second line gets a taller one at large text)
SPLIT_GAP = 14  # px from the level's name to the turn after it (`TopBar._split`): 26, then 18, took the buttons'
# room (Spanish two players with the Prison and the Pantry: labels at 32 px, the first row 4 px too wide for 34)


class TopBar:
    """The top bar: the title, the level, the chosen options (or a daily deal's standing), the turn
    and the seed."""

    _proved_for: tuple[int, object] | None = None  # (the game, its seed) `_proved_answer` is about
    _proved_answer = False
    name_lines = 1  # 2: a one-line bar's level name on two lines, its room left to the buttons (`top_row`)
    facts_under = False  # True: a one-line bar's level name over the turn and the deal, their room to the buttons
    name_size = 0  # a taller bar's level name asked at this size where not 0, its room to the buttons; a
    # one-row bar's name on two lines and the turn (`top_row`: the bar's height for the name)
    whole_words = False  # True: the level's name goes on two lines only at a space (`top_row` weighs the two)
    titled = True  # False: a bar with a second row leaves the game's title out, its room to the buttons (`top_row`)

    def draw(self, surface: pygame.Surface, v: BoardView) -> None:
        ctx, theme = v.ctx, v.ctx.theme
        bar = pygame.Rect(v.layout.top_bar)
        shade = v.art.shade(bar.size, 150)
        surface.blit(shade, bar)
        draw.line(surface, theme.gold, (0, bar.bottom - 1), (bar.right, bar.bottom - 1), 2)
        name = self.level(v)
        options = self.options_text(v)
        facts = self.facts(v)
        taller = bar.h >= BAR_HEIGHT + TALL_BAR  # a second row: the options, or a plain game's turn (`top_row`)
        if self.puts_facts_under(v, options, taller):  # (the game's title left out: its room to the buttons)
            name_over_facts(surface, v, 18, name, facts, pygame.Rect(v.layout.button_rect("hint")).x - 12)
            return
        if taller and (not self.titled or self._crowded(v, name, options, facts)) \
                or not options and self._squeezed(v, name, facts):  # the game's name is the window's title too:
            r = pygame.Rect(0, bar.y, 0, bar.h)  # left out, the turn and the deal keep their size
        else:
            r = draw_text(surface, ctx, t("app.title"), (18, bar.centery), size=30, colour=theme.gold_light,
                          role="title", anchor="midleft")
        row, end = bar.centery, pygame.Rect(v.layout.button_rect("hint")).x - 12  # where the turn goes, up to
        asked, on_second = theme.font_body - (2 if options else 0), False
        if taller:  # a taller bar: the options on its second row, under the buttons; the turn after them
            row, r, end, asked, facts, on_second = self._taller_rows(surface, v, r, name, options, facts, end)
        elif options and ctx.fonts.text_scale > 1.0:
            r = stacked(surface, v, r.right + 18, [(name, theme.font_body - 3, "body", NAME),
                                                   (options, theme.font_small - 4, "bold", theme.gold_light)])
        elif options:
            r1 = draw_text(surface, ctx, name, (r.right + 18, bar.centery - 10), size=theme.font_body - 3,
                           colour=(236, 222, 190), anchor="midleft")
            r2 = draw_text(surface, ctx, options, (r.right + 18, bar.centery + 12), size=theme.font_small - 4,
                           colour=theme.gold_light, role="bold", anchor="midleft")
            r = r1 if r1.right > r2.right else r2
        elif self.wraps_name(v, name):
            r, asked = two_line_name(surface, v, r.right + 18, name, facts, self.name_size)
        elif ctx.fonts.text_scale > 1.0:  # the level's name and the turn at one size, as large as both fit
            asked = shared_size(v, name, facts, end - (r.right + 18) - 26)
            r = draw_text(surface, ctx, name, (r.right + 18, bar.centery + 2), size=asked,
                          colour=(236, 222, 190), anchor="midleft")
        else:
            r = draw_text(surface, ctx, name, (r.right + 18, bar.centery + 2), size=theme.font_body,
                          colour=(236, 222, 190), anchor="midleft")
        # shrunk to end before the buttons: a long deal number hid under Hint ("Reparto 1…")
        room = end - (r.right + 26)
        size = fit_size(ctx.fonts, facts, "bold", asked, room)
        at, anchor = ((r.right + 26, r.y), "topleft") if on_second else ((r.right + 26, row + 2), "midleft")
        draw_text(surface, ctx, facts, at, size=size, colour=(250, 238, 210), role="bold", anchor=anchor)

    def _taller_rows(self, surface: pygame.Surface, v: BoardView, r: pygame.Rect, name: str, options: str,
                     facts: str, end: int) -> tuple[int, pygame.Rect, int, int, str, bool]:
        """A taller bar's two rows (the game's title ending at `r`): the level's name and the options;
        the turn after the options where it keeps its size there (else on the row with more room
        left; Spanish two players: split, the turn after the name, `_split`). Answers the row the
        turn and the deal go on, what they follow, where they must end, their size, their words and
        whether that is the second row."""
        ctx, theme, bar = v.ctx, v.ctx.theme, pygame.Rect(v.layout.top_bar)
        x = r.right + 18
        # the turn as large as the options; a plain game's (the turn under its name) as beside the name
        asked = theme.font_small - 4 if options else \
            shared_size(v, name, facts, LAYOUT.button_rect("hint")[0] - 12 - x - 26)
        width = ctx.fonts.text_width
        rooms = (end - x - width(name, "body", self.name_asked(v)),
                 bar.right - 9 - (x + width(options, "bold", theme.font_small - 4) if options else x - 26))
        # (a name made smaller for the buttons keeps its row's room for them: the turn after it, split)
        on_second = rooms[1] - 26 >= width(facts, "bold", asked) or rooms[1] >= rooms[0] \
            or bool(self.name_size) and self._split(v, asked, rooms) is not None
        split = self._split(v, asked, rooms) if on_second else None
        facts = facts if split is None else split[1]
        (row1, r1), (row2, r2) = self._rows(surface, v, x, name, options, (facts, asked) if on_second else None)
        if split is not None:  # the turn after the level's name, on its baseline
            baseline = r1.y + ctx.fonts.for_text(name, "body", self.name_asked(v)).get_ascent()
            top = baseline - ctx.fonts.for_text(split[0], "bold", asked).get_ascent()
            draw_text(surface, ctx, split[0], (r1.right + SPLIT_GAP, top), size=asked, colour=(250, 238, 210),
                      role="bold")
        return (row2, r2, bar.right - 9, asked, facts, True) if on_second else (row1, r1, end, asked, facts, False)

    @staticmethod
    def level(v: BoardView) -> str:
        """The level's name."""
        return level_name(v.game.level_spec.id, v.game.level_spec.name)

    def wraps_name(self, v: BoardView, name: str) -> bool:
        """Whether the level's name is drawn on two lines: asked (`name_lines`), at a larger text
        size, in a bar of one row (no options), and the name has a place to break at (a space, or
        between CJK characters: `fonts.two_line_breaks`)."""
        return self.name_lines == 2 and v.ctx.fonts.text_scale > 1.0 and not self.options_text(v) \
            and (" " in name if self.whole_words else bool(two_line_breaks(name)))

    def name_asked(self, v: BoardView) -> int:
        """The size the level's name is asked at on a taller bar's first row: smaller where that
        lets the buttons beside it grow (`name_size`, `top_row`)."""
        return self.name_size or v.ctx.theme.font_body - 3

    def puts_facts_under(self, v: BoardView, options: str, taller: bool) -> bool:
        """Whether the turn and the deal go under the level's name: asked (`facts_under`), at a
        larger text size, in a bar of one row (no options)."""
        return self.facts_under and v.ctx.fonts.text_scale > 1.0 and not options and not taller

    @staticmethod
    def facts(v: BoardView) -> str:
        """The turn and the deal's number."""
        game = v.game
        facts = t("board.turn", turn=game.turn)
        if v.daily is None or v.daily.practice or game.outcome is not None:
            # a daily deal's attempt hides its seed until it ends: with it, Setup's "Watch the
            # computer play" would show the draw order of the deal being played
            facts += f"   \u2022   {t('board.seed', seed=game.seed)}"
        return facts

    @staticmethod
    def _split(v: BoardView, asked: int, rooms: tuple[int, int]) -> tuple[str, str] | None:
        """At a larger text size, where the turn and the deal on a taller bar's second row would
        shrink under their asked size (Spanish two players with the Prison and the Pantry: the
        options left them 20 px of 28): the turn for the first row, after the level's name, and
        the deal for the second, where each then keeps its asked size (`rooms`: what the first
        and the second row leave after their words); None where they keep it together."""
        fonts, game = v.ctx.fonts, v.game
        facts, turn = TopBar.facts(v), t("board.turn", turn=game.turn)
        if fonts.text_scale <= 1.0 or facts == turn or fonts.text_width(facts, "bold", asked) <= rooms[1] - 26:
            return None
        deal = t("board.seed", seed=game.seed)
        fits = fonts.text_width(turn, "bold", asked) <= rooms[0] - SPLIT_GAP \
            and fonts.text_width(deal, "bold", asked) <= rooms[1] - 26
        return (turn, deal) if fits else None

    def _crowded(self, v: BoardView, name: str, options: str, facts: str) -> bool:
        """Whether, beside the game's title, neither row of a taller bar leaves the turn and the
        deal the room for their asked size (long Spanish two-player options filled both rows and
        "Turno 1 • Reparto 6" shrank to 10 px)."""
        fonts, theme = v.ctx.fonts, v.ctx.theme
        bar = pygame.Rect(v.layout.top_bar)
        x = 18 + fonts.text_width(t("app.title"), "title", 30) + 18
        hint = pygame.Rect(v.layout.button_rect("hint"))
        rooms = (hint.x - 12 - (x + fonts.text_width(name, "body", self.name_asked(v))),
                 bar.right - 9 - (x + fonts.text_width(options, "bold", theme.font_small - 4)))
        return max(rooms) - 26 < fonts.text_width(facts, "bold", theme.font_small - 4)

    @staticmethod
    def _squeezed(v: BoardView, name: str, facts: str) -> bool:
        """Whether, at a larger text size, a one-line bar beside the game's title leaves the turn
        and the deal too little room for their asked size (the tutorial's bar at 200 %: 12 px)."""
        fonts, theme = v.ctx.fonts, v.ctx.theme
        if fonts.text_scale <= 1.0:
            return False
        x = 18 + fonts.text_width(t("app.title"), "title", 30) + 18
        room = pygame.Rect(v.layout.button_rect("hint")).x - 12 - (x + fonts.text_width(name, "body", theme.font_body))
        return room - 26 < fonts.text_width(facts, "bold", theme.font_body)

    def _rows(self, surface: pygame.Surface, v: BoardView, x: int, name: str, options: str,
              turn: tuple[str, int] | None = None) -> list[tuple[int, pygame.Rect]]:
        """A taller bar's two rows: the level's name beside the buttons, the chosen options under
        them, each placed by its ink in its row; each row's centre and what was drawn on it (a
        plain game's second row: where its line starts). With `turn` (its words and size), the
        turn goes on the second row, on the options' line: placed by their inks together."""
        ctx, theme = v.ctx, v.ctx.theme
        bar = pygame.Rect(v.layout.top_bar)
        split = pygame.Rect(v.layout.button_rect("hint")).bottom + 2
        rows = ((name, self.name_asked(v), "body", (236, 222, 190), (bar.y + TOP_MARGIN + split) // 2, None),
                (options, theme.font_small - 4, "bold", theme.gold_light, (split + bar.bottom - 4) // 2, turn))
        drawn = []
        for text, size, role, colour, centre, with_turn in rows:
            inks = [ink_box(ctx, text, size, role)] if text else []
            if with_turn is not None:  # (drawn from the same line top: at one size, on one baseline)
                inks.append(ink_box(ctx, with_turn[0], with_turn[1], "bold"))
            if not inks:
                drawn.append(pygame.Rect(x - 26, centre, 0, 0))
                continue
            ink = inks[0].unionall(inks[1:])
            top = centre - ink.h // 2 - ink.y
            drawn.append(draw_text(surface, ctx, text, (x, top), size=size, colour=colour, role=role) if text
                         else pygame.Rect(x - 26, top, 0, 0))  # (a plain game's turn alone, under the name)
        return [(row[4], r) for row, r in zip(rows, drawn, strict=True)]

    def options_text(self, v: BoardView) -> str:
        """The chosen variant, Pantry and players, for the top bar ("" for a plain solo game); a
        daily deal's game says whether it counts or is practice."""
        game = v.game
        parts = [v.daily.label()] if v.daily is not None else []
        if game.variant_id:
            spec = game.level_spec.variants.get(game.variant_id, {})
            name = variant_name(game.variant_id, str(spec.get("name") or game.variant_id))
            leaning = Leaning(spec.get("leaning", Leaning.PLAIN))
            parts.append(f"{leaning_word(leaning)}: {name}")
        pantry = game.pantry_mode
        if pantry:
            parts.append(t("board.opt.pantry_hard" if pantry is PantryMode.HARD else "board.opt.pantry"))
        if game.players > 1:
            parts.append(t("board.opt.players", a=v.name_of(0), b=v.name_of(1)))
        if self._proved(v):
            parts.append(t("board.opt.proved"))  # winnable deals only: the search has won this deal
        return "  \u2022  ".join(parts)


    def _proved(self, v: BoardView) -> bool:
        """Whether this deal is proved winnable (asked once per game: it never changes)."""
        game = v.game
        key = (id(game), game.seed)
        if self._proved_for != key:
            options: dict[str, object] = {k: game.options[k] for k in ("variant", "pantry", "players")
                                          if k in game.options}
            seed = game.seed if isinstance(game.seed, int) else None
            self._proved_for, self._proved_answer = key, proved_winnable(v.ctx, game.level_spec.id, seed, options)
        return self._proved_answer


def _requirement_rows(verdict: Verdict | None) -> list[tuple[str, bool, str]]:
    """The face-up card's requirements as the rules judged them (R-§5.3: the Ordeal's own
    verdict, so a mark never disagrees with its outcome), one per kind it asks for: (kind, met,
    "Towers 0/1 ✗"); one list for their words' size and their drawing; none for no card or one
    face down (`verdict` None)."""
    if verdict is None:
        return []
    return [(r.kind.value, r.met, f"{t('board.kind.' + r.kind.value)} {r.have}/{r.need} {CHECK if r.met else CROSS}")
            for r in verdict.requirements]


def _panel_title(view: OrdealView | None) -> str:
    """The status panel's title: what the current Ordeal needs (its name once face up), or that
    no Ordeal is left."""
    if view is None:
        return t("board.needs_none")
    return t("board.needs", name=card_name(view.card)) if view.face_up else t("board.needs_hidden")


class StatusPanel:
    """Solo: the current Ordeal's requirement beside what the castle has; the foundation.

    `slots` keeps where each count was drawn — `(0, "tower")` … `(0, "foundation")`,
    `(0, "pantry")`, `(0, "counts")` — so the live layer can put a drop's ghost "+1" beside it."""

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
        ink = foundation_ink(ctx, self._foundation_words(castle)[0], (x, foundation_y), line)
        # no requirements: the row under the title is the counts' (but a card's warning's), or the foundation's
        free = (None if verdict is not None else (title_ink_bottom(ctx, title, head), ink.y),
                None if items or self._pantry_words(v, castle) else ink)
        row = self._draw_counts(surface, v, have, head, y, compact or tight, shown, free)
        at = at if tight else (x, max(y + 40, row + 4))
        if view is not None:
            note = self._draw_requirements(surface, v, view, verdict, items, at, tight, most)
        self._draw_foundation(surface, v, castle, (x, foundation_y), note, pantry_y, line)

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
        line = self._line_size(v, labels, room)
        foundation_y = panel.bottom - 40
        if ctx.fonts.text_scale > 1.0:  # larger lines: each row under the one above, the last above the border
            foundation_y = panel.bottom - 8 - ctx.fonts.get("bold", line).get_linesize()
        at, pantry_y, most = (x, panel.y + 50), None, None
        if tight:  # (the requirements' ink under the title's, the foundation's ink inside the panel's frame)
            title, head = titled
            at = (x, head.y + ink_box(ctx, title, theme.font_label, "title").bottom + TOUCH + 2)
            if wrapped and face_up and line < theme.font_body:
                most = self._wrapped_most(v, labels, castle, room, at[1])
                line = self._requirement_layout(ctx, labels, room, most)[0]
            foundation_y, pantry_y = self._bottom_rows(v, castle, room, line)
        elif not face_up and ctx.fonts.text_scale > 1.0:
            foundation_y, pantry_y = self._bottom_rows(v, castle, room, line)
        return line, at, foundation_y, pantry_y, most

    def _line_size(self, v: BoardView, labels: list[str], room: int) -> int:
        """The size of the foundation's line (the Pantry's 2 less): the body size; at a larger text
        size, the requirements' (R-O5's counts, one row of the panel's lines), so that the panel's
        lines are one size under its title (the foundation at 38 px under 23 px requirements)."""
        theme = v.ctx.theme
        if v.ctx.fonts.text_scale <= 1.0:
            return theme.font_body
        return self._requirement_fit(v.ctx, labels, room)[0] if labels else theme.font_body

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
            warning = tn("board.rows_warning", card.rows) + f" ({verdict.foundation}/6)"
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
            words, short = ("\u2022  " + part if part else "" for part in note)
            room = panel.right - 20 - (rr.right + 14)
            size = theme.font_small
            while size > 13 and ctx.fonts.get("body", size).size(words)[0] > room:
                size -= 1  # with the Pantry beside it the note gets less room
            if ctx.fonts.get("body", size).size(words)[0] > room and short:
                words = short  # (its shorter form, a catalog entry of its own: no sentence cut by the code)
            draw_text(surface, ctx, words, (rr.right + 14, rr.centery), size=size, colour=theme.ink, anchor="midleft")

