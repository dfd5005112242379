""""Try again from here" and "Learn from my mistakes": a reviewed game's decision opened on the
board as practice (a practice `Session`: never autosaved, never counted, never a daily attempt).

The board is guided by a `PracticeCoach` (the board's coach seam, scenes/board/coach.py): the
player chooses again; the choice is played and judged in the computer player's process by the
review's own estimate (`ai.review.review_decision`: the computer's move and the player's on the
same hidden orders; `deep_decision`, the deeper look's budget, at a decision the review looked at
deeper, so the verdict and the review's numbers never come from two different looks); then the
panel says whether it is as good as the computer's, and if not what
the computer would have done and the two chances. The player may play on from there (the game
goes on as practice), go back to the review, or — learning from the mistakes — go to the next
marked decision; after the last, the panel sums up ("found 2 of 3").

Keyboard: Enter plays on / goes to the next mistake, Backspace goes back to the review (Esc is
the board's pause menu, as in any game); on a pad, A and B do the same (Start keeps the menu).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from castellion.ai import review as R
from castellion.rules import SIZE
from castellion.rules import actions as A
from castellion.rules.public import public_view
from castellion.scenes.context import SceneContext
from castellion.scenes.nav import Route
from castellion.session import Session
from castellion.ui import draw
from castellion.ui.keymap import Action, action_for
from castellion.ui.text import t
from castellion.ui.widgets import Button, draw_panel, draw_wrapped

from .words import best_text, percent

BOX = pygame.Rect(14, 654, 676, 138)  # the board's free corner, where the tutorial's guide stands
EDGE = (40, 110, 170)

# What the judged choice was: the computer's own, as good (no mark), or worse (a mark).
SAME, GOOD, WORSE = "same", "good", "worse"


def verdict_of(entry: R.Entry) -> str:
    if entry.same:
        return SAME
    return GOOD if entry.mark is None else WORSE


@dataclass
class Lesson:
    """The decisions to try again (one for "try again from here", every marked one for "learn
    from my mistakes") and what the player found at each so far."""

    options: dict[str, Any]
    history: list[dict[str, Any]]
    indices: list[int]
    at: int = 0
    found: list[bool] = field(default_factory=list)
    deep: frozenset[int] = frozenset()  # the decisions the review's deeper look judged: judged deeper here too

    @property
    def judged_deep(self) -> bool:
        return self.index in self.deep

    @property
    def series(self) -> bool:
        return len(self.indices) > 1

    @property
    def index(self) -> int:
        return self.indices[self.at]

    @property
    def last(self) -> bool:
        return self.at >= len(self.indices) - 1


def open_practice(ctx: SceneContext, lesson: Lesson, over: Any = None) -> None:
    """Queue the board at the lesson's current decision, as practice, with its coach: pushed over
    the review, or in place of `over` (the previous decision's board)."""
    game = R.replay(lesson.options, lesson.history, lesson.index)
    session = Session(game, undo_allowed=False, practice=True, player_names=ctx.player_names)
    coach = PracticeCoach(ctx, lesson)
    if over is None:
        ctx.nav.push(Route.BOARD, session, coach=coach)
    else:
        ctx.nav.replace(over, Route.BOARD, session, coach=coach)


class PracticeCoach:
    """The guide of one practice decision (module doc); the board's `Coach`."""

    def __init__(self, ctx: SceneContext, lesson: Lesson) -> None:
        self.ctx = ctx
        self.lesson = lesson
        self.board: Any = None
        self.state = "choose"  # choose → judging → verdict → free (played on) | summary
        self.entry: R.Entry | None = None
        self.job: Any = None
        self.game_before = R.replay(lesson.options, lesson.history, lesson.index)
        self.words: list[str] = []  # the panel's words, made when what they say changes (update), never in draw
        self._worded: tuple[object, ...] | None = None
        x, y = BOX.right - 206, BOX.y + 14
        self.next_button = Button(ctx, (x, y, 192, 52), "", self.next, font_size=20)
        self.back_button = Button(ctx, (x, y + 62, 192, 46), t("practice.back"), self.back, style="secondary",
                                  font_size=19)

    # ---------------------------------------------------------------- the seam
    def attach(self, board: Any) -> None:
        self.board = board

    def detach(self, board: Any) -> None:
        if self.board is board:
            self.board = None

    def allows(self, action: A.Action) -> bool:
        if self.state == "choose" and action in self.game_before.legal_actions():  # (an illegal one: refused)
            self.state = "judging"
            judge = R.deep_decision if self.lesson.judged_deep else R.review_decision
            self.job = self.ctx.get_ai_pool().submit(judge, public_view(self.game_before),
                                                     A.action_to_dict(action), self.lesson.index)
            return True
        return self.state == "free"

    def blocked(self) -> str:
        return t("practice.wait" if self.state == "judging" else "practice.choose_next")

    def refused(self, text: str) -> None:
        """A refused drop is no choice: the player chooses again."""

    def lights(self, action: A.Action) -> bool:
        """Every legal move is lit: the choice is the player's."""
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if self.state not in ("verdict", "summary"):
            return False
        for button in (self.next_button, self.back_button):
            if button.visible and button.handle(event) and event.type != pygame.MOUSEMOTION:
                return True
        if event.type == pygame.KEYDOWN:
            pad = getattr(event, "pad_button", None)
            if (action_for(event) == Action.ACTIVATE or event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)) \
                    and self.next_button.visible:
                self.next()  # Enter, or the pad's A
                return True
            if event.key == pygame.K_BACKSPACE or pad == "b":
                self.back()  # Backspace, or the pad's B (Esc and Start keep the board's menu)
                return True
        return False

    def update(self, dt: float) -> None:
        job = self.job
        if self.state == "judging" and job is not None and job.done:
            entry = job.result()
            self.job = None
            if isinstance(entry, R.Entry):
                self.entry = entry
                self.lesson.found.append(verdict_of(entry) != WORSE)
                self.state = "verdict"
            else:  # no verdict could be computed: the game simply goes on as practice
                self.state = "free"
        self.next_button.visible = self.state == "verdict"
        self.next_button.label = t("practice.next_mistake" if self.lesson.series and not self.lesson.last
                                   else "practice.summary" if self.lesson.series else "practice.play_on")
        self.back_button.visible = self.state in ("verdict", "summary")
        worded = (self.state, id(self.entry), self.lesson.at, len(self.lesson.found), t("practice.wait"))
        if worded != self._worded:  # (the last item: a change of language words them again)
            self._worded = worded
            self.words = self.lines()
        self.next_button.update(dt)
        self.back_button.update(dt)

    # ---------------------------------------------------------------- the panel's buttons
    def next(self) -> None:
        lesson = self.lesson
        if self.state == "verdict" and lesson.series and not lesson.last:
            lesson.at += 1
            open_practice(self.ctx, lesson, over=self.board)
        elif self.state == "verdict" and lesson.series:
            self.state = "summary"
        elif self.state == "verdict":
            self.state = "free"  # play on from here, as practice

    def back(self) -> None:
        if self.job is not None:
            self.job.cancel()
        if self.board is not None:
            self.board.pop()  # the review is under it

    # ---------------------------------------------------------------- words
    def lines(self) -> list[str]:
        """The panel's words in the state it is in."""
        lesson = self.lesson
        head = (t("practice.series", n=lesson.at + 1, total=len(lesson.indices)) + " " if lesson.series else "")
        if self.state == "choose":
            return [head + t("practice.choose", turn=self.game_before.turn)]
        if self.state == "judging":
            return [t("practice.wait")]
        if self.state == "summary":
            return [t("practice.found", found=sum(lesson.found), total=len(lesson.indices))]
        if self.state == "free":
            return []
        entry = self.entry
        assert entry is not None
        verdict = verdict_of(entry)
        mine, theirs = percent(entry.after), percent(entry.before)
        deeper = [t("review.deep_note", times=R.DEEP)] if lesson.judged_deep else []
        if verdict == SAME:
            return [t("practice.same", chance=theirs)] + deeper
        if verdict == GOOD:
            return [t("practice.good", mine=mine, theirs=theirs)] + deeper
        words = [t("practice.worse", mine=mine, theirs=theirs)]
        best = best_text(entry.to_dict(), self.game_before)
        if best:
            words.append(best)
        return words + deeper

    def _draw_best_cell(self, surface: pygame.Surface) -> None:
        """After a worse choice, the cell the computer would have used, framed on the castle."""
        entry, board = self.entry, self.board
        if entry is None or verdict_of(entry) != WORSE or board is None:
            return
        cell = entry.best.get("cell")
        views = getattr(board, "views", None)
        if isinstance(cell, (list, tuple)) and len(cell) == 2 and 0 <= int(cell[1]) < SIZE and views:
            views[entry.player if len(views) > 1 else 0].draw_ring(surface, [(int(cell[0]), int(cell[1]))],
                                                                   self.ctx.theme.good, 2)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        if self.state == "free":
            return
        if self.state == "verdict":
            self._draw_best_cell(surface)
        draw_panel(surface, BOX, ctx)
        colour = theme.bad if self.entry is not None and verdict_of(self.entry) == WORSE and self.state == "verdict" \
            else EDGE
        draw.rect(surface, colour, BOX, 3, border_radius=10)
        room = BOX.w - 40 - (210 if self.back_button.visible else 0)
        y = BOX.y + 12
        for n, line in enumerate(self.words):
            y += draw_wrapped(surface, ctx, line, pygame.Rect(BOX.x + 18, y, room, BOX.bottom - y - 8),
                              size=19 if n == 0 else 17, line_gap=3, colour=theme.ink if n == 0 else theme.ink_soft) + 4
        self.next_button.draw(surface)
        self.back_button.draw(surface)


def lesson_for(options: Mapping[str, Any], history: Sequence[Mapping[str, Any]], indices: Sequence[int],
               deep: Collection[int] = ()) -> Lesson:
    """`deep`: the decisions the review's deeper look judged (their practice is judged deeper too)."""
    return Lesson(dict(options), [dict(a) for a in history], list(indices), deep=frozenset(deep))


__all__ = ["Lesson", "PracticeCoach", "lesson_for", "open_practice", "verdict_of"]
