"""A game reviewed after it was played: the win chance at each decision, the best move found, and
how much the move played cost — as data, for the `--review` command and the review screen.

A game is given as its options (`new_game`'s keywords) and its history (`action_to_dict` forms,
as a save holds them) and replayed through the rules. Each *decision* — a history action taken
where the rules offered more than one — is reviewed from the public view before it, so the review
sees what the player saw (it never reads the true pile order, finished game or not, and says so:
`"knowledge": "public"`):

- the best move found: the computer player's own choice there (`Player`, the default move
  budget), with its reason as data (decision.py);
- the win chance after the move played and after the best move, each from the same
  determinizations (common random numbers, estimate.py: both moves meet the same hidden
  orders, so their difference is far less noisy than two separate estimates), the wins of
  each read as a chance like the estimate's (prior.py);
- `before` is the chance the position offered with the best move, `after` the chance the move
  played left; the drop is their difference, and marks the move (MARKS) when it is large and
  the samples agree (MIN_SWING).

`review_entry` reviews one decision (a job for the child process: the screen shows progress as
the entries come back); `review_game` reviews them all. Work, not time, bounds each entry
(ENTRY_WORK), so a review is the same on any machine. Pure standard library.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from castellion.rules import actions as A
from castellion.rules.game import Game, new_game
from castellion.rules.public import PublicView, public_view, sample_hidden

from .decision import MOVE_WORK
from .estimate import POLICY_WORK, outcomes, sample_seeds, stderr, win_chance
from .evaluate import LOST
from .player import Player
from .prior import posterior
from .work import Work

# Marks by the drop in win chance (lichess marks chess moves by the drop in winning chances:
# 10 / 20 / 30 points for an inaccuracy / mistake / blunder). Here the chances come from a dozen
# playouts, whose resolution is near 8 points, so the smallest mark is set above one playout's
# worth; a blunder is a third of the game's chance thrown away. Largest first.
MARKS = (("blunder", 0.30), ("mistake", 0.20), ("inaccuracy", 0.12))
# A move is marked only when this many more samples were won by the best move than by the move
# played: one lucky hidden order is not a mistake.
MIN_SWING = 2
PLAYOUTS = 8  # determinizations per decision (both moves are played out on each)
# Work for each of the two sets of playouts of one decision: 12 playouts from the start of an
# intro deal cost about 2,900 evaluations, from the start of a base deal about 12,000; a budget
# cuts the early decisions of long deals to fewer playouts (never fewer than one).
ENTRY_WORK = 3000
# Raised whenever the policy, the budgets, the marks or the reading of playouts as chances
# (prior.py) change: a kept review of an older version is computed again (persistence/reviews.py).
REVIEW_VERSION = 2
REVIEW_SEED = 7  # the determinizations' seed, mixed with the decision's number
# The playouts' budget is spent where it tells: at most CHECKS decisions are played out (those
# where the move played differed from the policy's, the dearest first), and the graph has
# GRAPH_POINTS points of GRAPH_PLAYOUTS playouts each (plus the end).
CHECKS = 6
GRAPH_POINTS = 10
GRAPH_PLAYOUTS = 6
GRAPH_WORK = 2000


@dataclass(frozen=True)
class Entry:
    """One reviewed decision (see the module doc); actions are `action_to_dict` forms."""

    index: int  # its place in the history
    turn: int
    player: int
    phase: str
    ordeal: int | None  # the current Ordeal then
    played: dict[str, Any]
    best: dict[str, Any]
    reason: dict[str, Any]  # why the best move (Reason.to_dict)
    before: float
    after: float
    drop: float
    stderr: float  # of the drop (paired samples)
    samples: int
    mark: str | None
    work: int

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def replay(options: Mapping[str, Any], history: Sequence[Mapping[str, Any]], upto: int | None = None) -> Game:
    """The game after the first `upto` actions of `history` (all of them by default)."""
    game = new_game(**dict(options))
    for data in history[:upto]:
        game.apply(A.action_from_dict(data))
    return game


def game_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """`options` with every default spelled out (the game's own `options`), so the same game
    given with or without its defaults is one game (a kept review is found by them)."""
    return dict(new_game(**dict(options)).options)


def decision_points(options: Mapping[str, Any], history: Sequence[Mapping[str, Any]]) -> list[int]:
    """The history indices where the rules offered more than one action."""
    game = new_game(**dict(options))
    out = []
    for k, data in enumerate(history):
        if len(game.legal_actions()) > 1:
            out.append(k)
        game.apply(A.action_from_dict(data))
    return out


def mark_for(drop: float, swing: int) -> str | None:
    """The mark of a move that lost `drop` of the win chance, `swing` samples net (MARKS)."""
    if swing < MIN_SWING:
        return None
    for name, threshold in MARKS:
        if drop >= threshold - 1e-9:
            return name
    return None


def _paired_stderr(best: Sequence[int], played: Sequence[int]) -> float:
    n = len(played)
    if n < 2:
        return 0.5
    diffs = [b - p for b, p in zip(best, played, strict=False)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    # Never below a share's error with one sample's worth of doubt (estimate.stderr).
    return max(math.sqrt(var / n), stderr(0, n) / 2)


def review_entry(options: Mapping[str, Any], history: Sequence[Mapping[str, Any]], index: int,
                 entry_work: int = ENTRY_WORK, playouts: int = PLAYOUTS,
                 cancel: Callable[[], bool] = lambda: False) -> Entry:
    """The review of decision `history[index]` (module doc), from the public view before it."""
    game = replay(options, history, index)
    return review_decision(public_view(game), history[index], index, entry_work, playouts, cancel)


def review_decision(view: PublicView, played_data: Mapping[str, Any], index: int,
                    entry_work: int = ENTRY_WORK, playouts: int = PLAYOUTS,
                    cancel: Callable[[], bool] = lambda: False) -> Entry:
    """The review of the move `played_data` made in `view` (the `index`-th of its game): reads
    the view only, so two games that look the same at the table get the same review."""
    game = view.game
    played = A.action_from_dict(played_data)
    found = Player(view, Work(MOVE_WORK)).decide()
    seeds = sample_seeds(REVIEW_SEED * 1_000_003 + index, playouts)
    spent = Work(entry_work)
    mine = outcomes(view, played, seeds, spent, cancel)
    if found.action == played:
        theirs = mine
    else:
        other = Work(entry_work)
        theirs = outcomes(view, found.action, seeds[:len(mine)], other, cancel)
        spent.spend(other.spent)
        mine = mine[:len(theirs)]
    n = len(mine)
    # Read as chances the way the graph and the meter read them (prior.py), so that the numbers
    # a decision shows and the graph's agree; the drop is between those chances.
    level = str(game.options["level"])
    after = posterior(level, sum(mine), n)[0]
    before = posterior(level, sum(theirs), n)[0]
    swing = sum(theirs) - sum(mine)
    drop = max(0.0, before - after)
    return Entry(index, game.turn, game.active, game.phase, game.current_ordeal, dict(played_data),
                 A.action_to_dict(found.action), found.reason.to_dict(), before, after, drop,
                 _paired_stderr(theirs, mine), n, mark_for(drop, swing), spent.spent)


def encounters(options: Mapping[str, Any], history: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Where each Ordeal was settled: the history index of the action that settled it, the turn,
    the Ordeal and whether it was passed (the graph marks them)."""
    game = new_game(**dict(options))
    out = []
    for k, data in enumerate(history):
        was = game.current_ordeal
        turn = game.turn
        game.apply(A.action_from_dict(data))
        if was is not None and (game.current_ordeal != was or game.outcome is not None):
            out.append({"index": k, "turn": turn, "ordeal": was, "passed": game.ordeals[was].passed})
    return out


def summary(entries: Sequence[Entry]) -> dict[str, Any]:
    """How many moves got each mark, and the turn the game turned (the largest marked drop)."""
    counts = {name: sum(1 for e in entries if e.mark == name) for name, _ in MARKS}
    marked = [e for e in entries if e.mark is not None]
    worst = max(marked, key=lambda e: (e.drop, -e.index)) if marked else None
    return {**counts, "turned_at": worst.turn if worst else None,
            "turned_index": worst.index if worst else None}


def assemble(options: Mapping[str, Any], history: Sequence[Mapping[str, Any]], screened: Sequence[dict[str, Any]],
             entries: Sequence[Entry], graph: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The whole review as plain data (what `--review --json` prints and the save keeps)."""
    final = replay(options, history)
    checked = {e.index: e for e in entries}
    decisions = []
    for s in screened:
        e = checked.get(s["index"])
        decisions.append({**s, **(e.to_dict() if e else {}), "checked": e is not None})
    return {
        "options": dict(options),
        "actions": len(history),
        "finished": final.outcome is not None,
        "result": str(final.outcome.result.value) if final.outcome is not None else None,
        "knowledge": "public",  # every decision was reviewed from what its player could see
        "marks": {name: threshold for name, threshold in MARKS},
        "decisions": decisions,
        "graph": list(graph),
        "encounters": encounters(options, history),
        "summary": summary(entries),
        "work": sum(e.work for e in entries) + sum(int(g["work"]) for g in graph),
    }


def _loss(view: PublicView, player: Player, played: A.Action, best: A.Action) -> float:
    """How much worse (in the evaluation's unit, tiles still needed) the castle is after
    `played` than after `best`, on one determinization; a move that loses at once is priced
    as lost. A choice about time (which pile, when to encounter) leaves the castle as it is and
    scores by what happened on that sample."""

    def price(action: A.Action) -> float:
        game = sample_hidden(view, 0)
        game.apply(action)
        if game.outcome is not None:
            return 0.0 if game.outcome.result == "won" else -2 * LOST
        return player.value(game.castle(view.game.active))

    return max(0.0, price(best) - price(played))


def screen(options: Mapping[str, Any], history: Sequence[Mapping[str, Any]],
           cancel: Callable[[], bool] = lambda: False) -> list[dict[str, Any]]:
    """Every decision with the playout policy's choice there and the evaluation's price of the
    difference (`loss`): cheap (a few evaluations a decision), it picks the decisions worth
    playing out (`plan_review`)."""
    game = new_game(**dict(options))
    out = []
    for k, data in enumerate(history):
        played = A.action_from_dict(data)
        if cancel():
            break
        if len(game.legal_actions()) > 1:
            view = public_view(game)
            player = Player(view, Work(POLICY_WORK))
            best = player.decide().action
            loss = 0.0 if best == played else _loss(view, player, played, best)
            out.append({"index": k, "turn": game.turn, "player": game.active, "phase": game.phase,
                        "ordeal": game.current_ordeal, "differs": best != played, "loss": loss})
        game.apply(played)
    return out


def graph_point(options: Mapping[str, Any], history: Sequence[Mapping[str, Any]], index: int,
                work: int = GRAPH_WORK, cancel: Callable[[], bool] = lambda: False) -> dict[str, Any]:
    """The win chance before history action `index` (len(history): at the end), for the graph."""
    game = replay(options, history, index)
    est = win_chance(public_view(game), work, REVIEW_SEED + index, cancel, max_playouts=GRAPH_PLAYOUTS)
    return {"index": index, "turn": game.turn, **est.to_dict()}


def plan_review(screened: Sequence[dict[str, Any]], length: int, checks: int = CHECKS,
                graph_points: int = GRAPH_POINTS) -> tuple[list[int], list[int]]:
    """(the decisions to play out — where the move played differed from the policy's, the
    dearest by the evaluation first, at most CHECKS — and the history indices of the graph's
    points: GRAPH_POINTS spread over the game, and the end)."""
    differs = [s for s in screened if s["differs"]]
    differs.sort(key=lambda s: (-s["loss"], s["index"]))
    chosen = sorted(s["index"] for s in differs[:checks])
    points = sorted({round(i * length / graph_points) for i in range(graph_points)} | {length})
    return chosen, points


def review_game(options: Mapping[str, Any], history: Sequence[Mapping[str, Any]],
                entry_work: int = ENTRY_WORK, cancel: Callable[[], bool] = lambda: False,
                progress: Callable[[int, int], None] | None = None, *, checks: int = CHECKS,
                graph_points: int = GRAPH_POINTS) -> dict[str, Any] | None:
    """The whole review (screen, play out the chosen decisions and the graph's points,
    assemble); None when `cancel()` said stop. The review screen runs the same steps as
    separate jobs, to show its progress."""
    screened = screen(options, history, cancel)
    chosen, points = plan_review(screened, len(history), checks, graph_points)
    total = len(chosen) + len(points)
    entries = []
    graph = []
    for n, k in enumerate(chosen + points):
        if cancel():
            return None
        if n < len(chosen):
            entries.append(review_entry(options, history, k, entry_work, cancel=cancel))
        else:
            graph.append(graph_point(options, history, k, cancel=cancel))
        if progress is not None:
            progress(n + 1, total)
    return assemble(options, history, screened, entries, graph)


def entry_from_dict(data: Mapping[str, Any]) -> Entry:
    """An `Entry` back from `to_dict` (a kept review); KeyError / TypeError when malformed."""
    return Entry(**{name: data[name] for name in Entry.__dataclass_fields__})


__all__ = ["ENTRY_WORK", "MARKS", "REVIEW_VERSION", "Entry", "assemble", "decision_points", "encounters",
           "entry_from_dict", "game_options",
           "graph_point", "mark_for", "plan_review", "replay", "review_decision", "review_entry", "review_game",
           "screen",
           "summary"]
