"""The board: the castle, the piles, the tile in hand, the Ordeals — where the game is played.

`BoardScene(ctx, session_or_game)` shows one game. Every choice is read from
`game.legal_actions()` (grouped once per state change in `Choices`) and applied through
`Session.apply` — the board never decides a rule. What the player does:

- get a tile: click or drag a pile (D / S), click a revealed tile; face the Ordeal early (E);
- drag the tile in hand onto a lit cell (or a glowing ghost slot just outside the grid, where the
  castle slides sideways), onto the discard pile (X), or a Traitor onto the current Ordeal (T);
  an illegal drop snaps back and the `placement_error` text says why;
- every sub-step by clicks on lit things: destroy, Juggler swap (or drag onto the neighbour),
  Seer pile, Chameleon pick (an overlay over the discard pile), Pyro destroy then move (drag),
  use / skip a power (U / K), the Tower's face-down Ordeal;
- keyboard: arrows move a cursor over everything, Enter picks up / drops / clicks, Esc cancels,
  Ctrl+Z / Ctrl+Y undo / redo.

Drawing never changes state: the still picture is cached per state (`_still`), and a frame adds
only what moves (highlights, the dragged tile, flights).
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from castellion.rules import Game, IllegalAction, formation_groups, formations, parse_tile
from castellion.rules import actions as A
from castellion.rules import events as E
from castellion.rules.ruleset import ASSAULT, EARTHWORM, FOUNDATION_DROP, OrdealCard
from castellion.scenes.stack import Scene
from castellion.session import Session
from castellion.ui import strings_board_en  # noqa: F401 - registers the board.* strings
from castellion.ui.castle_view import (GLOW_BAD, GLOW_LEGAL, GLOW_SELECT, GLOW_TARGET, KIND_COLOURS, KIND_ICONS,
                                       CastleView, TileArt)
from castellion.ui.drag import Animations, Drag
from castellion.ui.geometry import GHOST_CELLS, LAYOUT, BoardLayout, Target, center, contains, nearest_in_direction
from castellion.ui.text import t
from castellion.ui.widgets import Button, draw_backdrop, draw_panel, draw_text, draw_wrapped

log = logging.getLogger(__name__)

# What the setup screen may offer (see castellion/scenes/setup.py): none of the variants yet.
SUPPORTED_VARIANTS: set[str] = set()
SUPPORTS_TWO_PLAYERS = False
SUPPORTS_PANTRY = False

CHECK, CROSS = "\u2713", "\u2717"
BROWSER_COLS = 12
BROWSER_TILE = 64
BROWSER_STEP = 72


def tile_name(code: str) -> str:
    """"Pyro triangle (safe)", "Traitor", … for a tile code."""
    tile = parse_tile(code)
    if tile.traitor:
        return t("board.tile_traitor_black") if tile.black else t("board.tile_traitor")
    base = code.rstrip("+@")
    key = "board.tile_safe" if tile.safe else "board.tile"
    faction = t(f"board.faction.{base[0]}") if base[0] in "SCJP" else ""
    return t(key, faction=faction, shape=t(f"board.shape.{base[1]}")).strip()


def browser_panel(count: int, canvas: tuple[int, int] = (1280, 800)) -> tuple[int, int, int, int]:
    """The discard-pile overlay's panel for `count` tiles: as tall as its rows need, centred."""
    cols = max(8, min(count, BROWSER_COLS))
    rows = max(1, -(-count // BROWSER_COLS))
    w = cols * BROWSER_STEP + 100
    h = 140 + rows * BROWSER_STEP + 30
    return (canvas[0] // 2 - w // 2, canvas[1] // 2 - h // 2, w, h)


def browser_rect(index: int, count: int, canvas: tuple[int, int] = (1280, 800)) -> tuple[int, int, int, int]:
    """Where the discard-pile overlay draws tile `index` (0 = oldest) of `count`: rows of 12, each
    row centred (pure maths, shared by drawing, clicks and tests)."""
    px, py, pw, ph = browser_panel(count, canvas)
    row, col = divmod(index, BROWSER_COLS)
    in_row = min(BROWSER_COLS, count - row * BROWSER_COLS)
    x0 = px + pw // 2 - (in_row * BROWSER_STEP) // 2 + (BROWSER_STEP - BROWSER_TILE) // 2
    return (x0 + col * BROWSER_STEP, py + 130 + row * BROWSER_STEP, BROWSER_TILE, BROWSER_TILE)


# --------------------------------------------------------------------------------------------
class Choices:
    """`game.legal_actions()` grouped by what the player points at (built once per state)."""

    def __init__(self, game: Game) -> None:
        self.phase = game.phase
        self.actions = game.legal_actions()
        self.place: dict[tuple[int, int], A.PlaceTile] = {}
        self.draw: dict[str, A.DrawTile] = {}
        self.take: dict[int, A.TakeRevealed] = {}
        self.destroy: dict[tuple[int, int], A.DestroyTile] = {}
        self.swaps: dict[frozenset, A.SwapTiles] = {}
        self.moves: dict[tuple[int, int], dict[tuple[int, int], A.MoveTile]] = {}
        self.reveal_pile: dict[str, A.RevealTile] = {}
        self.chameleon: list[A.TakeFromDiscard] = []
        self.reveal_ordeal: dict[int, A.RevealOrdeal] = {}
        self.discard: A.DiscardTile | A.DiscardTraitor | None = None
        self.traitor: A.PlaceTraitor | None = None
        self.use: A.UsePower | None = None
        self.skip: A.SkipPower | None = None
        self.encounter: A.EncounterOrdeal | None = None
        for a in self.actions:
            if isinstance(a, A.PlaceTile):
                self.place[a.cell] = a
            elif isinstance(a, A.DrawTile):
                self.draw[a.pile] = a
            elif isinstance(a, A.TakeRevealed):
                self.take[a.index] = a
            elif isinstance(a, A.DestroyTile):
                self.destroy[a.cell] = a
            elif isinstance(a, A.SwapTiles):
                self.swaps[frozenset((a.a, a.b))] = a
            elif isinstance(a, A.MoveTile):
                self.moves.setdefault(a.src, {})[a.dst] = a
            elif isinstance(a, A.RevealTile):
                self.reveal_pile[a.pile] = a
            elif isinstance(a, A.TakeFromDiscard):
                self.chameleon.append(a)
            elif isinstance(a, A.RevealOrdeal):
                self.reveal_ordeal[a.index] = a
            elif isinstance(a, (A.DiscardTile, A.DiscardTraitor)):
                self.discard = a
            elif isinstance(a, A.PlaceTraitor):
                self.traitor = a
            elif isinstance(a, A.UsePower):
                self.use = a
            elif isinstance(a, A.SkipPower):
                self.skip = a
            elif isinstance(a, A.EncounterOrdeal):
                self.encounter = a
        self.ghosts = [c for c in self.place if c in GHOST_CELLS]
        self.swap_cells = {c for pair in self.swaps for c in pair}

    def partners(self, cell: tuple[int, int]) -> set[tuple[int, int]]:
        return {c for pair in self.swaps if cell in pair for c in pair if c != cell}


# --------------------------------------------------------------------------------------------
def render_card(ctx: Any, art: TileArt, card: OrdealCard, size: tuple[int, int], *, face_up: bool) -> pygame.Surface:
    """An Ordeal card: the level's frame (title on the ribbon, requirement icons in the box, the
    trigger number in the pill beside the traitor icon); or its back when face down."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    theme = ctx.theme
    if not face_up:
        surf.blit(ctx.sprites.get("card_back", size), (0, 0))
        return surf
    surf.blit(ctx.sprites.get(f"card_frame_{card.level}", size), (0, 0))
    kx, ky = w / 200, h / 280  # the frame art is 200 × 280: ribbon y≈37, box y 62–195, pill (141, 240)
    title_size = max(12, int(26 * kx))
    name = ctx.fonts.render(card.name, title_size, (250, 240, 215), "title")
    surf.blit(name, name.get_rect(center=(w // 2, int(37 * ky))))
    box_top, box_bottom = int(66 * ky), int(192 * ky)
    icon_size = max(14, int(34 * kx))
    need = {kind: n for kind, n in card.requires.items() if n}
    small = max(11, int(19 * kx))
    rows: list[tuple[str, str]] = [("icon", kind) for kind in need]
    if card.kind == ASSAULT:
        rows.append(("text", t("board.destroy_n", n=card.destroy)))
    elif card.kind == EARTHWORM:
        rows.append(("text", t("board.rows_n", n=card.rows)))
    elif card.kind == FOUNDATION_DROP:
        rows.append(("text", t("board.foundation_drop")))
    lines: list[tuple[str, Any]] = []
    for kind, value in rows:
        if kind == "icon":
            lines.append(("icon", value))
        else:
            if card.kind != ASSAULT:
                lines.append(("img", ctx.sprites.get("icon_rows", icon_size)))
            for line in _wrap_words(ctx, value, small, int(150 * kx)):
                lines.append(("txt", line))
    heights = [icon_size + 4 if k in ("icon", "img") else ctx.fonts.get("bold", small).get_linesize() for k, _ in lines]
    y = box_top + max(0, (box_bottom - box_top - sum(heights)) // 2)
    for (kind, value), hgt in zip(lines, heights):
        if kind == "icon":
            icon = ctx.sprites.get(KIND_ICONS[value], icon_size)
            label = ctx.fonts.render(f"\u00d7{need[value]}", max(12, int(26 * kx)), theme.ink, "bold")
            total = icon_size + 6 + label.get_width()
            x = w // 2 - total // 2
            surf.blit(icon, (x, y))
            surf.blit(label, label.get_rect(midleft=(x + icon_size + 6, y + icon_size // 2)))
        elif kind == "img":
            surf.blit(value, value.get_rect(midtop=(w // 2, y)))
        else:
            img = ctx.fonts.render(value, small, theme.bad if card.kind != FOUNDATION_DROP else theme.ink, "bold")
            surf.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += hgt
    num = ctx.fonts.render(str(card.trigger), max(12, int(30 * kx)), (250, 238, 210), "bold")
    surf.blit(num, num.get_rect(center=(int(150 * kx), int(240 * ky))))
    if card.source == "reconstructed":
        note = ctx.fonts.render(t("board.reconstructed"), max(9, int(13 * kx)), theme.ink_soft, "body")
        surf.blit(note, note.get_rect(midbottom=(w // 2, int(216 * ky))))
    return surf


def _wrap_words(ctx: Any, text: str, size: int, width: int) -> list[str]:
    from castellion.ui.fonts import wrap

    return wrap(ctx.fonts.get("body", size), text, width)


# --------------------------------------------------------------------------------------------
class BoardScene(Scene):
    """The game board. `session_or_game`: a `Session`, or a rules `Game` (wrapped in one)."""

    name = "board"

    def __init__(self, ctx: Any, session_or_game: Session | Game, *, layout: BoardLayout = LAYOUT) -> None:
        super().__init__(ctx)
        self.session = session_or_game if isinstance(session_or_game, Session) else Session(session_or_game)
        self.layout = layout
        self.art = TileArt(ctx)
        self.view = CastleView(ctx, self.art, layout)
        self.anims = Animations(enabled=bool(getattr(ctx.settings, "animations", True)))
        self.version = 0
        self.choices = Choices(self.game)
        self._choices_version = 0
        self.drag: Drag | None = None
        self.carry = False  # the tile in hand was picked up with a click or Enter
        self.selected: tuple[int, int] | None = None  # Juggler / Pyro: the first tile chosen
        self.cursor: Target | None = None
        self.keyboard = False  # the cursor shows once the keyboard was used
        self.pointer: tuple[int, int] = (0, 0)
        self.message = ""
        self.message_kind = "info"  # "error" | "hint" | "info"
        self.probe: tuple[Target, bool, str] | None = None  # what the carried thing would do here
        self.preview: tuple[list, list] = ([], [])  # formations a hovered placement completes / cancels
        self._end_pushed = False
        self._still: pygame.Surface | None = None
        self._still_key: tuple | None = None
        self._buttons: dict[str, Button] = {}
        self._build_buttons()
        self._observer = self._on_session
        self.session.observers.append(self._observer)

    # ---------------------------------------------------------------- state
    @property
    def game(self) -> Game:
        return self.session.game

    def _on_session(self, session: Session, kind: str, action: Any, events: list) -> None:
        self.version += 1

    def refresh(self) -> Choices:
        """The grouped legal actions of the current state (rebuilt only when the state changed)."""
        if self._choices_version != self.version or self.choices.phase != self.game.phase:
            self.choices = Choices(self.game)
            self._choices_version = self.version
            self._sync_buttons()
        return self.choices

    def _build_buttons(self) -> None:
        lay, ctx = self.layout, self.ctx
        spec = [("undo", t("board.undo"), self.undo, "secondary"),
                ("redo", t("board.redo"), self.redo, "secondary"),
                ("rules", t("board.rules"), self.open_rules, "secondary"),
                ("menu", t("board.menu"), self.open_menu, "secondary"),
                ("encounter", t("board.encounter"), self.ask_encounter, "primary"),
                ("use", t("board.use_power"), self.use_power, "primary"),
                ("skip", t("board.skip_power"), self.skip_power, "secondary")]
        for key, label, fn, style in spec:
            size = 20 if key in ("undo", "redo", "rules", "menu") else 22
            self._buttons[key] = Button(ctx, lay.button_rect(key), label, fn, style=style, font_size=size)
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        c = self.choices
        b = self._buttons
        b["undo"].enabled = self.session.can_undo
        b["redo"].enabled = self.session.can_redo
        b["encounter"].visible = c.encounter is not None
        b["use"].visible = b["skip"].visible = c.use is not None

    # ------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.refresh()
        self._maybe_end()

    def exit(self) -> None:
        if self._observer in self.session.observers:
            self.session.observers.remove(self._observer)

    def pause(self) -> None:
        # only the top scene is updated: finish the flights now rather than freeze them under an overlay
        self.anims.skip()
        self._reset_drag_only()

    def _reset_drag_only(self) -> None:
        if self.drag is not None and self.drag.moved:
            self.drag = None
            self.probe = None
            self.preview = ([], [])

    def resume(self) -> None:
        self.version += 1
        self.refresh()
        self._maybe_end()

    def _reveal_showing(self) -> bool:
        """An ordeal reveal is on the stack or about to be pushed (the end screen waits for it)."""
        from castellion.scenes.reveal import OrdealRevealScene

        if self.stack is None:
            return False
        if any(isinstance(s, OrdealRevealScene) for s in self.stack.scenes):
            return True
        return any(op == "push" and isinstance(arg, OrdealRevealScene) for op, arg in self.stack.pending)

    def _maybe_end(self) -> None:
        if self.game.outcome is not None and not self._end_pushed and self.stack is not None \
                and not self._reveal_showing():
            from castellion.scenes.overlays import EndScreen

            self._end_pushed = True
            self.push(EndScreen.from_game(self.ctx, self.game))

    # ------------------------------------------------------------- applying
    def act(self, action: A.Action, origin: tuple[int, int, int, int] | None = None) -> bool:
        """Apply `action` through the session; False (and the reason shown) when it is refused."""
        before = self.game.castle(self.game.active)
        revealed_before = len(self.game.revealed)
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self.say(str(exc), "error")
            return False
        self.ctx.log_action(action)
        self.drag = None
        self.carry = False
        self.selected = None
        self.probe = None
        self.preview = ([], [])
        self.say("")
        self.refresh()
        self._animate(action, events, before, origin, revealed_before)
        self._after_events(action, events, before)
        return True

    def _after_events(self, action: A.Action, events: list, before: Any) -> None:
        if any(isinstance(ev, E.OrdealEncountered) for ev in events) and self.stack is not None:
            from castellion.scenes.reveal import OrdealRevealScene, build_encounters

            cards = [o.card for o in self.game.ordeals]
            encounters = build_encounters(before, action, events, cards)
            self.push(OrdealRevealScene(self.ctx, encounters))
            return
        if self.game.outcome is not None:
            self._maybe_end()
            return
        if self.game.phase == "chameleon" and self.stack is not None:
            self.open_discard()

    def say(self, text: str, kind: str = "info") -> None:
        self.message = text
        self.message_kind = kind

    def undo(self) -> None:
        if self.session.undo():
            log.info("undo: back to turn %s, phase %s", self.game.turn, self.game.phase)
            self._reset_gesture()
            self.anims.skip()
            self.refresh()

    def redo(self) -> None:
        if self.session.redo():
            log.info("redo: back to turn %s, phase %s", self.game.turn, self.game.phase)
            self._reset_gesture()
            self.anims.skip()
            self.refresh()

    def _reset_gesture(self) -> None:
        self.drag = None
        self.carry = False
        self.selected = None
        self.probe = None
        self.preview = ([], [])
        self.say("")

    def open_rules(self) -> None:
        from castellion.scenes.overlays import RulesOverlay

        self.push(RulesOverlay(self.ctx, topic="hotkeys"))

    def open_menu(self) -> None:
        from castellion.scenes.overlays import PauseOverlay

        self.push(PauseOverlay(self.ctx))

    def open_discard(self) -> None:
        if self.stack is not None:
            self.push(DiscardOverlay(self.ctx, self))

    def ask_encounter(self) -> None:
        c = self.refresh()
        if c.encounter is None:
            return
        from castellion.scenes.overlays import ConfirmOverlay

        index = self.game.current_ordeal
        view = self.game.ordeals[index]
        name = view.card.name if view.face_up else t("board.ordeals")
        ready = self._requirement_met(view.card) if view.face_up else None
        status = "" if ready is None else t("board.encounter_ready" if ready else "board.encounter_not_ready")
        self.push(ConfirmOverlay(self.ctx, t("board.encounter_title", name=name),
                                 t("board.encounter_text", status=status),
                                 on_yes=lambda: self.act(A.EncounterOrdeal())))

    def use_power(self) -> None:
        c = self.refresh()
        if c.use is not None:
            self.act(c.use)

    def skip_power(self) -> None:
        c = self.refresh()
        if c.skip is not None:
            self.act(c.skip)

    def _requirement_met(self, card: OrdealCard) -> bool:
        from castellion.rules import judge_ordeal

        castle = self.game.castle(self.game.active)
        return judge_ordeal(card, castle).met and castle.foundation_complete()

    # ------------------------------------------------------------ animations
    def _animate(self, action: A.Action, events: list, before: Any, origin: Any, revealed_before: int) -> None:
        lay, an = self.layout, self.anims
        an.enabled = bool(getattr(self.ctx.settings, "animations", True))
        if not an.enabled:
            return
        hand = lay.hand_rect()
        castle = self.game.castle(self.game.active)
        src = origin or hand
        shift = 0
        destroyed = [ev for ev in events if isinstance(ev, E.TileDestroyed)]
        encountered = {ev.ordeal for ev in events if isinstance(ev, E.OrdealEncountered)}
        revealed_i = revealed_before
        for ev in events:
            if isinstance(ev, E.TileDrawn):
                if ev.pile in ("regular", "safe"):
                    start = lay.pile_rect(ev.pile)
                elif ev.pile == "revealed" and isinstance(action, A.TakeRevealed):
                    start = lay.revealed_rect(action.index)
                else:
                    start = lay.discard_rect()
                if self.drag is None:
                    an.flight(ev.tile, start, hand, "hand")
            elif isinstance(ev, E.TileRecovered):
                an.flight(ev.tile, lay.discard_rect(), hand, "hand")
            elif isinstance(ev, E.CastleShifted):
                shift = ev.dx
            elif isinstance(ev, E.TilePlaced):
                for cell, tile in castle.tiles():
                    if cell == ev.cell or not shift:
                        continue
                    an.flight(tile.code, lay.cell_rect((cell[0], cell[1] - shift)), lay.cell_rect(cell), cell)
                dst = _shrink(lay.cell_rect(ev.cell), 3)
                an.flight(ev.tile, src, dst, ev.cell)
            elif isinstance(ev, (E.TileDiscarded, E.TraitorDiscarded)):
                an.flight(ev.tile, src, lay.discard_rect(), "discard")
            elif isinstance(ev, E.TraitorPlaced):
                an.flight(ev.tile, src, lay.traitor_rect(ev.ordeal, ev.count - 1, ev.count),
                          ("traitor", ev.ordeal, ev.count - 1))
            elif isinstance(ev, E.TileDestroyed) and len(destroyed) == 1:
                an.flight(ev.tile, lay.cell_rect(ev.cell), lay.discard_rect(), "discard")
                r, c = ev.cell
                for rr in range(r, 6):
                    tile = castle.tile_at((rr, c))
                    if tile is None:
                        break
                    an.flight(tile.code, lay.cell_rect((rr + 1, c)), lay.cell_rect((rr, c)), (rr, c))
            elif isinstance(ev, E.TilesSwapped):
                for a, b in ((ev.a, ev.b), (ev.b, ev.a)):
                    tile = castle.tile_at(b)
                    if tile is not None:
                        an.flight(tile.code, lay.cell_rect(a), lay.cell_rect(b), b)
            elif isinstance(ev, E.TileMoved):
                an.flight(ev.tile, origin or lay.cell_rect(ev.src), lay.cell_rect(ev.dst), ev.dst)
            elif isinstance(ev, E.TileRevealed):
                if revealed_i < lay.revealed_slots:
                    an.flight(ev.tile, lay.pile_rect(ev.pile), lay.revealed_rect(revealed_i), ("revealed", revealed_i))
                revealed_i += 1
            elif isinstance(ev, E.OrdealRevealed) and ev.ordeal not in encountered:
                an.flip(ev.ordeal)

    # ----------------------------------------------------------------- input
    def handle(self, event: Any) -> bool:
        self.refresh()
        et = event.type
        if et in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.anims.skip()  # any input ends the animations at once (they only decorate)
        for key in ("undo", "redo", "rules", "menu", "encounter", "use", "skip"):
            b = self._buttons[key]
            if b.visible and et in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                if self.drag is not None and self.drag.moved:
                    continue
                if b.handle(event) and et != pygame.MOUSEMOTION:
                    self.drag = None
                    return True
        if et == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard = False
            return self._press(event.pos)
        if et == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self.drag is not None:
                self.drag.move(event.pos)
                if self.drag.moved:
                    self._update_probe(self._target_at(event.pos))
            elif self.carry:
                self._update_probe(self._target_at(event.pos))
            return True
        if et == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if et == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._cancel()
            return True
        if et == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _target_at(self, pos: tuple[int, int]) -> Target | None:
        c = self.choices
        ghosts = set(c.ghosts)
        if self.selected is not None and self.selected in c.moves:
            ghosts |= {d for d in c.moves[self.selected] if d in GHOST_CELLS}
        if self.drag is not None and self.drag.from_cell in c.moves:
            ghosts |= {d for d in c.moves[self.drag.from_cell] if d in GHOST_CELLS}
        return self.layout.target_at(pos, ghosts, ordeals=len(self.game.ordeals),
                                     revealed=len(self.game.revealed))

    def _press(self, pos: tuple[int, int]) -> bool:
        c = self.choices
        target = self._target_at(pos)
        self.drag = None
        if target is None:
            if not self.carry:
                self.selected = None
            self.drag = Drag(Target("none"), pos)
            return True
        game = self.game
        if self.carry:
            # a carried tile goes where the next click lands
            self.drag = Drag(target, pos, tile=game.held)
            return True
        if target.kind == "pile" and c.phase == "get" and target.value in c.draw:
            rect = self.layout.pile_rect(target.value)
            if self.act(c.draw[target.value]):
                self._start_held_drag(target, pos, rect)
            return True
        if target.kind == "revealed" and c.phase == "get" and target.value in c.take:
            rect = self.layout.revealed_rect(target.value)
            if self.act(c.take[target.value]):
                self._start_held_drag(target, pos, rect)
            return True
        if target.kind == "hand" and c.phase == "use" and game.held is not None:
            self._start_held_drag(target, pos, self.layout.hand_rect())
            return True
        if target.kind == "cell" and c.phase in ("juggler", "pyro_move"):
            cell = target.value
            tile = game.castle(game.active).tile_at(cell)
            can = cell in c.swap_cells if c.phase == "juggler" else cell in c.moves
            if tile is not None and can:
                x, y, w, h = self.layout.cell_rect(cell)
                self.drag = Drag(target, pos, tile=tile.code, grab=(pos[0] - x - 3, pos[1] - y - 3), from_cell=cell)
                return True
        self.drag = Drag(target, pos)
        return True

    def _start_held_drag(self, source: Target, pos: tuple[int, int], rect: tuple[int, int, int, int]) -> None:
        size = self.layout.cell - 6
        self.drag = Drag(source, pos, tile=self.game.held, grab=(size // 2, size // 2))
        self.probe = None

    def _release(self, pos: tuple[int, int]) -> bool:
        drag = self.drag
        if drag is None:
            return False
        target = self._target_at(pos)  # (while the drag is on: its ghost slots count)
        self.drag = None
        if drag.tile is not None and (drag.moved or self.carry) and drag.source.kind != "none":
            if drag.from_cell is not None:
                self._drop_castle_tile(drag, target)
            else:
                self._drop_held(target, origin=self._drag_rect(drag))
            return True
        if drag.tile is not None and drag.from_cell is None:
            # a press on the hand, a pile or a revealed tile that did not move: the tile is in hand
            # already (a pile press draws at once); a click on the hand picks it up to carry
            if drag.source.kind == "hand" and target == drag.source:
                self.click(target)
            return True
        if target is not None and target == drag.source:
            self.click(target)
        return True

    def _drag_rect(self, drag: Drag) -> tuple[int, int, int, int]:
        size = self.layout.cell - 6
        x, y = drag.tile_topleft()
        return (x, y, size, size)

    def _cancel(self) -> bool:
        """Esc / right click: drop what is carried or chosen; True when there was something."""
        if self.drag is not None and self.drag.moved and self.drag.tile is not None:
            self._snap_back(self.drag)
            self.drag = None
            self.probe = None
            return True
        if self.carry or self.selected is not None or self.drag is not None:
            self.carry = False
            self.selected = None
            self.drag = None
            self.probe = None
            self.preview = ([], [])
            return True
        return False

    def _snap_back(self, drag: Drag) -> None:
        if drag.tile is None:
            return
        home = self.layout.cell_rect(drag.from_cell) if drag.from_cell is not None else self.layout.hand_rect()
        hides = drag.from_cell if drag.from_cell is not None else "hand"
        self.anims.flight(drag.tile, self._drag_rect(drag), home, hides, duration=0.18)

    # ---------------------------------------------------------- click / drop
    def click(self, target: Target) -> None:
        """A click (or Enter) on `target`: whatever it means in the current phase."""
        c = self.refresh()
        game = self.game
        kind, value = target.kind, target.value
        if kind == "button":
            b = self._buttons.get(value)
            if b is not None and b.visible and b.enabled:
                b.click()
            return
        if kind == "pile":
            if c.phase == "get" and value in c.draw:
                self.act(c.draw[value])
            elif c.phase == "seer" and value in c.reveal_pile:
                self.act(c.reveal_pile[value])
            else:
                self._explain(A.DrawTile(value) if c.phase != "seer" else A.RevealTile(value))
            return
        if kind == "revealed":
            if value in c.take:
                self.act(c.take[value])
            return
        if kind == "hand":
            if c.phase == "use" and game.held is not None:
                self.carry = not self.carry
                self.probe = None
            return
        if kind == "discard":
            if self.carry and game.held is not None:
                self._drop_held(target)
            else:
                self.open_discard()
            return
        if kind == "ordeal":
            if c.phase == "tower_reveal":
                if value in c.reveal_ordeal:
                    self.act(c.reveal_ordeal[value])
                else:
                    self.say(t("board.do.tower_reveal"), "error")
            elif self.carry and game.held is not None:
                self._drop_held(target)
            elif c.phase == "use" and game.held is not None and parse_tile(game.held).traitor:
                self._drop_held(target)
            return
        if kind == "cell":
            self._click_cell(value)

    def _click_cell(self, cell: tuple[int, int]) -> None:
        c = self.choices
        game = self.game
        if c.phase in ("destroy", "pyro_destroy"):
            if cell in c.destroy:
                self.act(c.destroy[cell])
            else:
                self._explain(A.DestroyTile(cell))
            return
        if c.phase == "juggler":
            if self.selected is None:
                if cell in c.swap_cells:
                    self.selected = cell
                else:
                    self.say(t("board.cannot_swap"), "error")
            elif cell == self.selected:
                self.selected = None
            else:
                pair = frozenset((self.selected, cell))
                if pair in c.swaps:
                    self.act(c.swaps[pair])
                elif cell in c.swap_cells:
                    self.selected = cell
                else:
                    self.say(t("board.cannot_swap"), "error")
            return
        if c.phase == "pyro_move":
            if self.selected is not None and cell in c.moves.get(self.selected, {}):
                self.act(c.moves[self.selected][cell])
            elif cell in c.moves:
                self.selected = None if cell == self.selected else cell
            elif self.selected is not None:
                self.say(self._move_error(self.selected, cell), "error")
            return
        if c.phase == "use" and game.held is not None:
            self._drop_held(Target("cell", cell))

    def _drop_held(self, target: Target | None, origin: tuple[int, int, int, int] | None = None) -> None:
        """The tile in hand lands on `target`: apply the matching action or say why not."""
        c = self.choices
        game = self.game
        self.carry = False
        held = game.held
        if held is None or c.phase != "use":
            return
        ok, text, action = self._judge(target)
        if ok and action is not None:
            self.act(action, origin)
            return
        if target is None or target.kind in ("hand", "pile") or text == "":
            self.say("")
        else:
            self.say(text, "error")
        if origin is not None:
            self.anims.flight(held, origin, self.layout.hand_rect(), "hand", duration=0.18)

    def _judge(self, target: Target | None) -> tuple[bool, str, A.Action | None]:
        """What dropping the tile in hand on `target` would do: (legal, words, action)."""
        c = self.choices
        game = self.game
        held = game.held
        if held is None or target is None:
            return False, "", None
        tile = parse_tile(held)
        if target.kind == "cell":
            cell = target.value
            if cell in c.place:
                return True, self._placement_hint(cell), c.place[cell]
            return False, game.placement_error(cell) or "", None
        if target.kind == "discard":
            if c.discard is not None:
                return True, "", c.discard
            action = A.DiscardTraitor(held) if tile.traitor else A.DiscardTile(held)
            return False, self._why_not(action), None
        if target.kind == "ordeal":
            if not tile.traitor:
                return False, self._why_not(A.PlaceTraitor(held)), None
            current = game.current_ordeal
            if target.value != current and current is not None:
                return False, t("board.traitor_current", name=game.ordeals[current].card.name
                                if game.ordeals[current].face_up else t("board.ordeals")), None
            if c.traitor is not None:
                view = game.ordeals[current]
                return True, t("board.traitors_label", n=len(view.traitors) + 1, trigger=view.trigger), c.traitor
            return False, self._why_not(A.PlaceTraitor(held)), None
        return False, "", None

    def _why_not(self, action: A.Action) -> str:
        """The engine's own refusal of `action` (tried on a copy; the game is not touched)."""
        if isinstance(action, A.PlaceTraitor) and not parse_tile(action.tile).traitor:
            return t("board.not_now", what="only a Traitor goes beside an Ordeal (R-\u00a74)")
        try:
            self.game.copy().apply(action)
        except IllegalAction as exc:
            return str(exc).split(" (", 1)[0] if "R-" in str(exc) else str(exc)
        return ""

    def _explain(self, action: A.Action) -> None:
        text = self._why_not(action)
        if text:
            self.say(text, "error")

    def _placement_hint(self, cell: tuple[int, int]) -> str:
        completes, cancels, dx = self._formation_change(cell)
        parts = [t("board.hint.completes", kind=t(f"board.kind1.{f.kind}")) for f in completes]
        parts += [t("board.hint.cancels", kind=t(f"board.kind1.{f.kind}")) for f in cancels]
        if dx:
            parts.append(t("board.hint.slides"))
        return " \u2022 ".join(parts) or t("board.hint.legal")

    def _formation_change(self, cell: tuple[int, int]) -> tuple[list, list, int]:
        """Formations a placement of the tile in hand at `cell` would complete and cancel, in the
        current (unslid) grid coordinates, and the slide it takes."""
        game = self.game
        castle = game.castle(game.active)
        after, dx = castle.place(game.held, cell)
        before = formation_groups(castle)
        now = formation_groups(after)
        before_keys = {(f.kind, tuple((r, col + dx) for r, col in f.cells)) for f in before}
        after_keys = {(f.kind, f.cells) for f in now}
        from castellion.rules import Formation

        completes = [Formation(f.kind, tuple((r, col - dx) for r, col in f.cells)) for f in now
                     if (f.kind, f.cells) not in before_keys]
        cancels = [f for f in before if (f.kind, tuple((r, col + dx) for r, col in f.cells)) not in after_keys]
        return completes, cancels, dx

    def _drop_castle_tile(self, drag: Drag, target: Target | None) -> None:
        c = self.choices
        src = drag.from_cell
        origin = self._drag_rect(drag)
        if target is None or target.kind != "cell" or target.value == src:
            self._snap_back(drag)
            return
        dst = target.value
        if c.phase == "juggler":
            pair = frozenset((src, dst))
            if pair in c.swaps:
                self.act(c.swaps[pair])
                return
            self.say(t("board.cannot_swap"), "error")
        elif c.phase == "pyro_move":
            move = c.moves.get(src, {}).get(dst)
            if move is not None:
                self.act(move, origin)
                return
            self.say(self._move_error(src, dst), "error")
        self._snap_back(drag)

    def _move_error(self, src: tuple[int, int], dst: tuple[int, int]) -> str:
        castle = self.game.castle(self.game.active)
        tile = castle.tile_at(src)
        if tile is None or src not in castle.movable():
            return t("board.cannot_move")
        return castle.lift(src).placement_error(tile, dst, check_shapes=False) or t("board.cannot_move")

    def _update_probe(self, target: Target | None) -> None:
        """Work out (once per target change) what the carried thing would do over `target`."""
        if self.probe is not None and self.probe[0] == target:
            return
        self.preview = ([], [])
        if target is None:
            self.probe = None
            return
        drag = self.drag
        if drag is not None and drag.from_cell is not None:
            src = drag.from_cell
            if target.kind != "cell" or target.value == src:
                self.probe = (target, False, "")
            elif self.choices.phase == "juggler":
                ok = frozenset((src, target.value)) in self.choices.swaps
                self.probe = (target, ok, "" if ok else t("board.cannot_swap"))
            else:
                ok = target.value in self.choices.moves.get(src, {})
                self.probe = (target, ok, "" if ok else self._move_error(src, target.value))
            return
        ok, text, _ = self._judge(target)
        self.probe = (target, ok, text)
        if ok and target.kind == "cell":
            completes, cancels, _ = self._formation_change(target.value)
            self.preview = (completes, cancels)

    # ------------------------------------------------------------- keyboard
    def _key(self, event: Any) -> bool:
        c = self.choices
        key = event.key
        mods = getattr(event, "mod", 0)
        ctrl = bool(mods & pygame.KMOD_CTRL)
        if ctrl and key == pygame.K_z:
            self.undo()
            return True
        if ctrl and key == pygame.K_y:
            self.redo()
            return True
        if key == pygame.K_ESCAPE:
            if not self._cancel():
                self.open_menu()
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self.keyboard = True
            self._move_cursor(key)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.keyboard = True
            if self.cursor is None:
                self.cursor = self._default_cursor()
            else:
                self._enter(self.cursor)
            return True
        if key == pygame.K_SPACE:
            return True  # animations already skipped above
        game = self.game
        if key == pygame.K_d:
            if "regular" in c.draw:
                self.act(c.draw["regular"])
            elif "regular" in c.reveal_pile:
                self.act(c.reveal_pile["regular"])
            else:
                self._explain(A.DrawTile("regular"))
            return True
        if key == pygame.K_s:
            if "safe" in c.draw:
                self.act(c.draw["safe"])
            elif "safe" in c.reveal_pile:
                self.act(c.reveal_pile["safe"])
            else:
                self._explain(A.DrawTile("safe"))
            return True
        if key == pygame.K_x and game.held is not None:
            self._drop_held(Target("discard"))
            return True
        if key == pygame.K_t and game.held is not None:
            current = game.current_ordeal
            self._drop_held(Target("ordeal", current) if current is not None else None)
            return True
        if key == pygame.K_u and c.use is not None:
            self.act(c.use)
            return True
        if key == pygame.K_k and c.skip is not None:
            self.act(c.skip)
            return True
        if key == pygame.K_e and c.encounter is not None:
            self.ask_encounter()
            return True
        return False

    def _enter(self, target: Target) -> None:
        """Enter on the cursor: pick up / drop the tile in hand, else the same as a click."""
        c = self.choices
        if self.carry:
            if target.kind == "hand":
                self.carry = False
                self.probe = None
            else:
                self._drop_held(target)
            return
        if target.kind == "cell" and c.phase == "juggler" and self.selected is None and target.value in c.swap_cells:
            self.selected = target.value
            return
        self.click(target)
        if self.choices.phase == "use" and target.kind in ("pile", "revealed") and self.game.held is not None:
            self.cursor = Target("hand")

    def _default_cursor(self) -> Target:
        c = self.refresh()
        if c.phase == "get":
            return Target("pile", "regular") if c.draw else Target("revealed", 0)
        if c.phase == "use":
            return Target("hand")
        if c.destroy:
            return Target("cell", sorted(c.destroy)[0])
        if c.phase == "seer":
            return Target("pile", "regular")
        if c.phase == "tower_reveal" and c.reveal_ordeal:
            return Target("ordeal", min(c.reveal_ordeal))
        if c.use is not None:
            return Target("button", "use")
        return Target("cell", (0, 0))

    def _nav_targets(self) -> list[tuple[Target, tuple[int, int, int, int]]]:
        lay = self.layout
        out: list[tuple[Target, tuple[int, int, int, int]]] = []
        for r in range(6):
            for col in range(6):
                out.append((Target("cell", (r, col)), lay.cell_rect((r, col))))
        for g in self.choices.ghosts:
            out.append((Target("cell", g), lay.cell_rect(g)))
        for pile in ("regular", "safe"):
            out.append((Target("pile", pile), lay.pile_rect(pile)))
        out.append((Target("hand"), lay.hand_rect()))
        out.append((Target("discard"), lay.discard_rect()))
        for i in range(len(self.game.ordeals)):
            out.append((Target("ordeal", i), lay.ordeal_rect(i)))
        for i in range(min(len(self.game.revealed), lay.revealed_slots)):
            out.append((Target("revealed", i), lay.revealed_rect(i)))
        for key in ("encounter", "use", "skip"):
            if self._buttons[key].visible:
                out.append((Target("button", key), lay.button_rect(key)))
        return out

    def _move_cursor(self, key: int) -> None:
        if self.cursor is None:
            self.cursor = self._default_cursor()
        else:
            dx, dy = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
                      pygame.K_DOWN: (0, 1)}[key]
            cur = self.cursor
            targets = self._nav_targets()
            nxt = None
            if cur.kind == "cell":
                r, col = cur.value
                cand = (r - dy, col + dx)
                if 0 <= cand[0] < 6 and (0 <= cand[1] < 6 or cand in self.choices.ghosts):
                    nxt = Target("cell", cand)
            if nxt is None:
                rect = self.layout.target_rect(cur)
                others = [(tg, rc) for tg, rc in targets if tg != cur]
                nxt = nearest_in_direction(rect, others, dx, dy)
            if nxt is not None:
                self.cursor = nxt
        if self.carry and self.cursor is not None:
            self._update_probe(self.cursor)

    # ---------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        self.refresh()
        self.anims.update(dt)
        self._sync_buttons()
        if self.game.outcome is not None and not self._end_pushed and self.stack is not None \
                and self.stack.top is self and not self.stack.pending:
            self._maybe_end()

    # ------------------------------------------------------------------ draw
    def banner_text(self) -> str:
        """One line: what to do now (reads the phase and the legal actions only)."""
        c = self.choices
        game = self.game
        phase = c.phase
        if phase == "get":
            if game.revealed:
                return t("board.do.get_revealed")
            return t("board.do.get_early" if c.encounter is not None else "board.do.get")
        if phase == "use" and game.held is not None:
            tile = parse_tile(game.held)
            if tile.traitor:
                if isinstance(c.discard, A.DiscardTraitor):
                    cost = 4
                    if game.level_spec.formation_powers:
                        cost = max(0, 4 - formations(game.castle(game.active))["line"])
                    return t("board.do.use_traitor_discard", cost=cost)
                if tile.black and game.level_spec.traitor_discard:
                    return t("board.do.use_traitor_black")
                return t("board.do.use_traitor")
            return t("board.do.use", tile=tile_name(game.held))
        if phase == "power" and game.power_faction:
            f = game.power_faction
            return t("board.do.power", faction=t(f"board.faction.{f}"), text=t(f"board.power.{f}"))
        if phase == "juggler":
            return t("board.do.juggler_second" if self.selected else "board.do.juggler")
        if phase == "seer":
            return t("board.do.seer", n=max(0, 4 - len(game.revealed)))
        if phase == "chameleon":
            shape = (game.power_faction_tile or "Ct")[1]
            return t("board.do.chameleon", shape=t(f"board.shape.{shape}"))
        if phase == "pyro_destroy":
            return t("board.do.pyro_destroy")
        if phase == "pyro_move":
            return t("board.do.pyro_move_second" if self.selected else "board.do.pyro_move")
        if phase == "destroy":
            reason = game.destroy_reason.split(": ", 1)[-1] if game.destroy_reason else ""
            return t("board.do.destroy", n=game.destroy_left, reason=reason)
        if phase == "tower_reveal":
            return t("board.do.tower_reveal")
        if phase == "over" and game.outcome is not None:
            key = "board.do.over_won" if game.outcome.result == "won" else "board.do.over_lost"
            return t(key, reason=game.outcome.reason)
        return ""

    def _hidden(self) -> frozenset:
        hidden = set(self.anims.hidden())
        d = self.drag
        if (d is not None and d.moved and d.tile is not None) or self.carry:
            hidden.add(d.from_cell if d is not None and d.from_cell is not None else "hand")
        return frozenset(hidden)

    def draw(self, surface: pygame.Surface) -> None:
        hidden = self._hidden()
        key = (self.version, self.choices.phase, hidden, self.selected, self.ctx.theme.colourblind,
               self.session.can_undo, self.session.can_redo, surface.get_size())
        if self._still is None or self._still_key != key:
            # a cache of the still picture for this state: drawing it twice gives the same pixels
            still = pygame.Surface(surface.get_size()).convert() if pygame.display.get_surface() else \
                pygame.Surface(surface.get_size())
            self._draw_still(still, hidden)
            self._still, self._still_key = still, key
        surface.blit(self._still, (0, 0))
        self._draw_live(surface)

    # the still picture ------------------------------------------------------------------------
    def _draw_still(self, surface: pygame.Surface, hidden: frozenset) -> None:
        ctx, lay, theme = self.ctx, self.layout, self.ctx.theme
        game = self.game
        castle = game.castle(game.active)
        draw_backdrop(surface, ctx)
        self._draw_top_bar(surface)
        # banner: what to do now
        banner = pygame.Rect(lay.banner)
        pygame.draw.rect(surface, (44, 28, 18), banner, border_radius=10)
        pygame.draw.rect(surface, theme.gold, banner, 2, border_radius=10)
        text = self.banner_text()
        size = 22
        while size > 15 and ctx.fonts.get("bold", size).size(text)[0] > banner.w - 40:
            size -= 1
        draw_text(surface, ctx, text, banner.center, size=size, colour=theme.gold_light, role="bold", anchor="center")
        # castle panel
        panel = pygame.Rect(lay.castle_panel)
        draw_panel(surface, panel, ctx)
        draw_text(surface, ctx, t("board.castle"), (panel.x + 22, panel.y + 6), size=theme.font_label,
                  colour=theme.border, role="title")
        self.view.draw_grid(surface)
        fx, fy, fw, fh = lay.cell_rect((0, 0))
        draw_text(surface, ctx, t("board.foundation"), (lay.grid_rect[0] + lay.grid_rect[2] // 2, fy + fh + 16),
                  size=theme.font_small, colour=theme.ink_soft, role="bold", anchor="center")
        cells_hidden = {h for h in hidden if isinstance(h, tuple) and len(h) == 2 and isinstance(h[0], int)}
        self.view.draw_tiles(surface, castle, cells_hidden)
        self.view.draw_formations(surface, formation_groups(castle))
        if self.selected is not None:
            self.view.draw_glow(surface, [self.selected], GLOW_SELECT, 3)
        self._draw_status(surface, castle)
        self._draw_ordeals(surface, hidden)
        self._draw_tiles_panel(surface, hidden)

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        ctx, theme, game = self.ctx, self.ctx.theme, self.game
        bar = pygame.Rect(self.layout.top_bar)
        shade = self.art.shade(bar.size, 150)
        surface.blit(shade, bar)
        pygame.draw.line(surface, theme.gold, (0, bar.bottom - 1), (bar.right, bar.bottom - 1), 2)
        r = draw_text(surface, ctx, t("app.title"), (18, bar.centery), size=30, colour=theme.gold_light,
                      role="title", anchor="midleft")
        name = game.level_spec.name
        r = draw_text(surface, ctx, name, (r.right + 18, bar.centery + 2), size=theme.font_body,
                      colour=(236, 222, 190), anchor="midleft")
        facts = f"{t('board.turn', turn=game.turn)}   \u2022   {t('board.seed', seed=game.seed)}"
        draw_text(surface, ctx, facts, (r.right + 30, bar.centery + 2), size=theme.font_body,
                  colour=(250, 238, 210), role="bold", anchor="midleft")

    def _draw_status(self, surface: pygame.Surface, castle: Any) -> None:
        """The current Ordeal's requirement beside what the castle has; the foundation."""
        ctx, theme, game = self.ctx, self.ctx.theme, self.game
        panel = pygame.Rect(self.layout.status_panel)
        draw_panel(surface, panel, ctx, style="dark")
        have = formations(castle)
        found = sum(1 for col in range(6) if castle.tile_at((0, col)) is not None)
        x, y = panel.x + 24, panel.y + 10
        counts = f"{t('board.formations_now')} {t('board.formation_counts', **have)}"
        draw_text(surface, ctx, counts, (panel.right - 24, y + 14), size=theme.font_small, colour=theme.ink_soft,
                  anchor="midright")
        index = game.current_ordeal
        note = ""
        if index is None:
            draw_text(surface, ctx, t("board.needs_none"), (x, y), size=theme.font_label, colour=theme.border,
                      role="title")
        else:
            view = game.ordeals[index]
            card = view.card
            title = t("board.needs", name=card.name) if view.face_up else t("board.needs_hidden")
            draw_text(surface, ctx, title, (x, y), size=theme.font_label, colour=theme.border, role="title")
            cx, y2 = x, y + 40
            if view.face_up:
                for kind, n in card.requires.items():
                    if not n:
                        continue
                    met = have[kind] >= n
                    icon = self.art.sprite(KIND_ICONS[kind], 26)
                    surface.blit(icon, (cx, y2 - 1))
                    label = f"{t('board.kind.' + kind)} {have[kind]}/{n} {CHECK if met else CROSS}"
                    rr = draw_text(surface, ctx, label, (cx + 32, y2), size=theme.font_body,
                                   colour=theme.good if met else theme.bad, role="bold")
                    cx = rr.right + 26
                if card.kind in (FOUNDATION_DROP, EARTHWORM):
                    rows = card.rows
                    above = sum(1 for col in range(6) if castle.tile_at((rows, col)) is not None) if rows < 6 else 0
                    note = t("board.rows_warning", n=rows) + f" ({above}/6)"
                elif card.kind == ASSAULT:
                    saved = min(card.destroy, 4 * have["bastion"])
                    note = t("board.assault_warning", n=max(0, card.destroy - saved), bastions=have["bastion"],
                             saved=saved)
        # the foundation, always (R-O5: every encounter ends with the foundation check)
        ok = found == 6
        rr = draw_text(surface, ctx, f"{t('board.foundation_status', n=found)} {CHECK if ok else CROSS}",
                       (x, panel.bottom - 40), size=theme.font_body, colour=theme.good if ok else theme.bad,
                       role="bold")
        if note:
            draw_text(surface, ctx, "\u2022  " + note, (rr.right + 14, rr.centery), size=theme.font_small,
                      colour=theme.ink, anchor="midleft")

    def _draw_ordeals(self, surface: pygame.Surface, hidden: frozenset) -> None:
        ctx, theme, lay, game = self.ctx, self.ctx.theme, self.layout, self.game
        panel = pygame.Rect(lay.ordeal_panel)
        draw_panel(surface, panel, ctx)
        draw_text(surface, ctx, t("board.ordeals"), (panel.x + 22, panel.y + 8), size=theme.font_label,
                  colour=theme.border, role="title")
        current = game.current_ordeal
        choose = self.choices.reveal_ordeal
        for i, view in enumerate(game.ordeals):
            rect = pygame.Rect(lay.ordeal_rect(i))
            if i == current and not view.passed:
                glow = rect.inflate(12, 12)
                pygame.draw.rect(surface, theme.gold_light, glow, 4, border_radius=12)
            if i in choose:
                surface.blit(self.art.glow(rect.inflate(10, 10).size, GLOW_LEGAL, 2), rect.inflate(10, 10))
            if ("ordeal", i) not in hidden:
                img = self._card_surface(view.card, rect.size, view.face_up)
                surface.blit(img, rect)
            if view.passed:
                surface.blit(self.art.shade(rect.size, 140), rect)
                draw_text(surface, ctx, t("board.passed"), rect.center, size=26, colour=(200, 255, 200),
                          role="title", anchor="center", shadow=(0, 0, 0))
            n = len(view.traitors)
            for k, code in enumerate(view.traitors):
                if ("traitor", i, k) in hidden:
                    continue
                surface.blit(self.art.tile(code, lay.traitor_size), lay.traitor_rect(i, k, n))
            if i == current and not view.passed and ("ordeal", i) not in hidden:
                img = ctx.fonts.render(t("board.current"), theme.font_small - 4, (250, 238, 210), "bold")
                tag = img.get_rect(center=(rect.centerx, rect.y)).inflate(14, 4)
                pygame.draw.rect(surface, theme.button, tag, border_radius=tag.h // 2)
                pygame.draw.rect(surface, theme.gold_light, tag, 1, border_radius=tag.h // 2)
                surface.blit(img, img.get_rect(center=tag.center))
            cx, cy = lay.ordeal_count_pos(i)
            if not view.passed:
                draw_text(surface, ctx, t("board.traitors_label", n=n, trigger=view.trigger),
                          (cx + 20, cy), size=theme.font_small, colour=theme.ink if i == current else theme.ink_soft,
                          role="bold" if i == current else "body", anchor="center")

    def _card_surface(self, card: OrdealCard, size: tuple[int, int], face_up: bool) -> pygame.Surface:
        cache = self.__dict__.setdefault("_card_cache", {})
        key = (card.id, size, face_up)
        img = cache.get(key)
        if img is None:
            img = cache[key] = render_card(self.ctx, self.art, card, size, face_up=face_up)
        return img

    def _draw_tiles_panel(self, surface: pygame.Surface, hidden: frozenset) -> None:
        ctx, theme, lay, game = self.ctx, self.ctx.theme, self.layout, self.game
        c = self.choices
        panel = pygame.Rect(lay.tiles_panel)
        draw_panel(surface, panel, ctx)
        draw_text(surface, ctx, t("board.tiles"), (panel.x + 22, panel.y + 8), size=theme.font_label,
                  colour=theme.border, role="title")
        small = theme.font_small
        for pile in ("regular", "safe"):
            rect = pygame.Rect(lay.pile_rect(pile))
            n = game.pile_size(pile)
            if n:
                for k in range(min(3, (n + 9) // 10), 0, -1):  # a little stack depth
                    surface.blit(self.art.back(pile, rect.w), rect.move(k * 2, k * 2))
                surface.blit(self.art.back(pile, rect.w), rect)
                if pile in c.draw or pile in c.reveal_pile:
                    surface.blit(self.art.glow(rect.inflate(8, 8).size, GLOW_LEGAL, 1), rect.inflate(8, 8))
            else:
                pygame.draw.rect(surface, theme.ink_faint, rect, 2, border_radius=10)
            draw_text(surface, ctx, t(f"board.pile.{pile}"), (rect.centerx, rect.y - 14), size=small,
                      colour=theme.ink, role="bold", anchor="center")
            count = t("board.pile_count", n=n) if n else t("board.pile_empty")
            draw_text(surface, ctx, count, (rect.centerx, rect.bottom + 16), size=small,
                      colour=theme.ink if n else theme.ink_faint, anchor="center")
        # in hand
        hand = pygame.Rect(lay.hand_rect())
        draw_text(surface, ctx, t("board.hand"), (hand.centerx, hand.y - 12), size=small, colour=theme.ink,
                  role="bold", anchor="center")
        pygame.draw.rect(surface, (255, 250, 235), hand.inflate(8, 8), border_radius=12)
        pygame.draw.rect(surface, theme.gold, hand.inflate(8, 8), 2, border_radius=12)
        if game.held is not None:
            if "hand" not in hidden:
                surface.blit(self.art.tile(game.held, hand.w), hand)
            draw_text(surface, ctx, tile_name(game.held), (hand.centerx, hand.bottom + 18), size=small,
                      colour=theme.ink, role="bold", anchor="center")
        else:
            draw_text(surface, ctx, t("board.hand_empty"), hand.center, size=small - 2, colour=theme.ink_faint,
                      anchor="center")
        # discard
        rect = pygame.Rect(lay.discard_rect())
        draw_text(surface, ctx, t("board.discard"), (rect.centerx, rect.y - 14), size=small, colour=theme.ink,
                  role="bold", anchor="center")
        pile = game.discard
        shown = pile[-2] if "discard" in hidden and len(pile) > 1 else (pile[-1] if pile else None)
        if "discard" in hidden and len(pile) <= 1:
            shown = None
        if shown is not None:
            surface.blit(self.art.tile(shown, rect.w), rect)
        else:
            pygame.draw.rect(surface, theme.ink_faint, rect, 2, border_radius=10)
        if c.phase == "chameleon":
            surface.blit(self.art.glow(rect.inflate(8, 8).size, GLOW_LEGAL, 2), rect.inflate(8, 8))
        draw_text(surface, ctx, t("board.discard_count", n=len(pile)), (rect.centerx, rect.bottom + 16),
                  size=small, colour=theme.ink_soft, anchor="center")
        # revealed row
        x0, y0 = lay.revealed_x, lay.revealed_y
        draw_text(surface, ctx, t("board.revealed"), (x0, y0 - 24), size=small, colour=theme.ink, role="bold")
        for i in range(lay.revealed_slots):
            r = pygame.Rect(lay.revealed_rect(i))
            if i < len(game.revealed) and ("revealed", i) not in hidden:
                surface.blit(self.art.tile(game.revealed[i], r.w), r)
                if i in c.take:
                    surface.blit(self.art.glow(r.inflate(6, 6).size, GLOW_LEGAL, 1), r.inflate(6, 6))
            else:
                pygame.draw.rect(surface, theme.parchment_dark, r, border_radius=8)
                pygame.draw.rect(surface, theme.ink_faint, r, 1, border_radius=8)
        # power prompt
        if c.use is not None and game.power_faction:
            f = game.power_faction
            box = pygame.Rect(lay.revealed_x - 6, 714, panel.right - 16 - (lay.revealed_x - 6), 66)
            pygame.draw.rect(surface, (252, 244, 222), box, border_radius=8)
            pygame.draw.rect(surface, theme.faction(f), box, 3, border_radius=8)
            emblem = self.art.sprite(("cb/" if theme.colourblind else "") + f"emblem_{f}", 44)
            surface.blit(emblem, emblem.get_rect(midleft=(box.x + 8, box.centery)))
            name = draw_text(surface, ctx, t(f"board.faction.{f}"), (box.x + 60, box.y + 4), size=small + 2,
                             colour=theme.ink, role="bold")
            draw_text(surface, ctx, t("board.power_label"), (name.right + 10, name.centery + 1), size=small - 3,
                      colour=theme.ink_soft, anchor="midleft")
            draw_wrapped(surface, ctx, t(f"board.power.{f}"), pygame.Rect(box.x + 60, box.y + 28, box.w - 70, 36),
                         size=small - 4, colour=theme.ink, line_gap=0)
        else:
            draw_text(surface, ctx, t("board.hotkeys_hint"), (panel.centerx, panel.bottom - 24), size=small - 2,
                      colour=theme.ink_soft, anchor="center")

    # what moves --------------------------------------------------------------------------------
    def _draw_live(self, surface: pygame.Surface) -> None:
        ctx, theme, lay = self.ctx, self.ctx.theme, self.layout
        c = self.choices
        game = self.game
        view = self.view
        drag = self.drag
        carrying_held = (drag is not None and drag.moved and drag.tile is not None and drag.from_cell is None) \
            or self.carry
        # lit cells for the phase
        if c.phase == "use" and game.held is not None and not parse_tile(game.held).traitor:
            grid_cells = [cell for cell in c.place if cell not in GHOST_CELLS]
            view.draw_glow(surface, grid_cells, GLOW_LEGAL, 2 if carrying_held else 1)
            for g in c.ghosts:
                view.draw_ghost(surface, g, strong=False)
        elif c.phase == "use" and game.held is not None:
            current = game.current_ordeal
            if current is not None:
                r = pygame.Rect(lay.ordeal_area(current))
                surface.blit(self.art.glow(r.size, GLOW_LEGAL, 2 if carrying_held else 1), r)
        if c.phase in ("destroy", "pyro_destroy"):
            view.draw_glow(surface, c.destroy, GLOW_BAD, 0)
        if c.phase == "juggler":
            if self.selected is not None:
                view.draw_glow(surface, c.partners(self.selected), GLOW_TARGET, 2)
            elif drag is not None and drag.from_cell is not None and drag.moved:
                view.draw_glow(surface, c.partners(drag.from_cell), GLOW_TARGET, 2)
            else:
                view.draw_glow(surface, c.swap_cells, GLOW_LEGAL, 1)
        if c.phase == "pyro_move":
            src = self.selected if self.selected is not None else (drag.from_cell if drag is not None and drag.moved else None)
            if src is not None and src in c.moves:
                for dst in c.moves[src]:
                    if dst in GHOST_CELLS:
                        view.draw_ghost(surface, dst)
                    else:
                        view.draw_glow(surface, [dst], GLOW_TARGET, 2)
            else:
                view.draw_glow(surface, c.moves, GLOW_LEGAL, 1)
        if carrying_held and c.discard is not None:
            r = pygame.Rect(lay.discard_rect()).inflate(8, 8)
            surface.blit(self.art.glow(r.size, GLOW_LEGAL, 1), r)
        # what the carried thing would do where it is
        probe = self.probe
        if probe is not None and (carrying_held or (drag is not None and drag.moved)):
            target, ok, text = probe
            rect = pygame.Rect(lay.target_rect(target)) if target.kind != "button" else None
            if rect is not None:
                if target.kind == "cell" and target.value in GHOST_CELLS and ok:
                    view.draw_ghost(surface, target.value, strong=True)
                else:
                    ring = rect.inflate(12, 12)
                    surface.blit(self.art.glow(ring.size, GLOW_TARGET if ok else GLOW_BAD, 3), ring)
            completes, cancels = self.preview
            if completes:
                view.draw_formations(surface, completes, icons=False, width=5)
            if cancels:
                view.draw_formations(surface, cancels, colour=GLOW_BAD, icons=False, width=3)
        # flights
        now = self.anims.now
        for anim in self.anims.items:
            if anim.kind == "flight" and anim.tile:
                x, y, w, h = anim.rect(now)
                surface.blit(self.art.tile(anim.tile, max(8, min(w, h))), (x, y))
            elif anim.kind == "flip":
                self._draw_flip(surface, anim)
        # keyboard cursor
        if self.keyboard and self.cursor is not None:
            rect = pygame.Rect(lay.target_rect(self.cursor)).inflate(8, 8)
            if self.carry and game.held is not None:
                img = self.art.tile(game.held, lay.cell - 6)
                surface.blit(img, img.get_rect(center=rect.center))
            pygame.draw.rect(surface, theme.focus, rect, 4, border_radius=10)
        # the dragged tile follows the pointer
        if drag is not None and drag.moved and drag.tile is not None:
            size = lay.cell - 6
            x, y = drag.tile_topleft()
            lift = 8  # the carried tile is drawn a little larger, lifted off the board
            surface.blit(self.art.shade((size + lift, size + lift), 90), (x + 4, y + 10))
            surface.blit(self.art.tile(drag.tile, size + lift), (x - lift // 2, y - lift // 2 - 4))
        elif self.carry and game.held is not None and not self.keyboard:
            size = lay.cell - 6
            surface.blit(self.art.tile(game.held, size), (self.pointer[0] - size // 2, self.pointer[1] - size // 2))
        # the message line: why not / what it would do
        text, kind = self.message, self.message_kind
        if probe is not None and probe[2] and (carrying_held or (drag is not None and drag.moved)):
            text, kind = probe[2], ("hint" if probe[1] else "error")
        if text:
            self._draw_message(surface, text, kind)
        for key in ("undo", "redo", "rules", "menu", "encounter", "use", "skip"):
            b = self._buttons[key]
            if b.visible:
                b.draw(surface)

    def _draw_message(self, surface: pygame.Surface, text: str, kind: str) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        colour = {"error": (255, 236, 230), "hint": (230, 255, 232)}.get(kind, (250, 240, 220))
        fill = {"error": (150, 36, 26), "hint": (38, 110, 52)}.get(kind, (70, 50, 30))
        img = ctx.fonts.render(text, theme.font_small, colour, "bold")
        area = pygame.Rect(self.layout.message)
        rect = img.get_rect(center=area.center).inflate(28, 6)
        rect.clamp_ip(area)
        pygame.draw.rect(surface, fill, rect, border_radius=rect.h // 2)
        pygame.draw.rect(surface, theme.gold, rect, 1, border_radius=rect.h // 2)
        surface.blit(img, img.get_rect(center=rect.center))

    def _draw_flip(self, surface: pygame.Surface, anim: Any) -> None:
        i = anim.index
        view = self.game.ordeals[i]
        rect = pygame.Rect(self.layout.ordeal_rect(i))
        p = anim.progress(self.anims.now)
        face = p >= 0.5
        img = self._card_surface(view.card, rect.size, face)
        w = max(2, int(rect.w * abs(1 - 2 * p)))
        img = pygame.transform.smoothscale(img, (w, rect.h))
        surface.blit(img, img.get_rect(center=rect.center))


def _shrink(rect: tuple[int, int, int, int], by: int) -> tuple[int, int, int, int]:
    x, y, w, h = rect
    return (x + by, y + by, w - 2 * by, h - 2 * by)


# --------------------------------------------------------------------------------------------
class DiscardOverlay(Scene):
    """The discard pile laid out (oldest first). In the Chameleon phase the tiles it may take are
    lit, and a click on one takes it (`TakeFromDiscard`); otherwise it is for looking."""

    transparent = True
    name = "discard"

    def __init__(self, ctx: Any, board: BoardScene) -> None:
        super().__init__(ctx)
        self.board = board
        self.panel = pygame.Rect(browser_panel(len(board.game.discard), ctx.canvas))

    def _choices(self) -> dict[int, A.TakeFromDiscard]:
        c = self.board.refresh()
        return {a.index: a for a in c.chameleon} if c.phase == "chameleon" else {}

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.pop()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            choices = self._choices()
            n = len(self.board.game.discard)
            for i in range(n):
                if contains(browser_rect(i, n, self.ctx.canvas), event.pos):
                    if i in choices:
                        self.pop()
                        self.board.act(choices[i], browser_rect(i, n, self.ctx.canvas))
                    return True
            if not self.panel.collidepoint(event.pos):
                self.pop()
            return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        from castellion.ui.widgets import dim

        ctx, theme = self.ctx, self.ctx.theme
        dim(surface, ctx)
        draw_panel(surface, self.panel, ctx)
        game = self.board.game
        choices = self._choices()
        if choices:
            shape = (game.power_faction_tile or "Ct")[1]
            title = t("board.chameleon_title", shape=t(f"board.shape.{shape}"))
            hint = t("board.chameleon_hint")
        else:
            title, hint = t("board.discard_title"), t("board.discard_hint")
        draw_text(surface, ctx, title, (self.panel.centerx, self.panel.y + 46), size=38, colour=theme.border,
                  role="title", anchor="center")
        draw_text(surface, ctx, hint, (self.panel.centerx, self.panel.y + 90), size=theme.font_small,
                  colour=theme.ink_soft, anchor="center")
        if not game.discard:
            draw_text(surface, ctx, t("board.discard_empty"), (self.panel.centerx, self.panel.y + 150),
                      colour=theme.ink_faint, anchor="center")
        n = len(game.discard)
        for i, code in enumerate(game.discard):
            r = pygame.Rect(browser_rect(i, n, ctx.canvas))
            surface.blit(self.board.art.tile(code, r.w), r)
            if choices and i not in choices:
                surface.blit(self.board.art.shade(r.size, 150), r)
            elif choices:
                surface.blit(self.board.art.glow(r.inflate(6, 6).size, GLOW_LEGAL, 3), r.inflate(6, 6))


__all__ = ["BoardScene", "Choices", "DiscardOverlay", "browser_panel", "browser_rect", "render_card", "tile_name", "center"]
