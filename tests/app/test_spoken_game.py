"""The spoken game played by ear: a player who decides only from what was said (the transcript of
the recording engine, tests/spoken_player.py) plays intro deals from the keyboard alone, and wins.

The slow test plays ten deals and compares its wins with the fair computer player's at the same
seeds (docs/accessibility.md quotes the figures)."""

from __future__ import annotations

import pytest

from castellion.ui.speech import RecordingEngine
from castellion.ui.text import t
from tests.spoken_player import SpokenPlayer

TEN_SEEDS = tuple(range(1, 11))
A_WON_SEED = 2  # one of the ten deals the listener wins (and the fair computer player too)


def play_by_ear(make_app, seed: int, check=None):
    """The listener's game of `seed`; `check(app, player)` (the test's, never the player's) is
    called before each of its turns."""
    app = make_app()
    recorder = RecordingEngine()
    app.ctx.speech.use(recorder)
    player = SpokenPlayer(app, recorder)
    if check is not None:
        turn = player.turn

        def checked_turn():
            check(app, player)
            return turn()

        player.turn = checked_turn
    game = player.play(seed)
    return app, game


def test_a_listener_wins_an_intro_deal_from_the_keyboard(make_app):
    differ: list[tuple[dict, dict]] = []
    turns = []

    def castle_as_heard(app, player):
        # what the listener rebuilt from the sentences is the board's castle: every change to
        # it was said (placed, slid, rows destroyed)
        session = getattr(app.stack.top, "session", None)
        if session is None:  # (not the board: a screen it is leaving)
            return
        game = session.game
        turns.append(1)
        real = {cell: tile.code.rstrip("+") for cell, tile in game.castle(0).tiles()}
        if real != player.sense.cells:
            differ.append((real, dict(player.sense.cells)))

    app, game = play_by_ear(make_app, A_WON_SEED, castle_as_heard)
    assert len(turns) > 50 and differ == []
    assert game.ended
    assert app.ctx.errors == []
    # won by the rules (R-O6): each Exam was said passed, then the won sentence
    for card in ("exam-1", "exam-2", "exam-3a"):  # (the three Exam III cards share a name)
        assert t("speech.event.passed", name=t(f"card.{card}.name")) in game.transcript
    assert game.won and t("outcome.won") in game.transcript


@pytest.mark.slow
def test_a_listener_finishes_ten_intro_deals_and_wins_some(make_app):
    results = [play_by_ear(make_app, seed)[1] for seed in TEN_SEEDS]
    assert all(game.ended for game in results)
    wins = [game.seed for game in results if game.won]
    print("listener wins:", len(wins), "of", len(results), wins)
    assert wins  # the issue asks for a game WON from the transcript alone (R-O6)
