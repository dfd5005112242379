"""How hard a deal was, as the computer player measured it: its win rate on that very deal.

`deal_difficulty(level, seed, options, runs, budget_work)` plays the real deal `runs` times. The
player never sees the order: every decision reads the public view only. The plain playout policy
(estimate.py: the evaluation alone) decides from that view deterministically, so on its own every
run would be the same game; what makes the runs differ is a *sampled guess* of the hidden order.
At each decision with a choice, the policy's move and the best other action the evaluation
prices are compared on one guessed order (`sample_hidden(view, s)`, s from the run's seed and the
decision's number): each is applied in the guess, the policy plays the guess on for `GUESS_MOVES`
decisions (the next guessed draws arrive), and the castle is priced there; the better one is
played in the real deal. Different guesses lead different runs down different games, each one
fair (the guess is drawn from the public view, as a player imagines what may come).

Why not the full player: it decides without sampling at all (its look-ahead averages over the
possible next draws exactly), so it would play one game N times; and a determinized search per
move costs a whole analysis per decision. The sampled one-guess check costs a few policy moves per
decision (about 3,000-5,000 evaluations a run at intro, counted in work.py), so five runs fit the
child's budget of an end screen. docs/daily.md has the figures.

The budget counts work, never time: a run whose own share of the work is spent plays on with the
plain policy (the run stays whole). Pure standard library; runs in the ComputePool's child, and
`cancel()` (polled at every move) stops it with no answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from castellion.rules import actions as A
from castellion.rules.game import Game, new_game
from castellion.rules.options import PLAIN
from castellion.rules.public import PublicView, public_view, sample_hidden

from .estimate import MAX_MOVES, policy_move
from .player import Player
from .work import Work

RUNS = 5  # "1 time in 5": the fewest runs whose rate still reads as a rate
RUN_WORK = 20_000  # one run's work at most (evaluations); beyond it the plain policy plays on
GUESS_MOVES = 2  # policy decisions played in a guess after each candidate
DIFFICULTY_SEED = 11  # the runs' guesses: the same deal always gets the same runs
VERSION = 1  # part of the cache key: a change in how it is measured measures again


@dataclass(frozen=True)
class Difficulty:
    """The computer's `wins` of `runs` games on one deal, and the evaluations it spent."""

    wins: int
    runs: int
    work: int

    @property
    def rate(self) -> float:
        return self.wins / self.runs if self.runs else 0.0


def the_deal(level: str, seed: int, options: dict[str, Any] | None = None) -> Game:
    """The real deal of `level` and `seed` with the game's options (players, variant, pantry)."""
    opts = dict(options or {})
    return new_game(level, seed=seed, players=int(opts.get("players", 1)),
                    variant=str(opts.get("variant", PLAIN)), pantry=opts.get("pantry", False))


def _other_best(view: PublicView, first: A.Action, guess: Game, work: Work) -> A.Action | None:
    """The legal action other than `first` whose immediate castle the evaluation prices best in
    the guessed game (None with a single choice)."""
    player = Player(view, work)
    best: tuple[float, A.Action] | None = None
    for action in view.game.legal_actions():
        if action == first:
            continue
        g = guess.copy()
        g.apply(action)
        lost = g.outcome is not None and g.outcome.result == "lost"
        v = -1e9 if lost else player.value(g.castle(view.game.active))
        if best is None or v > best[0]:
            best = (v, action)
    return None if best is None else best[1]


def _guess_value(guess: Game, action: A.Action, side: int, work: Work) -> float:
    """`action` applied in the guess, the policy playing `GUESS_MOVES` decisions on; then a won
    guess is worth most, a lost one least, else minus the castle's price."""
    g = guess.copy()
    g.apply(action)
    for _ in range(GUESS_MOVES):
        if g.outcome is not None:
            break
        g.apply(policy_move(g, work))
    if g.outcome is not None:
        return 1e9 if g.outcome.result == "won" else -1e9
    return Player(public_view(g), work).value(g.castle(side))


def sampled_move(view: PublicView, guess_seed: int, work: Work) -> A.Action:
    """The policy's move, checked against the best alternative on one guessed order (module doc).
    Reads only `view`; with `work` spent it is the plain policy's move."""
    own = Work(1)
    first = Player(view, own).decide().action
    work.spend(own.spent)
    if work.out() or len(view.game.legal_actions()) < 2:
        return first
    guess = sample_hidden(view, guess_seed)
    other = _other_best(view, first, guess, work)
    if other is None:
        return first
    side = view.game.active
    return other if _guess_value(guess, other, side, work) > _guess_value(guess, first, side, work) else first


def play_run(deal: Game, run_seed: int, budget_work: int, total: Work,
             cancel: Callable[[], bool]) -> int | None:
    """1 / 0 for a won / lost run of the real `deal` (played in place), None when cancelled."""
    work = Work(budget_work)
    rng = random.Random(run_seed)
    try:
        for _ in range(MAX_MOVES):
            if deal.outcome is not None:
                return 1 if deal.outcome.result == "won" else 0
            if cancel():
                return None
            deal.apply(sampled_move(public_view(deal), rng.randrange(2**31), work))
        return 0
    finally:
        total.spend(work.spent)


def run_seeds(seed: int, runs: int = RUNS) -> list[int]:
    """The guesses' seeds of the deal's runs: the same deal always gets the same runs (so "Was this
    deal winnable?" replays the very games the end screen counted)."""
    return random.Random(DIFFICULTY_SEED * 1_000_003 + seed).sample(range(2**31), runs)


def deal_difficulty(level: str, seed: int, options: dict[str, Any] | None = None, runs: int = RUNS,
                    budget_work: int = RUN_WORK, cancel: Callable[[], bool] | None = None) -> Difficulty | None:
    """The computer's win rate on the deal over `runs` differently guessing runs (module doc);
    None when `cancel()` stopped it (no partial rate is ever shown).

    >>> a = deal_difficulty("intro", 3, runs=1, budget_work=50)
    >>> a == deal_difficulty("intro", 3, runs=1, budget_work=50) and a is not None and a.runs == 1
    True
    """
    stop = cancel if cancel is not None else (lambda: False)
    seeds = run_seeds(seed, runs)
    total = Work()
    wins = 0
    for run_seed in seeds:
        result = play_run(the_deal(level, seed, options), run_seed, budget_work, total, stop)
        if result is None:
            return None
        wins += result
    return Difficulty(wins, runs, total.spent)


def difficulty_word(d: Difficulty) -> str:
    """The catalog key of how hard the deal was: easy when the computer won most runs, hard when
    it won at most one in five, else fair."""
    if d.rate >= 0.6:
        return "easy"
    return "hard" if d.rate <= 0.2 else "fair"


__all__ = ["GUESS_MOVES", "RUNS", "RUN_WORK", "VERSION", "Difficulty", "deal_difficulty",
           "difficulty_word", "play_run", "run_seeds", "sampled_move", "the_deal"]
