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
    button is now taller, its label on two lines at one size, larger than its one line, never
    larger than the panel's words (the piles' names), inside the button, touching nothing, under
    the discard pile's count."""
    from castellion.ui.text import t, tn
    from tests.layout_words import touching_words

    _, _, _, one = _encounter_lines(ctx, monkeypatch, game, lang, scale, 100)
    assert len(one) == 1
    scene, frame, button, lines = _encounter_lines(ctx, monkeypatch, game, lang, scale, 200)
    count = next(w for w in frame if w.words == tn("board.discard_count", 0))
    name = next(w for w in frame if w.words == t("board.pile.regular"))
    assert len(lines) == 2, [w.words for w in lines]
    assert "".join(w.words for w in lines).replace(" ", "") == one[0].words.replace(" ", "")
    assert {w.size for w in lines} == {lines[0].size}
    assert one[0].size < lines[0].size <= name.size, (one[0].size, lines[0].size, name.size)
    assert not [pair for pair in touching_words(frame) if any(w.words in pair for w in lines)]
    assert count.ink.bottom < button.rect.y


def test_at_100_percent_face_the_ordeal_now_keeps_its_button_and_its_line(ctx, monkeypatch):
    """At 100 % the button keeps its fixed place and its one line (a guard: before the button could
    grow it failed only because it had no `lines`)."""
    from castellion.ui.geometry import LAYOUT

    _, _, button, lines = _encounter_lines(ctx, monkeypatch, "fresh", "es", 1.0, 100)
    assert button.rect == pygame.Rect(LAYOUT.button_rect("encounter")) and button.lines == ()
    assert len(lines) == 1


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_face_the_ordeal_now_keeps_one_place_and_size_with_a_tile_in_hand(ctx, monkeypatch, lang, scale):
    """At 200 % the button grew up under the discard pile's count only while the hand was empty
    (the name of the tile in hand was drawn in that band): "Afrontar ya la Prueba" was 26 px on
    two lines, then 14–16 px on one once a tile was taken. Now the button has one place and size
    and its label one size on the same two lines, held or not; the tile's name, whole, keeps clear
    of it."""
    from castellion.scenes.board.words import tile_name
    from tests.layout_words import touching_words

    _, _, empty, empty_lines = _encounter_lines(ctx, monkeypatch, "fresh", lang, scale, 200)
    scene, frame, held, held_lines = _encounter_lines(ctx, monkeypatch, "a tile in hand", lang, scale, 200)
    assert pygame.Rect(held.rect) == pygame.Rect(empty.rect)
    assert len(held_lines) == 2, [w.words for w in held_lines]
    assert [(w.words, w.size) for w in held_lines] == [(w.words, w.size) for w in empty_lines]
    name = tile_name(scene.session.game.held)
    drawn = [w for w in frame if w.words.strip() and w.words in name and not held.rect.colliderect(w.ink)]
    assert "".join(w.words for w in drawn).replace(" ", "") == name.replace(" ", ""), [w.words for w in drawn]
    assert not [w.words for w in drawn if w.cut or held.rect.inflate(4, 4).colliderect(w.ink)]
    assert not [pair for pair in touching_words(frame) if any(w.words in pair for w in drawn + held_lines)]


HELD = [None, "Cc", "Ct", "Jt+"]  # (None: the hand empty; a triangle's and a safe tile's names are the longest)


def _tiles_frame(ctx, monkeypatch, held: str | None, lang: str, scale: float, text_size: int = 200):
    """The solo board with `held` in hand (None: a fresh game, the hand empty), drawn: the scene, its
    words, the tiles panel."""
    game = SOLO_GAMES["fresh" if held is None else "a tile in hand"]()
    if held is not None:
        game.held = held
    set_text(ctx, lang, scale, text_size)
    scene = board(ctx, game)
    ctx.stack.reset(scene)
    ctx.stack.apply_pending()
    frame = stack_words(ctx.stack, monkeypatch, scale)[1]
    return scene, frame, pygame.Rect(scene.state.layout.tiles_panel)


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("held", HELD)
def test_the_tiles_panel_reaches_200_percent_with_a_tile_in_hand_or_not(ctx, monkeypatch, held, lang, scale):
    """At 200 % the solo tiles panel's words stopped at 150 % in English and Spanish (the four names
    over the piles, the hand and the discard pile side by side touched: "Regular" and "Safe") and
    at 150–175 % in Japanese with a triangle or a safe tile in hand (its name ran into the Seer's
    caption and slots). The piles are now spread, the hand's name raised a row where it would
    touch its neighbours', the tile's name under the hand: the panel is drawn at 200 %, its four
    names at one size, the tile's name whole, nothing touching. (Japanese with the hand empty or a
    circle held was at 200 % before: those cases pass on the code before the change.)"""
    from castellion.scenes.board.words import tile_name
    from castellion.ui.text import t
    from tests.layout_words import cut_words, touching_words

    scene, frame, panel = _tiles_frame(ctx, monkeypatch, held, lang, scale)
    assert scene.panel_sizes.sizes["tiles"] == 2.0, scene.panel_sizes.why.get("tiles")
    keys = [f"board.pile.{p}" for p in ("regular", "safe")] + ["board.hand", "board.discard"]
    names = [w for w in frame if w.words in {t(k) for k in keys} and panel.contains(w.ink)]
    assert len(names) == 4 and {w.size for w in names} == {names[0].size}, [(w.words, w.size) for w in names]
    assert names[0].size == ctx.fonts.sized(ctx.theme.font_small)
    inside = [w for w in frame if panel.contains(w.ink)]
    if held is not None:
        name = tile_name(held)
        drawn = [w for w in inside if w.words.strip() and w.words in name and w not in names]
        assert "".join(w.words for w in drawn).replace(" ", "") == name.replace(" ", "")
    assert not cut_words(inside, lang)
    assert not [pair for pair in touching_words(frame) if any(w.words in pair for w in inside)]


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("held", [None, "Cc"])
def test_the_piles_counts_and_the_seer_s_caption_grow_with_the_panel(ctx, monkeypatch, held, lang, scale):
    """At 200 % "quedan 72" (the piles' counts) was drawn at 18 px, its 100 % size, beside 27 px
    names, and "Reveladas por el Vidente" at 16 px, smaller than at 100 % (18): the room between the
    counts and the Seer's slots was 48 px tall. The piles are smaller and spread, the slots lower:
    at 200 % the counts are at least a third larger than at 100 % (in English and Japanese at the
    piles' names' size), the caption at least its 100 % size, each count at one size. (English's
    counts were at its names' size before, 27 px at 150 %: those cases pass on the code before.)"""
    from castellion.ui.text import t

    def drawn(text_size: int):
        scene, frame, panel = _tiles_frame(ctx, monkeypatch, held, lang, scale, text_size)
        game = scene.session.game
        counts = {t("board.pile_count", n=game.pile_size(p)) for p in ("regular", "safe")}
        caption = (t("board.revealed"), t("board.revealed_short"))
        inside = [w for w in frame if panel.contains(w.ink)]
        return ([w for w in inside if w.words in counts],
                [w for w in inside if w.words.strip() and any(w.words in c for c in caption)],
                next(w for w in inside if w.words == t("board.pile.regular")))

    small_counts, small_caption, _ = drawn(100)
    counts, caption, name = drawn(200)
    assert len(counts) == 2 and len(small_counts) == 2
    assert len({w.size for w in counts}) == 1
    assert counts[0].size * 3 >= small_counts[0].size * 4, (small_counts[0].size, counts[0].size)
    if lang != "es":
        assert counts[0].size == name.size, (counts[0].size, name.size)
    assert caption and min(w.size for w in caption) >= max(w.size for w in small_caption), \
        ([w.size for w in small_caption], [w.size for w in caption])


EVERY_HELD = [f + s + safe for safe in ("", "+") for f in "SCJP" for s in "tsc"] + ["T", "T!"]  # the decks' kinds


def _in_hand(kind: str):
    """A solo game with a tile drawn into the hand: "base" (the Seer's revealed row beside it) or
    "vigil" (the intro level's Vigil under the piles)."""
    from castellion.rules import actions as A

    game = mid_game(1, "use") if kind == "base" else new_game("intro", seed=8, variant="vigil")
    if kind == "vigil":
        game.apply(A.DrawTile("regular"))
    assert game.held is not None
    return game


def _fills_its_room(ctx, scene, inside, drawn) -> bool:
    """Whether the name of the tile in hand (`drawn`, its lines) is as large as the room it has on
    the solo board at a larger text size allows: at the labels' size, or one size larger (2 px at
    200 %) its ink would be taller than the room from its top down to the button under it (a pixel
    spare: ink does not grow quite in step), or its widest line wider than the room across (right
    of the Seer's slots, or of the Vigil's label, to the panel's inner right edge; 8 px spare each
    side; the size spare: a line's ink is narrower than its advance, by far in the Japanese
    （ and ）)."""
    from castellion.ui.text import t
    from castellion.ui.textfit import TOUCH, TOUCH_ACROSS
    from castellion.ui.textfit import inside as inner

    lay, size = scene.state.layout, drawn[0].size
    if size >= ctx.fonts.sized(ctx.theme.font_small):
        return True
    ink = drawn[0].ink.unionall([w.ink for w in drawn[1:]])
    bottom = min(pygame.Rect(lay.button_rect(k)).y for k in ("encounter", "premonition")) - TOUCH
    right = inner(lay.tiles_panel).right - 8
    rooms = [(pygame.Rect(lay.revealed_rect(lay.revealed_slots - 1)).right + TOUCH_ACROSS, bottom)]
    if not scene.session.game.level_spec.powers:
        rooms = [(max(w.ink.right for w in inside if w.words == t("board.vigil")) + TOUCH_ACROSS + 8, bottom)]
    caption = [w for w in inside if w.words == t("board.revealed_short")]
    if caption:  # (the Seer's caption on one line: the name right of it, or over it across the panel)
        ink_of = caption[0].ink
        rooms = [(ink_of.right + TOUCH_ACROSS, bottom), (inner(lay.tiles_panel).x + 8, ink_of.y - TOUCH)]
    widest = max(w.ink.w for w in drawn)
    return not any((ink.h + 1) * (size + 2) <= (low - ink.y) * size
                   and (widest + size) * (size + 2) <= (right - left) * size for left, low in rooms)


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("kind", ["base", "vigil"])
def test_every_kind_of_tile_in_hand_leaves_the_tiles_panel_at_200_percent(ctx, monkeypatch, kind, lang, scale):
    """Every tile the decks hold (each faction × shape, regular and safe, both Traitors) in hand, at
    200 %, in a base game and in the Vigil game: the tiles panel is drawn at 200 %, the tile's name
    whole in it, as large as its room allows (`_fills_its_room`), touching nothing. Before, the
    Vigil game's panel stayed at 150 % in Spanish and Japanese whatever was held ("Vigilia" over
    the Vigil ran out of the panel's left edge; kept in, it touched the Vigil's note), and the
    names were held by their line, not their ink (ja 20-22 px, "Seer circle" 34) or, in the Vigil
    game, as narrow as beside Seer's slots that are not there ("Chameleon triangle (safe)" 18 px
    → 28). (Japanese in the base game at 1024×600 passed before the change.)

    Beside the Seer's slots (the base game) every name is at least 26 px, clear of the slots, the
    button and the hand's frame: one line of 288 px right of the slots' caption on two lines held
    the long ones at 1280×800 to en 18-36, es 16-36, ja 22-34 px (1024×600: en 18-36, es 16-36,
    ja 22-30); with the caption on one line (`board/seer_caption.py`) the name goes right of it
    or over it across the panel: en 36, es 30-36, ja 28-34 (1024×600: en 36, es 28-36, ja
    28-30). (The Vigil game passes before this change too.)"""
    from castellion.scenes.board.words import tile_name
    from tests.layout_words import cut_words, touching_words

    base = _in_hand(kind)
    for code in EVERY_HELD:
        game = base.copy()
        game.held = code
        set_text(ctx, lang, scale, 200)
        scene = board(ctx, game)
        ctx.stack.reset(scene)
        ctx.stack.apply_pending()
        with pytest.MonkeyPatch.context() as patch:  # (each frame's recorder undone: kept, the 26 frames'
            frame = stack_words(ctx.stack, patch, scale)[1]  # renders took gigabytes)
        panel = pygame.Rect(scene.state.layout.tiles_panel)
        assert scene.panel_sizes.sizes["tiles"] == 2.0, (code, scene.panel_sizes.why.get("tiles"))
        inside = [w for w in frame if panel.contains(w.ink)]
        name = tile_name(code)
        hand = pygame.Rect(scene.state.layout.hand_rect())  # (under it: not the Seer's caption's "Vidente")
        drawn = [w for w in inside if w.words.strip() and w.words in name and w.ink.y > hand.bottom
                 and w.ink.right > hand.x]
        assert "".join(w.words for w in drawn).replace(" ", "") == name.replace(" ", ""), (code, drawn)
        assert _fills_its_room(ctx, scene, inside, drawn), (code, [(w.words, w.size, w.ink) for w in drawn])
        lay = scene.state.layout
        pictures = [hand.inflate(8, 8)] + [pygame.Rect(lay.button_rect(k)) for k in ("encounter", "premonition")]
        if kind == "base":
            pictures += [pygame.Rect(lay.revealed_rect(i)) for i in range(lay.revealed_slots)]
            assert min(w.size for w in drawn) >= 26, (code, [(w.words, w.size) for w in drawn])
        assert not [(w.words, p) for w in drawn for p in pictures if w.ink.colliderect(p)], code
        assert not cut_words(inside, lang), code
        assert not [pair for pair in touching_words(frame) if any(w.words in pair for w in inside)], code


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_nothing_in_hand_goes_where_the_tile_s_name_goes_where_it_is_larger_there(ctx, monkeypatch, lang, scale):
    """"nothing in hand" at 200 % was drawn inside the hand's frame, on one to three lines of 22-24 px
    beside the 36 px names over the slots (en 22, es 24, ja 22). It now goes where the name of a
    tile in hand goes, under the hand's frame, on one line placed by its ink, as large as that room
    holds (en 32, es 28, ja 30-34 px: 7/4 of its 100 % size or more), touching nothing."""
    from castellion.ui.text import t
    from tests.layout_words import touching_words

    def said(text_size: int):
        scene, frame, panel = _tiles_frame(ctx, monkeypatch, None, lang, scale, text_size)
        words = [w for w in frame if panel.contains(w.ink) and w.words.strip() and w.words in t("board.hand_empty")
                 and w.words != t("board.hand")]
        return scene, frame, words

    small = said(100)[2]
    scene, frame, large = said(200)
    frame_rect = pygame.Rect(scene.state.layout.hand_rect()).inflate(8, 8)
    assert "".join(w.words for w in large).replace(" ", "") == t("board.hand_empty").replace(" ", "")
    assert len({w.size for w in large}) == 1 and len({w.size for w in small}) == 1
    assert not [pair for pair in touching_words(frame) if any(w.words in pair for w in large)]
    assert len(large) == 1 and large[0].ink.y > frame_rect.bottom, [(w.words, w.ink) for w in large]
    assert large[0].size * 4 >= small[0].size * 7, (small[0].size, large[0].size)


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_keys_two_lines_are_placed_by_their_ink_half_as_large_again(ctx, monkeypatch, lang, scale):
    """The solo keys' two lines under the tiles at 200 %: placed by their line, the Japanese ones
    (a line much taller than its ink) stayed at 20 px beside 24-30 px words. Placed by their ink,
    a few px apart, every language's are now at least half as large again as at 100 % (26 px),
    under the slots and the button, inside the panel, touching nothing. (English and Spanish,
    24 px before, passed before the change.)"""
    from castellion.scenes.board.words import KEYS_GAP, key_entries
    from tests.layout_words import touching_words

    def keys(text_size: int):
        scene, frame, panel = _tiles_frame(ctx, monkeypatch, "Sc", lang, scale, text_size)
        hint = KEYS_GAP.join(key_entries())
        return scene, frame, panel, sorted((w for w in frame if w.words.strip() and w.words.strip() in hint
                                            and panel.contains(w.ink) and w.ink.y > panel.centery),
                                           key=lambda w: w.ink.y)

    small = keys(100)[3]
    scene, frame, panel, large = keys(200)
    lay = scene.state.layout
    above = max(pygame.Rect(r).bottom for r in [lay.button_rect("encounter")]
                + [lay.revealed_rect(i) for i in range(lay.revealed_slots)])
    assert len(small) == 1 and len(large) == 2, [w.words for w in large]
    assert {w.size for w in large} == {large[0].size} and large[0].size * 2 >= small[0].size * 3, \
        (small[0].size, large[0].size)
    assert large[0].ink.y > above and large[0].ink.bottom < large[1].ink.y
    assert not [pair for pair in touching_words(frame) if any(w.words in pair for w in large)]


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("held", [None, "Ct+"])
def test_the_seer_s_caption_placed_by_its_ink_is_a_third_larger(ctx, monkeypatch, held, lang, scale):
    """"Revealed by the Seer" over the solo revealed row at 200 %: its lines placed by their line
    held it at en 26, es 22-24, ja 18 px (one line: two Japanese lines were too tall by their
    line). Placed by their ink it is at least a third larger than at 100 % (en 32, es 26, ja 24 px),
    held or not, whole, its ink above the slots, touching nothing. (English, and Spanish at
    1280×800, passed before the change.) Its long words needed two lines there: the short
    caption now goes on one line in their place (en 32, es 32, ja 28 px: `board/seer_caption.py`)."""
    from castellion.ui.text import t
    from tests.layout_words import touching_words

    def caption(text_size: int):
        scene, frame, panel = _tiles_frame(ctx, monkeypatch, held, lang, scale, text_size)
        hand = pygame.Rect(scene.state.layout.hand_rect())
        return scene, frame, [w for w in frame if panel.contains(w.ink) and w.words.strip() and w.ink.x < hand.x
                              and any(w.words in c for c in (t("board.revealed"), t("board.revealed_short")))]

    small = caption(100)[2]
    scene, frame, large = caption(200)
    slots = pygame.Rect(scene.state.layout.revealed_rect(0))
    assert "".join(w.words for w in large).replace(" ", "") in \
        {t(k).replace(" ", "") for k in ("board.revealed", "board.revealed_short")}
    assert len({w.size for w in large}) == 1 and large[0].size * 3 >= small[0].size * 4, \
        ([w.size for w in small], [w.size for w in large])
    assert all(w.ink.bottom < slots.y for w in large)
    assert not [pair for pair in touching_words(frame) if any(w.words in pair for w in large)]


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("text_size", [150, 175, 200])
@pytest.mark.parametrize("held", [None, "Ct+"])
def test_the_japanese_seer_s_caption_is_never_broken_inside_a_word(ctx, monkeypatch, held, text_size, scale):
    """The Japanese Seer's caption over the solo revealed row, which has no spaces to break at, was
    broken wherever its room ran out: 「先見者が公開し」 over 「たタイル」 (a verb cut in two) at
    150 and 175 %, 「先見者が公開した」 over 「タイル」 at 24 px at 200 %. Where it needs two lines
    the short caption 「公開タイル」 goes on one line instead: one run of words, the catalog's
    whole, at least its 100 % size, its ink above the slots, touching nothing."""
    from castellion.ui.text import t
    from tests.layout_words import touching_words

    def caption(size: int):
        scene, frame, panel = _tiles_frame(ctx, monkeypatch, held, "ja", scale, size)
        hand, slots = pygame.Rect(scene.state.layout.hand_rect()), pygame.Rect(scene.state.layout.revealed_rect(0))
        return scene, frame, slots, [w for w in frame if panel.contains(w.ink) and w.words.strip()
                                     and w.ink.x < hand.x and hand.y < w.ink.y < slots.y
                                     and any(w.words in t(k) for k in ("board.revealed", "board.revealed_short"))]

    small = caption(100)[3]
    scene, frame, slots, large = caption(text_size)
    assert [w.words for w in large] in ([t("board.revealed")], [t("board.revealed_short")]), \
        [(w.words, w.size) for w in large]
    assert large[0].size >= small[0].size and large[0].ink.bottom < slots.y, (small[0].size, large[0])
    assert not [pair for pair in touching_words(frame) if large[0].words in pair]


def _status_game(level: str, card: str | None = None, passed: bool = False):
    """A fresh solo game at `level` (seed 4): its first Ordeal as dealt, or `card` face up there, or
    (`passed`) every Ordeal passed (no card left)."""
    from dataclasses import asdict

    from castellion.rules import Game
    from castellion.rules.defaults import default_ruleset

    d = new_game(level, seed=4).to_dict()
    if card is not None:
        d["ordeals"][0].update(card=asdict(default_ruleset().cards[card]), face_up=True)
    for ordeal in d["ordeals"] if passed else []:
        ordeal["passed"] = True
    return Game.from_dict(d)


COUNTS_GAMES = {"a card face down": lambda: _status_game("expert"),
                "no card left": lambda: _status_game("base", passed=True),
                "a Harpy face up": lambda: _status_game("expert", "harpy-1"),
                "Exam III face up": lambda: _status_game("intro", "exam-3a"),
                "Simulation I face up": lambda: _status_game("base", "sim-1")}


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("game", list(COUNTS_GAMES))
def test_the_castle_s_counts_are_near_the_size_of_the_panel_s_lines(ctx, monkeypatch, game, lang, scale):
    """The castle's counts in the solo status panel at 200 % ("Towers 0 • Bastions 0 • Lines 0"):
    beside the title, or on their own row placed by their line, they were 18-26 px where the
    panel's other lines are 34-44 (Japanese, a card face down, 18 beside a 44 px foundation).
    With no face-up card they now take the row under the title placed by their ink, or the
    foundation's line after it (Japanese); with one, its requirements say the counts of the kinds
    they ask for and only the others are drawn beside the title. Every count is said once (by the
    counts or a requirement), the counts at least 20 px and two thirds of the size of the panel's
    requirement rows (of the foundation with none: en 36, es 36, ja 32 of 44 px), whole, in the
    panel, touching nothing. (Simulation I asks for every kind: no counts are drawn; in English
    and Spanish, on two rows of requirements, that passed before.)"""
    from castellion.rules import formations
    from castellion.ui.text import tn
    from tests.layout_words import cut_words, touching_words

    set_text(ctx, lang, scale, 200)
    scene = board(ctx, COUNTS_GAMES[game]())
    ctx.stack.reset(scene)
    ctx.stack.apply_pending()
    frame = stack_words(ctx.stack, monkeypatch, scale)[1]
    slots, panel = status_slots(scene), pygame.Rect(scene.state.layout.status_panel)
    inside = [w for w in frame if panel.contains(w.ink) and w.words.strip()]
    counts = [w for w in inside if (0, "counts") in slots and slots[(0, "counts")].collidepoint(w.ink.center)]
    asked = [kind for kind in ("tower", "bastion", "line") if (0, kind) in slots]
    have = formations(scene.session.game.castle(0))
    said = " ".join(w.words for w in counts)
    for kind in ("tower", "bastion", "line"):  # (each once: by its requirement or by the counts)
        assert (kind in asked) != (tn(f"board.count.{kind}", have[kind]) in said), (kind, asked, said)
    rows = [w.size for w in inside for kind in [*asked, "foundation"] if slots[(0, kind)].collidepoint(w.ink.center)]
    line = max(rows)
    if counts:
        assert len(counts) == 1 and counts[0].size >= 20 and 3 * counts[0].size >= 2 * line, \
            ([(w.words, w.size) for w in counts], line)
    assert not cut_words(inside, lang)
    assert not [pair for pair in touching_words(frame) if any(w.words in pair for w in inside)]
