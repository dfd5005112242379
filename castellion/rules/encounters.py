"""Encountering the Ordeals (docs/rules.md §5.2, §5.3, §9): triggers, the card, penalties, verdict.

Plain functions over the game's state (`state.GameState`). An encounter in progress is a small
resumable record (`state.Encounter`), because a player may have to decide in the middle of it (who faces
it, where the Intruder goes, which tiles to destroy).
"""

from __future__ import annotations

from . import actions as A
from . import events as E
from .destruction import start_destroy
from .ordeals import judge_ordeal
from .phase import Phase
from .reasons import WINNING_RULE, Cause, Destruction, Result
from .ruleset import ASSAULT, EARTHWORM, FOUNDATION_DROP, REQUIREMENT
from .state import PILES, GameState
from .variants import INTRUDER_MIN_TILES, PRISON_PENALTY
from .views import Outcome


def no_tile_left(g: GameState) -> bool:
    # R-O4: "once all Dream tiles are played" — Pantry tiles still in the supply do not
    # delay the last encounters.
    return not g._revealed and not any(g._piles[p] for p in PILES)


def trigger(g: GameState) -> tuple[int, Cause] | None:
    """The current Ordeal and why it must be encountered now (R-O1, R-O2, R-O4), if so."""
    index = g.current_ordeal
    if index is None:
        return None
    if g.ordeals[index].count >= g._cards[index].trigger:
        return index, Cause.TRAITORS
    if any(c.is_complete() for c in g._castles):
        return index, Cause.COMPLETE_CASTLE
    if no_tile_left(g):
        return index, Cause.TILES_RAN_OUT
    return None


def start_encounter(g: GameState, index: int, cause: Cause) -> None:
    g._encounter = {"index": index, "cause": cause, "facer": None, "step": "facer"}
    if g.variant_hooks.intruder and not g._pawn_placed():
        g._intruder_due = True  # §8.6: the pawn goes on before the first encounter
    g.phase = Phase.RESOLVING


def continue_encounter(g: GameState, events: list[E.Event]) -> None:
    """One step of the encounter in progress: facer → intruder → card → penalty → verdict."""
    enc = g._encounter
    assert enc is not None
    index = enc["index"]
    if enc["step"] == "facer":
        facer = enc["facer"]
        if facer is None:
            if g.players == 1:
                facer = 0
            elif g.champion is None:
                g.phase = Phase.CHOOSE_FACER
                g.active = g.turn_player
                return
            else:
                facer = 1 - g.champion
            enc["facer"] = facer
        g.active = facer
        enc["step"] = "intruder"
    if enc["step"] == "intruder":
        enc["step"] = "card"
        if g._intruder_due and len(g.castle(g.active)) >= INTRUDER_MIN_TILES:
            g.phase = Phase.INTRUDER
            return
    if enc["step"] == "card":
        enc["step"] = "penalty"
        _resolve_card(g, index, enc["cause"], events)
        if g.phase is not Phase.RESOLVING or g._outcome is not None:
            return
    if enc["step"] == "penalty":
        enc["step"] = "verdict"
        if g.variant_hooks.prison and not g.prison_complete:
            start_destroy(g, PRISON_PENALTY, Destruction.PRISON, "encounter", events)
            if g.phase is not Phase.RESOLVING or g._outcome is not None:
                return
    g._encounter = None
    _verdict(g, index, events)


def _resolve_card(g: GameState, index: int, cause: str, events: list[E.Event]) -> None:
    card = g._cards[index]
    if not g._face_up[index]:
        g._face_up[index] = True
        events.append(E.OrdealRevealed(index, card.id))
    castle = g.castle(g.active)
    verdict = judge_ordeal(card, castle)
    events.append(E.OrdealEncountered(index, card.id, Cause(cause), verdict.met,
                                      g.active, castle))
    if g.variant_hooks.prison:  # §8.4: the prison as this encounter finds it
        events.append(E.PrisonChecked(len(g.prison), g.prison_complete))
    if card.kind == REQUIREMENT:
        if not verdict.met:
            g._lose_game("R-§5.3", events, ordeal=card.id, player=g.active,
                            need=dict(verdict.need), have=dict(verdict.have))
    elif card.kind in (FOUNDATION_DROP, EARTHWORM):
        castle, removed = castle.destroy_rows(verdict.destroy_rows)
        g._castles[g.active] = castle
        g._discard.extend(t.with_pawn(False).code for t in removed)
        events.append(E.RowsDestroyed(g.active, verdict.destroy_rows,
                                      tuple(t.code for t in removed), castle))
        if any(t.pawn for t in removed):
            g._lose_game("R-§8.5", events, ordeal=card.id, player=g.active)
    elif card.kind == ASSAULT and verdict.destroy:
        start_destroy(g, verdict.destroy, Destruction.ASSAULT, "encounter", events)


def _verdict(g: GameState, index: int, events: list[E.Event]) -> None:
    card = g._cards[index]
    facer = g.active
    if not g.castle(facer).foundation_complete():
        g._lose_game("R-O5", events, ordeal=card.id, player=facer)
        return
    need = g.pantry_needed(index)
    if need is not None:
        # §10: every castle is counted (the reveal shows them all), then the first wrong one loses.
        counts = [castle.pantry_count() for castle in g._castles]
        events += [E.PantryChecked(p, have, need) for p, have in enumerate(counts)]
        for p, have in enumerate(counts):
            if have != need:
                g._lose_game("R-§10", events, ordeal=card.id, player=p,
                                pantry_need=need, pantry_have=have)
                return
    g._passed[index] = True
    g._removed.extend(g._traitors[index])
    g._traitors[index] = []
    events.append(E.OrdealPassed(index, card.id))
    if g.players == 2:
        g.champion = facer
        events.append(E.ChampionTaken(facer))
    g.active = g.turn_player
    if all(g._passed):
        g._outcome = Outcome(Result.WON, WINNING_RULE)
        events.append(E.GameWon(g._outcome))


def encounter_ordeal(g: GameState, action: A.EncounterOrdeal, events: list[E.Event]) -> None:
    index = g.current_ordeal
    assert index is not None
    start_encounter(g, index, Cause.EARLY)
