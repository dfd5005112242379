"""The two-player hand-over, spoken (castellion/scenes/board/handover.py; docs/rules.md §9): the
player taking the seat hears whose turn it is, what the partner did since the last hand-over (the
tile placed and where, a tile discarded), the formations of the partner's castle, what is in hand,
and how to go on."""

from __future__ import annotations

from castellion.rules import actions as A
from castellion.rules import events as E
from castellion.rules import formations
from castellion.scenes.board import HandoverScene
from castellion.scenes.board.handover import TurnLog
from castellion.ui.devices import prompts
from castellion.ui.geometry import center
from castellion.ui.rules_text import tile_name
from castellion.ui.speech.narration import cell_words, counts_words
from castellion.ui.text import t
from tests.board_driver import ListeningBoard
from tests.rules_helpers import EMPTY, rows, scenario


def heard_handover(ear: ListeningBoard) -> str:
    """The line the hand-over was said with as it opened."""
    ear.frame()
    assert isinstance(ear.ctx.stack.top, HandoverScene)
    turn = t("speech.handover.turn", name=ear.d.board.name_of(ear.d.game.active))
    said = [line for line in ear.recorder.lines if line.startswith(turn)]
    assert len(said) == 1, ear.recorder.lines
    return said[0]


def test_the_hand_over_says_whose_turn_what_the_partner_did_and_what_is_in_hand(ctx):
    game = scenario("intro", players=2, castles=[rows("Pt Sc .. .. .. .."), EMPTY], held="Jc")
    ear = ListeningBoard(ctx, game)
    ear.frame()
    lay = ear.d.board.state.layout
    ear.d.drag(center(lay.hand_rect()), center(lay.cell_rect((0, 2))))
    said = heard_handover(ear)
    game = ear.d.game
    assert game.active == 1
    assert t("speech.handover.did", name="Anna", what=t("speech.event.placed", tile=tile_name("Jc"),
                                                             cell=cell_words((0, 2)))) in said
    assert t("speech.handover.castle", name="Anna", counts=counts_words(formations(game.castle(0)))) in said
    assert t("speech.tiles.no_hand") in said
    assert said.endswith(t("speech.handover.continue", **prompts()))


def test_the_hand_over_tells_every_action_of_the_turn_not_only_the_last(ctx):
    game = scenario("intro", players=2, castles=[rows("Pt Sc .. .. .. .."), EMPTY], held="Jc", regular=["Ps"])
    ear = ListeningBoard(ctx, game)
    lay = ear.d.board.state.layout
    ear.d.drag(center(lay.hand_rect()), center(lay.cell_rect((0, 2))))
    ear.frame()
    ctx.stack.pop(ctx.stack.top)  # Ben takes the seat
    ear.frame()
    ear.d.board.act(A.DrawTile("regular"))  # Ben draws (not told: his partner saw it), then discards it
    ear.d.board.act(A.DiscardTile("Ps"))
    said = heard_handover(ear)
    assert t("speech.handover.did", name="Ben", what=t("speech.event.discarded", tile=tile_name("Ps"))) in said
    assert tile_name("Jc") not in said  # Anna's own move is not told back to her


def test_the_turn_log_keeps_what_was_not_undone():
    drawn, placed, again = E.TileDrawn("regular", "Ps"), E.TilePlaced(0, (0, 0), "Ps"), E.TileDiscarded("Ps")
    log = TurnLog()
    log.add(1, [drawn])
    log.add(2, [placed])
    log.add(2, [again])  # the placement undone, the tile discarded instead
    assert log.take() == [drawn, again]
    assert log.take() == []
