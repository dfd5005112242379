"""Showing the consequence before the drop, and the moment after it.

The rules answer what a drop would do (`castellion.rules.preview.preview` → `Preview`); this
module only draws that answer over the board's live layer:

- a short line beside the hovered cell ("completes a Bastion (Jugglers)", "Line 3/4");
- ghost "+1" / "−1" beside the requirement panel's counts (formations, foundation, Pantry) as they
  would be after the drop — at the count of the current Ordeal's requirement when it is shown,
  else beside "In the castle:";
- after an action, a short moment on a formation just completed (green) or cancelled (red): the
  cells light up and say so ("Tower complete!"). It is an animation like the flights: skipped by
  any input, not made at all with the animations setting off.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from castellion.rules.preview import Preview
from castellion.scenes.board.meaning import preview_text
from castellion.scenes.board.view import BoardView
from castellion.ui import draw
from castellion.ui.canvas import layer as new_layer
from castellion.ui.castle_view import GLOW_BAD, GLOW_TARGET, KIND_ICONS
from castellion.ui.drag import FLIGHT_TIME, Anim, Animations
from castellion.ui.fonts import wrap
from castellion.ui.geometry import BoardLayout, Cell, Rect
from castellion.ui.text import t

MOMENT_TIME = 0.9  # seconds a completed / cancelled formation stays lit (after the tile lands)
MINUS = "\u2212"
Slots = dict[tuple[int, str], pygame.Rect]


@dataclass
class FormationMoment(Anim):
    """A formation completed (`good`) or cancelled: `cells` of `player`'s castle light up under `text`."""

    cells: tuple[Cell, ...] = ()
    text: str = ""
    good: bool = True
    player: int = 0


def add_moments(anims: Animations, pv: Preview | None) -> int:
    """Queue the moment of every formation `pv` (the preview of the action just played) completed or
    cancelled, after the tile's flight; returns how many (none while animations are off)."""
    if pv is None or not anims.enabled:
        return 0
    n = 0
    for f in pv.completes:
        anims.add(FormationMoment("moment", anims.now, MOMENT_TIME, delay=FLIGHT_TIME, cells=f.cells_after,
                                  text=t(f"moment.completed.{f.kind}"), good=True, player=pv.player))
        n += 1
    for f in pv.cancels:
        if f.cells_after:
            anims.add(FormationMoment("moment", anims.now, MOMENT_TIME, delay=FLIGHT_TIME, cells=f.cells_after,
                                      text=t(f"moment.cancelled.{f.kind}"), good=False, player=pv.player))
            n += 1
    return n


def ghost_counts(pv: Preview, slots: Slots) -> list[tuple[str, str, int]]:
    """Where the ghost counts of `pv` go: (slot key, icon kind or "", change) for each count the
    drop changes — a formation kind's own count when the panel shows one, else "counts" with the
    kind's icon; then the foundation and the Pantry."""
    out: list[tuple[str, str, int]] = []
    for kind, delta in pv.changed.items():
        if (pv.player, kind) in slots:
            out.append((kind, "", delta))
        elif (pv.player, "counts") in slots:
            out.append(("counts", kind, delta))
    if pv.foundation_after != pv.foundation_before and (pv.player, "foundation") in slots:
        out.append(("foundation", "", pv.foundation_after - pv.foundation_before))
    if pv.pantry_after != pv.pantry_before and (pv.player, "pantry") in slots:
        out.append(("pantry", "", pv.pantry_after - pv.pantry_before))
    return out


class ForecastLayer:
    """Draws a `Preview` (the tag by the cell, the ghost counts) and the formation moments."""

    def draw_preview(self, surface: pygame.Surface, v: BoardView, pv: Preview, at: Rect, slots: Slots) -> bool:
        """The tag beside the hovered cell `at` and the ghost counts; True when a tag was drawn
        (the message line then stays quiet rather than say it twice)."""
        placed: dict[str, int] = {}  # several kinds beside "In the castle:" stand side by side
        words = [rect for (player, _), rect in slots.items() if player == pv.player]
        for key, icon, delta in ghost_counts(pv, slots):
            self._ghost(surface, v, slots[(pv.player, key)], icon, delta, stack=placed.get(key, 0), words=words)
            placed[key] = placed.get(key, 0) + 1
        text = preview_text(pv)
        if not text:
            return False
        self._tag(surface, v, text, pygame.Rect(at), good=not pv.cancels or bool(pv.completes))
        return True

    def draw_hint(self, surface: pygame.Surface, v: BoardView, text: str, at: Rect, good: bool = True) -> bool:
        """What a drop on the cell `at` does (`good`) or why not, said by the cell (a larger text
        size); True (said)."""
        self._tag(surface, v, text, pygame.Rect(at), good=good)
        return True

    def _tag(self, surface: pygame.Surface, v: BoardView, text: str, cell: pygame.Rect, *, good: bool) -> None:
        """`text` in a pill over the cell (under it in the top row); on more lines where one is
        wider than the window (a Spanish refusal at 200 % ran past both of its sides)."""
        ctx, theme = v.ctx, v.ctx.theme
        size, room = theme.font_small - 2, surface.get_rect().inflate(-8, -8)
        lines = wrap(ctx.fonts.get("bold", size), text, room.w - 22)
        imgs = [ctx.fonts.render(line, size, (255, 250, 236), "bold") for line in lines]
        box = pygame.Rect(0, 0, max(img.get_width() for img in imgs), sum(img.get_height() for img in imgs))
        box.midbottom = (cell.centerx, cell.y - 10)
        box.inflate_ip(22, 8)
        box.clamp_ip(room)
        if box.colliderect(cell):  # no room above (the top row): below the cell
            box.top = cell.bottom + 10
        fill = (38, 110, 52) if good else (150, 36, 26)
        radius = min(box.h // 2, imgs[0].get_height() // 2 + 4)  # (a pill on one line)
        draw.rect(surface, fill, box, border_radius=radius)
        draw.rect(surface, theme.highlight, box, 2, border_radius=radius)
        y = box.centery - sum(img.get_height() for img in imgs) // 2
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()

    def _ghost(self, surface: pygame.Surface, v: BoardView, slot: pygame.Rect, icon: str, delta: int,
               stack: int = 0, words: list[pygame.Rect] | None = None) -> None:
        """A "+1" / "−1" pill just above the right end of the count it changes; at a larger text
        size, where that covers the panel's other `words` (the rows are closer), below it or
        beside it, whichever covers the fewest (see `_ghost_place`)."""
        ctx, theme = v.ctx, v.ctx.theme
        label = f"+{delta}" if delta > 0 else f"{MINUS}{-delta}"
        img = ctx.fonts.render(label, theme.font_small - 2, (255, 255, 255), "bold")
        w = img.get_width() + (22 if icon else 0) + 14
        box = pygame.Rect(0, 0, w, img.get_height() + 4)
        box.midbottom = (slot.right - 6 - stack * (w + 4), slot.y + 4)
        if ctx.fonts.text_scale > 1.0 and words:
            box = _ghost_place(box, slot, [r for r in words if r != slot], self._room(surface, v), stack)
        colour = (46, 140, 64) if delta > 0 else (176, 44, 30)
        draw.rect(surface, colour, box, border_radius=box.h // 2)
        draw.rect(surface, theme.highlight, box, 1, border_radius=box.h // 2)
        x = box.x + 7
        if icon:
            pic = v.art.sprite(KIND_ICONS[icon], 18)
            surface.blit(pic, pic.get_rect(midleft=(x, box.centery)))
            x += 22
        surface.blit(img, img.get_rect(midleft=(x, box.centery)))

    @staticmethod
    def _room(surface: pygame.Surface, v: BoardView) -> pygame.Rect:
        """Where a ghost may stand: inside the solo status panel, else the window."""
        if v.game.players == 1:
            return pygame.Rect(v.layout.status_panel).inflate(-8, -8)
        return surface.get_rect().inflate(-8, -8)

    def draw_moment(self, surface: pygame.Surface, v: BoardView, base: BoardLayout, m: FormationMoment,
                    now: float) -> None:
        """One formation moment: its cells glow (fading out at the end) under a label."""
        p = m.progress(now)
        if p <= 0.0:
            return
        lay = base.for_player(m.player)
        rects = [pygame.Rect(lay.cell_rect(cell)) for cell in m.cells]
        if not rects:
            return
        fade = 1.0 if p < 0.6 else max(0.0, (1.0 - p) / 0.4)
        colour = GLOW_TARGET if m.good else GLOW_BAD
        # a light wash and a bright frame: the tiles stay visible under the moment
        area = rects[0].unionall(rects[1:])
        box = area.inflate(12, 12)
        glow = new_layer(surface, box.size)
        for r in rects:
            ring = r.inflate(8, 8).move(-box.x, -box.y)
            glow.blit(v.art.glow(ring.size, colour, 1), ring)
            draw.rect(glow, (*colour, 255), ring, 4, border_radius=10)
        glow.set_alpha(int(255 * fade))
        surface.blit(glow, box)
        ctx, theme = v.ctx, v.ctx.theme
        pop = 1.0 + 0.25 * max(0.0, 1.0 - p / 0.2)  # the label pops in, then settles
        img = ctx.fonts.render(m.text, int((theme.font_small + 2) * pop), (255, 250, 236), "bold")
        box = img.get_rect(midbottom=(area.centerx, area.y - 6)).inflate(22, 8)
        box.clamp_ip(surface.get_rect().inflate(-8, -8))
        tag = new_layer(surface, box.size)
        fill = (38, 110, 52) if m.good else (150, 36, 26)
        draw.rect(tag, (*fill, 235), tag.get_rect(), border_radius=box.h // 2)
        draw.rect(tag, (*theme.highlight, 255), tag.get_rect(), 2, border_radius=box.h // 2)
        tag.blit(img, img.get_rect(center=tag.get_rect().center))
        tag.set_alpha(int(255 * fade))
        surface.blit(tag, box)


def _ghost_place(box: pygame.Rect, slot: pygame.Rect, words: list[pygame.Rect], room: pygame.Rect,
                 stack: int) -> pygame.Rect:
    """The ghost pill `box` (placed above its count `slot`) moved below the count or beside it
    where that covers less of the other `words` and of what lies outside `room` (the first of
    equals: above, below, beside); above and below, slid across to stay inside `room` (a count
    at the panel's right edge, its requirements on two rows, had its pill over the frame)."""
    box = box.move(max(0, room.x - box.x) - max(0, box.right - room.right), 0)
    below = box.copy()
    below.midtop = (box.centerx, slot.bottom - 4)
    beside = pygame.Rect(slot.right + 4 + stack * (box.w + 4), slot.centery - box.h // 2, box.w, box.h)

    def covered(place: pygame.Rect) -> int:
        inside = place.clip(room)
        hidden = place.w * place.h - inside.w * inside.h
        return hidden + sum(place.clip(r).w * place.clip(r).h for r in words)

    return min((box, below, beside), key=covered)


__all__ = ["MOMENT_TIME", "FormationMoment", "ForecastLayer", "add_moments", "ghost_counts"]
