"""Encountering the Ordeals (docs/rules.md §5.2, §5.3, §9): triggers, the card, penalties, verdict.

A mixin of `Game` over `GameState` (state.py). An encounter in progress is a small resumable
record (`state.Encounter`), because a player may have to decide in the middle of it (who faces
it, where the Intruder goes, which tiles to destroy).
"""

from __future__ import annotations

import re

from . import actions as A
from . import events as E
from .ordeals import have_text, judge_ordeal, requirement_text
from .powers import PILES
from .ruleset import ASSAULT, EARTHWORM, FOUNDATION_DROP, REQUIREMENT
from .state import GameState
from .variants import INTRUDER_MIN_TILES, PANTRY_NEEDED, PRISON_PENALTY, PRISON_RING
from .views import Outcome

_RULE_ID = re.compile(r"R-[^\s:,;()]+")  # every losing reason quotes exactly one rule id


class EncounterMixin(GameState):
    def _no_tile_left(self) -> bool:
        if self._revealed or any(self._piles[p] for p in PILES):
            return False
        # A Pantry tile can still be placed instead of getting a tile (our reading of R-O4).
        return not self._pantry_placements()

    def _trigger(self) -> tuple[int, str] | None:
        """The current Ordeal and why it must be encountered now (R-O1, R-O2, R-O4), if so."""
        index = self.current_ordeal
        if index is None:
            return None
        if self.ordeals[index].count >= self._cards[index].trigger:
            return index, "traitors"
        if any(c.is_complete() for c in self._castles):
            return index, "complete castle"
        if self._no_tile_left():
            return index, "tiles ran out"
        return None

    def _start_encounter(self, index: int, cause: str) -> None:
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
            if self.variant_id == "prison" and len(self.prison) < len(PRISON_RING):
                self._start_destroy(PRISON_PENALTY, "R-§8.4: the prison is not complete", "prison",
                                    "encounter", events)
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
        events.append(E.OrdealEncountered(index, card.id, cause, verdict.met))
        if card.kind == REQUIREMENT:
            if not verdict.met:
                self._lose(f"{card.name} needed {requirement_text(verdict.need)}; "
                           f"{self._whose(self.active, 'castle')} had "
                           f"{have_text(verdict.have, verdict.need)} (R-§5.3)", events)
        elif card.kind in (FOUNDATION_DROP, EARTHWORM):
            castle, removed = castle.destroy_rows(verdict.destroy_rows)
            self._castles[self.active] = castle
            self._discard.extend(t.with_pawn(False).code for t in removed)
            events.append(E.RowsDestroyed(self.active, verdict.destroy_rows,
                                          tuple(t.code for t in removed)))
            if any(t.pawn for t in removed):
                self._lose("R-§8.5: the tile under the Menace pawn was destroyed", events)
        elif card.kind == ASSAULT and verdict.destroy:
            self._start_destroy(verdict.destroy, f"R-§5.3: {card.name}", "assault", "encounter", events)

    def _whose(self, player: int, thing: str) -> str:
        """'the castle' in a solo game, "player 2's castle" with two (§9: the facer's is judged)."""
        return f"the {thing}" if self.players == 1 else f"player {player + 1}'s {thing}"

    def _verdict(self, index: int, events: list[E.Event]) -> None:
        card = self._cards[index]
        facer = self.active
        if not self.castle(facer).foundation_complete():
            self._lose(f"R-O5: {self._whose(facer, 'foundation')} was incomplete after {card.name}",
                       events)
            return
        if self.pantry_mode:
            need = PANTRY_NEEDED[self.players][index]
            for p, castle in enumerate(self._castles):
                have = castle.pantry_count()
                if have != need:
                    whose = "the castle" if self.players == 1 else f"player {p + 1}'s castle"
                    self._lose(f"R-§10: {whose} had to hold exactly {need} Pantry tiles after "
                               f"{card.name} (it held {have})", events)
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
            self._outcome = Outcome("won", "all three Ordeals passed — the castle stands (R-O6)")
            events.append(E.GameWon(self._outcome.reason))

    def _lose(self, reason: str, events: list[E.Event]) -> None:
        self._outcome = Outcome("lost", reason)
        self.phase = "over"
        rule = _RULE_ID.search(reason)
        events.append(E.GameLost(reason, rule.group(0) if rule else ""))

    def _do_EncounterOrdeal(self, action: A.EncounterOrdeal, events: list[E.Event]) -> None:
        index = self.current_ordeal
        assert index is not None
        self._start_encounter(index, "early")
