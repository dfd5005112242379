"""The settings screens laid out from a table (castellion/ui/settings_table.py; issue 33,
item 3): a new boolean setting is its field, one row and its words — nothing else — and it is on
the Settings screen, reached by the keyboard, saved and restored; rows that do not fit scroll."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from castellion.scenes.nav import Route
from castellion.ui.settings_table import ROWS, SWITCH, rows_of
from tests.layout_words import make_surface, row_in_part, rows_scroll_into_view
from tests.project.test_layout_words import show
from tests.xvfb_helpers import HANG_GUARD

ROOT = Path(__file__).resolve().parents[2]

# what the player's program does in the scratch copy: open Settings, Tab to the new switch (it
# does not fit: the rows scroll to it), draw it, press Enter; then a new start
CHILD = r"""
import json, os, random, sys
import pygame
from castellion.app import App
from castellion.scenes.nav import Route
from castellion.ui.fonts import Fonts
from castellion.ui.text import t

class Clock:
    now = 0.0
    def __call__(self):
        return self.now

def step(app, clock, n=2):
    for _ in range(n):
        clock.now += 1 / 60
        app.step(1 / 60)

def key(k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, unicode="", mod=0, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, unicode="", mod=0, scancode=0))

drawn = []
real = Fonts.render
Fonts.render = lambda fonts, words, *a, **k: (drawn.append(words), real(fonts, words, *a, **k))[1]
clock = Clock()
app = App(rng=random.Random(1), now=clock)
step(app, clock)
app.ctx.nav.push(Route.SETTINGS)
step(app, clock, 3)
scene = app.stack.top
label = t("settings.calm_mode")
switch = next(w for w in scene.widgets.widgets if getattr(w, "label", None) == label)
out = {"hidden_at_first": not switch.visible, "scrolls": scene.flow.most() > 0}
for _ in range(len(scene.widgets.focusables())):
    if scene.widgets.focused is switch:
        break
    key(pygame.K_TAB)
    step(app, clock)
step(app, clock)
out["focused"] = scene.widgets.focused is switch
out["shown"] = switch.visible and scene.flow.room.contains(switch.rect)
del drawn[:]
scene.draw(pygame.Surface(app.ctx.canvas))
out["drawn"] = label in drawn
key(pygame.K_RETURN)
step(app, clock, 3)
out["on"] = app.ctx.settings.calm_mode
out["saved"] = json.loads(open(os.path.join(os.environ["CASTELLION_HOME"], "settings.json"), encoding="utf-8")
                          .read()).get("calm_mode")
app.close()
app = App(rng=random.Random(1), now=clock)
step(app, clock)
out["restored"] = app.ctx.settings.calm_mode
app.ctx.nav.push(Route.SETTINGS)
step(app, clock, 3)
out["shown_on"] = next(w for w in app.stack.top.widgets.widgets if getattr(w, "label", None) == label).value
app.close()
print(json.dumps(out))
"""


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_new_boolean_setting_is_its_field_one_row_and_its_words(tmp_path):
    """The done-when of issue 33 for settings, in a scratch copy of the program: the field, the
    row, the words in en/es/ja (compiled) — and the switch is on the Settings screen, scrolled to
    by Tab, drawn, toggled, saved in settings.json and restored at the next start."""
    src = tmp_path / "src"
    shutil.copytree(ROOT / "castellion", src / "castellion", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "locale", src / "locale")
    shutil.copy(ROOT / "pyproject.toml", src / "pyproject.toml")  # (a checkout: its data beside it)
    (src / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "i18n.py", src / "scripts" / "i18n.py")
    for name in ("assets", "levels"):
        (src / name).symlink_to(ROOT / name, target_is_directory=True)
    # 1. its field (the file's check comes from the declaration)
    _edit(src / "castellion" / "persistence" / "settings.py", "    win_meter: bool = False",
          "    calm_mode: bool = False\n    win_meter: bool = False")
    # 2. its row
    _edit(src / "castellion" / "ui" / "settings_table.py", "    # the spoken game (",
          '    Row("calm_mode", SWITCH, "settings.calm_mode", column=1),\n    # the spoken game (')
    # 3. its words, in each language, compiled
    for lang, words in (("en", "Calm mode"), ("es", "Modo tranquilo"), ("ja", "おだやかモード")):
        po = src / "locale" / lang / "LC_MESSAGES" / "castellion.po"
        comment = "" if lang == "en" else "#. en: Calm mode\n"
        po.write_text(po.read_text(encoding="utf-8").rstrip("\n")
                      + f'\n\n{comment}msgid "settings.calm_mode"\nmsgstr "{words}"\n', encoding="utf-8")
    subprocess.run([sys.executable, "scripts/i18n.py", "compile"], cwd=src, check=True, capture_output=True,
                   timeout=HANG_GUARD)
    env = dict(os.environ, PYTHONPATH=str(src), CASTELLION_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", CASTELLION_SPEECH="none", PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run([sys.executable, "-c", CHILD], cwd=src, env=env, capture_output=True, text=True,
                          timeout=HANG_GUARD)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out == {"hidden_at_first": True, "scrolls": True, "focused": True, "shown": True, "drawn": True,
                   "on": True, "saved": True, "restored": True, "shown_on": True}


# --- in the program as it is ----------------------------------------------------------------
def test_every_row_is_a_settings_field_with_its_words(ctx):
    from dataclasses import fields

    from castellion.persistence.settings import Settings
    from castellion.ui import text

    names = {f.name for f in fields(Settings)} | {"animations"}  # (a property: speed "off" or not)
    assert {row.field for row in ROWS} <= names
    assert all(text.has(row.words) and (not row.note or text.has(row.note)) for row in ROWS)
    assert len({row.field for row in ROWS}) == len(ROWS)


def test_the_focus_follows_the_table(ctx):
    settings = ctx.nav.make(Route.SETTINGS)
    order = [w for w in settings.widgets.focusables() if w in settings.widgets.rows]
    assert order == [settings.row_controls[row.field] for row in rows_of("settings")]
    page = ctx.nav.make(Route.ACCESSIBILITY)
    access = rows_of("access")
    assert page.widgets.focusables()[:len(access)] == [page.row_controls[row.field] for row in access]


def test_a_choice_is_spoken_with_the_name_of_its_row(ctx):
    """A blind player hears what a choice chooses ("Animation speed: Normal, …"), not only the
    option: the row's words go with its control."""
    from castellion.ui import text
    from castellion.ui.speech.focus import widget_words

    settings = ctx.nav.make(Route.SETTINGS)
    for row in rows_of("settings"):
        said = widget_words(settings.row_controls[row.field])
        assert said.startswith(row.label()), (row.field, said)
    from castellion.ui.language import switch

    ctx.stack.reset(settings)  # open: a language switch relabels it in place
    ctx.stack.apply_pending()
    try:
        switch(ctx, "es")
        assert widget_words(settings.speed).startswith(text.t("settings.animation_speed") + ":")
        assert text.t("settings.animation_speed") != "Animation speed"
    finally:
        switch(ctx, "en")


def test_at_200_percent_the_rows_grow_and_scroll_and_the_focus_brings_each_into_view(large_text):
    ctx = large_text
    settings = ctx.nav.make(Route.SETTINGS)
    settings.update(1 / 60)
    assert settings.sound.rect.h > 52  # grown with its words
    rows_scroll_into_view(settings)


def test_a_row_registered_at_run_time_is_laid_out_and_focused(ctx, monkeypatch):
    """The table is data: a row added to it (here the stored but unshown `speech_offered`) is a
    switch on the screen with the others, in the focus order, and changes its setting."""
    from castellion.ui import settings_table

    row = settings_table.Row("speech_offered", SWITCH, "settings.sound", column=0)
    monkeypatch.setattr(settings_table, "ROWS", [*settings_table.ROWS, row])
    settings = ctx.nav.make(Route.SETTINGS)
    switch = settings.row_controls["speech_offered"]
    assert switch in settings.widgets.focusables() and settings.flow.tops["speech_offered"] > 0
    settings.widgets.focus(switch)
    settings.update(1 / 60)
    assert switch.visible
    was = ctx.settings.speech_offered
    switch.activate()
    assert ctx.settings.speech_offered is not was



def bare_bands(ctx, monkeypatch, flow) -> list[tuple[int, int]]:
    """Each column's bare band at the room's bottom, in px: (as it was, with the rows in part left
    out; now) — from under the last thing drawn to the room's bottom edge."""
    from castellion.ui.canvas import physical
    from castellion.ui.flow import Flow

    def picture():
        surface = make_surface(1.0)
        ctx.stack.draw(surface)
        return physical(surface)

    now = picture()
    with monkeypatch.context() as m:
        m.setattr(Flow, "in_part", lambda self, key: False)
        then = picture()
    out = []
    for column, (x, w) in enumerate(flow.columns):
        whole = [flow.extent(k).bottom for k in flow.keys if flow.column(k) == column and flow.shows(k)]
        start = max(whole, default=flow.room.y)
        drawn = [y for y in range(start, flow.room.bottom)
                 if any(now.get_at((px, y)) != then.get_at((px, y)) for px in range(x, x + w, 2))]
        out.append((flow.room.bottom - start, flow.room.bottom - max(drawn, default=start - 1) - 1))
    return out


@pytest.mark.parametrize(("name", "lang", "columns"), [("settings", "es", 2), ("settings", "ja", 2),
                                                       ("accessibility", "en", 1)])
def test_a_row_in_part_in_view_is_drawn_clipped_and_answers_no_click_outside_the_room(ctx, monkeypatch, name,
                                                                                      lang, columns):
    """At 200 % the row under the last whole one in each column was left out until the focus or the
    wheel reached it: Spanish Settings showed about 320 px of empty page under "Pantalla completa
    (F11)", Japanese Accessibility about 50 px under the effects' sound levels. That row is drawn
    clipped to the room, only its whole lines of words; its control stays hidden, so a click on its
    part cut off below the room does nothing, and a click on its part in view scrolls it into view."""
    show(ctx, monkeypatch, name, lang, 1.0, 200)
    page = ctx.stack.top
    flow = page.flow
    keys = [row_in_part(ctx, flow, monkeypatch, lang, column, share=20) for column in range(columns)]
    bands = bare_bands(ctx, monkeypatch, flow)
    assert all(after < before // 2 for before, after in bands), ("bare band (before, after) px", bands)
    for key in keys:
        assert flow.extent(key).bottom > flow.room.bottom + 2  # cut by the room's bottom edge
        assert not page.row_controls[key].visible
    before, offset = json.dumps(vars(ctx.settings), default=str, sort_keys=True), flow.offset
    for key in keys:  # just under the room (above the buttons under it), on the row's cut-off part
        page.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(flow.extent(key).centerx,
                                                                              flow.room.bottom + 2)))
        page.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(flow.extent(key).centerx,
                                                                            flow.room.bottom + 2)))
        page.update(1 / 60)
    assert (json.dumps(vars(ctx.settings), default=str, sort_keys=True), flow.offset) == (before, offset)
    key = keys[0]
    at = flow.extent(key).clip(flow.room).center
    page.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at))
    assert flow.shows(key) and page.row_controls[key].visible
    assert json.dumps(vars(ctx.settings), default=str, sort_keys=True) == before  # scrolled, not changed
