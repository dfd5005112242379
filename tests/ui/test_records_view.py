"""The records page's words are legible (issue 31, item 7: its sub-lines were ~9 px)."""

from __future__ import annotations

import datetime as dt
import itertools

import pygame
import pytest

from castellion import persistence as P
from castellion.rules import default_ruleset
from castellion.ui import records_view, text
from castellion.ui.fonts import Fonts


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_no_words_of_the_records_page_under_12_px(ctx, spy, lang):
    """No words under 12 px at 1280×800 (the Steam Deck's guide), and the bars' labels and the
    legends, which were 13 (~9 px at 1024×600), at 12 px there too."""
    text.set_language(lang)
    stats = P.Statistics()
    surface = pygame.Surface((1280, 800))
    records_view.draw_records(surface, ctx, stats, dt.date(2026, 12, 6), pygame.Rect(90, 140, 1100, 540))
    sizes = {words: min(asked) for words, asked in spy.sizes.items()}  # (at 100 %: the sizes drawn)
    assert sizes
    assert min(sizes.values()) >= 12, sizes
    labels = [w for w in sizes if w.endswith("%") or w == "\u2013" or w in (text.t("daily.legend.won"),
                                                                              text.t("records.variant.easy"))]
    assert labels and all(sizes[w] * 0.75 >= 12 for w in labels), {w: sizes[w] for w in labels}


# --- rows measured from their words, flowing and scrolling (issue 33, item 3) ---------------------
class _Drawn:
    """Every text the page draws, with where its line lies on the surface."""

    def __init__(self, monkeypatch) -> None:
        self.words: dict[int, str] = {}
        self.keep: list[pygame.Surface] = []
        self.lines: list[tuple[str, pygame.Rect]] = []
        real = Fonts.render
        drawn = self

        def render(fonts, words, size, colour, role="body"):
            surf = real(fonts, words, size, colour, role)
            drawn.words[id(surf)] = words
            drawn.keep.append(surf)
            return surf

        monkeypatch.setattr(Fonts, "render", render)

    def surface(self):
        drawn = self

        class Screen(pygame.Surface):
            def blit(self, source, dest, area=None, special_flags=0):  # noqa: D401 - pygame's signature
                rect = super().blit(source, dest, area, special_flags)
                words = drawn.words.get(id(source))
                if words is not None and words.strip():
                    drawn.lines.append((words, pygame.Rect(dest[0], dest[1], *source.get_size())))
                return rect

        return Screen((1280, 800))


def _played_everything():
    stats = P.Statistics()
    for level in records_view.LEVEL_ORDER:
        for variant in ("normal", *default_ruleset().level(level).variant_ids()):
            stats.add_game({"level": level, "variant": variant, "players": 1}, "won", turns=20,
                           game_id=f"{level}{variant}")
    return stats


ROOM = pygame.Rect(90, 140, 1100, 540)


def _page(ctx, monkeypatch, stats, offset):
    drawn = _Drawn(monkeypatch)
    height = records_view.draw_records(drawn.surface(), ctx, stats, dt.date(2026, 12, 6), ROOM, offset)
    monkeypatch.undo()
    return height, drawn.lines


def title_lines(seen: set[str], title: str) -> list[str]:
    """The texts of `seen` that are `title` whole or its wrapped lines, in order; [] when not all
    of it was drawn."""
    rest, lines = title, []
    while rest and (line := max((w for w in seen if w.strip() and rest.startswith(w)), key=len, default="")):
        rest = rest[len(line):].lstrip()
        lines.append(line)
    return [] if rest else lines


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_at_200_percent_the_rows_grow_and_scroll_and_no_words_are_cut_or_overlap(ctx, monkeypatch, lang):
    text.set_language(lang)
    stats = _played_everything()
    normal, _ = _page(ctx, monkeypatch, stats, 0)
    ctx.fonts.set_text_scale(2.0)
    height, _ = _page(ctx, monkeypatch, stats, 0)
    assert normal <= ROOM.h < height  # it fitted at 100 %; at 200 % it is taller than its room
    seen = set()
    for offset in range(0, height - ROOM.h + 60, 60):
        _, lines = _page(ctx, monkeypatch, stats, offset)
        assert lines
        for words, r in lines:
            assert ROOM.contains(r), (offset, words, r)  # whole in view, or not drawn at all
            assert not words.endswith("\u2026"), words  # never ellipsised
        for (a, ra), (b, rb) in itertools.combinations(lines, 2):
            assert not ra.inflate(-2, -2).colliderect(rb.inflate(-2, -2)), (offset, a, ra, b, rb)
        seen |= {words for words, _ in lines}
    # scrolled to its end, every line of the page was shown
    for key in ("records.bests", "daily.legend.missed", "records.variant.hard"):
        assert text.t(key) in seen, key
    # the bars' title, wrapped at 200 % rather than shrunk beside "Best results": its lines, whole
    title = text.t("records.win_rates")
    assert title_lines(seen, title), title
    assert text.t("records.heat_map", weeks=records_view.HEAT_WEEKS) in seen
    assert all(records_view.level_name(ctx, level) in seen for level in records_view.LEVEL_ORDER)


def test_the_bests_rows_are_as_tall_as_their_words(ctx, monkeypatch):
    """Not fixed heights: a level's bests are further apart at 200 % than at 100 %."""
    text.set_language("en")
    stats = _played_everything()

    def gap():
        _, lines = _page(ctx, monkeypatch, stats, 0)
        tops = [r.y for words, r in lines if words in (records_view.level_name(ctx, "intro"),
                                                     records_view.level_name(ctx, "base")) and r.x > ROOM.centerx]
        return tops[1] - tops[0]

    normal = gap()
    ctx.fonts.set_text_scale(2.0)
    assert gap() > normal * 1.5


def test_the_statistics_scene_scrolls_its_records_page(make_app, ui):
    P.record_game({"level": "intro", "variant": "normal", "players": 1}, "won", turns=20)
    app = make_app()
    app.ctx.change_settings(text_size=200)
    ui.click(app, app.stack.top.stats.rect.center)
    scene = app.stack.top
    scene.toggle_page()
    assert scene.text_limit == 2.0
    ui.press(app, pygame.K_PAGEDOWN)
    assert scene.records_offset > 0
    ui.press(app, pygame.K_PAGEUP)
    assert scene.records_offset == 0


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_bars_marks_and_the_legends_grow_with_the_text(ctx, monkeypatch, lang):
    """The ◆▼▲ before each bar and in the legend (the variant's leaning said by a shape, not only
    by its colour) stayed 11 px at 200 %, beside words twice as large: drawn, they grow with the
    text, and the words beside them still neither touch nor leave the page."""
    text.set_language(lang)
    stats = _played_everything()

    def marks():
        sizes = []
        real = records_view.draw_mark
        monkeypatch.setattr(records_view, "draw_mark",
                            lambda surface, shape, rect, colour, *a, **k: (
                                shape in records_view.MARK_OF_LEANING.values() and sizes.append(pygame.Rect(rect).h),
                                real(surface, shape, rect, colour, *a, **k)))
        records_view.draw_records(pygame.Surface((1280, 800)), ctx, stats, dt.date(2026, 12, 6), ROOM, 0)
        monkeypatch.undo()
        return sizes

    normal = marks()
    assert normal and set(normal) == {11}
    ctx.fonts.set_text_scale(2.0)
    large = marks()
    assert large and min(large) >= 2 * min(normal), large


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_at_200_the_footnote_ends_the_records_page_at_the_players_size(ctx, monkeypatch, lang):
    """The footnote ("a game counts once…") shrank in its corner beside Table / Back to about
    12 px (11 in Japanese) at 200 %: above 100 % it ends the records page, every line of it whole,
    at the player's size, and the corner is left empty."""
    from castellion.scenes.stats import StatisticsScene
    from tests.project.test_layout_words import _drawn_sizes, show

    text.set_language(lang)
    hint = text.t("stats.hint")
    stats = _played_everything()
    ctx.fonts.set_text_scale(2.0)
    height = records_view.draw_records(None, ctx, stats, dt.date(2026, 12, 6), ROOM, 0, hint)
    sizes = _drawn_sizes(monkeypatch)
    drawn = _Drawn(monkeypatch)
    records_view.draw_records(drawn.surface(), ctx, stats, dt.date(2026, 12, 6), ROOM, height - ROOM.h, hint)
    lines = [(words, r) for words, r in drawn.lines if words in hint]
    assert lines and "".join(w for w, _ in lines).replace(" ", "") == hint.replace(" ", "")
    assert all(ROOM.contains(r) and sizes[w] >= 2 * ctx.theme.font_small for w, r in lines), lines
    monkeypatch.undo()
    # the scene: the page takes it above 100 %, the corner keeps it at 100 %
    for size, on_page in ((100, False), (200, True)):
        show(ctx, monkeypatch, "statistics-records", lang, 1.0, size)
        scene = next(s for s in ctx.stack.scenes if isinstance(s, StatisticsScene))
        assert scene.hint_on_page() is on_page


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_at_200_the_bars_title_keeps_the_size_of_the_bests_title(ctx, spy, lang):
    """The left column's title ("Partidas ganadas, por nivel y variante") was fitted to its
    column's width on one line: 38 px beside "Mejores resultados" at 44 at 200 % (en 42, ja 38).
    Above 100 % it wraps where one line would shrink, each line at the bests' title's size."""
    text.set_language(lang)
    ctx.fonts.set_text_scale(2.0)
    records_view.draw_records(pygame.Surface((1280, 800)), ctx, _played_everything(), dt.date(2026, 12, 6), ROOM, 0)
    title = text.t("records.win_rates")
    lines = {words: min(spy.sizes[words]) for words in title_lines(set(spy.sizes), title)}
    bests = min(spy.sizes[text.t("records.bests")])
    assert lines and set(lines.values()) == {bests}, (lines, bests)
