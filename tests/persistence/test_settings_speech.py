"""The spoken game's settings (`speech`, `speech_offered`): off by default, an older settings file
without them loads with speech off, a damaged value falls back to the default, and they are
written and read back."""

from __future__ import annotations

import json
from pathlib import Path

from castellion.persistence.settings import Settings, load_settings_report

OLD = Path(__file__).resolve().parents[2] / "tests" / "data" / "old" / "0.1.0"


def test_speech_is_off_by_default_and_in_an_older_settings_file():
    assert Settings().speech is False and Settings().speech_offered is False
    old = next(OLD.rglob("settings.json"))
    assert "speech" not in json.loads(old.read_text())
    settings, problem = load_settings_report(old)
    assert problem is None and settings.speech is False and settings.speech_offered is False


def test_a_bad_speech_value_falls_back_and_a_good_one_round_trips(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"format": 1, "speech": "yes", "speech_offered": 1}))
    settings, _ = load_settings_report(path)
    assert settings.speech is False and settings.speech_offered is False
    path.write_text(json.dumps(Settings(speech=True, speech_offered=True).to_dict()))
    settings, _ = load_settings_report(path)
    assert settings.speech is True and settings.speech_offered is True
