"""The computer player: pure Python, standard library only — no pygame, no files.

Fair by construction: it reads a `PublicView` (castellion.rules.public) — what a person at the
table sees — and looks ahead only in games made by `sample_hidden` from that view. Given a `Game`,
`best_move` takes its public view first, so the true hidden order never reaches the player.

    from castellion import ai
    decision = ai.best_move(game)            # or ai.best_move(public_view(game), ai.ANALYSIS)
    decision.action, decision.reason.kind, decision.reason.params

`Budget` bounds the work of one decision, counted in evaluations (work.py), so the same view and
budget give the same move on any machine; `MOVE` is the default (the lab, the tests, the text
mode), `HINT` is `MOVE` with a wall-clock safety cap for the in-game hint and demo, `ANALYSIS`
searches deeper over determinizations. `HintWorker` computes a hint off the
caller's thread and can be cancelled (see worker.py).
"""

from __future__ import annotations

from .decision import ANALYSIS, HINT, MOVE, Budget, Decision, Reason
from .play import best_move
from .worker import HintWorker

__all__ = ["ANALYSIS", "HINT", "MOVE", "Budget", "Decision", "HintWorker", "Reason", "best_move"]
