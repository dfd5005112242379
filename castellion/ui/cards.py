"""Drawing an Ordeal card (face up from the level's frame art, or its back).

Shared by the board (the Ordeals panel, the flip animation) and the Ordeal reveal; drawing only.
"""

from __future__ import annotations

import pygame

from castellion.rules.ruleset import ASSAULT, EARTHWORM, FOUNDATION_DROP, OrdealCard
from castellion.ui.castle_view import KIND_ICONS
from castellion.ui.catalog_keys import card_name
from castellion.ui.context import UIContext
from castellion.ui.fit import READABLE, fit_size
from castellion.ui.fonts import wrap
from castellion.ui.painting import ink_box
from castellion.ui.text import t, tn

# One line of the requirement box: an icon with its count, a picture, or a line of words.
_Line = tuple[str, object]


def render_card(ctx: UIContext, art: object, card: OrdealCard, size: tuple[int, int], *,
                face_up: bool) -> pygame.Surface:
    """An Ordeal card: the level's frame (title on the ribbon, requirement icons in the box, the
    trigger number in the pill beside the traitor icon); or its back when face down.

    `art` (the caller's `TileArt`) is accepted for the callers' sake and not needed: cards come
    from whole sprites."""
    w, h = size
    surf = ctx.sprites.layer(size)  # at the window's scale: the card stays crisp
    if not face_up:
        surf.blit(ctx.sprites.get("card_back", size), (0, 0))
        return surf
    surf.blit(ctx.sprites.get(f"card_frame_{card.level}", size), (0, 0))
    kx, ky = w / 200, h / 280  # the frame art is 200 × 280: ribbon y≈37, box y 62–195, pill (141, 240)
    title = card_name(card)
    # the ribbon is ~150 of the frame's 200 px: a long name ("シミュレーションIII") shrinks to it
    title_size = fit_size(ctx.fonts, title, "title", max(12, int(26 * kx)), int(148 * kx))
    name = ctx.fonts.render(title, title_size, (250, 240, 215), "title")
    surf.blit(name, name.get_rect(center=(w // 2, int(37 * ky))))
    _draw_box(ctx, surf, card, kx, ky)
    num = ctx.fonts.render(str(card.trigger), max(12, int(30 * kx)), (250, 238, 210), "bold")
    surf.blit(num, num.get_rect(center=(int(150 * kx), int(240 * ky))))
    if card.source == "reconstructed":
        _draw_reconstructed_note(ctx, surf, kx, ky)
    return surf


def _card_words(card: OrdealCard) -> list[str]:
    """The words of a card's box beside its requirement icons (what it destroys or drops)."""
    if card.kind == ASSAULT:
        return [t("board.destroy_n", n=card.destroy)]
    if card.kind == EARTHWORM:
        return [tn("board.rows_n", card.rows)]
    if card.kind == FOUNDATION_DROP:
        return [t("board.foundation_drop")]
    return []


def _words_fit(ctx: UIContext, card: OrdealCard, size: int, width: int) -> bool:
    """Whether the card's words, in the regular weight at `size`, wrap into lines whose ink is no
    wider than `width` (no word wider)."""
    font = ctx.fonts.get("body", size)
    return all(ink_box(ctx, line, size).w <= width for text in _card_words(card) for line in wrap(font, text, width))


def _words_style(ctx: UIContext, card: OrdealCard, kx: float) -> tuple[int, str, int, int]:
    """The card's words' size, weight and width, and its pictures' size, on a card `kx` of its
    printed size (the box is 150 of the frame's 200 px)."""
    icon_size = max(14, int(34 * kx))
    small, width = max(11, int(19 * kx)), int(150 * kx)
    if card.kind != FOUNDATION_DROP or small >= READABLE:
        return small, "bold", width, icon_size
    # its words are all this card says: on the small two-player card they were 11 px, under what
    # text read often may be, "foundation" in bold over the box's line in the smaller window; in the
    # regular weight (narrower) at READABLE where their ink keeps a pixel inside that line, its
    # picture 3 px smaller (the three lines with it then hold in the box)
    for size in range(READABLE, small - 1, -1):
        if _words_fit(ctx, card, size, width - 2):
            return size, "body", width - 2, 14
    return small, "bold", width, icon_size


def _draw_box(ctx: UIContext, surf: pygame.Surface, card: OrdealCard, kx: float, ky: float) -> None:
    """The requirement box: one line per required kind (icon × count), then the card's words,
    centred in the box."""
    w = surf.get_width()
    box_top, box_bottom = int(66 * ky), int(192 * ky)
    need = {kind: n for kind, n in card.requires.items() if n}
    small, role, width, icon_size = _words_style(ctx, card, kx)
    lines: list[_Line] = [("icon", kind) for kind in need]
    for text in _card_words(card):
        if card.kind != ASSAULT:
            lines.append(("img", ctx.sprites.get("icon_rows", icon_size)))
        for line in wrap(ctx.fonts.get("body", small), text, width):
            lines.append(("txt", line))
    line_height = ctx.fonts.get(role, small).get_linesize()
    # a pixel between text lines: at the line's own height the glyphs of two lines touched
    under_icon = 4 if role == "bold" else 2
    heights = [icon_size + under_icon if k in ("icon", "img") else line_height + 1 for k, _ in lines]
    y = box_top + max(0, (box_bottom - box_top - sum(heights)) // 2)
    colour = ctx.theme.bad if card.kind != FOUNDATION_DROP else ctx.theme.ink
    for (kind, value), hgt in zip(lines, heights, strict=True):
        if kind == "icon" and isinstance(value, str):
            icon = ctx.sprites.get(KIND_ICONS[value], icon_size)
            label = ctx.fonts.render(f"\u00d7{need[value]}", max(12, int(26 * kx)), ctx.theme.ink, "bold")
            x = w // 2 - (icon_size + 6 + label.get_width()) // 2
            surf.blit(icon, (x, y))
            surf.blit(label, label.get_rect(midleft=(x + icon_size + 6, y + icon_size // 2)))
        elif kind == "img" and isinstance(value, pygame.Surface):
            surf.blit(value, value.get_rect(midtop=(w // 2, y)))
        elif isinstance(value, str):
            img = ctx.fonts.render(value, small, colour, role)
            surf.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += hgt


# A Simulation card too small for its note's words at READABLE px carries this mark instead; the
# panel showing it says what the mark means (`note_legend`).
NOTE_MARK = "\u2731"


def _note_size(ctx: UIContext, w: int, kx: float) -> int | None:
    """The size the note's words are drawn at on a card `w` wide: its own, shrunk to the card
    down to READABLE; None when they do not fit so (the small two-player cards: the mark)."""
    note_text = t("board.reconstructed")
    size = max(READABLE, int(13 * kx))
    # the ink inside the card's inner gold line (8 px of the card's edge), a pixel to spare each side
    while size >= READABLE:
        if ink_box(ctx, note_text, size).w <= w - 18:
            return size
        size -= 1
    return None


def note_on_card(ctx: UIContext, size: tuple[int, int]) -> bool:
    """Whether a Simulation card of `size` says "not a printed card" in words (else its mark), as
    the card is drawn: at 100 % whatever the player's text size (a picture of the printed card)."""
    with ctx.fonts.limited(1.0):
        return _note_size(ctx, size[0], size[0] / 200) is not None


def note_legend() -> str:
    """What the mark on a small Simulation card means, for the panel showing the card."""
    return f"{NOTE_MARK} {t('board.reconstructed')}"


def _draw_reconstructed_note(ctx: UIContext, surf: pygame.Surface, kx: float, ky: float) -> None:
    """The note between the requirement box and the trigger's pill, its ink centred in that band:
    in words at READABLE px at least, else (a small card) the mark."""
    w = surf.get_width()
    size = _note_size(ctx, w, kx)
    text = t("board.reconstructed") if size is not None else NOTE_MARK
    size = size or READABLE
    ink = ink_box(ctx, text, size)
    note = ctx.fonts.render(text, size, ctx.theme.ink_soft, "body")
    centre = int(208 * ky)  # the frame's box ends at y≈195, the pill starts at y≈222
    surf.blit(note, (w // 2 - ink.centerx, centre - ink.centery))
