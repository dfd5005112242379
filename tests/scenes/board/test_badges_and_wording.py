"""Issue 25, item 8 (and the words of items 3-4): the smaller things a newcomer stumbled on at
the board — the "current" badge under the drop highlight, a pass that cost the only castle tile
without a word, Hint after the end, the window below its minimum, "The castle has fallen: The
castle had to…", one Spanish word for Ordeal."""

from __future__ import annotations

import re

import pygame

from castellion.rules import Game, format_castle, new_game, parse_castle
from castellion.rules import actions as A
from castellion.scenes.board.banner import banner_text
from castellion.scenes.board.choices import Choices
from castellion.scenes.board.meaning import judge_held
from castellion.ui.targets import CastleTarget
from castellion.ui.text import t
from tests.board_driver import board_button, still_picture
from tests.catalogs import catalog
from tests.project.test_i18n_screens import _traitor_in_hand, board


def test_the_current_badge_shows_over_the_drop_highlight(ctx):
    """With a Traitor in hand the current Ordeal is framed as the drop target: the frame ran
    through the "current" badge on the card's top edge, hiding it."""
    scene = board(ctx, _traitor_in_hand())
    ctx.stack.reset(scene)
    ctx.stack.apply_pending()
    scene.update(0)
    surface = pygame.Surface(ctx.canvas)
    scene.draw(surface)
    game = scene.session.game
    assert game.held is not None and game.current_ordeal is not None
    assert any(isinstance(a, A.PlaceTraitor) for a in game.legal_actions())
    rect = pygame.Rect(scene.state.layout.ordeal_rect(game.current_ordeal))
    img = ctx.fonts.render(t("board.current"), ctx.theme.font_small - 4, (0, 0, 0), "bold")
    tag = img.get_rect(center=(rect.centerx, rect.y)).inflate(14, 4).inflate(-10, -6)
    still = still_picture(scene)
    changed = [(x, y) for x in range(tag.left, tag.right) for y in range(tag.top, tag.bottom)
               if surface.get_at((x, y)) != still.get_at((x, y))]
    assert not changed, f"the highlight covers the badge at {changed[:4]}"


def _two_players(castle_0: str, held: str = "Sc") -> Game:
    d = new_game("base", seed=5, players=2).to_dict()
    d["castles"][0] = format_castle(parse_castle(castle_0))
    d["castles"][1] = format_castle(parse_castle(".. .. .. .. .. ..\n" * 5 + "Pc Pt .. .. .. .."))
    d.update(held=held, held_from="regular", turn_used=True, phase="use", turn=6)
    return Game.from_dict(d)


def test_passing_says_what_it_costs_before_the_drop():
    """R-§9: passing destroys a tile of the passer's castle. Said before the drop — and when it
    is the castle's only tile, said so."""
    names = lambda p: ("Anna", "Ben")[p]  # noqa: E731 - a one-line stand-in
    one = _two_players(".. .. .. .. .. ..\n" * 5 + "Jc .. .. .. .. ..")
    c = Choices(one)
    assert c.pass_tile is not None
    verdict = judge_held(one, c, CastleTarget(1), names)
    assert verdict.ok and verdict.text == t("board.hint.pass_last", name="Ben")
    more = _two_players(".. .. .. .. .. ..\n" * 5 + "Jc Js .. .. .. ..")
    assert judge_held(more, Choices(more), CastleTarget(1), names).text == t("board.hint.pass", name="Ben")
    # the banner names the cost too
    assert t("board.do.or_pass", name="Ben") in banner_text(one, c, None, names)
    for lang in ("en", "es", "ja"):
        for key in ("board.do.or_pass", "board.drop_to_pass", "board.hint.pass_last"):
            assert re.search(r"1|one|only|una|única|唯一", catalog(lang)[key]), (lang, key)


def test_hint_is_off_once_the_game_is_over(ctx):
    scene = board(ctx, new_game("intro", seed=3))
    ctx.stack.reset(scene)
    ctx.stack.apply_pending()
    scene.update(0)
    assert board_button(scene, "hint").enabled
    from castellion.rules.bots import greedy_action
    from castellion.rules.rng import SeededRandom

    rng = SeededRandom.from_seed(1)
    while scene.session.game.outcome is None:  # played to its end through the session
        scene.session.apply(greedy_action(scene.session.game, rng, noise=0.0))
    scene.state.version += 1
    scene.update(0)
    assert not board_button(scene, "hint").enabled


def test_a_lost_game_does_not_say_the_castle_twice():
    """"The castle has fallen: The castle had to hold…": the banner's lead-in repeated the
    reason's subject. Each language's lead-in no longer names the castle."""
    for lang, castle in (("en", "castle"), ("es", "castillo"), ("ja", "城")):
        assert castle not in catalog(lang)["board.do.over_lost"].lower(), lang


def test_the_banner_s_ways_are_listed_in_the_language_s_own_way():
    """Two players with the Prison (R-§9): the banner lists the other ways for the tile in hand
    with the language's list separator; Japanese had an ASCII comma ("刑務所に入れる, …")."""
    from castellion.ui import text

    names = lambda p: ("Anna", "Ben")[p]  # noqa: E731 - a one-line stand-in
    d = new_game("base", seed=5, players=2, variant="prison").to_dict()
    d["castles"][0] = format_castle(parse_castle(".. .. .. .. .. ..\n" * 5 + "Jc Js .. .. .. .."))
    d["castles"][1] = format_castle(parse_castle(".. .. .. .. .. ..\n" * 5 + "Pc Pt .. .. .. .."))
    d.update(held="Sc", held_from="regular", turn_used=True, phase="use", turn=6)
    game = Game.from_dict(d)
    c = Choices(game)
    assert c.prison and c.pass_tile is not None
    try:
        for lang, sep in (("ja", "、"), ("en", ", ")):
            text.set_language(lang)
            said = banner_text(game, c, None, names)
            both = t("board.do.or_prison") + sep + t("board.do.or_pass", name="Ben")
            assert both in said, (lang, said)
    finally:
        text.set_language("en")


def test_every_key_the_banner_s_words_name_has_a_default():
    """`banner.default_keys()` names every key a board.do sentence asks for: the Traitor's
    premonition's ({premonition}) was missing, and its sentence kept the raw placeholder."""
    from castellion.scenes.board.banner import default_keys

    words = {"faction", "more", "n", "name", "reason", "shape", "text", "tile"}  # not keys: the game's own
    asked = {m for k, v in catalog("en").items() if k.startswith("board.do.") for m in re.findall(r"\{(\w+)\}", v)}
    assert {"draw", "premonition"} <= asked - words
    assert asked - words <= set(default_keys()), sorted(asked - words - set(default_keys()))
