"""The solo board's words at 200 %: the status panel's lines at one size under its title, the
tiles panel's captions and counts at the size of their neighbours (measured as drawn, see
tests/layout_words.py)."""

from __future__ import annotations

import pygame
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


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_ghost_count_of_a_drag_leaves_the_status_panel_s_words_in_sight(ctx, monkeypatch, lang, scale):
    """R-F1: dragging a tile over a cell that completes a Bastion ghosts "+1" by the Bastions'
    count. At 200 % the pill, above the count, lay on the castle's counts line ("Baluartes"): it
    now stands where it covers no word of the panel (its ink and the pill's padding)."""
    from tests.board_driver import BoardDriver, redraw_whole
    from tests.rules_helpers import scenario
    from tests.scenes.board.test_forecast import EXAM_1, JUGGLER_L, hover

    set_text(ctx, lang, scale, 200)
    d = BoardDriver(ctx, scenario("intro", cards=EXAM_1, held="Js", castle_text=JUGGLER_L))
    hover(d, (1, 1))
    d.frame()
    redraw_whole(d.board)  # (the panels' words too, not only the live layer's)
    frame = stack_words(ctx.stack, monkeypatch, scale)[1]
    panel = pygame.Rect(d.board.state.layout.status_panel)
    ghosts = [w for w in frame if w.words == "+1"]
    assert len(ghosts) == 1, [w.words for w in frame]
    pill = ghosts[0].ink.inflate(14, 8)
    words = [w for w in frame if w.words != "+1" and panel.colliderect(w.ink)]
    assert len(words) >= 5, [w.words for w in words]  # the title, the counts, the three rows
    assert panel.contains(pill), (pill, panel)
    assert not [w.words for w in words if pill.colliderect(w.ink)]


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_drop_here_hint_grows_with_the_text_by_its_cell(ctx, monkeypatch, lang, scale):
    """A tile carried over a legal cell whose drop completes nothing (R-P1): "release to place it
    here" was drawn in the message line, whose fixed height held it at its 100 % size (18 px) at
    200 %. There it is now said by the cell, at least half as large again, whole, in the window."""
    from castellion.ui.text import t
    from tests.board_driver import BoardDriver, redraw_whole
    from tests.layout_words import cut_words
    from tests.rules_helpers import scenario
    from tests.scenes.board.test_forecast import EXAM_1, JUGGLER_L, hover

    def drawn(text_size: int):
        set_text(ctx, lang, scale, text_size)
        d = BoardDriver(ctx, scenario("intro", cards=EXAM_1, held="Js", castle_text=JUGGLER_L))
        hover(d, (1, 4))
        assert d.board.state.gesture.probe.ok
        d.frame()
        redraw_whole(d.board)
        frame = stack_words(ctx.stack, monkeypatch, scale)[1]
        return frame, [w for w in frame if w.words == t("board.hint.legal")]

    hints = drawn(100)[1]
    assert len(hints) == 1
    frame, large = drawn(200)
    assert len(large) == 1, [w.words for w in frame]
    assert large[0].size * 2 >= hints[0].size * 3, (hints[0].size, large[0].size)
    assert pygame.Rect(0, 0, 1280, 800).contains(large[0].ink) and not large[0].cut
    assert not cut_words(frame, lang)


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("game", ["fresh", "a tile in hand"])
def test_the_keys_line_under_the_tiles_grows_on_two_lines(ctx, monkeypatch, game, lang, scale):
    """The solo tiles panel's keys ("arrows: move • Enter: pick up / drop • F1: …"): one line the
    panel's width held it at about its 100 % size (18 px) at 200 %. It now takes two lines, whole
    keys to a line, at least a fifth larger, one size, inside the panel, touching nothing."""
    from castellion.scenes.board.words import KEYS_GAP, key_entries
    from tests.layout_words import touching_words

    def keys(text_size: int):
        scene, frame = _frame(ctx, monkeypatch, game, lang, scale, text_size)
        hint = KEYS_GAP.join(key_entries())
        panel = pygame.Rect(scene.state.layout.tiles_panel)
        return frame, panel, [w for w in frame if w.words.strip() and w.words.strip() in hint
                              and panel.contains(w.ink) and w.ink.y > panel.centery]

    small = keys(100)[2]
    assert len(small) == 1
    frame, panel, large = keys(200)
    assert len(large) == 2, [w.words for w in large]
    assert {w.size for w in large} == {large[0].size} and large[0].size * 5 >= small[0].size * 6, \
        (small[0].size, [w.size for w in large])
    assert all(w.words.split(" \u2022 ")[0].strip() and not w.words.rstrip().endswith(":") for w in large)
    assert not [pair for pair in touching_words(frame) if any(w.words in pair for w in large)]


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_keys_line_wraps_whole_entries_even_one_holding_the_separator(ctx, monkeypatch, lang, scale):
    """The keys under the tiles were one translated sentence that the board split at " • " to
    wrap whole keys: a translation holding that separator inside one key was cut in two. They are
    now three catalog entries joined by the board: at 200 % each line is whole entries, in order,
    even where an entry ("pick up / drop" here said twice) holds the separator itself."""
    import castellion.ui.text as text_module
    from castellion.scenes.board.words import KEYS_GAP, key_entries

    real = text_module._lookup

    def lookup(key: str) -> str | None:
        words = real(key)
        if words is None or not key.startswith("board.hotkeys"):
            return words
        parts = [f"{part}{KEYS_GAP}{part}" if "{ok}" in part else part for part in words.split(KEYS_GAP)]
        return KEYS_GAP.join(parts)  # (the sentence it once was: its own "pick up / drop" twice too)

    monkeypatch.setattr(text_module, "_lookup", lookup)
    scene, frame = _frame(ctx, monkeypatch, "fresh", lang, scale)
    entries = key_entries()
    assert any(KEYS_GAP in entry for entry in entries), entries
    panel = pygame.Rect(scene.state.layout.tiles_panel)
    lines = sorted((w for w in frame if w.words.strip() and w.words in KEYS_GAP.join(entries)
                    and panel.contains(w.ink) and w.ink.y > panel.centery), key=lambda w: w.ink.y)
    assert len(lines) >= 2, [w.words for w in lines]
    runs = {KEYS_GAP.join(entries[i:j]) for i in range(3) for j in range(i + 1, 4)}
    assert all(w.words in runs for w in lines), [w.words for w in lines]  # no half entry
    assert KEYS_GAP.join(w.words for w in lines) == KEYS_GAP.join(entries)


def _encounter_lines(ctx, monkeypatch, game: str, lang: str, scale: float, text_size: int):
    """The board's "face the Ordeal now" button and the words drawn in it (each once: not their shadow)."""
    from castellion.ui.text import t
    from tests.board_driver import board_button

    scene, frame = _frame(ctx, monkeypatch, game, lang, scale, text_size)
    button = board_button(scene, "encounter")
    assert button.visible
    label = t("board.encounter")
    lines = {w.words: w for w in frame if w.words.strip() and w.words in label and button.rect.contains(w.ink)}
    return scene, frame, button, sorted(lines.values(), key=lambda w: w.ink.y)


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("game", ["fresh", "the Prison and the Pantry"])
def test_face_the_ordeal_now_grows_with_the_text_on_two_lines(ctx, monkeypatch, game, lang, scale):
    """"Face the Ordeal now" (R-O2: an Ordeal faced early) was shrunk to one line of its fixed
    button: 16 px beside the tiles panel's 27 at 200 % (Spanish, English; Japanese 22). Its
    button now reaches up to under the discard pile's count, its label on two lines at one size,
    larger than its one line, never larger than the panel's words, inside the button, touching
    nothing; in English and Spanish within a pixel of the discard pile's count."""
    from castellion.ui.text import tn
    from tests.layout_words import touching_words

    _, _, _, one = _encounter_lines(ctx, monkeypatch, game, lang, scale, 100)
    assert len(one) == 1
    scene, frame, button, lines = _encounter_lines(ctx, monkeypatch, game, lang, scale, 200)
    count = next(w for w in frame if w.words == tn("board.discard_count", 0))
    assert len(lines) == 2, [w.words for w in lines]
    assert "".join(w.words for w in lines).replace(" ", "") == one[0].words.replace(" ", "")
    assert {w.size for w in lines} == {lines[0].size}
    assert one[0].size < lines[0].size <= count.size, (one[0].size, lines[0].size, count.size)
    if lang != "ja":  # (the Japanese piles are lower under their heading: `heading_room`)
        assert lines[0].size >= count.size - 1, (lines[0].size, count.size)
    assert not [pair for pair in touching_words(frame) if any(w.words in pair for w in lines)]
    assert count.ink.bottom < button.rect.y


def test_at_100_percent_face_the_ordeal_now_keeps_its_button_and_its_line(ctx, monkeypatch):
    """At 100 % the button keeps its fixed place and its one line (a guard: before the button could
    grow it failed only because it had no `lines`)."""
    from castellion.ui.geometry import LAYOUT

    _, _, button, lines = _encounter_lines(ctx, monkeypatch, "fresh", "es", 1.0, 100)
    assert button.rect == pygame.Rect(LAYOUT.button_rect("encounter")) and button.lines == ()
    assert len(lines) == 1


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_with_a_tile_in_hand_face_the_ordeal_now_leaves_the_hand_s_name_its_room(ctx, monkeypatch, lang):
    """With a tile in hand its name is drawn under the hand, where the grown button would reach:
    the button keeps its place, and the tiles panel the size it has without the button grown
    (measured 27 → 22 px at 200 % while the grown button was in the panel's way)."""
    from castellion.scenes.board import fitting
    from castellion.ui.geometry import ROOMY_LAYOUT

    scene, frame, button, _ = _encounter_lines(ctx, monkeypatch, "a tile in hand", lang, 1.0, 200)
    assert button.rect == pygame.Rect(ROOMY_LAYOUT.button_rect("encounter"))
    grown = scene.panel_sizes.sizes["tiles"]
    monkeypatch.setattr(fitting, "_grown_encounter", lambda ctx, lay: None)
    scene, _, _, _ = _encounter_lines(ctx, monkeypatch, "a tile in hand", lang, 1.0, 200)
    assert grown == scene.panel_sizes.sizes["tiles"]
