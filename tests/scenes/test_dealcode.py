""""Play this deal": the end screen shows the deal's code (and the share text carries it); typed
into Setup's "Deal code…" it deals that very game; a mistyped code deals nothing and says why."""

from __future__ import annotations

import pygame
import pytest

from castellion.rules import dealcode as C
from castellion.rules import new_game
from castellion.scenes.dealcode import DealCodeOverlay, refusal_words
from castellion.scenes.end import EndScreen
from castellion.scenes.nav import Route
from castellion.ui.text import set_language, t
from tests.app.test_new_variant import WATCH, watch_data  # noqa: F401 - a fixture: the Watch in a scratch copy
from tests.conftest import key_event, post_click
from tests.scenes.conftest import stack_frames as frames


def type_text(text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def test_the_end_screen_shows_the_code_and_the_share_text_carries_it(ctx):
    end = EndScreen(ctx, result="lost", level="base", seed=4821, options={"variant": "prison", "pantry": True})
    code = end.deal_code()
    assert code == C.pretty(C.encode(C.Deal("base", 4821, "prison", True), ctx.ruleset()))
    assert code in end.share_text()
    ctx.stack.push(end)
    frames(ctx)
    assert not ctx.errors


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_a_code_typed_in_setup_deals_that_very_game(ctx, lang):
    set_language(lang)
    played = new_game("expert", seed=777, variant="guardian", players=2)
    code = C.code_of(dict(played.options), ctx.ruleset())
    assert code is not None
    ctx.stack.push(ctx.nav.make(Route.SETUP))
    frames(ctx)
    post_click(ctx.stack.top.code_button.rect.center)
    frames(ctx)
    overlay = ctx.stack.top
    assert isinstance(overlay, DealCodeOverlay) and overlay.field.focused
    type_text(code.lower().replace("-", " "))  # typed as a person types it
    frames(ctx)
    pygame.event.post(key_event(pygame.K_RETURN, unicode="\r"))
    frames(ctx, 4)
    assert ctx.nav.showing(Route.BOARD) and not ctx.errors
    board = ctx.stack.top
    game = board.session.game if hasattr(board, "session") else board.session.game
    assert dict(game.options) == dict(played.options)
    assert game.castle(0) == played.castle(0) and game.ordeals == played.ordeals


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_every_reason_a_code_is_refused_has_its_own_words(lang):
    set_language(lang)
    words = {reason: refusal_words(C.CodeError(reason, "O")) for reason in C.Refusal}
    assert len(set(words.values())) == len(C.Refusal)
    assert not any(text.startswith("dealcode.") for text in words.values())


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_a_mistyped_code_deals_nothing_and_says_why(ctx, lang):
    set_language(lang)
    code = C.encode(C.Deal("intro", 4821), ctx.ruleset())
    swapped = code[:3] + code[4] + code[3] + code[5:]
    assert swapped != code
    overlay = DealCodeOverlay(ctx, swapped)
    ctx.stack.push(overlay)
    frames(ctx)
    overlay.play()
    frames(ctx)
    assert overlay.refusal == t("dealcode.refused.check")
    assert not ctx.nav.showing(Route.BOARD)
    overlay.field.text = code.replace(code[2], "O", 1)
    overlay.play()
    assert overlay.refusal == t("dealcode.refused.symbol", symbol="O") and "O" in overlay.refusal
    frames(ctx)
    assert not ctx.errors


def test_a_second_harder_variants_code_is_shown_shared_and_deals_that_variant(watch_data, ctx):  # noqa: F811 - the fixture imported above
    """R-§8: a level may declare more variants. The Watch, the School's second harder variant (added
    in a scratch copy of the data), has a code of its own on the end screen and in the share text;
    typed into Setup's "play this deal" it deals the Watch's game, not the Prophet's."""
    played = new_game("intro", seed=4821, variant="watch", pantry="hard")
    end = EndScreen(ctx, result="lost", level="intro", seed=4821, options={"variant": "watch", "pantry": "hard"})
    code = end.deal_code()
    assert code is not None and code in end.share_text()
    assert code != C.code_of({"level": "intro", "seed": 4821, "variant": "prophet", "pantry": "hard"}, ctx.ruleset())
    overlay = DealCodeOverlay(ctx, code)
    ctx.stack.push(overlay)
    frames(ctx)
    overlay.play()
    frames(ctx, 4)
    assert ctx.nav.showing(Route.BOARD) and not ctx.errors
    game = ctx.stack.top.session.game
    assert game.variant_id == "watch" and game.level_spec.variants["watch"]["name"] == WATCH["name"]
    assert dict(game.options) == dict(played.options) and game.castle(0) == played.castle(0)
