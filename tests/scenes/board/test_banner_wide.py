"""The banner at 100 %: a sentence one line of the banner holds only past its ends, even at the
smallest size the banner shrinks to (`BANNER_FLOOR`), goes on two lines over the message line
while no message is shown there (`scenes.board.fitting.banner_wide`). Two players, the tile in
hand with the Vigil and passing it (and the prison) lit: one line at 15 px was up to 1786 px of
ink across the 1252 px banner (es, by keyboard), 1428 in English, 1298 in Japanese (with the
players' default names), running past both of its ends."""

from __future__ import annotations

import pygame
import pytest

from castellion.scenes.board.banner import default_keys
from castellion.scenes.board.fitting import BANNER_FLOOR, BANNER_INSET
from castellion.scenes.board.words import tile_name
from castellion.ui.text import has, t
from castellion.ui.textfit import TOUCH
from tests.board_driver import BoardDriver, whole_frame
from tests.layout_words import set_text
from tests.project.test_i18n_screens import board, mid_game
from tests.scenes.board.test_banner_text_size import assert_refusal_said_by_the_cell, band_of


def _sentence(keyboard: bool, more: tuple[str, ...]) -> str:
    """What the banner says to "Player 1" (the name a player left empty gets) holding a Juggler
    square (safe) with the `more` ways lit ("or_vigil", "or_prison", "or_pass"), as `banner._use`
    words it."""
    keys, names = default_keys(), [t("board.player_n", n=n) for n in (1, 2)]

    def say(name: str, /, **fields: object) -> str:
        kbd = f"controls.kbd.{name}"
        return t(kbd if keyboard and has(kbd) else f"board.do.{name}", **{**keys, **fields})
    extra = t("rules.list.join").join(say(m, name=names[1]) for m in more)
    return t("board.do.who", name=names[0], text=say("use_short", tile=tile_name("Js+"), more=extra))


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("keyboard", [False, True])
@pytest.mark.parametrize("more", [("or_vigil", "or_pass"), ("or_vigil", "or_prison", "or_pass")])
def test_a_sentence_too_wide_for_the_banner_goes_on_two_lines_at_100(ctx, monkeypatch, more, keyboard, lang, scale):
    """Two players, the tile in hand with the Vigil and passing it (and the prison) lit, at 100 %:
    the banner's words inside the banner's band, `BANNER_INSET` inside its gold line, at
    `BANNER_FLOOR` at least, whole (together the sentence) and apart. Before, one line at 15 px
    ran past the banner's ends (es by keyboard: 1786 px of ink across 1252). The sentences one
    line holds at 15-17 px (English by keyboard and Japanese with two ways lit) passed before too:
    they keep their one line."""
    set_text(ctx, lang, scale, 100)
    scene = board(ctx, mid_game(2, "use"))
    sentence = _sentence(keyboard, more)
    monkeypatch.setattr(scene, "banner_text", lambda: sentence)
    frame = whole_frame(ctx, monkeypatch, scene, scale)
    band = band_of(scene)
    lines = [w for w in frame if w.ink.colliderect(band)]
    inner = band.inflate(-2 * BANNER_INSET, -2 * BANNER_INSET)
    assert lines and all(inner.contains(w.ink) for w in lines), [(w.words, w.size, w.ink, inner) for w in lines]
    assert all(w.size >= BANNER_FLOOR for w in lines), [(w.words, w.size) for w in lines]
    assert "".join(w.words for w in lines).replace(" ", "") == sentence.replace(" ", "")
    assert all(a.ink.bottom + TOUCH <= b.ink.top for a, b in zip(lines, lines[1:], strict=False)), \
        [w.ink for w in lines]


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_a_sentence_the_banner_holds_keeps_its_one_line_at_100(ctx, monkeypatch, lang):
    """The banner's own sentences of a two-player game at 100 % (the tile in hand, a power offered)
    stay on one line in the banner, the message line under it bare (a guard: that passed before;
    only a sentence running past the banner's ends takes two lines)."""
    set_text(ctx, lang, 1.0, 100)
    for phase in ("use", "power"):
        scene = board(ctx, mid_game(2, phase))
        frame = whole_frame(ctx, monkeypatch, scene, 1.0)
        lay = scene.state.layout
        lines = [w for w in frame if w.ink.colliderect(band_of(scene))]
        assert len(lines) == 1 and pygame.Rect(lay.banner).contains(lines[0].ink), [(w.words, w.ink) for w in lines]


def test_a_refusal_while_dragging_is_said_by_the_cell_under_a_wide_banner_at_100(ctx, monkeypatch):
    """Dragging the tile in hand over a cell it may not go to at 100 % while the banner's sentence
    takes two lines: why not is said by the cell, not on the message line the banner's second
    line lies over (a sentence the banner holds on one line keeps it on the message line)."""
    set_text(ctx, "es", 1.0, 100)
    driver = BoardDriver(ctx, mid_game(2, "use"))
    scene = driver.board
    sentence = _sentence(True, ("or_vigil", "or_pass"))
    monkeypatch.setattr(scene, "banner_text", lambda: sentence)
    driver.frame()
    assert_refusal_said_by_the_cell(ctx, monkeypatch, driver)
