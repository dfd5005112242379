"""The live layer: what moves over the cached still picture, redrawn every frame."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from castellion.rules import Formation, parse_tile
from castellion.rules.preview import Preview
from castellion.scenes.board.forecast import ForecastLayer, FormationMoment, Slots
from castellion.scenes.board.panels_tiles import draw_current_badge
from castellion.scenes.board.phase import Phase
from castellion.scenes.board.state import MessageKind, Probe
from castellion.scenes.board.view import BoardView
from castellion.ui import draw
from castellion.ui.canvas import scaled
from castellion.ui.castle_view import GLOW_BAD, GLOW_LEGAL, GLOW_TARGET
from castellion.ui.catalog_keys import card_name
from castellion.ui.drag import Anim, Animations, Drag
from castellion.ui.geometry import GHOST_CELLS, CastleTarget, CellTarget, Point, Target
from castellion.ui.text import t
from castellion.ui.widgets import Button, draw_panel, draw_text, draw_wrapped

BUTTON_KEYS = ("hint", "undo", "redo", "rules", "menu", "encounter", "use", "skip", "premonition", "champion", "facer0",
               "facer1")


@dataclass(frozen=True)
class LiveState:
    """The gesture state the live layer shows (a read-only snapshot taken by the scene)."""

    drag: Drag | None
    carry: bool
    pantry_pick: str | None
    carried_pantry: str | None
    probe: Probe | None
    preview: tuple[list[Formation], list[Formation]]
    keyboard: bool
    cursor: Target | None
    pointer: Point
    message: str
    message_kind: MessageKind
    anims: Animations
    buttons: dict[str, Button]
    forecast: Preview | None = None  # the rules' preview of the hovered drop (issue 12 §3)
    slots: Slots = field(default_factory=dict)  # where the requirement panels drew their counts


class LiveLayer:
    """What moves over the still picture: the lit targets of the phase, what the carried thing
    would do where it is (with the rules' preview: a line by the cell, ghost counts), flights,
    flips and formation moments, the keyboard cursor, the dragged tile, the facer prompt, the
    message line and the buttons."""

    def __init__(self) -> None:
        self.forecast = ForecastLayer()

    def draw(self, surface: pygame.Surface, v: BoardView, g: LiveState) -> None:
        ctx, theme, lay = v.ctx, v.ctx.theme, v.layout
        c = v.choices
        game = v.game
        view = v.view
        drag = g.drag
        pantry = g.carried_pantry
        carrying_held = (drag is not None and drag.moved and drag.tile is not None and drag.from_cell is None
                         and pantry is None) or g.carry
        strength = 2 if carrying_held else 1
        # lit cells for the phase
        if c.phase == Phase.USE and game.held is not None and not parse_tile(game.held).traitor:
            grid_cells = [cell for cell in c.place if cell not in GHOST_CELLS]
            view.draw_glow(surface, grid_cells, GLOW_LEGAL, strength)
            for ghost in c.ghosts:
                view.draw_ghost(surface, ghost, strong=False)
            if c.prison:
                for cell in c.prison:
                    r = pygame.Rect(lay.prison_rect(cell))
                    surface.blit(v.art.glow(r.size, GLOW_LEGAL, strength), r)
            if c.pass_tile is not None and carrying_held:
                other = pygame.Rect(lay.castle_panel_of(1 - game.active)).inflate(-6, -6)
                over = g.probe is not None and isinstance(g.probe.target, CastleTarget) and g.probe.ok
                draw.rect(surface, GLOW_TARGET if over else GLOW_LEGAL, other, 5 if over else 3,
                                 border_radius=12)
                img = ctx.fonts.render(t("board.drop_to_pass", name=v.name_of(1 - game.active)),
                                       theme.font_small - 2, (250, 244, 230), "bold")
                tag = img.get_rect(midtop=(other.centerx, other.y + 6)).inflate(20, 6)
                draw.rect(surface, (38, 110, 52) if over else (110, 80, 30), tag, border_radius=tag.h // 2)
                surface.blit(img, img.get_rect(center=tag.center))
            if c.vigil is not None and carrying_held:
                r = pygame.Rect(lay.vigil_rect()).inflate(8, 8)
                surface.blit(v.art.ring(r.size, GLOW_LEGAL, 2), r)
        elif c.phase == Phase.USE and game.held is not None:
            current = game.current_ordeal
            if current is not None:
                # a frame around the card and its Traitors, never a fill: the card stays readable
                r = pygame.Rect(lay.ordeal_area(current))
                surface.blit(v.art.ring(r.size, GLOW_LEGAL, strength), r)
                if ("ordeal", current) not in v.hidden:
                    draw_current_badge(surface, v, current)  # over the frame, which ran through it
            if c.guardian:
                view.draw_ring(surface, c.guardian, GLOW_TARGET, strength)
        # lit tiles are framed (`draw_ring`), never tinted: a tint recolours the tile under it
        if c.phase == Phase.INTRUDER:
            view.draw_ring(surface, c.intruder, GLOW_BAD, 2)
        if pantry is not None:
            cells = c.pantry.get(pantry, {})
            view.draw_glow(surface, [x for x in cells if x not in GHOST_CELLS], GLOW_LEGAL, 2)
            for ghost in c.pantry_ghosts(pantry):
                view.draw_ghost(surface, ghost, strong=False)
        if c.phase in (Phase.DESTROY, Phase.PYRO_DESTROY):
            view.draw_ring(surface, c.destroy, GLOW_BAD, 1)
        if c.phase == Phase.JUGGLER:
            if v.selected is not None:
                view.draw_ring(surface, c.partners(v.selected), GLOW_TARGET, 2)
            elif drag is not None and drag.from_cell is not None and drag.moved:
                view.draw_ring(surface, c.partners(drag.from_cell), GLOW_TARGET, 2)
            else:
                view.draw_ring(surface, c.swap_cells, GLOW_LEGAL, 1)
        if c.phase == Phase.PYRO_MOVE:
            dragged = drag.from_cell if drag is not None and drag.moved else None
            src = v.selected if v.selected is not None else dragged
            if src is not None and src in c.moves:
                for dst in c.moves[src]:
                    if dst in GHOST_CELLS:
                        view.draw_ghost(surface, dst)
                    else:
                        view.draw_glow(surface, [dst], GLOW_TARGET, 2)
            else:
                view.draw_ring(surface, c.moves, GLOW_LEGAL, 1)
        if carrying_held and c.discard is not None:
            r = pygame.Rect(lay.discard_rect()).inflate(8, 8)
            surface.blit(v.art.ring(r.size, GLOW_LEGAL, 1), r)
        # what the carried thing would do where it is
        probe = g.probe
        tagged = False
        if probe is not None and (carrying_held or (drag is not None and drag.moved) or pantry is not None):
            target, ok, text = probe
            rect = pygame.Rect(lay.target_rect(target)) if target.kind != "button" else None
            if rect is not None:
                if isinstance(target, CellTarget) and target.cell in GHOST_CELLS and ok:
                    view.draw_ghost(surface, target.cell, strong=True)
                elif isinstance(target, CastleTarget):
                    pass  # drawn with the pass hint above (a frame, not a fill over the partner's castle)
                else:
                    # an empty cell may be filled with light; anything with a picture is framed
                    empty = isinstance(target, CellTarget) and game.castle(game.active).tile_at(target.cell) is None
                    ring = rect.inflate(12, 12)
                    colour = GLOW_TARGET if ok else GLOW_BAD
                    surface.blit(v.art.glow(ring.size, colour, 3) if empty else v.art.ring(ring.size, colour, 3),
                                 ring)
            completes, cancels = g.preview
            if completes:
                view.draw_formations(surface, completes, icons=False, width=5)
            if cancels:
                view.draw_formations(surface, cancels, colour=GLOW_BAD, icons=False, width=3)
            if g.forecast is not None and probe.ok and rect is not None:
                tagged = self.forecast.draw_preview(surface, v, g.forecast, (rect.x, rect.y, rect.w, rect.h),
                                                    g.slots)
        # flights
        now = g.anims.now
        for anim in g.anims.items:
            if anim.kind == "flight" and anim.tile:
                x, y, w, h = anim.rect(now)
                surface.blit(v.art.tile(anim.tile, max(8, min(w, h))), (x, y))
            elif anim.kind == "flip":
                self._draw_flip(surface, v, g, anim)
            elif isinstance(anim, FormationMoment):
                self.forecast.draw_moment(surface, v, v.base_layout, anim, now)
        # keyboard cursor
        if g.keyboard and g.cursor is not None:
            rect = pygame.Rect(lay.target_rect(g.cursor)).inflate(8, 8)
            carried = game.held if g.carry else g.pantry_pick
            if carried is not None:
                img = v.art.tile(carried, lay.cell - 6)
                surface.blit(img, img.get_rect(center=rect.center))
            # two-tone: the gold ring alone is the colour of the "you may act here" glow, so a
            # dark band around it tells the cursor apart on lit tiles, piles and parchment alike
            draw.rect(surface, theme.ink, rect.inflate(10, 10), 5, border_radius=14)
            draw.rect(surface, theme.focus, rect, 4, border_radius=10)
        # the dragged tile follows the pointer
        if drag is not None and drag.moved and drag.tile is not None:
            size = lay.cell - 6
            x, y = drag.tile_topleft()
            lift = 8  # the carried tile is drawn a little larger, lifted off the board
            surface.blit(v.art.shade((size + lift, size + lift), 90), (x + 4, y + 10))
            surface.blit(v.art.tile(drag.tile, size + lift), (x - lift // 2, y - lift // 2 - 4))
        elif g.carry and game.held is not None and not g.keyboard:
            size = lay.cell - 6
            surface.blit(v.art.tile(game.held, size), (g.pointer[0] - size // 2, g.pointer[1] - size // 2))
        elif g.pantry_pick is not None and not g.keyboard:
            size = lay.cell - 6
            surface.blit(v.art.tile(g.pantry_pick, size), (g.pointer[0] - size // 2, g.pointer[1] - size // 2))
        if c.phase == Phase.CHOOSE_FACER:
            self._draw_facer_prompt(surface, v, g)
        # the message line: why not / what it would do
        text, kind = g.message, g.message_kind
        moving = carrying_held or (drag is not None and drag.moved) or pantry is not None
        if probe is not None and probe.text and moving and not tagged:  # (said by the cell already)
            text, kind = probe.text, ("hint" if probe.ok else "error")
        if text:
            self._draw_message(surface, v, text, kind)
        for key in BUTTON_KEYS:
            b = g.buttons[key]
            if b.visible:
                b.draw(surface)

    def _draw_facer_prompt(self, surface: pygame.Surface, v: BoardView, g: LiveState) -> None:
        """Two players, first Ordeal: who faces it (two buttons with the players' names)."""
        ctx, theme, game = v.ctx, v.ctx.theme, v.game
        b0, b1 = g.buttons["facer0"].rect, g.buttons["facer1"].rect
        box = b0.union(b1).inflate(200, 160).move(0, -40)
        surface.blit(v.art.shade((ctx.canvas[0], ctx.canvas[1]), 110), (0, 0))
        draw_panel(surface, box, ctx)
        index = game.current_ordeal if game.current_ordeal is not None else 0
        view = game.ordeals[index]
        name = card_name(view.card) if view.face_up else t("board.ordeal_n", n=index + 1)
        draw_text(surface, ctx, t("board.facer_title", name=name), (box.centerx, box.y + 34), size=30,
                  colour=theme.border, role="title", anchor="center")
        draw_wrapped(surface, ctx, t("board.facer_text"), pygame.Rect(box.x + 40, box.y + 58, box.w - 80, 48),
                     size=theme.font_small - 2, colour=theme.ink_soft, line_gap=0)

    def _draw_message(self, surface: pygame.Surface, v: BoardView, text: str, kind: str) -> pygame.Rect:
        """The message pill (answered: where its text went), shrunk to its line when long."""
        ctx, theme = v.ctx, v.ctx.theme
        colour = {"error": (255, 236, 230), "hint": (230, 255, 232)}.get(kind, (250, 240, 220))
        fill = {"error": (150, 36, 26), "hint": (38, 110, 52)}.get(kind, (70, 50, 30))
        area = pygame.Rect(v.layout.message)
        size = theme.font_small  # a long sentence (or a longer language) shrinks to fit its line
        while size > 13 and ctx.fonts.get("bold", size).size(text)[0] > area.w - 28:
            size -= 1
        img = ctx.fonts.render(text, size, colour, "bold")
        rect = img.get_rect(center=area.center).inflate(28, 6)
        rect.clamp_ip(area)
        draw.rect(surface, fill, rect, border_radius=rect.h // 2)
        draw.rect(surface, theme.gold, rect, 1, border_radius=rect.h // 2)
        return surface.blit(img, img.get_rect(center=rect.center))

    def _draw_flip(self, surface: pygame.Surface, v: BoardView, g: LiveState, anim: Anim) -> None:
        i = anim.index
        view = v.game.ordeals[i]
        rect = pygame.Rect(v.layout.ordeal_rect(i))
        p = anim.progress(g.anims.now)
        face = p >= 0.5
        img = v.cards.get(view.card, rect.size, face)
        w = max(2, int(rect.w * abs(1 - 2 * p)))
        img = scaled(img, (w, rect.h))
        surface.blit(img, img.get_rect(center=rect.center))

