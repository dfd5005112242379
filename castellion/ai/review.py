"""A game reviewed after it was played: the win chance at each decision, the best move found, how
much the move played cost, and how much of its chance the play kept — as data, for the `--review`
command and the review screen.

A game is given as its options (`new_game`'s keywords) and its history (`action_to_dict` forms,
as a save holds them) and replayed through the rules. Each *decision* — a history action taken
where the rules offered more than one — is reviewed from the public view before it, so the review
sees what the player saw (it never reads the true pile order, finished game or not, and says so:
`"knowledge": "public"`):

- the best move found: the computer player's own choice there (`Player`, the default move
  budget), with its reason as data (decision.py);
- `before`, the chance the position offered (the best move's playouts), and `after`, the chance
  the move played left (its playouts on the same hidden orders: common random numbers, so their
  difference is far less noisy than two separate estimates), each read as a chance like the
  estimate's (prior.py), with its error (`before_sd`, `after_sd`);
- the drop is their difference; it marks the move (MARKS) when it is large and the samples agree
  (MIN_SWING). A drop near a mark is played out on CONFIRM more orders before it is judged.

Every decision is reviewed, not only a few: its `before` is the graph's point there and its
`after` the point just after it, so the numbers a mark's words show are the graph's own. Every
decision meets the *same* hidden orders (`sample_coupled` under the same seeds: a tile drawn
meanwhile just leaves its place), so the line moves when the game moves, not when the samples do.
The game's `accuracy` is lichess's: each move keeps a share of the chance (`move_accuracy`, 100
for the computer's own move), and the game's is the mean of the arithmetic and harmonic means of
its moves' (those made with a chance left to keep) — so a game lost by many small cuts says so
even when no move is marked; `lost_at` is
the first decision from which the chance never rose above LOST_LEVEL again (a lost game's "already
lost here").

`review_entry` reviews one decision (a job for the child process: the screen shows the review as
the entries come back, the dearest first — `order`); `review_game` reviews them all. Work, not
time, bounds each entry (ENTRY_WORK), so a review is the same on any machine. Pure standard library.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from castellion.rules import actions as A
from castellion.rules.game import Game, new_game
from castellion.rules.public import PublicView, public_view, sample_coupled

from .decision import MOVE_WORK
from .estimate import POLICY_WORK, outcomes, sample_seeds, stderr
from .evaluate import LOST, Evaluator
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
PLAYOUTS = 8  # hidden orders per decision (both moves are played out on each)
CONFIRM = 8  # more orders where the drop comes near a mark: the line would jump there
# Work for each set of playouts of one decision: 8 playouts from the start of an intro deal cost
# about 1,900 evaluations, from the start of a base deal about 8,000; a budget cuts the early
# decisions of long deals to fewer playouts (never fewer than one).
ENTRY_WORK = 2500
# Raised whenever the policy, the budgets, the marks or the reading of playouts as chances
# (prior.py) change: a kept review of an older version is computed again (persistence/reviews.py).
REVIEW_VERSION = 3
# The deeper look (`deep_entry`): this many times the move budget, the playouts and their work.
DEEP = 4
REVIEW_SEED = 7  # the hidden orders' seed: the same at every decision (module doc)
# A chance at or below this, from some decision to the end of a lost game: already lost there.
LOST_LEVEL = 0.05
# A move that left a requirement this many tiles further away than the best move is worded so.
GIVEN_UP_TILES = 0.75


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
    before_sd: float = 0.0  # the error of `before` (the posterior's standard deviation)
    after_sd: float = 0.0
    # What the move gave up, in the game's terms: {"ordeal": i, "tiles": n} — Ordeal i needed
    # about n more tiles after it than after the best move (None: nothing a castle shows).
    given_up: dict[str, int] | None = None

    @property
    def same(self) -> bool:
        return self.best == self.played

    @property
    def accuracy(self) -> float:
        return move_accuracy(self.before, self.after)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def move_accuracy(before: float, after: float) -> float:
    """The share (0-100) of its chance a move kept, as lichess reads winning chances: 100 for no
    drop, about 65 for a drop of 10 points, 39 for 20, 24 for 30, 0 for a chance thrown away."""
    drop = 100 * max(0.0, before - after)
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * drop) - 3.1669))


def game_accuracy(values: Sequence[float]) -> float | None:
    """A game's accuracy from its moves' (lichess: the mean of the arithmetic and the harmonic
    means, so a few bad moves weigh more than in a plain mean); None without moves."""
    if not values:
        return None
    mean = sum(values) / len(values)
    harmonic = len(values) / sum(1 / max(1.0, v) for v in values)
    return (mean + harmonic) / 2


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
                 cancel: Callable[[], bool] = lambda: False, move_work: int = MOVE_WORK) -> Entry:
    """The review of decision `history[index]` (module doc), from the public view before it."""
    game = replay(options, history, index)
    return review_decision(public_view(game), history[index], index, entry_work, playouts, cancel, move_work)


def deep_entry(options: Mapping[str, Any], history: Sequence[Mapping[str, Any]], index: int,
               cancel: Callable[[], bool] = lambda: False) -> Entry:
    """The deeper look at decision `history[index]`, when the player asks (`deep_decision`, from
    the public view before it)."""
    return deep_decision(public_view(replay(options, history, index)), history[index], index, cancel)


def deep_decision(view: PublicView, played_data: Mapping[str, Any], index: int,
                  cancel: Callable[[], bool] = lambda: False) -> Entry:
    """`review_decision` with the deeper look's budget: DEEP times the quick look's move budget,
    playouts and their work (seconds, not a fraction of one). The review's deeper look
    (`deep_entry`) and "try again" at a decision the review looked at deeper both judge by it, so
    the two never disagree."""
    return review_decision(view, played_data, index, entry_work=ENTRY_WORK * DEEP, playouts=PLAYOUTS * DEEP,
                           cancel=cancel, move_work=MOVE_WORK * DEEP)


def chances(view: PublicView, action: A.Action, seeds: Sequence[int], work: Work,
            cancel: Callable[[], bool] = lambda: False) -> list[int]:
    """The playouts after `action` on the review's hidden orders (`sample_coupled`)."""
    return outcomes(view, action, seeds, work, cancel, sampler=sample_coupled)


def review_decision(view: PublicView, played_data: Mapping[str, Any], index: int,
                    entry_work: int = ENTRY_WORK, playouts: int = PLAYOUTS,
                    cancel: Callable[[], bool] = lambda: False, move_work: int = MOVE_WORK) -> Entry:
    """The review of the move `played_data` made in `view` (the `index`-th of its game): reads
    the view only, so two games that look the same at the table get the same review."""
    game = view.game
    played = A.action_from_dict(played_data)
    found = Player(view, Work(move_work)).decide()
    seeds = sample_seeds(REVIEW_SEED, playouts + CONFIRM)
    level = str(game.options["level"])
    spent = 0
    theirs: list[int] = []
    mine: list[int] = []
    for part in (seeds[:playouts], seeds[playouts:]):
        work = Work(entry_work)
        more = chances(view, found.action, part, work, cancel)
        if found.action == played:
            mine_more = more
        else:
            other = Work(entry_work)
            mine_more = chances(view, played, part[:len(more)], other, cancel)
            spent += other.spent
            more = more[:len(mine_more)]
        spent += work.spent
        theirs += more
        mine += mine_more
        n = len(mine)
        drop = posterior(level, sum(theirs), n)[0] - posterior(level, sum(mine), n)[0]
        # Only a drop near a mark is worth more orders (the line would jump there).
        if n < playouts or found.action == played or drop < MARKS[-1][1] - 0.06 or not CONFIRM:
            break
    n = len(mine)
    # Read as chances the way the graph and the meter read them (prior.py), so that the numbers
    # a decision shows and the graph's agree; the drop is between those chances.
    after, after_sd = posterior(level, sum(mine), n)
    before, before_sd = posterior(level, sum(theirs), n)
    swing = sum(theirs) - sum(mine)
    drop = max(0.0, before - after)
    given = None if found.action == played else _given_up(view, played, found.action)
    return Entry(index, game.turn, game.active, game.phase, game.current_ordeal, dict(played_data),
                 A.action_to_dict(found.action), found.reason.to_dict(), before, after, drop,
                 _paired_stderr(theirs, mine), n, mark_for(drop, swing), spent, before_sd, after_sd, given)


def _given_up(view: PublicView, played: A.Action, best: A.Action) -> dict[str, int] | None:
    """The Ordeal that `played` left furthest behind `best` on the review's first hidden order, in
    tiles (Evaluator.stage_costs), when at least GIVEN_UP_TILES; None otherwise."""
    ev = Evaluator(view)
    if not ev.stages:
        return None
    costs = []
    for action in (best, played):
        game = sample_coupled(view, sample_seeds(REVIEW_SEED, 1)[0])
        game.apply(action)
        if game.outcome is not None:
            return None
        costs.append(dict(ev.stage_costs(game.castle(view.game.active))))
    worse = [(costs[1][i] - costs[0][i], i) for i in costs[0]]
    more, ordeal = max(worse, key=lambda x: (x[0], -x[1]))
    if more < GIVEN_UP_TILES:
        return None
    return {"ordeal": ordeal, "tiles": max(1, round(more))}


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


def lost_at(entries: Sequence[Entry], result: str | None) -> Entry | None:
    """The first decision of a lost game from which the chance never rose above LOST_LEVEL again
    (entries in history order), or None (not lost, or still a chance at its last decision)."""
    if result != "lost" or not entries:
        return None
    first = None
    for e in reversed(entries):
        if max(e.before, e.after) > LOST_LEVEL:
            break
        first = e
    return first


def summary(entries: Sequence[Entry], result: str | None = None, decisions: int | None = None) -> dict[str, Any]:
    """How many moves got each mark, the turn the game turned (the largest marked drop), the
    game's accuracy (per player in a game of two), where a lost game was already lost, and
    whether every decision is in (`complete`: a review still filling in is shown as it comes)."""
    ordered = sorted(entries, key=lambda e: e.index)
    counts = {name: sum(1 for e in ordered if e.mark == name) for name, _ in MARKS}
    worst = _turning_point(ordered)
    # A move made where nothing was left to keep (already lost) says nothing of the play.
    ordered_live = [e for e in ordered if e.before > LOST_LEVEL]
    complete = decisions is None or len(ordered) >= decisions
    lost = lost_at(ordered, result) if complete else None
    return {**counts, "turned_at": _turn_of(worst),
            # the chance the moves gave away in all (points of chance, summed over the decisions)
            "given_away": round(sum(e.drop for e in ordered_live), 3),
            "turned_index": _index_of(worst),
            "accuracy": _accuracy(ordered_live),
            "accuracy_by_player": _accuracy_by_player(ordered, ordered_live),
            "lost_at": _turn_of(lost), "lost_index": _index_of(lost),
            "reviewed": len(ordered), "complete": complete}


def _turning_point(ordered: Sequence[Entry]) -> Entry | None:
    """The marked move with the largest drop (the earliest of equals), or None without marks."""
    marked = [e for e in ordered if e.mark is not None]
    return max(marked, key=lambda e: (e.drop, -e.index)) if marked else None


def _accuracy(ordered_live: Sequence[Entry]) -> float | None:
    """The game's accuracy over its live moves, to a tenth; None without any."""
    accuracy = game_accuracy([e.accuracy for e in ordered_live])
    return None if accuracy is None else round(accuracy, 1)


def _accuracy_by_player(ordered: Sequence[Entry], ordered_live: Sequence[Entry]) -> dict[str, float]:
    """Each player's accuracy over their live moves (100 for a player with none), by player number."""
    players = sorted({e.player for e in ordered})
    return {str(p): round(game_accuracy([e.accuracy for e in ordered_live if e.player == p]) or 100.0, 1)
            for p in players}


def _turn_of(entry: Entry | None) -> int | None:
    return entry.turn if entry else None


def _index_of(entry: Entry | None) -> int | None:
    return entry.index if entry else None


def graph(entries: Sequence[Entry], length: int, result: str | None) -> list[dict[str, Any]]:
    """The graph's points from the entries: the chance before each decision (its `before`) and,
    where the move played was not the best, the chance it left just after (`after`, at the next
    index), each with its error (`sd`: the band); the end, certain, when the game is over."""
    points: list[dict[str, Any]] = []
    for e in sorted(entries, key=lambda e: e.index):
        points.append({"index": e.index, "p": e.before, "sd": e.before_sd, "of": e.index})
        if not e.same:
            points.append({"index": e.index + 1, "p": e.after, "sd": e.after_sd, "of": e.index, "after": True})
    if result is not None:
        points.append({"index": length, "p": 1.0 if result == "won" else 0.0, "sd": 0.0, "of": None})
    return points


def assemble(options: Mapping[str, Any], history: Sequence[Mapping[str, Any]], screened: Sequence[dict[str, Any]],
             entries: Sequence[Entry]) -> dict[str, Any]:
    """The whole review as plain data (what `--review --json` prints and the save keeps); with
    fewer entries than decisions, the review so far (`summary.complete` is False)."""
    final = replay(options, history)
    result = str(final.outcome.result.value) if final.outcome is not None else None
    checked = {e.index: e for e in entries}
    decisions = []
    for s in screened:
        e = checked.get(s["index"])
        decisions.append({**s, **(e.to_dict() if e else {}), "checked": e is not None,
                          **({"accuracy": round(e.accuracy, 1)} if e else {})})
    return {
        "options": dict(options),
        "actions": len(history),
        "finished": final.outcome is not None,
        "result": result,
        "knowledge": "public",  # every decision was reviewed from what its player could see
        "marks": {name: threshold for name, threshold in MARKS},
        "decisions": decisions,
        "graph": graph(entries, len(history), result),
        "encounters": encounters(options, history),
        "summary": summary(entries, result, len(screened)),
        "work": sum(e.work for e in entries),
    }


def _loss(view: PublicView, player: Player, played: A.Action, best: A.Action) -> float:
    """How much worse (in the evaluation's unit, tiles still needed) the castle is after
    `played` than after `best`, on one determinization; a move that loses at once is priced
    as lost. A choice about time (which pile, when to encounter) leaves the castle as it is and
    scores by what happened on that sample."""

    def price(action: A.Action) -> float:
        game = sample_coupled(view, REVIEW_SEED)
        game.apply(action)
        if game.outcome is not None:
            return 0.0 if game.outcome.result == "won" else -2 * LOST
        return player.value(game.castle(view.game.active))

    return max(0.0, price(best) - price(played))


def screen(options: Mapping[str, Any], history: Sequence[Mapping[str, Any]],
           cancel: Callable[[], bool] = lambda: False) -> list[dict[str, Any]]:
    """Every decision with the playout policy's choice there and the evaluation's price of the
    difference (`loss`): cheap (a few evaluations a decision), it orders the decisions to play
    out (`order`: the dearest first, so the first marks come within seconds)."""
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


def order(screened: Sequence[dict[str, Any]]) -> list[int]:
    """The decisions in the order they are played out: those where the move played differed
    from the policy's, the dearest by the evaluation first, then the others in game order."""
    differs = sorted((s for s in screened if s["differs"]), key=lambda s: (-s["loss"], s["index"]))
    rest = [s for s in screened if not s["differs"]]
    return [s["index"] for s in differs] + [s["index"] for s in rest]


def review_game(options: Mapping[str, Any], history: Sequence[Mapping[str, Any]],
                entry_work: int = ENTRY_WORK, cancel: Callable[[], bool] = lambda: False,
                progress: Callable[[int, int], None] | None = None, *,
                playouts: int = PLAYOUTS, limit: int | None = None) -> dict[str, Any] | None:
    """The whole review (screen, play out every decision, assemble); None when `cancel()` said
    stop. `limit` plays out only the first decisions of `order` (a review still filling in). The
    review screen runs the same steps as separate jobs, to show the review as it fills in."""
    screened = screen(options, history, cancel)
    chosen = order(screened)[:limit]
    entries = []
    for n, k in enumerate(chosen):
        if cancel():
            return None
        entries.append(review_entry(options, history, k, entry_work, playouts, cancel=cancel))
        if progress is not None:
            progress(n + 1, len(chosen))
    if cancel():
        return None
    return assemble(options, history, screened, entries)


def entry_from_dict(data: Mapping[str, Any]) -> Entry:
    """An `Entry` back from `to_dict` (a kept review); KeyError / TypeError when malformed."""
    return Entry(**{name: data[name] for name in Entry.__dataclass_fields__ if name in data})


__all__ = ["CONFIRM", "DEEP", "ENTRY_WORK", "LOST_LEVEL", "MARKS", "REVIEW_VERSION", "Entry", "assemble", "chances",
           "decision_points", "encounters", "entry_from_dict", "game_accuracy", "game_options", "graph",
           "deep_decision", "deep_entry",
           "lost_at", "mark_for", "move_accuracy", "order", "replay", "review_decision", "review_entry",
           "review_game", "screen", "summary"]
