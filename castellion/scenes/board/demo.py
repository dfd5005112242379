"""Watch the computer play: the board in demo mode.

A `DemoDriver` attached to a `BoardScene` plays the game through `board.act` (so the moves are
animated and the reason is shown on the message line), one move every `SPEEDS[speed]` seconds:
the computer player's choice, asked of a `HintWorker` in the app's computer-player process (the
board's context's pool, as for the hint; a thread without one) from the public view —
or, to replay a line the end screen's analysis found, the next action of `script`. Space pauses,
+ / − change the speed, Enter or "Take over" hands the game to the player at once (the driver
goes quiet and the board is an ordinary board). While it plays, the board's pop-ups that wait for
a person (the Ordeal reveal, the two-player hand-over, the Chameleon's pick) are skipped: the
message line says what happened instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from castellion.ai import HINT, Budget, Decision
from castellion.ai.decision import Reason
from castellion.ai.pool import ComputePool
from castellion.ai.worker import HintWorker
from castellion.rules import Game
from castellion.rules import actions as A
from castellion.scenes.board.top_row import CLEAR, row_rects
from castellion.scenes.board.words import tile_name
from castellion.session import Session
from castellion.ui import draw
from castellion.ui.ai_text import hint_text
from castellion.ui.canvas import scale_of
from castellion.ui.devices import prompt
from castellion.ui.keymap import Action, action_for
from castellion.ui.painting import ink_box
from castellion.ui.text import t
from castellion.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from castellion.scenes.board.host import BoardHost

SPEEDS = (2.4, 1.4, 0.8, 0.4, 0.15)  # seconds between moves, slowest first
# the strip stands in the banner's place (`BoardLayout.banner`), whose words the board leaves out
# while the computer plays: they tell the player what to do, and nothing is theirs to do
CONTROLS = (("take", "demo.take_over", "primary", 176), ("faster", "demo.faster", "secondary", 128),
            ("slower", "demo.slower", "secondary", 128), ("pause", "demo.pause", "secondary", 128))
TITLE, DOTS, KEYS, LABELS = 20, 16, 14, 18  # the strip's sizes asked at 100 % (its buttons' widths above)
INK_MARGIN = 6  # above 100 % the words' ink keeps this far from the strip's and its buttons' edges


def demo_words(decision: Decision, game: Game) -> str:
    """What the computer's move is said with while the player watches: the hint's line, but a
    forced move told as the computer's ("This is the only thing you can do now" spoke to a player
    who was only watching)."""
    if decision.reason.kind == "only":
        return t("demo.only")
    return hint_text(decision, game, tile_name)


class DemoDriver:
    """Plays the board's game until the end or until the player takes over (module docstring)."""

    def __init__(self, script: list[A.Action] | None = None, *, speed: int = 2, budget: Budget = HINT,
                 worker_factory: Callable[[Budget], HintWorker] | None = None,
                 pool: ComputePool | None = None,
                 on_take_over: Callable[[Session, Callable[[], None]], None] | None = None) -> None:
        """`on_take_over(session, hand_over)`: the player asks to take the game over; the app makes
        it theirs and then calls `hand_over()` — or never, when the player cancels."""
        self.script = list(script) if script is not None else None
        self.on_take_over = on_take_over
        self.next_step = 0
        self.speed = max(0, min(len(SPEEDS) - 1, speed))
        self.paused = False
        self.active = True
        self.moves = 0
        self._wait = 0.6  # a moment to see the deal before the first move
        self._budget = budget
        self._factory = worker_factory
        self._pool = pool  # None: the board's context's pool, found at `attach`
        self._worker: HintWorker | None = None
        self._asked: int | None = None  # the board version the worker was asked about
        self._buttons: dict[str, Button] = {}
        self._offered = False  # a played-out line has offered the game to the player

    @property
    def replay(self) -> bool:
        return self.script is not None

    # ------------------------------------------------------------------ lifecycle
    def attach(self, board: BoardHost) -> None:
        does = {"take": self.take_over, "faster": self.faster, "slower": self.slower, "pause": self.toggle_pause}
        for key, words, style, _ in CONTROLS:
            self._buttons[key] = Button(board.ctx, (0, 0, 0, 0), t(words), does[key], style=style, font_size=LABELS)
        self.board = board
        self._sizes = (TITLE, DOTS, KEYS)
        self._fitted: object = None  # what the strip was last fitted for (`_fit`)
        self._fixed_places()
        if self._factory is None:
            pool = self._pool or board.ctx.get_ai_pool()
            self._factory = lambda b: HintWorker(b, pool=pool)

    def detach(self) -> None:
        if self._worker is not None:
            self._worker.close()
            self._worker = None

    # -------------------------------------------------------------------- controls
    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self._buttons["pause"].label = self._pause_label()

    def _pause_label(self) -> str:
        return t("demo.resume" if self.paused else "demo.pause")

    def faster(self) -> None:
        self.speed = min(len(SPEEDS) - 1, self.speed + 1)
        self._wait = min(self._wait, SPEEDS[self.speed])

    def slower(self) -> None:
        self.speed = max(0, self.speed - 1)

    def take_over(self) -> None:
        """The player asks to play on from here. With `on_take_over` the app makes the game theirs
        (`scenes.flow.adopt_session`: autosaved from now on), asking first when that abandons a
        game in progress; only once it is theirs does it call back `hand_over`, and the driver
        stop. A Cancel leaves the demo as it was: the computer plays on and nothing is the
        player's (the board used to say "the game is yours" of a game no file held). Without
        `on_take_over` (a board built by itself) the game is handed over at once."""
        if not self.active:
            return
        if self.on_take_over is None:
            self.hand_over()
            return
        self.on_take_over(self.board.session, self.hand_over)

    def hand_over(self) -> None:
        """The game is the player's: the driver stops at once (a pending answer is dropped)."""
        if not self.active:
            return
        self.active = False
        if self._worker is not None:
            self._worker.cancel()
        self.board.say(t("demo.took_over"), "hint")
        self.board.state.version += 1  # redraw the still picture: the banner speaks to the player again

    # ---------------------------------------------------------------------- frame
    def handle(self, event: pygame.event.Event) -> bool:
        """While it plays the board takes no moves from the player, only the demo's controls
        (and Esc for the menu)."""
        if not self.active:
            return False
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            for b in self._buttons.values():
                if b.handle(event) and event.type != pygame.MOUSEMOTION:
                    return True
            return True
        if event.type == pygame.KEYDOWN:
            # the demo's keys and buttons, from the one key table (they may have been moved)
            action = action_for(event, "demo")
            if action is None and action_for(event, "board") is Action.CANCEL:
                return False  # Esc: the board opens the menu
            if action is None and action_for(event, "board") is Action.ACTIVATE:
                self.take_over()
            elif action is not None:
                DEMO_KEYS[action](self)
            return True
        return False

    def update(self, dt: float) -> None:
        board = self.board
        if self.active and board.session.game.outcome is not None:
            self.active = False  # the game is over: the end screen speaks now
        if not self.active or self.paused:
            return
        top: object = board.stack.top if board.stack is not None else None  # (the board is a scene)
        if board.stack is None or top is not board or board.stack.pending or board.anims.busy:
            return  # a confirmation or the menu is open, or the last move is still flying
        self._wait -= dt
        decision = self._next(board)
        if decision is None or self._wait > 0:
            return
        self._asked = None
        words = "" if self.replay else demo_words(decision, board.session.game)  # worded before the move
        if board.act(decision.action):
            self.moves += 1
            if words:
                board.say(words, "hint")
        else:  # never expected (the rules refused the player's choice): hand the game over
            self.take_over()
        self._wait = SPEEDS[self.speed]

    def _next(self, board: BoardHost) -> Decision | None:
        if self.script is not None:
            if self.next_step >= len(self.script):
                if not self._offered:  # the line is played out: offered once (a Cancel is not asked again)
                    self._offered = True
                    self.take_over()
                return None
            if self._wait > 0:
                return None
            action = self.script[self.next_step]
            self.next_step += 1
            return Decision(action, Reason("replay"))
        if self._worker is None:
            assert self._factory is not None  # set by attach(), which comes first
            self._worker = self._factory(self._budget)
        if self._asked != board.state.version:
            self._worker.request(board.session.game)
            self._asked = board.state.version
            return None
        return self._worker.result()

    # ---------------------------------------------------------------------- picture
    @property
    def strip(self) -> pygame.Rect:
        """Where the strip is: the banner's place (lower under a taller top bar)."""
        return pygame.Rect(self.board.state.layout.banner)

    def _title(self, paused: bool) -> str:
        title = t("demo.replay_title" if self.replay else "demo.title")
        return f"{title} — {t('demo.paused')}" if paused else title

    def _fit(self, surface: pygame.Surface) -> None:
        """The strip's words and buttons at the player's text size, each in its own room: at
        100 % the buttons in their fixed widths at the strip's right end; above, the title (paused
        or not) at the largest size that leaves the buttons, each as wide as its label, their
        labels at its 100 % ratio (`top_row.row_rects`, as the top bar's), the speed's dots after
        it. Fitted again only when the text size, the window, the strip's place or the words change."""
        ctx, bar = self.board.ctx, self.strip
        labels = [t(words) for _, words, _, _ in CONTROLS]
        for (key, _, _, _), label in zip(CONTROLS, labels, strict=True):
            self._buttons[key].label = label
        self._buttons["pause"].label = self._pause_label()
        fitted = (ctx.fonts.text_scale, scale_of(surface), tuple(bar), tuple(labels), self._title(False))
        if fitted == self._fitted:
            return
        self._fitted = fitted
        fonts, right = ctx.fonts, bar.right - 4
        if fonts.text_scale <= 1.0:
            self._fixed_places()
            return
        wide = [max(labels[-1], t("demo.resume"), key=lambda w: fonts.text_width(w, "bold", LABELS))]  # Pause / Resume
        titles = (self._title(False), self._title(True))
        for size in range(TITLE, 0, -1):
            if max(ink_box(ctx, title, size, "bold").h for title in titles) > bar.h - 2 * INK_MARGIN:
                continue
            left = bar.x + 18 + max(fonts.text_width(title, "bold", size) for title in titles) + 14 + \
                fonts.text_width(self._dots(), "body", size * DOTS // TITLE) + CLEAR
            asked = size * LABELS // TITLE
            row = row_rects(ctx, wide + labels[-2::-1], left, bar.y + 3, bar.h - 6, right=right, asked=asked,
                            margin=INK_MARGIN)
            if row is not None and row[0] == asked:
                break
        else:
            return  # (never: a title of one pixel leaves the room)
        for (key, _, _, _), rect in zip(CONTROLS, reversed(row[1]), strict=True):  # (left to right: Pause first)
            self._buttons[key].rect = pygame.Rect(rect)
            self._buttons[key].font_size = row[0]
            self._buttons[key].label_ascent = fonts.for_text(self._buttons[key].label, "bold", row[0]).get_ascent()
        self._sizes = (size, size * DOTS // TITLE, size * KEYS // TITLE)

    def _fixed_places(self) -> None:
        """The buttons in their fixed widths at the strip's right end, the words at their 100 % sizes."""
        bar = self.strip
        right = bar.right - 4
        for key, _, _, width in CONTROLS:
            right -= width
            self._buttons[key].rect = pygame.Rect(right, bar.y + 3, width - 6, bar.h - 6)
            self._buttons[key].font_size, self._buttons[key].label_ascent = LABELS, None
        self._sizes = (TITLE, DOTS, KEYS)

    def _dots(self) -> str:
        return "\u25cf" * (self.speed + 1) + "\u25cb" * (len(SPEEDS) - 1 - self.speed)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.active:
            return
        self._fit(surface)
        ctx, theme = self.board.ctx, self.board.ctx.theme
        bar = self.strip
        title_size, dots_size, keys_size = self._sizes
        draw.rect(surface, (30, 40, 62), bar, border_radius=10)
        draw.rect(surface, theme.gold, bar, 2, border_radius=10)
        r = draw_text(surface, ctx, self._title(self.paused), (bar.x + 18, bar.centery), size=title_size,
                      colour=theme.gold_light, role="bold", anchor="midleft")
        r = draw_text(surface, ctx, self._dots(), (r.right + 14, bar.centery), size=dots_size, colour=(200, 214, 240),
                      anchor="midleft")
        room = min(b.rect.x for b in self._buttons.values()) - r.right - 28
        words = t("demo.keys", pause=prompt(Action.DEMO_PAUSE), faster=prompt(Action.DEMO_FASTER),
                  slower=prompt(Action.DEMO_SLOWER), ok=prompt(Action.ACTIVATE))  # the keys as the table has them
        keys = ctx.fonts.render(words, keys_size, (200, 214, 240))
        if keys.get_width() <= room:  # the keys, where the words fit (not in every language at every size)
            surface.blit(keys, keys.get_rect(midleft=(r.right + 18, bar.centery)))
        for b in self._buttons.values():
            b.draw(surface)


DEMO_KEYS: dict[Action, Callable[[DemoDriver], object]] = {
    Action.DEMO_PAUSE: DemoDriver.toggle_pause,
    Action.DEMO_FASTER: DemoDriver.faster,
    Action.DEMO_SLOWER: DemoDriver.slower,
}
