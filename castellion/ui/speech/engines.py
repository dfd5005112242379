"""The speech engines, tried in order until one works (`find_engine`):

1. the player's **screen reader** through `accessible_output2` (NVDA, JAWS, SAPI on Windows,
   VoiceOver on macOS): only when one of its outputs says it is running;
2. **speech-dispatcher** (`spd-say`) on Linux when a screen reader (Orca) runs: the player's own
   voice and rate;
3. the **system voice** through `pyttsx3` (SAPI5, NSSpeechSynthesizer, eSpeak NG);
4. **eSpeak NG** itself (`espeak-ng`), when installed;
5. none: the program says so once and plays on silently.

`CASTELLION_SPEECH` picks one by name (`screen-reader`, `speech-dispatcher`, `pyttsx3`,
`espeak-ng`, `record`, `none`); `survey` says which engines are here and which start (the
self-test prints it); `CASTELLION_SPEECH_WAV=<folder>` makes eSpeak NG write each line
to a numbered WAV file in that folder instead of the sound card (the end-to-end test checks them
with sox). The optional packages are the `speech` extra of pyproject.toml; none is needed to play.

A command-line engine speaks on its own thread, one line at a time, so a frame never waits for a
voice; `interrupt` empties its queue and ends the line being said.
"""

from __future__ import annotations

import logging
import os
import queue
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from castellion.ui.speech.speaker import Engine, RecordingEngine

log = logging.getLogger("castellion.speech")

LINE_TIMEOUT = 60.0  # seconds one line may take before its process is ended (a hung daemon)


class _Worker:
    """A thread that says queued lines one at a time through `run(text, stopped)`."""

    def __init__(self, name: str, run: Callable[[str], None], cancel: Callable[[], None]) -> None:
        self._run = run
        self._cancel = cancel
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._thread = threading.Thread(target=self._loop, name=f"castellion-speech-{name}", daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while True:
            text = self._queue.get()
            if text is None:
                return
            try:
                self._run(text)
            except Exception:  # noqa: BLE001 - one failed line must not silence the next
                log.exception("speech line failed")

    def put(self, text: str, interrupt: bool) -> None:
        if interrupt:
            self.clear()
        self._queue.put(text)

    def clear(self) -> None:
        try:
            while True:
                self._queue.get_nowait()
        except queue.Empty:
            pass
        self._cancel()

    def close(self) -> None:
        self.clear()
        self._queue.put(None)


class _OnWorker:
    """An engine that says its lines on a `_Worker` thread of its own (`self._worker`)."""

    _worker: _Worker

    def speak(self, text: str, interrupt: bool) -> None:
        self._worker.put(text, interrupt)

    def stop(self) -> None:
        self._worker.clear()

    def close(self) -> None:
        self._worker.close()


class CommandEngine(_OnWorker):
    """A voice run as a command per line (`espeak-ng`, `spd-say`). `command(text, n)` gives the
    argument list of the n-th line."""

    def __init__(self, name: str, command: Callable[[str, int], list[str]],
                 stop_command: list[str] | None = None) -> None:
        self.name = name
        self._command = command
        self._stop_command = stop_command
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self.count = 0
        self._worker = _Worker(name, self._say, self._end_line)

    def _say(self, text: str) -> None:
        self.count += 1
        args = self._command(text, self.count)
        with self._lock:
            self._process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                             stderr=subprocess.DEVNULL)
            process = self._process
        try:
            process.wait(LINE_TIMEOUT)
        except subprocess.TimeoutExpired:
            log.warning("%s took too long to say a line; ended", self.name)
            process.kill()
            process.wait()

    def _end_line(self) -> None:
        with self._lock:
            process = self._process
        if process is not None and process.poll() is None:
            process.terminate()
        if self._stop_command is not None:
            try:
                subprocess.run(self._stop_command, timeout=5, check=False, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            except (OSError, subprocess.SubprocessError) as exc:
                log.debug("%s: could not stop: %s", self.name, exc)



def espeak_engine(language: Callable[[], str], wav_folder: Path | None = None) -> Engine | None:
    """eSpeak NG as a command (None when it is not installed); with `wav_folder`, each line is
    written to `<folder>/line-0001.wav` … instead of played."""
    program = shutil.which("espeak-ng") or shutil.which("espeak")
    if program is None:
        return None

    def command(text: str, n: int) -> list[str]:
        args = [program, "-v", language(), "-s", "175"]
        if wav_folder is not None:
            args += ["-w", str(wav_folder / f"line-{n:04d}.wav")]
        return [*args, "--", text]

    return CommandEngine("espeak-ng", command)


def dispatcher_engine(language: Callable[[], str]) -> Engine | None:
    """speech-dispatcher through `spd-say` (None when it is not installed)."""
    program = shutil.which("spd-say")
    if program is None:
        return None
    return CommandEngine("speech-dispatcher", lambda text, _n: [program, "-w", "-l", language(), "--", text],
                         stop_command=[program, "-C"])


class Pyttsx3Engine(_OnWorker):
    """The system voice through pyttsx3, on its own thread (pyttsx3's loop blocks while it talks
    and wants the thread that made it)."""

    name = "pyttsx3"

    def __init__(self) -> None:
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._engine: Any = None
        self._worker = _Worker("pyttsx3", self._say, self._cancel)
        self._worker.put("", False)  # the first line makes the engine on the worker's thread
        self._ready.wait(10)
        if self._failed is not None or self._engine is None:
            self._worker.close()
            raise RuntimeError(f"pyttsx3 did not start: {self._failed}")

    def _say(self, text: str) -> None:
        if self._engine is None:
            try:
                import pyttsx3  # optional (the speech extra), untyped: pyproject.toml tells mypy

                engine = pyttsx3.init()
                if not engine.getProperty("voices"):  # a speech API with no voice installed says nothing
                    raise RuntimeError("no voice is installed")
                self._engine = engine
            except Exception as exc:  # noqa: BLE001 - no driver, no voice: the next engine is tried
                self._failed = exc
            self._ready.set()
            return
        self._engine.say(text)
        self._engine.runAndWait()

    def _cancel(self) -> None:
        if self._engine is not None:
            try:
                self._engine.stop()
            except Exception:  # noqa: BLE001 - stopping is best effort
                log.debug("pyttsx3 could not stop", exc_info=True)



class ScreenReaderEngine:
    """The running screen reader through accessible_output2 (its `Auto` output picks NVDA, JAWS,
    SAPI, VoiceOver…). Its outputs speak without blocking."""

    name = "screen-reader"

    def __init__(self, output: Any) -> None:
        self._output = output

    def speak(self, text: str, interrupt: bool) -> None:
        self._output.speak(text, interrupt=interrupt)

    def stop(self) -> None:
        self._output.speak("", interrupt=True)

    def close(self) -> None:
        pass


# accessible_output2's outputs that are a system voice, not a screen reader (by class name, lower case)
SYSTEM_VOICES = frozenset({"sapi5", "sapi4", "espeak", "speechdispatcher"})


def under_wine() -> bool:
    """Whether this is a Windows program running under Wine (its ntdll says so)."""
    if sys.platform != "win32":
        return False
    import ctypes

    try:
        return hasattr(ctypes.WinDLL("ntdll"), "wine_get_version")
    except OSError:
        return False


def screen_reader_output() -> Any | None:
    """accessible_output2's output for the screen reader running now (None: none runs, or the
    package is missing). Its system voices (SAPI 5 -- class `SAPI5`, active wherever Windows
    has a voice --, SAPI 4, eSpeak, speech-dispatcher) are not a screen reader: left to the
    system voice, and never a reason to turn speech on at the first start. Under Wine there is
    none to reach, and NVDA's client answers as if NVDA ran (Wine's RPC): no screen reader there."""
    if under_wine():
        log.info("under Wine: no screen reader is looked for")
        return None
    try:
        from accessible_output2.outputs import auto  # optional, untyped: pyproject.toml tells mypy
    except Exception:  # noqa: BLE001 - missing or broken on this system (it prints, too)
        return None
    try:
        outputs = auto.Auto().outputs
    except Exception:  # noqa: BLE001 - no output can be asked here: no screen reader
        return None
    for output in outputs:
        if getattr(output, "system_output", False) or type(output).__name__.lower() in SYSTEM_VOICES:
            continue
        try:
            if output.is_active():
                return output
        except Exception:  # noqa: BLE001 - an output that cannot tell is not running
            continue
    return None


def orca_running(proc: Path = Path("/proc")) -> bool:
    """Whether the Orca screen reader runs (Linux: a process named orca)."""
    try:
        for entry in proc.iterdir():
            if entry.name.isdigit():
                try:
                    if (entry / "comm").read_text(errors="replace").strip() == "orca":
                        return True
                except OSError:
                    continue
    except OSError:
        return False
    return False


def screen_reader_running() -> bool:
    """A screen reader runs now (the first start offers speech when one does)."""
    if sys.platform.startswith("linux"):
        return orca_running()
    return screen_reader_output() is not None


def _pyttsx3() -> Engine | None:
    try:
        return Pyttsx3Engine()
    except Exception as exc:  # noqa: BLE001 - no system voice: the next engine is tried
        log.info("pyttsx3 unavailable: %s", exc)
        return None


def _screen_reader() -> Engine | None:
    output = screen_reader_output()
    return ScreenReaderEngine(output) if output is not None else None


def engines(language: Callable[[], str]) -> dict[str, Callable[[], Engine | None]]:
    """Each engine by its name, made only when asked for."""
    folder = os.environ.get("CASTELLION_SPEECH_WAV")
    wav = Path(folder) if folder else None
    return {
        "screen-reader": _screen_reader,
        "speech-dispatcher": lambda: dispatcher_engine(language),
        "pyttsx3": _pyttsx3,
        "espeak-ng": lambda: espeak_engine(language, wav),
        "record": RecordingEngine,
        "none": lambda: None,
    }


def find_engine(language: Callable[[], str]) -> Engine | None:
    """The first engine that works here (see the module docstring); None when none does."""
    table = engines(language)
    chosen = os.environ.get("CASTELLION_SPEECH", "").strip().lower()
    if chosen:
        make = table.get(chosen)
        if make is None:
            log.warning("CASTELLION_SPEECH=%s: no such speech engine", chosen)
            return None
        return make()
    order = ["screen-reader", "pyttsx3", "espeak-ng"]
    if sys.platform.startswith("linux") and orca_running():
        order.insert(1, "speech-dispatcher")
    for name in order:
        engine = table[name]()
        if engine is not None:
            return engine
    return None


@dataclass(frozen=True)
class EngineCheck:
    """One engine as `survey` found it: its package or command is here (`found`), it could be
    made (`started`), and why not."""

    name: str
    found: bool
    started: bool
    why: str = ""

    def words(self) -> str:
        """The diagnostic's line (English, like the self-test's: for the developer, not the player)."""
        state = ("found, started" if self.started else "found, not started") if self.found else "not found"
        return f"{state}: {self.why}" if self.why else state


def _installed(module: str) -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def _survey_screen_reader() -> EngineCheck:
    if not _installed("accessible_output2"):
        return EngineCheck("screen-reader", False, False, "accessible_output2 is not installed")
    if under_wine():
        return EngineCheck("screen-reader", True, False, "under Wine no screen reader is trusted")
    output = screen_reader_output()
    if output is None:
        return EngineCheck("screen-reader", True, False, "no screen reader runs")
    return EngineCheck("screen-reader", True, True, type(output).__name__)


def _survey_pyttsx3() -> EngineCheck:
    if not _installed("pyttsx3"):
        return EngineCheck("pyttsx3", False, False, "pyttsx3 is not installed")
    try:
        engine = Pyttsx3Engine()
    except Exception as exc:  # noqa: BLE001 - the diagnostic says why, whatever it is
        return EngineCheck("pyttsx3", True, False, " ".join(str(exc).split())[:300])
    engine.close()
    return EngineCheck("pyttsx3", True, True)


def survey() -> list[EngineCheck]:
    """Each engine of `find_engine`'s order: found here or not, and made or not (then closed at
    once: nothing is said). The first one started is the one the game speaks through."""
    linux = sys.platform.startswith("linux")
    dispatcher = shutil.which("spd-say") is not None
    orca = linux and orca_running()
    espeak = (shutil.which("espeak-ng") or shutil.which("espeak")) is not None
    return [
        _survey_screen_reader(),
        EngineCheck("speech-dispatcher", dispatcher, dispatcher and orca,
                    "" if orca or not dispatcher else "used only while Orca runs"),
        _survey_pyttsx3(),
        EngineCheck("espeak-ng", espeak, espeak),
    ]
