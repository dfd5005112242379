"""A game's result to share: a short text for the clipboard and a PNG card of the final castle.

No spoilers of the deal: the text names the level, the day (a daily deal) or the seed, won or
lost, the turns, and one symbol per Ordeal — held, broken, never reached — never which Ordeals
the deal holds nor any tile. Both are in the player's language (`t`)."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Sequence
from typing import Any

import pygame

from castellion.rules.castle import Castle
from castellion.ui.castle_view import CastleView, TileArt
from castellion.ui.geometry import LAYOUT
from castellion.ui.painting import draw_text
from castellion.ui.text import t, tn

HELD, BROKEN, UNREACHED = "\U0001f6e1\ufe0f", "\U0001f4a5", "\u2b1c"  # shield, burst, white square
CARD_SIZE = (800, 560)


def ordeal_marks(passed: Sequence[bool], won: bool) -> list[str]:
    """Per Ordeal: "held" (passed), "broken" (the first not passed, in a lost game), "unreached"."""
    out: list[str] = []
    broken = won
    for held in passed:
        if held:
            out.append("held")
        elif not broken:
            out.append("broken")
            broken = True
        else:
            out.append("unreached")
    return out


def ordeal_line(passed: Sequence[bool], won: bool) -> str:
    """The marks as symbols (emoji: a shared result is read in chat programs)."""
    symbols = {"held": HELD, "broken": BROKEN, "unreached": UNREACHED}
    return "".join(symbols[m] for m in ordeal_marks(passed, won))


def result_text(*, level_name: str, won: bool, turns: int | None, passed: Sequence[bool],
                day: str | None = None, seed: int | None = None, practice: bool = False,
                code: str | None = None) -> str:
    """The clipboard's text: three short lines (a daily deal's practice game says so: only the
    day's attempt is the result everyone compares)."""
    if day:
        deal = t("share.practice" if practice else "share.daily", day=day)
    elif code:
        deal = t("share.code", code=code)  # rules/dealcode.py: anyone can type it and play this deal
    else:
        deal = t("share.seed", seed=seed if seed is not None else "?")
    outcome = tn("share.won" if won else "share.lost", turns or 0)
    return f"Castellion \u2014 {level_name} \u2014 {deal}\n{outcome}\n{ordeal_line(passed, won)}"


def copy_text(text: str) -> bool:
    """Put `text` on the clipboard (pygame-ce's `scrap.put_text`, SDL's clipboard: it needs no
    `scrap.init`, which is deprecated); False when the system has none to offer."""
    try:
        pygame.scrap.put_text(text)
        return True
    except (pygame.error, AttributeError, NotImplementedError, SystemError):
        return False


def card_picture(ctx: Any, board: pygame.Surface | None, *, lines: Sequence[str], won: bool,
                 passed: Sequence[bool]) -> pygame.Surface:
    """The card: the final castle picture (scaled into the top), the result lines below, and a
    row of Ordeal marks drawn as shapes (the emoji of the text have no glyph in the game's fonts)."""
    theme = ctx.theme
    card = pygame.Surface(CARD_SIZE)
    card.fill(theme.parchment)
    pygame.draw.rect(card, theme.border, card.get_rect(), 6, border_radius=14)
    room = pygame.Rect(24, 24, CARD_SIZE[0] - 48, CARD_SIZE[1] - 190)
    if board is not None:
        scale = min(room.w / board.get_width(), room.h / board.get_height())
        shot = pygame.transform.smoothscale(board, (int(board.get_width() * scale), int(board.get_height() * scale)))
        card.blit(shot, shot.get_rect(center=room.center))
        pygame.draw.rect(card, theme.gold, shot.get_rect(center=room.center), 2)
    y = room.bottom + 14
    colour = theme.good if won else theme.bad
    for i, line in enumerate(lines):
        draw_text(card, ctx, line, (CARD_SIZE[0] // 2, y), size=30 if i == 0 else 22, colour=colour if i == 0 else
                  theme.ink, role="title" if i == 0 else "body", anchor="midtop", max_width=CARD_SIZE[0] - 60)
        y += 40 if i == 0 else 30
    x = CARD_SIZE[0] // 2 - len(passed) * 22
    for mark in ordeal_marks(passed, won):
        r = pygame.Rect(x, y + 4, 34, 34)
        if mark == "held":
            pygame.draw.rect(card, theme.good, r, border_radius=8)
        elif mark == "broken":
            pygame.draw.rect(card, theme.bad, r, border_radius=8)
        else:
            pygame.draw.rect(card, theme.ink_faint, r, 3, border_radius=8)
        x += 44
    return card


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "card.png")
    return buffer.getvalue()




# ------------------------------------------------------------------ the end screen's two buttons
def castle_picture(ctx: Any, castles: Sequence[Castle]) -> pygame.Surface | None:
    """The final castles (one per player, side by side) on their grids, nothing else of the board:
    the Ordeals and piles of the deal stay unseen. None without a castle."""
    if not castles:
        return None
    cell, pad = LAYOUT.cell, 14
    side = 6 * cell + 2 * pad
    picture: pygame.Surface = ctx.sprites.layer((side * len(castles) + 20 * (len(castles) - 1), side))
    picture.fill(ctx.theme.parchment_dark)
    art = TileArt(ctx)
    for i, castle in enumerate(castles):
        layout = dataclasses.replace(LAYOUT, grid_x=pad + i * (side + 20), grid_y=pad, grid_xs=())
        view = CastleView(ctx, art, layout)
        view.draw_grid(picture)
        view.draw_tiles(picture, castle)
    return picture


def copy_result(ctx: Any, text: str) -> bool:
    """Copy `text`, and say so (or that there is no clipboard) in a quiet notice."""
    done = copy_text(text)
    ctx.notify(t("share.copied") if done else t("share.no_clipboard"), "info" if done else "warning")
    return done


def save_result_picture(ctx: Any, card: pygame.Surface, name: str) -> Any:
    """Write `card` as a PNG into the pictures folder and say where; the path, or None."""
    from castellion import persistence as P
    from castellion.persistence.pictures import save_picture

    try:
        path = save_picture(name, png_bytes(card))
    except P.PersistenceError as exc:
        ctx.notify(t("share.picture_failed", problem=exc.message), "warning")
        return None
    except (pygame.error, OSError) as exc:
        ctx.notify(t("share.picture_failed", problem=str(exc)), "warning")
        return None
    ctx.notify(t("share.picture_saved", path=P.printable(str(path))), "info")
    return path


__all__ = ["CARD_SIZE", "card_picture", "copy_result", "copy_text", "ordeal_line", "ordeal_marks", "png_bytes",
           "result_text", "save_result_picture", "castle_picture"]
