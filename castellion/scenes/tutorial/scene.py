"""`TutorialScene` ("Learn to play"): the tutorial's three parts, each started, resumed or
played again from here; the part itself is played on the real board with a `TutorialCoach`.

The stack while a part is played is [menu, this scene, board]: the coach's Leave (or finishing
the part) pops the board and comes back here; the board's Menu → Main menu goes to the menu.
Progress (`persistence.tutorial`) is written at the start of every step, so leaving — by any
way, the window's close button included — resumes at the step the player was on.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

import pygame

from castellion.content.tutorial import PARTS, Part, part
from castellion.persistence.tutorial import TutorialStore
from castellion.rules import Game
from castellion.scenes.context import SceneContext
from castellion.scenes.nav import Route
from castellion.scenes.stack import Scene
from castellion.scenes.tutorial.parts_column import LARGE_FROM, PartsColumn
from castellion.scenes.tutorial.tutorial_coach import TutorialCoach
from castellion.session import Session
from castellion.ui.flow import large
from castellion.ui.names import level_name
from castellion.ui.text import t
from castellion.ui.widgets import Button, WidgetGroup, draw_backdrop, draw_panel, draw_text, draw_title, draw_wrapped

log = logging.getLogger("castellion.scenes.tutorial")

CARD_W, CARD_H, CARD_GAP = 360, 330, 30


class TutorialScene(Scene):
    """The parts of the tutorial. `start`: a part id to begin (or resume) at once."""

    # the largest text size its part cards hold (docs/accessibility.md); above it, one scrolling
    # column of measured rows (parts_column.py) takes the player's size
    text_limit = 1.5

    route = Route.TUTORIAL  # also when built directly, not through the navigator

    ctx: SceneContext

    def __init__(self, ctx: SceneContext, start: str | None = None) -> None:
        super().__init__(ctx)
        self.store = TutorialStore(ctx.persist, id(ctx))
        if self.store.damaged:  # kept aside, never overwritten: the player is told where
            ctx.notify(t("tutorial.progress_damaged", file=self.store.damaged), "warning")
        self.widgets = WidgetGroup()
        w, _h = ctx.canvas
        x0 = w // 2 - (3 * CARD_W + 2 * CARD_GAP) // 2
        self.cards: list[pygame.Rect] = []
        self.buttons: dict[str, Button] = {}
        for i, p in enumerate(PARTS):
            card = pygame.Rect(x0 + i * (CARD_W + CARD_GAP), 300, CARD_W, CARD_H)
            self.cards.append(card)
            self.buttons[p.id] = self.widgets.add(Button(ctx, (card.x + 30, card.bottom - 74, CARD_W - 60, 52),
                                                         t("tutorial.start"), functools.partial(self.begin, p.id),
                                                         font_size=21))
        self.back = self.widgets.add(Button(ctx, (w // 2 - 110, 690, 220, 52), t("ui.back"), self._back,
                                            style="secondary"))
        # once a part is done: a real game at that part's level (the end used to offer nothing)
        self.play = self.widgets.add(Button(ctx, (w // 2 + 10, 690, 320, 52), t("tutorial.play_first"),
                                            self._play_first))
        self.play_level = "intro"
        self.coach: TutorialCoach | None = None  # the part being played (the board's guide)
        self._start = start
        self.column = PartsColumn(self) if large(ctx, LARGE_FROM) else None
        if self.column is not None:
            self.text_limit = 2.0

    def enter(self) -> None:
        self._refresh()
        if self._start is not None:
            start, self._start = self._start, None
            self.begin(start)

    def resume(self) -> None:
        self.coach = None
        self._refresh()

    def _refresh(self) -> None:
        progress = self.store.progress
        for p in PARTS:
            b = self.buttons[p.id]
            if progress.part == p.id and progress.game is not None:
                b.label = t("tutorial.resume", step=progress.step + 1, total=len(p.steps))
                b.style = "primary"
            elif p.id in progress.done:
                b.label, b.style = t("tutorial.again"), "secondary"
            else:
                b.label, b.style = t("tutorial.start"), "primary"
        finished = [p for p in PARTS if p.id in progress.done]
        self.play.visible = bool(finished)
        self.play_level = finished[-1].level if finished else "intro"
        w = self.ctx.canvas[0]
        if getattr(self, "column", None) is not None:
            self.column.lay_out()  # type: ignore[union-attr]  # ("✓ Done" lines, the buttons' words)
            return
        self.back.rect.x = w // 2 - 230 if finished else w // 2 - 110

    # ---------------------------------------------------------------- playing a part
    def begin(self, part_id: str) -> None:
        """Start `part_id` — where it was left when it is in progress — on the board."""
        try:
            p = part(part_id)
        except KeyError:
            log.warning("no tutorial part %r", part_id)
            return
        progress = self.store.progress
        step, game = 0, None
        if progress.part == p.id and progress.game is not None:
            try:
                game, step = Game.from_dict(progress.game), progress.step
            except (ValueError, KeyError, TypeError) as exc:  # a damaged record: start the part again
                log.warning("tutorial progress unusable (%s); the part starts again", exc)
                game, step = None, 0
        if game is None or not 0 <= step < len(p.steps):
            first = p.steps[0].deal
            assert first is not None, "a part's first step deals its position"
            game, step = first(), 0
        self.coach = TutorialCoach(self.ctx, p, step, self._progress, self._finish)
        session = Session(game, undo_allowed=False, practice=True)
        self.ctx.nav.push(Route.BOARD, session, coach=self.coach)

    def _progress(self, p: Part, step: int, game: Game) -> None:
        log.info("tutorial %s: step %d (%s)", p.id, step + 1, p.steps[step].key)
        self.store.reached(p.id, step, game.to_dict())

    def _finish(self, p: Part) -> None:
        self.store.finished(p.id)  # (kept before it is logged: a real-window test reads the file on that line)
        log.info("tutorial %s: finished", p.id)
        if self.coach is not None:
            self.coach.leave()  # back here (this scene refreshes on resume)

    def _back(self) -> None:
        self.pop()

    def _play_first(self) -> None:
        """The setup screen at the level of the last part finished (the player starts from there)."""
        self.ctx.nav.reset(Route.MENU, self.ctx.nav.make(Route.SETUP, level=self.play_level))

    # ---------------------------------------------------------------- frame
    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._back()
            return True
        if self.column is not None and self.column.handle(event):
            return True
        return self.widgets.handle(event)

    def keep_clear(self) -> list[pygame.Rect]:
        return self.widgets.keep_clear()

    def update(self, dt: float) -> None:
        self.widgets.update(dt)
        if self.column is not None:
            self.column.update()

    def draw(self, surface: pygame.Surface) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        w, _h = ctx.canvas
        draw_backdrop(surface, ctx)
        if self.column is not None:
            self.column.draw(surface)
            self.widgets.draw(surface)
            return
        draw_title(surface, ctx, t("tutorial.title"), (w // 2, 120), theme.font_title + 6)
        intro = pygame.Rect(w // 2 - 420, 200, 840, 80)
        draw_wrapped(surface, ctx, t("tutorial.intro"), intro, size=24, colour=(246, 232, 200), align="center")
        done = self.store.progress.done
        for i, (p, card) in enumerate(zip(PARTS, self.cards, strict=True)):
            draw_panel(surface, card, ctx)
            title = t("tutorial.part_title", n=i + 1, level=level_name(ctx, p.level))
            draw_wrapped(surface, ctx, title, pygame.Rect(card.x + 24, card.y + 24, card.w - 48, 70), size=26,
                         role="bold", align="center")
            # (ends above the "✓ Done" line: four Spanish lines ran into it)
            draw_wrapped(surface, ctx, t(f"tutorial.about.{p.id}"), pygame.Rect(card.x + 28, card.y + 112,
                                                                                  card.w - 56, 100),
                         size=21, colour=theme.ink_soft, align="center")
            if p.id in done:
                draw_text(surface, ctx, "\u2713 " + t("tutorial.finished"), (card.centerx, card.bottom - 100),
                          size=theme.font_small, colour=(40, 110, 50), role="bold", anchor="center")
        self.widgets.draw(surface)


__all__ = ["TutorialScene"]
