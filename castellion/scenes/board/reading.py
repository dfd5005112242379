"""The board read aloud: what the cursor is on, a row, a column, the whole castle, the Ordeals
and their needs, the piles and the discard, and "what can I do" (the legal actions).

What the cursor is on says what may be done there now: the tile in hand placed (and what it
would make), a tile destroyed, the Juggler's partners, the Pyro's moves, a pawn put, a Pantry or
a Prison cell taken; "what can I do" lists the same choices, the Chameleon's among them.

`BoardReader` is the board's part for a player who listens: the keys of the reading actions
(`ui.keymap`: A what can I do, R row, C column, B the castle, O the Ordeals, I the tiles), the
words of the cursor's target (`spoken_focus()`, read by the program's focus watcher whenever the
cursor moves: the watcher asks a scene's `reader` first), and the board's messages (a refusal
with its rule, a hint) said as they are shown. Everything is asked of the rules or of the
board's `Choices`; the words come from the catalogs (`speech.*`) and `ui.rules_text`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from castellion.rules import SIZE, Game, formation_groups, formations
from castellion.rules import actions as A
from castellion.rules.ordeals import judge_ordeal
from castellion.rules.preview import preview
from castellion.scenes.board.choices import Choices
from castellion.scenes.board.meaning import preview_text
from castellion.scenes.board.pantry import pantry_slots
from castellion.scenes.board.state import BoardState
from castellion.scenes.board.words import player_name
from castellion.ui.catalog_keys import card_text
from castellion.ui.devices import prompt, prompts
from castellion.ui.geometry import Cell
from castellion.ui.keymap import Action
from castellion.ui.rules_text import ordeal_label, requirement_text, tile_name
from castellion.ui.speech.narration import cell_words, counts_words
from castellion.ui.speech.speaker import Speech
from castellion.ui.targets import (
    ButtonTarget,
    CastleTarget,
    CellTarget,
    DiscardTarget,
    HandTarget,
    OrdealTarget,
    PantryTarget,
    PileTarget,
    PrisonTarget,
    RevealedTarget,
    Target,
    VigilTarget,
)
from castellion.ui.text import t, tn
from castellion.ui.widgets import Button


def _key(action: Action) -> str:
    return prompt(action)


# ------------------------------------------------------------------------------ the castle
def contents(game: Game, cell: Cell, player: int | None = None) -> str:
    """What a cell holds: "Pyro triangle, part of a Tower", or "empty"."""
    castle = game.castle(game.active if player is None else player)
    tile = castle.tile_at(cell) if 0 <= cell[1] < SIZE else None
    if tile is None:
        return t("speech.cell.empty")
    name = tile_name(tile.base_code)
    for formation in formation_groups(castle):
        if cell in formation.cells:
            return t("speech.cell.in_formation", tile=name, formation=t(f"speech.formation.{formation.kind}"))
    return name


def cell_text(game: Game, c: Choices, cell: Cell, selected: Cell | None = None, pantry: str | None = None) -> str:
    """The cursor on a cell: where, what it holds, and what may be done there now (the tile in
    hand placed, a tile destroyed, swapped, moved, a pawn put). `selected`: the tile the Juggler
    or the Pyro chose first; `pantry`: the Pantry tile picked up (§10)."""
    words = [contents(game, cell)]
    held = game.held
    action = c.place.get(cell)
    if pantry is not None:
        if cell in c.pantry.get(pantry, {}):
            words.append(t("speech.cell.legal", tile=tile_name(pantry)))
    elif held is not None and action is not None:
        what = preview_text(preview(game, action))
        key = "speech.cell.legal_does" if what else "speech.cell.legal"
        words.append(t(key, tile=tile_name(held), what=what))
    elif cell in c.destroy:
        words.append(t("speech.cell.destroyable"))
    else:
        words += power_words(c, cell, selected)
    return t("speech.at", where=cell_words(cell), what=t("rules.list.join").join(words))


def power_words(c: Choices, cell: Cell, selected: Cell | None) -> list[str]:
    """What a power or a pawn may do on `cell` (the cells the board lights for it)."""
    if selected is not None and cell == selected and (c.swaps or c.moves):
        return [t("speech.cell.chosen")]
    if c.swaps:
        if selected is not None:
            return [t("speech.cell.swap_here")] if cell in c.partners(selected) else []
        partners = sorted(c.partners(cell))
        return [t("speech.cell.swap", cells=_cells(partners))] if partners else []
    if c.moves:
        if selected is not None:
            return [t("speech.cell.move_here")] if cell in c.moves.get(selected, {}) else []
        return [tn("speech.cell.movable", len(c.moves[cell]))] if cell in c.moves else []
    if cell in c.intruder:
        return [t("speech.cell.intruder")]
    if cell in c.guardian:
        return [t("speech.cell.guardian")]
    return []


def _cells(cells: list[Cell]) -> str:
    """Cells to choose among: "row 1, column 2 or row 2, column 1" (a comma is inside a cell's words)."""
    return t("speech.cells.or").join(cell_words(cell) for cell in cells)


def row_text(game: Game, row: int) -> str:
    cells = [contents(game, (row, col)) for col in range(SIZE)]
    return t("speech.row", n=row + 1, cells=t("rules.list.join").join(cells))


def column_text(game: Game, col: int) -> str:
    castle = game.castle(game.active)
    height = max(1, castle.height(col))
    cells = [contents(game, (row, col)) for row in range(height)]
    return t("speech.column", n=col + 1, cells=t("rules.list.join").join(cells))


def castle_lines(game: Game) -> list[str]:
    """The castle from the foundation up (rows that hold a tile), then its formations."""
    castle = game.castle(game.active)
    if castle.is_empty():
        return [t("speech.castle.empty")]
    rows = [r for r in range(SIZE) if castle.row_count(r)]
    return [row_text(game, r) for r in rows] + [t("speech.castle.formations", counts=counts_words(formations(castle)))]


# ------------------------------------------------------------------------------ the table
def ordeal_lines(game: Game) -> list[str]:
    """Each Ordeal: its Traitors, what it asks and whether the castle meets it now."""
    lines = []
    castle = game.castle(game.active)
    for i, view in enumerate(game.ordeals):
        name = ordeal_label(game, i)
        if view.passed:
            lines.append(t("speech.ordeal.passed", n=i + 1, name=name))
            continue
        state = t("speech.ordeal.current") if i == game.current_ordeal else ""
        line = t("speech.ordeal.line", n=i + 1, name=name, state=state, count=view.count, trigger=view.trigger)
        if view.face_up and view.card.requires:
            verdict = judge_ordeal(view.card, castle)
            key = "speech.ordeal.met" if verdict.met else "speech.ordeal.unmet"
            line += " " + t(key, need=requirement_text(view.card.requires), have=counts_words(verdict.have))
        elif view.face_up:  # a card that asks nothing but acts (Exam II, an Earthworm): what it does, as printed
            line += " " + card_text(view.card)
        lines.append(line)
    lines.append(t("speech.foundation", n=castle.row_count(0)))
    return lines


def tiles_lines(game: Game) -> list[str]:
    """The tile in hand, the piles, the revealed row and the discard pile."""
    lines = [t("speech.tiles.hand", tile=tile_name(game.held)) if game.held else t("speech.tiles.no_hand")]
    lines.append(t("speech.tiles.piles", regular=game.pile_size("regular"), safe=game.pile_size("safe")))
    if game.revealed:
        lines.append(t("speech.tiles.revealed", tiles=t("rules.list.join").join(tile_name(x) for x in game.revealed)))
    if game.discard:
        lines.append(tn("speech.tiles.discard", len(game.discard), top=tile_name(game.discard[-1])))
    else:
        lines.append(t("speech.tiles.no_discard"))
    return lines


def target_text(game: Game, c: Choices, target: Target, button_label: Callable[[str], str],
                selected: Cell | None = None, pantry: str | None = None) -> str:
    """The words of what the cursor is on (`selected`: the Juggler's or the Pyro's first tile;
    `pantry`: the Pantry tile picked up)."""
    if isinstance(target, CellTarget):
        return cell_text(game, c, target.cell, selected, pantry)
    if isinstance(target, PileTarget):
        return t("speech.target.pile", pile=t(f"rules.pile.{target.pile}"), n=game.pile_size(target.pile))
    if isinstance(target, HandTarget):
        return tiles_lines(game)[0]
    if isinstance(target, DiscardTarget):
        pile = tiles_lines(game)[-1]
        return f"{pile} {chameleon_line(c)}" if c.chameleon else pile
    if isinstance(target, OrdealTarget):
        lines = ordeal_lines(game)
        return lines[target.index] if target.index < len(lines) else ""
    if isinstance(target, RevealedTarget):
        tiles = game.revealed
        return t("speech.target.revealed", tile=tile_name(tiles[target.index])) if target.index < len(tiles) else ""
    if isinstance(target, ButtonTarget):
        return t("speech.target.button", label=button_label(target.key))
    if isinstance(target, VigilTarget):
        return t("speech.target.vigil", tile=tile_name(game.vigil))
    if isinstance(target, PrisonTarget):
        return prison_text(game, c, target.cell)
    if isinstance(target, PantryTarget):
        return pantry_text(game, c, target.index)
    if isinstance(target, CastleTarget):
        return t("speech.target.castle", n=target.player + 1)
    return ""


def prison_text(game: Game, c: Choices, cell: Cell) -> str:
    """A Prison cell: its tile or "empty", and whether the tile in hand may go there."""
    words = [tile_name(game.prison.get(cell)) or t("speech.cell.empty")]
    if cell in c.prison and game.held is not None:
        words.append(t("speech.cell.legal", tile=tile_name(game.held)))
    return t("speech.target.prison", tile=t("rules.list.join").join(words))


def pantry_text(game: Game, c: Choices, index: int) -> str:
    """A tile of the active player's Pantry supply: its shape and how many places it fits."""
    slots = pantry_slots(game, game.active)
    code = slots[index] if index < len(slots) else None
    if code is None:
        return ""
    places = len(c.pantry.get(code, {}))
    return tn("speech.target.pantry_places", places, tile=tile_name(code)) if places \
        else t("speech.target.pantry", tile=tile_name(code))


def places_after_taking(game: Game, take: A.TakeFromDiscard) -> int:
    """Where the tile the Chameleon takes back could go at once (R-§6): the number of places the
    rules offer for it once taken (asked of a copy of the game)."""
    after = game.copy()
    after.apply(take)
    return sum(1 for action in after.legal_actions() if isinstance(action, A.PlaceTile))


def takeable_text(game: Game, take: A.TakeFromDiscard) -> str:
    """A tile the Chameleon may take, with what taking it does: where it would fit."""
    places = places_after_taking(game, take)
    name = tile_name(take.tile)
    return tn("speech.discard.takeable_places", places, tile=name) if places \
        else t("speech.discard.takeable_nowhere", tile=name)


def chameleon_line(c: Choices) -> str:
    """The Chameleon's pick: the tiles it may take back, and the key that opens the pile."""
    tiles = t("rules.list.join").join(tile_name(a.tile) for a in c.chameleon)
    return t("speech.do.chameleon", tiles=tiles, keys=_key(Action.DISCARD))


# ------------------------------------------------------------------------------ what can I do
def options_lines(game: Game, c: Choices, banner: str, name_of: Callable[[int], str] | None = None) -> list[str]:
    """The legal actions, grouped as the board offers them, each with its key; the banner
    first (what to do now). Placements list every legal cell with what it would do; the
    two-player choices (§9) name the players (`name_of`, the board's names)."""
    lines = [banner] if banner else []
    for pile in ("regular", "safe"):
        if pile in c.draw:
            key = _key(Action.DRAW_REGULAR if pile == "regular" else Action.DRAW_SAFE)
            lines.append(t("speech.do.draw", pile=t(f"rules.pile.{pile}"), n=game.pile_size(pile), keys=key))
    for tile in game.revealed if c.take else ():
        lines.append(t("speech.do.take", tile=tile_name(tile)))
    if c.chameleon:
        lines.append(chameleon_line(c))
    lines += placement_lines(game, c)
    if c.traitor is not None:
        current = game.current_ordeal
        lines.append(t("speech.do.traitor", ordeal=ordeal_label(game, current if current is not None else 0),
                       keys=_key(Action.TRAITOR)))
    if c.prison and game.held is not None:
        keys = prompts()
        lines.append(tn("speech.do.prison", len(c.prison), tile=tile_name(game.held), move=keys["move"], ok=keys["ok"]))
    if c.discard is not None:
        cost = getattr(c.discard, "tile", "")
        lines.append(t("speech.do.discard", tile=tile_name(game.held or cost), keys=_key(Action.DISCARD)))
    if c.destroy:
        lines.append(tn("speech.do.destroy", game.destroy_left))
        lines += [t("speech.do.cell", cell=cell_words(cell)) for cell in sorted(c.destroy)]
    lines += power_lines(game, c) + key_lines(game, c)
    return lines + partner_lines(game, c, name_of or (lambda p: player_name(None, p)))


def placement_lines(game: Game, c: Choices) -> list[str]:
    """Where the tile in hand may go: every legal cell, with what placing it there would do."""
    if not c.place or game.held is None:
        return []
    cells = sorted(cell for cell in c.place)
    lines = [tn("speech.do.place", len(cells), tile=tile_name(game.held))]
    for cell in cells:
        what = preview_text(preview(game, c.place[cell]))
        lines.append(t("speech.do.cell_does", cell=cell_words(cell), what=what) if what
                     else t("speech.do.cell", cell=cell_words(cell)))
    return lines


def key_lines(game: Game, c: Choices) -> list[str]:
    """The choices one key makes: the Pantry, a power used or skipped, the encounter faced
    early, the premonition, the vigil."""
    lines = []
    if c.pantry:
        tiles = t("rules.list.join").join(tile_name(code) for code in sorted(c.pantry))
        lines.append(t("speech.do.pantry", tiles=tiles, keys=_key(Action.ACTIVATE)))
    if c.use is not None:
        lines.append(t("speech.do.use", keys=_key(Action.USE_POWER)))
    if c.skip is not None:
        lines.append(t("speech.do.skip", keys=_key(Action.SKIP_POWER)))
    if c.encounter is not None:
        current = game.current_ordeal
        lines.append(t("speech.do.encounter", ordeal=ordeal_label(game, current if current is not None else 0),
                       keys=_key(Action.ENCOUNTER)))
    if c.premonition is not None:
        lines.append(t("speech.do.premonition", keys=_key(Action.PREMONITION)))
    if c.vigil is not None:
        lines.append(t("speech.do.vigil", keys=_key(Action.VIGIL)))
    return lines


def partner_lines(game: Game, c: Choices, name_of: Callable[[int], str]) -> list[str]:
    """The two-player choices (§9) for "what can I do": who faces the first Ordeal, passing the
    tile in hand to the partner, handing the Champion over; each with its keys."""
    lines = []
    for player, facer_key in ((0, Action.FIRST_FACER), (1, Action.SECOND_FACER)):
        if player in c.facer:
            lines.append(t("speech.do.facer", name=name_of(player), keys=_key(facer_key)))
    partner = name_of(1 - game.active)
    if c.pass_tile is not None:
        keys = prompts()
        lines.append(t("speech.do.pass", tile=tile_name(c.pass_tile.tile), name=partner, move=keys["move"],
                       ok=keys["ok"]))
    if c.champion is not None:
        lines.append(t("speech.do.champion", name=partner, keys=_key(Action.HINT)))
    return lines


def power_lines(game: Game, c: Choices) -> list[str]:
    """The choices of a power or a pawn for "what can I do": the Juggler's pairs, the Pyro's
    moves, the Seer's piles, the Ordeals the Tower power or the Prophet may choose, the cells
    the Intruder or the Guardian pawn may go to."""
    lines: list[str] = []
    if c.swaps:
        pairs = sorted(tuple(sorted(pair)) for pair in c.swaps)
        lines.append(tn("speech.do.swap", len(pairs)))
        lines += [t("speech.do.pair", a=cell_words(a), b=cell_words(b)) for a, b in pairs]
    if c.moves:
        lines.append(tn("speech.do.move", len(c.moves)))
        lines += [t("speech.do.move_from", cell=cell_words(src), cells=_cells(sorted(c.moves[src])))
                  for src in sorted(c.moves)]
    for pile in ("regular", "safe"):
        if pile in c.reveal_pile:
            key = _key(Action.DRAW_REGULAR if pile == "regular" else Action.DRAW_SAFE)
            lines.append(t("speech.do.reveal_pile", pile=t(f"rules.pile.{pile}"), keys=key))
    for indexes, key in ((c.reveal_ordeal, "speech.do.reveal_ordeal"), (c.prophet, "speech.do.prophet")):
        if indexes:
            lines.append(t(key, ordeals=t("rules.list.join").join(ordeal_label(game, i) for i in sorted(indexes))))
    for cells, key in ((c.intruder, "speech.do.intruder"), (c.guardian, "speech.do.guardian")):
        if cells:
            lines.append(t(key, cells=_cells(sorted(cells))))
    return lines


class BoardReader:
    """The board's spoken part (see the module docstring). `banner`: the board's line of what
    to do now; `buttons`: the board's buttons by key (the cursor may be on one); `name_of`: a
    player's name (two players)."""

    def __init__(self, speech: Speech | None, state: BoardState, banner: Callable[[], str],
                 buttons: Mapping[str, Button], name_of: Callable[[int], str] | None = None) -> None:
        self.speech = speech
        self.name_of = name_of
        self.state = state
        self.banner = banner
        self.buttons = buttons
        if speech is not None and speech.enabled:
            state.keyboard = True  # a listener plays by keyboard: the line of what to do names keys
        self._cursor: Any = None
        self._words = ""
        self._banner = ""
        self.keys: dict[Action, Callable[[], list[str]]] = {
            Action.SAY_OPTIONS: self.options,
            Action.SAY_ROW: lambda: [row_text(self.state.session.game, self._cell()[0])],
            Action.SAY_COLUMN: lambda: [column_text(self.state.session.game, max(0, min(SIZE - 1, self._cell()[1])))],
            Action.SAY_CASTLE: lambda: castle_lines(self.state.session.game),
            Action.SAY_ORDEALS: lambda: ordeal_lines(self.state.session.game),
            Action.SAY_TILES: lambda: tiles_lines(self.state.session.game),
        }

    def options(self) -> list[str]:
        """A ("what can I do"): the legal actions. The line of what to do now opens the list only
        when it has not been said since it last changed (it is said once after each move, as
        news; F3 says it again); a list with nothing in it says that line all the same."""
        banner = self.banner()
        lines = options_lines(self.state.session.game, self.state.refresh(), "" if banner == self._banner else banner,
                              self.name_of)
        return lines or ([banner] if banner else [])

    def _cell(self) -> Cell:
        cursor = self.state.cursor
        return cursor.cell if isinstance(cursor, CellTarget) else (0, 0)

    def read(self, action: Action) -> bool:
        """A reading key (`keys.ACTIONS`): say what it reads (True when it is one)."""
        read = self.keys.get(action)
        if read is None:
            return False
        if self.speech is not None:
            self.speech.say_lines(read())
        return True

    def spoken_focus(self) -> str:
        """The words of the cursor's target, worked out when the cursor moves or a first tile is
        chosen ("" without one)."""
        cursor, selected, pantry = self.state.cursor, self.state.gesture.selected, self.state.gesture.pantry_pick
        if (cursor, selected, pantry) != self._cursor:  # (a tile chosen first is said as chosen)
            self._cursor = (cursor, selected, pantry)
            self._words = "" if cursor is None else target_text(self.state.session.game, self.state.refresh(), cursor,
                                                                 lambda key: self.buttons[key].label, selected, pantry)
        return self._words

    def spoken_where(self) -> list[str]:
        """"Where am I" on the board: its name, what to do now, and the cursor's target afresh."""
        cursor = self.state.cursor
        words = "" if cursor is None else target_text(self.state.session.game, self.state.refresh(), cursor,
                                                      lambda key: self.buttons[key].label, self.state.gesture.selected,
                                                      self.state.gesture.pantry_pick)
        return [self.spoken_title(), self.banner(), words]

    def spoken_title(self) -> str:
        """The board's name when it shows (what to do follows as news)."""
        return t("speech.screen.board")

    def spoken_news(self) -> list[str]:
        """The line of what to do now, when it changed since it was last said."""
        banner = self.banner()
        if banner == self._banner:
            return []
        self._banner = banner
        return [banner] if banner else []

    def message(self, text: str, kind: str) -> None:
        """A message the board shows (a refusal, a hint, why a power ended): said as well."""
        if text and self.speech is not None and kind in ("error", "hint", "info"):
            self.speech.say(text, interrupt=kind == "error")
