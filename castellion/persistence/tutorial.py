"""The tutorial's progress in `tutorial.json` (not a save: never listed, continued or counted), kept
by the document store and checked as strictly as a save (`check_game`): a refused file is set aside
at once and `TutorialStore.damaged` names the copy (docs/persistence.md, "What is guaranteed").
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from . import datadir, store
from .errors import PersistenceError

TUTORIAL_FILE = "tutorial.json"
VERSION = 1
MAX_BYTES = 1 << 20  # a game snapshot is a few kB

log = logging.getLogger("castellion.persistence")


def tutorial_path() -> Path:
    return datadir.data_dir() / TUTORIAL_FILE


@dataclass
class TutorialProgress:
    """`offered`: the first-start offer was shown; `done`: ids of finished parts; `part`, `step`,
    `game`: the part in progress, the step reached and the game at that step's start."""

    offered: bool = False
    done: list[str] = field(default_factory=list)
    part: str | None = None
    step: int = 0
    game: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "offered": self.offered, "done": list(self.done), "part": self.part,
                "step": self.step, "game": self.game}

    @classmethod
    def from_dict(cls, data: object) -> TutorialProgress:
        """Raises ValueError on data that is not a tutorial progress record."""
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise ValueError("not a tutorial progress record")
        done = data.get("done", [])
        part, step, game = data.get("part"), data.get("step", 0), data.get("game")
        if not isinstance(done, list) or not all(isinstance(d, str) for d in done):
            raise ValueError("'done' is not a list of part names")
        if part is not None and not isinstance(part, str):
            raise ValueError("'part' is not a part name")
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < 1000:
            raise ValueError("'step' is not a step number")
        if game is not None and not isinstance(game, dict):
            raise ValueError("'game' is not a game")
        if game is not None:
            if part is None:
                raise ValueError("a game without a part")
            game = check_game(part, step, game)
        return cls(offered=bool(data.get("offered", False)), done=list(done), part=part, step=step, game=game)


def check_game(part_id: str, step: int, game: dict[str, Any]) -> dict[str, Any]:
    """The game `game` stands for, as this version deals it (`Game.to_dict()`, today's words);
    raise `ValueError` unless `game` is what the tutorial's `part_id` can stand at `step`: a
    known part, a step of it, and a position that replaying the game's own moves from the fixed
    deal of that step's lesson gives exactly — display words aside, so that a later version that
    rewords a card keeps the player's place (nothing else is believed: not the castle, the
    piles, the player to move)."""
    from castellion.content.tutorial import lesson_start, part
    from castellion.rules import Game

    from .replay import canonical_hash

    try:
        p = part(part_id)
    except KeyError:
        raise ValueError(f"no tutorial part {part_id!r}") from None
    if not 0 <= step < len(p.steps):
        raise ValueError(f"part {part_id!r} has no step {step + 1}")
    try:
        moves = Game.from_dict(game).history
    except Exception as exc:  # noqa: BLE001 — any shape of hostile data: not a game
        raise ValueError(f"'game' is not a game ({type(exc).__name__})") from exc
    deal = p.steps[lesson_start(p, step)].deal
    if deal is None:  # pragma: no cover - a part's first step always deals
        raise ValueError("a lesson without a deal")
    replayed = deal()
    try:
        for action in moves:
            replayed.apply(action)
    except Exception as exc:  # noqa: BLE001 — an illegal move, whatever the rules raise
        raise ValueError(f"a move the rules refuse ({type(exc).__name__})") from exc
    today = replayed.to_dict()
    if canonical_hash(today) != canonical_hash(game):  # display words aside
        raise ValueError("the game is not the one its moves lead to (edited by hand?)")
    return today


def load_tutorial_report(path: Path | str | None = None) -> store.Found[TutorialProgress]:
    """The saved progress (`value`: None when there is none) and where a damaged file was moved
    aside (`kept_as`). A damaged, hand-edited or newer file is renamed `<name>.damaged[-N]` at
    once — kept for the player, never overwritten — and its `.bak` used when valid. Never
    raises (when even the rename fails, the file stays and the next write moves it)."""
    target = Path(path) if path is not None else tutorial_path()
    found = store.read_or_backup(target, MAX_BYTES, TutorialProgress.from_dict, "tutorial")
    return replace(found, kept_as=store.set_aside(target, "tutorial")) if found.problem is not None else found


def save_tutorial(progress: TutorialProgress, path: Path | str | None = None) -> None:
    """Write `progress` atomically (the previous one kept as .bak). Raises `StorageError`."""
    target = Path(path) if path is not None else tutorial_path()
    store.write(target, progress.to_dict(), max_bytes=MAX_BYTES, convert=TutorialProgress.from_dict)


# progress of programs that keep no files, by `TutorialStore` key (one per context)
_MEMORY: dict[int, TutorialProgress] = {}


class TutorialStore:
    """The progress as the screens use it: the file when `persist` (the program keeps files),
    else kept in memory under `key` (tests, a program without a data folder: one per context).
    A failed write is logged and the tutorial goes on: progress is a convenience, never worth an
    error dialog."""

    def __init__(self, persist: bool, key: int = 0) -> None:
        self.persist = persist
        self.damaged: str | None = None  # the name the damaged file was kept under, for a notice
        if persist:
            found = load_tutorial_report()
            self.progress = found.value or TutorialProgress()
            self.damaged = found.kept_as.name if found.kept_as is not None else None
        else:
            self.progress = _MEMORY.setdefault(key, TutorialProgress())

    def _write(self) -> None:
        if not self.persist:
            return
        try:
            save_tutorial(self.progress)
        except PersistenceError as exc:
            log.warning("tutorial progress not written: %s", exc)

    def reached(self, part: str, step: int, game: dict[str, Any]) -> None:
        """The player reached `step` of `part`, the game standing as `game` (a rules snapshot)."""
        p = self.progress
        p.part, p.step, p.game = part, step, game
        self._write()

    def finished(self, part: str) -> None:
        p = self.progress
        if part not in p.done:
            p.done.append(part)
        if p.part == part:
            p.part, p.step, p.game = None, 0, None
        self._write()

    def offer_due(self) -> bool:
        """Whether the first-start offer is still to be made (it is made once)."""
        return not self.progress.offered

    def offered(self) -> None:
        self.progress.offered = True
        self._write()
