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

Variants (§8), the Pantry (§10) and two players (§9) use the same gestures: drag the tile in hand
onto the Vigil (exchange, V), into a lit prison ring cell, onto a lit pawn cell (the Guardian takes
a plain Traitor), onto the partner's castle (pass it, then destroy one of your own tiles); click a
card to seat the Prophet, a lit tile for the Intruder; drag a Pantry tile from the supply onto a
lit cell; buttons for the Premonition (P), the Champion hand-over (asks first) and who faces the
first Ordeal. In a two-player game both castles are drawn (`board_layout`), the active one marked,
and a short hand-over banner (`HandoverScene`) names the next player.

Drawing never changes state: the still picture is cached per state (`_still`), and a frame adds
only what moves (highlights, the dragged tile, flights).
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from castellion.rules import Game, IllegalAction, Why, formation_groups, formations, judge_ordeal, parse_tile
from castellion.rules import actions as A
from castellion.rules import events as E
from castellion.rules.ruleset import ASSAULT, EARTHWORM, FOUNDATION_DROP, OrdealCard
from castellion.scenes.stack import Scene
from castellion.session import Session
from castellion.ui import strings_board_en  # noqa: F401 - registers the board.* strings
from castellion.ui.castle_view import (GLOW_BAD, GLOW_LEGAL, GLOW_SELECT, GLOW_TARGET, KIND_ICONS, CastleView,
                                       TileArt)
from castellion.ui.drag import Animations, Drag
from castellion.rules.game import PRISON_RING
from castellion.ui.geometry import (GHOST_CELLS, BoardLayout, Target, board_layout, center, contains,
                                    nearest_in_direction)
from castellion.ui import rules_text
from castellion.ui.text import t, tn
from castellion.ui.fonts import wrap
from castellion.ui.widgets import Button, draw_backdrop, draw_panel, draw_text, draw_wrapped

log = logging.getLogger(__name__)

BUTTON_KEYS = ("undo", "redo", "rules", "menu", "encounter", "use", "skip", "premonition", "champion", "facer0",
               "facer1")
# The destructions an encounter asks for (`Game.destroy_kind`, RULES.md §5.3 / §8.4): when the
# last tile of one is chosen, the reveal shows the verdict.
ENCOUNTER_DESTRUCTIONS = ("assault", "prison")
HANDOVER_TIME = 1.1  # seconds the "Player 2's turn" banner stays (a click or a key ends it sooner)

CHECK, CROSS = "\u2713", "\u2717"
BROWSER_COLS = 12
BROWSER_TILE = 64
BROWSER_STEP = 72


def refusal_text(exc: IllegalAction) -> str:
    """What the player reads of an engine refusal: the sentence `rules_text` makes of its data."""
    return rules_text.refusal_text(exc.refusal)


def tile_name(code: str) -> str:
    """"Pyro triangle (safe)", "Traitor", … for a tile code."""
    tile = parse_tile(code)
    if tile.traitor:
        return t("board.tile_traitor_black") if tile.black else t("board.tile_traitor")
    if tile.pantry:
        return t("board.tile_pantry", shape=t(f"board.shape.{code[1]}"))
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


def player_name(ctx: Any, player: int, names: tuple[str, ...] = ()) -> str:
    """The name given to `player` (0 / 1) — the session's own names (saved with the game), else
    the setup screen's — or "Player 1" / "Player 2"."""
    names = names or getattr(ctx, "player_names", None) or ()
    if player < len(names) and str(names[player]).strip():
        return str(names[player]).strip()
    return t("board.player_n", n=player + 1)


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
        self.vigil: A.ExchangeVigil | None = None
        self.premonition: A.UsePremonition | None = None
        self.prison: dict[tuple[int, int], A.PlacePrison] = {}
        self.guardian: dict[tuple[int, int], A.PlaceGuardian] = {}
        self.intruder: dict[tuple[int, int], A.PlaceIntruder] = {}
        self.pantry: dict[str, dict[tuple[int, int], A.PlacePantry]] = {}
        self.pass_tile: A.PassTile | None = None
        self.facer: dict[int, A.ChooseFacer] = {}
        self.champion: A.HandChampion | None = None
        self.prophet: dict[int, A.ChooseProphetOrdeal] = {}
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
            elif isinstance(a, A.ExchangeVigil):
                self.vigil = a
            elif isinstance(a, A.UsePremonition):
                self.premonition = a
            elif isinstance(a, A.PlacePrison):
                self.prison[a.cell] = a
            elif isinstance(a, A.PlaceGuardian):
                self.guardian[a.cell] = a
            elif isinstance(a, A.PlaceIntruder):
                self.intruder[a.cell] = a
            elif isinstance(a, A.PlacePantry):
                self.pantry.setdefault(a.tile, {})[a.cell] = a
            elif isinstance(a, A.PassTile):
                self.pass_tile = a
            elif isinstance(a, A.ChooseFacer):
                self.facer[a.player] = a
            elif isinstance(a, A.HandChampion):
                self.champion = a
            elif isinstance(a, A.ChooseProphetOrdeal):
                self.prophet[a.index] = a
        self.ghosts = [c for c in self.place if c in GHOST_CELLS]
        self.swap_cells = {c for pair in self.swaps for c in pair}

    def pantry_ghosts(self, code: str | None) -> list[tuple[int, int]]:
        return [c for c in self.pantry.get(code or "", {}) if c in GHOST_CELLS]

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
        rows.append(("text", tn("board.rows_n", card.rows)))
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

    def __init__(self, ctx: Any, session_or_game: Session | Game, *, layout: BoardLayout | None = None) -> None:
        super().__init__(ctx)
        self.session = session_or_game if isinstance(session_or_game, Session) else Session(session_or_game)
        game = self.session.game
        if layout is None:
            layout = board_layout(game.players, prison=game.variant_id == "prison", pantry=bool(game.pantry_mode))
        self.base_layout = layout
        self.art = TileArt(ctx)
        self.views = [CastleView(ctx, self.art, layout.for_player(p)) for p in range(game.players)]
        self.pantry_pick: str | None = None  # a Pantry tile picked up with a click / Enter (§10)
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
        self._destroy_from: int | None = None  # len(history) when an encounter's destruction began
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

    @property
    def layout(self) -> BoardLayout:
        """The layout seen from the player deciding now (their castle is "the" grid)."""
        return self.base_layout.for_player(self.game.active if self.game.players > 1 else 0)

    @property
    def view(self) -> CastleView:
        return self.views[self.game.active if self.game.players > 1 else 0]

    def name_of(self, player: int) -> str:
        return player_name(self.ctx, player, self.session.player_names)

    def names(self) -> list[str]:
        """The players' names in seat order (what `rules_text` names castles with)."""
        return [self.name_of(p) for p in range(self.game.players)]

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
                ("skip", t("board.skip_power"), self.skip_power, "secondary"),
                ("premonition", t("board.premonition"), self.use_premonition, "primary"),
                ("champion", t("board.hand_champion"), self.ask_hand_champion, "secondary"),
                ("facer0", self.name_of(0), lambda: self.choose_facer(0), "primary"),
                ("facer1", self.name_of(1), lambda: self.choose_facer(1), "primary")]
        for key, label, fn, style in spec:
            size = 20 if key in ("undo", "redo", "rules", "menu", "champion", "encounter", "premonition") else 22
            if self.game.players > 1 and key in ("use", "skip"):
                size = 20
            width = lay.button_rect(key)[2] - 18
            while size > 14 and ctx.fonts.get("bold", size).size(label)[0] > width:
                size -= 1  # the label always fits its button
            self._buttons[key] = Button(ctx, lay.button_rect(key), label, fn, style=style, font_size=size)
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        c = self.choices
        b = self._buttons
        b["undo"].enabled = self.session.can_undo
        b["redo"].enabled = self.session.can_redo
        b["encounter"].visible = c.encounter is not None
        b["use"].visible = b["skip"].visible = c.use is not None
        b["premonition"].visible = c.premonition is not None
        b["champion"].visible = c.champion is not None
        if c.champion is not None:
            b["champion"].rect = pygame.Rect(self.layout.button_rect("champion"))
        b["facer0"].visible = b["facer1"].visible = c.phase == "choose_facer"

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
            self.push(EndScreen.from_game(self.ctx, self.game,
                                          names=[self.name_of(p) for p in range(self.game.players)]))

    # ------------------------------------------------------------- applying
    def act(self, action: A.Action, origin: tuple[int, int, int, int] | None = None) -> bool:
        """Apply `action` through the session; False (and the reason shown) when it is refused."""
        game = self.game
        before = [game.castle(p) for p in range(game.players)]
        champion_before = game.champion
        revealed_before = len(self.game.revealed)
        destroying = (game.phase, game.destroy_kind, game.current_ordeal, game.active)
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self.say(refusal_text(exc), "error")
            return False
        self.ctx.log_action(action)
        self.drag = None
        self.carry = False
        self.pantry_pick = None
        self.selected = None
        self.probe = None
        self.preview = ([], [])
        self.say("")
        self._say_power_end(events)
        self.refresh()
        self._animate(action, events, before, origin, revealed_before)
        self._after_events(action, events, before, champion_before, destroying)
        return True

    def _say_power_end(self, events: list) -> None:
        """A power that ends by itself (RULES.md §6, docs/rulings.md "Powers that can do nothing")
        says so: without a word the discarded Defender would seem to have simply vanished."""
        ended = next((ev for ev in events if isinstance(ev, E.PowerEnded) and ev.reason != "done"), None)
        if ended is None:
            return
        shape = next((ev.tile[1] for ev in events if isinstance(ev, E.TileDiscarded) and len(ev.tile) > 1), "t")
        text = rules_text.power_end_text(ended.faction, ended.reason, shape)
        if text:
            self.say(text, "info")

    def _after_events(self, action: A.Action, events: list, before: list, champion_before: int | None = None,
                      destroying: tuple | None = None) -> None:
        turn = [ev for ev in events if isinstance(ev, (E.TurnPassed, E.TilePassed))]
        if turn and self.stack is not None and self.game.outcome is None:
            # hot seat: the hand-over is always marked — a short banner, or with animations off
            # a still one that waits for a click or a key
            last = turn[-1]
            player = last.player if isinstance(last, E.TurnPassed) else last.receiver
            passed = last.tile if isinstance(last, E.TilePassed) else None
            self.push(HandoverScene(self.ctx, self, player, passed, still=not self.anims.enabled))
        pages = self._verdict_pages(action, events, destroying)
        if self.stack is not None and (pages or any(isinstance(ev, E.OrdealEncountered) for ev in events)):
            from castellion.scenes.reveal import OrdealRevealScene, build_encounters

            game = self.game
            cards = [o.card for o in game.ordeals]
            encounters = build_encounters(events, cards, names=self.names())
            pages = pages + encounters
            if pages[-1].result == "destroy":  # the tiles are chosen on the board from here
                self._destroy_from = len(game.history)
            self.push(OrdealRevealScene(self.ctx, pages))
            return
        if self.game.outcome is not None:
            self._maybe_end()
            return
        if self.game.phase == "chameleon" and self.stack is not None:
            self.open_discard()

    def _verdict_pages(self, action: A.Action, events: list, destroying: tuple | None) -> list:
        """The verdict page when `action` ended the destruction an encounter asked for (an
        Assault, the prison's penalty): the reveal's first page said "Destroy N tiles", this one
        says how it ended. [] for any other action."""
        if destroying is None or not isinstance(action, A.DestroyTile):
            return []
        phase, kind, ordeal, facer = destroying
        if phase != "destroy" or kind not in ENCOUNTER_DESTRUCTIONS:
            return []
        from castellion.scenes.reveal import build_verdict

        game = self.game
        history = game.history
        start = self._destroy_from
        if start is None or not 0 <= start < len(history):
            start = len(history)  # not known (a game loaded mid-way): the run of DestroyTile actions
            while start > 0 and isinstance(history[start - 1], A.DestroyTile):
                start -= 1
        page = build_verdict(game, events, ordeal=ordeal, facer=facer, kind_before=kind,
                             destroyed=len(history) - start, names=self.names())
        return [page] if page is not None else []

    def say(self, text: str, kind: str = "info") -> None:
        self.message = text
        self.message_kind = kind
        if kind == "error" and text:  # every refusal (an illegal drop, a split) is also heard
            play = getattr(self.ctx, "play_sound", None)
            if play is not None:
                play("invalid")

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

    def _ordeal_name(self, index: int) -> str:
        """The card's name, or "Ordeal 2" while it is face down (never the panel's "Ordeals")."""
        view = self.game.ordeals[index]
        return view.card.name if view.face_up else t("board.ordeal_n", n=index + 1)

    def ask_encounter(self) -> None:
        c = self.refresh()
        if c.encounter is None:
            return
        from castellion.scenes.overlays import ConfirmOverlay

        index = self.game.current_ordeal
        view = self.game.ordeals[index]
        name = self._ordeal_name(index)
        ready = self.game.preview_encounter()
        if not view.face_up:
            status = t("board.encounter_face_down")
        elif ready is None:
            status = t("board.encounter_depends")
        else:
            status = t("board.encounter_ready" if ready else "board.encounter_not_ready")
        # Enter answers "no" unless the castle surely meets the card: E then Enter must not lose
        # a game by reflex (a face-down card is unknown, so no sure thing either)
        self.push(ConfirmOverlay(self.ctx, t("board.encounter_title", name=name),
                                 t("board.encounter_text", status=status),
                                 on_yes=lambda: self.act(A.EncounterOrdeal()), cautious=ready is not True))

    def use_premonition(self) -> None:
        c = self.refresh()
        if c.premonition is not None:
            self.act(c.premonition)

    def choose_facer(self, player: int) -> None:
        c = self.refresh()
        if player in c.facer:
            self.act(c.facer[player])

    def ask_hand_champion(self) -> None:
        c = self.refresh()
        if c.champion is None:
            return
        from castellion.scenes.overlays import ConfirmOverlay

        partner = self.name_of(1 - self.game.active)
        self.push(ConfirmOverlay(self.ctx, t("board.champion_title", name=partner),
                                 t("board.champion_text", name=partner),
                                 on_yes=lambda: self.act(A.HandChampion())))

    def use_power(self) -> None:
        c = self.refresh()
        if c.use is not None:
            self.act(c.use)

    def skip_power(self) -> None:
        c = self.refresh()
        if c.skip is not None:
            self.act(c.skip)

    # ------------------------------------------------------------ animations
    def _animate(self, action: A.Action, events: list, before: Any, origin: Any, revealed_before: int) -> None:
        base, an = self.base_layout, self.anims
        an.enabled = bool(getattr(self.ctx.settings, "animations", True))
        if not an.enabled:
            return
        lay = self.layout
        hand = lay.hand_rect()
        src = origin or hand
        shift = 0
        destroyed = [ev for ev in events if isinstance(ev, E.TileDestroyed)]
        encountered = {ev.ordeal for ev in events if isinstance(ev, E.OrdealEncountered)}
        revealed_i = revealed_before

        def at(player: int) -> BoardLayout:
            return base.for_player(player)

        def hide(player: int, cell: Any) -> Any:
            return cell if player == self.game.active or self.game.players == 1 else ("p", player, cell)

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
                pl = at(ev.player)
                castle = self.game.castle(ev.player)
                for cell, tile in castle.tiles():
                    if cell == ev.cell or not shift:
                        continue
                    an.flight(tile.code, pl.cell_rect((cell[0], cell[1] - shift)), pl.cell_rect(cell),
                              hide(ev.player, cell))
                dst = _shrink(pl.cell_rect(ev.cell), 3)
                an.flight(ev.tile, src, dst, hide(ev.player, ev.cell))
            elif isinstance(ev, E.VigilExchanged):
                an.flight(ev.given, src, lay.vigil_rect(), "vigil")
                an.flight(ev.taken, lay.vigil_rect(), hand, "hand")
            elif isinstance(ev, E.PrisonTilePlaced):
                an.flight(ev.tile, src, lay.prison_rect(ev.cell), ("prison", ev.cell))
            elif isinstance(ev, (E.TileDiscarded, E.TraitorDiscarded)):
                an.flight(ev.tile, src, lay.discard_rect(), "discard")
            elif isinstance(ev, E.TraitorPlaced):
                slot = ev.count - 1
                an.flight(ev.tile, src, lay.traitor_rect(ev.ordeal, slot, ev.count), ("traitor", ev.ordeal, slot))
            elif isinstance(ev, E.TileDestroyed) and len(destroyed) == 1:
                pl = at(ev.player)
                castle = self.game.castle(ev.player)
                an.flight(ev.tile, pl.cell_rect(ev.cell), lay.discard_rect(), "discard")
                r, c = ev.cell
                for rr in range(r, 6):
                    tile = castle.tile_at((rr, c))
                    if tile is None:
                        break
                    an.flight(tile.code, pl.cell_rect((rr + 1, c)), pl.cell_rect((rr, c)), hide(ev.player, (rr, c)))
            elif isinstance(ev, E.TilesSwapped):
                pl = at(ev.player)
                castle = self.game.castle(ev.player)
                for a, b in ((ev.a, ev.b), (ev.b, ev.a)):
                    tile = castle.tile_at(b)
                    if tile is not None:
                        an.flight(tile.code, pl.cell_rect(a), pl.cell_rect(b), hide(ev.player, b))
            elif isinstance(ev, E.TileMoved):
                pl = at(ev.player)
                an.flight(ev.tile, origin or pl.cell_rect(ev.src), pl.cell_rect(ev.dst), hide(ev.player, ev.dst))
            elif isinstance(ev, E.TileRevealed):
                if revealed_i < lay.revealed_slots:
                    an.flight(ev.tile, lay.pile_rect(ev.pile), lay.revealed_rect(revealed_i), ("revealed", revealed_i))
                revealed_i += 1
            elif isinstance(ev, E.OrdealRevealed) and ev.ordeal not in encountered:
                an.flip(ev.ordeal)
            elif isinstance(ev, E.PantryRecovered):
                an.flight("*" + ev.tile.lstrip("*")[:1], lay.discard_rect(), lay.pantry_rect(
                    max(0, len(self.game.pantry_supply(ev.player)) - 1), ev.player), None)
            elif isinstance(ev, E.TilePassed):
                pl = at(ev.receiver)
                an.flight(ev.tile, at(ev.giver).hand_rect(), pl.hand_rect(), "hand")

    # ----------------------------------------------------------------- input
    def handle(self, event: Any) -> bool:
        self.refresh()
        et = event.type
        if et in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.anims.skip()  # any input ends the animations at once (they only decorate)
        for key in BUTTON_KEYS:
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
                if self.drag.moved and (self.drag.tile is not None or self.carry or self.pantry_pick is not None):
                    self._update_probe(self._target_at(event.pos))
            elif self.carry or self.pantry_pick is not None:
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
        pantry = self._carried_pantry()
        if pantry is not None:
            ghosts = set(c.pantry_ghosts(pantry))
        game = self.game
        return self.layout.target_at(pos, ghosts, ordeals=len(game.ordeals), revealed=len(game.revealed),
                                     vigil=game.vigil is not None, prison=game.variant_id == "prison",
                                     pantry=len(game.pantry_supply(game.active)) if game.pantry_mode else 0)

    def _carried_pantry(self) -> str | None:
        """The Pantry tile being dragged or carried, if any."""
        if self.pantry_pick is not None:
            return self.pantry_pick
        d = self.drag
        if d is not None and d.source.kind == "pantry" and d.tile is not None:
            return d.tile
        return None

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
        if self.pantry_pick is not None:
            self.drag = Drag(target, pos)
            return True
        if target.kind == "pantry" and c.phase == "get":
            supply = game.pantry_supply(game.active)
            if target.value < len(supply):
                size = self.layout.cell - 6
                self.drag = Drag(target, pos, tile=supply[target.value], grab=(size // 2, size // 2))
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
        if self.pantry_pick is not None:
            if target is not None and target.kind == "pantry" and target == drag.source:
                self.pantry_pick = None
            elif target is not None and target == drag.source:
                self._drop_pantry(self.pantry_pick, target)
            return True
        if drag.source.kind == "pantry" and drag.tile is not None:
            if drag.moved:
                self._drop_pantry(drag.tile, target, origin=self._drag_rect(drag))
            elif target == drag.source:
                self.pantry_pick = drag.tile  # a click picks the Pantry tile up to carry it
                self.probe = None
            return True
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
        if self.carry or self.selected is not None or self.drag is not None or self.pantry_pick is not None:
            self.carry = False
            self.pantry_pick = None
            self.selected = None
            self.drag = None
            self.probe = None
            self.preview = ([], [])
            return True
        return False

    def _snap_back(self, drag: Drag) -> None:
        if drag.tile is None:
            return
        if drag.source.kind == "pantry":
            home, hides = self.layout.pantry_rect(drag.source.value), None
            self.anims.flight(drag.tile, self._drag_rect(drag), home, hides, duration=0.18)
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
        if kind == "vigil":
            if game.held is not None and c.phase == "use":
                self._drop_held(target)
            else:
                self.say(t("board.vigil_hint"), "info")
            return
        if kind == "prison":
            if game.held is not None and c.phase == "use":
                self._drop_held(target)
            return
        if kind == "pantry":
            if c.phase == "get" and c.pantry:
                supply = game.pantry_supply(game.active)
                if value < len(supply):
                    self.pantry_pick = None if self.pantry_pick == supply[value] else supply[value]
            else:
                self._explain(A.PlacePantry((0, 0), game.pantry_supply(game.active)[value]
                                            if value < len(game.pantry_supply(game.active)) else "*t"))
            return
        if kind == "castle":
            if game.held is not None and c.phase == "use":
                self._drop_held(target)
            return
        if kind == "ordeal":
            if c.phase == "prophet":
                if value in c.prophet:
                    self.act(c.prophet[value])
                return
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
        if self.pantry_pick is not None:
            self._drop_pantry(self.pantry_pick, Target("cell", cell))
            return
        if c.phase == "intruder":
            if cell in c.intruder:
                self.act(c.intruder[cell])
            else:
                self.say(t("board.pawn_where"), "error")
            return
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
            if tile.traitor and c.guardian:
                if cell in c.guardian:
                    return True, t("board.hint.guardian"), c.guardian[cell]
                return False, t("board.pawn_where"), None
            return False, rules_text.refusal_text(game.placement_error(cell)), None
        if target.kind == "vigil":
            if c.vigil is not None:
                return True, t("board.hint.vigil", tile=tile_name(game.vigil or "")), c.vigil
            if tile.traitor:
                return False, t("board.vigil_traitor"), None
            if game.held_from == "vigil":
                return False, t("board.vigil_back"), None
            return False, self._why_not(A.ExchangeVigil(held)), None
        if target.kind == "prison":
            cell = target.value
            if cell in c.prison:
                return True, t("board.hint.prison"), c.prison[cell]
            return False, rules_text.refusal_text(game.prison_error(cell)) or self._why_not(A.PlacePrison(cell, held)), None
        if target.kind == "castle":
            if c.pass_tile is not None and target.value != game.active:
                return True, t("board.hint.pass", name=self.name_of(target.value)), c.pass_tile
            return False, self._why_not(A.PassTile(held)), None
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
                return False, t("board.traitor_current", name=self._ordeal_name(current)), None
            if c.traitor is not None:
                view = game.ordeals[current]
                return True, t("board.traitors_label", n=view.count + 1, trigger=view.trigger), c.traitor
            return False, self._why_not(A.PlaceTraitor(held)), None
        return False, "", None

    def _judge_pantry(self, code: str, target: Target | None) -> tuple[bool, str, A.Action | None]:
        """What dropping Pantry tile `code` on `target` would do: (legal, words, action)."""
        if target is None or target.kind != "cell":
            return False, "", None
        c = self.choices
        cell = target.value
        action = c.pantry.get(code, {}).get(cell)
        if action is not None:
            return True, t("board.hint.pantry"), action
        if c.phase != "get":
            return False, t("board.pantry_not_now"), None
        return False, self._why_not(A.PlacePantry(cell, code)), None

    def _drop_pantry(self, code: str, target: Target | None, origin: tuple[int, int, int, int] | None = None) -> None:
        self.pantry_pick = None
        ok, text, action = self._judge_pantry(code, target)
        if ok and action is not None:
            self.act(action, origin)
            return
        self.say(text, "error" if text else "info")
        if origin is not None and self.drag is None:
            self.anims.flight(code, origin, self.layout.pantry_rect(0), None, duration=0.18)

    def _why_not(self, action: A.Action) -> str:
        """The engine's own refusal of `action` in words ("" when it is legal); asks the rules,
        which never play it through."""
        return rules_text.refusal_text(self.game.refusal(action))

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
        why = self.game.refusal(A.MoveTile(src, dst))
        if why is None or why.why is Why.NOT_NOW:  # not a tile the Pyro may lift
            return t("board.cannot_move")
        return rules_text.refusal_text(why)

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
        pantry = self._carried_pantry()
        if pantry is not None:
            ok, text, _ = self._judge_pantry(pantry, target)
            self.probe = (target, ok, text)
            return
        ok, text, action = self._judge(target)
        self.probe = (target, ok, text)
        if ok and target.kind == "cell" and isinstance(action, A.PlaceTile):
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
        if key == pygame.K_v and game.held is not None and game.vigil is not None:
            self._drop_held(Target("vigil"))
            return True
        if key == pygame.K_p and c.premonition is not None:
            self.act(c.premonition)
            return True
        if key == pygame.K_h and c.champion is not None:
            self.ask_hand_champion()
            return True
        if c.phase == "choose_facer" and key in (pygame.K_1, pygame.K_2, pygame.K_KP1, pygame.K_KP2):
            self.choose_facer(0 if key in (pygame.K_1, pygame.K_KP1) else 1)
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
        if c.phase == "prophet":
            return Target("ordeal", 0)
        if c.phase == "intruder" and c.intruder:
            return Target("cell", sorted(c.intruder)[0])
        if c.phase == "choose_facer":
            return Target("button", "facer0")
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
        game = self.game
        if game.vigil is not None:
            out.append((Target("vigil"), lay.vigil_rect()))
        if game.variant_id == "prison" and lay.prison_cell:
            for cell in PRISON_RING:
                out.append((Target("prison", cell), lay.prison_rect(cell)))
        if game.pantry_mode:
            for k in range(len(game.pantry_supply(game.active))):
                out.append((Target("pantry", k), lay.pantry_rect(k)))
        if game.players > 1:
            other = 1 - game.active
            out.append((Target("castle", other), lay.grid_rect_of(other)))
        for key in ("encounter", "use", "skip", "premonition", "champion", "facer0", "facer1"):
            if self._buttons[key].visible:
                out.append((Target("button", key), tuple(self._buttons[key].rect)))
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
        if (self.carry or self.pantry_pick is not None) and self.cursor is not None:
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
        text = self._banner_core()
        game = self.game
        if game.players > 1 and self.choices.phase not in ("over", "choose_facer"):
            return t("board.do.who", name=self.name_of(game.active), text=text)
        return text

    def _banner_core(self) -> str:
        c = self.choices
        game = self.game
        phase = c.phase
        if phase == "prophet":
            return t("board.do.prophet")
        if phase == "intruder":
            return t("board.do.intruder")
        if phase == "choose_facer":
            return t("board.do.choose_facer")
        if phase == "get":
            if game.revealed:
                key = "board.do.get_revealed"
            else:
                key = "board.do.get_early" if c.encounter is not None else "board.do.get"
            if c.pantry:
                key = "board.do.get_pantry" if not game.revealed else key
            if c.champion is not None:
                return t(key) + " " + t("board.do.or_champion")
            return t(key)
        if phase == "use" and game.held is not None:
            tile = parse_tile(game.held)
            if tile.traitor and c.guardian:
                return t("board.do.use_traitor_guardian")
            if tile.traitor and c.premonition is not None:
                return t("board.do.use_traitor_premonition")
            if tile.traitor:
                if isinstance(c.discard, A.DiscardTraitor):
                    return tn("board.do.use_traitor_discard", game.traitor_discard_cost())
                if tile.black and game.level_spec.traitor_discard:
                    return t("board.do.use_traitor_black")
                return t("board.do.use_traitor")
            if game.held_from == "partner":
                # what the receiver may do with it: place it, and from the base level on discard it
                # (with its power) or put it in the prison — the banner names every lit way
                passer, held = self.name_of(1 - game.active), tile_name(game.held)
                if c.prison:
                    return t("board.do.use_passed_more", tile=held, name=passer, more=t("board.do.or_prison"))
                if c.discard is not None:
                    return t("board.do.use_passed_discard", tile=held, name=passer)
                return t("board.do.use_passed", tile=held, name=passer)
            extra = []
            if c.vigil is not None:
                extra.append(t("board.do.or_vigil"))
            if c.prison:
                extra.append(t("board.do.or_prison"))
            if c.pass_tile is not None:
                extra.append(t("board.do.or_pass", name=self.name_of(1 - game.active)))
            if extra:
                return t("board.do.use_short", tile=tile_name(game.held), more=", ".join(extra))
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
            index = game.current_ordeal
            reason = rules_text.destruction_text(game.destroy_kind, self._ordeal_name(index) if index is not None else "")
            if game.destroy_kind == "pass":
                return t("board.do.destroy_pass", name=self.name_of(1 - game.active))
            return t("board.do.destroy", n=game.destroy_left, reason=reason)
        if phase == "tower_reveal":
            return t("board.do.tower_reveal")
        if phase == "over" and game.outcome is not None:
            key = "board.do.over_won" if game.outcome.result == "won" else "board.do.over_lost"
            reason = rules_text.outcome_text(game.outcome, self.names(), [o.card for o in game.ordeals])
            return t(key, reason=reason[:1].upper() + reason[1:])
        return ""

    def _hidden(self) -> frozenset:
        hidden = set(self.anims.hidden())
        d = self.drag
        if d is not None and d.moved and d.source.kind == "pantry":
            hidden.add(("pantry", d.source.value))
        elif (d is not None and d.moved and d.tile is not None) or self.carry:
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
        for p in range(game.players):
            self._draw_castle_panel(surface, p, hidden)
        if game.players == 1:
            self._draw_status(surface, castle)
        if game.variant_id == "prison" and self.base_layout.prison_cell:
            self._draw_prison(surface, hidden)
        self._draw_ordeals(surface, hidden)
        self._draw_tiles_panel(surface, hidden)

    def _draw_castle_panel(self, surface: pygame.Surface, p: int, hidden: frozenset) -> None:
        """Player `p`'s castle: panel, header, grid, tiles, formations; the Champion, the Pantry
        supply and a two-player status line where the layout has room for them."""
        ctx, theme, game = self.ctx, self.ctx.theme, self.game
        lay = self.base_layout.for_player(p)
        view = self.views[p]
        castle = game.castle(p)
        two = game.players > 1
        active = p == game.active
        panel = pygame.Rect(lay.castle_panel)
        draw_panel(surface, panel, ctx)
        if two and active:
            pygame.draw.rect(surface, theme.gold_light, panel.inflate(6, 6), 4, border_radius=14)
        if two:
            name = self.name_of(p)
            colour = theme.border if active else theme.ink_soft
            r = draw_text(surface, ctx, name, (panel.x + 22, panel.y + 6), size=theme.font_label, colour=colour,
                          role="title")
            if active and game.outcome is None:
                tag = ctx.fonts.render(t("board.playing"), theme.font_small - 4, (250, 238, 210), "bold")
                box = tag.get_rect(midleft=(r.right + 14, r.centery + 2)).inflate(16, 6)
                pygame.draw.rect(surface, theme.button, box, border_radius=box.h // 2)
                pygame.draw.rect(surface, theme.gold_light, box, 1, border_radius=box.h // 2)
                surface.blit(tag, tag.get_rect(center=box.center))
                r = box
            facer = game.facer
            if game.current_ordeal is not None and facer == p:
                draw_text(surface, ctx, t("board.faces_next"), (r.right + 14, r.centery + 2),
                          size=theme.font_small - 2, colour=theme.bad, role="bold", anchor="midleft")
        else:
            draw_text(surface, ctx, t("board.castle"), (panel.x + 22, panel.y + 6), size=theme.font_label,
                      colour=theme.border, role="title")
            self._draw_variant_badge(surface, panel)
        view.draw_grid(surface)
        gx, gy, gw, gh = lay.grid_rect
        draw_text(surface, ctx, t("board.foundation"), (gx + gw // 2, gy + gh + 16),
                  size=theme.font_small - (0 if not two else 3), colour=theme.ink_soft, role="bold", anchor="center")
        if active or not two:
            cells_hidden = {h for h in hidden if isinstance(h, tuple) and len(h) == 2 and isinstance(h[0], int)}
        else:
            cells_hidden = {h[2] for h in hidden if isinstance(h, tuple) and len(h) == 3 and h[0] == "p" and h[1] == p}
        view.draw_tiles(surface, castle, cells_hidden)
        view.draw_formations(surface, formation_groups(castle), icons=True)
        if active and self.selected is not None:
            view.draw_glow(surface, [self.selected], GLOW_SELECT, 3)
        if two:
            self._draw_champion(surface, p, lay)
            self._draw_castle_status(surface, p, lay)
        if game.pantry_mode:
            self._draw_pantry(surface, p, lay, hidden)

    def _draw_variant_badge(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        """Solo: the variant's pawn state at the castle panel's top right (one short line)."""
        game, ctx, theme = self.game, self.ctx, self.ctx.theme
        vid = game.variant_id
        text = ""
        if vid == "premonition":
            text = t("board.badge.premonition_ready" if game.premonition_available else "board.badge.premonition_used")
        elif vid == "guardian":
            text = t("board.badge.guardian_ready" if game.pawn_available else "board.badge.pawn_on")
        elif vid == "intruder":
            placed = any(c.pawn_cell() is not None for c in (game.castle(p) for p in range(game.players)))
            text = t("board.badge.pawn_on" if placed else ("board.badge.intruder_due" if game.intruder_due
                                                             else "board.badge.intruder_wait"))
        elif vid == "prophet" and game.prophet_ordeal is not None:
            text = t("board.badge.prophet", name=self._ordeal_name(game.prophet_ordeal))
        if not text:
            return
        r = draw_text(surface, ctx, text, (panel.right - 18, panel.y + 18), size=theme.font_small - 3,
                      colour=theme.ink_soft, role="bold", anchor="midright")
        pawn = self.art.sprite("pawn", 26)
        surface.blit(pawn, pawn.get_rect(midright=(r.x - 4, r.centery)))

    def _draw_champion(self, surface: pygame.Surface, p: int, lay: BoardLayout) -> None:
        game, ctx, theme = self.game, self.ctx, self.ctx.theme
        if game.champion != p:
            return
        rect = pygame.Rect(lay.champion_rect(p))
        surface.blit(self.art.sprite("champion", rect.size), rect)
        draw_text(surface, ctx, t("board.champion"), (rect.centerx, rect.bottom + 12), size=theme.font_small - 5,
                  colour=theme.border, role="bold", anchor="center")
        draw_text(surface, ctx, t("board.champion_holds"), (rect.centerx, rect.bottom + 28), size=theme.font_small - 6,
                  colour=theme.ink_soft, anchor="center")

    def _draw_castle_status(self, surface: pygame.Surface, p: int, lay: BoardLayout) -> None:
        """Two players: one line under each castle — formations against the current Ordeal's
        need, the foundation, and (with the Pantry) its tiles against the count needed."""
        game, ctx, theme = self.game, self.ctx, self.ctx.theme
        castle = game.castle(p)
        have = formations(castle)
        panel = pygame.Rect(lay.castle_panel)
        y = panel.bottom - 22
        x = panel.x + 20
        index = game.current_ordeal
        need: dict[str, int] = {}
        if index is not None and game.ordeals[index].face_up:
            need = {k: n for k, n in game.ordeals[index].card.requires.items() if n}
        small = theme.font_small - 3
        for kind in ("tower", "bastion", "line"):
            icon = self.art.sprite(KIND_ICONS[kind], 20)
            surface.blit(icon, icon.get_rect(midleft=(x, y)))
            if kind in need:
                ok = have[kind] >= need[kind]
                label, colour = f"{have[kind]}/{need[kind]} {CHECK if ok else CROSS}", theme.good if ok else theme.bad
            else:
                label, colour = str(have[kind]), theme.ink
            r = draw_text(surface, ctx, label, (x + 24, y), size=small, colour=colour, role="bold", anchor="midleft")
            x = r.right + 16
        found, ok = castle.row_count(0), castle.foundation_complete()
        r = draw_text(surface, ctx, f"{t('board.foundation_status', n=found)} {CHECK if ok else CROSS}", (x + 4, y),
                      size=small, colour=theme.good if ok else theme.bad, role="bold", anchor="midleft")
        x = r.right + 16

    def _draw_pantry(self, surface: pygame.Surface, p: int, lay: BoardLayout, hidden: frozenset) -> None:
        """Player `p`'s Pantry supply, and the count needed after the next Ordeal (§10)."""
        game, ctx, theme = self.game, self.ctx, self.ctx.theme
        supply = game.pantry_supply(p)
        total = game.pantry_tiles_per_player
        x0, y0, cw, ch = lay.pantry_rect(0, p)
        two = game.players > 1
        draw_text(surface, ctx, t("board.pantry"), (x0 - 2, y0 - 22), size=theme.font_small - (2 if not two else 4),
                  colour=theme.ink, role="bold")
        lit = self.choices.phase == "get" and bool(self.choices.pantry) and p == game.active
        for k in range(total):
            r = pygame.Rect(lay.pantry_rect(k, p))
            if k < len(supply) and ("pantry", k) not in hidden:
                surface.blit(self.art.tile(supply[k], r.w), r)
                if lit and supply[k] in self.choices.pantry:
                    surface.blit(self.art.glow(r.inflate(6, 6).size, GLOW_LEGAL, 1), r.inflate(6, 6))
            else:
                pygame.draw.rect(surface, theme.ink_faint, r, 1, border_radius=6)
        index = game.current_ordeal
        have = game.castle(p).pantry_count()
        bottom = lay.pantry_bottom(total) + 8
        need = game.pantry_needed(index) if index is not None else None
        if need is not None:
            ok = have == need
            colour = theme.good if ok else theme.bad
            if two:
                lines = [t("board.pantry_need_short", n=need), t("board.pantry_have_short", n=have)]
            else:
                lines = [t("board.pantry_need", n=need), t("board.pantry_have", n=have)]
            for k, line in enumerate(lines):
                draw_text(surface, ctx, line, (x0 - 2, bottom + k * 18), size=theme.font_small - 5,
                          colour=theme.ink if k == 0 else colour, role="bold" if k else "body")
            if not two:
                draw_text(surface, ctx, t("board.pantry_after", name=game.ordeals[index].card.name
                                          if game.ordeals[index].face_up else t("board.ordeal_n", n=index + 1)),
                          (x0 - 2, bottom + 36), size=theme.font_small - 5, colour=theme.ink_soft)
        if game.pantry_mode == "hard" and not two:
            draw_text(surface, ctx, t("board.pantry_hard"), (x0 - 2, bottom + 54), size=theme.font_small - 5,
                      colour=theme.ink_soft)

    def _draw_prison(self, surface: pygame.Surface, hidden: frozenset) -> None:
        """The prison (§8.4): a 3 × 3 ring around the pawn, built tile by tile."""
        game, ctx, theme, lay = self.game, self.ctx, self.ctx.theme, self.base_layout
        if lay.prison_panel[2]:
            panel = pygame.Rect(lay.prison_panel)
            draw_panel(surface, panel, ctx)
            draw_text(surface, ctx, t("board.prison"), (panel.centerx, panel.y + 20), size=theme.font_small,
                      colour=theme.border, role="title", anchor="center")
        else:
            x, y, w, h = lay.prison_area
            draw_text(surface, ctx, t("board.prison"), (x - 2, y - 24), size=theme.font_small - 2, colour=theme.ink,
                      role="bold")
        area = pygame.Rect(lay.prison_area)
        pygame.draw.rect(surface, (196, 178, 146), area.inflate(10, 10), border_radius=8)
        pygame.draw.rect(surface, (120, 90, 60), area.inflate(10, 10), 2, border_radius=8)
        prison = game.prison
        size = lay.prison_cell
        for cell in PRISON_RING:
            r = pygame.Rect(lay.prison_rect(cell))
            slot = r.inflate(-4, -4)
            pygame.draw.rect(surface, (235, 225, 200), slot, border_radius=6)
            pygame.draw.rect(surface, (110, 90, 70), slot, 1, border_radius=6)
            if cell in prison and ("prison", cell) not in hidden:
                surface.blit(self.art.tile(prison[cell], size - 4), slot)
        centre = pygame.Rect(lay.prison_rect((1, 1))).inflate(-4, -4)
        surface.blit(self.art.sprite("prison", centre.size), centre)
        pawn = self.art.sprite("pawn", int(size * 0.8))
        surface.blit(pawn, pawn.get_rect(center=centre.center))
        n = len(prison)
        ok = n == len(PRISON_RING)
        cap = t("board.prison_count", n=n)
        draw_text(surface, ctx, f"{cap} {CHECK if ok else ''}".strip(), (area.centerx, area.bottom + 14),
                  size=theme.font_small - 3, colour=theme.good if ok else theme.ink, role="bold", anchor="center")
        if not ok:
            if lay.prison_panel[2]:
                box = pygame.Rect(lay.prison_panel[0] + 8, area.bottom + 30, lay.prison_panel[2] - 16, 90)
            else:
                box = pygame.Rect(area.x - 6, area.bottom + 26, area.w + 20, 60)
            draw_wrapped(surface, ctx, t("board.prison_penalty"), box, size=theme.font_small - 6, colour=theme.bad,
                         line_gap=0)

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        ctx, theme, game = self.ctx, self.ctx.theme, self.game
        bar = pygame.Rect(self.layout.top_bar)
        shade = self.art.shade(bar.size, 150)
        surface.blit(shade, bar)
        pygame.draw.line(surface, theme.gold, (0, bar.bottom - 1), (bar.right, bar.bottom - 1), 2)
        r = draw_text(surface, ctx, t("app.title"), (18, bar.centery), size=30, colour=theme.gold_light,
                      role="title", anchor="midleft")
        name = game.level_spec.name
        options = self.options_text()
        if options:
            r1 = draw_text(surface, ctx, name, (r.right + 18, bar.centery - 10), size=theme.font_body - 3,
                           colour=(236, 222, 190), anchor="midleft")
            r2 = draw_text(surface, ctx, options, (r.right + 18, bar.centery + 12), size=theme.font_small - 4,
                           colour=theme.gold_light, role="bold", anchor="midleft")
            r = r1 if r1.right > r2.right else r2
        else:
            r = draw_text(surface, ctx, name, (r.right + 18, bar.centery + 2), size=theme.font_body,
                          colour=(236, 222, 190), anchor="midleft")
        facts = f"{t('board.turn', turn=game.turn)}   \u2022   {t('board.seed', seed=game.seed)}"
        draw_text(surface, ctx, facts, (r.right + 26, bar.centery + 2), size=theme.font_body - (2 if options else 0),
                  colour=(250, 238, 210), role="bold", anchor="midleft")

    def options_text(self) -> str:
        """The chosen variant, Pantry and players, for the top bar ("" for a plain solo game)."""
        game = self.game
        parts = []
        variant = game.options.get("variant", "normal")
        if game.variant_id:
            spec = game.level_spec.variants.get(variant, {})
            label = t("setup.easier") if variant == "easy" else t("setup.harder")
            parts.append(f"{label}: {spec.get('name', game.variant_id)}")
        if game.pantry_mode:
            parts.append(t("board.opt.pantry_hard" if game.pantry_mode == "hard" else "board.opt.pantry"))
        if game.players > 1:
            parts.append(t("board.opt.players", a=self.name_of(0), b=self.name_of(1)))
        return "  \u2022  ".join(parts)

    def _draw_status(self, surface: pygame.Surface, castle: Any) -> None:
        """The current Ordeal's requirement beside what the castle has; the foundation."""
        ctx, theme, game = self.ctx, self.ctx.theme, self.game
        panel = pygame.Rect(self.layout.status_panel)
        draw_panel(surface, panel, ctx, style="dark")
        have = formations(castle)
        found = castle.row_count(0)
        x, y = panel.x + 24, panel.y + 10
        index = game.current_ordeal
        note = ""
        view = game.ordeals[index] if index is not None else None
        if view is None:
            title = t("board.needs_none")
        else:
            title = t("board.needs", name=view.card.name) if view.face_up else t("board.needs_hidden")
        head = draw_text(surface, ctx, title, (x, y), size=theme.font_label, colour=theme.border, role="title")
        # what the castle holds, right of the title: as large as the room left allows
        counts = t("board.formations_now") + " " + " \u2022 ".join(
            tn(f"board.count.{kind}", have[kind]) for kind in ("tower", "bastion", "line"))
        room = panel.right - 24 - (head.right + 18)
        size = theme.font_small
        while size > 13 and ctx.fonts.get("body", size).size(counts)[0] > room:
            size -= 1
        if ctx.fonts.get("body", size).size(counts)[0] > room:
            counts = counts[len(t("board.formations_now")) + 1:]
        draw_text(surface, ctx, counts, (panel.right - 24, y + 14), size=size, colour=theme.ink_soft,
                  anchor="midright")
        if view is not None:
            card = view.card
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
                verdict = judge_ordeal(card, castle)
                if card.kind in (FOUNDATION_DROP, EARTHWORM):
                    note = tn("board.rows_warning", card.rows) + f" ({verdict.foundation}/6)"
                elif card.kind == ASSAULT:
                    note = tn("board.assault_warning", verdict.if_unmet, saved=verdict.saved)
        # the foundation, always (R-O5: every encounter ends with the foundation check)
        ok = castle.foundation_complete()
        rr = draw_text(surface, ctx, f"{t('board.foundation_status', n=found)} {CHECK if ok else CROSS}",
                       (x, panel.bottom - 40), size=theme.font_body, colour=theme.good if ok else theme.bad,
                       role="bold")
        if game.pantry_mode and index is not None:
            need = game.pantry_needed(index)
            have_p = castle.pantry_count()
            okp = have_p == need
            rr = draw_text(surface, ctx, f"{t('board.pantry_status', have=have_p, need=need)} {CHECK if okp else CROSS}",
                           (rr.right + 18, rr.centery), size=theme.font_body - 2,
                           colour=theme.good if okp else theme.bad, role="bold", anchor="midleft")
        if note:
            note = "\u2022  " + note
            room = panel.right - 20 - (rr.right + 14)
            size = theme.font_small
            while size > 13 and ctx.fonts.get("body", size).size(note)[0] > room:
                size -= 1  # with the Pantry beside it the note gets less room
            if ctx.fonts.get("body", size).size(note)[0] > room and " (" in note:
                note = note[:note.index(" (")]
            draw_text(surface, ctx, note, (rr.right + 14, rr.centery), size=size, colour=theme.ink, anchor="midleft")

    def _draw_ordeals(self, surface: pygame.Surface, hidden: frozenset) -> None:
        ctx, theme, lay, game = self.ctx, self.ctx.theme, self.layout, self.game
        panel = pygame.Rect(lay.ordeal_panel)
        draw_panel(surface, panel, ctx)
        draw_text(surface, ctx, t("board.ordeals"), (panel.x + 22, panel.y + 8), size=theme.font_label,
                  colour=theme.border, role="title")
        current = game.current_ordeal
        choose = dict(self.choices.reveal_ordeal)
        choose.update(self.choices.prophet)
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
            n = view.count
            off = 1 if view.prophet else 0
            if view.prophet and not view.passed:
                pr = pygame.Rect(lay.traitor_rect(i, 0, n))
                pygame.draw.ellipse(surface, (250, 240, 215), pr)
                pygame.draw.ellipse(surface, theme.bad, pr, 2)
                pawn = self.art.sprite("pawn", int(pr.w * 0.9))
                surface.blit(pawn, pawn.get_rect(center=pr.center))
            for k, code in enumerate(view.traitors):
                if ("traitor", i, k + off) in hidden:
                    continue
                surface.blit(self.art.tile(code, lay.traitor_size), lay.traitor_rect(i, k + off, n))
            if i == current and not view.passed and ("ordeal", i) not in hidden:
                img = ctx.fonts.render(t("board.current"), theme.font_small - 4, (250, 238, 210), "bold")
                tag = img.get_rect(center=(rect.centerx, rect.y)).inflate(14, 4)
                pygame.draw.rect(surface, theme.button, tag, border_radius=tag.h // 2)
                pygame.draw.rect(surface, theme.gold_light, tag, 1, border_radius=tag.h // 2)
                surface.blit(img, img.get_rect(center=tag.center))
            cx, cy = lay.ordeal_count_pos(i)
            if not view.passed:
                label = t("board.traitors_label", n=n, trigger=view.trigger)
                draw_text(surface, ctx, label,
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
            size = small - 2
            while size > 11 and ctx.fonts.get("body", size).size(t("board.hand_empty"))[0] > hand.w - 10:
                size -= 1  # fits the smaller hand of the two-player layout
            draw_text(surface, ctx, t("board.hand_empty"), hand.center, size=size, colour=theme.ink_faint,
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
        draw_text(surface, ctx, tn("board.discard_count", len(pile)), (rect.centerx, rect.bottom + 16),
                  size=small, colour=theme.ink_soft, anchor="center")
        # revealed row (only where a Seer can reveal: base level on)
        x0, y0 = lay.revealed_x, lay.revealed_y
        seer = bool(game.level_spec.powers) or bool(game.revealed)
        if seer:
            draw_text(surface, ctx, t("board.revealed"), (x0, y0 - 24), size=small - (3 if game.players > 1 else 0),
                      colour=theme.ink, role="bold")
        if game.vigil is not None:
            self._draw_vigil(surface, hidden)
        for i in range(lay.revealed_slots if seer else 0):
            r = pygame.Rect(lay.revealed_rect(i))
            if i < len(game.revealed) and ("revealed", i) not in hidden:
                surface.blit(self.art.tile(game.revealed[i], r.w), r)
                if i in c.take:
                    surface.blit(self.art.glow(r.inflate(6, 6).size, GLOW_LEGAL, 1), r.inflate(6, 6))
            else:
                pygame.draw.rect(surface, theme.parchment_dark, r, border_radius=8)
                pygame.draw.rect(surface, theme.ink_faint, r, 1, border_radius=8)
        # power prompt: the same box in the solo and the two-player layouts (`power_box`)
        if c.use is not None and game.power_faction:
            self._draw_power_box(surface, game.power_faction)
        elif game.players == 1:
            draw_text(surface, ctx, t("board.hotkeys_hint"), (panel.centerx, panel.bottom - 24), size=small - 2,
                      colour=theme.ink_soft, anchor="center")

    def _draw_power_box(self, surface: pygame.Surface, f: str) -> None:
        """The discarded Defender's power, beside the use / skip buttons: its emblem, its name,
        "power — use it or skip it" and what it does."""
        ctx, theme = self.ctx, self.ctx.theme
        small = theme.font_small
        box = pygame.Rect(self.layout.power_box)
        compact = box.h < 64
        pygame.draw.rect(surface, (252, 244, 222), box, border_radius=8)
        pygame.draw.rect(surface, theme.faction(f), box, 3, border_radius=8)
        size = box.h - 18 if compact else 44
        emblem = self.art.sprite(("cb/" if theme.colourblind else "") + f"emblem_{f}", size)
        surface.blit(emblem, emblem.get_rect(midleft=(box.x + 8, box.centery)))
        tx = box.x + size + 16
        name = draw_text(surface, ctx, t(f"board.faction.{f}"), (tx, box.y + 4), size=small + (0 if compact else 2),
                         colour=theme.ink, role="bold")
        draw_text(surface, ctx, t("board.power_label"), (name.right + 10, name.centery + 1), size=small - 3,
                  colour=theme.ink_soft, anchor="midleft")
        text_size = small - 4
        rect = pygame.Rect(tx, name.bottom + 1, box.right - 8 - tx, box.bottom - 3 - name.bottom)
        while text_size > 11 and len(wrap(ctx.fonts.get("body", text_size), t(f"board.power.{f}"), rect.w)) * \
                ctx.fonts.get("body", text_size).get_linesize() > rect.h + 2:
            text_size -= 1  # the description always fits its box
        draw_wrapped(surface, ctx, t(f"board.power.{f}"), rect, size=text_size, colour=theme.ink, line_gap=0)

    def _draw_vigil(self, surface: pygame.Surface, hidden: frozenset) -> None:
        """The Vigil tile (§8.1) with its label; lit while a Defender in hand may be exchanged."""
        ctx, theme, game = self.ctx, self.ctx.theme, self.game
        rect = pygame.Rect(self.layout.vigil_rect())
        two = game.players > 1
        draw_text(surface, ctx, t("board.vigil"), (rect.centerx, rect.y - 14), size=theme.font_small - (2 if two else 0),
                  colour=theme.ink, role="bold", anchor="center")
        if "vigil" not in hidden and game.vigil is not None:
            surface.blit(self.art.tile(game.vigil, rect.w), rect)
        else:
            pygame.draw.rect(surface, theme.ink_faint, rect, 2, border_radius=10)
        if self.choices.vigil is not None:
            surface.blit(self.art.glow(rect.inflate(8, 8).size, GLOW_LEGAL, 1), rect.inflate(8, 8))
        if not two:
            draw_wrapped(surface, ctx, t("board.vigil_note"), pygame.Rect(rect.right + 16, rect.y + 4, 200, 80),
                         size=theme.font_small - 4, colour=theme.ink_soft, line_gap=0)
        else:
            draw_text(surface, ctx, t("board.vigil_note_short"), (rect.centerx, rect.bottom + 14),
                      size=theme.font_small - 5, colour=theme.ink_soft, anchor="center")

    # what moves --------------------------------------------------------------------------------
    def _draw_live(self, surface: pygame.Surface) -> None:
        ctx, theme, lay = self.ctx, self.ctx.theme, self.layout
        c = self.choices
        game = self.game
        view = self.view
        drag = self.drag
        pantry = self._carried_pantry()
        carrying_held = (drag is not None and drag.moved and drag.tile is not None and drag.from_cell is None
                         and pantry is None) or self.carry
        strength = 2 if carrying_held else 1
        # lit cells for the phase
        if c.phase == "use" and game.held is not None and not parse_tile(game.held).traitor:
            grid_cells = [cell for cell in c.place if cell not in GHOST_CELLS]
            view.draw_glow(surface, grid_cells, GLOW_LEGAL, strength)
            for g in c.ghosts:
                view.draw_ghost(surface, g, strong=False)
            if c.prison:
                for cell in c.prison:
                    r = pygame.Rect(lay.prison_rect(cell))
                    surface.blit(self.art.glow(r.size, GLOW_LEGAL, strength), r)
            if c.pass_tile is not None and carrying_held:
                other = pygame.Rect(lay.castle_panel_of(1 - game.active)).inflate(-6, -6)
                over = self.probe is not None and self.probe[0].kind == "castle" and self.probe[1]
                pygame.draw.rect(surface, GLOW_TARGET if over else GLOW_LEGAL, other, 5 if over else 3,
                                 border_radius=12)
                img = ctx.fonts.render(t("board.drop_to_pass", name=self.name_of(1 - game.active)),
                                       theme.font_small - 2, (250, 244, 230), "bold")
                tag = img.get_rect(midtop=(other.centerx, other.y + 6)).inflate(20, 6)
                pygame.draw.rect(surface, (38, 110, 52) if over else (110, 80, 30), tag, border_radius=tag.h // 2)
                surface.blit(img, img.get_rect(center=tag.center))
            if c.vigil is not None and carrying_held:
                r = pygame.Rect(lay.vigil_rect()).inflate(8, 8)
                surface.blit(self.art.glow(r.size, GLOW_LEGAL, 2), r)
        elif c.phase == "use" and game.held is not None:
            current = game.current_ordeal
            if current is not None:
                r = pygame.Rect(lay.ordeal_area(current))
                surface.blit(self.art.glow(r.size, GLOW_LEGAL, strength), r)
            if c.guardian:
                view.draw_glow(surface, c.guardian, GLOW_TARGET, strength)
        if c.phase == "intruder":
            view.draw_glow(surface, c.intruder, GLOW_BAD, 2)
        if pantry is not None:
            cells = c.pantry.get(pantry, {})
            view.draw_glow(surface, [x for x in cells if x not in GHOST_CELLS], GLOW_LEGAL, 2)
            for g in c.pantry_ghosts(pantry):
                view.draw_ghost(surface, g, strong=False)
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
        if probe is not None and (carrying_held or (drag is not None and drag.moved) or pantry is not None):
            target, ok, text = probe
            rect = pygame.Rect(lay.target_rect(target)) if target.kind != "button" else None
            if rect is not None:
                if target.kind == "cell" and target.value in GHOST_CELLS and ok:
                    view.draw_ghost(surface, target.value, strong=True)
                elif target.kind == "castle":
                    pass  # drawn with the pass hint above (a frame, not a fill over the partner's castle)
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
            carried = game.held if self.carry else self.pantry_pick
            if carried is not None:
                img = self.art.tile(carried, lay.cell - 6)
                surface.blit(img, img.get_rect(center=rect.center))
            # two-tone: the gold ring alone is the colour of the "you may act here" glow, so a
            # dark band around it tells the cursor apart on lit tiles, piles and parchment alike
            pygame.draw.rect(surface, theme.ink, rect.inflate(10, 10), 5, border_radius=14)
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
        elif self.pantry_pick is not None and not self.keyboard:
            size = lay.cell - 6
            surface.blit(self.art.tile(self.pantry_pick, size), (self.pointer[0] - size // 2, self.pointer[1] - size // 2))
        if c.phase == "choose_facer":
            self._draw_facer_prompt(surface)
        # the message line: why not / what it would do
        text, kind = self.message, self.message_kind
        if probe is not None and probe[2] and (carrying_held or (drag is not None and drag.moved) or pantry is not None):
            text, kind = probe[2], ("hint" if probe[1] else "error")
        if text:
            self._draw_message(surface, text, kind)
        for key in BUTTON_KEYS:
            b = self._buttons[key]
            if b.visible:
                b.draw(surface)

    def _draw_facer_prompt(self, surface: pygame.Surface) -> None:
        """Two players, first Ordeal: who faces it (two buttons with the players' names)."""
        ctx, theme, game = self.ctx, self.ctx.theme, self.game
        b0, b1 = self._buttons["facer0"].rect, self._buttons["facer1"].rect
        box = b0.union(b1).inflate(200, 160).move(0, -40)
        surface.blit(self.art.shade((ctx.canvas[0], ctx.canvas[1]), 110), (0, 0))
        draw_panel(surface, box, ctx)
        index = game.current_ordeal if game.current_ordeal is not None else 0
        view = game.ordeals[index]
        name = view.card.name if view.face_up else t("board.ordeal_n", n=index + 1)
        draw_text(surface, ctx, t("board.facer_title", name=name), (box.centerx, box.y + 34), size=30,
                  colour=theme.border, role="title", anchor="center")
        draw_wrapped(surface, ctx, t("board.facer_text"), pygame.Rect(box.x + 40, box.y + 58, box.w - 80, 48),
                     size=theme.font_small - 2, colour=theme.ink_soft, line_gap=0)

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


class HandoverScene(Scene):
    """Two players: "Anna's turn" over the board for a moment (HANDOVER_TIME), so that the
    player taking the seat sees it is theirs; a click or a key ends it at once (and does nothing
    else). Pushed by the board on `TurnPassed` / `TilePassed`.

    `still` (animations off): no fade and no timer — the banner stands until a click or a key, so
    the hand-over is still marked in hot-seat play."""

    transparent = True
    name = "handover"

    def __init__(self, ctx: Any, board: BoardScene, player: int, passed: str | None = None, *,
                 still: bool = False) -> None:
        super().__init__(ctx)
        self.board = board
        self.player = player
        self.passed = passed
        self.still = still
        self.time = 0.0

    def handle(self, event: Any) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_F1, pygame.K_F11):
                return False
            self.pop()
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

    def update(self, dt: float) -> None:
        self.time += dt
        if not self.still and self.time >= HANDOVER_TIME and self.stack is not None and self.stack.top is self:
            self.pop()

    def draw(self, surface: pygame.Surface) -> None:
        if self.stack is not None and self.stack.top is not self:
            return  # under an Ordeal's reveal: the banner waits for its turn (its timer too)
        ctx, theme = self.ctx, self.ctx.theme
        w, h = ctx.canvas
        fade = 1.0 if self.still else min(1.0, self.time / 0.15)
        surface.blit(self.board.art.shade((w, h), int(90 * fade)), (0, 0))
        band = pygame.Rect(0, h // 2 - 70, w, 140)
        shade = self.board.art.shade(band.size, 200)
        surface.blit(shade, band)
        pygame.draw.line(surface, theme.gold, band.topleft, band.topright, 3)
        pygame.draw.line(surface, theme.gold, band.bottomleft, band.bottomright, 3)
        name = self.board.name_of(self.player)
        draw_text(surface, ctx, t("board.handover", name=name), (w // 2, band.centery - 16), size=52,
                  colour=theme.gold_light, role="title", anchor="center", shadow=(0, 0, 0))
        sub = t("board.handover_passed", tile=tile_name(self.passed)) if self.passed else t("board.handover_sub")
        if self.still and self.passed:
            sub = f"{sub} \u2014 {t('board.handover_click')}"
        draw_text(surface, ctx, sub, (w // 2, band.centery + 36), size=theme.font_small,
                  colour=(240, 228, 200), anchor="center")


__all__ = ["BoardScene", "Choices", "DiscardOverlay", "HandoverScene", "player_name", "browser_panel", "browser_rect", "render_card", "tile_name", "center"]
