"""What the game says as it happens: the rules' events of one action, turned into sentences.

The rules answer in data (`castellion.rules.events`); each event type has one sentence maker in
`SAYERS` (a table: a new event is one line), words from the catalogs' `speech.*` keys and the
names `ui.rules_text` makes. The formations a castle gains or loses are said after the events
that changed it (`Narrator` remembers each castle's counts between actions). Cells are said
"row 3, column 4", rows counted from the foundation (row 1) up, columns from the left.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from castellion.rules import SIZE, Game, formations
from castellion.rules import events as E
from castellion.ui.catalog_keys import card_name
from castellion.ui.rules_text import (
    count_text,
    destruction_text,
    ordeal_label,
    player_label,
    player_outcome_text,
    power_end_text,
    requirement_text,
    tile_name,
)
from castellion.ui.text import t, tn

Cell = tuple[int, int]
KINDS = ("tower", "bastion", "line")


def cell_words(cell: Cell) -> str:
    """"row 3, column 4" (row 1 is the foundation); the foundation's slots beyond the grid's
    edges by their side."""
    row, col = cell
    if col < 0:
        return t("speech.cell.beyond_left")
    if col >= SIZE:
        return t("speech.cell.beyond_right")
    return t("speech.cell", row=row + 1, col=col + 1)


def faction_words(letter: str) -> str:
    return t(f"board.faction.{letter}") if letter in ("S", "C", "J", "P") else ""


def counts_words(counts: dict[str, int]) -> str:
    """"1 Tower, 0 Bastions, 2 Lines"."""
    return t("rules.list.join").join(count_text(k, counts.get(k, 0)) for k in KINDS)


class _Said:
    """What a sentence maker may read: the game after the action, the players' names."""

    def __init__(self, game: Game, names: Sequence[str], subject: int | None = None) -> None:
        self.game = game
        self.names = names
        self.subject = subject

    def who(self, player: int) -> str:
        """"" in a solo game or for the sentence's known subject, else "Ana: " (whose castle an
        event is about)."""
        if self.game.players < 2 or player == self.subject:
            return ""
        return t("speech.who", name=player_label(player, self.names))

    def card(self, card_id: str) -> str:
        for view in self.game.ordeals:
            if view.card.id == card_id:
                return card_name(view.card)
        return card_id


Sayer = Callable[[Any, _Said], str]


def _drawn(ev: E.TileDrawn, s: _Said) -> str:
    if ev.pile in ("regular", "safe"):
        return t("speech.event.drawn", tile=tile_name(ev.tile), pile=t(f"rules.pile.{ev.pile}"))
    return t("speech.event.taken", tile=tile_name(ev.tile))


def _placed(ev: E.TilePlaced, s: _Said) -> str:
    return s.who(ev.player) + t("speech.event.placed", tile=tile_name(ev.tile), cell=cell_words(ev.cell))


def _shifted(ev: E.CastleShifted, s: _Said) -> str:
    key = "speech.event.shifted_right" if ev.dx > 0 else "speech.event.shifted_left"
    return s.who(ev.player) + tn(key, abs(ev.dx))


def _traitor_placed(ev: E.TraitorPlaced, s: _Said) -> str:
    return t("speech.event.traitor_placed", ordeal=ordeal_label(s.game, ev.ordeal), count=ev.count, trigger=ev.trigger)


def _revealed(ev: E.OrdealRevealed, s: _Said) -> str:
    view = s.game.ordeals[ev.ordeal] if 0 <= ev.ordeal < len(s.game.ordeals) else None
    need = requirement_text(view.card.requires) if view is not None and view.card.requires else ""
    name = card_name(view.card) if view is not None else ev.card
    if need:
        return t("speech.event.ordeal_revealed_needs", n=ev.ordeal + 1, name=name, need=need)
    return t("speech.event.ordeal_revealed", n=ev.ordeal + 1, name=name)


def _encountered(ev: E.OrdealEncountered, s: _Said) -> str:
    key = "speech.event.encountered_met" if ev.met else "speech.event.encountered_unmet"
    return s.who(ev.facer) + t(key, name=s.card(ev.card), cause=t(f"speech.cause.{ev.cause.name.lower()}"))


def _required(ev: E.DestructionRequired, s: _Said) -> str:
    reason = destruction_text(ev.kind, s.card(ev.ordeal) if ev.ordeal else "")
    key = "speech.event.destroy_all" if ev.automatic else "speech.event.destroy"
    return s.who(ev.player) + tn(key, ev.count, reason=reason)


def _power_ended(ev: E.PowerEnded, s: _Said) -> str:
    return power_end_text(ev.faction, ev.reason)


def _won(ev: E.GameWon, s: _Said) -> str:
    return player_outcome_text(ev.outcome, s.names, [o.card for o in s.game.ordeals])


def _lost(ev: E.GameLost, s: _Said) -> str:
    return player_outcome_text(ev.outcome, s.names, [o.card for o in s.game.ordeals])


SAYERS: dict[type, Sayer] = {
    E.TileDrawn: _drawn,
    E.TilePlaced: _placed,
    E.CastleShifted: _shifted,
    E.TileDiscarded: lambda ev, s: t("speech.event.discarded", tile=tile_name(ev.tile)),
    E.TraitorPlaced: _traitor_placed,
    E.TraitorDiscarded: lambda ev, s: tn("speech.event.traitor_discarded", ev.cost),
    E.PowerOffered: lambda ev, s: t("speech.event.power_offered", faction=faction_words(ev.faction)),
    E.PowerUsed: lambda ev, s: t("speech.event.power_used", faction=faction_words(ev.faction)),
    E.PowerSkipped: lambda ev, s: t("speech.event.power_skipped", faction=faction_words(ev.faction)),
    E.PowerEnded: _power_ended,
    E.TilesSwapped: lambda ev, s: s.who(ev.player) + t("speech.event.swapped", a=cell_words(ev.a),
                                                        b=cell_words(ev.b)),
    E.TileRevealed: lambda ev, s: t("speech.event.tile_revealed", tile=tile_name(ev.tile)),
    E.TileRecovered: lambda ev, s: t("speech.event.recovered", tile=tile_name(ev.tile)),
    E.DestructionRequired: _required,
    E.TileDestroyed: lambda ev, s: s.who(ev.player) + t("speech.event.destroyed", tile=tile_name(ev.tile),
                                                         cell=cell_words(ev.cell)),
    E.TileMoved: lambda ev, s: s.who(ev.player) + t("speech.event.moved", tile=tile_name(ev.tile),
                                                     src=cell_words(ev.src), dst=cell_words(ev.dst)),
    E.RowsDestroyed: lambda ev, s: s.who(ev.player) + tn("speech.event.rows_destroyed", ev.rows),
    E.OrdealRevealed: _revealed,
    E.OrdealEncountered: _encountered,
    E.PrisonChecked: lambda ev, s: t("speech.event.prison_complete" if ev.complete else "speech.event.prison_short",
                                     n=ev.tiles),
    E.PantryChecked: lambda ev, s: s.who(ev.player) + t("speech.event.pantry_checked", have=ev.have, need=ev.need),
    E.OrdealPassed: lambda ev, s: t("speech.event.passed", name=s.card(ev.card)),
    E.GameWon: _won,
    E.GameLost: _lost,
    E.ProphetPlaced: lambda ev, s: t("speech.event.prophet", ordeal=ordeal_label(s.game, ev.ordeal)),
    E.VigilExchanged: lambda ev, s: t("speech.event.vigil", given=tile_name(ev.given), taken=tile_name(ev.taken)),
    E.PremonitionUsed: lambda ev, s: t("speech.event.premonition", tile=tile_name(ev.tile)),
    E.PrisonTilePlaced: lambda ev, s: t("speech.event.prison_tile", tile=tile_name(ev.tile)),
    E.PawnPlaced: lambda ev, s: s.who(ev.player) + t(f"speech.event.pawn.{ev.role}", cell=cell_words(ev.cell)),
    E.PantryRecovered: lambda ev, s: s.who(ev.player) + t("speech.event.pantry_recovered", tile=tile_name(ev.tile)),
    E.TilePassed: lambda ev, s: t("speech.event.passed_tile", giver=player_label(ev.giver, s.names),
                                  receiver=player_label(ev.receiver, s.names), tile=tile_name(ev.tile)),
    E.FacerChosen: lambda ev, s: t("speech.event.facer", name=player_label(ev.player, s.names),
                                   ordeal=ordeal_label(s.game, ev.ordeal)),
    E.ChampionTaken: lambda ev, s: t("speech.event.champion", name=player_label(ev.player, s.names)),
    E.TurnPassed: lambda ev, s: t("speech.event.turn", name=player_label(ev.player, s.names)),
}

# events that change a castle: the formations are counted again after them
_CASTLE_EVENTS = (E.TilePlaced, E.TileDestroyed, E.TileMoved, E.TilesSwapped, E.RowsDestroyed, E.CastleShifted,
                  E.PantryRecovered)


def event_lines(game: Game, events: Sequence[E.Event], names: Sequence[str] = (),
                subject: int | None = None) -> list[str]:
    """One sentence per event worth saying (in order), for `game` as it stands after them.
    `subject`: the player the lines are already about ("Ana did: …"): their events are said
    without their name."""
    said = _Said(game, names, subject)
    lines = []
    for ev in events:
        sayer = SAYERS.get(type(ev))
        line = sayer(ev, said) if sayer is not None else ""
        if line:
            lines.append(line)
    return lines


class Narrator:
    """Turns each applied action of a session into lines; remembers each castle's formations so
    that "a Tower made" is said when one is made (and "lost" when one goes)."""

    def __init__(self) -> None:
        self._counts: dict[int, dict[str, int]] = {}

    def _formation_lines(self, game: Game, events: Sequence[E.Event], names: Sequence[str]) -> list[str]:
        changed = sorted({getattr(ev, "player", 0) for ev in events if isinstance(ev, _CASTLE_EVENTS)})
        lines = []
        for player in changed:
            now = formations(game.castle(player))
            before = self._counts.get(player, {})
            made = [k for k in KINDS if now.get(k, 0) > before.get(k, 0)]
            lost = [k for k in KINDS if now.get(k, 0) < before.get(k, 0)]
            if made or lost:
                who = "" if game.players < 2 else t("speech.who", name=player_label(player, names))
                key = "speech.formations_made" if made and not lost else "speech.formations_changed"
                lines.append(who + t(key, counts=counts_words(now)))
        return lines

    def remember(self, game: Game) -> None:
        self._counts = {p: formations(game.castle(p)) for p in range(game.players)}

    def lines(self, game: Game, kind: str, events: Sequence[E.Event], names: Sequence[str] = ()) -> list[str]:
        """What to say after a session's `kind` ("apply", "undo", "redo") with its `events`."""
        if kind == "undo":
            self.remember(game)
            return [t("speech.undone")]
        out = event_lines(game, events, names) + self._formation_lines(game, events, names)
        self.remember(game)
        if kind == "redo":
            out.insert(0, t("speech.redone"))
        return out
