"""The live win-chance meter (Settings, off by default; never in the tutorial) and the hint's
gain with the meter on (scenes/board/meter.py, ai/meter.py)."""

from __future__ import annotations

import threading

import pygame
import pytest

from castellion.ai import meter as M  # noqa: N812 - the module's figures, short
from castellion.ai.estimate import Estimate
from castellion.ai.pool import ComputePool
from castellion.content import tutorial as script
from castellion.persistence.settings import Settings
from castellion.rules import actions as A
from castellion.rules import new_game
from castellion.rules.public import public_view
from castellion.scenes.board import meter as board_meter
from castellion.scenes.board.meter import WinMeter, meter_rect
from castellion.scenes.overlays import SettingsOverlay
from castellion.ui.geometry import LAYOUT
from castellion.ui.text import t, tn
from tests.board_driver import BoardDriver
from tests.conftest import eventually
from tests.rules.test_public_view import _other_hidden_order
from tests.scenes.tutorial.test_tutorial import TutorialDriver
from tests.xvfb_helpers import HANG_GUARD


@pytest.fixture
def quick(ctx, monkeypatch):
    """The meter's jobs on threads, their figures stand-ins released by the test: what is tested
    here is the board's side (the real estimate is tested below and in test_estimate)."""
    ctx.ai_pool.close()
    ctx.ai_pool = ComputePool(process=False)
    state = {"go": threading.Event(), "asked": [], "gains": []}

    def chance(view, cancel=lambda: False):
        state["asked"].append(view.game.turn)
        state["go"].wait(HANG_GUARD)
        return Estimate(0.42, 0.09, 5, 12, 100)

    def gain(view, action, cancel=lambda: False):
        state["gains"].append(action)
        return M.Gain(10, 2, 16)

    monkeypatch.setattr(board_meter, "meter_chance", chance)
    monkeypatch.setattr(board_meter, "move_gain", gain)
    ctx.meter_state = state
    return ctx


def test_off_by_default(quick):
    assert Settings().win_meter is False
    assert Settings.from_dict({"win_meter": "yes"}).win_meter is False  # a bad value is the default
    d = BoardDriver(quick, new_game("intro", seed=3))
    for _ in range(3):
        d.frame()
    assert not d.board.meter.enabled and quick.meter_state["asked"] == []


def test_the_settings_switch_turns_it_on(quick):
    overlay = SettingsOverlay(quick)
    assert overlay.meter.value is False
    assert overlay.panel.contains(overlay.meter.rect)  # the switch is on the panel
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=overlay.meter.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=overlay.meter.rect.center, button=1))
    for event in pygame.event.get():
        overlay.handle(event)
    assert quick.settings.win_meter is True


def test_it_updates_after_an_action_and_no_frame_waits_for_it(quick):
    quick.settings.win_meter = True
    d = BoardDriver(quick, new_game("intro", seed=3))
    meter = d.board.meter
    for _ in range(3):  # the job is blocked in its thread: the frames go on regardless
        d.frame()
    assert meter.enabled and meter.busy and meter.estimate is None and len(quick.meter_state["asked"]) == 1
    assert meter.text() == "Win chance …"
    quick.meter_state["go"].set()
    assert eventually(lambda: meter.fresh, d.frame)
    assert meter.text() == "Win chance 42 % ± 9"
    first = meter.version
    quick.meter_state["go"].clear()
    d.perform(A.DrawTile("regular"))
    d.frame()
    assert meter.version != first and not meter.fresh and len(quick.meter_state["asked"]) == 2
    assert meter.estimate is not None  # the last figure stays, greyed, while the new one computes
    quick.meter_state["go"].set()
    assert eventually(lambda: meter.fresh, d.frame)


def test_the_meter_draws_in_the_tiles_panel_without_overlapping_its_piles(quick):
    quick.settings.win_meter = True
    quick.meter_state["go"].set()
    d = BoardDriver(quick, new_game("intro", seed=3))
    assert eventually(lambda: d.board.meter.fresh, d.frame)
    box = meter_rect(LAYOUT.tiles_panel)
    assert pygame.Rect(LAYOUT.tiles_panel).contains(box)
    lay = LAYOUT
    for other in (lay.pile_rect("regular"), lay.pile_rect("safe"), lay.hand_rect(), lay.power_box,
                  *(lay.revealed_rect(i) for i in range(lay.revealed_slots))):
        assert not box.colliderect(pygame.Rect(other)), other


def test_never_in_the_tutorial(quick):
    quick.settings.win_meter = True
    driver = TutorialDriver(quick)
    driver.open_tutorial()
    driver.start(script.PARTS[0].id)
    board = driver.board
    for _ in range(3):
        driver.frame()
    assert board.coach is not None and not board.meter.enabled and quick.meter_state["asked"] == []


def test_the_hint_says_how_much_its_move_gains_with_the_meter_on(quick):
    quick.settings.win_meter = True
    quick.meter_state["go"].set()
    d = BoardDriver(quick, new_game("intro", seed=3))
    d.key(pygame.K_h)
    gained = tn("meter.gain", 50)
    assert eventually(lambda: gained in d.board.state.message, d.frame)
    assert d.board.state.message.endswith(gained)
    assert quick.meter_state["gains"] == [d.board.hint.decision.action]


def test_without_the_meter_the_hint_asks_no_gain(quick):
    quick.meter_state["go"].set()
    d = BoardDriver(quick, new_game("intro", seed=3))
    d.key(pygame.K_h)
    assert eventually(lambda: not d.board.hint.pending, d.frame)
    d.frame()
    assert quick.meter_state["gains"] == [] and "win chance" not in d.board.state.message


# ------------------------------------------------------------------ the figures themselves
def _late(level: str, seed: int, moves: int):
    from castellion.rules.bots import greedy_action
    from castellion.rules.rng import SeededRandom

    game = new_game(level, seed=seed)
    rng = SeededRandom.from_seed(seed)
    for _ in range(moves):
        game.apply(greedy_action(game, rng))
    return game


def test_the_gain_is_fair_and_repeatable():
    game = _late("intro", 5, 40)  # late enough that the playouts are short
    action = game.legal_actions()[0]
    first = M.move_gain(public_view(game), action)
    assert first is not None and first.n == M.GAIN_PLAYOUTS and -100 <= first.points <= 100
    assert first == M.move_gain(public_view(game), action)
    assert first == M.move_gain(public_view(_other_hidden_order(game, 1)), action)
    assert M.move_gain(public_view(_late("intro", 5, 60)), _late("intro", 5, 60).legal_actions()[0]) is None


def test_gain_words():
    assert board_meter.gain_text(M.Gain(9, 1, 16)) == tn("meter.gain", 50)  # (9 - 1) / 16 = 50 points
    assert tn("meter.gain", 50).startswith("+50")
    assert board_meter.gain_text(M.Gain(3, 3, 16)) == t("meter.gain_none")  # no better: "about as good"
    assert board_meter.gain_text(M.Gain(2, 3, 16)) == t("meter.gain_none")


def test_a_meter_without_its_setting_never_submits():
    class Pool:
        def submit(self, *a):  # pragma: no cover - failing here is the point
            raise AssertionError("submitted")

    meter = WinMeter(Pool(), enabled=False)  # type: ignore[arg-type]
    meter.update(new_game("intro", seed=1), 1, False)
    meter.ask_gain(new_game("intro", seed=1), 1, A.DrawTile("regular"))
    assert not meter.busy


def test_the_meters_figure_is_repeatable_and_has_its_error():
    view = public_view(_late("intro", 5, 40))
    first = M.meter_chance(view)
    assert first == M.meter_chance(view) and 1 <= first.playouts <= M.METER_PLAYOUTS
    assert 0 < first.stderr < 0.5 and first.work <= M.METER_WORK + 2000  # a playout in progress ends whole
