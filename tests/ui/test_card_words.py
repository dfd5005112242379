"""The Ordeal card's counts and words at the player's text size (`ui.cards`).

Fails without its fix: the board drew its cards at 100 % whatever the player's text size (a card
was "a picture: its words keep their printed size"), so a player at 200 % read "×2", "destroy 16",
"bottom 2 rows" at 11–16 px, and the small cards' Assault and Earthworm words were 11 px at 100 %,
under READABLE. Now the counts and words in the card's box grow with the text size as far as the
box holds them (wrapped, the pictures down to three quarters of their size, the regular weight
where the bold is too wide), every line's ink inside the box's line and clear of the others; the
card's frame, its name on the ribbon and the trigger number (its ink fills its pill at 100 %; the
caption under the card says it at the player's size) stay the printed card's.
"""

from __future__ import annotations

import pygame
import pytest

from castellion.rules import default_ruleset, new_game
from castellion.ui.card_cache import CardCache
from castellion.ui.castle_view import TileArt
from castellion.ui.catalog_keys import card_name
from castellion.ui.fit import READABLE
from tests.layout_words import Compositor, Word, set_text, touching_words

# The cards' sizes on the board (`ui.geometry`): solo, then two players; from 150 % the roomy
# layouts' (and a solo game's under a top bar with a second row, 4 px shorter still): the quick
# tier checks 200 % on the roomy solo and two-player cards, the slow one the others.
BOARD_CARDS = [(200, ((108, 152), (88, 124))),
               pytest.param(125, ((128, 180), (100, 140)), marks=pytest.mark.slow),
               pytest.param(150, ((108, 152), (90, 126), (88, 124)), marks=pytest.mark.slow),
               pytest.param(200, ((90, 126), (90, 122)), marks=pytest.mark.slow)]
SOLO = {(128, 180), (108, 152)}
CARDS = sorted(default_ruleset().cards.values(), key=lambda c: c.id)


def _box_words(ctx, monkeypatch, card, size, lang, scale, text_size) -> list[Word]:
    """The counts and words in `card`'s box, drawn as the board draws it (`CardCache`) at
    `text_size` (card coordinates; the name on the ribbon, the trigger and the note left out)."""
    set_text(ctx, lang, scale, text_size)
    comp = Compositor(monkeypatch)
    img = CardCache(ctx, TileArt(ctx)).get(card, size, True)
    ky = size[1] / 280
    return [w for w in comp.on.get(id(img), []) if w.words not in (card_name(card), str(card.trigger))
            and w.ink.bottom < 200 * ky]  # (the Simulation's note: under the box, at 208)


def _box(size: tuple[int, int]) -> pygame.Rect:
    """The inside of the box's line on a card of `size` (the frame art, 200 × 280: x 24–176, y 64–196)."""
    kx, ky = size[0] / 200, size[1] / 280
    return pygame.Rect(round(25 * kx), round(65 * ky), round(150 * kx), round(130 * ky))


@pytest.mark.parametrize(("text_size", "sizes"), BOARD_CARDS)
@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_every_cards_counts_and_words_grow_with_the_text_size_inside_its_box(ctx, monkeypatch, lang, scale,
                                                                            text_size, sizes):
    """Every Ordeal card of every level, on each card size the board draws at `text_size`: its
    smallest count or word is larger than at 100 % on the same card (at 200 % on the solo board's
    cards the words at 16 px at least, the counts at 20, where they were 12 and 14–16), never
    under READABLE at 1280×800; every line's ink inside the box's line, no two touching. Exam II on
    the cards under 128 px may keep its 100 % size: "foundation" / "cimientos" at 12 px already
    span the box, and its picture with three lines of words fill its height. (Where a printed box ran
    over its line at 100 %, the bold "bottom 2 rows" on the solo card, the larger text size's box
    is checked: at 100 % the cards stay as they were; Exam II on the solo card under a top bar with
    a second row, 90 × 122, keeps its printed box, whose last line's ink ends a pixel under the
    box's line as before.)"""
    problems = []
    for size in sizes:
        for card in CARDS:
            printed = _box_words(ctx, monkeypatch, card, size, lang, scale, 100)
            words = _box_words(ctx, monkeypatch, card, size, lang, scale, text_size)
            if not words:
                continue
            least, before = min(w.size for w in words), min(w.size for w in printed)
            counts = [w.size for w in words if w.words.startswith("\u00d7")]
            said = [w.size for w in words if not w.words.startswith("\u00d7")]
            narrow_exam = card.kind == "foundation_drop" and size[0] < 128
            if least < before or scale == 1.0 and said and min(said) < READABLE:
                problems.append(f"{card.id} {size}: {least} px, {before} at 100 %")
            if least <= before and not narrow_exam:
                problems.append(f"{card.id} {size}: {least} px at {text_size} %, as at 100 %")
            if text_size == 200 and size in SOLO and not narrow_exam and (
                    said and min(said) < 16 or counts and min(counts) < 20):
                problems.append(f"{card.id} {size}: words {said}, counts {counts} at 200 %")
            box = _box(size)
            problems += [f"{card.id} {size}: {w.words!r} {w.ink} leaves {box}" for w in words
                         if not box.contains(w.ink) and not (narrow_exam and size == (90, 122))]
            problems += [f"{card.id} {size}: {t}" for t in touching_words(words)]
    assert not problems, problems


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_two_player_assault_cards_words_are_readable_at_100_and_grow(ctx, monkeypatch, lang, scale):
    """The expert two-player board (100 × 140 cards): the Assaults' "destroy 16" was 11 px in bold
    at 100 % in every language and window (the Earthworms' "bottom 2 rows" too), under READABLE;
    at 200 % (88 × 124 cards) still 11 px. Now 12 px at 100 % in the regular weight (narrower;
    "destruye / 16" on two lines in the smaller window), and at 200 % at least 14 px; every line
    inside the box's line on the board's frame."""
    from tests.board_driver import board_view
    from tests.scenes.board.test_text_size import _whole_frame

    for text_size, least in ((100, READABLE), (200, 14)):
        game = new_game("expert", seed=8, players=2)
        game._face_up[:] = [True] * len(game.ordeals)  # dealt face down: turned up as a reveal does
        scene, frame = _whole_frame(ctx, monkeypatch, game, lang, scale, text_size)
        v = board_view(scene)
        for i, view in enumerate(v.game.ordeals):
            card = pygame.Rect(v.layout.ordeal_rect(i))
            box = _box(card.size).move(card.topleft)
            said = [w for w in frame if box.colliderect(w.ink) and not w.words.startswith("\u00d7")]
            assert said and all(w.size >= least for w in said), (view.card.id, text_size, said)
            assert all(box.contains(w.ink) for w in said), (view.card.id, box, said)


def test_the_reveal_sets_its_cards_box_once_not_every_frame(ctx, monkeypatch):
    """The Ordeal reveal drew its card afresh every frame (the box's search, many lines measured,
    was kept in a module-wide memo for it): now it keeps the cards it drew (`ui.card_cache`, as
    the board does), its back and its face each drawn once. Its pictures are byte-identical."""
    from castellion.rules import new_game
    from castellion.scenes.reveal import Encounter, OrdealRevealScene
    from castellion.ui import cards
    from tests.layout_words import make_surface

    set_text(ctx, "en", 1.0, 200)
    game = new_game("intro", seed=7)
    encounter = Encounter(index=0, card=game.ordeals[0].card, cause="traitors", was_face_down=True,
                          castle=game.castle(), result="lost", reason="")
    scene = OrdealRevealScene(ctx, [encounter], animate=True)
    drawn: list[bool] = []
    real = cards._render
    monkeypatch.setattr(cards, "_render", lambda ctx, card, size, face_up, grow: drawn.append(face_up)
                        or real(ctx, card, size, face_up, grow))
    for frame in range(12):  # the flip (face down, then up), then the still face
        scene.time = frame * 0.1
        scene.draw(make_surface(1.0))
    assert drawn == [False, True], drawn


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_printed_boxs_words_stay_inside_its_line_at_100(ctx, monkeypatch, lang, scale):
    """At 100 % the solo board's cards (128 × 180) and the reveal's (240 × 338) set their words in
    bold on as few lines as the regular weight's measure gave: the Earthworms' "bottom 2 rows" and
    "2 filas inferiores", Exam II's "foundation row" and "pierde la fila de" ran 1–13 px over the
    box's line. Now such a box wraps narrower (else in the regular weight): every line's ink a pixel
    inside the line; the other cards' boxes are as they were. (Japanese passed before: a guard.)"""
    for size in ((128, 180), (240, 338)):
        for card in CARDS:
            words = _box_words(ctx, monkeypatch, card, size, lang, scale, 100)
            box = _box(size)
            assert all(box.contains(w.ink) for w in words), (card.id, size, box, [(w.words, w.ink) for w in words])


# The cards under 128 px wide the board draws from 150 % (solo roomy, under a top bar with a second
# row and 4 px shorter still; two players) and the solo roomy card.
SMALL_CARDS = ((88, 124), (90, 122), (90, 126), (108, 152))


@pytest.mark.parametrize("text_size", [150, pytest.param(175, marks=pytest.mark.slow), 200])
@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_crowded_boxes_words_and_counts_grow_on_the_small_cards(ctx, monkeypatch, lang, scale, text_size):
    """On the small cards Exam II kept its 100 % words whatever the text size: 12 px (English at
    1024×600 11, under READABLE: "foundation" is as wide as the box), 12–16 in Japanese, the rows'
    picture over them; an Assault's count was its words' size (Spanish "destruye" held it to 14).
    Now words that grow to less than 14 px break at the catalog's hyphens ("founda-tion",
    "inferio-res") and give the picture away where that lets them grow: Exam II at 14 px in
    English and Japanese, 12 in Spanish (its five words fill the box), never under READABLE; an
    Assault's count as much larger as the box holds (18 px at least from 150 %); every line's
    ink inside the box's line, whole, no two touching."""
    from castellion.ui.cards import SOFT_HYPHEN, _card_words

    problems = []
    for size in SMALL_CARDS:
        for card in CARDS:
            words = _box_words(ctx, monkeypatch, card, size, lang, scale, text_size)
            counts = [w.size for w in words if w.words.startswith("\u00d7")]
            said = [w for w in words if not w.words.startswith("\u00d7")]
            if said and min(w.size for w in said) < READABLE:
                problems.append(f"{card.id} {size}: words at {min(w.size for w in said)} px")
            if card.kind == "foundation_drop" and lang != "es" and min(w.size for w in said) < 14:
                problems.append(f"{card.id} {size}: words at {min(w.size for w in said)} px")
            if card.kind == "assault" and min(counts) < 18:
                problems.append(f"{card.id} {size}: count at {min(counts)} px")
            # the words whole: the lines, their hyphens at line ends taken out, say the card's words
            lines = "".join(w.words[:-1] if w.words.endswith("-") else w.words for w in said)
            whole = "".join(_card_words(card)).replace(SOFT_HYPHEN, "")
            if said and lines.replace(" ", "") != whole.replace(" ", ""):
                problems.append(f"{card.id} {size}: {[w.words for w in said]} for {whole!r}")
            problems += [f"{card.id} {size}: {w.words!r} {w.ink} leaves {_box(size)}" for w in words
                         if not _box(size).contains(w.ink)]
            problems += [f"{card.id} {size}: {t}" for t in touching_words(words)]
    assert not problems, problems
