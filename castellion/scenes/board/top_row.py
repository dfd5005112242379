"""The top bar's buttons (Hint, Undo, Redo, Rules, Menu) at a larger text size.

At 100 % each button has its fixed place (`ui.geometry._BUTTONS`) and its label is shrunk to fit
it, so at 200 % "Deshacer" was drawn at 14 px beside a "Pista" of 21. Above 100 % the five labels
share one size, each button as wide as its label needs, the row right-aligned where Menu ends and
as large as the room the bar's words leave: the words are first drawn as they would be beside the
100 % buttons, and the row starts clear of their ink, so the turn and the deal keep at least the
size they had; in a bar of one row they then give the row more room where its labels grow and they
stay at least as large as the labels (`shared`: the Japanese turn stayed at 44 px beside labels of
28, now 38 beside 34). In a one-line bar the buttons are as tall as the bar allows, and where it lets
them grow further the level's name takes two lines (`TopBar.name_lines`; the turn keeps the size
it has beside the name on one line); in a taller bar they are as tall as the options' line under
them allows (measured again: it keeps its size), and their labels may fill more of the button
than 3/5 (`Button.label_ascent`), their ink 6 px clear of its edges (8 held Spanish and Japanese at
24 px in a 40 px button; 5 in a taller bar: "Reglas" at 34 px is 33 px tall, its buttons 44, and
the focus ring lies outside the button). A one-line bar may also put the turn and the deal under
the level's name, the game's title left out (`TopBar.facts_under`, `bar_lines.name_over_facts`:
the two lines as large as the bar holds them), taken where the labels and the smallest of the
bar's words grow further together (Spanish labels at 30 px or under, Japanese 26 beside "The
Admiral's Academy": five labels at 34 px want some 780 px, the name and the turn beside them left
670). A taller bar's level name may be smaller, at most a size under the labels, where they grow
beside it (`TopBar.name_size`, `TopRow._smaller_name`: Spanish 38 px names held them at 30–32).
At 200 %, 1280×800 (1024×600), en / es / ja: a plain game 40 / 30–32 / 30–34 (30–34) px (38–40 /
28–30 / 26–34 before: the Admiral's Academy es 28 → 32, ja 26 → 34 (32); the turn under the name
22–24 px; the bar at most `UNDER_TALLER` px taller, so Spanish reaches 32, not 34), a bar with a
second row 40 / 34 / 36 (34) (40 / 30–32 / 34 (32) before). The row is fitted once per text size,
language, window scale, layout and length of the turn's line (its digits are all as wide), not per
frame: the buttons move at most when the turn reaches 10 (or a daily deal's number is shown).

A game's bar is made a few px taller (`TALLER`, `geometry.taller_bar`: the board under it as
much lower, the castle's cells ceil(px / 6) smaller, never under `geometry.MIN_CELL`) where that
lets the labels grow: the least that reaches their largest size; a bar with a second row by
`geometry.CARD_CUT` px at most (the Ordeal cards as much shorter: their panel had no room to lose).
A bar with a second row (a variant, the Pantry, a daily deal) puts the turn on that row where it
keeps its size there (on the options' line, placed with them by their inks), so the first row is
the level's name and the buttons, as tall as that row lets the line under them keep its size; the
game's title is left out where that lets the buttons grow further. At 200 %, 1280×800 (1024×600):
a variant's, the Pantry's or a daily deal's 40 / 30–32 / 34 (32) px in en / es / ja, 32 / 24 / 22
before (bar 78 → 82, cells 57 → 56). A plain bar keeps its one row (the turn under the name on a second row
gave Japanese 38 px but wanted a bar some 44 px taller: the Ordeals' panel has not that room). Two players
(45 px cells, already under `MIN_CELL`) and the Prison with the Pantry (its side column has no
room to go lower) get their bar 4 px taller from the gaps around the banner and the message line
(`geometry.taller_bar`), the board under it where it was: 40 / 30 / 32 (34) px, 32 / 24 / 24
before (held by the buttons' height: 40 px, the ink 8 px clear); in Spanish with the Prison and the
Pantry the turn may take the first row after the level's name (`TopBar._split`: at 1024×600, and from
turn 10), the buttons' words then smaller, the level's name then down to a size under them (`_smaller_name`:
26 -> 30 px in Spanish with the default players' names).

Above 100 % Undo and Redo take the catalog's short forms where the five labels grow with them
(`short_labels`: Spanish "Deshaz", "Rehaz", 80 px narrower at 34 px). At 200 %, Spanish: a plain
game 34 (34) px beside "La Escuela de Arquitectos" on two lines, 30 (32) before; "La Amenaza" 34 (32),
30 (30) before (a bar's word may come down to its smallest other word's size, `shared`); two players
with the Prison, the Pantry and the default names 34 (32), 26 (24) before (34 wanted the name at 30 px,
the turn after it and the row 4 (23) px more than the bar had: the turn now 14 px after the name, not 18,
`panels_info.SPLIT_GAP`; from turn 10 its second digit takes those px back: 32).

A one-row bar's level name on two lines and the turn after it grow together at one size on a bar up
to 16 px taller where the labels keep their size (`TopRow._grown_name`): at 200 %, 1280×800 (1024×600),
English "The Menace" 36 (34) px, "The School of Architects" 32 (32), 28 before; Spanish "La Escuela de
Arquitectos" 26 (24), 24 before.

A level's name without spaces goes on two lines where a line may break between its CJK characters
(`fonts.two_line_breaks`, `TopBar.wraps_name`: "提督の" over "アカデミー"; kinsoku, a katakana word whole, no
line of one or two characters), and the labels may then come down to `NEAR` px over it; taken only where
the bar's smallest word (the labels included) is larger than with the name on one line, or as large and
the labels larger (`TopRow._fitted`: "建築家" over "の学校" at 28 px beside labels of 38 lost to one line
at 32 beside 30), on a bar at most 12 px taller (`BETWEEN_TALLER`). At 200 %, 1280×800 (1024×600),
Japanese "The Admiral's Academy" with a six-digit deal: 26 (26) px beside labels of 32 (30), 22 (22)
beside 34 (32) before (the bar 62 px, the cells 60); with a short deal it stays on one line (two wanted
a bar 16 px taller).

"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import pygame

from castellion.scenes.board.bar_lines import TOP_MARGIN, room, two_line_height
from castellion.scenes.board.buttons import label_size
from castellion.scenes.board.panels_info import BAR_HEIGHT, TopBar
from castellion.scenes.board.view import BoardView
from castellion.scenes.context import SceneContext
from castellion.ui.canvas import scale_of
from castellion.ui.fit import fit_size
from castellion.ui.fonts import two_line_breaks
from castellion.ui.geometry import TALL_BAR, BoardLayout, Rect, taller_bar
from castellion.ui.painting import ink_box
from castellion.ui.text import t
from castellion.ui.textfit import InkLog, PanelSizes
from castellion.ui.widgets import Button, label_height

TOP_KEYS = ("hint", "undo", "redo", "rules", "menu")
RIGHT = 1266  # the row ends where Menu ends at 100 %
GAP = 6  # between two buttons, as at 100 %
PAD = 18  # a label's room is its button's width less 16 (`Button`): 2 px to spare
CLEAR = 14  # the row starts this far right of the bar's words (the turn ends 12 px before Hint)
ASKED = 20  # the five labels' size asked (`buttons.make_buttons`)
TALLER = (4, 6, 8, 12, 16)  # px: a plain solo game's one-row bar is tried this much taller, for larger labels
UNDER_TALLER = 4  # px: a bar with the turn under the name is made at most this much taller (12 left the
# Ordeals' panel too short for its captions at 150 %, the tiles panel for a tile in hand)
BETWEEN_TALLER = (4, 6, 8, 12)  # px: a bar beside a name broken between CJK characters (16 left the Japanese
# Ordeals' panel at 125 %: its note "✱ 印刷版にないカード" wanted the height)
NEAR = 4  # px: a level's name on two lines grown, the labels may come down to this much over it
INK_MARGIN = 6  # a label's ink keeps this far from its button's top and bottom (as the watched game's strip)
Fitted = tuple[int, list[Rect], int, float, bool, bool, int]  # the labels' size, the buttons, the name's lines,
# the bar's words' size, the game's title shown, the turn under the name, the name's size on a taller bar (0: its own)


def plain(layout: BoardLayout) -> BoardLayout:
    """`layout` with the five buttons at their 100 % places."""
    kept = tuple((key, rect) for key, rect in layout.buttons if key not in TOP_KEYS)
    return layout if kept == layout.buttons else replace(layout, buttons=kept)


def top_areas(layout: BoardLayout) -> list[pygame.Rect]:
    """Where the top bar's words stay: inside it (5 px under the window's edge, 4 px over its
    gold line: it has no frame), and left of its buttons; a taller bar's second row also
    under them."""
    bar = pygame.Rect(layout.top_bar)
    area = pygame.Rect(bar.x + 9, bar.y + TOP_MARGIN, bar.w - 18, bar.h - TOP_MARGIN - 4)
    buttons = [pygame.Rect(layout.button_rect(k)) for k in TOP_KEYS]
    under = pygame.Rect(area.x, max(b.bottom for b in buttons) + 2, area.w, 0)
    under.height = area.bottom - under.y
    area.width = max(0, min(b.x for b in buttons) - 8 - area.x)
    return [area, under] if under.height >= 12 else [area]  # (a bar of one row: none)


def row_rects(ctx: SceneContext, labels: Sequence[str], left: int, top: int, height: int, *,
              right: int = RIGHT, asked: int = ASKED, gap: int = GAP, margin: int = INK_MARGIN
              ) -> tuple[int, list[Rect]] | None:
    """The largest size (asked, from `asked` down) at which the labels, each in a button as wide as
    it needs, `height` tall (their ink `margin` clear of its top and bottom), stand side by side
    between `left` and `right`, `gap` apart, with the buttons' rects; None when none does."""
    fonts = ctx.fonts
    for size in range(asked, 0, -1):
        if any(ink_box(ctx, label, size, "bold").h > height - 2 * margin for label in labels):
            continue
        widths = [fonts.text_width(label, "bold", size) + PAD for label in labels]
        if sum(widths) + gap * (len(widths) - 1) > right - left:
            continue
        rects, x = [], right
        for w in reversed(widths):
            rects.append((x - w, top, w, height))
            x -= w + gap
        return size, rects[::-1]
    return None


def smallest_at_100_places(ctx: SceneContext, layout: BoardLayout, labels: Sequence[str], players: int) -> int:
    """The pixel size of the smallest of the labels drawn in their 100 % buttons at the player's
    text size (what `Button` fits them to)."""
    fonts, out = ctx.fonts, []
    for key, label in zip(TOP_KEYS, labels, strict=True):
        _, _, w, h = layout.button_rect(key)
        asked = label_size(ctx, key, label, w, players)
        out.append(fonts.sized(fit_size(fonts, label, "bold", asked, w - 16, label_height(h))))
    return min(out)


class TopRow:
    """Fits the five buttons' row to the bar's words (see the module docstring)."""

    def __init__(self) -> None:
        self._for: object = None
        self._base: BoardLayout | None = None  # the layout given, before its row was fitted
        self._out: BoardLayout | None = None  # what `follow` answered for it
        self._short: dict[str, tuple[str, str]] = {}  # a button's short label shown, and its own

    def follow(self, ctx: SceneContext, surface: pygame.Surface, layout: BoardLayout, top_bar: TopBar,
               view_of: Callable[[BoardLayout], BoardView], buttons: dict[str, Button], players: int) -> BoardLayout:
        """The layout with the row fitted for `surface` (`layout` itself when nothing changed);
        `buttons` moved and sized to it. The bar may be made taller (`TALLER`, `geometry.taller_bar`:
        a solo castle's cells smaller, or the gaps around the banner narrower) where its labels grow,
        and Undo and Redo take their short forms (`short_labels`) where the labels grow with them."""
        base = self._base if layout == self._out and self._base is not None else plain(layout)
        labels = [self._own(key, buttons[key].label) for key in TOP_KEYS]
        view = view_of(base)
        key = (ctx.fonts.text_scale, scale_of(surface), base, tuple(labels), top_bar.options_text(view),
               len(top_bar.facts(view)))
        if key == self._for and self._out is not None:
            return self._out
        self._for, self._base = key, base
        laid, row = self._fitted(ctx, surface, base, top_bar, view_of, labels, players)
        short = short_labels(labels)
        if ctx.fonts.text_scale > 1.0 and short != labels:  # the short forms where the labels grow with them
            shorter = self._fitted(ctx, surface, base, top_bar, view_of, short, players)
            if shorter[1] is not None and (row is None or ctx.fonts.sized(shorter[1][0]) > ctx.fonts.sized(row[0])):
                (laid, row), labels = shorter, short
        self._short = {k: (label, own) for k, label, own in zip(TOP_KEYS, labels, key[3], strict=True) if label != own}
        for k, label in zip(TOP_KEYS, labels, strict=True):
            buttons[k].label = label
        top_bar.name_lines, top_bar.titled, top_bar.facts_under, top_bar.name_size = \
            (row[2], row[4], row[5], row[6]) if row is not None else (1, True, False, 0)
        if row is None:  # at 100 % (or no room for more): the fixed places, the labels shrunk to them
            for k, label in zip(TOP_KEYS, labels, strict=True):
                rect = base.button_rect(k)
                buttons[k].rect = pygame.Rect(rect)
                buttons[k].font_size = label_size(ctx, k, label, rect[2], players)
                buttons[k].label_ascent = None
            self._out = base
            return base
        size, rects = row[0], row[1]
        for k, rect in zip(TOP_KEYS, rects, strict=True):
            buttons[k].rect = pygame.Rect(rect)
            buttons[k].font_size = size  # (as tall as its ink allows, not the usual 3/5 of the button)
            buttons[k].label_ascent = ctx.fonts.for_text(buttons[k].label, "bold", size).get_ascent()
        self._out = replace(laid, buttons=laid.buttons + tuple(zip(TOP_KEYS, rects, strict=True)))
        return self._out

    def _own(self, key: str, label: str) -> str:
        """A button's own label: the one it had before `follow` gave it a short form."""
        shown, own = self._short.get(key, ("", ""))
        return own if own and label == shown else label

    def _fitted(self, ctx: SceneContext, surface: pygame.Surface, base: BoardLayout, top_bar: TopBar,
                view_of: Callable[[BoardLayout], BoardView], labels: list[str], players: int
                ) -> tuple[BoardLayout, Fitted | None]:
        """The row of `labels` fitted beside `base`'s bar, and the layout it goes in (a taller bar
        above 100 %, `_taller`)."""
        row = self._row(ctx, surface, base, top_bar, view_of, labels, players)
        if ctx.fonts.text_scale <= 1.0:
            return base, row
        name = top_bar.level(view_of(base))
        if " " in name or not two_line_breaks(name):
            return self._taller(ctx, surface, base, top_bar, view_of, labels, players, row)
        laid, row = self._taller(ctx, surface, base, top_bar, view_of, labels, players, row, BETWEEN_TALLER)
        top_bar.whole_words = True
        alone = self._taller(ctx, surface, base, top_bar, view_of, labels, players,
                             self._row(ctx, surface, base, top_bar, view_of, labels, players))
        top_bar.whole_words = False
        # a name broken between CJK characters is taken where the bar's smallest word (the labels
        # included) is larger than with the name on one line, or as large and the labels larger
        # ("建築家" over "の学校" at 28 px gave labels 30 -> 38 px, the name 32 -> 28: kept on one line)
        if row is not None and row[2] == 2 and (alone[1] is None or self._weight(
                ctx, surface, top_bar, view_of, *alone) < self._weight(ctx, surface, top_bar, view_of, laid, row)):
            return laid, row
        return alone

    @staticmethod
    def _weight(ctx: SceneContext, surface: pygame.Surface, top_bar: TopBar,
                view_of: Callable[[BoardLayout], BoardView], laid: BoardLayout, row: Fitted | None
                ) -> tuple[int, int]:
        """The smallest of the bar's words beside `row` on `laid`, the labels' included (px), and
        the labels' size."""
        assert row is not None
        top_bar.name_lines, top_bar.titled, top_bar.facts_under, top_bar.name_size = row[2], row[4], row[5], row[6]
        words = least_words(ctx, surface, laid, top_bar, view_of, (row[0], row[1], row[3]))
        top_bar.name_lines, top_bar.titled, top_bar.facts_under, top_bar.name_size = 1, True, False, 0
        return min(words, ctx.fonts.sized(row[0])), ctx.fonts.sized(row[0])

    def _taller(self, ctx: SceneContext, surface: pygame.Surface, base: BoardLayout, top_bar: TopBar,
                view_of: Callable[[BoardLayout], BoardView], labels: list[str], players: int,
                row: Fitted | None, extras: tuple[int, ...] = TALLER) -> tuple[BoardLayout, Fitted | None]:
        """`base` or a taller bar over it (`extras` px, `geometry.taller_bar`) where the labels grow
        there, with their row: the least that reaches the labels' largest size, the bar's words at
        no smaller a size than in `base`; then a level's name on two lines grown (`_grown_name`)."""
        floor = row[3] if row is not None else 0.0
        laid = base
        for taller in (taller_bar(base, extra) for extra in extras):
            if taller is None:  # (the cells would be too small, or no room below)
                continue
            if row is not None and ctx.fonts.sized(row[0]) >= ctx.fonts.sized(ASKED):
                break  # (the labels at the player's size)
            grown = self._row(ctx, surface, taller, top_bar, view_of, labels, players)
            if grown is not None and grown[3] >= floor and (row is None or grown[0] > row[0]) \
                    and not (grown[5] and taller.top_bar[3] > base.top_bar[3] + UNDER_TALLER):
                laid, row = taller, grown
        return self._grown_name(ctx, surface, base, top_bar, view_of, labels, players, (laid, row), extras)

    def _grown_name(self, ctx: SceneContext, surface: pygame.Surface, base: BoardLayout, top_bar: TopBar,
                    view_of: Callable[[BoardLayout], BoardView], labels: list[str], players: int,
                    start: tuple[BoardLayout, Fitted | None], extras: tuple[int, ...]
                    ) -> tuple[BoardLayout, Fitted | None]:
        """`start` (`laid`, `row`), or where a bar of one row has the level's name on two lines, the name
        and the turn after it asked at one larger size, on `laid` or a bar up to `extras` px taller
        (the name placed by its ink in the bar's whole height): the largest size at which the labels
        keep their size and the bar's smallest word grows, on the lowest bar that holds it (the
        name sat at the turn's size and at most what 54 px held: "La Escuela de Arquitectos" 24 px
        beside labels of 34, "The School of Architects" 28 beside 40)."""
        laid, row = start
        if row is None or row[2] != 2 or row[5]:
            return laid, row
        fonts = ctx.fonts
        top_bar.name_lines = 2
        was = least_words(ctx, surface, laid, top_bar, view_of, (row[0], row[1], row[3]))
        bars = [laid] + [bar for bar in (taller_bar(base, extra) for extra in extras)
                         if bar is not None and bar.top_bar[3] > laid.top_bar[3]]
        name, found = top_bar.level(view_of(laid)), (laid, row)
        between = " " not in name  # (broken between CJK characters: `_fitted` weighs it against one line)
        for size in range(ctx.theme.font_body, 0, -1):
            if fonts.sized(size) <= was or found[1] is not row:
                break
            # the labels keep their size; beside a name broken between CJK characters they may come down
            # to `NEAR` px over it (Japanese "提督の" / "アカデミー" stayed at 24 px beside labels of 38)
            least = min(fonts.sized(row[0]), fonts.sized(size) + NEAR) if between else fonts.sized(row[0])
            for bar in bars:
                view = view_of(bar)
                if two_line_height(view, name, size) > room(view):
                    continue  # (the bar too low for the name at that size)
                top_bar.name_size = size
                fitted = self._fit(ctx, surface, bar, top_bar, view_of, labels, players)
                if fitted is not None and fonts.sized(fitted[0]) >= least \
                        and least_words(ctx, surface, bar, top_bar, view_of, fitted) > was:
                    found = bar, (fitted[0], fitted[1], 2, fitted[2], row[4], False, size)
                    break
        top_bar.name_lines, top_bar.name_size = 1, 0
        return found

    def _row(self, ctx: SceneContext, surface: pygame.Surface, base: BoardLayout, top_bar: TopBar,
             view_of: Callable[[BoardLayout], BoardView], labels: list[str], players: int) -> Fitted | None:
        """The row fitted beside `base`'s bar with the level's name on one line, or on two (a bar of
        one row), or without the game's title (a bar with a second row), where the buttons grow
        further: their size, their rects, the name's lines, the size the bar's words are measured
        at beside them and whether the title is shown."""
        view = view_of(base)
        one_row = base.top_bar[3] < BAR_HEIGHT + TALL_BAR
        trials = [(1, True, False)]
        if top_bar.wraps_name(view, top_bar.level(view)) or one_row:
            trials.append((2, True, False))  # the level's name on two lines (a bar of one row)
            trials.append((1, False, True))  # the turn and the deal under the name, the title left out
        else:
            trials.append((1, False, False))  # a bar with a second row: the game's title left out
        best: Fitted | None = None
        score = 0  # the labels' px, and in a bar of one row the smallest of its words' px with them
        for lines, titled, under in trials:
            top_bar.name_lines, top_bar.titled, top_bar.facts_under = lines, titled, under
            if lines == 2 and not top_bar.wraps_name(view, top_bar.level(view)) or \
                    under and not top_bar.puts_facts_under(view, top_bar.options_text(view), not one_row):
                continue
            row = self._fit(ctx, surface, base, top_bar, view_of, labels, players)
            if row is None:
                continue
            # taken where the buttons grow further; the turn under the name where they and the bar's
            # smallest words grow further together (its two lines are smaller: Japanese "The Menace"
            # gave labels 34 -> 40 px for a turn 38 -> 26)
            got = ctx.fonts.sized(row[0]) + (least_words(ctx, surface, base, top_bar, view_of, row) if one_row else 0)
            if best is None or row[0] > best[0] and (got > score or not under):
                best, score = (row[0], row[1], lines, row[2], titled, under, 0), got
        top_bar.name_lines, top_bar.titled, top_bar.facts_under = 1, True, False
        if not one_row and best is not None:
            best = self._smaller_name(ctx, surface, base, top_bar, view_of, labels, players, best)
        return best

    def _smaller_name(self, ctx: SceneContext, surface: pygame.Surface, base: BoardLayout, top_bar: TopBar,
                      view_of: Callable[[BoardLayout], BoardView], labels: list[str], players: int,
                      best: Fitted) -> Fitted:
        """`best`, or on a taller bar (the game's title left out) the level's name smaller where
        the labels beside it grow and it stays within a size of theirs (Spanish: "La Academia del
        Almirante" at 38 px left the labels 30; at 34 it missed their 34 by a pixel). The largest name
        that leaves the labels room is tried first, then the smallest: with the default players' names
        the turn follows the name on its row (`TopBar._split`), and the largest left them 26 px, 28 30)."""
        fonts, view = ctx.fonts, view_of(base)
        name, own = top_bar.level(view), top_bar.name_asked(view)
        found = best
        for asked in range(ASKED, best[0], -1):
            if found[0] >= asked:
                break  # (the labels at the largest size still asked)
            width = sum(fonts.text_width(label, "bold", asked) + PAD for label in labels) + GAP * (len(labels) - 1)
            sizes = [s for s in range(own - 1, asked - 2, -1)
                     if 18 + ink_box(ctx, name, s).right + CLEAR <= RIGHT - width]
            for size in dict.fromkeys(sizes[:1] + sizes[-1:]):
                top_bar.name_size, top_bar.titled = size, False
                row = self._fit(ctx, surface, base, top_bar, view_of, labels, players)
                top_bar.name_size, top_bar.titled = 0, True
                if row is not None and row[0] > found[0]:
                    found = row[0], row[1], 1, row[2], False, False, size
                if found[0] >= asked:
                    break
        return found

    @staticmethod
    def _fit(ctx: SceneContext, surface: pygame.Surface, base: BoardLayout, top_bar: TopBar,
             view_of: Callable[[BoardLayout], BoardView], labels: list[str], players: int
             ) -> tuple[int, list[Rect], float] | None:
        fonts = ctx.fonts
        if fonts.text_scale <= 1.0:
            return None

        def measured(layout: BoardLayout) -> tuple[float, InkLog]:
            """The bar's words beside `layout`'s buttons: their size, and where their ink went."""
            view = view_of(layout)
            size = PanelSizes().size("top", fonts, surface, top_areas(layout),
                                     lambda target: top_bar.draw(target, view))
            scratch = InkLog(surface.get_size(), scale_of(surface))
            with fonts.limited(size):
                top_bar.draw(scratch, view)
            return size, scratch

        def placed(layout: BoardLayout, rects: Sequence[Rect]) -> BoardLayout:
            return replace(layout, buttons=layout.buttons + tuple(zip(TOP_KEYS, rects, strict=True)))

        size, scratch = measured(base)  # beside the 100 % buttons
        hint, bar = pygame.Rect(base.button_rect("hint")), pygame.Rect(base.top_bar)
        smallest = smallest_at_100_places(ctx, base, labels, players)
        second, bands = _bands(base)
        for top, height in bands:
            if second and (top, height) != (hint.y, hint.h):  # the words placed as beside buttons that tall
                _, scratch = measured(placed(base, [(x, top, w, height) for x, _, w, _ in
                                                    (base.button_rect(k) for k in TOP_KEYS)]))
            band = hint.union(pygame.Rect(hint.x, top, hint.w, height))
            ends = [ink.right for _, ink in scratch.ink_log if ink.top < band.bottom and ink.bottom > band.top]
            row = row_rects(ctx, labels, max(ends, default=bar.x) + CLEAR, top, height,
                            margin=INK_MARGIN - 1 if second else INK_MARGIN)
            if row is None or fonts.sized(row[0]) < smallest:
                continue  # (never smaller than the smallest label beside the 100 % buttons)
            if second and height != hint.h and measured(placed(base, row[1]))[0] < size:
                continue
            if not second:  # (a bar of one row: its words may give the buttons room down to the labels' size)
                return shared(ctx, labels, row, scratch.ink_px, lambda rects: measured(placed(base, rects))) \
                    or (row[0], row[1], size)
            return row[0], row[1], size
        return None


def short_labels(labels: Sequence[str]) -> list[str]:
    """`labels` (the five buttons' own, in `TOP_KEYS` order) with Undo's and Redo's short forms
    where the catalog has shorter ones: Spanish "Deshacer" and "Rehacer" took 334 of the 777 px
    five labels at 34 px want, "Deshaz" and "Rehaz" 254, where the level's name and the turn left
    the row some 710."""
    short = {"undo": t("board.undo_short"), "redo": t("board.redo_short")}
    return [short[k] if k in short and len(short[k]) < len(label) else label
            for k, label in zip(TOP_KEYS, labels, strict=True)]


def _bands(base: BoardLayout) -> tuple[bool, list[tuple[int, int]]]:
    """Whether `base`'s top bar has a second row (`taller_bar`'s one-row bars are lower), and the
    bands (top, height) its buttons are tried in: as tall as a one-row bar allows (40 px in a bar
    50 px tall); in a taller bar as tall as its first row allows, then a little lower each time,
    until the line under them keeps its size there, down to the buttons at 100 %."""
    hint, bar = pygame.Rect(base.button_rect("hint")), pygame.Rect(base.top_bar)
    if bar.h < BAR_HEIGHT + TALL_BAR:
        return False, [(4, bar.h - 10)]
    tall = bar.h - TALL_BAR - 10
    return True, [(4, h) for h in range(tall, hint.bottom - 4, -4)] + [(4, hint.bottom - 4), (hint.y, hint.h)]


def least_words(ctx: SceneContext, surface: pygame.Surface, base: BoardLayout, top_bar: TopBar,
                view_of: Callable[[BoardLayout], BoardView], row: tuple[int, list[Rect], float]) -> int:
    """The pixel size of the smallest of the bar's words drawn beside `row` (the labels' size,
    the buttons and the size the bar's words are measured at)."""
    laid = replace(base, buttons=base.buttons + tuple(zip(TOP_KEYS, row[1], strict=True)))
    scratch = InkLog(surface.get_size(), scale_of(surface))
    with ctx.fonts.limited(row[2]):
        top_bar.draw(scratch, view_of(laid))
    return min(scratch.ink_px.values(), default=0)


def shared(ctx: SceneContext, labels: Sequence[str], row: tuple[int, list[Rect]], kept: dict[str, int],
           measure: Callable[[Sequence[Rect]], tuple[float, InkLog]]) -> tuple[int, list[Rect], float] | None:
    """`row` (the labels' size and the buttons, in the room the bar's words left them) grown
    further left where the labels grow with it and each of the bar's words is still drawn at least
    at the size it had (`kept`, px), at the labels' own or at the smallest of the others' (a Spanish
    turn of 26 px beside a name of 24 held the labels at 32 px at 1024×600: now 34, the turn 24): a
    one-row bar's turn stayed at 44 px in Japanese beside labels of 28. The largest such size, the
    buttons and the size the words are measured at beside them; None where they do not grow."""
    fonts, (size, rects) = ctx.fonts, row
    height, top = rects[0][3], rects[0][1]
    # a word may come down to the smallest of the others (the game's title aside: its size is its own,
    # and it is left out where the words are squeezed): the bar's smallest words get no smaller
    least = min((was for text, was in kept.items() if text != t("app.title")), default=0)
    for asked in range(ASKED, size, -1):
        px = fonts.sized(asked)
        if px <= fonts.sized(size):
            break
        width = sum(fonts.text_width(label, "bold", asked) + PAD for label in labels) + GAP * (len(labels) - 1)
        grown = row_rects(ctx, labels, RIGHT - width, top, height, asked=asked)
        if grown is None or grown[0] != asked:
            continue  # (too tall for the buttons)
        words, scratch = measure(grown[1])
        # (and clear of the buttons: the daily deal's 19 digits, let down to the name's size, ran under "Pista")
        ends = [ink.right for _, ink in scratch.ink_log if ink.top < top + height and ink.bottom > top]
        if all(scratch.ink_px.get(text, px) >= min(was, px, least) for text, was in kept.items()) \
                and max(ends, default=0) + CLEAR <= grown[1][0][0]:
            return asked, grown[1], words
    return None
