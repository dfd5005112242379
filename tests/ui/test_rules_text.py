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
from castellion.ui.text import has, t, tn

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
    assert RT.refusal_text(Refusal(Why.SAME_SHAPE, shape=Shape.TRIANGLE, cell=(2, 3))) == t(
        "rules.refusal.same_shape", shape=t("board.shape.t"))
    assert RT.refusal_text(Refusal(Why.PILE_EMPTY, pile="safe")) == t("rules.refusal.pile_empty",
                                                                        pile=t("rules.pile.safe"))
    assert RT.refusal_text(Refusal(Why.NOT_NOW, phase="get")) == t("rules.refusal.not_now",
                                                                     need=t("rules.phase.get"))
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
    assert text == t("rules.loss_player.R-O5", name="Anna", ordeal=card.name)
    text = RT.outcome_text(Outcome(Result.LOST, "R-\u00a75.3", "exam-1", None,
                                   {"tower": 1, "bastion": 1, "line": 1}, {"tower": 2, "bastion": 0, "line": 1}))
    plus = t("rules.need.join")
    need = plus.join(tn(f"rules.count.{kind}", 1) for kind in ("tower", "bastion", "line"))
    had = t("rules.list.last", rest=tn("rules.count.tower", 2) + t("rules.list.join") + tn("rules.count.bastion", 0),
            last=tn("rules.count.line", 1))
    assert text == t("rules.loss.R-\u00a75.3", ordeal="exam-1", need=need, have=had)
    assert RT.outcome_text(Outcome(Result.WON, "R-O6")).endswith("(R-O6)")
    unknown = "R-" + "X9"  # a made-up id (in two parts: tests/project/test_rules_doc.py reads the ids cited in code)
    assert RT.outcome_text(Outcome(Result.LOST, unknown)) == t("rules.loss.unknown_rule", rule=unknown)  # never a key


@pytest.mark.parametrize("kind", list(Destruction))
def test_every_destruction_kind_has_words(kind: Destruction) -> None:
    assert _complete(RT.destruction_text(kind, "Harpy"))
    assert RT.destruction_text(None) == ""


def test_power_end_words() -> None:
    assert RT.power_end_text("C", PowerEnd.DONE) == ""
    assert RT.power_end_text("C", PowerEnd.NOTHING_TO_DO, "s") == t("board.power_end.C", shape=t("board.shape.s"))
    assert RT.power_end_text("P", PowerEnd.NO_MOVE) == t("board.power_end.no_move")


def test_requirement_and_have_texts() -> None:
    assert RT.requirement_text({"tower": 1, "bastion": 0, "line": 2}) == (
        tn("rules.count.tower", 1) + t("rules.need.join") + tn("rules.count.line", 2))  # no "0 Bastions"
    assert RT.requirement_text({}) == t("rules.need.nothing")
    assert RT.have_text({"tower": 1}, ["tower", "bastion"]) == t(
        "rules.list.last", rest=tn("rules.count.tower", 1), last=tn("rules.count.bastion", 0))  # zeros too


def test_an_engine_refusal_reaches_words_through_the_same_function() -> None:
    game = new_game("intro", seed=3)
    refusal = game.refusal(A.EncounterOrdeal())
    assert refusal is not None and refusal.rule == "R-O3"
    assert RT.refusal_text(refusal) == t(f"rules.refusal.{refusal.why.value}")


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_an_ordeal_is_labelled_by_its_card_once_face_up_and_by_its_place_while_face_down(lang: str) -> None:
    from castellion.ui.catalog_keys import card_name
    from castellion.ui.text import set_language

    set_language(lang)
    shown, hidden = new_game("base", seed=7), new_game("expert", seed=7)  # the Exam's Ordeals start face down
    assert shown.ordeals[2].face_up and not hidden.ordeals[1].face_up
    assert RT.ordeal_label(shown, 2) == card_name(shown.ordeals[2].card)
    assert RT.ordeal_label(hidden, 1) == t("board.ordeal_n", n=2)
    assert _complete(RT.ordeal_label(hidden, 1)) and "2" in RT.ordeal_label(hidden, 1)
    assert RT.ordeal_label(hidden, 3) == RT.ordeal_label(hidden, None) == ""


def test_the_ordeal_label_is_worded_in_one_place() -> None:
    """"Card name, or Ordeal n while face down" is `rules_text.ordeal_label`: no screen, hint or
    speech module words it again (they would drift apart)."""
    from pathlib import Path

    package = Path(RT.__file__).resolve().parents[1]
    writers = sorted(str(p.relative_to(package)) for p in package.rglob("*.py")
                     if '"board.ordeal_n"' in p.read_text(encoding="utf-8"))
    assert writers == ["ui/rules_text.py"]
