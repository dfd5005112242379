"""The hand-over between two players (`HandoverScene`, docs/rules.md §9): "Anna's turn" for a moment.

Spoken (`spoken_title`), it tells the player taking the seat whose turn it is, what the partner
did since the last hand-over (the tiles placed and where, the formations their castle has now),
what is in hand, and how to go on. The board keeps the events of the turn in a `TurnLog`.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from castellion.rules import events as E
from castellion.rules import formations
from castellion.scenes.board.host import BoardHost
from castellion.scenes.board.reading import tiles_lines
from castellion.scenes.board.words import name_role, tile_name
from castellion.scenes.context import SceneContext
from castellion.scenes.stack import Scene
from castellion.ui import draw
from castellion.ui.devices import prompts
from castellion.ui.speech.narration import counts_words, event_lines
from castellion.ui.text import t
from castellion.ui.widgets import draw_text

HANDOVER_TIME = 1.1  # seconds the "Player 2's turn" banner stays (a click or a key ends it sooner)


class TurnLog:
    """The events of each action since the last hand-over, by the length of the game's history
    after it: an action applied after an undo replaces the ones undone."""

    def __init__(self) -> None:
        self._entries: list[tuple[int, list[E.Event]]] = []

    def add(self, moves: int, events: Sequence[E.Event]) -> None:
        self._entries = [(n, evs) for n, evs in self._entries if n < moves]
        self._entries.append((moves, list(events)))

    def take(self) -> list[E.Event]:
        """Every event logged, in order; the log starts again."""
        events = [ev for _n, evs in self._entries for ev in evs]
        self._entries = []
        return events


def handover_lines(board: BoardHost, player: int, turn: Sequence[E.Event]) -> list[str]:
    """What the player taking the seat hears: whose turn it is, what the partner did since the
    last hand-over and the formations of their castle now, what is in hand, how to go on."""
    game = board.session.game
    partner = next((ev.giver for ev in turn if isinstance(ev, E.TilePassed)), (player - 1) % game.players)
    names = [board.name_of(p) for p in range(game.players)]
    lines = [t("speech.handover.turn", name=names[player])]
    did = event_lines(game, [ev for ev in turn if not isinstance(ev, (E.TurnPassed, E.TileDrawn))], names,
                      subject=partner)
    if did:
        lines.append(t("speech.handover.did", name=names[partner], what=" ".join(did)))
    lines.append(t("speech.handover.castle", name=names[partner],
                   counts=counts_words(formations(game.castle(partner)))))
    lines.append(tiles_lines(game)[0])
    lines.append(t("speech.handover.continue", **prompts()))
    return lines


class HandoverScene(Scene):
    """Two players: "Anna's turn" over the board for a moment (HANDOVER_TIME), so that the
    player taking the seat sees it is theirs; a click or a key ends it at once — a click does
    nothing else, a key (but Esc) also acts on the board. Pushed by the board on `TurnPassed` /
    `TilePassed`.

    `still` (animations off): no fade and no timer — the banner stands until a click or a key, so
    the hand-over is still marked in hot-seat play."""

    transparent = True
    name = "handover"

    def __init__(self, ctx: SceneContext, board: BoardHost, player: int, passed: str | None = None, *,
                 still: bool = False, turn: Sequence[E.Event] = ()) -> None:
        super().__init__(ctx)
        self.board = board
        self.player = player
        self.passed = passed
        self.still = still
        self.time = 0.0
        self.turn = list(turn)  # the events since the last hand-over (said when it opens)

    def spoken_title(self) -> str:
        """The spoken game: the hand-over, said when it opens (see `handover_lines`)."""
        return " ".join(handover_lines(self.board, self.player, self.turn))

    def handle(self, event: pygame.event.Event) -> bool:
        self.passes_events = False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_F1, pygame.K_F11):
                return False
            self.pop()
            if event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE:
                # the key also does what it does on the board: the first key after a drop only
                # ended the banner, and G to draw did nothing
                self.passes_events = True
                return False
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

    def animating(self) -> bool:
        return not self.still

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
        draw.line(surface, theme.gold, band.topleft, band.topright, 3)
        draw.line(surface, theme.gold, band.bottomleft, band.bottomright, 3)
        name = self.board.name_of(self.player)
        draw_text(surface, ctx, t("board.handover", name=name), (w // 2, band.centery - 16), size=52,
                  colour=theme.gold_light, role=name_role(name), anchor="center", shadow=(0, 0, 0))
        sub = t("board.handover_passed", tile=tile_name(self.passed)) if self.passed else t("board.handover_sub")
        if self.still and self.passed:
            sub = f"{sub} \u2014 {t('board.handover_click')}"
        draw_text(surface, ctx, sub, (w // 2, band.centery + 36), size=theme.font_small,
                  colour=(240, 228, 200), anchor="center")
