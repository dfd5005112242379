"""One game of Castellion: state, legal actions and their effects (docs/rules.md §4–11).

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

The class is assembled from mixins, one job each: `powers` (§6), `destruction` (R-D), `variants`
(§8–10), `encounters` (§5) and `snapshot` (to_dict / from_dict / copy). Each mixin inherits
`state.GameState`, which declares every attribute of the state (with its type) in `__init__`, the
read-only views of it (`castle()`, `ordeals`, `current_ordeal`, ...) and, for the type checker, the
steps one mixin calls in another. This module holds the legal-action enumerator, `apply` and the
turn flow.

Internally a handler sets `phase = "resolving"` when it needs no further decision, and `_settle`
then runs the automatic steps (ordeal triggers, encounters, the next turn) until a player has a
decision to make.
"""

from __future__ import annotations

from typing import Any, cast

from . import actions as A
from . import events as E
from .castle import Castle, format_castle
from .defaults import default_ruleset
from .destruction import DestructionMixin
from .encounters import EncounterMixin
from .errors import IllegalAction
from .formations import formations
from .powers import PILES, PowersMixin
from .reasons import Destruction, PowerEnd, Refusal, Result, Why
from .rng import SeededRandom
from .ruleset import Ruleset
from .snapshot import FORMAT_VERSION, SnapshotMixin
from .tiles import parse_tile
from .variants import INTRUDER_MIN_TILES, PANTRY_NEEDED, PRISON_RING, OptionsMixin
from .views import DECISIONS, OrdealView, Outcome

TRAITOR_DISCARD_COST = 4  # R-§6.5

__all__ = ["DECISIONS", "FORMAT_VERSION", "PANTRY_NEEDED", "PILES", "PRISON_RING", "Game",
           "OrdealView", "Outcome", "new_game"]


class Game(PowersMixin, DestructionMixin, OptionsMixin, EncounterMixin, SnapshotMixin):
    """A game in progress. Create one with `new_game`; change it only through `apply`."""

    # ---------------------------------------------------------------- set-up
    @classmethod
    def _new(cls, ruleset: Ruleset, level: str, seed: int, players: int, variant: str,
             pantry: bool | str) -> Game:
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

    def preview_encounter(self) -> bool | None:
        """Whether encountering the current Ordeal now (R-O3) would pass it: True, False when it
        would lose the game, None when it is not known — the card is face down (previewing must
        never peek), the encounter would ask for choices (tiles to destroy, who faces it), or no
        early encounter is allowed now. Leaves the game unchanged."""
        index = self.current_ordeal
        if A.EncounterOrdeal() not in self.legal_actions() or index is None \
                or not self.ordeals[index].face_up:
            return None
        trial = self.copy()
        trial.apply(A.EncounterOrdeal())
        if trial.outcome is not None and trial.outcome.result is Result.LOST:
            return False
        if trial.ordeals[index].passed:
            return True
        return None  # a decision is pending (destroy, choose who faces it)

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
            faction = cast(str, self.power_faction)  # set whenever the phase is "power"
            out += [A.UsePower(faction), A.SkipPower(faction)]
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
        tile = parse_tile(cast(str, self.held))  # a tile is held whenever the phase is "use"
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
        if self.players == 2 and not self._pass_received and not castle.is_empty() \
                and self.held_from != "discard":  # §6: a Chameleon's tile is used at once
            out.append(A.PassTile(tile.code))
        return out

    # --------------------------------------------------------------- apply
    def apply(self, action: A.Action) -> list[E.Event]:
        """Perform `action`; returns the events it caused.

        Raises `IllegalAction` (a ValueError) naming the rule when `action` is not legal now; the
        game is unchanged then.
        """
        if not self.is_legal(action):
            raise IllegalAction(self._why_refused(action),
                                castle_text=format_castle(self.castle(self.active)))
        self._legal_cache = None
        self._history.append(action)
        events: list[E.Event] = []
        getattr(self, "_do_" + type(action).__name__)(action, events)
        self._settle(events)
        self._legal_cache = None
        return events

    def refusal(self, action: A.Action) -> Refusal | None:
        """Why `action` is not allowed now (a `Refusal`: rule id and parameters), or None when it
        is legal. Never changes the game and never plays the action through."""
        if self.is_legal(action):
            return None
        return self._why_refused(action)

    def _why_refused(self, action: A.Action) -> Refusal:
        name = type(action).__name__
        held, phase = self.held, self.phase
        castle = self.castle(self.active)
        tile_of = getattr(action, "tile", None)
        tile = tile_of if isinstance(tile_of, str) else None
        cell_of = getattr(action, "cell", None)
        cell = cell_of if isinstance(cell_of, tuple) else None

        def refuse(why: Why, **params: Any) -> Refusal:
            params.setdefault("cell", cell)
            params.setdefault("tile", tile)
            return Refusal(why, held=held, action=name, **params)

        if phase == "over":
            return refuse(Why.GAME_OVER)
        using = phase == "use" and held is not None
        if using and tile is not None and tile != held and isinstance(action, (
                A.PlaceTile, A.DiscardTile, A.PlaceTraitor, A.DiscardTraitor, A.PassTile,
                A.PlacePrison, A.ExchangeVigil, A.UsePremonition, A.PlaceGuardian)):
            return refuse(Why.NOT_IN_HAND)
        held_tile = parse_tile(held) if using and held is not None else None
        if held_tile is not None and isinstance(action, A.PlaceTile):
            if held_tile.traitor:
                return refuse(Why.TRAITOR_IN_CASTLE)
            why = castle.placement_error(held_tile, action.cell)
            return why or refuse(Why.NOT_A_PLACEMENT)
        if held_tile is not None and isinstance(action, A.PlaceTraitor) and not held_tile.traitor:
            return refuse(Why.NOT_A_TRAITOR)
        if held_tile is not None and isinstance(action, A.DiscardTraitor):
            if not held_tile.traitor:
                return refuse(Why.NOT_A_TRAITOR)
            if not self.level_spec.traitor_discard:
                return refuse(Why.TRAITOR_DISCARD_LEVEL)
            return refuse(Why.BLACK_TRAITOR)
        if isinstance(action, A.DrawTile) and phase == "get":
            if self._revealed:
                return refuse(Why.REVEALED_FIRST)
            if action.pile not in PILES:
                return refuse(Why.NO_SUCH_PILE, pile=action.pile)
            return refuse(Why.PILE_EMPTY, pile=action.pile)
        if isinstance(action, A.PlacePantry) and phase == "get" and action.tile in self.pantry_supply(self.active):
            # §10: placement rules apply (and the harder Pantry's no-neighbour rule).
            why = castle.placement_error(action.tile, action.cell,
                                         no_pantry_neighbours=self.pantry_mode == "hard")
            return why or refuse(Why.NOT_A_PLACEMENT)
        if isinstance(action, A.MoveTile) and phase == "pyro_move":
            moving = castle.tile_at(action.src)
            if moving is not None and action.src in castle.movable():
                # §6 Pyro: the placement rules except R-P3, from the castle without the tile.
                why = castle.lift(action.src).placement_error(moving, action.dst, check_shapes=False)
                if why is not None:
                    return why
        if isinstance(action, A.EncounterOrdeal) and not self.level_spec.early_encounter:
            return refuse(Why.EARLY_ENCOUNTER_LEVEL)
        if isinstance(action, A.DestroyTile) and phase in ("destroy", "pyro_destroy"):
            if castle.tile_at(action.cell) is None:
                return refuse(Why.NOTHING_TO_DESTROY)
            if self._destroy_mode == "top" and castle.tile_at((action.cell[0] + 1, action.cell[1])):
                return refuse(Why.NOT_UNCOVERED)
            return refuse(Why.WOULD_SPLIT)
        if held_tile is not None and isinstance(action, A.PlacePrison):
            return self.prison_error(action.cell, action.tile) or refuse(Why.NOT_NOW, phase=phase)
        if held_tile is not None and isinstance(action, A.ExchangeVigil):
            if self.vigil is None:
                return refuse(Why.NO_VIGIL)
            if held_tile.traitor:
                return refuse(Why.VIGIL_TRAITOR)
            if self.held_from == "vigil":
                return refuse(Why.VIGIL_BACK)
        if held_tile is not None and isinstance(action, A.PassTile):
            if self.players == 1:
                return refuse(Why.PASS_SOLO)
            if held_tile.traitor:
                return refuse(Why.PASS_TRAITOR)
            if self.held_from == "discard":
                return refuse(Why.CHAMELEON_AT_ONCE)
            if castle.is_empty():
                return refuse(Why.PASS_EMPTY_CASTLE)
            return refuse(Why.PASS_RECEIVED)
        if held_tile is not None and isinstance(action, (A.UsePremonition, A.PlaceGuardian)):
            return refuse(Why.PAWN_UNAVAILABLE)
        return refuse(Why.NOT_NOW, phase=phase)

    def traitor_discard_cost(self) -> int:
        """Castle tiles to destroy for discarding a Traitor now (R-§6.5: 4, less 1 per Line at
        the expert level, §7), before R-D4 (a castle with fewer tiles loses them all)."""
        cost = TRAITOR_DISCARD_COST
        if self.level_spec.formation_powers:
            # Line power (§7): each Line makes the discard one tile cheaper.
            cost = max(0, cost - formations(self.castle(self.active))["line"])
        return cost

    # ------------------------------------------------------- get a tile
    def _do_DrawTile(self, action: A.DrawTile, events: list[E.Event]) -> None:
        tile = self._piles[action.pile].pop()
        events.append(E.TileDrawn(action.pile, tile))
        self._hold(tile, action.pile)

    def _do_TakeRevealed(self, action: A.TakeRevealed, events: list[E.Event]) -> None:
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

    # ----------------------------------------------------------- use it
    def _do_PlaceTile(self, action: A.PlaceTile, events: list[E.Event]) -> None:
        castle, dx = self.castle(self.active).place(action.tile, action.cell)
        cell = (action.cell[0], action.cell[1] + dx)
        self._castles[self.active] = castle
        self._release_held()
        if dx:
            events.append(E.CastleShifted(self.active, dx))
        events.append(E.TilePlaced(self.active, cell, action.tile))
        self._check_tower(cell)
        self.phase = "resolving"

    def _do_DiscardTile(self, action: A.DiscardTile, events: list[E.Event]) -> None:
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
            events.append(E.PowerEnded(faction, PowerEnd.NOTHING_TO_DO))
            self._end_power()

    def _do_PlaceTraitor(self, action: A.PlaceTraitor, events: list[E.Event]) -> None:
        index = self.current_ordeal
        assert index is not None
        self._traitors[index].append(action.tile)
        self._release_held()
        events.append(E.TraitorPlaced(index, action.tile, self.ordeals[index].count,
                                      self._cards[index].trigger))
        self.phase = "resolving"

    def _do_DiscardTraitor(self, action: A.DiscardTraitor, events: list[E.Event]) -> None:
        self._discard.append(action.tile)
        self._release_held()
        cost = self.traitor_discard_cost()
        events.append(E.TraitorDiscarded(action.tile, cost))
        self.phase = "resolving"
        self._start_destroy(cost, Destruction.TRAITOR, "resolve", events)

    # ------------------------------------------------------- turn flow
    def _settle(self, events: list[E.Event]) -> None:
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

    def _next_turn(self, events: list[E.Event]) -> None:
        if self._turn_used:
            self._turn_used = False
            self.turn += 1
            if self.players == 2 and not self._pass_received:
                self.turn_player = 1 - self.turn_player
                events.append(E.TurnPassed(self.turn_player))
        self._pass_received = False
        self.active = self.turn_player
        self.phase = "get"






def new_game(level: str, *, seed: int, players: int = 1, variant: str = "normal",
             pantry: bool | str = False, ruleset: Ruleset | None = None) -> Game:
    """A new game at `level` ("intro" | "base" | "expert") dealt from `seed`.

    `variant` "easy" / "hard" selects the level's own variant (docs/rules.md §8); `pantry` True / "hard"
    adds the Pantry (§10); `players=2` is the hot-seat game (§9). `ruleset=None` uses the game's
    own data (levels/*.yaml, loaded by `castellion.content`).
    """
    if ruleset is None:
        ruleset = default_ruleset()
    return Game._new(ruleset, level, seed, players, variant, pantry)
