"""The board read aloud (castellion/scenes/board/reading.py): the cursor's cell with what it holds
and what the tile in hand may do there, "what can I do" listing every legal cell, the row, the
column, the castle, the Ordeals and the tiles; a refusal said with its rule (R-P2, R-P3); the
two-player choices (§9) read by name."""

from __future__ import annotations

import pygame

from castellion.rules import Game, format_castle, formation_groups, new_game, parse_castle
from castellion.rules import actions as A
from castellion.rules.game import PRISON_RING
from castellion.rules.preview import preview
from castellion.scenes.board.choices import Choices
from castellion.scenes.board.meaning import preview_text
from castellion.scenes.board.pantry import pantry_slots
from castellion.scenes.board.reading import (
    castle_lines,
    cell_text,
    contents,
    options_lines,
    ordeal_lines,
    row_text,
    target_text,
    tiles_lines,
)
from castellion.ui.devices import prompts
from castellion.ui.geometry import center
from castellion.ui.rules_text import ordeal_label, refusal_text, tile_name
from castellion.ui.speech import RecordingEngine, Speech
from castellion.ui.speech.narration import cell_words
from castellion.ui.targets import CellTarget, PantryTarget, PrisonTarget
from castellion.ui.text import t, tn
from tests.board_driver import BoardDriver, ListeningBoard, crafted
from tests.rules_helpers import EMPTY, FULL, TOWER_BASTION_LINE, rows, scenario

OK = TOWER_BASTION_LINE


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


# ------------------------------------------------------------------ the powers and pawns, by ear
def cells_or(cells) -> str:
    return t("speech.cells.or").join(cell_words(cell) for cell in sorted(cells))


def test_the_jugglers_pairs_are_listed_by_a_and_each_cell_says_what_it_may_swap_with(ctx):
    ear = ListeningBoard(ctx, crafted("base", phase="juggler", power_faction="J", power_faction_tile="Jt"))
    ear.frame()
    swaps = [a for a in ear.d.game.legal_actions() if isinstance(a, A.SwapTiles)]  # (the rules, not the board)
    assert swaps
    said = ear.key(pygame.K_a)
    assert tn("speech.do.swap", len(swaps)) in said
    for swap in swaps:
        a, b = sorted((swap.a, swap.b))
        assert said.count(t("speech.do.pair", a=cell_words(a), b=cell_words(b))) == 1
    first = sorted(swaps, key=lambda s: min(s.a, s.b))[0]
    cell = min(first.a, first.b)
    partners = {s.b if s.a == cell else s.a for s in swaps if cell in (s.a, s.b)}
    ear.d.board.state.cursor = CellTarget(cell)
    said = ear.frame()
    assert said == [t("speech.at", where=cell_words(cell), what=t("rules.list.join").join(
        [contents(ear.d.game, cell), t("speech.cell.swap", cells=cells_or(partners))]))]
    said = ear.key(pygame.K_RETURN)  # chosen: said so, then a partner says it swaps with it
    assert said[0].endswith(t("speech.cell.chosen"))
    other = min(partners)
    ear.d.board.state.cursor = CellTarget(other)
    assert ear.frame()[0].endswith(t("speech.cell.swap_here"))


def test_the_pyros_moves_are_listed_by_a_and_a_tile_it_may_move_says_so(ctx):
    ear = ListeningBoard(ctx, crafted("base", phase="pyro_move", power_faction="P", power_faction_tile="Pt"))
    ear.frame()
    moves = [a for a in ear.d.game.legal_actions() if isinstance(a, A.MoveTile)]
    assert moves
    said = ear.key(pygame.K_a)
    sources = sorted({m.src for m in moves})
    assert tn("speech.do.move", len(sources)) in said
    for src in sources:
        dsts = {m.dst for m in moves if m.src == src}
        assert t("speech.do.move_from", cell=cell_words(src), cells=cells_or(dsts)) in said
    src = sources[0]
    ear.d.board.state.cursor = CellTarget(src)
    assert ear.frame()[0].endswith(tn("speech.cell.movable", sum(m.src == src for m in moves)))
    ear.key(pygame.K_RETURN)
    dst = min(m.dst for m in moves if m.src == src)
    ear.d.board.state.cursor = CellTarget(dst)
    assert ear.frame()[0].endswith(t("speech.cell.move_here"))


def test_a_lists_the_seers_piles_the_ordeals_to_turn_up_or_choose_and_the_pawns_cells(ctx):
    seer = crafted("base", phase="seer", power_faction="S", power_faction_tile="St")
    said = options_lines(seer, Choices(seer), "")
    assert t("speech.do.reveal_pile", pile=t("rules.pile.regular"), keys="D") in said
    tower = scenario("expert", phase="tower_reveal")
    down = sorted(a.index for a in tower.legal_actions() if isinstance(a, A.RevealOrdeal))
    assert down and t("speech.do.reveal_ordeal", ordeals=t("rules.list.join").join(
        ordeal_label(tower, i) for i in down)) in options_lines(tower, Choices(tower), "")
    prophet = new_game("intro", seed=1, variant="prophet")
    choices = sorted(a.index for a in prophet.legal_actions() if isinstance(a, A.ChooseProphetOrdeal))
    assert choices and t("speech.do.prophet", ordeals=t("rules.list.join").join(
        ordeal_label(prophet, i) for i in choices)) in options_lines(prophet, Choices(prophet), "")
    intruder = scenario("expert", variant="intruder", castle_text=rows(FULL), phase="intruder", intruder_due=True)
    cells = {a.cell for a in intruder.legal_actions() if isinstance(a, A.PlaceIntruder)}
    assert cells and t("speech.do.intruder", cells=cells_or(cells)) in options_lines(intruder, Choices(intruder), "")
    assert cell_text(intruder, Choices(intruder), min(cells)).endswith(t("speech.cell.intruder"))
    guardian = scenario("expert", variant="guardian", held="T", castle_text=rows("Pt Sc Jt .. .. ..", FULL))
    cells = {a.cell for a in guardian.legal_actions() if isinstance(a, A.PlaceGuardian)}
    assert cells and t("speech.do.guardian", cells=cells_or(cells)) in options_lines(guardian, Choices(guardian), "")
    assert cell_text(guardian, Choices(guardian), min(cells)).endswith(t("speech.cell.guardian"))


def test_a_pantry_tile_says_its_shape_and_where_it_fits_and_a_picked_one_lights_its_cells_by_ear(ctx):
    game = scenario("base", pantry=True, castle_text=rows(FULL))
    ear = ListeningBoard(ctx, game)
    ear.frame()
    placements = {}
    for a in game.legal_actions():
        if isinstance(a, A.PlacePantry):
            placements.setdefault(a.tile, set()).add(a.cell)
    assert placements  # (the rules offer a Pantry tile now)
    said = ear.key(pygame.K_a)
    tiles = t("rules.list.join").join(tile_name(code) for code in sorted(placements))
    assert t("speech.do.pantry", tiles=tiles, keys=t("keys.enter")) in said
    slot, code = next((k, c) for k, c in enumerate(pantry_slots(game, game.active)) if c in placements)
    ear.d.board.state.cursor = PantryTarget(slot)
    assert ear.frame() == [tn("speech.target.pantry_places", len(placements[code]), tile=tile_name(code))]
    ear.key(pygame.K_RETURN)  # picked up
    assert ear.d.board.state.gesture.pantry_pick == code
    cell = min(placements[code])
    ear.d.board.state.cursor = CellTarget(cell)
    assert ear.frame()[0].endswith(t("speech.cell.legal", tile=tile_name(code)))


def test_a_prison_cell_says_empty_or_its_tile_and_whether_the_tile_in_hand_may_go_there(ctx):
    game = scenario("base", variant="prison", held="Ss", prison=["Pt"] + [None] * 8, castle_text=rows(FULL))
    free = {a.cell for a in game.legal_actions() if isinstance(a, A.PlacePrison)}
    assert free
    c = Choices(game)
    legal = t("speech.cell.legal", tile=tile_name("Ss"))
    for cell in PRISON_RING:
        said = target_text(game, c, PrisonTarget(cell), str)
        held = game.prison.get(cell)
        assert said == t("speech.target.prison", tile=t("rules.list.join").join(
            [tile_name(held) if held else t("speech.cell.empty")] + ([legal] if cell in free else [])))
    assert tn("speech.do.prison", len(free), tile=tile_name("Ss"), **{k: v for k, v in prompts().items()
                                                                       if k in ("move", "ok")}) \
        in options_lines(game, c, "")


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


def test_a_lists_the_two_player_choices_by_name_with_their_keys(ctx):
    """§9: passing the tile in hand, handing the Champion over and choosing who faces the first
    Ordeal are read by A, named by the players' names, each with the key that does it."""
    keys = prompts()
    passing = scenario("base", players=2, castles=[rows("Pt Sc Ct .. .. .."), EMPTY], held="Ps")
    assert A.PassTile("Ps") in passing.legal_actions()  # (the rules offer it)
    said = ListeningBoard(ctx, passing).key(pygame.K_a)
    assert t("speech.do.pass", tile=tile_name("Ps"), name="Ben", move=keys["move"], ok=keys["ok"]) in said

    champion = scenario("base", players=2, castles=[rows(FULL), OK], cards=["sim-1", "sim-1", "sim-1"],
                        champion=1, active=1, turn_player=1)
    assert A.HandChampion() in champion.legal_actions()
    said = ListeningBoard(ctx, champion).key(pygame.K_a)
    assert t("speech.do.champion", name="Anna", keys="H") in said

    facing = scenario("base", players=2, castles=[rows(FULL), OK], cards=["sim-1", "sim-1", "sim-1"],
                      traitors=[["T", "T"]], held="T")
    facing.apply(next(a for a in facing.legal_actions() if isinstance(a, A.PlaceTraitor)))
    facers = sorted(a.player for a in facing.legal_actions() if isinstance(a, A.ChooseFacer))
    assert facers == [0, 1]
    said = ListeningBoard(ctx, facing).key(pygame.K_a)
    for player, name in zip(facers, ("Anna", "Ben"), strict=True):
        assert t("speech.do.facer", name=name, keys=str(player + 1)) in said


def test_enter_or_a_click_on_a_tile_the_pyro_cannot_lift_says_why_with_its_rule(ctx):
    """R-§6: the Pyro moves a tile with nothing on top; Enter (or a click) on a covered tile or an
    empty cell says so aloud, as the Juggler's refusal is said, instead of staying silent."""
    ear = ListeningBoard(ctx, crafted("base", phase="pyro_move", power_faction="P", power_faction_tile="Pt"))
    ear.frame()
    sources = {a.src for a in ear.d.game.legal_actions() if isinstance(a, A.MoveTile)}
    castle = ear.d.game.castle(0)
    covered = next(cell for cell, _ in castle.tiles() if castle.tile_at((cell[0] + 1, cell[1])) is not None)
    empty = (0, 5)
    assert covered not in sources and castle.tile_at(empty) is None
    ear.d.board.state.cursor = CellTarget(covered)
    ear.frame()
    said = ear.key(pygame.K_RETURN)
    assert said == [t("board.cannot_lift_covered")] and said[0].startswith("R-\u00a76")
    assert ear.d.game.phase == "pyro_move" and ear.d.board.state.gesture.selected is None
    before = len(ear.recorder.lines)
    ear.d.click(center(ear.d.board.state.layout.cell_rect(empty)))
    ear.listen()
    assert t("board.cannot_lift_empty") in ear.recorder.lines[before:]
