"""Scrolling the tutorial coach's words from a pad, and the keys that scroll them named on screen
(XAG 107: every function reachable from the pad; prompts follow the device used last).

Each fails without its change: a pad could not scroll the coach (its free buttons were taken by
the board), and no word on screen named Page Up / Page Down — only the arrows showed there was more.
"""

from __future__ import annotations

import pygame
import pytest

from castellion.ui import devices as D
from castellion.ui import keymap as K
from castellion.ui.keymap import Action
from castellion.ui.text import t
from tests.scenes.tutorial.test_coach_text_size import _driver

pytestmark = pytest.mark.usefixtures("default_input")


def _stick(devices: D.Devices, value: int) -> list:
    """The right stick pushed (value > 0: down) or let go (0), as SDL says it."""
    return devices.translate(pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_RIGHTY,
                                                value=value, instance_id=0))


def _post(driver, events) -> None:
    for event in events:
        pygame.event.post(event)
    driver.frame()


def test_the_right_stick_scrolls_the_coach_a_line_at_a_time_and_repeats_held(ctx):
    driver = _driver(ctx, "es", 1.0)
    driver.frame()
    coach = driver.board.coach
    box = coach.scroller
    assert coach.scrolling and box.most() >= 2
    devices = D.Devices(lambda: (1280, 800))
    _post(driver, _stick(devices, 30000))
    assert box.offset == 1  # a line
    _post(driver, devices.update(D.REPEAT_FIRST + 0.01))  # held: it repeats
    assert box.offset == 2
    _post(driver, _stick(devices, 0))
    _post(driver, _stick(devices, -30000))  # up
    assert box.offset == 1
    assert D.last_device() == D.PAD
    assert coach.step == 0  # the stick moved no step on, and played nothing
    assert not driver.board.session.game.history


def test_scrolling_is_on_the_controls_page_and_follows_the_players_remapping(ctx):
    from castellion.scenes.controls import ControlsOverlay

    table = K.Keymap()
    assert table.pads[Action.SCROLL_DOWN] == ("rightstick_down",)
    assert D.pad_label(Action.SCROLL_DOWN, table) == t("pad.right_stick") + " \u2193"
    assert ("key", (D.pad_label(Action.SCROLL_UP, table), Action.SCROLL_UP.label)) in D.pad_blocks(table)
    page = ControlsOverlay(ctx)
    assert Action.SCROLL_UP in page.rows and Action.SCROLL_DOWN in page.rows
    # moved on Controls: the pad's Back + RB and the key N scroll down instead
    page._capture(Action.SCROLL_DOWN)
    page.press_pad("back+rightshoulder")
    assert K.current().pads[Action.SCROLL_DOWN] == ("back+rightshoulder",)
    assert K.current().rebind(Action.SCROLL_DOWN, K.Key(pygame.K_n)) is None
    driver = _driver(ctx, "es", 1.0)
    driver.frame()
    box = driver.board.coach.scroller
    _post(driver, [D.pad_key_event("back+rightshoulder")])
    assert box.offset == 1
    _post(driver, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0)])
    assert box.offset > 1
    before = box.offset
    _post(driver, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0)])
    assert box.offset == before  # PgDn no longer does it


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_keys_that_scroll_are_named_only_while_there_is_more_and_follow_the_device(ctx, monkeypatch, lang):
    driver = _driver(ctx, lang, 1.0)
    coach = driver.board.coach
    D.set_last_device(D.KEYS)
    driver.frame()
    keys = t("tutorial.scroll_keys", up=t("keys.page_up"), down=t("keys.page_down"))
    assert coach.more() == (False, True) and coach.more_hint() == keys
    drawn: list[str] = []
    render = ctx.fonts.render

    def spy(words, *args, **kwargs):
        drawn.append(words)
        return render(words, *args, **kwargs)

    monkeypatch.setattr(ctx.fonts, "render", spy)
    coach.draw(driver.surface)
    assert "".join(keys.split()) in "".join("".join(drawn).split())  # (it may take two lines)
    D.set_last_device(D.PAD)
    assert coach.more_hint() == t("tutorial.scroll_keys", up=t("pad.right_stick") + " \u2191", down="\u2193")
    coach.scroller.offset = coach.scroller.most()  # the end: more above only
    assert coach.more() == (True, False) and coach.more_hint()
    D.set_last_device(D.KEYS)
    driver.frame()
    # a step the box shows whole: no keys named
    while any(coach.more()):
        driver.do_step()
        driver.frame()
    drawn.clear()
    coach.draw(driver.surface)
    assert coach.more_hint() == ""
    assert not any(t("keys.page_down") in words for words in drawn)
