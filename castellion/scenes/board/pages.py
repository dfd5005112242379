"""What the Ordeal reveal shows after an action on the board: the encounter's pages, and the
verdict page when the action ended a destruction an encounter asked for. Reads the game after
the action, its events, and `Before` — the little the events do not say about the state before.
"""

from __future__ import annotations

from typing import NamedTuple

from castellion.rules import Destruction, Game, Phase
from castellion.rules import actions as A
from castellion.rules import events as E
from castellion.ui.reveal_pages import Encounter, build_encounters, build_verdict

# The destructions an encounter asks for (`Game.destroy_kind`, docs/rules.md §5.3 / §8.4): when the
# last tile of one is chosen, the reveal shows the verdict.
ENCOUNTER_DESTRUCTIONS = (Destruction.ASSAULT, Destruction.PRISON)
# what was being destroyed before an action: (phase, destroy kind, the Ordeal, the facer)
Destroying = tuple[str, Destruction | None, int | None, int]


class Before(NamedTuple):
    """What an action's screens need of the state before it (the rest is in its events): the
    revealed row's length (where the Seer's new tiles fly) and what was being destroyed."""

    revealed: int
    destroying: Destroying

    @classmethod
    def of(cls, game: Game) -> Before:
        return cls(len(game.revealed), (game.phase, game.destroy_kind, game.current_ordeal, game.active))


def reveal_pages(game: Game, action: A.Action, events: list[E.Event], destroying: Destroying | None,
                 destroy_from: int | None, names: list[str]) -> list[Encounter]:
    """The reveal's pages after `action` ([] when there is nothing to reveal). `destroy_from`:
    len(history) when the encounter's destruction began (None: not known)."""
    pages = verdict_pages(game, action, events, destroying, destroy_from, names)
    if not pages and not any(isinstance(ev, E.OrdealEncountered) for ev in events):
        return []
    return pages + build_encounters(events, [o.card for o in game.ordeals], names=names,
                                    pantry_needs=[game.pantry_needed(i) for i in range(len(game.ordeals))])


def verdict_pages(game: Game, action: A.Action, events: list[E.Event], destroying: Destroying | None,
                  destroy_from: int | None, names: list[str]) -> list[Encounter]:
    """The verdict page when `action` ended the destruction an encounter asked for (an
    Assault, the prison's penalty): the reveal's first page said "Destroy N tiles", this one
    says how it ended. [] for any other action."""
    if destroying is None or not isinstance(action, A.DestroyTile):
        return []
    phase, kind, ordeal, facer = destroying
    if phase != Phase.DESTROY or kind not in ENCOUNTER_DESTRUCTIONS:
        return []
    history = game.history
    start = destroy_from
    if start is None or not 0 <= start < len(history):
        start = len(history)  # not known (a game loaded mid-way): the run of DestroyTile actions
        while start > 0 and isinstance(history[start - 1], A.DestroyTile):
            start -= 1
    page = build_verdict(game, events, ordeal=ordeal, facer=facer, kind_before=kind,
                         destroyed=len(history) - start, names=names)
    return [page] if page is not None else []
