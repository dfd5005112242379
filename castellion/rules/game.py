"""One game of Castellion: state, legal actions and their effects (RULES.md §4–11).

The state is plain data (lists, dicts, strings, ints, immutable castles) that `to_dict()` turns into
JSON. Every choice a player makes — including the sub-steps of powers, destructions, variants and
the two-player game — is an action from `legal_actions()`, and `apply()` is the only way to change
the game.

Phases (what may happen now is one lookup on `phase`):
  prophet       set-up of the Prophet variant: choose the Ordeal the pawn stands beside (§8.2)
  get           draw, take a revealed tile, place a Pantry tile, encounter early (R-O3), hand
                over the Champion card (§9)
  use           place / discard / pass the held Defender (or put it in the Prison, exchange it with
                the Vigil), place / discard the held Traitor (or use the Premonition / Guardian)
  power         use or skip the power of the Defender just discarded (§6)
  juggler       choose two adjacent Defenders to swap
  seer          choose the pile of the next revealed tile
  chameleon     choose the discard-pile tile to take
  pyro_destroy  choose the tile the Pyro destroys
  pyro_move     choose the tile the Pyro moves, and where
  destroy       choose the next tile of a required destruction (R-D4)
  tower_reveal  choose the face-down Ordeal the Tower power turns up (§7)
  choose_facer  two players: choose who faces the first Ordeal (§9)
  intruder      put the Intruder pawn on the castle (§8.6)
  over          the game has ended (see `outcome`)

Internally a handler sets `phase = "resolving"` when it needs no further decision, and `_settle`
then runs the automatic steps (ordeal triggers, encounters, the next turn) until a player has a
decision to make.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from . import actions as A
from . import events as E
from .castle import SIZE, Castle, Cell, format_castle
from .errors import IllegalAction
from .formations import formation_groups, formations
from .ordeals import have_text, judge_ordeal, requirement_text
from .rng import SeededRandom
from .ruleset import ASSAULT, EARTHWORM, FOUNDATION_DROP, REQUIREMENT, LevelSpec, OrdealCard, Ruleset
from .tiles import parse_tile

FORMAT_VERSION = 1
PILES = ("regular", "safe")
REVEAL_LIMIT = 4  # the Seer reveals until 4 tiles are revealed (§6)
TRAITOR_DISCARD_COST = 4  # R-§6.5
PRISON_PENALTY = 6  # §8.4
CHAMPION_COST = 6  # §9
PRISON_RING = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2))
INTRUDER_MIN_TILES = 6  # §8.6
PANTRY_NEEDED = {1: (2, 4, 6), 2: (1, 2, 3)}  # §10: after Ordeal I, II, III, per castle
DECISIONS = ("prophet", "get", "use", "power", "juggler", "seer", "chameleon", "pyro_destroy",
             "pyro_move", "destroy", "tower_reveal", "choose_facer", "intruder", "over")


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
    prophet: bool = False  # the Prophet's pawn stands beside it and counts as a Traitor (§8.2)

    @property
    def trigger(self) -> int:
        return self.card.trigger

    @property
    def count(self) -> int:
        """Traitors counted towards the trigger (the Prophet's pawn included)."""
        return len(self.traitors) + (1 if self.prophet else 0)


class Game:
    """A game in progress. Create one with `new_game`; change it only through `apply`."""

    # ---------------------------------------------------------------- set-up
    def __init__(self) -> None:
        # Filled by new_game / from_dict / copy; a bare Game() is not playable.
        self.options: dict[str, Any] = {}
        self.level_spec: LevelSpec
        self.variant_id: str | None = None  # "vigil", "prophet", ... or None (§8)
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
        self._pantry: list[list[str]] = []  # each player's Pantry supply (§10)
        self.vigil: str | None = None  # §8.1
        self.prophet_ordeal: int | None = None  # §8.2
        self.premonition_available = False  # §8.3
        self._prison: list[str | None] = [None] * 9  # §8.4, a 3 × 3 ring (centre unused)
        self.pawn_available = False  # §8.5 Guardian not used yet
        self._intruder_due = False  # §8.6
        self.champion: int | None = None  # §9: who holds the Champion card
        self.active = 0  # whose decision it is now
        self.turn_player = 0  # whose turn it is
        self.turn = 1
        self.phase = "get"
        self.held: str | None = None
        self.held_from: str | None = None  # "regular" | "safe" | "revealed" | "discard" | "vigil" | "partner"
        self.power_faction: str | None = None
        self.power_faction_tile: str | None = None  # the discarded Defender whose power is pending
        self.destroy_left = 0
        self.destroy_reason = ""
        self._destroy_mode = "any"  # "any" (R-D3) | "top" (intro pass: uncovered tiles only)
        self._after_destroy: str | None = None  # "resolve" | "pass" | "champion" | "encounter"
        self._encounter: dict | None = None  # an encounter in progress (see _continue_encounter)
        self._tower_pending = False
        self._turn_used = False  # a tile was got this turn (an early encounter is not a turn)
        self._pass_received = False  # the held tile was passed by the partner (§9)
        self._pending_pass: str | None = None  # a tile being passed while its cost is paid
        self._outcome: Outcome | None = None
        self._history: list[A.Action] = []
        self._legal_cache: list[A.Action] | None = None

    @classmethod
    def _new(cls, ruleset: Ruleset, level: str, seed: int, players: int, variant: str,
             pantry: bool | str) -> "Game":
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"the seed must be an integer, got {seed!r}")
        spec = ruleset.level(level)
        if players not in (1, 2) or isinstance(players, bool):
            raise ValueError(f"Castellion is played by 1 or 2 players, not {players!r}")
        if variant not in ("normal", "easy", "hard"):
            raise ValueError(f"variant must be 'normal', 'easy' or 'hard', not {variant!r}")
        if pantry not in (False, True, "hard"):
            raise ValueError(f"pantry must be False, True or 'hard', not {pantry!r}")
        game = cls()
        game.options = {"level": level, "seed": seed, "players": players, "variant": variant,
                        "pantry": pantry}
        game.level_spec = spec
        if variant != "normal":
            try:
                game.variant_id = spec.variants[variant]["id"]
            except KeyError:
                raise ValueError(f"level {level!r} has no {variant!r} variant") from None
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
        if pantry:
            shapes = ["*" + s for s in ts.pantry_shapes]
            # Two players keep 3 each: one of every shape (§10).
            game._pantry = [shapes] if players == 1 else [shapes[0::2], shapes[1::2]]
        else:
            game._pantry = [[] for _ in range(players)]
        if game.variant_id == "vigil":
            game.vigil = game._piles["safe"].pop()
        elif game.variant_id == "prophet":
            game.phase = "prophet"
        elif game.variant_id == "premonition":
            game.premonition_available = True
        elif game.variant_id == "guardian":
            game.pawn_available = True
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
    def pantry_mode(self) -> bool | str:
        return self.options.get("pantry", False)

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

    def pantry_supply(self, player: int = 0) -> tuple[str, ...]:
        return tuple(self._pantry[player])

    @property
    def prison(self) -> dict[Cell, str]:
        """The prison's tiles by ring cell ((row, col) of a 3 × 3; the centre is the pawn)."""
        return {(i // 3, i % 3): t for i, t in enumerate(self._prison) if t is not None}

    @property
    def intruder_due(self) -> bool:
        return self._intruder_due

    @property
    def pass_received(self) -> bool:
        return self._pass_received

    @property
    def facer(self) -> int | None:
        """Who faces the current Ordeal when it is known (§9); always 0 in a solo game."""
        if self.players == 1:
            return 0
        if self._encounter is not None and self._encounter["facer"] is not None:
            return self._encounter["facer"]
        return None if self.champion is None else 1 - self.champion

    @property
    def ordeals(self) -> tuple[OrdealView, ...]:
        return tuple(OrdealView(c, up, tuple(t), p, self.prophet_ordeal == i)
                     for i, (c, up, t, p) in enumerate(
                         zip(self._cards, self._face_up, self._traitors, self._passed)))

    @property
    def current_ordeal(self) -> int | None:
        """The lowest-numbered Ordeal not yet passed (None once all are passed)."""
        for i, passed in enumerate(self._passed):
            if not passed:
                return i
        return None

    def census(self) -> dict[str, int]:
        """How many tiles are in each place; the values always sum to 84 (+ 6 with the Pantry)."""
        counts = {f"castle{p}": len(c) for p, c in enumerate(self._castles)}
        counts.update({f"pantry{p}": len(s) for p, s in enumerate(self._pantry)})
        counts.update({
            "regular": len(self._piles["regular"]),
            "safe": len(self._piles["safe"]),
            "revealed": len(self._revealed),
            "discard": len(self._discard),
            "ordeals": sum(len(t) for t in self._traitors),
            "removed": len(self._removed),
            "held": (self.held is not None) + (self._pending_pass is not None),
            "vigil": 1 if self.vigil is not None else 0,
            "prison": sum(1 for t in self._prison if t is not None),
        })
        return counts

    def placement_error(self, cell: Cell) -> str | None:
        """Why the held tile may not go to `cell` now (rule id + words); None when it may."""
        if self.phase != "use" or self.held is None:
            return "R-§4: there is no tile in hand to place"
        return self.castle(self.active).placement_error(self.held, cell)

    def prison_error(self, cell: Cell, tile: str | None = None) -> str | None:
        """Why `tile` (default: the held tile) may not go to prison cell `cell`; None when it may."""
        if self.variant_id != "prison":
            return "R-§8.4: there is no prison in this game"
        tile = tile or self.held
        if tile is None or not parse_tile(tile).defender:
            return "R-§8.4: only a Defender you get may go into the prison"
        if cell not in PRISON_RING:
            return "R-§8.4: the prison is the ring of 8 cells around the pawn"
        if self._prison[cell[0] * 3 + cell[1]] is not None:
            return "R-§8.4: that prison cell is taken"
        shape = parse_tile(tile).shape
        near = [self._prison[n[0] * 3 + n[1]] for n in _ring_neighbours(cell)]
        near = [t for t in near if t is not None]
        if self.prison and not near:
            return "R-§8.4: a prison tile must touch another prison tile"
        if any(parse_tile(t).shape is shape for t in near):
            return f"R-§8.4: a {shape.title} may not touch another {shape.title} in the prison"
        return None

    def pawn_cells(self, player: int | None = None) -> list[Cell]:
        """Where the Guardian / Intruder pawn may be put (§8.5): the top tile of one of the 4
        middle columns, or of any column while the foundation is incomplete."""
        castle = self.castle(self.active if player is None else player)
        cols = range(SIZE) if not castle.foundation_complete() else range(1, SIZE - 1)
        cells = []
        for c in cols:
            h = castle.height(c)
            if h:
                cells.append((h - 1, c))
        return cells

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
        if phase == "prophet":
            out += [A.ChooseProphetOrdeal(i) for i in range(len(self._cards))]
        elif phase == "get":
            if self._revealed:
                out += [A.TakeRevealed(i, t) for i, t in enumerate(self._revealed)]
            else:
                out += [A.DrawTile(p) for p in PILES if self._piles[p]]
            out += self._pantry_placements()
            if self.level_spec.early_encounter and self.current_ordeal is not None:
                out.append(A.EncounterOrdeal())
            if self.players == 2 and self.champion == self.active:
                out.append(A.HandChampion())
        elif phase == "use":
            out += self._use_actions(castle)
        elif phase == "power":
            out += [A.UsePower(self.power_faction), A.SkipPower(self.power_faction)]  # type: ignore[arg-type]
        elif phase == "juggler":
            out += [A.SwapTiles(a, b) for a, b in castle.swappable_pairs()]
        elif phase == "seer":
            out += [A.RevealTile(p) for p in PILES if self._piles[p]]
        elif phase == "chameleon":
            out += [A.TakeFromDiscard(i, t) for i, t in self._chameleon_choices()]
        elif phase in ("destroy", "pyro_destroy"):
            cells = castle.movable() if self._destroy_mode == "top" else castle.destroyable()
            out += [A.DestroyTile(cell) for cell in sorted(cells)]
        elif phase == "pyro_move":
            for src in sorted(castle.movable()):
                out += [A.MoveTile(src, dst) for dst in sorted(castle.move_targets(src))]
        elif phase == "tower_reveal":
            out += [A.RevealOrdeal(i) for i, up in enumerate(self._face_up)
                    if not up and not self._passed[i]]
        elif phase == "choose_facer":
            out += [A.ChooseFacer(p) for p in range(self.players)]
        elif phase == "intruder":
            out += [A.PlaceIntruder(cell) for cell in self.pawn_cells()]
        return out

    def _use_actions(self, castle: Castle) -> list[A.Action]:
        tile = parse_tile(self.held)  # type: ignore[arg-type]
        out: list[A.Action] = []
        if tile.traitor:
            out.append(A.PlaceTraitor(tile.code))
            if self.level_spec.traitor_discard and not tile.black:
                out.append(A.DiscardTraitor(tile.code))
            if not tile.black and self.premonition_available:
                out.append(A.UsePremonition(tile.code))
            if not tile.black and self.pawn_available:
                out += [A.PlaceGuardian(cell, tile.code) for cell in self.pawn_cells()]
            return out
        cells = sorted(castle.legal_placements(tile)) + sorted(castle.extensions(tile))
        out += [A.PlaceTile(cell, tile.code) for cell in cells]
        if self.variant_id == "prison":
            out += [A.PlacePrison(cell, tile.code) for cell in PRISON_RING
                    if self.prison_error(cell, tile.code) is None]
        if self._pass_received and not self.level_spec.powers and cells:
            # §9: at the introductory level a passed tile must be placed (while it can be).
            return out
        out.append(A.DiscardTile(tile.code))
        if self.vigil is not None and self.held_from != "vigil":
            out.append(A.ExchangeVigil(tile.code))
        if self.players == 2 and not self._pass_received and not castle.is_empty():
            out.append(A.PassTile(tile.code))
        return out

    def _pantry_placements(self) -> list[A.Action]:
        supply = self._pantry[self.active] if self._pantry else []
        out: list[A.Action] = []
        castle = self.castle(self.active)
        hard = self.pantry_mode == "hard"
        for code in sorted(set(supply)):
            cells = castle.legal_placements(code, no_pantry_neighbours=hard) | castle.extensions(
                code, no_pantry_neighbours=hard)
            out += [A.PlacePantry(cell, code) for cell in sorted(cells)]
        return out

    def _chameleon_choices(self) -> list[tuple[int, str]]:
        shape = parse_tile(self.power_faction_tile).shape  # type: ignore[arg-type]
        # The Chameleon just discarded lies on top of the pile and may not take itself.
        pool = self._discard[:-1]
        out = []
        for i, code in enumerate(pool):
            t = parse_tile(code)
            if t.shape is shape and (t.defender or (t.pantry and self.pantry_mode)):
                out.append((i, code))
        return out

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
        getattr(self, "_do_" + type(action).__name__)(action, events)
        self._settle(events)
        self._legal_cache = None
        return events

    def _refusal(self, action: A.Action) -> IllegalAction:
        castle_text = format_castle(self.castle(self.active))

        def refuse(msg: str) -> IllegalAction:
            return IllegalAction(msg, rule=msg.split(":")[0], castle_text=castle_text)

        if self.phase == "over":
            return IllegalAction("R-§11: the game is over", rule="R-§11")
        if isinstance(action, A.PlaceTile) and self.phase == "use" and self.held is not None:
            if parse_tile(self.held).traitor:
                msg = "R-§4: a Traitor can never enter the castle"
            elif action.tile != self.held:
                msg = f"R-§4: the tile in hand is {self.held}, not {action.tile}"
            else:
                msg = (self.castle(self.active).placement_error(self.held, action.cell)
                       or "R-P1: that cell is not a legal placement")
            return refuse(f"{msg} (placing {action.tile} at {action.cell})")
        if isinstance(action, A.DiscardTraitor) and self.phase == "use":
            if not self.level_spec.traitor_discard:
                return refuse("R-§6.5: Traitors may be discarded only from the base level on")
            if parse_tile(action.tile).black:
                return refuse("R-§6.5: a black-bordered Traitor can never be discarded")
            return refuse(f"R-§4: the tile in hand is {self.held}")
        if isinstance(action, A.DrawTile) and self.phase == "get":
            if self._revealed:
                return refuse("R-§6: revealed tiles must all be used before any face-down draw")
            if action.pile not in PILES:
                return refuse(f"R-§4: there is no {action.pile!r} pile")
            return refuse(f"R-§4: the {action.pile} pile is empty")
        if isinstance(action, A.EncounterOrdeal) and not self.level_spec.early_encounter:
            return refuse("R-O3: Ordeals may be encountered early only from the base level on")
        if isinstance(action, A.DestroyTile) and self.phase in ("destroy", "pyro_destroy"):
            castle = self.castle(self.active)
            if castle.tile_at(action.cell) is None:
                return refuse(f"R-D1: there is no tile at {action.cell} to destroy")
            if self._destroy_mode == "top" and castle.tile_at((action.cell[0] + 1, action.cell[1])):
                return refuse("R-§9: at the introductory level only a tile with nothing on top "
                              "may be destroyed to pass a tile")
            return refuse(f"R-D3: destroying the tile at {action.cell} would split the castle in two")
        if isinstance(action, A.PlacePrison) and self.phase == "use":
            return refuse(self.prison_error(action.cell, action.tile) or "R-§8.4: not allowed now")
        if isinstance(action, A.PassTile) and self.phase == "use":
            if self.players == 1:
                return refuse("R-§9: tiles can be passed only in a two-player game")
            if parse_tile(action.tile).traitor:
                return refuse("R-§9: Traitors cannot be passed")
            if self.castle(self.active).is_empty():
                return refuse("R-§9: with an empty castle you cannot pass")
            return refuse("R-§9: a passed tile must be used by its receiver")
        if isinstance(action, (A.UsePremonition, A.PlaceGuardian)) and self.phase == "use":
            return refuse("R-§8: the pawn is not available for that now")
        wanted = _PHASE_NEEDS.get(self.phase, "")
        return refuse(f"R-§4: {type(action).__name__} is not allowed now — {wanted} ({action!r})")

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
        if source in PILES or source == "revealed":
            self._turn_used = True
            if tile == "T!" and self.variant_id == "intruder" and not self._pawn_placed():
                self._intruder_due = True
        self.held = tile
        self.held_from = source
        self.phase = "use"

    def _do_EncounterOrdeal(self, action: A.EncounterOrdeal, events: list) -> None:
        index = self.current_ordeal
        assert index is not None
        self._start_encounter(index, "early")

    def _do_PlacePantry(self, action: A.PlacePantry, events: list) -> None:
        castle, dx = self.castle(self.active).place(action.tile, action.cell)
        self._castles[self.active] = castle
        self._pantry[self.active].remove(action.tile)
        self._turn_used = True  # placing a Pantry tile is the turn (§10)
        if dx:
            events.append(E.CastleShifted(self.active, dx))
        events.append(E.TilePlaced(self.active, (action.cell[0], action.cell[1] + dx), action.tile))
        self.phase = "resolving"

    def _do_HandChampion(self, action: A.HandChampion, events: list) -> None:
        self._start_destroy(CHAMPION_COST, "R-§9: handing over the Champion card", "champion", events)

    # ----------------------------------------------------------- use it
    def _do_PlaceTile(self, action: A.PlaceTile, events: list) -> None:
        castle, dx = self.castle(self.active).place(action.tile, action.cell)
        cell = (action.cell[0], action.cell[1] + dx)
        self._castles[self.active] = castle
        self._release_held()
        if dx:
            events.append(E.CastleShifted(self.active, dx))
        events.append(E.TilePlaced(self.active, cell, action.tile))
        if self.level_spec.formation_powers and any(
                f.kind == "tower" and cell in f.cells for f in formation_groups(castle)):
            # Tower power (§7): only useful while a face-down Ordeal remains.
            self._tower_pending = any(not up and not p for up, p in zip(self._face_up, self._passed))
        self.phase = "resolving"

    def _release_held(self) -> None:
        self.held = self.held_from = None

    def _do_DiscardTile(self, action: A.DiscardTile, events: list) -> None:
        self._discard.append(action.tile)
        self._release_held()
        events.append(E.TileDiscarded(action.tile))
        self.phase = "resolving"
        if not self.level_spec.powers:
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

    def _do_PlaceTraitor(self, action: A.PlaceTraitor, events: list) -> None:
        index = self.current_ordeal
        assert index is not None
        self._traitors[index].append(action.tile)
        self._release_held()
        events.append(E.TraitorPlaced(index, action.tile, self.ordeals[index].count,
                                      self._cards[index].trigger))
        self.phase = "resolving"

    def _do_DiscardTraitor(self, action: A.DiscardTraitor, events: list) -> None:
        self._discard.append(action.tile)
        self._release_held()
        cost = TRAITOR_DISCARD_COST
        if self.level_spec.formation_powers:
            # Line power (§7): each Line makes the discard one tile cheaper.
            cost = max(0, cost - formations(self.castle(self.active))["line"])
        events.append(E.TraitorDiscarded(action.tile, cost))
        self.phase = "resolving"
        self._start_destroy(cost, "R-§6.5: discarding a Traitor", "resolve", events)

    # --------------------------------------------------------- variants
    def _do_ChooseProphetOrdeal(self, action: A.ChooseProphetOrdeal, events: list) -> None:
        self.prophet_ordeal = action.index
        events.append(E.ProphetPlaced(action.index))
        self.phase = "resolving"

    def _do_ExchangeVigil(self, action: A.ExchangeVigil, events: list) -> None:
        old = self.vigil
        assert old is not None
        self.vigil = action.tile
        events.append(E.VigilExchanged(action.tile, old))
        self.held = old
        self.held_from = "vigil"

    def _do_UsePremonition(self, action: A.UsePremonition, events: list) -> None:
        self._removed.append(action.tile)
        self._release_held()
        self.premonition_available = False
        events.append(E.PremonitionUsed(action.tile))
        self.phase = "resolving"

    def _do_PlacePrison(self, action: A.PlacePrison, events: list) -> None:
        r, c = action.cell
        self._prison[r * 3 + c] = action.tile
        self._release_held()
        events.append(E.PrisonTilePlaced(action.cell, action.tile))
        self.phase = "resolving"

    def _do_PlaceGuardian(self, action: A.PlaceGuardian, events: list) -> None:
        self._discard.append(action.tile)
        self._release_held()
        self.pawn_available = False
        events.append(E.TileDiscarded(action.tile))
        self._put_pawn(action.cell, "guardian", events)
        self.phase = "resolving"

    def _do_PlaceIntruder(self, action: A.PlaceIntruder, events: list) -> None:
        self._intruder_due = False
        self._put_pawn(action.cell, "intruder", events)
        self.phase = "resolving"

    def _put_pawn(self, cell: Cell, role: str, events: list) -> None:
        castle = self.castle(self.active)
        tile = castle.tile_at(cell)
        assert tile is not None
        self._castles[self.active] = castle.lift(cell).place(tile.with_pawn(True), cell)[0]
        events.append(E.PawnPlaced(self.active, cell, role))

    def _pawn_placed(self) -> bool:
        return any(c.pawn_cell() is not None for c in self._castles)

    # ------------------------------------------------------- two players
    def _do_PassTile(self, action: A.PassTile, events: list) -> None:
        # The cost is paid first (§9); the partner receives the tile once it is paid.
        self._pending_pass = action.tile
        self._release_held()
        mode = "any" if self.level_spec.powers else "top"
        self._start_destroy(1, "R-§9: passing a tile", "pass", events, mode=mode)

    def _give_pass(self, events: list) -> None:
        tile = self._pending_pass
        self._pending_pass = None
        giver, receiver = self.active, 1 - self.active
        events.append(E.TilePassed(giver, receiver, tile))
        self.active = self.turn_player = receiver
        self._pass_received = True
        self.held = tile
        self.held_from = "partner"
        self.phase = "use"

    def _do_ChooseFacer(self, action: A.ChooseFacer, events: list) -> None:
        assert self._encounter is not None
        self._encounter["facer"] = action.player
        events.append(E.FacerChosen(self._encounter["index"], action.player))
        self.phase = "resolving"

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
        self.phase = "resolving"

    def _end_power(self) -> None:
        self.power_faction = None
        self.power_faction_tile = None

    def _power_done(self, events: list, reason: str = "done") -> None:
        events.append(E.PowerEnded(self.power_faction or "", reason))
        self._end_power()
        self.phase = "resolving"

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
        if parse_tile(tile).pantry:
            # §10: a Chameleon of its shape brings a Pantry tile back to the supply.
            self._pantry[self.active].append(tile)
            events.append(E.PantryRecovered(self.active, tile))
            self.phase = "resolving"
            return
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
        self.phase = "resolving"

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

    def _start_destroy(self, count: int, reason: str, after: str, events: list, *,
                       mode: str = "any") -> None:
        """Begin a player-chosen destruction of `count` tiles (R-D4); `after` says what follows."""
        castle = self.castle(self.active)
        self._after_destroy = after
        self._destroy_mode = mode
        if count <= 0 or castle.is_empty():
            self._finish_destroy(events)
            return
        events.append(E.DestructionRequired(self.active, count, reason))
        if len(castle) <= count:
            # R-D4: with N tiles or fewer, all are destroyed — there is nothing to choose.
            while not self.castle(self.active).is_empty() and self._outcome is None:
                self._destroy_tile(max(self.castle(self.active).destroyable()), events)
            if self._outcome is None:
                self._finish_destroy(events)
            return
        self.phase = "destroy"
        self.destroy_left = count
        self.destroy_reason = reason

    def _finish_destroy(self, events: list) -> None:
        after = self._after_destroy
        self.phase = "resolving"
        self.destroy_left = 0
        self.destroy_reason = ""
        self._after_destroy = None
        self._destroy_mode = "any"
        if after == "pass":
            self._give_pass(events)
        elif after == "champion":
            self.champion = 1 - self.active
            events.append(E.ChampionTaken(self.champion))
        # "resolve" / "encounter": _settle carries on (an encounter in progress resumes).

    # ------------------------------------------------------- turn flow
    def _settle(self, events: list) -> None:
        """Run the automatic steps until a player has a decision to make."""
        while self.phase == "resolving":
            if self._outcome is not None:
                self.phase = "over"
            elif self.held is not None:
                self.phase = "use"  # a Chameleon handed over a tile: it is used now
            elif self._tower_pending:
                self.phase = "tower_reveal"
            elif self._encounter is not None:
                self._continue_encounter(events)
            elif self._intruder_due and len(self.castle(self.active)) >= INTRUDER_MIN_TILES:
                self.phase = "intruder"
            else:
                trigger = self._trigger()
                if trigger is not None:
                    self._start_encounter(*trigger)
                else:
                    self._next_turn(events)
        if self._outcome is not None:
            self.phase = "over"

    def _next_turn(self, events: list) -> None:
        if self._turn_used:
            self._turn_used = False
            self.turn += 1
            if self.players == 2 and not self._pass_received:
                self.turn_player = 1 - self.turn_player
                events.append(E.TurnPassed(self.turn_player))
        self._pass_received = False
        self.active = self.turn_player
        self.phase = "get"

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

    def _continue_encounter(self, events: list) -> None:
        """One step of the encounter in progress: facer → intruder → card → penalty → verdict."""
        enc = self._encounter
        assert enc is not None
        index = enc["index"]
        card = self._cards[index]
        if enc["step"] == "facer":
            if enc["facer"] is None:
                if self.players == 1:
                    enc["facer"] = 0
                elif self.champion is None:
                    self.phase = "choose_facer"
                    self.active = self.turn_player
                    return
                else:
                    enc["facer"] = 1 - self.champion
            self.active = enc["facer"]
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
                self._start_destroy(PRISON_PENALTY, "R-§8.4: the prison is not complete",
                                    "encounter", events)
                if self.phase != "resolving" or self._outcome is not None:
                    return
        self._encounter = None
        self._verdict(index, events)

    def _resolve_card(self, index: int, cause: str, events: list) -> None:
        card = self._cards[index]
        if not self._face_up[index]:
            self._face_up[index] = True
            events.append(E.OrdealRevealed(index, card.id))
        castle = self.castle(self.active)
        verdict = judge_ordeal(card, castle)
        events.append(E.OrdealEncountered(index, card.id, cause, verdict.met))
        if card.kind == REQUIREMENT:
            if not verdict.met:
                self._lose(f"{card.name} needed {requirement_text(verdict.need)}; the castle had "
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
            self._start_destroy(verdict.destroy, f"R-§5.3: {card.name}", "encounter", events)

    def _verdict(self, index: int, events: list) -> None:
        card = self._cards[index]
        facer = self.active
        if not self.castle(facer).foundation_complete():
            self._lose(f"R-O5: the foundation was incomplete after {card.name}", events)
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
            "variant_id": self.variant_id,
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
            "pantry": [list(s) for s in self._pantry],
            "vigil": self.vigil,
            "prophet_ordeal": self.prophet_ordeal,
            "premonition_available": self.premonition_available,
            "prison": list(self._prison),
            "pawn_available": self.pawn_available,
            "intruder_due": self._intruder_due,
            "champion": self.champion,
            "active": self.active,
            "turn_player": self.turn_player,
            "turn": self.turn,
            "phase": self.phase,
            "held": self.held,
            "held_from": self.held_from,
            "power_faction": self.power_faction,
            "power_faction_tile": self.power_faction_tile,
            "destroy_left": self.destroy_left,
            "destroy_reason": self.destroy_reason,
            "destroy_mode": self._destroy_mode,
            "after_destroy": self._after_destroy,
            "pending_pass": self._pending_pass,
            "encounter": None if self._encounter is None else dict(self._encounter),
            "tower_pending": self._tower_pending,
            "turn_used": self._turn_used,
            "pass_received": self._pass_received,
            "outcome": None if self._outcome is None else asdict(self._outcome),
            "history": [A.action_to_dict(a) for a in self._history],
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Game":
        """Inverse of `to_dict`; raises ValueError on data that is not a Castellion game."""
        from .castle import parse_castle

        def tiles(items) -> list[str]:
            return [parse_tile(t).code for t in items]

        def maybe_tile(code):
            return None if code is None else parse_tile(code).code

        try:
            if data.get("format") != FORMAT_VERSION:
                raise ValueError(f"unsupported game format {data.get('format')!r}")
            game = cls()
            game.options = dict(data["options"])
            game.level_spec = _spec_from_dict(data["level_spec"])
            game.variant_id = data["variant_id"]
            for o in data["ordeals"]:
                game._cards.append(OrdealCard(**dict(o["card"])))
                game._face_up.append(bool(o["face_up"]))
                game._traitors.append(tiles(o["traitors"]))
                game._passed.append(bool(o["passed"]))
            game._rng = SeededRandom(int(data["rng"], 16))
            game._piles = {p: tiles(data["piles"][p]) for p in PILES}
            game._revealed = tiles(data["revealed"])
            game._discard = tiles(data["discard"])
            game._removed = tiles(data["removed"])
            game._castles = [parse_castle(text) for text in data["castles"]]
            game._pantry = [tiles(s) for s in data["pantry"]]
            game.vigil = maybe_tile(data["vigil"])
            game.prophet_ordeal = data["prophet_ordeal"]
            game.premonition_available = bool(data["premonition_available"])
            game._prison = [maybe_tile(t) for t in data["prison"]]
            game.pawn_available = bool(data["pawn_available"])
            game._intruder_due = bool(data["intruder_due"])
            game.champion = data["champion"]
            game.active = int(data["active"])
            game.turn_player = int(data["turn_player"])
            game.turn = int(data["turn"])
            game.phase = str(data["phase"])
            game.held = maybe_tile(data["held"])
            game.held_from = data["held_from"]
            game.power_faction = data["power_faction"]
            game.power_faction_tile = maybe_tile(data["power_faction_tile"])
            game.destroy_left = int(data["destroy_left"])
            game.destroy_reason = str(data["destroy_reason"])
            game._destroy_mode = str(data["destroy_mode"])
            game._after_destroy = data["after_destroy"]
            game._pending_pass = maybe_tile(data["pending_pass"])
            game._encounter = None if data["encounter"] is None else dict(data["encounter"])
            game._tower_pending = bool(data["tower_pending"])
            game._turn_used = bool(data["turn_used"])
            game._pass_received = bool(data["pass_received"])
            game._outcome = Outcome(**data["outcome"]) if data["outcome"] else None
            game._history = [A.action_from_dict(a) for a in data["history"]]
        except (KeyError, TypeError, AttributeError, IndexError) as exc:
            raise ValueError(f"not a Castellion game: missing or malformed {exc}") from exc
        if game.phase not in DECISIONS:
            raise ValueError(f"not a Castellion game: unknown phase {game.phase!r}")
        if len(game._castles) != game.options.get("players") or len(game._prison) != 9:
            raise ValueError("not a Castellion game: castles or prison of the wrong size")
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
        other._pantry = [list(s) for s in self._pantry]
        other._prison = list(self._prison)
        other._encounter = None if self._encounter is None else dict(self._encounter)
        other._history = list(self._history)
        other._legal_cache = None
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<Game {self.level} seed={self.seed} turn={self.turn} phase={self.phase} "
                f"held={self.held}>")


def _ring_neighbours(cell: Cell) -> list[Cell]:
    r, c = cell
    return [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in PRISON_RING]


_PHASE_NEEDS = {
    "prophet": "choose the Ordeal the Prophet's pawn stands beside",
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
    "choose_facer": "choose who faces the first Ordeal",
    "intruder": "put the Intruder pawn on the castle",
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

    `variant` "easy" / "hard" selects the level's own variant (RULES.md §8); `pantry` True / "hard"
    adds the Pantry (§10); `players=2` is the hot-seat game (§9). `ruleset=None` uses the game's
    own data (levels/*.yaml, loaded by `castellion.content`).
    """
    if ruleset is None:
        from . import default_ruleset

        ruleset = default_ruleset()
    return Game._new(ruleset, level, seed, players, variant, pantry)
