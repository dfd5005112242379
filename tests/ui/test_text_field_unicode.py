"""Issue 20, item 9: the Save name field with every Unicode category — an invisible character
typed alone (U+FE0F, U+034F, U+180B, U+E0100) used to be the error screen ("Text has zero
width" in `TextField.draw`). Not a list of examples: a sample of code points of every
`unicodedata.category`, typed, drawn focused and at rest, clicked into and erased."""

from __future__ import annotations

import sys
import unicodedata

import pygame
import pytest

from castellion.ui.text_field import TextField

REPORTED = ("\ufe0f", "\u034f", "\u180b", "\U000e0100")
PER_CATEGORY = 6


def _samples() -> dict[str, list[str]]:
    """Up to `PER_CATEGORY` code points of each general category, spread over the code space
    (the first, the last and evenly between), plus the four the attack reported."""
    found: dict[str, list[int]] = {}
    for code in range(sys.maxunicode + 1):
        found.setdefault(unicodedata.category(chr(code)), []).append(code)
    out: dict[str, list[str]] = {}
    for category, codes in found.items():
        step = max(1, len(codes) // (PER_CATEGORY - 1))
        picked = sorted({*codes[::step][: PER_CATEGORY - 1], codes[-1]})
        out[category] = [chr(c) for c in picked]
    out.setdefault("Mn", []).extend(REPORTED)
    return out


SAMPLES = _samples()


def test_item9_every_unicode_category_is_sampled():
    # the 30 general categories of Unicode, surrogates (Cs) and unassigned (Cn) included
    assert len(SAMPLES) == 30 and {"Cs", "Cn", "Co", "Cf", "Mn", "Me", "Zl", "Zs"} <= set(SAMPLES)


def _type(field: TextField, text: str) -> None:
    field.handle_key(pygame.event.Event(pygame.TEXTINPUT, text=text))


def _draw_both_ways(field: TextField, surface: pygame.Surface) -> None:
    field.focused = True
    field.draw(surface)
    field.focused = False
    field.draw(surface)


@pytest.mark.parametrize("category", sorted(SAMPLES))
def test_item9_text_field_with_every_unicode_category_never_raises(ctx, category):
    surface = pygame.Surface((400, 80))
    for ch in SAMPLES[category]:
        for text in (ch, ch * 3, "a" + ch, ch + "é", "\u0915" + ch):
            field = TextField(ctx, (10, 10, 300, 48), "", digits=False, max_len=40)
            field.focused = True
            _type(field, text)  # what the keyboard (or an input method) sends
            _draw_both_ways(field, surface)
            field.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(60, 30), button=1))
            field.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL,
                                                unicode=""))
            _draw_both_ways(field, surface)  # the selection band over the character
            field.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
            assert field.text == ""
            field.text = text  # set directly (a name read back from a file)
            _draw_both_ways(field, surface)
            assert not any(0xD800 <= ord(c) <= 0xDFFF or c == "\x00" for c in field.text)


def test_item9_zero_width_characters_alone_are_typed_and_drawn(ctx):
    surface = pygame.Surface((400, 80))
    for ch in REPORTED:
        field = TextField(ctx, (10, 10, 300, 48), "", digits=False, max_len=40)
        field.focused = True
        _type(field, ch)
        assert field.text == ch  # accepted as typed: the name check judges it, not the drawing
        _draw_both_ways(field, surface)
        img = ctx.fonts.render(ch, 24, (0, 0, 0), "bold")
        assert img.get_height() > 0  # a line high, so the layout around it holds
