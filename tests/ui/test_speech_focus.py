"""Focus, spoken (castellion/ui/speech/focus.py): every screen's focus order walked with Tab on the
real program; each control is announced once per round, with its state and its place ("3 of 7").

The lines are read back with patterns made from the catalog's own sentences, so a rewording of
the catalog changes nothing here."""

from __future__ import annotations

import pygame
import pytest

from castellion.context import speech_keys
from castellion.rules import new_game
from castellion.rules.bots import play_out
from castellion.scenes.nav import Route
from castellion.session import Session
from castellion.ui.speech import RecordingEngine
from castellion.ui.speech.focus import widget_words
from castellion.ui.switches import Choice, Toggle
from castellion.ui.text import t
from castellion.ui.text_field import TextField
from tests.conftest import frames, press
from tests.spoken_player import ANY, NUM, heard


def finished_game():
    return play_out(new_game("intro", seed=4), 4)


# every screen with a focus order, and what its route's factory takes
SCREENS = {
    Route.MENU: lambda: (),
    Route.SETUP: lambda: (),
    Route.SETTINGS: lambda: (),
    Route.CONTROLS: lambda: (),
    Route.SAVES: lambda: (),
    Route.STATS: lambda: (),
    Route.DAILY: lambda: (),
    Route.ACHIEVEMENTS: lambda: (),
    Route.PAUSE: lambda: (),
    Route.RULES: lambda: (),
    Route.CONFIRM: lambda: (t("menu.quit"), t("menu.quit")),
    Route.END: lambda: (finished_game(),),
    Route.SAVE_GAME: lambda: (Session(new_game("intro", seed=2)),),
    Route.ERROR: lambda: (ValueError("a fault made up by the test"),),
}


def listening_app(make_app):
    app = make_app()
    recorder = RecordingEngine()
    app.ctx.speech.use(recorder)
    app.ctx.change_settings(speech=True)
    frames(app, 2)
    return app, recorder


@pytest.mark.parametrize("route", list(SCREENS), ids=lambda r: r.value)
def test_tab_announces_every_control_once_with_its_state_and_place(make_app, route):
    app, recorder = listening_app(make_app)
    opened = len(recorder.lines)
    app.ctx.nav.push(route, *SCREENS[route]())
    frames(app, 3)
    scene = app.stack.top
    assert scene.route is route
    title = t(f"speech.screen.{route.value}")
    assert sum(line.startswith(title) for line in recorder.lines[opened:]) == 1  # named once as it opens
    items = scene.widgets.focusables()
    before = len(recorder.lines)
    for _ in range(len(items)):
        press(app, pygame.K_TAB)
    said = recorder.lines[before:]
    position = heard("speech.focus.position", text=ANY, n=NUM, count=NUM)
    found = [position.match(line) for line in said]
    assert all(found) and len(found) == len(items), said
    assert sorted(int(m["n"]) for m in found) == list(range(1, len(items) + 1))  # each once
    for m in found:
        widget = items[int(m["n"]) - 1]
        assert int(m["count"]) == len(items)
        assert m["text"] == widget_words(widget)
        if isinstance(widget, Toggle):  # its state is said, on or off
            assert m["text"].endswith(t("speech.focus.on" if widget.value else "speech.focus.off"))
        if isinstance(widget, Choice):  # the chosen option is said (after what it chooses, if named)
            chosen = next(o.label for o in widget.options if o.value == widget.value)
            assert m["text"].startswith(f"{widget.label}: {chosen}" if widget.label else chosen)


def test_a_toggle_pressed_says_its_new_state(make_app):
    app, recorder = listening_app(make_app)
    app.ctx.nav.push(Route.SETTINGS)
    frames(app, 3)
    scene = app.stack.top
    scene.widgets.focus(scene.sound)
    frames(app)
    was = app.ctx.settings.sound
    press(app, pygame.K_RETURN)
    assert app.ctx.settings.sound is not was
    state = t("speech.focus.on" if not was else "speech.focus.off")
    assert recorder.lines[-1].startswith(t("speech.focus.toggle", label=t("settings.sound"), state=state))


def test_the_arrows_move_the_focus_and_say_it(make_app):
    app, recorder = listening_app(make_app)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    position = heard("speech.focus.position", text=ANY, n=NUM, count=NUM)
    assert [int(position.match(line)["n"]) for line in recorder.lines[-2:]] == [1, 2]
    assert recorder.lines[-2].startswith(t("menu.new_game"))


def test_f3_says_the_screen_and_the_focus_again(make_app):
    app, recorder = listening_app(make_app)
    press(app, pygame.K_TAB)
    focus = recorder.lines[-1]
    press(app, pygame.K_F3)
    assert recorder.lines[-2:] == [t("speech.screen.menu"), focus]


def test_speech_off_says_nothing(make_app):
    app = make_app()
    recorder = RecordingEngine()
    app.ctx.speech.use(recorder)
    press(app, pygame.K_TAB)
    app.ctx.nav.push(Route.SETTINGS)
    frames(app, 3)
    assert recorder.lines == []
    press(app, pygame.K_F4)  # the hotkey turns it on, and says so
    assert app.ctx.settings.speech
    assert t("speech.on", **speech_keys()) in recorder.lines  # (then the screen it had not said yet)


def test_the_daily_calendar_says_the_ringed_day(make_app):
    app, recorder = listening_app(make_app)
    app.ctx.nav.push(Route.DAILY)
    frames(app, 3)
    scene = app.stack.top
    press(app, pygame.K_UP)  # a day back
    state = next(s for _rect, day, s in scene.cells() if day == scene.focus_day)
    assert state == "missed" and scene.focus_day < app.ctx.today()
    assert recorder.lines[-1].startswith(scene.focus_day.isoformat())
    assert recorder.lines[-1].endswith(t("speech.daily.missed"))


def test_the_tutorials_coach_speaks_each_step(make_app):
    from castellion.content.tutorial import SCHOOL

    app, recorder = listening_app(make_app)
    app.ctx.nav.push(Route.TUTORIAL, start="school")
    frames(app, 6)
    first = t(SCHOOL.text_key(0))
    assert sum(line.startswith(first) for line in recorder.lines) == 1
    press(app, pygame.K_RETURN, frames=4)  # Next
    second = t(SCHOOL.text_key(1))
    assert sum(line.startswith(second) for line in recorder.lines) == 1


# every screen with a text field, and the caption each field is read with
FIELDS = {
    Route.SETUP: lambda: [t("setup.player_n", n=1), t("setup.player_n", n=2), t("setup.seed")],
    Route.SAVE_GAME: lambda: [t("saves.name")],
    Route.DEAL_CODE: lambda: [t("dealcode.field")],
}


@pytest.mark.parametrize("route", list(FIELDS), ids=lambda r: r.value)
def test_a_text_field_is_read_with_its_caption(make_app, route):
    app, recorder = listening_app(make_app)
    app.ctx.nav.push(route, *SCREENS.get(route, lambda: ())())
    frames(app, 3)
    scene = app.stack.top
    fields = [w for w in scene.widgets.widgets if isinstance(w, TextField)]
    assert [f.label for f in fields] == FIELDS[route]()
    field = fields[-1]  # the seed on Setup
    scene.widgets.focus(field)
    frames(app)
    items = scene.widgets.focusables()
    words = t("speech.focus.field", name=FIELDS[route]()[-1], text=field.text or t("speech.focus.empty"))
    assert recorder.lines[-1] == t("speech.focus.position", text=words, n=items.index(field) + 1, count=len(items))


def test_the_help_page_reads_its_topic_with_the_pads_reading_buttons(make_app):
    from castellion.ui.devices import pad_label
    from castellion.ui.keymap import Action

    app, recorder = listening_app(make_app)
    opened = len(recorder.lines)
    app.ctx.nav.push(Route.RULES, topic="hotkeys")
    frames(app, 3)
    said = recorder.lines[opened:]
    for action in (Action.SAY_OPTIONS, Action.SAY_ROW, Action.SAY_ORDEALS, Action.SAY_WHERE):
        assert f"{pad_label(action)} \u2014 {action.label}" in said


def test_a_key_on_controls_is_said_with_its_action_and_the_pads_buttons(make_app):
    from castellion.ui.devices import pad_label
    from castellion.ui.keymap import Action

    app, recorder = listening_app(make_app)
    app.ctx.nav.push(Route.CONTROLS)
    frames(app, 3)
    scene = app.stack.top
    for action, words in ((Action.SAY_OPTIONS, t("speech.controls.row_pad", action=Action.SAY_OPTIONS.label, keys="A",
                                                 pad=t("controls.pad", buttons=pad_label(Action.SAY_OPTIONS)))),
                          (Action.FULLSCREEN, t("speech.controls.row", action=Action.FULLSCREEN.label, keys="F11"))):
        button = scene.rows[action]
        scene.widgets.focus(button)
        frames(app)
        items = scene.widgets.focusables()
        assert recorder.lines[-1] == t("speech.focus.position", text=words, n=items.index(button) + 1,
                                       count=len(items))
