"""Issue 31, text size: the Rules' words around the topics and the text grow with the text size.
At 200 % "Temas" stood at 20 px over 24 px topics, and the scroll hint under the text at 18 px
on one line (ja 20), beside a 44 px text. Above 100 % "Topics" may rise to the gold line and the
hint wraps onto two lines at the largest size that fits; at 100 % both are drawn as before."""

from __future__ import annotations

import pytest

from castellion.scenes.overlays import RULES_TOPICS
from castellion.ui.text import t
from tests.layout_words import cut_words, touching_words
from tests.project.test_layout_words import LANGS, SCALES, show


@pytest.mark.parametrize("window", sorted(SCALES))
@pytest.mark.parametrize("lang", LANGS)
def test_the_topics_heading_and_the_scroll_hint_grow_with_the_text_at_200(ctx, monkeypatch, lang, window):
    comp, frame = show(ctx, monkeypatch, "rules", lang, SCALES[window], 200)
    page = ctx.stack.top
    topics = {w.size for w in frame if w.words == page.topic_buttons[RULES_TOPICS[-1]].label}
    heading = [w for w in frame if w.words == t("rules.topics")]
    hint = t("rules.scroll_hint")
    lines = [w for w in frame if len(w.words.strip()) > 2 and w.words.strip() in hint
             and w.ink.top > page.text.rect.bottom - 4 and w.ink.right < page.close_button.rect.x]  # (not "Close")
    assert heading and topics and lines, (heading, topics, lines)
    # "Topics" no smaller than the topics under it; the hint at 24 px or more (ja 20: one line)
    assert min(w.size for w in heading) >= max(topics), (lang, window, heading, topics)
    assert min(w.size for w in lines) >= (20 if lang == "ja" else 24), (lang, window, lines)
    assert " ".join(w.words.strip() for w in lines) == hint
    assert all(w.ink.bottom <= page.panel.bottom for w in lines)
    assert not sorted(set(comp.spills)) + cut_words(frame, lang) + touching_words(frame)


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
