"""The editing inside a one-line text field: caret, selection, a maximum length. Pure (no pygame).

`TextEdit` is what `widgets.TextField` types into: the caret moves with Left/Right/Home/End (Shift
selects), Ctrl+A selects all, typing replaces the selection, Backspace / Delete remove the
selection or one character. Text longer than `max_len` is cut — and `cut` says so, so that the
field can tell the player instead of dropping characters without a word.
"""

from __future__ import annotations

from dataclasses import dataclass


def typeable(text: str) -> str:
    """`text` without what no keyboard types and no font draws: NUL and lone surrogates (a name
    read back from an odd file may hold them; the field holds the rest, invisible ones included)."""
    return "".join(c for c in text if c != "\x00" and not 0xD800 <= ord(c) <= 0xDFFF)


@dataclass
class TextEdit:
    text: str = ""
    max_len: int = 9
    caret: int = -1  # -1: at the end (set in __post_init__)
    anchor: int | None = None  # the other end of the selection, None when nothing is selected
    cut: bool = False  # the last typing or paste was cut at max_len

    def __post_init__(self) -> None:
        self.text = typeable(self.text)[: self.max_len]
        self.caret = len(self.text) if self.caret < 0 else min(self.caret, len(self.text))

    # ------------------------------------------------------------------ selection
    @property
    def selection(self) -> tuple[int, int] | None:
        """(start, end) of the selected text, or None."""
        if self.anchor is None or self.anchor == self.caret:
            return None
        return (min(self.anchor, self.caret), max(self.anchor, self.caret))

    def select_all(self) -> None:
        self.anchor, self.caret = 0, len(self.text)

    def set_text(self, text: str) -> None:
        """Replace the whole text (from the program, not typed): caret at the end, nothing selected."""
        self.text = typeable(text)[: self.max_len]
        self.caret, self.anchor, self.cut = len(self.text), None, False

    def _drop_selection(self) -> bool:
        sel = self.selection
        self.anchor = None
        if sel is None:
            return False
        a, b = sel
        self.text = self.text[:a] + self.text[b:]
        self.caret = a
        return True

    # ------------------------------------------------------------------ typing
    def insert(self, typed: str) -> None:
        """Type `typed` at the caret (replacing the selection); what does not fit is cut."""
        typed = typeable(typed)
        self._drop_selection()
        room = self.max_len - len(self.text)
        kept = typed[: max(0, room)]
        self.cut = len(kept) < len(typed)
        self.text = self.text[: self.caret] + kept + self.text[self.caret:]
        self.caret += len(kept)

    def backspace(self) -> None:
        self.cut = False
        if not self._drop_selection() and self.caret > 0:
            self.text = self.text[: self.caret - 1] + self.text[self.caret:]
            self.caret -= 1

    def delete(self) -> None:
        """The selection, else the character after the caret; at the end of the text Delete
        clears the field (the field's old shortcut for "type a new name")."""
        self.cut = False
        if self._drop_selection():
            return
        if self.caret < len(self.text):
            self.text = self.text[: self.caret] + self.text[self.caret + 1:]
        else:
            self.text, self.caret = "", 0

    # ------------------------------------------------------------------ moving
    def move(self, where: int, *, extend: bool = False) -> None:
        """Put the caret at `where` (clamped); `extend` (Shift held) grows the selection."""
        if extend:
            if self.anchor is None:
                self.anchor = self.caret
        else:
            sel = self.selection
            self.anchor = None
            if sel is not None and where in (self.caret - 1, self.caret + 1):
                # Left / Right on a selection land at its edge, as in every text box
                self.caret = sel[0] if where < self.caret else sel[1]
                return
        self.caret = max(0, min(len(self.text), where))
