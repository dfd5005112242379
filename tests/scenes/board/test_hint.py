"""The board's Hint (issue 14): asked with the button or H, computed off the main loop from the
public view, shown as a ghost / glow with one line of reason, dropped as soon as the player acts,
counted in the session, the save and the statistics."""

from __future__ import annotations

import time

import pygame
import pytest

from castellion import ai
from castellion.ai.decision import Decision, Reason
from castellion.rules import actions as A
from castellion.rules import new_game
from castellion.scenes.board.hint import HintControl, hint_target
from castellion.scenes.board.words import tile_name
from castellion.session import Session
from castellion.ui.ai_text import hint_text
from castellion.ui.geometry import center
from castellion.ui.targets import CellTarget, DiscardTarget, PileTarget
from castellion.ui.text import t
from tests.board_driver import BoardDriver
from tests.conftest import eventually


def wait_for_hint(d: BoardDriver) -> None:
    eventually(lambda: not d.board.hint.pending, d.frame)
    d.frame()


def test_hint_button_shows_the_move_and_the_reason(ctx, spy):
    d = BoardDriver(ctx, new_game("intro", seed=3))
    board = d.board
    d.click(center(board.state.layout.button_rect("hint")))
    assert board.session.hints == 1
    wait_for_hint(d)
    decision = board.hint.decision
    assert decision is not None and decision.action in d.game.legal_actions()
    # the same move the computer player picks from the public view (the hint is that player)
    assert decision.action == ai.best_move(d.game).action
    assert board.state.message == hint_text(decision, d.game, tile_name)
    assert board.state.message_kind == "hint" and board.state.message != t("hint.thinking")
    assert isinstance(hint_target(decision.action, d.game), PileTarget)  # the first move is a draw
    spy.texts.clear()
    d.frame()
    assert spy.drawn(board.state.message)


def test_hint_is_cleared_when_the_player_acts_and_counted_once_per_state(ctx):
    d = BoardDriver(ctx, new_game("intro", seed=3))
    board = d.board
    d.key(pygame.K_h)
    d.key(pygame.K_h)  # asking again about the same state is not a second hint
    wait_for_hint(d)
    assert board.hint.showing and board.session.hints == 1
    d.perform(A.DrawTile("regular"))
    assert not board.hint.showing and board.state.message != t("hint.thinking")
    # the held tile: the hint is a ghost on a cell (or the discard pile), with its own words
    d.key(pygame.K_h)
    wait_for_hint(d)
    assert board.session.hints == 2
    decision = board.hint.decision
    assert decision is not None
    assert isinstance(hint_target(decision.action, d.game), (CellTarget, DiscardTarget))
    surface = pygame.Surface(ctx.canvas)
    board.draw(surface)  # the ghost draws without error
    board.undo() if board.session.can_undo else d.perform(decision.action)
    d.frame()
    assert not board.hint.showing


def test_a_hint_asked_then_overtaken_by_a_move_never_shows(ctx):
    slow = {"go": False}

    def compute(view, budget, cancel):
        while not slow["go"] and not cancel():
            time.sleep(0.005)
        return Decision(view.game.legal_actions()[0], Reason("only"))

    control = HintControl(worker_factory=lambda b: ai.HintWorker(b, compute))
    d = BoardDriver(ctx, new_game("intro", seed=4))
    d.board.hint = control
    d.key(pygame.K_h)
    assert control.pending and d.board.state.message == t("hint.thinking")
    d.perform(A.DrawTile("regular"))  # the player acts before the answer
    slow["go"] = True
    time.sleep(0.05)
    for _ in range(3):
        d.frame()
    assert not control.showing and not control.pending
    assert d.board.state.message != t("hint.thinking")
    control.close()


@pytest.mark.parametrize("formation", ["tower", "bastion", "line"])
def test_reason_words_come_from_the_reason_data(formation):
    game = new_game("intro", seed=0)
    game.apply(A.DrawTile("regular"))
    tile = game.held
    action = next(a for a in game.legal_actions() if isinstance(a, A.PlaceTile))
    reason = Reason("completes", {"formation": formation, "ordeal": 0, "cell": action.cell})
    text = hint_text(Decision(action, reason), game, lambda c: f"<{c}>")
    card = game.ordeals[0].card
    assert text == t(f"hint.completes.{formation}", tile=f"<{tile}>", ordeal=t(f"card.{card.id}.name"))
    assert f"<{tile}>" in text


def test_hints_are_saved_and_counted_in_the_statistics(tmp_path):
    from castellion.persistence import saves, stats
    from castellion.persistence.replay import rebuild

    session = Session(new_game("intro", seed=5), hints=3)
    doc = saves.document_for(session)
    assert doc["hints"] == 3
    assert rebuild(doc).hints == 3
    del doc["hints"]  # a save from before issue 14
    assert rebuild(doc).hints == 0
    path = tmp_path / "stats.json"
    stats.record_game({"level": "intro"}, "won", turns=20, hints=2, game_id="a", path=path)
    stats.record_game({"level": "intro"}, "won", turns=20, hints=0, game_id="b", path=path)
    stats.record_game({"level": "intro"}, "lost", turns=20, hints=4, game_id="c", path=path)
    rec = stats.load_stats(path).get("intro")
    assert (rec.won, rec.won_with_hints, rec.hints) == (2, 1, 6)
