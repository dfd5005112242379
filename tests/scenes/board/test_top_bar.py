"""The board's top bar at a larger text size (`castellion/scenes/board/panels_info.py`,
`TopBar`): the turn and the deal where the options' row leaves them too little room."""

from __future__ import annotations

import pygame
import pytest

from castellion.ui import text


def _two_players_bar(ctx, monkeypatch, lang: str, scale: float, turn: int):
    """The board of a two-player game with the Prison and the Pantry and the players' default names
    ("Jugador 1 y Jugador 2": the longest options' row) at 200 %, at `turn`, drawn whole; the scene
    and the words of its frame."""
    from castellion.scenes.board import BoardScene
    from tests.board_driver import whole_frame
    from tests.layout_words import set_text
    from tests.project.test_i18n_screens import new_game

    set_text(ctx, lang, scale, 200)
    ctx.player_names = ()
    game = new_game("base", seed=5, players=2, variant="prison", pantry=True)
    game.turn = turn
    scene = BoardScene(ctx, game)
    return scene, whole_frame(ctx, monkeypatch, scene, scale)


@pytest.mark.parametrize("turn", [1, 15])
@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_turn_and_the_deal_are_as_large_as_the_options_on_a_full_taller_bar(ctx, monkeypatch, lang, scale,
                                                                                  turn):
    """Seen in a real window at 200 % (Spanish, two players, the Prison and the Pantry): the
    options' row ("Más difícil: La Prisión • Despensa • Jugador 1 y Jugador 2") left "Turno 1 •
    Reparto 5" 20 px beside its 28 px words (18 px at turn 15). Where they do not keep the options'
    size together on that row, the turn goes on the first row after the level's name and the deal
    stays on the second: each as large as the options, whole, inside the bar and left of or under
    its buttons, touching no other words. (English and Japanese kept their size before: a guard.)"""
    from castellion.scenes.board.top_row import TOP_KEYS, top_areas
    from tests.layout_words import cut_words, touching_words

    scene, frame = _two_players_bar(ctx, monkeypatch, lang, scale, turn)
    game, lay = scene.session.game, scene.state.layout
    bar = pygame.Rect(lay.top_bar)
    said = {text.t("board.turn", turn=game.turn), text.t("board.seed", seed=game.seed)}
    facts = [w for w in frame if bar.contains(w.ink) and any(part in w.words for part in said)]
    options = next(w for w in frame if bar.contains(w.ink) and text.t("board.opt.pantry") in w.words)
    assert all(part in " ".join(w.words for w in facts) for part in said), [w.words for w in facts]
    assert all(w.size >= options.size for w in facts), (options.size, [(w.words, w.size) for w in facts])
    areas = top_areas(lay)
    assert all(any(a.contains(w.ink) for a in areas) for w in facts), ([w.ink for w in facts], areas)
    buttons = [pygame.Rect(lay.button_rect(k)) for k in TOP_KEYS]
    assert not any(w.ink.colliderect(b) for w in facts for b in buttons)
    assert not cut_words(facts, lang)
    assert not [pair for pair in touching_words(frame) if any(w.words in pair for w in facts)]


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_at_100_the_turn_and_the_deal_stay_on_one_line(ctx, monkeypatch, lang):
    """A guard (it passed before the turn could go on the first row): at 100 % the turn and the
    deal are one line, as they were drawn."""
    from castellion.scenes.board import BoardScene
    from tests.layout_words import Compositor, make_surface, set_text
    from tests.project.test_i18n_screens import new_game

    set_text(ctx, lang, 1.0, 100)
    ctx.player_names = ()
    game = new_game("base", seed=5, players=2, variant="prison", pantry=True)
    ctx.stack.reset(BoardScene(ctx, game))
    ctx.stack.apply_pending()
    comp, surface = Compositor(monkeypatch), make_surface(1.0)
    comp.reset(surface)
    comp.draw_stack(ctx.stack, surface)
    turn = text.t("board.turn", turn=game.turn)
    assert [w.words for w in comp.frame(surface) if w.words.startswith(turn)] == \
        [f"{turn}   \u2022   {text.t('board.seed', seed=game.seed)}"]
