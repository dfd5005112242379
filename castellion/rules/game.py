"""One game of Castellion: state, legal actions and their effects (RULES.md §4–7, §11).

The state is plain data (lists, dicts, strings, ints, immutable castles) that `to_dict()` turns into
JSON. Every choice a player makes — including the sub-steps of powers and destructions — is an
action from `legal_actions()`, and `apply()` is the only way to change the game.

Phases (what may happen now is one lookup on `phase`):
  get           draw from a pile, take a revealed tile, or encounter the Ordeal early (R-O3)
  use           place / discard the held Defender, place / discard the held Traitor
  power         use or skip the power of the Defender just discarded (§6)
  juggler       choose two adjacent Defenders to swap
  seer          choose the pile of the next revealed tile
  chameleon     choose the discard-pile tile to take
  pyro_destroy  choose the tile the Pyro destroys
  pyro_move     choose the tile the Pyro moves, and where
  destroy       choose the next tile of a required destruction (R-D4)
  tower_reveal  choose the face-down Ordeal the Tower power turns up (§7)
  over          the game has ended (see `outcome`)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from . import actions as A
from . import events as E
from .castle import Castle, Cell, format_castle
from .errors import IllegalAction
from .formations import formation_groups, formations
from .ordeals import have_text, judge_ordeal, requirement_text
from .rng import SeededRandom
from .ruleset import (ASSAULT, EARTHWORM, FOUNDATION_DROP, REQUIREMENT, LevelSpec, OrdealCard,
                      Ruleset)
from .tiles import parse_tile

FORMAT_VERSION = 1
PILES = ("regular", "safe")
REVEAL_LIMIT = 4  # the Seer reveals until 4 tiles are revealed (§6)
TRAITOR_DISCARD_COST = 4  # R-§6.5


@dataclass(frozen=True, slots=True)
class Outcome:
    result: str  # "won" | "lost"
    reason: str


@dataclass(frozen=True, slots=True)
class OrdealView:
    card: OrdealCard
    face_up: bool
    traitors: tuple[str, ...]
    passed: bool

    @property
    def trigger(self) -> int:
        return self.card.trigger


class Game:
    """A game in progress. Create one with `new_game`; change it only through `apply`."""

    # ---------------------------------------------------------------- set-up
    def __init__(self) -> None:
        # Filled by new_game / from_dict / copy; a bare Game() is not playable.
        self.options: dict[str, Any] = {}
        self.level_spec: LevelSpec
        self._cards: list[OrdealCard] = []
        self._face_up: list[bool] = []
        self._traitors: list[list[str]] = []
        self._passed: list[bool] = []
        self._rng = SeededRandom(0)
        self._piles: dict[str, list[str]] = {"regular": [], "safe": []}
        self._revealed: list[str] = []
        self._discard: list[str] = []
        self._removed: list[str] = []
        self._castles: list[Castle] = []
        self.active = 0
        self.turn = 1
        self.phase = "get"
        self.held: str | None = None
        self.held_from: str | None = None
        self.power_faction: str | None = None
        self.power_faction_tile: str | None = None  # the discarded Defender whose power is pending
        self._turn_used = False  # a tile was got this turn (an early encounter is not a turn)
        self.destroy_left = 0
        self.destroy_reason = ""
        self._after_destroy: str | None = None  # "turn" | "encounter" | "pyro"
        self._encounter_index: int | None = None
        self._tower_pending = False
        self._outcome: Outcome | None = None
        self._history: list[A.Action] = []
        self._legal_cache: list[A.Action] | None = None

    @classmethod
    def _new(cls, ruleset: Ruleset, level: str, seed: int, players: int, variant: str,
             pantry: bool | str) -> "Game":
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"the seed must be an integer, got {seed!r}")
        spec = ruleset.level(level)
        if players not in (1, 2):
            raise ValueError(f"Castellion is played by 1 or 2 players, not {players!r}")
        if players != 1:
            raise ValueError("the two-player game (RULES.md §9) is not available yet")
        if variant not in ("normal", "easy", "hard"):
            raise ValueError(f"variant must be 'normal', 'easy' or 'hard', not {variant!r}")
        if variant != "normal":
            raise ValueError("the easier and harder variants (RULES.md §8) are not available yet")
        if pantry not in (False, True, "hard"):
            raise ValueError(f"pantry must be False, True or 'hard', not {pantry!r}")
        if pantry:
            raise ValueError("the Pantry expansion (RULES.md §10) is not available yet")
        game = cls()
        game.options = {"level": level, "seed": seed, "players": players, "variant": variant,
                        "pantry": pantry}
        game.level_spec = spec
        rng = SeededRandom.from_seed(seed)
        ts = ruleset.tiles
        safe = [f + s + "+" for f in ts.factions for s in ts.shapes for _ in range(ts.safe_copies)]
        regular = [f + s for f in ts.factions for s in ts.shapes for _ in range(ts.regular_copies)]
        regular += ["T"] * ts.plain_traitors + ["T!"] * ts.black_traitors
        rng.shuffle(safe)
        rng.shuffle(regular)
        game._piles = {"regular": regular, "safe": safe}  # the top of a pile is its last item
        for slot in spec.ordeal_slots:
            card_id = slot[rng.below(len(slot))] if len(slot) > 1 else slot[0]
            game._cards.append(ruleset.cards[card_id])
            game._face_up.append(not spec.face_down)
            game._traitors.append([])
            game._passed.append(False)
        game._rng = rng
        game._castles = [Castle.empty() for _ in range(players)]
        return game

    # ------------------------------------------------------------- reading
    @property
    def level(self) -> str:
        return self.options["level"]

    @property
    def seed(self) -> int:
        return self.options["seed"]

    @property
    def players(self) -> int:
        return self.options["players"]

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def history(self) -> tuple[A.Action, ...]:
        return tuple(self._history)

    def castle(self, player: int = 0) -> Castle:
        return self._castles[player]

    def pile_size(self, pile: str) -> int:
        return len(self._piles[pile])

    @property
    def revealed(self) -> tuple[str, ...]:
        return tuple(self._revealed)

    @property
    def discard(self) -> tuple[str, ...]:
        return tuple(self._discard)

    @property
    def removed(self) -> tuple[str, ...]:
        return tuple(self._removed)

    @property
    def ordeals(self) -> tuple[OrdealView, ...]:
        return tuple(OrdealView(c, up, tuple(t), p) for c, up, t, p in
                     zip(self._cards, self._face_up, self._traitors, self._passed))

    @property
    def current_ordeal(self) -> int | None:
        """The lowest-numbered Ordeal not yet passed (None once all are passed)."""
        for i, passed in enumerate(self._passed):
            if not passed:
                return i
        return None

    def census(self) -> dict[str, int]:
        """How many tiles are in each place; the values always sum to 84 (+ Pantry tiles)."""
        counts = {f"castle{p}": len(c) for p, c in enumerate(self._castles)}
        counts.update({
            "regular": len(self._piles["regular"]),
            "safe": len(self._piles["safe"]),
            "revealed": len(self._revealed),
            "discard": len(self._discard),
            "ordeals": sum(len(t) for t in self._traitors),
            "removed": len(self._removed),
            "held": 1 if self.held is not None else 0,
        })
        return counts

    def placement_error(self, cell: Cell) -> str | None:
        """Why the held tile may not go to `cell` now (rule id + words); None when it may."""
        if self.phase != "use" or self.held is None:
            return "R-§4: there is no tile in hand to place"
        return self.castle(self.active).placement_error(self.held, cell)

    # ------------------------------------------------------- legal actions
    def legal_actions(self) -> list[A.Action]:
        """Every action allowed now, in a deterministic order (empty once the game is over)."""
        if self._legal_cache is None:
            self._legal_cache = self._compute_legal()
        return list(self._legal_cache)

    def is_legal(self, action: A.Action) -> bool:
        if self._legal_cache is None:
            self._legal_cache = self._compute_legal()
        return action in self._legal_cache

    def _compute_legal(self) -> list[A.Action]:
        phase = self.phase
        castle = self.castle(self.active)
        out: list[A.Action] = []
        if phase == "get":
            if self._revealed:
                out += [A.TakeRevealed(i, t) for i, t in enumerate(self._revealed)]
            else:
                out += [A.DrawTile(p) for p in PILES if self._piles[p]]
            if self.level_spec.early_encounter and self.current_ordeal is not None:
                out.append(A.EncounterOrdeal())
        elif phase == "use":
            tile = parse_tile(self.held)  # type: ignore[arg-type]
            if tile.traitor:
                out.append(A.PlaceTraitor(tile.code))
                if self.level_spec.traitor_discard and not tile.black:
                    out.append(A.DiscardTraitor(tile.code))
            else:
                cells = sorted(castle.legal_placements(tile)) + sorted(castle.extensions(tile))
                out += [A.PlaceTile(cell, tile.code) for cell in cells]
                out.append(A.DiscardTile(tile.code))
        elif phase == "power":
            out += [A.UsePower(self.power_faction), A.SkipPower(self.power_faction)]  # type: ignore[arg-type]
        elif phase == "juggler":
            out += [A.SwapTiles(a, b) for a, b in castle.swappable_pairs()]
        elif phase == "seer":
            out += [A.RevealTile(p) for p in PILES if self._piles[p]]
        elif phase == "chameleon":
            out += [A.TakeFromDiscard(i, t) for i, t in self._chameleon_choices()]
        elif phase in ("destroy", "pyro_destroy"):
            out += [A.DestroyTile(cell) for cell in sorted(castle.destroyable())]
        elif phase == "pyro_move":
            for src in sorted(castle.movable()):
                out += [A.MoveTile(src, dst) for dst in sorted(castle.move_targets(src))]
        elif phase == "tower_reveal":
            out += [A.RevealOrdeal(i) for i, up in enumerate(self._face_up)
                    if not up and not self._passed[i]]
        return out

    def _chameleon_choices(self) -> list[tuple[int, str]]:
        shape = parse_tile(self.power_faction_tile).shape
        # The Chameleon just discarded lies on top of the pile and may not take itself.
        pool = self._discard[:-1]
        return [(i, code) for i, code in enumerate(pool)
                if parse_tile(code).shape is shape and parse_tile(code).defender]

    # --------------------------------------------------------------- apply
    def apply(self, action: A.Action) -> list[E.Event]:
        """Perform `action`; returns the events it caused.

        Raises `IllegalAction` (a ValueError) naming the rule when `action` is not legal now; the
        game is unchanged then.
        """
        if not self.is_legal(action):
            raise self._refusal(action)
        self._legal_cache = None
        self._history.append(action)
        events: list[E.Event] = []
        handler = getattr(self, "_do_" + type(action).__name__)
        handler(action, events)
        self._legal_cache = None
        return events

    def _refusal(self, action: A.Action) -> IllegalAction:
        castle_text = format_castle(self.castle(self.active))
        if self.phase == "over":
            return IllegalAction("R-§11: the game is over", rule="R-§11")
        if isinstance(action, A.PlaceTile) and self.phase == "use" and self.held is not None:
            if action.tile != self.held:
                msg = f"R-§4: the tile in hand is {self.held}, not {action.tile}"
            else:
                msg = (self.castle(self.active).placement_error(self.held, action.cell)
                       or "R-P1: that cell is not a legal placement")
                if parse_tile(self.held).traitor:
                    msg = "R-§4: a Traitor can never enter the castle"
            return IllegalAction(f"{msg} (placing {action.tile} at {action.cell})",
                                 rule=msg.split(":")[0], castle_text=castle_text)
        if isinstance(action, A.DiscardTraitor) and self.phase == "use":
            if not self.level_spec.traitor_discard:
                msg = "R-§6.5: Traitors may be discarded only from the base level on"
            elif parse_tile(action.tile).black:
                msg = "R-§6.5: a black-bordered Traitor can never be discarded"
            else:
                msg = f"R-§4: the tile in hand is {self.held}"
            return IllegalAction(msg, rule="R-§6.5", castle_text=castle_text)
        if isinstance(action, A.DrawTile) and self.phase == "get":
            if self._revealed:
                msg = "R-§6: revealed tiles must all be used before any face-down draw"
            elif action.pile not in PILES:
                msg = f"R-§4: there is no {action.pile!r} pile"
            else:
                msg = f"R-§4: the {action.pile} pile is empty"
            return IllegalAction(msg, rule=msg.split(":")[0], castle_text=castle_text)
        if isinstance(action, A.EncounterOrdeal) and not self.level_spec.early_encounter:
            return IllegalAction("R-O3: Ordeals may be encountered early only from the base level on",
                                 rule="R-O3")
        if isinstance(action, A.DestroyTile) and self.phase in ("destroy", "pyro_destroy"):
            castle = self.castle(self.active)
            if castle.tile_at(action.cell) is None:
                msg = f"R-D1: there is no tile at {action.cell} to destroy"
            else:
                msg = f"R-D3: destroying the tile at {action.cell} would split the castle in two"
            return IllegalAction(msg, rule=msg.split(":")[0], castle_text=castle_text)
        wanted = _PHASE_NEEDS.get(self.phase, "")
        return IllegalAction(
            f"R-§4: {type(action).__name__} is not allowed now — {wanted} ({action!r})",
            rule="R-§4", castle_text=castle_text)

    # ------------------------------------------------------- get a tile
    def _do_DrawTile(self, action: A.DrawTile, events: list) -> None:
        tile = self._piles[action.pile].pop()
        events.append(E.TileDrawn(action.pile, tile))
        self._hold(tile, action.pile)

    def _do_TakeRevealed(self, action: A.TakeRevealed, events: list) -> None:
        tile = self._revealed.pop(action.index)
        events.append(E.TileDrawn("revealed", tile))
        self._hold(tile, "revealed")

    def _hold(self, tile: str, source: str) -> None:
        if source != "discard":
            self._turn_used = True
        self.held = tile
        self.held_from = source
        self.phase = "use"

    def _do_EncounterOrdeal(self, action: A.EncounterOrdeal, events: list) -> None:
        index = self.current_ordeal
        assert index is not None
        self._encounter(index, "early", events)
        if self.phase != "destroy":
            self._check_ordeals(events)
            self._next_turn_if_idle()

    # ----------------------------------------------------------- use it
    def _do_PlaceTile(self, action: A.PlaceTile, events: list) -> None:
        castle, dx = self.castle(self.active).place(action.tile, action.cell)
        cell = (action.cell[0], action.cell[1] + dx)
        self._castles[self.active] = castle
        self.held = self.held_from = None
        if dx:
            events.append(E.CastleShifted(self.active, dx))
        events.append(E.TilePlaced(self.active, cell, action.tile))
        if self.level_spec.formation_powers and any(
                f.kind == "tower" and cell in f.cells for f in formation_groups(castle)):
            # Tower power (§7): only useful while a face-down Ordeal remains.
            self._tower_pending = any(not up and not p for up, p in zip(self._face_up, self._passed))
        self._end_use(events)

    def _do_DiscardTile(self, action: A.DiscardTile, events: list) -> None:
        self._discard.append(action.tile)
        self.held = self.held_from = None
        events.append(E.TileDiscarded(action.tile))
        if not self.level_spec.powers:
            self._end_use(events)
            return
        faction = action.tile[0]
        self.power_faction = faction
        self.power_faction_tile = action.tile
        if self._power_possible(faction):
            self.phase = "power"
            events.append(E.PowerOffered(faction))
        else:
            events.append(E.PowerEnded(faction, "the power can do nothing now"))
            self._end_power()
            self._end_use(events)

    def _do_PlaceTraitor(self, action: A.PlaceTraitor, events: list) -> None:
        index = self.current_ordeal
        assert index is not None
        self._traitors[index].append(action.tile)
        self.held = self.held_from = None
        events.append(E.TraitorPlaced(index, action.tile, len(self._traitors[index]),
                                      self._cards[index].trigger))
        self._end_use(events)

    def _do_DiscardTraitor(self, action: A.DiscardTraitor, events: list) -> None:
        self._discard.append(action.tile)
        self.held = self.held_from = None
        cost = TRAITOR_DISCARD_COST
        if self.level_spec.formation_powers:
            # Line power (§7): each Line makes the discard one tile cheaper.
            cost = max(0, cost - formations(self.castle(self.active))["line"])
        events.append(E.TraitorDiscarded(action.tile, cost))
        self._start_destroy(cost, "R-§6.5: discarding a Traitor", "turn", events)
        if self.phase != "destroy":
            self._end_use(events)

    # ----------------------------------------------------------- powers
    def _power_possible(self, faction: str) -> bool:
        castle = self.castle(self.active)
        if faction == "J":
            return bool(castle.swappable_pairs())
        if faction == "S":
            return len(self._revealed) < REVEAL_LIMIT and any(self._piles[p] for p in PILES)
        if faction == "C":
            return bool(self._chameleon_choices())
        if faction == "P":
            return not castle.is_empty()
        return False

    def _do_UsePower(self, action: A.UsePower, events: list) -> None:
        events.append(E.PowerUsed(action.faction))
        self.phase = {"J": "juggler", "S": "seer", "C": "chameleon", "P": "pyro_destroy"}[action.faction]

    def _do_SkipPower(self, action: A.SkipPower, events: list) -> None:
        events.append(E.PowerSkipped(action.faction))
        self._end_power()
        self._end_use(events)

    def _end_power(self) -> None:
        self.power_faction = None
        self.power_faction_tile = None

    def _power_done(self, events: list, reason: str = "done") -> None:
        events.append(E.PowerEnded(self.power_faction or "", reason))
        self._end_power()
        self._end_use(events)

    def _do_SwapTiles(self, action: A.SwapTiles, events: list) -> None:
        self._castles[self.active] = self.castle(self.active).swap(action.a, action.b)
        events.append(E.TilesSwapped(self.active, action.a, action.b))
        self._power_done(events)

    def _do_RevealTile(self, action: A.RevealTile, events: list) -> None:
        tile = self._piles[action.pile].pop()
        self._revealed.append(tile)
        events.append(E.TileRevealed(action.pile, tile))
        if len(self._revealed) >= REVEAL_LIMIT or not any(self._piles[p] for p in PILES):
            self._power_done(events)

    def _do_TakeFromDiscard(self, action: A.TakeFromDiscard, events: list) -> None:
        tile = self._discard.pop(action.index)
        events.append(E.TileRecovered(action.index, tile))
        self._end_power()
        # The taken tile is used at once, as if just drawn (§6 Chameleon).
        self._hold(tile, "discard")

    def _do_DestroyTile(self, action: A.DestroyTile, events: list) -> None:
        self._destroy_tile(action.cell, events)
        if self._outcome is not None:
            return
        if self.phase == "pyro_destroy":
            castle = self.castle(self.active)
            if any(castle.move_targets(src) for src in castle.movable()):
                self.phase = "pyro_move"
            else:
                self._power_done(events, "no tile can be moved")
            return
        self.destroy_left -= 1
        if self.destroy_left <= 0 or self.castle(self.active).is_empty():
            self._finish_destroy(events)

    def _do_MoveTile(self, action: A.MoveTile, events: list) -> None:
        castle = self.castle(self.active)
        tile = castle.tile_at(action.src)
        assert tile is not None
        moved, dx = castle.move(action.src, action.dst)
        self._castles[self.active] = moved
        if dx:
            events.append(E.CastleShifted(self.active, dx))
        events.append(E.TileMoved(self.active, action.src,
                                  (action.dst[0], action.dst[1] + dx), tile.code))
        self._power_done(events)

    def _do_RevealOrdeal(self, action: A.RevealOrdeal, events: list) -> None:
        self._face_up[action.index] = True
        events.append(E.OrdealRevealed(action.index, self._cards[action.index].id))
        self._tower_pending = False
        self._between_turns(events)

    # ------------------------------------------------------ destruction
    def _destroy_tile(self, cell: Cell, events: list) -> None:
        castle = self.castle(self.active)
        tile = castle.tile_at(cell)
        assert tile is not None
        self._castles[self.active] = castle.destroy(cell)
        self._discard.append(tile.with_pawn(False).code)
        events.append(E.TileDestroyed(self.active, cell, tile.code))
        if tile.pawn:
            self._lose("R-§8.5: the tile under the Menace pawn was destroyed", events)

    def _start_destroy(self, count: int, reason: str, after: str, events: list) -> None:
        """Begin a player-chosen destruction of `count` tiles (R-D4)."""
        castle = self.castle(self.active)
        if count <= 0 or castle.is_empty():
            return
        events.append(E.DestructionRequired(self.active, count, reason))
        if len(castle) <= count:
            # R-D4: with N tiles or fewer, all are destroyed — there is nothing to choose.
            while not self.castle(self.active).is_empty() and self._outcome is None:
                top = max(self.castle(self.active).destroyable())
                self._destroy_tile(top, events)
            return
        self.phase = "destroy"
        self.destroy_left = count
        self.destroy_reason = reason
        self._after_destroy = after

    def _finish_destroy(self, events: list) -> None:
        after = self._after_destroy
        self.phase = "resolving"  # transient: every path below settles the next phase
        self.destroy_left = 0
        self.destroy_reason = ""
        self._after_destroy = None
        if after == "encounter":
            index = self._encounter_index
            assert index is not None
            self._finish_encounter(index, events)
            if self._outcome is None:
                self._check_ordeals(events)
                self._next_turn_if_idle()
        else:
            self._end_use(events)

    # ------------------------------------------------------- turn flow
    def _end_use(self, events: list) -> None:
        """The tile in hand has been used (and any power resolved)."""
        if self._outcome is not None:
            return
        if self.held is not None:
            self.phase = "use"  # a Chameleon handed over a tile: it is used now
            return
        if self._tower_pending:
            self.phase = "tower_reveal"
            return
        self._between_turns(events)

    def _between_turns(self, events: list) -> None:
        self._check_ordeals(events)
        self._next_turn_if_idle()

    def _next_turn_if_idle(self) -> None:
        if self._outcome is not None:
            self.phase = "over"
        elif self.phase != "destroy":
            self.phase = "get"
            if self._turn_used:
                self._turn_used = False
                self.turn += 1
                self.active = (self.active + 1) % self.players

    def _no_tile_left(self) -> bool:
        return not self._revealed and not any(self._piles[p] for p in PILES)

    def _check_ordeals(self, events: list) -> None:
        """Encounter the current Ordeal while a trigger holds (R-O1, R-O2, R-O4)."""
        while self._outcome is None and self.phase != "destroy":
            index = self.current_ordeal
            if index is None:
                return
            if len(self._traitors[index]) >= self._cards[index].trigger:
                cause = "traitors"
            elif any(c.is_complete() for c in self._castles):
                cause = "complete castle"
            elif self._no_tile_left():
                cause = "tiles ran out"
            else:
                return
            self._encounter(index, cause, events)

    def _encounter(self, index: int, cause: str, events: list) -> None:
        card = self._cards[index]
        if not self._face_up[index]:
            self._face_up[index] = True
            events.append(E.OrdealRevealed(index, card.id))
        castle = self.castle(self.active)
        verdict = judge_ordeal(card, castle)
        events.append(E.OrdealEncountered(index, card.id, cause, verdict.met))
        self._encounter_index = index
        if card.kind == REQUIREMENT:
            if not verdict.met:
                self._lose(f"{card.name} needed {requirement_text(verdict.need)}; the castle had "
                           f"{have_text(verdict.have, verdict.need)} (R-§5.3)", events)
                return
        elif card.kind in (FOUNDATION_DROP, EARTHWORM):
            castle, removed = castle.destroy_rows(verdict.destroy_rows)
            self._castles[self.active] = castle
            self._discard.extend(parse_tile(t.code).with_pawn(False).code for t in removed)
            events.append(E.RowsDestroyed(self.active, verdict.destroy_rows,
                                          tuple(t.code for t in removed)))
            if any(t.pawn for t in removed):
                self._lose("R-§8.5: the tile under the Menace pawn was destroyed", events)
                return
        elif card.kind == ASSAULT and verdict.destroy:
            self._start_destroy(verdict.destroy, f"R-§5.3: {card.name}", "encounter", events)
            if self.phase == "destroy" or self._outcome is not None:
                return
        self._finish_encounter(index, events)

    def _finish_encounter(self, index: int, events: list) -> None:
        card = self._cards[index]
        self._encounter_index = None
        if not self.castle(self.active).foundation_complete():
            self._lose(f"R-O5: the foundation was incomplete after {card.name}", events)
            return
        self._passed[index] = True
        self._removed.extend(self._traitors[index])
        self._traitors[index] = []
        events.append(E.OrdealPassed(index, card.id))
        if all(self._passed):
            self._outcome = Outcome("won", f"all three Ordeals passed — the castle stands (R-O6)")
            self.phase = "over"
            events.append(E.GameWon(self._outcome.reason))

    def _lose(self, reason: str, events: list) -> None:
        self._outcome = Outcome("lost", reason)
        self.phase = "over"
        events.append(E.GameLost(reason))

    # ------------------------------------------------------ persistence
    def to_dict(self) -> dict:
        """A JSON-able snapshot of the whole game (rng state included)."""
        return {
            "format": FORMAT_VERSION,
            "options": dict(self.options),
            "level_spec": _spec_to_dict(self.level_spec),
            "ordeals": [
                {"card": asdict(c), "face_up": up, "traitors": list(t), "passed": p}
                for c, up, t, p in zip(self._cards, self._face_up, self._traitors, self._passed)
            ],
            "rng": format(self._rng.state, "016x"),
            "piles": {p: list(v) for p, v in self._piles.items()},
            "revealed": list(self._revealed),
            "discard": list(self._discard),
            "removed": list(self._removed),
            "castles": [format_castle(c) for c in self._castles],
            "active": self.active,
            "turn": self.turn,
            "phase": self.phase,
            "held": self.held,
            "held_from": self.held_from,
            "power_faction": self.power_faction,
            "power_faction_tile": self.power_faction_tile,
            "destroy_left": self.destroy_left,
            "destroy_reason": self.destroy_reason,
            "after_destroy": self._after_destroy,
            "encounter_index": self._encounter_index,
            "tower_pending": self._tower_pending,
            "turn_used": self._turn_used,
            "outcome": None if self._outcome is None else asdict(self._outcome),
            "history": [A.action_to_dict(a) for a in self._history],
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Game":
        """Inverse of `to_dict`; raises ValueError on data that is not a Castellion game."""
        from .castle import parse_castle

        try:
            if data.get("format") != FORMAT_VERSION:
                raise ValueError(f"unsupported game format {data.get('format')!r}")
            game = cls()
            game.options = dict(data["options"])
            game.level_spec = _spec_from_dict(data["level_spec"])
            for o in data["ordeals"]:
                card = dict(o["card"])
                game._cards.append(OrdealCard(**card))
                game._face_up.append(bool(o["face_up"]))
                game._traitors.append([parse_tile(t).code for t in o["traitors"]])
                game._passed.append(bool(o["passed"]))
            game._rng = SeededRandom(int(data["rng"], 16))
            game._piles = {p: [parse_tile(t).code for t in data["piles"][p]] for p in PILES}
            game._revealed = [parse_tile(t).code for t in data["revealed"]]
            game._discard = [parse_tile(t).code for t in data["discard"]]
            game._removed = [parse_tile(t).code for t in data["removed"]]
            game._castles = [parse_castle(text) for text in data["castles"]]
            game.active = int(data["active"])
            game.turn = int(data["turn"])
            game.phase = str(data["phase"])
            game.held = data["held"]
            game.held_from = data["held_from"]
            game.power_faction = data["power_faction"]
            game.power_faction_tile = data["power_faction_tile"]
            game.destroy_left = int(data["destroy_left"])
            game.destroy_reason = str(data["destroy_reason"])
            game._after_destroy = data["after_destroy"]
            game._encounter_index = data["encounter_index"]
            game._tower_pending = bool(data["tower_pending"])
            game._turn_used = bool(data["turn_used"])
            game._outcome = Outcome(**data["outcome"]) if data["outcome"] else None
            game._history = [A.action_from_dict(a) for a in data["history"]]
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a Castellion game: missing or malformed {exc}") from exc
        if game.phase not in _PHASE_NEEDS:
            raise ValueError(f"not a Castellion game: unknown phase {game.phase!r}")
        return game

    def copy(self) -> "Game":
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)
        other._cards = list(self._cards)
        other._face_up = list(self._face_up)
        other._traitors = [list(t) for t in self._traitors]
        other._passed = list(self._passed)
        other._rng = SeededRandom(self._rng.state)
        other._piles = {p: list(v) for p, v in self._piles.items()}
        other._revealed = list(self._revealed)
        other._discard = list(self._discard)
        other._removed = list(self._removed)
        other._castles = list(self._castles)
        other._history = list(self._history)
        other._legal_cache = None
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<Game {self.level} seed={self.seed} turn={self.turn} phase={self.phase} "
                f"held={self.held}>")


_PHASE_NEEDS = {
    "get": "get a tile first (draw from a pile or take a revealed tile)",
    "use": "use the tile in hand (place it, discard it, or set the Traitor beside the Ordeal)",
    "power": "use or skip the power of the discarded Defender",
    "juggler": "choose two adjacent Defenders to swap",
    "seer": "choose the pile to reveal from",
    "chameleon": "choose a tile of the same shape from the discard pile",
    "pyro_destroy": "choose the tile the Pyro destroys",
    "pyro_move": "choose a tile to move and where it goes",
    "destroy": "choose the next tile to destroy",
    "tower_reveal": "choose the face-down Ordeal to turn up",
    "over": "the game is over",
}


def _spec_to_dict(spec: LevelSpec) -> dict:
    d = asdict(spec)
    d["ordeal_slots"] = [list(s) for s in spec.ordeal_slots]
    return d


def _spec_from_dict(d: dict) -> LevelSpec:
    d = dict(d)
    d["ordeal_slots"] = tuple(tuple(s) for s in d["ordeal_slots"])
    return LevelSpec(**d)


def new_game(level: str, *, seed: int, players: int = 1, variant: str = "normal",
             pantry: bool | str = False, ruleset: Ruleset | None = None) -> Game:
    """A new game at `level` ("intro" | "base" | "expert") dealt from `seed`.

    `ruleset=None` uses the game's own data (levels/*.yaml, loaded by `castellion.content`).
    """
    if ruleset is None:
        from . import default_ruleset

        ruleset = default_ruleset()
    return Game._new(ruleset, level, seed, players, variant, pantry)

