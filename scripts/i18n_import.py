"""Move a feature's strings into the catalogs, or drop keys from them.

    python scripts/i18n_import.py castellion/ui/strings_feature.py   # EN / ES / JA dicts -> en, es, ja .po
    python scripts/i18n_import.py --drop board.not_now board.vigil_back

A branch that adds player-facing text while the catalogs are being edited elsewhere keeps its
words in a module of three dicts (`EN`, `ES`, `JA`, same keys); this writes them into
`locale/<lang>/LC_MESSAGES/castellion.po` (an existing message is replaced) and compiles the
.mo files. Plural messages are written as `key.one` / `key.other` pairs in the dicts and become
gettext plurals (`msgid key`, `msgid_plural key.plural`) as `tn()` expects; `key.zero` stays a
message of its own. Then delete the
module and its `register(EN)` call.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

sys.path.insert(0, str(Path(__file__).resolve().parent))
import i18n  # noqa: E402 - the sibling script: paths, widths, compile

LANGS = {"EN": "en", "ES": "es", "JA": "ja"}


def read_tables(module: Path) -> dict[str, dict[str, str]]:
    """The EN / ES / JA dicts of `module`, run in a bare namespace (its `register(EN)` call and
    the import of `register` are skipped: the catalogs replace them)."""
    lines = [line for line in module.read_text(encoding="utf-8").splitlines()
             if "register" not in line]
    namespace: dict[str, object] = {}
    exec(compile("\n".join(lines), str(module), "exec"), namespace)  # noqa: S102 - our own source file
    tables: dict[str, dict[str, str]] = {}
    for name, lang in LANGS.items():
        table = namespace.get(name)
        if not isinstance(table, dict):
            raise SystemExit(f"{module}: no {name} table")
        tables[lang] = {str(k): str(v) for k, v in table.items()}
    return tables


def write(lang: str, entries: dict[str, str], drop: list[str]) -> None:
    path = i18n.po_path(lang)
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    for key in drop:
        for stale in (key, key.rsplit(".", 1)[0] if key.endswith((".one", ".other")) else key):
            if stale in catalog:
                del catalog[stale]
    # tn()'s plural messages: msgid `key`, msgid_plural `key.plural` (written `key.one` / `key.other`
    # in the tables); `key.zero` stays a message of its own (tn uses it for 0)
    plural_bases = {k[:-4] for k in entries if k.endswith(".one") and f"{k[:-4]}.other" in entries}
    for key, text in entries.items():
        base, _, form = key.rpartition(".")
        if base in plural_bases and form in ("one", "other"):
            if form == "other":
                continue
            one, other = entries[f"{base}.one"], entries[f"{base}.other"]
            forms = (other,) if catalog.num_plurals == 1 else (one, other)
            if base in catalog:
                del catalog[base]
            catalog.add((base, f"{base}.plural"), forms)
        else:
            if key in catalog:
                del catalog[key]
            catalog.add(key, text)
    with path.open("wb") as f:
        write_po(f, catalog, width=i18n.WIDTH, omit_header=False, include_previous=False)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("modules", nargs="*", type=Path)
    p.add_argument("--drop", nargs="*", default=[])
    args = p.parse_args(argv)
    merged: dict[str, dict[str, str]] = {lang: {} for lang in LANGS.values()}
    for module in args.modules:
        for lang, table in read_tables(module).items():
            merged[lang].update(table)
    for lang in LANGS.values():
        write(lang, merged[lang], args.drop)
    return i18n.main(["i18n.py", "compile"])


if __name__ == "__main__":
    sys.exit(main())
