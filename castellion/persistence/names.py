"""Save names and where save files live: the only code that turns a name into a path.

A save `name` is the file `saves/<name>.json`. `name_problem` judges a name for a *new* save
(letters, marks and digits of any script by Unicode category, a little punctuation; NFC, at most
`NAME_MAX` characters); `plain_name_problem` is the looser guard of every path the API builds —
a plain file name of the saves folder, nothing that could reach outside it ("../x", "a/b", NUL).
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

from . import datadir, logfile
from .errors import PersistenceError, Reason, Words
from .reader import printable

AUTOSAVE = "autosave"
EXTENSION = ".json"
NAME_MAX = 40


class SaveRefused(PersistenceError):
    """A save request that would harm something (bad name, or a damaged file in the way)."""


# ------------------------------------------------------------------ names and paths
# The device names Windows reserves in every folder, with any extension: COM and LPT with a digit
# 0-9 or a superscript ¹ ² ³ (Windows reads those as digits too; Wine does not, so a name that
# saves under Wine would fail on Windows: tests/persistence/test_windows_wine.py).
_RESERVED_WINDOWS = {"con", "prn", "aux", "nul", "conin$", "conout$",
                     *(f"{port}{n}" for port in ("com", "lpt") for n in "0123456789\u00b9\u00b2\u00b3")}
_AUTOSAVE_RE = re.compile(r"^autosave(-\d+)?$", re.IGNORECASE)
_NAME_PUNCT = set(" -_'(),!&+")


def is_automatic(name: str) -> bool:
    return bool(_AUTOSAVE_RE.match(name))


# Letters of other scripts that are drawn like the Latin letters of "autosave" (Unicode's
# confusables.txt, the ones a font shows identically): "аutosave" with a Cyrillic а must not pass
# for the automatic save. Fullwidth and other compatibility forms are folded by NFKC first.
_CONFUSABLE = str.maketrans({
    "\u0430": "a", "\u0251": "a", "\u03b1": "a", "\u0410": "a", "\u0391": "a",  # а ɑ α А Α
    "\u057d": "u", "\u03c5": "u", "\u028b": "u", "\u1d1c": "u",  # ս υ ʋ ᴜ
    "\u0442": "t", "\u03c4": "t", "\u0422": "t", "\u03a4": "t", "\u1d1b": "t",  # т τ Т Τ ᴛ
    "\u043e": "o", "\u03bf": "o", "\u041e": "o", "\u039f": "o", "\u0585": "o",  # о ο О Ο օ
    "\u0ce6": "o", "\u0d20": "o", "\u101d": "o", "\u10ff": "o", "\u0966": "o",
    "\u0455": "s", "\u0405": "s", "\u01bd": "s", "\ua731": "s",  # ѕ Ѕ ƽ ꜱ
    "\u03bd": "v", "\u0475": "v", "\u0474": "v", "\u1d20": "v", "\u2174": "v",  # ν ѵ Ѵ ᴠ ⅴ
    "\u0435": "e", "\u0415": "e", "\u0395": "e", "\u04bd": "e", "\u212e": "e",  # е Е Ε ҽ ℮
    "\u0131": "i", "\u0456": "i",
})


def looks_automatic(name: str) -> bool:
    """Whether `name` is, or is drawn like, "autosave" / "autosave-N": compatibility forms
    folded (NFKC), case ignored, accents dropped, look-alike letters of other scripts read as
    the Latin ones."""
    if not isinstance(name, str):
        return False
    folded = unicodedata.normalize("NFKC", name).casefold().translate(_CONFUSABLE)
    bare = "".join(ch for ch in unicodedata.normalize("NFD", folded)
                   if unicodedata.category(ch)[0] != "M")
    return is_automatic(bare) or is_automatic(name)


def normalise_name(name: str) -> str:
    """The form a save name is stored under: Unicode NFC (a decomposed "é" is the same name)."""
    return unicodedata.normalize("NFC", name) if isinstance(name, str) else name


def _name_char_ok(ch: str) -> bool:
    # Letters, marks (the vowel signs of Hindi, combining accents), digits — any script.
    return unicodedata.category(ch)[0] in "LMN" or ch in _NAME_PUNCT


def name_problem(name: str) -> Words | None:
    """Why `name` cannot name a new save slot (a reason and its parameters; the UI words it), or
    None when it can. `name` is judged in its NFC form (see `normalise_name`)."""
    if not isinstance(name, str) or not name.strip():
        return Words(Reason.NAME_EMPTY)
    name = normalise_name(name)
    bad = sorted({ch for ch in name if not _name_char_ok(ch)})
    checks: tuple[tuple[bool, Reason, dict[str, str]], ...] = (
              (name != name.strip(), Reason.NAME_SPACES, {}),
              (len(name) > NAME_MAX, Reason.NAME_TOO_LONG, {"n": str(NAME_MAX)}),
              (bool(bad), Reason.NAME_CHARACTERS, {"chars": " ".join(printable(b) for b in bad)}),
              (unicodedata.category(name[0])[0] == "M", Reason.NAME_LONE_MARK, {}),
              (looks_automatic(name), Reason.NAME_AUTOMATIC, {}),
              (name.lower() in _RESERVED_WINDOWS, Reason.NAME_RESERVED, {"name": name}))
    for refused, reason, params in checks:  # in this order: the first that applies is told
        if refused:
            return Words(reason, params)
    return None


def plain_name_problem(name: object) -> str | None:
    """Why `name` is not the plain file name of a save in the saves folder (None when it is).
    Looser than `name_problem`: a file the player put in the folder by hand, whatever its name,
    can still be opened and deleted — but nothing can reach outside the folder."""
    if not isinstance(name, str) or not name:
        return "no name"
    # "." and ".." are the files "..json" and "...json" (a name only ever gets ".json" added):
    # hand-placed files like any other, inside the folder.
    try:
        os.fsencode(name)  # a lone surrogate that is no undecodable byte cannot name a file
    except UnicodeError:
        return "a name that is not valid text"
    seps = {"/", "\\", "\x00", os.sep, *([os.altsep] if os.altsep else [])}
    if any(sep in name for sep in seps) or (os.name == "nt" and ":" in name):
        return "a name holding a path separator"
    if len(name) > 255:
        return "a name too long for a file"
    return None


def save_path(name: str) -> Path:
    """The file of save `name`. Raises `SaveRefused` for anything but a plain file name (no
    `../`, no separator, no NUL): no caller can reach a file outside the saves folder."""
    problem = plain_name_problem(name)
    if problem is not None:
        raise SaveRefused(f"not the name of a save ({problem})", reason=Reason.NOT_A_SAVE_NAME,
                          params={"name": printable(name)})
    folder = datadir.saves_dir()
    path = folder / (name + EXTENSION)
    if path.parent != folder:  # belt and braces: a plain name stays in the folder
        raise SaveRefused("not the name of a save (outside the folder)", reason=Reason.NOT_A_SAVE_NAME,
                          params={"name": printable(name)})
    keep_private(name)
    return path


def keep_private(name: str) -> None:
    """A save name the player typed or put in the folder never reaches the log (`logfile.private`)."""
    if not is_automatic(name):
        logfile.private(name)
        logfile.private(printable(name))


def existing_name(name: str) -> str:
    """The form of `name` a file of the folder has: its NFC form (how `save_slot` stores every
    name) when that file exists, else `name` as given (a decomposed name a file put there by
    hand — e.g. copied from macOS — really has), else the NFC form. So load and delete find
    what save wrote, whichever form the caller holds."""
    nfc = normalise_name(name)
    if not isinstance(name, str) or nfc == name:
        return nfc
    for candidate in (nfc, name):
        try:
            if os.path.lexists(save_path(candidate)):
                return candidate
        except SaveRefused:
            continue
    return nfc


MAX_ALTERNATES = 100  # autosave.json, autosave-1.json … autosave-99.json


def autosave_files() -> list[Path]:
    """The autosave files that exist: autosave.json, autosave-1.json, … (in that order)."""
    try:
        names = {e.name for e in os.scandir(datadir.saves_dir())}
    except OSError:
        return []
    return [autosave_path(i) for i in range(MAX_ALTERNATES) if autosave_path(i).name in names]


def autosave_path(index: int = 0) -> Path:
    """`saves/autosave.json`, or the alternates `autosave-<index>.json` (used while the main one
    is damaged — see autosave.py)."""
    return save_path(AUTOSAVE if index == 0 else f"{AUTOSAVE}-{index}")
