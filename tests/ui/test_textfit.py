"""`ui.textfit`: a panel's words drawn at the largest text size they fit, measured."""

from __future__ import annotations

import pygame

from castellion.ui.fit import LIMITS, largest_limit
from castellion.ui.painting import draw_text
from castellion.ui.textfit import PanelSizes, misfits


def _line(ctx, words: str, at: tuple[int, int] = (10, 10)):
    return lambda surface: draw_text(surface, ctx, words, at, size=20)


def test_a_panel_gets_the_largest_size_at_which_its_words_stay_inside(ctx):
    ctx.fonts.set_text_scale(2.0)
    words = "Traitors 0 / 5 under the card"
    with ctx.fonts.limited(1.5):
        wide = ctx.fonts.text_width(words, "body", 20)
    with ctx.fonts.limited(1.75):
        wider = ctx.fonts.text_width(words, "body", 20)
    assert wide < wider
    area = pygame.Rect(0, 0, 10 + wide + 2, 100)  # room at 150 %, not at 175 %
    sizes = PanelSizes()
    sizes.begin("state")
    assert sizes.size("panel", ctx.fonts, pygame.Surface((400, 200)), [area], _line(ctx, words)) == 1.5
    assert "panel" in sizes.why  # what did not fit at 175 %, kept for a reader


def test_a_panel_s_second_way_is_taken_only_where_it_reaches_further(ctx):
    """`PanelSizes.best`: the usual way first; another (the status panel's counts beside its
    title) is measured only while the usual one stops below the player's size, and drawn only
    where it reaches a larger size (a tie keeps the usual one)."""
    ctx.fonts.set_text_scale(2.0)
    words = "Towers 0/1"
    with ctx.fonts.limited(1.5):
        wide = ctx.fonts.text_width(words, "body", 20)
    area = pygame.Rect(0, 0, 10 + wide + 2, 100)  # the line at (10, 10) fits at 150 %, never at 175 %
    outside, asked = _line(ctx, words, (600, 10)), []

    def noted(surface) -> None:
        asked.append(ctx.fonts.text_scale)
        _line(ctx, words)(surface)

    sizes = PanelSizes()
    sizes.begin("state")
    assert sizes.best("status", ctx.fonts, pygame.Surface((800, 200)), [area], [outside, noted]) == (1.5, 1)
    assert sizes.sizes["status"] == 1.5 and sizes.chosen["status"] == 1
    sizes.begin("next state")
    assert sizes.best("status", ctx.fonts, pygame.Surface((800, 200)), [area], [noted, outside]) == (1.5, 0)
    sizes.begin("a third")
    asked.clear()
    roomy = [pygame.Rect(0, 0, 800, 200)]
    assert sizes.best("status", ctx.fonts, pygame.Surface((800, 200)), roomy, [noted, noted]) == (2.0, 0)
    assert asked == [2.0]  # (the second way never measured)


def test_at_100_percent_nothing_is_measured(ctx):
    ctx.fonts.set_text_scale(1.0)
    drawn = []
    sizes = PanelSizes()
    sizes.begin("state")
    assert sizes.size("panel", ctx.fonts, pygame.Surface((400, 200)), [pygame.Rect(0, 0, 1, 1)], drawn.append) == 1.0
    assert drawn == []


def test_a_panel_and_a_measured_screen_try_the_same_sizes_in_the_same_order(ctx):
    """One "largest text size that fits": a board panel's size and a measured screen's limit
    (reveal, end, analysis, Save game) are asked at the same sizes, largest first, down to 100 %."""
    ctx.fonts.set_text_scale(2.0)
    panel: list[float] = []
    sizes = PanelSizes()
    sizes.begin("state")
    never = pygame.Rect(0, 0, 1, 1)  # no word fits in it

    def note(surface) -> None:
        panel.append(ctx.fonts.text_scale)
        _line(ctx, "Towers 1/2")(surface)

    assert sizes.size("panel", ctx.fonts, pygame.Surface((400, 200)), [never], note) == 1.0
    screen: list[float] = []

    def below(limit: float):  # fits under `limit` only, noting each size it is asked at
        return lambda: screen.append(ctx.fonts.text_scale) is None and ctx.fonts.text_scale < limit

    assert largest_limit(ctx.fonts, below(1.0)) == 1.0
    assert panel == screen == list(LIMITS)
    ctx.fonts.set_text_scale(1.5)
    screen.clear()
    assert largest_limit(ctx.fonts, below(1.5)) == 1.25
    assert screen == [1.5, 1.25]


def test_the_size_is_measured_once_per_state(ctx):
    ctx.fonts.set_text_scale(2.0)
    drawn = []

    def paint(surface):
        drawn.append(surface)
        _line(ctx, "Hand")(surface)

    sizes = PanelSizes()
    area = [pygame.Rect(0, 0, 400, 200)]
    sizes.begin(1)
    assert sizes.size("panel", ctx.fonts, pygame.Surface((400, 200)), area, paint) == 2.0
    sizes.size("panel", ctx.fonts, pygame.Surface((400, 200)), area, paint)
    assert len(drawn) == 1
    sizes.begin(2)  # a new state: measured again
    sizes.size("panel", ctx.fonts, pygame.Surface((400, 200)), area, paint)
    assert len(drawn) == 2


def words_fit(words, areas, avoid=()):
    return not misfits(words, areas, avoid)


def test_words_that_touch_or_leave_do_not_fit():
    area = [pygame.Rect(0, 0, 100, 100)]
    assert words_fit([("a", pygame.Rect(10, 10, 20, 10)), ("b", pygame.Rect(10, 40, 20, 10))], area)
    assert not words_fit([("a", pygame.Rect(10, 10, 20, 10)), ("b", pygame.Rect(10, 21, 20, 10))], area)
    assert not words_fit([("a", pygame.Rect(90, 10, 20, 10))], area)
    # the same words twice a pixel off are one text and its shadow; the same label twice is two
    assert words_fit([("a", pygame.Rect(10, 10, 20, 10)), ("a", pygame.Rect(11, 11, 20, 10))], area)
    assert not words_fit([("a", pygame.Rect(10, 10, 20, 10)), ("a", pygame.Rect(31, 10, 20, 10))], area)
    assert len(misfits([("a", pygame.Rect(90, 10, 20, 10)), ("b", pygame.Rect(95, 12, 5, 5))], area)) == 2
    # a word over a picture it must leave clear (the castle grid, a card)
    assert not words_fit([("a", pygame.Rect(10, 10, 20, 10))], area, [pygame.Rect(25, 15, 30, 30)])


def test_labels_side_by_side_keep_a_space_between_them():
    """Two labels on one line 3 px apart read as one run of words ("裏切り者 0 / 3裏切り者 0 / 3"
    in a real window at 150 %): side by side they need about a space of body text; lines above
    one another keep the closer rule (a paragraph's lines are that close)."""
    area = [pygame.Rect(0, 0, 200, 100)]
    assert not words_fit([("a", pygame.Rect(10, 10, 40, 10)), ("b", pygame.Rect(53, 10, 40, 10))], area)
    # 6 px apart is still too close: "Normal" and "Segura" over the tutorial's piles at 200 %
    assert not words_fit([("a", pygame.Rect(10, 10, 40, 10)), ("b", pygame.Rect(56, 10, 40, 10))], area)
    assert words_fit([("a", pygame.Rect(10, 10, 40, 10)), ("b", pygame.Rect(57, 10, 40, 10))], area)
    assert words_fit([("a", pygame.Rect(10, 10, 40, 10)), ("b", pygame.Rect(10, 23, 40, 10))], area)
