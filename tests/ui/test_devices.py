"""The prompts name the buttons of the device used last, as printed on it, from the player's own
binding table (issue 31, item 6; XAG 107).

Fails without its fix: a pad's buttons were named by SDL's place names whatever the pad ("A",
"X", "LB" on a PlayStation pad, whose buttons read ✕ □ L1), and the board's still picture kept the
prompts of the first pad when another was pressed.
"""

from __future__ import annotations

import pygame
import pytest

from castellion.scenes.board.words import KEYS_GAP, key_entries
from castellion.ui import devices as D
from castellion.ui import keymap as K
from castellion.ui.keymap import Action
from castellion.ui.text import t
from tests.board_driver import BoardDriver, crafted
from tests.conftest import key_event

XBOX_PAD, PS_PAD, DECK_PAD = 7, 8, 9


pytestmark = pytest.mark.usefixtures("default_input")  # each test starts (and leaves the next) with the default keys


@pytest.fixture
def devices(pg):
    d = D.Devices(lambda: (1280, 800))
    for instance, name in ((XBOX_PAD, "Xbox Series X Controller"), (PS_PAD, "PS5 Controller"),
                           (DECK_PAD, "Steam Deck")):
        d.controllers[instance] = object()
        d.families[instance] = D.pad_family(name)
    return d


def press_key(d: D.Devices, key: int = pygame.K_d) -> None:
    d.translate(key_event(key))


def press_button(d: D.Devices, pad: int, button: str = "a") -> None:
    d.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=K.PAD_BUTTONS[button], instance_id=pad))


def test_a_pads_family_is_known_from_its_name():
    assert D.pad_family("PS4 Controller") == D.PLAYSTATION
    assert D.pad_family("Sony Interactive Entertainment DualSense Wireless Controller") == D.PLAYSTATION
    assert D.pad_family("Wireless Controller") == D.PLAYSTATION  # a PS4 pad on Linux
    assert D.pad_family("Xbox 360 Controller") == D.XBOX
    assert D.pad_family("Microsoft X-Box One pad") == D.XBOX
    assert D.pad_family("Steam Deck") == D.DECK
    assert D.pad_family("8BitDo SN30 Pro") == D.GENERIC


def test_the_last_device_used_decides_the_glyphs(devices):
    press_key(devices)
    assert D.glyphs() == D.KEYS
    assert D.prompts()["draw"] == K.current().keys[Action.DRAW_REGULAR][0].label
    press_button(devices, PS_PAD)
    assert D.glyphs() == "pad:playstation"
    assert (D.prompts()["ok"], D.prompts()["draw"], D.prompts()["safe"], D.prompts()["undo"]) == \
        ("\u2715", "\u25a1", "\u25b3", "L1")
    press_button(devices, XBOX_PAD, "b")
    assert (D.prompts()["ok"], D.prompts()["draw"], D.prompts()["undo"]) == ("A", "X", "LB")
    assert D.prompts()["rules"] == t("pad.view")
    press_button(devices, DECK_PAD)
    assert (D.prompts()["ok"], D.prompts()["undo"], D.prompts()["hint"]) == ("A", "L1", "R1")
    press_key(devices)
    assert D.prompts()["ok"] == K.current().keys[Action.ACTIVATE][0].label
    # a stick's direction names the pad that moved it too
    devices.translate(pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_LEFTX,
                                         value=32000, instance_id=PS_PAD))
    assert D.glyphs() == "pad:playstation"


def test_remapping_on_controls_changes_the_prompt(devices):
    table = K.current()
    assert table.rebind(Action.DRAW_REGULAR, K.Key(pygame.K_g)) is None
    press_key(devices)
    assert D.prompts()["draw"] == K.Key(pygame.K_g).label
    assert D.prompt(Action.DRAW_REGULAR) == K.Key(pygame.K_g).label
    assert table.rebind_pad(Action.HINT, "guide") is None
    assert table.rebind_pad(Action.DRAW_SAFE, "rightshoulder") is None  # R1 now, where Hint was
    press_button(devices, PS_PAD)
    assert D.prompts()["safe"] == "R1" and D.prompts()["hint"] == "PS"
    assert D.pad_label(Action.DRAW_SAFE) == "R1"  # the Controls page and the rules' pad list


def test_the_boards_hint_bar_follows_the_pad_pressed(ctx, spy, devices):
    d = BoardDriver(ctx, crafted("intro"))
    press_button(devices, XBOX_PAD)
    d.frame()
    xbox = KEYS_GAP.join(key_entries())
    assert spy.drawn(xbox)
    press_button(devices, PS_PAD)
    spy.texts.clear()
    d.frame()
    playstation = KEYS_GAP.join(key_entries())
    assert playstation != xbox and "\u2715" in playstation
    assert spy.drawn(playstation)


def test_the_pad_buttons_are_named_as_their_makers_name_them_in_each_language():
    """Issue 31: the pad names, read against what the platforms print and say. PlayStation's
    Create / Options keep their printed English in Spanish (Sony's Spanish material and players say
    "botón Options", "botón Create"; "Crear" was a translation nobody reads on the pad) and take
    Sony Japan's クリエイト / OPTIONS; Xbox's View / Menu are Microsoft's "Vista" / "Menú" and
    "ビュー" / "メニュー"; the guide button, a logo with no print, is named in the language."""
    from tests.catalogs import catalog

    en, es, ja = catalog("en"), catalog("es"), catalog("ja")
    assert (es["pad.create"], es["pad.options"]) == (en["pad.create"], en["pad.options"])
    assert (ja["pad.create"], ja["pad.options"]) == ("\u30af\u30ea\u30a8\u30a4\u30c8", "OPTIONS")
    assert (es["pad.view"], es["pad.menu"], ja["pad.view"], ja["pad.menu"]) == (
        "Vista", "Men\u00fa", "\u30d3\u30e5\u30fc", "\u30e1\u30cb\u30e5\u30fc")
    assert es["pad.guide"] != en["pad.guide"] and ja["pad.guide"] != en["pad.guide"]
    assert (es["pad.start"], es["pad.back"]) == (en["pad.start"], en["pad.back"])  # printed START / BACK


def test_the_reading_chords_are_named_as_each_pad_prints_its_buttons(devices):
    """The spoken game's reading chords (Back held with another button) in the prompts, on
    Controls and in F1's pad list: the held button and the other as the pad pressed last prints
    them, and the chord made on that pad is what the keymap answers."""
    expected = {XBOX_PAD: (t("pad.view"), "A", "X"), PS_PAD: (t("pad.create"), "\u2715", "\u25a1"),
                DECK_PAD: (t("pad.view"), "A", "X")}
    for pad, (back, a, x) in expected.items():
        made = []
        for kind, button in ((pygame.CONTROLLERBUTTONDOWN, "back"), (pygame.CONTROLLERBUTTONDOWN, "x")):
            made += devices.translate(pygame.event.Event(kind, button=K.PAD_BUTTONS[button], instance_id=pad))
        devices.translate(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=K.PAD_BUTTONS["back"],
                                             instance_id=pad))
        assert [K.action_for(e, "board") for e in made] == [Action.SAY_CASTLE]
        assert D.prompt(Action.SAY_OPTIONS) == t("pad.chord", held=back, button=a)
        assert D.pad_label(Action.SAY_CASTLE) == t("pad.chord", held=back, button=x)
        assert ("key", (D.pad_label(Action.SAY_CASTLE), Action.SAY_CASTLE.label)) in D.pad_blocks()
