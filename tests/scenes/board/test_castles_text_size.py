"""The two-player castles with the Prison at the player's text size (`panels_castle.py`): the
formations' counts in a column above the ghost cell left of the foundation row, the Prison's
title and the Pantry's label inside their room."""

from __future__ import annotations

import pygame
import pytest

from castellion.ui import text
from tests.scenes.board.test_text_size import _new, _whole_frame

PRISON_CASES = [(pantry, lang, scale) for pantry in (False, True) for lang in ("en", "es", "ja")
                for scale in (1.0, 0.75)]


@pytest.mark.parametrize(("pantry", "lang", "scale"), PRISON_CASES)
def test_the_two_player_castles_with_the_prison_reach_200_percent(ctx, monkeypatch, pantry, lang, scale):
    """With the Prison the castles stopped at 150 %: the column of the formations' counts left of
    the grid (the way taken where the line under the castle is too wide) ran over the ghost cell
    beside the foundation row, the panel being narrower; the Prison's title started over its
    panel's frame (in Japanese it was wider than the panel); the Pantry's label, moved in from the
    panel's edge, ran over the grid's frame; the Japanese "Anna" over the grid's. Now the column
    ends above the ghost cell, the title is placed by its ink and no wider than its panel, the
    label goes above the grid's frame and the grids are 6 px lower as without the Prison."""
    from tests.board_driver import castle_slots

    scene, frame = _whole_frame(ctx, monkeypatch, _new(seed=5, players=2, variant="prison", pantry=pantry),
                                lang, scale)
    assert scene.panel_sizes.sizes["castles"] == 2.0, scene.panel_sizes.why.get("castles")
    lay, slots = scene.base_layout, castle_slots(scene)
    for p in range(2):
        grid = pygame.Rect(lay.grid_rect_of(p))
        ghost = pygame.Rect(lay.for_player(p).cell_rect((0, -1)))
        column = [slots[(p, kind)] for kind in ("tower", "bastion", "line")]
        assert all(r.right < grid.left and not r.colliderect(ghost) for r in column), (column, ghost)
    title = next(w for w in frame if w.words == text.t("board.prison"))
    assert pygame.Rect(lay.prison_panel).inflate(-18, -12).contains(title.ink), title


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_foundation_s_label_keeps_clear_of_the_counts_row_with_the_prison_and_pantry(ctx, monkeypatch, lang):
    """Japanese, two players, Prison + Pantry at 200 %: "土台" under the grid sat over the top of
    the counts' row under it (the castles drawn at 150 %). Its place is now taken by the
    foundation's count ("土台 0/6 ✗"), clear of every other word."""
    scene, frame = _whole_frame(ctx, monkeypatch, _new(seed=5, players=2, variant="prison", pantry=True), lang, 1.0)
    assert text.t("board.foundation") not in [w.words for w in frame]
    found = [w for w in frame if w.words.startswith(text.t("board.foundation_status", n=0))]
    assert len(found) == 2
    for f in found:
        grown = f.ink.inflate(4, 4)
        assert not [w.words for w in frame if w is not f and w.words.strip() and grown.colliderect(w.ink)]


def _penalty(frame, panel) -> list:
    """The penalty's lines drawn in the Prison's panel, top to bottom."""
    said = text.t("board.prison_penalty")
    return sorted((w for w in frame if w.words.strip() and w.words in said and pygame.Rect(panel).colliderect(w.ink)),
                  key=lambda w: w.ink.y)


@pytest.mark.parametrize(("lang", "scale"), [(lang, scale) for lang in ("en", "es", "ja") for scale in (1.0, 0.75)])
def test_the_prison_s_penalty_grows_in_its_panel_in_whole_words(ctx, monkeypatch, lang, scale):
    """Two players with the Prison at 200 %: the penalty under the ring ("Incompleta al superar
    una Prueba: destruye 6 fichas.") shrank to 14 px in a box 90 px tall (12 px at 100 %, the
    count over it 30 px). It now takes the panel's inside down to its bottom, in whole words, at
    the largest size that holds there: at least a third larger than at 100 %, inside the panel,
    clear of the count and of one another."""
    game = _new(seed=5, players=2, variant="prison")
    scene, frame = _whole_frame(ctx, monkeypatch, game, lang, scale, 100)
    at_100 = {w.size for w in _penalty(frame, scene.base_layout.prison_panel)}
    scene, frame = _whole_frame(ctx, monkeypatch, game, lang, scale)
    note = _penalty(frame, scene.base_layout.prison_panel)
    said = text.t("board.prison_penalty")
    assert "".join(w.words for w in note).replace(" ", "") == said.replace(" ", "")
    if lang != "ja":
        assert all(word in said.split() for w in note for word in w.words.split()), [w.words for w in note]
        assert sum(len(w.words.split()) for w in note) == len(said.split())  # (no word broken)
    assert len(at_100) == 1
    assert min(w.size for w in note) * 3 >= 4 * min(at_100), ([w.size for w in note], at_100)
    panel = pygame.Rect(scene.base_layout.prison_panel).inflate(-18, -12)
    assert all(panel.contains(w.ink) for w in note), [(w.words, w.ink) for w in note]
    count = next(w for w in frame if w.words.startswith(text.t("board.prison_count", n=len(game.prison))))
    inks = [count.ink] + [w.ink for w in note]
    assert not any(a.inflate(4, 4).colliderect(b) for k, a in enumerate(inks) for b in inks[k + 1:]), inks


@pytest.mark.parametrize(("lang", "scale"), [(lang, scale) for lang in ("en", "es") for scale in (1.0, 0.75)])
def test_the_solo_pantry_s_lines_take_the_room_right_of_the_grid(ctx, monkeypatch, lang, scale):
    """Solo with the Prison and the Pantry at 200 %: under the supply "el castillo tiene 0" was
    drawn at 12 px (as at 100 %) and "tras Simulación I" at 14, shrunk to the supply's column,
    beside "pide 2" at 26. Where a line is wider than that column the lines start a space right
    of the grid's frame and its ghost cell: each whole, larger than at 100 %, inside the panel,
    clear of the grid, the ghost cells and one another."""
    from castellion.scenes.board.fitting import castles_avoid

    game = _new(seed=6, variant="prison", pantry=True)
    need = game.pantry_needed(game.current_ordeal)
    keys = [("board.pantry_need", {"n": need}), ("board.pantry_have", {"n": game.castle(0).pantry_count()})]

    def lines(text_size):
        scene, frame = _whole_frame(ctx, monkeypatch, game, lang, scale, text_size)
        found = [next(w for w in frame if w.words == text.t(key, **kw)) for key, kw in keys]
        return scene, frame, found

    _, _, small = lines(100)
    scene, frame, large = lines(200)
    assert large[1].size * 4 >= small[1].size * 5, (small, large)  # (12 px at 200 % as at 100 % before)
    lay = scene.base_layout
    panel = pygame.Rect(lay.castle_panel).inflate(-18, -12)
    assert all(panel.contains(w.ink) for w in large), large
    pictures = castles_avoid(lay, 1)
    assert not any(w.ink.colliderect(p) for w in large for p in pictures), large
    assert not large[0].ink.inflate(4, 4).colliderect(large[1].ink)
