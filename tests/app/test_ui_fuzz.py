"""Never crash to the desktop: thousands of random clicks, drags and keys on every kind of board.

The app turns any exception into an error overlay; this test records those and fails on the
first one, naming the seed, the frame and the exception, so a crash found here can be replayed.
"""

from __future__ import annotations

import random
import zlib

import pygame
import pytest

from castellion.app import App
from tests.conftest import key_event

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE,
        pygame.K_d, pygame.K_s, pygame.K_x, pygame.K_t, pygame.K_u, pygame.K_k,
        pygame.K_e, pygame.K_h, pygame.K_p, pygame.K_v, pygame.K_1, pygame.K_2, pygame.K_TAB]

GAMES = [
    ("intro", {}), ("base", {}), ("expert", {}),
    ("intro", {"variant": "vigil", "pantry": True}), ("intro", {"variant": "prophet"}),
    ("base", {"variant": "prison", "pantry": "hard"}), ("base", {"variant": "premonition", "players": 2}),
    ("expert", {"variant": "guardian"}), ("expert", {"variant": "intruder", "players": 2, "pantry": True}),
]


def random_event(rng: random.Random) -> list[pygame.event.Event]:
    pos = (rng.randrange(1280), rng.randrange(800))
    kind = rng.random()
    if kind < 0.35:
        end = (rng.randrange(1280), rng.randrange(800))
        mid = ((pos[0] + end[0]) // 2, (pos[1] + end[1]) // 2)
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)]
    if kind < 0.55:
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    if kind < 0.6:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
    # Esc opens the pause menu (and from there the main menu): rarely, so the game goes on.
    key = pygame.K_ESCAPE if rng.random() < 0.03 else rng.choice(KEYS)
    mod = pygame.KMOD_CTRL if rng.random() < 0.1 else 0
    return [key_event(key, mod)]


@pytest.mark.parametrize("level,options", [GAMES[0], *(pytest.param(*g, marks=pytest.mark.slow) for g in GAMES[1:])])
def test_random_input_never_crashes(level, options, monkeypatch):
    failures: list[str] = []
    app = App(rng=random.Random(7), persist=False)
    original = app._scene_failed

    def record(exc, scene):
        failures.append(f"{type(exc).__name__}: {exc}")
        original(exc, scene)

    monkeypatch.setattr(app, "_scene_failed", record)
    app.stack.on_error = record  # scene methods report here
    rng = random.Random(zlib.crc32(repr((level, sorted(options.items()))).encode()))
    from castellion.scenes.overlays import start_board

    def boards():
        return [s for s in app.stack.scenes if type(s).__name__ == "BoardScene"]

    decisions = 0
    try:
        for frame in range(700):
            if frame % 150 == 0 or not boards():
                decisions += sum(len(b.session.game.history) for b in boards())
                start_board(app.ctx, level, rng.randrange(1, 10_000), options)
                app.stack.apply_pending()
            for event in random_event(rng):
                pygame.event.post(event)
            app.step(1 / 60)
            assert not failures, f"{level} {options} frame {frame}: {failures[0]}"
        decisions += sum(len(b.session.game.history) for b in boards())
    finally:
        app.close()
    # the random input really played: many decisions reached the rules engine
    assert decisions >= 5, decisions
