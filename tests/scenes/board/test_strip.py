"""The two-player tiles strip at a larger text size (`castellion/scenes/board/strip.py`): the
hand's name a row up where it would touch its neighbours', the name of the tile in hand under the
piles' counts, so that a tile held changes no word's size."""

from __future__ import annotations

import pygame
import pytest

from castellion.ui import text
from tests.project.test_i18n_screens import mid_game
from tests.scenes.board.test_text_size import _whole_frame


def _draw_a_tile(game):
    from castellion.rules import actions as A

    game.apply(next(a for a in game.legal_actions() if isinstance(a, A.DrawTile)))
    assert game.held is not None
    return game


def _counts(frame, game) -> list:
    said = {text.t("board.pile_count", n=game.pile_size(p)) for p in ("regular", "safe")}
    return [w for w in frame if w.words in said]


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_a_tile_in_hand_changes_no_word_s_size_in_the_two_player_strip(ctx, monkeypatch, lang, scale):
    """Seen in a real window (Spanish, 200 %, two players): with a tile in hand "quedan 71" went
    from about 18 px to 12 px, and back after the drop. The counts were narrowed to leave room
    for the tile's name beside them; the name now goes under the counts' row. The strip keeps
    its size and the counts their height while a tile is held."""
    game = mid_game(2, "get")
    scene, frame = _whole_frame(ctx, monkeypatch, game, lang, scale)
    size, before = scene.panel_sizes.sizes["tiles"], _counts(frame, game)
    held = _draw_a_tile(game)
    scene, frame = _whole_frame(ctx, monkeypatch, held, lang, scale)
    after = _counts(frame, held)
    assert scene.panel_sizes.sizes["tiles"] == size, scene.panel_sizes.why.get("tiles")
    assert len(before) == len(after) == 2
    assert [w.ink.h for w in after] == [w.ink.h for w in before], (before, after)
    assert all(abs(a.ink.w - b.ink.w) <= b.ink.w // 4 for a, b in zip(after, before, strict=True)), (before, after)


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_hand_s_name_goes_up_a_row_clear_of_its_neighbours_at_200(ctx, monkeypatch, lang, scale):
    """At 200 % "In hand" touched "Safe" and "Discard" on their row: its ink now ends above theirs,
    inside the panel, and no name over a slot runs over the hand's frame."""
    from tests.board_driver import board_view

    scene, frame = _whole_frame(ctx, monkeypatch, mid_game(2, "get"), lang, scale)
    assert scene.panel_sizes.sizes["tiles"] >= 1.75, scene.panel_sizes.why.get("tiles")
    lay = board_view(scene).layout
    names = {key: next(w.ink for w in frame if w.words == text.t(key))
             for key in ("board.pile.regular", "board.pile.safe", "board.hand", "board.discard")}
    hand = names.pop("board.hand")
    assert all(hand.bottom < r.y for r in names.values()), (hand, names)
    assert pygame.Rect(lay.tiles_panel).y < hand.y
    frame_of_hand = pygame.Rect(lay.hand_rect()).inflate(8, 8)
    assert not any(r.colliderect(frame_of_hand) for r in names.values()), (names, frame_of_hand)


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_name_of_the_tile_in_hand_stays_in_the_strip_under_the_counts(ctx, monkeypatch, lang):
    """At 200 % the name took three lines under the hand, the third out of the panel ("(safe)"):
    it now takes the band under the piles' counts, left of the buttons, whole."""
    from castellion.scenes.board.words import tile_name
    from tests.board_driver import board_view

    game = _draw_a_tile(mid_game(2, "get"))
    scene, frame = _whole_frame(ctx, monkeypatch, game, lang, 1.0)
    lay = board_view(scene).layout
    panel = pygame.Rect(lay.tiles_panel).inflate(-18, -12)
    counts = _counts(frame, game)
    name = [w for w in frame if w.words and w.words in tile_name(game.held)]
    assert "".join(w.words for w in name).replace(" ", "") == tile_name(game.held).replace(" ", "")
    assert all(panel.contains(w.ink) for w in name), [(w.words, w.ink) for w in name]
    assert all(w.ink.y > c.ink.bottom for w in name for c in counts)
    buttons = [pygame.Rect(lay.button_rect(k)) for k in ("encounter", "premonition")]
    assert not any(w.ink.colliderect(b) for w in name for b in buttons)


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_a_tile_in_hand_keeps_the_solo_tiles_panel_at_its_size(ctx, monkeypatch, lang, scale):
    """On the solo board at 200 % the name of the tile in hand ran its second line over the
    buttons beside the hand (Japanese 「丸」 of 「カメレオンの丸」 over "Use"): the panel was
    measured a size smaller while a tile was held (Japanese 200 → 150 %). Its lines now keep left
    of the buttons."""
    scene, _ = _whole_frame(ctx, monkeypatch, mid_game(1, "get"), lang, scale)
    size = scene.panel_sizes.sizes["tiles"]
    scene, _ = _whole_frame(ctx, monkeypatch, mid_game(1, "use"), lang, scale)
    assert scene.session.game.held is not None
    assert scene.panel_sizes.sizes["tiles"] == size, scene.panel_sizes.why.get("tiles")


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_nothing_in_hand_is_as_large_as_the_strip_s_words(ctx, monkeypatch, lang, scale):
    """At 200 % "nothing in hand" had to fit inside the two-player hand's frame (96 px): 「手札なし」
    was 20 px (15 px at 1024×600), "nada en mano" 24 px on three lines, beside counts of 32–36 px.
    It now goes where the name of a tile in hand goes, under the piles' counts: about as large as
    the piles' names (at most 4 px smaller), whole, inside the panel, clear of every other word,
    the hand's frame and the buttons."""
    from castellion.scenes.board.strip import frame_edges
    from tests.board_driver import board_view
    from tests.scenes.board.test_text_size import _new

    game = _new(seed=5, players=2)
    scene, frame = _whole_frame(ctx, monkeypatch, game, lang, scale)
    lay = board_view(scene).layout
    said = text.t("board.hand_empty")
    note = [w for w in frame if w.words.strip() and w.words in said and w.ink.y > pygame.Rect(lay.hand_rect()).y]
    assert "".join(w.words for w in note).replace(" ", "") == said.replace(" ", ""), [w.words for w in note]
    names = [w for w in frame if w.words in {text.t(f"board.pile.{p}") for p in ("regular", "safe")}]
    assert len(names) == 2 and all(w.size >= max(n.size for n in names) - 4 for w in note), (note, names)
    assert all(pygame.Rect(lay.tiles_panel).inflate(-18, -12).contains(w.ink) for w in note)
    panel = pygame.Rect(lay.tiles_panel)
    others = [w.ink for w in frame if w.words.strip() and w not in note and panel.colliderect(w.ink)]
    assert not any(w.ink.inflate(4, 4).colliderect(o) for w in note for o in others), (note, others)
    pictures = frame_edges(pygame.Rect(lay.hand_rect()).inflate(8, 8))
    pictures += [pygame.Rect(lay.button_rect(k)) for k in ("encounter", "premonition")]
    assert not any(w.ink.colliderect(p) for w in note for p in pictures)


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_four_names_over_the_strip_s_slots_at_200_each_over_its_slot(ctx, monkeypatch, lang, scale):
    """The Spanish strip stopped at 175 %: "Normal" and "Segura" side by side needed the safe pile's
    name further right than the hand's frame allowed, and "Descarte" ran over that frame. At 200 %
    the four names (the hand's a row up) are each drawn at the strip's size over the middle of
    their slot, those on one row at least the font's space apart (and 7 px, as the measure asks),
    off the hand's frame."""
    from castellion.scenes.board.strip import frame_edges
    from tests.board_driver import board_view
    from tests.scenes.board.test_text_size import _new

    scene, frame = _whole_frame(ctx, monkeypatch, _new(seed=5, players=2, variant="prison", pantry=True), lang, scale)
    assert scene.panel_sizes.sizes["tiles"] == 2.0, scene.panel_sizes.why.get("tiles")
    lay = board_view(scene).layout
    slots = {"board.pile.regular": lay.pile_rect("regular"), "board.pile.safe": lay.pile_rect("safe"),
             "board.hand": lay.hand_rect(), "board.discard": lay.discard_rect()}
    names = {key: next(w for w in frame if w.words == text.t(key)) for key in slots}
    assert len({w.size for w in names.values()}) == 1, names
    for key, slot in slots.items():
        ink = names[key].ink
        assert ink.x < pygame.Rect(slot).centerx < ink.right, (key, ink, slot)
    row = sorted((w.ink for key, w in names.items() if key != "board.hand"), key=lambda r: r.x)
    size = next(iter(names.values())).size
    space = ctx.fonts.for_text(" ", "bold", size).size(" ")[0]  # (the font's own space at the drawn size)
    # (less read "NormalSegura" as one word: 9 px at 200 %; 1 px for the 1024×600 window's rounding)
    assert all(b.x - a.right >= max(7, space - 1) for a, b in zip(row, row[1:], strict=False)), (row, space)
    edges = frame_edges(pygame.Rect(lay.hand_rect()).inflate(8, 8))
    assert not any(r.colliderect(e) for r in row for e in edges), (row, lay.hand_rect())


SEER_STATES = {"start": lambda: _new(seed=5, players=2), "a tile in hand": lambda: mid_game(2, "use"),
               "prison and pantry": lambda: _new(seed=5, players=2, variant="prison", pantry=True)}


def _new(**options):
    from tests.scenes.board.test_text_size import _new as new

    return new(**options)


@pytest.mark.parametrize("state", sorted(SEER_STATES))
@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_seer_s_caption_over_the_strip_s_corner_is_as_large_as_the_strip_s_heading(ctx, monkeypatch, lang,
                                                                                       scale, state):
    """Seen in a real window at 200 % (Spanish, two players): "Reveladas por el Vidente" over the
    Seer's 2 × 2 block in the strip's corner was 16 px beside names of 36 (one line fits there
    between the panel's top and "Descarte"). Where the whole caption would be smaller than asked,
    the short one ("Reveladas") is drawn, placed by its ink: at least as large as the strip's
    heading, whole, inside the panel, above the block and left of nothing it touches."""
    from tests.board_driver import board_view
    from tests.layout_words import cut_words

    scene, frame = _whole_frame(ctx, monkeypatch, SEER_STATES[state](), lang, scale)
    assert scene.panel_sizes.sizes["tiles"] == 2.0, scene.panel_sizes.why.get("tiles")
    lay = board_view(scene).layout
    block = pygame.Rect(lay.revealed_rect(0)).union(lay.revealed_rect(lay.revealed_slots - 1))
    panel = pygame.Rect(lay.tiles_panel)
    caption = [w for w in frame if w.words.strip() and panel.colliderect(w.ink) and w.ink.bottom < block.y
               and w.ink.right > block.x and (w.words in text.t("board.revealed")
                                               or w.words == text.t("board.revealed_short"))]
    heading = next(w for w in frame if w.words == text.t("board.tiles"))
    assert caption and all(w.size >= heading.size for w in caption), \
        (heading.size, [(w.words, w.size) for w in caption])
    assert all(panel.inflate(-18, -12).contains(w.ink) for w in caption)
    assert not cut_words(caption, lang)
    others = [w.ink for w in frame if w.words.strip() and w not in caption and panel.colliderect(w.ink)]
    assert not any(w.ink.inflate(4, 4).colliderect(o) for w in caption for o in others), (caption, others)


ENCOUNTER_PX = {"en": 28, "es": 28, "ja": 28}  # the label's least px at 200 % (18, 16-18, 24 before)


@pytest.mark.parametrize("state", sorted(SEER_STATES))
@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_face_the_ordeal_now_takes_two_lines_in_the_taller_strip(ctx, monkeypatch, lang, scale, state):
    """Seen in a real window at 200 % (Spanish, two players): "Afrontar ya la Prueba" was 16-18 px
    on one line in its 236 × 52 button (English 18), beside counts and names of 24-36. The strip
    under the taller bar is 14 px taller (its castles 10 px shorter, still at their size), the
    button with it, and its label takes two lines there: 28 px in English and Spanish. Japanese
    stayed at 24 px on one line: 「今すぐ試練 / に挑む」 broke between its characters, but a
    line apart (a Japanese line is much taller than its ink) the two did not fit the button; they
    are now placed by their ink, 28 px, no line starting with 「、。ー」 and the like. Whole, inside
    the button, its lines clear of each other, the button clear of every other word, in the same
    place and size with a tile in hand or not."""
    from castellion.ui.fonts import NO_LINE_START, well_broken
    from tests.board_driver import board_button
    from tests.layout_words import cut_words, touching_words

    scene, frame = _whole_frame(ctx, monkeypatch, SEER_STATES[state](), lang, scale)
    assert scene.panel_sizes.sizes["tiles"] == 2.0, scene.panel_sizes.why.get("tiles")
    button = board_button(scene, "encounter")
    assert button.visible
    label = [w for w in frame if w.words.strip() and button.rect.contains(w.ink)]
    shadowless = list({w.words: w for w in label}.values())  # (the label's shadow: the same words again)
    joined = ("" if lang == "ja" else " ").join(w.words for w in shadowless)
    assert joined == button.label and len(shadowless) == 2, [w.words for w in label]
    assert well_broken([w.words for w in shadowless]) and shadowless[1].words[0] not in NO_LINE_START
    assert all(w.size >= ENCOUNTER_PX[lang] for w in label), [(w.words, w.size) for w in label]
    assert not cut_words(label, lang) and not touching_words(shadowless), touching_words(shadowless)
    others = [w.ink for w in frame if w.words.strip() and w not in label and pygame.Rect(scene.state.layout.tiles_panel)
              .colliderect(w.ink)]
    assert not any(button.rect.colliderect(o) for o in others), (button.rect, others)
    assert pygame.Rect(scene.state.layout.tiles_panel).inflate(-4, -4).contains(button.rect)
    assert button.rect == pygame.Rect(scene.state.layout.button_rect("encounter"))


HELD_PX = 26  # the least px of the name of the tile in hand at 200 % (Spanish 24 before)
TILE_KINDS = {"all": [f + s + p for f in "SCJP" for s in "tsc" for p in ("", "+")] + ["T", "T!"],  # the 26
              "longest": ["St+", "Ct+", "Jt+", "Js+", "T!"]}  # (the smallest before: es 24-26 px)


def _holding(code: str, vigil: bool):
    """A two-player game some turns in (with the Vigil: at the introductory level) with `code` in hand."""
    from castellion.rules import Game
    from tests.scenes.board.test_vigil_strip import _vigil_game

    d = (_draw_a_tile(_vigil_game(10)) if vigil else mid_game(2, "use")).to_dict()
    d["held"] = code
    return Game.from_dict(d)


@pytest.mark.parametrize("kinds", ["longest", pytest.param("all", marks=pytest.mark.slow)])  # (26 frames each)
@pytest.mark.parametrize("vigil", [False, True])
@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_every_tile_s_name_in_hand_is_as_large_as_the_strip_s_words(ctx, monkeypatch, lang, scale, vigil, kinds):
    """At 200 % the name of a long tile in hand under the piles' counts was placed a line apart:
    Spanish "triángulo Camaleón (segura)" was 24 px on one line (two lines did not fit by their
    line), beside names and counts of 36. Its lines are now placed by their ink: each of the 26
    kinds of tile (with the Vigil too; the quick tier: the longest names) at least `HELD_PX`
    (Spanish 24 → 26-36 px, English 28 → 32-36; Japanese, 30-36 before, is a guard), whole, in the
    panel under the counts over it (beside the full pile's lower count where it is larger there:
    `test_a_long_name_in_hand_goes_beside_the_full_pile_s_lower_count`), its lines clear of each
    other and of every other word."""
    from castellion.scenes.board.words import tile_name
    from tests.board_driver import board_view
    from tests.layout_words import cut_words, touching_words

    sizes = {}
    for code in TILE_KINDS[kinds]:
        game = _holding(code, vigil)
        scene, frame = _whole_frame(ctx, monkeypatch, game, lang, scale)
        assert scene.panel_sizes.sizes["tiles"] == 2.0, (code, scene.panel_sizes.why.get("tiles"))
        lay = board_view(scene).layout
        panel, name = pygame.Rect(lay.tiles_panel), tile_name(code)
        counts = min(w.ink.bottom for w in _counts(frame, game))  # (beside the lower one where larger there)
        said = [w for w in frame if w.words.strip() and w.words in name and w.ink.y > counts]
        assert "".join(w.words for w in said).replace(" ", "") == name.replace(" ", ""), (code, said)
        assert all(panel.inflate(-18, -12).contains(w.ink) for w in said) and not cut_words(said, lang), said
        others = [w for w in frame if w.words.strip() and w not in said and panel.colliderect(w.ink)]
        assert not touching_words(said) and not touching_words([*said, *others]), touching_words([*said, *others])
        sizes[code] = min(w.size for w in said)
    assert min(sizes.values()) >= HELD_PX, sizes


JAPANESE_STATES = {"start": lambda: _new(seed=5, players=2), "a power offered": lambda: _offering("J"),
                   "the Vigil": lambda: _vigil_game()}


def _offering(faction: str):
    from tests.scenes.board.test_power_box_text_size import _offering as offering

    return offering(faction)


def _vigil_game():
    from tests.scenes.board.test_vigil_strip import _vigil_game as vigil_game

    return vigil_game()


@pytest.mark.parametrize("text_size", [125, 150, 175])
@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("state", sorted(JAPANESE_STATES))
def test_the_japanese_strip_reaches_the_size_asked_under_its_heading(ctx, monkeypatch, state, scale, text_size):
    """At 125 % the Japanese strip's heading 「夢タイル」 (never smaller than at 100 %) touched 「通常」
    and 「安全」 under it, their ink 1 px into its: the strip stayed at 100 %, with the Seer's slots
    or the Vigil. The piles, the hand, the discard pile and the Vigil now go as much lower as the
    heading needs (as on the solo board): the strip is drawn at the size asked (150 % and 175 %
    did reach theirs: a guard), the heading at least as large as at 100 %, clear of the names
    under it."""
    scene, frame = _whole_frame(ctx, monkeypatch, JAPANESE_STATES[state](), "ja", scale, 100)
    at_100 = next(w for w in frame if w.words == text.t("board.tiles")).size
    scene, frame = _whole_frame(ctx, monkeypatch, JAPANESE_STATES[state](), "ja", scale, text_size)
    assert scene.panel_sizes.sizes["tiles"] == text_size / 100, scene.panel_sizes.why.get("tiles")
    heading = next(w for w in frame if w.words == text.t("board.tiles"))
    names = [w for w in frame if w.words in {text.t(f"board.pile.{p}") for p in ("regular", "safe")}]
    assert heading.size >= at_100 and len(names) == 2, (heading, at_100, names)
    assert not any(heading.ink.inflate(4, 4).colliderect(w.ink) for w in names), (heading, names)


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_strip_s_names_side_by_side_and_one_over_the_other_are_clearly_apart(ctx, monkeypatch, lang, scale):
    """Seen in play at 200 % (Spanish, two players): "Normal" and "Segura" 12-13 px apart read as one
    name (English "Regular" and "Safe" 13-14), and "Descarte" 8-9 px under the Seer's caption
    "Reveladas" over it read as its second line. The regular pile's name now goes further left
    (inside the panel) and the safe pile's nearer the hand's frame: their inks at least the
    measure's gap across apart (`TOUCH_ACROSS`, 17-18 px now); the discard pile's name goes down
    towards its pile: at least 3 × `TOUCH` under the caption in Spanish (12 px; English 7-10, 3-6
    before). None smaller, each still over its slot, inside the panel, off the pictures."""
    from castellion.scenes.board.strip import frame_edges
    from castellion.ui.textfit import TOUCH, TOUCH_ACROSS
    from tests.board_driver import board_view

    scene, frame = _whole_frame(ctx, monkeypatch, _new(seed=5, players=2), lang, scale)
    assert scene.panel_sizes.sizes["tiles"] == 2.0, scene.panel_sizes.why.get("tiles")
    lay = board_view(scene).layout
    slots = {"board.pile.regular": lay.pile_rect("regular"), "board.pile.safe": lay.pile_rect("safe"),
             "board.discard": lay.discard_rect()}
    names = {key: next(w for w in frame if w.words == text.t(key)) for key in slots}
    regular, safe, discard = names.values()
    assert safe.ink.x - regular.ink.right >= TOUCH_ACROSS, (regular, safe)
    caption = next(w for w in frame if w.words == text.t("board.revealed_short"))
    assert discard.ink.x < caption.ink.right and caption.ink.x < discard.ink.right, (caption, discard)
    if lang == "es":
        assert discard.ink.y - caption.ink.bottom >= 3 * TOUCH, (caption, discard)
    assert len({w.size for w in names.values()}) == 1 and caption.size >= regular.size - 4, (names, caption)
    pictures = [pygame.Rect(r) for r in slots.values()] + frame_edges(pygame.Rect(lay.hand_rect()).inflate(8, 8))
    for key, slot in slots.items():
        ink = names[key].ink
        assert ink.x < pygame.Rect(slot).centerx < ink.right and pygame.Rect(lay.tiles_panel).inflate(-18, -12) \
            .contains(ink), (key, ink, slot)
        assert not any(ink.colliderect(p) for p in pictures), (key, ink)


def _apart(a: pygame.Rect, b: pygame.Rect) -> int:
    """How far apart two inks are (across or down, whichever is more; negative: they overlap)."""
    return max(b.x - a.right, a.x - b.right, b.y - a.bottom, a.y - b.bottom)


@pytest.mark.parametrize("text_size", [125, 150, 175, 200])
@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_strip_with_the_seer_s_slots_reaches_the_size_asked_its_names_clear_of_the_caption(
        ctx, monkeypatch, lang, scale, text_size):
    """Asked 125 %, the Spanish two-player strip with the Seer's slots (in one row at that size)
    stayed at 100 %: "Descarte" over the discard pile ended 3 px left of "Reveladas por el Vidente",
    whose two lines come down beside it. The caption now starts right of it: the strip is drawn at
    the size asked, the four names at the labels' full size, every name's ink at least 2 × `TOUCH`
    from the caption's at 125 % (Spanish 9-10 px; English 12). From 150 % the slots are a block in
    the corner, the short caption over the discard pile's name: there the sizes are a guard (they
    passed before) and the inks keep `TOUCH` apart (Japanese 4-5 px at 175-200 %, English 7 at
    200 % in the 1024×600 window)."""
    from castellion.ui.textfit import TOUCH
    from tests.board_driver import board_view

    scene, frame = _whole_frame(ctx, monkeypatch, _new(seed=5, players=2), lang, scale, text_size)
    assert scene.panel_sizes.sizes["tiles"] == text_size / 100, scene.panel_sizes.why.get("tiles")
    panel = pygame.Rect(board_view(scene).layout.tiles_panel)
    keys = ("board.pile.regular", "board.pile.safe", "board.hand", "board.discard")
    names = [next(w for w in frame if w.words == text.t(key)) for key in keys]
    assert {w.size for w in names} == {ctx.fonts.sized(ctx.theme.font_small)}, [(w.words, w.size) for w in names]
    caption = [w for w in frame if w.words.strip() and panel.colliderect(w.ink) and w not in names
               and (w.words in text.t("board.revealed") or w.words == text.t("board.revealed_short"))]
    assert caption, "no caption drawn: the check would see nothing"
    least = 2 * TOUCH if text_size == 125 else TOUCH
    near = [(n.words, c.words, _apart(n.ink, c.ink)) for n in names for c in caption if _apart(n.ink, c.ink) < least]
    assert not near, near


BESIDE_PX = {(175, 1.0): 32, (175, 0.75): 32, (200, 1.0): 34, (200, 0.75): 32}  # English, "Ct+" in hand


@pytest.mark.parametrize("text_size", [175, 200])
@pytest.mark.parametrize("scale", [1.0, 0.75])
def test_a_long_name_in_hand_goes_beside_the_full_pile_s_lower_count(ctx, monkeypatch, scale, text_size):
    """The full regular pile's count, lowered clear of its 6 px stack depth, ends 4 px lower than
    the safe pile's: under both counts "Chameleon triangle (safe)" fell from 32 px to 30 at 175 %
    and 200 % at 1280×800, to 28 at 200 % at 1024×600. It now goes right of that count where it is
    larger there, under only the counts over it: at least `BESIDE_PX` (34 px at 200 % at 1280×800),
    whole, inside the panel, touching nothing, each line under the ink of a count it shares columns
    with or `TOUCH_ACROSS` clear of it across, off the buttons and the hand's frame. (175 % at
    1024×600, 32 px, passes before the change: a guard.)"""
    from castellion.scenes.board.strip import frame_edges
    from castellion.scenes.board.words import tile_name
    from castellion.ui.textfit import TOUCH, TOUCH_ACROSS
    from tests.board_driver import board_view
    from tests.layout_words import cut_words, touching_words

    game = _holding("Ct+", False)
    scene, frame = _whole_frame(ctx, monkeypatch, game, "en", scale, text_size)
    assert scene.panel_sizes.sizes["tiles"] == text_size / 100, scene.panel_sizes.why.get("tiles")
    lay = board_view(scene).layout
    counts, name, hand = _counts(frame, game), tile_name("Ct+"), pygame.Rect(lay.hand_rect()).inflate(8, 8)
    said = [w for w in frame if w.words.strip() and w.words in name and w.ink.y > hand.bottom]
    assert "".join(w.words for w in said).replace(" ", "") == name.replace(" ", ""), said
    assert min(w.size for w in said) >= BESIDE_PX[(text_size, scale)], [(w.words, w.size) for w in said]
    inner = pygame.Rect(lay.tiles_panel).inflate(-18, -12)
    assert all(inner.contains(w.ink) for w in said) and not cut_words(said, "en"), said
    assert len(counts) == 2 and not touching_words(frame), touching_words(frame)
    for w in said:  # (1 px: the smaller window's ink lands a pixel off)
        for c in counts:
            assert w.ink.y >= c.ink.bottom + TOUCH - 1 or w.ink.x >= c.ink.right + TOUCH_ACROSS - 1, (w, c)
    pictures = frame_edges(hand) + [pygame.Rect(lay.button_rect(k)) for k in ("encounter", "premonition")]
    assert not any(w.ink.colliderect(p) for w in said for p in pictures)
