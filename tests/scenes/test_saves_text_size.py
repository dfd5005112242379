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


def _autosaved_app(make_app, lang: str, text_size: int, *names: str):
    """The saves list with an automatic save under each of `names` (file names) and a named one."""
    from castellion.persistence import names as N
    from castellion.persistence.saves import write_save

    P.save_slot("Kept", Session(new_game("intro", seed=9)))
    for name in names:
        write_save(N.save_path(name), Session(new_game("expert", seed=5)))
    app = make_app()
    switch(app.ctx, lang)
    app.ctx.change_settings(text_size=text_size)
    scene = open_saves(app)
    frames(app, 2)
    return app, scene


def _pill_padding(app, scene, monkeypatch) -> tuple[int, int, int]:
    """The "automatic save" pill's padding, ink to its edge (the least of each side) across and
    down, and its gap after the name's ink (px at 1280×800)."""
    from castellion.scenes import saves as S
    from castellion.ui.text import t

    fill, pills, real = app.ctx.theme.button_secondary, [], S.draw.rect

    def rect(surface, colour, box, *args, **kwargs):
        if tuple(colour)[:3] == tuple(fill)[:3] and kwargs.get("border_radius") == pygame.Rect(box).h // 2:
            pills.append(pygame.Rect(box))
        return real(surface, colour, box, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(S.draw, "rect", rect)
        _, frame = stack_words(app.stack, patch)
    words = [w for w in frame if w.words == t("saves.automatic") and pills and pills[0].colliderect(w.ink)]
    assert len(pills) == 1 and len(words) == 1, (pills, [w.words for w in frame])
    pill, ink = pills[0], words[0].ink
    name = next(w for w in frame if scene.list_rect.contains(w.ink) and w.ink.right < ink.left
                and abs(w.ink.centery - ink.centery) < ink.h)
    assert pill.right <= scene.row_rect(0).right and not touching_words(frame)
    return (min(ink.left - pill.left, pill.right - ink.right), min(ink.top - pill.top, pill.bottom - ink.bottom),
            pill.left - name.ink.right)


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("text_size", [150, 200])
def test_the_automatic_pill_is_padded_around_its_words_as_they_grow(make_app, home, monkeypatch, lang, text_size):
    """The "automatic save" pill kept its 100 % padding (7 px across, 2 down on each side of its
    words' line) while its words doubled: at 200 % they all but touched its edges. Its padding and
    its gap after the name grow with the words, in the proportion a badge has at 100 %."""
    app, scene = _autosaved_app(make_app, lang, 100, "autosave")
    at_100 = _pill_padding(app, scene, monkeypatch)
    app, scene = _autosaved_app(make_app, lang, text_size, "autosave")
    across, down, gap = _pill_padding(app, scene, monkeypatch)
    scale = text_size / 100
    assert across >= at_100[0] * scale - 1 and gap >= at_100[2] * scale - 1, (lang, at_100, (across, down, gap))
    assert down >= at_100[1] * scale - 2, (lang, at_100, (across, down, gap))  # (the ink's own rounding)


@pytest.mark.parametrize("lang", ["es", "ja"])
def test_an_automatic_save_is_named_in_the_players_language(make_app, home, monkeypatch, lang):
    """In Spanish and Japanese the automatic save's row read "autosave" (its file name) beside
    "guardado automático": it is named in the player's language, its number kept ("autosave-3"),
    and so is it in the question before deleting it."""
    from castellion.ui.text import t

    app, scene = _autosaved_app(make_app, lang, 100, "autosave", "autosave-3")
    _, frame = stack_words(app.stack, monkeypatch)
    shown = {w.words for w in frame}
    assert {t("saves.autosave_name"), t("saves.autosave_name_n", n=3)} <= shown, sorted(shown)
    assert not [words for words in shown if "autosave" in words.lower()], sorted(shown)
    scene.selected = next(i for i, info in enumerate(scene.saves) if info.name == "autosave")
    scene.delete()
    frames(app, 2)
    _, frame = stack_words(app.stack, monkeypatch)
    asked = [w.words for w in frame if t("saves.autosave_name") in w.words]
    assert asked and not [w.words for w in frame if "autosave" in w.words.lower()], [w.words for w in frame]
