"""The one hardened reader (`read_json`) and `printable` for every name shown: what a file may hold
and how it is refused is docs/persistence.md, "Reads: one hardened reader".
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import stat
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

MAX_INT = 2**63  # no count, seed or size Castellion keeps comes near; beyond is damage
MAX_INT_DIGITS = 20  # checked before int() runs: a 10**6-digit literal costs nothing to refuse
MAX_TEXT = 4096  # characters in one string (keys included)
MAX_DEPTH = 32  # nesting of arrays / objects (a save is 4 deep)


class Damaged(ValueError):
    """A file that cannot be used; `reason` says why in words, `problem` is a short code:
    "missing", "not_a_file", "unreadable", "too_large", "empty", "truncated", "corrupt"."""

    def __init__(self, reason: str, problem: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.problem = problem


# ------------------------------------------------------------------ bytes
def read_bytes(path: Path | str, max_bytes: int, *, head: bool = False) -> bytes:
    """The bytes of the regular file at `path` (symlinks followed), at most `max_bytes`.
    `head`: only its first `max_bytes` bytes, whatever its size (a glance at a header).

    Raises `Damaged`: "missing", "not_a_file" (a folder, FIFO, device, socket: opened without
    blocking and never read), "too_large" (never with `head`), "unreadable" (no permission, I/O
    error)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError as exc:
        raise Damaged("there is no such file", "missing") from exc
    except IsADirectoryError as exc:
        raise Damaged("it is a folder, not a file", "not_a_file") from exc
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise Damaged(f"it cannot be read ({_why(exc)})", "unreadable") from exc
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise Damaged("it is a folder, not a file", "not_a_file")
        if not stat.S_ISREG(st.st_mode):
            raise Damaged("it is not a regular file (a device or pipe)", "not_a_file")
        if st.st_size > max_bytes and not head:
            raise Damaged(f"it is far too large ({st.st_size} bytes)", "too_large")
        chunks, total = [], 0
        while True:  # the size may change while we read: never take more than the cap
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                if head:
                    return b"".join(chunks)[:max_bytes]
                raise Damaged(f"it is far too large (over {max_bytes} bytes)", "too_large")
        return b"".join(chunks)
    except OSError as exc:
        raise Damaged(f"it cannot be read ({_why(exc)})", "unreadable") from exc
    finally:
        os.close(fd)


def _why(exc: BaseException) -> str:
    return printable(getattr(exc, "strerror", None) or str(exc) or type(exc).__name__)


# ------------------------------------------------------------------ JSON
def _parse_float(text: str) -> float:
    if len(text) > 64:
        raise ValueError(f"a number of {len(text)} characters")
    value = float(text)
    if not math.isfinite(value) or abs(value) > MAX_INT:
        raise ValueError(f"the number {text[:30]} is out of range")
    return value


def _parse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number")


def text_problem(value: str, max_len: int = MAX_TEXT) -> str | None:
    """Why `value` is not acceptable text (None when it is): too long, a NUL, a lone surrogate."""
    if len(value) > max_len:
        return f"a text of {len(value)} characters"
    if "\x00" in value:
        return "a text holding a NUL character"
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "a text holding a lone surrogate"
    return None


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')  # unrolled: no alternation per character
_INNERMOST = re.compile(r'[\[{][^\[\]{}]*[\]}]')
_ESCAPE = re.compile(r'\\(?:u[0-9a-fA-F]{4}|.)', re.DOTALL)  # one JSON escape = one character
_BACKSLASH_PAIR = re.compile(r"\\\\")
_runs: dict[int, re.Pattern[str]] = {}
# Characters handed to the string checks' passes, and values walked (tests count the work: each
# pass is anchored so that it reads each character once, so this total is the work done).
work = {"chars": 0, "values": 0}


def _has_nul(text: str) -> bool:
    """Whether the JSON text holds the escape of a NUL (`\\u0000`, not an escaped backslash
    followed by "u0000"). Linear: escaped backslashes are removed first (left to right, as JSON
    reads them), so no pattern backtracks over a run of backslashes."""
    if "\\u0000" not in text:
        return False
    work["chars"] += len(text)
    return "\\u0000" in _BACKSLASH_PAIR.sub("", text)


def _longest_text(data: object) -> int:
    """The length of the longest string (key or value) of parsed JSON `data`: one walk, no
    recursion (the depth is checked apart)."""
    longest, stack = 0, [data]
    while stack:
        item = stack.pop()
        work["values"] += 1
        if isinstance(item, str):
            longest = max(longest, len(item))
        elif isinstance(item, dict):
            for key, value in item.items():
                longest = max(longest, len(key))
                stack.append(value)
        elif isinstance(item, list):
            stack.extend(item)
    return longest


def long_text_suspected(text: str, max_text: int) -> bool:
    """Whether the JSON text may hold a string longer than `max_text` characters — never False
    when it does. Linear in the text (the old exact pattern tried up to
    `max_text` characters from every quote, 6 s for one 400 KB string): each escape is first made
    one character, then a run of more than `max_text` characters without a quote is looked for
    only where a run starts (right after a quote, or at the start), so each character is scanned
    once."""
    run = _runs.get(max_text)
    if run is None:
        run = _runs[max_text] = re.compile('(?<![^"])[^"]{' + str(max_text + 1) + "}")
    if len(text) <= max_text:
        return False
    flat = _ESCAPE.sub("x", text) if "\\" in text else text
    work["chars"] += len(text) + len(flat)
    return run.search(flat) is not None


_LONG_NUMBER = re.compile(r"\d{" + str(MAX_INT_DIGITS + 1) + "}")


_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_PAIR = re.compile(r"\[\]|\{\}")


def _too_deep(text: str, max_depth: int) -> bool:
    """Whether brackets nest more than `max_depth` deep in `text` (brackets inside strings
    count too: callers confirm on the text without its strings)."""
    brackets = _NOT_BRACKET.sub("", text)  # a save's few hundred brackets, nothing else
    if len(brackets) <= max_depth:
        return False
    for _level in range(max_depth + 1):
        brackets, inner = _PAIR.subn("", brackets)
        if not inner:
            return False
    return True


def check_json_text(text: str, *, max_depth: int = MAX_DEPTH, max_text: int = MAX_TEXT,
                    data: object = None) -> None:
    """The bounds of a JSON text that parsed, checked on the text with C-speed regex passes (a
    Python walk of every value, or a `parse_int` hook, cost ~0.3 ms per save: the Saves screen's
    whole budget for 100 saves). Raises `ValueError`: a number of more than `MAX_INT_DIGITS`
    digits, nesting deeper than `max_depth`, a string longer than `max_text`, a NUL or a lone
    surrogate (both can only come from a `\\uXXXX` escape: the text itself is valid UTF-8 and raw
    control characters are refused by the parser)."""
    # Numbers and depth are first judged on the raw text (fast); only a suspect text is judged
    # again without its strings (a long digit run or brackets inside a name are no damage).
    if _LONG_NUMBER.search(text) or _too_deep(text, max_depth):
        skeleton = _STRING.sub("0", text)  # what is left: numbers, literals, brackets, commas
        found = _LONG_NUMBER.search(skeleton)
        if found:
            digits = re.match(r"\d+", skeleton[found.start():])
            raise ValueError(f"a number of {len(digits.group()) if digits else '?'} digits")
        if _too_deep(skeleton, max_depth):
            raise ValueError(f"data nested more than {max_depth} deep")
    if long_text_suspected(text, max_text):  # then the exact walk of the values (rare)
        longest = _longest_text(json.loads(text) if data is None else data)
        if longest > max_text:
            raise ValueError(f"a text of {longest} characters (at most {max_text})")
    if "\\u" in text or "\\U" in text:
        if _has_nul(text):
            raise ValueError("a text holding a NUL character")
        if re.search(r"\\u[dD][89a-fA-F]", text):  # surrogate escapes: are they all in pairs?
            try:
                json.dumps(json.loads(text), ensure_ascii=False).encode("utf-8")
            except UnicodeEncodeError:
                raise ValueError("a text holding a lone surrogate") from None


def parse_json(raw: bytes) -> object:
    """Parse `raw` (UTF-8 JSON) hardened; raises `Damaged` ("empty", "truncated", "corrupt")."""
    if not raw.strip():
        raise Damaged("the file is empty", "empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Damaged("the file is not text (corrupt)", "corrupt") from exc
    if text.startswith("\ufeff"):  # a byte-order mark some editors add: harmless
        text = text[1:]
    try:
        data = json.loads(text, parse_float=_parse_float, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        # The parser reached the end while a value was still open: the file was cut short.
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise Damaged("the file ends abruptly (truncated — an interrupted copy?)",
                          "truncated") from exc
        raise Damaged(f"the file is corrupt (not valid JSON: {exc.msg} at line {exc.lineno})",
                      "corrupt") from exc
    except RecursionError as exc:
        raise Damaged("the file is corrupt (nested too deeply)", "corrupt") from exc
    except (ValueError, OverflowError, TypeError, MemoryError) as exc:  # 4,300+ digits, 1e999…
        raise Damaged(f"the file is corrupt ({printable(str(exc))[:120]})", "corrupt") from exc
    try:
        check_json_text(text, data=data)
    except ValueError as exc:
        raise Damaged(f"the file is corrupt ({exc})", "corrupt") from exc
    return data


def digest(data: object, default: Callable[[Any], Any] | None = None) -> str:
    """sha256 (hex) of the canonical JSON of `data` (sorted keys, no spaces): every key and hash
    Castellion keeps (state hash, record key, review key, rules-data digest) is one of these."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), default=default)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def read_json(path: Path | str, max_bytes: int) -> object:
    """`read_bytes` then `parse_json`: the one way Castellion reads a file. Raises `Damaged`."""
    return parse_json(read_bytes(path, max_bytes))


# ------------------------------------------------------------------ showing paths and names
def printable(value: object) -> str:
    """`value` (a str, bytes or path) as text any font can draw and any log can hold: bytes that
    are not UTF-8 (file names on POSIX arrive as lone surrogates) become `\\xNN`, control and
    invisible format characters (NUL, zero-width space, bidi overrides) `\\uNNNN`."""
    if isinstance(value, (bytes, bytearray)):
        text = os.fsdecode(bytes(value))
    elif isinstance(value, os.PathLike):
        text = os.fsdecode(os.fspath(value))
    else:
        text = str(value)
    out = []
    for ch in text:
        code = ord(ch)
        if 0xDC80 <= code <= 0xDCFF:  # a byte os.fsdecode could not decode (surrogateescape)
            out.append(f"\\x{code - 0xDC00:02x}")
        elif 0xD800 <= code <= 0xDFFF:
            out.append(f"\\u{code:04x}")
        elif unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cn", "Zl", "Zp"):
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
        else:
            out.append(ch)
    return "".join(out)


# Letters and symbols that fonts draw as nothing: the Hangul fillers (U+115F, U+1160, U+3164,
# U+FFA0), the blank Braille pattern (U+2800), the Khmer inherent vowels (U+17B4, U+17B5). With
# the marks (combining, variation selectors, U+034F), the separators (spaces) and the control and
# format characters, a text made only of these is blank however it is drawn.
BLANK_CHARS = frozenset("\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")


def draws_nothing(value: object) -> bool:
    """Whether `value` would be drawn as nothing: empty, or only spaces, marks, control and
    format characters and the blank letters of `BLANK_CHARS` (such a player name was drawn as an
    empty label)."""
    return not any(ch not in BLANK_CHARS and unicodedata.category(ch)[0] not in ("M", "Z", "C")
                   for ch in str(value))


def visible(value: object, fallback: str = "?") -> str:
    """`printable(value)`, or `fallback` when that would draw nothing (`draws_nothing`: empty,
    only spaces, combining marks or blank letters): a font refuses to render zero-width text."""
    text = printable(value)
    if draws_nothing(text):
        return fallback
    return text
