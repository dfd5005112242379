"""Sound effects: the short WAVs of assets/sounds (made by scripts/make_sounds.py), played for the
game's events.

`SoundBoard.observe` is a `Session` observer (the `AppContext` attaches it to every game it
observes, so no scene has to know about sound). After each applied (or redone) action it plays
`sounds_for(events)`: at most two sounds, the most important first — a burst of sixteen
`TileDestroyed` is one crumble, and a win or a loss is heard alone. Undo is silent.

Contracts:
- Nothing here ever raises into the game. No mixer (no sound device, `pygame.mixer` not
  initialised), a missing or unreadable file: logged once, then silence.
- Files are loaded lazily through `castellion.content.resources.resource_path` (source checkout,
  wheel or frozen build alike): on first play, or all at once by `preload()`, which the context
  calls when it starts observing a game, so no first play hitches a frame mid-game (measured:
  0.2–2.6 ms a file, ~15–30 ms for all thirteen, once per run; `play()` itself ~2 µs).
- The "Sound" setting is read at play time (`settings.sound`), so switching it off silences the
  next event at once; the volume is `SoundBoard.volume` × the player's level of its kind
  (`settings.effects_volume`, or `settings.interface_volume` for `INTERFACE_SOUNDS`; 0 plays nothing).
- The same sound is not restarted within `min_gap` seconds (a redo burst, a fuzzing test).
"""

from __future__ import annotations

import logging
import time
import wave
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from castellion.content.resources import resource_path
from castellion.persistence.settings import Settings
from castellion.rules import events as E

log = logging.getLogger(__name__)

__all__ = ["EVENT_SOUNDS", "INTERFACE_SOUNDS", "PRIORITY", "SOUND_NAMES", "SoundBoard", "sounds_for",
           "verify_sounds"]

# The files in assets/sounds (without .wav), most important first: when one action causes several
# events, the sounds earlier in this list win.
PRIORITY: tuple[str, ...] = (
    "won", "lost", "ordeal_passed", "rows", "traitor", "destroy", "ordeal_revealed", "power",
    "place", "turn", "discard", "draw",
)
SOUND_NAMES: tuple[str, ...] = PRIORITY + ("invalid",)  # "invalid": a refused drop (played by a scene)
# The interface's sounds (Settings → Accessibility → Interface sounds); the others are the game's
# effects (→ Effects). Each has a visual cue: docs/accessibility.md, "Sounds and what shows them".
INTERFACE_SOUNDS = frozenset({"invalid"})
# What shows on the screen each time a sound plays (XAG 103: no cue by sound alone), also with
# the animations off, in the frame the sound plays or the next; docs/accessibility.md lists the
# same, and tests/scenes/test_sound_cues.py plays each sound on the board and looks for its cue.
VISUAL_CUES: dict[str, str] = {
    "won": "the reveal's verdict: passed, the castle stands (then the end screen)",
    "lost": "the reveal's verdict: lost, and why (then the end screen)",
    "ordeal_passed": "the reveal's page: passed",
    "rows": "the reveal's page: the rows destroyed",
    "traitor": "the Traitor beside its Ordeal, its count",
    "destroy": "the tile gone from the castle, the banner's message",
    "ordeal_revealed": "the Ordeal card turned face up, the reveal; a tile the Seer turns, face up in its row",
    "power": "the power's box and the banner",
    "place": "the tile in its cell",
    "turn": "the hand-over banner (two players)",
    "discard": "the discard pile's count",
    "draw": "the tile in hand, the pile's count",
    "invalid": "the refusal's reason on the message line",
}
ALONE = frozenset({"won", "lost"})  # the end of the game is heard without anything else
SECONDARY_VOLUME = 0.7  # the second sound of an action sits a little lower

# Which sound an event makes; events not listed make none (PowerOffered, CastleShifted, …).
EVENT_SOUNDS: dict[type, str] = {
    E.GameWon: "won",
    E.GameLost: "lost",
    E.OrdealPassed: "ordeal_passed",
    E.RowsDestroyed: "rows",
    E.TraitorPlaced: "traitor",
    E.TileDestroyed: "destroy",
    E.OrdealRevealed: "ordeal_revealed",
    E.OrdealEncountered: "ordeal_revealed",
    E.TileRevealed: "ordeal_revealed",  # the Seer turns a tile over: a flip too
    E.PowerUsed: "power",
    E.PremonitionUsed: "power",
    E.ChampionTaken: "power",
    E.TilePlaced: "place",
    E.PrisonTilePlaced: "place",
    E.PawnPlaced: "place",
    E.ProphetPlaced: "place",
    E.TileMoved: "place",
    E.TilesSwapped: "place",
    E.TurnPassed: "turn",
    E.TileDiscarded: "discard",
    E.TraitorDiscarded: "discard",
    E.TilePassed: "discard",
    E.TileDrawn: "draw",
    E.TileRecovered: "draw",
    E.PantryRecovered: "draw",
    E.VigilExchanged: "draw",
}


def sounds_for(events: Iterable[object], limit: int = 2) -> list[str]:
    """The sounds one action's `events` make, most important first: at most `limit`, each once,
    and a win or a loss alone. Pure (no pygame)."""
    heard = {EVENT_SOUNDS.get(type(ev)) for ev in events}
    ordered = [name for name in PRIORITY if name in heard]
    if ordered and ordered[0] in ALONE:
        return ordered[:1]
    return ordered[:max(0, limit)]


def _default_directory() -> Path | None:
    try:
        return resource_path("assets", "sounds")
    except (FileNotFoundError, ValueError):
        return None


def verify_sounds(directory: Path | None = None, mixer: Any = None) -> int:
    """Check every sound file (for `--self-test`): present, a mono 16-bit PCM WAV of 22.05 or
    44.1 kHz shorter than 3 s, and — when `mixer` is given and initialised — loadable by it.
    Answers how many were checked; raises `FileNotFoundError` / `ValueError` listing the bad ones."""
    folder = directory if directory is not None else _default_directory()
    if folder is None or not folder.is_dir():
        raise FileNotFoundError("assets/sounds not found")
    bad: list[str] = []
    for name in SOUND_NAMES:
        path = folder / f"{name}.wav"
        try:
            with wave.open(str(path), "rb") as w:
                fmt = (w.getnchannels(), w.getsampwidth(), w.getframerate())
                seconds = w.getnframes() / w.getframerate()
            if fmt[:2] != (1, 2) or fmt[2] not in (22050, 44100) or not 0 < seconds < 3:
                bad.append(f"{name}.wav (channels, bytes, rate {fmt}, {seconds:.2f} s)")
                continue
            if mixer is not None and mixer.get_init():
                mixer.Sound(str(path))
        except Exception as exc:  # noqa: BLE001 - report every bad file, whatever went wrong
            bad.append(f"{name}.wav ({type(exc).__name__}: {exc})")
    if bad:
        raise ValueError("bad sounds: " + ", ".join(bad))
    return len(SOUND_NAMES)


class SoundBoard:
    """The game's sound effects by name, loaded on first use.

    `settings`: the player's settings, or a function answering them (read at every play, so a
    replaced settings object is followed). `mixer`: `pygame.mixer` unless given (tests pass a
    stub with `get_init()` and `Sound(path)`). `directory`: where the WAVs are (default:
    assets/sounds via `resource_path`). `clock`: seconds, for `min_gap`.
    """

    def __init__(self, settings: Settings | Callable[[], Settings] | None = None, *, mixer: Any = None,
                 directory: Path | None = None, volume: float = 0.8, min_gap: float = 0.06,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._settings = settings
        self._mixer = mixer
        self._directory = directory
        self.volume = volume
        self.min_gap = min_gap
        self._clock = clock
        self._sounds: dict[str, Any] = {}
        self._failed: set[str] = set()  # names that could not be loaded (logged once)
        self._last: dict[str, float] = {}
        self._silent_logged = False
        self.played: list[str] = []  # the last action's sounds (for tests and the log)

    # ---------------------------------------------------------------- settings
    def settings(self) -> Settings | None:
        return self._settings() if callable(self._settings) else self._settings

    def enabled(self) -> bool:
        """The "Sound" setting (on when there are no settings)."""
        s = self.settings()
        return True if s is None else s.sound

    def current_volume(self) -> float:
        return max(0.0, min(1.0, self.volume))

    def level_of(self, name: str) -> float:
        """The player's level (0 … 1) for sound `name`: interface or effects (1 without settings)."""
        s = self.settings()
        if s is None:
            return 1.0
        return (s.interface_volume if name in INTERFACE_SOUNDS else s.effects_volume) / 100

    # ---------------------------------------------------------------- loading
    def mixer(self) -> Any:
        """The mixer when it is ready to play, else None (logged once)."""
        mixer = self._mixer
        try:
            if mixer is None:
                import pygame

                mixer = pygame.mixer
            if mixer.get_init():
                return mixer
            reason = "the mixer is not initialised"
        except Exception as exc:  # noqa: BLE001 - a broken audio stack means silence
            reason = f"{type(exc).__name__}: {exc}"
        if not self._silent_logged:
            self._silent_logged = True
            log.info("sound effects off: %s", reason)
        return None

    def load(self, name: str) -> Any:
        """The loaded sound `name`, or None (missing, unreadable, no mixer). Never raises."""
        sound = self._sounds.get(name)
        if sound is not None or name in self._failed:
            return sound
        mixer = self.mixer()
        if mixer is None:
            return None
        try:
            folder = self._directory if self._directory is not None else _default_directory()
            if folder is None:
                raise FileNotFoundError("assets/sounds not found")
            path = folder / f"{name}.wav"
            sound = mixer.Sound(str(path))
        except Exception as exc:  # noqa: BLE001 - FileNotFoundError, pygame.error, a broken file
            self._failed.add(name)
            log.warning("sound %r unavailable (%s: %s); playing without it", name, type(exc).__name__, exc)
            return None
        self._sounds[name] = sound
        return sound

    def preload(self) -> int:
        """Load every sound now (when the setting is on and a mixer is up); answers how many are
        loaded. Never raises."""
        try:
            if not self.enabled():
                return 0
            return sum(self.load(name) is not None for name in SOUND_NAMES)
        except Exception:  # noqa: BLE001 - e.g. settings that cannot be read
            log.exception("preloading the sounds failed")
            return 0

    # ---------------------------------------------------------------- playing
    def play(self, name: str, volume: float = 1.0) -> bool:
        """Play sound `name` at `volume` × the volume setting; False when nothing was played
        (sound off, too soon after the same sound, missing, no mixer). Never raises."""
        try:
            if not self.enabled() or self.level_of(name) <= 0:
                return False
            now = self._clock()
            last = self._last.get(name)
            if last is not None and now - last < self.min_gap:
                return False
            sound = self.load(name)
            if sound is None:
                return False
            sound.set_volume(self.current_volume() * volume * self.level_of(name))
            sound.play()
            self._last[name] = now
            return True
        except Exception as exc:  # noqa: BLE001 - sound must never break the game
            if name not in self._failed:
                self._failed.add(name)
                log.warning("sound %r failed to play (%s: %s); playing without it", name, type(exc).__name__, exc)
            return False

    def play_events(self, events: Iterable[object]) -> list[str]:
        """Play the sounds of one action's events (see `sounds_for`); answers those played."""
        played = []
        try:
            names = sounds_for(events) if self.enabled() else []
        except Exception:  # noqa: BLE001 - a sound must never stop the game
            log.exception("sounds_for failed")
            names = []
        for i, name in enumerate(names):
            if self.play(name, 1.0 if i == 0 else SECONDARY_VOLUME):
                played.append(name)
        self.played = played
        return played

    def observe(self, _session: Any, kind: str, _action: Any, events: list[Any]) -> None:
        """A `Session` observer: an applied or redone action plays its sounds; undo is silent."""
        if kind in ("apply", "redo"):
            self.play_events(events)
