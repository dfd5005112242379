"""The speech engines and how one is chosen (castellion/ui/speech/engines.py), with the optional
packages (accessible_output2, pyttsx3) stood in for by small modules: a Windows system voice is
not a screen reader, a speech API that fails to start or has no voice (Wine's SAPI) is no engine,
and the survey the self-test prints says which engines are here and which start."""

from __future__ import annotations

import importlib.machinery
import sys
import types

import pytest

from castellion import selftest
from castellion.ui.speech import engines


def _install(monkeypatch, name: str, module: types.ModuleType) -> None:
    module.__spec__ = importlib.machinery.ModuleSpec(name, None)
    monkeypatch.setitem(sys.modules, name, module)


def _accessible_output2(monkeypatch, *outputs: object) -> None:
    """accessible_output2 whose Auto() has these outputs (as on Windows: NVDA, JAWS, SAPI5…)."""
    auto = types.ModuleType("accessible_output2.outputs.auto")
    auto.Auto = lambda: types.SimpleNamespace(outputs=list(outputs))
    package_outputs = types.ModuleType("accessible_output2.outputs")
    package_outputs.auto = auto
    package = types.ModuleType("accessible_output2")
    package.outputs = package_outputs
    for name, module in (("accessible_output2", package), ("accessible_output2.outputs", package_outputs),
                         ("accessible_output2.outputs.auto", auto)):
        _install(monkeypatch, name, module)


def _output(class_name: str, active: bool, system_output: bool = False) -> object:
    """An accessible_output2 output of that class name (accessible_output2 0.17 names SAPI 5's
    output `SAPI5`, marked `system_output`: it is active wherever Windows has a voice)."""
    cls = type(class_name, (), {"system_output": system_output, "is_active": lambda self: active})
    return cls()


def _pyttsx3(monkeypatch, init) -> None:
    module = types.ModuleType("pyttsx3")
    module.init = init
    _install(monkeypatch, "pyttsx3", module)


class _Voice:
    """A pyttsx3 engine with these voices (an empty list: a speech API with no voice installed)."""

    def __init__(self, voices: list[str]) -> None:
        self.voices = voices
        self.stopped = 0

    def getProperty(self, name: str):  # noqa: N802 - pyttsx3's name
        assert name == "voices"
        return self.voices

    def stop(self) -> None:
        self.stopped += 1


def test_a_windows_system_voice_is_not_taken_for_a_running_screen_reader(monkeypatch):
    """accessible_output2's SAPI 5 output is active on every Windows with a voice: taken for a
    screen reader, every Windows player would have speech turned on at the first start."""
    monkeypatch.setattr(engines, "under_wine", lambda: False)
    monkeypatch.setattr(engines.sys, "platform", "win32")
    _accessible_output2(monkeypatch, _output("NVDA", False), _output("SAPI5", True, system_output=True),
                        _output("Sapi4", True))
    assert engines.screen_reader_output() is None
    assert not engines.screen_reader_running()
    nvda = _output("NVDA", True)
    _accessible_output2(monkeypatch, _output("SAPI5", True, system_output=True), nvda)
    assert engines.screen_reader_output() is nvda
    assert engines.screen_reader_running()


def test_a_system_voice_that_fails_to_start_or_has_no_voice_is_no_engine(monkeypatch):
    """Wine's SAPI: creating the voice fails (its automation is a stub), or a speech API starts
    with no voice installed; either way the next engine is tried, then none (said once)."""
    def stub_sapi():
        raise OSError("class_factory_QueryInterface not implemented (a fault made up by the test)")

    _pyttsx3(monkeypatch, stub_sapi)
    assert engines._pyttsx3() is None
    _pyttsx3(monkeypatch, lambda: _Voice([]))
    assert engines._pyttsx3() is None
    monkeypatch.setattr(engines, "under_wine", lambda: True)
    monkeypatch.setattr(engines.shutil, "which", lambda name: None)
    monkeypatch.delenv("CASTELLION_SPEECH", raising=False)
    assert engines.find_engine(lambda: "en") is None
    voice = _Voice(["a voice"])
    _pyttsx3(monkeypatch, lambda: voice)
    engine = engines.find_engine(lambda: "en")
    assert isinstance(engine, engines.Pyttsx3Engine)
    engine.close()


def test_the_survey_says_what_is_here_what_started_and_why_not(monkeypatch):
    """What the frozen Windows program's self-test prints under Wine: both packages found, the
    screen reader not trusted, SAPI not started, no voice chosen."""
    monkeypatch.setattr(engines, "under_wine", lambda: True)
    monkeypatch.setattr(engines.shutil, "which", lambda name: None)
    _accessible_output2(monkeypatch, _output("NVDA", True))

    def stub_sapi():
        raise OSError("speech_voice_GetIDsOfNames stub (a fault made up by the test)")

    _pyttsx3(monkeypatch, stub_sapi)
    rows = {row.name: row for row in engines.survey()}
    assert list(rows) == ["screen-reader", "speech-dispatcher", "pyttsx3", "espeak-ng"]
    assert (rows["screen-reader"].found, rows["screen-reader"].started) == (True, False)
    assert "Wine" in rows["screen-reader"].why
    assert (rows["pyttsx3"].found, rows["pyttsx3"].started) == (True, False)
    assert "GetIDsOfNames" in rows["pyttsx3"].why and "GetIDsOfNames" in rows["pyttsx3"].words()
    assert not rows["espeak-ng"].found and not rows["speech-dispatcher"].found
    assert selftest.speech_survey() == "none"
    # with a voice, pyttsx3 starts and is the one chosen
    _pyttsx3(monkeypatch, lambda: _Voice(["a voice"]))
    assert [row.name for row in engines.survey() if row.started] == ["pyttsx3"]
    assert selftest.speech_survey() == "pyttsx3"


def test_the_survey_finds_no_optional_package_where_none_is_installed(monkeypatch):
    for name in ("pyttsx3", "accessible_output2"):
        monkeypatch.setitem(sys.modules, name, None)  # an import of it fails, as when it is missing
    rows = {row.name: row for row in engines.survey()}
    assert not rows["pyttsx3"].found and not rows["screen-reader"].found
    assert rows["pyttsx3"].words().startswith("not found")


@pytest.mark.parametrize("found, started, why, words", [
    (True, True, "", "found, started"),
    (True, False, "no screen reader runs", "found, not started: no screen reader runs"),
    (False, False, "", "not found"),
])
def test_a_survey_line_says_found_and_started(found, started, why, words):
    assert engines.EngineCheck("x", found, started, why).words() == words


def test_under_wine_no_screen_reader_is_trusted(monkeypatch):
    """Wine answers NVDA's client as if NVDA ran (seen with Wine 8 and accessible_output2 0.17):
    there, the screen reader engine is not used, so the system voice is tried, then none."""
    class NVDA:
        def is_active(self):
            return True

    nvda = NVDA()
    _accessible_output2(monkeypatch, nvda)
    monkeypatch.setattr(engines, "under_wine", lambda: False)
    assert engines.screen_reader_output() is nvda
    monkeypatch.setattr(engines, "under_wine", lambda: True)
    assert engines.screen_reader_output() is None
