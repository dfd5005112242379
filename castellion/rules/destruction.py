"""Destroying castle tiles: one at a time, player-chosen, never splitting (R-D1..R-D4).

Plain functions over the game's state (`state.GameState`). A destruction is started with a
count, what it is for (a `Destruction`) and what follows it ("resolve", "pass", "champion" or
"encounter"); the player then chooses tiles in the `destroy` phase, unless the castle has no more
tiles than the count (R-D4: all go).
"""

from __future__ import annotations

from . import actions as A
from . import events as E
from .castle import Cell
from .phase import Phase
from .powers import power_done, pyro_targets
from .reasons import Destruction, PowerEnd
from .state import GameState


def destroy_tile(g: GameState, action: A.DestroyTile, events: list[E.Event]) -> None:
    _destroy_one(g, action.cell, events)
    if g._outcome is not None:
        return
    if g.phase is Phase.PYRO_DESTROY:
        castle = g.castle(g.active)
        if any(pyro_targets(g, src) for src in castle.movable()):
            g.phase = Phase.PYRO_MOVE
        else:
            power_done(g, events, PowerEnd.NO_MOVE)
        return
    g.destroy_left -= 1
    if g.destroy_left <= 0 or g.castle(g.active).is_empty():
        finish_destroy(g, events)


def destroyable_now(g: GameState) -> set[Cell]:
    """The cells the destruction in progress may take (R-D3; uncovered only in an intro pass)."""
    castle = g.castle(g.active)
    return castle.movable() if g._destroy_mode == "top" else castle.destroyable()


def _destroy_one(g: GameState, cell: Cell, events: list[E.Event]) -> None:
    castle = g.castle(g.active)
    tile = castle.tile_at(cell)
    assert tile is not None
    g._castles[g.active] = castle.destroy(cell)
    g._discard.append(tile.with_pawn(False).code)
    events.append(E.TileDestroyed(g.active, cell, tile.code))
    if tile.pawn:
        g._lose_game("R-§8.5", events, player=g.active)


def start_destroy(g: GameState, count: int, kind: Destruction, after: str,
                  events: list[E.Event], *, mode: str = "any") -> None:
    """Begin a player-chosen destruction of `count` tiles (R-D4) for `kind`; `after` says
    what follows."""
    castle = g.castle(g.active)
    g._after_destroy = after
    g._destroy_mode = mode
    if count <= 0 or castle.is_empty():
        finish_destroy(g, events)
        return
    ordeal = g.current_ordeal if kind is Destruction.ASSAULT else None
    card = "" if ordeal is None else g._cards[ordeal].id
    automatic = len(castle) <= count
    events.append(E.DestructionRequired(g.active, count, kind, card, automatic))
    if automatic:
        # R-D4: with N tiles or fewer, all are destroyed — there is nothing to choose.
        while not g.castle(g.active).is_empty() and g._outcome is None:
            _destroy_one(g, max(g.castle(g.active).destroyable()), events)
        if g._outcome is None:
            finish_destroy(g, events)
        return
    g.phase = Phase.DESTROY
    g.destroy_left = count
    g.destroy_kind = kind


def finish_destroy(g: GameState, events: list[E.Event]) -> None:
    after = g._after_destroy
    g.phase = Phase.RESOLVING
    g.destroy_left = 0
    g.destroy_kind = None
    g._after_destroy = None
    g._destroy_mode = "any"
    if after == "pass":
        _give_pass(g, events)
    elif after == "champion":
        g.champion = 1 - g.active
        events.append(E.ChampionTaken(g.champion))
    # "resolve" / "encounter": the turn flow carries on (an encounter in progress resumes).


def _give_pass(g: GameState, events: list[E.Event]) -> None:
    """§9: the pass's cost is paid, so the partner receives the tile (to use it now)."""
    tile = g._pending_pass
    assert tile is not None  # set by variants.pass_tile before the cost was paid
    g._pending_pass = None
    giver, receiver = g.active, 1 - g.active
    events.append(E.TilePassed(giver, receiver, tile))
    g.active = g.turn_player = receiver
    g._pass_received = True
    g.held = tile
    g.held_from = "partner"
    g.phase = Phase.USE
