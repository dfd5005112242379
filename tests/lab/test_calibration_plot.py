"""The lab's win-chance calibration by decile and its reliability plot (`--calibration-png`)."""

from __future__ import annotations

import ast
import json

import pygame
import pytest

from lab import calibration as LC  # noqa: N812 - the calibration module, short
from lab import plot as CP  # noqa: N812 - the plot module, short
from lab import winrate as lab


def test_rows_by_decile_with_wilson_intervals_and_the_five_point_test():
    pairs = [(0.05, 0)] * 19 + [(0.05, 1)] + [(0.42, 1)] * 3 + [(0.42, 0)] * 7 + [(1.0, 1)] * 4
    rows = LC.calibration_rows(pairs)
    assert [r["bin"] for r in rows] == ["0.0-0.1", "0.4-0.5", "0.9-1.0"]  # empty deciles left out
    first, middle, last = rows
    assert first["n"] == 20 and first["observed"] == 0.05 and first["within5"]
    assert middle["n"] == 10 and abs(middle["observed"] - 0.3) < 1e-9 and not middle["within5"]  # 42 v 30
    assert last["n"] == 4 and last["predicted"] == 1.0  # a certain 100 % is in the top decile
    for r in rows:
        assert 0 <= r["low"] <= r["observed"] <= r["high"] <= 1
    assert (first["low"], first["high"]) == lab.wilson(1, 20)


def test_the_plot_is_a_png_of_its_size_with_each_levels_points(tmp_path):
    rows = LC.calibration_rows([(0.05, 0)] * 10 + [(0.55, 1)] * 5 + [(0.55, 0)] * 5)
    path = tmp_path / "lab" / "calibration.png"
    CP.save_plot(path, {"intro": rows, "base": rows}, "a title")
    image = pygame.image.load(str(path))
    assert image.get_size() == CP.SIZE
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(CP.PLOT.x, CP.PLOT.right, 2)
               for y in range(CP.PLOT.y, CP.PLOT.bottom, 2)}
    assert CP.COLOURS["intro"] in colours and CP.COLOURS["base"] in colours
    assert CP.COLOURS["expert"] not in colours  # a level not measured is not drawn
    assert [p.name for p in path.parent.iterdir()] == ["calibration.png"]  # no temporary file left


def test_the_lab_command_writes_the_table_the_plot_and_its_data(tmp_path, monkeypatch, capsys):
    # Two positions that won 2 of 16 playouts and were lost, one that won 14 of 16 and was won, per deal.
    monkeypatch.setattr(LC, "positions", lambda level, games, first, jobs=1, progress=False:
                        [LC.Position(first + i, 10, w, 16, won) for i in range(games)
                         for w, won in ((2, 0), (2, 0), (14, 1))])
    png = tmp_path / "cal.png"
    assert lab.main(["--calibration", "--level", "intro", "--games", "4", "--first-seed", "1000",
                     "--calibration-png", str(png), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "   0.1-0.2     8" in out and "   0.8-0.9     4" in out  # the plain share's tenths
    assert pygame.image.load(str(png)).get_size() == CP.SIZE
    doc = json.loads((tmp_path / "cal.json").read_text(encoding="utf-8"))
    assert doc["command"].startswith("python -m lab --calibration --level intro --games 4")
    assert [r["n"] for r in doc["levels"]["intro"]["share_rows"]] == [8, 4]
    assert sum(r["n"] for r in doc["levels"]["intro"]["rows"]) == 12
    assert [r["n"] for r in doc["levels"]["intro"]["decile_rows"]] == [1, 1, 1, 1, 2, 1, 1, 1, 1, 2]
    stages = doc["levels"]["intro"]["stage_rows"]
    assert [(r["bin"], r["n"], r["observed"]) for r in stages] == [("after 10", 12, 1 / 3)]
    first_deal = [[1000, 10, 2, 16, 0], [1000, 10, 2, 16, 0], [1000, 10, 14, 16, 1]]
    assert doc["levels"]["intro"]["positions"][:3] == first_deal

    # The kept positions are tabled again without playing a deal, and the same table comes out.
    monkeypatch.setattr(LC, "positions", lambda *a, **k: pytest.fail("no deal is played with --from"))
    assert lab.main(["--calibration", "--from", str(tmp_path / "cal.json")]) == 0
    assert capsys.readouterr().out.splitlines() == out.splitlines()[:-1]  # all but "wrote ..."
    # ... and a spread of chances is fitted to them, as source for ai/prior.py.
    assert lab.main(["--fit-prior", "--from", str(tmp_path / "cal.json")]) == 0
    comment, entry = capsys.readouterr().out.split("\n", 1)
    assert comment.lstrip().startswith("# 12 ")  # how many positions, and the command that made them
    spread = ast.literal_eval("{" + entry + "}")["intro"]
    assert len(spread) == 51 and abs(sum(spread) - 1) < 1e-3


def test_cross_fitting_reads_each_deal_under_a_spread_fitted_to_the_other_deals_only():
    from castellion.ai import prior

    # Even seeds: positions of about 20 %; odd seeds: nearly won ones. Seed 0 is read under the
    # spread of the odd deals alone, seed 1 under that of the even deals alone.
    found = [LC.Position(seed, 10, 3 + seed % 3 if seed % 2 == 0 else 15, 16, 0) for seed in range(40)]
    pairs = LC.cross_fitted(found)
    odd = prior.floored(prior.fit([(p.wins, p.playouts) for p in found if p.seed % 2 == 1]))
    even = prior.floored(prior.fit([(p.wins, p.playouts) for p in found if p.seed % 2 == 0]))
    assert pairs[0] == (prior.posterior_under(odd, found[0].wins, 16)[0], 0)
    assert pairs[1] == (prior.posterior_under(even, found[1].wins, 16)[0], 0)
    assert pairs[0][0] != prior.posterior_under(even, found[0].wins, 16)[0]  # not its own half's


def test_a_file_that_holds_no_kept_positions_is_refused_with_its_name(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"levels": {"intro": {"rows": []}}}', encoding="utf-8")
    for path in (bad, tmp_path / "absent.json"):
        with pytest.raises(SystemExit) as stop:
            lab.main(["--calibration", "--from", str(path)])
        assert stop.value.code == 2 and str(path) in capsys.readouterr().err


def test_the_lab_tables_the_estimate_against_the_outcomes():
    rows = LC.calibration("intro", 2, 1000, playouts=2, at=(20, 100000), bins=2)
    assert sum(r["n"] for r in rows) == 2  # one position from each deal: no game lasts 100,000 decisions
    for r in rows:
        assert 0 <= r["low"] <= r["observed"] <= r["high"] <= 1
        assert r["bin"] in ("0.0-0.5", "0.5-1.0")
