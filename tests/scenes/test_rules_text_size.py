"""Issue 31, text size: the Rules' words around the topics and the text grow with the text size.
At 200 % "Temas" stood at 20 px over 24 px topics, the topics at 22–24 px and the scroll hint
under the text at 18 px on one line (ja 20), beside a 44 px text; the diagrams topic ran over
the topics and past the panel. Above 100 % "Topics" may rise to the gold line, the topics' buttons
are drawn tighter where that lets their labels grow, the hint wraps onto two lines in a taller
room at the largest size that fits (no larger than the topics), and the diagrams are laid out at
the player's size and scroll; at 100 % all are drawn as before."""

from __future__ import annotations

import pytest

from castellion.ui.text import t
from tests.layout_words import cut_words, touching_words
from tests.project.test_layout_words import LANGS, SCALES, show


@pytest.mark.parametrize("window", sorted(SCALES))
@pytest.mark.parametrize("lang", LANGS)
def test_the_topics_heading_and_the_scroll_hint_grow_with_the_text_at_200(ctx, monkeypatch, lang, window):
    comp, frame = show(ctx, monkeypatch, "rules", lang, SCALES[window], 200)
    page = ctx.stack.top
    # (the topics in view: above 100 % the column scrolls, the last ones below it)
    topics = {w.size for w in frame for b in page.topic_buttons.values()
              if b.visible and w.words in b.lines and b.rect.collidepoint(w.ink.center)}
    heading = [w for w in frame if w.words == t("rules.topics")]
    hint = t("rules.scroll_hint")
    lines = [w for w in frame if len(w.words.strip()) > 2 and w.words.strip() in hint
             and w.ink.top > page.text.rect.bottom - 4 and w.ink.right < page.close_button.rect.x]  # (not "Close")
    assert heading and topics and lines, (heading, topics, lines)
    # "Topics" no smaller than the topics under it; the hint at 24 px or more in every language
    # (Japanese was one line of 20 px: the hint's room is now taller, the text that much shorter)
    assert min(w.size for w in heading) >= max(topics), (lang, window, heading, topics)
    assert min(w.size for w in lines) >= 24, (lang, window, lines)
    assert max(w.size for w in lines) <= max(topics), (lang, window, lines, topics)  # (a hint, not a heading)
    # (its lines joined: Japanese lines join without a space)
    assert "".join("".join(w.words.split()) for w in lines) == "".join(hint.split())
    assert all(w.ink.bottom <= page.panel.bottom for w in lines)
    assert not sorted(set(comp.spills)) + cut_words(frame, lang) + touching_words(frame)


@pytest.mark.parametrize("window", sorted(SCALES))
@pytest.mark.parametrize("lang", LANGS)
def test_the_topics_take_the_room_the_column_has_at_200(ctx, monkeypatch, lang, window):
    """The topics at 200 % were 22 px (ja) and 24 px (en, es) beside 44 px text: the buttons kept
    the 100 % padding and gaps while their labels shrank. Where the usual spacing leaves them
    smaller, the buttons are drawn tighter (`ui.topic_list.TIGHT`): 26 px and more in every
    language (Japanese at 1024×600 24: "2人プレイとパントリー" at 26 px is wider there than its
    button), each label whole in its button. (Since the column scrolls, `test_the_topics_scroll_
    at_the_text_s_size_at_200` below: the topics in view inside the panel, the others below.)"""
    from tests.project.test_layout_words import label_problems

    comp, frame = show(ctx, monkeypatch, "rules", lang, SCALES[window], 200)
    page = ctx.stack.top
    buttons = list(page.topic_buttons.values())
    sizes = {w.size for w in frame for b in buttons if w.words in b.lines and b.rect.collidepoint(w.ink.center)}
    assert len(sizes) == 1 and min(sizes) >= (24 if (lang, window) == ("ja", "1024x600") else 26), (lang, window, sizes)
    assert all(b.rect.bottom <= page.panel.bottom - 8 for b in buttons if b.visible)
    assert not label_problems(ctx, frame) + cut_words(frame, lang) + touching_words(frame)


@pytest.mark.parametrize("window", sorted(SCALES))
@pytest.mark.parametrize("lang", LANGS)
def test_the_diagrams_scroll_to_their_last_caption_at_200(ctx, monkeypatch, lang, window):
    """The diagrams topic at 200 % is taller than the view (its title, pictures and captions at the
    player's size): it scrolls like the other topics (End), and at its end the shape rule's caption
    (R-P3) shows whole, its marks' words and the pictures clear of each other, nothing cut."""
    import pygame

    from castellion.ui.rule_diagrams import DIAGRAMS
    from tests.layout_words import stack_words
    from tests.project.test_layout_words import Pictures

    show(ctx, monkeypatch, "rules-diagrams", lang, SCALES[window], 200)
    page = ctx.stack.top
    assert page.text.max_offset > 0  # taller than the view: it scrolls
    page.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    assert page.text.offset == page.text.max_offset
    pictures = Pictures(monkeypatch)
    comp, frame = stack_words(ctx.stack, monkeypatch, SCALES[window])
    top = len(ctx.stack.scenes) - 1
    caption = t(DIAGRAMS[-1].caption)
    marks = {t("diagrams.allowed"), t("diagrams.refused")}  # (「置けない」 is in the caption too)
    lines = [w for w in frame if w.scene == top and w.words.strip() and w.words.strip() in caption
             and w.words not in marks]
    assert "".join(w.words.strip() for w in lines).replace(" ", "") == caption.replace(" ", ""), lines
    assert {w.words for w in frame} >= marks
    problems = sorted(set(comp.spills)) + cut_words(frame, lang) + touching_words(frame) + pictures.problems(ctx, frame)
    assert not problems, problems


def _wheel_at(ctx, pos, notches: int) -> None:
    """The pointer moved to `pos`, then `notches` of the wheel (down when positive), a frame each."""
    import pygame

    ctx.stack.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(abs(notches)):
        ctx.stack.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if notches > 0 else 1, flipped=False))
        ctx.stack.update(1 / 60)


def _nothing_drawn_in_a_thinner_part(ctx, page, monkeypatch, scale: float) -> None:
    """A topic in part in view at the room's foot draws nothing where less than its first line is
    in view (it drew a button's bare edge there): the band is as it is with no topic in part."""
    from castellion.ui.canvas import physical
    from castellion.ui.flow import Flow
    from tests.layout_words import make_surface

    flow = page.topic_column.flow
    least = max(int(ctx.fonts.for_text(b.label, "bold", page.topic_column.size).get_linesize())
                for b in page.topic_buttons.values()) + 7  # (a line, under the button's padding)

    def pixels(band):
        surface = make_surface(scale)
        ctx.stack.draw(surface)
        picture = physical(surface)
        return [tuple(picture.get_at((int(x * scale), int(y * scale)))) for x in range(band.x, band.right, 3)
                for y in range(band.y, band.bottom)]

    for offset in range(0, flow.most() + 1, 4):  # (the first place a topic lies thinner than a line in view)
        flow.scroll_to(offset)
        thin = [flow.extent(key).clip(flow.room) for key in flow.keys if flow.in_part(key)]
        thin = [band for band in thin if 0 < band.h < least]
        if thin:
            break
    assert thin, "no topic thinner than a line in part: the check would see nothing"
    drawn = pixels(thin[0])
    with monkeypatch.context() as m:
        m.setattr(Flow, "in_part", lambda self, key: False)
        assert pixels(thin[0]) == drawn
    flow.scroll_to(0)


@pytest.mark.parametrize("window", sorted(SCALES))
@pytest.mark.parametrize("lang", LANGS)
def test_the_topics_scroll_at_the_text_s_size_at_200(ctx, monkeypatch, lang, window):
    """At 200 % the eleven topics, kept to the column's height, stood at 26–28 px beside a 44 px
    text. The column now scrolls: the topics at the text's size where each label holds in three
    lines (English 44 px; Spanish 38, Japanese 32, whose "フォーメーション" does not break), all
    at one size; the wheel over the column brings the last topic whole into view (the wheel over
    the text still scrolls the text, not the topics), and the keyboard's focus moving onto a topic
    out of view scrolls it into view, its ring drawn in the panel. A topic in part in view at the
    column's foot is drawn (clipped, its whole lines) only where a line of its words is in view."""
    from collections import Counter

    import pygame

    from tests.conftest import key_event
    from tests.layout_words import make_surface

    comp, frame = show(ctx, monkeypatch, "rules", lang, SCALES[window], 200)
    page = ctx.stack.top
    buttons = list(page.topic_buttons.values())
    body = {Counter(w.size for w in frame if page.text.rect.contains(w.ink)).most_common(1)[0][0]}  # (its lines)
    topics = {w.size for w in frame for b in buttons if b.visible and w.words in b.lines
              and b.rect.collidepoint(w.ink.center)}
    assert len(topics) == 1 and min(body) >= max(topics) >= 0.7 * min(body), (topics, body)
    assert lang != "en" or topics == {min(body)}  # (English: the text's own size)
    room = page.topic_column.flow.room
    assert room.bottom <= page.panel.bottom and not buttons[-1].visible  # (longer than its room)
    top = len(ctx.stack.scenes) - 1  # (the Rules' words, not the menu's under them)
    assert not [w.words for w in frame if w.scene == top and room.colliderect(w.ink) and not room.contains(w.ink)]
    _nothing_drawn_in_a_thinner_part(ctx, page, monkeypatch, SCALES[window])
    text_at = page.text.offset
    _wheel_at(ctx, page.text.rect.center, 1)
    assert page.text.offset > text_at and page.topic_column.flow.offset == 0  # the wheel over the text: the text
    _wheel_at(ctx, room.center, 40)
    assert buttons[-1].visible and room.contains(buttons[-1].rect)  # the wheel over the topics: the topics
    assert all(room.contains(b.rect) for b in buttons if b.visible)
    _wheel_at(ctx, room.center, -40)
    assert page.topic_column.flow.offset == 0 and not buttons[-1].visible
    for _ in range(len(buttons)):  # Tab down the topics to the last
        ctx.stack.handle(key_event(pygame.K_TAB))
        ctx.stack.update(1 / 60)
    assert page.widgets.focused is buttons[-1] and buttons[-1].visible and room.contains(buttons[-1].rect)
    surface = make_surface(SCALES[window])
    comp.reset(surface)
    comp.draw_stack(ctx.stack, surface)
    assert page.panel.contains(buttons[-1].rect.inflate(8, 8))  # (its focus ring, in the panel)
