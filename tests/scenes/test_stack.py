"""The scene-stack contract (castellion/scenes/stack.py): lifecycle counts, input routing, queued
changes, pause/resume symmetry, draw order, and draw() never changing state."""

from __future__ import annotations

from collections import Counter

import pytest

from castellion.scenes.stack import Scene, SceneStack


class Recorder(Scene):
    """Counts every lifecycle call; uses events when `wants` says so."""

    def __init__(self, name: str, log: list, *, wants: bool = True, transparent: bool = False,
                 passes: bool = False) -> None:
        super().__init__(None)
        self.name = name
        self.calls: Counter = Counter()
        self.log = log
        self.wants = wants
        self.transparent = transparent
        self.passes_events = passes
        self.events: list = []

    def _rec(self, what: str) -> None:
        self.calls[what] += 1
        self.log.append((self.name, what))

    def enter(self):
        self._rec("enter")

    def exit(self):
        self._rec("exit")

    def pause(self):
        self._rec("pause")

    def resume(self):
        self._rec("resume")

    def handle(self, event):
        self.events.append(event)
        return self.wants

    def update(self, dt):
        self._rec("update")

    def draw(self, surface):
        surface.append(self.name)


@pytest.fixture
def log():
    return []


def test_changes_are_queued_until_apply_pending(log):
    stack = SceneStack()
    a = Recorder("a", log)
    stack.push(a)
    assert stack.top is None and a.calls["enter"] == 0
    assert stack.apply_pending() is True
    assert stack.top is a and a.calls["enter"] == 1
    b = Recorder("b", log)
    stack.push(b)
    stack.pop()
    assert stack.top is a  # nothing happens mid-frame
    stack.apply_pending()
    assert stack.top is a
    assert log == [("a", "enter"), ("a", "pause"), ("b", "enter"), ("b", "exit"), ("a", "resume")]
    assert stack.apply_pending() is False


def test_enter_and_exit_exactly_once_and_pause_resume_symmetric(log):
    stack = SceneStack()
    scenes = [Recorder(n, log) for n in "abcd"]
    stack.push(scenes[0])
    stack.apply_pending()
    stack.push(scenes[1])
    stack.push(scenes[2])
    stack.apply_pending()
    stack.pop()
    stack.replace(scenes[3])
    stack.apply_pending()
    assert [s.name for s in stack.scenes] == ["a", "d"]
    stack.reset()
    stack.apply_pending()
    assert len(stack) == 0
    for s in scenes:
        assert s.calls["enter"] == 1, s.name
        assert s.calls["exit"] == 1, s.name
        assert s.calls["pause"] == s.calls["resume"], s.name


def test_replace_neither_pauses_nor_resumes_the_scene_below(log):
    stack = SceneStack()
    a, b, c = (Recorder(n, log) for n in "abc")
    stack.push(a)
    stack.push(b)
    stack.apply_pending()
    log.clear()
    stack.replace(c)
    stack.apply_pending()
    assert log == [("b", "exit"), ("c", "enter")]


def test_reset_unwinds_from_the_top_then_pushes(log):
    stack = SceneStack()
    a, b, c = (Recorder(n, log) for n in "abc")
    stack.push(a)
    stack.push(b)
    stack.apply_pending()
    log.clear()
    stack.reset(c)
    stack.apply_pending()
    assert log == [("b", "exit"), ("a", "resume"), ("a", "exit"), ("c", "enter")]
    assert stack.scenes == (c,)


def test_a_stale_pop_is_ignored(log):
    stack = SceneStack()
    a, b = Recorder("a", log), Recorder("b", log)
    stack.push(a)
    stack.push(b)
    stack.apply_pending()
    b.pop()
    b.pop()  # a double click must not pop `a` too
    stack.apply_pending()
    assert stack.scenes == (a,)


def test_only_the_top_scene_gets_input(log):
    stack = SceneStack()
    a, b = Recorder("a", log), Recorder("b", log, wants=False)
    stack.push(a)
    stack.push(b)
    stack.apply_pending()
    assert stack.handle("click") is False
    assert b.events == ["click"] and a.events == []


def test_an_overlay_that_passes_events_lets_unused_ones_through(log):
    stack = SceneStack()
    a = Recorder("a", log)
    hud = Recorder("hud", log, wants=False, transparent=True, passes=True)
    stack.push(a)
    stack.push(hud)
    stack.apply_pending()
    assert stack.handle("key") is True
    assert hud.events == ["key"] and a.events == ["key"]
    hud.wants = True
    stack.handle("key2")
    assert a.events == ["key"]


def test_update_reaches_the_top_scene_only(log):
    stack = SceneStack()
    a, b = Recorder("a", log), Recorder("b", log)
    stack.push(a)
    stack.push(b)
    stack.apply_pending()
    stack.update(0.016)
    assert b.calls["update"] == 1 and a.calls["update"] == 0


def test_transparent_overlays_draw_the_scenes_below_first(log):
    stack = SceneStack()
    a, b = Recorder("a", log), Recorder("b", log)
    o1 = Recorder("o1", log, transparent=True)
    o2 = Recorder("o2", log, transparent=True)
    for s in (a, b, o1, o2):
        stack.push(s)
    stack.apply_pending()
    drawn: list = []
    stack.draw(drawn)
    assert drawn == ["b", "o1", "o2"]  # b is opaque: a is hidden, not drawn


def test_changes_requested_by_lifecycle_hooks_are_applied_in_the_same_call(log):
    stack = SceneStack()
    b = Recorder("b", log)

    class Bouncer(Recorder):
        def enter(self):
            super().enter()
            self.replace(b)

    stack.push(Bouncer("a", log))
    stack.apply_pending()
    assert stack.scenes == (b,)


def test_exceptions_are_reported_not_raised(log):
    errors = []
    stack = SceneStack(on_error=lambda exc, scene: errors.append((type(exc), scene.scene_name)))

    class Broken(Recorder):
        def handle(self, event):
            raise RuntimeError("handle")

        def update(self, dt):
            raise RuntimeError("update")

        def draw(self, surface):
            raise RuntimeError("draw")

    s = Broken("x", log)
    stack.push(s)
    stack.apply_pending()
    assert stack.handle("e") is True  # swallowed, not passed below
    stack.update(0.1)
    stack.draw([])
    stack.draw([])  # a scene whose draw failed is not drawn again (no error storm)
    assert errors == [(RuntimeError, "x")] * 3


def test_a_scene_whose_enter_fails_is_dropped_without_exit(log):
    errors = []
    stack = SceneStack(on_error=lambda exc, scene: errors.append(scene.name))
    a = Recorder("a", log)

    class Bad(Recorder):
        def enter(self):
            super().enter()
            raise ValueError("nope")

    bad = Bad("bad", log)
    stack.push(a)
    stack.apply_pending()
    stack.push(bad)
    stack.apply_pending()
    assert stack.scenes == (a,)
    assert errors == ["bad"]
    assert bad.calls["exit"] == 0
    assert a.calls["pause"] == a.calls["resume"] == 1


# --- the real scenes: draw() never changes state ------------------------------------------------

def _snapshot(value, depth=0, seen=None):
    """A comparable picture of an object's state (recursing into plain objects and containers,
    skipping the context and pygame surfaces/fonts, which are shared caches)."""
    import pygame

    seen = set() if seen is None else seen
    if isinstance(value, (int, float, str, bool, type(None), tuple)) and not isinstance(value, pygame.Rect):
        return value if not isinstance(value, tuple) else tuple(_snapshot(v, depth + 1, seen) for v in value)
    if isinstance(value, pygame.Rect):
        return ("Rect", tuple(value))
    opaque = isinstance(value, (pygame.Surface, pygame.font.Font)) or callable(value) and not hasattr(value, "__dict__")
    if opaque or depth > 6:
        return ("opaque", type(value).__name__)
    if id(value) in seen:
        return ("seen", type(value).__name__)
    seen.add(id(value))
    if isinstance(value, dict):
        return {k: _snapshot(v, depth + 1, seen) for k, v in value.items()}
    if isinstance(value, (list, set)):
        items = [_snapshot(v, depth + 1, seen) for v in value]
        return items if isinstance(value, list) else sorted(map(repr, items))
    if hasattr(value, "__dict__") and type(value).__module__.startswith("castellion") \
            and type(value).__name__ not in ("AppContext", "SceneStack", "Job"):
        # (a computer player's Job changes on the pool's own thread when its answer comes: not the draw's doing)
        return (type(value).__name__, {k: _snapshot(v, depth + 1, seen) for k, v in vars(value).items()})
    return ("opaque", type(value).__name__)


def _scenes(ctx):
    from castellion.scenes import end, overlays
    from castellion.scenes.menu import MenuScene
    from castellion.scenes.setup import SetupScene

    return [
        MenuScene(ctx), SetupScene(ctx), overlays.RulesOverlay(ctx), overlays.SettingsOverlay(ctx),
        overlays.PauseOverlay(ctx), overlays.ConfirmOverlay(ctx, "t", "x"),
        end.EndScreen(ctx, result="lost", reason="R-O5", level="base", seed=3),
        overlays.ErrorOverlay(ctx, RuntimeError("boom")),
    ]


def test_drawing_the_real_scenes_changes_no_state(ctx, pg):
    surface = pg.Surface((1280, 800))
    for scene in _scenes(ctx):
        ctx.stack.reset(scene)
        ctx.stack.apply_pending()
        ctx.stack.handle(pg.event.Event(pg.MOUSEMOTION, pos=(640, 420), rel=(0, 0), buttons=(0, 0, 0)))
        ctx.stack.update(0.3)
        before = _snapshot(vars(scene))
        scene.draw(surface)
        scene.draw(surface)
        assert _snapshot(vars(scene)) == before, scene.scene_name
    assert ctx.errors == []


# --- navigation: scenes name a Route, the app registers what is there (castellion/scenes/nav.py) ---

def test_the_app_registers_a_screen_for_every_route():
    from castellion.scenes.nav import Route
    from castellion.screens import routes

    assert set(routes()) == set(Route)


def test_nav_builds_tagged_scenes_and_queues_them(ctx):
    from castellion.scenes.nav import Route
    from castellion.scenes.overlays import RulesOverlay

    rules = ctx.nav.push(Route.RULES, topic="levels")
    assert isinstance(rules, RulesOverlay) and rules.topic == "levels" and rules.route is Route.RULES
    assert ctx.stack.top is None  # queued, like every stack change
    assert ctx.nav.showing(Route.RULES) and not ctx.nav.showing(Route.PAUSE)
    assert ctx.nav.find(Route.RULES) is None  # not on the stack yet
    ctx.stack.apply_pending()
    assert ctx.stack.top is rules and ctx.nav.find(Route.RULES) is rules


def test_nav_reset_takes_routes_and_made_scenes_bottom_first(ctx):
    from castellion.scenes.nav import Route

    ctx.nav.push(Route.PAUSE)
    ctx.stack.apply_pending()
    ctx.nav.reset(Route.MENU, ctx.nav.make(Route.SETUP, level="base"))
    assert ctx.nav.showing(Route.SETUP)  # queued by a reset counts too
    ctx.stack.apply_pending()
    assert [s.route for s in ctx.stack.scenes] == [Route.MENU, Route.SETUP]
    assert ctx.stack.top.level == "base"


def test_nav_replace_swaps_the_top_scene(ctx):
    from castellion.scenes.nav import Route

    menu = ctx.nav.push(Route.MENU)
    pause = ctx.nav.push(Route.PAUSE)
    ctx.stack.apply_pending()
    ctx.nav.replace(pause, Route.SETTINGS)
    ctx.stack.apply_pending()
    assert [s.route for s in ctx.stack.scenes] == [Route.MENU, Route.SETTINGS] and ctx.stack.scenes[0] is menu


def test_an_unregistered_route_is_a_lookup_error_shown_not_a_crash(ctx):
    from castellion.scenes.context import Navigator
    from castellion.scenes.nav import Route

    nav = Navigator(ctx)  # no factories
    with pytest.raises(LookupError, match="STATS"):
        nav.push(Route.STATS)
    assert not ctx.stack.pending


def test_a_registered_stand_in_replaces_a_screen(ctx):
    from castellion.scenes.nav import Route

    made = []

    class StandIn(Scene):
        def __init__(self, ctx, *args):
            super().__init__(ctx)
            made.append(args)

    ctx.nav.register(Route.BOARD, StandIn)
    scene = ctx.nav.make(Route.BOARD, "game")
    assert isinstance(scene, StandIn) and made == [("game",)] and scene.route is Route.BOARD


def test_ask_asks_unless_the_player_turned_confirmations_off(ctx):
    from castellion.scenes.nav import Route
    from castellion.scenes.overlays import ConfirmOverlay

    said = []
    ctx.nav.ask("Leave?", "", lambda: said.append("yes"))
    assert not said and isinstance(ctx.stack.queued_scenes()[-1], ConfirmOverlay)
    assert ctx.nav.showing(Route.CONFIRM)
    ctx.settings.confirmations = False
    ctx.nav.ask("Leave?", "", lambda: said.append("yes"))
    assert said == ["yes"] and len(ctx.stack.queued_scenes()) == 1


def test_every_screen_knows_its_route_also_when_built_directly(ctx):
    # The app's F1 and error handling ask `scene.route`, whoever built the scene.
    from castellion.scenes.nav import Route

    routes = [scene.route for scene in _scenes(ctx)]
    assert routes == [Route.MENU, Route.SETUP, Route.RULES, Route.SETTINGS, Route.PAUSE, Route.CONFIRM, Route.END,
                      Route.ERROR]
