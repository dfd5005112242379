"""Which language the game speaks, and switching it while the game runs.

The choice, strongest first: `--lang` on the command line, the player's setting
(`settings.language`), the system's language (`ui.text.system_language`), English.

`switch(ctx, code)` changes the language at once: every text made per frame (banners, panels,
titles) follows on the next frame, and the labels widgets were built with (buttons, switches,
choices) are translated in place by `relabel`, which maps each label back to its message id in
the old language and forward to the new one — so no screen needs rebuilding and no game is lost.
A label made with fields ("Level 3") has no single id; it follows when its screen is next built
(those whose only fields name keys, "Fullscreen (F11)", are found with the keys filled in).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from string import Formatter
from typing import Any, Protocol

from castellion.persistence.settings import Settings
from castellion.ui import text

LABEL_ATTRIBUTES = ("label", "note", "placeholder", "title")


class _Screens(Protocol):
    @property
    def scenes(self) -> Sequence[object]: ...


class LanguageHost(Protocol):
    """What `switch` needs of the program (the scenes' context): the open screens, the settings
    and the one way to change them (saved with the rest)."""

    @property
    def stack(self) -> _Screens | None: ...

    @property
    def settings(self) -> Settings: ...

    def change_settings(self, **changes: Any) -> bool: ...


def choose(settings: Settings | None = None, cli: str | None = None) -> str:
    """The language to start in (see the module docstring)."""
    for candidate in (cli, settings.language if settings is not None else None):
        found = text.normalise(candidate)
        if found:
            return found
    return text.system_language()


def _reverse_table(code: str) -> dict[str, list[str]]:
    """Text -> the message ids of `code` that read so: the fixed (field-free) messages, and those
    whose only fields name keys ("Fullscreen ({fullscreen})", filled by `devices.prompts`: the
    label stayed in the old language). One text may be several ids ("Normal": the
    animation speed, the setup's variant…): `relabel` picks by the widget's neighbours."""
    from castellion.ui.devices import prompts

    previous = text.language()
    table: dict[str, list[str]] = {}
    try:
        text.set_language(code)
        fields = prompts()
        for key in text.keys():
            if text.has(key):
                words = text.t(key)
                if "{" in words:
                    if not _only_key_fields(words, fields):
                        continue  # "Level {n}": no single text to find (and formatting it would log)
                    words = text.t(key, **fields)
                table.setdefault(words, []).append(key)
    finally:
        text.set_language(previous)
    return table


def _only_key_fields(words: str, fields: dict[str, str]) -> bool:
    """Whether every field of `words` is one of the key names `fields` fills in."""
    try:
        names = {name for _, name, _, _ in Formatter().parse(words) if name is not None}
    except ValueError:
        return False
    return names <= fields.keys()


def _family(key: str) -> str:
    return key.rsplit(".", 1)[0]


def _pick(keys: list[str], families: set[str]) -> str:
    """The id among `keys` of the family its neighbours' ids belong to (a Choice's other
    options: "Slow", "Fast" → settings.speed.*), else the first."""
    return next((k for k in keys if _family(k) in families), keys[0])


def _widgets_of(value: Any, depth: int = 0) -> Iterator[Any]:
    """The objects with labels inside `value`: widgets, their groups, dicts / lists of them, and
    a Choice's options."""
    if depth > 3 or value is None or isinstance(value, str | int | float | bool):
        return
    if isinstance(value, dict):
        for item in value.values():
            yield from _widgets_of(item, depth + 1)
        return
    if isinstance(value, list | tuple):
        for item in value:
            yield from _widgets_of(item, depth + 1)
        return
    if hasattr(value, "widgets") and isinstance(value.widgets, list):  # a WidgetGroup
        yield from _widgets_of(value.widgets, depth + 1)
        return
    labelled = any(isinstance(getattr(value, a, None), str) for a in LABEL_ATTRIBUTES)
    if (labelled or isinstance(getattr(value, "options", None), list)) and hasattr(value, "rect") \
            or type(value).__name__ == "Option":
        yield value
        yield from getattr(value, "options", None) or ()


def relabel(scenes: Iterable[Any], old: str, new: str) -> int:
    """Translate in place the labels of every widget the `scenes` hold, from `old` to `new`
    (the current language is left as `new`). Answers how many labels changed."""
    from castellion.ui.devices import prompts

    reverse = _reverse_table(old)
    text.set_language(new)
    fields = prompts()
    changed = 0
    seen: set[int] = set()
    for scene in scenes:
        for value in list(vars(scene).values()):
            for widget in _widgets_of(value):
                if id(widget) in seen:
                    continue
                seen.add(id(widget))
                # the families of the unambiguous ids of a Choice's options, to pick by
                options = getattr(widget, "options", None) or ()
                families = {_family(keys[0]) for o in options
                            if len(keys := reverse.get(getattr(o, "label", None) or "", [])) == 1}
                for option in options:
                    seen.add(id(option))
                    changed += _relabel_one(option, reverse, families, fields)
                changed += _relabel_one(widget, reverse, set(), fields)
    return changed


def _relabel_one(widget: Any, reverse: dict[str, list[str]], families: set[str], fields: dict[str, str]) -> int:
    changed = 0
    for attr in LABEL_ATTRIBUTES:
        words = getattr(widget, attr, None)
        keys = reverse.get(words) if isinstance(words, str) and words else None
        if keys:
            setattr(widget, attr, text.t(_pick(keys, families), **fields))
            changed += 1
    return changed


def switch(ctx: LanguageHost, code: str) -> str:
    """Speak `code` from now on: the labels on every open screen change, and the choice is kept
    in the settings (saved with them)."""
    new = text.normalise(code) or text.DEFAULT
    old = text.language()
    if new != old:
        stack = ctx.stack
        relabel(list(stack.scenes) if stack is not None else [], old, new)
    text.set_language(new)
    if ctx.settings.language != new:
        ctx.change_settings(language=new)
    return new


def self_check(fonts: Any = None) -> str:
    """For `castellion --self-test`: every shipped language's catalog loads and is complete (as
    many messages as English, a sample translated), Babel formats in each, and — given `fonts`
    (a ui.fonts.Fonts) — the CJK subset is found and draws every character of the Japanese
    catalog. Raises with what is wrong; answers a one-line summary."""
    previous = text.language()
    problems: list[str] = []
    counts = {}
    try:
        english = set(text.keys())
        for code in text.LANGUAGES:
            text.set_language(code)
            catalog = text._catalog(code)  # noqa: SLF001 - the self-test inspects the loaded file
            ids = {k[0] if isinstance(k, tuple) else k for k in getattr(catalog, "_catalog", {}) if k}
            counts[code] = len(ids)
            if ids != english:
                problems.append(f"{code}: {len(english ^ ids)} messages differ from English")
            if code != "en" and text.t("menu.new_game") == "New game":
                problems.append(f"{code}: not translated")
            if not text.number(1234.5) or not text.date_time(__import__("datetime").datetime(2025, 1, 2, 3, 4)):
                problems.append(f"{code}: Babel cannot format")
        if fonts is not None:
            text.set_language("ja")
            font = fonts.get("body", 20)
            if not str(fonts._font_paths.get(id(font), "")).endswith("cjk.otf"):  # noqa: SLF001 - the self-test inspects the loaded file
                problems.append("the CJK font subset assets/fonts/cjk.otf is missing")
            else:
                words = "".join(sorted({c for k in text.keys() for c in text.t(k)}))
                missing = fonts.missing_glyphs(font, words)
                if missing:
                    problems.append(f"cjk.otf lacks {len(missing)} characters of the ja catalog: {missing[:20]}")
    finally:
        text.set_language(previous)
    if problems:
        raise LookupError("; ".join(problems))
    return ", ".join(f"{code} {n}" for code, n in counts.items())
