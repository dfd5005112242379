"""Issue 12 §5, the two-player panel: the tile's name under the hand keeps clear of "12 left";
the Pantry supply keeps its places when a tile is taken (§10); a name like "{0}" is shown as
typed everywhere (names are never format strings) and reads as typed in the title font."""

from __future__ import annotations

import pygame
import pytest

from castellion.rules import Game, new_game
from castellion.rules import actions as A
from castellion.scenes.board.banner import banner_text
from castellion.scenes.board.choices import Choices
from castellion.scenes.board.panels_tiles import fit_label, hand_label_half_width
from castellion.scenes.board.pantry import pantry_slots
from castellion.scenes.board.words import tile_name
from castellion.ui.geometry import board_layout

CODES = [f + s + safe for f in "SCJP" for s in "tsc" for safe in ("", "+")] + ["T", "T!", "*t", "*s", "*c"]


@pytest.mark.parametrize("players", [1, 2])
def test_the_name_of_the_tile_in_hand_keeps_clear_of_the_pile_counts(ctx, players):
    lay = board_layout(new_game("base", seed=1, players=players))
    hand, safe, discard = (pygame.Rect(r) for r in (lay.hand_rect(), lay.pile_rect("safe"), lay.discard_rect()))
    fonts, small = ctx.fonts, ctx.theme.font_small
    count = fonts.get("body", small).size(ctx_t("board.pile_count", n=12))[0]
    left_limit = max(safe.right, safe.centerx + count // 2)  # "12 left" under the safe pile
    half = hand_label_half_width(lay)
    assert hand.centerx - half > left_limit and hand.centerx + half < discard.x
    for code in CODES:
        lines, size = fit_label(fonts, tile_name(code), 2 * half, small)
        assert 1 <= len(lines) <= 2 and size >= 12
        for line in lines:
            assert fonts.get("bold", size).size(line)[0] <= 2 * half, (code, line)


def ctx_t(key, **fmt):
    from castellion.ui.text import t

    return t(key, **fmt)


def test_R_10_pantry_supply_keeps_its_places_when_a_tile_is_taken():
    game = new_game("base", seed=4, pantry=True)
    before = pantry_slots(game, 0)
    assert before == ["*t", "*t", "*s", "*s", "*c", "*c"]
    # the engine keeps the supply as a list that shrinks: taking a square shifts the circles left
    d = game.to_dict()
    d["pantry"] = [["*t", "*t", "*s", "*c", "*c"]]
    after = pantry_slots(Game.from_dict(d), 0)
    assert after == ["*t", "*t", "*s", None, "*c", "*c"]  # the circles stay where they were
    # a tile given back (an Earthworm, R-§10) comes home to its own place, whatever the list order
    d["pantry"] = [["*t", "*s", "*c", "*c", "*s", "*t"]]
    assert pantry_slots(Game.from_dict(d), 0) == before


def test_R_10_pantry_drag_from_a_place_takes_that_tile(ctx):
    from tests.board_driver import BoardDriver

    game = new_game("base", seed=4, pantry=True)
    d = BoardDriver(ctx, game)
    lay = d.board.state.layout
    circles = pygame.Rect(lay.pantry_rect(5))
    d.frame()
    picture = d.surface.subsurface(circles).copy()
    # take the first square by its place; the circles' places show the same pictures afterwards
    d.frame()
    place = next(a for a in d.game.legal_actions() if isinstance(a, A.PlacePantry) and a.tile == "*s")
    d.perform(place)
    assert d.game.history[-1] == place
    for _ in range(30):
        d.frame(0.05)
    assert pantry_slots(d.game, 0)[5] == "*c"
    # (the live layer draws nothing over the supply in this state)
    now = d.surface.subsurface(circles).copy()
    assert pygame.image.tobytes(now, "RGB") == pygame.image.tobytes(picture, "RGB")


@pytest.mark.parametrize("name", ["{0}", "{name}", "{text}", "%s", "{}"])
def test_names_are_never_format_strings(ctx, name):
    game = new_game("base", seed=2, players=2)
    c = Choices(game)
    names = {0: name, 1: "Ben"}
    for keyboard in (False, True):
        text = banner_text(game, c, None, names.__getitem__, keyboard=keyboard)
        assert text.startswith(name + ":"), text
    from castellion.ui.text import t

    assert t("board.handover", name=name).startswith(name)


def test_a_name_with_digits_is_not_set_in_old_style_figures(ctx):
    """EB Garamond's 0 is an old-style figure that reads as "o": "{0}" must not look like "{o}"."""
    from castellion.scenes.board.words import name_role

    fonts = ctx.fonts
    role = name_role("{0}")
    zero = fonts.render("0", 52, (0, 0, 0), role)
    oh = fonts.render("o", 52, (0, 0, 0), role)
    # in the role used, a zero is taller than a small o (lining figures)
    assert pygame.mask.from_surface(zero).get_bounding_rects()[0].h > \
        1.2 * pygame.mask.from_surface(oh).get_bounding_rects()[0].h
    assert name_role("Anna") == "title"  # names without digits keep the title font


@pytest.mark.parametrize("reason_key", ["rules.loss_player.R-\u00a75.3", "rules.loss_player.R-\u00a710"])
def test_a_long_losing_reason_stays_above_click_or_press_any_key(ctx, reason_key):
    """The longest two-player losing sentences (a 14-letter name, the longest requirement) are
    drawn above the reveal's "Click or press any key" line (a three-line reason overlapped it)."""
    from castellion.rules import Castle, default_ruleset
    from castellion.scenes.reveal import OrdealRevealScene
    from castellion.ui.reveal_pages import Encounter
    from castellion.ui.text import t

    name = "W" * 14
    reason = t(reason_key, ordeal="Simulation III", name=name, need="3 Towers + 2 Bastions + 2 Lines",
               have="0 Towers, 0 Bastions and 0 Lines")

    def drawn(text: str) -> pygame.Surface:
        card = default_ruleset().cards["sim-3a"]
        e = Encounter(index=2, card=card, cause="traitors", was_face_down=False, castle=Castle.empty(),
                      result="lost", reason=text, facer=0, facer_name=name, need=dict(card.requires),
                      have={k: 0 for k in card.requires})
        scene = OrdealRevealScene(ctx, [e], animate=False)
        scene.time = 100.0  # finished: the verdict and "Click or press any key to continue"
        surface = pygame.Surface(ctx.canvas)
        scene.draw(surface)
        return surface, scene

    with_reason, scene = drawn(reason)
    without, _ = drawn("")
    diff = pygame.mask.from_threshold(with_reason, (0, 0, 0), (1, 1, 1, 255), without, 1)
    diff.invert()  # (from_threshold with a surface marks the pixels that match; invert: those that differ)
    box = diff.get_bounding_rects()
    assert box, "the reason was not drawn"
    bottom = max(r.bottom for r in box)
    hint = ctx.fonts.render(t("reveal.continue"), ctx.theme.font_small, (0, 0, 0))
    hint_top = scene.panel.bottom - 30 - hint.get_height() // 2
    assert bottom <= hint_top, (bottom, hint_top)
