"""What facing the current Ordeal now (R-O3) would do, told honestly whatever the card's side.

`Game.preview_encounter()` answers for a face-up card and refuses to peek at a face-down one. A
face-down card is still one of the few cards its slot is dealt from (docs/rules.md §5.1: Assault I
is one of four), and that much is public: `encounter_outlook` tries each of them on a copy of the
game. When every one of them would lose — at turn 1 of an expert game with no foundation, R-O5
loses whatever the card — the player is told so before facing it; when only some would, how many.
Nothing is peeked: the answer is the same whichever card really lies there.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import actions as A
from .defaults import default_ruleset
from .game import Game
from .ruleset import OrdealCard, Ruleset


@dataclass(frozen=True)
class EncounterOutlook:
    """Facing the current Ordeal now, over the cards it may be (one when it is face up).

    `lose`: how many of the `candidates` would lose the game; `passes`: how many would surely be
    passed; the others ask for choices first (tiles to destroy, who faces it)."""

    face_down: bool
    candidates: int
    lose: int
    passes: int

    @property
    def sure_loss(self) -> bool:
        return self.candidates > 0 and self.lose == self.candidates

    @property
    def sure_pass(self) -> bool:
        return self.candidates > 0 and self.passes == self.candidates


def candidate_cards(game: Game, ruleset: Ruleset | None = None) -> list[OrdealCard]:
    """The cards the current Ordeal may be, as far as the player knows: its own card when face
    up, else every card of its slot (docs/rules.md §5.1)."""
    index = game.current_ordeal
    if index is None:
        return []
    view = game.ordeals[index]
    if view.face_up:
        return [view.card]
    slots = game.level_spec.ordeal_slots
    ids = slots[index] if index < len(slots) else ()
    cards = (ruleset or default_ruleset()).cards
    found = [cards[i] for i in ids if i in cards]
    return found or [view.card]  # an unknown slot: the card itself (never fewer than one)


def encounter_outlook(game: Game, ruleset: Ruleset | None = None) -> EncounterOutlook | None:
    """How an early encounter (R-O3) of the current Ordeal would end, over the cards it may be;
    None when no early encounter is allowed now. Leaves `game` unchanged."""
    index = game.current_ordeal
    if index is None or not game.is_legal(A.EncounterOrdeal()):
        return None
    face_down = not game.ordeals[index].face_up
    lose = passes = 0
    cards = candidate_cards(game, ruleset)
    for card in cards:
        trial = game.copy()
        if face_down:
            # the same game with this card turned up where the face-down one lies
            trial._cards[index] = card
            trial._face_up[index] = True
            trial._legal_cache = None
        verdict = trial.preview_encounter()
        if verdict is False:
            lose += 1
        elif verdict is True:
            passes += 1
    return EncounterOutlook(face_down, len(cards), lose, passes)
