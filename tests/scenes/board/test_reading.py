"""The board read aloud (castellion/scenes/board/reading.py): the cursor's cell with what it holds
and what the tile in hand may do there, "what can I do" listing every legal cell, the row, the
column, the castle, the Ordeals and the tiles; a refusal said with its rule (R-P2, R-P3)."""

from __future__ import annotations

import pygame

from castellion.rules import Game, format_castle, formation_groups, new_game, parse_castle
from castellion.rules import actions as A
from castellion.rules.preview import preview
from castellion.scenes.board.choices import Choices
from castellion.scenes.board.meaning import preview_text
from castellion.scenes.board.reading import castle_lines, cell_text, ordeal_lines, row_text, tiles_lines
from castellion.ui.rules_text import refusal_text, tile_name
from castellion.ui.speech import RecordingEngine, Speech
from castellion.ui.speech.narration import cell_words
from castellion.ui.text import t, tn
from tests.board_driver import BoardDriver, ListeningBoard, crafted


def listening(ctx, game):
    recorder = RecordingEngine()
    ctx.speech = Speech(lambda: recorder, enabled=True)
    return BoardDriver(ctx, game), recorder


def test_what_can_i_do_lists_every_legal_cell_with_what_it_does(ctx):
    d, recorder = listening(ctx, crafted("intro", held="Jt"))
    d.frame()
    before = len(recorder.lines)
    d.key(pygame.K_a)
    said = recorder.lines[before:]
    c = d.board.state.choices
    assert c.place  # (the crafted castle has room for a Juggler triangle)
    for cell, action in c.place.items():
        what = preview_text(preview(d.game, action))
        line = t("speech.do.cell_does", cell=cell_words(cell), what=what) if what else \
            t("speech.do.cell", cell=cell_words(cell))
        assert said.count(line) == 1
    assert t("speech.do.discard", tile=tile_name("Jt"), keys="X") in said


def test_the_cursor_says_its_cell_and_what_the_tile_in_hand_may_do_there(ctx):
    d, recorder = listening(ctx, crafted("intro", held="Jt"))
    d.frame()
    d.key(pygame.K_RIGHT)  # the first arrow shows the cursor (on a lit cell)
    d.frame()
    cursor = d.board.state.cursor
    assert cursor is not None and cursor.cell in d.board.state.choices.place
    assert cell_text(d.game, d.board.state.choices, cursor.cell) == d.board.reader.spoken_focus()
    action = d.board.state.choices.place[cursor.cell]
    assert tile_name("Jt") in d.board.reader.spoken_focus()
    assert preview_text(preview(d.game, action)) in d.board.reader.spoken_focus()


def test_a_cell_in_a_formation_says_so():
    d = new_game("intro", seed=3).to_dict()
    d["castles"][0] = format_castle(parse_castle("\n".join([".. .. .. .. .. .."] * 5 + ["Pt Ps Pc Pt Js .."])))
    game = Game.from_dict(d)
    castle = game.castle(0)
    groups = formation_groups(castle)
    assert groups  # the crafted castle holds one
    cell = groups[0].cells[0]
    text = cell_text(game, Choices(game), cell)
    assert t(f"speech.formation.{groups[0].kind}") in text


def test_a_refused_placement_is_said_with_its_rule(ctx):
    d, recorder = listening(ctx, crafted("intro", held="Jt"))
    d.frame()
    d.key(pygame.K_RIGHT)
    d.frame()
    empty = next((r, c) for r in range(1, 6) for c in range(6)
                 if d.game.castle(0).tile_at((r, c)) is None and (r, c) not in d.board.state.choices.place)
    d.board.state.cursor = type(d.board.state.cursor)(empty)
    d.key(pygame.K_RETURN)
    d.frame()
    assert recorder.lines[-1] == refusal_text(d.game.refusal(A.PlaceTile(empty, "Jt")))


def test_the_reading_keys_read_the_board(ctx):
    d, recorder = listening(ctx, crafted("intro", held="Jt"))
    d.frame()
    d.key(pygame.K_RIGHT)
    d.frame()
    row = d.board.state.cursor.cell[0]
    for key, lines in ((pygame.K_r, [row_text(d.game, row)]), (pygame.K_b, castle_lines(d.game)),
                       (pygame.K_o, ordeal_lines(d.game)), (pygame.K_i, tiles_lines(d.game))):
        before = len(recorder.lines)
        d.key(key)
        assert recorder.lines[before:] == lines
    assert len(castle_lines(d.game)) == 1 + sum(1 for r in range(6) if d.game.castle(0).row_count(r))


def test_what_to_do_now_is_said_once_after_a_move_and_a_opens_with_the_actions(ctx):
    ear = ListeningBoard(ctx, crafted("intro"))
    ear.frame()
    said = ear.key(pygame.K_d)  # draw: the events, then what to do now (as news), once
    banner = ear.d.board.banner_text()
    assert ear.d.game.held is not None and said.count(banner) == 1
    said = ear.key(pygame.K_a)  # what can I do: the actions, not that line again
    assert banner not in said
    assert said[0] == tn("speech.do.place", len(ear.d.board.state.refresh().place), tile=tile_name(ear.d.game.held))
    assert banner in ear.d.board.reader.spoken_where()  # "where am I" (F3) says it again


def test_what_can_i_do_opens_with_what_to_do_now_when_it_was_not_said_yet(ctx):
    ear = ListeningBoard(ctx, crafted("intro", held="Jt"))
    ear.d.frame()  # (no focus watcher: the line of what to do was not said)
    said = ear.key(pygame.K_a)
    assert said[0] == ear.d.board.banner_text()


def test_the_ordeals_say_what_a_card_without_needs_does():
    """O reads Exam II's printed text (the foundation row goes, the row above must be complete,
    R-§5.3): a listener could not otherwise know what the second Exam will do to the castle."""
    from castellion.ui.catalog_keys import card_text

    game = new_game("intro", seed=3)
    lines = ordeal_lines(game)
    exam2 = game.ordeals[1].card
    assert not exam2.requires
    assert lines[1].endswith(" " + card_text(exam2))
    assert card_text(game.ordeals[0].card) not in lines[0]  # a requirement card says its needs instead
