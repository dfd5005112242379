"""Fonts: the game's TTFs from assets/fonts, with fallbacks that never stop the game.

Roles: `"body"` (body.ttf), `"title"` (title.ttf), `"bold"` (bold.ttf, else body.ttf rendered
bold). A missing or unreadable file is logged once as a warning and replaced by a system serif
(`pygame.font.SysFont`); only when that fails too is `pygame.font.Font(None)` used.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path

import pygame

from castellion.ui.canvas import at_scale
from castellion.ui.sprites import find_resource

log = logging.getLogger(__name__)

ROLE_FILES = {"body": "body.ttf", "title": "title.ttf", "bold": "bold.ttf"}
SYSTEM_FALLBACK = "ebgaramond,ebgaramond12,dejavuserif,liberationserif,georgia,timesnewroman,serif"


class Fonts:
    """Font objects by (role, size), cached, plus a small cache of rendered text."""

    def __init__(self, directory: Path | None = None) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._directory = directory
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._renders: OrderedDict[tuple[str, int, tuple[int, ...], str], pygame.Surface] = OrderedDict()
        self._warned: set[str] = set()
        self.missing: list[str] = []  # role files that were not found (self-test reports them)
        self.scale = 1.0  # the window's scale: text is rendered with fonts at round(size·scale)

    def set_scale(self, scale: float) -> None:
        """The window's scale changed: drop the rendered text (fonts by size stay cached)."""
        if scale != self.scale:
            self.scale = float(scale)
            self._renders.clear()

    def _path(self, filename: str) -> Path | None:
        if self._directory is not None:
            path = self._directory / filename
            return path if path.is_file() else None
        return find_resource("assets", "fonts", filename)

    def _load(self, role: str, size: int) -> pygame.font.Font:
        filename = ROLE_FILES.get(role, ROLE_FILES["body"])
        embolden = False
        path = self._path(filename)
        if path is None and role == "bold":
            path, embolden = self._path(ROLE_FILES["body"]), True
        if path is not None:
            try:
                font = pygame.font.Font(str(path), size)
                if embolden:
                    font.bold = True
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

    def get(self, role: str = "body", size: int = 22) -> pygame.font.Font:
        """The font for `role` at `size` pixels (cached)."""
        key = (role, int(size))
        font = self._fonts.get(key)
        if font is None:
            font = self._fonts[key] = self._load(role, int(size))
        return font

    def render(self, text: str, size: int, colour: Sequence[int], role: str = "body") -> pygame.Surface:
        """`text` rendered antialiased (cached; the last 512 renders are kept). `size` is logical;
        at a scale other than 1 the text is rendered with the font at round(size·scale) (crisp)
        and answered as a `ui.canvas.Image` measuring what the logical font measures."""
        key = (text, int(size), tuple(colour), role)
        surf = self._renders.get(key)
        if surf is None:
            if self.scale == 1.0:
                surf = self.get(role, size).render(text, True, colour)
            else:
                pixels = self.get(role, max(1, round(int(size) * self.scale))).render(text, True, colour)
                surf = at_scale(pixels, self.get(role, size).size(text), self.scale)
            self._renders[key] = surf
            if len(self._renders) > 512:
                self._renders.popitem(last=False)
        else:
            self._renders.move_to_end(key)
        return surf


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` broken into lines no wider than `width` (a word longer than the width stands alone).
    Newlines in `text` start new lines; an empty line is kept."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = word if not line else line + " " + word
            if font.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
