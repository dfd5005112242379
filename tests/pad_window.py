"""Run in a child process by tests/e2e/test_pad_touch.py: the real App in a real X window
(SDL_VIDEODRIVER=x11 on an Xvfb display), a few moves made by controller and finger events
posted into SDL's own event queue of that window (xdotool cannot make pad or finger events:
X has no such devices to fake, so the events are put where SDL would put a real pad's or
touchscreen's). Prints one JSON line: the video driver, the window's size and the actions
the game applied."""

from __future__ import annotations

import json
import random
import sys

import pygame

from castellion.app import App
from castellion.ui.geometry import center
from castellion.ui.keymap import PAD_BUTTONS


def main() -> int:
    app = App(rng=random.Random(3), persist=False)
    app.start_board("intro", 3)

    def frames(n: int = 3) -> None:
        for _ in range(n):
            app.step(1 / 60)

    def pad(name: str) -> None:
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=PAD_BUTTONS[name], instance_id=0))
        frames()

    def finger(kind: int, pos: tuple[int, int]) -> None:
        w, h = app.viewport.window
        x, y = app.viewport.to_physical(pos)
        pygame.event.post(pygame.event.Event(kind, x=(x + 0.5) / w, y=(y + 0.5) / h, dx=0.0, dy=0.0, finger_id=1,
                                             touch_id=1, pressure=1.0))
        frames(1)

    frames(10)
    board = app.stack.top
    pad("x")  # draw from the regular pile
    pad("a")  # the cursor on the best lit cell
    pad("a")  # placed there
    frames(20)
    lay = board.state.layout
    finger(pygame.FINGERDOWN, center(lay.pile_rect("safe")))  # a tap on the safe pile (Defenders only) draws
    finger(pygame.FINGERUP, center(lay.pile_rect("safe")))
    cell = min(board.state.choices.place) if board.state.choices.place else (0, 0)
    hand, to = center(lay.hand_rect()), center(lay.cell_rect(cell))
    finger(pygame.FINGERDOWN, hand)
    for i in range(1, 7):
        finger(pygame.FINGERMOTION, (hand[0] + (to[0] - hand[0]) * i // 6, hand[1] + (to[1] - hand[1]) * i // 6))
    finger(pygame.FINGERUP, to)
    frames(20)
    print(json.dumps({"driver": pygame.display.get_driver(), "window": list(app.screen.get_size()),
                      "message": board.state.message, "held": board.session.game.held,
                      "actions": [type(a).__name__ for a in board.session.game.history]}))
    sys.stdout.flush()
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
