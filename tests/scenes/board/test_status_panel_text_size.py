"""The solo status panel at a larger text size with the Pantry, an Assault's note, Exam II's and
the Earthworm's warning (`scenes/board/status_panel.py`, `status_note.py`), measured as drawn
(tests/layout_words.py) at 1280×800 and 1024×600."""

from __future__ import annotations

from dataclasses import asdict

import pygame
import pytest

from castellion.rules import formations
from castellion.ui.text import tn
from tests.board_driver import status_slots
from tests.layout_words import cut_words, set_text, stack_words, touching_words
from tests.project.test_i18n_screens import board, new_game


def _game(level: str, card: str | None = None, pantry: bool = False):
    """A fresh solo game at `level` (seed 4), with the Pantry or not: its first Ordeal as dealt
    (face down at the expert level) or `card` face up there."""
    from castellion.rules import Game
    from castellion.rules.defaults import default_ruleset

    d = new_game(level, seed=4, pantry=pantry).to_dict()
    if card is not None:
        d["ordeals"][0].update(card=asdict(default_ruleset().cards[card]), face_up=True)
    return Game.from_dict(d)


def _panel_words(ctx, monkeypatch, game, lang: str, scale: float, text_size: int):
    """The board of `game` drawn at `text_size`: its scene, the frame's words, the status panel's
    slots, its rectangle and the words on it."""
    set_text(ctx, lang, scale, text_size)
    scene = board(ctx, game)
    ctx.stack.reset(scene)
    ctx.stack.apply_pending()
    frame = stack_words(ctx.stack, monkeypatch, scale)[1]
    panel = pygame.Rect(scene.state.layout.status_panel)
    return scene, frame, status_slots(scene), panel, [w for w in frame if panel.colliderect(w.ink) and w.words.strip()]


def _whole_and_apart(frame, panel: pygame.Rect, words, lang: str) -> None:
    """Every word on the panel inside it, whole, touching no other word of the frame."""
    assert [w.words for w in words if not panel.contains(w.ink)] == []
    assert not cut_words(words, lang)
    assert not [pair for pair in touching_words(frame) if any(w.words in pair for w in words)]


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("card,text_size", [("harpy-1", 200), ("behemoth-1", 150)])
def test_an_assault_with_the_pantry_grows_with_the_text(ctx, monkeypatch, card, text_size, lang, scale):
    """The Menace with the Pantry and an Assault face up: what the Assault would do now ("• else
    destroy 16 tiles") went after the foundation and the Pantry's count, shrinking no further than
    13 px, a size the player's text size grows (26 px at 200 %): past the panel's edge at every
    size above 100 %, so the whole panel stayed at 100 % (English and Spanish; Japanese 125 %). It
    now goes after the Assault's requirement where it is larger there: at 150 and 200 % the
    requirement and the note are at least half as large again as at 100 % (200 %: en 22 → 38,
    es 22 → 33, ja 22 → 38 px; the note 13 → 26-28), every word of the panel whole, inside it,
    touching none."""
    def drawn(text_size: int):
        scene, frame, slots, panel, words = _panel_words(ctx, monkeypatch, _game("expert", card, True), lang, scale,
                                                         text_size)
        kind = next(k for k in ("tower", "bastion", "line") if (0, k) in slots)
        requirement = [w for w in words if slots[(0, kind)].collidepoint(w.ink.center)]
        notes = [w for w in words if w.words.startswith("\u2022")]
        assert len(requirement) == 1 and len(notes) == 1, [w.words for w in words]
        return frame, panel, words, requirement[0], notes[0]

    _, _, _, small, small_note = drawn(100)
    frame, panel, words, large, note = drawn(text_size)
    assert 2 * large.size >= 3 * small.size, (small.size, large.size)
    assert 2 * note.size >= 3 * small_note.size, (small_note.size, note.size)
    _whole_and_apart(frame, panel, words, lang)


COUNTS_GAMES = {"a card face down, the Pantry": lambda: _game("expert", pantry=True),
                "Exam II face up": lambda: _game("intro", "exam-2"),
                "Exam II face up, the Pantry": lambda: _game("intro", "exam-2", True),
                "an Earthworm face up": lambda: _game("expert", "earthworm-1"),
                "an Earthworm face up, the Pantry": lambda: _game("expert", "earthworm-1", True)}


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("game", list(COUNTS_GAMES))
def test_the_castle_s_counts_are_read_at_a_larger_size(ctx, monkeypatch, game, lang, scale):
    """The castle's counts ("0 Towers • 0 Bastions • 0 Lines") at 200 %. Exam II and the
    Earthworm, which ask for no formation, said what they do on the row under the title: the
    counts went beside the title, 18-22 px in English and Spanish. With the Pantry and no
    requirement the Pantry's count took a line of its own under the 44 px foundation: the counts
    had 20-22 px (English; Spanish 26, the panel at 175 %). The warning now goes over the
    foundation, the counts on the row under the title, and the foundation's line is as large as
    keeps the Pantry's count beside it: the counts at least 24 px (36 in English), each count said,
    the warning still drawn, every word whole, inside the panel, touching none. (Japanese, 26-32
    px, the Spanish face-down card with the Pantry and the Spanish Earthworm, 26 px, passed
    before.)"""
    scene, frame, slots, panel, words = _panel_words(ctx, monkeypatch, COUNTS_GAMES[game](), lang, scale, 200)
    counts = [w for w in words if (0, "counts") in slots and slots[(0, "counts")].collidepoint(w.ink.center)]
    assert len(counts) == 1, [w.words for w in words]
    for kind, n in formations(scene.session.game.castle(0)).items():
        assert tn(f"board.count.{kind}", n) in counts[0].words, (kind, counts[0].words)
    assert counts[0].size >= 24, (counts[0].words, counts[0].size)
    assert ((0, "warning") in slots) == ("Exam" in game or "Earthworm" in game)
    _whole_and_apart(frame, panel, words, lang)


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_drop_s_ghost_count_keeps_off_the_assault_s_note(ctx, monkeypatch, lang, scale):
    """At 200 % the Assault's note may stand after its requirement ("Towers 5/2 ✓  • else destroy
    16 tiles"): a drag that would cancel a Tower ghosts "−1" by the Towers' count, where it covers
    the fewest of the panel's words; the note was not among them, and the English pill lay on it.
    It is now: the pill (its ink and padding) leaves the note clear. (Japanese passed before; the
    Spanish pill, every place round the count covering a word, still touches it.)"""
    from tests.board_driver import BoardDriver, redraw_whole
    from tests.rules_helpers import scenario
    from tests.scenes.board.test_forecast import TOWER, hover

    set_text(ctx, lang, scale, 200)
    d = BoardDriver(ctx, scenario("expert", cards=["harpy-1", "behemoth-2", "horde-3"], face_up=[True], held="Sc",
                                  castle_text=TOWER, pantry=True))
    hover(d, (2, 1))
    d.frame()
    redraw_whole(d.board)
    frame = stack_words(ctx.stack, monkeypatch, scale)[1]
    ghosts = [w for w in frame if w.words == "\u22121"]
    notes = [w for w in frame if w.words.startswith("\u2022")]
    assert len(ghosts) == 1 and len(notes) == 1, [w.words for w in frame]
    assert not ghosts[0].ink.inflate(14, 8).colliderect(notes[0].ink), (ghosts[0].ink, notes[0].ink)
