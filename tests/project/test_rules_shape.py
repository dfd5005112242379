"""The rules' shape: `Game` is composed, not assembled from a chain of mixins; actions reach their
handlers through an explicit table, never a name built at run time; every phase's moves are data."""

from __future__ import annotations

import ast
from pathlib import Path

import castellion.rules
from castellion.rules import Game, Phase
from castellion.rules import actions as A
from castellion.rules.game import HANDLERS
from castellion.rules.moves import PHASES
from castellion.rules.phase import DECISIONS
from castellion.rules.state import GameState

RULES = Path(castellion.rules.__file__).parent


def _trees():
    for path in sorted(RULES.glob("*.py")):
        yield path.name, ast.parse(path.read_text(encoding="utf-8"))


def test_no_rules_class_is_built_on_more_than_two_project_classes():
    project = {node.name for _, tree in _trees() for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    crowded = [(name, node.name) for name, tree in _trees() for node in ast.walk(tree)
               if isinstance(node, ast.ClassDef)
               and sum(isinstance(b, ast.Name) and b.id in project for b in node.bases) > 2]
    assert not crowded
    assert Game.__bases__ == (GameState,)


def test_no_getattr_on_a_name_built_at_run_time():
    built = []
    for name, tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" \
                    and len(node.args) >= 2 and isinstance(node.args[1], (ast.BinOp, ast.JoinedStr)):
                built.append((name, node.lineno))
    assert not built


def test_every_action_type_has_one_handler_and_a_phase_that_allows_it():
    assert set(HANDLERS) == set(A.ACTION_TYPES.values())
    allowed = {move.kind for moves in PHASES.values() for move in moves}
    assert allowed == set(A.ACTION_TYPES.values())


def test_every_decision_phase_but_the_end_declares_its_moves():
    assert set(PHASES) == set(DECISIONS) - {Phase.OVER}
    for phase, moves in PHASES.items():
        kinds = [move.kind for move in moves]
        assert len(kinds) == len(set(kinds)), phase  # one row per action type and phase


def test_the_board_reads_the_rules_own_phases():
    from castellion.scenes import board

    assert board.Phase is Phase  # one enum of phases: the board has no copy of its own
    assert Phase.USE == "use" and Phase.of("pyro_move") is Phase.PYRO_MOVE
