"""Fonts: the game's TTFs from assets/fonts, with fallbacks that never stop the game.

Roles: `"body"` (body.ttf), `"title"` (title.ttf), `"bold"` (bold.ttf, else body.ttf rendered
bold). The files depend on the language being shown (`castellion.ui.text.language()`): Japanese
uses the CJK subset `cjk.otf` (Noto Sans CJK JP, scripts/subset_cjk_font.py) for every role, the
bold roles emboldened — the Latin fonts have no kana or kanji. A text with a character the role's
font lacks (a Japanese player name in the English interface, a ✓ in the title font) is drawn in
the first font that has them all: body, then the CJK subset — never as empty boxes.
A missing or unreadable file is logged once as a warning and replaced by a system serif
(`pygame.font.SysFont`); only when that fails too is `pygame.font.Font(None)` used.

`wrap` breaks lines between words, and between CJK characters with kinsoku shori (no line starts
with 、。」 and the like, none ends with 「（).
"""

from __future__ import annotations

import contextlib
import io
import logging
import math
import unicodedata
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from pathlib import Path

import pygame

from castellion.ui import text as _text
from castellion.ui.canvas import at_scale
from castellion.ui.sprites import find_resource

log = logging.getLogger(__name__)

ROLE_FILES = {"body": "body.ttf", "title": "title.ttf", "bold": "bold.ttf"}
CJK_FILE = "cjk.otf"
# Per language, the file of each role (languages not listed use ROLE_FILES); the bold roles of a
# font without a bold cut are emboldened by pygame.
LANGUAGE_FILES: dict[str, dict[str, str]] = {"ja": {"body": CJK_FILE, "title": CJK_FILE, "bold": CJK_FILE}}
EMBOLDEN = {("ja", "bold"), ("ja", "title")}
RENDER_LIMIT = 512  # rendered texts kept
RENDER_BYTES = 24 * 2**20  # and at most this many bytes of their pixels
FOR_TEXT_LIMIT = 2048  # (text, role, size, language) answers of `for_text` kept
DISPLAY_SIZE = 28  # text asked at this size or more is a heading or a title: the text size leaves it
MAX_TEXT_SCALE = 2.0  # the largest text size offered (200 %)
SYSTEM_FALLBACK = "ebgaramond,ebgaramond12,dejavuserif,liberationserif,georgia,timesnewroman,serif"


class Fonts:
    """Font objects by (role, size), cached, plus a small cache of rendered text."""

    def __init__(self, directory: Path | None = None) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._directory = directory
        self._fonts: dict[tuple[str, str, int], pygame.font.Font] = {}
        self._renders: OrderedDict[tuple[str, int, tuple[int, ...], str, str, float], pygame.Surface] = OrderedDict()
        self._render_bytes = 0  # the pixels of the renders kept
        self._warned: set[str] = set()
        self._font_paths: dict[int, str] = {}  # id(Font) -> its file, to look its glyphs up
        self._faces: dict[str, object] = {}  # file -> pygame.freetype.Font (None: unreadable)
        # for_text's answers: every label drawn with a max_width asks it for each candidate size
        # each frame, and each question looks glyphs up in the font file
        self._for_text: OrderedDict[tuple[str, str, int, str], pygame.font.Font] = OrderedDict()
        self.missing: list[str] = []  # role files that were not found (self-test reports them)
        self.scale = 1.0  # the window's scale: text is rendered with fonts at round(size·scale)
        # the player's text size (Settings → Text size, 1.0 … 2.0): every size asked of these
        # fonts is multiplied by it, so a screen that lays out with the fonts' metrics reflows
        self.text_scale = 1.0

    def set_scale(self, scale: float) -> None:
        """The window's scale changed: drop the rendered text (fonts by size stay cached)."""
        if scale != self.scale:
            self.scale = float(scale)
            self._renders.clear()
            self._render_bytes = 0

    def set_text_scale(self, text_scale: float) -> None:
        """The player's text size changed (1.0 = 100 %): drop what was rendered or measured."""
        text_scale = min(MAX_TEXT_SCALE, max(1.0, float(text_scale)))
        if text_scale != self.text_scale:
            self.text_scale = text_scale
            self._renders.clear()
            self._render_bytes = 0
            self._for_text.clear()

    @contextlib.contextmanager
    def limited(self, limit: float) -> Iterator[None]:
        """Inside the block text grows at most to `limit` (a screen whose fixed layout holds no
        more: `Scene.text_limit`); the player's size comes back after it. Nothing is forgotten:
        the caches are keyed by the size drawn."""
        kept = self.text_scale
        self.text_scale = min(kept, max(1.0, float(limit)))
        try:
            yield
        finally:
            self.text_scale = kept

    def grown(self, size: int, role: str = "body") -> int:
        """How much taller a line of `size` is at the player's text size than at 100 % (what a
        row laid out for 100 % must grow by)."""
        now = self.get(role, size).get_linesize()
        with self.limited(1.0):
            return max(0, int(now - self.get(role, size).get_linesize()))

    def sized(self, size: int) -> int:
        """The pixel size text asked at `size` is drawn at, the player's text size applied: text
        under DISPLAY_SIZE grows by the text size; headings and titles (DISPLAY_SIZE or more) keep
        their own size — they are legible, and a 96 px title doubled fills the screen."""
        size = int(size)
        if self.text_scale == 1.0 or size >= DISPLAY_SIZE:
            return max(1, size)
        return max(1, round(size * self.text_scale))

    def _path(self, filename: str) -> Path | None:
        if self._directory is not None:
            path = self._directory / filename
            return path if path.is_file() else None
        return find_resource("assets", "fonts", filename)

    def _load(self, role: str, size: int, language: str = "en") -> pygame.font.Font:
        files = LANGUAGE_FILES.get(language, ROLE_FILES)
        filename = files.get(role, files["body"])
        embolden = (language, role) in EMBOLDEN
        path = self._path(filename)
        if path is None and role == "bold":
            path, embolden = self._path(files["body"]), True
        if path is not None:
            try:
                font = pygame.font.Font(io.BytesIO(_font_bytes(path)), size)
                if embolden:
                    font.bold = True
                self._font_paths[id(font)] = str(path)
                return font
            except (OSError, pygame.error) as exc:
                self._warn(role, f"font {path} unreadable ({exc}); using a system font")
        else:
            self._warn(role, f"font {filename} not found in assets/fonts; using a system font")
        try:
            font = pygame.font.SysFont(SYSTEM_FALLBACK, size, bold=(role in ("bold", "title")))
            return font
        except Exception as exc:  # noqa: BLE001 - fonts must never stop the game
            self._warn(role + "-sys", f"no system font either ({exc}); using pygame's default")
            return pygame.font.Font(None, size)

    def _warn(self, key: str, message: str) -> None:
        if key not in self._warned:
            self._warned.add(key)
            self.missing.append(key)
            log.warning(message)

    def get(self, role: str = "body", size: int = 22, language: str | None = None) -> pygame.font.Font:
        """The font for `role` at `size` pixels in `language` (default: the one shown; cached),
        the player's text size applied."""
        return self._get(role, self.sized(size), language)

    def _get(self, role: str, size: int, language: str | None = None) -> pygame.font.Font:
        language = language or _text.language()
        key = (language, role, int(size))
        font = self._fonts.get(key)
        if font is None:
            font = self._fonts[key] = self._load(role, int(size), language)
        return font

    def _candidates(self, role: str, size: int) -> list[pygame.font.Font]:
        """The fonts tried for a character, in order: the role's own, then the Latin role and
        body fonts, then the CJK subset."""
        fonts = [self._get(role, size), self._get(role, size, "en"), self._get("body", size, "en"),
                 self._get(role, size, "ja")]
        return list({id(f): f for f in fonts}.values())

    def for_text(self, text: str, role: str = "body", size: int = 22) -> pygame.font.Font:
        """The one font that draws all of `text` in `role` (the role's own when it can), else the
        role's own (`runs` then mixes fonts)."""
        return self._for_text_at(text, role, self.sized(size))

    def _for_text_at(self, text: str, role: str, size: int) -> pygame.font.Font:
        key = (text, role, int(size), _text.language())
        found = self._for_text.get(key)
        if found is not None:
            self._for_text.move_to_end(key)
            return found
        candidates = self._candidates(role, size)
        found = next((font for font in candidates if not self.missing_glyphs(font, text)), candidates[0])
        self._for_text[key] = found
        if len(self._for_text) > FOR_TEXT_LIMIT:
            self._for_text.popitem(last=False)
        return found

    def runs(self, text: str, role: str = "body", size: int = 22) -> list[tuple[str, pygame.font.Font]]:
        """`text` cut into runs each drawn by the first font that has their glyphs ("土台 0/6 ✗":
        the CJK subset, then DejaVu for the ✗). One run when one font has them all."""
        return self._runs(text, role, self.sized(size))

    def _runs(self, text: str, role: str, size: int) -> list[tuple[str, pygame.font.Font]]:
        whole = self._for_text_at(text, role, size)
        if not self.missing_glyphs(whole, text):
            return [(text, whole)]
        candidates = self._candidates(role, size)
        out: list[tuple[str, pygame.font.Font]] = []
        for char in text:
            font = out[-1][1] if out and (char.isspace() or not self.missing_glyphs(out[-1][1], char)) else \
                next((f for f in candidates if not self.missing_glyphs(f, char)), candidates[0])
            if out and out[-1][1] is font:
                out[-1] = (out[-1][0] + char, font)
            else:
                out.append((char, font))
        return out

    def missing_glyphs(self, font: pygame.font.Font, text: str) -> str:
        """The characters of `text` that `font` has no glyph for ("" when it has them all, or when
        it is a system font whose file is unknown). pygame.font's metrics answer the .notdef box
        for a missing glyph; pygame.freetype's answer None, so the file is asked through it."""
        path = self._font_paths.get(id(font))
        chars = "".join(dict.fromkeys(c for c in text if not c.isspace() and unicodedata.category(c)[0] != "C"))
        if path is None or not chars:
            return ""
        face = self._faces.get(path, False)
        if face is False:
            try:
                import pygame.freetype

                if not pygame.freetype.get_init():
                    pygame.freetype.init()
                face = pygame.freetype.Font(path, 12)
            except (ImportError, OSError, pygame.error) as exc:  # no freetype: cannot tell
                log.debug("glyph lookup unavailable for %s: %s", path, exc)
                face = None
            self._faces[path] = face
        if face is None:
            return ""
        metrics = face.get_metrics(chars)  # type: ignore[attr-defined]
        return "".join(c for c, m in zip(chars, metrics, strict=False) if m is None)

    def render(self, text: str, size: int, colour: Sequence[int], role: str = "body") -> pygame.Surface:
        """`text` rendered antialiased (cached: the last RENDER_LIMIT renders, at most RENDER_BYTES). `size` is logical;
        at a scale other than 1 the text is rendered with the font at round(size·scale) (crisp)
        and answered as a `ui.canvas.Image` measuring what the logical font measures. Text whose
        glyphs no single font has is drawn in runs of fonts on one baseline (see `runs`)."""
        key = (text, int(size), tuple(colour), role, _text.language(), self.text_scale)
        surf = self._renders.get(key)
        if surf is None:
            size = self.sized(size)
            if self.scale == 1.0:
                surf = self._render_runs(text, role, size, colour)
            else:
                pixels = self._render_runs(text, role, max(1, round(size * self.scale)), colour)
                width, height = self._measure_runs(text, role, size)
                # as wide as it shows: the font at round(size·scale) may draw it wider than the
                # logical font measures, and anchors (midright…) must place the real extent
                width = max(width, math.ceil(pixels.get_width() / self.scale))
                surf = at_scale(pixels, (width, height), self.scale)
            self._renders[key] = surf
            self._render_bytes += _bytes(surf)
            # bounded in count and in pixels: at a large window's scale a render is several
            # times the size, and a soak of demo games must reach a plateau
            while len(self._renders) > RENDER_LIMIT or (self._render_bytes > RENDER_BYTES and len(self._renders) > 1):
                self._render_bytes -= _bytes(self._renders.popitem(last=False)[1])
        else:
            self._renders.move_to_end(key)
        return surf


    def _render_runs(self, text: str, role: str, size: int, colour: Sequence[int]) -> pygame.Surface:
        text = _drawable(text)
        runs = self._runs(text, role, size)
        if len(runs) == 1:
            return _render(runs[0][1], text, colour)
        # several fonts, on one baseline
        parts = [(_render(font, words, colour), font.get_ascent()) for words, font in runs]
        ascent = max(a for _, a in parts)
        height = max(ascent - a + p.get_height() for p, a in parts)
        surf = pygame.Surface((sum(p.get_width() for p, _ in parts), height), pygame.SRCALPHA)
        x = 0
        for part, a in parts:
            surf.blit(part, (x, ascent - a))
            x += part.get_width()
        return surf

    def text_width(self, text: str, role: str = "body", size: int = 22) -> int:
        """How wide `text` shows, in logical units: at a scale other than 1 the font at
        round(size·scale) may draw it wider than the logical font measures (a label
        fitted at 1280×800 overran its button at 1024×600), so the wider of the two."""
        size = self.sized(size)
        width = self._measure_runs(text, role, size)[0]
        if self.scale != 1.0:
            physical = self._measure_runs(text, role, max(1, round(size * self.scale)))[0]
            width = max(width, math.ceil(physical / self.scale))
        return width

    def _measure_runs(self, text: str, role: str, size: int) -> tuple[int, int]:
        """The logical size `_render_runs` would answer at `size` (without rendering)."""
        text = _drawable(text)
        runs = self._runs(text, role, size)
        if len(runs) == 1:
            return runs[0][1].size(text)
        ascent = max(font.get_ascent() for _, font in runs)
        height = max(ascent - font.get_ascent() + font.get_height() for _, font in runs)
        return sum(font.size(words)[0] for words, font in runs), height


def _bytes(surface: pygame.Surface) -> int:
    width, height = pygame.Surface.get_size(surface)  # the physical pixels (an Image answers logical units)
    return width * height * surface.get_bytesize()


def _drawable(text: str) -> str:
    """`text` with what no font can take replaced by U+FFFD: a lone surrogate (it cannot be
    encoded for SDL) and NUL (SDL_ttf refuses it)."""
    if "\x00" in text:
        text = text.replace("\x00", "\ufffd")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text)
    return text


def _render(font: pygame.font.Font, text: str, colour: Sequence[int]) -> pygame.Surface:
    """`font.render(text)`, or a transparent surface one pixel wide and a line high when the text
    draws nothing: SDL_ttf refuses zero-width text ("Text has zero width": a variation selector,
    a combining grapheme joiner or a Mongolian free variation selector typed alone), and a name
    field must never be the error screen."""
    try:
        return font.render(text, True, colour)
    except pygame.error:
        if font.size(text)[0] > 0:
            raise  # something else than an empty drawing: not ours to hide
        return pygame.Surface((1, font.get_height()), pygame.SRCALPHA)


# Kinsoku shori: characters that may not start a line (closing brackets, small kana, the long
# vowel mark, punctuation) and that may not end one (opening brackets).
NO_LINE_START = set("、。，．,.)）]］}｝」』】〉》〕”’ー〜～…‥・：；:;!！?？%％"
                    "ゝゞヽヾぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
NO_LINE_END = set("(（[［{｛「『【〈《〔“‘")


def _breakable(char: str) -> bool:
    """A character after which (and before which) a line may break without a space: wide (CJK)
    characters, full-width punctuation and the non-ASCII kinsoku marks (…, “). ASCII punctuation
    stays inside its word ("R-§5.3")."""
    if unicodedata.east_asian_width(char) in ("W", "F"):
        return True
    return ord(char) > 0x2000 and (char in NO_LINE_START or char in NO_LINE_END)


def _katakana(char: str) -> bool:
    """Katakana (and the long vowel mark): a katakana word (アカデミー) is not broken."""
    return "\u30a0" <= char <= "\u30ff"


def _units(paragraph: str) -> list[tuple[str, bool]]:
    """`paragraph` as unbreakable units, each with whether a space separated it from the previous
    one: Latin words and katakana words whole, other CJK characters one by one, glued to their
    neighbours per kinsoku."""
    units: list[tuple[str, bool]] = []
    word, spaced, glue_next = "", False, False

    def push(piece: str, space: bool) -> None:
        nonlocal glue_next
        katakana_word = _katakana(piece[0]) and units and _katakana(units[-1][0][-1])
        if units and space and piece[0] == "%":  # "36 %" (Spanish, French…) is never broken at its space
            prev, prev_space = units[-1]
            units[-1] = (prev + " " + piece, prev_space)
        elif units and not space and (glue_next or piece[0] in NO_LINE_START or katakana_word):
            prev, prev_space = units[-1]
            units[-1] = (prev + piece, prev_space)
        else:
            units.append((piece, space))
        glue_next = piece[-1] in NO_LINE_END

    for char in paragraph:
        if char == " ":
            if word:
                push(word, spaced)
                word = ""
            spaced = True
        elif _breakable(char):
            if word:
                push(word, spaced)
                word, spaced = "", False
            push(char, spaced)
            spaced = False
        else:
            word += char
    if word:
        push(word, spaced)
    return units


PAUSES = set("、。，．")  # where a Japanese line breaks best
SHORTEST_LINE = 3  # characters: no line of a wrapped CJK text holds fewer ("勝" alone, "利）")

Unit = tuple[str, bool]  # an unbreakable piece of text, and whether a space comes before it


def _joined(units: list[Unit]) -> str:
    return "".join((" " if spaced and k else "") + piece for k, (piece, spaced) in enumerate(units))


_FONT_BYTES: dict[Path, bytes] = {}


def _font_bytes(path: Path) -> bytes:
    """A font file's bytes, read once: each size is made from them in memory. A font made from its
    path keeps that file open as long as it lives, one descriptor per role, size and language; a
    process that lays screens out at many text sizes ran out of descriptors (the tests' workers
    reached 20,000)."""
    data = _FONT_BYTES.get(path)
    if data is None:
        data = _FONT_BYTES[path] = path.read_bytes()
    return data


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` broken into lines no wider than `width`: between words, and between CJK characters
    with kinsoku (no line starts with closing punctuation such as "）」、。ー" nor ends with
    opening "（「"; a unit longer than the width stands alone), and no last line of one or two
    CJK characters left over where the line before can give it some (`stranded`). Newlines start
    new lines; an empty line is kept."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        rows: list[list[Unit]] = [[]]
        for unit in _units(paragraph):
            if rows[-1] and font.size(_joined([*rows[-1], unit]))[0] > width:
                rows.append([unit])
            else:
                rows[-1].append(unit)
        _fill_last_row(font, rows, width)
        lines += [_joined(row) for row in rows]
    return lines


def _fill_last_row(font: pygame.font.Font, rows: list[list[Unit]], width: int) -> None:
    """A last row broken off without a space that is too short takes units from the row before,
    from its last pause ("、", "。", before "（") where the row can give that much, else one unit
    at a time, while that row keeps enough and the last still fits `width`."""
    if len(rows) < 2 or rows[-1][0][1] or not stranded(_joined(rows[-1])):
        return
    before, last = rows[-2], rows[-1]

    def fits(k: int) -> bool:  # the last row from `before[k]` on: long enough, not too wide
        return k >= 1 and not stranded(_joined(before[:k])) and not stranded(_joined(before[k:] + last)) \
            and font.size(_joined(before[k:] + last))[0] <= width

    pauses = [k for k in range(len(before) - 1, 0, -1)
              if before[k - 1][0][-1] in PAUSES or before[k][0][0] in NO_LINE_END or before[k][1]]
    near = len(before) - 2 * SHORTEST_LINE  # a pause this near the end, else the fewest units
    units = range(len(before) - 1, max(0, len(before) - SHORTEST_LINE - 1), -1)
    k = next((k for k in [*(p for p in pauses if p >= near), *units] if fits(k)), None)
    if k is not None:
        rows[-2:] = [before[:k], before[k:] + last]


BETWEEN_WORDS = 1.1  # a break between two CJK characters counts its longer line this much wider
# than a break at a pause (「…（山をクリック）」 over 「するか、…」, not 「…クリック）す」 over 「るか、…」)


def two_line_breaks(text: str) -> list[tuple[str, str]]:
    """Every way `text` goes on two lines where `wrap` may break it: at a space, or between CJK
    characters with kinsoku, neither line `stranded` (a name without spaces, "提督のアカデミー", breaks
    only as "提督の" over "アカデミー": a katakana word stays whole)."""
    units = _units(text)
    pairs = [(_joined(units[:k]), _joined(units[k:])) for k in range(1, len(units))]
    return [pair for pair in pairs if well_broken(list(pair))]


def two_lines(font: pygame.font.Font, text: str, width: int) -> list[list[str]]:
    """Every way to put `text` (one paragraph) on two lines no wider than `width`, broken between
    its units (kinsoku kept, no line `stranded`), the most even first: the longer line shortest,
    a break between CJK characters counted `BETWEEN_WORDS` wider than one at a space or a pause
    ("、", "。", after a closing bracket or "：", before an opening one). A second line longer than
    the first only where that is nearly the most even (within `BETWEEN_WORDS`): "Anna:" over a
    whole sentence is no way to break it. Greedy breaking filled the first line: a word or two
    were left alone on the second (「に挑戦。」, "early.")."""
    ways: list[tuple[float, int, list[str]]] = []
    for head, rest in two_line_breaks(text):
        lines = [head, rest.lstrip()]
        first, second = (font.size(line)[0] for line in lines)
        if max(first, second) > width:
            continue
        pause = text[len(head):].startswith(" ") or head[-1] in PAUSES | set(")）」』：:") or lines[1][0] in NO_LINE_END
        ways.append((max(first, second) * (1.0 if pause else BETWEEN_WORDS), second - first, lines))
    even = min((max_w for max_w, _, _ in ways), default=0.0)
    return [lines for cost, longer_second, lines in sorted(ways, key=lambda way: way[0])
            if longer_second <= 0 or cost <= even * BETWEEN_WORDS]


def stranded(line: str) -> bool:
    """`line` is CJK characters alone, fewer than `SHORTEST_LINE` of them (closing punctuation not
    counted): a leftover no wrapped text should show ("手札な" over "し", "…勝" over "利）")."""
    chars = line.strip()
    return bool(chars) and all(_breakable(c) or c in NO_LINE_START for c in chars) \
        and sum(c not in NO_LINE_START for c in chars) < SHORTEST_LINE


def well_broken(lines: list[str]) -> bool:
    """A wrap of several `lines` leaves no line `stranded`; a text that cannot be broken so (a
    short Japanese phrase) is better drawn on one line."""
    return len(lines) < 2 or not any(stranded(line) for line in lines)


CJK_SHRINK = 0.9  # a title broken between CJK characters only where one line would shrink further


def wrap_rather_than_shrink(text: str, lines: list[str], shrink: float) -> bool:
    """Whether `text`, which one line shows at `shrink` of its size, is better drawn as its
    wrapped `lines`: never when a line is left `stranded`; broken between words, always (a
    Spanish title shrunk to 0.96 wraps); broken between CJK characters, only when the one line
    would lose more than a tenth — a phrase split for a glyph or two is not worth a line (the
    Japanese effects' title at 200 % keeps its line at 0.95)."""
    if len(lines) < 2 or not well_broken(lines):
        return False
    return " ".join(lines) == " ".join(text.split()) or shrink < CJK_SHRINK

