"""Where the solo status panel says what a face-up Assault would do now ("• else destroy 16
tiles"): after the foundation's line (and the Pantry's count beside it), or, at a larger text size,
after the Assault's requirement on its row where it is larger there.

The note shrinks to 13 px before its shorter form is taken; 13 is a size the player's text size
grows (26 px at 200 %), so after "Foundation 0/6 ✗" and "Pantry 0/2 ✗" its narrowest form ran out
of the panel at every size above 100 %, and the whole panel was measured down to 100 %. The
requirement's row (one short label: "Towers 0/2 ✗") has the room the foundation's line lacks."""

from __future__ import annotations

import pygame

from castellion.scenes.board.status_counts import ROW_GAP
from castellion.scenes.context import SceneContext
from castellion.ui.fit import fit_size
from castellion.ui.painting import ink_box

GAP = 14  # px from the words before it to the note
SMALLEST = 13  # the note's smallest size (the player's text size applied)


def _as_at_100(ctx: SceneContext, note: tuple[str, str], room: int) -> tuple[str, int]:
    """The note's words and size in `room` as the panel has always chosen them: its sentence shrunk
    down to 13 px, its shorter form (a catalog entry of its own) where even that is too wide."""
    words, short = note
    size = ctx.theme.font_small
    while size > SMALLEST and ctx.fonts.get("body", size).size(words)[0] > room:
        size -= 1  # with the Pantry beside it the note gets less room
    if ctx.fonts.get("body", size).size(words)[0] > room and short:
        words = short  # (no sentence cut by the code)
    return words, size


def _largest(ctx: SceneContext, note: tuple[str, str], room: int) -> tuple[str, int] | None:
    """The note's form (its sentence first) at the largest size down to 13 px that `room` holds;
    None where neither form fits."""
    best: tuple[str, int] | None = None
    for words in (part for part in note if part):
        for size in range(ctx.theme.font_small, SMALLEST - 1, -1):
            if ctx.fonts.get("body", size).size(words)[0] <= room:
                if best is None or size > best[1]:
                    best = (words, size)
                break
    return best


def note_place(ctx: SceneContext, note: tuple[str, str], beside: pygame.Rect, after: pygame.Rect | None,
               right: int) -> tuple[str, int, tuple[int, int]]:
    """The note's words (bulleted `note`: its sentence and its shorter form), size and the middle
    of its left side: after `beside` (the foundation's line, ending with the Pantry's count) up to
    `right`; at a larger text size after `after` (the last requirement's label) instead where the
    note is larger there, or where only there it fits."""
    words, size = _as_at_100(ctx, note, right - (beside.right + GAP))
    if after is None or ctx.fonts.text_scale <= 1.0:
        return words, size, (beside.right + GAP, beside.centery)
    here = _largest(ctx, note, right - (beside.right + GAP))
    there = _largest(ctx, note, right - (after.right + GAP))
    if there is not None and (here is None or there[1] > here[1]):
        return there[0], there[1], (after.right + GAP, after.centery)
    words, size = here or (words, size)
    return words, size, (beside.right + GAP, beside.centery)


def warning_over(ctx: SceneContext, words: str, span: tuple[int, int], foundation: pygame.Rect) -> tuple[int, int]:
    """Where a card that destroys rows says so (`words`, drawn across `span` as the panel draws it)
    with its ink `ROW_GAP` over the foundation's (`foundation`: its ink): the top of its line and of
    its ink. Under the title it left the castle's counts beside the title: 18-22 px at 200 %."""
    size = fit_size(ctx.fonts, words, "bold", ctx.theme.font_body - 2, span[1] - span[0])
    ink = ink_box(ctx, words, size, "bold")
    top = foundation.y - ROW_GAP - ink.bottom
    return top, top + ink.y
