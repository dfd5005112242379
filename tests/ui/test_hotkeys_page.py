"""`ui.hotkeys_page`: the F1 rules page's hotkeys topic, made from the keymap's table, so a key the
player moved on Settings → Controls is drawn on its row in every language."""

from __future__ import annotations

import pygame
import pytest

from castellion.ui import keymap as K
from castellion.ui import scroll_text
from castellion.ui.keymap import Action, Key
from castellion.ui.text import set_language, t

pytestmark = pytest.mark.usefixtures("default_input")  # each test starts (and leaves the next) with the default keys


def drawn_page(ctx, monkeypatch) -> list[tuple[int, str, str]]:
    """What the Rules' hotkeys topic draws, scrolled from top to bottom: (y in the text, role,
    text) for every piece of words its lines draw, in order."""
    from castellion.scenes.overlays import RulesOverlay

    page = RulesOverlay(ctx, topic="hotkeys")
    box = page.text
    calls: list[tuple[int, str, str]] = []
    real = scroll_text.draw_text

    def spy(surface, c, text, pos, **kw):
        calls.append((pos[1] + box.offset, kw.get("role", "body"), text))
        return real(surface, c, text, pos, **kw)

    monkeypatch.setattr(scroll_text, "draw_text", spy)
    surface = pygame.Surface(ctx.canvas)
    step = 0
    while True:
        box.offset = min(box.max_offset, step * (box.rect.h - 60))
        box.draw(surface)
        if box.offset >= box.max_offset:
            break
        step += 1
    return sorted(dict.fromkeys(calls), key=lambda call: call[0])  # (each once; stable within a line)


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_a_moved_key_is_drawn_in_bold_on_its_row_in_every_language(ctx, monkeypatch, lang):
    """After moving the regular draw to Q, skipping the animations to J and the cursor's left to
    L, F1's page draws each new key in bold on the row that says what it does. Before, the keys
    were replaced in the catalog's lines by matching their default labels: the cursor's row kept
    "Arrows" in every language, and in Japanese "Space" (the catalog's word, not the keymap's
    "スペース") was never matched, so J was never shown."""
    set_language(lang)
    table = K.Keymap()
    for action, code in ((Action.DRAW_REGULAR, pygame.K_q), (Action.SKIP_ANIMATION, pygame.K_j),
                         (Action.CURSOR_LEFT, pygame.K_l)):
        assert table.rebind(action, Key(code)) is None
    K.set_current(table)
    calls = drawn_page(ctx, monkeypatch)
    bold = [(y, text) for y, role, text in calls if role == "bold"]
    moved = {"Q / S": "rules.hotkeys.draw", "J": "rules.hotkeys.skip_animation",
             "L / \u2192 / \u2191 / \u2193": "rules.hotkeys.cursor"}
    assert set(moved) <= {text for _y, text in bold}, bold
    for keys, meaning in moved.items():
        y = next(y for y, text in bold if text == keys)
        rest = [text for at, role, text in calls if at == y and role != "bold"]
        # the rest of the key's line: the dash and the start of the row's meaning (the line may wrap)
        assert len(rest) == 1 and (" \u2014 " + t(meaning)).startswith(rest[0]), (keys, rest)
    old = {"D / S", "D", t("rules.hotkeys.keys.cursor"), "Space", t("keys.space")}
    assert not old & {text for _y, text in bold}
