"""The Vigil in the two-player strip at a larger text size. It is dealt only at the introductory
level, where the Seer's slots never are, so the layout gives it their corner (`ui.geometry`): the
tile in the top right, its name over it, its note under it.

Over the tile where the Seer's slots begin, "Vigilia" ran into "Descarte" beside it and the note on
its one line ran out of the panel over the discard pile, so the strip stayed at 100 %. The name now
goes a row up, its ink above the discard pile's name and inside the panel; the note goes under the
tile on up to three lines, right-aligned with it, each as wide as the room right of what lies
beside it there (the discard pile, its count, which ends where the pile ends), at the largest
size that holds down to `NOTE_FLOOR` (the panel's measure picks a smaller text size where none
does).

Below that size (100 %, 125 %) the tile stays beside the discard pile and the note goes right of
it (`side_lines`), where the strip is bare: centred on one line under the tile, it ran into the
discard pile's count beside it ("0 tiles" and "drop a Defender…" overlapped by 18 px)."""

from __future__ import annotations

import pygame

from castellion.scenes.board.fitting import NOTE_FLOOR, NOTE_GAP
from castellion.scenes.context import SceneContext
from castellion.ui.fit import largest
from castellion.ui.fonts import wrap
from castellion.ui.geometry import BoardLayout
from castellion.ui.painting import draw_text, ink_box
from castellion.ui.textfit import TOUCH, TOUCH_ACROSS, inside

NOTE_LINES = 3  # the note's lines at most
SIDE_GAP = 12  # px between the tile's right edge and its note beside it
WORDS_APART = TOUCH_ACROSS // 2  # a line this far right of a word's ink beside it does not touch it
PICTURE_APART = 4  # and this far right of a picture's edge (the discard pile)


def in_corner(ctx: SceneContext, lay: BoardLayout) -> bool:
    """Whether the Vigil is drawn in the strip's corner: two players at a larger text size in the
    roomy layout (the Seer's slots a block there); at 125 % the strip keeps the layout of 100 %."""
    return lay.players > 1 and ctx.fonts.text_scale > 1.0 and lay.revealed_cols < lay.revealed_slots


def label_centre(ctx: SceneContext, lay: BoardLayout, text: str, size: int) -> tuple[int, int]:
    """Where the Vigil's name (bold, `size`) is drawn centred: over the tile, its ink ending `TOUCH`
    above it, moved left as far as it must to keep inside the panel (12 px in from its edge)."""
    tile, right = pygame.Rect(lay.vigil_rect()), pygame.Rect(lay.tiles_panel).inflate(-24, 0).right
    line = ctx.fonts.render(text, size, (0, 0, 0), "bold")
    ink = ink_box(ctx, text, size, "bold")  # (right: as the strip's other names keep in, `panels_tiles._kept_in`;
    # at 1024×600 the Japanese name's ink ended 1 px further right than the logical font measures)
    centre_x = min(tile.centerx, right - ink.right + line.get_width() // 2)
    return centre_x, tile.y - TOUCH - ink.bottom + line.get_height() // 2


def count_centre(ctx: SceneContext, text: str, size: int, pile: pygame.Rect) -> int:
    """Where the discard pile's count (`text`, `size`) is centred beside the Vigil's corner: under
    the pile, moved left where it is wider, its ink ending where the pile ends (the note's lines
    beside it then have the same room whatever the count; a two-digit Spanish count held the strip
    at 175 %)."""
    line = ctx.fonts.render(text, size, (0, 0, 0), "body")
    return min(pile.centerx, pile.right - ink_box(ctx, text, size).right + line.get_width() // 2)


def note_lines(ctx: SceneContext, lay: BoardLayout, text: str, size: int,
               beside: list[tuple[pygame.Rect, int]]) -> tuple[list[tuple[str, int]], int] | None:
    """The Vigil's note under its tile, right-aligned with it (with the panel's inner edge): its
    lines with the top of each, and the size, the largest from `size` down to `NOTE_FLOOR` at which
    it holds whole in at most `NOTE_LINES` lines above the buttons, each line at least the given
    distance right of each of `beside` (a rectangle and how far) whose height it shares; None
    where none holds."""
    tile, inner = pygame.Rect(lay.vigil_rect()), inside(lay.tiles_panel)
    under = [pygame.Rect(lay.button_rect(k)) for k in ("encounter", "use", "skip", "premonition")]
    bottom = min([b.y - TOUCH for b in under if b.right > tile.x and b.y > tile.bottom] + [inner.bottom])
    return largest(size, NOTE_FLOOR, lambda candidate: _lines(ctx, text, candidate, tile, (inner.x, inner.right),
                                                               beside, bottom))


def _lines(ctx: SceneContext, text: str, size: int, tile: pygame.Rect, edges: tuple[int, int],
           beside: list[tuple[pygame.Rect, int]], bottom: int) -> list[tuple[str, int]] | None:
    """`note_lines` at one size: each line as long as the room at its height holds."""
    fonts, (left_edge, right) = ctx.fonts, edges
    font, step = fonts.get("body", size), fonts.for_text(text, "body", size).get_linesize()
    out: list[tuple[str, int]] = []
    rest, top = text.strip(), tile.bottom + TOUCH
    while rest:
        if len(out) == NOTE_LINES or top + step > bottom:
            return None
        left = max([left_edge] + [r.right + apart for r, apart in beside if r.y - TOUCH < top + step and
                                  r.bottom + TOUCH > top])
        room = right - left
        first = wrap(font, rest, room)[0] if room > 0 else ""
        if not first or not rest.startswith(first) or fonts.text_width(first, "body", size) > room:
            return None
        out.append((first, top))
        rest, top = rest[len(first):].strip(), top + step + NOTE_GAP
    return out


def draw_note(surface: pygame.Surface, ctx: SceneContext, lay: BoardLayout,
              lines: tuple[list[tuple[str, int]], int], colour: tuple[int, int, int]) -> None:
    """`note_lines`' answer drawn, each line ending at the panel's inner right edge (the tile's, 1 px
    in)."""
    words, size = lines
    right = inside(lay.tiles_panel).right
    for line, top in words:
        draw_text(surface, ctx, line, (right, top), size=size, colour=colour, anchor="topright")


def side_lines(ctx: SceneContext, lay: BoardLayout, text: str, size: int) -> tuple[list[tuple[str, int]], int] | None:
    """The Vigil's note right of its tile where it is not in the corner: its lines with the top of
    each, left-aligned `SIDE_GAP` right of the tile, from just under its top, each no wider than the
    room to the panel's inner edge, together above the buttons under them (`TOUCH` apart), at the
    largest size from `size` down to `NOTE_FLOOR` that holds; None where none holds."""
    tile, inner = pygame.Rect(lay.vigil_rect()), inside(lay.tiles_panel)
    left = tile.right + SIDE_GAP
    under = [pygame.Rect(lay.button_rect(k)) for k in ("encounter", "use", "skip", "premonition")]
    bottom = min([b.y - TOUCH for b in under if b.right > left and b.y > tile.y] + [inner.bottom])
    fonts, room = ctx.fonts, inner.right - left
    def holds(candidate: int) -> list[tuple[str, int]] | None:
        lines = wrap(fonts.get("body", candidate), text.strip(), room)
        step = fonts.for_text(text, "body", candidate).get_linesize() + NOTE_GAP
        top = tile.y + 2
        if len(lines) <= NOTE_LINES and all(fonts.text_width(line, "body", candidate) <= room for line in lines) \
                and "".join(lines).replace(" ", "") == text.replace(" ", "") \
                and top + len(lines) * step - NOTE_GAP <= bottom:
            return [(line, top + k * step) for k, line in enumerate(lines)]
        return None
    return largest(size, NOTE_FLOOR, holds)


def draw_side(surface: pygame.Surface, ctx: SceneContext, lay: BoardLayout,
              lines: tuple[list[tuple[str, int]], int], colour: tuple[int, int, int]) -> None:
    """`side_lines`' answer drawn, each line from `SIDE_GAP` right of the tile."""
    words, size = lines
    left = pygame.Rect(lay.vigil_rect()).right + SIDE_GAP
    for line, top in words:
        draw_text(surface, ctx, line, (left, top), size=size, colour=colour)
