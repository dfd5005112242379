"""The solo board's piles' counts at 200 % ("quedan 72" under the regular pile, "quedan 12" under
the safe one): one size, fitted side by side between the tiles panel's edge and the hand's frame
(`castellion/scenes/board/pile_counts.py`), measured as drawn (tests/layout_words.py)."""

from __future__ import annotations

import pygame
import pytest

from castellion.rules import new_game
from tests.layout_words import cut_words, set_text, stack_words, touching_words
from tests.project.test_i18n_screens import board, mid_game

PILES = ("regular", "safe")


def _vigil_in_hand():
    from castellion.rules import actions as A

    game = new_game("intro", seed=8, variant="vigil")
    game.apply(A.DrawTile("regular"))
    return game


SETUPS = {  # every level and variant the solo board lays out differently (the Seer's slots, the Vigil, ...)
    "introductory": lambda: new_game("intro", seed=3),
    "base": lambda: new_game("base", seed=3),
    "base, a tile in hand": lambda: mid_game(1, "use"),
    "expert": lambda: new_game("expert", seed=4),
    "the Vigil": lambda: new_game("intro", seed=8, variant="vigil"),
    "the Vigil, a tile in hand": _vigil_in_hand,
    "the Prison and the Pantry": lambda: new_game("base", seed=6, variant="prison", pantry=True),
}


def _counts(ctx, monkeypatch, make, lang: str, scale: float):
    """The board of `make()` drawn at 200 %: the scene, its words, the two counts' words (by pile)."""
    from castellion.ui.text import t

    set_text(ctx, lang, scale, 200)
    scene = board(ctx, make())
    ctx.stack.reset(scene)
    ctx.stack.apply_pending()
    frame = stack_words(ctx.stack, monkeypatch, scale)[1]
    panel, game = pygame.Rect(scene.state.layout.tiles_panel), scene.session.game
    said = {p: t("board.pile_count", n=game.pile_size(p)) if game.pile_size(p) else t("board.pile_empty")
            for p in PILES}
    counts = {p: [w for w in frame if w.words == said[p] and panel.contains(w.ink)] for p in PILES}
    return scene, frame, counts


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_piles_counts_are_28_px_or_more_side_by_side(ctx, monkeypatch, lang, scale):
    """At 200 % the Spanish counts ("quedan 72", "quedan 12") were 24 px beside 36 px names: each
    was fitted, centred under its pile, to twice the room from its pile's middle to the hand's
    frame (136 px), 40 px of the row left empty on their left. Now, in every level and variant,
    both are one size, at least 28 px (14 at 100 %), each nearer its own pile's middle than the
    other's, whole, inside the panel, 14 px apart at least (`TOUCH_ACROSS`), clear of the hand's
    frame and the piles (smaller than the names, of a full pile's stack depth too: lowered within
    the room the counts have at the names' size), touching nothing. (English and Japanese, 36 px before, pass before the
    change.)"""
    from castellion.ui.textfit import TOUCH_ACROSS

    for name, make in SETUPS.items():
        scene, frame, counts = _counts(ctx, monkeypatch, make, lang, scale)
        lay = scene.state.layout
        assert all(len(counts[p]) == 1 for p in PILES), (name, counts)
        regular, safe = (counts[p][0] for p in PILES)
        assert scene.panel_sizes.sizes["tiles"] == 2.0, (name, scene.panel_sizes.why.get("tiles"))
        assert regular.size == safe.size >= 28, (name, regular.size, safe.size)
        middles = [pygame.Rect(lay.pile_rect(p)).centerx for p in PILES]
        for k, word in enumerate((regular, safe)):
            assert abs(word.ink.centerx - middles[k]) < abs(word.ink.centerx - middles[1 - k]), (name, word)
        assert safe.ink.x - regular.ink.right >= TOUCH_ACROSS, (name, regular.ink, safe.ink)
        frame_rect = pygame.Rect(lay.hand_rect()).inflate(8, 8)
        pictures = [frame_rect] + [pygame.Rect(lay.pile_rect(p)) for p in PILES]
        if regular.size < ctx.fonts.sized(ctx.theme.font_small):  # (smaller than the names: room to go lower)
            stack = pygame.Rect(lay.pile_rect("safe")).bottom + 6  # (a full pile's stack depth drawn 6 px under it)
            assert min(regular.ink.y, safe.ink.y) > stack, (name, regular.ink, safe.ink, stack)
        assert not [w.ink for w in (regular, safe) for r in pictures if w.ink.colliderect(r)], name
        assert not cut_words([regular, safe], lang), name
        assert pygame.Rect(lay.tiles_panel).inflate(-24, 0).contains(regular.ink.union(safe.ink)), name
        assert not [pair for pair in touching_words(frame) if regular.words in pair or safe.words in pair], name


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_every_pair_of_counts_fits_its_row_at_28_px_or_more(ctx, lang, scale):
    """Every pair of counts the piles can show (the regular pile 0-72 tiles, "empty" at 0; the safe
    one 0-12), laid out by `pile_counts.fitted_row` at 200 % on the solo board's layout: one size, at
    least 28 px, their ink inside the panel, apart, ending clear of the hand's frame (the
    widest Spanish ones, "quedan 14", are a few px wider than "quedan 72"). Before, fitted each on its
    own, the Spanish counts were 24 px: `fitted_row` did not exist."""
    from castellion.scenes.board import pile_counts
    from castellion.ui.geometry import board_layout
    from castellion.ui.painting import ink_box
    from castellion.ui.text import t
    from castellion.ui.textfit import TOUCH_ACROSS

    set_text(ctx, lang, scale, 200)

    def said(n: int) -> str:
        return t("board.pile_count", n=n) if n else t("board.pile_empty")

    sizes = set()
    for lay in (board_layout(1, roomy=True), board_layout(1, prison=True, pantry=True, roomy=True)):
        hand, inner = pygame.Rect(lay.hand_rect()), pygame.Rect(lay.tiles_panel).inflate(-24, 0)
        right = hand.x - 4 - TOUCH_ACROSS // 2 - 1  # (the hand's frame is drawn 4 px outside it)
        for n in range(73):
            for m in range(13):
                texts = {"regular": said(n), "safe": said(m)}
                row = pile_counts.fitted_row(ctx, lay, texts, right)
                assert row is not None, texts
                size, centres = row
                sizes.add(size)
                inks = []
                for pile in PILES:
                    width = ctx.fonts.render(texts[pile], size, (0, 0, 0), "body").get_width()
                    inks.append(ink_box(ctx, texts[pile], size).move(centres[pile] - width // 2, 0))
                assert inner.x <= inks[0].x and inks[0].right + TOUCH_ACROSS <= inks[1].x <= inks[1].right <= right, \
                    (texts, inks)
    assert min(ctx.fonts.sized(s) for s in sizes) >= 28, sorted(sizes)


TWO_PLAYER_SETUPS = {
    "base": lambda: new_game("base", seed=5, players=2),
    "base, a tile in hand": lambda: mid_game(2, "use"),
    "base, a power offered": lambda: mid_game(2, "power"),
    "the Prison and the Pantry": lambda: new_game("base", seed=5, players=2, variant="prison", pantry=True),
    "the Vigil": lambda: new_game("intro", seed=8, players=2, variant="vigil"),
}


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_two_player_strip_s_counts_are_28_px_or_more(ctx, monkeypatch, lang, scale):
    """The two-player strip at 200 %: its Spanish counts were 24 px (each fitted under its pile to
    the room between the piles' middles) while right of them, under the hand's frame, the row was
    empty up to the discard pile's count. Fitted as one row up to that count, clear of the hand's
    frame above them, they are now one size, at least 28 px (30), each nearer its own pile,
    whole, in the panel, apart, clear of the pictures, touching nothing. (English and Japanese,
    36 px before, pass before the change.)"""
    from castellion.scenes.board.panels_tiles import tiles_avoid
    from castellion.ui.textfit import TOUCH_ACROSS
    from tests.board_driver import board_view

    for name, make in TWO_PLAYER_SETUPS.items():
        scene, frame, counts = _counts(ctx, monkeypatch, make, lang, scale)
        lay = scene.state.layout
        assert all(len(counts[p]) == 1 for p in PILES), (name, counts)
        regular, safe = (counts[p][0] for p in PILES)
        assert regular.size == safe.size >= 28, (name, regular.size, safe.size)
        middles = [pygame.Rect(lay.pile_rect(p)).centerx for p in PILES]
        for k, word in enumerate((regular, safe)):
            assert abs(word.ink.centerx - middles[k]) < abs(word.ink.centerx - middles[1 - k]), (name, word)
        assert safe.ink.x - regular.ink.right >= TOUCH_ACROSS, (name, regular.ink, safe.ink)
        view = board_view(scene)
        pictures = tiles_avoid(view, scene.session.game.power_faction is not None) \
            + [pygame.Rect(lay.hand_rect()).inflate(8, 8)]
        assert not [(w.words, r) for w in (regular, safe) for r in pictures if w.ink.colliderect(r)], name
        assert not cut_words([regular, safe], lang), name
        assert pygame.Rect(lay.tiles_panel).inflate(-24, 0).contains(regular.ink.union(safe.ink)), name
        assert not [pair for pair in touching_words(frame) if regular.words in pair or safe.words in pair], name


def test_the_counts_size_comes_from_the_one_loop_over_sizes(ctx, monkeypatch):
    """`fitted_row` tries its sizes through `ui.fit.largest` (the one "largest size that holds" loop),
    from the small size down to its floor, and answers the size that loop found with the places it
    found there. Before, it kept a loop of its own (`pile_counts` had no `largest` to follow: this
    test failed setting it)."""
    from castellion.scenes.board import pile_counts
    from castellion.ui import fit
    from castellion.ui.geometry import board_layout
    from castellion.ui.text import t

    asked = []

    def following(size, floor, holds):
        found = fit.largest(size, floor, holds)
        asked.append((size, floor, found))
        return found

    monkeypatch.setattr(pile_counts, "largest", following)
    set_text(ctx, "es", 1.0, 200)
    lay = board_layout(1, roomy=True)
    texts = {"regular": t("board.pile_count", n=72), "safe": t("board.pile_count", n=12)}
    row = pile_counts.fitted_row(ctx, lay, texts, pygame.Rect(lay.hand_rect()).x - 12)
    small = ctx.theme.font_small
    assert [(size, floor) for size, floor, _ in asked] == [(small, fit.floor_of(small, ctx.fonts.text_scale))]
    found = asked[0][2]
    assert found is not None and row == (found[1], found[0])
    assert ctx.fonts.sized(row[0]) >= 28  # (Spanish at 200 %: smaller than the small size, above its floor)


def _discard_count_ink(ctx, view):
    """The discard pile's count as `TilesPanel._draw_discard` draws it: its words, the size it is
    drawn at (fitted to its room as `draw_text` fits it) and its ink's rect."""
    from castellion.scenes.board import pile_counts
    from castellion.ui.fit import fit_size
    from castellion.ui.painting import ink_box

    text, size, (x, y), room = pile_counts.discard_count(view)
    drawn = size if room is None else fit_size(ctx.fonts, text, "body", size, room)
    w, h = ctx.fonts.render(text, drawn, (0, 0, 0), "body").get_size()
    return text, drawn, ink_box(ctx, text, drawn).move(x - w // 2, y - h // 2)


def _sweep_discard_counts(ctx, lang: str, scale: float, regular, safe, discards) -> set[int]:
    """Every solo setup at 200 % with each discard pile of `discards` tiles beside each count of the
    regular pile in `regular` and of the safe one in `safe`: the discard pile's count at least as
    large as the piles' counts, its ink inside the panel right of the hand's frame (14 px apart at
    least), whole; the sizes (px) it was drawn at."""
    from castellion.scenes.board import pile_counts
    from castellion.ui.textfit import TOUCH_ACROSS
    from tests.board_driver import board_view

    set_text(ctx, lang, scale, 200)
    sizes = set()
    for name, make in SETUPS.items():
        scene = board(ctx, make())
        game, lay = scene.session.game, scene.state.layout
        tiles = {p: list(game._piles[p]) for p in PILES}
        everything = tiles["regular"] + tiles["safe"] + list(game._discard)
        frame, inner = pygame.Rect(lay.hand_rect()).inflate(8, 8), pygame.Rect(lay.tiles_panel).inflate(-24, 0)
        for d in discards:
            game._discard[:] = everything[:d]
            for n in regular:
                for m in safe:
                    game._piles["regular"][:], game._piles["safe"][:] = everything[:n], everything[:m]
                    view = board_view(scene)
                    text, drawn, ink = _discard_count_ink(ctx, view)
                    piles = min(size for _, size, _, _, _ in pile_counts.placed(view).values())
                    assert drawn >= piles, (name, d, n, m, text, drawn, piles)
                    assert ctx.fonts.text_width(text, "body", drawn) <= inner.w, (name, text)  # (whole)
                    assert frame.right + TOUCH_ACROSS // 2 <= ink.x and ink.right <= inner.right, (name, text, ink)
                    sizes.add(ctx.fonts.sized(drawn))
        game._piles["regular"][:], game._piles["safe"][:] = tiles["regular"], tiles["safe"]
    return sizes


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_discard_pile_s_count_is_28_px_or_more(ctx, lang, scale):
    """Solo at 200 %, discard piles of 0, 1, 9, 10 and 12 tiles in every level and variant, beside
    the piles' counts (the regular pile empty, at its widest and full, the safe one full; every
    count in the slow tier): the discard pile's count at least 28 px and no smaller
    than the piles' counts beside it, inside the panel right of the hand's frame. Before, "12
    fichas" (10 tiles or more in Spanish) was fitted to the 112 px right of the hand's frame: 24
    px beside 28 px counts (the number alone under the pile labelled "Descarte" is 28 px, on
    their line)."""
    sizes = _sweep_discard_counts(ctx, lang, scale, (0, 14, 72), (12,), (0, 1, 9, 10, 12))
    assert min(sizes) >= 28, sorted(sizes)


@pytest.mark.slow
@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_every_discard_count_beside_every_pair_of_counts_is_28_px_or_more(ctx, lang, scale):
    """The quick test above with every count of the regular pile (0-72), every discard pile (0-12)
    and the safe pile empty or full."""
    assert min(_sweep_discard_counts(ctx, lang, scale, range(73), (0, 12), range(13))) >= 28


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_twelve_discarded_tiles_are_counted_28_px_or_more_on_the_counts_line(ctx, monkeypatch, lang, scale):
    """Drawn as the frame shows it, solo at 200 % with twelve tiles discarded (the widest count) in
    every level and variant: the discard pile's count at least 28 px, as large as the piles' counts
    and no higher than theirs (one line), whole, inside the panel, clear of the hand's frame and
    the pictures, touching no other words. Before, "12 fichas" was 24 px beside 28 px counts and
    "12 tiles" 30 px beside 36 px ones. (Japanese, "12枚" 36 px, passes before.)"""
    from castellion.ui.text import t, tn

    for name, make in SETUPS.items():
        def twelve_out(make=make):
            game = make()
            while len(game._discard) < 12:
                game._discard.append(game._piles["regular"].pop())
            return game

        scene, frame, counts = _counts(ctx, monkeypatch, twelve_out, lang, scale)
        lay, panel = scene.state.layout, pygame.Rect(scene.state.layout.tiles_panel)
        said = (tn("board.discard_count", 12), "12")
        (word,) = [w for w in frame if w.words in said and panel.contains(w.ink) and w.words != t("board.discard")]
        piles = [counts[p][0] for p in PILES]
        assert word.size >= max(28, piles[0].size), (name, word)
        assert word.ink.y >= min(p.ink.y for p in piles), (name, word.ink, [p.ink for p in piles])
        pictures = [pygame.Rect(lay.hand_rect()).inflate(8, 8), pygame.Rect(lay.discard_rect())]
        assert not [r for r in pictures if word.ink.colliderect(r)], (name, word.ink)
        assert not cut_words([word], lang), name
        assert pygame.Rect(lay.tiles_panel).inflate(-24, 0).contains(word.ink), name
        assert not [pair for pair in touching_words(frame) if word.words in pair], name


@pytest.mark.parametrize("text_size", [100, 200])
@pytest.mark.parametrize("players", [1, 2])
def test_the_discard_count_s_bottom_follows_where_it_is_drawn(ctx, monkeypatch, players, text_size):
    """`discard_count_bottom` (what the name of the tile in hand is placed under) answers from
    `discard_count`, which says where the count is drawn: that place moved 40 px lower, the bottom
    follows it. Before, it computed the count's place again (at 100 % without asking
    `discard_count`: this failed there)."""
    from castellion.scenes.board import pile_counts
    from tests.board_driver import board_view

    set_text(ctx, "en", 1.0, text_size)
    view = board_view(board(ctx, new_game("base", seed=3, players=players)))
    before, answer = pile_counts.discard_count_bottom(view), pile_counts.discard_count

    def lower(v):
        text, size, (x, y), room = answer(v)
        return text, size, (x, y + 40), room

    monkeypatch.setattr(pile_counts, "discard_count", lower)
    assert pile_counts.discard_count_bottom(view) == before + 40


def _drawn_counts(ctx, monkeypatch, game, lang: str, scale: float, text_size: int):
    """`game`'s board drawn at `text_size`: the scene and each pile's count's word (by pile)."""
    set_text(ctx, lang, scale, text_size)
    scene = board(ctx, game)
    ctx.stack.reset(scene)
    ctx.stack.apply_pending()
    frame = stack_words(ctx.stack, monkeypatch, scale)[1]
    from castellion.ui.text import t

    panel, game = pygame.Rect(scene.state.layout.tiles_panel), scene.session.game
    said = {p: t("board.pile_count", n=game.pile_size(p)) for p in PILES}
    counts = {p: [w for w in frame if w.words == said[p] and panel.contains(w.ink)] for p in PILES}
    assert all(len(counts[p]) == 1 for p in PILES), counts
    return scene, {p: counts[p][0] for p in PILES}


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("text_size", [125, 150, 175, 200])
def test_the_counts_clear_the_piles_highlight_ring_and_stack_depth(ctx, monkeypatch, text_size, lang, scale):
    """A fresh game, solo and two players, its piles lit (a tile may be drawn: the highlight ring
    drawn 4 px around each, `rect.inflate(8, 8)` in `TilesPanel._draw_piles`) and full (the
    regular pile's 72 tiles drawn as a stack 6 px deep under and right of it, the safe pile's 12
    4 px): each count's ink clear of its pile's ring and stack depth, both one size. Before, the
    English and Japanese counts at 150-200 % (the Spanish ones at 150-175 %) started 1-5 px under
    the pile, over both ("72 left" touched the regular pile's bottom edge). (125 %, and Spanish at
    200 %, 7 px under, pass before the change.)"""
    for players in (1, 2):
        scene, counts = _drawn_counts(ctx, monkeypatch, new_game("base", seed=3, players=players), lang, scale,
                                      text_size)
        lay, game = scene.state.layout, scene.session.game
        assert set(PILES) <= set(scene.state.choices.draw), scene.state.choices.draw  # (both lit: ringed)
        for pile in PILES:
            rect, n = pygame.Rect(lay.pile_rect(pile)), game.pile_size(pile)
            depth = 2 * min(3, (n + 9) // 10)  # (as drawn: a tile's back every 2 px, one for each ten tiles begun)
            drawn = rect.inflate(8, 8).union(rect.move(depth, depth))
            assert not counts[pile].ink.colliderect(drawn), (players, pile, counts[pile].ink, drawn)
        assert counts["regular"].size == counts["safe"].size, (players, counts)


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("text_size", [100, 200])
def test_the_keyboard_cursor_on_a_pile_leaves_its_count_clear(ctx, monkeypatch, text_size, lang, scale):
    """The keyboard cursor on each pile (its gold band and the dark band that tells it apart on
    a lit pile), solo and two players: every pixel it paints clear of the pile's count's ink.
    Before, its dark band reached 9 px under the pile, over the count (at 100 % too: the
    Japanese counts start 8 px under the pile at 1280×800, the English ones at 1024×600; the
    English ones at 1280×800 and the Japanese ones at 1024×600, 9 px under, pass before)."""
    from types import SimpleNamespace

    from castellion.scenes.board import live
    from castellion.ui.targets import PileTarget
    from tests.board_driver import board_view

    for players in (1, 2):
        scene, counts = _drawn_counts(ctx, monkeypatch, new_game("base", seed=3, players=players), lang, scale,
                                      text_size)
        for pile in PILES:
            layer = pygame.Surface((1280, 800), pygame.SRCALPHA)
            state = SimpleNamespace(keyboard=True, cursor=PileTarget(pile),
                                    gesture=SimpleNamespace(carry=False, pantry_pick=None))
            live._paint_keyboard_cursor(layer, board_view(scene), state)
            painted = layer.get_bounding_rect()
            assert painted.colliderect(pygame.Rect(scene.state.layout.pile_rect(pile)))  # (it is drawn there)
            assert not painted.colliderect(counts[pile].ink), (players, pile, painted, counts[pile].ink)


NOTHING_IN_HAND_PX = {1.0: 34, 0.75: 32}  # Japanese at 200 %, by window (English and Spanish: 36)


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_nothing_in_hand_under_the_lit_piles_counts_keeps_its_size(ctx, monkeypatch, lang, scale):
    """A fresh solo game at 200 % (both piles lit): the counts lowered clear of the highlight ring
    cost the Japanese "nothing in hand" 34 → 30 px at 1280×800 (30 at 1024×600): under the counts
    its room was 29 px tall, and beside them, 14 px clear of the lit safe pile's count and the
    discard pile's, 7 px too narrow. It may now start a pixel under their ink, sharing no row
    with them, 8 px clear of them across (the panel's measure asks 7): 34 px at 1280×800, 32 at
    1024×600; whole on one line, under the hand's frame, clear of the button under it, touching
    nothing, never on a count's rows within 14 px across; the counts still under the ring.
    (English and Spanish, 36 px, pass before the change.)"""
    from castellion.ui.text import t, tn
    from castellion.ui.textfit import TOUCH_ACROSS
    from tests.scenes.board.test_solo_panels_text_size import _tiles_frame

    scene, frame, panel = _tiles_frame(ctx, monkeypatch, None, lang, scale)
    lay, game = scene.state.layout, scene.session.game
    said = t("board.hand_empty")
    words = [w for w in frame if panel.contains(w.ink) and w.words.strip() and w.words in said
             and w.words != t("board.hand")]
    assert [w.words for w in words] == [said], [(w.words, w.ink) for w in words]
    name = words[0]
    least = NOTHING_IN_HAND_PX[scale] if lang == "ja" else ctx.fonts.sized(ctx.theme.font_small)
    assert name.size >= least, (name.size, least)
    counts = {t("board.pile_count", n=game.pile_size(p)) for p in PILES} | {tn("board.discard_count", 0)}
    inks = [w.ink for w in frame if w.words in counts and panel.contains(w.ink)]
    assert len(inks) == 3, inks
    for ink in inks:  # (on a count's rows: a word's gap apart across at least, or it reads as one run)
        if name.ink.y <= ink.bottom and ink.y <= name.ink.bottom:
            assert name.ink.x - ink.right >= TOUCH_ACROSS or ink.x - name.ink.right >= TOUCH_ACROSS, (name, ink)
    hand = pygame.Rect(lay.hand_rect()).inflate(8, 8)
    assert name.ink.y > hand.bottom and not name.ink.colliderect(pygame.Rect(lay.button_rect("encounter")))
    assert not [pair for pair in touching_words(frame) if name.words in pair]
    for pile in PILES:
        drawn = [w.ink for w in frame if w.words == t("board.pile_count", n=game.pile_size(pile))]
        assert drawn and drawn[0].y >= pygame.Rect(lay.pile_rect(pile)).inflate(8, 8).bottom, (pile, drawn)
