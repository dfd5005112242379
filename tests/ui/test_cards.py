"""The Ordeal card's own words (`ui.cards`): a Simulation card says it is not a printed card.

Fails without its fix: the note read "this edition's card", which told a player nothing (which
edition? what card?). Now the card says it is not a printed card, at the note's own size, and the
text mode (`rules.reconstructed`), which has room, says why.
"""

from __future__ import annotations

import pytest

from castellion.rules import default_ruleset
from castellion.ui.cards import NOTE_MARK, note_legend, note_on_card, render_card
from castellion.ui.castle_view import TileArt
from castellion.ui.painting import ink_box
from castellion.ui.text import set_language, t
from tests.conftest import TextSpy


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("size", [(128, 180), (200, 280), (240, 338)])  # the solo board's cards, the reveal's
def test_a_simulation_card_says_it_is_not_a_printed_card_at_12_px_at_least(ctx, lang, size):
    """At 100 % no words under 12 px at 1280×800 (the Steam Deck's guide): the note was 8–9 px."""
    set_language(lang)
    spy = ctx.fonts = TextSpy(ctx.fonts)
    card = default_ruleset().cards["sim-1"]
    assert card.source == "reconstructed"  # docs/rules.md §5.4: the Simulations are this game's own
    surf = render_card(ctx, TileArt(ctx), card, size, face_up=True)
    note = t("board.reconstructed")
    assert note in spy.sizes and note_on_card(ctx, size)
    kx = size[0] / 200
    drawn = spy.sizes[note][-1]
    assert drawn >= 12 and (size[0] < 150 or drawn >= int(13 * kx)), (note, drawn)  # shrunk only on the small cards
    assert ink_box(ctx, note, drawn).w <= surf.get_width() - 18  # inside the card's inner gold line
    # the text mode (no room limit) gives the reason after the card's own words
    assert t("rules.reconstructed").startswith(note) and len(t("rules.reconstructed")) > 2 * len(note)


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_a_small_simulation_card_carries_the_mark_the_board_explains_at_12_px(ctx, lang):
    """The two-player board's cards (100 × 140) have no room for the note's words at 12 px: the
    card carries a mark, and the Ordeals panel says beside its heading what the mark means."""
    set_language(lang)
    spy = ctx.fonts = TextSpy(ctx.fonts)
    card = default_ruleset().cards["sim-1"]
    render_card(ctx, TileArt(ctx), card, (100, 140), face_up=True)
    assert not note_on_card(ctx, (100, 140))
    assert set(spy.sizes[NOTE_MARK]) == {12}


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_two_player_ordeals_panel_says_what_the_mark_means(ctx, monkeypatch, lang):
    from tests.project.test_layout_words import _drawn_sizes, show

    sizes = _drawn_sizes(monkeypatch)
    _, frame = show(ctx, monkeypatch, "board-two-players", lang, 1.0)
    words = [w.words for w in frame]
    assert note_legend() in words and sizes[note_legend()] >= 12
    assert t("board.reconstructed") not in words  # the cards carry the mark, not the words
    assert words.count(NOTE_MARK) == 3  # the three Simulation cards
    _, frame = show(ctx, monkeypatch, "board-academy", lang, 1.0)  # the solo board's cards say it in words
    words = [w.words for w in frame]
    assert note_legend() not in words and NOTE_MARK not in words
    assert words.count(t("board.reconstructed")) == 3
    # at 200 % text (the cards, pictures, keep their 100 % words; the panel's are smaller): the
    # legend is drawn exactly when the cards carry the mark
    for name in ("board-academy", "board-two-players"):
        _, frame = show(ctx, monkeypatch, name, lang, 1.0, 200)
        words = [w.words for w in frame]
        marks, said = words.count(NOTE_MARK), words.count(t("board.reconstructed"))
        assert marks + said == 3 and (marks > 0) == (note_legend() in words), (name, marks, said)
