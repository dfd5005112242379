"""Issue 12 §5: the Saves screen loads on a double click; loading your own save of the game in
progress neither asks "abandon?" nor counts the game twice; New game remembers the last choices;
closing the window during a losing reveal shows, at the next start, how the last game ended."""

from __future__ import annotations

from castellion import persistence as P
from castellion.rules import actions as A
from castellion.rules.bots import greedy_action
from castellion.rules.options import PantryMode
from castellion.rules.rng import SeededRandom
from castellion.scenes.nav import Route
from tests.conftest import board_of, frames, open_saves, post_click


def play(session, n, bot=3):
    rng = SeededRandom.from_seed(bot)
    for _ in range(n):
        if session.game.outcome is not None:
            break
        action = greedy_action(session.game, rng)
        if isinstance(action, A.EncounterOrdeal):
            action = next(a for a in session.game.legal_actions() if not isinstance(a, A.EncounterOrdeal))
        session.apply(action)


def double_click_row(app, scene, name):
    index = [i.name for i in scene.saves].index(name)
    pos = scene.row_rect(index).center
    post_click(pos)
    app.step(1 / 60)
    post_click(pos)
    app.step(1 / 60)
    frames(app, 2)


def test_double_click_loads_a_save(make_app, home):
    from castellion.rules import new_game
    from castellion.session import Session

    session = Session(new_game("intro", seed=9))
    play(session, 5)
    P.save_slot("Kept", session)
    app = make_app()
    scene = open_saves(app)
    index = [i.name for i in scene.saves].index("Kept")
    post_click(scene.row_rect(index).center)
    frames(app, 30)  # one click, then a pause: a selection only
    assert board_of(app) is None and scene.current.name == "Kept"
    double_click_row(app, scene, "Kept")
    board = board_of(app)
    assert board is not None and board.session.game.to_dict() == session.game.to_dict()


def test_loading_your_own_save_of_the_game_in_progress_asks_nothing_and_counts_once(make_app, home):
    app = make_app()
    app.start_board("intro", 12)
    frames(app)
    session = board_of(app).session
    game_id = session.game_id
    play(session, 6)
    P.save_slot("Before the Exam", session)
    saved = session.game.to_dict()
    play(session, 6, bot=4)
    frames(app)
    # back to the save from the menu's Load game: no "abandon the game in progress?"
    app.ctx.nav.push(Route.PAUSE)
    frames(app)
    scene = open_saves(app)
    double_click_row(app, scene, "Before the Exam")
    board = board_of(app)
    assert board is not None and app.stack.top is board, app.stack.describe()
    assert board.session.game.to_dict() == saved
    assert board.session.game_id == game_id  # the same game, not a new attempt
    # play it to its end: the deal is counted once
    play(board.session, 3000)
    assert board.session.game.outcome is not None
    frames(app, 3)
    P.flush()
    record = P.load_stats().get("intro")
    assert (record.played, record.abandoned) == (1, 0), record
    assert record.won + record.lost == 1


def test_loading_another_game_still_asks_first(make_app, home):
    from castellion.rules import new_game
    from castellion.session import Session

    other = Session(new_game("intro", seed=77))
    play(other, 4)
    P.save_slot("Another deal", other)
    app = make_app()
    app.start_board("intro", 12)
    frames(app)
    play(board_of(app).session, 4)
    scene = open_saves(app)
    double_click_row(app, scene, "Another deal")
    assert app.stack.top.route == Route.CONFIRM  # abandoning the game in progress is asked


# ------------------------------------------------------------------------------ New game remembers
def test_new_game_remembers_level_variant_players_pantry_and_names(make_app, home):
    from castellion.scenes.setup import SetupScene

    app = make_app()
    setup = SetupScene(app.ctx)
    app.stack.push(setup)
    frames(app)
    assert (setup.level, setup.variant, setup.players, setup.pantry) == ("intro", "normal", 1, PantryMode.OFF)
    setup._select_level("expert")
    setup._set_variant("intruder")
    setup._set_players(2)
    setup._set_pantry("hard")
    setup._set_name(0, "Zoë")
    setup._set_name(1, "Ben")
    setup.start()
    frames(app, 3)
    assert board_of(app) is not None
    app = make_app()  # the next start of the program
    setup = SetupScene(app.ctx)
    app.stack.push(setup)
    frames(app)
    assert (setup.level, setup.variant, setup.players, setup.pantry) == ("expert", "intruder", 2, PantryMode.HARD)
    assert setup.names == ["Zoë", "Ben"] and all(f.visible for f in setup.name_fields)
    assert setup.difficulty.value == "intruder" and setup.pantry_choice.value == "hard"
    # the end screen's "this level again" still wins over the remembered level
    assert SetupScene(app.ctx, level="base").level == "base"


def test_remembered_choices_that_make_no_sense_are_left_at_their_defaults(ctx):
    from castellion.scenes.setup import SetupScene

    ctx.settings.new_game = {"level": "nightmare", "variant": "hard", "players": 7, "pantry": "maybe",
                             "names": ["x" * 40, 3]}
    setup = SetupScene(ctx)
    assert (setup.level, setup.players, setup.pantry) == ("intro", 1, PantryMode.OFF)
    assert setup.names == ["", ""]
    P_settings = P.Settings.from_dict({"new_game": {"level": {"deep": "dict"}}})
    assert P_settings.new_game == {}  # refused on load: the defaults


# ------------------------------------------------------------------------------ the last game's end
def lose_through_the_board(app) -> None:
    """Play the board's game with the greedy bot, through the board (`act`), until it ends: the
    last action's reveal is left on the screen, the end screen not yet shown."""
    board = board_of(app)
    rng = SeededRandom.from_seed(2)
    while board.session.game.outcome is None:
        board.act(greedy_action(board.session.game, rng))
        board.anims.skip()
        app.stack.apply_pending()
        if board.session.game.outcome is None:
            while app.stack.top is not board:
                app.stack.pop()
                app.stack.apply_pending()


def notices(app) -> list[str]:
    return [n.text for n in app.ctx.notices.items]


def test_closing_during_the_losing_reveal_tells_how_the_game_ended_at_the_next_start(make_app, home):
    from castellion.ui.text import t

    app = make_app()
    app.start_board("intro", 5)
    frames(app)
    lose_through_the_board(app)
    game = board_of(app).session.game
    assert game.outcome is not None and game.outcome.result.value == "lost"
    assert app.ctx.nav.showing(Route.REVEAL) and not app.ctx.nav.showing(Route.END)
    app = make_app()  # the window closed during the reveal; the program starts again
    frames(app)
    told = [n for n in notices(app) if t("controls.last_game_lost", level="", turn="", reason="")[:9] in n]
    assert len(told) == 1, notices(app)
    assert f"{game.turn}" in told[0]
    from castellion.ui.rules_text import outcome_text

    assert outcome_text(game.outcome, [], [o.card for o in game.ordeals]) in told[0]
    app = make_app()  # told once only
    frames(app)
    assert not [n for n in notices(app) if str(game.turn) in n and "lost" in n]


def test_an_end_seen_on_the_end_screen_is_not_told_again(make_app, home):
    app = make_app()
    app.start_board("intro", 5)
    frames(app)
    lose_through_the_board(app)
    for _ in range(10):  # through the reveal to the end screen
        if app.ctx.nav.showing(Route.END):
            break
        post_click((640, 400))
        frames(app, 3)
    assert app.ctx.nav.showing(Route.END)
    app = make_app()
    frames(app)
    assert not [n for n in notices(app) if "last game" in n], notices(app)
