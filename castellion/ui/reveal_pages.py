"""The Ordeal reveal's pages as data: what each encounter showed, read from the rules' events.

The board builds the pages after an action (`build_encounters`, and `build_verdict` when the
tiles an encounter asked for were chosen on the board) and hands them to the reveal screen
(`Route.REVEAL`); the reveal only draws them. Both screens import this module, so neither imports
the other (tests/project/test_layers.py).

Pure: no pygame. Everything comes from the events — `OrdealEncountered` carries the facer and the
castle the card judged, `RowsDestroyed` the castle after its rows fell, `PrisonChecked` /
`PantryChecked` the variant checks, `GameLost` the losing reason (as data, put in words by
`rules_text`) — and from rules questions (`judge_ordeal`, `Game.prison_complete`). Nothing is
replayed or re-decided here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from castellion.rules import Castle, Destruction, Game, OrdealCard, judge_ordeal
from castellion.rules import events as E
from castellion.ui.rules_text import player_label, player_outcome_text


class PantryLine(NamedTuple):
    """One castle's Pantry check (§10): whose ("" in a solo game), how many it had, how many it needed."""

    name: str
    have: int
    need: int


@dataclass
class Encounter:
    """One encounter as the reveal shows it."""

    index: int
    card: OrdealCard
    cause: str
    was_face_down: bool
    castle: Castle  # the castle when the card was encountered
    after_rows: Castle | None = None  # after Exam II / Earthworm took its rows
    rows: int = 0
    result: str = ""  # "passed" | "lost" | "destroy" | "" (still open)
    reason: str = ""
    destroy: int = 0
    won: bool = False
    have: dict[str, int] = field(default_factory=dict)
    need: dict[str, int] = field(default_factory=dict)
    facer: int = 0  # whose castle is judged (two players)
    facer_name: str = ""  # "" in a solo game
    prison: int | None = None  # prison tiles when it was judged (Prison variant), else None
    prison_complete: bool = False  # the prison ring was full when it was judged (§8.4)
    prison_penalty: bool = False  # the 6-tile penalty was due (§8.4)
    pantry: list[PantryLine] = field(default_factory=list)  # when the Pantry was checked
    verdict_only: bool = False  # the end of an encounter whose tiles were chosen on the board
    destroyed: int = 0  # verdict_only: how many tiles the player chose (0 = not known)
    pantry_need: int | None = None  # §10: Pantry tiles each castle must hold after this Ordeal (None: no Pantry)

    def pantry_lines(self) -> list[PantryLine]:
        """The Pantry check the reveal shows (§10): the counts the rules checked, or — when the
        encounter ended before the rules came to count (an unmet requirement, an incomplete
        foundation) — the judged castle's own count against the need, so that the reveal shows
        everything the card judges. [] without the Pantry, and while the tiles an Assault asks
        for are still to be chosen (the verdict page counts them)."""
        if self.pantry:
            return list(self.pantry)
        if self.pantry_need is None or self.result in ("", "destroy"):
            return []
        castle = self.after_rows if self.after_rows is not None else self.castle
        return [PantryLine(self.facer_name, castle.pantry_count(), self.pantry_need)]


@dataclass(frozen=True)
class _Reading:
    """What every step of reading the events needs: the cards and the players' names."""

    cards: Sequence[OrdealCard]
    names: Sequence[str]

    def label(self, player: int) -> str:
        """The player's name in a two-player game ("" solo: the pages name nobody)."""
        return player_label(player, self.names) if len(self.names) > 1 else ""


def _on_rows(current: Encounter, ev: E.RowsDestroyed, _r: _Reading) -> None:
    current.rows = ev.rows
    current.after_rows = ev.castle


def _on_prison(current: Encounter, ev: E.PrisonChecked, _r: _Reading) -> None:
    current.prison = ev.tiles
    current.prison_complete = ev.complete


def _on_required(current: Encounter, ev: E.DestructionRequired, _r: _Reading) -> None:
    if current.result != "":
        return
    current.prison_penalty = current.prison_penalty or ev.kind is Destruction.PRISON
    current.destroy = ev.count
    if not ev.automatic:  # the tiles are chosen on the board
        current.result = "destroy"


def _on_pantry(current: Encounter, ev: E.PantryChecked, r: _Reading) -> None:
    current.pantry.append(PantryLine(r.label(ev.player), ev.have, ev.need))


def _on_passed(current: Encounter, ev: E.OrdealPassed, _r: _Reading) -> None:
    if ev.ordeal == current.index:
        current.result = "passed"


def _on_lost(current: Encounter, ev: E.GameLost, r: _Reading) -> None:
    current.result = "lost"
    current.reason = player_outcome_text(ev.outcome, r.names, r.cards)


def _on_won(current: Encounter, _ev: E.GameWon, _r: _Reading) -> None:
    current.won = True


# What each event (after an `OrdealEncountered`) adds to the encounter being read.
_FOLDS: tuple[tuple[type[E.Event], Callable[[Encounter, Any, _Reading], None]], ...] = (
    (E.RowsDestroyed, _on_rows), (E.PrisonChecked, _on_prison),
    (E.DestructionRequired, _on_required), (E.PantryChecked, _on_pantry), (E.OrdealPassed, _on_passed),
    (E.GameLost, _on_lost), (E.GameWon, _on_won),
)


def build_encounters(events: Sequence[E.Event], cards: Sequence[OrdealCard], *,
                     names: Sequence[str] | None = None,
                     pantry_needs: Sequence[int | None] = ()) -> list[Encounter]:
    """The encounters in `events` (one action's), each as the rules judged it.

    Everything comes from the events: `OrdealEncountered` carries the facer and the castle the
    card judged, `RowsDestroyed` the castle after its rows fell, `PrisonChecked` /
    `PantryChecked` the variant checks, `GameLost` the losing reason (as data, put in words by
    `rules_text`). `cards[i]` is Ordeal i's card; `names` the players' names (two players);
    `pantry_needs[i]` the rules' `Game.pantry_needed(i)` (§10; empty without the Pantry).
    Nothing is replayed or re-decided here.
    """
    out: list[Encounter] = []
    flipped: set[int] = set()
    current: Encounter | None = None
    reading = _Reading(cards, names or ())
    for ev in events:
        if isinstance(ev, E.OrdealRevealed):
            flipped.add(ev.ordeal)
        elif isinstance(ev, E.OrdealEncountered):
            current = _encounter_of(ev, reading, ev.ordeal in flipped, pantry_needs)
            out.append(current)
        elif current is not None:
            fold = next((f for kind, f in _FOLDS if isinstance(ev, kind)), None)
            if fold is not None:
                fold(current, ev, reading)
    return out


def _encounter_of(ev: E.OrdealEncountered, r: _Reading, flipped: bool,
                  pantry_needs: Sequence[int | None]) -> Encounter:
    card = r.cards[ev.ordeal]
    verdict = judge_ordeal(card, ev.castle)
    return Encounter(ev.ordeal, card, str(ev.cause), flipped, ev.castle,
                     have=dict(verdict.have), need=dict(verdict.need), facer=ev.facer, facer_name=r.label(ev.facer),
                     pantry_need=pantry_needs[ev.ordeal] if ev.ordeal < len(pantry_needs) else None)


def build_verdict(game: Game, events: Sequence[E.Event], *, ordeal: int | None, facer: int,
                  kind_before: Destruction | str | None = None, destroyed: int = 0,
                  names: Sequence[str] | None = None) -> Encounter | None:
    """The short last page of an encounter whose tiles the player chose on the board (an
    Assault's destruction, the prison's penalty): `events` are those of the `DestroyTile` that
    ended that destruction, `game` the game after it.

    Returns an `Encounter` with `verdict_only` set — "passed" (with the Pantry check, the prison's
    penalty paid, the win), "lost" (with the reason), or "destroy" when the prison's penalty
    follows the Assault — or None when the events hold no verdict. `ordeal` is the Ordeal being
    resolved (the current one before the action), `facer` whose castle was judged,
    `kind_before` the destruction's `Game.destroy_kind` before the action, `destroyed` how many tiles the
    player chose. Reads the events and the game only; decides nothing.
    """
    passed, lost, penalty = _verdict_events(events)
    index = passed.ordeal if passed is not None else ordeal
    if index is None or (passed is None and lost is None and penalty is None):
        return None
    cards = [o.card for o in game.ordeals]
    card = cards[index]
    castle = game.castle(facer) if 0 <= facer < game.players else game.castle(0)
    verdict = judge_ordeal(card, castle)
    e = Encounter(index, card, "verdict", False, castle, have=dict(verdict.have), need=dict(verdict.need),
                  facer=facer, facer_name=_two_player_label(game, facer, names),
                  verdict_only=True, destroyed=destroyed, pantry_need=game.pantry_needed(index))
    if game.variant_hooks.prison:  # the prison as it stands (it never changes in an encounter)
        e.prison, e.prison_complete = len(game.prison), game.prison_complete
        e.prison_penalty = kind_before == Destruction.PRISON or penalty is not None
    e.pantry = [PantryLine(_two_player_label(game, ev.player, names), ev.have, ev.need)
                for ev in events if isinstance(ev, E.PantryChecked)]
    if lost is not None:
        e.result, e.reason = "lost", player_outcome_text(lost.outcome, names or (), cards)
    elif passed is not None:
        e.result = "passed"
        e.won = any(isinstance(ev, E.GameWon) for ev in events)
    else:
        e.result = "destroy"
        e.destroy = penalty.count if penalty is not None else 0
    return e


def _verdict_events(events: Sequence[E.Event]) -> tuple[E.OrdealPassed | None, E.GameLost | None,
                                                         E.DestructionRequired | None]:
    """The first Ordeal passed, game lost and prison penalty among `events` (None: not there)."""
    passed = next((ev for ev in events if isinstance(ev, E.OrdealPassed)), None)
    lost = next((ev for ev in events if isinstance(ev, E.GameLost)), None)
    penalty = next((ev for ev in events if isinstance(ev, E.DestructionRequired) and ev.kind is Destruction.PRISON),
                   None)
    return passed, lost, penalty


def _two_player_label(game: Game, player: int, names: Sequence[str] | None) -> str:
    return player_label(player, names or ()) if game.players > 1 else ""


__all__ = ["Encounter", "PantryLine", "build_encounters", "build_verdict"]
