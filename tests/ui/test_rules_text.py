"""The rules answer in data; `castellion/ui/rules_text.py` is the one place that makes sentences.

Every refusal reason the engine can give (the `Why` enum, not a hand list), every losing rule,
destruction kind and phase has a whole sentence in the string table, with no placeholder left.
"""

from __future__ import annotations

import pytest

from castellion.rules import Destruction, Outcome, PowerEnd, Refusal, Result, Shape, Why, new_game
from castellion.rules import actions as A
from castellion.rules.reasons import LOSING_RULES, RULE_OF
from castellion.rules.views import DECISIONS
from castellion.ui import rules_text as RT
from castellion.ui.text import has

EVERY_PARAM = dict(cell=(1, 2), tile="Pt", held="T!", shape=Shape.SQUARE, pile="safe", phase="get",
                   action="PlaceTile")


def _complete(text: str) -> bool:
    return bool(text) and "{" not in text and "}" not in text and not text.startswith("rules.")


@pytest.mark.parametrize("why", list(Why))
def test_every_refusal_reason_has_a_sentence_quoting_its_rule(why: Why) -> None:
    assert has(f"rules.refusal.{why.value}"), why
    text = RT.refusal_text(Refusal(why, **EVERY_PARAM))
    assert _complete(text), text
    assert text.startswith(RULE_OF[why] + ":"), text  # players see the rule id (docs/rulings.md)


def test_every_refusal_reason_has_a_rule_id() -> None:
    assert set(RULE_OF) == set(Why)
    assert all(rule.startswith("R-") for rule in RULE_OF.values())


def test_refusal_sentences_use_their_parameters() -> None:
    assert RT.refusal_text(Refusal(Why.SAME_SHAPE, shape=Shape.TRIANGLE, cell=(2, 3))) == (
        "R-P3: a triangle may not sit next to another triangle outside the foundation")
    assert "safe pile is empty" in RT.refusal_text(Refusal(Why.PILE_EMPTY, pile="safe"))
    assert "get a tile first" in RT.refusal_text(Refusal(Why.NOT_NOW, phase="get"))
    assert RT.refusal_text(None) == ""


@pytest.mark.parametrize("phase", DECISIONS)
def test_every_phase_says_what_the_game_waits_for(phase: str) -> None:
    assert _complete(RT.refusal_text(Refusal(Why.NOT_NOW, phase=phase)))


@pytest.mark.parametrize("rule", LOSING_RULES)
def test_every_losing_rule_has_a_sentence_solo_and_with_names(rule: str) -> None:
    outcome = Outcome(Result.LOST, rule, "harpy-2", None, {"tower": 3}, {"tower": 1},
                      pantry_need=4, pantry_have=3)
    solo = RT.outcome_text(outcome)
    assert _complete(solo) and solo.startswith(rule + ":"), solo
    two = RT.outcome_text(Outcome(Result.LOST, rule, "harpy-2", 1, {"tower": 3}, {"tower": 1}),
                          ["Anna", "Ben"])
    assert _complete(two) and "Ben" in two, two


def test_loss_sentences_name_the_card_and_the_counts() -> None:
    game = new_game("expert", seed=3)
    cards = [o.card for o in game.ordeals]
    card = cards[1]
    text = RT.outcome_text(Outcome(Result.LOST, "R-O5", card.id, 0), ["Anna", "Ben"], cards)
    assert text == f"R-O5: Anna's foundation was incomplete after {card.name}"
    text = RT.outcome_text(Outcome(Result.LOST, "R-\u00a75.3", "exam-1", None,
                                   {"tower": 1, "bastion": 1, "line": 1}, {"tower": 2, "bastion": 0, "line": 1}))
    assert text == ("R-\u00a75.3: exam-1 needed 1 Tower + 1 Bastion + 1 Line; "
                    "the castle had 2 Towers, 0 Bastions and 1 Line")
    assert RT.outcome_text(Outcome(Result.WON, "R-O6")).endswith("(R-O6)")
    unknown = "R-" + "X9"  # a made-up id (in two parts: tests/project/test_rules_doc.py reads the ids cited in code)
    assert RT.outcome_text(Outcome(Result.LOST, unknown)) == f"the game is lost ({unknown})"  # never a key


@pytest.mark.parametrize("kind", list(Destruction))
def test_every_destruction_kind_has_words(kind: Destruction) -> None:
    assert _complete(RT.destruction_text(kind, "Harpy"))
    assert RT.destruction_text(None) == ""


def test_power_end_words() -> None:
    assert RT.power_end_text("C", PowerEnd.DONE) == ""
    assert "square" in RT.power_end_text("C", PowerEnd.NOTHING_TO_DO, "s")
    assert "no tile can be moved" in RT.power_end_text("P", PowerEnd.NO_MOVE)


def test_requirement_and_have_texts() -> None:
    assert RT.requirement_text({"tower": 1, "bastion": 0, "line": 2}) == "1 Tower + 2 Lines"
    assert RT.requirement_text({}) == "nothing"
    assert RT.have_text({"tower": 1}, ["tower", "bastion"]) == "1 Tower and 0 Bastions"


def test_an_engine_refusal_reaches_words_through_the_same_function() -> None:
    game = new_game("intro", seed=3)
    refusal = game.refusal(A.EncounterOrdeal())
    assert refusal is not None and refusal.rule == "R-O3"
    assert RT.refusal_text(refusal).startswith("R-O3: Ordeals may be encountered early")
