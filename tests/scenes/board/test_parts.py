"""The board's parts on their own (castellion/scenes/board): the scene owns a `BoardState`, a
pointer part (`BoardGestures`) and a keyboard part (`BoardKeys`), each built from what it needs
and tested here with a stand-in for the scene; the live layer paints by phase from a table; a
drop applies what the hover judged (one judgement, one preview); every gesture ends in the one
idle value `Gesture()`."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pygame
import pytest

from castellion.rules import Phase
from castellion.rules import actions as A
from castellion.rules.preview import preview
from castellion.scenes.board import gestures as gestures_module
from castellion.scenes.board import live as live_module
from castellion.scenes.board import scene as scene_module
from castellion.scenes.board.gestures import BoardGestures
from castellion.scenes.board.keys import BoardKeys
from castellion.scenes.board.scene import BoardScene
from castellion.scenes.board.state import BoardState, Gesture, Probe
from castellion.scenes.board.still import hidden_rects
from castellion.scenes.stack import Scene
from castellion.session import Session
from castellion.ui.drag import Animations, Drag
from castellion.ui.geometry import board_layout, center
from castellion.ui.targets import CellTarget, HandTarget, PileTarget
from tests.board_driver import BoardDriver, crafted

BOARD = Path(__file__).resolve().parents[3] / "castellion" / "scenes" / "board"


class Host:
    """A stand-in for the scene: it applies actions through the session as the scene does
    (bump the version, end the gesture) and records every call the parts make."""

    def __init__(self, state: BoardState) -> None:
        self.state = state
        self.calls: list[tuple] = []

    def act(self, action, origin=None, forecast=None) -> bool:
        self.calls.append(("act", action, origin, forecast))
        self.state.session.apply(action)
        self.state.version += 1
        self.state.reset_gesture()
        return True

    def say(self, text, kind="info") -> None:
        self.calls.append(("say", text, kind))

    def open_discard(self) -> None:
        self.calls.append(("open_discard",))

    def name_of(self, player: int) -> str:
        return f"P{player}"

    def undo(self) -> None:
        self.calls.append(("undo",))

    def redo(self) -> None:
        self.calls.append(("redo",))

    def open_menu(self) -> None:
        self.calls.append(("open_menu",))

    def ask_encounter(self) -> None:
        self.calls.append(("ask_encounter",))

    def ask_hand_champion(self) -> None:
        self.calls.append(("ask_hand_champion",))

    def choose_facer(self, player: int) -> None:
        self.calls.append(("choose_facer", player))

    def ask_hint(self) -> None:
        self.calls.append(("ask_hint",))

    def acts(self) -> list[tuple]:
        return [c for c in self.calls if c[0] == "act"]


def parts(game):
    """A state, its pointer and keyboard parts and the stand-in host, with no scene and no display."""
    state = BoardState(Session(game), board_layout(game.players))
    host = Host(state)
    gestures = BoardGestures(state, host, Animations(enabled=False), {})
    keys = BoardKeys(state, gestures, host, {})
    return state, gestures, keys, host


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


# ----------------------------------------------------------------------------- structure
def _board_classes():
    for path in sorted(BOARD.glob("*.py")):
        module = importlib.import_module(f"castellion.scenes.board.{path.stem}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__:
                yield cls


def test_no_board_class_is_assembled_from_more_than_two_project_classes():
    for cls in _board_classes():
        project = [k for k in cls.__mro__[1:] if k.__module__.startswith("castellion.")]
        assert len(project) <= 2, (cls, project)
    assert [k for k in BoardScene.__mro__ if k.__module__.startswith("castellion.")] == [BoardScene, Scene]


def test_no_forward_declarations_in_the_board():
    for path in sorted(BOARD.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and node.exc is not None:
                name = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
                assert not (isinstance(name, ast.Name) and name.id == "NotImplementedError"), path.name


def test_the_scene_owns_its_parts_and_hands_each_the_one_state(ctx):
    board = BoardScene(ctx, crafted("base", held="Jt"))
    assert board.gestures.state is board.state and board.keys.state is board.state
    assert board.keys.gestures is board.gestures
    assert board.gestures.host is board and board.keys.host is board
    assert board.gestures.anims is board.anims


# -------------------------------------------------------------------------------- state
def test_the_state_rebuilds_its_choices_only_when_the_game_changed():
    state, *_ = parts(crafted("base"))
    rebuilt = []
    state.on_choices = lambda: rebuilt.append(state.version)
    first = state.refresh()
    assert state.refresh() is first and rebuilt == []
    state.version += 1
    assert state.refresh() is not first and rebuilt == [1]


def test_every_gesture_ends_in_the_one_idle_value():
    state, *_ = parts(crafted("base", held="Jt"))
    state.gesture.drag = Drag(HandTarget(), (0, 0), tile="Jt")
    state.gesture.carry, state.gesture.pantry_pick, state.gesture.selected = True, "*t", (0, 0)
    state.gesture.probe = Probe(HandTarget(), False, "")
    assert state.gesture != Gesture()
    state.reset_gesture()
    assert state.gesture == Gesture()
    assert state.gesture == Gesture()


# ----------------------------------------------------------------------------- gestures
def test_a_press_on_a_pile_draws_through_the_host_and_the_tile_follows_the_pointer():
    state, gestures, _, host = parts(crafted("base"))
    pos = center(state.layout.pile_rect("regular"))
    assert gestures.press(pos)
    assert [c[1] for c in host.acts()] == [A.DrawTile("regular")]
    assert state.gesture.drag is not None and state.gesture.drag.tile == state.session.game.held \
        and state.session.game.held is not None


def _hover(state, gestures, cell):
    hand = center(state.layout.hand_rect())
    gestures.press(hand)
    to = center(state.layout.cell_rect(cell))
    for i in range(1, 6):
        gestures.motion((hand[0] + (to[0] - hand[0]) * i // 5, hand[1] + (to[1] - hand[1]) * i // 5))
    return to


def test_the_drop_applies_what_the_hover_judged_without_judging_it_again(monkeypatch):
    state, gestures, _, host = parts(crafted("base", held="Jt"))
    cell = sorted(c for c in state.refresh().place if 0 <= c[1] < 6)[0]
    to = _hover(state, gestures, cell)
    probe = state.gesture.probe
    assert probe is not None and probe.ok and probe.target == CellTarget(cell)
    assert probe.action == A.PlaceTile(cell, "Jt") and probe.forecast == preview(state.session.game, probe.action)
    judged = []
    real = gestures_module.judge_held
    monkeypatch.setattr(gestures_module, "judge_held", lambda *a: judged.append(a) or real(*a))
    monkeypatch.setattr(gestures_module, "preview", lambda *a: pytest.fail("previewed twice"))
    gestures.release(to)
    (call,) = host.acts()
    assert call[1] == probe.action and call[3] is probe.forecast  # the hover's own preview object
    assert judged == []
    assert state.session.game.castle(0).tile_at(cell) is not None


def test_a_drop_is_judged_afresh_when_the_state_moved_since_the_hover(monkeypatch):
    state, gestures, _, host = parts(crafted("base", held="Jt"))
    cell = sorted(c for c in state.refresh().place if 0 <= c[1] < 6)[0]
    to = _hover(state, gestures, cell)
    state.version += 1  # (an undo would: the probe no longer holds)
    state.refresh()
    judged = []
    real = gestures_module.judge_held
    monkeypatch.setattr(gestures_module, "judge_held", lambda *a: judged.append(a) or real(*a))
    expected = preview(state.session.game, A.PlaceTile(cell, "Jt"))
    gestures.release(to)
    (call,) = host.acts()
    assert len(judged) == 1 and call[1] == A.PlaceTile(cell, "Jt")
    assert call[3] == expected  # the preview the fresh verdict's words were made from, handed on


def test_a_refused_drop_says_why_and_applies_nothing():
    state, gestures, _, host = parts(crafted("base", held="Jt"))
    to = _hover(state, gestures, (5, 5))  # not touching the castle
    assert state.gesture.probe is not None and not state.gesture.probe.ok and state.gesture.probe.text.startswith("R-")
    text = state.gesture.probe.text
    gestures.release(to)
    assert host.acts() == [] and ("say", text, "error") in host.calls


def test_cancel_drops_what_is_carried_and_answers_whether_there_was_something():
    state, gestures, _, _ = parts(crafted("base", held="Jt"))
    assert not gestures.cancel()
    state.gesture.carry = True
    assert gestures.cancel() and state.gesture == Gesture()


# --------------------------------------------------------------------------------- keys
def test_keys_ask_the_host_for_what_only_the_scene_does(pg):
    state, _, keys, host = parts(crafted("base"))
    assert keys.handle_key(key(pygame.K_z, pygame.KMOD_CTRL)) and keys.handle_key(key(pygame.K_y, pygame.KMOD_CTRL))
    assert keys.handle_key(key(pygame.K_ESCAPE))  # nothing to cancel: the menu
    assert host.calls == [("undo",), ("redo",), ("open_menu",)]
    assert not state.keyboard  # Esc and Ctrl keys do not switch the banner to the keys' words


def test_a_pile_key_draws_through_the_pointers_meaning_and_esc_then_cancels(pg):
    state, _, keys, host = parts(crafted("base"))
    assert keys.handle_key(key(pygame.K_d))
    assert [c[1] for c in host.acts()] == [A.DrawTile("regular")] and state.keyboard
    state.gesture.carry = True
    assert keys.handle_key(key(pygame.K_ESCAPE))
    assert not state.gesture.carry and ("open_menu",) not in host.calls


def test_enter_shows_the_cursor_then_acts_on_what_it_is_on(pg):
    state, _, keys, host = parts(crafted("base"))
    keys.handle_key(key(pygame.K_RETURN))
    assert state.cursor == PileTarget("regular") and host.acts() == []
    keys.handle_key(key(pygame.K_RETURN))
    assert [c[1] for c in host.acts()] == [A.DrawTile("regular")]


# ----------------------------------------------------------------------- drawing parts
def test_the_live_layer_paints_the_lit_targets_of_the_phase_from_its_table(ctx, monkeypatch):
    painted = []
    for phase in (Phase.USE, Phase.JUGGLER):
        monkeypatch.setitem(live_module.PHASE_PAINTERS, phase, lambda s, v, g, p=phase: painted.append(p))
    d = BoardDriver(ctx, crafted("base", held="Jt"))
    d.frame()
    assert painted and set(painted) == {Phase.USE}
    assert set(live_module.PHASE_PAINTERS) <= set(Phase)


def test_what_the_still_picture_leaves_out_while_a_tile_is_carried():
    game = crafted("base", held="Jt")
    lay = board_layout(1)
    anims = Animations(enabled=True)
    assert hidden_rects(game, lay, anims, None, False) == {}
    assert hidden_rects(game, lay, anims, None, True) == {"hand": lay.hand_rect()}
    drag = Drag(CellTarget((0, 0)), (0, 0), tile="Pt", from_cell=(0, 0))
    drag.move((40, 40))
    assert hidden_rects(game, lay, anims, drag, False) == {(0, 0): lay.cell_rect((0, 0))}
    anims.flight("Jt", lay.hand_rect(), lay.cell_rect((1, 1)), (1, 1))
    assert hidden_rects(game, lay, anims, None, False) == {(1, 1): lay.cell_rect((1, 1))}


# ------------------------------------------------------------------------------ acting
def test_the_scene_previews_an_action_once_and_reuses_a_known_forecast(ctx, monkeypatch):
    d = BoardDriver(ctx, crafted("base", held="Jt"))
    board = d.board
    cell = sorted(c for c in board.state.choices.place if 0 <= c[1] < 6)[0]
    action = A.PlaceTile(cell, "Jt")
    known = preview(board.session.game, action)
    asked = []
    monkeypatch.setattr(scene_module, "preview", lambda *a: asked.append(a) or preview(*a))
    assert board.act(action, forecast=known)
    assert asked == []
    assert board.state.gesture == Gesture() and board.state.message == ""
    assert board.act(A.DrawTile("regular")) and len(asked) == 1


# --------------------------------------------------------------------------------- docs
def test_the_walk_of_a_dropped_tile_in_the_docs_names_code_that_exists():
    """docs/architecture.md walks one dropped tile from the mouse to the screen in ten steps;
    every name it quotes must exist (a renamed function fails here, not in a reader's hands)."""
    import re

    from castellion import app, context, session
    from castellion.rules import events as E
    from castellion.rules import game as rules_game
    from castellion.rules import preview as rules_preview
    from castellion.scenes import stack
    from castellion.scenes.board import animations, buttons, forecast, meaning, pages, still

    text = (BOARD.parent.parent.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    walk = text[text.index("**One dropped tile"):text.index("The board opens other screens")]
    steps = re.findall(r"^\d+\. ", walk, flags=re.M)
    assert len(steps) == 10
    roots = {
        "App": app.App, "SceneStack": stack.SceneStack, "BoardScene": BoardScene, "BoardGestures": BoardGestures,
        "BoardState": BoardState, "LiveLayer": live_module.LiveLayer, "StillPicture": still.StillPicture,
        "ForecastLayer": forecast.ForecastLayer, "ActionAnimator": animations.ActionAnimator,
        "Session": session.Session, "Game": rules_game.Game, "AppContext": context.AppContext,
        "meaning": meaning, "pages": pages, "buttons": buttons, "forecast": forecast, "E": E, "Phase": Phase,
        "Route": importlib.import_module("castellion.scenes.nav").Route,
        "PHASE_PAINTERS": live_module, "HANDLERS": animations,
        "Devices": importlib.import_module("castellion.ui.devices").Devices,
    }
    roots["rules"] = type("rules", (), {"preview": rules_preview})  # the module `rules.preview`
    from castellion.scenes.board.coach import Coach

    places = [BoardScene, BoardGestures, BoardState, live_module.LiveLayer, animations.ActionAnimator,
              live_module, gestures_module, pygame, E, meaning, pages, Coach, Gesture, Probe]
    checked = 0
    for token in re.findall(r"`([^`]+)`", walk):
        name = re.split(r"[(\[ ]", token, maxsplit=1)[0]
        if not re.fullmatch(r"[A-Za-z_][\w.]*", name) or name in ("action",):
            continue
        head, *rest = name.split(".")
        if head in roots:
            obj = roots[head]
            if head in ("PHASE_PAINTERS", "HANDLERS"):
                obj = getattr(obj, head)
            for part in rest:
                if inspect.isclass(obj) and not hasattr(obj, part):  # an attribute set in __init__
                    assert f"self.{part} =" in inspect.getsource(obj.__init__), token
                    break
                obj = getattr(obj, part)  # AttributeError: the docs name something that is not there
        else:
            assert not rest, token
            assert any(hasattr(p, head) for p in places), token
        checked += 1
    assert checked >= 30
