"""Drawing an Ordeal card (face up from the level's frame art, or its back).

Shared by the board (the Ordeals panel, the flip animation) and the Ordeal reveal; drawing only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import pygame

from castellion.rules.ruleset import ASSAULT, EARTHWORM, FOUNDATION_DROP, OrdealCard
from castellion.ui.castle_view import KIND_ICONS
from castellion.ui.catalog_keys import card_name
from castellion.ui.context import UIContext
from castellion.ui.fit import READABLE, fit_size
from castellion.ui.fonts import wrap
from castellion.ui.painting import ink_box
from castellion.ui.text import t, tn


def render_card(ctx: UIContext, art: object, card: OrdealCard, size: tuple[int, int], *,
                face_up: bool) -> pygame.Surface:
    """An Ordeal card: the level's frame (title on the ribbon, requirement icons in the box, the
    trigger number in the pill beside the traitor icon); or its back when face down.

    At a larger text size the card stays the printed card's picture (its frame, its name on the
    ribbon, the trigger number that fills its pill) while what a player reads to play it, the
    counts and words in the box and the note under it, grow with the text size as far as the box
    holds them. `art` (the caller's `TileArt`) is accepted for the callers' sake and not needed:
    cards come from whole sprites."""
    grow = ctx.fonts.text_scale
    with ctx.fonts.limited(1.0):  # every size below is the px drawn: the card decides how far its words grow
        return _render(ctx, card, size, face_up, grow)


def _render(ctx: UIContext, card: OrdealCard, size: tuple[int, int], face_up: bool, grow: float) -> pygame.Surface:
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
    _draw_box(ctx, surf, card, _grown_style(ctx, card, size, grow))
    # the number's ink fills its pill at the printed size (the caption under the card gives it at
    # the player's text size)
    num = ctx.fonts.render(str(card.trigger), max(12, int(30 * kx)), (250, 238, 210), "bold")
    surf.blit(num, num.get_rect(center=(int(150 * kx), int(240 * ky))))
    if card.source == "reconstructed":
        _draw_reconstructed_note(ctx, surf, kx, ky, grow)
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


@dataclass(frozen=True)
class _Style:
    """How a card's box is set: its words' size, weight and the width they wrap to, its
    pictures' size, the counts' size beside them and the space under a picture's line."""

    size: int
    role: str
    width: int
    icon: int
    label: int
    under_icon: int
    exact: bool = True  # its lines wrapped narrower where their ink, as drawn, is wider than `width`
    picture: bool = True  # the rows' picture over the words (an Earthworm's, Exam II's)
    hyphens: bool = False  # a long word broken at its soft hyphens (the catalog's)


# Where a word of the card's words may break (the catalog marks it; drawn as "-" at a line's end).
SOFT_HYPHEN = "\u00ad"
# At a larger text size, words that grow to less than this give the box's picture away and
# break at their soft hyphens when that lets them grow more (the other cards' words reach 14 px
# at 200 % on the smallest cards).
CROWDED = 14


def _wrapped(ctx: UIContext, text: str, style: _Style) -> list[str]:
    """`text` wrapped to the box in `style`: as the regular weight's measure breaks it (the
    printed box); else narrower where a line, in its own weight at the window's scale, is wider
    (a bold line, or a line in the smaller window, ran over the box's line)."""
    if style.hyphens and SOFT_HYPHEN in text:
        return _hyphenated(ctx, text, style)
    text = text.replace(SOFT_HYPHEN, "")
    font, width = ctx.fonts.get("body", style.size), style.width
    lines = wrap(font, text, width)

    def widest(lines: list[str]) -> int:
        return max(ctx.fonts.text_width(line, style.role, style.size) for line in lines)

    # narrower only while that makes the widest line narrower (a word wider than the box stays whole)
    while style.exact and width > style.width // 3 and widest(lines) > style.width:
        width -= 4
        narrower = wrap(font, text, width)
        if widest(narrower) < widest(lines):
            lines = narrower
    return lines


def _hyphenated(ctx: UIContext, text: str, style: _Style) -> list[str]:
    """`text` wrapped to `style`'s width, a word wider than a line alone broken where it may be
    (`SOFT_HYPHEN`), its line ending with a hyphen."""
    def fits(line: str) -> bool:
        return ctx.fonts.text_width(line, style.role, style.size) <= style.width

    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        whole = word.replace(SOFT_HYPHEN, "")
        if line and fits(f"{line} {whole}"):
            line = f"{line} {whole}"
            continue
        if line:
            lines.append(line)
        line = ""
        parts = word.split(SOFT_HYPHEN)
        for i, part in enumerate(parts):
            if line and not fits(line + part + ("-" if i < len(parts) - 1 else "")):
                lines.append(line + "-")
                line = ""
            line += part
    return [*lines, line]


def _words_fit(ctx: UIContext, card: OrdealCard, style: _Style) -> bool:
    """Whether the card's words in `style` wrap into lines whose ink is no wider than its width
    (no word wider)."""
    return all(ink_box(ctx, line, style.size, style.role).w <= style.width
               for text in _card_words(card) for line in _wrapped(ctx, text, style))


def _printed_style(ctx: UIContext, card: OrdealCard, size: tuple[int, int]) -> _Style:
    """The box as printed (at 100 %) on a card of `size` (the box is 150 of the frame's 200 px):
    on the small cards whose words were 11 px, under what text read often may be, in the
    regular weight (narrower) at READABLE where their ink keeps a pixel inside the box's line,
    their pictures smaller (the lines with them then hold in the box)."""
    kx = size[0] / 200
    icon_size, label = max(14, int(34 * kx)), max(12, int(26 * kx))
    small, width = max(11, int(19 * kx)), int(150 * kx)
    printed = _Style(small, "bold", width, icon_size, label, 4, exact=False)
    if not _card_words(card):
        return printed
    if small >= READABLE:
        # the solo board's cards: where a bold line ran over the box's line ("2 filas inferiores",
        # "loses the foundation row" on one line), wrapped narrower, else in the regular weight
        if _box_holds(ctx, card, printed, size):
            return printed
        for role in ("bold", "body"):
            style = _Style(small, role, width - 2, icon_size, label, 4)
            if _box_holds(ctx, card, style, size):
                return style
        return printed
    for px in range(READABLE, small - 1, -1):
        style = _Style(px, "body", width - 2, 14, label, 2)
        if _words_fit(ctx, card, style):
            return style
    return printed


def _grown_style(ctx: UIContext, card: OrdealCard, size: tuple[int, int], grow: float) -> _Style:
    """The box's style at text size `grow`: its words and counts as much larger as the box holds
    (every line's ink inside the box's line, the lines in its height), in bold, else in the
    regular weight, its pictures down to three quarters of their size (not under 14 px); words
    that stay under `CROWDED` broken at their soft hyphens and without the rows' picture where
    that lets them grow more; then the counts as much larger again as the box holds. The printed
    box at 100 %, and where none holds. (It measures many lines: the callers keep the cards they
    draw, `ui.card_cache`.)"""
    kx = size[0] / 200
    printed = _printed_style(ctx, card, size)
    icons = sorted({printed.icon, max(14, round(printed.icon * 0.875)), max(14, round(printed.icon * 0.75))},
                   reverse=True)
    width = int(150 * kx) - 2

    def largest(least: int, looks: tuple[tuple[str, bool, bool], ...]) -> _Style | None:
        """The largest words from the text size's down to `least` (above 100 % at the printed size
        too, where the printed box ran over its line) set in one of `looks` (weight, picture,
        hyphens) that the box holds, its counts as large as theirs."""
        for px in range(round(printed.size * grow), least - 1, -1):
            label = max(printed.label, round(printed.label * px / printed.size))
            for role, picture, hyphens in looks:
                for icon in icons:
                    style = _Style(px, role, width, icon, label, 2, picture=picture, hyphens=hyphens)
                    if _box_holds(ctx, card, style, size):
                        return style
        return None

    if grow <= 1:
        return printed
    style = largest(printed.size, (("bold", True, False), ("body", True, False)))
    if (style is None or style.size < CROWDED) and _card_words(card):
        # a small card's box crowded by a long word or by the picture over the words
        style = largest(style.size + 1 if style else printed.size,
                        (("body", True, True), ("body", False, False), ("body", False, True))) or style
    if style is None:
        return printed
    # the counts as much larger again as the box holds, up to the text size's (beside words held
    # smaller by a long word, or alone)
    for label in range(round(printed.label * grow), style.label, -1):
        if _box_holds(ctx, card, larger := replace(style, label=label), size):
            return larger
    return style


# One line of the box placed: (what: "icon" a required kind's icon with its count, "img" a
# picture, "txt" words; the kind, picture or words; its x and y on the card; its height).
_Placed = tuple[str, object, int, int, int]


def _placed(ctx: UIContext, card: OrdealCard, style: _Style, size: tuple[int, int]) -> list[_Placed]:
    """The box's lines in `style`, top to bottom, placed on a card of `size`: centred across it,
    the lines together centred in the box."""
    w, ky = size[0], size[1] / 280
    lines: list[tuple[str, object, int]] = []
    for kind, n in card.requires.items():
        if n:
            label_h = ink_box(ctx, f"\u00d7{n}", style.label, "bold").h
            lines.append(("icon", kind, max(style.icon, label_h + 2) + style.under_icon))
    # a pixel between text lines: at the line's own height the glyphs of two lines touched
    line_height = ctx.fonts.get(style.role, style.size).get_linesize() + 1
    for text in _card_words(card):
        if card.kind != ASSAULT and style.picture:
            lines.append(("img", ctx.sprites.get("icon_rows", style.icon), style.icon + style.under_icon))
        lines += [("txt", line, line_height) for line in _wrapped(ctx, text, style)]
    box_top, box_bottom = int(66 * ky), int(192 * ky)
    y = box_top + max(0, (box_bottom - box_top - sum(h for _, _, h in lines)) // 2)
    out: list[_Placed] = []
    for kind, value, hgt in lines:
        if kind == "icon":
            label = ctx.fonts.render(f"\u00d7{card.requires[str(value)]}", style.label, ctx.theme.ink, "bold")
            out.append((kind, value, w // 2 - (style.icon + 6 + label.get_width()) // 2, y, hgt))
        elif isinstance(value, pygame.Surface):
            out.append((kind, value, w // 2 - value.get_width() // 2, y, hgt))
        else:
            img = ctx.fonts.render(str(value), style.size, ctx.theme.ink, style.role)
            out.append((kind, value, w // 2 - img.get_width() // 2, y, hgt))
        y += hgt
    return out


def _box_holds(ctx: UIContext, card: OrdealCard, style: _Style, size: tuple[int, int]) -> bool:
    """Whether the box's lines in `style` hold in the box of a card of `size`: the ink of its
    words, counts and pictures as placed inside the box's line (frame x 24–176, y 64–196), a
    pixel to spare across and under (the smaller window rounds its ink a pixel lower)."""
    kx, ky = size[0] / 200, size[1] / 280
    inside = pygame.Rect(math.ceil(25 * kx) + 1, math.ceil(65 * ky), 0, 0)
    inside.w, inside.h = math.floor(175 * kx) - 1 - inside.x, math.floor(195 * ky) - 1 - inside.y
    for kind, value, x, y, hgt in _placed(ctx, card, style, size):
        if kind == "txt":
            ink = ink_box(ctx, str(value), style.size, style.role).move(x, y)
        elif kind == "icon":
            text = f"\u00d7{card.requires[str(value)]}"
            middle = y + (hgt - style.under_icon) // 2
            label = ctx.fonts.render(text, style.label, ctx.theme.ink, "bold").get_rect(
                midleft=(x + style.icon + 6, middle))
            ink = ink_box(ctx, text, style.label, "bold").move(label.topleft)
            ink.union_ip(pygame.Rect(x, middle - style.icon // 2, style.icon, style.icon))
        else:
            ink = pygame.Rect(x, y, style.icon, style.icon)
        if not inside.contains(ink):
            return False
    return True


def _draw_box(ctx: UIContext, surf: pygame.Surface, card: OrdealCard, style: _Style) -> None:
    """The requirement box: one line per required kind (icon × count), then the card's words,
    centred in the box."""
    colour = ctx.theme.bad if card.kind != FOUNDATION_DROP else ctx.theme.ink
    for kind, value, x, y, hgt in _placed(ctx, card, style, surf.get_size()):
        if kind == "icon" and isinstance(value, str):
            icon = ctx.sprites.get(KIND_ICONS[value], style.icon)
            label = ctx.fonts.render(f"\u00d7{card.requires[value]}", style.label, ctx.theme.ink, "bold")
            middle = y + (hgt - style.under_icon) // 2  # the icon and its count centred on the line
            surf.blit(icon, (x, middle - style.icon // 2))
            surf.blit(label, label.get_rect(midleft=(x + style.icon + 6, middle)))
        elif kind == "img" and isinstance(value, pygame.Surface):
            surf.blit(value, (x, y))
        elif isinstance(value, str):
            surf.blit(ctx.fonts.render(value, style.size, colour, style.role), (x, y))


# A Simulation card too small for its note's words at READABLE px carries this mark instead; the
# panel showing it says what the mark means (`note_legend`).
NOTE_MARK = "\u2731"


def _note_size(ctx: UIContext, w: int, kx: float, ky: float, grow: float = 1.0) -> int | None:
    """The size the note's words are drawn at on a card `w` wide: its own, shrunk to the card
    down to READABLE; None when they do not fit so (the small two-player cards: the mark). At text
    size `grow`, as much larger as the band between the box and the pill holds."""
    note_text = t("board.reconstructed")
    size = max(READABLE, int(13 * kx))
    band = int(222 * ky) - int(196 * ky) - 2  # between the box's line and the pill, a pixel to spare each way
    # the ink inside the card's inner gold line (8 px of the card's edge), a pixel to spare each side
    for candidate in range(round(size * grow), size, -1):
        ink = ink_box(ctx, note_text, candidate)
        if ink.w <= w - 18 and ink.h <= band:
            return candidate
    while size >= READABLE:
        if ink_box(ctx, note_text, size).w <= w - 18:
            return size
        size -= 1
    return None


def note_on_card(ctx: UIContext, size: tuple[int, int]) -> bool:
    """Whether a Simulation card of `size` says "not a printed card" in words (else its mark), as
    the card is drawn: at 100 % whatever the player's text size (a picture of the printed card)."""
    with ctx.fonts.limited(1.0):
        return _note_size(ctx, size[0], size[0] / 200, size[1] / 280) is not None


def note_legend() -> str:
    """What the mark on a small Simulation card means, for the panel showing the card."""
    return f"{NOTE_MARK} {t('board.reconstructed')}"


def _draw_reconstructed_note(ctx: UIContext, surf: pygame.Surface, kx: float, ky: float, grow: float) -> None:
    """The note between the requirement box and the trigger's pill, its ink centred in that band:
    in words at READABLE px at least, else (a small card) the mark."""
    w = surf.get_width()
    size = _note_size(ctx, w, kx, ky, grow)
    text = t("board.reconstructed") if size is not None else NOTE_MARK
    size = size or READABLE
    ink = ink_box(ctx, text, size)
    note = ctx.fonts.render(text, size, ctx.theme.ink_soft, "body")
    centre = int(208 * ky)  # the frame's box ends at y≈195, the pill starts at y≈222
    surf.blit(note, (w // 2 - ink.centerx, centre - ink.centery))
