"""Encountering the Ordeals (docs/rules.md §5.2, §5.3, §9): triggers, the card, penalties, verdict.

A mixin of `Game` over `GameState` (state.py). An encounter in progress is a small resumable
record (`state.Encounter`), because a player may have to decide in the middle of it (who faces
it, where the Intruder goes, which tiles to destroy).
"""

from __future__ import annotations

from typing import Any

from . import actions as A
from . import events as E
from .ordeals import judge_ordeal
from .powers import PILES
from .reasons import WINNING_RULE, Cause, Destruction, Result
from .ruleset import ASSAULT, EARTHWORM, FOUNDATION_DROP, REQUIREMENT
from .state import GameState
from .variants import INTRUDER_MIN_TILES, PRISON_PENALTY
from .views import Outcome


class EncounterMixin(GameState):
    def _no_tile_left(self) -> bool:
        # R-O4: "once all Dream tiles are played" — Pantry tiles still in the supply do not
        # delay the last encounters.
        return not self._revealed and not any(self._piles[p] for p in PILES)

    def _trigger(self) -> tuple[int, Cause] | None:
        """The current Ordeal and why it must be encountered now (R-O1, R-O2, R-O4), if so."""
        index = self.current_ordeal
        if index is None:
            return None
        if self.ordeals[index].count >= self._cards[index].trigger:
            return index, Cause.TRAITORS
        if any(c.is_complete() for c in self._castles):
            return index, Cause.COMPLETE_CASTLE
        if self._no_tile_left():
            return index, Cause.TILES_RAN_OUT
        return None

    def _start_encounter(self, index: int, cause: Cause) -> None:
        self._encounter = {"index": index, "cause": cause, "facer": None, "step": "facer"}
        if self.variant_id == "intruder" and not self._pawn_placed():
            self._intruder_due = True  # §8.6: the pawn goes on before the first encounter
        self.phase = "resolving"

    def _continue_encounter(self, events: list[E.Event]) -> None:
        """One step of the encounter in progress: facer → intruder → card → penalty → verdict."""
        enc = self._encounter
        assert enc is not None
        index = enc["index"]
        if enc["step"] == "facer":
            facer = enc["facer"]
            if facer is None:
                if self.players == 1:
                    facer = 0
                elif self.champion is None:
                    self.phase = "choose_facer"
                    self.active = self.turn_player
                    return
                else:
                    facer = 1 - self.champion
                enc["facer"] = facer
            self.active = facer
            enc["step"] = "intruder"
        if enc["step"] == "intruder":
            enc["step"] = "card"
            if self._intruder_due and len(self.castle(self.active)) >= INTRUDER_MIN_TILES:
                self.phase = "intruder"
                return
        if enc["step"] == "card":
            enc["step"] = "penalty"
            self._resolve_card(index, enc["cause"], events)
            if self.phase != "resolving" or self._outcome is not None:
                return
        if enc["step"] == "penalty":
            enc["step"] = "verdict"
            if self.variant_id == "prison" and not self.prison_complete:
                self._start_destroy(PRISON_PENALTY, Destruction.PRISON, "encounter", events)
                if self.phase != "resolving" or self._outcome is not None:
                    return
        self._encounter = None
        self._verdict(index, events)

    def _resolve_card(self, index: int, cause: str, events: list[E.Event]) -> None:
        card = self._cards[index]
        if not self._face_up[index]:
            self._face_up[index] = True
            events.append(E.OrdealRevealed(index, card.id))
        castle = self.castle(self.active)
        verdict = judge_ordeal(card, castle)
        events.append(E.OrdealEncountered(index, card.id, Cause(cause), verdict.met,
                                          self.active, castle))
        if self.variant_id == "prison":  # §8.4: the prison as this encounter finds it
            events.append(E.PrisonChecked(len(self.prison), self.prison_complete))
        if card.kind == REQUIREMENT:
            if not verdict.met:
                self._lose_game("R-§5.3", events, ordeal=card.id, player=self.active,
                                need=dict(verdict.need), have=dict(verdict.have))
        elif card.kind in (FOUNDATION_DROP, EARTHWORM):
            castle, removed = castle.destroy_rows(verdict.destroy_rows)
            self._castles[self.active] = castle
            self._discard.extend(t.with_pawn(False).code for t in removed)
            events.append(E.RowsDestroyed(self.active, verdict.destroy_rows,
                                          tuple(t.code for t in removed), castle))
            if any(t.pawn for t in removed):
                self._lose_game("R-§8.5", events, ordeal=card.id, player=self.active)
        elif card.kind == ASSAULT and verdict.destroy:
            self._start_destroy(verdict.destroy, Destruction.ASSAULT, "encounter", events)

    def _verdict(self, index: int, events: list[E.Event]) -> None:
        card = self._cards[index]
        facer = self.active
        if not self.castle(facer).foundation_complete():
            self._lose_game("R-O5", events, ordeal=card.id, player=facer)
            return
        need = self.pantry_needed(index)
        if need is not None:
            # §10: every castle is counted (the reveal shows them all), then the first wrong one loses.
            counts = [castle.pantry_count() for castle in self._castles]
            events += [E.PantryChecked(p, have, need) for p, have in enumerate(counts)]
            for p, have in enumerate(counts):
                if have != need:
                    self._lose_game("R-§10", events, ordeal=card.id, player=p,
                                    pantry_need=need, pantry_have=have)
                    return
        self._passed[index] = True
        self._removed.extend(self._traitors[index])
        self._traitors[index] = []
        events.append(E.OrdealPassed(index, card.id))
        if self.players == 2:
            self.champion = facer
            events.append(E.ChampionTaken(facer))
        self.active = self.turn_player
        if all(self._passed):
            self._outcome = Outcome(Result.WON, WINNING_RULE)
            events.append(E.GameWon(self._outcome))

    def _lose_game(self, rule: str, events: list[E.Event], *, player: int | None = None,
                   **details: Any) -> None:
        """The game is lost by `rule` ("R-O5", ...); `player` is whose castle failed (kept only
        in a two-player game), `details` the other fields of the `Outcome`."""
        self._outcome = Outcome(Result.LOST, rule, player=player if self.players > 1 else None,
                                **details)
        self.phase = "over"
        events.append(E.GameLost(self._outcome))

    def _do_EncounterOrdeal(self, action: A.EncounterOrdeal, events: list[E.Event]) -> None:
        index = self.current_ordeal
        assert index is not None
        self._start_encounter(index, Cause.EARLY)
