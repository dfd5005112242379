"""Everything a player reads is in their language: the level, variant and Ordeal card names the
board shows (its header: "Más difícil: El Profeta", not "The Prophet") in Spanish and Japanese."""

from __future__ import annotations

import pygame
import pytest

from castellion.rules import new_game
from castellion.ui import text
from castellion.ui.catalog_keys import card_name, level_name, variant_name

# a translation may be the English word itself (none is today; a name like "Ok" would be)
SAME_IN_EVERY_LANGUAGE: frozenset[str] = frozenset()


def deals():
    from castellion.content import load_ruleset

    rules = load_ruleset()
    for level_id, spec in sorted(rules.levels.items()):
        yield level_id, "normal", spec, None
        for variant, data in sorted(spec.variants.items()):
            yield level_id, variant, spec, data


def board_texts(ctx, spy, game) -> list[str]:
    from castellion.scenes.board import BoardScene

    ctx.stack.reset(BoardScene(ctx, game))
    ctx.stack.apply_pending()
    surface = pygame.Surface(ctx.canvas)
    spy.texts.clear()
    for _ in range(3):
        ctx.stack.update(1 / 60)
        ctx.stack.draw(surface)
    assert not ctx.errors, ctx.errors
    return list(spy.texts)


@pytest.mark.parametrize("lang", ["es", "ja"])
def test_no_level_variant_or_card_name_on_the_board_is_left_in_english(ctx, spy, lang):
    text.set_language(lang)
    checked = 0
    for level_id, variant, spec, data in deals():
        game = new_game(level_id, seed=11, variant=variant)
        shown = board_texts(ctx, spy, game)
        english = {spec.name}
        wanted = [level_name(level_id, spec.name)]
        if data is not None:
            english.add(str(data["name"]))
            wanted.append(variant_name(str(data["id"]), str(data["name"])))
        cards = [o.card for o in game.ordeals]
        english |= {str(card.name) for card in cards}
        for card in cards:
            assert card_name(card) != card.name or card.name in SAME_IN_EVERY_LANGUAGE, (lang, card.name)
        for name in english - SAME_IN_EVERY_LANGUAGE:
            left = [s for s in shown if name in s]
            assert not left, f"{level_id}/{variant} in {lang}: {name!r} shown in English: {left}"
        for name in wanted:
            assert name not in english, (lang, name)
            assert any(name in s for s in shown), f"{level_id}/{variant} in {lang}: {name!r} not in the header"
        checked += 1
    assert checked == 9  # three levels, each normal, easier and harder


def test_the_check_sees_an_english_name_when_a_translation_is_missing(ctx, spy, monkeypatch):
    """The test above is not blind: with the Spanish variant name gone, "The Prophet" is drawn."""
    text.set_language("es")
    real_has = text.has
    monkeypatch.setattr("castellion.ui.catalog_keys.has", lambda key: key != "variant.prophet.name" and real_has(key))
    shown = board_texts(ctx, spy, new_game("intro", seed=11, variant="prophet"))
    assert any("The Prophet" in s for s in shown)
