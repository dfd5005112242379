"""A game controller and fingers: whole intro games driven by posted SDL events only, through the
real `App` (menu → setup → board → end screen), headless on the fake clock; and the parts on
their own (`ui.devices`: buttons → the keymap's keys, the stick's repeats, SDL's mouse twins of
a touch dropped, hot-plugging; the board's finger reach and long press; prompts that follow the
device in use; a key rebound on Controls works on the board)."""

from __future__ import annotations

import pygame
import pytest

from castellion.rules import actions as A
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom
from castellion.ui import devices as D
from castellion.ui import keymap as K
from castellion.ui.geometry import center as rect_center
from castellion.ui.keymap import Action, Key
from castellion.ui.rules_text import tile_name
from castellion.ui.targets import ButtonTarget, CellTarget, DiscardTarget, OrdealTarget, PileTarget, RevealedTarget
from castellion.ui.text import t, tn
from tests.board_driver import BoardDriver, board_button, crafted

BUTTON = {name: code for name, code in K.PAD_BUTTONS.items()}


pytestmark = pytest.mark.usefixtures("default_input")  # each test starts (and leaves the next) with the default keys


# ------------------------------------------------------------------------ drivers
def step(app, n: int = 1, dt: float = 1 / 60) -> None:
    for _ in range(n):
        app.now.advance(dt)
        app.step(dt)


def pad(app, name: str, frames: int = 2) -> None:
    """Press and release one controller button (SDL's events, posted to the queue)."""
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=BUTTON[name], instance_id=0))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=BUTTON[name], instance_id=0))
    step(app, frames)


def top_name(app) -> str:
    return type(app.stack.top).__name__


def focus_and_press(app, widget, limit: int = 40) -> None:
    """Move the focus with the d-pad to `widget`, then press A (as a player with a pad does)."""
    for _ in range(limit):
        if app.stack.top.widgets.focused is widget:
            pad(app, "a")
            return
        pad(app, "dpad_down", frames=1)
    raise AssertionError(f"the d-pad never reached {getattr(widget, 'label', widget)!r} on {top_name(app)}")


def cursor_to(app, board, target, limit: int = 60) -> None:
    """Move the board's cursor with the d-pad until it is on `target` (the way that brings it
    nearer first, another when the cursor does not move)."""
    lay = board.state.layout
    if board.state.cursor is None:
        pad(app, "a", frames=1)  # the first A shows the cursor (on what the phase asks for)
    for _ in range(limit):
        if board.state.cursor == target:
            return
        cx, cy = rect_center(lay.target_rect(board.state.cursor))
        tx, ty = rect_center(lay.target_rect(target))
        ways = sorted([("dpad_right", tx - cx), ("dpad_left", cx - tx), ("dpad_down", ty - cy), ("dpad_up", cy - ty)],
                      key=lambda w: -w[1])
        before = board.state.cursor
        for name, gain in ways:
            if gain <= 0 and name != ways[-1][0]:
                continue
            pad(app, name, frames=1)
            if board.state.cursor != before:
                break
    assert board.state.cursor == target, (board.state.cursor, target)


def pad_perform(app, board, action) -> None:
    """The pad presses that mean `action` on the board."""
    game = board.session.game
    if isinstance(action, A.DrawTile):
        pad(app, "x" if action.pile == "regular" else "y")
        return
    if isinstance(action, (A.DiscardTile, A.PlaceTraitor)):
        pad(app, "rightstick" if isinstance(action, A.DiscardTile) else "leftstick")
        return
    where = {A.PlaceTile: lambda a: CellTarget(a.cell), A.DestroyTile: lambda a: CellTarget(a.cell),
             A.DiscardTile: lambda a: DiscardTarget(), A.DiscardTraitor: lambda a: DiscardTarget(),
             A.PlaceTraitor: lambda a: OrdealTarget(game.current_ordeal),
             A.TakeRevealed: lambda a: RevealedTarget(a.index),
             A.EncounterOrdeal: lambda a: ButtonTarget("encounter")}[type(action)](action)
    cursor_to(app, board, where)
    pad(app, "a")
    if isinstance(action, A.EncounterOrdeal):
        focus_and_press(app, app.stack.top.yes_button)


def settle(app, press, limit: int = 60) -> None:
    """Through the reveal (any button moves it on) until the board or the end screen is on top."""
    for _ in range(limit):
        if top_name(app) in ("OrdealRevealScene", "HandoverScene"):
            press()
            continue
        break
    step(app, 10, 0.05)


def board_of(app):
    return next(s for s in app.stack.scenes if type(s).__name__ == "BoardScene")


def play_board(app, perform, settle_press) -> None:
    """The greedy player's choices, each made by `perform`, until the game ends; each must reach
    the engine exactly once."""
    board = board_of(app)
    rng = SeededRandom.from_seed(11)
    for n in range(400):
        game = board.session.game
        if game.outcome is not None:
            return
        action = greedy_action(game, rng)
        before = len(game.history)
        perform(app, board, action)
        assert len(board.session.game.history) == before + 1, (n, action, board.state.message, app.stack.describe())
        assert board.session.game.history[-1] == action
        settle(app, settle_press)
    raise AssertionError("the game did not end")


def start_intro(app, press_widget) -> None:
    """Menu → New game → setup: the intro level → Start, each by `press_widget`."""
    assert top_name(app) == "MenuScene"
    menu = app.stack.top
    press_widget(app, next(w for w in menu.widgets.focusables() if w.label == t("menu.new_game")))
    assert top_name(app) == "SetupScene", app.stack.describe()
    setup = app.stack.top
    intro = next(c for c in setup.cards if c.level == "intro")
    press_widget(app, intro)
    press_widget(app, setup.start_button)
    step(app, 3)
    assert top_name(app) == "BoardScene", app.stack.describe()
    assert board_of(app).session.game.level_spec.id == "intro"


# ------------------------------------------------------------------ whole games
def test_a_whole_intro_game_with_a_controller_only(app):
    """Menu, setup, every move and every reveal by posted controller buttons, to the end screen."""
    start_intro(app, focus_and_press)
    assert D.last_device() == D.PAD
    board = board_of(app)
    assert "A" in board.banner_text() or board.banner_text() == ""  # the prompts name the pad's buttons
    play_board(app, pad_perform, lambda: pad(app, "a"))
    settle(app, lambda: pad(app, "a"))
    assert top_name(app) == "EndScreen", app.stack.describe()
    assert app.stack.top.result == board.session.game.outcome.result
    assert not getattr(app.ctx, "errors", [])


def finger_pos(app, pos):
    """A canvas point as SDL's normalised finger position in the window."""
    vp = app.viewport
    wx, wy = vp.to_physical(pos)
    w, h = vp.window
    return (wx + 0.5) / w, (wy + 0.5) / h


def finger(app, kind: str, pos, *, twin: bool = True) -> None:
    """One finger event at canvas `pos`, with the mouse event SDL emulates for it (`touch` set)
    unless `twin` is False; the twins must not act a second time."""
    x, y = finger_pos(app, pos)
    types = {"down": (pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN), "move": (pygame.FINGERMOTION, pygame.MOUSEMOTION),
             "up": (pygame.FINGERUP, pygame.MOUSEBUTTONUP)}[kind]
    pygame.event.post(pygame.event.Event(types[0], x=x, y=y, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0))
    if twin:
        px = app.viewport.to_physical(pos)
        extra = {"rel": (0, 0), "buttons": (1, 0, 0)} if kind == "move" else {"button": 1}
        pygame.event.post(pygame.event.Event(types[1], pos=px, touch=True, **extra))
    step(app)


def tap(app, pos) -> None:
    finger(app, "down", pos)
    finger(app, "up", pos)


def swipe(app, a, b, steps: int = 6) -> None:
    finger(app, "down", a)
    for i in range(1, steps + 1):
        finger(app, "move", (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps))
    finger(app, "up", b)


def touch_perform(app, board, action) -> None:
    lay, game = board.state.layout, board.session.game
    hand = rect_center(lay.hand_rect())
    if isinstance(action, A.DrawTile):
        tap(app, rect_center(lay.pile_rect(action.pile)))
    elif isinstance(action, A.TakeRevealed):
        tap(app, rect_center(lay.revealed_rect(action.index)))
    elif isinstance(action, A.PlaceTile):
        swipe(app, hand, rect_center(lay.cell_rect(action.cell)))
    elif isinstance(action, (A.DiscardTile, A.DiscardTraitor)):
        swipe(app, hand, rect_center(lay.discard_rect()))
    elif isinstance(action, A.PlaceTraitor):
        swipe(app, hand, rect_center(lay.ordeal_rect(game.current_ordeal)))
    elif isinstance(action, A.DestroyTile):
        tap(app, rect_center(lay.cell_rect(action.cell)))
    else:  # pragma: no cover - the intro level's greedy player makes no other move
        raise AssertionError(action)


def test_a_whole_intro_game_with_fingers_only(app):
    """Menu, setup, every move and every reveal by posted finger events (each with SDL's emulated
    mouse twin, which must not act again), to the end screen."""
    start_intro(app, lambda app, widget: tap(app, widget.rect.center))
    assert D.last_device() == D.TOUCH
    board = board_of(app)
    play_board(app, touch_perform, lambda: tap(app, (640, 400)))
    settle(app, lambda: tap(app, (640, 400)))
    assert top_name(app) == "EndScreen", app.stack.describe()
    assert app.stack.top.result == board.session.game.outcome.result


# ------------------------------------------------------------------ the parts
def test_a_key_rebound_on_the_controls_page_works_on_the_board(ctx):
    """Draw from the regular pile moved from D to Q: Q draws on a real board, D no longer does."""
    from castellion.scenes.controls import ControlsOverlay

    page = ControlsOverlay(ctx)
    page._capture(Action.DRAW_REGULAR)
    assert page.press_key(pygame.K_q)
    d = BoardDriver(ctx, crafted("base"))
    d.frame()
    assert "(Q regular, S safe)" in d.board.banner_text()  # the words name the key where it is now
    d.key(pygame.K_d)
    assert d.game.held is None  # the old key does nothing now
    d.key(pygame.K_q)
    assert d.game.held is not None and d.game.held_from == "regular"
    page._capture(Action.RULES)
    assert page.press_key(pygame.K_F2)
    assert "F2 rules" in t("menu.footer.rules", **D.prompts()) and "F1" not in t("menu.footer.rules", **D.prompts())
    assert "F2: rules" in t("board.hotkeys.rules", **D.prompts())


def test_a_pad_button_rebound_on_the_controls_page_works_and_a_clash_is_refused(ctx):
    from castellion.scenes.controls import ControlsOverlay

    page = ControlsOverlay(ctx)
    page._capture(Action.DRAW_REGULAR)
    page.handle(D.pad_key_event("guide"))  # a pad button while waiting binds it
    assert K.current().pads[Action.DRAW_REGULAR] == ("guide",)
    assert K.action_for(D.pad_key_event("guide")) is Action.DRAW_REGULAR
    page._capture(Action.DRAW_SAFE)
    page.handle(D.pad_key_event("guide"))
    assert page.message_bad and Action.DRAW_REGULAR.label in page.message
    assert K.current().pads[Action.DRAW_SAFE] == ("y",)


def test_pad_buttons_become_the_keys_of_their_actions_tagged_with_the_button(pg):
    devices = D.Devices(lambda: (1280, 800))
    [ev] = devices.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=BUTTON["a"], instance_id=0))
    assert ev.type == pygame.KEYDOWN and ev.key == pygame.K_RETURN and ev.pad_button == "a"
    assert K.action_for(ev, "board") is Action.ACTIVATE
    assert K.action_for(ev, "demo") is None  # (A takes over from the computer: the board's activate)
    [y] = devices.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=BUTTON["y"], instance_id=0))
    assert K.action_for(y, "demo") is Action.DEMO_PAUSE and K.action_for(y, "board") is Action.DRAW_SAFE
    [undo] = devices.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=BUTTON["leftshoulder"],
                                                  instance_id=0))
    assert undo.key == pygame.K_z and undo.mod & pygame.KMOD_CTRL
    assert D.last_device() == D.PAD
    assert devices.translate(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=BUTTON["a"], instance_id=0)) == []
    devices.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d", scancode=0))
    assert D.last_device() == D.KEYS


def test_the_stick_moves_past_a_threshold_and_repeats_on_the_scenes_clock(pg):
    devices = D.Devices(lambda: (1280, 800))

    def tilt(value: int) -> list:
        return devices.translate(pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_LEFTX,
                                                    value=value, instance_id=0))

    assert tilt(8000) == []  # a small tilt: nothing
    [right] = tilt(30000)
    assert right.key == pygame.K_RIGHT and right.pad_button == "dpad_right"
    assert tilt(14000) == []  # between the thresholds: still held, no second press
    assert devices.update(D.REPEAT_FIRST - 0.05) == []
    assert [e.key for e in devices.update(0.1)] == [pygame.K_RIGHT]  # held past the first wait
    assert devices.update(D.REPEAT_NEXT / 2) == []
    assert [e.key for e in devices.update(D.REPEAT_NEXT)] == [pygame.K_RIGHT]
    assert tilt(0) == [] and devices.update(5.0) == []  # let go: no more repeats
    [left] = tilt(-32768)
    assert left.key == pygame.K_LEFT


def test_sdls_mouse_twin_of_a_touch_is_dropped_and_a_finger_is_the_left_button(pg):
    devices = D.Devices(lambda: (1000, 500))
    twin = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1, touch=True)
    assert devices.translate(twin) == []
    mouse = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1, touch=False)
    assert devices.translate(mouse) == [mouse] and D.last_device() == D.MOUSE
    [down] = devices.translate(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.25, finger_id=7, touch_id=1,
                                                  dx=0.0, dy=0.0, pressure=1.0))
    assert (down.type, down.pos, down.button, down.finger) == (pygame.MOUSEBUTTONDOWN, (500, 125), 1, True)
    assert D.last_device() == D.TOUCH
    second = pygame.event.Event(pygame.FINGERDOWN, x=0.9, y=0.9, finger_id=8, touch_id=1, dx=0.0, dy=0.0,
                                pressure=1.0)
    assert devices.translate(second) == []  # one finger at a time
    [move] = devices.translate(pygame.event.Event(pygame.FINGERMOTION, x=0.6, y=0.25, finger_id=7, touch_id=1,
                                                  dx=0.1, dy=0.0, pressure=1.0))
    assert move.type == pygame.MOUSEMOTION and move.rel == (100, 0)
    [up] = devices.translate(pygame.event.Event(pygame.FINGERUP, x=0.6, y=0.25, finger_id=7, touch_id=1,
                                                dx=0.0, dy=0.0, pressure=0.0))
    assert up.type == pygame.MOUSEBUTTONUP and devices.finger is None


def test_a_pad_pulled_out_mid_move_leaves_nothing_held(ctx):
    """Hot-plugging: a controller that vanishes while its stick is held and a tile is carried —
    no crash, no repeat, the prompts name keys again, and the board still plays by keys."""
    told = []
    devices = D.Devices(lambda: (1280, 800))
    devices.on_change = told.append
    devices.controllers[5] = type("Gone", (), {"quit": lambda self: (_ for _ in ()).throw(pygame.error("gone"))})()
    d = BoardDriver(ctx, crafted("base"))
    for ev in devices.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=BUTTON["x"], instance_id=5)):
        d.board.handle(ev)
    assert d.game.held is not None
    for ev in devices.translate(pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_LEFTY,
                                                   value=-32000, instance_id=5)):
        d.board.handle(ev)
    assert devices.held == "dpad_up"
    assert devices.translate(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=5)) == []
    assert devices.held is None and devices.update(2.0) == [] and not devices.controllers
    assert told == [t("pad.disconnected")] and D.last_device() == D.KEYS
    assert devices.translate(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=3)) == []  # no device 3
    d.key(pygame.K_x)  # the keyboard goes on: the tile in hand is discarded
    assert d.game.held is None and isinstance(d.game.history[-1], A.DiscardTile)


def test_prompts_name_the_pads_buttons_after_a_pad_press_and_keys_after_a_key(ctx):
    d = BoardDriver(ctx, crafted("base"))
    d.frame()
    devices = D.Devices(lambda: (1280, 800))
    for ev in devices.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=BUTTON["dpad_left"],
                                                   instance_id=0)):
        d.board.handle(ev)
    d.frame()
    text = d.board.banner_text()
    assert "X (" in text and "Y (" in text and "D (" not in text, text  # the pad's buttons for the piles
    assert "A" in t("board.hotkeys.ok", **D.prompts())
    d.board.update(0)
    assert board_button(d.board, "champion").label == t("board.hand_champion", hint="RB")  # the pad's button
    assert board_button(d.board, "use").label == t("board.use_power", use="U")  # no pad button: the key still
    d.key(pygame.K_LEFT)
    devices.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0))
    assert "Enter" in t("board.hotkeys.ok", **D.prompts())
    d.board.update(0)
    assert board_button(d.board, "champion").label == t("board.hand_champion", hint="H")


def test_a_finger_picks_up_from_a_little_beside_a_target(ctx):
    d = BoardDriver(ctx, crafted("base"))
    x, y, w, h = d.board.state.layout.pile_rect("regular")
    beside = (x + w // 2, y + h + 10)  # under the pile's lower edge, where a fingertip lands
    assert d.board.gestures.target_at(beside) is None
    d.post(pygame.MOUSEBUTTONDOWN, pos=beside, button=1, finger=True)
    d.frame()
    assert d.game.held is not None and d.game.held_from == "regular"
    d.post(pygame.MOUSEBUTTONUP, pos=beside, button=1, finger=True)
    d.frame()


def test_a_long_press_shows_what_a_tap_would_do_without_doing_it(ctx):
    """Counted on the scene's clock (dt), never the wall clock."""
    d = BoardDriver(ctx, crafted("base", held="Sc"))
    d.frame()
    cell = next(iter(sorted(d.board.state.choices.place)))
    pos = rect_center(d.board.state.layout.cell_rect(cell))
    d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, finger=True)
    d.frame(0.2)
    assert d.board.state.gesture.probe is None  # not yet a long press
    d.frame(0.2)
    d.frame(0.2)
    probe = d.board.state.gesture.probe
    assert probe is not None and probe.target == CellTarget(cell) and probe.ok
    assert d.board.state.gesture.carry and d.board.state.message  # the verdict's words, and the tile is carried
    d.post(pygame.MOUSEBUTTONUP, pos=pos, button=1, finger=True)
    d.frame()
    assert d.game.held == "Sc"  # the long press placed nothing
    d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, finger=True)
    d.post(pygame.MOUSEBUTTONUP, pos=pos, button=1, finger=True)
    d.frame()
    assert d.game.held is None and d.game.history[-1] == A.PlaceTile(cell, "Sc")  # the next tap does


def test_a_long_press_on_a_castle_tile_names_it(ctx):
    d = BoardDriver(ctx, crafted("base"))
    d.frame()
    pos = rect_center(d.board.state.layout.cell_rect((0, 0)))
    d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, finger=True)
    for _ in range(40):
        d.frame(1 / 60)
    assert d.board.state.message and d.board.state.message == d.board.state.message.strip()
    d.post(pygame.MOUSEBUTTONUP, pos=pos, button=1, finger=True)
    d.frame()
    assert len(d.game.history) == 0 or d.game.phase == "get"


def test_the_keymap_pad_table_refuses_a_clash_and_keeps_the_settings(pg):
    km = K.Keymap()
    assert km.rebind_pad(Action.DRAW_REGULAR, "y") is Action.DRAW_SAFE
    assert km.rebind_pad(Action.DRAW_REGULAR, "guide") is None
    again = K.Keymap.from_settings(km.to_settings())
    assert again.pads[Action.DRAW_REGULAR] == ("guide",)
    assert km.rebind(Action.DRAW_REGULAR, Key(pygame.K_q)) is None


def test_a_pile_target_exists_for_the_pad(ctx):
    d = BoardDriver(ctx, crafted("base"))
    d.frame()
    assert PileTarget("regular") in [tg for tg, _ in d.board.keys.nav_targets()]


def test_the_tutorial_names_the_buttons_of_the_device_in_use(pg):
    from castellion.scenes.tutorial.tutorial_coach import how_text

    assert how_text("draw", D.MOUSE) == "" and how_text("draw", D.TOUCH) == ""  # "click" is theirs
    pad_words = how_text("place", D.PAD)
    assert t("tutorial.device.pad") in pad_words and "A" in pad_words and t("prompt.move_pad") in pad_words
    keys_words = how_text("place", D.KEYS)
    assert t("keys.enter") in keys_words and t("prompt.move_keys") in keys_words
    assert "R3" in how_text("discard", D.PAD) and "X" in how_text("discard", D.KEYS)
    assert "LB" in how_text("undo", D.PAD) and "Ctrl+Z" in how_text("undo", D.KEYS)
    assert "{" not in "".join(how_text(k, d) for k in ("swap", "traitor", "use") for d in (D.PAD, D.KEYS))


def test_start_opens_the_menu_even_with_a_tile_in_hand_and_b_closes_it(app):
    app.start_board("intro", 3)
    step(app, 3)
    board = board_of(app)
    pad(app, "x")
    pad(app, "a")  # the cursor shows; the tile is in hand
    assert board.session.game.held is not None
    pad(app, "start")
    assert top_name(app) == "PauseOverlay", app.stack.describe()
    pad(app, "b")
    assert top_name(app) == "BoardScene" and board.session.game.held is not None  # nothing lost on the way
    pad(app, "back")  # Back: the rules and hotkeys (F1's action)
    assert app.stack.top.route.name == "RULES", app.stack.describe()


def test_f1s_hotkey_list_names_the_pads_buttons_from_the_table(pg):
    blocks = D.pad_blocks()
    assert blocks[0] == ("h2", t("rules.pad_heading"))
    assert ("key", ("A", Action.ACTIVATE.label)) in blocks
    table = K.Keymap()
    table.rebind_pad(Action.HINT, "guide")
    assert ("key", (t("pad.guide"), Action.HINT.label)) in D.pad_blocks(table)


# ------------------------------------------------------------------ the spoken game on a pad
def chord(app, name: str, frames: int = 2) -> None:
    """Back held, `name` pressed and let go, then Back let go (SDL's events, posted)."""
    for kind, button in ((pygame.CONTROLLERBUTTONDOWN, "back"), (pygame.CONTROLLERBUTTONDOWN, name),
                         (pygame.CONTROLLERBUTTONUP, name), (pygame.CONTROLLERBUTTONUP, "back")):
        pygame.event.post(pygame.event.Event(kind, button=BUTTON[button], instance_id=0))
    step(app, frames)


def listening_board(app):
    from castellion.ui.speech import RecordingEngine

    recorder = RecordingEngine()
    app.ctx.speech.use(recorder)
    app.ctx.change_settings(speech=True)
    app.start_board("intro", 3)
    step(app, 3)
    return board_of(app), recorder


def test_back_held_with_a_button_reads_the_board_and_back_alone_still_opens_the_rules(app):
    from castellion.scenes.board.reading import castle_lines, column_text, ordeal_lines, row_text, tiles_lines

    board, recorder = listening_board(app)
    pad(app, "x")  # a tile drawn
    pad(app, "dpad_right")  # the cursor shows, on a cell
    cell = board.state.cursor.cell
    game = board.session.game
    expected = {"dpad_left": [row_text(game, cell[0])], "dpad_right": [row_text(game, cell[0])],
                "dpad_up": [column_text(game, cell[1])], "dpad_down": [column_text(game, cell[1])],
                "x": castle_lines(game), "y": ordeal_lines(game), "b": tiles_lines(game)}
    for button, lines in expected.items():
        before = len(recorder.lines)
        chord(app, button)
        assert recorder.lines[before:before + len(lines)] == lines, button
        assert top_name(app) == "BoardScene" and board.state.cursor.cell == cell  # no move, no rules page, no menu
    before = len(recorder.lines)
    chord(app, "a")  # what can I do
    assert tn("speech.do.place", len(board.state.refresh().place), tile=tile_name(game.held)) in recorder.lines[before:]
    assert game.history[-1] == A.DrawTile("regular")  # (A held with Back placed nothing)
    before = len(recorder.lines)
    chord(app, "start")  # where am I
    assert recorder.lines[before] == t("speech.screen.board") and top_name(app) == "BoardScene"
    chord(app, "leftshoulder")  # speech off
    assert not app.ctx.settings.speech
    chord(app, "leftshoulder")  # on again, and it names the pad's buttons for off and where am I
    assert app.ctx.settings.speech
    assert t("speech.on", speech=D.pad_label(Action.SPEECH), where=D.pad_label(Action.SAY_WHERE)) in recorder.lines
    pad(app, "back")  # Back alone, let go: the rules (F1's action)
    assert app.stack.top.route.name == "RULES", app.stack.describe()


def test_the_reading_chords_are_on_the_controls_page_and_in_f1s_list_and_can_be_moved(ctx):
    from castellion.scenes.controls import ControlsOverlay

    table = K.Keymap()
    for action in (Action.SAY_OPTIONS, Action.SAY_ROW, Action.SAY_COLUMN, Action.SAY_CASTLE, Action.SAY_ORDEALS,
                   Action.SAY_TILES, Action.SAY_WHERE, Action.SPEECH):
        assert all(b.startswith("back+") for b in table.pads[action]), action
        assert ("key", (D.pad_label(action, table), action.label)) in D.pad_blocks(table)
    assert D.button_label("back+a") == t("pad.chord", held=t("pad.back"), button="A")
    devices = D.Devices(lambda: (1280, 800))
    page = ControlsOverlay(ctx)
    page._capture(Action.SAY_CASTLE)
    for kind, button in ((pygame.CONTROLLERBUTTONDOWN, "back"), (pygame.CONTROLLERBUTTONDOWN, "y")):
        for event in devices.translate(pygame.event.Event(kind, button=BUTTON[button], instance_id=0)):
            page.handle(event)
    assert page.message_bad and Action.SAY_ORDEALS.label in page.message  # Back + Y reads the Ordeals
    page._capture(Action.SAY_CASTLE)  # (Back still held) Back + RB: free
    for event in devices.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=BUTTON["rightshoulder"],
                                                      instance_id=0)):
        page.handle(event)
    assert K.current().pads[Action.SAY_CASTLE] == ("back+rightshoulder",)
    assert K.Keymap.from_settings(ctx.settings.controls).pads[Action.SAY_CASTLE] == ("back+rightshoulder",)
    assert K.action_for(D.pad_key_event("back+rightshoulder"), "board") is Action.SAY_CASTLE
