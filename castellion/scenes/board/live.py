"""The live layer: what moves over the cached still picture, redrawn every frame."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from castellion.rules import Phase, parse_tile
from castellion.scenes.board.fitting import message_room
from castellion.scenes.board.forecast import ForecastLayer, FormationMoment, Slots
from castellion.scenes.board.panels_ordeals import draw_current_badge
from castellion.scenes.board.state import Gesture, MessageKind, Probe
from castellion.scenes.board.view import BoardView
from castellion.ui import draw
from castellion.ui.canvas import scaled
from castellion.ui.castle_view import GLOW_BAD, GLOW_LEGAL, GLOW_TARGET
from castellion.ui.drag import Anim, Animations
from castellion.ui.fit import largest_limit
from castellion.ui.geometry import GHOST_CELLS, Point
from castellion.ui.marks import MARK_OF_DROP, draw_badge
from castellion.ui.painting import ink_box
from castellion.ui.rules_text import ordeal_label
from castellion.ui.targets import CastleTarget, CellTarget, PileTarget, Target
from castellion.ui.text import language, t
from castellion.ui.widgets import Button, draw_panel, draw_text, draw_wrapped

DROP_FILL = {True: (30, 110, 50), False: (160, 30, 24)}  # the badge of a drop taken / refused

BUTTON_KEYS = ("hint", "undo", "redo", "rules", "menu", "encounter", "use", "skip", "premonition", "champion", "facer0",
               "facer1")


@dataclass(frozen=True)
class LiveState:
    """The gesture state the live layer shows (a read-only snapshot taken by the scene)."""

    gesture: Gesture
    carried_pantry: str | None
    keyboard: bool
    cursor: Target | None
    pointer: Point
    message: str
    message_kind: MessageKind
    anims: Animations
    buttons: dict[str, Button]
    slots: Slots = field(default_factory=dict)  # where the requirement panels drew their counts
    banner_tall: bool = False  # the banner lies over the message line (`fitting.banner_room`): its words by the cell

    @property
    def carrying_held(self) -> bool:
        """The tile in hand is being carried (dragged, or picked up by a click / Enter)."""
        d = self.gesture.drag
        return (d is not None and d.moved and d.tile is not None and d.from_cell is None
                and self.carried_pantry is None) or self.gesture.carry

    @property
    def moving(self) -> bool:
        """Something follows the pointer or the cursor: its probe is worth showing."""
        d = self.gesture.drag
        return self.carrying_held or (d is not None and d.moved) or self.carried_pantry is not None


Painter = Callable[[pygame.Surface, BoardView, LiveState], None]


# ------------------------------------------------------------------ the phases' lit targets
def _paint_use(surface: pygame.Surface, v: BoardView, g: LiveState) -> None:
    """A tile in hand: the lit cells, ghost slots and other places it may go."""
    game = v.game
    if game.held is None:
        return
    if parse_tile(game.held).traitor:
        _paint_traitor(surface, v, g)
        return
    c, lay, view = v.choices, v.layout, v.view
    strength = 2 if g.carrying_held else 1
    # only the moves a guide lets through: the tutorial's first tile lit all six foundation cells
    # and refused five of them
    lit = [cell for cell, action in c.place.items() if cell not in GHOST_CELLS and v.offered(action)]
    view.draw_glow(surface, lit, GLOW_LEGAL, strength)
    for ghost in c.ghosts:
        view.draw_ghost(surface, ghost, strong=False)
    for cell in c.prison:
        r = pygame.Rect(lay.prison_rect(cell))
        surface.blit(v.art.glow(r.size, GLOW_LEGAL, strength), r)
    if c.pass_tile is not None and g.carrying_held:
        _paint_pass(surface, v, g)
    if c.vigil is not None and g.carrying_held:
        r = pygame.Rect(lay.vigil_rect()).inflate(8, 8)
        surface.blit(v.art.ring(r.size, GLOW_LEGAL, 2), r)


def _paint_pass(surface: pygame.Surface, v: BoardView, g: LiveState) -> None:
    """Two players: the partner's castle framed, with "drop here to pass it"."""
    ctx, theme, game = v.ctx, v.ctx.theme, v.game
    other = pygame.Rect(v.layout.castle_panel_of(1 - game.active)).inflate(-6, -6)
    probe = g.gesture.probe
    over = probe is not None and isinstance(probe.target, CastleTarget) and probe.ok
    draw.rect(surface, GLOW_TARGET if over else GLOW_LEGAL, other, 5 if over else 3, border_radius=12)
    img = ctx.fonts.render(t("board.drop_to_pass", name=v.name_of(1 - game.active)), theme.font_small - 2,
                           (250, 244, 230), "bold")
    tag = img.get_rect(midtop=(other.centerx, other.y + 6)).inflate(20, 6)
    draw.rect(surface, (38, 110, 52) if over else (110, 80, 30), tag, border_radius=tag.h // 2)
    surface.blit(img, img.get_rect(center=tag.center))


def _paint_traitor(surface: pygame.Surface, v: BoardView, g: LiveState) -> None:
    """A Traitor in hand: the current Ordeal framed (never filled: the card stays readable), the pawn cells."""
    c, game = v.choices, v.game
    strength = 2 if g.carrying_held else 1
    current = game.current_ordeal
    if current is not None:
        r = pygame.Rect(v.layout.ordeal_area(current))
        surface.blit(v.art.ring(r.size, GLOW_LEGAL, strength), r)
        if ("ordeal", current) not in v.hidden:
            draw_current_badge(surface, v, current)  # over the frame, which ran through it
    if c.guardian:
        v.view.draw_ring(surface, c.guardian, GLOW_TARGET, strength)


# lit tiles are framed (`draw_ring`), never tinted: a tint recolours the tile under it
def _paint_intruder(surface: pygame.Surface, v: BoardView, g: LiveState) -> None:
    v.view.draw_ring(surface, v.choices.intruder, GLOW_BAD, 2)


def _paint_destroy(surface: pygame.Surface, v: BoardView, g: LiveState) -> None:
    v.view.draw_ring(surface, v.choices.destroy, GLOW_BAD, 1)


def _paint_juggler(surface: pygame.Surface, v: BoardView, g: LiveState) -> None:
    """The tiles the Juggler may swap; once one is chosen (or dragged), its partners."""
    c, view, drag = v.choices, v.view, g.gesture.drag
    if v.selected is not None:
        view.draw_ring(surface, c.partners(v.selected), GLOW_TARGET, 2)
    elif drag is not None and drag.from_cell is not None and drag.moved:
        view.draw_ring(surface, c.partners(drag.from_cell), GLOW_TARGET, 2)
    else:
        view.draw_ring(surface, c.swap_cells, GLOW_LEGAL, 1)


def _paint_pyro_move(surface: pygame.Surface, v: BoardView, g: LiveState) -> None:
    """The tiles the Pyro may move; once one is chosen (or dragged), where it may go."""
    c, view, drag = v.choices, v.view, g.gesture.drag
    dragged = drag.from_cell if drag is not None and drag.moved else None
    src = v.selected if v.selected is not None else dragged
    if src is None or src not in c.moves:
        view.draw_ring(surface, c.moves, GLOW_LEGAL, 1)
        return
    for dst in c.moves[src]:
        if dst in GHOST_CELLS:
            view.draw_ghost(surface, dst)
        else:
            view.draw_glow(surface, [dst], GLOW_TARGET, 2)


# what each phase lights before anything else is drawn (a phase not listed lights nothing)
PHASE_PAINTERS: dict[str, Painter] = {
    Phase.USE: _paint_use,
    Phase.INTRUDER: _paint_intruder,
    Phase.DESTROY: _paint_destroy,
    Phase.PYRO_DESTROY: _paint_destroy,
    Phase.JUGGLER: _paint_juggler,
    Phase.PYRO_MOVE: _paint_pyro_move,
}


# --------------------------------------------------------------- what the gesture carries
def _paint_pantry(surface: pygame.Surface, v: BoardView, g: LiveState) -> None:
    """A Pantry tile carried: the cells it may go to, its ghost slots."""
    pantry = g.carried_pantry
    if pantry is None:
        return
    c, view = v.choices, v.view
    view.draw_glow(surface, [x for x in c.pantry.get(pantry, {}) if x not in GHOST_CELLS], GLOW_LEGAL, 2)
    for ghost in c.pantry_ghosts(pantry):
        view.draw_ghost(surface, ghost, strong=False)


def _paint_discard(surface: pygame.Surface, v: BoardView, g: LiveState) -> None:
    if g.carrying_held and v.choices.discard is not None:
        r = pygame.Rect(v.layout.discard_rect()).inflate(8, 8)
        surface.blit(v.art.ring(r.size, GLOW_LEGAL, 1), r)


def _paint_probe_target(surface: pygame.Surface, v: BoardView, probe: Probe) -> pygame.Rect | None:
    """The hovered target lit green (legal) or red; its rect (None for a button)."""
    target, ok = probe.target, probe.ok
    if target.kind == "button":
        return None
    rect = pygame.Rect(v.layout.target_rect(target))
    if isinstance(target, CellTarget) and target.cell in GHOST_CELLS and ok:
        v.view.draw_ghost(surface, target.cell, strong=True)
    elif not isinstance(target, CastleTarget):  # (the partner's castle: framed by the pass hint)
        # an empty cell may be filled with light; anything with a picture is framed
        game = v.game
        empty = isinstance(target, CellTarget) and game.castle(game.active).tile_at(target.cell) is None
        ring = rect.inflate(12, 12)
        colour = GLOW_TARGET if ok else GLOW_BAD
        surface.blit(v.art.glow(ring.size, colour, 3) if empty else v.art.ring(ring.size, colour, 3), ring)
        paint_drop_mark(surface, rect, ok)
    return rect


def paint_drop_mark(surface: pygame.Surface, rect: pygame.Rect, ok: bool) -> None:
    """✓ or ✗ at the top right of the target under a carried tile: the green or red light said
    again by a shape (never colour alone)."""
    side = max(18, min(28, rect.w // 3))
    badge = pygame.Rect(0, 0, side, side)
    badge.center = (rect.right - side // 3, rect.y + side // 3)
    draw_badge(surface, MARK_OF_DROP[ok], badge, DROP_FILL[ok])


def _paint_keyboard_cursor(surface: pygame.Surface, v: BoardView, g: LiveState) -> None:
    if not g.keyboard or g.cursor is None:
        return
    theme, lay = v.ctx.theme, v.layout
    rect = pygame.Rect(lay.target_rect(g.cursor)).inflate(8, 8)
    band = rect.inflate(10, 10)
    if isinstance(g.cursor, PileTarget):  # (a pile: both bands on the pile's picture, inside its edge; 9 px
        band, rect = rect.inflate(-8, -8), rect.inflate(-18, -18)  # out it lay over the count under it)
    carried = v.game.held if g.gesture.carry else g.gesture.pantry_pick
    if carried is not None:
        img = v.art.tile(carried, lay.cell - 6)
        surface.blit(img, img.get_rect(center=rect.center))
    # two-tone: the gold ring alone is the colour of the "you may act here" glow, so a
    # dark band around it tells the cursor apart on lit tiles, piles and parchment alike
    draw.rect(surface, theme.ink, band, 5, border_radius=14)
    draw.rect(surface, theme.focus, rect, 4, border_radius=10)


def _paint_carried(surface: pygame.Surface, v: BoardView, g: LiveState) -> None:
    """The dragged tile follows the pointer, lifted; a tile picked up by a click hangs under it."""
    drag, size = g.gesture.drag, v.layout.cell - 6
    if drag is not None and drag.moved and drag.tile is not None:
        x, y = drag.tile_topleft()
        lift = 8  # the carried tile is drawn a little larger, lifted off the board
        surface.blit(v.art.shade((size + lift, size + lift), 90), (x + 4, y + 10))
        surface.blit(v.art.tile(drag.tile, size + lift), (x - lift // 2, y - lift // 2 - 4))
        return
    code = v.game.held if g.gesture.carry else g.gesture.pantry_pick
    if code is not None and not g.keyboard:
        surface.blit(v.art.tile(code, size), (g.pointer[0] - size // 2, g.pointer[1] - size // 2))


class LiveLayer:
    """What moves over the still picture, painted in this order: the lit targets of the phase
    (`PHASE_PAINTERS`), what the carried thing would do where it is (with the rules' preview: a
    line by the cell, ghost counts), flights, flips and formation moments, the keyboard cursor,
    the dragged tile, the facer prompt, the message line and the buttons."""

    def __init__(self) -> None:
        self.forecast = ForecastLayer()
        self._message_sizes: dict[tuple[str, float, float, str], float] = {}  # the message line's text size

    def draw(self, surface: pygame.Surface, v: BoardView, g: LiveState) -> None:
        paint = PHASE_PAINTERS.get(v.choices.phase)
        if paint is not None:
            paint(surface, v, g)
        _paint_pantry(surface, v, g)
        _paint_discard(surface, v, g)
        tagged = self._draw_probe(surface, v, g)
        self._draw_anims(surface, v, g)
        _paint_keyboard_cursor(surface, v, g)
        _paint_carried(surface, v, g)
        if v.choices.phase == Phase.CHOOSE_FACER:
            self._draw_facer_prompt(surface, v, g)
        # the message line: why not / what it would do
        text, kind = g.message, g.message_kind
        probe = g.gesture.probe
        if probe is not None and probe.text and g.moving and not tagged:  # (said by the cell already)
            text, kind = probe.text, ("hint" if probe.ok else "error")
        if text:
            self._draw_message(surface, v, text, kind, g.banner_tall)
        for key in BUTTON_KEYS:
            b = g.buttons[key]
            if b.visible:
                b.draw(surface)

    def _draw_probe(self, surface: pygame.Surface, v: BoardView, g: LiveState) -> bool:
        """What the carried thing would do where it is; True when the preview's tag said it."""
        probe = g.gesture.probe
        if probe is None or not g.moving:
            return False
        rect = _paint_probe_target(surface, v, probe)
        completes, cancels = probe.formations
        if completes:
            v.view.draw_formations(surface, completes, icons=False, width=5)
        if cancels:
            v.view.draw_formations(surface, cancels, colour=GLOW_BAD, icons=False, width=3)
        if rect is None:
            return False
        at = (rect.x, rect.y, rect.w, rect.h)
        if not probe.ok:  # (the banner on two lines over the message line: the refusal by the cell)
            said = bool(probe.text) and g.banner_tall
            return said and self.forecast.draw_hint(surface, v, probe.text, at, good=False)
        if probe.forecast is not None and self.forecast.draw_preview(surface, v, probe.forecast, at, g.slots):
            return True
        if probe.text and (v.ctx.fonts.text_scale > 1.0 or g.banner_tall):  # larger words: "release to place it
            # here" by the cell, at the tag's size (the message line's fixed height held it at its 100 % size; a
            # wide banner may lie over that line)
            return self.forecast.draw_hint(surface, v, probe.text, at)
        return False

    def _draw_anims(self, surface: pygame.Surface, v: BoardView, g: LiveState) -> None:
        """Flights, flips and formation moments."""
        now = g.anims.now
        for anim in g.anims.items:
            if anim.kind == "flight" and anim.tile:
                x, y, w, h = anim.rect(now)
                surface.blit(v.art.tile(anim.tile, max(8, min(w, h))), (x, y))
            elif anim.kind == "flip":
                self._draw_flip(surface, v, g, anim)
            elif isinstance(anim, FormationMoment):
                self.forecast.draw_moment(surface, v, v.base_layout, anim, now)

    def _draw_facer_prompt(self, surface: pygame.Surface, v: BoardView, g: LiveState) -> None:
        """Two players, first Ordeal: who faces it (two buttons with the players' names)."""
        ctx, theme, game = v.ctx, v.ctx.theme, v.game
        b0, b1 = g.buttons["facer0"].rect, g.buttons["facer1"].rect
        box = b0.union(b1).inflate(200, 160).move(0, -40)
        surface.blit(v.art.shade((ctx.canvas[0], ctx.canvas[1]), 110), (0, 0))
        draw_panel(surface, box, ctx)
        index = game.current_ordeal if game.current_ordeal is not None else 0
        draw_text(surface, ctx, t("board.facer_title", name=ordeal_label(game, index)), (box.centerx, box.y + 34),
                  size=30, colour=theme.border, role="title", anchor="center")
        draw_wrapped(surface, ctx, t("board.facer_text"), pygame.Rect(box.x + 40, box.y + 58, box.w - 80, 48),
                     size=theme.font_small - 2, colour=theme.ink_soft, line_gap=0)

    def _draw_message(self, surface: pygame.Surface, v: BoardView, text: str, kind: str,
                      tall: bool = False) -> pygame.Rect:
        """The message pill (answered: where its text went), shrunk to its line when long; under
        the banner's band while the banner lies over the message line (`tall`: `fitting.message_room`)."""
        ctx = v.ctx
        colour = {"error": (255, 236, 230), "hint": (230, 255, 232)}.get(kind, (250, 240, 220))
        fill = {"error": (150, 36, 26), "hint": (38, 110, 52)}.get(kind, (70, 50, 30))
        area = message_room(v.layout, tall)
        with ctx.fonts.limited(self._message_size(v, text, area)):
            return self._draw_pill(surface, v, text, area, colour, fill)

    def _message_size(self, v: BoardView, text: str, area: pygame.Rect) -> float:
        """The largest text size (up to the player's) at which the message's ink stays inside
        its line (measured once per message and size)."""
        fonts = v.ctx.fonts
        key = (text, fonts.text_scale, fonts.scale, language())
        if key not in self._message_sizes:
            self._message_sizes.clear()  # (one message shows at a time)

            def fits() -> bool:
                ink = ink_box(v.ctx, text, self._message_font(v, text, area), "bold")
                return ink.h <= area.h - 4 and ink.w <= area.w - 28

            self._message_sizes[key] = largest_limit(fonts, fits)
        return self._message_sizes[key]

    @staticmethod
    def _message_font(v: BoardView, text: str, area: pygame.Rect) -> int:
        """The size the message is asked at: a long sentence (or a longer language) shrinks to fit its line."""
        ctx, size = v.ctx, v.ctx.theme.font_small
        while size > 13 and ctx.fonts.get("bold", size).size(text)[0] > area.w - 28:
            size -= 1
        return size

    def _draw_pill(self, surface: pygame.Surface, v: BoardView, text: str, area: pygame.Rect,
                   colour: tuple[int, int, int], fill: tuple[int, int, int]) -> pygame.Rect:
        ctx, theme = v.ctx, v.ctx.theme
        img = ctx.fonts.render(text, self._message_font(v, text, area), colour, "bold")
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

