"""The tutorial's progress, in its own small file `tutorial.json` in the data folder.

What it holds: whether the first-start offer was made (the menu asks once), which parts are
finished, and the part in progress — its step and the game at the start of that step (a rules
snapshot, `Game.to_dict()`), so that leaving the tutorial and coming back resumes where the player
was. Not a save: the tutorial never appears in Load game, Continue or the statistics.

Written atomically with a `.bak` (`settings.write_json_keeping_damaged`); read through the one
hardened reader (`settings.read_json_tolerant`): a missing or damaged file means "nothing done
yet", never a crash.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import datadir
from .errors import PersistenceError
from .settings import read_json_tolerant, write_json_keeping_damaged

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
        return cls(offered=bool(data.get("offered", False)), done=list(done), part=part, step=step, game=game)


def load_tutorial(path: Path | str | None = None) -> TutorialProgress:
    """The saved progress, or a fresh one when there is none or it is damaged. Never raises."""
    target = Path(path) if path is not None else tutorial_path()
    data, _problem = read_json_tolerant(target, "tutorial", TutorialProgress.from_dict, MAX_BYTES)
    return data if isinstance(data, TutorialProgress) else TutorialProgress()


def save_tutorial(progress: TutorialProgress, path: Path | str | None = None) -> None:
    """Write `progress` atomically (the previous one kept as .bak). Raises `StorageError`."""
    target = Path(path) if path is not None else tutorial_path()
    write_json_keeping_damaged(target, progress.to_dict(), MAX_BYTES)


# progress of programs that keep no files, by `TutorialStore` key (one per context)
_MEMORY: dict[int, TutorialProgress] = {}


class TutorialStore:
    """The progress as the screens use it: the file when `persist` (the program keeps files),
    else kept in memory under `key` (tests, a program without a data folder: one per context).
    A failed write is logged and the tutorial goes on: progress is a convenience, never worth an
    error dialog."""

    def __init__(self, persist: bool, key: int = 0) -> None:
        self.persist = persist
        if persist:
            self.progress = load_tutorial()
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


__all__ = ["TUTORIAL_FILE", "TutorialProgress", "TutorialStore", "load_tutorial", "save_tutorial", "tutorial_path"]

