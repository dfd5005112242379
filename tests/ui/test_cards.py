"""The Ordeal card's own words (`ui.cards`): a Simulation card says it is not a printed card.

Fails without its fix: the note read "this edition's card", which told a player nothing (which
edition? what card?). Now the card says it is not a printed card, at the note's own size, and the
text mode (`rules.reconstructed`), which has room, says why.
"""

from __future__ import annotations

import pytest

from castellion.rules import default_ruleset
from castellion.ui.cards import render_card
from castellion.ui.castle_view import TileArt
from castellion.ui.text import set_language, t
from tests.conftest import TextSpy


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("size", [(128, 180), (200, 280)])  # the solo board's cards, the reveal's
def test_a_simulation_card_says_it_is_not_a_printed_card_at_its_note_size(ctx, lang, size):
    set_language(lang)
    spy = ctx.fonts = TextSpy(ctx.fonts)
    card = default_ruleset().cards["sim-1"]
    assert card.source == "reconstructed"  # docs/rules.md §5.4: the Simulations are this game's own
    surf = render_card(ctx, TileArt(ctx), card, size, face_up=True)
    note = t("board.reconstructed")
    assert note in spy.sizes
    kx = size[0] / 200
    drawn = spy.sizes[note][-1]
    assert drawn >= max(9, int(13 * kx)), (note, drawn)  # not shrunk to fit
    assert spy.text_width(note, "body", drawn) <= surf.get_width() - 22
    # the text mode (no room limit) gives the reason after the card's own words
    assert t("rules.reconstructed").startswith(note) and len(t("rules.reconstructed")) > 2 * len(note)
