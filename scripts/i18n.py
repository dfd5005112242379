"""Castellion's catalogs: extract, update, compile, check (Babel's API; no network).

    python scripts/i18n.py extract   # locale/castellion.pot from the code (t / tn) and levels/*.yaml
    python scripts/i18n.py update    # es, ja (and any other language) follow locale/en: new keys
                                     # arrive untranslated, keys gone from en are removed, a key
                                     # whose English changed is marked fuzzy (stale); no other
                                     # line of the files changes
    python scripts/i18n.py compile   # every locale/<lang>/LC_MESSAGES/castellion.po -> .mo
    python scripts/i18n.py check     # exit 1 when a key used in code is missing from en, or a
                                     # language misses a translation or has a stale (fuzzy) one
                                     # (tests/project/test_i18n.py asserts more)

The English catalog (`locale/en/LC_MESSAGES/castellion.po`) is the one source of the message ids
and the English words: add a key there (msgstr = the English), then `update` and translate.
`pybabel extract -F babel.cfg -o /tmp/c.pot .` gives the same template as `extract` (babel.cfg
names the extractors in `castellion.ui.catalog_keys`). Keys built at run time (`t(f"board.faction.
{letter}")`) cannot be extracted: en lists them, and tests/project/test_i18n.py checks every en id is used.
The .mo files are committed: the wheel and the frozen build carry them without a build step.
A stale (fuzzy) translation is left out of the .mo (the English shows) until a translator has
checked it and removed its `#, fuzzy` and `#. en was:` lines.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
DOMAIN = "castellion"
KEYWORDS = DEFAULT_KEYWORDS  # the extractors report each key as a "_" call

WIDTH = 120


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if po_path(p.name).is_file())


def read(lang: str) -> Catalog:
    with open(po_path(lang), "rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


def write(lang: str, catalog: Catalog) -> None:
    with open(po_path(lang), "wb") as fh:
        write_po(fh, catalog, width=WIDTH, omit_header=False, include_previous=False)


def extract() -> Catalog:
    """Every literal key the code passes to t() / tn() and every level-data key."""
    sys.path.insert(0, str(ROOT))
    from castellion.ui.catalog_keys import extract_levels, extract_python

    template = Catalog(domain=DOMAIN, project="Castellion")
    method_map = [("castellion/**.py", extract_python)]
    found = extract_from_dir(str(ROOT), method_map, keywords=KEYWORDS, comment_tags=("i18n:",))
    for filename, lineno, message, comments, _ctx in found:
        if isinstance(message, str) and "." in message:
            template.add(message, None, [(filename, lineno)], auto_comments=comments)
    levels = ROOT / "levels"
    for path in sorted(levels.glob("*.yaml")):
        with open(path, "rb") as fh:
            for lineno, _fn, message, comments in extract_levels(fh, [], [], {}):
                template.add(message, None, [(f"levels/{path.name}", lineno)], auto_comments=comments)
    return template


# --- update: a line-level edit of each translation, so unrelated lines never change ------------
# Babel's writer re-wraps every comment and string and re-flows the hand-edited parts of a catalog;
# `update` therefore edits the files' text entry by entry (Babel only reads them): an entry whose
# English is the same is kept byte for byte, an entry whose English changed gets the new English in
# its comment, the English it was translated from ("en was:") and the `fuzzy` flag, new ids are
# added at the end in en's order, and ids gone from en are removed with their lines.
EN = "#. en: "
EN_WAS = "#. en was: "
FUZZY = "#, fuzzy"
_BLOCKS = re.compile(r"\n\s*\n")


def _english(message: Message) -> str:
    """A message's English as its comment gives it (plural forms joined by " | ", one line)."""
    words = message.string if isinstance(message.string, str) else " | ".join(message.string or ())
    return words.replace("\n", " ")


def _same(a: str, b: str) -> bool:
    """The same English, whitespace aside (Babel's old comments were wrapped and collapsed)."""
    return a.split() == b.split()


def _block_id(lines: list[str]) -> str | None:
    """The (singular) msgid of an entry's lines; None for the header and obsolete entries."""
    for line in lines:
        if line.startswith('msgid "'):
            key = line[len('msgid "'):-1]
            return key or None
    return None


def _comment(lines: list[str], prefix: str) -> str | None:
    """The text of an extracted comment that starts with `prefix` (its "#. " continuation lines
    joined), or None."""
    for i, line in enumerate(lines):
        if line.startswith(prefix):
            parts = [line[len(prefix):]]
            for more in lines[i + 1:]:
                if not more.startswith("#. ") or more.startswith((EN, EN_WAS)):
                    break
                parts.append(more[3:])
            return " ".join(parts)
    return None


def _restale(lines: list[str], english: str) -> list[str]:
    """An entry whose English changed: the new English, the English it was translated from, fuzzy."""
    was = _comment(lines, EN_WAS) or _comment(lines, EN) or ""
    body = [line for line in lines if not line.startswith("#.")]
    flags = [line for line in body if line.startswith("#,")]
    rest = [line for line in body if not line.startswith("#,")]
    names = {f.strip() for line in flags for f in line[2:].split(",") if f.strip()} | {"fuzzy"}
    keep = [line for line in lines if line.startswith("#.") and not line.startswith(("#. ", "#.\t"))]
    flag_line = "#, " + ", ".join(["fuzzy", *sorted(names - {"fuzzy"})])
    return [*keep, EN + english, EN_WAS + was, flag_line, *rest]


def _new_entry(message: Message, num_plurals: int) -> list[str]:
    lines = [EN + _english(message)]
    if isinstance(message.id, str):
        return [*lines, f'msgid "{message.id}"', 'msgstr ""']
    return [*lines, f'msgid "{message.id[0]}"', f'msgid_plural "{message.id[1]}"',
            *(f'msgstr[{n}] ""' for n in range(num_plurals))]


def update_text(text: str, en: Catalog, num_plurals: int) -> str:
    """`text` (a translation's .po) following `en`: see the comment above. Pure, for the tests."""
    en_ids = {m.id if isinstance(m.id, str) else m.id[0]: m for m in en if m.id}
    seps = _BLOCKS.findall(text)
    blocks = _BLOCKS.split(text)
    out: list[str] = []
    seen: set[str] = set()
    for i, block in enumerate(blocks):
        lines = block.split("\n")
        key = _block_id(lines)
        if key is not None and key not in en_ids:
            continue  # gone from en: the entry goes, with its separator
        if key is not None:
            seen.add(key)
            english = _english(en_ids[key])
            old = _comment(lines, EN)
            if old is None:
                lines = [EN + english, *lines]
            elif not _same(old, english):
                lines = _restale(lines, english)
        sep = seps[i] if i < len(seps) else ""
        out.append("\n".join(lines) + sep)
    result = "".join(out)
    added = [_new_entry(m, num_plurals) for key, m in en_ids.items() if key not in seen]
    if added:
        result = result.rstrip("\n") + "\n" + "".join("\n" + "\n".join(lines) + "\n" for lines in added)
    return result


def update() -> None:
    """Each translation follows en's ids (see `update_text`); headers, plural forms, existing
    translations and every line of an unchanged entry are kept as they are."""
    en = read("en")
    for lang in languages():
        if lang == "en":
            continue
        path = po_path(lang)
        text = path.read_text(encoding="utf-8")
        new = update_text(text, en, read(lang).num_plurals)
        if new != text:
            path.write_text(new, encoding="utf-8")
        print(f"updated {lang}: {len(read(lang))} messages, {len(stale(lang))} stale")


def stale(lang: str) -> list[str]:
    """The ids of `lang` marked fuzzy: their English changed since they were translated."""
    return [m.id if isinstance(m.id, str) else m.id[0] for m in read(lang) if m.id and m.fuzzy]


def compile_all() -> list[Path]:
    out = []
    for lang in languages():
        cat = read(lang)
        mo = po_path(lang).with_suffix(".mo")
        with open(mo, "wb") as fh:
            write_mo(fh, cat, use_fuzzy=False)
        out.append(mo)
        print(f"compiled {mo.relative_to(ROOT)}: {len(cat)} messages")
    return out


def check() -> int:
    en = read("en")
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in en if m.id}
    problems = [f"code uses {m.id!r} (at {m.locations[0][0]}:{m.locations[0][1]}) but en has no such message"
                for m in extract() if m.id and m.id not in ids]
    for lang in languages():
        for m in read(lang):
            if m.id and not (m.string if isinstance(m.string, str) else all(m.string)):
                problems.append(f"{lang}: {m.id!r} is not translated")
        problems.extend(f"{lang}: {key!r} is stale: its English changed (fuzzy; translate it again, then drop "
                        f"the fuzzy flag and the 'en was' line)" for key in stale(lang))
    for line in problems:
        print(line)
    return 1 if problems else 0


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "extract":
        LOCALE.mkdir(exist_ok=True)
        with open(LOCALE / f"{DOMAIN}.pot", "wb") as fh:
            write_po(fh, extract(), width=WIDTH)
        print(f"wrote {LOCALE / (DOMAIN + '.pot')}")
        return 0
    if command == "update":
        update()
        return 0
    if command == "compile":
        compile_all()
        return 0
    if command == "check":
        return check()
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
