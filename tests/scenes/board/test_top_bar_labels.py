"""The top bar's buttons (Hint, Undo, Redo, Rules, Menu) at 200 %: the pixel size their labels are
drawn at, per language and window, on the kinds of bar the other tests of `test_text_size.py`
leave out (a plain game's one-row bar beside a long turn, two players, the Prison with the Pantry),
measured on the frame shown (`tests.layout_words`), the labels whole and clear of the bar's words."""

from __future__ import annotations

import pygame
import pytest

from castellion.scenes.board import BoardScene
from tests.board_driver import TOP_BUTTONS, board_button, top_bar_words


def _bar(ctx, monkeypatch, name: str, lang: str, scale: float, *, fitted: bool = True
         ) -> tuple[BoardScene, dict[str, int], list]:
    """Screen `name` at 200 %: the scene, its labels' sizes (px) and the words inside its top bar;
    the labels (`fitted`: at one size) whole, touching nothing, the buttons inside the window and apart."""
    from tests.project import test_layout_words as layout

    scene, in_bar, drawn = top_bar_words(ctx, monkeypatch, name, lang, scale)
    labels = {board_button(scene, key).label for key in TOP_BUTTONS}
    assert set(drawn) == labels and (len(set(drawn.values())) == 1 or not fitted), drawn
    problems = layout.cut_words(in_bar, lang) + layout.touching_words(in_bar) + layout.label_problems(ctx, in_bar)
    assert not problems, problems
    shown = scene.button_rects()
    assert all(pygame.Rect(0, 0, 1280, 800).contains(r) for r in shown), shown
    assert not [(a, b) for i, a in enumerate(shown) for b in shown[i + 1:] if a.colliderect(b)], shown
    return scene, drawn, in_bar


# px at 200 %, the smaller of 1280×800 and 1024×600 (before: two players and the Prison with the
# Pantry 32 / 24 / 24 in en / es / ja at both sizes; then 40 / 30 / 32, the Spanish level's name at 38 px
# on the first row beside them)
SECOND_ROW = {"en": 40, "es": 34, "ja": 34}


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("name", ["board-two-players", "board-two-players-prison-pantry", "board-prison-pantry"])
def test_a_bar_over_a_board_that_cannot_move_takes_the_gaps_around_the_banner(ctx, monkeypatch, name, lang, scale):
    """Two players (45 px cells, already under `MIN_CELL`) and a solo game with the Prison and the
    Pantry (its side column cannot go lower) kept a bar of 78 px and buttons 40 px tall, the
    labels' ink 8 px from their top and bottom: 24 px in Spanish and Japanese, 32 in English. The
    ink now keeps 6 px (as the watched game's strip), and the bar is 4 px taller, taken from the
    gaps over and under the banner and the message line (the board under them where it was):
    40 / 30 / 32 px or more, the banner's and the message line's words whole and apart."""
    from castellion.ui.geometry import board_layout
    from tests.project import test_layout_words as layout

    scene, drawn, _ = _bar(ctx, monkeypatch, name, lang, scale)
    assert min(drawn.values()) >= SECOND_ROW[lang], (name, lang, scale, drawn)
    laid = scene.base_layout
    game = scene.session.game
    before = board_layout(laid.players, prison=bool(laid.prison_cell), pantry=bool(laid.pantry_xs), roomy=True,
                          tall_bar=True)
    assert (laid.cell, laid.castle_panel, laid.ordeal_panel, laid.tiles_panel) == \
        (before.cell, before.castle_panel, before.ordeal_panel, before.tiles_panel), game.players
    top, banner, message = (pygame.Rect(r) for r in (laid.top_bar, laid.banner, laid.message))
    assert top.bottom < banner.top and banner.bottom < message.top and message.bottom < laid.ordeal_panel[1]
    frame = layout.show(ctx, monkeypatch, name, lang, scale, 200)[1]
    under = [w for w in frame if banner.contains(w.ink) or message.contains(w.ink)]
    assert under and not layout.cut_words(under, lang) + layout.touching_words(under), under


ONE_ROW = {  # px at 200 %, the smaller of 1280×800 and 1024×600 (before: 38 / 24 / 28; 38 / 26 / 18;
    # then 40 / 30 / 34 and 38 / 28 / 26: the turn beside the name, or the name on two lines)
    "board-expert": {"en": 40, "es": 32, "ja": 34},  # a short name ("The Threat"), the turn beside it (es 30
    # before: the turn kept 32 px beside a name of 28)
    "board-academy": {"en": 40, "es": 32, "ja": 30},  # a long name and a six-digit deal (ja 34 / 32 beside
    # the name at 22 px: 32 / 30 beside it on two lines at 26)
    "board-solo": {"en": 40, "es": 34, "ja": 30},  # a long name on two lines (es 30, Undo's short form; then 32
    # at 1024×600: the turn kept 26 px beside a name of 24)
}


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("name", sorted(ONE_ROW))
def test_a_one_row_bar_s_words_give_the_buttons_room_down_to_their_size(ctx, monkeypatch, name, lang, scale):
    """A plain game's bar of one row kept its words (the level's name, the turn and the deal) at
    the size they had beside the buttons at their 100 % places, and the buttons took what was
    left: in Japanese the turn stayed at 44 px beside labels of 28, or 32 px beside labels of 18
    (a six-digit deal). The words now give the row room as long as they stay at least as large
    as the labels (or as they were): the labels grow, the turn stays the larger or within reach.
    Spanish labels stayed at 30 px or under, Japanese at 26 beside "The Admiral's Academy" (their
    five labels at 34 px want some 780 px, the name and the turn beside them left 670): the turn
    and the deal may go under the name, the two lines smaller, where the labels and the smallest
    of the bar's words grow further together. A word may also come down to the size of the bar's
    smallest other word (the game's title aside), none smaller than before: the Spanish turn kept
    26 px beside a name of 24 and held the labels at 32 px at 1024×600 (34 now, the turn 24), in
    "La Amenaza" 32 beside 28 and the labels at 30 (32 now, the name and the turn 30)."""
    from castellion.scenes.board.top_row import TopRow
    from castellion.ui import text

    def turn_size(in_bar: list) -> int:
        (facts,) = [w for w in in_bar if w.words.startswith(text.t("board.turn", turn=1))]
        return facts.size

    scene, drawn, in_bar = _bar(ctx, monkeypatch, name, lang, scale)
    labels = min(drawn.values())
    assert labels >= ONE_ROW[name][lang], (name, lang, scale, drawn)
    with monkeypatch.context() as patched:
        patched.setattr(TopRow, "_fit", staticmethod(lambda *args: None))  # the buttons at their 100 % places
        _, at_100, before = _bar(ctx, patched, name, lang, scale, fitted=False)
    kept = turn_size(before)
    (turn,) = [w for w in in_bar if w.words.startswith(text.t("board.turn", turn=1))]
    level = text.t(f"level.{scene.session.game.level_spec.id}.name")
    (named,) = [w for w in in_bar if w.words == level] or [None]  # (None: the name on two lines)
    if named is not None and turn.ink.top > named.ink.bottom:  # the turn under the level's name
        assert abs(turn.ink.left - named.ink.left) <= 3, (turn.ink, named.ink)  # (one under the other)
        least = min(w.size for w in in_bar if w.words not in drawn)
        assert labels + least > min(at_100.values()) + min(w.size for w in before if w.words not in at_100), \
            (labels, least, at_100, [(w.words, w.size) for w in before])
    else:  # the turn at least as large as before, as the labels or as the level's name beside it
        named_px = [w.size for w in in_bar if w.words not in drawn and w.words != text.t("app.title")
                    and w.words != turn.words]
        assert turn.size >= min(kept, labels, *named_px), (turn.size, kept, labels, named_px)


# px at 200 %, the smaller of 1280×800 and 1024×600: the level's name in a bar of one row (before: the
# name on two lines at most the turn's size and what the bar's 54 px held, en 28 / 28 / 22 here)
NAME_ONE_ROW = {
    "board-expert": {"en": 34, "es": 30, "ja": 36},
    "board-solo": {"en": 32, "es": 24, "ja": 32},
    "board-academy": {"en": 24, "es": 24, "ja": 26},  # (ja 22 on one line: no space)
}


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("name", sorted(NAME_ONE_ROW))
def test_a_one_row_bar_s_level_name_on_two_lines_takes_the_bar_s_height(ctx, monkeypatch, name, lang, scale):
    """A plain game's level name on two lines sat at the size of the turn after it and at what a
    54 px bar held: English "The School of Architects" and "The Menace" at 28 px beside labels of
    40. The name and the turn now grow together at one size on a bar up to 16 px taller (the
    castle's cells at most 3 px smaller, never under `MIN_CELL`) where the labels keep their
    size: 32 and 34 px or more, the name's lines whole, apart and left of the buttons, as large as
    the turn (English "The Admiral's Academy" 22 -> 24 px at 1024×600). Spanish "La Escuela de
    Arquitectos" 24 / 22 -> 26 / 24 px (its labels held the name); Japanese "提督のアカデミー" 22 -> 26
    px on two lines (`test_a_name_without_spaces_breaks_between_its_characters`); the other Japanese
    names (one line) and Spanish "La Academia del Almirante": a guard, they passed before."""
    from castellion.ui import text
    from castellion.ui.geometry import MIN_CELL

    scene, drawn, in_bar = _bar(ctx, monkeypatch, name, lang, scale)
    level = text.t(f"level.{scene.session.game.level_spec.id}.name")
    lines = [w for w in in_bar if w.words in level and w.words not in drawn]
    assert (" " if " " in level else "").join(w.words for w in lines) == level, [w.words for w in lines]
    assert min(w.size for w in lines) >= NAME_ONE_ROW[name][lang], [(w.words, w.size) for w in lines]
    assert min(drawn.values()) >= ONE_ROW[name][lang], drawn
    buttons = [board_button(scene, key).rect for key in TOP_BUTTONS]
    assert all(w.ink.right < min(b.left for b in buttons) for w in lines), ([w.ink for w in lines], buttons)
    if len(lines) == 2:  # (one under the other, the turn after them no smaller)
        (turn,) = [w for w in in_bar if w.words.startswith(text.t("board.turn", turn=1))]
        assert lines[0].ink.bottom < lines[1].ink.top and turn.size >= min(w.size for w in lines), in_bar
    assert scene.base_layout.cell >= MIN_CELL, scene.base_layout.cell


# px at 200 %, the smaller of 1280×800 and 1024×600 (before: 40 / 32 / 34 in en / es / ja, the Spanish
# level's name at 38 px beside them on a bar's first row)
TALLER = {"en": 40, "es": 34, "ja": 34}


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("name", ["board-vigil", "board-daily", "board-daily-practice", "board-prison-pantry"])
def test_a_taller_bar_s_level_name_gives_the_buttons_room(ctx, monkeypatch, name, lang, scale):
    """A bar with a second row (a variant, the Pantry, a daily deal) kept the level's name at its
    size (38 px) on the first row: Spanish labels beside "La Escuela de Arquitectos" stayed at 32 px,
    their ink 6 px clear of the button's edges ("Reglas" at 34 px is 33 px tall, the buttons 44). The
    name is now smaller where the labels grow beside it, at most a size (2 px) under theirs, and their
    ink 5 px clear (the focus ring lies outside the button): 34 px or more in Spanish, each word whole
    and apart from the others, inside the window."""
    from castellion.ui import text

    scene, drawn, in_bar = _bar(ctx, monkeypatch, name, lang, scale)
    labels = min(drawn.values())
    assert labels >= TALLER[lang], (name, lang, scale, drawn)
    level = text.t(f"level.{scene.session.game.level_spec.id}.name")
    (named,) = [w for w in in_bar if w.words == level]
    assert named.size >= labels - 2, (named.words, named.size, labels)
    buttons = [board_button(scene, key).rect for key in TOP_BUTTONS]
    assert named.ink.right < min(b.left for b in buttons), (named.ink, buttons)


@pytest.mark.parametrize("turn", [1, 15])
@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_two_players_default_names_leave_the_buttons_room_beside_a_smaller_name(ctx, monkeypatch, lang, scale,
                                                                                 turn):
    """Two players with the Prison and the Pantry and the players' default names ("Jugador 1 y
    Jugador 2": the longest options' row) put the Spanish turn on the first row after the level's
    name, and the name was made smaller only as far as it alone left the labels room: 32 px, the
    turn after it, the labels 24–26 px. The name may now be a size under the labels (30 px, the
    turn after it still split off, Undo and Redo in their short forms): 32 px in Spanish. The turn
    now follows the name 14 px from it, not 18: 34 px at 1280×800 (32 before: the first row 4 px
    too wide; 1024×600 is 23 px short, turn 15 a digit wider: 32), the name 30 and the turn 28 as
    before, each word whole, none touching another or a button, the name at most 4 px under the
    labels and the turn clear of it. (English and Japanese kept 40 / 34 px before: a guard.)"""
    from castellion.scenes.board.top_row import TOP_KEYS
    from castellion.ui import text
    from tests.layout_words import cut_words, touching_words
    from tests.project.test_layout_words import label_problems
    from tests.scenes.board.test_top_bar import _two_players_bar

    scene, frame = _two_players_bar(ctx, monkeypatch, lang, scale, turn)
    lay = scene.state.layout
    bar = pygame.Rect(lay.top_bar)
    in_bar = [w for w in frame if bar.contains(w.ink)]
    labels = {board_button(scene, key).label for key in TOP_BUTTONS}
    drawn = {w.words: w.size for w in in_bar if w.words in labels}
    assert set(drawn) == labels and len(set(drawn.values())) == 1, drawn
    # (es: 1024×600 is 23 px short of 34, and from turn 10 the turn's second digit takes the 4 px)
    least = {"en": 40, "es": 34 if scale == 1.0 and turn < 10 else 32, "ja": 34}[lang]
    assert min(drawn.values()) >= least, (lang, scale, turn, drawn)
    assert not cut_words(in_bar, lang) + touching_words(in_bar) + label_problems(ctx, in_bar)
    buttons = [pygame.Rect(lay.button_rect(k)) for k in TOP_KEYS]
    assert not [w.words for w in in_bar if w.words not in labels and any(w.ink.colliderect(b) for b in buttons)]
    level = text.t(f"level.{scene.session.game.level_spec.id}.name")
    (named,) = [w for w in in_bar if w.words == level]
    assert named.size >= min(drawn.values()) - 4, (named.size, drawn)
    for after in [w for w in in_bar if w.words == text.t("board.turn", turn=turn)]:  # (split off, after the name)
        assert after.ink.left - named.ink.right >= 10 and after.size >= named.size - 2, (named, after)


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_undo_and_redo_take_their_short_forms_where_the_labels_grow(ctx, monkeypatch, lang, scale):
    """A plain game's Spanish bar ("La Escuela de Arquitectos" on two lines, the turn beside it)
    left the five labels 30 px at 1280×800 and 32 at 1024×600, where English reached 40 and the
    board's words 34: "Deshacer" and "Rehacer" took 334 of the 777 px the five want at 34 px. Undo
    and Redo now take the catalog's short forms ("Deshaz", "Rehaz") where that makes the labels
    larger than their own words allow: 34 px at 1280×800 and 1024×600, the other labels keep their
    words, the bar's smallest words no smaller, every label whole and clear of them. English
    and Japanese (no shorter forms) keep their own labels: a guard."""
    from castellion.scenes.board import top_row
    from castellion.ui import text

    scene, drawn, in_bar = _bar(ctx, monkeypatch, "board-solo", lang, scale)
    own = [text.t(f"board.{key}") for key in TOP_BUTTONS]
    with monkeypatch.context() as patched:
        patched.setattr(top_row, "short_labels", lambda labels: list(labels))  # the labels' own words only
        _, at_own, before = _bar(ctx, patched, "board-solo", lang, scale)
    assert set(at_own) == set(own), at_own
    assert min(drawn.values()) >= {"en": 40, "es": 34, "ja": 30}[lang], (scale, drawn)
    if set(drawn) == set(own):  # (no shorter form)
        assert drawn == at_own and lang != "es", (lang, scale, drawn)
        return
    assert set(drawn) - set(own) == {text.t("board.undo_short"), text.t("board.redo_short")}, drawn
    assert min(drawn.values()) > min(at_own.values()), (drawn, at_own)
    words = sorted((w.words, w.size) for w in in_bar if w.words not in drawn)
    assert min(size for _, size in words) >= min(w.size for w in before if w.words not in at_own), words


@pytest.mark.parametrize("scale", [1.0, 0.75])
def test_a_name_without_spaces_breaks_between_its_characters(ctx, monkeypatch, scale):
    """The Japanese level's name "提督のアカデミー" has no space: with a six-digit deal it stayed on one
    line at 22 px beside labels of 34 (32 at 1024×600). It now goes on two lines where a line may
    break between its characters ("提督の" over "アカデミー": kinsoku, the katakana word whole, no line
    of one or two characters), the labels coming down to a few px over it: the name 26 px or more
    and at most 6 px under labels of 30 or more, each line whole, one under the other and left of
    the buttons, the castle's cells never under `MIN_CELL`."""
    from castellion.ui import text
    from castellion.ui.geometry import MIN_CELL

    scene, drawn, in_bar = _bar(ctx, monkeypatch, "board-academy", "ja", scale)
    level = text.t(f"level.{scene.session.game.level_spec.id}.name")
    lines = [w for w in in_bar if w.words in level and w.words not in drawn]
    assert [w.words for w in lines] == ["提督の", "アカデミー"], [(w.words, w.size) for w in lines]
    assert lines[0].ink.bottom < lines[1].ink.top, [w.ink for w in lines]
    labels = min(drawn.values())
    assert min(w.size for w in lines) >= 26 and labels - min(w.size for w in lines) <= 6, \
        ([(w.words, w.size) for w in lines], drawn)
    assert labels >= 30, drawn
    buttons = [board_button(scene, key).rect for key in TOP_BUTTONS]
    assert all(w.ink.right < min(b.left for b in buttons) for w in lines), ([w.ink for w in lines], buttons)
    assert scene.base_layout.cell >= MIN_CELL, scene.base_layout.cell
