"""End to end: the real program speaks through eSpeak NG (from Debian) in a real X window (Xvfb).

The data folder's settings turn speech on; `CASTELLION_SPEECH=espeak-ng` picks the engine and
`CASTELLION_SPEECH_WAV` makes it write each line to a WAV file instead of the sound card (a test
machine has none). Real key presses (xdotool) move the menu's focus; sox measures that the files
hold speech: long enough, and not silence.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from tests.xvfb_helpers import HANG_GUARD, Program, wait_for, xdo

pytestmark = pytest.mark.e2e


def sox_stat(path: Path) -> dict[str, float]:
    """sox's statistics of a sound file: "Length (seconds)", "RMS amplitude", …"""
    out = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True, text=True, timeout=HANG_GUARD)
    assert out.returncode == 0, out.stderr
    stats = {}
    for line in out.stderr.splitlines():
        m = re.match(r"^(.+?):\s+(-?[0-9.]+)$", line.strip())
        if m:
            stats[" ".join(m[1].split())] = float(m[2])  # ("RMS     amplitude": spaces collapsed)
    return stats


def test_the_menu_is_spoken_through_espeak_ng(xvfb, tmp_path, monkeypatch):
    for tool in ("espeak-ng", "sox"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed (apt-get install espeak-ng sox)")
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text(json.dumps({"format": 1, "speech": True, "language": "en"}))
    wav = tmp_path / "wav"
    wav.mkdir()
    monkeypatch.setenv("CASTELLION_SPEECH", "espeak-ng")
    monkeypatch.setenv("CASTELLION_SPEECH_WAV", str(wav))
    prog = Program(xvfb, home, tmp_path / "stderr.log")
    try:
        prog.wait_for_log("push MenuScene", HANG_GUARD, "the menu")
        wid = prog.window()
        time.sleep(0.5)
        for key in ("Tab", "Tab", "F3"):
            xdo(xvfb, "key", "--window", wid, key)
            time.sleep(0.3)
        wait_for(lambda: len(list(wav.glob("line-*.wav"))) >= 3 or not prog.alive(), HANG_GUARD, "three lines said")
        assert prog.alive(), prog.log()[-3000:]
    finally:
        code = prog.stop()
    prog.assert_clean_exit(code)
    files = sorted(wav.glob("line-*.wav"))
    assert len(files) >= 3
    for path in files[:-1]:  # (lines are said one after another: all but the last were finished)
        stats = sox_stat(path)
        assert stats["Samples read"] > 5000  # a few words (eSpeak NG writes 22,050 samples a second)
        assert stats["RMS amplitude"] > 0.01  # not silence
