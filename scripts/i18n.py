"""Castellion's catalogs: extract, update, compile, check (Babel's API; no network).

    python scripts/i18n.py extract   # locale/castellion.pot from the code (t / tn) and levels/*.yaml
    python scripts/i18n.py update    # es, ja (and any other language) follow locale/en: new keys
                                     # arrive untranslated, keys gone from en become obsolete
    python scripts/i18n.py compile   # every locale/<lang>/LC_MESSAGES/castellion.po -> .mo
    python scripts/i18n.py check     # exit 1 when a key used in code is missing from en, or a
                                     # language misses a translation (tests/project/test_i18n.py asserts more)

The English catalog (`locale/en/LC_MESSAGES/castellion.po`) is the one source of the message ids
and the English words: add a key there (msgstr = the English), then `update` and translate.
`pybabel extract -F babel.cfg -o /tmp/c.pot .` gives the same template as `extract` (babel.cfg
names the extractors in `castellion.ui.catalog_keys`). Keys built at run time (`t(f"board.faction.
{letter}")`) cannot be extracted: en lists them, and tests/project/test_i18n.py checks every en id is used.
The .mo files are committed: the wheel and the frozen build carry them without a build step.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
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


def update() -> None:
    """Each translation follows en's ids: new ids added empty (with the English as a comment for
    the translator), ids gone from en dropped, the English comment refreshed; headers, plural
    forms and existing translations are kept."""
    en = read("en")
    en_ids = {m.id if isinstance(m.id, str) else m.id[0]: m for m in en if m.id}
    for lang in languages():
        if lang == "en":
            continue
        cat = read(lang)
        for msg in list(cat):
            if msg.id and (msg.id if isinstance(msg.id, str) else msg.id[0]) not in en_ids:
                cat.delete(msg.id)
        for source in en_ids.values():
            english = source.string if isinstance(source.string, str) else " | ".join(source.string)
            have = cat.get(source.id)
            if have is None:
                empty = "" if isinstance(source.id, str) else ("",) * cat.num_plurals
                cat.add(source.id, empty, auto_comments=[f"en: {english}"])
            else:
                have.auto_comments = [f"en: {english}"]
        write(lang, cat)
        print(f"updated {po_path(lang).relative_to(ROOT)}: {len(cat)} messages")


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
