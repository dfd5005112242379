"""Issue 12 §5: text fields — names stay inside their box, a name cut at its maximum length says
so, Ctrl+A selects all (the save name), the caret and the selection edit as in any text box."""

from __future__ import annotations

import pygame
import pytest

from castellion.ui.text import t
from castellion.ui.text_edit import TextEdit
from castellion.ui.text_field import TextField
from tests.conftest import key_event


# ------------------------------------------------------------------------------ the editing model
def test_typing_past_the_maximum_is_cut_and_said():
    edit = TextEdit("", 14)
    edit.insert("Bartholomew the Great")
    assert edit.text == "Bartholomew th" and edit.cut
    edit.backspace()
    assert not edit.cut and edit.text == "Bartholomew t"


def test_select_all_then_type_replaces():
    edit = TextEdit("Anna", 14)
    edit.select_all()
    assert edit.selection == (0, 4)
    edit.insert("B")
    assert edit.text == "B" and edit.caret == 1 and edit.selection is None


def test_caret_moves_and_shift_selects():
    edit = TextEdit("Castle", 14)
    edit.move(0)
    edit.insert("My ")
    assert edit.text == "My Castle" and edit.caret == 3
    edit.move(edit.caret + 1, extend=True)
    edit.move(edit.caret + 1, extend=True)
    assert edit.selection == (3, 5)
    edit.backspace()
    assert edit.text == "My stle"
    edit.delete()  # the character after the caret
    assert edit.text == "My tle"
    edit.move(len(edit.text))
    edit.delete()  # at the end: clears (the old shortcut kept)
    assert edit.text == ""


def test_a_selection_in_the_middle_is_replaced_within_the_maximum():
    edit = TextEdit("abcdefgh", 9)
    edit.move(2)
    edit.move(4, extend=True)
    edit.insert("XYZW")
    assert edit.text == "abXYZefgh" and edit.cut  # 2 replaced by 3 of the 4: the 9th is the last


# ------------------------------------------------------------------------------ the widget
def key(field: TextField, k: int, mod: int = 0, unicode: str = "") -> None:
    field.handle_key(key_event(k, mod, unicode))


def typed(field: TextField, text: str) -> None:
    field.handle_key(pygame.event.Event(pygame.TEXTINPUT, text=text))


BACKGROUND = (1, 2, 3)


def draw_alone(ctx, field: TextField) -> pygame.Surface:
    surface = pygame.Surface(ctx.canvas)
    surface.fill(BACKGROUND)
    field.draw(surface)
    return surface


def outside_touched(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """How many pixels outside `rect` are not the background."""
    mask = pygame.mask.from_threshold(surface, BACKGROUND, (1, 1, 1, 255))
    mask.invert()
    box = pygame.mask.Mask(surface.get_size())
    box.draw(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
    return mask.count() - mask.overlap_area(box, (0, 0))


def test_a_long_name_never_runs_past_its_box(ctx):
    field = TextField(ctx, (300, 300, 174, 52), digits=False, max_len=14)
    field.focused = True
    typed(field, "WWWWWWWWWWWWWW")  # the widest 14 characters
    assert ctx.fonts.get("bold", ctx.theme.font_label).size(field.text)[0] > field.rect.w  # it would run past
    field.cut_note = 0  # (the note is drawn over the edge on purpose; tested below)
    for blink in (0.0, 0.7):  # with and without the caret
        field.blink = blink
        assert outside_touched(draw_alone(ctx, field), field.rect) == 0
    # the end of the name (where the caret is) is what shows: the scroll follows the caret
    assert field.scroll > 0
    key(field, pygame.K_HOME)
    draw_alone(ctx, field)
    assert field.scroll == 0


def test_a_cut_name_is_said(ctx):
    field = TextField(ctx, (300, 300, 174, 52), digits=False, max_len=14)
    field.focused = True
    typed(field, "Bartholomew the Great")
    assert field.text == "Bartholomew th"
    assert field.cut_note > 0
    shown = draw_alone(ctx, field)
    assert outside_touched(shown, field.rect) > 0  # the note, over the field's top edge
    assert "14" in t("controls.field_cut", n=14)
    field.update(TextField.CUT_NOTE_SECONDS + 0.1)
    assert outside_touched(draw_alone(ctx, field), field.rect) == 0


def test_ctrl_a_selects_all_in_the_save_name(ctx):
    from castellion.rules import new_game
    from castellion.scenes.save_game import SaveGameOverlay
    from castellion.session import Session

    dialog = SaveGameOverlay(ctx, Session(new_game("intro", seed=5)))
    field = dialog.field
    assert field.focused and field.text
    dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="a"))
    assert field.edit.selection == (0, len(field.text))
    dialog.handle(pygame.event.Event(pygame.TEXTINPUT, text="Tower attempt"))
    assert field.text == "Tower attempt"


@pytest.mark.parametrize("name", ["Anna", "WWWWWWWWWWWWWW"])
def test_setup_names_stay_clear_of_the_pantry_choice(ctx, name):
    from castellion.scenes.setup import SetupScene

    setup = SetupScene(ctx)
    ctx.stack.push(setup)
    ctx.stack.apply_pending()
    setup._set_players(2)
    for field in setup.name_fields:
        field.text = name
    surface = pygame.Surface(ctx.canvas)
    setup.draw(surface)
    right = max(f.rect.right for f in setup.name_fields)
    assert right < setup.pantry_choice.rect.x
    field = setup.name_fields[1]
    field.cut_note = 0
    alone = draw_alone(ctx, field)
    assert outside_touched(alone, field.rect) == 0




@pytest.mark.parametrize("name", ["\u3164", "\u2800", "\uffa0", "\u115f\u1160", "\ufe0f", "\u034f", "\u0301\u0301"])
def test_a_typed_name_that_draws_nothing_is_replaced_by_the_player_number(ctx, name):
    """Issue 29, item 7: a name that draws nothing (a Hangul filler, a blank Braille pattern, marks
    alone) is no name: the game and the board say "Player 1", as for an empty field."""
    from castellion.scenes.board.words import player_name
    from castellion.scenes.setup import SetupScene

    setup = SetupScene(ctx)
    setup.players = 2
    setup.names[:2] = [name, "Ben"]
    assert setup.player_names() == (t("setup.player_n", n=1), "Ben")
    assert player_name(ctx, 0, (name, "Ben")) == t("board.player_n", n=1)


def _key(field, char: str) -> None:
    """A key typed as SDL sends it: KEYDOWN with its character, then TEXTINPUT with the same."""
    field.handle_key(pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=char))
    field.handle_key(pygame.event.Event(pygame.TEXTINPUT, text=char))


def test_a_digits_field_takes_ascii_digits_once_and_full_width_ones_as_ascii(ctx):
    """The deal number: ASCII 0–9 typed once each; a Japanese input method's full-width "１２"
    (whether it commits them one by one or together) becomes "12"; other scripts' digits ("١",
    "²") and letters are refused — the field holds only what the rules take."""
    from castellion.ui.text_field import TextField

    field = TextField(ctx, (300, 300, 300, 52), digits=True, max_len=9)
    for char in ("4", "x", "١", "²", "１"):
        _key(field, char)
    field.handle_key(pygame.event.Event(pygame.TEXTINPUT, text="２３"))  # a committed composition
    field.handle_key(pygame.event.Event(pygame.TEXTINPUT, text="٣٤"))
    assert field.text == "4123"
    assert field.text.isascii() and int(field.text) == 4123
