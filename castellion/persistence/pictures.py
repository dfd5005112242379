"""Where a saved picture (the result card) goes, written atomically: the Windows shell's Pictures,
else `XDG_PICTURES_DIR` (the environment, else user-dirs.dirs), else ~/Pictures, else the data
folder's `pictures/`.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from . import datadir, winfolders
from .atomic import atomic_write_bytes
from .errors import Doing, storage_error

_LINE = re.compile(r'^\s*XDG_PICTURES_DIR\s*=\s*"?([^"\n]*)"?\s*$', re.MULTILINE)
MAX_DIRS_FILE = 64 * 1024  # user-dirs.dirs is a few lines: a bigger one is not read


def _xdg_setting(home: Path) -> str | None:
    value = os.environ.get("XDG_PICTURES_DIR")
    if value:
        return value
    config = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config") / "user-dirs.dirs"
    try:
        if not config.is_file() or config.stat().st_size > MAX_DIRS_FILE:
            return None
        match = _LINE.search(config.read_text("utf-8", errors="replace"))
    except OSError:
        return None
    return match.group(1) if match else None


def pictures_dir() -> Path:
    """The folder a picture is saved in (see the module docstring); not created here."""
    shell = winfolders.known_folder(winfolders.PICTURES)  # moved, or redirected to OneDrive
    if shell and Path(shell).is_dir():
        return Path(shell)
    home = Path.home()
    setting = _xdg_setting(home)
    if setting:
        folder = Path(setting.replace("$HOME", str(home)))
        if folder.is_absolute() and folder.is_dir() and folder != home:
            return folder
    if (home / "Pictures").is_dir():
        return home / "Pictures"
    return datadir.data_dir() / "pictures"


def save_picture(name: str, data: bytes) -> Path:
    """Write `data` atomically as `name` in `pictures_dir()` (numbered when taken); the path
    written. Raises `StorageError`."""
    folder = pictures_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise storage_error(exc, folder, Doing.CREATE_FOLDER) from exc
    stem, suffix = os.path.splitext(name)
    target, n = folder / name, 1
    while os.path.lexists(target):
        n += 1
        target = folder / f"{stem}-{n}{suffix}"
    atomic_write_bytes(target, data)
    return target
