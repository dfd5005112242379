"""The castle panels (one per player) and the prison: each a small class drawing from a `BoardView`."""

from __future__ import annotations

import math

import pygame

from castellion.rules import Requirement, formation_groups, formations, judge_ordeal
from castellion.rules.game import PRISON_RING
from castellion.rules.options import PantryMode
from castellion.scenes.board.fitting import draw_ink_lines, draw_note, ink_height, note_lines
from castellion.scenes.board.pantry import pantry_slots
from castellion.scenes.board.view import CHECK, CROSS, BoardView
from castellion.scenes.board.words import name_role
from castellion.scenes.context import SceneContext
from castellion.ui import draw
from castellion.ui.castle_view import GLOW_LEGAL, GLOW_SELECT, KIND_ICONS
from castellion.ui.fit import fit_line, fit_size, floor_of
from castellion.ui.fonts import well_broken
from castellion.ui.geometry import GHOST_CELLS, BoardLayout, Cell
from castellion.ui.painting import draw_heading, heading_size, ink_box, wrapped_fit, wrapped_lines
from castellion.ui.rules_text import ordeal_label
from castellion.ui.text import t
from castellion.ui.textfit import TOUCH, TOUCH_ACROSS, inside
from castellion.ui.widgets import draw_panel, draw_text, draw_wrapped


class CastlePanel:
    """A player's castle panel (docs/rules.md §2): header, grid, tiles, formations, and what sits beside them.

    `slots`: where a two-player status line drew each count (`(player, "tower")` … `(player,
    "foundation")`), for the live layer's ghost "+1" of a drop."""

    slots: dict[tuple[int, str], pygame.Rect]

    def __init__(self) -> None:
        self.slots = {}

    def draw(self, surface: pygame.Surface, v: BoardView, p: int, hidden: frozenset[object],
             stacked: bool = False) -> None:
        """Player `p`'s castle: panel, header, grid, tiles, formations; the Champion, the Pantry
        supply and a two-player status line where the layout has room for them. `stacked` (a
        second way, two players at a larger text size, where the status line is too wide or
        reaches up into the "foundation" under the grid): the foundation's count takes that
        label's place, the formations' counts a column left of the grid's bottom rows."""
        ctx, theme, game = v.ctx, v.ctx.theme, v.game
        lay = v.base_layout.for_player(p)
        view = v.views[p]
        castle = game.castle(p)
        two = game.players > 1
        active = p == game.active
        panel = pygame.Rect(lay.castle_panel)
        draw_panel(surface, panel, ctx)
        if two and active:
            draw.rect(surface, theme.highlight, panel.inflate(6, 6), 4, border_radius=14)
        if two:
            self._draw_player_header(surface, v, p, panel)
        else:
            title = draw_text(surface, ctx, t("board.castle"), (panel.x + 22, panel.y + 6), size=theme.font_label,
                              colour=theme.border, role="title")
            self._draw_variant_badge(surface, v, panel, title)
        view.draw_grid(surface)
        gx, gy, gw, gh = lay.grid_rect
        label, size, colour = t("board.foundation"), theme.font_small - (0 if not two else 3), theme.ink_soft
        stacked = stacked and two and ctx.fonts.text_scale > 1.0
        if stacked:
            label, colour = foundation_status(v, p)
        at, anchor = (gx + gw // 2, gy + gh + 16), "center"
        if ctx.fonts.text_scale > 1.0:  # larger words: their ink starts under the grid's frame
            at, anchor = (gx + gw // 2, gy + gh + 8 - ink_box(ctx, label, size, "bold").y), "midtop"
        found = draw_text(surface, ctx, label, at, size=size, colour=colour, role="bold", anchor=anchor)
        if stacked:
            self.slots[(p, "foundation")] = found
        view.draw_tiles(surface, castle, hidden_cells(hidden, p, active or not two))
        view.draw_formations(surface, formation_groups(castle), icons=True)
        if active and v.selected is not None:
            view.draw_ring(surface, [v.selected], GLOW_SELECT, 3)
        if two:
            self._draw_champion(surface, v, p, lay)
            self._draw_castle_status(surface, v, p, lay, stacked)
        if game.pantry_mode:
            self._draw_pantry(surface, v, p, lay, hidden)

    def _draw_player_header(self, surface: pygame.Surface, v: BoardView, p: int, panel: pygame.Rect) -> None:
        """Two players: the name, "playing" on the active castle, "faces next" on the facer's."""
        ctx, theme, game = v.ctx, v.ctx.theme, v.game
        active = p == game.active
        name = v.name_of(p)
        colour = theme.border if active else theme.ink_soft
        role, size = name_role(name), theme.font_label
        grid_left = v.base_layout.grid_xs[p] - 6  # (the grid's frame)
        over = panel.x + 22 + ctx.fonts.text_width(name, role, size) + TOUCH_ACROSS > grid_left
        if ctx.fonts.text_scale > 1.0 and over:
            # a larger name reaching over the grid ("Jugador 1"): its ink ends above the grid's frame, never
            # smaller than at 100 % (the panel's measure then picks a smaller text size)
            top, bottom = panel.y + 8, v.base_layout.grid_y - 6 - TOUCH
            with ctx.fonts.limited(1.0):
                least = math.ceil(heading_size(ctx, name, top, bottom=bottom, size=size, role=role)
                                  / ctx.fonts.text_scale)
            r = draw_heading(surface, ctx, name, (panel.x + 22, top), bottom=bottom, size=size, colour=colour,
                             role=role, least=least)
        else:
            r = draw_text(surface, ctx, name, (panel.x + 22, panel.y + 6), size=size, colour=colour, role=role)
        if active and game.outcome is None:
            tag = ctx.fonts.render(t("board.playing"), theme.font_small - 4, (250, 238, 210), "bold")
            box = tag.get_rect(midleft=(r.right + 14, r.centery + 2)).inflate(16, 6)
            draw.rect(surface, theme.button, box, border_radius=box.h // 2)
            draw.rect(surface, theme.highlight, box, 1, border_radius=box.h // 2)
            surface.blit(tag, tag.get_rect(center=box.center))
            r = box
        if game.current_ordeal is not None and game.facer == p:
            draw_text(surface, ctx, t("board.faces_next"), (r.right + 14, r.centery + 2),
                      size=theme.font_small - 2, colour=theme.bad, role="bold", anchor="midleft")

    def _draw_variant_badge(self, surface: pygame.Surface, v: BoardView, panel: pygame.Rect,
                            title: pygame.Rect) -> None:
        """Solo: the variant's pawn state at the castle panel's top right (one short line), in the
        room the panel's title leaves: at a larger text it shrinks rather than its pawn covering
        the title."""
        game, ctx, theme = v.game, v.ctx, v.ctx.theme
        hooks = game.variant_hooks
        text = ""
        if hooks.premonition:
            text = t("board.badge.premonition_ready" if game.premonition_available else "board.badge.premonition_used")
        elif hooks.guardian:
            text = t("board.badge.guardian_ready" if game.pawn_available else "board.badge.pawn_on")
        elif hooks.intruder:
            placed = any(c.pawn_cell() is not None for c in (game.castle(p) for p in range(game.players)))
            text = t("board.badge.pawn_on" if placed else ("board.badge.intruder_due" if game.intruder_due
                                                             else "board.badge.intruder_wait"))
        elif hooks.prophet and game.prophet_ordeal is not None:
            text = t("board.badge.prophet", name=ordeal_label(game, game.prophet_ordeal))
        if not text:
            return
        pawn = v.art.sprite("pawn", 26)
        room = panel.right - 18 - (title.right + 12 + pawn.get_width() + 4)
        lines = note_lines(ctx.fonts, text, room, v.base_layout.grid_y - 8 - (panel.y + 8), theme.font_small - 3)
        if lines is None:  # (one line, shrunk to the room: at 100 %, or where two lines hold no more)
            r = draw_text(surface, ctx, text, (panel.right - 18, panel.y + 18), size=theme.font_small - 3,
                          colour=theme.ink_soft, role="bold", anchor="midright", max_width=room)
        else:  # at a larger text size: on two lines under one another, as large as they hold
            r = draw_note(surface, ctx, lines, (panel.right - 18, panel.y + 8), theme.ink_soft, "topright")
        surface.blit(pawn, pawn.get_rect(midright=(r.x - 4, r.centery)))

    def _draw_champion(self, surface: pygame.Surface, v: BoardView, p: int, lay: BoardLayout) -> None:
        game, ctx, theme = v.game, v.ctx, v.ctx.theme
        if game.champion != p:
            return
        rect = pygame.Rect(lay.champion_rect(p))
        surface.blit(v.art.sprite("champion", rect.size), rect)
        draw_text(surface, ctx, t("board.champion"), (rect.centerx, rect.bottom + 12), size=theme.font_small - 5,
                  colour=theme.border, role="bold", anchor="center")
        draw_text(surface, ctx, t("board.champion_holds"), (rect.centerx, rect.bottom + 28), size=theme.font_small - 6,
                  colour=theme.ink_soft, anchor="center")

    def _draw_castle_status(self, surface: pygame.Surface, v: BoardView, p: int, lay: BoardLayout,
                            stacked: bool = False) -> None:
        """Two players: one line under each castle — formations against the current Ordeal's
        need and the foundation; `stacked`: the formations in a column, the bottom one on that
        line, each a line apart by their ink (the foundation is under the grid)."""
        game, ctx, theme = v.game, v.ctx, v.ctx.theme
        have = formations(game.castle(p))
        panel = pygame.Rect(lay.castle_panel)
        y = panel.bottom - 22
        x = panel.x + 20
        index = game.current_ordeal
        asked: dict[str, Requirement] = {}  # (met as the rules judge it: the Ordeal's own verdict)
        if index is not None and game.ordeals[index].face_up:
            asked = {r.kind.value: r for r in judge_ordeal(game.ordeals[index].card, game.castle(p)).requirements}
        small = theme.font_small - 3
        counts = []
        for kind in ("tower", "bastion", "line"):
            if kind in asked:
                req = asked[kind]
                counts.append((kind, f"{req.have}/{req.need} {CHECK if req.met else CROSS}",
                               theme.good if req.met else theme.bad))
            else:
                counts.append((kind, str(have[kind]), theme.ink))
        step = max(ink_box(ctx, label, small, "bold").h for _, label, _ in counts) + TOUCH + 2
        if stacked:
            y = _column_bottom(ctx, lay, [label for _, label, _ in counts], small, x, y)
        for k, (kind, label, colour) in enumerate(counts):
            at = (panel.x + 20, y - (2 - k) * step) if stacked else (x, y)
            icon = v.art.sprite(KIND_ICONS[kind], 20)
            surface.blit(icon, icon.get_rect(midleft=at))
            r = draw_text(surface, ctx, label, (at[0] + 24, at[1]), size=small, colour=colour, role="bold",
                          anchor="midleft")
            self.slots[(p, kind)] = r
            x = r.right + 16
        if not stacked:
            words, colour = foundation_status(v, p)
            self.slots[(p, "foundation")] = draw_text(surface, ctx, words, (x + 4, y), size=small, colour=colour,
                                                      role="bold", anchor="midleft")

    def _draw_pantry(self, surface: pygame.Surface, v: BoardView, p: int, lay: BoardLayout,
                     hidden: frozenset[object]) -> None:
        """Player `p`'s Pantry supply, and the count needed after the next Ordeal (§10)."""
        game, ctx, theme = v.game, v.ctx, v.ctx.theme
        supply = pantry_slots(game, p)  # each tile keeps its place (a taken one leaves a gap)
        total = len(supply)
        two = game.players > 1
        label, size = t("board.pantry"), theme.font_small - (2 if not two else 4)
        left, top = _pantry_label_at(ctx, lay, p, label, size)
        draw_text(surface, ctx, label, (left, top), size=size, colour=theme.ink, role="bold")
        lit = v.choices.phase == "get" and bool(v.choices.pantry) and p == game.active
        for k in range(total):
            r = pygame.Rect(lay.pantry_rect(k, p))
            code = supply[k]
            if code is not None and ("pantry", k) not in hidden:
                surface.blit(v.art.tile(code, r.w), r)
                if lit and code in v.choices.pantry:
                    surface.blit(v.art.ring(r.inflate(6, 6).size, GLOW_LEGAL, 1), r.inflate(6, 6))
            else:
                draw.rect(surface, theme.ink_faint, r, 1, border_radius=6)
        self._draw_pantry_need(surface, v, p, lay, lay.pantry_bottom(total) + 8)

    def _draw_pantry_need(self, surface: pygame.Surface, v: BoardView, p: int, lay: BoardLayout,
                          bottom: int) -> None:
        """Under the supply: the Pantry tiles needed after the next Ordeal, and how many are in."""
        game, ctx, theme = v.game, v.ctx, v.ctx.theme
        x0 = lay.pantry_rect(0, p)[0]
        two = game.players > 1
        index = game.current_ordeal
        have = game.castle(p).pantry_count()
        need = game.pantry_needed(index) if index is not None else None
        size = theme.font_small - 5
        lines: list[str] = []
        if index is not None and need is not None:
            short = "_short" if two else ""
            lines = [t(f"board.pantry_need{short}", n=need), t(f"board.pantry_have{short}", n=have)]
            if not two:
                lines.append(t("board.pantry_after", name=ordeal_label(game, index)))
        hard = t("board.pantry_hard") if game.pantry_mode is PantryMode.HARD and not two else ""
        room = pygame.Rect(lay.castle_panel).right - 12 - (x0 - 2)  # clear of the panel's border
        roles = ["body", "bold", "body"][:len(lines)] + (["body"] if hard else [])
        left = x0 - 2
        if ctx.fonts.text_scale > 1.0 and not two:
            left, room = _lines_room(ctx, lay, list(zip([*lines, hard], roles, strict=False)), size, room)
        tops = [bottom + k * 18 for k in (*range(len(lines)), 3)][:len(roles)] if ctx.fonts.text_scale <= 1.0 \
            else _ink_rows(ctx, [*lines, hard][:len(roles)], roles, size, room, bottom)
        colours = [theme.ink, theme.good if have == need else theme.bad, theme.ink_soft][:len(lines)] + [theme.ink_soft]
        for line, role, colour, top in zip([*lines, hard], roles, colours, tops, strict=False):
            draw_text(surface, ctx, line, (left, top), size=size, colour=colour, role=role, max_width=room)


def _pantry_label_at(ctx: SceneContext, lay: BoardLayout, p: int, label: str, size: int) -> tuple[int, int]:
    """Where player `p`'s Pantry name (bold, `size`) goes: over the supply's column, moved in where
    it is wider than the room left of the panel's edge (the two-player Prison layout's column is
    narrow: "Despensa" was cut by its castle's edge)."""
    x0, y0, _, _ = lay.pantry_rect(0, p)
    right = inside(lay.castle_panel).right - 1
    # (at a larger size its line ends 3 px over the supply: the third tile of a row cut "Despensa")
    top = y0 - 22 if ctx.fonts.text_scale <= 1.0 else y0 - 3 - ctx.fonts.get("bold", size).get_linesize()
    left = min(x0 - 2, right - ctx.fonts.text_width(label, "bold", size))
    frame = pygame.Rect(lay.grid_rect).inflate(12, 12)
    if ctx.fonts.text_scale > 1.0 and left < frame.right + TOUCH_ACROSS:  # (it ran over the grid's frame:
        top = frame.y - TOUCH - ink_box(ctx, label, size, "bold").bottom  # above it, beside the name)
    return left, top


def _lines_room(ctx: SceneContext, lay: BoardLayout, lines: list[tuple[str, str]], size: int, room: int
                ) -> tuple[int, int]:
    """Where the solo Pantry's lines under its supply go at a larger text size (their left edge and
    their width, each shrunk to it): where one at `size` is wider than the supply's column, from the
    grid's frame and the ghost cell beside it (a space right of them) to the panel's edge ("el
    castillo tiene 0" shrank to 12 px in the column beside "pide 2" at 26)."""
    left = lay.pantry_rect(0, 0)[0] - 2
    if all(ctx.fonts.text_width(line, role, size) <= room for line, role in lines if line):
        return left, room
    beside = [pygame.Rect(lay.grid_rect).inflate(12, 12)] + [pygame.Rect(lay.cell_rect(c)) for c in GHOST_CELLS]
    wider = min(left, max(r.right for r in beside) + TOUCH_ACROSS)
    return wider, left + room - wider


def _column_bottom(ctx: SceneContext, lay: BoardLayout, labels: list[str], size: int, x: int, y: int) -> int:
    """Where the bottom row of the formations' column (each label after its icon, from `x`) is
    centred: on `y`; where the column is wider than the room left of the ghost cell beside the
    foundation row (the two-player Prison layout's narrower panel), as high as its ink ends above
    that cell."""
    ghost = pygame.Rect(lay.cell_rect(GHOST_CELLS[0]))
    if x + 24 + max(ctx.fonts.text_width(label, "bold", size) for label in labels) < ghost.x - 2:
        return y
    lowest = max(ink_box(ctx, label, size, "bold").bottom - ctx.fonts.render(label, size, (0, 0, 0), "bold")
                 .get_height() // 2 for label in labels)
    return min(y, ghost.y - TOUCH - 1 - lowest)


def foundation_status(v: BoardView, p: int) -> tuple[str, tuple[int, int, int]]:
    """Player `p`'s foundation against the six it needs ("Foundation 4/6 ✗"), in its colour."""
    castle, theme = v.game.castle(p), v.ctx.theme
    ok = castle.foundation_complete()
    return f"{t('board.foundation_status', n=castle.row_count(0))} {CHECK if ok else CROSS}", \
        theme.good if ok else theme.bad


def _ink_rows(ctx: SceneContext, lines: list[str], roles: list[str], size: int, width: int, first: int) -> list[int]:
    """Where lines of `size` (each shrunk to `width`, as `draw_text` does) go at a larger text
    size, the first at `first`, the others one under the other by their ink, not their line (the
    Japanese lines are much taller than their glyphs: under the Pantry's supply the third ran out
    of the castle's panel)."""
    tops: list[int] = []
    ink_bottom = 0  # (of the line above)
    for line, role in zip(lines, roles, strict=True):
        drawn, drawn_size = fit_line(ctx.fonts, line, role, size, width)
        ink = ink_box(ctx, drawn, drawn_size, role)
        tops.append(ink_bottom + TOUCH - ink.y if tops else first)
        ink_bottom = tops[-1] + ink.bottom
    return tops


def hidden_cells(hidden: frozenset[object], p: int, seen_as_grid: bool) -> set[Cell]:
    """The cells of player `p`'s castle the still picture leaves out (tiles in flight there):
    plain cells for the castle seen as "the" grid, `("p", player, cell)` for the other one."""
    if seen_as_grid:
        return {h for h in hidden if isinstance(h, tuple) and len(h) == 2 and isinstance(h[0], int)}
    return {h[2] for h in hidden if isinstance(h, tuple) and len(h) == 3 and h[0] == "p" and h[1] == p}


class PrisonPanel:
    """The prison (§8.4): a 3 × 3 ring around the pawn, built tile by tile."""

    def draw(self, surface: pygame.Surface, v: BoardView, hidden: frozenset[object]) -> None:
        """The prison (§8.4): a 3 × 3 ring around the pawn, built tile by tile."""
        game, ctx, theme, lay = v.game, v.ctx, v.ctx.theme, v.base_layout
        if lay.prison_panel[2]:
            panel = pygame.Rect(lay.prison_panel)
            draw_panel(surface, panel, ctx)
            title, size = t("board.prison"), theme.font_small
            at, anchor = (panel.centerx, panel.y + 20), "center"
            if ctx.fonts.text_scale > 1.0:  # (larger: its ink inside the panel's frame, it started over it; as
                size = fit_size(ctx.fonts, title, "title", size, inside(panel).w - 4)  # wide as the panel)
                at, anchor = (panel.centerx, inside(panel).y + 1 - ink_box(ctx, title, size, "title").y), "midtop"
            draw_text(surface, ctx, title, at, size=size, colour=theme.border, role="title", anchor=anchor)
        else:
            x, y, w, h = lay.prison_area
            size = theme.font_small - 2  # (at a larger size its line ends over the ring's frame: it cut "Prisión")
            top = y - 24 if ctx.fonts.text_scale <= 1.0 else y - 7 - ctx.fonts.get("bold", size).get_linesize()
            draw_text(surface, ctx, t("board.prison"), (x - 2, top), size=size, colour=theme.ink, role="bold")
        area = pygame.Rect(lay.prison_area)
        draw.rect(surface, (196, 178, 146), area.inflate(10, 10), border_radius=8)
        draw.rect(surface, (120, 90, 60), area.inflate(10, 10), 2, border_radius=8)
        prison = game.prison
        size = lay.prison_cell
        for cell in PRISON_RING:
            r = pygame.Rect(lay.prison_rect(cell))
            slot = r.inflate(-4, -4)
            draw.rect(surface, (235, 225, 200), slot, border_radius=6)
            draw.rect(surface, (110, 90, 70), slot, 1, border_radius=6)
            if cell in prison and ("prison", cell) not in hidden:
                surface.blit(v.art.tile(prison[cell], size - 4), slot)
        centre = pygame.Rect(lay.prison_rect((1, 1))).inflate(-4, -4)
        surface.blit(v.art.sprite("prison", centre.size), centre)
        pawn = v.art.sprite("pawn", int(size * 0.8))
        surface.blit(pawn, pawn.get_rect(center=centre.center))
        n = len(prison)
        ok = game.prison_complete
        cap = f"{t('board.prison_count', n=n)} {CHECK if ok else ''}".strip()
        count = draw_text(surface, ctx, cap, (area.centerx, area.bottom + 14), size=theme.font_small - 3,
                          colour=theme.good if ok else theme.ink, role="bold", anchor="center")
        # at a larger size the penalty starts under the count's ink (the Japanese count, centred on
        # its taller line, reached down into it)
        under = count.y + ink_box(ctx, cap, theme.font_small - 3, "bold").bottom + TOUCH - 1 \
            if ctx.fonts.text_scale > 1.0 else 0
        if not ok:
            if lay.prison_panel[2] and ctx.fonts.text_scale > 1.0 and \
                    _draw_penalty_note(surface, ctx, inside(lay.prison_panel), under):
                return
            if not lay.prison_panel[2] and ctx.fonts.text_scale > 1.0 and _draw_solo_penalty(surface, v, under + 1):
                return
            if lay.prison_panel[2]:
                inset = 8 if ctx.fonts.text_scale <= 1.0 else 11  # (larger words: inside the panel's frame)
                box = pygame.Rect(lay.prison_panel[0] + inset, area.bottom + 30, lay.prison_panel[2] - 2 * inset, 90)
            else:
                # inside the castle's panel (the Spanish ran under its right border at 1024×600)
                right = pygame.Rect(lay.castle_panel).right - 10
                box = pygame.Rect(area.x - 14, max(area.bottom + 26, under), right - (area.x - 14), 60)
            draw_wrapped(surface, ctx, t("board.prison_penalty"), box, size=theme.font_small - 6, colour=theme.bad,
                         line_gap=1)  # (at 0 the lines' glyphs touched)


def _draw_penalty_note(surface: pygame.Surface, ctx: SceneContext, inner: pygame.Rect, top: int) -> bool:
    """The Prison's penalty in its own panel (two players) at a larger text size: wrapped in whole
    words across the panel's inside, from `top` (under the count) down to its bottom, at the
    largest size up to the count's that holds there (in a box 90 px tall it shrank to 14 px beside
    the count's 30); False (nothing drawn) where no size above the one that box gave holds."""
    theme, text = ctx.theme, t("board.prison_penalty")
    room = pygame.Rect(inner.x, top, inner.w, inner.bottom - top)
    for size in range(theme.font_small - 3, floor_of(theme.font_small - 6, ctx.fonts.text_scale), -1):
        tall = wrapped_fit(ctx, text, room.w, size=size, line_gap=1)
        if tall is not None and tall <= room.h:
            draw_wrapped(surface, ctx, text, pygame.Rect(room.x, room.y, room.w, tall), size=size, colour=theme.bad,
                         line_gap=1)
            return True
    return False


def _draw_solo_penalty(surface: pygame.Surface, v: BoardView, top: int) -> bool:
    """The solo Prison's penalty at a larger text size, under the ring's count (its ink from `top`)
    in the castle panel's right column: down to the Pantry's name (or the panel's bottom), as wide
    as the column or, where that is too narrow, from the grid's frame and the ghost cells beside it
    to the panel's edge, its lines placed by their ink (the Japanese lines are much taller than
    their glyphs); the largest size up to the count's that holds, its shorter form where that is
    larger (in a box 60 px tall it stayed 12 px beside the count's 30). False (nothing drawn) where
    nothing above the 100 % size holds."""
    ctx, lay, theme = v.ctx, v.base_layout, v.ctx.theme
    area, bottom = pygame.Rect(lay.prison_area), inside(lay.castle_panel).bottom
    if v.game.pantry_mode:
        label, size = t("board.pantry"), theme.font_small - 2
        bottom = min(bottom, _pantry_label_at(ctx, lay, 0, label, size)[1] + ink_box(ctx, label, size, "bold").y
                     - TOUCH - 1)
    right = pygame.Rect(lay.castle_panel).right - 10
    beside = [pygame.Rect(lay.grid_rect).inflate(12, 12)] + [pygame.Rect(lay.cell_rect(c)) for c in GHOST_CELLS]
    lefts = (area.x - 14, max(r.right for r in beside) + TOUCH_ACROSS)
    texts = (t("board.prison_penalty"), t("board.prison_penalty_short"))
    for size in range(theme.font_small - 3, floor_of(theme.font_small - 6, ctx.fonts.text_scale), -1):
        for text in texts:
            for left in lefts:
                lines = wrapped_lines(ctx, text, right - left, size=size)[1]
                if all(ctx.fonts.text_width(line, "body", size) <= right - left for line in lines) and \
                        well_broken(lines) and ink_height(ctx, (lines, size), "body") <= bottom - top:
                    draw_ink_lines(surface, ctx, (lines, size), (left, top), theme.bad, role="body")
                    return True
    return False
