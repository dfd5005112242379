"""Every player-visible string goes through `t("key", **fmt)` or `tn("key", n, **fmt)`.

The words live in standard gettext catalogs, one per language, managed with Babel:
`locale/<lang>/LC_MESSAGES/castellion.po` (sources) and `.mo` (compiled; committed, and checked
against the `.po` by tests/project/test_i18n.py). Message ids are the dotted keys the code uses
(`menu.new_game`, `board.do.use`); English has a catalog too, whose msgstr is the English text, so
every language — English included — is a translation of the keys. `scripts/i18n.py` extracts,
updates and compiles them (see docs/glossary.md for the terms each language uses).

- `t(key, **fmt)`: the current language's text for `key`, with `str.format` fields (`{seed}`)
  filled from `fmt`. Whole sentences with named fields, never fragments glued together.
- `tn(key, n, **fmt)`: a count with its noun through gettext plural forms (`ngettext`): English and
  Spanish have two forms ("1 Tower" / "3 Towers"), Japanese one. A separate message `key.zero`,
  when the catalog has it, is used for 0 ("for free").
- `set_language("es")` switches at run time: the next frame draws in the new language.

A missing key never crashes: it falls back to English, else it is logged once and shown as the key
itself (easy to spot on screen and in tests); a missing format field is logged and the unformatted
text is shown. Numbers and dates go through Babel (`number`, `percent`, `date_time`) in the
current language's conventions.
"""

from __future__ import annotations

import gettext
import locale as _locale
import logging
import os
import sys
from datetime import datetime
from pathlib import Path

from castellion.content.resources import resource_path

log = logging.getLogger(__name__)

DOMAIN = "castellion"
# The languages the game ships, in the order the Settings screen offers them, each named in itself.
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "ja": "日本語"}
DEFAULT = "en"

_catalogs: dict[str, gettext.NullTranslations] = {}
_language = DEFAULT
_reported: set[str] = set()


def locale_dir() -> Path | None:
    """The bundled `locale/` folder (source checkout, wheel or frozen build), or None."""
    try:
        return resource_path("locale")
    except (FileNotFoundError, ValueError):
        return None


def _catalog(language: str) -> gettext.NullTranslations:
    """The compiled catalog of `language` (cached); an empty one when it cannot be read, so that a
    broken install shows keys instead of stopping the game."""
    cat = _catalogs.get(language)
    if cat is None:
        folder = locale_dir()
        try:
            if folder is None:
                raise FileNotFoundError("no locale folder among the bundled data")
            cat = gettext.translation(DOMAIN, localedir=str(folder), languages=[language])
        except (OSError, ValueError) as exc:  # missing or damaged .mo
            log.warning("catalog %r unreadable (%s); showing keys", language, exc)
            cat = gettext.NullTranslations()
        _catalogs[language] = cat
    return cat


def _lookup(key: str) -> str | None:
    for language in (_language, DEFAULT):
        text = _catalog(language).gettext(key)
        if text != key:
            return text
    return None


def _missing(key: str) -> str:
    if key not in _reported:
        _reported.add(key)
        log.warning("missing string %r", key)
    return key


def _format(key: str, text: str, fmt: dict[str, object]) -> str:
    if not fmt:
        return text
    try:
        return text.format(**fmt)
    except (KeyError, IndexError, ValueError) as exc:
        log.warning("string %r could not be formatted with %r: %s", key, fmt, exc)
        return text


def t(key: str, **fmt: object) -> str:
    """The player-visible text for `key` in the current language, formatted with `fmt`."""
    text = _lookup(key)
    if text is None:
        return _missing(key)
    return _format(key, text, fmt)


def tn(key: str, n: int, **fmt: object) -> str:
    """A count with its noun in the current language's plural form for `n` ("1 Tower", "0 Towers").

    `{n}` is filled with `n`; other fields come from `fmt`. `key.zero`, when the catalog has it,
    is used for 0. Every count-with-noun text goes through here, so no screen says "1 tiles".
    """
    if n == 0 and has(f"{key}.zero"):
        return t(f"{key}.zero", n=n, **fmt)
    plural_id = f"{key}.plural"
    for language in (_language, DEFAULT):
        text = _catalog(language).ngettext(key, plural_id, n)
        if text not in (key, plural_id):
            return _format(key, text, {"n": n, **fmt})
    return _missing(key)


def has(key: str) -> bool:
    """True when `key` has a text (in the current language or the English fallback)."""
    return _lookup(key) is not None


def has_plural(key: str) -> bool:
    """True when `key` is a plural message (`tn(key, n)`) in the current language or English."""
    plural_id = f"{key}.plural"
    return any(_catalog(language).ngettext(key, plural_id, 2) not in (key, plural_id)
               for language in (_language, DEFAULT))


def language() -> str:
    return _language


def set_language(code: str | None) -> str:
    """Switch every later `t()` to `code` ("en", "es", "ja"; a region such as "es_AR" is cut to
    its language). An unknown code keeps English. Returns the language now in use."""
    global _language
    _language = normalise(code) or DEFAULT
    return _language


def normalise(code: str | None) -> str | None:
    """"es_ES.UTF-8" -> "es"; None when the language is not one the game ships."""
    if not code:
        return None
    short = str(code).replace("-", "_").split("_")[0].split(".")[0].lower()
    return short if short in LANGUAGES else None


def windows_ui_language() -> str | None:
    """The language of Windows' own menus ("ja_JP"; `GetUserDefaultUILanguage`), or None off
    Windows. Windows sets none of the variables below, and its C locale has Windows' own names
    ("Japanese_Japan"), which `normalise` cannot read: without this a Japanese Windows got
    English."""
    if sys.platform != "win32":
        return None
    try:
        import ctypes

        langid = int(ctypes.windll.kernel32.GetUserDefaultUILanguage())
    except (OSError, AttributeError, ValueError):
        return None
    return _locale.windows_locale.get(langid)


def system_language(environ: dict[str, str] | None = None) -> str:
    """The player's language from the system (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, then Windows'
    display language, then the platform's locale), when the game ships it; English otherwise."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in (env.get(var) or "").split(":"):
            found = normalise(part)
            if found:
                return found
    if environ is None:
        found = normalise(windows_ui_language())
        if found:
            return found
        try:
            found = normalise(_locale.getlocale()[0])
        except (ValueError, TypeError):
            found = None
        if found:
            return found
    return DEFAULT


def keys() -> list[str]:
    """Every message id of the English catalog, plural ids by their singular (for tests)."""
    cat = _catalog(DEFAULT)
    ids = getattr(cat, "_catalog", {})  # GNUTranslations keeps its messages there (stdlib)
    out = {k[0] if isinstance(k, tuple) else k for k in ids}
    return sorted(k for k in out if k)


# --- numbers and dates, in the current language's conventions (Babel) -----------------------
def _babel_locale() -> str:
    return {"en": "en_GB", "es": "es_ES", "ja": "ja_JP"}.get(_language, "en_GB")


def number(value: float) -> str:
    """`value` with the language's digit grouping and decimal sign ("1,234.5", "1234,5")."""
    try:
        from babel.numbers import format_decimal

        return str(format_decimal(value, locale=_babel_locale()))
    except Exception:  # noqa: BLE001 - formatting must never stop a screen
        return str(value)


def date_time(moment: datetime) -> str:
    """A date and time in the language's style: medium date, short time, joined the language's
    way ("3 May 2025, 14:05", "3 may 2025, 14:05", "2025/05/03 14:05")."""
    try:
        from babel.dates import format_date, format_time, get_datetime_format

        locale = _babel_locale()
        joined = str(get_datetime_format("medium", locale=locale))
        return joined.replace("{1}", str(format_date(moment, "medium", locale=locale))).replace(
            "{0}", str(format_time(moment, "short", locale=locale)))
    except Exception:  # noqa: BLE001 - never crash: logged and reported
        return moment.strftime("%Y-%m-%d %H:%M")
