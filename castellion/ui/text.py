"""Every player-visible string goes through `t("key", **fmt)`.

The English table is the dict `STRINGS` in `castellion/ui/strings_en.py`. Keys are dotted and start
with the scene or widget that owns them (`menu.new_game`, `setup.seed`, `board.draw_regular`), so a
new scene adds its keys in its own block of that file — or, from its own module,
`register({"board.foo": "…"})` (a key may not be registered twice with different text).

A missing key never crashes: it is logged once and shown as the key itself, which is easy to
spot on screen and in tests. `str.format` fields (`{seed}`) are filled from `**fmt`; a missing field
is logged and the unformatted text is shown.

Counts with a noun use `tn("key", n)`, which picks `key.one` / `key.other` (and `key.zero` when the
table has it): "1 Tower", "3 Towers" — never "1 tiles" or "tile(s)".
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)

_tables: dict[str, dict[str, str]] = {}
_language = "en"
_reported: set[str] = set()


def _table(language: str) -> dict[str, str]:
    table = _tables.get(language)
    if table is None:
        if language == "en":
            from castellion.ui.strings_en import STRINGS

            table = dict(STRINGS)
        else:  # pragma: no cover - no other language yet
            table = {}
        _tables[language] = table
    return table


def t(key: str, **fmt: object) -> str:
    """The player-visible text for `key` in the current language, formatted with `fmt`."""
    text = _table(_language).get(key)
    if text is None and _language != "en":
        text = _table("en").get(key)
    if text is None:
        if key not in _reported:
            _reported.add(key)
            log.warning("missing string %r", key)
        return key
    if not fmt:
        return text
    try:
        return text.format(**fmt)
    except (KeyError, IndexError, ValueError) as exc:
        log.warning("string %r could not be formatted with %r: %s", key, fmt, exc)
        return text


def tn(key: str, n: int, **fmt: object) -> str:
    """A count with its noun: `key.one` when `n` is 1, else `key.other` ("1 Tower", "0 Towers").

    `key.zero`, when the table has it, is used for 0 ("for free"). `{n}` is filled with `n`;
    other fields come from `fmt`. Every count-with-noun text goes through here, so that no
    screen ever says "1 tiles" (English needs one/other; a language with more forms adds keys).
    """
    form = "one" if n == 1 else "other"
    if n == 0 and has(f"{key}.zero"):
        form = "zero"
    return t(f"{key}.{form}", n=n, **fmt)


def has(key: str) -> bool:
    """True when `key` has a text in the current language."""
    return key in _table(_language)


def register(strings: dict[str, str], language: str = "en") -> None:
    """Add `strings` to `language`'s table. Raises `ValueError` when a key already has a
    different text (two modules disagreeing on a key is a bug worth hearing about)."""
    table = _table(language)
    for key, text in strings.items():
        old = table.get(key)
        if old is not None and old != text:
            raise ValueError(f"string {key!r} registered twice with different text")
        table[key] = text


def set_language(language: str) -> None:
    global _language
    _language = language


def keys() -> list[str]:
    """Every key of the current language (for tests and translators)."""
    return sorted(_table(_language))
