"""The player's text size in the fonts (issue 31): what grows, what is left, and labels in boxes
of fixed size."""

from __future__ import annotations

from castellion.ui.fit import fit_line, fit_size, floor_of


def test_text_grows_with_the_text_size_and_headings_keep_theirs(ctx):
    fonts = ctx.fonts
    normal = fonts.get("body", 22).get_height()
    wide = fonts.text_width("Castle", "body", 22)
    fonts.set_text_scale(2.0)
    assert fonts.sized(22) == 44 and fonts.sized(18) == 36
    assert fonts.get("body", 22).get_height() >= 2 * normal - 2
    assert fonts.text_width("Castle", "body", 22) >= 1.8 * wide
    assert fonts.sized(36) == 36 and fonts.sized(96) == 96  # headings and titles: as they are
    fonts.set_text_scale(5.0)
    assert fonts.text_scale == 2.0  # never past the largest offered


def test_a_screen_limits_the_text_size_while_it_draws(ctx):
    fonts = ctx.fonts
    fonts.set_text_scale(1.75)
    big = fonts.render("Turn 1", 22, (0, 0, 0)).get_height()
    with fonts.limited(1.0):
        assert fonts.sized(22) == 22
        small = fonts.render("Turn 1", 22, (0, 0, 0)).get_height()
    assert fonts.text_scale == 1.75 and small < big
    assert fonts.render("Turn 1", 22, (0, 0, 0)).get_height() == big  # (not the limited render, cached)


def test_a_label_in_a_fixed_box_grows_as_far_as_the_box_allows_and_no_smaller_than_at_100(ctx):
    fonts = ctx.fonts
    words = "Colour-blind palette"
    width = fonts.text_width(words, "body", 22) + 30  # room for a little more than 100 %
    at_100 = fit_size(fonts, words, "body", 22, width)
    assert at_100 == 22
    fonts.set_text_scale(2.0)
    fitted = fit_size(fonts, words, "body", 22, width)
    assert fonts.sized(fitted) >= 22 and fonts.text_width(words, "body", fitted) <= width
    assert fit_line(fonts, words, "body", 22, width)[0] == words  # whole, never ellipsised
    assert floor_of(22, 2.0) * 2 <= floor_of(22)  # the floor of 100 %, not 60 % of 200 %
    # in a box of fixed height too: the glyphs above the baseline no taller than it
    tall = fit_size(fonts, words, "body", 22, 2000, max_height=30)
    assert fonts.for_text(words, "body", tall).get_ascent() <= 30 < fonts.get("body", 22).get_ascent()


def test_a_number_and_its_percent_sign_are_never_wrapped_apart(pg):
    """Issue 31: at 200 % the Spanish review read "… 36 % → 1" and then "%" alone on a line
    ("Probabilidad de ganar 36 % → 1 %"): a "%" after a space stays with the number before it."""
    import pygame

    from castellion.ui.fonts import wrap

    font = pygame.font.Font(None, 40)
    words = "Probabilidad de ganar 36 % → 1 %"
    for width in range(font.size("ganar 36 %")[0], font.size(words)[0] + 1, 7):
        lines = wrap(font, words, width)
        assert " ".join(lines) == words and not any(line.startswith("%") for line in lines), (width, lines)
    assert wrap(font, "5 % of 10", 10_000) == ["5 % of 10"]


# --- line breaks: kinsoku, and no CJK character left alone (issue 31) -------------------------
EFFECTS_JA = "ゲームの効果音（タイルの配置、試練、勝利）"  # Settings → Accessibility, its title in Japanese


def _breaks(ctx, text: str, size: int = 40):
    from castellion.ui.fonts import wrap

    font = ctx.fonts.for_text(text, "body", size)
    return font, [(width, wrap(font, text, width)) for width in range(120, font.size(text)[0] + 40, 10)]


def test_no_wrapped_japanese_line_starts_with_closing_or_ends_with_opening_punctuation(ctx):
    from castellion.ui.fonts import NO_LINE_END, NO_LINE_START

    for text in (EFFECTS_JA, "ガイド付きの最初のゲームで、ルールを一歩ずつ覚えられます。"):
        for width, lines in _breaks(ctx, text)[1]:
            assert "".join(lines) == text, (width, lines)
            assert not any(line[0] in NO_LINE_START for line in lines[1:]), (width, lines)
            assert not any(line[-1] in NO_LINE_END for line in lines[:-1]), (width, lines)


def test_two_line_breaks_are_the_places_wrap_may_break_a_short_name(ctx):
    """A short name goes on two lines where `wrap` may break it (the top bar's level name): at
    a space, or between CJK characters with kinsoku, neither line stranded. Each pair is a wrap
    of the name at the width of its longer line; a Japanese name without spaces had none."""
    from castellion.ui.fonts import two_line_breaks, wrap

    assert two_line_breaks("提督のアカデミー") == [("提督の", "アカデミー")]  # (the katakana word whole)
    assert two_line_breaks("脅威") == []  # (one character a line: stranded)
    assert two_line_breaks("La Amenaza") == [("La", "Amenaza")]
    for name in ("提督のアカデミー", "建築家の学校", "The Admiral's Academy"):
        font = ctx.fonts.for_text(name, "body", 40)
        pairs = two_line_breaks(name)
        assert pairs, name
        for pair in pairs:
            assert (" " if " " in name else "").join(pair) == name, pair
        widest = min(pairs, key=lambda pair: max(font.size(line)[0] for line in pair))
        assert wrap(font, name, max(font.size(line)[0] for line in widest)) == list(widest), (name, widest)


def test_a_last_line_of_one_or_two_japanese_characters_takes_some_from_the_line_before(ctx):
    """"…試練、勝" over "利）" (and "…試練、" over "勝利）") was the wrap of the effects' title: the
    last line now starts at the line before's last pause, "、" ("…配置、" over "試練、勝利）"),
    or takes the fewest characters that make it three, where the line before keeps three."""
    from castellion.ui.fonts import stranded, wrap

    font, breaks = _breaks(ctx, EFFECTS_JA)
    wide = font.size("ゲームの効果音（タイルの配置、試練、")[0]

    assert wrap(font, EFFECTS_JA, wide) == ["ゲームの効果音（タイルの配置、", "試練、勝利）"]
    assert wrap(font, EFFECTS_JA, wide + font.size("勝")[0]) == ["ゲームの効果音（タイルの配置、", "試練、勝利）"]
    two = [lines for _, lines in breaks if len(lines) == 2]  # (the title in its column at 125–200 %)
    assert len(two) > 10 and not any(stranded(line) for lines in two for line in lines), two
    assert stranded("利）") and stranded("勝利）") and stranded("し") and not stranded("試練、勝利）")
    assert not stranded("a") and not stranded("of")  # a short word of a spaced language is no leftover


def test_a_short_japanese_phrase_that_cannot_break_well_is_not_wrapped(ctx):
    """"手札なし" ("nothing in hand"): any two lines leave one or two characters alone, so the
    wrap is not well broken and the callers keep one line (the two-player hand at 200 %)."""
    from castellion.ui.fonts import well_broken, wrap
    from castellion.ui.painting import wrapped_fit

    font = ctx.fonts.for_text("手札なし", "body", 30)
    narrow = font.size("手札な")[0]
    assert not well_broken(wrap(font, "手札なし", narrow))
    assert well_broken(wrap(font, "手札なし", 10_000)) and well_broken(["Nothing", "in hand"])
    assert wrapped_fit(ctx, "手札なし", narrow, size=30) is None
    assert wrapped_fit(ctx, "Nothing in hand", ctx.fonts.text_width("Nothing in", "body", 30), size=30) is not None


def test_a_title_wraps_between_words_always_and_between_japanese_characters_only_for_a_real_gain():
    """The one rule for a choice's title above 100 % (Settings, Accessibility): a Spanish title
    shrunk to 0.96 wraps; the Japanese effects' title at 0.95 keeps its one line (wrapped, the
    row under it left the page), and wraps where one line would lose more than a tenth."""
    from castellion.ui.fonts import CJK_SHRINK, wrap_rather_than_shrink

    spanish = ["Sonidos del juego (una ficha colocada,", "una Prueba, una victoria)"]
    assert wrap_rather_than_shrink(" ".join(spanish), spanish, 0.96)
    japanese = ["ゲームの効果音（タイルの配置、", "試練、勝利）"]
    assert not wrap_rather_than_shrink(EFFECTS_JA, japanese, 0.95)
    assert wrap_rather_than_shrink(EFFECTS_JA, japanese, CJK_SHRINK - 0.01)
    assert not wrap_rather_than_shrink(EFFECTS_JA, ["ゲームの効果音（タイルの配置、試練、勝", "利）"], 0.5)
    assert not wrap_rather_than_shrink("Sonidos", ["Sonidos"], 0.5)


def test_fonts_at_many_sizes_keep_no_file_open(pg):
    """Each role, size and language is a font of its own: made from its file's path, each kept
    that file open for as long as it lived, and a process laying screens out at many text sizes ran
    out of descriptors ("Too many open files": the tests' workers reached 20,000). Made from the
    file's bytes in memory, a hundred of them open no file."""
    import os

    import pytest

    from castellion.ui.fonts import Fonts

    if not os.path.isdir("/proc/self/fd"):
        pytest.skip("counts the process's open files where /proc lists them")
    fonts = Fonts()
    fonts.get("body", 9)  # (the first font of a process may open what every later one shares)
    before = len(os.listdir("/proc/self/fd"))
    made = [fonts.get(role, size, language) for role in ("body", "bold") for size in range(10, 35)
            for language in ("en", "ja")]
    assert len({id(font) for font in made}) == len(made) == 100
    assert len(os.listdir("/proc/self/fd")) - before <= 2, len(os.listdir("/proc/self/fd")) - before


def test_two_lines_are_offered_most_even_first_at_a_pause_and_never_a_name_alone_over_the_rest(ctx):
    """`two_lines` (the banner's sentence on two lines at a larger text size): the most even break
    first, a Japanese one at a pause ("）" before "するか") rather than between two characters of a
    word (「…クリック）す」 over 「るか、…」), and no short first line over a long second ("Anna:"
    over the whole sentence: its ink, without brackets, fitted a taller size); the greedy break
    ("…または試練に早め" over 「に挑戦。」 alone) comes later, still offered."""
    from castellion.ui.fonts import two_lines, wrap

    ja = "プレイヤー1：タイルを入手（山をクリック）するか、パントリータイルを光るマスへドラッグ。"
    font = ctx.fonts.for_text(ja, "bold", 30)
    ways = two_lines(font, ja, font.size(ja)[0] * 3 // 4)
    assert ways[0] == ["プレイヤー1：タイルを入手（山をクリック）", "するか、パントリータイルを光るマスへドラッグ。"]
    en = "Anna: Get a tile: click or drag a pile (D regular, S safe) — or face the Ordeal early."
    font = ctx.fonts.for_text(en, "bold", 30)
    width = font.size(en)[0] * 4 // 5
    ways = two_lines(font, en, width)
    widths = [sorted(font.size(line)[0] for line in lines) for lines in ways]
    assert widths[0][1] == min(longer for _, longer in widths) and widths[0][0] * 2 > widths[0][1]
    assert not any(lines[0] == "Anna:" for lines in ways)
    assert wrap(font, en, width) in ways  # (greedy: the last resort)
