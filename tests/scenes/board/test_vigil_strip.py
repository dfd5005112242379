"""The two-player tiles strip with the Vigil at a larger text size (`castellion/scenes/board/vigil_corner.py`):
the Vigil in the corner the Seer's slots have at the other levels, its name a row up, its note
under it beside the discard pile."""

from __future__ import annotations

import random

import pygame
import pytest

from castellion.rules import new_game
from castellion.ui import text
from castellion.ui.devices import prompts
from castellion.ui.textfit import inside
from tests.board_driver import board_view
from tests.scenes.board.test_text_size import _whole_frame

LANGS = ["en", "es", "ja"]
SCALES = [1.0, 0.75]


def _vigil_game(discarded: int = 0):
    """A two-player game with the Vigil (the introductory level's variant), at its start or, with
    `discarded`, some turns in with at least that many tiles on the discard pile (its count then
    has two digits) and a tile to draw."""
    from castellion.rules import actions as A

    if not discarded:
        return new_game("intro", seed=8, players=2, variant="vigil")
    for seed in range(1, 40):
        game, rng = new_game("intro", seed=seed, players=2, variant="vigil"), random.Random(seed)
        for _ in range(400):
            if game.outcome is not None:
                break
            if game.phase == "get" and len(game.discard) >= discarded:
                return game
            acts = [a for a in game.legal_actions() if not isinstance(a, A.EncounterOrdeal)] or game.legal_actions()
            dropping = [a for a in acts if isinstance(a, A.DiscardTile)] if game.phase == "use" else []
            game.apply(rng.choice(dropping or acts))
    raise AssertionError("no Vigil deal reaches a long discard pile")


STATES = {"start": lambda: _vigil_game(), "ten discarded": lambda: _vigil_game(10)}


def _note(frame, panel: pygame.Rect) -> list:
    """The lines of the Vigil's note drawn in the tiles panel, top to bottom."""
    said = text.t("board.vigil_note_short", **prompts())
    lines = [w for w in frame if w.words.strip() and w.words in said and panel.colliderect(w.ink)
             and w.words != text.t("board.vigil")]
    return sorted(lines, key=lambda w: w.ink.y)


@pytest.mark.parametrize("text_size", [150, 175, 200])
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("state", sorted(STATES))
def test_the_two_player_vigil_strip_reaches_the_player_s_size(ctx, monkeypatch, state, lang, scale, text_size):
    """With the Vigil the two-player strip stayed at 100 % from 150 % asked, in every language and
    window: over its tile beside the discard pile "Vigilia" touched "Descarte", and its note on one
    line ran out of the panel over the discard pile. It is now drawn at the size asked, with ten
    tiles discarded too (a wider count beside the note), no word in it cut or touching another."""
    from tests.layout_words import cut_words, touching_words

    scene, frame = _whole_frame(ctx, monkeypatch, STATES[state](), lang, scale, text_size)
    assert scene.panel_sizes.sizes["tiles"] == text_size / 100, scene.panel_sizes.why.get("tiles")
    panel = pygame.Rect(board_view(scene).layout.tiles_panel)
    strip = [w for w in frame if w.words.strip() and panel.colliderect(w.ink)]
    assert not cut_words(strip, lang) and not touching_words(strip), (cut_words(strip, lang), touching_words(strip))


def _whole_note_off_pictures(scene, frame, buttons: tuple[str, ...]) -> tuple[list, pygame.Rect]:
    """The Vigil's note in `frame` and the tiles panel, checked whole (the catalog's words), inside the
    panel and off its pictures (the discard pile, the Vigil, the `buttons` named)."""
    lay = board_view(scene).layout
    panel = pygame.Rect(lay.tiles_panel)
    note = _note(frame, panel)
    said = text.t("board.vigil_note_short", **prompts())
    assert "".join(w.words for w in note).replace(" ", "") == said.replace(" ", ""), [w.words for w in note]
    assert all(inside(lay.tiles_panel).contains(w.ink) for w in note), [(w.words, w.ink) for w in note]
    pictures = [pygame.Rect(lay.discard_rect()), pygame.Rect(lay.vigil_rect())]
    pictures += [pygame.Rect(lay.button_rect(k)) for k in buttons]
    assert not any(w.ink.colliderect(p) for w in note for p in pictures), [(w.words, w.ink) for w in note]
    return note, panel


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("state", sorted(STATES))
def test_the_vigil_s_note_stays_whole_in_its_room_larger_than_at_100(ctx, monkeypatch, state, lang, scale):
    """At 200 % the Vigil's note ran out of the panel over the discard pile (13 px: the strip stayed
    at 100 %). It is whole, inside the panel, off the discard pile and the Vigil, clear of every
    other word (the discard pile's count beside it), and larger than at 100 % (20 px: 13 then)."""
    scene, frame = _whole_frame(ctx, monkeypatch, STATES[state](), lang, scale)
    note, panel = _whole_note_off_pictures(scene, frame, ("encounter", "premonition"))
    others = [w.ink for w in frame if w.words.strip() and w not in note and panel.colliderect(w.ink)]
    assert not any(w.ink.inflate(4, 4).colliderect(o) for w in note for o in others), (note, others)
    at_100 = ctx.fonts.sized(ctx.theme.font_small - 5) // 2  # (the size asked at 200 %, halved)
    assert min(w.size for w in note) > at_100, [(w.words, w.size) for w in note]


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_vigil_s_name_a_row_up_clear_of_the_discard_pile_s(ctx, monkeypatch, lang, scale):
    """At 200 % "Vigilia" over its tile touched "Descarte" beside it (the strip stayed at 100 %, the
    name 16 px). The Vigil's name is drawn at 200 % (32 px), about the size of the strip's names
    around it (as at 100 %, 2 px under theirs there), inside the panel, clear of the discard
    pile's name and off the tiles."""
    scene, frame = _whole_frame(ctx, monkeypatch, _vigil_game(), lang, scale)
    lay = board_view(scene).layout
    name = next(w for w in frame if w.words == text.t("board.vigil"))
    discard = next(w for w in frame if w.words == text.t("board.discard"))
    with ctx.fonts.limited(1.0):
        at_100 = ctx.fonts.sized(ctx.theme.font_small - 2)
    assert name.size >= 2 * at_100 and name.size >= discard.size - 4, (name, discard, at_100)
    assert inside(lay.tiles_panel).contains(name.ink), name
    assert not name.ink.inflate(4, 4).colliderect(discard.ink), (name, discard)
    assert not any(name.ink.colliderect(r) for r in (lay.vigil_rect(), lay.discard_rect())), name


@pytest.mark.parametrize("text_size", [100, 125])
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("state", sorted(STATES))
def test_the_vigil_s_note_beside_its_tile_clear_of_the_discard_count(ctx, monkeypatch, state, lang, scale,
                                                                      text_size):
    """At 100 % and 125 % (the Vigil beside the discard pile, not in the strip's corner) the note
    was centred on one line under the tile, where the discard pile's count is: their inks overlapped
    (English "0 tiles" and "drop a Defender…" by 18 px, Spanish "10 fichas" and "suelta un
    Defensor…" by 64 px), and the strip stayed at 100 % from 125 % asked. The note now goes right
    of the tile, whole, inside the panel, off every picture there (the tiles, the buttons under
    it), its ink at least 4 px from every other word's (the count's too, with two digits), as large
    as the strip's text size asks."""
    scene, frame = _whole_frame(ctx, monkeypatch, STATES[state](), lang, scale, text_size)
    note, panel = _whole_note_off_pictures(scene, frame, ("encounter", "use", "skip"))
    others = [w for w in frame if w.words.strip() and w not in note and panel.colliderect(w.ink)]
    close = [(w.words, o.words) for w in note for o in others if w.ink.inflate(8, 8).colliderect(o.ink)]
    assert not close, close
    strip = scene.panel_sizes.sizes["tiles"]
    with ctx.fonts.limited(1.0):
        at_100 = ctx.fonts.sized(ctx.theme.font_small - 5)
    assert min(w.size for w in note) >= round(at_100 * strip), ([(w.words, w.size) for w in note], strip)


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("state", sorted(STATES))
def test_the_two_player_vigil_strip_reaches_125(ctx, monkeypatch, state, lang, scale):
    """At 125 % the Vigil's note under its tile overlapped the discard pile's count, so the strip
    stayed at 100 %. With the note right of the tile it is drawn at 125 % in English and Spanish;
    in Japanese too now that the piles go lower under the strip's heading 「夢タイル」, which
    touched their names (`tiles_labels.heading_room`)."""
    scene, _ = _whole_frame(ctx, monkeypatch, STATES[state](), lang, scale, 125)
    assert scene.panel_sizes.sizes["tiles"] == 1.25, scene.panel_sizes.why.get("tiles")
