"""Switching the language with screens open (issue 31, item 7: labels left in the old language,
or translated from the wrong message)."""

from __future__ import annotations

from castellion.scenes.nav import Route
from castellion.ui import text
from castellion.ui.devices import prompts
from castellion.ui.language import switch


def _open(ctx, *routes):
    ctx.stack.reset(*(ctx.nav.make(r) for r in routes))
    ctx.stack.apply_pending()
    return ctx.stack.scenes[-1]


def test_a_label_with_a_key_in_it_follows_the_switch(ctx):
    """Settings → Language: "Fullscreen (F11)" stayed English (its {fullscreen} field hid it from
    the table of fixed messages)."""
    settings = _open(ctx, Route.MENU, Route.SETTINGS)
    assert settings.fullscreen.label == "Fullscreen (F11)"
    switch(ctx, "es")
    assert settings.fullscreen.label == text.t("settings.fullscreen", **prompts()) != "Fullscreen (F11)"
    switch(ctx, "ja")
    assert settings.fullscreen.label == "全画面 (F11)"


def test_a_word_of_two_messages_is_translated_from_its_own(ctx):
    """"Normal" is the animation speed and the setup's variant: the Settings' speed read 通常
    (the variant's word) after a switch, and 普通 when reopened. Each follows its own message."""
    settings = _open(ctx, Route.MENU, Route.SETTINGS)
    switch(ctx, "ja")
    speeds = [text.t(f"settings.speed.{v}") for v in ("slow", "normal", "fast")]
    assert [o.label for o in settings.speed.options] == speeds
    reopened = _open(ctx, Route.MENU, Route.SETTINGS)
    assert [o.label for o in reopened.speed.options] == [o.label for o in settings.speed.options]
    switch(ctx, "en")
    setup = _open(ctx, Route.MENU, Route.SETUP)
    switch(ctx, "ja")
    assert [o.label for o in setup.difficulty.options] == [text.t(k) for k in ("setup.easier", "setup.normal",
                                                                               "setup.harder")]


def test_a_switch_logs_no_formatting_warnings(ctx, caplog):
    """Finding the labels' ids formatted every message with fields with the key names only, and
    each one with other fields ("Step {step} of {total}") wrote a warning to the player's log:
    hundreds per switch. Only the messages whose fields are all key names are filled in."""
    _open(ctx, Route.MENU, Route.SETTINGS)
    with caplog.at_level("WARNING"):
        switch(ctx, "es")
        switch(ctx, "ja")
    assert not [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
