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
