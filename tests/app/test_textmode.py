"""The terminal mode (issue 2): a whole game is playable with numbered choices."""

import io
import subprocess
import sys

import pytest

from castellion.cli import game_options, parse_args
from castellion.rules import new_game
from castellion.textmode import label, play
from castellion.ui.rules_text import outcome_text
from castellion.ui.text import t
from tests.xvfb_helpers import HANG_GUARD


@pytest.mark.parametrize("level,options", [("intro", {}), ("base", {"variant": "prison"}),
                                           ("expert", {"players": 2, "pantry": True})])
def test_a_whole_game_in_the_terminal(level, options):
    answers = iter(["", "zero", "999"] + ["1"] * 5000)  # bad answers first: asked again
    out = io.StringIO()
    game = play(new_game(level, seed=11, **options), lambda prompt: next(answers), out)
    text = out.getvalue()
    assert game.outcome is not None
    reason = outcome_text(game.outcome, (), [o.card for o in game.ordeals])
    assert f"You {game.outcome.result}: {reason}" in text
    assert game.outcome.rule in text  # the sentence names the rule
    assert t("text.bad_number", n="").strip() in text
    assert ".. .. .. .. .. .." in text  # the castle in notation


def test_quit_leaves_the_game_unfinished():
    out = io.StringIO()
    game = play(new_game("intro", seed=1), lambda prompt: "q", out)
    assert game.outcome is None and "1. " + t("text.a.draw", pile=t("rules.pile.regular")) in out.getvalue()


def test_every_action_kind_has_words():
    from castellion.rules import actions as A

    for cls in A.ACTION_TYPES.values():
        fields = {name: (0, 0) if name in ("cell", "src", "dst", "a", "b") else
                  0 if name in ("index", "player") else "Pt" for name in cls.__slots__}
        assert not label(cls(**fields)).startswith(cls.__name__), cls.__name__


def test_command_line_options():
    args = parse_args(["--text", "--level", "base", "--seed", "7", "--variant", "hard",
                       "--pantry", "on", "--players", "2"])
    assert game_options(args) == {"variant": "prison", "pantry": True, "players": 2}  # "hard": its first harder
    assert game_options(parse_args([])) == {}
    assert game_options(parse_args(["--level", "base", "--variant", "premonition"])) == {"variant": "premonition"}
    with pytest.raises(SystemExit):  # a variant of another level
        parse_args(["--level", "base", "--variant", "vigil"])


def test_text_mode_from_the_command_line():
    proc = subprocess.run([sys.executable, "-m", "castellion", "--text", "--level", "expert",
                           "--seed", "5"], input="1\n1\nq\n", capture_output=True, text=True,
                          timeout=HANG_GUARD)
    assert proc.returncode == 0, proc.stderr
    assert "The Menace" in proc.stdout and "face-down Ordeal" in proc.stdout


def test_h_asks_for_a_hint_and_the_game_waits():
    """Issue 14: `h` prints the computer player's move for what the player sees, its reason in
    words and the number to type; the same choice is then asked again (nothing is played)."""
    from castellion import ai
    from castellion.ui.text import t

    game = new_game("base", seed=3)
    best = ai.best_move(game).action
    number = game.legal_actions().index(best) + 1
    answers = iter(["h", "q"])
    out = io.StringIO()
    play(game, lambda prompt: next(answers), out)
    text = out.getvalue()
    assert t("text.hint_action", command=f"{number}. {label(best)}") in text
    assert "Hint: " in text and game.history == ()


# ------------------------------------------------------------ the text mode
def test_text_mode_marks_reconstructed_cards_as_the_board_does():
    from castellion.textmode import describe

    base = describe(new_game("base", seed=3))  # the Simulations are this edition's cards
    from castellion.ui.text import t

    assert base.count(f"({t('rules.reconstructed')})") == 3
    assert t("rules.reconstructed") not in describe(new_game("intro", seed=3))  # printed Exams
