"""The test suite's shape (issue 19): a quick tier that answers in minutes, a slow tier for the
long checks, and no test that fails because the machine is busy."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
CLOCKS = re.compile(r"\b(perf_counter|monotonic|process_time|thread_time|since_launch)\(\)|\btime\.time\(\)")
# a reading of a time compared with a number: "took < 3", "float(seconds) >= 0.3", "ms <= 15"
ELAPSED_NAMES = re.compile(r"\b(took|elapsed|duration|duration_s|wall|seconds|secs|ms)\b")


def test_the_readme_the_makefile_and_ci_agree_on_the_tiers():
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert any(line.startswith("make test ") for line in readme[:8]), "the README's second command"
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    quick = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert '-m "not slow"' in quick
    assert "-m slow" in makefile.split("\ntest-slow:", 1)[1].split("\n\n", 1)[0]
    assert "-m" not in makefile.split("\ntest-all:", 1)[1].split("\n\n", 1)[0].split("pytest", 1)[-1].replace(
        "-m pytest", "")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.index("\nmake test\n") < ci.index("\nmake test-slow\n")


def _asserts_on_the_clock(path: Path) -> list[str]:
    found = []
    source = path.read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assert):
            text = ast.get_source_segment(source, node.test) or ""
            if isinstance(node.test, ast.Compare) and (CLOCKS.search(text) or ELAPSED_NAMES.search(text)):
                found.append(f"{path.name}:{node.lineno}: {text}")
    return found


def test_no_test_compares_an_elapsed_time_with_a_limit():
    """A test that fails because the machine is busy is a defect: speed lives in bench/."""
    found = [line for path in sorted(TESTS.glob("**/*.py")) for line in _asserts_on_the_clock(path)]
    assert not found, found


def test_the_scan_above_finds_an_elapsed_time_assert(tmp_path):
    # The sample is put together from pieces so that this file holds no such assert itself.
    clock, less = "time.perf_counter()", " < "
    sample = tmp_path / "test_sample.py"
    sample.write_text(f"import time\nstart = {clock}\nassert {clock} - start{less}3.0\n"
                      f"took = 1\nassert took{less}0.015, took\nassert float(seconds) >= 0.3\nassert 1{less}2\n",
                      encoding="utf-8")
    assert len(_asserts_on_the_clock(sample)) == 3


# A wait given a number of seconds: `.wait(5)`, `timeout=20`, `join(10)`. Up to 2 s is a probe that
# something has *not* happened (a cancelled answer that must not come); anything longer is a wait
# for something to happen, and a busy machine may need longer than any small number: such waits
# use the hang guards (HANG_GUARD, LONG_GUARD in tests/xvfb_helpers.py).
WAIT_SECONDS = re.compile(r"(?:\.wait\(|\.join\(|timeout=)(\d+(?:\.\d+)?)\b|wait_for\(.*, (\d+(?:\.\d+)?), f?[\"']")


def _waits_with_a_number(path: Path) -> list[str]:
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for match in WAIT_SECONDS.finditer(line):
            if float(match.group(1) or match.group(2)) > 2:
                found.append(f"{path.name}:{number}: {line.strip()}")
    return found


def test_every_wait_for_something_to_happen_uses_a_hang_guard():
    found = [line for path in sorted(TESTS.glob("**/*.py")) if path.name != "test_tiers.py"
             for line in _waits_with_a_number(path)]
    assert not found, found


def test_the_wait_scan_finds_a_short_wait(tmp_path):
    sample = tmp_path / "test_sample.py"
    sample.write_text("\n".join(["assert started.wait(" + "5)", "run(cmd, timeout=" + "20)",
                                  "wait_for(lambda: ok, " + "10, 'it')", "assert job.wait(1) is None",
                                  "job.wait(HANG_GUARD)"]), encoding="utf-8")
    assert len(_waits_with_a_number(sample)) == 3


def test_the_fake_clock_is_in_conftest_and_drives_the_app(app, fake_clock):
    assert app.now is fake_clock
    before = fake_clock()
    from tests.conftest import frames

    frames(app, 3)
    assert fake_clock() - before == pytest.approx(3 / 60)
