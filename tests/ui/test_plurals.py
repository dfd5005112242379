"""Counts with their nouns (`castellion/ui/text.py`'s `tn`): one, other and zero forms picked by
the catalog's plural rule, and a string table with no hedged "(s)" plurals."""

from __future__ import annotations

import re

from castellion.ui.text import keys, t, tn


def test_plural_helper_picks_one_other_and_zero():
    assert tn("board.discard_count", 1) == "1 tile"
    assert tn("board.discard_count", 0) == "0 tiles"
    assert tn("board.discard_count", 7) == "7 tiles"
    assert tn("board.count.tower", 1) == "1 Tower" and tn("board.count.tower", 2) == "2 Towers"
    assert "for free" in tn("board.do.use_traitor_discard", 0, traitor="T", discard="X")
    assert "for 1 tile (X)" in tn("board.do.use_traitor_discard", 1, traitor="T", discard="X")
    assert "for 3 tiles (X)" in tn("board.do.use_traitor_discard", 3, traitor="T", discard="X")
    assert tn("reveal.destroy", 1) == "Destroy 1 tile" and tn("reveal.destroy", 16) == "Destroy 16 tiles"
    assert "1" not in tn("reveal.rows", 1) and "2" in tn("reveal.rows", 2)  # one row: no count
    assert tn("end.turns", 1) == "1 turn" and tn("end.turns", 30) == "30 turns"


def test_the_string_table_has_no_hedged_plurals_and_pairs_its_forms(ctx):
    import castellion.scenes.board  # noqa: F401 - registers board.* / reveal.* / setup.*

    table = {k: t(k) for k in keys()}
    hedged = [k for k, v in table.items() if "(s)" in v]
    assert not hedged, hedged
    for k in table:
        if k.endswith(".one"):
            assert k[:-4] + ".other" in table, k
        if k.endswith(".other"):
            assert k[:-6] + ".one" in table, k
    # a count field followed by a plural noun belongs in an ".other" form only
    plural = re.compile(r"\{(n|turns|cost|count)\} (tiles|rows|turns|Towers|Bastions|Lines|Traitors)\b")
    loose = [k for k, v in table.items() if plural.search(v) and not k.endswith(".other")]
    assert not loose, loose
