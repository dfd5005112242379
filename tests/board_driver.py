"""A test driver for the board: real pygame events posted to the queue, a fake clock.

`BoardDriver(ctx, game)` puts a `BoardScene` on `ctx.stack` and turns rules actions into the
gestures a player would make (click a pile, drag the tile in hand onto a cell, click a lit tile…),
posting MOUSEBUTTONDOWN / MOUSEMOTION / MOUSEBUTTONUP events and pumping them through the stack.
Each frame is `handle → update(dt) → draw → apply_pending`, with `dt` chosen by the test.

Positions come from the board's own layout as seen by the player deciding now
(`board.state.layout`), so the same gestures work in the solo, side-column and two-player layouts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pygame

from castellion.rules import Game, format_castle, new_game, parse_castle
from castellion.rules import actions as A
from castellion.scenes.board import BoardScene, DiscardOverlay, browser_rect
from castellion.scenes.board.pantry import pantry_slots
from castellion.ui.geometry import center

# A castle in mid-game (turn 12) with a tile of every kind the controls tests light or pick.
CASTLE = """
    .. .. .. .. .. ..
    .. .. .. .. .. ..
    .. .. .. .. .. ..
    Pt .. Jt .. .. ..
    Ps Ss Jc Pt .. ..
    Pc Js Pt Ct .. .."""


def crafted(level: str, **fields) -> Game:
    """A `level` game (seed 3) on `CASTLE` at turn 12; `held=` puts that tile in hand (drawn from the
    regular pile, turn used), any other field is set as it is in the saved game's dict."""
    d = new_game(level, seed=3).to_dict()
    d["castles"][0] = format_castle(parse_castle(CASTLE))
    d["turn"] = 12
    if "held" in fields:
        d.update(held=fields.pop("held"), held_from="regular", turn_used=True, phase="use")
    d.update(fields)
    return Game.from_dict(d)


class BoardDriver:
    def __init__(self, ctx, game, dt: float = 1 / 60) -> None:
        ctx.player_names = getattr(ctx, "player_names", None) or ("Anna", "Ben")
        self.ctx = ctx
        self.stack = ctx.stack
        self.board = BoardScene(ctx, game)
        self.stack.push(self.board)
        self.stack.apply_pending()
        self.surface = pygame.Surface(ctx.canvas)
        self.dt = dt
        self.frames = 0

    @property
    def game(self):
        return self.board.session.game

    # ------------------------------------------------------------ the loop
    def frame(self, dt: float | None = None) -> None:
        for event in pygame.event.get():
            self.stack.handle(event)
        self.stack.update(self.dt if dt is None else dt)
        self.stack.draw(self.surface)
        self.stack.apply_pending()
        self.frames += 1

    def post(self, kind, **attrs) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def down(self, pos) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.frame()

    def up(self, pos) -> None:
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frame()

    def move(self, a, b, steps: int = 5) -> None:
        for i in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
            self.post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            self.frame()

    def click(self, pos) -> None:
        self.down(pos)
        self.up(pos)

    def drag(self, a, b, steps: int = 5) -> None:
        self.down(a)
        self.move(a, b, steps)
        self.up(b)

    def key(self, key: int, mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.frame()

    # --------------------------------------------------- actions → gestures
    def perform(self, action, variant: int = 0) -> None:
        """Make the gesture that means `action` (`variant` picks between equivalent gestures)."""
        lay = self.board.state.layout
        game = self.game
        hand = center(lay.hand_rect())
        for gesture in (self._core_gesture, self._variant_gesture, self._two_player_gesture):
            if gesture(action, variant, lay, game, hand):
                return
        raise AssertionError(f"no gesture for {action!r}")  # a new action type needs a gesture here

    def _core_gesture(self, action, variant, lay, game, hand) -> bool:
        """The base game's actions."""
        if isinstance(action, A.DrawTile):
            self.click(center(lay.pile_rect(action.pile)))
        elif isinstance(action, A.TakeRevealed):
            self.click(center(lay.revealed_rect(action.index)))
        elif isinstance(action, A.PlaceTile):
            self.drag(hand, center(lay.cell_rect(action.cell)))
        elif isinstance(action, (A.DiscardTile, A.DiscardTraitor)):
            self.drag(hand, center(lay.discard_rect()))
        elif isinstance(action, A.PlaceTraitor):
            self.drag(hand, center(lay.ordeal_rect(game.current_ordeal)))
        elif isinstance(action, A.UsePower):
            self.click(center(lay.button_rect("use")))
        elif isinstance(action, A.SkipPower):
            self.click(center(lay.button_rect("skip")))
        elif isinstance(action, A.SwapTiles):
            a, b = (action.a, action.b) if variant % 2 else (action.b, action.a)
            if variant % 3 == 0:
                self.click(center(lay.cell_rect(a)))
                self.click(center(lay.cell_rect(b)))
            else:
                self.drag(center(lay.cell_rect(a)), center(lay.cell_rect(b)))
        elif isinstance(action, A.RevealTile):
            self.click(center(lay.pile_rect(action.pile)))
        elif isinstance(action, A.TakeFromDiscard):
            if not isinstance(self.stack.top, DiscardOverlay):
                self.click(center(lay.discard_rect()))
            assert isinstance(self.stack.top, DiscardOverlay), self.stack.describe()
            n = len(game.discard)
            self.click(center(browser_rect(action.index, n, self.ctx.canvas)))
        elif isinstance(action, A.DestroyTile):
            self.click(center(lay.cell_rect(action.cell)))
        elif isinstance(action, A.MoveTile):
            if variant % 2:
                self.click(center(lay.cell_rect(action.src)))
                self.click(center(lay.cell_rect(action.dst)))
            else:
                self.drag(center(lay.cell_rect(action.src)), center(lay.cell_rect(action.dst)))
        elif isinstance(action, A.RevealOrdeal):
            self.click(center(lay.ordeal_rect(action.index)))
        elif isinstance(action, A.EncounterOrdeal):
            self.click(center(lay.button_rect("encounter")))
            confirm = self.stack.top
            assert type(confirm).__name__ == "ConfirmOverlay", self.stack.describe()
            self.click(confirm.yes_button.rect.center)
        else:
            return False
        return True

    def _variant_gesture(self, action, variant, lay, game, hand) -> bool:
        """The variants' actions (§8) and the Pantry's (§10)."""
        if isinstance(action, A.ChooseProphetOrdeal):
            self.click(center(lay.ordeal_rect(action.index)))
        elif isinstance(action, A.ExchangeVigil):
            if variant % 2:
                self.click(hand)  # pick it up...
                self.click(center(lay.vigil_rect()))  # ...and put it on the Vigil
            else:
                self.drag(hand, center(lay.vigil_rect()))
        elif isinstance(action, A.UsePremonition):
            self.click(center(lay.button_rect("premonition")))
        elif isinstance(action, A.PlacePrison):
            self.drag(hand, center(lay.prison_rect(action.cell)))
        elif isinstance(action, A.PlaceGuardian):
            if variant % 2:
                self.click(center(lay.cell_rect(action.cell)))
            else:
                self.drag(hand, center(lay.cell_rect(action.cell)))
        elif isinstance(action, A.PlaceIntruder):
            self.click(center(lay.cell_rect(action.cell)))
        # --- the Pantry (§10) ------------------------------------------------------------
        elif isinstance(action, A.PlacePantry):
            k = pantry_slots(game, game.active).index(action.tile)  # the place the tile is drawn in
            src = center(lay.pantry_rect(k))
            if variant % 2:
                self.click(src)
                self.click(center(lay.cell_rect(action.cell)))
            else:
                self.drag(src, center(lay.cell_rect(action.cell)))
        else:
            return False
        return True

    def _two_player_gesture(self, action, variant, lay, game, hand) -> bool:
        """The two-player actions (§9)."""
        if isinstance(action, A.PassTile):
            self.drag(hand, center(lay.grid_rect_of(1 - game.active)))
        elif isinstance(action, A.ChooseFacer):
            self.click(self.board._buttons[f"facer{action.player}"].rect.center)
        elif isinstance(action, A.HandChampion):
            self.click(center(lay.button_rect("champion")))
            confirm = self.stack.top
            assert type(confirm).__name__ == "ConfirmOverlay", self.stack.describe()
            self.click(confirm.yes_button.rect.center)
        else:
            return False
        return True

    def settle(self, limit: int = 40) -> None:
        """Click through reveal scenes (skip, then continue) until the board or the end screen is on
        top, and let animations finish."""
        for _ in range(limit):
            top = self.stack.top
            name = type(top).__name__
            if name in ("OrdealRevealScene", "HandoverScene"):
                self.click((640, 400))
                continue
            break
        for _ in range(20):
            self.frame(0.05)

    def play_to_end(self, policy: Callable, bot_seed: int,
                    after_step: Callable[[BoardDriver], None] | None = None) -> Counter:
        """Play until the game ends, each decision `policy(game, rng)` made by its gesture; checks
        after every gesture that exactly that action reached the engine and nothing failed.
        Answers how many actions of each kind were made."""
        from castellion.rules.rng import SeededRandom

        rng = SeededRandom.from_seed(bot_seed)
        seen: Counter = Counter()
        for step in range(3000):
            game = self.game
            if game.outcome is not None:
                return seen
            action = policy(game, rng)
            before = len(game.history)
            self.perform(action, variant=step)
            assert len(self.game.history) == before + 1, (
                f"step {step}: {action!r} was not applied (phase {self.game.phase}, message "
                f"{self.board.state.message!r}, stack {self.stack.describe()})")
            assert self.game.history[-1] == action
            assert not self.ctx.errors, self.ctx.errors
            seen[type(action).__name__] += 1
            if after_step is not None:
                after_step(self)
            self.settle()
        raise AssertionError("the game did not end in 3000 decisions")


class ListeningBoard:
    """A `BoardDriver` with a recorder for ears, and the program's focus watcher after each frame
    (a screen's name, its focus, the board's news: what the app says each frame)."""

    def __init__(self, ctx, game) -> None:
        from castellion.ui.speech import RecordingEngine, Speech
        from castellion.ui.speech.focus import FocusWatcher

        self.recorder = RecordingEngine()
        ctx.speech = Speech(lambda: self.recorder, enabled=True)
        self.d = BoardDriver(ctx, game)
        self.ctx = ctx
        self.watcher = FocusWatcher(ctx.speech)

    def listen(self) -> None:
        from castellion.context import screen_title

        top = self.ctx.stack.top
        self.watcher.update(top, lambda: screen_title(top))

    def frame(self) -> list[str]:
        """One frame, then what the program says after it; the lines said during both."""
        before = len(self.recorder.lines)
        self.d.frame()
        self.listen()
        return self.recorder.lines[before:]

    def key(self, key: int) -> list[str]:
        """A key pressed (one frame), then what the program says after it; the lines said."""
        before = len(self.recorder.lines)
        self.d.key(key)
        self.listen()
        return self.recorder.lines[before:]


# --- the board's insides, in one place ---------------------------------------------------------
# Tests read the board through these, never through its private members (tests/README.md): the
# board is being recomposed into parts, and when its insides move only these lines change.
def board_button(board: BoardScene, name: str):
    """The board's button `name` ("hint", "encounter", "facer0", "champion", "premonition"…)."""
    return board._buttons[name]


def still_picture(board: BoardScene) -> pygame.Surface | None:
    """The still picture the board last drew (the cached part under the live layer)."""
    return board._still


def redraw_whole(board: BoardScene) -> None:
    """Make the next frame draw the still picture afresh, whole (no cache, no clipped redraw)."""
    board._still = None


def whole_frame(ctx, monkeypatch, board: BoardScene, scale: float) -> list:
    """`board` put on the stack and drawn whole (the still picture afresh: its words are seen) in a
    window of `scale`; the words of that frame (`tests.layout_words`)."""
    from tests.layout_words import Compositor, make_surface

    ctx.stack.reset(board)
    ctx.stack.apply_pending()
    comp, surface = Compositor(monkeypatch), make_surface(scale)
    comp.reset(surface)
    redraw_whole(board)
    comp.draw_stack(ctx.stack, surface)
    return comp.frame(surface)


TOP_BUTTONS = ("hint", "undo", "redo", "rules", "menu")  # the top bar's buttons, left to right


def top_bar_words(ctx, monkeypatch, name: str, lang: str, scale: float) -> tuple[BoardScene, list, dict[str, int]]:
    """Screen `name` (`tests.project.test_i18n_screens.SCENES`) at 200 %: the board, the words of
    the frame inside its top bar, and the size (px) each of the top bar's buttons' labels is drawn at."""
    from tests.project import test_layout_words as layout

    _, frame = layout.show(ctx, monkeypatch, name, lang, scale, 200)
    scene = ctx.stack.find(BoardScene)
    top = pygame.Rect(scene.base_layout.top_bar)
    in_bar = [w for w in frame if top.contains(w.ink)]
    labels = {board_button(scene, key).label for key in TOP_BUTTONS}
    return scene, in_bar, {w.words: w.size for w in in_bar if w.words in labels}


def still_draws(board: BoardScene) -> tuple[int, int]:
    """How often the still picture was drawn so far: (whole, clipped) redraws."""
    return board._stills.full_draws, board._stills.partial_draws


def status_slots(board: BoardScene):
    """Where the requirement panel drew each count (the ghost counts stand beside these)."""
    return board._panels[1].slots


def castle_slots(board: BoardScene):
    """Where the castle panels drew each two-player count (`(player, kind)`)."""
    return board._panels[0].slots


def board_view(board: BoardScene):
    """The board's view of its game as its still picture is drawn (nothing hidden)."""
    return board._board_view(frozenset())


def draw_message(board: BoardScene, surface: pygame.Surface, text: str, kind: str):
    """Draw `text` in the board's message line; (the board's view, the rect the text took)."""
    view = board._board_view(frozenset())
    return view, board._live._draw_message(surface, view, text, kind)
