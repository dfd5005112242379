"""`TutorialCoach`: the guide the board draws over itself during the tutorial.

It follows one part of the script (`castellion.content.tutorial`): shows the step's text in a
box over the status panel, points at the thing to act on (a glow and a bobbing arrow), holds
back every action the step does not ask for (so the fixed deal stays on its script), and moves
on when the player did it — an applied action (seen as a session observer), the refusal the step
asks for, an Undo, or the Next button. A step that starts a new lesson puts its fixed position on
a new board (`Route.BOARD` with this coach) once the board is on top again (after a reveal).

The board reaches it only through the `board.coach` seam (attach / detach / handle / allows /
blocked / refused / update / draw); it reaches the board only through what `CoachedBoard` lists.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import Any, Protocol

import pygame

from castellion.content.tutorial import Do, Part
from castellion.rules import Game
from castellion.rules import actions as A
from castellion.rules import events as E
from castellion.scenes.context import SceneContext
from castellion.scenes.nav import Route
from castellion.scenes.tutorial.coach_box import BOX, GAP_UNDER, WORDS, BoxPlace, fits_usual, place_box
from castellion.session import Session
from castellion.ui import draw, keymap, rules_text
from castellion.ui.canvas import layer
from castellion.ui.devices import KEYS, PAD, last_device, prompt, prompts
from castellion.ui.geometry import BoardLayout, Rect
from castellion.ui.keymap import Action
from castellion.ui.painting import draw_label_above
from castellion.ui.scroll_lines import ScrollLines, Words
from castellion.ui.text import t
from castellion.ui.textfit import PanelSizes, inside
from castellion.ui.widgets import Button, draw_panel, draw_wrapped

log = logging.getLogger("castellion.scenes.tutorial")

POINTER = (120, 230, 255)  # a cold light: no tile, highlight or card of the board uses it


class CoachedBoard(Protocol):
    """What the coach uses of the board."""

    session: Session
    stack: Any
    base_layout: BoardLayout  # a lesson is a solo game: its layout is the player's

    def button_rects(self) -> list[pygame.Rect]: ...


class TutorialCoach:
    """Guides `part` from `step`; `on_progress(part, step, game)` records each step reached
    (the start of a step is where a resumed tutorial begins); `on_finish(part)` ends the part."""

    def __init__(self, ctx: SceneContext, part: Part, step: int,
                 on_progress: Callable[[Part, int, Game], None],
                 on_finish: Callable[[Part], None]) -> None:
        self.ctx = ctx
        self.part = part
        self.step = max(0, min(step, len(part.steps) - 1))
        self.on_progress = on_progress
        self.on_finish = on_finish
        self.board: CoachedBoard | None = None
        self.pending_deal: Game | None = None  # a new lesson's position, put on the board when it is on top
        self.clock = 0.0
        self._said: tuple[int, int] | None = None  # the step last said (the spoken game)
        self.finished = False
        self.sizes = PanelSizes()  # the text size the box is drawn at, measured per step
        self.head_sizes = PanelSizes()  # "Step n of m", as large as its room above Next holds
        # a step's words longer than the box at the player's size: they scroll by whole lines
        # (PgUp / PgDn, the wheel over the box) rather than shrink (at 200 % they had shrunk to 19–22 px)
        # where the box is for this step (coach_box: grown where the step lights nothing when its
        # words are longer than the usual box shows at the player's text size)
        self.place = BoxPlace(BOX)
        self._place_key: object = None
        self.scroller = ScrollLines(ctx, self.place.scrolled)
        self._scroller_key: tuple[str, int, float] | None = None
        self.scrolling = False  # this step's words scroll (set as the box is drawn)
        x, y = self.place.buttons
        self.next_button = Button(ctx, (x, y, 132, 46), t("tutorial.next"), self.next, font_size=22)
        self.leave_button = Button(ctx, (x, y + 54, 132, 38), t("tutorial.leave"), self.leave, style="secondary",
                                   font_size=19)

    # ---------------------------------------------------------------- the seam
    def attach(self, board: Any) -> None:
        self.board = board
        board.session.observers.append(self._observe)
        self._enter_step()

    def detach(self, board: Any) -> None:
        if self._observe in board.session.observers:
            board.session.observers.remove(self._observe)
        if self.board is board:
            self.board = None

    def allows(self, action: A.Action) -> bool:
        return self.pending_deal is None and self.do.matches(action)

    def lights(self, action: A.Action) -> bool:
        """Whether the board lights `action` as a move to make: only what the step asks for."""
        return self.allows(action)

    def blocked(self) -> str:
        return t("tutorial.follow")

    def refused(self, text: str) -> None:
        """A refusal the player heard: the step asking for it is done when it is the refusal of
        the pointed cell (the shape rule's, R-P3)."""
        do, game = self.do, self.game
        if do.kind != "refused" or do.cell is None or game is None:
            return
        why = game.placement_error(do.cell)
        if why is not None and text == rules_text.refusal_text(why):
            self._advance()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.scrolling and self._scroll(event):
            return True
        for button in (self.next_button, self.leave_button):
            if button.visible and button.handle(event) and event.type != pygame.MOUSEMOTION:
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) \
                and self.next_button.visible:
            self.next()
            return True
        return False

    def _scroll(self, event: pygame.event.Event) -> bool:
        """The step's words scrolling: their keys (PgUp / PgDn unless moved on Controls; the board
        uses neither) a box's worth of lines, a pad's (the right stick, held: repeating) a line,
        the wheel a line with the pointer over the box."""
        box = self.scroller
        action = keymap.action_for(event, "board") if event.type == pygame.KEYDOWN else None
        if action in (Action.SCROLL_UP, Action.SCROLL_DOWN):
            lines = 1 if getattr(event, "pad_button", None) is not None else max(1, box.shown())
            box.scroll((1 if action is Action.SCROLL_DOWN else -1) * lines)
            return True
        return box.handle(event)

    def update(self, dt: float) -> None:
        self.clock += dt
        board = self.board
        if board is None:
            return
        self._speak_step()
        # the step decides whether Undo is offered (observing the session resets it to the setting)
        board.session.undo_allowed = self.do.kind == "undo"
        self.next_button.visible = self.do.kind == "next" and self.pending_deal is None
        self.next_button.label = t("tutorial.finish" if self.step == len(self.part.steps) - 1 else "tutorial.next")
        if self.pending_deal is not None and board.stack is not None and board.stack.top is board \
                and not board.stack.pending:
            game, self.pending_deal = self.pending_deal, None
            self.ctx.nav.replace(board, Route.BOARD, Session(game, undo_allowed=False, practice=True), coach=self)

    # ---------------------------------------------------------------- steps
    @property
    def do(self) -> Do:
        return self.part.steps[self.step].do

    @property
    def game(self) -> Game | None:
        return self.board.session.game if self.board is not None else None

    def _observe(self, session: Session, kind: str, action: A.Action | None, events: list[E.Event]) -> None:
        step = self.part.steps[self.step]
        if kind == "apply" and action is not None and step.done_after(action, session.game):
            self._advance()
        elif kind == "undo" and step.do.kind == "undo":
            self._advance()

    def next(self) -> None:
        if self.do.kind == "next" and self.pending_deal is None:
            self._advance()

    def leave(self) -> None:
        """Back to the tutorial's parts (progress is kept: it was recorded at the step's start)."""
        board = self.board
        if board is not None and board.stack is not None:
            board.stack.pop(board)

    def _advance(self) -> None:
        if self.step >= len(self.part.steps) - 1:
            self.finished = True
            self.on_finish(self.part)
            return
        self.step += 1
        deal = self.part.steps[self.step].deal
        if deal is not None:
            self.pending_deal = deal()  # on a new board once this one is on top (see update)
            return
        self._enter_step()

    def _enter_step(self) -> None:
        game = self.game
        if game is not None and self.pending_deal is None:
            self.on_progress(self.part, self.step, game)

    def _speak_step(self) -> None:
        """The spoken game (docs/accessibility.md): each step's words are said once, after what
        the move that led to it said."""
        speech = getattr(self.ctx, "speech", None)
        said = (id(self.part), self.step)
        if speech is None or self._said == said or self.pending_deal is not None:
            return
        self._said = said
        speech.say(self.words(), interrupt=False)

    # ---------------------------------------------------------------- drawing
    def target(self) -> list[Rect]:
        """The rectangles the pointer shows for this step ([] for a step read with Next)."""
        board, do, game = self.board, self.do, self.game
        if board is None or game is None or self.pending_deal is not None:
            return []
        lay = board.base_layout
        match do.kind:
            case "draw":
                return [lay.pile_rect(do.pile)]
            case "place" | "refused" if do.cell is not None:
                return [lay.cell_rect(do.cell)]
            case "discard":
                return [lay.discard_rect()]
            case "traitor" | "reveal_ordeal" if do.ordeal is not None:
                return [lay.ordeal_rect(do.ordeal)]
            case "use":
                return [lay.button_rect("use")]
            case "undo":
                return [lay.button_rect("undo")]
            case "swap" if do.cell is not None and do.other is not None:
                return [lay.cell_rect(do.cell), lay.cell_rect(do.other)]
            case "destroy":
                cells = [a.cell for a in game.legal_actions() if isinstance(a, A.DestroyTile)]
                cell = do.cell if do.cell in cells else (max(cells) if cells else None)
                return [lay.cell_rect(cell)] if cell is not None else []
        return []

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        board = self.board
        if board is not None and board.stack is not None and board.stack.top is not board:
            # an Ordeal's reveal (or a menu) over the board: its box, half covered, already told
            # the next step ("Exam I passed") while the reveal was still judging
            return
        self._place_for(self.words())
        for i, rect in enumerate(self.target()):
            self._draw_pointer(surface, pygame.Rect(rect), arrow=i == 0)
        # the player's text size, as large as the box holds this step's words (measured)
        how = how_text(self.do.kind, last_device())
        key = (self.step, t(self.part.text_key(self.step)), how, ctx.fonts.text_scale, ctx.fonts.scale,
               tuple(self.place.box))
        self.sizes.begin(key)
        self.head_sizes.begin(key)
        self.head_sizes.size("head", ctx.fonts, surface, [self.place.head],
                             self._draw_head)  # before the box's (which draws it)
        size = self.sizes.size("coach", ctx.fonts, surface, [inside(self.place.box)], self._draw_box)
        with ctx.fonts.limited(size):
            self._draw_box(surface)

    def _draw_box(self, surface: pygame.Surface) -> None:
        """The coach's box: the step's words, "Step n of m", Next and Leave."""
        ctx, place = self.ctx, self.place
        draw_panel(surface, place.box, ctx)
        draw.rect(surface, POINTER, place.box, 3, border_radius=10)  # ui.draw: the canvas may be scaled
        with ctx.fonts.limited(self.head_sizes.sizes.get("head", 1.0)):
            self._draw_head(surface)
        words = self.words()
        if place.box == BOX:
            self.scrolling = not fits_usual(ctx, words)
        else:  # a grown box: its words in the scrolling box (drawn whole when they fit it)
            self.scrolling = True
        if not self.scrolling:  # as it always was
            draw_wrapped(surface, ctx, words, place.text, size=WORDS, line_gap=GAP_UNDER)
        else:
            self._scroller(words).draw(surface)
            self._draw_more(surface)
        self.next_button.draw(surface)
        self.leave_button.draw(surface)

    def words(self) -> str:
        """The step's words, with how its gesture is made with the device used last."""
        text = t(self.part.text_key(self.step))
        how = how_text(self.do.kind, last_device())
        return f"{text} {how}" if how else text

    def _place_for(self, words: str) -> None:
        """The box's place for this step (coach_box.place_box), its buttons and scrolling box moved with it."""
        ctx = self.ctx
        key = (words, ctx.fonts.text_scale, ctx.fonts.scale, tuple(tuple(r) for r in self.target()))
        if key == self._place_key:
            return
        self._place_key = key
        sight = bool(self.part.steps[self.step].in_sight)
        self.place = BoxPlace(place_box(ctx, words, self._clear, sight=sight))
        x, y = self.place.buttons
        self.next_button.rect.topleft = (x, y)
        self.leave_button.rect.topleft = (x, y + 54)
        self.scroller.place(self.place.scrolled)

    def lit_zones(self, box: pygame.Rect | None = None) -> list[pygame.Rect]:
        """What the step lights, which its box must leave in sight: the pointed rectangles with
        their glow, and the arrow (all it sweeps while it bobs), placed clear of `box`."""
        box = self.place.box if box is None else box
        zones = []
        for i, rect in enumerate(self.target()):
            r = pygame.Rect(rect)
            zones.append(r.inflate(24, 24))
            if i == 0:
                zones.append(arrow_rect(r, *self.arrow_place(r, box)))
        return zones

    def _clear(self, box: pygame.Rect, sight: bool, tiles: bool) -> bool:
        """Whether a grown `box` leaves in sight what the step lights, the things the player
        acts on and the board's labels around them (the piles' counts, the cards' Traitors), with
        `sight` the cells the step's words speak of (`Step.in_sight`; the foundation row with its
        label), and with `tiles` the castle's tiles."""
        if not pygame.Rect((0, 0), self.ctx.canvas).contains(box):
            return False
        things = [z.inflate(8, 8) for z in self.thing_zones()]
        board = self.board
        if board is None:
            return False
        lay = board.base_layout
        castle = pygame.Rect(lay.castle_panel)
        labels = [z for z in self.label_zones() if not castle.contains(z)]  # (the castle's may be covered)
        if tiles:
            things += [pygame.Rect(lay.cell_rect(cell)) for cell, _tile in board.session.game.castle().tiles()]
        if sight:
            things += self.sight_zones()
        return box.collidelist(self.lit_zones(box) + things + labels) < 0

    def sight_zones(self) -> list[pygame.Rect]:
        """The cells this step's words speak of (`Step.in_sight`), and the "foundation" label
        under the castle when they are in its bottom row."""
        board = self.board
        if board is None:
            return []
        lay = board.base_layout
        cells = self.part.steps[self.step].in_sight
        zones = [pygame.Rect(lay.cell_rect(cell)) for cell in cells]
        if any(row == 0 for row, _col in cells):
            zones.append(foundation_label(lay))
        return zones

    def more(self) -> tuple[bool, bool]:
        """Whether the step's words go on above and below the lines in view."""
        box = self.scroller
        return self.scrolling and box.offset > 0, self.scrolling and box.offset < box.most()

    def _draw_more(self, surface: pygame.Surface) -> None:
        """Small arrows between the words and the buttons, at the top and the bottom of the words,
        where more lines lie that way (the thin scroll bar alone was easy to miss)."""
        above, below = self.more()
        scrolled = self.place.scrolled
        x = (scrolled.right + self.next_button.rect.x) // 2
        colour = self.ctx.theme.ink_soft
        if above:
            y = scrolled.y + 4
            draw.polygon(surface, colour, [(x, y), (x - 9, y + 12), (x + 9, y + 12)])
        if below:
            y = scrolled.bottom - 4
            draw.polygon(surface, colour, [(x, y), (x - 9, y - 12), (x + 9, y - 12)])
        room, hint = self.hint_room(), self.more_hint()
        if hint and room is not None:
            draw_wrapped(surface, self.ctx, hint, room, size=self.ctx.theme.font_small, colour=colour,
                         align="center", line_gap=2)

    def more_hint(self) -> str:
        """What scrolls the step's words, for the device used last ("PgUp / PgDn", "Right stick
        ↑ / ↓" after a pad), as the player's Controls bind them; "" when all of them are in view."""
        if not any(self.more()):
            return ""
        device = PAD if last_device() == PAD else KEYS
        up, down = prompt(Action.SCROLL_UP, device), prompt(Action.SCROLL_DOWN, device)
        same = up.rpartition(" ")[0]
        if same and down.startswith(same + " "):  # one stick named once: "Right stick ↑ / ↓"
            down = down[len(same) + 1:]
        return t("tutorial.scroll_keys", up=up, down=down)

    def hint_room(self) -> pygame.Rect | None:
        """Where the scrolling keys are named: under Leave, else in Next's place while it is hidden."""
        leave, box = self.leave_button.rect, self.place.box
        under = pygame.Rect(box.right - 162, leave.bottom + 4, 152, box.bottom - 8 - leave.bottom - 4)
        if under.h >= 22:
            return under
        if not self.next_button.visible:
            nxt = self.next_button.rect
            return pygame.Rect(box.right - 162, nxt.y, 152, leave.y - 4 - nxt.y)
        return None

    def _draw_head(self, surface: pygame.Surface) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        head = t("tutorial.step_of", step=self.step + 1, total=len(self.part.steps))
        box = self.place.box
        half = ctx.fonts.text_width(head, "bold", theme.font_small) // 2  # larger words: kept inside the box
        draw_label_above(surface, ctx, head, min(box.right - 80, box.right - 20 - half), box.y + 28,
                         size=theme.font_small,
                         colour=theme.ink_soft)  # by its baseline: clear of Next in every font

    def _scroller(self, words: str) -> ScrollLines:
        """The scrolling box laid out for `words` at the size drawn now (from the top for a new step)."""
        key = (words, self.ctx.fonts.sized(WORDS), self.ctx.fonts.scale)
        if key != self._scroller_key:
            same = self._scroller_key is not None and self._scroller_key[0] == words
            self._scroller_key = key
            self.scroller.set_parts([Words(words, size=WORDS, after=0)], keep=same)
        return self.scroller

    def _draw_pointer(self, surface: pygame.Surface, rect: pygame.Rect, *, arrow: bool) -> None:
        # a slow pulse (0.8 a second, far under the three flashes a second of XAG 118); with the
        # animations off it stands at its brightest
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5.0) if self.ctx.settings.animations else 1.0
        glow = layer(surface, (rect.w + 24, rect.h + 24))  # at the canvas' scale (1024×600: 0.75)
        for k in range(4):
            alpha = int((70 + 90 * pulse) / (k + 1))
            draw.rect(glow, (*POINTER, alpha), glow.get_rect().inflate(-k * 6, -k * 6), 4, border_radius=12)
        surface.blit(glow, (rect.x - 12, rect.y - 12))
        if not arrow:
            return
        side, extra = self.arrow_place(rect)
        points = arrow_polygon(rect, side, int(BOB * pulse), extra)
        draw.polygon(surface, POINTER, points)
        draw.polygon(surface, (20, 40, 60), points, 2)

    def label_zones(self) -> list[pygame.Rect]:
        """Where the board writes words the arrow must not cover (it used to hide "Safe", the
        "current" badge and the banner): the top bar and banner, the labels over and under the
        piles, the hand and the discard pile, the badge and count of each Ordeal card, the
        panels' headings, the Seer's row heading, the foundation label, the board's buttons."""
        board = self.board
        if board is None:
            return []
        lay = board.base_layout
        zones = [pygame.Rect(lay.top_bar), pygame.Rect(lay.banner)]
        for panel in (lay.castle_panel, lay.ordeal_panel, lay.tiles_panel):  # the panels' headings
            p = pygame.Rect(panel)
            zones.append(pygame.Rect(p.x + 14, p.y + 4, 150, 32))
        for slot in [lay.pile_rect("regular"), lay.pile_rect("safe"), lay.hand_rect(), lay.discard_rect()]:
            r = pygame.Rect(slot)
            zones += [pygame.Rect(r.x - 8, r.y - 32, r.w + 16, 32), pygame.Rect(r.x - 8, r.bottom, r.w + 16, 30)]
        game = board.session.game
        for i in range(len(game.ordeals)):
            r = pygame.Rect(lay.ordeal_rect(i))
            zones.append(pygame.Rect(r.x - 10, r.bottom, r.w + 20, 34))  # "Traitors 0 / 5"
            if i == game.current_ordeal:
                zones.append(pygame.Rect(r.x, r.y - 16, r.w, 30))  # the "current" badge
        if game.level_spec.powers or game.revealed:  # "Revealed by the Seer" over its row
            first = pygame.Rect(lay.revealed_rect(0))
            zones.append(pygame.Rect(first.x, first.y - 26, pygame.Rect(lay.revealed_rect(3)).right - first.x, 26))
        zones.append(foundation_label(lay))
        zones += board.button_rects()
        return zones

    def thing_zones(self) -> list[pygame.Rect]:
        """What the player acts on, which the arrow had better not cover either (pointing at the
        safe pile it covered the Regular pile): the piles, the hand, the discard pile, the cards."""
        board = self.board
        if board is None:
            return []
        lay = board.base_layout
        things = [lay.pile_rect("regular"), lay.pile_rect("safe"), lay.hand_rect(), lay.discard_rect()]
        things += [lay.ordeal_rect(i) for i in range(len(board.session.game.ordeals))]
        return [pygame.Rect(r).inflate(-8, -8) for r in things]  # grazing a frame's edge covers nothing

    def arrow_place(self, rect: pygame.Rect, box: pygame.Rect | None = None) -> tuple[str, int]:
        """Where the arrow comes from and how much farther than usual: above, else from the left,
        the right or below — the first side where it covers no words and stays on the canvas,
        clear of the coach's box; moved away from the target (up to 80 px: pointing at Undo it
        clears the banner) when no side is clear close by."""
        canvas = pygame.Rect((0, 0), self.ctx.canvas)
        box = self.place.box if box is None else box
        zones = [z for z in self.label_zones() if not z.colliderect(rect)]  # (the target's own button)
        things = [z for z in self.thing_zones() if not z.colliderect(rect)]
        for avoid in (zones + things, zones):  # words and things; else words at least
            for extra in range(0, 85, 5):
                for side in SIDES:
                    reach = arrow_rect(rect, side, extra)
                    if canvas.contains(reach) and not reach.colliderect(box) and reach.collidelist(avoid) < 0:
                        return side, extra
        return ("above" if rect.top > 90 else "below"), 0


def foundation_label(lay: Any) -> pygame.Rect:
    """Where the board writes "foundation", under the castle's bottom row."""
    grid = pygame.Rect(lay.grid_rect)
    return pygame.Rect(grid.x, grid.bottom, grid.w, 24)


SIDES = ("above", "left", "right", "below")
ARROW, GAP, BOB = 48, 10, 8  # the arrow's length, its gap to the target, how far it bobs


def arrow_polygon(rect: pygame.Rect, side: str, bob: int, extra: int = 0) -> list[tuple[int, int]]:
    """The pointer's arrow coming from `side` of `rect`, its tip `GAP + extra + bob` away from it."""
    gap = GAP + extra + bob
    if side == "above":
        tip, along, across = (rect.centerx, rect.top - gap), (0, -1), (1, 0)
    elif side == "below":
        tip, along, across = (rect.centerx, rect.bottom + gap), (0, 1), (1, 0)
    elif side == "left":
        tip, along, across = (rect.left - gap, rect.centery), (-1, 0), (0, 1)
    else:
        tip, along, across = (rect.right + gap, rect.centery), (1, 0), (0, 1)

    def at(a: int, c: int) -> tuple[int, int]:
        return (tip[0] + along[0] * a + across[0] * c, tip[1] + along[1] * a + across[1] * c)

    return [tip, at(24, -18), at(24, -7), at(ARROW, -7), at(ARROW, 7), at(24, 7), at(24, 18)]


def arrow_rect(rect: pygame.Rect, side: str, extra: int = 0) -> pygame.Rect:
    """All the arrow covers while it bobs."""
    points = arrow_polygon(rect, side, 0, extra) + arrow_polygon(rect, side, BOB, extra)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


__all__ = ["BOX", "CoachedBoard", "TutorialCoach", "arrow_polygon", "arrow_rect"]


# how a step's gesture is made with the keyboard or a pad (the step's own text speaks of the mouse)
_HOW = {"draw": "point", "place": "point", "refused": "point", "reveal_ordeal": "point", "use": "point",
        "destroy": "point", "swap": "swap", "discard": "discard", "traitor": "traitor", "undo": "undo"}


def how_text(kind: str, device: str) -> str:
    """The sentence naming the keys (or the pad's buttons) for a step's gesture, after the step's
    text; "" with the mouse or a finger (the text's "click" and "drag" are theirs)."""
    if device not in (KEYS, PAD) or kind not in _HOW:
        return ""
    who = t("tutorial.device.pad") if device == PAD else t("tutorial.device.keys")
    return t(f"tutorial.how.{_HOW[kind]}", device=who, **prompts(device))
