"""Naming a save at a large text (issue 31: text size up to 200 % on every screen): the dialog
is laid out from its measured words and grows with them; at 100 % it is the 660 x 420 it was."""

from __future__ import annotations

import pytest

from castellion.rules import new_game
from castellion.scenes.save_game import REFUSED, SaveGameOverlay
from castellion.session import Session
from castellion.ui.painting import wrapped_height
from castellion.ui.storage_text import name_problem_text
from castellion.ui.text import set_language


def test_at_100_percent_the_dialog_keeps_its_size(ctx):
    dialog = SaveGameOverlay(ctx, Session(new_game("intro", seed=5)))
    assert dialog.text_limit == 1.0 and dialog.panel.size == (660, 420)


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_at_200_percent_the_dialog_grows_and_each_refusal_has_its_room(ctx, lang):
    from castellion import persistence as P

    set_language(lang)
    ctx.fonts.set_text_scale(2.0)
    dialog = SaveGameOverlay(ctx, Session(new_game("intro", seed=5)))
    assert dialog.text_limit == 2.0 and ctx.canvas[1] - dialog.panel.h >= 24
    field, p = dialog.field.rect, dialog.panel
    with ctx.fonts.limited(dialog.text_limit):
        assert field.h >= ctx.fonts.get("bold", ctx.theme.font_label).get_linesize()
        # the default name is whole in its field (it was scrolled out of a 100 % box)
        assert ctx.fonts.text_width(dialog.field.text, "bold", ctx.theme.font_label) < field.w - 16
        room = dialog.places["message_h"]
        for name in REFUSED:
            words = name_problem_text(P.name_problem(name))
            assert wrapped_height(ctx, words, p.w - 104, size=ctx.theme.font_small) <= room, name
    assert p.y + dialog.places["message"] + room <= dialog.save_button.rect.y
