"""The coach's words at the player's text size (Settings → Accessibility → Text size).

Its box has its usual place over the status panel. At 200 % its words used to shrink to fit it:
22 px in en, 20 in es, 19 in ja against 19 at 100 %. They now keep their size and, longer than
the box, scroll by whole lines (PgUp / PgDn, the wheel over the box). That box showed two lines
at a time at 200 %; a longer step's box now goes where it shows four (else three) lines and
covers nothing the step lights (scenes/tutorial/coach_box.py).
"""

from __future__ import annotations

import pygame
import pytest

from castellion.content import tutorial as script
from castellion.scenes.tutorial.coach_box import BOX
from castellion.ui.textfit import InkLog, inside, misfits
from tests.layout_words import make_surface, set_text
from tests.scenes.tutorial.test_tutorial import TutorialDriver

CANVAS = (1280, 800)
WORDS = 19  # the size of the coach's words at 100 %


def _driver(ctx, lang: str, scale: float, text_size: int = 200) -> TutorialDriver:
    set_text(ctx, lang, scale, text_size)
    driver = TutorialDriver(ctx)
    driver.surface = make_surface(scale)
    driver.open_tutorial()
    driver.start("school")
    return driver


def _step_words(coach) -> str:
    from castellion.scenes.tutorial.tutorial_coach import how_text
    from castellion.ui.devices import last_device
    from castellion.ui.text import t

    text, how = t(coach.part.text_key(coach.step)), how_text(coach.do.kind, last_device())
    return f"{text} {how}" if how else text


def _bare(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_coach_s_words_keep_the_player_s_size_at_200(ctx, monkeypatch, lang, scale):
    """At 200 % asked, every line of the step's words is drawn at 200 % of its 100 % size (at
    least the 150 % aimed at), in both windows (1024×600: scale 0.75)."""
    driver = _driver(ctx, lang, scale)
    coach = driver.board.coach
    driver.frame()
    drawn: dict[str, int] = {}
    fonts, render = ctx.fonts, ctx.fonts.render

    def spy(words, size, *args, **kwargs):
        drawn[words] = fonts.sized(size)
        return render(words, size, *args, **kwargs)

    monkeypatch.setattr(fonts, "render", spy)
    coach.draw(make_surface(scale))  # the coach's words alone
    full = _bare(_step_words(coach))
    lines = {w: px for w, px in drawn.items() if len(_bare(w)) > 3 and _bare(w) in full}
    assert lines, drawn
    assert min(lines.values()) >= 1.5 * WORDS, lines
    assert min(lines.values()) == fonts.sized(WORDS), lines  # the player's size itself


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_every_step_of_part_one_shows_all_its_words_inside_the_box_at_200(ctx, lang, scale):
    """At each step of the first part, at every scroll position: each word's ink inside the box,
    none touching another (the box measured as the layout tests measure a panel); the lines of
    all positions together are the step's whole words (none cut, none left out)."""
    driver = _driver(ctx, lang, scale)
    steps, scrolled = 0, 0
    for _ in range(len(script.part("school").steps) + 5):
        board = driver.board
        if board is None:
            break
        coach = board.coach
        driver.frame()
        seen: list[str] = []
        for offset in range(coach.scroller.most() + 1 if coach.scrolling else 1):
            coach.scroller.offset = offset
            picture = InkLog(CANVAS, scale)
            coach.draw(picture)
            problems = misfits(picture.ink_log, [inside(coach.place.box)])
            assert not problems, (coach.step, offset, problems)
            if coach.scrolling:
                seen += [w for w in coach.scroller.shown_words() if w not in seen]
            else:
                seen = [w for w, _ in picture.ink_log]
        assert _bare(_step_words(coach)) in _bare("".join(seen)), (coach.step, seen)
        scrolled += coach.scrolling
        steps += 1
        coach.scroller.offset = 0
        driver.do_step()
    assert steps == len(script.part("school").steps)
    assert scrolled  # (the case the test is for)


def test_the_words_scroll_with_page_down_page_up_and_the_wheel(ctx):
    driver = _driver(ctx, "es", 1.0)
    coach = driver.board.coach
    driver.frame()
    box = coach.scroller
    assert coach.scrolling and box.most() > 0
    assert coach.more() == (False, True)  # the arrow at the bottom of the words: more below
    for _ in range(len(box.lines)):
        driver.post(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0)
        driver.frame()
    assert box.offset == box.most()  # the last line reached from the keyboard
    assert coach.more() == (True, False)
    driver.post(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode="", scancode=0)
    driver.frame()
    assert box.offset == max(0, box.most() - box.shown())  # back a box's worth of lines
    driver.post(pygame.MOUSEMOTION, pos=coach.place.box.move(30, 0).midleft, rel=(0, 0), buttons=(0, 0, 0))
    driver.post(pygame.MOUSEWHEEL, x=0, y=10, flipped=False, precise_x=0.0, precise_y=10.0)
    driver.frame()
    assert box.offset == 0
    assert driver.board.coach.step == 0  # the keys moved no step on


def test_at_100_the_words_fit_without_scrolling(ctx):
    driver = _driver(ctx, "es", 1.0, 100)
    driver.frame()
    assert not driver.board.coach.scrolling


def _every_step(driver: TutorialDriver):
    """Each step of every part, on its board (the parts begun from the tutorial's screen)."""
    for part in script.PARTS:
        driver.stack.top.begin(part.id)
        driver.stack.apply_pending()
        for _ in range(len(part.steps) + 5):
            board = driver.board
            if board is None:
                break
            driver.frame()
            yield part, board.coach
            driver.do_step()


def board_of(coach):
    assert coach.board is not None
    return coach.board


def _cells(board, cells) -> list[pygame.Rect]:
    return [pygame.Rect(board.base_layout.cell_rect(cell)) for cell in cells]


def _lines_and_lights(ctx, lang: str, scale: float) -> None:
    """At every step of every part at 200 %: the box shows at least three whole lines (or the
    whole step when it is shorter) and covers nothing the step lights (the pointed cell or part
    with its glow, the arrow), nor the cells the step declares it keeps in sight (`Step.in_sight`:
    the foundation row where its words speak of it)."""
    driver = _driver(ctx, lang, scale)
    driver.stack.pop(driver.board)
    driver.stack.apply_pending()
    steps, grown = 0, 0
    for part, coach in _every_step(driver):
        where = (part.id, part.steps[coach.step].key)
        box = coach.place.box
        if coach.scrolling:
            shown = coach.scroller.shown()
            assert shown >= min(3, len(coach.scroller.lines)), (where, shown, len(coach.scroller.lines))
        lit = coach.lit_zones()
        assert bool(lit) == bool(coach.target()), where
        assert box.collidelist(lit) < 0, (where, box, lit)
        sight = _cells(board_of(coach), part.steps[coach.step].in_sight)
        assert box.collidelist(sight) < 0, (where, box, sight)  # what its words speak of, too
        steps += 1
        grown += box != BOX
    assert steps == sum(len(p.steps) for p in script.PARTS)
    assert grown  # (the case the test is for)


@pytest.mark.parametrize(("lang", "scale"), [("es", 1.0), ("ja", 0.75)])
def test_every_step_shows_three_lines_and_leaves_what_it_lights_in_sight_at_200(ctx, lang, scale):
    _lines_and_lights(ctx, lang, scale)


@pytest.mark.slow
@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_every_step_shows_three_lines_in_every_language_and_window_at_200(ctx, lang, scale):
    _lines_and_lights(ctx, lang, scale)


def test_a_longer_step_keeps_the_castle_s_tiles_in_sight_when_a_place_shows_three_lines(ctx):
    """The step asking for a drop on the Juggler triangle (R-P3) speaks of it: the box grows
    where it leaves that tile in sight (over the castle's empty upper rows)."""
    driver = _driver(ctx, "en", 1.0)
    coach = driver.board.coach
    while coach.do.kind != "refused":
        driver.do_step()
    driver.frame()
    tiles = [pygame.Rect(driver.board.base_layout.cell_rect(c)) for c, _ in driver.board.session.game.castle().tiles()]
    assert tiles and coach.place.box != BOX
    assert coach.place.box.collidelist(tiles) < 0
    assert coach.scroller.shown() >= 3


FOUNDATION_ROW = [(0, col) for col in range(6)]


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_step_one_leaves_the_foundation_row_in_sight_at_200(ctx, lang, scale):
    """Step 1 ("Its bottom row is the foundation") lights nothing; its grown box went up over
    the castle's bottom rows and covered the foundation row it speaks of (R-P1). It now leaves
    those six cells and the "foundation" label under them in sight, still showing four lines."""
    driver = _driver(ctx, lang, scale)
    coach = driver.board.coach
    driver.frame()
    assert coach.step == 0 and not coach.target()
    box, lay = coach.place.box, driver.board.base_layout
    cells = _cells(driver.board, FOUNDATION_ROW)
    assert box.collidelist(cells) < 0, (box, cells)
    grid = pygame.Rect(lay.grid_rect)
    assert not box.colliderect((grid.x, grid.bottom, grid.w, 24))  # the "foundation" label
    assert coach.scroller.shown() >= 3
