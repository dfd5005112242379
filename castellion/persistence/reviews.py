"""A game's review kept beside the saves as `saves/reviews/<key>.json`, so it is computed once. The
key hashes the game options, the actions and the reviewer's version; the file is checked like a
save (`review_problem`) and a bad one set aside (docs/persistence.md, "A kept review is checked
like a save").
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from castellion.rules import IllegalAction, new_game
from castellion.rules import actions as A

from . import datadir, formats, store
from .errors import StorageError
from .reader import digest, printable
from .replay import BAD_DATA

log = logging.getLogger("castellion.persistence")

REVIEWS = "reviews"
FORMAT = 1
MAX_BYTES = 4 * 1024 * 1024  # a review of the longest game is some 200 KB


def review_key(options: Mapping[str, Any], history: Sequence[Mapping[str, Any]], version: int) -> str:
    """The hash naming a game's review: its options (the variant spelled as earlier versions
    did, `formats.with_old_variant_word`: their reviews keep their names), its actions and the
    reviewer's version."""
    return digest({"options": formats.with_old_variant_word(options), "actions": list(history), "version": version})


def review_path(key: str) -> Path:
    return datadir.saves_dir() / REVIEWS / f"{key}.json"


MARKS = (None, "blunder", "mistake", "inaccuracy")  # a decision's mark (ai/review.py's MARKS)
RESULTS = (None, "won", "lost")


class BadReview(ValueError):
    """A kept review that is not one this game's review could be (the reason in words)."""


def _is_int(value: object, low: int = 0, high: int = 10**9) -> bool:
    return type(value) is int and low <= value <= high


def _is_chance(value: object) -> bool:
    return type(value) in (int, float) and 0.0 <= value <= 1.0  # type: ignore[operator]


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise BadReview(what)


def _same_action(a: object, b: Mapping[str, Any]) -> bool:
    try:
        return isinstance(a, dict) and A.action_from_dict(a) == A.action_from_dict(b)
    except BAD_DATA:
        return False


def _check_decision(d: object, length: int, history: Sequence[Mapping[str, Any]], games: Sequence[Any]) -> int:
    """The index of the decision `d` (a dict the screen reads), or `BadReview`."""
    _need(isinstance(d, dict), "a decision is not a table")
    assert isinstance(d, dict)
    index = d.get("index")
    _need(_is_int(index, 0, length - 1), "a decision is not a move of the game")
    assert isinstance(index, int)
    _need(_is_int(d.get("turn")) and type(d.get("checked", False)) is bool and type(d.get("differs", False)) is bool,
          f"decision {index}: its turn or its flags are not of their type")
    _need(d.get("mark") in MARKS, f"decision {index}: an unknown mark")
    _need(_same_action(d.get("played", history[index]), history[index]), f"decision {index}: not the move played")
    if d.get("checked") or d.get("mark"):
        _need(d.get("checked") is True and _is_chance(d.get("before")) and _is_chance(d.get("after")),
              f"decision {index}: a marked move without its chances")
        _need(isinstance(d.get("best"), dict) and isinstance(d.get("reason"), dict)
              and isinstance(d["reason"].get("kind"), str), f"decision {index}: no best move or reason")
    best = d.get("best")
    if best is not None:
        _need(isinstance(best, dict), f"decision {index}: the best move is not an action")
        try:
            legal = games[index].is_legal(A.action_from_dict(best))
        except BAD_DATA:
            legal = False
        _need(legal, f"decision {index}: the best move found is not legal there")
    reason = d.get("reason")
    _need(reason is None or (isinstance(reason, dict) and isinstance(reason.get("kind"), str)),
          f"decision {index}: a reason without its kind")
    return index


def review_problem(review: object, options: Mapping[str, Any], history: Sequence[Mapping[str, Any]]) -> str | None:
    """Why `review` cannot be the review of the game `options` (new_game's keywords) played as
    `history` (None when it can): what the review screen and `--review` read, checked like a
    save — types, ranges, and the moves against the game replayed (a few ms)."""
    try:
        _check_review(review, options, history)
    except BadReview as exc:
        return str(exc)
    return None


def _check_review(review: object, options: Mapping[str, Any], history: Sequence[Mapping[str, Any]]) -> None:
    _need(isinstance(review, dict), "it is not a table")
    assert isinstance(review, dict)
    length = len(history)
    _check_head(review, length)
    # the graph has a point before each decision, one after each move that was not the best
    # (ai.review.graph) and the end: up to two per action, and one
    for name, most in (("decisions", length + 1), ("graph", 2 * length + 1), ("encounters", length + 1)):
        _need(isinstance(review.get(name), list) and len(review[name]) <= most, f"no list of {name}")
    for g in review["graph"]:
        _need(_is_point(g, length), "a point of the graph is not one")
    for e in review["encounters"]:
        _need(_is_encounter(e, length), "an encounter is not one")
    games = _positions(options, history)
    seen = [_check_decision(d, length, history, games) for d in review["decisions"]]
    _need(seen == sorted(set(seen)), "its decisions are out of order")


def _check_head(review: dict[str, Any], length: int) -> None:
    """The review's game (its length and options), its result and the summary of its marks."""
    _need(review.get("actions") == length and isinstance(review.get("options"), dict),
          "it is not the review of this game (its length or options)")
    _need(type(review.get("finished")) is bool and review.get("result") in RESULTS, "no result")
    summary = review.get("summary")
    _need(isinstance(summary, dict) and all(_is_int(summary.get(m)) for m in MARKS[1:])
          and all(summary.get(k) is None or _is_int(summary.get(k)) for k in ("turned_at", "turned_index")),
          "no summary of its marks")


def _is_point(g: object, length: int) -> bool:
    """A point of the graph: its index in the game, its chance, and its band and playouts if any."""
    return (isinstance(g, dict) and _is_int(g.get("index"), 0, length) and _is_chance(g.get("p"))
            and (g.get("sd") is None or (type(g["sd"]) in (int, float) and 0 <= g["sd"] <= 1))
            and (g.get("playouts") is None or _is_int(g.get("playouts"))))


def _is_encounter(e: object, length: int) -> bool:
    """An Ordeal met: at a move of the game, which Ordeal, and whether it was passed."""
    return (isinstance(e, dict) and _is_int(e.get("index"), 0, max(0, length - 1)) and _is_int(e.get("ordeal"), 0, 9)
            and type(e.get("passed")) is bool)


def _positions(options: Mapping[str, Any], history: Sequence[Mapping[str, Any]]) -> list[Any]:
    """The game before each move of `history` (`BadReview` when the game itself does not replay)."""
    try:
        game = new_game(**dict(options))
        games = []
        for data in history:
            games.append(game.copy())
            game.apply(A.action_from_dict(data))
    except (IllegalAction, *BAD_DATA) as exc:
        raise BadReview(f"its game does not replay ({printable(exc)[:120]})") from exc
    return games


def load_review(key: str, options: Mapping[str, Any], history: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """The kept review named `key` of the game `options` / `history`, or None (none kept, or
    its file was bad: set aside, see `read_review`)."""
    return read_review(key, options, history).value


def read_review(key: str, options: Mapping[str, Any],
                history: Sequence[Mapping[str, Any]]) -> store.Found[dict[str, Any]]:
    """The kept review named `key` of this game (`value`: None when none is kept or it was damaged,
    foreign or edited: then set aside, `kept_as`, and the caller computes the review again)."""
    path = review_path(key)
    found = store.read(path, MAX_BYTES, lambda data: _kept_review(data, key, options, history))
    if found.problem is None:
        return found
    log.warning("a kept review is damaged (%s): it is set aside and computed again", found.problem)
    return replace(found, kept_as=store.set_aside(path, "a kept review"))


def _kept_review(data: Mapping[str, Any], key: str, options: Mapping[str, Any],
                 history: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The review a kept file holds, or `BadReview`."""
    store.check_format(data, FORMAT, "review")
    if data.get("key") != key or not isinstance(data.get("review"), dict):
        raise BadReview("it is not a kept review of this game")
    problem = review_problem(data["review"], options, history)
    if problem is not None:
        raise BadReview(problem)
    review: dict[str, Any] = data["review"]
    return review


def keep_review(key: str, review: Mapping[str, Any]) -> bool:
    """Write `review` under `key` (atomically); False when the folder cannot be written (the
    review is still shown, only computed again next time)."""
    try:
        store.write(review_path(key), {"format": FORMAT, "key": key, "review": dict(review)}, backup=False,
                    compact=True)
    except StorageError as exc:
        log.warning("the review could not be kept: %s", exc)
        return False
    return True
