"""Golden seeds: a seed's deal and a seeded game are pinned, so a change to the shuffle, the
generator or the rules shows up here (update the pins only on purpose, and say so)."""

import hashlib
import json

import pytest

from castellion.rules import new_game
from castellion.rules.bots import play_out
from castellion.rules.rng import SeededRandom

GOLDEN_BELOW = [42, 91, 73, 85, 53, 58, 15, 16]


def test_generator_sequence_is_pinned():
    rng = SeededRandom.from_seed(2026)
    assert [rng.below(100) for _ in range(8)] == GOLDEN_BELOW


@pytest.mark.parametrize("level,cards", [
    ("intro", ["exam-1", "exam-2", "exam-3b"]),
    ("base", ["sim-1", "sim-2b", "sim-3a"]),
    ("expert", ["behemoth-1", "horde-2", "behemoth-3"]),
])
def test_deal_for_seed_2026(level, cards):
    d = new_game(level, seed=2026).to_dict()
    assert d["piles"]["regular"][-8:][::-1] == ["T", "Jt", "Jc", "Sc", "Ps", "Js", "T", "Jt"]
    assert d["piles"]["safe"][-3:][::-1] == ["Jt+", "Js+", "Ct+"]
    assert [o["card"]["id"] for o in d["ordeals"]] == cards


@pytest.mark.parametrize("level,result,turn,steps,digest", [
    ("intro", "lost", 48, 96, "3331fc0208674d69"),
    ("base", "lost", 28, 56, "cd0271e39191fc4d"),
    ("expert", "lost", 24, 65, "3c3f3b2b418224b3"),
])
def test_golden_greedy_game(level, result, turn, steps, digest):
    game = play_out(new_game(level, seed=42), 42)
    # The digest covers what happened (every action and the final castle), not the save layout.
    d = game.to_dict()
    played = {"history": d["history"], "castles": d["castles"], "discard": d["discard"]}
    h = hashlib.sha256(json.dumps(played, sort_keys=True).encode()).hexdigest()[:16]
    assert (game.outcome.result, game.turn, len(game.history), h) == (result, turn, steps, digest)
