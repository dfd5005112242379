"""`Speech`: the one small interface the program speaks through, over one engine (`Engine`).

The program says things in three ways, and the speaker queues them sensibly:

- `say(text, interrupt=True)`: what the player just did or moved to (a focus, the cursor, the
  events of a move): whatever is being said is cut, then this is said. A new move cuts a long
  sentence.
- `say(text, interrupt=False)`: queued after what is being said (a notice, a line of a list).

Speech is off by default (`settings.speech`); while it is off nothing reaches an engine. The
engine is found on first use (`engines.find_engine`): the player's screen reader, else the
system voice, else none — then `available` is False and the program says so once, as a notice
(`unavailable_told`). Every line said is kept (`heard`, the last few hundred: the log of what was
said); the tests speak through a `RecordingEngine`.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from typing import Protocol

log = logging.getLogger("castellion.speech")

HEARD = 400  # lines kept: what was said lately


class Engine(Protocol):
    """One way to make speech: a screen reader, a system voice, a recorder."""

    name: str

    def speak(self, text: str, interrupt: bool) -> None:
        """Say `text`: after what is being said, or cutting it (`interrupt`). Never blocks long."""

    def stop(self) -> None:
        """Be quiet now (and drop what was queued)."""

    def close(self) -> None:
        """Release the engine (its thread, its process)."""


class RecordingEngine:
    """An engine that writes down what it is asked to say (the tests' ears): `lines` in order,
    `interrupts` the lines that cut what came before."""

    name = "record"

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.interrupts: list[bool] = []

    def speak(self, text: str, interrupt: bool) -> None:
        self.lines.append(text)
        self.interrupts.append(interrupt)

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


EngineFinder = Callable[[], "Engine | None"]


def _no_engine() -> Engine | None:
    return None


class Speech:
    """The speaker the context owns (see the module docstring). `find`: makes the engine on
    first use (None: no engine works here)."""

    def __init__(self, find: EngineFinder = _no_engine, *, enabled: bool = False) -> None:
        self._find = find
        self._engine: Engine | None = None
        self._looked = False
        self.enabled = enabled
        self.heard: deque[str] = deque(maxlen=HEARD)
        self.unavailable_told = False

    @property
    def engine(self) -> Engine | None:
        """The engine, found on first use (None: none works here)."""
        if not self._looked:
            self._looked = True
            try:
                self._engine = self._find()
            except Exception:  # noqa: BLE001 - a broken engine means no speech, never a crash
                log.exception("no speech engine could be started")
                self._engine = None
            log.info("speech engine: %s", self._engine.name if self._engine is not None else "none")
        return self._engine

    @property
    def available(self) -> bool:
        return self.engine is not None

    def use(self, engine: Engine | None) -> None:
        """Speak through `engine` from now on (a test's recorder; None: no engine)."""
        if self._engine is not None and self._engine is not engine:
            self._engine.close()
        self._engine, self._looked = engine, True

    def say(self, text: str, *, interrupt: bool = True) -> bool:
        """Say `text` if speech is on (see the module docstring); True when an engine took it."""
        text = " ".join(text.split())
        if not text or not self.enabled:
            return False
        engine = self.engine
        if engine is None:
            return False
        self.heard.append(text)
        try:
            engine.speak(text, interrupt)
        except Exception:  # noqa: BLE001 - an engine failing mid-game: quiet, never a crash
            log.exception("speech failed")
            return False
        return True

    def say_lines(self, lines: list[str]) -> None:
        """A list, each line queued after the first (which cuts what was being said)."""
        for n, line in enumerate(lines):
            self.say(line, interrupt=n == 0)

    def stop(self) -> None:
        engine = self._engine
        if engine is not None:
            engine.stop()

    def close(self) -> None:
        if self._engine is not None:
            self._engine.close()
