"""The main menu's card offering the tutorial on the first start ("New to Castellion?"): where
the card, its words and its two buttons go, and its drawing.

At 100 % the card as it always was, to the right of the menu's panel (`at_100`). At a larger text
size the panel needs the width right of the daily card, so the card takes the daily card's column
instead (the menu hides that card while the offer is shown: `lay_out_large`), a little wider than
it (the longest label, Japanese "No, thanks", is 352 px at 200 %). Its title and text wrap at the
player's size, its buttons stand side by side when both labels fit their halves, else one under
the other, and the card is as tall as its words, level with the panel's top, or higher where the
menu's title leaves the column free (the smaller title at 200 %, when Japanese needs the height):
the largest text size up to the player's (and the panel's) at which all of it fits above the footer."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from castellion.ui.fit import limits_to_try
from castellion.ui.painting import draw_panel, draw_text, draw_wrapped, wrapped_fit
from castellion.ui.text import t
from castellion.ui.widgets import Button, WidgetGroup, button_height, label_height

TITLE, TEXT, YES, NO = 26, 20, 22, 20  # the sizes its words are asked at (the buttons' `font_size`)
LEFT, WIDTH = 24, 404  # the card's column at a large text size (the daily card's, a little wider)
PANEL_LEFT = LEFT + WIDTH + 24  # where the menu's panel may start while the card takes that column
PAD, GAP = 16, 10  # inside the card; between its title, its text and its buttons
BOTTOM = 740  # above the menu's footer (its words at 200 % reach up to 746)
HIGHEST = 24  # the card's top at the most, where the menu's title leaves its column free


@dataclass(frozen=True)
class OfferLaid:
    card: pygame.Rect
    limit: float  # the text size its words are drawn at (at most the panel's)
    title: pygame.Rect  # the title's room (at 100 %: its top line, one line fitted to the card)
    text: pygame.Rect  # the text's room, above the buttons
    large: bool = False  # laid out by `lay_out_large`: the title wraps too


def at_100(panel: pygame.Rect, buttons: WidgetGroup, bh: int) -> OfferLaid:
    """The card at 100 %: beside the panel, as it always was."""
    return _card_100(pygame.Rect(panel.right + 24, panel.y + 24, 330, 210), buttons, bh)


def _card_100(card: pygame.Rect, buttons: WidgetGroup, bh: int) -> OfferLaid:
    """The 100 % card at `card`: its title on one line and its text shrink to fit (`draw_offer`)."""
    ow = (card.w - 48) // 2
    oy = card.bottom - bh - 18
    yes, no = buttons.widgets
    yes.rect = pygame.Rect(card.x + 16, oy, ow, bh)
    no.rect = pygame.Rect(card.right - 16 - ow, oy, ow, bh)
    text = pygame.Rect(card.x + 22, card.y + 60, card.w - 44, 0)
    text.h = oy - 8 - text.y
    return OfferLaid(card, 1.0, pygame.Rect(card.x + 20, card.y + 22, card.w - 40, 0), text)


def _laid(ctx: Any, top: int, highest: int, buttons: list[Button]) -> OfferLaid | None:
    """The card at the current text size from `top` (or higher, up to `highest`, when it needs the
    height), or None when its words do not fit it."""
    fonts, inner = ctx.fonts, WIDTH - 2 * PAD
    title_h = wrapped_fit(ctx, t("tutorial.offer.title"), inner, size=TITLE, role="bold")
    text_h = wrapped_fit(ctx, t("tutorial.offer.text"), inner, size=TEXT)
    if title_h is None or text_h is None:
        return None
    bh = max(button_height(ctx), math.ceil(fonts.get("bold", YES).get_ascent() * 5 / 3))
    half = (inner - GAP) // 2
    needs = [fonts.text_width(b.label, "bold", size) + 16 for b, size in zip(buttons, (YES, NO), strict=True)]
    if max(needs) > inner or any(fonts.for_text(b.label, "bold", size).get_ascent() > label_height(bh)
                                 for b, size in zip(buttons, (YES, NO), strict=True)):
        return None
    across = max(needs) <= half
    height = PAD + title_h + GAP + text_h + GAP + (bh if across else 2 * bh + GAP) + PAD
    top = max(highest, min(top, BOTTOM - height))
    if top + height > BOTTOM:
        return None
    card = pygame.Rect(LEFT, top, WIDTH, height)
    title = pygame.Rect(LEFT + PAD, top + PAD, inner, title_h)
    text = pygame.Rect(LEFT + PAD, title.bottom + GAP, inner, text_h)
    y = text.bottom + GAP
    yes, no = buttons
    if across:
        yes.rect = pygame.Rect(LEFT + PAD, y, half, bh)
        no.rect = pygame.Rect(LEFT + PAD + inner - half, y, half, bh)
    else:
        yes.rect = pygame.Rect(LEFT + PAD, y, inner, bh)
        no.rect = pygame.Rect(LEFT + PAD, y + bh + GAP, inner, bh)
    return OfferLaid(card, fonts.text_scale, title, text, large=True)


def lay_out_large(ctx: Any, top: int, buttons: WidgetGroup, highest: int | None = None) -> OfferLaid:
    """The card at a large text size, from `top` (the panel's), or higher up to `highest` (where
    the menu's title leaves the column free) when it needs the height: see the module docstring."""
    highest = top if highest is None else highest
    pair = [b for b in buttons.widgets if isinstance(b, Button)]
    for limit in [*limits_to_try(ctx.fonts.text_scale), 1.0]:
        with ctx.fonts.limited(limit):
            laid = _laid(ctx, top, highest, pair)
        if laid is not None:
            return laid
    # not even at 100 % (a translation too long for the card): the 100 % card in the column, its
    # words shrunk to fit as they are beside the panel, rather than no menu at all
    return _card_100(pygame.Rect(LEFT, top, 330, 210), buttons, ctx.theme.button_height)


def draw_offer(surface: pygame.Surface, ctx: Any, laid: OfferLaid, buttons: WidgetGroup) -> None:
    """The card, its title, its text and its buttons (at `laid.limit`)."""
    card = laid.card
    with ctx.fonts.limited(laid.limit):
        draw_panel(surface, card, ctx)
        if laid.large:
            draw_wrapped(surface, ctx, t("tutorial.offer.title"), laid.title, size=TITLE, role="bold",
                         align="center")
        else:  # inside the card (the Japanese spilled past both its edges)
            draw_text(surface, ctx, t("tutorial.offer.title"), laid.title.midtop, size=TITLE, role="bold",
                      anchor="midtop", max_width=laid.title.w)
        # above its buttons (the third line of "A guided first game…" ran under "Show me")
        draw_wrapped(surface, ctx, t("tutorial.offer.text"), laid.text, size=TEXT, colour=ctx.theme.ink_soft,
                     align="center")
        buttons.draw(surface)
