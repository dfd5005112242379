"""The tiles panel at a larger text size, mostly the two-player strip: where the hand's label and
the name of the tile in hand go so that the piles' names and counts keep the player's size, and a
tile held changes no word's size (see `TilesPanel`).

At 200 % the four names over the slots (in Spanish "Normal", "Segura", "En mano", "Descarte")
are wider together than the strip: the hand's, over the taller hand, goes up a row where it would
touch its neighbours'. The name of the tile in hand shared the counts' row, so the counts beside
it shrank while a tile was held: it now goes under that row, as wide as the strip leaves it. On
the solo board the name's lines keep left of the buttons beside the hand (`left_of_buttons`);
`fit_label` breaks the name at 100 %."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from castellion.scenes.board.fitting import INK_GAP, NOTE_FLOOR, ink_height
from castellion.scenes.context import SceneContext
from castellion.ui.fit import largest
from castellion.ui.fonts import Fonts, wrap
from castellion.ui.geometry import BoardLayout, Rect
from castellion.ui.painting import ink_box, wrapped_lines
from castellion.ui.text import t
from castellion.ui.textfit import TOUCH, TOUCH_ACROSS, inside

HAND_ABOVE = 10  # the hand's label's baseline over the hand (the piles' are 9 px over theirs)
POWER_LINES = 3  # the power's description in the strip's box: on this many lines at most
NAMES_APART = TOUCH_ACROSS + TOUCH  # px between the inks of two names side by side over the strip's piles
FRAME_APART = TOUCH + 2  # px a name's ink keeps from the hand's frame beside it
CAPTION_APART = 2 * TOUCH  # px the discard pile's name's ink keeps from the Seer's caption's beside it


def label_ink(ctx: SceneContext, text: str, centerx: int, baseline: int) -> pygame.Rect:
    """Where the ink of a slot's label (bold, the small size) drawn centred on `centerx` by its
    `baseline` falls (as `painting.draw_label_above` draws it)."""
    small = ctx.theme.font_small
    ink = ink_box(ctx, text, small, "bold")
    width = ctx.fonts.render(text, small, (0, 0, 0), "bold").get_width()
    top = baseline - ctx.fonts.for_text(text, "bold", small).get_ascent()
    return pygame.Rect(centerx - width // 2 + ink.x, top + ink.y, ink.w, ink.h)


def hand_baseline(ctx: SceneContext, lay: BoardLayout, kept_in: Callable[[str, int], int]) -> int:
    """The baseline of the hand's label: `HAND_ABOVE` over the hand; in the two-player strip at a
    larger text size raised over the safe pile's and the discard pile's labels where it would touch
    them (`raised_over`)."""
    baseline = pygame.Rect(lay.hand_rect()).y - HAND_ABOVE
    if lay.players < 2 or ctx.fonts.text_scale <= 1.0:
        return baseline
    beside = [(t("board.pile.safe"), lay.pile_rect("safe")), (t("board.discard"), lay.discard_rect())]
    raised = raised_over(ctx, lay, beside, kept_in)
    return baseline if raised is None else raised


def raised_over(ctx: SceneContext, lay: BoardLayout, beside: list[tuple[str, Rect]],
                kept_in: Callable[[str, int], int], spare: int = 0) -> int | None:
    """Where the hand's label goes where its ink, `HAND_ABOVE` over the hand, would touch the ink of
    a label of `beside` (each over its slot, centred where `kept_in(text, centre)` says; `spare` px
    more across): as far up as its ink ends clear above theirs. None where it touches none, or
    where raised it would leave the panel (the panel's measure then picks a smaller size)."""
    hand = pygame.Rect(lay.hand_rect())
    baseline = hand.y - HAND_ABOVE
    neighbours = [label_ink(ctx, text, kept_in(text, x + w // 2), y - 9) for text, (x, y, w, _) in beside]
    ink = label_ink(ctx, t("board.hand"), hand.centerx, baseline)
    grown = ink.inflate(2 * TOUCH_ACROSS + spare, TOUCH)
    touched = [r for r in neighbours if grown.colliderect(r)]
    if not touched:
        return None
    raised = baseline - (ink.bottom - (min(r.y for r in touched) - TOUCH - 1))
    return None if ink.y - (baseline - raised) < inside(lay.tiles_panel).y else raised


def spread(ctx: SceneContext, lay: BoardLayout, text: str, centre: int, kept_in: Callable[..., int]) -> int:
    """Where the regular, the safe or the discard pile's label (`text`, centred on `centre`) goes in
    the two-player strip at a larger text size: the safe pile's moved right until its ink ends
    `NAMES_APART` right of the regular pile's label (`kept_in(ctx, lay, text, x)` places that one)
    or, where the room left of the hand's frame is shorter, `FRAME_APART` before that frame (never
    nearer the regular pile's than the font's space), the regular pile's moved left towards the
    panel's edge by what that room lacks; the discard pile's right of the hand's frame ("Segura"
    touched "Normal" at 200 %, then sat 13 px from it and read as one name with it; "Descarte" ran
    over the frame): the strip's four names side by side were wider than the piles are apart.
    Elsewhere `centre` as it is."""
    names = (t("board.pile.regular"), t("board.pile.safe"), t("board.discard"))
    if lay.players < 2 or ctx.fonts.text_scale <= 1.0 or text not in names:
        return centre
    baseline, frame = lay.pile_y - 9, pygame.Rect(lay.hand_rect()).inflate(8, 8)
    ink = label_ink(ctx, text, centre, baseline)
    if text == names[2]:
        return centre + max(0, frame.right + 1 - ink.x)
    if text == names[0]:  # (the room between it and the frame: the safe pile's name and the gaps either side)
        short = NAMES_APART + FRAME_APART - (frame.x - ink.right - ink_box(ctx, names[1], ctx.theme.font_small,
                                                                           "bold").w)
        return centre - max(0, min(short, ink.x - inside(lay.tiles_panel).x - 2))  # (2 px: the smaller
        # window's ink lands a pixel off)
    x, _, w, _ = lay.pile_rect("regular")
    left = label_ink(ctx, names[0], kept_in(ctx, lay, names[0], x + w // 2), baseline)
    if ink.x >= left.right + NAMES_APART:
        return centre
    space = ctx.fonts.text_width(" ", "bold", ctx.theme.font_small)  # (8 px read "NormalSegura" as one word)
    x = max(left.right + max(TOUCH_ACROSS // 2 + 1, space),
            min(left.right + NAMES_APART, frame.x - FRAME_APART - ink.w))
    return centre + x - ink.x


def discard_drop(ctx: SceneContext, lay: BoardLayout) -> int:
    """How much lower than the piles' names the discard pile's is drawn in the two-player strip at a
    larger text size: as far as its ink ends `TOUCH` + 1 over the pile ("Descarte" sat 8 px under
    the Seer's caption "Reveladas" over it and read as its second line). The words around it are
    measured against the names' row as before (`tiles_labels.labels_top_under`): they keep their
    places and sizes, the gap grows. 0 elsewhere."""
    if lay.players < 2 or ctx.fonts.text_scale <= 1.0 or lay.revealed_cols >= lay.revealed_slots:
        return 0
    pile = pygame.Rect(lay.discard_rect())
    return max(0, pile.y - TOUCH - 1 - label_ink(ctx, t("board.discard"), pile.centerx, pile.y - 9).bottom)


def row_caption_x(ctx: SceneContext, lay: BoardLayout, kept_in: Callable[[str, int], int]) -> int:
    """Where the Seer's caption over the revealed slots starts in the two-player strip at a larger
    text size while they lie in one row (125 %): at the slots' left edge, or as far right as keeps
    its ink `CAPTION_APART` right of the discard pile's name, which its lines come down beside
    ("Descarte" touched "Reveladas por el Vidente" 3 px apart: the strip stayed at 100 %)."""
    x0 = lay.revealed_x
    if lay.players < 2 or ctx.fonts.text_scale <= 1.0 or lay.revealed_cols < lay.revealed_slots:
        return x0
    pile, text = pygame.Rect(lay.discard_rect()), t("board.discard")
    name = label_ink(ctx, text, kept_in(text, pile.centerx), pile.y - 9 + discard_drop(ctx, lay))
    return max(x0, name.right + CAPTION_APART + 1)  # (1 px: the smaller window's ink lands a pixel off)


def hand_label(ctx: SceneContext, lay: BoardLayout, kept_in: Callable[[str, int], int]) -> tuple[int, int]:
    """The centre and the baseline (`hand_baseline`) of the hand's label: over the hand; raised in the
    two-player strip at a larger text size, beside the Seer's caption in the panel's top right
    corner, moved left until its ink ends clear of that caption at its smallest (one line at
    `NOTE_FLOOR`), at most half its width ("En mano" touched "Reveladas por el Vidente" at 200 %)."""
    hand, text = pygame.Rect(lay.hand_rect()), t("board.hand")
    baseline = hand_baseline(ctx, lay, kept_in)
    if baseline >= hand.y - HAND_ABOVE or lay.revealed_cols >= lay.revealed_slots:
        return hand.centerx, baseline
    caption = t("board.revealed")
    right = pygame.Rect(lay.tiles_panel).inflate(-20, -12).right  # (as `_draw_block_caption` draws it)
    left = right - ctx.fonts.render(caption, NOTE_FLOOR, (0, 0, 0), "bold").get_width() \
        + ink_box(ctx, caption, NOTE_FLOOR, "bold").x
    ink = label_ink(ctx, text, hand.centerx, baseline)
    return hand.centerx - min(max(0, ink.right + TOUCH_ACROSS // 2 + 1 - left), ink.w // 2), baseline


def short_caption(ctx: SceneContext, width: int, top: int, bottom: int, size: int) -> tuple[int, int] | None:
    """The short caption ("Revealed") over the Seer's slots in the two-player strip's corner (a
    2 × 2 block), for where "Revealed by the Seer" is smaller there than asked (16 px at 200 %
    beside names of 36: the corner is one line tall): the largest size up to `size` at which its
    ink is at most `width` wide and lies between `top` and `bottom`, and the y to draw its line at
    (placed by its ink); None where none holds."""
    words = t("board.revealed_short")

    def holds(candidate: int) -> int | None:
        ink = ink_box(ctx, words, candidate, "bold")
        return top - ink.y if ink.h <= bottom - top and ctx.fonts.text_width(words, "bold", candidate) <= width \
            else None
    fitted = largest(size, NOTE_FLOOR, holds)
    return None if fitted is None else (fitted[1], fitted[0])


def left_of_buttons(ctx: SceneContext, lay: BoardLayout, line: str, size: int,
                    at: tuple[int, int]) -> tuple[int, int]:
    """Where a line of the name of the tile in hand, centred on `at`, is drawn at a larger text
    size: moved left until it ends clear of the buttons beside the hand where it reaches down to
    them (on the solo board the Japanese name's second line ran over "Use"; the panel stayed a
    size smaller while a tile was held)."""
    buttons = [pygame.Rect(lay.button_rect(k)) for k in ("encounter", "use", "premonition")]
    half_height = ctx.fonts.get("bold", size).get_height() // 2
    if at[1] + half_height < min(r.y for r in buttons):
        return at
    half = ctx.fonts.text_width(line, "bold", size) // 2
    return min(at[0], min(r.x for r in buttons) - TOUCH_ACROSS - half), at[1]


def frame_edges(frame: pygame.Rect, width: int = 2) -> list[pygame.Rect]:
    """The four edges of `frame` (`width` px thick): what words must leave clear of a framed slot
    whose inside holds words of its own (the hand's "nothing in hand")."""
    return [pygame.Rect(frame.x, frame.y, frame.w, width), pygame.Rect(frame.x, frame.bottom - width, frame.w, width),
            pygame.Rect(frame.x, frame.y, width, frame.h), pygame.Rect(frame.right - width, frame.y, width, frame.h)]


def held_name_room(lay: BoardLayout, counts_bottom: int) -> pygame.Rect | None:
    """Where the name of the tile in hand goes in the two-player strip at a larger text size:
    under the piles' counts, from the panel's inner left edge to the buttons at its right (None
    on the solo board)."""
    if lay.players < 2:
        return None
    panel = inside(lay.tiles_panel)
    top = counts_bottom + TOUCH
    right = min(pygame.Rect(lay.button_rect(k)).x for k in ("encounter", "use", "premonition")) - TOUCH_ACROSS
    return pygame.Rect(panel.x + 8, top, right - panel.x - 8, panel.bottom - 1 - top)  # (8 px: the window's
    # scale draws a little wider than the logical font measures; 1 px: lines placed by their ink
    # fall up to a pixel lower there)


def held_name_centre(ctx: SceneContext, lay: BoardLayout, lines: tuple[list[str], int], room: pygame.Rect) -> int:
    """Where the name of the tile in hand in `room` (`held_name_room`), its `lines` (bold, at their
    size), is centred: under the hand, moved in to stay in the room. It goes there in one or two
    lines placed by their ink (`panels_tiles`: `tiles_rows.ink_lines`; a line apart "triángulo
    Camaleón (segura)" was 24 px on one line, by their ink it takes two at 26); with the hand
    empty "nothing in hand" too, as large as the strip's words (in the hand's frame it could not
    be)."""
    half = max(ctx.fonts.text_width(line, "bold", lines[1]) for line in lines[0]) // 2
    return min(max(pygame.Rect(lay.hand_rect()).centerx, room.x + half), room.right - half)


def power_lines(ctx: SceneContext, text: str, room: pygame.Rect, size: int) -> tuple[list[str], int] | None:
    """What the discarded Defender's power does (`text`) alone in the two-player strip's power box
    at a larger text size, across `room` (the box inside its frame): in up to `POWER_LINES` lines
    as `draw_wrapped` breaks them, placed by their ink (`fitting.ink_height`: no taller than the
    room together; `power_gap` apart), at the largest size from `size` down to `NOTE_FLOOR` that
    holds; the lines and the size, None where none holds. Beside the Defender's name it had two
    thirds of the box, a line apart: 14 px in English, 12 in Spanish, 16 in Japanese, in a strip of
    36 px words (the discard pile shows the Defender, the banner names it)."""
    def holds(candidate: int) -> list[str] | None:
        _, lines = wrapped_lines(ctx, text, room.w, size=candidate)
        if len(lines) > POWER_LINES or any(ctx.fonts.text_width(line, "body", candidate) > room.w for line in lines):
            return None
        return lines if ink_height(ctx, (lines, candidate), "body", TOUCH) <= room.h else None
    return largest(size, NOTE_FLOOR, holds)


def power_gap(ctx: SceneContext, lines: tuple[list[str], int], room: pygame.Rect) -> int:
    """How far apart the ink of the power's lines (`power_lines`' answer) is placed in `room`:
    `INK_GAP` where they hold it so, else `TOUCH` (as a button's lines broken between CJK
    characters, `fitting._by_ink`). The box's top is under the ink of both piles' counts, lowered
    clear of a full regular pile's stack depth: 8 px apart the Japanese Seer's two lines held it
    only at 20 px (22 before the counts were lowered)."""
    return INK_GAP if ink_height(ctx, lines, "body") <= room.h else TOUCH


def fit_label(fonts: Fonts, text: str, width: int, size: int, most: int = 2) -> tuple[list[str], int]:
    """`text` in at most `most` lines (two or three) no wider than `width` (the last may be wider):
    the size shrinks (to 12) before the text breaks; the lines and the size used."""
    while size > 12 and fonts.get("bold", size).size(text)[0] > width:
        size -= 1
    font = fonts.get("bold", size)
    if font.size(text)[0] <= width:
        return [text], size
    lines = wrap(font, text, width)
    if len(lines) > most:
        lines = [*lines[:most - 1], " ".join(lines[most - 1:])]
    return lines, size
