"""Motion (issue 31, item 4; XAG 117 and 118): the animation setting is honoured everywhere —
with it off, a screen's frames do not change once it has shown its end state (the Ordeal reveal's
ticking, the menu, the review and its graph, the board's flights, the tutorial's pointer, the
notices, a text field's caret) —; nothing flashes (no area changes its luminance back and forth
more than three times in any second, over every animation's frames at the normal speed); and the
first start follows the system's reduced-motion preference (`ui.system_motion`, asked through an
injected probe: the tests need no OS)."""

from __future__ import annotations

import json

import pygame
import pytest

from castellion.persistence import datadir
from castellion.rules import new_game
from castellion.scenes.nav import Route
from castellion.ui import system_motion
from castellion.ui.system_motion import GNOME, MACOS
from castellion.ui.system_motion import reduces_motion as real_reduces_motion
from castellion.ui.theme import luminance
from tests.board_driver import BoardDriver

DT = 1 / 60


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _run(ctx, seconds: float, surface: pygame.Surface | None = None, *, notices: bool = False):
    """Frames at 60 a second for `seconds`: each as its pixels."""
    surface = surface or pygame.Surface(ctx.canvas)
    out = []
    for _ in range(round(seconds / DT)):
        ctx.stack.update(DT * (ctx.settings.animation_factor or 1.0))
        ctx.notices.update(DT)
        ctx.stack.draw(surface)
        if notices:
            ctx.notices.draw(surface, ctx)
        ctx.stack.apply_pending()
        out.append(_pixels(surface))
    return out


def _settle(ctx, speed: str) -> None:
    ctx.settings.animation_speed = speed


def _show(ctx, *scenes) -> None:
    ctx.stack.reset(*scenes)
    ctx.stack.apply_pending()


def _reveal(ctx):
    from castellion.scenes.reveal import OrdealRevealScene
    from tests.project.test_i18n_screens import board, reveal_scene

    encounters = reveal_scene(ctx, new_game("intro", seed=7)).encounters  # (animated as the setting says)
    _show(ctx, board(ctx, new_game("intro", seed=7)), OrdealRevealScene(ctx, encounters))


def _menu(ctx):
    _show(ctx, ctx.nav.make(Route.MENU))


def _tutorial(ctx):
    from tests.project.test_i18n_screens import tutorial_part

    tutorial_part(ctx, "school")
    coach = ctx.stack.top.coach
    while coach.do.kind == "next":  # to the first step that points at something to do
        coach.next()


def _review(ctx, review):
    from castellion.scenes.review import ReviewScene
    from tests.review_helpers import keep, lost_game

    keep(review)
    doc = lost_game()
    _show(ctx, ReviewScene(ctx, doc["options"], doc["actions"]))


def _field(ctx):
    setup = ctx.nav.make(Route.SETUP)
    _show(ctx, ctx.nav.make(Route.MENU), setup)
    field = next(w for w in setup.widgets.widgets if w.takes_text and w.visible)
    setup.widgets.focus(field)


def _notice(ctx):
    _menu(ctx)
    ctx.notify("Saved.", "info")


# (the menu is not here: nothing on it moves at any speed, so its stillness would prove nothing)
SCREENS = {"reveal": _reveal, "tutorial pointer": _tutorial, "text caret": _field, "notice": _notice}
MOVING = ("reveal", "tutorial pointer", "text caret", "notice")  # what moves at the normal speed


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_with_the_animations_off_a_screen_stands_still(ctx, name):
    """From its second frame on, every frame is the same picture (the end state at once)."""
    _settle(ctx, "off")
    SCREENS[name](ctx)
    frames = _run(ctx, 6.0, notices=name == "notice")
    assert not ctx.errors, ctx.errors
    changed = [i for i in range(2, len(frames)) if frames[i] != frames[i - 1]]
    if name == "notice":  # the notice goes after its seconds, at once: one change, no fade
        assert len(changed) == 1, changed
    else:
        assert not changed, f"{name}: {len(changed)} frames changed, the first at {changed[:1]}"


@pytest.mark.parametrize("name", MOVING)
def test_at_the_normal_speed_those_screens_do_move(ctx, name):
    """The test above is not blind: at the normal speed the same screens change over time."""
    _settle(ctx, "normal")
    SCREENS[name](ctx)
    frames = _run(ctx, 6.0, notices=name == "notice")
    assert sum(frames[i] != frames[i - 1] for i in range(2, len(frames))) > 3, name


def test_with_the_animations_off_the_review_and_its_graph_stand_still(ctx, quick_review):
    """Opened, and after each step along the graph (one move on, to the next mark, one back, to
    the start): the step shows in the next frame (the picture changes), then nothing moves."""
    _settle(ctx, "off")
    _review(ctx, quick_review)
    frames = _run(ctx, 2.0)
    assert not ctx.errors and all(f == frames[1] for f in frames[1:])
    scene = ctx.stack.top
    for key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_LEFT, pygame.K_HOME):
        step, before = scene.step, frames[-1]
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        frames = _run(ctx, 1.0)
        assert scene.step != step, pygame.key.name(key)  # a real step along the graph
        moving = [i for i, f in enumerate(frames) if f != frames[0]]
        assert frames[0] != before and not moving, (pygame.key.name(key), moving[:3])


@pytest.mark.parametrize("speed", ["off", "normal"])
def test_the_board_s_flights_follow_the_setting(ctx, speed):
    """A tile drawn from the pile: at the normal speed it flies to the hand over a few frames;
    with the animations off the frame after the click is already the last."""
    _settle(ctx, speed)
    driver = BoardDriver(ctx, new_game("intro", seed=3))
    for _ in range(3):
        driver.frame()
    driver.click(driver.board.state.layout.pile_rect("regular")[:2])
    driver.post(pygame.MOUSEMOTION, pos=(5, 795), rel=(0, 0), buttons=(0, 0, 0))  # the pointer away
    driver.frame()
    frames = []
    for _ in range(60):
        driver.frame()
        frames.append(_pixels(driver.surface))
    changes = sum(frames[i] != frames[i - 1] for i in range(1, len(frames)))
    if speed == "off":
        assert changes == 0
    else:
        assert changes >= 3


# --------------------------------------------------------------------------- no flashing
def _flashes(frames: list[bytes], size: tuple[int, int], block: int = 64) -> int:
    """The most flashes in any one second, in any block of `block`×`block` pixels: a flash is a
    pair of opposing changes of relative luminance of 0.1 or more, the darker state under 0.8
    (WCAG 2.3.1's general flash, on blocks smaller than its area: stricter)."""
    w, h = size
    series: dict[tuple[int, int], list[float]] = {}
    for pixels in frames:
        image = pygame.image.frombytes(pixels, size, "RGB")
        small = pygame.transform.smoothscale(image, (w // block, h // block))  # each block's mean
        for y in range(h // block):
            for x in range(w // block):
                series.setdefault((x, y), []).append(luminance(tuple(small.get_at((x, y)))))
    worst = 0
    for values in series.values():
        turns: list[int] = []  # the frames where the luminance turned, by 0.1 or more
        direction, anchor = 0, values[0]
        for i, v in enumerate(values):
            if direction >= 0 and v <= anchor - 0.1 and min(v, anchor) < 0.8:
                turns.append(i)
                direction, anchor = -1, v
            elif direction <= 0 and v >= anchor + 0.1 and min(v, anchor) < 0.8:
                turns.append(i)
                direction, anchor = 1, v
            elif (direction < 0 and v < anchor) or (direction > 0 and v > anchor):
                anchor = v
        for j, start in enumerate(turns):  # changes within one second; two make a flash
            within = sum(1 for t in turns[j:] if t - start < 60)
            worst = max(worst, within // 2)
    return worst


def test_the_flash_count_sees_a_flashing_picture(pg):
    """The counter is not blind: a square blinking black / white five times a second counts 5."""
    size = (256, 128)
    frames = []
    for i in range(120):
        s = pygame.Surface(size)
        s.fill((255, 255, 255) if (i // 6) % 2 else (0, 0, 0))
        frames.append(_pixels(s))
    assert _flashes(frames, size) >= 5


@pytest.mark.parametrize("name", MOVING)
def test_no_animation_flashes(ctx, name):
    """XAG 118: over three seconds of each animation at the normal speed, no block of the screen
    flashes more than three times in a second."""
    _settle(ctx, "normal")
    SCREENS[name](ctx)
    frames = _run(ctx, 3.0, notices=name == "notice")
    assert _flashes(frames, ctx.canvas) <= 3


def test_the_board_s_flights_do_not_flash(ctx):
    """Draw, place, draw, place, …: flights one after another (counted, so the test cannot pass
    on a single one), none of them flashing."""
    from castellion.rules import actions as A

    _settle(ctx, "fast")
    driver = BoardDriver(ctx, new_game("intro", seed=3))
    anims = driver.board.anims
    flights: list[str] = []
    real_add = anims.add
    anims.add = lambda anim: (flights.append(anim.kind), real_add(anim))[1]
    frames = []
    for _ in range(6):
        game = driver.game
        if game.held is None:
            driver.perform(A.DrawTile("regular"))
        else:
            driver.perform(next(a for a in game.legal_actions() if isinstance(a, (A.PlaceTile, A.PlaceTraitor))))
        for _ in range(20):
            driver.frame()
            frames.append(_pixels(driver.surface))
    assert flights.count("flight") >= 4, flights
    assert _flashes(frames, ctx.canvas) <= 3


# --------------------------------------------------------------------------- the system's preference
@pytest.mark.parametrize(("platform", "answers", "expected"), [
    ("linux", {GNOME: "false"}, True),
    ("linux", {GNOME: "true"}, False),
    ("linux", {}, None),  # no GNOME
    ("darwin", {MACOS: "1"}, True),
    ("darwin", {MACOS: "0"}, False),
    ("darwin", {}, None),  # never set
])
def test_the_system_s_reduced_motion_is_read(platform, answers, expected):
    assert real_reduces_motion(platform, run=lambda command: answers.get(tuple(command))) is expected


@pytest.mark.parametrize(("shown", "expected"), [(False, True), (True, False), (None, None)])
def test_windows_client_area_animation_is_read(shown, expected):
    assert real_reduces_motion("win32", windows=lambda: shown) is expected


def test_a_missing_command_is_no_answer():
    assert system_motion.run_command(["castellion-no-such-command-here"]) is None


def _start(probe, persist_check=None):
    from castellion.app import App

    app = App(rng=__import__("random").Random(1), motion_probe=probe)
    try:
        return app.ctx.settings.animation_speed, app.ctx.settings.motion_asked
    finally:
        app.close()


def test_the_first_start_follows_the_system_s_reduced_motion(pg):
    asked = []
    assert _start(lambda: asked.append(1) or True) == ("off", True)
    assert json.loads(datadir.settings_path().read_text())["animation_speed"] == "off"
    # asked once: the player turns the animations back on; the next start keeps their choice
    data = json.loads(datadir.settings_path().read_text())
    data["animation_speed"] = "normal"
    datadir.settings_path().write_text(json.dumps(data))
    assert _start(lambda: asked.append(2) or True) == ("normal", True)
    assert asked == [1]


@pytest.mark.parametrize("answer", [False, None])
def test_the_first_start_animates_when_the_system_does_not_ask_otherwise(pg, answer):
    assert _start(lambda: answer) == ("normal", True)


def test_an_older_settings_file_is_not_a_first_start(pg):
    """Settings kept by a version without this setting: the player has started before (their
    animation choice stands; the system is not asked)."""
    datadir.settings_path().parent.mkdir(parents=True, exist_ok=True)
    datadir.settings_path().write_text(json.dumps({"format": 1, "animation_speed": "fast"}))
    asked = []
    assert _start(lambda: asked.append(1) or True) == ("fast", True)
    assert not asked
