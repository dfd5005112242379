"""Pointer gestures on the board: press, drag, release, click, right-click / Esc to cancel.

A press on a pile draws at once and the tile follows the pointer; a press that does not travel
`DRAG_THRESHOLD` pixels is a click. What a drop or click *means* is answered by the pure
`meaning` module; this part keeps the gesture's state (`drag`, `carry`, `pantry_pick`,
`selected`, `probe`) and turns the answers into acting, selecting and messages.
"""

from __future__ import annotations

from castellion.rules import Formation
from castellion.rules import actions as A
from castellion.rules.preview import preview
from castellion.scenes.board.meaning import (
    Act,
    DropHeld,
    Ignore,
    Intent,
    Refuse,
    Select,
    click_cell,
    click_ordeal,
    click_pile,
    judge_castle_move,
    judge_held,
    judge_pantry,
    why_not,
)
from castellion.scenes.board.phase import PantryMode, Phase, pantry_slots
from castellion.scenes.board.state import BoardState, Probe
from castellion.ui.drag import Drag
from castellion.ui.geometry import (
    GHOST_CELLS,
    ButtonTarget,
    CastleTarget,
    Cell,
    CellTarget,
    DiscardTarget,
    HandTarget,
    OrdealTarget,
    PantryTarget,
    PileTarget,
    Point,
    PrisonTarget,
    Rect,
    RevealedTarget,
    Target,
    VigilTarget,
)
from castellion.ui.text import t

SNAP_BACK_TIME = 0.18  # seconds: a refused tile flies back to where it came from


class BoardGestures(BoardState):
    """The pointer part of the board (see the module docstring)."""

    # ------------------------------------------------------------------ hit test
    def _target_at(self, pos: Point) -> Target | None:
        """What lies under `pos`, with the ghost slots the current gesture may use."""
        c = self.choices
        ghosts = set(c.ghosts)
        if self.selected is not None and self.selected in c.moves:
            ghosts |= {d for d in c.moves[self.selected] if d in GHOST_CELLS}
        src = self.drag.from_cell if self.drag is not None else None
        if src is not None and src in c.moves:
            ghosts |= {d for d in c.moves[src] if d in GHOST_CELLS}
        pantry = self._carried_pantry()
        if pantry is not None:
            ghosts = set(c.pantry_ghosts(pantry))
        game = self.game
        return self.layout.target_at(pos, ghosts, ordeals=len(game.ordeals), revealed=len(game.revealed),
                                     vigil=game.vigil is not None, prison=game.variant_id == "prison",
                                     pantry=len(pantry_slots(game, game.active)) if PantryMode.of(game) else 0)

    def _carried_pantry(self) -> str | None:
        """The Pantry tile being dragged or carried, if any."""
        if self.pantry_pick is not None:
            return self.pantry_pick
        d = self.drag
        if d is not None and isinstance(d.source, PantryTarget) and d.tile is not None:
            return d.tile
        return None

    def _carrying(self) -> bool:
        """Something is carried (a drag that moved, a tile or Pantry tile picked up by a click)."""
        return self.carry or self.pantry_pick is not None

    # ---------------------------------------------------------- press / move / release
    def _press(self, pos: Point) -> bool:
        c = self.choices
        target = self._target_at(pos)
        self.drag = None
        if target is None:
            if not self.carry:
                self.selected = None
            self.drag = Drag(None, pos)
            return True
        game = self.game
        if self.carry:
            # a carried tile goes where the next click lands
            self.drag = Drag(target, pos, tile=game.held)
            return True
        if self.pantry_pick is not None:
            self.drag = Drag(target, pos)
            return True
        size = self.layout.cell - 6
        if isinstance(target, PantryTarget) and c.phase == Phase.GET:
            slots = pantry_slots(game, game.active)
            code = slots[target.index] if target.index < len(slots) else None
            if code is not None:
                self.drag = Drag(target, pos, tile=code, grab=(size // 2, size // 2))
                return True
        if isinstance(target, PileTarget) and c.phase == Phase.GET and target.pile in c.draw:
            if self.act(c.draw[target.pile]):
                self._start_held_drag(target, pos)
            return True
        if isinstance(target, RevealedTarget) and c.phase == Phase.GET and target.index in c.take:
            if self.act(c.take[target.index]):
                self._start_held_drag(target, pos)
            return True
        if isinstance(target, HandTarget) and c.phase == Phase.USE and game.held is not None:
            self._start_held_drag(target, pos)
            return True
        if isinstance(target, CellTarget) and c.phase in (Phase.JUGGLER, Phase.PYRO_MOVE):
            cell = target.cell
            tile = game.castle(game.active).tile_at(cell)
            can = cell in c.swap_cells if c.phase == Phase.JUGGLER else cell in c.moves
            if tile is not None and can:
                x, y, _, _ = self.layout.cell_rect(cell)
                self.drag = Drag(target, pos, tile=tile.code, grab=(pos[0] - x - 3, pos[1] - y - 3), from_cell=cell)
                return True
        self.drag = Drag(target, pos)
        return True

    def _start_held_drag(self, source: Target, pos: Point) -> None:
        size = self.layout.cell - 6
        self.drag = Drag(source, pos, tile=self.game.held, grab=(size // 2, size // 2))
        self.probe = None

    def _motion(self, pos: Point) -> bool:
        self.pointer = pos
        if self.drag is not None:
            self.drag.move(pos)
            if self.drag.moved and (self.drag.tile is not None or self._carrying()):
                self._update_probe(self._target_at(pos))
        elif self._carrying():
            self._update_probe(self._target_at(pos))
        return True

    def _release(self, pos: Point) -> bool:
        drag = self.drag
        if drag is None:
            return False
        target = self._target_at(pos)  # (while the drag is on: its ghost slots count)
        self.drag = None
        if self.pantry_pick is not None:
            if isinstance(target, PantryTarget) and target == drag.source:
                self.pantry_pick = None
            elif target is not None and target == drag.source:
                self._drop_pantry(self.pantry_pick, target)
            return True
        if isinstance(drag.source, PantryTarget) and drag.tile is not None:
            if drag.moved:
                self._drop_pantry(drag.tile, target, origin=self._drag_rect(drag))
            elif target == drag.source:
                self.pantry_pick = drag.tile  # a click picks the Pantry tile up to carry it
                self.probe = None
            return True
        if drag.tile is not None and (drag.moved or self.carry) and drag.source is not None:
            if drag.from_cell is not None:
                self._drop_castle_tile(drag, target)
            else:
                self._drop_held(target, origin=self._drag_rect(drag))
            return True
        if drag.tile is not None and drag.from_cell is None:
            # a press on the hand, a pile or a revealed tile that did not move: the tile is in hand
            # already (a pile press draws at once); a click on the hand picks it up to carry
            if isinstance(drag.source, HandTarget) and target == drag.source:
                self.click(target)
            return True
        if target is not None and target == drag.source:
            self.click(target)
        return True

    def _drag_rect(self, drag: Drag) -> Rect:
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
            self.forecast = None
            return True
        return False

    def _reset_drag_only(self) -> None:
        if self.drag is not None and self.drag.moved:
            self.drag = None
            self.probe = None
            self.preview = ([], [])
            self.forecast = None

    def _snap_back(self, drag: Drag) -> None:
        if drag.tile is None:
            return
        if isinstance(drag.source, PantryTarget):
            home = self.layout.pantry_rect(drag.source.index)
            self.anims.flight(drag.tile, self._drag_rect(drag), home, None, duration=SNAP_BACK_TIME)
            return
        hides: object
        if drag.from_cell is not None:
            home, hides = self.layout.cell_rect(drag.from_cell), drag.from_cell
        else:
            home, hides = self.layout.hand_rect(), "hand"
        self.anims.flight(drag.tile, self._drag_rect(drag), home, hides, duration=SNAP_BACK_TIME)

    # ------------------------------------------------------------------- clicks
    def click(self, target: Target) -> None:
        """A click (or Enter) on `target`: whatever it means in the current phase."""
        c = self.refresh()
        game = self.game
        in_use = c.phase == Phase.USE and game.held is not None
        match target:
            case ButtonTarget(key):
                b = self._buttons.get(key)
                if b is not None and b.visible and b.enabled:
                    b.click()
            case PileTarget(pile):
                self._follow(click_pile(game, c, pile), target)
            case RevealedTarget(index):
                if index in c.take:
                    self.act(c.take[index])
            case HandTarget():
                if in_use:
                    self.carry = not self.carry
                    self.probe = None
            case DiscardTarget():
                if self.carry and game.held is not None:
                    self._drop_held(target)
                else:
                    self.open_discard()
            case VigilTarget():
                if in_use:
                    self._drop_held(target)
                else:
                    self.say(t("board.vigil_hint"), "info")
            case PrisonTarget() | CastleTarget():
                if in_use:
                    self._drop_held(target)
            case PantryTarget(index):
                self._click_pantry(index)
            case OrdealTarget(index):
                self._follow(click_ordeal(game, c, index, self.carry), target)
            case CellTarget(cell):
                if self.pantry_pick is not None:
                    self._drop_pantry(self.pantry_pick, target)
                else:
                    self._follow(click_cell(game, c, cell, self.selected), target)

    def _click_pantry(self, index: int) -> None:
        """A click on a Pantry tile picks it up (or puts it back); outside "get", says why not."""
        c, game = self.choices, self.game
        slots = pantry_slots(game, game.active)
        tile = slots[index] if index < len(slots) else None
        if c.phase == Phase.GET and c.pantry:
            if tile is not None:
                self.pantry_pick = None if self.pantry_pick == tile else tile
            return
        code = tile or "*t"
        self._explain(A.PlacePantry((0, 0), code))

    def _follow(self, intent: Intent, target: Target | None) -> None:
        """Carry out what a click means (`meaning.click_*`)."""
        match intent:
            case Act(action):
                self.act(action)
            case Refuse(text):
                if text:
                    self.say(text, "error")
            case Select(cell):
                self.selected = cell
            case DropHeld():
                self._drop_held(target)
            case Ignore():
                pass

    def _explain(self, action: A.Action) -> None:
        """Say why the engine refuses `action` (nothing when it would not)."""
        text = why_not(self.game, action)
        if text:
            self.say(text, "error")

    # -------------------------------------------------------------------- drops
    def _drop_held(self, target: Target | None, origin: Rect | None = None) -> None:
        """The tile in hand lands on `target`: apply the matching action or say why not."""
        c = self.choices
        game = self.game
        self.carry = False
        held = game.held
        if held is None or c.phase != Phase.USE:
            return
        verdict = judge_held(game, c, target, self.name_of)
        if verdict.ok and verdict.action is not None:
            self.act(verdict.action, origin)
            return
        if target is None or isinstance(target, (HandTarget, PileTarget)) or verdict.text == "":
            self.say("")
        else:
            self.say(verdict.text, "error")
        if origin is not None:
            self.anims.flight(held, origin, self.layout.hand_rect(), "hand", duration=SNAP_BACK_TIME)

    def _drop_pantry(self, code: str, target: Target | None, origin: Rect | None = None) -> None:
        self.pantry_pick = None
        verdict = judge_pantry(self.game, self.choices, code, target)
        if verdict.ok and verdict.action is not None:
            self.act(verdict.action, origin)
            return
        self.say(verdict.text, "error" if verdict.text else "info")
        if origin is not None and self.drag is None:
            self.anims.flight(code, origin, self.layout.pantry_rect(0), None, duration=SNAP_BACK_TIME)

    def _drop_castle_tile(self, drag: Drag, target: Target | None) -> None:
        """A castle tile (Juggler, Pyro) let go over `target`: swap or move it, else it flies back."""
        src = drag.from_cell
        if src is None or not isinstance(target, CellTarget) or target.cell == src:
            self._snap_back(drag)
            return
        verdict = judge_castle_move(self.game, self.choices, src, target.cell)
        if verdict.ok and verdict.action is not None:
            # the Pyro's tile lands from where it was let go; the Juggler's pair trade places
            origin = self._drag_rect(drag) if isinstance(verdict.action, A.MoveTile) else None
            self.act(verdict.action, origin)
            return
        if verdict.text:
            self.say(verdict.text, "error")
        self._snap_back(drag)

    # -------------------------------------------------------------------- probe
    def _update_probe(self, target: Target | None) -> None:
        """Work out (once per target change) what the carried thing would do over `target`: the
        verdict, and for a legal drop that changes the castle the rules' preview (issue 12 §3)."""
        if self.probe is not None and self.probe.target == target:
            return
        self.preview = ([], [])
        self.forecast = None
        if target is None:
            self.probe = None
            return
        game, c = self.game, self.choices
        src: Cell | None = self.drag.from_cell if self.drag is not None else None
        if src is not None:
            if not isinstance(target, CellTarget) or target.cell == src:
                self.probe = Probe(target, False, "")
            else:
                verdict = judge_castle_move(game, c, src, target.cell)
                self.probe = Probe(target, verdict.ok, verdict.text)
                self._forecast(verdict.action if verdict.ok else None)
            return
        pantry = self._carried_pantry()
        if pantry is not None:
            verdict = judge_pantry(game, c, pantry, target)
            self.probe = Probe(target, verdict.ok, verdict.text)
            self._forecast(verdict.action if verdict.ok else None)
            return
        verdict = judge_held(game, c, target, self.name_of)
        self.probe = Probe(target, verdict.ok, verdict.text)
        if verdict.ok and isinstance(target, CellTarget) and isinstance(verdict.action, A.PlaceTile):
            self._forecast(verdict.action)

    def _forecast(self, action: A.Action | None) -> None:
        """Ask the rules what `action` would do; keep the answer for the live layer (the outlines,
        the ghost counts) and the formations it completes / cancels as the board shows them now."""
        pv = preview(self.game, action) if action is not None else None
        self.forecast = pv
        if pv is None:
            self.preview = ([], [])
            return
        self.preview = ([Formation(f.kind, f.cells) for f in pv.completes],
                        [Formation(f.kind, f.cells) for f in pv.cancels])
