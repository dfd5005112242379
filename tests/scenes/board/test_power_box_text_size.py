"""The two-player strip's power box at the largest text size: what the discarded Defender's power
does is drawn as large as the box's room allows (the strip is taller under the two-row top bar,
`geometry.STRIP_TALLER`: the box and the use / skip buttons beside it grow into that room; the
description has the box to itself, `strip.power_lines`)."""

from __future__ import annotations

import pygame
import pytest

from castellion.ui import text
from tests.project.test_i18n_screens import mid_game
from tests.scenes.board.test_text_size import _whole_frame

# px the description is drawn at, at least, whatever the Defender (it was 14 in English, 10 in
# Spanish, 12 in Japanese at 1280×800 and 10 at 1024×600, in a box 46 px tall under the piles'
# counts; then 14, 12, 16 beside the Defender's name in the taller strip's box; then alone across
# the box 20-22, 16-20, 22; now in its brief words 22-24, 20-22, 22)
DESCRIPTION_PX = {"en": 22, "es": 20, "ja": 22}


def _offering(faction: str):
    """A two-player game some turns in with the power of `faction`'s Defender offered (on the
    discard pile)."""
    from castellion.rules import Game

    d = mid_game(2, "power").to_dict()
    d["power_faction"], d["power_faction_tile"] = faction, faction + "t"
    d["discard"][-1] = faction + "t"
    return Game.from_dict(d)


@pytest.mark.parametrize("faction", ["S", "C", "J", "P"])
@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_two_player_power_s_description_is_larger_at_200(ctx, monkeypatch, lang, scale, faction):
    """Beside the Defender's name the description had two thirds of the box, a line apart: 14 px in
    English, 12 in Spanish, 16 in Japanese, in a strip of 36 px words. It now has the box alone
    (the discard pile shows the Defender, the banner names it), its lines placed by their ink:
    20-22 px in English, 16-20 in Spanish, 22 in Japanese, whole, inside the box's frame, its
    lines clear of each other. (Before, the Spanish Juggler's third line ran over the box's edge:
    the strip stayed below 200 %.) Spanish stayed at 16-18 px for the Seer, the Juggler and the
    Pyro (three lines at 20 px do not fit the box under the piles' counts, two are wider than it):
    the box now says what the power does in brief words (`board.power_brief`; the banner says it
    whole), at 20-22 px in Spanish, 22-24 in English."""
    from castellion.scenes.board.power_box import power_box
    from tests.board_driver import board_view
    from tests.layout_words import touching_words

    scene, frame = _whole_frame(ctx, monkeypatch, _offering(faction), lang, scale)
    assert scene.panel_sizes.sizes["tiles"] == 2.0, scene.panel_sizes.why.get("tiles")
    with ctx.fonts.limited(scene.panel_sizes.sizes["tiles"]):  # (the box as drawn)
        box = power_box(board_view(scene))
    said = [w for w in frame if w.words.strip() and box.colliderect(w.ink)]
    described = text.t(f"board.power_brief.{faction}")
    lines = [w for w in said if w.words in described]
    assert lines and min(w.size for w in lines) >= DESCRIPTION_PX[lang], [(w.words, w.size) for w in said]
    assert "".join(w.words for w in said).replace(" ", "") == described.replace(" ", ""), [w.words for w in said]
    inner = box.inflate(-6, -6)  # (inside its 3 px frame, nothing cut)
    assert all(inner.contains(w.ink) and not w.cut for w in said), [(w.words, w.ink) for w in said]
    assert not touching_words(said), touching_words(said)
    lay = scene.base_layout
    assert pygame.Rect(lay.tiles_panel).contains(box)
    for key in ("use", "skip"):  # (the buttons beside it: as tall as it, clear of it, in the panel)
        button = pygame.Rect(lay.button_rect(key))
        assert not button.colliderect(box) and pygame.Rect(lay.tiles_panel).contains(button)
        assert button.bottom >= box.bottom


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_two_player_box_falls_back_on_the_solo_brief_box(ctx, monkeypatch, lang):
    """The power's box is drawn by `board/power_box.py`: the two-player strip's (what the power does
    alone across it) and the solo box (emblem, name, label, description; `brief`: the name and the
    description beside it), split out of `TilesPanel._draw_power_box` pixel-identical (a guard; it
    had no module of its own before). Where the description alone does not hold the two-player
    box at 200 % (here made so), the Defender's name and its whole description are drawn beside
    each other inside the box's frame, the emblem left out."""
    from castellion.scenes.board import strip
    from castellion.scenes.board.power_box import power_box
    from tests.board_driver import board_view

    monkeypatch.setattr(strip, "power_lines", lambda *_args, **_kw: None)
    scene, frame = _whole_frame(ctx, monkeypatch, _offering("J"), lang, 1.0)
    with ctx.fonts.limited(scene.panel_sizes.sizes["tiles"]):
        box = power_box(board_view(scene))
    said = [w for w in frame if w.words.strip() and box.colliderect(w.ink)]
    name = [w for w in said if w.words == text.t("board.faction.J")]
    described = [w for w in said if w.words in text.t("board.power.J")]
    assert len(name) == 1 and all(w.ink.x > name[0].ink.right for w in described), [w.words for w in said]
    assert "".join(w.words for w in described).replace(" ", "") == text.t("board.power.J").replace(" ", "")
    assert all(box.inflate(-6, -6).contains(w.ink) for w in said), [(w.words, w.ink) for w in said]
