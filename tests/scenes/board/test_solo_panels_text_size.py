"""The solo board's words at 200 %: the status panel's lines at one size under its title, the
tiles panel's captions and counts at the size of their neighbours (measured as drawn, see
tests/layout_words.py)."""

from __future__ import annotations

import pytest

from castellion.scenes.board.view import CHECK, CROSS
from tests.board_driver import status_slots
from tests.layout_words import set_text, stack_words
from tests.project.test_i18n_screens import board, mid_game, new_game

SOLO_GAMES = {
    "fresh": lambda: new_game("base", seed=3),
    "a tile in hand": lambda: mid_game(1, "use"),
    "the Prison and the Pantry": lambda: new_game("base", seed=6, variant="prison", pantry=True),
}


def _frame(ctx, monkeypatch, game, lang: str, scale: float, text_size: int = 200):
    set_text(ctx, lang, scale, text_size)
    scene = board(ctx, SOLO_GAMES[game]())
    ctx.stack.reset(scene)
    ctx.stack.apply_pending()
    return scene, stack_words(ctx.stack, monkeypatch, scale)[1]


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("game", list(SOLO_GAMES))
def test_the_status_panel_s_foundation_is_the_size_of_the_requirements(ctx, monkeypatch, game, lang, scale):
    """R-O5's foundation check and the current Ordeal's requirements are one kind of line: at
    200 % the foundation was drawn at the panel's size (38 px in Spanish) under requirements
    fitted to one row (23 px). Now one size; the Pantry's count (its own rule) 2 px under it at most."""
    scene, frame = _frame(ctx, monkeypatch, game, lang, scale)
    slots = status_slots(scene)
    kinds = [key[1] for key in slots if key[1] in ("tower", "bastion", "line")]
    assert kinds, "no requirement drawn: the check would see nothing"

    def size_in(slot: str) -> set[int]:
        box = slots[(0, slot)]
        return {w.size for w in frame if (CHECK in w.words or CROSS in w.words) and box.collidepoint(w.ink.center)}

    requirements = set().union(*(size_in(kind) for kind in kinds))
    assert len(requirements) == 1, requirements
    assert size_in("foundation") == requirements, (size_in("foundation"), requirements)
    if (0, "pantry") in slots:
        assert 0 <= min(requirements) - min(size_in("pantry")) <= 4  # (2 px at 100 %, at 200 %)
