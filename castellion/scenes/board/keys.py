"""The board's keyboard (and a pad's buttons): a table of actions, and the cursor that arrows move.

Which key (or pad button) is which action is asked of the one key table, `ui.keymap`
(`action_for(event, "board")`), so a key rebound on Settings → Controls works here at once;
`ACTIONS` maps each board action to what it does (a function of the board that answers whether
it was used). The cursor keys move the cursor (to the nearest target in that direction),
activate (Enter, a pad's A) picks up / drops / clicks what the cursor is on, Esc / B cancels or
opens the menu, a pad's Start always opens it. By default the letters are the hotkeys the rules
page lists (D, S, X, T, U, K, E, V, P, H, 1 / 2); X, the discard key, also opens the discard
pile for the Chameleon's pick.

`BoardKeys` reads the board's `BoardState`, puts tiles down and clicks through the pointer's
`BoardGestures` (a key means what the same click or drop means), and asks its `BoardHost` (the
scene) for what only the scene does: act, undo / redo, open the menu, ask before a choice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from castellion.rules import Phase
from castellion.rules.game import PRISON_RING
from castellion.scenes.board.choices import Choices
from castellion.scenes.board.gestures import BoardGestures
from castellion.scenes.board.host import BoardHost
from castellion.scenes.board.meaning import press_pile
from castellion.scenes.board.pantry import pantry_slots
from castellion.scenes.board.state import BoardState
from castellion.ui.geometry import Cell, Rect, center
from castellion.ui.keymap import Action, action_for
from castellion.ui.targets import (
    ButtonTarget,
    CastleTarget,
    CellTarget,
    DiscardTarget,
    HandTarget,
    OrdealTarget,
    PantryTarget,
    PileTarget,
    PrisonTarget,
    RevealedTarget,
    Target,
    VigilTarget,
)
from castellion.ui.widgets import Button

KeyAction = Callable[["BoardKeys"], bool]

ARROWS: dict[Action, tuple[int, int]] = {Action.CURSOR_LEFT: (-1, 0), Action.CURSOR_RIGHT: (1, 0),
                                         Action.CURSOR_UP: (0, -1), Action.CURSOR_DOWN: (0, 1)}
# the buttons the cursor can reach (the top bar's are for the mouse and their own keys)
CURSOR_BUTTONS = ("encounter", "use", "skip", "premonition", "champion", "facer0", "facer1")


class BoardKeys:
    """The keyboard part of the board (see the module docstring)."""

    def __init__(self, state: BoardState, gestures: BoardGestures, host: BoardHost,
                 buttons: Mapping[str, Button]) -> None:
        self.state = state
        self.gestures = gestures
        self.host = host
        self.buttons = buttons

    def handle_key(self, event: pygame.event.Event) -> bool:
        if getattr(event, "pad_button", None) == "start":
            self.host.open_menu()  # Start opens the menu even with a tile in hand (B puts it back)
            return True
        action = action_for(event, "board")
        run = ACTIONS.get(action) if action is not None else None
        used = run(self) if run is not None else False
        if used and action not in (Action.CANCEL, Action.UNDO, Action.REDO):
            self.state.keyboard = True  # playing by keyboard (D, S, X, T…): the banner names keys
        return used

    # ------------------------------------------------------------------ the cursor
    def arrow(self, direction: Action) -> bool:
        self.state.keyboard = True
        self._move_cursor(direction)
        return True

    def enter(self) -> bool:
        """Enter: show the cursor, or act on what it is on."""
        s = self.state
        s.keyboard = True
        if s.cursor is None:
            s.cursor = self._default_cursor()
        else:
            self._enter(s.cursor)
        return True

    def _enter(self, target: Target) -> None:
        """Enter on the cursor: pick up / drop the tile in hand, else the same as a click."""
        s, c = self.state, self.state.choices
        if s.gesture.carry:
            if isinstance(target, HandTarget):
                s.gesture.carry = False
                s.gesture.probe = None
            else:
                self.gestures.drop_held(target)
            return
        if isinstance(target, CellTarget) and c.phase == Phase.JUGGLER and s.gesture.selected is None \
                and target.cell in c.swap_cells:
            s.gesture.selected = target.cell
            return
        self.gestures.click(target)
        if self.state.choices.phase == Phase.USE and isinstance(target, (PileTarget, RevealedTarget)) \
                and s.session.game.held is not None:
            s.cursor = self._default_cursor()  # on the best lit cell: Enter places the tile

    def _default_cursor(self) -> Target:
        """Where the cursor first appears: on what the phase asks for."""
        c = self.state.refresh()
        if c.phase == Phase.PROPHET:
            return OrdealTarget(0)
        if c.phase == Phase.CHAMELEON:
            return DiscardTarget()  # Enter opens the pile to choose from
        if c.phase == Phase.INTRUDER and c.intruder:
            return CellTarget(sorted(c.intruder)[0])
        if c.phase == Phase.CHOOSE_FACER:
            return ButtonTarget("facer0")
        if c.phase == Phase.GET:
            return PileTarget("regular") if c.draw else RevealedTarget(0)
        if c.phase == Phase.USE:
            # the banner says "arrows to a lit cell": start on one, Enter places there
            cell = best_lit_cell(c)
            return CellTarget(cell) if cell is not None else HandTarget()
        if c.destroy:
            return CellTarget(sorted(c.destroy)[0])
        if c.phase == Phase.SEER:
            return PileTarget("regular")
        if c.phase == Phase.TOWER_REVEAL and c.reveal_ordeal:
            return OrdealTarget(min(c.reveal_ordeal))
        if c.use is not None:
            return ButtonTarget("use")
        return CellTarget((0, 0))

    def nav_targets(self) -> list[tuple[Target, Rect]]:
        """Every target the cursor may land on, with its rectangle."""
        lay, game = self.state.layout, self.state.session.game
        out: list[tuple[Target, Rect]] = []
        for r in range(6):
            for col in range(6):
                out.append((CellTarget((r, col)), lay.cell_rect((r, col))))
        for g in self.state.choices.ghosts:
            out.append((CellTarget(g), lay.cell_rect(g)))
        for pile in ("regular", "safe"):
            out.append((PileTarget(pile), lay.pile_rect(pile)))
        out.append((HandTarget(), lay.hand_rect()))
        out.append((DiscardTarget(), lay.discard_rect()))
        for i in range(len(game.ordeals)):
            out.append((OrdealTarget(i), lay.ordeal_rect(i)))
        for i in range(min(len(game.revealed), lay.revealed_slots)):
            out.append((RevealedTarget(i), lay.revealed_rect(i)))
        if game.vigil is not None:
            out.append((VigilTarget(), lay.vigil_rect()))
        if game.variant_hooks.prison and lay.prison_cell:
            for cell in PRISON_RING:
                out.append((PrisonTarget(cell), lay.prison_rect(cell)))
        if game.pantry_mode:
            for k, code in enumerate(pantry_slots(game, game.active)):
                if code is not None:
                    out.append((PantryTarget(k), lay.pantry_rect(k)))
        if game.players > 1:
            other = 1 - game.active
            out.append((CastleTarget(other), lay.grid_rect_of(other)))
        for key in CURSOR_BUTTONS:
            button = self.buttons[key]
            if button.visible:
                x, y, w, h = button.rect
                out.append((ButtonTarget(key), (x, y, w, h)))
        return out

    def _move_cursor(self, direction: Action) -> None:
        s = self.state
        if s.cursor is None:
            s.cursor = self._default_cursor()
        else:
            dx, dy = ARROWS[direction]
            cur = s.cursor
            nxt: Target | None = None
            if isinstance(cur, CellTarget):
                r, col = cur.cell
                cand = (r - dy, col + dx)
                if 0 <= cand[0] < 6 and (0 <= cand[1] < 6 or cand in self.state.choices.ghosts):
                    nxt = CellTarget(cand)
            if nxt is None:
                others = [(tg, rc) for tg, rc in self.nav_targets() if tg != cur]
                nxt = spatial_next(s.layout.target_rect(cur), others, dx, dy)
            if nxt is not None:
                s.cursor = nxt
        if s.carrying() and s.cursor is not None:
            self.gestures.update_probe(s.cursor)


def best_lit_cell(c: Choices) -> Cell | None:
    """The lit castle cell the keyboard cursor starts on with a tile in hand: the lowest row
    first (a castle is built from its foundation up), then the leftmost; None when none is lit."""
    cells = [cell for cell in c.place if 0 <= cell[0] < 6 and 0 <= cell[1] < 6]
    return min(cells) if cells else None


def spatial_next(current: Rect, candidates: list[tuple[Target, Rect]], dx: int, dy: int) -> Target | None:
    """Where an arrow key moves the cursor: the nearest target ahead in direction (dx, dy).

    Targets facing the current one (overlapping it across the direction: the next pile in the
    row, the castle cell at the same height) come first, nearest edge first, then the best
    aligned; only when none faces it, the nearest within 45° of the direction. Nothing ahead:
    None (the cursor stays rather than jump across the board to a far corner)."""
    x, y, w, h = current
    cx, cy = center(current)
    best: tuple[int, float, float, Target] | None = None
    for target, rect in candidates:
        tx, ty, tw, th = rect
        ux, uy = center(rect)
        along = (ux - cx) * dx + (uy - cy) * dy
        if along <= 0:
            continue
        if dx:
            gap = tx - (x + w) if dx > 0 else x - (tx + tw)
            overlap = min(y + h, ty + th) - max(y, ty)
            offset = abs(uy - cy)
        else:
            gap = ty - (y + h) if dy > 0 else y - (ty + th)
            overlap = min(x + w, tx + tw) - max(x, tx)
            offset = abs(ux - cx)
        if gap < -min(w, h, tw, th) // 2:
            continue  # it overlaps the current one along the direction: not ahead of it
        gap = max(0, gap)
        if overlap > 0:
            score = (0, gap, offset, target)
        elif offset <= along:
            score = (1, gap + 2 * offset, offset, target)
        else:
            continue  # further sideways than ahead: not "in that direction"
        if best is None or score[:3] < best[:3]:
            best = score
    return None if best is None else best[3]


# ------------------------------------------------------------------------------ the tables
def _escape(b: BoardKeys) -> bool:
    if not b.gestures.cancel():
        b.host.open_menu()
    return True


def _pile_key(pile: str) -> KeyAction:
    def run(b: BoardKeys) -> bool:
        b.gestures.follow(press_pile(b.state.session.game, b.state.choices, pile), PileTarget(pile))
        return True

    return run


def _drop_on(where: Callable[[BoardKeys], Target | None]) -> KeyAction:
    """A key that puts the tile in hand down somewhere (when there is a tile in hand)."""
    def run(b: BoardKeys) -> bool:
        if b.state.session.game.held is None:
            return False
        b.gestures.drop_held(where(b))
        return True

    return run


def _discard(b: BoardKeys) -> bool:
    """X (a pad's R3): the tile in hand onto the discard pile; in the Chameleon's pick, with
    nothing in hand, the pile opened to choose from (R-§6)."""
    if b.state.session.game.held is None and b.state.refresh().chameleon:
        b.host.open_discard()
        return True
    return _drop_on(lambda b: DiscardTarget())(b)


def _current_ordeal(b: BoardKeys) -> Target | None:
    current = b.state.session.game.current_ordeal
    return OrdealTarget(current) if current is not None else None


def _vigil(b: BoardKeys) -> bool:
    game = b.state.session.game
    if game.held is None or game.vigil is None:
        return False
    b.gestures.drop_held(VigilTarget())
    return True


def _when(available: Callable[[BoardKeys], object], run: Callable[[BoardKeys], object]) -> KeyAction:
    """A key that does `run` while `available` answers something (a legal action), else is unused."""
    def key(b: BoardKeys) -> bool:
        if available(b) is None:
            return False
        run(b)
        return True

    return key


def _facer(player: int) -> KeyAction:
    def run(b: BoardKeys) -> bool:
        if b.state.choices.phase != Phase.CHOOSE_FACER:
            return False
        b.host.choose_facer(player)
        return True

    return run


def _read(action: Action) -> KeyAction:
    """A reading key of the spoken game (scenes/board/reading.py): said by the board's reader."""
    return lambda b: b.host.reader.read(action)


def _undo(b: BoardKeys) -> bool:
    b.host.undo()
    return True


def _redo(b: BoardKeys) -> bool:
    b.host.redo()
    return True


def _arrow(direction: Action) -> KeyAction:
    return lambda b: b.arrow(direction)


def _use(b: BoardKeys) -> object:
    return b.host.act(b.state.choices.use) if b.state.choices.use is not None else None


def _skip(b: BoardKeys) -> object:
    return b.host.act(b.state.choices.skip) if b.state.choices.skip is not None else None


def _premonition(b: BoardKeys) -> object:
    return b.host.act(b.state.choices.premonition) if b.state.choices.premonition is not None else None


def _champion_or_hint(b: BoardKeys) -> bool:
    # H hands the Champion over while that is possible (two players, §9: the older meaning of
    # the key, asked first), and asks for a hint otherwise
    if b.state.choices.champion is not None:
        b.host.ask_hand_champion()
    else:
        b.host.ask_hint()
    return True


ACTIONS: dict[Action, KeyAction] = {
    Action.CANCEL: _escape,
    **{direction: _arrow(direction) for direction in ARROWS},
    Action.ACTIVATE: lambda b: b.enter(),
    Action.SKIP_ANIMATION: lambda b: True,  # animations are already skipped by any key
    Action.DRAW_REGULAR: _pile_key("regular"),
    Action.DRAW_SAFE: _pile_key("safe"),
    Action.DISCARD: _discard,
    Action.TRAITOR: _drop_on(_current_ordeal),
    Action.USE_POWER: _when(lambda b: b.state.choices.use, _use),
    Action.SKIP_POWER: _when(lambda b: b.state.choices.skip, _skip),
    Action.ENCOUNTER: _when(lambda b: b.state.choices.encounter, lambda b: b.host.ask_encounter()),
    Action.VIGIL: _vigil,
    Action.PREMONITION: _when(lambda b: b.state.choices.premonition, _premonition),
    Action.HINT: _champion_or_hint,
    Action.FIRST_FACER: _facer(0),
    Action.SECOND_FACER: _facer(1),
    Action.UNDO: _undo,
    Action.REDO: _redo,
    **{action: _read(action) for action in (Action.SAY_OPTIONS, Action.SAY_ROW, Action.SAY_COLUMN,
                                            Action.SAY_CASTLE, Action.SAY_ORDEALS, Action.SAY_TILES)},
    # the tutorial coach's words (its `handle` sees them first); the board itself has nothing to scroll
    Action.SCROLL_UP: lambda keys: False,
    Action.SCROLL_DOWN: lambda keys: False,
}
