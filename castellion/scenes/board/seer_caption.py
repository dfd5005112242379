"""The Seer's caption over the solo revealed row at a larger text size, on one line, and the rooms
it leaves the name of the tile in hand.

Its long words ("Revealed by the Seer") on two lines over the slots took the band under the
piles' counts down to the slots, so the name of the tile in hand had only the band right of it,
above the "face the Ordeal now" button: one line of 288 px, where "Chameleon triangle (safe)"
was 18 px, "cuadrado Camaleón (segura)" 16 and 「カメレオンの三角（安全）」 22 beside 28-36 px
words; and the Japanese words, which have no spaces, broke inside a word at 150-175 %
(「先見者が公開し」 over 「たタイル」). Where the long words need two lines the short caption
("Revealed", 「公開タイル」, as the two-player strip shows at a larger size) goes on one line,
in no more than half of that band: the name has the other half across the panel, or the band
right of the caption, whichever holds it larger (`name_room`). At 100 %, in the two-player
strip and where the long words hold one line (125 %) nothing here applies."""

from __future__ import annotations

import pygame

from castellion.scenes.board.fitting import NOTE_FLOOR
from castellion.scenes.board.tiles_rows import held_name_room, ink_lines
from castellion.scenes.context import SceneContext
from castellion.ui.fit import largest
from castellion.ui.geometry import BoardLayout
from castellion.ui.painting import draw_text, ink_box
from castellion.ui.text import t
from castellion.ui.textfit import TOUCH, TOUCH_ACROSS, inside

Caption = tuple[str, int, pygame.Rect]  # the words, their size and where their ink is drawn


def one_line_caption(ctx: SceneContext, lay: BoardLayout, top: int) -> Caption | None:
    """The short caption on one line over the solo revealed row at a larger text size, where the
    long one needs two lines in its room (from `top`, under the piles' counts, down to the slots,
    left of the name of the tile in hand as `TilesPanel._draw_row_caption` places it): at the
    largest size up to a size under the labels' whose ink takes at most half of that band's height
    (less a gap) and ends left of the button beside the slots, its ink ending 4 px above them;
    None where the long caption holds one line (or none holds), at 100 % and in the two-player
    strip."""
    hand = pygame.Rect(lay.hand_rect())
    named = held_name_room(lay, top)  # (None in the two-player strip)
    if named is None or ctx.fonts.text_scale <= 1.0 or not (lay.revealed_x < hand.x and hand.bottom < lay.revealed_y):
        return None  # (as `TilesPanel._draw_row_caption` places the long one: under the piles' counts)
    x0, bottom, small = lay.revealed_x, lay.revealed_y - 4, ctx.theme.font_small
    long = ink_lines(ctx, t("board.revealed"), named.x - TOUCH_ACROSS - x0, bottom - top, small)
    if long is None or len(long[0]) < 2:
        return None
    text = t("board.revealed_short")
    right = min(pygame.Rect(lay.button_rect(k)).x for k in ("encounter", "premonition")) - TOUCH_ACROSS
    def holds(size: int) -> pygame.Rect | None:
        ink = ink_box(ctx, text, size, "bold")
        return ink.move(x0, bottom - ink.bottom) \
            if 2 * ink.h <= bottom - top - TOUCH and x0 + ctx.fonts.text_width(text, "bold", size) <= right else None
    # (a size under the labels': at theirs "Reveladas" left the name "triángulo Camaleón (segura)" over it 26 px)
    fitted = largest(small - 2, NOTE_FLOOR, holds)
    return None if fitted is None else (text, fitted[1], fitted[0])


def draw_caption(surface: pygame.Surface, ctx: SceneContext, caption: Caption) -> None:
    """`one_line_caption`'s answer drawn where it says."""
    text, size, ink = caption
    offset = ink_box(ctx, text, size, "bold")
    draw_text(surface, ctx, text, (ink.x - offset.x, ink.y - offset.y), size=size, colour=ctx.theme.ink,
              role="bold")


def name_room(ctx: SceneContext, lay: BoardLayout, room: pygame.Rect, caption: Caption | None,
              text: str) -> pygame.Rect:
    """Where `text` (the name of the tile in hand, or "nothing in hand") goes on the solo board
    beside the Seer's slots at a larger text size: `room` (`held_name_room`, right of the slots,
    above the button); with the caption on one line (`one_line_caption`) whichever holds it larger
    (`ink_lines`; the first where neither does) of the band right of the caption's ink and the
    band over it across the panel (a gap above the caption's ink)."""
    if caption is None:
        return room
    ink = caption[2]
    left = ink.right + TOUCH_ACROSS
    across = inside(lay.tiles_panel).x + 8  # (8 px: the window's scale draws a little wider)
    rooms = [pygame.Rect(left, room.y, room.right - left, room.h),
             pygame.Rect(across, room.y, room.right - across, ink.y - TOUCH - room.y)]

    def size(r: pygame.Rect) -> int:
        lines = ink_lines(ctx, text, r.w, r.h, ctx.theme.font_small) if r.w > 0 and r.h > 0 else None
        return 0 if lines is None else lines[1]

    return max(rooms, key=size)
