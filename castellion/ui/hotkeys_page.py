"""The F1 rules page's hotkeys topic, made from data: `SECTIONS` (headings → rows), each row the
actions of the keymap whose keys it shows and the catalog message of what they do.

The keys are the keymap's labels as they are now, so a key the player moved on Settings →
Controls shows on its row with nothing to replace in the words; keys the keymap does not hold
(the menus' Tab, Enter and Space, the mouse) are a row's fixed keys, by their label, or named in
words by a message of their own. After the table's rows come the actions it does not hold that
have a key of their own at the castle or everywhere, each with its Controls label, so F1's list and
the Controls page never disagree. Rows reach `ui.scroll_text.ScrollText` as `KeyRow` pairs (keys,
meaning), which it sets with the keys in bold: nothing splits a translated line.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from castellion.ui import keymap as K
from castellion.ui.keymap import DEFAULT_KEYS, FIXED, Action, Key, key_label
from castellion.ui.scroll_text import Block, KeyRow
from castellion.ui.text import t


@dataclass(frozen=True)
class Row:
    """One line of the hotkeys topic: its keys and what they do (`meaning`, a catalog message)."""

    meaning: str
    actions: tuple[Action, ...] = ()  # the keymap's actions whose keys the row shows, in order
    fixed: tuple[int, ...] = ()  # keys the keymap does not hold (the menus'), by their label
    # keys named in words ("Mouse", "arrows"), a catalog message: after the fixed keys; with
    # actions, shown instead of their keys while every one of them keeps its default keys
    named: str = ""
    first: bool = False  # an action's first default key alone ("Enter", not "Enter / Keypad Enter")

    def keys(self, keymap: K.Keymap) -> str:
        """The row's keys as the player reads them now ("D / S", "Q / S" once D moved)."""
        unmoved = all(keymap.keys[action] == DEFAULT_KEYS[action] for action in self.actions)
        if self.actions and not (self.named and unmoved):
            return " / ".join(_action_keys(keymap, action, self.first) for action in self.actions)
        return " / ".join([key_label(code) for code in self.fixed] + ([t(self.named)] if self.named else []))


CURSOR = (Action.CURSOR_LEFT, Action.CURSOR_RIGHT, Action.CURSOR_UP, Action.CURSOR_DOWN)

# (heading, rows): the first heading is the topic's title ("h1"), the others its parts ("h2")
SECTIONS: tuple[tuple[str, tuple[Row, ...]], ...] = (
    ("rules.hotkeys.everywhere", (
        Row("rules.hotkeys.rules", (Action.RULES,)),
        Row("rules.hotkeys.fullscreen", (Action.FULLSCREEN,)),
        Row("rules.hotkeys.back", (Action.CANCEL,)),
        Row("rules.hotkeys.move_focus", fixed=(pygame.K_TAB,), named="rules.hotkeys.keys.arrows"),
        Row("rules.hotkeys.press", fixed=(pygame.K_RETURN, pygame.K_SPACE)),
    )),
    ("rules.hotkeys.at_castle", (
        Row("rules.hotkeys.mouse", named="rules.hotkeys.keys.mouse"),
        Row("rules.hotkeys.cursor", CURSOR, named="rules.hotkeys.keys.cursor"),
        Row("rules.hotkeys.activate", (Action.ACTIVATE,), first=True),
        Row("rules.hotkeys.cancel", (Action.CANCEL,)),
        Row("rules.hotkeys.draw", (Action.DRAW_REGULAR, Action.DRAW_SAFE)),
        Row("rules.hotkeys.discard", (Action.DISCARD,)),
        Row("rules.hotkeys.traitor", (Action.TRAITOR,)),
        Row("rules.hotkeys.power", (Action.USE_POWER, Action.SKIP_POWER)),
        Row("rules.hotkeys.encounter", (Action.ENCOUNTER,)),
        Row("rules.hotkeys.undo", (Action.UNDO, Action.REDO)),
        Row("rules.hotkeys.skip_animation", (Action.SKIP_ANIMATION,)),
    )),
)


def _action_keys(keymap: K.Keymap, action: Action, first: bool) -> str:
    keys = keymap.keys[action]
    if first and keys == DEFAULT_KEYS[action]:
        return keys[0].label
    return keymap.label(action)


def _plain_key(key: Key) -> bool:
    """A letter, digit or F-key (D, 1, F1, Ctrl+Z): a key of its own, not the menus' or the cursor's."""
    name = key.name.removeprefix("ctrl+")
    return len(name) == 1 or (name.startswith("f") and name[1:].isdigit())


def listed(action: Action) -> bool:
    """Whether F1's list names `action` after the table's rows: a key of its own at the castle or
    everywhere (not Esc's, not the demo's, not the menus' scrolling keys)."""
    has_plain = any(_plain_key(key) for key in DEFAULT_KEYS[action])
    return has_plain and action not in FIXED and action.context != "demo"


def hotkey_blocks(keymap: K.Keymap | None = None) -> list[Block]:
    """The hotkeys topic's blocks: each section's heading and its rows, then the rows of the
    actions the table does not hold, every key as `keymap` (default: the current one) has it."""
    keymap = keymap or K.current()
    out: list[Block] = []
    held: set[Action] = set()
    for n, (heading, rows) in enumerate(SECTIONS):
        out.append(("h2" if n else "h1", t(heading)))
        for row in rows:
            out.append(("key", KeyRow(row.keys(keymap), t(row.meaning))))
            held.update(row.actions)
    out.extend(("key", KeyRow(keymap.label(action), action.label)) for action in Action
               if action not in held and listed(action))
    return out


__all__ = ["CURSOR", "SECTIONS", "Row", "hotkey_blocks", "listed"]
