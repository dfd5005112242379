"""The board at the player's text size: the banner drawn to fit it, and where the castle panels'
words must stay. Each panel's size is measured by `ui.textfit` (see `BoardScene._draw_still`)."""

from __future__ import annotations

import pygame

from castellion.scenes.board.buttons import label_size
from castellion.scenes.board.words import KEYS_GAP
from castellion.scenes.context import SceneContext
from castellion.ui import draw
from castellion.ui.fit import fit_size, largest
from castellion.ui.fonts import Fonts, two_lines, wrap
from castellion.ui.geometry import GHOST_CELLS, BoardLayout, Rect
from castellion.ui.painting import draw_text, ink_box
from castellion.ui.textfit import TOUCH, inside
from castellion.ui.topic_list import LinesButton, label_lines
from castellion.ui.widgets import Button, label_height

LINES_MARGIN = 6  # the ink of a button's label on two lines keeps this far from its top and bottom
INK_MARGIN = 4  # and of one placed by its ink (`_by_ink`): 2 px inside the button's 2 px edge
BANNER_SIZE = 22  # the banner's words at most (the body size)
BANNER_FLOOR = 15  # the banner's words shrink no further (the panel's measure picks a smaller text size)
BANNER_INSET = 4  # px: the ink of the banner's two lines stays this far inside its edge (2 px inside its gold line)


def draw_banner(surface: pygame.Surface, ctx: SceneContext, rect: Rect, text: str,
                tall: Rect | None = None) -> None:
    """What to do now, on one line in the banner (shrunk to its width); at a larger text size its
    ink, not its line, is centred. With `tall` (the banner and the message line under it, free),
    where `banner_lines` holds the sentence larger on two lines, the banner takes that band and
    the lines are placed by their ink."""
    theme = ctx.theme
    banner = pygame.Rect(rect)
    fitted = fit_size(ctx.fonts, text, "bold", BANNER_SIZE, banner.w - 40)
    size = max(BANNER_FLOOR, fitted)
    two = None if tall is None else banner_lines(ctx, text, pygame.Rect(tall), fitted)
    if two is not None and tall is not None:
        banner = pygame.Rect(tall)
    draw.rect(surface, theme.banner, banner, border_radius=10)
    draw.rect(surface, theme.gold, banner, 2, border_radius=10)
    if two is not None:
        draw_ink_lines(surface, ctx, two, (banner.centerx, banner.centery - ink_height(ctx, two) // 2),
                       theme.gold_light, "midtop")
        return
    centre = banner.center
    while tall is not None and size > BANNER_FLOOR and ink_box(ctx, text, size, "bold").h > banner.h - BANNER_INSET:
        size -= 1  # (measured in the taller band, one line still keeps to the banner)
    if ctx.fonts.text_scale > 1.0:
        ink = ink_box(ctx, text, size, "bold")
        centre = (banner.centerx, banner.centery + ctx.fonts.render(text, size, theme.gold_light, "bold")
                  .get_height() // 2 - ink.centery)
    draw_text(surface, ctx, text, centre, size=size, colour=theme.gold_light, role="bold", anchor="center")


def banner_band(lay: BoardLayout, scale: float, free: bool, wide: bool = False) -> Rect | None:
    """Where the banner may take two lines (`draw_banner`'s `tall`): over the message line under
    it, at a larger text size (at 100 % only for a `wide` sentence, `banner_wide`), while that line
    is `free` (neither the tutorial's coach nor the computer's control strip, which stands in the
    banner's place, on the board); None where not. A message shown meanwhile goes under the band
    (`message_room`): the banner keeps its size whether a message shows or not (it went back to
    one line, Spanish at 15 px at 200 %, each time a message came, and grew again when it went)."""
    if (scale <= 1.0 and not wide) or not free:
        return None
    x, y, w, _ = lay.banner
    return (x, y, w, lay.message[1] + lay.message[3] - y)


MESSAGE_DROP = 4  # px between the banner's band and a message drawn under it (`message_room`)


def message_room(lay: BoardLayout, tall: bool) -> pygame.Rect:
    """Where the message line's pill goes: on its line; while the banner's two lines lie over that
    line (`tall`: `banner_band` taken), as wide and as tall, `MESSAGE_DROP` under the band, over the
    top edge of the panels below (their headings) for as long as the message shows."""
    line = pygame.Rect(lay.message)
    return line.move(0, line.h + MESSAGE_DROP) if tall else line


def banner_lines(ctx: SceneContext, text: str, tall: pygame.Rect, one: int) -> tuple[list[str], int] | None:
    """The banner's sentence on two lines in `tall` (the banner with the message line under it)
    above 100 % (at 100 % only where `banner_wide`), where one line (fitted at `one`) is shrunk
    under the body size: at the largest size up to the body size whose two lines fit across and
    whose ink (`INK_GAP` apart) fits `tall` 2 px inside its gold line; None at 100 % where one
    line holds it, where one line is not shrunk, or where two lines are no larger. (One line of
    1212 px held a long sentence at 15-19 px at 200 %, beside 28-36 px words; at 125 % the
    longest ran past the banner's ends at 15 px, at 100 % too: `banner_wide`.)"""
    fonts = ctx.fonts
    if one >= BANNER_SIZE or (fonts.text_scale <= 1.0 and not banner_wide(ctx, text, tall.w)):
        return None
    width, height = tall.w - 40, tall.h - 2 * BANNER_INSET  # (broken 8 px narrower: a smaller window draws wider)

    def fit(lines: list[str], size: int) -> bool:
        return all(fonts.text_width(line, "bold", size) <= width for line in lines) and \
            ink_height(ctx, (lines, size)) <= height

    def holds(size: int) -> list[str] | None:  # (the most even two lines that fit: their ink differs in
        # height, and greedy lines, tried first, left 「に挑戦。」 alone under 「…または試練に早め」)
        return next((lines for lines in _two_lines(fonts, text, size, width - 8) if fit(lines, size)), None)
    found = largest(BANNER_SIZE, one + 1, holds)
    return None if found is None else (found[0], found[1])


def banner_wide(ctx: SceneContext, text: str, width: int) -> bool:
    """At 100 %, whether the sentence on one line of a banner `width` wide, at `BANNER_FLOOR`
    (it shrinks no further), runs past the ink's room `BANNER_INSET` inside its ends (the
    two-player Spanish "use" sentence with the Vigil, the prison and passing it, by keyboard, was
    1786 px across a 1252 px banner). Only those go on two lines: every other stays as it was."""
    if ctx.fonts.text_scale > 1.0 or not text:
        return False
    size = max(BANNER_FLOOR, fit_size(ctx.fonts, text, "bold", BANNER_SIZE, width - 40))
    return ink_box(ctx, text, size, "bold").w > width - 2 * BANNER_INSET


def banner_room(ctx: SceneContext, lay: BoardLayout, text: str, free: bool) -> Rect | None:
    """`banner_band`'s answer for `text` in `lay`'s banner (whether it is `banner_wide` there)."""
    return banner_band(lay, ctx.fonts.text_scale, free, banner_wide(ctx, text, lay.banner[2]))


def _two_lines(fonts: Fonts, text: str, size: int, width: int) -> list[list[str]]:
    """`text` in bold at `size` on two lines no wider than `width`, the most even first
    (`fonts.two_lines`: the most even lines' ink can be taller, brackets on both, so the next are
    offered too); none where greedy breaking does not make two lines (one holds it, or three are
    needed). Greedily "…until 4 are revealed;" over "they must be used first." held the banner
    to 26 px, where evenly it holds 28."""
    font = fonts.for_text(text, "bold", size)
    return two_lines(font, text, width) if len(wrap(font, text, width)) == 2 else []


def castles_area(lay: BoardLayout, players: int, prison: bool) -> list[pygame.Rect]:
    """Where the castle panels' words must stay: inside one of them (or the shared prison's)."""
    areas = [inside(lay.castle_panel_of(p)) for p in range(players)]
    if players > 1 and prison:
        areas.append(inside(lay.prison_panel))
    return areas


def castles_avoid(lay: BoardLayout, players: int) -> list[pygame.Rect]:
    """The pictures the castle panels' words leave clear: each grid with its frame, and the two
    ghost cells beside its foundation row (lit while a tile may extend it, docs/rules.md §2)."""
    out = []
    for p in range(players):
        seen = lay.for_player(p)
        out.append(pygame.Rect(seen.grid_rect).inflate(12, 12))
        out += [pygame.Rect(seen.cell_rect(cell)) for cell in GHOST_CELLS]
    return out


NOTE_GAP = 2  # px between the lines of a note on two lines (with their leading, their ink apart)
NOTE_FLOOR = 8  # a note on two lines is never smaller (16 px at 200 %)
INK_GAP = 2 * TOUCH  # px between the ink of two lines placed by their ink (by their lines the
# Japanese ones, much taller than their ink, stayed smaller than the words beside them)


def note_lines(fonts: Fonts, text: str, width: int, height: int, size: int) -> tuple[list[str], int] | None:
    """A small note (the variant's pawn note, the Seer's caption) at a larger text size: in one or
    two lines no wider than `width` and together no taller than `height`, at the largest size
    from `size` down to `NOTE_FLOOR` that holds; None at 100 % (the note keeps its one line, shrunk
    to its room) or when none holds."""
    if fonts.text_scale <= 1.0:
        return None

    def holds(candidate: int) -> list[str] | None:
        font = fonts.get("bold", candidate)
        lines = wrap(font, text, width)
        if len(lines) <= 2 and all(font.size(line)[0] <= width for line in lines) and \
                len(lines) * (font.get_linesize() + NOTE_GAP) - NOTE_GAP <= height:
            return lines
        return None
    return largest(size, NOTE_FLOOR, holds)


def note_height(fonts: Fonts, lines: tuple[list[str], int]) -> int:
    """How tall `note_lines`' answer is drawn."""
    return len(lines[0]) * (fonts.get("bold", lines[1]).get_linesize() + NOTE_GAP) - NOTE_GAP


def draw_note(surface: pygame.Surface, ctx: SceneContext, lines: tuple[list[str], int], at: tuple[int, int],
              colour: tuple[int, int, int], anchor: str = "topleft") -> pygame.Rect:
    """`note_lines`' answer drawn one line under the other from `at` (by `anchor`: "topleft" or
    "topright"); the rectangle the lines cover."""
    words, size = lines
    step = ctx.fonts.get("bold", size).get_linesize() + NOTE_GAP
    r = pygame.Rect(at, (0, 0))
    for k, line in enumerate(words):
        r.union_ip(draw_text(surface, ctx, line, (at[0], at[1] + k * step), size=size, colour=colour, role="bold",
                             anchor=anchor))
    return r


def draw_keys_wrapped(surface: pygame.Surface, ctx: SceneContext, lay: BoardLayout, entries: list[str],
                      vigil: bool) -> bool:
    """The solo keys' line (its catalog `entries`, joined by `KEYS_GAP`) at a larger text size: on
    two lines where one held it at about its 100 % size, whole entries to a line, in the band
    under the revealed slots, the Vigil and the button beside them, at the largest size that fits
    there (`vigil`: one is shown), the lines placed by their ink (`INK_GAP` apart: by their
    lines the Japanese ones, whose line is much taller than their ink, stayed at 20 px at 200 %,
    beside 30 px words); False (nothing drawn) where that is no larger."""
    theme = ctx.theme
    panel = pygame.Rect(lay.tiles_panel)
    one_line = fit_size(ctx.fonts, KEYS_GAP.join(entries), "body", theme.font_small - 2, panel.w - 40)
    above = [pygame.Rect(lay.revealed_rect(i)) for i in range(lay.revealed_slots)]
    above.append(pygame.Rect(lay.button_rect("encounter")))
    if vigil:  # (and its note beside it, 84 px from its top: `TilesPanel._draw_vigil`)
        x, y, w, h = lay.vigil_rect()
        above.append(pygame.Rect(x, y, w, max(h, 84)))
    top = max(r.bottom for r in above if r.bottom < panel.bottom) + TOUCH
    room = pygame.Rect(panel.x + 20, top, panel.w - 40, panel.bottom - 6 - top)
    for size in range(theme.font_small - 2, one_line, -1):
        lines: list[str] = []  # whole entries to a line ("F1:" kept with its words)
        for item in entries:
            joined = f"{lines[-1]}{KEYS_GAP}{item}" if lines else item
            if lines and ctx.fonts.text_width(joined, "body", size) <= room.w:
                lines[-1] = joined
            else:
                lines.append(item)
        if len(lines) > 2 or max(ctx.fonts.text_width(line, "body", size) for line in lines) > room.w - 8:
            continue  # (8 px: a smaller window draws a little wider than the logical font measures)
        tall = ink_height(ctx, (lines, size), "body")
        if tall <= room.h:
            draw_ink_lines(surface, ctx, (lines, size), (room.centerx, room.bottom - tall), theme.ink_soft, "midtop",
                           "body")
            return True
    return False


def grow_encounter(ctx: SceneContext, button: Button, lay: BoardLayout, limit: float) -> None:
    """The "face the Ordeal now" button where `lay` has it; at a larger text size (taller there: on
    the solo board the name of the tile in hand over it, `tiles_rows.held_name_room`; in the
    two-player strip `geometry.STRIP_TALLER`, where one line of 236 px held "Afrontar ya la
    Prueba" at 18 px) with its label on two lines (`ui.topic_list.LinesButton`, as the Rules'
    topics) where that is larger than its one line, at most at the size the tiles panel's words
    around it are drawn at (`limit`: that panel's text size), their ink `LINES_MARGIN` inside it
    (broken between CJK characters: placed by their ink, `_by_ink`). It keeps one place and size
    whether a tile is held or not: it grew up under the discard pile's count only while the hand
    was empty (the name of the tile in hand was drawn there), so "Afrontar ya la Prueba" was 26 px
    on two lines, then 14 px on one once a tile was taken."""
    assert isinstance(button, LinesButton)  # (`buttons.make_buttons` makes it so)
    button.rect = pygame.Rect(lay.button_rect("encounter"))
    fonts, small, room = ctx.fonts, ctx.theme.font_small, button.rect
    button.lines, button.centres = (), ()
    button.font_size = label_size(ctx, "encounter", button.label, room.w, lay.players)  # (as `make_buttons` did)
    if fonts.text_scale <= 1.0:
        return
    with fonts.limited(limit):
        most = fonts.sized(small)
    one = fit_size(fonts, button.label, "bold", button.font_size, room.w - 16, label_height(room.h))
    for size in (k for k in range(small, one, -1) if fonts.sized(k) <= most):
        lines = label_lines(ctx, button.label, size, room.w)
        if lines is None:
            continue
        step = fonts.for_text(button.label, "bold", size).get_linesize()
        first, last = (ink_box(ctx, line, size, "bold") for line in (lines[0], lines[-1]))
        apart = len(lines) < 2 or step + last.top - first.bottom >= TOUCH - 1  # (the two-player 52 px button at
        # 125 %, 1024×600: "Afrontar ya la" touched "Prueba" under it)
        if apart and step * (len(lines) - 1) + last.bottom - first.top <= room.h - 2 * LINES_MARGIN:  # (by their ink)
            button.lines, button.font_size = tuple(lines), size
            return
        centres = _by_ink(ctx, button.label, lines, size, room.h)
        if centres is not None:
            button.lines, button.centres, button.font_size = tuple(lines), centres, size
            return


def _by_ink(ctx: SceneContext, label: str, lines: list[str], size: int, height: int) -> tuple[int, ...] | None:
    """Where each of a label's `lines` broken between CJK characters (no space) goes in a button
    `height` tall, by their ink: their middles down from the button's, the inks `TOUCH` apart,
    together centred, at least `INK_MARGIN` inside it; None where they do not fit (or broke at a
    space). A Japanese line is much taller than its ink: a line apart, 「今すぐ試練 / に挑む」 fitted
    the two-player button only at 24 px, on one line."""
    if len(lines) < 2 or "".join(lines) != label:
        return None
    tall = ink_height(ctx, (lines, size), gap=TOUCH)
    if tall > height - 2 * INK_MARGIN:
        return None
    return ink_centres(ctx, (lines, size), -tall // 2, gap=TOUCH)


def ink_height(ctx: SceneContext, lines: tuple[list[str], int], role: str = "bold", gap: int = INK_GAP) -> int:
    """How tall lines placed by their ink (`tiles_rows.ink_lines`' answer; the solo keys' lines in
    `role` "body"), `gap` apart, are drawn, from the first line's ink to the last's."""
    words, size = lines
    return sum(ink_box(ctx, line, size, role).h for line in words) + gap * (len(words) - 1)


def ink_centres(ctx: SceneContext, lines: tuple[list[str], int], top: int, role: str = "bold",
                gap: int = INK_GAP) -> tuple[int, ...]:
    """Where the middle of each line goes (as drawn with anchor "center" or "midleft") for lines
    placed by their ink, `gap` apart, the first line's ink from `top`."""
    words, size = lines
    centres, y = [], top
    for line in words:
        ink = ink_box(ctx, line, size, role)
        centres.append(y - ink.y + ctx.fonts.render(line, size, (0, 0, 0), role).get_height() // 2)
        y += ink.h + gap
    return tuple(centres)


def draw_ink_lines(surface: pygame.Surface, ctx: SceneContext, lines: tuple[list[str], int], at: tuple[int, int],
                   colour: tuple[int, int, int], anchor: str = "topleft", role: str = "bold",
                   gap: int = INK_GAP) -> None:
    """Lines placed by their ink (`ink_height`), `gap` apart, drawn one under the other, the first
    line's ink from `at` (its x by `anchor`: "topleft" or "midtop")."""
    words, size = lines
    y = at[1]
    for line in words:
        ink = ink_box(ctx, line, size, role)
        draw_text(surface, ctx, line, (at[0], y - ink.y), size=size, colour=colour, role=role, anchor=anchor)
        y += ink.h + gap
