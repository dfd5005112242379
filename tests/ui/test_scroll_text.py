"""`ui.scroll_text.ScrollText`: the Rules' scrolling text, its headings over its words at every
text size (Settings → Accessibility → Text size)."""

from __future__ import annotations

import pytest

from castellion.ui.scroll_text import ScrollText

BLOCKS = [("h1", "Goal of the game"), ("p", "You are a young architect."), ("h2", "Winning"),
          ("p", "You win when you pass the third Ordeal.")]


def _drawn_sizes(ctx, text_size: int) -> dict[str, int]:
    """The pixel size each kind of line is drawn at (the player's text size applied)."""
    ctx.change_settings(text_size=text_size)
    text = ScrollText(ctx, (0, 0, 760, 560), BLOCKS)
    firsts = [line for line in text.lines if line.gap_before]  # each block's first line
    assert len(firsts) == len(BLOCKS)
    return {kind: ctx.fonts.sized(line.size) for (kind, _text), line in zip(BLOCKS, firsts, strict=True)}


@pytest.mark.parametrize("text_size", [100, 125, 150, 175, 200])
def test_a_topic_s_heading_is_larger_than_its_sub_headings_and_its_words_at_every_text_size(ctx, text_size):
    """A heading's size (32) is a display size the text size leaves as it is, while the words
    under it grow: at 200 % the Rules' "Goal of the game" was 32 px over 44 px words and under
    52 px sub-headings. It now grows with them."""
    sizes = _drawn_sizes(ctx, text_size)
    assert sizes["h1"] > sizes["h2"] > sizes["p"], sizes


def test_at_100_the_headings_keep_their_size(ctx):
    assert _drawn_sizes(ctx, 100) == {"h1": ctx.theme.font_heading - 4, "h2": ctx.theme.font_label + 2,
                                      "p": ctx.theme.font_body}


def test_a_picture_scrolls_in_the_box_as_the_lines_do(ctx):
    """`set_picture` (the Rules' diagrams above 100 %): the picture is as tall as told, the wheel
    and End scroll it as they scroll lines, it is drawn from the box's top less the scroll, clipped
    to the box; new blocks put lines back in its place."""
    import pygame

    text = ScrollText(ctx, (40, 30, 500, 300), BLOCKS)
    calls: list[tuple[int, pygame.Rect]] = []
    text.set_picture(900, lambda surface, top: calls.append((top, surface.get_clip())))
    assert (text.lines, text.max_offset) == ([], 600)
    text.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    text.draw(pygame.Surface((800, 600)))
    assert calls == [(30 - text.offset, pygame.Rect(40, 30, 500, 300))] and text.offset > 0
    text.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    assert text.offset == 600 and text.thumb_rect() is not None
    text.set_blocks(BLOCKS)
    text.draw(pygame.Surface((800, 600)))
    assert len(calls) == 1 and text.lines and text.offset == 0


KEYS = "Back + D-pad \u2190 / Back + D-pad \u2192"  # a key row's keys, long enough to wrap in a narrow box
MEANING = "read the row \u2014 its tiles \u2014 then the column \u2014 then the castle \u2014 then the Ordeals"


@pytest.mark.parametrize("text_size", [100, 200])
def test_a_key_row_sets_its_keys_in_bold_and_only_them(ctx, monkeypatch, text_size):
    """A key row is a (keys, meaning) pair: its keys are drawn in bold, on every line they wrap
    over, and nothing of its meaning is, though the meaning holds dashes. Before, the row was one
    string split at its first " — " on each line: keys wrapped over two lines left the first line
    plain and set "D-pad →" alone in bold, and a wrapped line of the meaning holding a dash had
    its first piece set in bold (at 200 % the F1 page's chord rows drew so)."""
    import pygame

    from castellion.ui import scroll_text
    from castellion.ui.scroll_text import KeyRow

    ctx.change_settings(text_size=text_size)
    calls: list[tuple[int, str, str]] = []
    real = scroll_text.draw_text

    def spy(surface, c, text, pos, **kw):
        calls.append((pos[1], kw.get("role", "body"), text))
        return real(surface, c, text, pos, **kw)

    monkeypatch.setattr(scroll_text, "draw_text", spy)
    # (320 px: a line of the meaning holds a dash at both sizes, its lines wrapped by their bold keys)
    box = ScrollText(ctx, (0, 0, 320, 2000), [("key", KeyRow(KEYS, MEANING))])
    assert len(box.lines) >= 4 and any(" \u2014 " in line.text for line in box.lines[2:])  # (the case in question)
    box.draw(pygame.Surface((800, 2000)))
    bold = [text for _y, role, text in calls if role == "bold"]
    plain = [text for _y, role, text in calls if role != "bold"]
    assert len(bold) >= 2 and " ".join(bold) == KEYS, bold  # the keys, wrapped over two lines, all bold
    assert " ".join(" ".join(plain).split()) == "\u2014 " + MEANING  # the rest: the dash and the meaning
    rows = sorted({y for y, _role, _text in calls})
    assert len(rows) == len(box.lines) and {y for y, role, _text in calls if role == "bold"} == set(rows[:len(bold)])


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("text_size", [100, 200])
def test_a_key_row_s_lines_drawn_with_their_bold_keys_stay_in_the_box(ctx, monkeypatch, lang, text_size):
    """A key row's keys are drawn in bold, wider than the body font its lines are wrapped by: a line
    filled to the box's width by the body font's measure ran past its right side by what the bold
    keys added (the F1 page's rows at 200 % in Japanese, "Enter — …" to the box's edge). Every
    line, drawn as it is (bold keys, then the rest), now ends inside the box's text width. (The
    Japanese cases passed before: these Latin letters are no wider bold in the Japanese font.)"""
    import pygame

    from castellion.ui import scroll_text
    from castellion.ui.scroll_text import KeyRow
    from castellion.ui.text import set_language

    set_language(lang)
    ctx.change_settings(text_size=text_size)
    ends: list[int] = []
    real = scroll_text.draw_text

    def spy(surface, c, text, pos, **kw):
        rect = real(surface, c, text, pos, **kw)
        ends.append(rect.right)
        return rect

    monkeypatch.setattr(scroll_text, "draw_text", spy)
    keys = "WWWWW / MMMMM / WWWWW / MMMMM"  # (wide letters: bold is wider than body by the most)
    box = ScrollText(ctx, (0, 0, 330, 2000), [("key", KeyRow(keys, "m" * 6 + " iii " * 20))])
    box.draw(pygame.Surface((800, 2000)))
    assert ends and max(ends) <= box.rect.x + box.rect.w - 30, (max(ends), box.rect.w - 30)
