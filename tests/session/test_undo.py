"""Undo/redo never crosses an information barrier (a draw, a Seer reveal, a face-down Ordeal
turning up) nor the end of the game: whatever sequence of applies, undos and redos, the hidden
information the player has seen never shrinks."""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from castellion.rules import events as E
from castellion.rules import new_game
from castellion.rules.bots import greedy_action, random_action
from castellion.rules.rng import SeededRandom
from castellion.session import Session, reveals_information

LEVELS = ("intro", "base", "expert")


def seen(game) -> tuple[int, int]:
    """How much hidden information is out: tiles taken off the face-down piles, Ordeals face up.
    (Tiles never go back to a pile, and an Ordeal never turns face down again.)"""
    off_piles = -(game.pile_size("regular") + game.pile_size("safe"))
    face_up = sum(1 for o in game.ordeals if o.face_up)
    return off_piles, face_up


OPS = st.lists(st.tuples(st.sampled_from(["apply", "apply", "apply", "undo", "undo", "redo"]),
                         st.integers(0, 10_000)), min_size=20, max_size=250)


def check_sequence(level: str, seed: int, ops) -> tuple[int, bool]:
    """Run `ops` on a new session and check every invariant after each; returns (undos done,
    game over). An "apply" op picks a legal action by `k` (every other time the greedy bot's
    choice, so that games get somewhere)."""
    session = Session(new_game(level, seed=seed))
    kinds = []
    session.observers.append(lambda s, kind, action, events: kinds.append(kind))
    barrier = session.game.history  # the history when hidden information last came out
    high = seen(session.game)
    undo_model: list = []  # copies of the games undo must give back, in order
    redo_model: list = []
    undone = 0
    for op, k in ops:
        game = session.game
        if op == "apply":
            legal = game.legal_actions()
            if not legal:
                assert game.outcome is not None
                continue
            if k % 2:
                action = greedy_action(game, SeededRandom(k))
            else:
                action = legal[(k // 2) % len(legal)]
            before = game.copy()
            events = session.apply(action)
            if reveals_information(events) or session.game.outcome is not None:
                barrier = session.game.history
                undo_model.clear()
            else:
                undo_model.append(before)
            redo_model.clear()
            assert kinds[-1] == "apply"
        elif op == "undo":
            current = game.copy()
            done = session.undo()
            assert done == bool(undo_model)
            if done:
                assert session.game == undo_model.pop()  # Game equality compares to_dict()
                undone += 1
                redo_model.append(current)
                assert kinds[-1] == "undo"
        else:
            before = game.copy()  # redo changes the game in place
            done = session.redo()
            assert done == bool(redo_model)
            if done:
                undo_model.append(before)
                assert session.game == redo_model.pop()
                assert kinds[-1] == "redo"
        now = seen(session.game)
        assert now[0] >= high[0] and now[1] >= high[1], "undo gave back hidden information"
        high = now
        history = session.game.history
        assert history[:len(barrier)] == barrier, "undo went back past a reveal"
        assert session.can_undo == bool(undo_model) and session.can_redo == bool(redo_model)
        if session.game.outcome is not None:
            assert not session.can_undo, "the end of a game is final"
    assert session.undos == undone
    return undone, session.game.outcome is not None


@settings(max_examples=80, deadline=None, database=None)
@given(level=st.sampled_from(LEVELS), seed=st.integers(0, 2**31), ops=OPS)
def test_undo_never_crosses_a_barrier(level, seed, ops):
    undone, over = check_sequence(level, seed, ops)
    event(f"undos done: {min(undone, 5)}{'+' if undone >= 5 else ''}")
    event(f"game over: {over}")


def test_undo_never_crosses_a_barrier_seeded_sweep():
    """The same property over long seeded sequences: every level, many games played to the end."""
    total_undos = games_over = 0
    for level in LEVELS:
        for seed in range(12):
            rng = SeededRandom.from_seed(seed)
            names = ["apply", "apply", "apply", "undo", "undo", "redo"]
            ops = [(names[rng.below(6)], rng.below(10_000)) for _ in range(400)]
            undone, over = check_sequence(level, seed, ops)
            total_undos += undone
            games_over += over
    assert total_undos > 100 and games_over > 20


def test_every_kind_of_barrier_blocks_undo():
    """Draws, Seer reveals and Ordeals turning up all occur, and undo is refused right after."""
    found: set[type] = set()
    for level in LEVELS:
        for seed in range(40):
            session = Session(new_game(level, seed=seed))
            rng = SeededRandom.from_seed(seed)
            policy = greedy_action if seed % 2 else random_action
            while session.game.outcome is None:
                events = session.apply(policy(session.game, rng))
                revealing = {type(e) for e in events
                             if (isinstance(e, E.TileDrawn) and e.pile in ("regular", "safe"))
                             or isinstance(e, (E.TileRevealed, E.OrdealRevealed))}
                if revealing:
                    found |= revealing
                    assert not session.can_undo and not session.undo()
            assert not session.undo()
        if found == {E.TileDrawn, E.TileRevealed, E.OrdealRevealed}:
            break
    assert found == {E.TileDrawn, E.TileRevealed, E.OrdealRevealed}


def test_undo_of_a_placement_and_redo():
    session = Session(new_game("intro", seed=3))
    session.apply(session.game.legal_actions()[0])  # a draw: barrier
    assert not session.can_undo
    held = session.game.to_dict()
    place = session.game.legal_actions()[0]
    session.apply(place)
    assert session.can_undo and session.undo()
    assert session.game.to_dict() == held and session.undos == 1
    assert session.redo() and session.game.history[-1] == place
    assert not session.can_redo


def test_undo_not_allowed_by_the_settings():
    session = Session(new_game("intro", seed=3), undo_allowed=False)
    session.apply(session.game.legal_actions()[0])
    session.apply(session.game.legal_actions()[0])
    assert not session.can_undo and not session.undo() and session.undos == 0


@pytest.mark.parametrize("level", LEVELS)
def test_a_new_action_clears_redo(level):
    session = Session(new_game(level, seed=8))
    rng = SeededRandom.from_seed(1)
    while not session.can_undo and session.game.outcome is None:
        session.apply(greedy_action(session.game, rng))
    assert session.game.outcome is None, "seed 8 reaches an undoable decision before the end"
    session.undo()
    assert session.can_redo
    session.apply(session.game.legal_actions()[-1])
    assert not session.can_redo
