"""A save document back to a game: every action replayed through a `Session` and the state hash
checked; anything the rules refuse or that leads elsewhere is a `DamagedSave`. A document upgraded
from an older format is hashed again under today's rules (docs/persistence.md, "Save format").
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from castellion.rules import Game, IllegalAction, new_game, rules_state
from castellion.rules import actions as A
from castellion.session import Session

from .errors import DamagedSave
from .reader import digest, draws_nothing, printable, text_problem
from .rules_data import rules_data_digest

log = logging.getLogger("castellion.persistence")

#: A save document as read from JSON: values are checked where they are used.
Document = dict[str, Any]

#: The "upgraded_from" key an upgrade step sets: the document's state hash is recomputed by replay.
UPGRADED_FROM = "upgraded_from"

_OPTIONS = frozenset({"level", "seed", "players", "variant", "pantry"})
#: What the rules may raise on data no real play wrote (an option or an action of the wrong shape).
BAD_DATA = (ValueError, TypeError, KeyError, OverflowError, AttributeError, IndexError)


def canonical_hash(state: dict[str, Any]) -> str:
    """sha256 of the canonical JSON of a `Game.to_dict()` without its display words
    (`rules_state`): a later version that words a card or a level otherwise hashes the same."""
    return digest(rules_state(state))


def state_hash(game: Game) -> str:
    """The state hash of `game` (`canonical_hash` of `game.to_dict()`)."""
    return canonical_hash(game.to_dict())


def good_player_name(name: object) -> bool:
    """A player name (read from a file, or typed): real text of 1-40 characters, nothing
    invisible, and something a font draws (`reader.draws_nothing`: not a Hangul filler, a blank
    Braille pattern or combining marks alone)."""
    return (isinstance(name, str) and 0 < len(name) <= 40 and text_problem(name) is None
            and printable(name) == name and name.strip() != "" and not draws_nothing(name))


def _malformed(what: str, path: Path | None) -> DamagedSave:
    return DamagedSave(f"the save is malformed: {what}", path=path, problem="malformed")


def _options(doc: Document, p: Path | None) -> dict[str, Any]:
    options = doc.get("options")
    if not isinstance(options, dict) or not isinstance(doc.get("actions"), list):
        raise _malformed("no options or no action list", p)
    if "seed" in doc and doc["seed"] != options.get("seed"):
        raise _malformed("the seed does not match the game options", p)
    if not set(options) <= _OPTIONS or "level" not in options or "seed" not in options:
        raise _malformed(f"unknown game options {sorted(set(options) - _OPTIONS)}", p)
    return options


def _other_rules_data(doc: Document, p: Path | None) -> DamagedSave | None:
    """"outdated" when `doc` names rules data other than this version's for its level (a version
    that changed the data without the format step `rules_data.py` asks for), else None."""
    played = doc.get("rules_data")
    options = doc.get("options")
    level = options.get("level") if isinstance(options, dict) else None
    try:
        today = rules_data_digest(level) if isinstance(level, str) else None
    except ValueError:
        return None
    if not isinstance(played, str) or today is None or played == today:
        return None
    program = printable(doc.get("program", "?"))[:40]
    return DamagedSave(f"it was played by Castellion {program} under other rules data for this level "
                       f"({printable(played)[:16]}, this version has {today}); it cannot be continued and "
                       "is kept as it is", path=p, problem="outdated")


def _refused(doc: Document, number: int, total: int, exc: IllegalAction,
             p: Path | None) -> DamagedSave:
    """The damage report of action `number` refused by the rules."""
    other = _other_rules_data(doc, p)
    if other is not None:
        return other
    old = doc.get(UPGRADED_FROM)
    if isinstance(old, dict):  # written under older rules: say so, it was not edited
        program = printable(doc.get("program", "?"))[:40]
        return DamagedSave(
            f"it was saved by Castellion {program} (save format {old.get('format', '?')}), and "
            f"action {number} of {total} is not allowed by the corrected rules of this version "
            f"({exc.rule}); it cannot be continued and is kept as it is", path=p,
            problem="outdated")
    return DamagedSave(f"action {number} of {total} is not legal there ({exc.rule}) — the file "
                       "was edited or comes from a different rules version", path=p,
                       problem="illegal")


def _counts(doc: Document, p: Path | None) -> tuple[int, int, str | None]:
    """(undos, hints, game id) of `doc`: an ill-typed count reads as 0, a bad id as None; raises
    "malformed" for a count or an id out of range."""
    undos = doc.get("undos", 0)
    if not isinstance(undos, int) or isinstance(undos, bool) or undos < 0:
        undos = 0
    hints = doc.get("hints", 0)  # absent from the older saves
    if not isinstance(hints, int) or isinstance(hints, bool) or not 0 <= hints <= 10**9:
        hints = 0
    game_id = doc.get("game_id")
    if not isinstance(game_id, str) or not game_id:
        game_id = None
    if undos > 10**9 or (game_id is not None and len(game_id) > 64):
        raise _malformed("a number or an id is out of range", p)
    return undos, hints, game_id


def _player_names(doc: Document) -> tuple[str, ...]:
    names = doc.get("player_names", [])
    if not isinstance(names, list) or not all(good_player_name(n) for n in names):
        names = []  # an optional nicety: a bad value costs the names, not the game
    return tuple(str(n)[:40] for n in names[:2])


def rebuild(doc: Document, *, path: Path | str | None = None,
            undo_allowed: bool = True) -> Session:
    """The session a (current-format) document describes, every action replayed through the
    rules; the state hash is not checked (see `replay`). Raises `DamagedSave`: "malformed"
    (missing or ill-typed fields), "illegal" / "outdated" (an action the rules refuse)."""
    p = Path(path) if path is not None else None
    options = _options(doc, p)
    actions: list[object] = doc["actions"]
    undos, hints, game_id = _counts(doc, p)
    try:
        game = new_game(**options)
    except BAD_DATA as exc:
        raise _malformed(f"the game options are not valid ({exc})", p) from exc
    session = Session(game, undo_allowed=undo_allowed, game_id=game_id, undos=undos, hints=hints,
                      player_names=_player_names(doc))
    for number, data in enumerate(actions, 1):
        try:
            if not isinstance(data, dict):
                raise ValueError(f"action {number} is not an action")
            session.apply(A.action_from_dict(data))
        except IllegalAction as exc:
            raise _refused(doc, number, len(actions), exc, p) from exc
        except BAD_DATA as exc:
            raise _malformed(f"action {number}: {printable(exc)[:200]}", p) from exc
    return session


def replay(doc: Document, *, path: Path | str | None = None, undo_allowed: bool = True) -> Session:
    """`rebuild`, then the state hash checked: "hash_mismatch" when the actions lead elsewhere
    (edited by hand). A document upgraded from an older format has its hash recomputed instead
    (stored in `doc`). Raises `DamagedSave`."""
    p = Path(path) if path is not None else None
    expected = doc.get("state_hash")
    upgraded = isinstance(doc.get(UPGRADED_FROM), dict)
    if not isinstance(expected, str) and not upgraded:
        raise _malformed("no state hash", p)
    session = rebuild(doc, path=p, undo_allowed=undo_allowed)
    actual = state_hash(session.game)
    if upgraded:
        doc["state_hash"] = actual  # re-hashed under today's rules (the file is not touched)
    elif actual != expected:
        other = _other_rules_data(doc, p)
        if other is not None:
            raise other
        raise DamagedSave("its contents do not match its check-sum (edited by hand?)", path=p,
                          problem="hash_mismatch")
    return session
