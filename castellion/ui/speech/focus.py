"""Focus, spoken: a screen's name when it opens, then each control the keyboard (or a pad's
d-pad) moves to — "Sound, on, 5 of 9" — and a control's new state when it changes.

`FocusWatcher.update(scene, title)` is called once per frame by the program with the top
scene and how to word its name (`title()`, asked only when the screen is new: a screen's name
can take work to say, the hand-over's does); it reads what the scene shows (its `widgets`, a
`WidgetGroup`, or a scene's own
`spoken_focus()` — the board's cursor, answered by its `reader`) and speaks only what changed;
then a scene's news (`spoken_news()`: the board's new line of what to do), queued. A scene's
own answers are asked of its `reader` when that has them (the board's `BoardReader`), else of
the scene itself (`spoken`). A new screen's name is queued
after what is being said (the events that opened it are heard to the end); a focus that moves
cuts what is being said. Pure reading: it never changes a widget.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from castellion.ui.speech.speaker import Speech
from castellion.ui.switches import Choice, Toggle
from castellion.ui.text import t
from castellion.ui.text_field import TextField
from castellion.ui.widgets import Button, Widget, WidgetGroup


def widget_words(widget: Widget) -> str:
    """A control and its state: "Sound, on", "Normal, selected", "Seed: 1234"."""
    if isinstance(widget, Toggle):
        state = t("speech.focus.on") if widget.value else t("speech.focus.off")
        return t("speech.focus.toggle", label=widget.label, state=state)
    if isinstance(widget, Choice):
        labels = [o.label for o in widget.options]
        values = [o.value for o in widget.options]
        index = values.index(widget.value) if widget.value in values else 0
        chosen = labels[index] if labels else ""
        if widget.label:  # what it chooses first: "Window size: Fit, selected, …"
            return t("speech.focus.named_choice", label=widget.label, value=chosen, n=index + 1, count=len(labels))
        return t("speech.focus.choice", value=chosen, n=index + 1, count=len(labels))
    if isinstance(widget, TextField):
        text = widget.text or t("speech.focus.empty")
        name = widget.label or widget.placeholder  # its caption; else the words shown in it when empty
        if not name:
            return t("speech.focus.field_plain", text=text)
        return t("speech.focus.field", name=name, text=text)
    if isinstance(widget, Button):
        words = widget.spoken or (widget.label if not widget.note else t("speech.focus.note", label=widget.label,
                                                                          note=widget.note))
        return words if widget.enabled else t("speech.focus.disabled", label=words)
    name = str(getattr(widget, "name", "") or getattr(widget, "label", ""))
    if getattr(widget, "selected", False):
        return t("speech.focus.selected", label=name)
    return name


def focus_words(group: WidgetGroup) -> str:
    """The focused control, its state and its place: "Sound, on, 5 of 9" ("" when none)."""
    focused = group.focused
    items = group.focusables()
    if focused is None or focused not in items:
        return ""
    return t("speech.focus.position", text=widget_words(focused), n=items.index(focused) + 1, count=len(items))


def spoken(scene: Any, name: str) -> Any:
    """The scene's own spoken answer `name` ("spoken_title", "spoken_focus", "spoken_news",
    "spoken_where"): its reader's (the board's `BoardReader`), else its own; None without one."""
    for source in (getattr(scene, "reader", None), scene):
        own = getattr(source, name, None)
        if callable(own):
            return own
    return None


def scene_focus(scene: Any) -> str:
    """What has the focus on `scene`: its own answer (`spoken_focus()`), else its widgets'."""
    own = spoken(scene, "spoken_focus")
    if callable(own):
        return str(own())
    group = getattr(scene, "widgets", None)
    return focus_words(group) if isinstance(group, WidgetGroup) else ""


class FocusWatcher:
    """Speaks a new screen and every change of focus (see the module docstring)."""

    def __init__(self, speech: Speech) -> None:
        self.speech = speech
        self._scene: int | None = None
        self._focus = ""

    def update(self, scene: Any, title: Callable[[], str]) -> None:
        if scene is None:
            return
        focus = scene_focus(scene)
        if id(scene) != self._scene:
            self._scene, self._focus = id(scene), focus
            for line in (title(), focus):
                self.speech.say(line, interrupt=False)
        elif focus != self._focus:
            self._focus = focus
            if focus:
                self.speech.say(focus)
        news = spoken(scene, "spoken_news")
        for line in (news() if callable(news) else ()):
            self.speech.say(str(line), interrupt=False)

    def where(self, scene: Any, title: str) -> None:
        """Say again where the player is: the screen, then the focus (the "where am I" key); a
        scene that knows better says it itself (`spoken_where()`: the board's line of what to do
        and the cursor, read afresh)."""
        own = spoken(scene, "spoken_where")
        lines = list(own()) if callable(own) else [title, scene_focus(scene)]
        self.speech.say_lines([line for line in lines if line])
