"""The board scene: drops and their reasons, ghost slots, hints, keyboard, sub-steps, reveal."""

from __future__ import annotations

import logging

import pygame

from castellion.rules import actions as A
from castellion.rules import events as E
from castellion.rules import new_game
from castellion.scenes.board import BoardScene, DiscardOverlay, tile_name
from castellion.scenes.end import EndScreen
from castellion.scenes.overlays import ConfirmOverlay
from castellion.scenes.reveal import OrdealRevealScene, build_encounters
from castellion.session import Session
from castellion.ui.geometry import LAYOUT, center
from castellion.ui.targets import CellTarget, HandTarget
from castellion.ui.text import t
from tests.board_driver import BoardDriver, redraw_whole
from tests.rules_helpers import scenario

P3 = "R-P3: a triangle may not sit next to another triangle outside the foundation"


def cell_pos(cell):
    return center(LAYOUT.cell_rect(cell))


HAND = center(LAYOUT.hand_rect())


# --------------------------------------------------------------------------------- drops
def test_illegal_drop_shows_the_reason_and_leaves_the_game_unchanged(ctx, spy):
    game = scenario("intro", castle_text="""
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        Pt Jc .. .. .. ..""", held="St")
    d = BoardDriver(ctx, game)
    before = d.game.to_dict()
    d.down(HAND)
    d.move(HAND, cell_pos((1, 0)), steps=6)
    # while hovering the illegal cell the reason is drawn
    spy.texts.clear()
    d.frame()
    assert spy.drawn(P3)
    d.up(cell_pos((1, 0)))
    assert d.game.to_dict() == before
    assert d.board.state.message == P3 and d.board.state.message_kind == "error"
    assert d.board.anims.busy  # the tile snaps back to the hand
    spy.texts.clear()
    for _ in range(30):
        d.frame(0.02)
    assert not d.board.anims.busy
    assert spy.drawn(P3)  # the reason stays on screen after the snap-back
    # a legal drop then works and clears the message
    d.drag(HAND, cell_pos((0, 2)))
    assert d.game.history[-1] == A.PlaceTile((0, 2), "St")
    assert d.board.state.message == ""


def test_an_illegal_drop_is_heard(ctx):
    heard: list[str] = []
    ctx.play_sound = lambda name: heard.append(name) or True  # type: ignore[method-assign]
    game = scenario("intro", castle_text="\n".join([".. .. .. .. .. .."] * 5 + ["Pt Jc .. .. .. .."]),
                    held="St")
    d = BoardDriver(ctx, game)
    d.drag(HAND, cell_pos((1, 0)))
    assert heard == ["invalid"]
    d.drag(HAND, cell_pos((0, 2)))
    assert heard == ["invalid"]  # a legal drop makes no refusal sound


def test_traitor_cannot_enter_the_castle(ctx):
    game = scenario("intro", castle_text="\n".join([".. .. .. .. .. .."] * 5 + ["Pt .. .. .. .. .."]), held="T")
    d = BoardDriver(ctx, game)
    before = d.game.to_dict()
    d.drag(HAND, cell_pos((0, 1)))
    assert d.game.to_dict() == before
    assert d.board.state.message.startswith("R-§4")
    # at the introductory level a Traitor cannot be discarded: the engine's reason is shown
    d.drag(HAND, center(LAYOUT.discard_rect()))
    assert d.game.to_dict() == before
    assert "R-§6.5" in d.board.state.message
    # only the current Ordeal takes it
    d.drag(HAND, center(LAYOUT.ordeal_rect(2)))
    assert d.game.to_dict() == before and "current Ordeal" in d.board.state.message
    d.drag(HAND, center(LAYOUT.ordeal_rect(0)))
    assert d.game.history[-1] == A.PlaceTraitor("T")


def test_ghost_slot_extends_the_foundation_and_the_castle_slides(ctx):
    game = scenario("intro", castle_text="""
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        Js .. .. .. .. ..
        Pt Jc Ss .. .. ..""", held="Cc")
    d = BoardDriver(ctx, game)
    assert (0, -1) in d.board.state.choices.ghosts
    ghost = center(LAYOUT.cell_rect((0, -1)))
    assert LAYOUT.cell_at(ghost) is None and LAYOUT.cell_at(ghost, d.board.state.choices.ghosts) == (0, -1)
    d.down(HAND)
    d.move(HAND, ghost, steps=6)
    assert d.board.state.gesture.probe[1] is True and "slides" in d.board.state.gesture.probe[2]
    d.up(ghost)
    assert d.game.history[-1] == A.PlaceTile((0, -1), "Cc")
    castle = d.game.castle()
    assert castle.tile_at((0, 0)).code == "Cc" and castle.tile_at((1, 1)).code == "Js"
    assert d.board.anims.busy  # the castle slides sideways on screen


def test_formation_hints_while_dragging(ctx, spy):
    game = scenario("intro", castle_text="""
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        Pt .. .. .. .. ..
        Ps .. .. .. .. ..
        Pc Jc .. .. .. ..""", held="Pc")
    d = BoardDriver(ctx, game)
    d.down(HAND)
    d.move(HAND, cell_pos((3, 0)), steps=6)
    assert d.board.state.gesture.probe[2] == t("preview.completes.tower", faction=t("preview.faction.P"))
    assert d.board.state.gesture.probe.formations[0] and d.board.state.gesture.probe.formations[0][0].kind == "tower"
    spy.texts.clear()
    d.frame()
    assert spy.drawn(t("preview.completes.tower", faction=t("preview.faction.P")))
    d.up(cell_pos((3, 0)))
    assert d.game.history[-1] == A.PlaceTile((3, 0), "Pc")


def test_cancelling_hint(ctx):
    game = scenario("intro", castle_text="""
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        Pt .. .. .. .. ..
        Ps .. .. .. .. ..
        Pt .. .. .. .. ..
        Ps Jc .. .. .. ..""", held="Pc")
    d = BoardDriver(ctx, game)
    d.down(HAND)
    d.move(HAND, cell_pos((4, 0)), steps=6)
    assert d.board.state.gesture.probe[2] == t("preview.cancels_more.tower", n=5)  # R-F2: a fifth Pyro joins it


# ----------------------------------------------------------------------------- keyboard
def test_a_whole_turn_by_keyboard_with_undo_and_redo(ctx):
    d = BoardDriver(ctx, new_game("intro", seed=3))
    d.key(pygame.K_d)
    assert d.game.history[-1] == A.DrawTile("regular")
    held = d.game.held
    assert held == "Jt"
    d.key(pygame.K_RETURN)  # shows the cursor on the best lit cell (issue 25), Enter would place there
    assert isinstance(d.board.state.cursor, CellTarget) and d.board.state.cursor.cell in d.board.state.choices.place
    d.board.state.cursor = HandTarget()  # the long way: pick the tile up from the hand, walk it over
    d.key(pygame.K_RETURN)  # picks the tile up
    assert d.board.state.gesture.carry
    for _ in range(12):
        if d.board.state.cursor.kind == "cell":
            break
        d.key(pygame.K_LEFT)
    for _ in range(6):
        d.key(pygame.K_DOWN)
    assert isinstance(d.board.state.cursor, CellTarget) and d.board.state.cursor.cell[0] == 0
    cell = d.board.state.cursor.cell
    d.key(pygame.K_RETURN)
    assert d.game.history[-1] == A.PlaceTile(cell, held)
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert d.game.phase == "use" and d.game.held == held
    d.key(pygame.K_y, pygame.KMOD_CTRL)
    assert d.game.history[-1] == A.PlaceTile(cell, held)
    # the next two tiles of seed 3 are Traitors: T puts them beside the current Ordeal
    d.key(pygame.K_d)
    assert d.game.held == "T"
    d.key(pygame.K_t)
    assert d.game.history[-1] == A.PlaceTraitor("T")
    d.key(pygame.K_d)
    d.key(pygame.K_x)  # a Traitor cannot be discarded at the introductory level
    assert d.game.held == "T!" and "R-§6.5" in d.board.state.message
    d.key(pygame.K_ESCAPE)  # nothing to cancel: the pause menu
    assert type(ctx.stack.top).__name__ == "PauseOverlay"


def test_keyboard_power_choice_and_substeps(ctx):
    game = scenario("base", castle_text="""
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        Jt Cs .. .. .. ..
        Pc Jc Ss .. .. ..""", held="Jc")
    d = BoardDriver(ctx, game)
    d.key(pygame.K_x)
    assert d.game.phase == "power"
    d.key(pygame.K_u)
    assert d.game.phase == "juggler"
    # the Juggler: click a tile, then a lit neighbour
    d.click(cell_pos((0, 0)))
    assert d.board.state.gesture.selected == (0, 0)
    d.click(cell_pos((0, 1)))
    assert isinstance(d.game.history[-1], A.SwapTiles)
    assert d.game.castle().tile_at((0, 0)).code == "Jc"


# ----------------------------------------------------------------------------- sub-steps
def test_traitor_discard_then_destroy_with_banner_count(ctx, spy):
    game = scenario("base", castle_text="""
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        Jt .. .. .. .. ..
        Ss Cs .. .. .. ..
        Pc Jc Ss Ct .. ..""", held="T")
    d = BoardDriver(ctx, game)
    d.drag(HAND, center(LAYOUT.discard_rect()))
    assert d.game.history[-1] == A.DiscardTraitor("T")
    assert d.game.phase == "destroy" and d.game.destroy_left == 4
    assert "Destroy 4 more" in d.board.banner_text()
    redraw_whole(d.board)  # the banner lives in the cached still picture: draw it afresh
    spy.texts.clear()
    d.frame()
    assert spy.drawn("Destroy 4 more")
    lit = sorted(d.board.state.choices.destroy)
    # a lone middle foundation tile would split the castle (R-D3): clicking it explains why
    d.click(cell_pos((0, 2)))
    if (0, 2) not in lit:
        assert "R-D3" in d.board.state.message
    d.click(cell_pos(lit[-1]))
    assert d.game.destroy_left == 3
    assert "Destroy 3 more" in d.board.banner_text()


def test_pyro_destroy_then_move_by_drag(ctx):
    game = scenario("base", castle_text="""
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        Jt Cs .. .. .. ..
        Pc Jc Ss Ct .. ..""", held="Pt")
    d = BoardDriver(ctx, game)
    d.drag(HAND, center(LAYOUT.discard_rect()))
    d.click(center(LAYOUT.button_rect("use")))
    assert d.game.phase == "pyro_destroy"
    d.click(cell_pos((1, 1)))
    assert d.game.history[-1] == A.DestroyTile((1, 1))
    assert d.game.phase == "pyro_move"
    src = next(iter(sorted(d.board.state.choices.moves)))
    dst = sorted(d.board.state.choices.moves[src])[0]
    d.drag(cell_pos(src), center(LAYOUT.cell_rect(dst)))
    assert d.game.history[-1] == A.MoveTile(src, dst)


def test_seer_and_chameleon(ctx):
    game = scenario("base", castle_text="""
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        Pc Jc Ss Ct .. ..""", held="Cs", discard=["Pt", "Js", "Ss+", "Cc"])
    d = BoardDriver(ctx, game)
    d.drag(HAND, center(LAYOUT.discard_rect()))
    d.click(center(LAYOUT.button_rect("use")))
    assert d.game.phase == "chameleon"
    assert isinstance(ctx.stack.top, DiscardOverlay)  # opened by itself
    choices = sorted(a.index for a in d.board.state.choices.chameleon)
    assert choices == [1, 2]  # the two squares, not the Chameleon just discarded
    from castellion.scenes.board import browser_rect

    n = len(d.game.discard)
    d.click(center(browser_rect(0, n, ctx.canvas)))  # not a square: nothing happens
    assert d.game.phase == "chameleon"
    d.click(center(browser_rect(2, n, ctx.canvas)))
    assert d.game.history[-1] == A.TakeFromDiscard(2, "Ss+")
    assert d.game.held == "Ss+" and d.game.phase == "use"
    # discard it: Seer power reveals from the chosen pile
    d.drag(HAND, center(LAYOUT.discard_rect()))
    d.click(center(LAYOUT.button_rect("use")))
    assert d.game.phase == "seer"
    d.click(center(LAYOUT.pile_rect("safe")))
    assert d.game.history[-1] == A.RevealTile("safe")
    assert "reveal 3 more" in d.board.banner_text()


def test_tower_power_reveals_a_face_down_ordeal_by_click(ctx):
    game = scenario("expert", castle_text="""
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        Pt .. .. .. .. ..
        Ps .. .. .. .. ..
        Pc Jc .. .. .. ..""", held="Pc")
    d = BoardDriver(ctx, game)
    assert not any(o.face_up for o in d.game.ordeals)
    d.drag(HAND, cell_pos((3, 0)))
    assert d.game.phase == "tower_reveal"
    assert "Tower power" in d.board.banner_text()
    d.click(center(LAYOUT.ordeal_rect(2)))
    assert d.game.history[-1] == A.RevealOrdeal(2)
    assert d.game.ordeals[2].face_up


def test_encounter_early_asks_first(ctx):
    d = BoardDriver(ctx, new_game("base", seed=2))
    d.key(pygame.K_e)
    assert isinstance(ctx.stack.top, ConfirmOverlay)
    d.click(ctx.stack.top.no_button.rect.center)
    assert d.game.history == ()
    d.click(center(LAYOUT.button_rect("encounter")))
    d.click(ctx.stack.top.yes_button.rect.center)
    assert d.game.history[-1] == A.EncounterOrdeal()
    assert isinstance(ctx.stack.top, OrdealRevealScene)


def test_discard_browser_opens_and_closes(ctx):
    game = scenario("intro", discard=["Pt", "T", "Js"])
    d = BoardDriver(ctx, game)
    d.click(center(LAYOUT.discard_rect()))
    assert isinstance(ctx.stack.top, DiscardOverlay)
    d.key(pygame.K_ESCAPE)
    assert ctx.stack.top is d.board


# ------------------------------------------------------------------------------ reveal
def test_reveal_shows_the_loss_then_the_end_screen(ctx):
    game = scenario("intro", traitors=[["T", "T", "T", "T"]], held="T")
    d = BoardDriver(ctx, game)
    d.drag(HAND, center(LAYOUT.ordeal_rect(0)))
    reveal = ctx.stack.top
    assert isinstance(reveal, OrdealRevealScene)
    e = reveal.encounter
    assert e.card.id == "exam-1" and e.result == "lost" and "Exam I" in e.reason
    assert not reveal.finished
    d.click((640, 400))  # skip the animation
    assert reveal.finished and ctx.stack.top is reveal
    d.click((640, 400))  # continue
    assert isinstance(ctx.stack.top, EndScreen)
    assert ctx.stack.top.result == "lost" and ctx.stack.top.seed == 1


def test_exam_two_rows_fall_and_pass(ctx):
    game = scenario("intro", cards=["exam-2", "exam-1", "exam-3a"], traitors=[["T"]], held="T", castle_text="""
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        Pt .. .. .. .. ..
        Ps Jc Ss Ct Sc Js
        Pc Jc Ss Ct Sc Js""")
    before = game.castle()
    d = BoardDriver(ctx, game)
    d.drag(HAND, center(LAYOUT.ordeal_rect(0)))
    reveal = ctx.stack.top
    assert isinstance(reveal, OrdealRevealScene)
    e = reveal.encounter
    assert e.rows == 1 and e.result == "passed" and e.castle == before
    assert e.after_rows == d.game.castle()
    for _ in range(int(reveal.duration / 0.1) + 1):
        d.frame(0.1)
    assert reveal.finished
    d.click((640, 400))
    assert ctx.stack.top is d.board


def test_build_encounters_reads_the_castle_from_the_events():
    game = scenario("intro", cards=["exam-2", "exam-1", "exam-3a"], traitors=[["T"]], held="T")
    before = game.castle()
    events = game.apply(A.PlaceTraitor("T"))
    enc = build_encounters(events, [o.card for o in game.ordeals])
    assert len(enc) == 1 and enc[0].result == "lost"
    assert enc[0].reason == t("outcome.loss.R-O5", ordeal="Exam II")  # R-O5, in the players' words
    rows_ev = next(ev for ev in events if isinstance(ev, E.RowsDestroyed))
    assert enc[0].castle == before and enc[0].after_rows == rows_ev.castle == game.castle()


# ------------------------------------------------------------------------------- purity
def test_draw_never_changes_state(ctx):
    d = BoardDriver(ctx, new_game("base", seed=4))
    d.click(center(LAYOUT.pile_rect("regular")))
    d.down(HAND)
    d.move(HAND, cell_pos((0, 3)))
    board = d.board
    game_before = d.game.to_dict()

    def seen() -> tuple[object, ...]:
        st, g = board.state, board.state.gesture
        return st.version, st.message, g.selected, g.carry, g.probe, st.cursor  # (an end pushed: stack.pending)

    attrs_before = seen()
    surf = pygame.Surface(ctx.canvas)
    for _ in range(3):
        board.draw(surf)
    assert d.game.to_dict() == game_before
    assert seen() == attrs_before
    assert ctx.stack.pending == ()


def test_board_accepts_a_session_and_its_actions_are_logged_once(ctx, caplog):
    session = Session(new_game("intro", seed=3))
    board = BoardScene(ctx, session)
    assert board.session is session
    ctx.stack.push(board)
    ctx.stack.apply_pending()
    ctx.sync_sessions(ctx.stack.scenes)  # what the app does after each frame's scene changes
    with caplog.at_level(logging.INFO, logger="castellion.actions"):
        board.act(A.DrawTile("regular"))
    # one logging path: the session's observer (the board writes no line of its own)
    assert caplog.text.count("action: DrawTile(pile='regular')") == 1


def test_every_phase_draws_without_missing_strings(ctx, caplog):
    states = [
        new_game("intro", seed=1),
        scenario("base", held="T"),
        scenario("base", held="T!"),
        scenario("base", held="Pt", phase="power", power_faction="P", power_faction_tile="Pt"),
        scenario("expert", phase="tower_reveal"),
        scenario("base", phase="seer", power_faction="S", power_faction_tile="St"),
    ]
    surf = pygame.Surface(ctx.canvas)
    with caplog.at_level(logging.WARNING):
        for game in states:
            board = BoardScene(ctx, game)
            board.state.refresh()
            board.draw(surf)
            assert board.banner_text()
    assert "missing string" not in caplog.text


def test_tile_names():
    assert tile_name("Pt") == "Pyro triangle"
    assert tile_name("Sc+") == t("board.tile_safe", faction=t("board.faction.S"), shape=t("board.shape.c"))
    assert tile_name("T!") == "black-bordered Traitor"
