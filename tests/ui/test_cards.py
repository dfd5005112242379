"""The Ordeal card's own words (`ui.cards`): a Simulation card says it is not a printed card.

Fails without its fix: the note read "this edition's card", which told a player nothing (which
edition? what card?). Now the card says it is not a printed card, at the note's own size, and the
text mode (`rules.reconstructed`), which has room, says why.
"""

from __future__ import annotations

import pygame
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
    # at 200 % text (the note's words grow only as far as the band under the box holds them; the
    # mark stays): the legend is drawn exactly when the cards carry the mark
    for name in ("board-academy", "board-two-players"):
        _, frame = show(ctx, monkeypatch, name, lang, 1.0, 200)
        words = [w.words for w in frame]
        marks, said = words.count(NOTE_MARK), words.count(t("board.reconstructed"))
        assert marks + said == 3 and (marks > 0) == (note_legend() in words), (name, marks, said)


@pytest.mark.parametrize("text_size", [100, 125, 150, 200])
@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_two_player_exam_ii_card_says_what_it_does_at_12_px_in_its_box(ctx, monkeypatch, lang, scale, text_size):
    """The introductory level's Exam II says what it does in words alone ("loses the foundation
    row"): on the two-player board's small cards (100 × 140; 88 × 124 in the smaller window and
    from 150 %) they were 11 px, under 12 px at 1280×800 (the Steam Deck's guide for text read
    often), and in the smaller window "foundation" crossed the box's line. They are 12 px at
    least in both windows at every text size (in the smaller window English was 11 px until a
    long word could break at its catalog hyphens: `test_card_words`), whole, every line's ink
    inside the box's line on the card and clear of the others, in every language."""
    from castellion.rules import new_game
    from castellion.ui.fit import READABLE
    from tests.board_driver import board_view
    from tests.layout_words import touching_words
    from tests.scenes.board.test_text_size import _whole_frame

    scene, frame = _whole_frame(ctx, monkeypatch, new_game("intro", seed=8, players=2), lang, scale, text_size)
    v = board_view(scene)
    index = next(i for i, o in enumerate(v.game.ordeals) if o.card.kind == "foundation_drop")
    card = pygame.Rect(v.layout.ordeal_rect(index))
    kx, ky = card.w / 200, card.h / 280  # the frame art is 200 × 280: the box's line at x 24 / 176, y 64 / 196
    box = pygame.Rect(card.x + round(25 * kx), card.y + round(65 * ky), round(150 * kx), round(130 * ky))
    said = t("board.foundation_drop").replace(" ", "").replace("\u00ad", "")  # (where it may break)
    words = [w for w in frame if card.contains(w.ink) and w.words.strip()
             and w.words.replace(" ", "").rstrip("-") in said]
    lines = "".join(w.words.rstrip("-") for w in sorted(words, key=lambda w: w.ink.y)).replace(" ", "")
    assert lines == said, words
    least = READABLE
    assert min(w.size for w in words) >= least, [(w.words, w.size) for w in words]
    assert all(box.contains(w.ink) for w in words), (box, [(w.words, w.ink) for w in words])
    assert not touching_words(words), touching_words(words)
