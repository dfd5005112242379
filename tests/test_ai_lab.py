"""The win-rate lab (issue 14): reproducible deals, a Wilson interval, a table, CSV and JSON."""

from __future__ import annotations

import csv
import json

import pytest

from castellion import lab


def test_wilson_interval_matches_known_values():
    lo, hi = lab.wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = lab.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert lab.wilson(0, 0) == (0.0, 1.0)


def test_a_deal_is_reproduced_by_its_seed():
    s = lab.Setting("intro")
    a, b = lab.play_deal(s, 7), lab.play_deal(s, 7)
    assert (a.won, a.reason, a.moves) == (b.won, b.reason, b.moves)
    assert a.won or a.reason.startswith("R-")


def test_losing_reasons_are_grouped_by_rule_and_ordeal():
    deals = [lab.Deal(lab.Setting("base"), i, won=i == 0, reason="" if i == 0 else "R-§5.3 @ Ordeal 1",
                      moves=10, times=[0.001] * 10) for i in range(4)]
    (row,) = lab.summarize(deals)
    assert row["wins"] == 1 and row["games"] == 4 and row["losses"] == {"R-§5.3 @ Ordeal 1": 3}
    assert "R-§5.3 @ Ordeal 1 ×3" in lab.table([row])


def test_command_line_prints_the_table_and_writes_csv_and_json(tmp_path, capsys):
    prefix = str(tmp_path / "out" / "lab")
    assert lab.main(["--level", "intro", "--players", "1,2", "--games", "2", "--first-seed", "5",
                     "--jobs", "1", "--out", prefix]) == 0
    out, err = capsys.readouterr()
    assert "intro normal" in out and "intro normal 2p" in out and "95% CI" in out
    assert "2/2 deals" in err or "4/4 deals" in err  # the progress bar
    rows = list(csv.DictReader(open(prefix + ".csv", encoding="utf-8")))
    assert [r["seed"] for r in rows] == ["5", "6", "5", "6"]
    data = json.load(open(prefix + ".json", encoding="utf-8"))
    assert data["command"].startswith("python -m castellion.lab --level intro")
    assert {r["label"] for r in data["summary"]} == {"intro normal", "intro normal 2p"}


def test_bad_settings_are_refused_with_a_usage_message(capsys):
    with pytest.raises(SystemExit):
        lab.main(["--level", "legendary", "--games", "1"])
    assert "unknown setting" in capsys.readouterr().err


def test_two_jobs_give_the_same_results_as_one():
    one = lab.run([lab.Setting("intro")], 2, 0, 0.5, 1, quiet=True)
    two = lab.run([lab.Setting("intro")], 2, 0, 0.5, 2, quiet=True)
    assert [(d.seed, d.won, d.moves) for d in one] == [(d.seed, d.won, d.moves) for d in two]


def test_the_ai_and_the_lab_are_pure():
    """ARCHITECTURE.md: content/ai sit just above the rules — no pygame, nothing above them."""
    import subprocess
    import sys

    code = ("import sys, castellion.ai, castellion.ai.worker, castellion.ai.search, castellion.lab; "
            "print(sorted(m for m in sys.modules if m.startswith(('pygame', 'castellion.ui', "
            "'castellion.scenes', 'castellion.session', 'castellion.persistence'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_ai_type_checks():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "mypy", "castellion/ai", "castellion/lab.py"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout
