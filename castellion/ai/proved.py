"""Winnable deals only: deals the full-knowledge search has won, ready before the player asks.

A deal is *proved winnable* when `search_deal` (winnable.py: the computer's fair games of the deal,
then the search that knows the deal) found a winning line for it — the very answer "Was this deal
winnable?" gives, so the two never disagree. Proving costs seconds (a failed search on an expert
deal some 20 s of one core), so the player never waits for it:

- **a shipped list** (`content/proved.py`, made by `python -m lab.proved`) holds a few
  proved seeds per level × variant × Pantry × players;
- **a store** (`ProvedStore`) proves more in the computer player's process while the player is in
  the menus, a few per combination asked for (`want`), and gives them out first (`take`). It pauses
  when a game is shown (`pause`: a proof must never delay a hint, the child runs one job at a time)
  until the menus show again (`resume`), whose frames feed it (`keep_ahead`).

Seeds are tried in an order fixed by the combination (`candidate_seeds`), so the lab's list is
reproduced by its command line, and the store never repeats a seed it already tried. Work, not
time, bounds each proof (`PROVE_WORK`), so a seed proved here is proved on any machine. Pure stdlib.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from castellion.rules import actions as A
from castellion.rules import default_ruleset
from castellion.rules.game import Game
from castellion.rules.options import PLAIN, PantryMode

from .difficulty import the_deal
from .pool import ComputePool, Job
from .winnable import WINNABLE_WORK, search_deal

log = logging.getLogger("castellion.ai.proved")

PROVE_WORK = WINNABLE_WORK  # the analysis's own budget: a deal it proves, "Was this deal winnable?" wins too
KEEP = 2  # proved seeds the store keeps ahead per combination
MAX_SEED = 999_999  # a Setup seed of the same size as the random ones (scenes/setup.py)


# the Pantry as the proved-deals file names it in its keys (levels/proved.json)
# the Pantry as the keys and the lab's options spell it
PANTRY_WORDS = {"no": PantryMode.OFF, "yes": PantryMode.ON, "hard": PantryMode.HARD}
_PANTRY_WORD = {mode: word for word, mode in PANTRY_WORDS.items()}


def combo_key(level: str, options: Mapping[str, Any] | None = None) -> str:
    """`level/variant/pantry/players` — one combination of the options a deal is dealt with. The
    variant is spelled as earlier versions did (`LevelSpec.old_word`: the shipped list's keys and
    each combination's order of seeds stay the same)."""
    opts = dict(options or {})
    pantry = _PANTRY_WORD[PantryMode.of(opts.get("pantry", False))]
    variant = default_ruleset().level(level).old_word(str(opts.get("variant", PLAIN)))
    return f"{level}/{variant}/{pantry}/{int(opts.get('players', 1))}"


def key_options(key: str) -> tuple[str, dict[str, Any]]:
    """(level, `new_game` options) of a `combo_key` (only the non-default options)."""
    level, word, pantry, players = key.split("/")
    opts: dict[str, Any] = {}
    if word != PLAIN:
        opts["variant"] = default_ruleset().level(level).variant_of_word(word)
    mode = PANTRY_WORDS[pantry]
    if mode:
        opts["pantry"] = mode.stored
    if players != "1":
        opts["players"] = int(players)
    return level, opts


def candidate_seeds(key: str, start: int, count: int) -> list[int]:
    """The `count` seeds from position `start` of the combination's own order of seeds to try."""
    rng = random.Random(f"castellion-proved:{key}")
    seeds: list[int] = []
    seen: set[int] = set()
    while len(seeds) < start + count:
        seed = rng.randint(1, MAX_SEED)
        if seed not in seen:
            seen.add(seed)
            seeds.append(seed)
    return seeds[start:]


def line_code(deal: Game, line: Sequence[A.Action]) -> str:
    """A winning line as its certificate: each action's index in the rules' own order of the legal
    actions at that point (`Game.legal_actions`), joined by dots — short, and checked by replaying."""
    game = deal.copy()
    indices = []
    for action in line:
        indices.append(game.legal_actions().index(action))
        game.apply(action)
    return ".".join(map(str, indices))


def wins_by_line(level: str, seed: int, options: Mapping[str, Any] | None, code: str) -> bool:
    """Whether the certificate `code` (`line_code`) wins the deal: its actions replayed through the
    rules (each one legal there, `Game.apply` checks it again), the game won at the end (R-O6). A
    malformed code, an index past the legal actions or a line that does not win is False."""
    game = the_deal(level, seed, dict(options or {}))
    for part in code.split(".") if code else []:
        if not part.isdigit() or game.outcome is not None:
            return False
        legal = game.legal_actions()
        if int(part) >= len(legal):
            return False
        game.apply(legal[int(part)])
    return game.outcome is not None and game.outcome.result == "won"


def prove_seed(level: str, seed: int, options: Mapping[str, Any] | None = None, work: int = PROVE_WORK, *,
               cancel: Callable[[], bool] = lambda: False) -> str | bool | None:
    """The certificate of the winning line the search found for the deal (`line_code`: a `str`
    proves it winnable); False when none was found (which proves nothing); None when `cancel()`
    stopped it. A job for the computer player's process. It is the analysis's own answer
    (`search_deal`: the computer's fair games of the deal, then the search with the deal known,
    with `work` at most the analysis's: its tries do not depend on the budget left), so a deal
    proved here is one "Was this deal winnable?" answers with a line."""
    opts = dict(options or {})
    line, _tries, _fair = search_deal(level, seed, opts, work, cancel=cancel)
    if line is not None:
        return line_code(the_deal(level, seed, opts), line)
    return None if cancel() else False


class ProvedStore:
    """Proved deals kept ahead of need, proved one at a time in `pool` (module doc). Thread-safe;
    `keep_ahead()` is cheap (the menus call it every frame)."""

    def __init__(self, pool: ComputePool | Callable[[], ComputePool], keep: int = KEEP,
                 work: int = PROVE_WORK, first: Callable[[str], int] = lambda key: 0,
                 prove: Callable[..., str | bool | None] = prove_seed) -> None:
        self._pool = pool
        self._prove = prove  # prove(level, seed, options, work, cancel=...): importable by name for a process
        self._first = first  # where a combination's candidates start (past the shipped list's tries)
        self.keep = keep
        self.work = work
        self._lock = threading.Lock()
        self._ready: dict[str, list[int]] = {}
        self._next: dict[str, int] = {}  # the next candidate position per combination
        self._wanted: list[str] = []  # most recently asked first
        self._job: tuple[str, int, Job[str | bool | None]] | None = None
        self.proved: dict[tuple[str, int], str] = {}  # every (combination, seed) proved this run: its line
        self.paused = False
        self.failed = False  # a proof raised: the store stops (logged), the shipped list still serves

    def _get_pool(self) -> ComputePool:
        return self._pool if isinstance(self._pool, ComputePool) else self._pool()

    def want(self, level: str, options: Mapping[str, Any] | None = None) -> None:
        """Keep proved deals ready for this combination (the latest asked is served first)."""
        key = combo_key(level, options)
        with self._lock:
            if key in self._wanted:
                self._wanted.remove(key)
            self._wanted.insert(0, key)

    def ready(self, level: str, options: Mapping[str, Any] | None = None) -> int:
        with self._lock:
            return len(self._ready.get(combo_key(level, options), ()))

    def take(self, level: str, options: Mapping[str, Any] | None = None) -> int | None:
        """A proved seed of the combination, removed from the store (None when none is ready)."""
        key = combo_key(level, options)
        with self._lock:
            seeds = self._ready.get(key)
            return seeds.pop(0) if seeds else None

    def is_proved(self, level: str, seed: int, options: Mapping[str, Any] | None = None) -> bool:
        return (combo_key(level, options), seed) in self.proved

    def keep_ahead(self) -> None:
        """Collect a finished proof and start the next one the wanted combinations need (none
        while paused)."""
        with self._lock:
            if self._job is not None:
                key, seed, job = self._job
                if not job.done:
                    return
                self._job = None
                result = job.result()
                if isinstance(result, str):
                    self._ready.setdefault(key, []).append(seed)
                    self.proved[(key, seed)] = result
                    log.info("proved winnable: %s seed %s", key, seed)
                elif job.error is not None:  # a program error: stop for this run, never a storm of jobs
                    log.warning("a proof failed; no more are tried: %s", job.error)
                    self.failed = True
                elif result is None:  # cancelled: that seed is tried again later
                    self._next[key] -= 1
            wanted = next((k for k in self._wanted if len(self._ready.get(k, ())) < self.keep), None)
            if wanted is None or self.failed or self.paused:
                return
            position = self._next.get(wanted)
            if position is None:
                position = max(0, self._first(wanted))
            self._next[wanted] = position + 1
            seed = candidate_seeds(wanted, position, 1)[0]
            level, opts = key_options(wanted)
            self._job = (wanted, seed, self._get_pool().submit(self._prove, level, seed, opts, self.work))

    def resume(self) -> None:
        """The menus are shown again: `keep_ahead` proves again."""
        with self._lock:
            self.paused = False

    def pause(self) -> None:
        """Stop proving (a game is shown): the running proof is cancelled, its seed tried later;
        `keep_ahead` starts none until `resume`."""
        with self._lock:
            self.paused = True
            if self._job is None:
                return
            key, _seed, job = self._job
            if job.done:
                return  # its answer is collected by the next keep_ahead
            self._job = None
            job.cancel()
            self._next[key] -= 1

    @property
    def busy(self) -> bool:
        return self._job is not None and not self._job[2].done


__all__ = ["KEEP", "PANTRY_WORDS", "PROVE_WORK", "ProvedStore", "candidate_seeds", "combo_key", "key_options",
           "line_code", "prove_seed", "wins_by_line"]
