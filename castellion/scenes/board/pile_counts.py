"""The piles' counts at a larger text size ("quedan 72" under the regular pile, "quedan 12" under
the safe one): one size for both, the largest at which their ink fits side by side between the
tiles panel's inner left edge and what ends their row on the right (the hand's frame where it
reaches down beside them, else what the panel says: the discard pile's count in the two-player
strip), each as near the middle of its pile as that row allows.

Fitted each on its own, centred under its pile, a count was as wide as twice the room from its
pile's middle to what is right of it: the Spanish counts were held to 24 px at 200 % (solo: 136 px
across to the hand's frame), while 40 px of the row lay empty on their left."""

from __future__ import annotations

import pygame

from castellion.scenes.board import vigil_corner
from castellion.scenes.board.tiles_labels import hand_label_half_width, kept_in_panel
from castellion.scenes.board.view import BoardView
from castellion.scenes.context import SceneContext
from castellion.ui.fit import fit_size, floor_of, largest
from castellion.ui.geometry import BoardLayout
from castellion.ui.painting import ink_box
from castellion.ui.text import t, tn
from castellion.ui.textfit import TOUCH, TOUCH_ACROSS

PILES = ("regular", "safe")
BELOW = 16  # a count's line is centred this far under its pile
STACK = 6  # a full pile's stack depth is drawn this far under it (and right of it): `stack_depth`
RING = 4  # a lit pile's highlight ring reaches this far out around it (`ringed`)


def fitted_row(ctx: SceneContext, lay: BoardLayout, texts: dict[str, str],
               right: int) -> tuple[int, dict[str, int]] | None:
    """The size of both counts (`texts`, by pile) and where each one's line is centred across: its
    ink ending by `right` at the latest, clear of the hand's frame where that frame reaches down
    beside it, `TOUCH_ACROSS` clear of the other's at least (as far as they are tall where the row
    has room): the largest size from the small size down to its floor (`fit.floor_of`); None where
    none fits."""
    small, left = ctx.theme.font_small, pygame.Rect(lay.tiles_panel).inflate(-24, 0).x
    middles = [pygame.Rect(lay.pile_rect(pile)).centerx for pile in PILES]
    frame = pygame.Rect(lay.hand_rect()).inflate(8, 8)  # (as the hand's frame is drawn)
    below = pygame.Rect(lay.pile_rect("safe")).bottom + BELOW

    def placed(size: int) -> dict[str, int] | None:
        inks = [ink_box(ctx, texts[pile], size) for pile in PILES]
        widths = [ctx.fonts.render(texts[pile], size, (0, 0, 0), "body").get_size() for pile in PILES]
        top = min(below - h // 2 + ink.y for (_, h), ink in zip(widths, inks, strict=True))
        end = right
        if frame.x > middles[1] and frame.bottom + TOUCH > top:  # (its frame beside the counts, not above them)
            end = min(end, frame.x - TOUCH_ACROSS // 2 - 1)
        if inks[0].w + TOUCH_ACROSS + inks[1].w > end - left:
            return None
        starts = [min(max(middle - ink.w // 2, left), end - ink.w) for middle, ink in zip(middles, inks, strict=True)]
        # (pushed apart: a space as wide as the counts are tall where the row has it, "quedan 72
        # quedan 12" 14 px apart read as one line; at least `TOUCH_ACROSS`)
        gap = max(TOUCH_ACROSS, min(ctx.fonts.sized(size), end - left - inks[0].w - inks[1].w))
        short = starts[0] + inks[0].w + gap - starts[1]
        if short > 0:  # (too close: the safe one's moved right as far as it may go, the regular one left)
            push = min(short, end - inks[1].w - starts[1])
            starts = [starts[0] - (short - push), starts[1] + push]
        return {pile: start - ink.x + w // 2
                for pile, start, ink, (w, _) in zip(PILES, starts, inks, widths, strict=True)}

    found = largest(small, floor_of(small, ctx.fonts.text_scale), placed)
    return None if found is None else (found[1], found[0])


def stack_depth(tiles: int) -> int:
    """How far under (and right of) a pile of `tiles` its stack depth is drawn: 2 px for every ten
    tiles begun, `STACK` at most."""
    return min(STACK, 2 * ((tiles + 9) // 10))


def ringed(v: BoardView, pile: str) -> bool:
    """Whether a pile (or the discard pile, "discard") is drawn with its highlight ring now: a tile
    may be drawn or revealed from it (the discard pile: the Chameleon's choice)."""
    c = v.choices
    return c.phase == "chameleon" if pile == "discard" else pile in c.draw or pile in c.reveal_pile


def clearance(v: BoardView, pile: str) -> int:
    """How far under a pile (or the discard pile, "discard") its count's ink starts at the highest:
    under its stack depth and, while it is lit, its highlight ring, whichever reaches further.
    (Always under a ring's 4 px, the counts over the name of a tile in hand cost it a size: the
    Japanese names at 1024×600 fell to 24 px.)"""
    if pile not in PILES:  # (the discard pile's count on the piles' counts' line: no higher than theirs)
        return max(RING if ringed(v, pile) else 0, min(clearance(v, p) for p in PILES))
    return max(RING if ringed(v, pile) else 0, stack_depth(v.game.pile_size(pile)))


def count_middle(ctx: SceneContext, text: str, size: int, pile: pygame.Rect, clear: int) -> int:
    """Where a count's line (`text` at `size`) is centred down: `BELOW` under its pile, lower where
    its ink would start less than `clear` under it (`clearance`: the 36 px English and Japanese
    counts at 200 % started 1-2 px under the pile, over its highlight ring and a full pile's stack
    depth), and lower still where it is smaller than at the small size, a pixel under a full pile's
    depth as far as its ink still ends where it ends at the small size. What is placed under the
    counts is placed under their ink as drawn (`count_inks`)."""
    middle, small = pile.bottom + BELOW, ctx.theme.font_small
    line, ink = ctx.fonts.render(text, size, (0, 0, 0), "body").get_height(), ink_box(ctx, text, size)
    largest = ctx.fonts.render(text, small, (0, 0, 0), "body").get_height() // 2 - ink_box(ctx, text, small).bottom
    top, bottom = middle - line // 2 + ink.y, middle - line // 2 + ink.bottom
    return middle + max(0, min(pile.bottom + STACK + 1 - top, middle - largest - bottom), pile.bottom + clear - top)


def placed(v: BoardView) -> dict[str, tuple[str, int, int, int, int | None]]:
    """Each pile's count at a larger text size: its words, its size, where its line is centred
    across and down (`count_middle`), and the room `draw_text` fits it to (None: fitted with the
    other, `row_of`; else fitted on its own to `count_room`, drawn asked at the small size)."""
    ctx, lay, small = v.ctx, v.layout, v.ctx.theme.font_small
    row, out = row_of(v), {}
    for pile in PILES:
        text, rect = count(v, pile), pygame.Rect(lay.pile_rect(pile))
        if row is not None:
            size, centre, room = row[0], row[1][pile], None
        else:
            room = count_room(v)
            size = fit_size(ctx.fonts, text, "body", small, room)  # (as `draw_text` fits it)
            centre = kept_in_panel(ctx, lay, text, rect.centerx, "body", room)
        out[pile] = (text, size, centre, count_middle(ctx, text, size, rect, clearance(v, pile)), room)
    return out


def count(v: BoardView, pile: str) -> str:
    """A pile's count under it ("72 left")."""
    n = v.game.pile_size(pile)
    return t("board.pile_count", n=n) if n else t("board.pile_empty")


def count_room(v: BoardView) -> int:
    """How wide a pile's count may be at a larger text size: as far as the piles are apart, the
    regular one's moved in from the panel's edge (`tiles_labels.kept_in_panel`), the safe one's left of the name of
    the tile in hand (on the same row in the two-player strip); never narrower than at 100 %."""
    lay = v.layout
    regular, safe = (pygame.Rect(lay.pile_rect(p)).centerx for p in ("regular", "safe"))
    inner = pygame.Rect(lay.tiles_panel).inflate(-24, 0)
    room = min(safe - regular - TOUCH_ACROSS, (safe - TOUCH_ACROSS - inner.x) * 2 // 3)
    hand = pygame.Rect(lay.hand_rect())
    if v.game.held is not None and hand.bottom + 18 < pygame.Rect(lay.pile_rect("safe")).bottom + 40 \
            and lay.players < 2:  # (two players: the name goes under the counts, `strip.held_name_room`)
        room = min(room, 2 * (hand.centerx - hand_label_half_width(lay) - TOUCH_ACROSS - safe))
    if lay.players < 2 and hand.x > safe:  # (the hand beside the safe pile: its count ends clear of its frame)
        room = min(room, 2 * (hand.x - 4 - TOUCH_ACROSS // 2 - 1 - safe))
    return max(room, lay.pile_size + 6)


def discard_count_place(v: BoardView, count: str) -> tuple[int, int | None]:
    """Where the discard pile's count (`count`) is centred across, and how wide it may be (None: as
    wide as it is). Solo, larger: inside the panel, clear of the hand's frame; two players, in the
    Vigil's corner: its ink ending where the pile ends (the Vigil's note right of it)."""
    ctx, lay, small = v.ctx, v.layout, v.ctx.theme.font_small
    rect = pygame.Rect(lay.discard_rect())
    centre, room = rect.centerx, None
    if ctx.fonts.text_scale > 1.0 and v.game.players == 1:
        left = pygame.Rect(lay.hand_rect()).right + 4 + TOUCH_ACROSS // 2 + 1
        room = pygame.Rect(lay.tiles_panel).inflate(-24, 0).right - left
        centre = left + room // 2 if ctx.fonts.text_width(count, "body", small) > 2 * (rect.centerx - left) \
            else rect.centerx
    elif v.game.vigil is not None and vigil_corner.in_corner(ctx, lay):
        centre = vigil_corner.count_centre(ctx, count, small, rect)
    return kept_in_panel(ctx, lay, count, centre, "body", room), room


def counts_right(v: BoardView) -> int:
    """Where the ink of the piles' counts ends on the right at the latest (a larger text size):
    inside the panel, clear of the name of the tile in hand where that name shares their row (solo,
    as `count_room` keeps each count) and of the discard pile's count (the hand's frame where it
    reaches down beside them: `fitted_row`)."""
    ctx, lay, small = v.ctx, v.layout, v.ctx.theme.font_small
    hand, safe = pygame.Rect(lay.hand_rect()), pygame.Rect(lay.pile_rect("safe"))
    right = pygame.Rect(lay.tiles_panel).inflate(-24, 0).right
    if v.game.held is not None and hand.bottom + 18 < safe.bottom + 40 and lay.players < 2:
        right = min(right, hand.centerx - hand_label_half_width(lay) - TOUCH_ACROSS)
    count = tn("board.discard_count", len(v.game.discard))  # (at its largest: drawn smaller it ends further right)
    line = ctx.fonts.render(count, small, (0, 0, 0), "body").get_width()
    return min(right, discard_count_place(v, count)[0] - line // 2 + ink_box(ctx, count, small).x - TOUCH_ACROSS)


def counts_bottom(v: BoardView, across: tuple[int, int] | None = None) -> int:
    """Where the ink of the piles' counts ends (`count_inks`); with `across` (a span of x, its end
    excluded) of the counts whose ink reaches into it only (0 where none does)."""
    inks = [ink for ink in count_inks(v).values() if across is None or ink.x < across[1] and across[0] < ink.right]
    return max([ink.bottom for ink in inks] or [0])


def line_bottom(v: BoardView) -> int:
    """Where the ink of the piles' counts ends drawn centred `BELOW` under them at the small size
    (what the Seer's caption on one line is sized by: its ink lies in the lower half of the band
    from there, clear of the counts as drawn; sized from under them it lost 2-4 px)."""
    small, ctx = v.ctx.theme.font_small, v.ctx
    return max(line_ink(ctx, count(v, p), small, (0, pygame.Rect(v.layout.pile_rect(p)).bottom + BELOW)).bottom
               for p in PILES)


def count_inks(v: BoardView) -> dict[str, pygame.Rect]:
    """Where the ink of each pile's count is drawn, by pile: at a larger text size as `placed`
    says, never higher than drawn centred `BELOW` under its pile at the small size (what is
    placed under the counts keeps that room where they are drawn smaller); at 100 % there."""
    ctx, small, out = v.ctx, v.ctx.theme.font_small, {}
    drawn = placed(v) if ctx.fonts.text_scale > 1.0 else {}
    for pile in PILES:
        rect, text = pygame.Rect(v.layout.pile_rect(pile)), count(v, pile)
        ink = line_ink(ctx, text, small, (rect.centerx, rect.bottom + BELOW))
        if pile in drawn:
            text, size, centre, middle, _ = drawn[pile]
            at = line_ink(ctx, text, size, (centre, middle))
            ink = pygame.Rect(at.x, at.y, at.w, max(at.bottom, ink.bottom) - at.y)
        out[pile] = ink
    return out


def discard_count(v: BoardView) -> tuple[str, int, tuple[int, int], int | None]:
    """The discard pile's count as drawn: its words, the size asked, where its line is centred and
    the room it is fitted to (None: drawn as asked). Solo at a larger text size on the piles'
    counts' line (`count_middle`), and where the whole count fitted right of the hand's frame is
    smaller than the piles' counts beside it, the number alone under the pile labelled over it, at
    their size: "12 fichas" was 24 px beside 28 px counts in Spanish at 200 % (128 px wide at 28,
    the room is 112). The spoken board says the whole count (`reading.tiles_lines`)."""
    ctx, n, small = v.ctx, len(v.game.discard), v.ctx.theme.font_small
    text, rect = tn("board.discard_count", n), pygame.Rect(v.layout.discard_rect())
    centre, room = discard_count_place(v, text)
    if room is None:
        return text, small, (centre, rect.bottom + BELOW), None
    piles, drawn = min(size for _, size, _, _, _ in placed(v).values()), fit_size(ctx.fonts, text, "body", small, room)
    if drawn >= piles:
        return text, small, (centre, count_middle(ctx, text, drawn, rect, clearance(v, "discard"))), room
    number = str(n)  # (digits in every language the game speaks: a count drawn without its word)
    clear = clearance(v, "discard")
    return number, piles, (discard_count_place(v, number)[0], count_middle(ctx, number, piles, rect, clear)), None


def discard_count_bottom(v: BoardView) -> int:
    """Where the ink of the discard pile's count ends: as drawn (`discard_count_ink`), never higher
    than drawn centred `BELOW` under the pile at the small size."""
    ctx, rect = v.ctx, pygame.Rect(v.layout.discard_rect())
    small = line_ink(ctx, tn("board.discard_count", len(v.game.discard)), ctx.theme.font_small,
                     (rect.centerx, rect.bottom + BELOW))
    return max(small.bottom, discard_count_ink(v).bottom)


def discard_count_ink(v: BoardView) -> pygame.Rect:
    """Where the ink of the discard pile's count is drawn: `discard_count`'s answer, fitted to its
    room as `draw_text` fits it."""
    text, size, at, room = discard_count(v)
    return line_ink(v.ctx, text, size if room is None else fit_size(v.ctx.fonts, text, "body", size, room), at)


def line_ink(ctx: SceneContext, text: str, size: int, at: tuple[int, int]) -> pygame.Rect:
    """Where the ink of one line of `text` at `size` is drawn centred on `at` (`draw_text`,
    anchored at its centre)."""
    w, h = ctx.fonts.render(text, size, (0, 0, 0), "body").get_size()
    return ink_box(ctx, text, size).move(at[0] - w // 2, at[1] - h // 2)


def row_of(v: BoardView) -> tuple[int, dict[str, int]] | None:
    """Both counts' size and places at a larger text size (`fitted_row`), None at 100 % or where
    each count fitted on its own is larger (at 125 % beside the name of a tile in hand)."""
    ctx = v.ctx
    if ctx.fonts.text_scale <= 1.0:
        return None
    row = fitted_row(ctx, v.layout, {p: count(v, p) for p in PILES}, counts_right(v))
    alone = min(fit_size(ctx.fonts, count(v, p), "body", ctx.theme.font_small, count_room(v)) for p in PILES)
    return None if row is None or row[0] < alone else row
