"""Pointer gestures on the board: press, drag, release, click, right-click / Esc to cancel.

A press on a pile draws at once and the tile follows the pointer; a press that does not travel
`DRAG_THRESHOLD` pixels is a click. What a drop or click *means* is answered by the pure
`meaning` module; this part moves the gesture's state (`BoardState.gesture`: `drag`, `carry`,
`pantry_pick`, `selected`, `probe`) and turns the answers into acting, selecting and messages
through its `BoardHost` (the scene).

A drop is judged once: the probe worked out while hovering (`update_probe`: the verdict, the
action, the rules' preview) is what the drop applies when it lands on the same target in the same
state; only a drop with no probe (a key, a click) is judged at the drop.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from castellion.rules import Phase
from castellion.rules import actions as A
from castellion.rules.preview import Preview, preview
from castellion.scenes.board.choices import Choices
from castellion.scenes.board.host import BoardHost
from castellion.scenes.board.meaning import (
    Act,
    DropHeld,
    Ignore,
    Intent,
    Refuse,
    Select,
    Verdict,
    click_cell,
    click_ordeal,
    click_pile,
    judge_castle_move,
    judge_held,
    judge_pantry,
    why_not,
)
from castellion.scenes.board.pantry import pantry_slots
from castellion.scenes.board.state import BoardState, Probe
from castellion.scenes.board.touch import LongPress
from castellion.scenes.board.words import tile_name
from castellion.ui.devices import prompts
from castellion.ui.drag import Animations, Drag
from castellion.ui.geometry import GHOST_CELLS, Cell, Point, Rect
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
from castellion.ui.text import t
from castellion.ui.widgets import Button

SNAP_BACK_TIME = 0.18  # seconds: a refused tile flies back to where it came from
FINGER_REACH = 28  # canvas units around a finger's point still picked up (a fingertip hides the spot)


class BoardGestures:
    """The pointer part of the board (see the module docstring): it reads and moves `state`,
    acts and speaks through `host`, starts snap-back flights on `anims` and clicks `buttons`."""

    def __init__(self, state: BoardState, host: BoardHost, anims: Animations,
                 buttons: Mapping[str, Button]) -> None:
        self.state = state
        self.host = host
        self.anims = anims
        self.buttons = buttons
        self.reach = 0  # how far around the pointer a target still counts (FINGER_REACH for a finger)
        self.held = LongPress()

    # ------------------------------------------------------------------ hit test
    def target_at(self, pos: Point) -> Target | None:
        """What lies under `pos`, with the ghost slots the current gesture may use."""
        s = self.state
        c = s.choices
        ghosts = set(c.ghosts)
        if s.gesture.selected is not None and s.gesture.selected in c.moves:
            ghosts |= {d for d in c.moves[s.gesture.selected] if d in GHOST_CELLS}
        src = s.gesture.drag.from_cell if s.gesture.drag is not None else None
        if src is not None and src in c.moves:
            ghosts |= {d for d in c.moves[src] if d in GHOST_CELLS}
        pantry = s.carried_pantry()
        if pantry is not None:
            ghosts = set(c.pantry_ghosts(pantry))
        game = self.state.session.game

        def at(point: Point) -> Target | None:
            return s.layout.target_at(point, ghosts, ordeals=len(game.ordeals), revealed=len(game.revealed),
                                      vigil=game.vigil is not None, prison=game.variant_hooks.prison,
                                      pantry=len(pantry_slots(game, game.active)) if game.pantry_mode else 0)

        found = at(pos)
        if found is not None or self.reach <= 0:
            return found
        # a finger: the nearest thing within reach, the closer ring first
        for r in (self.reach // 2, self.reach):
            for dx, dy in ((r, 0), (-r, 0), (0, r), (0, -r), (r, r), (-r, r), (r, -r), (-r, -r)):
                found = at((pos[0] + dx, pos[1] + dy))
                if found is not None:
                    return found
        return None

    def long_press(self, target: Target | None) -> None:
        """A finger held still on `target`: what a tap there would do is shown, not done. With
        the tile in hand it is picked up to carry and judged over `target` (the verdict and the
        rules' preview, as a hovering mouse shows them; the next tap puts it down); on a castle
        tile, its name."""
        s, game = self.state, self.state.session.game
        if target is None:
            return
        if game.held is not None and s.choices.phase == Phase.USE and not isinstance(target, HandTarget):
            s.gesture.drag = None
            s.gesture.carry = True
            self.update_probe(target)
            if s.gesture.probe is not None and s.gesture.probe.text:
                self.host.say(s.gesture.probe.text, "hint" if s.gesture.probe.ok else "error")
            return
        s.gesture.drag = None  # the tap this press would have been is not made
        if isinstance(target, CellTarget):
            tile = game.castle(game.active).tile_at(target.cell)
            if tile is not None:
                self.host.say(tile_name(tile.code), "info")

    # ---------------------------------------------------------- press / move / release
    def pointer(self, event: pygame.event.Event) -> bool:
        """A mouse event (or a finger's, `event.finger` set: ui.devices) on the board."""
        et = event.type
        button = getattr(event, "button", 0)
        finger = bool(getattr(event, "finger", False))
        self.reach = FINGER_REACH if finger else 0  # a fingertip covers what it aims at
        if et == pygame.MOUSEBUTTONDOWN and button == 1:
            self.state.keyboard = False
            self.held.start(finger)
            return self.press(event.pos)
        if et == pygame.MOUSEMOTION:
            used = self.motion(event.pos)
            if self.state.gesture.drag is None or self.state.gesture.drag.moved:
                self.held.stop()  # a finger that travels drags: no long press
            return used
        if et == pygame.MOUSEBUTTONUP and button == 1:
            self.held.stop()
            return self.release(event.pos)
        if et == pygame.MOUSEBUTTONDOWN and button == 3:
            self.cancel()
            return True
        return False

    def tick(self, dt: float) -> None:
        """The scene's clock: a finger held still long enough shows what a tap would do."""
        if self.held.tick(dt, self.state.gesture.drag):
            self.long_press(self.held.target)

    def press(self, pos: Point) -> bool:
        s = self.state
        target = self.target_at(pos)
        s.gesture.drag = None
        if target is None:
            if not s.gesture.carry:
                s.gesture.selected = None
            s.gesture.drag = Drag(None, pos)
        elif s.gesture.carry:
            # a carried tile goes where the next click lands
            s.gesture.drag = Drag(target, pos, tile=self.state.session.game.held)
        elif s.gesture.pantry_pick is not None:
            s.gesture.drag = Drag(target, pos)
        elif not self._grab(target, pos):
            s.gesture.drag = Drag(target, pos)
        return True

    def _grab(self, target: Target, pos: Point) -> bool:
        """A press that picks something up: a Pantry tile, a pile or revealed tile (drawn at
        once), the tile in hand, a castle tile the Juggler / Pyro moves. False: nothing to pick."""
        c, game = self.state.choices, self.state.session.game
        if c.phase == Phase.GET:
            return self._grab_new(target, pos, c)
        if isinstance(target, HandTarget) and c.phase == Phase.USE and game.held is not None:
            self._start_held_drag(target, pos)
            return True
        if isinstance(target, CellTarget) and c.phase in (Phase.JUGGLER, Phase.PYRO_MOVE):
            cell = target.cell
            tile = game.castle(game.active).tile_at(cell)
            can = cell in c.swap_cells if c.phase == Phase.JUGGLER else cell in c.moves
            if tile is not None and can:
                x, y, _, _ = self.state.layout.cell_rect(cell)
                self.state.gesture.drag = Drag(target, pos, tile=tile.code, grab=(pos[0] - x - 3, pos[1] - y - 3),
                                       from_cell=cell)
                return True
        return False

    def _grab_new(self, target: Target, pos: Point, c: Choices) -> bool:
        """A press in the "get a tile" phase: a Pantry tile follows the pointer; a pile or a
        revealed tile is drawn at once and then follows it (a refused draw leaves nothing)."""
        game = self.state.session.game
        if isinstance(target, PantryTarget):
            slots = pantry_slots(game, game.active)
            code = slots[target.index] if target.index < len(slots) else None
            if code is None:
                return False
            size = self.state.layout.cell - 6
            self.state.gesture.drag = Drag(target, pos, tile=code, grab=(size // 2, size // 2))
            return True
        action: A.Action | None = None
        if isinstance(target, PileTarget):
            action = c.draw.get(target.pile)
        elif isinstance(target, RevealedTarget):
            action = c.take.get(target.index)
        if action is None:
            return False
        if self.host.act(action):
            self._start_held_drag(target, pos)
        return True

    def _start_held_drag(self, source: Target, pos: Point) -> None:
        size = self.state.layout.cell - 6
        self.state.gesture.drag = Drag(source, pos, tile=self.state.session.game.held, grab=(size // 2, size // 2))
        self.state.gesture.probe = None

    def motion(self, pos: Point) -> bool:
        s = self.state
        s.pointer = pos
        if s.gesture.drag is not None:
            s.gesture.drag.move(pos)
            if s.gesture.drag.moved and (s.gesture.drag.tile is not None or s.carrying()):
                self.update_probe(self.target_at(pos))
        elif s.carrying():
            self.update_probe(self.target_at(pos))
        return True

    def release(self, pos: Point) -> bool:
        s = self.state
        drag = s.gesture.drag
        if drag is None:
            return False
        target = self.target_at(pos)  # (while the drag is on: its ghost slots count)
        s.gesture.drag = None
        if s.gesture.pantry_pick is not None or (isinstance(drag.source, PantryTarget) and drag.tile is not None):
            self._release_pantry(drag, target)
        elif drag.tile is not None and (drag.moved or s.gesture.carry) and drag.source is not None:
            if drag.from_cell is not None:
                self._drop_castle_tile(drag, target)
            else:
                self.drop_held(target, origin=self._drag_rect(drag))
        elif drag.tile is not None and drag.from_cell is None:
            # a press on the hand, a pile or a revealed tile that did not move: the tile is in hand
            # already (a pile press draws at once); a click on the hand picks it up to carry
            if isinstance(drag.source, HandTarget) and target == drag.source:
                self.click(target)
        elif target is not None and target == drag.source:
            self.click(target)
        return True

    def _release_pantry(self, drag: Drag, target: Target | None) -> None:
        """A release with a Pantry tile picked up (a click puts it down or back) or dragged."""
        s = self.state
        if s.gesture.pantry_pick is not None:
            if isinstance(target, PantryTarget) and target == drag.source:
                s.gesture.pantry_pick = None
            elif target is not None and target == drag.source:
                self._drop_pantry(s.gesture.pantry_pick, target)
        elif drag.tile is not None:
            if drag.moved:
                self._drop_pantry(drag.tile, target, origin=self._drag_rect(drag))
            elif target == drag.source:
                s.gesture.pantry_pick = drag.tile  # a click picks the Pantry tile up to carry it
                s.gesture.probe = None

    def _drag_rect(self, drag: Drag) -> Rect:
        size = self.state.layout.cell - 6
        x, y = drag.tile_topleft()
        return (x, y, size, size)

    def cancel(self) -> bool:
        """Esc / right click: drop what is carried or chosen; True when there was something."""
        s = self.state
        if s.gesture.drag is not None and s.gesture.drag.moved and s.gesture.drag.tile is not None:
            self._snap_back(s.gesture.drag)
            s.gesture.drag = None
            s.gesture.probe = None
            return True
        g = s.gesture
        if g.carry or g.selected is not None or g.drag is not None or g.pantry_pick is not None:
            s.reset_gesture()
            return True
        return False

    def drop_drag(self) -> None:
        """Forget a drag under way (the board is covered by another scene): what it carried stays home."""
        s = self.state
        if s.gesture.drag is not None and s.gesture.drag.moved:
            s.gesture.drag = None
            s.gesture.probe = None

    def _snap_back(self, drag: Drag) -> None:
        if drag.tile is None:
            return
        lay = self.state.layout
        if isinstance(drag.source, PantryTarget):
            home = lay.pantry_rect(drag.source.index)
            self.anims.flight(drag.tile, self._drag_rect(drag), home, None, duration=SNAP_BACK_TIME)
            return
        hides: object
        if drag.from_cell is not None:
            home, hides = lay.cell_rect(drag.from_cell), drag.from_cell
        else:
            home, hides = lay.hand_rect(), "hand"
        self.anims.flight(drag.tile, self._drag_rect(drag), home, hides, duration=SNAP_BACK_TIME)

    # ------------------------------------------------------------------- clicks
    def click(self, target: Target) -> None:
        """A click (or Enter) on `target`: whatever it means in the current phase."""
        s = self.state
        c = s.refresh()
        game = self.state.session.game
        in_use = c.phase == Phase.USE and game.held is not None
        match target:
            case ButtonTarget(key):
                b = self.buttons.get(key)
                if b is not None and b.visible and b.enabled:
                    b.click()
            case PileTarget(pile):
                self.follow(click_pile(game, c, pile), target)
            case RevealedTarget(index):
                if index in c.take:
                    self.host.act(c.take[index])
            case HandTarget():
                if in_use:
                    s.gesture.carry = not s.gesture.carry
                    s.gesture.probe = None
            case DiscardTarget():
                self._click_discard(target)
            case VigilTarget():
                if in_use:
                    self.drop_held(target)
                else:
                    self.host.say(t("board.vigil_hint", **prompts()), "info")
            case PrisonTarget() | CastleTarget():
                if in_use:
                    self.drop_held(target)
            case PantryTarget(index):
                self._click_pantry(index)
            case OrdealTarget(index):
                self.follow(click_ordeal(game, c, index, s.gesture.carry), target)
            case CellTarget(cell):
                self._click_cell(target, cell)

    def _click_discard(self, target: Target) -> None:
        """The carried tile goes onto the discard pile; else the pile opens to be looked through."""
        if self.state.gesture.carry and self.state.session.game.held is not None:
            self.drop_held(target)
        else:
            self.host.open_discard()

    def _click_cell(self, target: Target, cell: Cell) -> None:
        s = self.state
        if s.gesture.pantry_pick is not None:
            self._drop_pantry(s.gesture.pantry_pick, target)
        else:
            self.follow(click_cell(self.state.session.game, s.choices, cell, s.gesture.selected), target)

    def _click_pantry(self, index: int) -> None:
        """A click on a Pantry tile picks it up (or puts it back); outside "get", says why not."""
        s, game = self.state, self.state.session.game
        c = s.choices
        slots = pantry_slots(game, game.active)
        tile = slots[index] if index < len(slots) else None
        if c.phase == Phase.GET and c.pantry:
            if tile is not None:
                s.gesture.pantry_pick = None if s.gesture.pantry_pick == tile else tile
            return
        code = tile or "*t"
        self._explain(A.PlacePantry((0, 0), code))

    def follow(self, intent: Intent, target: Target | None) -> None:
        """Carry out what a click means (`meaning.click_*`)."""
        match intent:
            case Act(action):
                self.host.act(action)
            case Refuse(text):
                if text:
                    self.host.say(text, "error")
            case Select(cell):
                self.state.gesture.selected = cell
            case DropHeld():
                self.drop_held(target)
            case Ignore():
                pass

    def _explain(self, action: A.Action) -> None:
        """Say why the engine refuses `action` (nothing when it would not)."""
        text = why_not(self.state.session.game, action)
        if text:
            self.host.say(text, "error")

    # -------------------------------------------------------------------- drops
    def _verdict(self, target: Target | None, carried: str,
                 judge: Callable[[], Verdict]) -> tuple[Verdict, Preview | None]:
        """What putting `carried` down on `target` does: the hover's probe when it still holds
        (its verdict and the rules' preview), else `judge()` now (with the preview its words were
        made from, if any; else `act` asks for it)."""
        p = self.state.gesture.probe
        if p is not None and p.target == target and p.carried == carried and p.version == self.state.version:
            return Verdict(p.ok, p.text, p.action), p.forecast
        verdict = judge()
        return verdict, verdict.forecast

    def drop_held(self, target: Target | None, origin: Rect | None = None) -> None:
        """The tile in hand lands on `target`: apply the matching action or say why not."""
        s = self.state
        game = self.state.session.game
        s.gesture.carry = False
        held = game.held
        if held is None or s.choices.phase != Phase.USE:
            return
        verdict, forecast = self._verdict(target, "held",
                                          lambda: judge_held(game, s.choices, target, self.host.name_of))
        if verdict.ok and verdict.action is not None:
            self.host.act(verdict.action, origin, forecast)
            return
        if target is None or isinstance(target, (HandTarget, PileTarget)) or verdict.text == "":
            self.host.say("")
        else:
            self.host.say(verdict.text, "error")
        if origin is not None:
            self.anims.flight(held, origin, s.layout.hand_rect(), "hand", duration=SNAP_BACK_TIME)

    def _drop_pantry(self, code: str, target: Target | None, origin: Rect | None = None) -> None:
        s = self.state
        s.gesture.pantry_pick = None
        verdict, forecast = self._verdict(target, "pantry:" + code,
                                          lambda: judge_pantry(self.state.session.game, s.choices, code, target))
        if verdict.ok and verdict.action is not None:
            self.host.act(verdict.action, origin, forecast)
            return
        self.host.say(verdict.text, "error" if verdict.text else "info")
        if origin is not None and s.gesture.drag is None:
            self.anims.flight(code, origin, s.layout.pantry_rect(0), None, duration=SNAP_BACK_TIME)

    def _drop_castle_tile(self, drag: Drag, target: Target | None) -> None:
        """A castle tile (Juggler, Pyro) let go over `target`: swap or move it, else it flies back."""
        src = drag.from_cell
        if src is None or not isinstance(target, CellTarget) or target.cell == src:
            self._snap_back(drag)
            return
        dst = target.cell
        verdict, forecast = self._verdict(target, f"move:{src}",
                                          lambda: judge_castle_move(self.state.session.game, self.state.choices,
                                                                    src, dst))
        if verdict.ok and verdict.action is not None:
            # the Pyro's tile lands from where it was let go; the Juggler's pair trade places
            origin = self._drag_rect(drag) if isinstance(verdict.action, A.MoveTile) else None
            self.host.act(verdict.action, origin, forecast)
            return
        if verdict.text:
            self.host.say(verdict.text, "error")
        self._snap_back(drag)

    # -------------------------------------------------------------------- probe
    def update_probe(self, target: Target | None) -> None:
        """Work out (once per target change) what the carried thing would do over `target`: the
        verdict, the action, and for a legal drop that changes the castle the rules' preview."""
        s = self.state
        carried = self._carried()
        if s.gesture.probe is not None and s.gesture.probe.target == target and s.gesture.probe.carried == carried:
            return
        s.gesture.probe = None if target is None else self._probe_for(target, carried)

    def _carried(self) -> str:
        """What is being carried, as the probe names it."""
        s = self.state
        src = s.gesture.drag.from_cell if s.gesture.drag is not None else None
        if src is not None:
            return f"move:{src}"
        pantry = s.carried_pantry()
        return "held" if pantry is None else "pantry:" + pantry

    def _probe_for(self, target: Target, carried: str) -> Probe:
        s, game = self.state, self.state.session.game
        src = s.gesture.drag.from_cell if s.gesture.drag is not None else None
        if src is not None:
            if not isinstance(target, CellTarget) or target.cell == src:
                return Probe(target, False, "", version=s.version, carried=carried)
            return self._probe(target, carried, judge_castle_move(game, s.choices, src, target.cell))
        pantry = s.carried_pantry()
        if pantry is not None:
            return self._probe(target, carried, judge_pantry(game, s.choices, pantry, target))
        verdict = judge_held(game, s.choices, target, self.host.name_of)
        # only a placement on a cell is previewed: the other drops change no castle, their words
        # say what they do
        placing = isinstance(target, CellTarget) and isinstance(verdict.action, A.PlaceTile)
        return self._probe(target, carried, verdict, forecast=placing)

    def _probe(self, target: Target, carried: str, verdict: Verdict, *, forecast: bool = True) -> Probe:
        """A probe from `verdict`, with the rules' preview of its action when legal (and wanted):
        the one the verdict's words were made from, else asked now."""
        pv: Preview | None = None
        if verdict.ok and verdict.action is not None and forecast:
            pv = verdict.forecast if verdict.forecast is not None else preview(self.state.session.game, verdict.action)
        return Probe(target, verdict.ok, verdict.text, verdict.action, pv, self.state.version, carried)
