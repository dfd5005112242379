"""Issue 12 §5: "Face the Ordeal now" is a quiet button, and its question is honest whatever the
card's side (R-O3 encounter early, R-O5 the foundation check after every encounter)."""

from __future__ import annotations

import pygame
import pytest

from castellion.rules import Game, format_castle, new_game, parse_castle
from castellion.rules.outlook import candidate_cards, encounter_outlook
from castellion.scenes.nav import Route
from castellion.ui.text import t
from tests.board_driver import BoardDriver, board_button

FULL_FOUNDATION = """
    .. .. .. .. .. ..
    .. .. .. .. .. ..
    .. .. .. .. .. ..
    .. .. .. .. .. ..
    Jt Ss Cc Pt Js Ct
    Pc Jc Ss Ct Pt Js"""  # two full rows, no formation: Earthworm I is passed, the other Assaults I lose


def with_castle(game: Game, text: str) -> Game:
    d = game.to_dict()
    d["castles"][0] = format_castle(parse_castle(text))
    return Game.from_dict(d)


def test_R_O5_face_down_at_turn_one_is_lost_whatever_the_card():
    game = new_game("expert", seed=3)
    assert not game.ordeals[0].face_up
    outlook = encounter_outlook(game)
    assert outlook is not None and outlook.face_down
    assert outlook.candidates == 4  # Assault I is one of four (docs/rules.md §5.1)
    assert outlook.sure_loss and not outlook.sure_pass
    assert game.to_dict() == new_game("expert", seed=3).to_dict()  # nothing changed, nothing turned up
    assert not game.ordeals[0].face_up


def test_R_O3_face_down_with_a_foundation_depends_on_the_card_and_never_peeks():
    game = with_castle(new_game("expert", seed=3), FULL_FOUNDATION)
    outlook = encounter_outlook(game)
    assert outlook is not None and not outlook.sure_loss
    assert (outlook.candidates, outlook.lose, outlook.passes) == (4, 3, 1)
    # the same answer whichever Assault I really lies there: the outlook reads the slot, not the card
    answers = set()
    for card in candidate_cards(game):
        d = game.to_dict()
        from dataclasses import asdict

        d["ordeals"][0]["card"] = asdict(card)
        answers.add(encounter_outlook(Game.from_dict(d)))
    assert answers == {outlook}


def test_R_O3_face_up_card_is_one_candidate():
    game = new_game("base", seed=3)
    outlook = encounter_outlook(game)
    assert outlook is not None and not outlook.face_down and outlook.candidates == 1
    assert outlook.sure_loss  # an empty castle: no formations, no foundation


def test_no_outlook_without_an_early_encounter():
    assert encounter_outlook(new_game("intro", seed=3)) is None  # R-O3 starts at the base level


@pytest.fixture
def board(ctx):
    def make(game):
        return BoardDriver(ctx, game)

    return make


def test_face_the_ordeal_is_a_quiet_button(ctx, board):
    drv = board(new_game("base", seed=3))
    button = board_button(drv.board, "encounter")
    assert button.visible and button.style != "primary"


def test_R_O5_expert_turn_one_confirmation_warns_the_game_is_lost(ctx, board):
    drv = board(new_game("expert", seed=3))
    drv.key(pygame.K_e)
    top = ctx.stack.top
    assert top.route == Route.CONFIRM
    assert t("controls.encounter_hidden_lost") in top.text
    assert top.cautious  # Enter answers "no"
    assert t("board.encounter_face_down") not in top.text


def test_R_O3_face_down_with_foundation_says_what_is_known(ctx, board):
    drv = board(with_castle(new_game("expert", seed=3), FULL_FOUNDATION))
    drv.key(pygame.K_e)
    top = ctx.stack.top
    assert top.route == Route.CONFIRM
    outlook = encounter_outlook(drv.game)
    assert t("controls.encounter_hidden_risk", n=4, lose=3) in top.text
    assert top.cautious == (not outlook.sure_pass)
