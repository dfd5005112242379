"""Castle notation (issue 2: parse_castle / format_castle / parse_tile)."""

import pytest

from castellion.rules import Faction, Shape, format_castle, parse_castle, parse_tile

TEXT = """
.. .. .. .. .. ..
.. .. .. .. .. ..
.. .. .. .. .. ..
.. .. Jc .. .. ..
.. Ss Pt@ .. .. ..
Pt Ct Jc *s .. ..
"""


def test_tile_codes():
    pt = parse_tile("Pt")
    assert pt.faction is Faction.PYRO and pt.shape is Shape.TRIANGLE and pt.defender
    assert parse_tile("Sc+").safe and parse_tile("Sc+").faction is Faction.SEER
    pantry = parse_tile("*s")
    assert pantry.pantry and pantry.faction is None and pantry.shape is Shape.SQUARE
    assert parse_tile("Jc@").pawn and parse_tile("Jc@").base_code == "Jc"
    assert parse_tile("T").traitor and not parse_tile("T").black
    assert parse_tile("T!").traitor and parse_tile("T!").black
    assert parse_tile("Pt") is parse_tile("Pt")  # interned


@pytest.mark.parametrize("bad", ["Xt", "Pq", "", "T+", "**", "Ptt", "*x"])
def test_bad_tile_codes_are_named(bad):
    with pytest.raises(ValueError, match="unknown tile"):
        parse_tile(bad)


def test_parse_and_format_round_trip():
    c = parse_castle(TEXT)
    assert c.tile_at((0, 0)).code == "Pt"
    assert c.tile_at((1, 2)).code == "Pt@"
    assert c.tile_at((2, 2)).code == "Jc"
    assert c.tile_at((0, 3)).code == "*s"
    assert len(c) == 7
    again = parse_castle(format_castle(c))
    assert again == c
    assert format_castle(again) == format_castle(c)


def test_format_is_canonical_and_aligned():
    c = parse_castle(TEXT)
    lines = format_castle(c).splitlines()
    assert len(lines) == 6
    assert lines[-1].split() == ["Pt", "Ct", "Jc", "*s", "..", ".."]


def test_blank_lines_and_spaces_are_ignored():
    text = "\n\n   " + TEXT.replace("\n", "\n   ") + "\n\n"
    assert parse_castle(text) == parse_castle(TEXT)


def test_wrong_number_of_lines():
    with pytest.raises(ValueError, match="6 lines"):
        parse_castle(".. .. .. .. .. ..\n" * 5)


def test_wrong_number_of_tokens_names_the_line():
    text = TEXT.replace("Pt Ct Jc *s .. ..", "Pt Ct Jc *s ..")
    with pytest.raises(ValueError, match="line 6: expected 6 tokens"):
        parse_castle(text)


def test_unknown_token_names_line_and_token():
    text = TEXT.replace("Pt Ct Jc *s", "Pt Ct Zz *s")
    with pytest.raises(ValueError, match="line 6, token 3: unknown tile 'Zz'"):
        parse_castle(text)


def test_floating_tile_is_refused():
    text = TEXT.replace(".. .. Jc .. .. ..", ".. .. .. .. Jc ..")
    with pytest.raises(ValueError, match="line 4, token 5: floating tile Jc"):
        parse_castle(text)


def test_traitor_in_castle_is_refused():
    with pytest.raises(ValueError, match="Traitor"):
        parse_castle(TEXT.replace("Pt Ct", "T Ct"))
