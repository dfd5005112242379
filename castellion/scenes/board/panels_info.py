"""The top bar: a small class drawing from a `BoardView` (the solo status panel: `status_panel`)."""

from __future__ import annotations

import pygame

from castellion.rules.options import Leaning, PantryMode
from castellion.scenes.board.bar_lines import NAME, TOP_MARGIN, name_over_facts, shared_size, stacked, two_line_name
from castellion.scenes.board.view import BoardView
from castellion.ui import draw
from castellion.ui.catalog_keys import level_name, variant_name
from castellion.ui.fit import fit_size
from castellion.ui.fonts import two_line_breaks
from castellion.ui.geometry import LAYOUT, TALL_BAR
from castellion.ui.names import leaning_word
from castellion.ui.painting import ink_box
from castellion.ui.proved import proved_winnable
from castellion.ui.text import t
from castellion.ui.widgets import draw_text

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
