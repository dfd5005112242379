"""The game's message catalogs as plain dicts, for tests that check words in every language."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parent.parent / "locale"


@cache
def catalog(lang: str) -> dict[str, str]:
    """`key -> text` of locale/<lang>/LC_MESSAGES/castellion.po (a plural message: its last form)."""
    with open(LOCALE / lang / "LC_MESSAGES" / "castellion.po", "rb") as fh:
        out: dict[str, str] = {}
        for message in read_po(fh):
            if not message.id:
                continue
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            text = message.string[-1] if isinstance(message.string, tuple) else message.string
            out[key] = text
        return out
