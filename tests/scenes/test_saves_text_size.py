"""The saves list at every text size (issue 31: it stopped at 150 %): each row as tall as its
lines at the player's size (the game on two lines, the progress and the rest each on one), every
word of a row inside it, none touching another, none cut; the hint under the list wrapped."""

from __future__ import annotations

import pygame
import pytest

from castellion import persistence as P
from castellion.rules import new_game
from castellion.scenes.saves import ROW_H
from castellion.session import Session
from castellion.ui.language import switch
from tests.conftest import frames, open_saves
from tests.layout_words import cut_words, stack_words, touching_words


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("text_size", [100, 150, 200])
def test_every_row_holds_its_words_at_the_text_size(make_app, home, monkeypatch, lang, text_size):
    for name, level, seed in (("Kept", "intro", 9), ("A much longer name for a save", "expert", 123456789)):
        P.save_slot(name, Session(new_game(level, seed=seed)))
    app = make_app()
    switch(app.ctx, lang)
    app.ctx.change_settings(text_size=text_size)
    scene = open_saves(app)
    frames(app, 2)
    assert scene.text_limit == 2.0 and len(scene.saves) == 2
    assert (scene.row_h == ROW_H) == (text_size == 100)  # the rows grow with the text
    comp, frame = stack_words(app.stack, monkeypatch)
    rows = [scene.row_rect(i) for i in range(len(scene.saves))]
    inside = [w for w in frame if scene.list_rect.contains(w.ink)]
    assert len(inside) >= 4, [w.words for w in frame]  # a row's words were drawn (its name, game, progress)
    for w in inside:
        assert any(r.contains(w.ink) for r in rows), (w.words, w.ink, rows)
    problems = sorted(set(comp.spills)) + cut_words(frame, lang) + touching_words(frame)
    assert not problems, problems
    assert all(not pygame.Rect(b.rect).colliderect(scene.list_rect) for b in scene.widgets.widgets)
