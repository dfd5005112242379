"""The spoken game played by ear: a player who decides only from what was said (the transcript of
the recording engine, tests/spoken_player.py) finishes intro deals from the keyboard alone.

The slow test plays ten deals and compares its wins with the fair computer player's at the same
seeds (docs/accessibility.md quotes the figures)."""

from __future__ import annotations

import pytest

from castellion.ui.speech import RecordingEngine
from castellion.ui.text import t
from tests.spoken_player import SpokenPlayer

TEN_SEEDS = tuple(range(1, 11))


def play_by_ear(make_app, seed: int):
    app = make_app()
    recorder = RecordingEngine()
    app.ctx.speech.use(recorder)
    game = SpokenPlayer(app, recorder).play(seed)
    return app, game


def test_a_listener_finishes_an_intro_deal_from_the_keyboard(make_app):
    app, game = play_by_ear(make_app, 3)
    assert game.ended
    assert app.ctx.errors == []
    # it ended by the rules: the outcome was said (won, or a losing sentence of the players' table)
    outcome = [line for line in game.transcript if line == t("outcome.won") or line.startswith(t("speech.screen.end"))]
    assert outcome


@pytest.mark.slow
def test_a_listener_finishes_ten_intro_deals(make_app):
    results = [play_by_ear(make_app, seed)[1] for seed in TEN_SEEDS]
    assert all(game.ended for game in results)
    print("listener wins:", sum(game.won for game in results), "of", len(results))
