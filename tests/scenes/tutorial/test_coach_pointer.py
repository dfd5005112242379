"""What the tutorial's coach shows around the board: the lit cells, the arrow, its box under a reveal.

Each fails without its fix: the first tile's step lit all six foundation cells and refused five of
them; pointing at the safe pile the arrow covered the Regular pile; when Exam I was faced the
reveal covered half the coach's box, which already said "Exam I passed" while the reveal judged.
"""

from __future__ import annotations

import pygame

from castellion.scenes.nav import Route
from castellion.scenes.tutorial.tutorial_coach import arrow_rect
from castellion.ui import castle_view
from castellion.ui.text import t
from tests.scenes.tutorial.test_tutorial import TutorialDriver


def _to_step(driver: TutorialDriver, key: str) -> None:
    while driver.board.coach.part.steps[driver.board.coach.step].key != key:
        driver.do_step()


def test_a_place_step_lights_only_the_cell_it_asks_for(ctx, monkeypatch):
    lit: list[set] = []
    real = castle_view.CastleView.draw_glow

    def spy(self, surface, cells, colour, *args, **kwargs):
        cells = list(cells)
        if colour == castle_view.GLOW_LEGAL:
            lit.append(set(cells))
        return real(self, surface, cells, colour, *args, **kwargs)

    monkeypatch.setattr(castle_view.CastleView, "draw_glow", spy)
    driver = TutorialDriver(ctx)
    driver.open_tutorial()
    driver.start("school")
    _to_step(driver, "first_tile")
    board = driver.board
    assert len([c for c in board.state.choices.place if c[0] == 0]) == 6  # R-P1: the rules allow all six
    lit.clear()
    driver.frame()
    assert lit and lit[-1] == {board.coach.do.cell}
    _to_step(driver, "shape_try")  # the refused drop the step asks for: no cell is lit as a move
    lit.clear()
    driver.frame()
    assert all(not cells for cells in lit)


def test_the_arrow_covers_no_pile_card_or_hand_at_any_step(ctx):
    driver = TutorialDriver(ctx)
    driver.open_tutorial()
    checked, misses = 0, []
    for part, board, rect in driver.pointed_steps():
        coach, lay = board.coach, board.state.layout
        reach = arrow_rect(rect, *coach.arrow_place(rect))
        things = [lay.pile_rect("regular"), lay.pile_rect("safe"), lay.hand_rect(), lay.discard_rect()]
        things += [lay.ordeal_rect(i) for i in range(len(board.session.game.ordeals))]
        covered = [r for r in map(pygame.Rect, things) if r != rect and reach.colliderect(r.inflate(-8, -8))]
        if covered:
            misses.append((part.id, part.steps[coach.step].key))
        checked += 1
    assert checked > 20
    assert not misses, misses


def test_the_coach_waits_while_the_reveal_judges(ctx, spy):
    driver = TutorialDriver(ctx)
    driver.open_tutorial()
    driver.start("school")
    _to_step(driver, "exam_one")
    driver.settle = lambda: None  # stay on the reveal
    driver.do_step()
    driver.frame()
    assert ctx.stack.top.route is Route.REVEAL  # R-O1: the fifth Traitor faces Exam I
    spy.texts.clear()
    driver.frame()
    assert spy.texts  # the frame's words were seen: what is missing below was not drawn
    assert not spy.drawn(t("tutorial.school.exam_two_intro")[:12])
    assert not spy.drawn(t("tutorial.leave"))
