"""Regenerate assets/fonts/cjk.otf: Noto Sans CJK JP Regular cut down to what the game draws.

    apt-get install fonts-noto-cjk        # Debian / Ubuntu: the source font (SIL OFL 1.1)
    python scripts/subset_cjk_font.py     # [--source path/to/NotoSansCJK-Regular.ttc]

The subset holds every character of every catalog (locale/*/LC_MESSAGES/castellion.po, so mixed
Japanese / Latin text and the rule ids render in one font), printable ASCII and Latin-1, general
punctuation, arrows and geometric shapes, hiragana, katakana, CJK punctuation, full-width forms
and the JIS X 0208 level-1 kanji (2,965 common kanji, taken from the EUC-JP code table), so that
player-typed names in Japanese mostly render too. Run it again after the Japanese catalog changes
(tests/project/test_i18n.py fails when a character of the ja catalog is missing from the subset).
The licence is copied beside it as LICENSE-NotoSansCJK.txt.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.pofile import read_po
from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "fonts" / "cjk.otf"
LICENCE_OUT = ROOT / "assets" / "fonts" / "LICENSE-NotoSansCJK.txt"
SOURCES = [Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
           Path("/usr/share/fonts/opentype/noto/NotoSansCJKjp-Regular.otf")]
FAMILY = "Noto Sans CJK JP"
RANGES = [(0x20, 0x7E), (0xA0, 0xFF), (0x2000, 0x206F), (0x2190, 0x21FF), (0x2200, 0x22FF),
          (0x2460, 0x24FF), (0x25A0, 0x25FF), (0x2600, 0x26FF), (0x3000, 0x303F), (0x3040, 0x309F),
          (0x30A0, 0x30FF), (0xFF00, 0xFFEF)]


def jis_level1_kanji() -> set[str]:
    """JIS X 0208 rows 16-47 (the level-1 kanji): EUC-JP lead bytes 0xB0-0xCF."""
    out = set()
    for lead in range(0xB0, 0xD0):
        for trail in range(0xA1, 0xFF):
            try:
                out.add(bytes([lead, trail]).decode("euc_jp"))
            except UnicodeDecodeError:
                continue
    return out


def catalog_characters() -> set[str]:
    chars: set[str] = set()
    for po in sorted((ROOT / "locale").glob("*/LC_MESSAGES/*.po")):
        with open(po, "rb") as fh:
            for message in read_po(fh):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                for text in strings:
                    chars.update(text or "")
    return {c for c in chars if c.isprintable()}


def wanted() -> set[str]:
    chars = catalog_characters() | jis_level1_kanji()
    for lo, hi in RANGES:
        chars.update(chr(c) for c in range(lo, hi + 1))
    return chars


def open_source(explicit: Path | None) -> TTFont:
    for path in ([explicit] if explicit else SOURCES):
        if path is None or not path.is_file():
            continue
        if path.suffix.lower() == ".ttc":
            for font in TTCollection(str(path)).fonts:
                if font["name"].getDebugName(1) == FAMILY:
                    return font
            raise SystemExit(f"{path} holds no {FAMILY!r}")
        return TTFont(str(path))
    raise SystemExit("Noto Sans CJK JP not found: apt-get install fonts-noto-cjk, or pass --source")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path)
    args = parser.parse_args(argv)
    font = open_source(args.source)
    chars = wanted()
    options = subset.Options()
    options.layout_features = ["kern", "palt", "vert", "liga"]
    options.name_IDs = ["*"]  # keep the copyright and licence records
    options.notdef_outline = True
    options.hinting = False  # pygame renders antialiased; hints only add size
    options.desubroutinize = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(chars)))
    subsetter.subset(font)
    font.save(str(OUT))
    copyright_file = Path("/usr/share/doc/fonts-noto-cjk/copyright")
    header = (f"{OUT.name}: a subset of {FAMILY} Regular (Google / Adobe, https://github.com/notofonts/noto-cjk),\n"
              "made by scripts/subset_cjk_font.py with fontTools. Licensed under the SIL Open Font License 1.1;\n"
              "the subset is a Modified Version under that licence (Noto declares no Reserved Font Name).\n\n")
    body = copyright_file.read_text(encoding="utf-8") if copyright_file.is_file() else ""
    LICENCE_OUT.write_text(header + body, encoding="utf-8")
    cmap = font.getBestCmap()
    print(f"wrote {OUT.relative_to(ROOT)}: {len(cmap)} characters, {OUT.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
