"""How a game comes onto the screen: the ways every new, resumed or opened game starts.

Shared by the scenes (setup's Start, the end screen's "same deal again", Load game, Continue and
the command line); none of them imports another scene for it — the board is reached through the
navigator (`Route.BOARD`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from castellion import rules
from castellion.scenes.context import SceneContext
from castellion.scenes.nav import Route
from castellion.session import Session
from castellion.ui.names import describe_progress
from castellion.ui.proved import pause_proving
from castellion.ui.text import t

log = logging.getLogger("castellion.scenes")


def start_board(ctx: SceneContext, level: str, seed: int, options: dict[str, Any] | None = None, *,
                replace: Path | None = None) -> None:
    """Queue: a new game (`new_game(level, seed=seed, **options)`) on a fresh [menu, board] stack.

    The one way every new game starts: the game gets a `Session` that follows the undo setting
    and is autosaved from its first moment — into `replace`, the autosave of the unfinished game
    the player agreed to abandon (it counts as abandoned; ask with `begin_new_game`), or, with
    None, into a file that holds no unfinished game (none is abandoned: the command line's
    `--level` keeps the game in progress, which Continue or the Saves screen still reach)."""
    game: object = rules.new_game(level, seed=seed, **(options or {}))  # tests may hand in a stand-in
    log.info("new game: level=%s seed=%s options=%s", level, seed, options or {})
    if isinstance(game, rules.Game):
        session = Session(game, undo_allowed=ctx.settings.undo_allowed,
                          player_names=ctx.player_names)
        show_session(ctx, session, path=replace)
        return
    _show_board(ctx, game)  # a stand-in game (tests): no session to keep


def show_session(ctx: SceneContext, session: Session, *, path: Path | None = None) -> None:
    """Queue: the board of `session` on a fresh [menu, board] stack, autosaved (to `path` when
    it was resumed from there)."""
    ctx.observe_session(session, path=path)
    _show_board(ctx, session)


def _show_board(ctx: SceneContext, game_or_session: Any) -> None:
    pause_proving(ctx)  # the child is the game's now: a hint must never wait behind a proof
    ctx.nav.reset(Route.MENU, ctx.nav.make(Route.BOARD, game_or_session))


def watch_deal(ctx: SceneContext, level: str, seed: int, options: dict[str, Any] | None = None,
               line: list[Any] | None = None) -> None:
    """Queue: the computer plays this deal on a fresh [menu, board] stack (Watch the computer
    play), or replays `line` (the actions the end screen's analysis found). A practice session:
    not autosaved nor counted until the player takes over (`adopt_session`)."""
    game = rules.new_game(level, seed=seed, **(options or {}))
    log.info("demo: level=%s seed=%s options=%s line=%s", level, seed, options or {},
             None if line is None else len(line))
    session = Session(game, undo_allowed=ctx.settings.undo_allowed,
                      player_names=ctx.player_names, practice=True)
    pause_proving(ctx)
    ctx.nav.reset(Route.MENU, ctx.nav.make(Route.BOARD, session, demo=True if line is None else list(line)))


def adopt_session(ctx: SceneContext, session: Session, accepted: Callable[[], None] | None = None) -> None:
    """The player asks to take over a game the computer is playing: once it is theirs —
    autosaved after every action (Continue offers it) and counted like any game — `accepted()`
    is called (the demo stops and says "the game is yours"). Like a new game, it goes into the
    autosave of the unfinished game the player agrees to abandon (asked first), else into a file
    that holds none. Cancel changes nothing: `accepted` is not called, the computer plays on and
    the game stays a practice game that no file holds (the pause menu says so)."""
    def adopt(replace: Path | None) -> None:
        if session.practice and session.game.outcome is None:
            session.practice = False
            ctx.observe_session(session, path=replace)
            log.info("the player took over the computer's game: autosaved from now on")
        if accepted is not None:
            accepted()

    ask_abandon(ctx, adopt)


def unfinished_game(ctx: SceneContext) -> Any:
    """The `SaveInfo` of the autosaved game a new one would replace, or None."""
    return ctx.continue_info()


def ask_abandon(ctx: SceneContext, then: Callable[[Path | None], None]) -> None:
    """Run `then(path)` — after asking "abandon the game in progress?" when an unfinished game is
    autosaved (the one Continue offers) and the player wants confirmations. `path` is the file
    of the game the question named (None when there was none to ask about): the new game goes
    there, so the game abandoned is always the one the player was asked about — never another
    unfinished one (two copies of the game leave two)."""
    info = unfinished_game(ctx)
    if info is None:
        then(None)
        return
    path = getattr(info, "path", None)
    ctx.nav.ask(t("confirm.abandon_title"), t("confirm.abandon_text", game=describe_progress(ctx, info)),
                lambda: then(path), yes=t("confirm.abandon_yes"), no=t("ui.cancel"))


def begin_new_game(ctx: SceneContext, level: str, seed: int, options: dict[str, Any] | None = None) -> None:
    """Start a new game the player asked for (asking first if it abandons one in progress)."""
    ask_abandon(ctx, lambda replace: start_board(ctx, level, seed, options, replace=replace))


__all__ = ["ask_abandon", "begin_new_game", "show_session", "start_board", "unfinished_game", "watch_deal"]
