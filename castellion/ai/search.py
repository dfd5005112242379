"""Search over determinizations (the `ANALYSIS` budget, or any `Budget` with `samples` > 0).

The evaluation's favourite few actions are each tried in the same `samples` determinized games
(`sample_hidden` from the public view: common random numbers, so the comparison is fair between
actions), and each try is played on by the evaluation player — itself reading only the public
view of its own determinization — until the current Ordeal is settled. An action scores 1 for a
passed Ordeal or a won game, 0 for a lost one, and in between by the castle's price when the
horizon is reached first. The best mean wins; the search stops when the budget's work is spent
(work.py: every evaluation of every rollout counts) or when `cancel()` says so, keeping the
complete rows it has.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from castellion.rules import actions as A
from castellion.rules.game import Game
from castellion.rules.public import PublicView, public_view, sample_hidden

from .decision import MOVE_WORK, Decision, Reason
from .player import Player
from .work import OutOfWork, Work

if TYPE_CHECKING:
    from .decision import Budget

HORIZON = 80  # decisions per try at most


def candidates(view: PublicView, first: A.Action, k: int, work: Work | None = None, *,
               known: Game | None = None) -> list[A.Action]:
    """`first` and the k-1 other legal actions whose immediate result the evaluation likes best
    (ties in the rules' order of legal actions), each result taken in a sample of the hidden
    tiles — or in `known`, the true game, where the full-knowledge search orders its strays."""
    legal = view.game.legal_actions()
    if len(legal) <= k:
        return [first] + [a for a in legal if a != first]
    trial = known if known is not None else sample_hidden(view, 0)
    player = Player(view, work)
    scored = []
    for action in legal:
        if action == first:
            continue
        g = trial.copy()
        g.apply(action)
        lost = g.outcome is not None and g.outcome.result == "lost"
        scored.append((-1e9 if lost else player.value(g.castle(view.game.active)), action))
    scored.sort(key=lambda s: -s[0])
    return [first] + [a for _, a in scored[: k - 1]]


def _decide(game: Game, work: Work) -> A.Action:
    """The rollout policy: the evaluation player with its own move budget (so how it plays never
    depends on what the search has left), its evaluations charged to the search's `work`."""
    own = Work(MOVE_WORK)
    action = Player(public_view(game), own).decide().action
    work.spend(own.spent)
    return action


def rollout(game: Game, index: int | None, cancel: Callable[[], bool], work: Work | None = None) -> float:
    """The try's score (module doc). Raises `OutOfWork` when `work` runs out during the try."""
    work = Work() if work is None else work
    for _ in range(HORIZON):
        if game.outcome is not None:
            return 1.0 if game.outcome.result == "won" else 0.0
        if index is None or game.ordeals[index].passed:
            return 1.0
        if cancel():
            break
        work.check()
        game.apply(_decide(game, work))
    cost = Player(public_view(game), work).ev.current_cost(game.castle(game.active))
    return 0.5 / (1.0 + 0.1 * cost)


def paired_rows(view: PublicView, actions: list[A.Action], samples: int, seed_base: int,
                score: Callable[[Game], float]) -> list[list[float]]:
    """Each of `actions` tried in the same `samples` determinizations (seeds `seed_base` on:
    common random numbers, so the comparison is fair between actions), `score` judging the game
    after it. Only complete rows are returned: the first `OutOfWork` (the budget spent, or the
    caller cancelling) ends the table, since an unfinished row would favour the actions tried
    first."""
    rows: list[list[float]] = []
    for s in range(samples):
        base = sample_hidden(view, seed_base + s)
        row = []
        try:
            for action in actions:
                game = base.copy()
                game.apply(action)
                row.append(score(game))
        except OutOfWork:
            break
        rows.append(row)
    return rows


def refine(view: PublicView, decision: Decision, budget: Budget, work: Work,
           cancel: Callable[[], bool] = lambda: False) -> Decision:
    actions = candidates(view, decision.action, budget.candidates, work)
    if len(actions) < 2:
        return decision
    index = view.game.current_ordeal

    def score(game: Game) -> float:
        value = rollout(game, index, cancel, work)
        if cancel():
            raise OutOfWork  # the row is left unfinished, so it is not counted
        return value

    rows = paired_rows(view, actions, budget.samples, 1000, score)
    tries = len(rows)
    if tries == 0:
        return decision
    totals = [sum(col) for col in zip(*rows, strict=True)]
    best = max(range(len(actions)), key=lambda i: (totals[i], i == 0))
    if actions[best] == decision.action:
        return decision
    return Decision(actions[best], Reason("search", {"score": totals[best] / tries, "samples": tries,
                                                     "instead_of": type(decision.action).__name__}),
                    decision.value)
