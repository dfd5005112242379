"""The yes/no question (`scenes.overlays.ConfirmOverlay`) at the player's text size."""

from __future__ import annotations

import pytest

from castellion.scenes.overlays import ConfirmOverlay
from castellion.ui.text import t
from tests.layout_words import make_surface, set_text


def _drawn(ctx, monkeypatch, lang: str, scale: float, text_size: int) -> tuple[ConfirmOverlay, dict[str, int]]:
    """The question asked before facing an Ordeal early (R-O3) and the pixel size of each text drawn."""
    from castellion.scenes import overlays

    set_text(ctx, lang, scale, text_size)
    title = t("board.encounter_title", name="Exam I")
    question = ConfirmOverlay(ctx, title, t("board.encounter_text", status=""), cautious=True)
    sizes: dict[str, int] = {}
    real_text, real_wrapped = overlays.draw_text, overlays.draw_wrapped

    def text(surface, c, words, pos, **kwargs):
        sizes["title"] = c.fonts.sized(kwargs["size"])
        return real_text(surface, c, words, pos, **kwargs)

    def wrapped(surface, c, words, rect, **kwargs):
        sizes["text"] = c.fonts.sized(kwargs.get("size") or c.theme.font_body)
        return real_wrapped(surface, c, words, rect, **kwargs)

    monkeypatch.setattr(overlays, "draw_text", text)
    monkeypatch.setattr(overlays, "draw_wrapped", wrapped)
    question.draw_content(make_surface(scale))
    return question, sizes


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_question_s_title_is_not_smaller_than_its_text_at_200(ctx, monkeypatch, lang, scale):
    """The title's size (36) is a display size the text size leaves alone, while the question
    under it grows: at 200 % "Face Exam I now?" was 36 px over 44 px words. It grows with them,
    inside the panel."""
    question, sizes = _drawn(ctx, monkeypatch, lang, scale, 200)
    assert sizes["title"] >= sizes["text"], sizes
    font = ctx.fonts.get("title", question.title_size())
    assert font.size(question.title)[0] <= question.panel.w - 40


def test_at_100_the_title_keeps_its_size(ctx, monkeypatch):
    _question, sizes = _drawn(ctx, monkeypatch, "en", 1.0, 100)
    assert sizes == {"title": ctx.theme.font_heading, "text": ctx.theme.font_body}
