"""The solo tiles panel at a larger text size: where the hand's name goes when the four names over
the slots are wider together than the panel, and how far the panel's heading may reach then.

At 200 % "Normal", "Segura", "En mano" and "Descarte" (and "Regular", "Safe", "In hand",
"Discard") are wider side by side than the panel: the piles' names touched and the panel stayed
at 150 %. The roomy layout spreads the piles and puts the hand, smaller, level with them
(`ui.geometry._roomy`); the hand's name, where it would still touch its neighbours', goes up a
row, beside the panel's heading, which then ends before it (as the two-player strip raises it:
`strip.hand_baseline`). At 100 % and in the two-player strip nothing here applies."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from castellion.scenes.board.fitting import NOTE_FLOOR, draw_ink_lines, ink_height
from castellion.scenes.board.strip import label_ink, raised_over
from castellion.scenes.context import SceneContext
from castellion.ui.fit import largest
from castellion.ui.fonts import wrap
from castellion.ui.geometry import BoardLayout
from castellion.ui.text import t
from castellion.ui.textfit import TOUCH, TOUCH_ACROSS, inside


def raised_hand_baseline(ctx: SceneContext, lay: BoardLayout, kept_in: Callable[[str, int], int]) -> int | None:
    """The baseline of the hand's label on the solo board at a larger text size where its ink,
    `HAND_ABOVE` over the hand, would touch the ink of a pile's or the discard pile's label (each
    centred where `kept_in(text, centre)` says): as far up as its ink ends clear above theirs,
    if it stays inside the panel; None where it stays in their row (or at 100 %, two players)."""
    if lay.players > 1 or ctx.fonts.text_scale <= 1.0:
        return None
    beside = [(t(f"board.pile.{p}"), lay.pile_rect(p)) for p in ("regular", "safe")]
    beside.append((t("board.discard"), lay.discard_rect()))
    return raised_over(ctx, lay, beside, kept_in, spare=8)  # (8 px: a smaller window draws a little wider)


def heading_end(ctx: SceneContext, lay: BoardLayout, kept_in: Callable[[str, int], int]) -> int | None:
    """Where the ink of the tiles panel's heading must end: a label's gap left of the hand's name
    raised beside it (`raised_hand_baseline`); None where the hand's name is not raised."""
    raised = raised_hand_baseline(ctx, lay, kept_in)
    if raised is None:
        return None
    hand = pygame.Rect(lay.hand_rect())
    return label_ink(ctx, t("board.hand"), hand.centerx, raised).x - TOUCH_ACROSS


def held_name_room(lay: BoardLayout, counts_bottom: int, left: int | None = None) -> pygame.Rect | None:
    """Where the name of the tile in hand goes on the solo board at a larger text size: under the
    hand's frame and the ink of the counts (`counts_bottom`), right of the Seer's slots (their
    caption ends before it) or from `left` (a game without them), above the buttons under it (None
    in the two-player strip: `strip.held_name_room`). The "face the Ordeal now" button no longer
    grows into this band while the hand is empty (`fitting.grow_encounter`)."""
    if lay.players > 1:
        return None
    top = max(pygame.Rect(lay.hand_rect()).bottom + 4, counts_bottom) + TOUCH
    bottom = min(pygame.Rect(lay.button_rect(k)).y for k in ("encounter", "use", "premonition")) - TOUCH
    if left is None:
        left = pygame.Rect(lay.revealed_rect(lay.revealed_slots - 1)).right + TOUCH_ACROSS
    return pygame.Rect(left, top, inside(lay.tiles_panel).right - 8 - left, bottom - top)  # (8 px: the
    # window's scale draws a little wider than the logical font measures)


def ink_lines(ctx: SceneContext, text: str, width: int, height: int, size: int) -> tuple[list[str], int] | None:
    """`text` (bold) in one or two lines no wider than `width`, their ink, `INK_GAP` apart, no
    taller than `height` together, at the largest size from `size` down to `NOTE_FLOOR` that holds;
    None where none holds. By their ink, not their line: a Japanese line is much taller than its
    ink, so the name of a tile in hand held by its line stayed at 20-22 px at 200 %."""
    def holds(candidate: int) -> list[str] | None:
        font = ctx.fonts.get("bold", candidate)
        lines = wrap(font, text, width)
        if len(lines) > 2 or any(font.size(line)[0] > width for line in lines):
            return None
        return lines if ink_height(ctx, (lines, candidate)) <= height else None
    return largest(size, NOTE_FLOOR, holds)


def draw_solo_name(surface: pygame.Surface, ctx: SceneContext, lay: BoardLayout, name: str, room: pygame.Rect,
                   colour: tuple[int, int, int] | None = None) -> bool:
    """The name of the tile in hand (or, `colour` faint, "nothing in hand") on the solo board at a
    larger text size in `room` (`held_name_room`): `ink_lines` from the labels' size, centred
    under the hand (moved in to stay in the room), its ink from the room's top; False (nothing
    drawn) where none holds."""
    lines = ink_lines(ctx, name, room.w, room.h, ctx.theme.font_small)
    if lines is None:
        return False
    words, size = lines
    half = max(ctx.fonts.text_width(line, "bold", size) for line in words) // 2
    centre = min(max(pygame.Rect(lay.hand_rect()).centerx, room.x + half), room.right - half)
    draw_ink_lines(surface, ctx, lines, (centre, room.y), colour or ctx.theme.ink, "midtop")
    return True
