"""Issue 12 §5: the keyboard — the banner follows the input in use (keys while playing by
keyboard, the mouse's words after a click), and arrows move the cursor spatially."""

from __future__ import annotations

import pygame
import pytest

from castellion.scenes.board.banner import banner_text
from castellion.scenes.board.choices import Choices
from castellion.scenes.board.keys import spatial_next
from castellion.ui.devices import prompts
from castellion.ui.targets import ButtonTarget, CellTarget, HandTarget, OrdealTarget, PileTarget
from castellion.ui.text import t
from tests.board_driver import BoardDriver, crafted, still_draws
from tests.catalogs import catalog

MOUSE_WORDS = ("drag", "click")

def test_keyboard_wordings_name_no_mouse_gesture():
    for lang in ("en", "es"):
        for key, text in catalog(lang).items():
            if key.startswith("controls.kbd."):
                low = text.lower()
                assert not any(w in low for w in (*MOUSE_WORDS, "arrastra", "haz clic")), (lang, key, text)


STATES = {
    "get": dict(),
    "use": dict(held="Sc"),
    "traitor": dict(held="T"),
    "juggler": dict(phase="juggler", power_faction="J", power_faction_tile="Jt"),
    "pyro_destroy": dict(phase="pyro_destroy", power_faction="P", power_faction_tile="Pt"),
    "destroy": dict(phase="destroy", destroy_left=3, destroy_kind="traitor", after_destroy="turn"),
    "seer": dict(phase="seer", power_faction="S", power_faction_tile="St"),
    "chameleon": dict(phase="chameleon", power_faction="C", power_faction_tile="Cs", discard=["Ps", "Js"]),
}


@pytest.mark.parametrize("state", sorted(STATES))
def test_the_banner_names_keys_while_playing_by_keyboard(state):
    game = crafted("base", **STATES[state])
    c = Choices(game)
    mouse = banner_text(game, c, None, lambda p: "Anna")
    keys = banner_text(game, c, None, lambda p: "Anna", keyboard=True)
    assert keys and keys != mouse
    assert not any(w in keys.lower() for w in MOUSE_WORDS), keys


def test_the_board_banner_follows_the_input_in_use(ctx):
    d = BoardDriver(ctx, crafted("base", held="Sc"))
    d.frame()
    assert "Drag" in d.board.banner_text()
    d.key(pygame.K_LEFT)  # playing by keyboard now
    assert d.board.state.keyboard
    assert d.board.banner_text() == t("controls.kbd.use", tile=t("board.tile", faction=t("board.faction.S"),
                                                               shape=t("board.shape.c")).strip(), **prompts())
    assert "Enter" in d.board.banner_text() and "{" not in d.board.banner_text()
    drawn = still_draws(d.board)
    d.frame()
    # (the still picture is cached per input too: no redraw each frame)
    assert still_draws(d.board) == drawn
    d.click((640, 790))  # back to the mouse: the mouse's words
    assert not d.board.state.keyboard and "Drag" in d.board.banner_text()


# ------------------------------------------------------------------------------ arrows
def keys(d: BoardDriver, *names: str) -> list:
    seen = []
    for name in names:
        d.key(getattr(pygame, f"K_{name}"))
        seen.append(d.board.state.cursor)
    return seen


def test_arrows_from_the_hand_move_to_the_nearest_thing_beside_it(ctx):
    d = BoardDriver(ctx, crafted("base", held="Sc"))
    lay = d.board.state.layout
    d.key(pygame.K_RETURN)  # the cursor appears (on the best lit cell: issue 25); walk from the hand
    d.board.state.cursor = HandTarget()
    d.key(pygame.K_RETURN)  # picks the tile up; Enter again puts it back
    d.key(pygame.K_RETURN)
    left = keys(d, "LEFT", "LEFT", "LEFT")
    assert left[:2] == [PileTarget("safe"), PileTarget("regular")]
    cell = left[2]
    assert isinstance(cell, CellTarget)
    # the castle cell facing the pile (its row overlaps the pile), not the castle's top-right corner
    pile = pygame.Rect(lay.pile_rect("regular"))
    rect = pygame.Rect(lay.cell_rect(cell.cell))
    assert cell.cell[1] == 5 and rect.top < pile.bottom and rect.bottom > pile.top
    assert cell.cell != (5, 5)
    assert keys(d, "RIGHT") == [PileTarget("regular")]  # and back the same way


def test_arrows_with_nothing_that_way_keep_the_cursor(ctx):
    d = BoardDriver(ctx, crafted("base", held="Sc"))
    d.key(pygame.K_RETURN)
    d.board.state.cursor = HandTarget()  # (the cursor starts on a lit cell: issue 25)
    d.key(pygame.K_RETURN)
    d.key(pygame.K_RETURN)
    assert d.board.state.cursor == HandTarget()
    # below the hand: the button that faces the Ordeal now (R-O3: open with a tile in hand too),
    # and below that nothing it can act on (no revealed tiles): it stays rather than jump
    assert keys(d, "DOWN") == [ButtonTarget("encounter")]
    assert keys(d, "DOWN") == [ButtonTarget("encounter")]
    assert keys(d, "UP", "UP") == [HandTarget(), OrdealTarget(1)]  # the card above the hand


def test_spatial_next_prefers_what_faces_the_current_target():
    here = (100, 100, 50, 50)
    facing_far = (CellTarget((0, 1)), (300, 120, 50, 50))  # overlaps in y, far
    diagonal_near = (CellTarget((0, 2)), (170, 190, 50, 50))  # nearer but not facing
    assert spatial_next(here, [facing_far, diagonal_near], 1, 0) == CellTarget((0, 1))
    assert spatial_next(here, [diagonal_near], 1, 0) is None  # 45° or more sideways: not "right"
    assert spatial_next(here, [(CellTarget((1, 1)), (180, 140, 50, 50))], 1, 0) == CellTarget((1, 1))
    assert spatial_next(here, [facing_far], -1, 0) is None


def test_a_hotkey_is_playing_by_keyboard_too(ctx):
    d = BoardDriver(ctx, crafted("base"))
    d.frame()
    assert "click" in d.board.banner_text()
    d.key(pygame.K_d)  # draws from the regular pile
    assert d.game.held is not None and d.board.state.keyboard
    assert not any(w in d.board.banner_text().lower() for w in MOUSE_WORDS), d.board.banner_text()


def test_the_first_arrow_lands_on_the_best_lit_cell_and_enter_places_the_tile(ctx):
    """Issue 25: "arrows to a lit cell, then Enter" — the cursor starts on a lit castle cell
    (the lowest, leftmost), not on the In-hand slot; one Enter then places the tile there."""
    d = BoardDriver(ctx, crafted("base", held="Sc"))
    lit = sorted(d.board.state.refresh().place)
    assert lit
    before = len(d.board.session.game.castle(0))
    d.key(pygame.K_LEFT)  # the first arrow only shows the cursor
    cursor = d.board.state.cursor
    assert isinstance(cursor, CellTarget) and cursor.cell in lit
    assert cursor.cell == min(c for c in lit if 0 <= c[1] < 6)
    d.key(pygame.K_RETURN)
    assert len(d.board.session.game.castle(0)) == before + 1 and d.board.session.game.held is None  # placed


def test_drawing_with_enter_puts_the_cursor_on_a_lit_cell(ctx):
    from castellion.rules import new_game

    d = BoardDriver(ctx, new_game("intro", seed=3))
    d.key(pygame.K_RETURN)  # the cursor appears on the regular pile
    assert d.board.state.cursor == PileTarget("regular")
    d.key(pygame.K_RETURN)  # draws
    game = d.board.session.game
    if game.held is not None and d.board.state.refresh().place:
        assert isinstance(d.board.state.cursor, CellTarget) and d.board.state.cursor.cell in d.board.state.choices.place


def test_the_ordeal_can_be_faced_early_with_a_tile_in_hand_from_its_button(ctx):
    """R-O3: "at any time" — with a drawn tile in hand the board offers the early encounter too,
    and the tile stays in hand for after it."""
    from castellion.rules import actions as A
    d = BoardDriver(ctx, crafted("base", held="Sc"))
    assert A.EncounterOrdeal() in d.game.legal_actions()
    d.perform(A.EncounterOrdeal())  # its button on the board, then "yes" in the confirmation
    d.settle()
    assert A.EncounterOrdeal() in d.game.history
    assert d.game.held == "Sc" or d.game.outcome is not None
