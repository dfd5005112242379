"""Keys that can be changed: the one table (ui.keymap), its settings, and Settings → Controls."""

from __future__ import annotations

import json

import pygame
import pytest

from castellion.persistence.settings import Settings, load_settings, save_settings
from castellion.ui import keymap as K
from castellion.ui.keymap import Action, Key, Keymap
from castellion.ui.text import t
from tests.conftest import frames, key_event


@pytest.fixture(autouse=True)
def _default_keymap():
    """The current keymap is the program's one table: every test starts and ends on the defaults."""
    K.set_current(Keymap())
    yield
    K.set_current(Keymap())


# ------------------------------------------------------------------------------ the table
def test_the_table_holds_every_key_the_board_and_the_demo_have_today():
    from castellion.scenes.board import demo, keys

    km = Keymap()
    # the board and the demo look their keys up in the table: every action of theirs has a handler
    assert set(keys.ACTIONS) == {a for a in Action if a.context == "board"}
    assert set(demo.DEMO_KEYS) == {a for a in Action if a.context == "demo"}
    for code in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_RIGHTBRACKET):
        assert km.action_for_key(Key(code), "demo") is Action.DEMO_FASTER
    for code in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_LEFTBRACKET):
        assert km.action_for_key(Key(code), "demo") is Action.DEMO_SLOWER
    assert km.action_for_key(Key(pygame.K_F1), "global") is Action.RULES
    assert km.action_for_key(Key(pygame.K_F11), "global") is Action.FULLSCREEN
    assert not km.conflicts()


def test_action_for_reads_key_presses_ctrl_first_and_pad_buttons():
    assert K.action_for(key_event(pygame.K_d)) is Action.DRAW_REGULAR
    assert K.action_for(key_event(pygame.K_z, pygame.KMOD_LCTRL)) is Action.UNDO
    assert K.action_for(key_event(pygame.K_z)) is None
    assert K.action_for(key_event(pygame.K_d, pygame.KMOD_LCTRL)) is Action.DRAW_REGULAR  # Ctrl+D: D
    assert K.action_for(key_event(pygame.K_p), "demo") is Action.DEMO_PAUSE
    assert K.action_for(key_event(pygame.K_p), "board") is Action.PREMONITION
    pad = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A, instance_id=0)
    assert K.action_for(pad) is Action.ACTIVATE
    assert K.action_for(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1)) is None


def test_a_rebind_is_refused_when_another_action_uses_the_key_where_it_works():
    km = Keymap()
    assert km.rebind(Action.DRAW_REGULAR, Key(pygame.K_s)) is Action.DRAW_SAFE
    assert km.keys[Action.DRAW_REGULAR] == (Key(pygame.K_d),)  # unchanged
    assert km.rebind(Action.HINT, Key(pygame.K_F1)) is Action.RULES  # a global key works everywhere
    # P pauses the demo and is Premonition at the castle: two screens, no clash
    assert km.rebind(Action.DEMO_PAUSE, Key(pygame.K_p)) is None
    assert km.rebind(Action.DRAW_REGULAR, Key(pygame.K_q)) is None
    assert km.action_for_key(Key(pygame.K_q), "board") is Action.DRAW_REGULAR
    assert km.action_for_key(Key(pygame.K_d), "board") is None
    assert km.rebind(Action.CANCEL, Key(pygame.K_q)) is Action.CANCEL  # Esc is fixed
    assert not km.conflicts()


def test_the_settings_keep_only_the_changes_and_read_them_back(tmp_path):
    km = Keymap()
    km.rebind(Action.DRAW_REGULAR, Key(pygame.K_q))
    km.rebind(Action.UNDO, Key(pygame.K_BACKSPACE, ctrl=True))
    assert km.to_settings() == {"keys": {"draw_regular": ["q"], "undo": ["ctrl+backspace"]}}
    path = tmp_path / "settings.json"
    save_settings(Settings(controls=km.to_settings()), path)
    back = Keymap.from_settings(load_settings(path).controls)
    assert back.keys == km.keys
    km.reset()
    assert km.keys == K.DEFAULT_KEYS and km.to_settings() == {}


@pytest.mark.parametrize("controls", [
    "nonsense", 7, [1, 2], {"keys": "D"}, {"keys": {"draw_regular": "q"}}, {"keys": {"draw_regular": []}},
    {"keys": {"draw_regular": ["no such key"]}}, {"keys": {"no_such_action": ["q"]}},
    {"keys": {"draw_regular": ["s"]}},  # a clash an editor made
    {"keys": {"draw_regular": ["q"], "discard": ["q"]}}, {"keys": {"cancel": ["q"]}},
    {"keys": {"draw_regular": ["q"] * 50}}, {"pad": {"hint": ["no button"]}}, {"keys": {"x" * 999: ["q"]}},
])
def test_a_damaged_controls_entry_gives_the_defaults_without_a_crash(tmp_path, controls):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"format": 1, "controls": controls, "sound": False}))
    settings = load_settings(path)
    assert settings.sound is False  # the rest of the file is read
    assert set(settings.controls) <= {"keys", "pad"}  # the dropped count is kept beside, not inside
    km = Keymap.from_settings(settings.controls, settings.controls_dropped)
    assert not km.conflicts()
    assert km.keys[Action.DRAW_REGULAR] == K.DEFAULT_KEYS[Action.DRAW_REGULAR]
    assert km.keys[Action.CANCEL] == (Key(pygame.K_ESCAPE),)
    assert km.reset_entries > 0  # the player is told (issue 29, item 7)


@pytest.mark.parametrize("controls", ["nonsense", {"keys": {"draw_regular": ["s"]}},
                                      {"keys": {"draw_regular": ["no such key"]}}, {"pad": {"hint": ["no button"]}},
                                      {"keys": {"x" * 999: ["q"]}}])
def test_a_hostile_key_map_is_told_to_the_player_once(make_app, home, controls):
    """Issue 29, item 7: a hostile key map was only logged; the player is now told once that those
    controls are back to their defaults (the clean controls are written back: the next start is quiet)."""
    from castellion.ui.text import t

    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text(json.dumps({"format": 1, "controls": controls, "sound": False}))
    app = make_app()
    told = [n.text for n in app.ctx.notices.items]
    assert told.count(t("controls.reset_notice")) == 1
    assert json.loads((home / "settings.json").read_text())["sound"] is False  # the rest is kept
    app = make_app()  # a restart: nothing more to tell
    assert t("controls.reset_notice") not in [n.text for n in app.ctx.notices.items]
    assert K.current().keys[Action.DRAW_REGULAR] == K.DEFAULT_KEYS[Action.DRAW_REGULAR]


def test_good_or_absent_controls_tell_nothing():
    assert Keymap.from_settings({}).reset_entries == 0
    assert Keymap.from_settings({"keys": {"draw_regular": ["q"]}}).reset_entries == 0


def test_a_damaged_entry_beside_a_good_one_keeps_the_good_one():
    km = Keymap.from_settings({"keys": {"draw_regular": ["q"], "discard": ["nope"], "traitor": 5}})
    assert km.keys[Action.DRAW_REGULAR] == (Key(pygame.K_q),)
    assert km.keys[Action.DISCARD] == K.DEFAULT_KEYS[Action.DISCARD]


def test_key_labels_are_in_the_players_language():
    from castellion.ui.text import set_language

    km = Keymap()
    try:
        set_language("es")
        assert km.label(Action.SKIP_ANIMATION) == "Espacio"
        set_language("ja")
        assert km.label(Action.FIRST_FACER) == "1 / テンキー1"
    finally:
        set_language("en")
    assert km.label(Action.ACTIVATE) == "Enter / " + t("keys.keypad_enter")
    assert km.label(Action.UNDO) == "Ctrl+Z"


# ------------------------------------------------------------------------------ the Controls page
def open_controls(app, ui):
    from castellion.scenes.controls import ControlsOverlay
    from castellion.scenes.overlays import SettingsOverlay

    ui.click(app, app.stack.top.settings.rect.center)
    settings = app.stack.top
    assert isinstance(settings, SettingsOverlay)
    ui.click(app, settings.controls.rect.center)
    page = app.stack.top
    assert isinstance(page, ControlsOverlay), app.stack.describe()
    return page


def test_a_remapped_key_survives_a_restart(make_app, ui, home):
    app = make_app()
    page = open_controls(app, ui)
    ui.click(app, page.rows[Action.DRAW_REGULAR].rect.center)
    assert page.capturing is Action.DRAW_REGULAR
    ui.press(app, pygame.K_q, "q")
    assert page.capturing is None and "Q" in page.message
    ui.click(app, page.rows[Action.RULES].rect.center)
    ui.press(app, pygame.K_F2)  # F1's action moves to F2 (the app did not open the rules on it)
    assert type(app.stack.top).__name__ == "ControlsOverlay"
    saved = json.loads((home / "settings.json").read_text())
    assert saved["controls"] == {"keys": {"draw_regular": ["q"], "rules": ["f2"]}}

    app = make_app()  # a restart
    assert K.action_for(key_event(pygame.K_q)) is Action.DRAW_REGULAR
    assert K.action_for(key_event(pygame.K_d)) is None
    ui.press(app, pygame.K_F1)
    assert type(app.stack.top).__name__ == "MenuScene"  # F1 does nothing now
    ui.press(app, pygame.K_F2, frames=2)
    assert type(app.stack.top).__name__ == "RulesOverlay"
    page = None
    app.stack.pop(app.stack.top)
    frames(app)
    page = open_controls(app, ui)
    assert page.rows[Action.DRAW_REGULAR].label == "Q"


def test_a_conflict_is_refused_with_a_message_naming_the_other_action(make_app, ui, home):
    app = make_app()
    page = open_controls(app, ui)
    ui.click(app, page.rows[Action.DISCARD].rect.center)
    ui.press(app, pygame.K_h, "h")
    assert page.message_bad and "Hint" in page.message and "H" in page.message
    assert K.action_for(key_event(pygame.K_x)) is Action.DISCARD
    assert K.action_for(key_event(pygame.K_h)) is Action.HINT
    assert not (home / "settings.json").exists() or "controls" not in json.loads(
        (home / "settings.json").read_text()) or not json.loads((home / "settings.json").read_text())["controls"]
    # F11 while waiting is the answer too (not fullscreen): refused, Fullscreen named
    ui.click(app, page.rows[Action.DISCARD].rect.center)
    ui.press(app, pygame.K_F11)
    assert "Fullscreen" in page.message and not app.ctx.settings.fullscreen


def test_esc_while_waiting_keeps_the_old_key_and_reset_restores_every_default(make_app, ui, home):
    app = make_app()
    page = open_controls(app, ui)
    ui.click(app, page.rows[Action.HINT].rect.center)
    ui.press(app, pygame.K_ESCAPE)
    assert page.capturing is None and type(app.stack.top).__name__ == "ControlsOverlay"
    assert K.current().keys[Action.HINT] == (Key(pygame.K_h),)
    ui.click(app, page.rows[Action.HINT].rect.center)
    ui.press(app, pygame.K_LCTRL)  # a modifier alone: still waiting
    assert page.capturing is Action.HINT
    ui.press(app, pygame.K_j, "j")
    assert K.action_for(key_event(pygame.K_j)) is Action.HINT
    ui.click(app, page.reset_button.rect.center)
    assert K.current().keys == K.DEFAULT_KEYS
    assert json.loads((home / "settings.json").read_text())["controls"] == {}
    assert page.rows[Action.HINT].label == "H"


def test_the_f1_hotkey_list_reads_the_same_table(ctx):
    from castellion.scenes.overlays import RulesOverlay

    km = Keymap()
    km.rebind(Action.DRAW_REGULAR, Key(pygame.K_q))
    km.rebind(Action.RULES, Key(pygame.K_F2))
    K.set_current(km)
    page = RulesOverlay(ctx, topic="goal")
    shown: list = []
    set_blocks = page.text.set_blocks
    page.text.set_blocks = lambda blocks: (shown.extend(blocks), set_blocks(blocks))
    page.show("hotkeys")  # what F1's page shows (the topic the rules overlay lists last)
    rows = [row for kind, row in shown if kind == "key"]
    assert ("Q / S", t("rules.hotkeys.draw")) in rows  # the catalog's meaning, its key rebound
    assert ("F2", t("rules.hotkeys.rules")) in rows
    assert not any(keys.startswith(("D ", "F1 ")) or keys in ("D", "F1") for keys, _meaning in rows)
    # the actions the table's rows leave out are listed with their Controls label
    assert ("H", t("controls.action.hint")) in rows
    assert ("V", t("controls.action.vigil")) in rows


def test_the_dropped_count_is_kept_beside_the_key_bindings_and_old_files_still_load(tmp_path):
    """The settings keep only the bindings under "controls"; how many entries they had to drop is
    `Settings.controls_dropped`, never written. A file whose controls hold a count inside (as an
    older program could write) loads: its bindings are kept, the old count is not a binding."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"format": 1, "controls": {"keys": {"draw_regular": ["q"], "discard": 5},
                                                          "pad": "nonsense"}}))
    settings = load_settings(path)
    assert settings.controls == {"keys": {"draw_regular": ["q"]}} and settings.controls_dropped == 2
    assert "controls_dropped" not in settings.to_dict()
    assert Keymap.from_settings(settings.controls, settings.controls_dropped).reset_entries == 2
    path.write_text(json.dumps({"format": 1, "controls": {"keys": {"draw_regular": ["q"]},
                                                          "dropped": {"entries": ["3"]}}}))
    old = load_settings(path)
    assert old.controls == {"keys": {"draw_regular": ["q"]}} and old.controls_dropped == 0
    km = Keymap.from_settings(old.controls, old.controls_dropped)
    assert km.keys[Action.DRAW_REGULAR] == (Key(pygame.K_q),) and km.reset_entries == 0
