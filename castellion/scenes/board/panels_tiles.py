"""The tiles panel: a small class drawing from a `BoardView` (the Ordeals panel: `panels_ordeals`)."""

from __future__ import annotations

import pygame

from castellion.scenes.board import pile_counts, strip, vigil_corner
from castellion.scenes.board.fitting import (
    NOTE_FLOOR,
    NOTE_GAP,
    draw_ink_lines,
    draw_keys_wrapped,
    draw_note,
    ink_height,
    note_height,
    note_lines,
)
from castellion.scenes.board.power_box import draw_power_box
from castellion.scenes.board.seer_caption import draw_caption, name_room, one_line_caption
from castellion.scenes.board.strip import fit_label
from castellion.scenes.board.tiles_labels import (
    hand_label,
    hand_label_half_width,
    heading_gap,
    heading_least,
    heading_span,
    kept_in_panel,
    labels_line,
    labels_top_under,
)
from castellion.scenes.board.tiles_rows import (
    draw_solo_name,
    heading_end,
    held_name_room,
    ink_lines,
)
from castellion.scenes.board.view import BoardView
from castellion.scenes.board.words import KEYS_GAP, key_entries, tile_name
from castellion.scenes.context import SceneContext
from castellion.ui import draw
from castellion.ui.castle_view import GLOW_LEGAL
from castellion.ui.devices import prompts
from castellion.ui.fit import READABLE, fit_size
from castellion.ui.geometry import BoardLayout
from castellion.ui.painting import (
    draw_heading,
    draw_label_above,
    ink_box,
    largest_wrapped,
    wrapped_height,
)
from castellion.ui.text import t, tn
from castellion.ui.textfit import TOUCH, TOUCH_ACROSS, inside
from castellion.ui.widgets import draw_panel, draw_text, draw_wrapped


class TilesPanel:
    """The piles, the tile in hand, the discard pile, the revealed row, the Vigil and the power prompt."""

    def draw(self, surface: pygame.Surface, v: BoardView, hidden: frozenset[object], brief: bool = False) -> None:
        """`brief` (a second way, at a larger text size): the power's box in fewer words, its
        description beside the Defender's name (see `power_box`)."""
        ctx, theme, lay, game = v.ctx, v.ctx.theme, v.layout, v.game
        c = v.choices
        panel = pygame.Rect(lay.tiles_panel)
        draw_panel(surface, panel, ctx)
        labels_top = labels_line(ctx, lay)
        heading, least, top = t("board.tiles"), None, panel.y + 9
        if ctx.fonts.text_scale > 1.0:  # larger words: the heading's ink ends a quarter line above the
            # slots' labels', never smaller than at 100 % (the layout leaves that room: `heading_room`)
            least = heading_least(ctx, lay, heading, labels_top)
            labels_top = labels_top_under(ctx, lay, heading_span(ctx, lay, heading)) - heading_gap(ctx, lay) + 3
            top = panel.y + 7  # (its ink 1 px inside the frame's rule: 「夢タイル」 at its 100 % size touched 「通常」)
        size, end = theme.font_label, heading_end(ctx, lay, lambda text, x: kept_in_panel(ctx, lay, text, x))
        if end is not None:  # (the hand's name raised beside it: the heading ends before it)
            size = fit_size(ctx.fonts, heading, "title", size, end - panel.x - 22)
            least = min(least or size, size)
        draw_heading(surface, ctx, heading, (panel.x + 22, top), bottom=labels_top - 2,
                     size=size, colour=theme.border, role="title", least=least)
        self._draw_piles(surface, v)
        self._draw_hand(surface, v, hidden)
        self._draw_discard(surface, v, hidden)
        self._draw_revealed(surface, v, hidden)
        small = theme.font_small
        # power prompt: the box beside the use / skip buttons (`power_box`)
        if c.use is not None and game.power_faction:
            draw_power_box(surface, v, game.power_faction, brief)
        elif game.players == 1:
            keys = key_entries()  # the keys (or pad buttons) as the table has them
            if not (ctx.fonts.text_scale > 1.0 and draw_keys_wrapped(surface, ctx, lay, keys, game.vigil is not None)):
                draw_text(surface, ctx, KEYS_GAP.join(keys), (panel.centerx, panel.bottom - 24), size=small - 2,
                          colour=theme.ink_soft, anchor="center", max_width=panel.w - 40)

    def _draw_piles(self, surface: pygame.Surface, v: BoardView) -> None:
        """The regular and the safe pile, each with its stack depth, its name and its count."""
        ctx, theme, lay, game = v.ctx, v.ctx.theme, v.layout, v.game
        small = theme.font_small
        counts = pile_counts.placed(v) if ctx.fonts.text_scale > 1.0 else None  # (both one size where they fit)
        for pile in ("regular", "safe"):
            rect = pygame.Rect(lay.pile_rect(pile))
            n = game.pile_size(pile)
            if n:
                for k in range(pile_counts.stack_depth(n) // 2, 0, -1):  # a little stack depth
                    surface.blit(v.art.back(pile, rect.w), rect.move(k * 2, k * 2))
                surface.blit(v.art.back(pile, rect.w), rect)
                if pile_counts.ringed(v, pile):  # (its count is placed clear of the ring: one answer for both)
                    surface.blit(v.art.ring(rect.inflate(8, 8).size, GLOW_LEGAL, 1), rect.inflate(8, 8))
            else:
                draw.rect(surface, theme.ink_faint, rect, 2, border_radius=10)
            draw_label_above(surface, ctx, t(f"board.pile.{pile}"), _kept_in(v, t(f"board.pile.{pile}"), rect.centerx),
                             rect.y - 9, size=small,
                             colour=theme.ink)
            colour = theme.ink if n else theme.ink_faint
            if counts is not None:  # (larger: clear of the ring and the stack depth, `pile_counts.count_middle`)
                count, size, centre, middle, room = counts[pile]
                draw_text(surface, ctx, count, (centre, middle), size=small if room else size, colour=colour,
                          anchor="center", max_width=room)
                continue
            count = pile_counts.count(v, pile)  # (at 100 %: "quedan 72" touched its neighbour's count)
            draw_text(surface, ctx, count, (rect.centerx, rect.bottom + 16), size=small, colour=colour,
                      anchor="center", max_width=rect.w + 6)

    def _draw_hand(self, surface: pygame.Surface, v: BoardView, hidden: frozenset[object]) -> None:
        """The tile in hand and its name (or "empty")."""
        ctx, theme, lay, game = v.ctx, v.ctx.theme, v.layout, v.game
        small = theme.font_small
        hand = pygame.Rect(lay.hand_rect())
        draw_label_above(surface, ctx, t("board.hand"), *hand_label(ctx, lay), size=small,
                         colour=theme.ink)
        draw.rect(surface, (255, 250, 235), hand.inflate(8, 8), border_radius=12)
        draw.rect(surface, theme.gold, hand.inflate(8, 8), 2, border_radius=12)
        if game.held is not None:
            if "hand" not in hidden:
                surface.blit(v.art.tile(game.held, hand.w), hand)
            self._draw_held_name(surface, v)
        else:
            self._draw_empty_hand(surface, v)

    @staticmethod
    def _draw_held_name(surface: pygame.Surface, v: BoardView) -> None:
        """The name of the tile in hand: at a larger text size in its own room (two players: under
        the piles' counts, which keep their size; solo: under the hand, over the buttons), else
        under the hand, kept clear of the piles' counts beside it ("12 left")."""
        ctx, theme, lay, game = v.ctx, v.ctx.theme, v.layout, v.game
        assert game.held is not None
        small, hand = theme.font_small, pygame.Rect(lay.hand_rect())
        large = ctx.fonts.text_scale > 1.0
        room = strip_name_room(v, tile_name(game.held)) if large and v.choices.use is None else None
        if large and game.players == 1:
            room = solo_name_room(v, tile_name(game.held))
        draw_name = draw_solo_name if game.players == 1 else _draw_strip_name
        if room is not None and draw_name(surface, ctx, lay, tile_name(game.held), room):
            return
        half = hand_label_half_width(lay)  # (the two-player strip has room for a third line under its hand)
        lines, size = fit_label(ctx.fonts, tile_name(game.held), 2 * half, small,
                                3 if large and game.players > 1 else 2)
        step, lift = size + 2, (len(lines) - 1) * 4
        if large:  # larger lines: a line apart (by their raw size they overlapped)
            step, lift = ctx.fonts.get("bold", size).get_linesize() + NOTE_GAP, 0
        for k, line in enumerate(lines):
            at = (hand.centerx, hand.bottom + 18 + k * step - lift)
            draw_text(surface, ctx, line, (strip.left_of_buttons(ctx, lay, line, size, at) if large else at),
                      size=size, colour=theme.ink, role="bold", anchor="center")

    @staticmethod
    def _draw_empty_hand(surface: pygame.Surface, v: BoardView) -> None:
        """"nothing in hand": at a larger text size where the name of a tile in hand goes, as large as
        that name may be (two players: at the strip's size; solo: under the hand, right of the Seer's
        slots; in the frame it was 20-24 px at 200 %); else in the hand's frame, measured as drawn."""
        ctx, theme, lay = v.ctx, v.ctx.theme, v.layout
        small, hand = theme.font_small, pygame.Rect(lay.hand_rect())
        text, large = t("board.hand_empty"), ctx.fonts.text_scale > 1.0
        size = fit_size(ctx.fonts, text, "body", small - 2, hand.w - 10)
        inner = hand.inflate(-10, -10)
        wrapped = small - 2 if size < READABLE and not large else None  # 2 lines, not 11 px
        if large:  # larger: two lines, larger than one line (where it breaks well)
            wrapped = largest_wrapped(ctx, text, inner, range(small - 2, size, -1))
        room = _empty_hand_room(v, text, wrapped or size) if large else None
        draw_name = draw_solo_name if v.game.players == 1 else _draw_strip_name
        if room is not None and draw_name(surface, ctx, lay, text, room, theme.ink_faint):
            return
        if wrapped is not None:
            tall = wrapped_height(ctx, text, inner.w, size=wrapped, line_gap=0)
            draw_wrapped(surface, ctx, text, pygame.Rect(inner.x, hand.centery - tall // 2, inner.w, tall),
                         size=wrapped, colour=theme.ink_faint, align="center", line_gap=0)
            return
        draw_text(surface, ctx, text, hand.center, size=size, colour=theme.ink_faint, anchor="center")

    def _draw_discard(self, surface: pygame.Surface, v: BoardView, hidden: frozenset[object]) -> None:
        """The discard pile's top tile (the one under a tile flying onto it) and its count."""
        ctx, theme, lay, game = v.ctx, v.ctx.theme, v.layout, v.game
        small = theme.font_small
        rect = pygame.Rect(lay.discard_rect())
        draw_label_above(surface, ctx, t("board.discard"), _kept_in(v, t("board.discard"), rect.centerx),
                         rect.y - 9 + strip.discard_drop(ctx, lay), size=small, colour=theme.ink)
        discard = game.discard
        shown = discard[-2] if "discard" in hidden and len(discard) > 1 else (discard[-1] if discard else None)
        if "discard" in hidden and len(discard) <= 1:
            shown = None
        if shown is not None:
            surface.blit(v.art.tile(shown, rect.w), rect)
        else:
            draw.rect(surface, theme.ink_faint, rect, 2, border_radius=10)
        if pile_counts.ringed(v, "discard"):
            surface.blit(v.art.ring(rect.inflate(8, 8).size, GLOW_LEGAL, 2), rect.inflate(8, 8))
        count, size, at, room = pile_counts.discard_count(v)
        draw_text(surface, ctx, count, at, size=size, colour=theme.ink_soft, anchor="center", max_width=room)

    def _draw_revealed(self, surface: pygame.Surface, v: BoardView, hidden: frozenset[object]) -> None:
        """The revealed row (only where a Seer can reveal: base level on) and the Vigil."""
        theme, lay, game = v.ctx.theme, v.layout, v.game
        c = v.choices
        seer = shows_revealed(v)
        if seer and lay.revealed_cols < lay.revealed_slots:
            self._draw_block_caption(surface, v)
        elif seer:
            self._draw_row_caption(surface, v)
        if game.vigil is not None:
            self._draw_vigil(surface, v, hidden)
        for i in range(lay.revealed_slots if seer else 0):
            r = pygame.Rect(lay.revealed_rect(i))
            if i < len(game.revealed) and ("revealed", i) not in hidden:
                surface.blit(v.art.tile(game.revealed[i], r.w), r)
                if i in c.take:
                    surface.blit(v.art.ring(r.inflate(6, 6).size, GLOW_LEGAL, 1), r.inflate(6, 6))
            else:
                draw.rect(surface, theme.parchment_dark, r, border_radius=8)
                draw.rect(surface, theme.ink_faint, r, 1, border_radius=8)

    @staticmethod
    def _draw_row_caption(surface: pygame.Surface, v: BoardView) -> None:
        """"Revealed by the Seer" over the revealed row; at a larger text size its ink ending above
        the slots, left of the name of the tile in hand, on two lines where one is too wide (solo:
        placed by their ink, 「先見者が公開したタイル」 was 18 px on one line by its taller line)."""
        ctx, theme, lay, game = v.ctx, v.ctx.theme, v.layout, v.game
        x0, y0 = strip.row_caption_x(ctx, lay, lambda text, x: _kept_in(v, text, x)), lay.revealed_y
        label, size = t("board.revealed"), theme.font_small - (3 if game.players > 1 else 0)
        if ctx.fonts.text_scale <= 1.0:
            draw_text(surface, ctx, label, (x0, y0 - 24), size=size, colour=theme.ink, role="bold")
            return
        short = one_line_caption(ctx, lay, pile_counts.line_bottom(v) + TOUCH)  # (solo: the long on two lines)
        if short is not None:
            draw_caption(surface, ctx, short)
            return
        hand, panel = pygame.Rect(lay.hand_rect()), pygame.Rect(lay.tiles_panel).inflate(-20, -12)
        room, top = panel.right - x0, panel.y  # (inside the panel, under its top)
        if x0 < hand.x and hand.bottom < y0:  # under the piles' counts
            room = hand.centerx - hand_label_half_width(lay) - 2 * TOUCH_ACROSS - x0
            top = pile_counts.counts_bottom(v) + TOUCH
            named = held_name_room(lay, top)  # (solo: the tile's name right of it)
            room = room if named is None else named.x - TOUCH_ACROSS - x0
        inked = ink_lines(ctx, label, room, y0 - 4 - top, size) if game.players == 1 else None
        if inked is not None:
            draw_ink_lines(surface, ctx, inked, (x0, y0 - 4 - ink_height(ctx, inked)), theme.ink)
            return
        lines = note_lines(ctx.fonts, label, room, y0 - 4 - top, size)
        if lines is not None:
            draw_note(surface, ctx, lines, (x0, y0 - 4 - note_height(ctx.fonts, lines)), theme.ink)
            return
        y = y0 - 4 - ink_box(ctx, label, size, "bold").bottom
        draw_text(surface, ctx, label, (x0, y), size=size, colour=theme.ink, role="bold", max_width=room)

    def _draw_block_caption(self, surface: pygame.Surface, v: BoardView) -> None:
        """"Revealed by the Seer" over the revealed slots laid out as a block in the strip's corner
        (the two-player strip at a large text size): in the panel's top right, right of the hand's
        name, above the discard pile's; on two lines where one is too wide; where it is smaller there
        than asked, the short caption ("Revealed") up to the names' size (`strip.short_caption`)."""
        ctx, lay, theme = v.ctx, v.layout, v.ctx.theme
        label, size = t("board.revealed"), theme.font_small - 3
        inner = pygame.Rect(lay.tiles_panel).inflate(-20, -12)
        left = hand_label(ctx, lay)[0] + ctx.fonts.text_width(t("board.hand"), "bold", theme.font_small) // 2 \
            + 2 * TOUCH_ACROSS
        top = inner.y + 3
        room = labels_top_under(ctx, lay, (left, inner.right)) - TOUCH - top
        # (too large: the panel's measure picks a smaller size)
        lines = note_lines(ctx.fonts, label, inner.right - left, room, size)
        if ctx.fonts.text_scale > 1.0 and (lines is None or lines[1] < size):  # (smaller than asked: the short one)
            short = strip.short_caption(ctx, inner.right - left, inside(lay.tiles_panel).y + 1, top + room,
                                        theme.font_small)  # (up to the names' size: one word, as they are)
            if short is not None and ctx.fonts.sized(short[0]) > ctx.fonts.sized(lines[1] if lines else NOTE_FLOOR):
                draw_text(surface, ctx, t("board.revealed_short"), (inner.right, short[1]), size=short[0],
                          colour=theme.ink, role="bold", anchor="topright")
                return
        lines = lines or ([label], NOTE_FLOOR)
        draw_note(surface, ctx, lines, (inner.right, top), theme.ink, "topright")

    @staticmethod
    def _draw_vigil_tile(surface: pygame.Surface, v: BoardView, hidden: frozenset[object]) -> None:
        """The Vigil tile (or its empty place), lit while a Defender in hand may be exchanged."""
        theme, game = v.ctx.theme, v.game
        rect = pygame.Rect(v.layout.vigil_rect())
        if "vigil" not in hidden and game.vigil is not None:
            surface.blit(v.art.tile(game.vigil, rect.w), rect)
        else:
            draw.rect(surface, theme.ink_faint, rect, 2, border_radius=10)
        if v.choices.vigil is not None:
            surface.blit(v.art.ring(rect.inflate(8, 8).size, GLOW_LEGAL, 1), rect.inflate(8, 8))

    def _draw_vigil(self, surface: pygame.Surface, v: BoardView, hidden: frozenset[object]) -> None:
        """The Vigil tile (§8.1) with its label; lit while a Defender in hand may be exchanged."""
        ctx, theme, game = v.ctx, v.ctx.theme, v.game
        rect = pygame.Rect(v.layout.vigil_rect())
        two = game.players > 1
        corner = vigil_corner.in_corner(ctx, v.layout)
        label, size = t("board.vigil"), theme.font_small - (2 if two else 0)
        centre, middle, large = rect.centerx, rect.y - 14, not two and ctx.fonts.text_scale > 1.0
        if corner:  # (two players, larger: a row up, above the discard pile's name)
            centre, middle = vigil_corner.label_centre(ctx, v.layout, label, size)
        if large:  # (solo, larger: kept inside the panel, "Vigilia" ran out of its left edge; its ink ending
            # above the tile as far as the piles' counts over it leave room, drawn over the tile's picture,
            # which hid the foot of its "g")
            centre = _kept_in(v, label, rect.centerx)
            line, ink = ctx.fonts.render(label, size, theme.ink, "bold").get_height(), ink_box(ctx, label, size, "bold")
            highest = pile_counts.counts_bottom(v) + TOUCH + 1 - ink.y + line // 2
            middle = max(highest, min(middle, rect.y - TOUCH - ink.bottom + line // 2))
        if large:
            self._draw_vigil_tile(surface, v, hidden)
        said = draw_text(surface, ctx, label, (centre, middle), size=size, colour=theme.ink, role="bold",
                         anchor="center")
        if not large:
            self._draw_vigil_tile(surface, v, hidden)
        if not two:
            note = t("board.vigil_note", **prompts())  # its key from the table
            top = rect.y + 4  # (larger: under the label's ink where it reaches over the note, its bottom kept)
            if ctx.fonts.text_scale > 1.0 and said.x + ink_box(ctx, label, size, "bold").right \
                    + TOUCH_ACROSS // 2 >= rect.right + 16:
                top = max(top, said.y + ink_box(ctx, label, size, "bold").bottom + TOUCH)
            draw_wrapped(surface, ctx, note, pygame.Rect(rect.right + 16, top, 200, rect.y + 84 - top),
                         size=theme.font_small - 4, colour=theme.ink_soft, line_gap=0)
        elif corner:
            note = t("board.vigil_note_short", **prompts())
            lines = vigil_corner.note_lines(ctx, v.layout, note, theme.font_small - 5, _vigil_beside(v))
            # (too large: the panel's measure picks a smaller size)
            vigil_corner.draw_note(surface, ctx, v.layout, lines or ([(note, rect.bottom + TOUCH)], NOTE_FLOOR),
                                   theme.ink_soft)
        else:  # (right of the tile: under it, it ran into the discard pile's count)
            note = t("board.vigil_note_short", **prompts())
            side = vigil_corner.side_lines(ctx, v.layout, note, theme.font_small - 5)
            vigil_corner.draw_side(surface, ctx, v.layout, side or ([(note, rect.y + 2)], NOTE_FLOOR),
                                   theme.ink_soft)  # (too large: the panel's measure picks a smaller size)



def _vigil_beside(v: BoardView) -> list[tuple[pygame.Rect, int]]:
    """What the Vigil's note under it keeps right of in the two-player strip: the discard pile and
    the ink of its count (drawn centred 16 px under it, ending where the pile ends)."""
    ctx, rect = v.ctx, pygame.Rect(v.layout.discard_rect())
    text, size = tn("board.discard_count", len(v.game.discard)), ctx.theme.font_small
    line = ctx.fonts.render(text, size, (0, 0, 0), "body")
    ink = ink_box(ctx, text, size).move(vigil_corner.count_centre(ctx, text, size, rect) - line.get_width() // 2,
                                        rect.bottom + 16 - line.get_height() // 2)
    return [(rect, vigil_corner.PICTURE_APART), (ink, vigil_corner.WORDS_APART)]


def solo_name_room(v: BoardView, text: str) -> pygame.Rect | None:
    """Where the name of the tile in hand (or "nothing in hand": `text`) goes on the solo board at a
    larger text size (`tiles_rows.held_name_room`): beside the Seer's slots, right of them or,
    with their caption on one line, where it is larger (`seer_caption.name_room`); in a game
    without them from the panel's left, right of the Vigil's label where one is shown (the name
    was as narrow as beside slots that were not there). Its top under the hand's frame and the
    ink of the counts over it only (the regular pile's, left of it, reaches lower), or between
    the counts beside the hand (`_between`), whichever holds it largest."""
    lay, left = v.layout, None
    if not shows_revealed(v):
        left = inside(lay.tiles_panel).x + 8  # (8 px: the window's scale draws a little wider)
        if v.game.vigil is not None:
            label, small = t("board.vigil"), v.ctx.theme.font_small
            ink = ink_box(v.ctx, label, small, "bold")
            right = _kept_in(v, label, pygame.Rect(lay.vigil_rect()).centerx) \
                - v.ctx.fonts.render(label, small, (0, 0, 0), "bold").get_width() // 2 + ink.right
            left = max(left, right + TOUCH_ACROSS + 8)
    high = held_name_room(lay, 0, left)  # (under the hand's frame only)
    if high is None:
        return None
    counts = [*pile_counts.count_inks(v).values(), pile_counts.discard_count_ink(v)]
    rooms = [_under_counts(v, high, high.x, left), _between(v, high, counts)]  # (under the counts over it, or between)
    rooms.append(_between(v, high, counts, diagonal=True))  # (last: where it holds no larger, as before)
    caption = None if left is not None else one_line_caption(v.ctx, lay, pile_counts.line_bottom(v) + TOUCH)
    whole = held_name_room(lay, max(pile_counts.counts_bottom(v), pile_counts.discard_count_bottom(v)), left)
    if caption is not None and whole is not None:  # (its band across the panel goes under every count)
        rooms.insert(0, name_room(v.ctx, lay, whole, caption, text))
        x = caption[2].right + TOUCH_ACROSS  # (first: the band right of it under only the counts over it)
        band = _under_counts(v, high, x, left)
        if band is not None:
            rooms.insert(0, pygame.Rect(x, band.y, band.right - x, band.h))
        rooms += [r for r in (_over_caption(v, high, ink.right + TOUCH_ACROSS, caption[2])
                              for ink in pile_counts.count_inks(v).values()) if r is not None]

    def size(r: pygame.Rect | None) -> int:
        lines = ink_lines(v.ctx, text, r.w, r.h, v.ctx.theme.font_small) if r and r.w > 0 and r.h > 0 else None
        return 0 if lines is None else lines[1]

    return max(rooms, key=size)  # (the first of those that hold it largest)


def strip_name_room(v: BoardView, text: str) -> pygame.Rect | None:
    """Where the name of the tile in hand (or "nothing in hand": `text`) goes in the two-player
    strip at a larger text size: under the piles' counts (`strip.held_name_room`) or, where it is
    larger there, right of the regular pile's count, under the ink of only the counts over that
    band (a full regular pile's count, lowered clear of its stack depth, reaches 4 px lower than
    the safe pile's in English: "Chameleon triangle (safe)" 32 → 30 px on two lines under both,
    at 200 %); None on the solo board."""
    lay = v.layout
    whole = strip.held_name_room(lay, pile_counts.counts_bottom(v))
    if whole is None:
        return None
    x = pile_counts.count_inks(v)["regular"].right + TOUCH_ACROSS
    discard = pile_counts.discard_count_ink(v)  # (its count beside the band's right end: under it too)
    lowest = max(pile_counts.counts_bottom(v, (x, whole.right)), pygame.Rect(lay.hand_rect()).bottom + 4,
                 discard.bottom if discard.x < whole.right + TOUCH_ACROSS else 0)  # (4 px: the hand's frame)
    under = strip.held_name_room(lay, lowest)
    assert under is not None
    beside = pygame.Rect(x, under.y, under.right - x, under.h)

    def size(r: pygame.Rect) -> int:
        lines = ink_lines(v.ctx, text, r.w, r.h, v.ctx.theme.font_small) if r.w > 0 and r.h > 0 else None
        return 0 if lines is None else lines[1]

    return max([whole, beside], key=size)  # (the whole band where both hold it as large)


def _over_caption(v: BoardView, high: pygame.Rect, x: int, caption: pygame.Rect) -> pygame.Rect | None:
    """The band over the Seer's caption (on one line, its ink `caption`) from `x` (right of a
    pile's count) to `high`'s right, under the ink of only the counts over it: a full regular
    pile's count, lowered clear of its stack depth, is not over the name drawn right of it
    ("Chameleon square" at 1024×600 fell from 36 px to 32 under the whole band's top)."""
    room = _under_counts(v, high, x)
    if room is None:
        return None
    return pygame.Rect(x, room.y, high.right - x, min(caption.y - TOUCH, room.bottom) - room.y)


def _under_counts(v: BoardView, high: pygame.Rect, x: int, left: int | None = None) -> pygame.Rect | None:
    """`held_name_room` under the ink of only the piles' counts over the span from `x` to
    `high`'s right (and the discard pile's count's)."""
    lowest = max(pile_counts.counts_bottom(v, (x, high.right)), pile_counts.discard_count_bottom(v))
    return held_name_room(v.layout, lowest, left)


def _between(v: BoardView, high: pygame.Rect, counts: list[pygame.Rect], diagonal: bool = False) -> pygame.Rect:
    """The band `high` (under the hand's frame) between the ink of the counts (`counts`) beside the
    hand that reach down into it, `TOUCH_ACROSS` clear of them across (side by side): where the
    name of the tile in hand is larger there than under them (the counts lowered clear of the
    piles' rings cost the Japanese "nothing in hand" 8 px under them; it lies between them).

    `diagonal`: from a pixel under their ink, so that the name shares no row with them (it is no
    longer beside them on their line, where 14 px apart is what keeps two words from reading as
    one run), `TOUCH_ACROSS // 2 + 1` clear of them across, as the counts keep clear of the hand's
    frame (the panel's measure asks 7 px a side): 「手札なし」 at 200 % was 30 px, 7 px too wide
    between the lit safe pile's count and the discard pile's at 34, 3 px too tall under them."""
    centre = pygame.Rect(v.layout.hand_rect()).centerx
    beside = [ink for ink in counts if ink.bottom + TOUCH > high.y]
    apart = TOUCH_ACROSS // 2 + 1 if diagonal else TOUCH_ACROSS
    x0 = max([high.x] + [ink.right + apart for ink in beside if ink.centerx < centre])
    x1 = min([high.right] + [ink.x - apart for ink in beside if ink.centerx >= centre])
    top = high.y
    if diagonal:  # (under the ink of the counts next to it; one further off is further than that across)
        top = max([top] + [ink.bottom + 1 for ink in beside if ink.right + apart >= x0 and ink.x - apart <= x1])
    return pygame.Rect(x0, top, x1 - x0, high.bottom - top)


def _draw_strip_name(surface: pygame.Surface, ctx: SceneContext, lay: BoardLayout, name: str, room: pygame.Rect,
                     colour: tuple[int, int, int] | None = None) -> bool:
    """The name of the tile in hand (or, `colour` faint, "nothing in hand") in the two-player strip
    at a larger text size in `room` (`strip.held_name_room`): `ink_lines` from the labels' size,
    centred under the hand (`strip.held_name_centre`), its ink from the room's top; False (nothing
    drawn) where none holds."""
    lines = ink_lines(ctx, name, room.w, room.h, ctx.theme.font_small)
    if lines is None:
        return False
    draw_ink_lines(surface, ctx, lines, (strip.held_name_centre(ctx, lay, lines, room), room.y),
                   colour or ctx.theme.ink, "midtop")
    return True


def _empty_hand_room(v: BoardView, text: str, in_frame: int) -> pygame.Rect | None:
    """Where "nothing in hand" (`text`) goes at a larger text size rather than in the hand's frame
    (where it is `in_frame` large): where the name of a tile in hand goes. Two players: under the
    piles' counts (no power offered); solo: under the hand, right of the Seer's slots, only where it
    is larger there (Japanese lines are taller than that room's one line)."""
    if v.game.players > 1:
        return strip_name_room(v, text) if v.choices.use is None else None
    room = solo_name_room(v, text)
    under = None if room is None else ink_lines(v.ctx, text, room.w, room.h, v.ctx.theme.font_small)
    return room if under is not None and under[1] > in_frame else None


def tiles_avoid(v: BoardView, power: bool) -> list[pygame.Rect]:
    """The pictures the tiles panel's words leave clear: the piles, the discard pile, the revealed
    slots, the buttons over the panel and, with a power offered (`power`), its box's bottom edge
    (at a larger text size the power's description ran over it; the box's top is placed under
    what is above it, see `power_box`)."""
    lay = v.layout
    out = [pygame.Rect(lay.pile_rect(pile)) for pile in ("regular", "safe")] + [pygame.Rect(lay.discard_rect())]
    out += [pygame.Rect(lay.revealed_rect(i)) for i in range(lay.revealed_slots if shows_revealed(v) else 0)]
    out += [pygame.Rect(lay.button_rect(k)) for k in ("encounter", "use", "skip", "premonition")]
    if power:
        x, y, w, h = lay.power_box
        out.append(pygame.Rect(x, y + h - 3, w, 3))
    if v.ctx.fonts.text_scale > 1.0:  # (the hand's frame: the names beside it ran over it)
        out += strip.frame_edges(pygame.Rect(lay.hand_rect()).inflate(8, 8))
        if v.game.vigil is not None and vigil_corner.in_corner(v.ctx, lay):  # (words beside it kept off it)
            out.append(pygame.Rect(lay.vigil_rect()))
    return out


def shows_revealed(v: BoardView) -> bool:
    """Whether the revealed row is drawn: only where a Seer can reveal (base level on)."""
    return bool(v.game.level_spec.powers) or bool(v.game.revealed)


def _kept_in(v: BoardView, text: str, centerx: int, role: str = "bold", most: int | None = None) -> int:
    """Where a label over a slot (or a count under it, at most `most` wide) is centred: over the
    slot, or (wider than it at a large text size) moved in until it stays inside the tiles panel."""
    return kept_in_panel(v.ctx, v.layout, text, centerx, role, most)
