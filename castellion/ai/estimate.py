"""The chance of winning from a public view, by determinized playouts, with its sampling error.

`win_chance(view, budget_work, seed)` samples the hidden order again and again (`sample_hidden`:
the pile order and the face-down cards drawn at random, consistent with what the table shows),
plays each sample to the end with a fast fair policy (`policy_move`: the evaluation player with
no optional search, reading only the public view of its own sample) and counts the wins. The
budget counts work (work.py: every evaluation of every playout), never time, so the same view,
budget and seed give the same estimate on any machine; playouts are whole or not counted, and
`cancel()` (polled at every move) stops early with the playouts finished so far.

The chance reported is not the plain share of wins but what `k` wins in `n` playouts say of the
position given how chances are spread over that level's positions (prior.py: the posterior
mean, and its standard deviation as the error): 0 wins of 16 is not a certain loss, nor 16 of 16
a certain win. The lab's calibration table checks it against how games ended (docs/difficulty.md).

The policy is the evaluation alone, without the one-draw look-ahead the full player adds at
intro: a playout costs about 240 evaluations at intro and 1,000 at base and expert (measured
over whole games, seeds 0-3), a twentieth of the full player's cost at intro, at a small
loss of strength — so the chance is that of careful but not perfect play from here.
Pure standard library; runs in the computer player's child process (pool.py) like a hint.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from castellion.rules import actions as A
from castellion.rules.game import Game
from castellion.rules.public import PublicView, public_view, sample_hidden

from .player import Player
from .prior import posterior
from .work import Work

# A playout's policy gets this much optional work per move: 1 means none beyond pricing each
# legal action once (work.py), so a move costs what its choices cost, never more.
POLICY_WORK = 1
MAX_MOVES = 2000  # a whole game is a few hundred decisions at most; a guard, never reached
MAX_PLAYOUTS = 64  # enough for a stderr near 6 points; beyond it a larger budget buys little
ESTIMATE_WORK = 8000  # about 30 intro playouts from the start of a deal


@dataclass(frozen=True)
class Estimate:
    """P(win) `p` (the chance `wins` of `playouts` indicate, prior.py), its error (the
    posterior's standard deviation), and the evaluations spent."""

    p: float
    stderr: float
    wins: int
    playouts: int
    work: int

    def to_dict(self) -> dict[str, float | int]:
        return {"p": self.p, "stderr": self.stderr, "wins": self.wins, "playouts": self.playouts,
                "work": self.work}


def stderr(wins: int, n: int) -> float:
    """The standard error of a share of `wins` in `n`, computed at (wins + 1) / (n + 2) so that
    a few playouts that all won (or all lost) never claim certainty."""
    if n <= 0:
        return 0.5
    q = (wins + 1) / (n + 2)
    return math.sqrt(q * (1 - q) / n)


def policy_move(game: Game, work: Work) -> A.Action:
    """The playout policy's move in `game` (a determinization): the evaluation player reading
    the game's public view, its evaluations charged to `work`."""
    own = Work(POLICY_WORK)
    action = Player(public_view(game), own).decide().action
    work.spend(own.spent)
    return action


def play_out(game: Game, work: Work, cancel: Callable[[], bool] = lambda: False) -> int | None:
    """1 when the policy wins `game` (played on in place), 0 when it loses, None when `cancel()`
    said stop before the end."""
    for _ in range(MAX_MOVES):
        if game.outcome is not None:
            return 1 if game.outcome.result == "won" else 0
        if cancel():
            return None
        game.apply(policy_move(game, work))
    return 0


def sample_seeds(seed: int, n: int) -> list[int]:
    """The determinization seeds of an estimate: the same `seed` gives the same samples, so two
    actions compared on them meet the same hidden orders (common random numbers)."""
    rng = random.Random(seed)
    return [rng.randrange(2**31) for _ in range(n)]


def terminal(game: Game) -> Estimate | None:
    """The certain answer for a finished game: 1 won, 0 lost."""
    if game.outcome is None:
        return None
    won = 1 if game.outcome.result == "won" else 0
    return Estimate(float(won), 0.0, won, 0, 0)


def outcomes(view: PublicView, action: A.Action | None, seeds: Sequence[int], work: Work,
             cancel: Callable[[], bool] = lambda: False, *,
             sampler: Callable[[PublicView, int], Game] = sample_hidden) -> list[int]:
    """Win (1) or loss (0) of one playout per seed, after `action` (None: from the view itself).
    Stops before a seed once `work` is spent, and at `cancel()`; only whole playouts are listed.
    `sampler` draws each seed's hidden order (the review's `sample_coupled` keeps neighbouring
    positions' orders alike)."""
    out: list[int] = []
    for s in seeds:
        if work.out() and out:
            break
        game = sampler(view, s)
        if action is not None:
            game.apply(action)
        result = play_out(game, work, cancel)
        if result is None:
            break
        out.append(result)
    return out


def win_chance(view: PublicView, budget_work: int = ESTIMATE_WORK, seed: int = 0,
               cancel: Callable[[], bool] | None = None, *,
               max_playouts: int = MAX_PLAYOUTS) -> Estimate:
    """P(win) for the side to play in `view` (module doc). At least one playout is made unless
    cancelled; playouts start while work is left, up to `max_playouts`.

    >>> from castellion.rules import new_game
    >>> view = public_view(new_game("intro", seed=1))
    >>> first = win_chance(view, 400, seed=5)
    >>> first == win_chance(view, 400, seed=5) and first.playouts >= 1
    True
    """
    known = terminal(view.game)
    if known is not None:
        return known
    work = Work(budget_work)
    results = outcomes(view, None, sample_seeds(seed, max_playouts), work,
                       cancel if cancel is not None else (lambda: False))
    wins = sum(results)
    p, error = posterior(str(view.game.options["level"]), wins, len(results))
    return Estimate(p, error, wins, len(results), work.spent)


__all__ = ["ESTIMATE_WORK", "Estimate", "outcomes", "play_out", "policy_move", "sample_seeds",
           "stderr", "terminal", "win_chance"]
