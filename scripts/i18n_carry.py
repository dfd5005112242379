"""Carry the messages another branch added to its catalogs into these ones (a merge helper).

    python scripts/i18n_carry.py OTHER_EN.po OTHER_ES.po OTHER_JA.po

Message ids present in the other catalogs but not here are added with their translations (and
plural forms); nothing here is changed or removed. Then the .mo files are compiled.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

sys.path.insert(0, str(Path(__file__).resolve().parent))
import i18n  # noqa: E402 - after the path set-up above


def carry(lang: str, other: Path) -> int:
    with other.open("rb") as fh:
        theirs = read_po(fh, locale=lang)
    path = i18n.po_path(lang)
    with path.open("rb") as fh:
        ours = read_po(fh, locale=lang)
    added = 0
    for message in theirs:
        if message.id and message.id not in ours:
            ours.add(message.id, message.string, auto_comments=message.auto_comments)
            added += 1
    with path.open("wb") as fh:
        write_po(fh, ours, width=i18n.WIDTH, omit_header=False, include_previous=False)
    return added


def main(argv: list[str]) -> int:
    for lang, other in zip(("en", "es", "ja"), argv[1:4], strict=True):
        print(f"{lang}: {carry(lang, Path(other))} messages carried")
    return i18n.main(["i18n.py", "compile"])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
