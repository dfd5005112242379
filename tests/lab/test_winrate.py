"""The win-rate lab (lab/winrate.py, `python -m lab`): reproducible deals, a Wilson interval, a
table, CSV and JSON; the lab beside the game, never inside it."""

from __future__ import annotations

import ast
import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

from lab import winrate as lab
from tests.xvfb_helpers import HANG_GUARD, LONG_GUARD


def test_wilson_interval_matches_known_values():
    lo, hi = lab.wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = lab.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert lab.wilson(0, 0) == (0.0, 1.0)


def test_a_deal_is_reproduced_by_its_seed():
    s = lab.Setting("expert")  # the shortest games: the point is the seed, not the level
    a, b = lab.play_deal(s, 7), lab.play_deal(s, 7)
    assert (a.won, a.reason, a.moves, a.work) == (b.won, b.reason, b.moves, b.work)
    assert a.won or a.reason.startswith("R-")


def test_losing_reasons_are_grouped_by_rule_and_ordeal():
    deals = [lab.Deal(lab.Setting("base"), i, won=i == 0, reason="" if i == 0 else "R-§5.3 @ Ordeal 1",
                      moves=10, times=[0.001] * 10) for i in range(4)]
    (row,) = lab.summarize(deals)
    assert row["wins"] == 1 and row["games"] == 4 and row["losses"] == {"R-§5.3 @ Ordeal 1": 3}
    assert "R-§5.3 @ Ordeal 1 ×3" in lab.table([row])


def test_command_line_prints_the_table_and_writes_csv_and_json(tmp_path, capsys):
    prefix = str(tmp_path / "out" / "lab")
    assert lab.main(["--level", "expert", "--players", "1,2", "--games", "1", "--first-seed", "5",
                     "--jobs", "1", "--out", prefix]) == 0
    out, err = capsys.readouterr()
    assert "expert normal" in out and "expert normal 2p" in out and "95% CI" in out and "work/move" in out
    assert "2/2 deals" in err  # the progress bar
    rows = list(csv.DictReader(open(prefix + ".csv", encoding="utf-8")))
    assert [(r["seed"], r["players"]) for r in rows] == [("5", "1"), ("5", "2")]
    assert all(int(r["work"]) >= int(r["most_work"]) > 0 for r in rows)
    data = json.load(open(prefix + ".json", encoding="utf-8"))
    assert data["command"].startswith("python -m lab --level expert")
    assert {r["label"] for r in data["summary"]} == {"expert normal", "expert normal 2p"}
    # the files are the lab's result alone, reproducible bit for bit: no timings in them
    assert "seconds" not in rows[0] and not any(k.startswith("ms_") for k in data["summary"][0])


def test_bad_settings_are_refused_with_a_usage_message(capsys):
    with pytest.raises(SystemExit):
        lab.main(["--level", "legendary", "--games", "1"])
    assert "unknown setting" in capsys.readouterr().err


@pytest.mark.slow
def test_two_jobs_write_the_same_files_as_one(tmp_path):
    """The table is reproduced bit for bit whatever the number of processes (and the load)."""
    one, two = str(tmp_path / "one"), str(tmp_path / "two")
    argv = ["--level", "expert", "--games", "2", "--first-seed", "3", "--quiet"]
    assert lab.main([*argv, "--jobs", "1", "--out", one]) == 0
    assert lab.main([*argv, "--jobs", "2", "--out", two]) == 0
    assert open(one + ".csv", "rb").read() == open(two + ".csv", "rb").read()
    summary = [json.load(open(p + ".json", encoding="utf-8"))["summary"] for p in (one, two)]
    assert summary[0] == summary[1]


REPO = Path(__file__).resolve().parents[2]


def test_the_ai_and_the_lab_are_pure():
    """ARCHITECTURE.md: content/ai sit just above the rules — no pygame, nothing above them."""
    code = ("import sys, castellion.ai, castellion.ai.worker, castellion.ai.search, lab.winrate; "
            "print(sorted(m for m in sys.modules if m.startswith(('pygame', 'castellion.ui', "
            "'castellion.scenes', 'castellion.session', 'castellion.persistence'))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=HANG_GUARD)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_ai_and_the_lab_type_check():
    out = subprocess.run([sys.executable, "-m", "mypy", "castellion/ai", "lab"], cwd=REPO,
                         capture_output=True, text=True, timeout=LONG_GUARD)
    assert out.returncode == 0, out.stdout


def test_the_command_is_python_m_lab_from_the_repository():
    out = subprocess.run([sys.executable, "-m", "lab", "--help"], cwd=REPO, capture_output=True, text=True,
                         timeout=HANG_GUARD)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("usage: python -m lab") and "--calibration-png" in out.stdout


def lab_imports(package: Path) -> list[str]:
    """The game's modules that import the lab (it may use the game; the game never uses it)."""
    found = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else []
            if any(n == "lab" or n.startswith(("lab.", "castellion.lab")) for n in names):
                found.append(path.relative_to(package.parent).as_posix())
    return found


def test_the_game_never_imports_the_lab(tmp_path):
    assert lab_imports(REPO / "castellion") == []
    assert not list((REPO / "castellion").glob("lab*.py"))
    (tmp_path / "castellion").mkdir()
    (tmp_path / "castellion" / "cli.py").write_text("from lab.winrate import main\n", encoding="utf-8")
    assert lab_imports(tmp_path / "castellion") == ["castellion/cli.py"]  # the check can fail
