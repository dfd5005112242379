"""The solo status panel (`status_panel.StatusPanel`): the current Ordeal's requirements and what
the card would do, inside the panel in every language.

Fails without its fix: the Spanish "Líneas 0/1 ✗" ran past the panel's right edge; Exam II, which
asks for no formation, left its requirement row empty and crammed what it does small into the
corner beside the foundation.
"""

from __future__ import annotations

import pygame
import pytest

from castellion.scenes.board import BoardScene
from castellion.ui.text import set_language
from tests.rules_helpers import scenario

HALF_BUILT = """
    .. .. .. .. .. ..
    .. .. .. .. .. ..
    .. .. .. .. .. ..
    Pt .. Jt .. .. ..
    Ps Ss Jc Pt .. ..
    Pc Js Pt Ct .. .."""


def status_of(ctx, game) -> tuple[dict, pygame.Rect]:
    board = BoardScene(ctx, game)
    board.state.refresh()
    board.draw(pygame.Surface((1280, 800)))
    return board.status_slots, pygame.Rect(board.state.layout.status_panel)


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_every_requirement_stays_inside_the_panel(ctx, lang):
    set_language(lang)
    game = scenario("base", castle_text=HALF_BUILT, cards=["sim-1", "sim-2a", "sim-3a"], face_up=[True])
    slots, rect = status_of(ctx, game)
    kinds = [(0, kind) for kind in ("tower", "bastion", "line")]
    assert all(k in slots for k in kinds)
    for key in kinds:  # R-O2: each formation the card asks for, with its ✓/✗, within the frame
        assert slots[key].right <= rect.right - 24, (lang, key, slots[key], rect)  # the margin the counts keep


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_exam_two_says_what_it_does_on_its_own_row(ctx, lang):
    set_language(lang)
    game = scenario("intro", castle_text=HALF_BUILT, cards=["exam-2", "exam-1", "exam-3a"], face_up=[True])
    slots, rect = status_of(ctx, game)
    warning, foundation = slots.get((0, "warning")), slots[(0, "foundation")]
    assert warning is not None  # R-O5: the row destroyed, told where a requirement would be
    assert warning.bottom <= foundation.top and rect.contains(warning)
    assert warning.height >= ctx.fonts.get("bold", ctx.theme.font_small).get_height() - 2


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_requirement_marks_are_the_rules_answer(ctx, monkeypatch, lang):
    """Each requirement's ✓/✗ is the rules' answer (R-§5.3: `judge_ordeal(...).requirements`, the
    one the Ordeal's verdict is made of), never the panel's own "have >= need": with the rules'
    answer turned round, every mark and its colour turn with it."""
    from dataclasses import replace

    import castellion.scenes.board.status_panel as status_panel
    from castellion.scenes.board.view import CHECK, CROSS

    set_language(lang)
    game = scenario("base", castle_text=HALF_BUILT, cards=["sim-1", "sim-2a", "sim-3a"], face_up=[True])
    real = status_panel.judge_ordeal
    truth = {r.kind.value: r.met for r in real(game.ordeals[0].card, game.castle(0)).requirements}
    assert set(truth) == {"tower", "bastion", "line"}

    def turned(card, castle, ruleset=None):
        verdict = real(card, castle, ruleset)
        return replace(verdict, requirements=tuple(replace(r, met=not r.met) for r in verdict.requirements))

    drawn: list[tuple[str, tuple, pygame.Rect]] = []

    def spy(surface, ctx_, text, *args, **kw):
        rect = real_draw(surface, ctx_, text, *args, **kw)
        drawn.append((text, kw.get("colour"), rect))
        return rect

    real_draw = status_panel.draw_text
    monkeypatch.setattr(status_panel, "judge_ordeal", turned)
    monkeypatch.setattr(status_panel, "draw_text", spy)
    slots, _ = status_of(ctx, game)
    for kind, met in truth.items():
        (words, colour), = {(w, c) for w, c, r in drawn if r == slots[(0, kind)]}
        shown = not met  # the rules' (turned) answer
        assert words.endswith(CHECK if shown else CROSS), (kind, met, words)
        assert colour == (ctx.theme.good if shown else ctx.theme.bad), (kind, colour)


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_an_assault_s_note_is_its_sentence_or_its_short_entry_never_a_cut_piece(ctx, monkeypatch, lang):
    """What an Assault would do now, beside the foundation: where its sentence ("else destroy 12
    tiles (0 held off by Bastions)") did not fit, the panel cut the translation at its first " ("
    (a translator's parenthesis earlier in the sentence left half of it; the Japanese "（" was never
    cut and ran on). The shorter form is a catalog entry of its own: the note is one or the other."""
    import castellion.scenes.board.status_panel as status_panel

    set_language(lang)
    real = status_panel.tn
    long = {"board.assault_warning": "Harpy (Assault I): else destroy {n} tiles, {saved} held off by Bastions, "
                                     "so said at length that the room beside the foundation cannot hold it"}
    monkeypatch.setattr(status_panel, "tn", lambda key, n, **fmt: long[key].format(n=n, **fmt) if key in long
                        else real(key, n, **fmt))
    game = scenario("expert", castle_text=HALF_BUILT, cards=["harpy-1", "behemoth-2", "horde-3"], face_up=[True])
    drawn: list[str] = []
    real_draw = status_panel.draw_text
    monkeypatch.setattr(status_panel, "draw_text", lambda surface, ctx_, text, *a, **kw:
                        drawn.append(text) or real_draw(surface, ctx_, text, *a, **kw))
    status_of(ctx, game)
    verdict = status_panel.judge_ordeal(game.ordeals[0].card, game.castle(0))
    whole = long["board.assault_warning"].format(n=verdict.if_unmet, saved=verdict.saved)
    notes = [text for text in drawn if text.startswith("\u2022  ")]
    assert notes == ["\u2022  " + real("board.assault_warning_short", verdict.if_unmet)], (notes, whole)


@pytest.mark.parametrize("text_size", [100, 200])
def test_one_drawing_of_the_panel_asks_the_rules_once(ctx, monkeypatch, text_size):
    """The panel's marks, their words' size and what the card would do now are one answer of the
    rules (R-§5.3, R-O5): each drawing of the status panel asks `judge_ordeal` once, whichever of
    its measuring ways it is drawn in (the Spanish Prison + Pantry at 200 % tries all four). The
    old panel asked it for every measure of the requirements' words: twice at 100 %, 3 to 6 times at 200 %."""
    import castellion.scenes.board.status_panel as status_panel
    from tests.layout_words import set_text
    from tests.project.test_i18n_screens import board, new_game

    set_text(ctx, "es", 1.0, text_size)
    game = new_game("base", seed=6, variant="prison", pantry=True)
    real, asked = status_panel.judge_ordeal, []
    monkeypatch.setattr(status_panel, "judge_ordeal", lambda *a, **kw: asked.append(a) or real(*a, **kw))
    real_draw, per_drawing = status_panel.StatusPanel.draw, []

    def counted(self, *a, **kw):
        before = len(asked)
        real_draw(self, *a, **kw)
        per_drawing.append(len(asked) - before)

    monkeypatch.setattr(status_panel.StatusPanel, "draw", counted)
    scene = board(ctx, game)
    scene.state.refresh()
    scene.draw(pygame.Surface((1280, 800)))
    assert game.ordeals[game.current_ordeal].face_up  # (a face-down card asks nothing)
    assert per_drawing and set(per_drawing) == {1}, per_drawing
