"""One game of Castellion: state, legal actions and their effects (docs/rules.md §4–11).

The state is plain data (lists, dicts, strings, ints, immutable castles) that `to_dict()` turns into
JSON. Every choice a player makes — including the sub-steps of powers, destructions, variants and
the two-player game — is an action from `legal_actions()`, and `apply()` is the only way to change
the game.

Phases (`phase.Phase`; what each allows is the table in `moves.py`):
  prophet       set-up of the Prophet variant: choose the Ordeal the pawn stands beside (§8.2)
  get           draw, take a revealed tile, place a Pantry tile, encounter early (R-O3), hand
                over the Champion card (§9)
  use           place / discard / pass the held Defender (or put it in the Prison, exchange it with
                the Vigil), place / discard the held Traitor (or use the Premonition / Guardian);
                encounter early (R-O3 "at any time": the tile stays in hand meanwhile)
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

`Game` is `state.GameState` (every attribute of the state, with its type, and the read-only
views of it) plus this module: the public face, the table `HANDLERS` from action type to the
function that performs it, and the turn flow. The parts are plain functions over the state, one
job each: `moves` (what each phase allows, and why not), `powers` (§6), `destruction` (R-D),
`variants` (§8–10), `encounters` (§5) and `snapshot` (to_dict / from_dict / copy).

Internally a handler sets `phase = Phase.RESOLVING` when it needs no further decision, and
`_settle` then runs the automatic steps (ordeal triggers, encounters, the next turn) until a
player has a decision to make.

>>> game = new_game("base", seed=7)
>>> game.phase, game.legal_actions()[:2]
(<Phase.GET: 'get'>, [DrawTile(pile='regular'), DrawTile(pile='safe')])
>>> events = game.apply(A.DrawTile("regular"))
>>> game.phase, game.held is not None
(<Phase.USE: 'use'>, True)
>>> why = game.refusal(A.DrawTile("regular"))  # one tile a turn: the drawn one is used first
>>> why.rule, why.why, why.phase
('R-§4', <Why.NOT_NOW: 'not_now'>, 'use')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Self

from . import actions as A
from . import destruction, encounters, moves, powers, snapshot, variants
from . import events as E
from .castle import Castle, Cell, format_castle
from .defaults import default_ruleset
from .errors import IllegalAction
from .formations import formations
from .options import PLAIN, PantryMode, hooks_of
from .phase import DECISIONS, Phase
from .reasons import Destruction, PowerEnd, Refusal, Result
from .rng import SEED_MAX, SEED_MIN, SeededRandom, normal_seed
from .ruleset import LevelSpec, Ruleset
from .snapshot import SNAPSHOT_FORMAT
from .state import PANTRY_NEEDED, PILES, PRISON_RING, GameState
from .variants import INTRUDER_MIN_TILES
from .views import OrdealView, Outcome

TRAITOR_DISCARD_COST = 4  # R-§6.5

__all__ = ["DECISIONS", "SNAPSHOT_FORMAT", "PANTRY_NEEDED", "PILES", "PRISON_RING", "Game",
           "OrdealView", "Outcome", "Phase", "new_game", "normal_options"]


class Game(GameState):
    """A game in progress. Create one with `new_game`; change it only through `apply`."""

    # ---------------------------------------------------------------- set-up
    @classmethod
    def _new(cls, ruleset: Ruleset, level: str, seed: int, players: int, variant: str,
             pantry: bool | str) -> Game:
        spec = _checked_options(ruleset, level, seed, players, variant, pantry)
        game = cls()
        game.options = {"level": level, "seed": seed, "players": players, "variant": variant,
                        "pantry": pantry}
        game.level_spec = spec
        game.variant_id = None if variant == PLAIN else variant
        rng = SeededRandom.from_seed(seed)
        _deal(game, ruleset, spec, rng)
        game._rng = rng
        game._castles = [Castle.empty() for _ in range(players)]
        _set_up_variant(game)
        return game

    # ------------------------------------------------------- legal actions
    def legal_actions(self) -> list[A.Action]:
        """Every action allowed now, in a deterministic order (empty once the game is over)."""
        if self._legal_cache is None:
            self._legal_cache = moves.legal_actions(self)
        return list(self._legal_cache)

    def is_legal(self, action: A.Action) -> bool:
        if self._legal_cache is None:
            self._legal_cache = moves.legal_actions(self)
        return action in self._legal_cache

    def refusal(self, action: A.Action) -> Refusal | None:
        """Why `action` is not allowed now (a `Refusal`: rule id and parameters), or None when it
        is legal. Never changes the game and never plays the action through.

        >>> game = new_game("intro", seed=1)
        >>> game.refusal(A.DrawTile("regular")) is None
        True
        >>> game.refusal(A.DrawTile("attic")).describe()
        "R-§4 no_such_pile (pile='attic', action='DrawTile')"
        """
        return moves.refusal(self, action)

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

    # --------------------------------------------------------------- apply
    def apply(self, action: A.Action) -> list[E.Event]:
        """Perform `action`; returns the events it caused.

        Raises `IllegalAction` (a ValueError) naming the rule when `action` is not legal now; the
        game is unchanged then.
        """
        if not self.is_legal(action):
            why = self.refusal(action)
            assert why is not None  # the legal list is what the same checks let through
            raise IllegalAction(why, castle_text=format_castle(self.castle(self.active)))
        self._legal_cache = None
        self._history.append(action)
        events: list[E.Event] = []
        HANDLERS[type(action)](self, action, events)
        self._settle(events)
        self._legal_cache = None
        return events

    def traitor_discard_cost(self) -> int:
        """Castle tiles to destroy for discarding a Traitor now (R-§6.5: 4, less 1 per Line at
        the expert level, §7), before R-D4 (a castle with fewer tiles loses them all)."""
        return traitor_discard_cost(self)

    def prison_error(self, cell: Cell, tile: str | None = None) -> Refusal | None:
        """Why `tile` (default: the held tile) may not go to prison cell `cell`; None when it may."""
        return variants.prison_error(self, cell, tile)

    # ------------------------------------------------------ persistence
    def to_dict(self) -> dict[str, Any]:
        """A JSON-able snapshot of the whole game (rng state included)."""
        return snapshot.to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Inverse of `to_dict`; raises ValueError on data that is not a Castellion game."""
        return snapshot.from_dict(cls(), data)

    def copy(self) -> Self:
        return snapshot.copy(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<Game {self.level} seed={self.seed} turn={self.turn} phase={self.phase} "
                f"held={self.held}>")

    # ------------------------------------------------------- turn flow
    def _settle(self, events: list[E.Event]) -> None:
        """Run the automatic steps until a player has a decision to make."""
        while self.phase is Phase.RESOLVING:
            if self._outcome is not None:
                self.phase = Phase.OVER
            elif self._encounter is not None:
                # Before the tile in hand: an early encounter (R-O3) may be met with a tile in
                # hand, which is used once the encounter is over.
                encounters.continue_encounter(self, events)
            elif self.held is not None:
                self.phase = Phase.USE  # a Chameleon handed over a tile, or an encounter ended
            elif self._tower_pending:
                self.phase = Phase.TOWER_REVEAL
            elif self._intruder_due and len(self.castle(self.active)) >= INTRUDER_MIN_TILES:
                self.phase = Phase.INTRUDER
            else:
                trigger = encounters.trigger(self)
                if trigger is not None:
                    encounters.start_encounter(self, *trigger)
                else:
                    self._next_turn(events)
        if self._outcome is not None:
            self.phase = Phase.OVER

    def _next_turn(self, events: list[E.Event]) -> None:
        if self._turn_used:
            self._turn_used = False
            self.turn += 1
            if self.players == 2 and not self._pass_received:
                self.turn_player = 1 - self.turn_player
                events.append(E.TurnPassed(self.turn_player))
        self._pass_received = False
        self.active = self.turn_player
        self.phase = Phase.GET


# ---------------------------------------------------------------- set-up
def _checked_options(ruleset: Ruleset, level: str, seed: int, players: int, variant: str,
                     pantry: bool | str) -> LevelSpec:
    """The level's spec, once every option of `new_game` is known to be one it takes — of the
    rules' own type, not one that merely compares equal (a Pantry of 0, 1.0 players, a seed
    `True`): the options are a game's identity (its statistics record, its daily deal), so one
    game has one spelling of them. Raises `ValueError` naming the option."""
    if type(level) is not str:
        raise ValueError(f"the level must be a level id, not {level!r}")
    if type(seed) is not int:
        raise ValueError(f"the seed must be an integer, got {seed!r}")
    if not SEED_MIN <= seed <= SEED_MAX:
        raise ValueError(f"the seed must be an integer from {SEED_MIN} to {SEED_MAX}, got {seed!r}")
    spec = ruleset.level(level)
    if type(players) is not int or players not in (1, 2):
        raise ValueError(f"Castellion is played by 1 or 2 players, not {players!r}")
    if type(variant) is not str or (variant != PLAIN and variant not in spec.variants):
        raise ValueError(f"level {level!r} has no variant {variant!r}; it has "
                         f"{', '.join(repr(v) for v in (PLAIN, *spec.variant_ids()))}")
    PantryMode.of(pantry)  # raises ValueError naming the option
    if variant != PLAIN:
        hooks_of(variant)  # a variant the rules know
    return spec


def normal_options(options: Mapping[str, object]) -> dict[str, object]:
    """A game's options in the one form that names its deal and set-up: the five options of
    `new_game` with their defaults filled in, the seed as the deal it names (`rng.normal_seed`).
    Two games whose normal options are equal are dealt and played by the same rules (pure; the
    options are expected valid — `Game.options` is).

    >>> normal_options({"level": "intro", "seed": 7 - 2**64})
    {'level': 'intro', 'seed': 7, 'players': 1, 'variant': 'normal', 'pantry': False}
    """
    seed = options.get("seed", 0)
    return {"level": options.get("level"), "seed": normal_seed(seed) if type(seed) is int else seed,
            "players": options.get("players", 1), "variant": options.get("variant", PLAIN),
            "pantry": options.get("pantry", False)}


def _deal(game: Game, ruleset: Ruleset, spec: LevelSpec, rng: SeededRandom) -> None:
    """Shuffle the two piles and draw the Ordeals (docs/rules.md §3), in the seed's order."""
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
    if game.pantry_mode:
        shapes = ["*" + s for s in ts.pantry_shapes]
        # Two players keep 3 each: one of every shape (§10).
        game._pantry = [shapes] if game.players == 1 else [shapes[0::2], shapes[1::2]]
    else:
        game._pantry = [[] for _ in range(game.players)]


def _set_up_variant(game: Game) -> None:
    """What the variant puts on the table before the first turn (§8)."""
    hooks = game.variant_hooks
    if hooks.vigil:
        game.vigil = game._piles["safe"].pop()
    if hooks.prophet:
        game.phase = Phase.PROPHET
    if hooks.premonition:
        game.premonition_available = True
    if hooks.guardian:
        game.pawn_available = True


def traitor_discard_cost(g: GameState) -> int:
    cost = TRAITOR_DISCARD_COST
    if g.level_spec.formation_powers:
        # Line power (§7): each Line makes the discard one tile cheaper.
        cost = max(0, cost - formations(g.castle(g.active))["line"])
    return cost


# ------------------------------------------------------- get a tile
def draw_tile(g: GameState, action: A.DrawTile, events: list[E.Event]) -> None:
    tile = g._piles[action.pile].pop()
    events.append(E.TileDrawn(action.pile, tile))
    g._hold(tile, action.pile)


def take_revealed(g: GameState, action: A.TakeRevealed, events: list[E.Event]) -> None:
    tile = g._revealed.pop(action.index)
    events.append(E.TileDrawn("revealed", tile))
    g._hold(tile, "revealed")


# ----------------------------------------------------------- use it
def place_tile(g: GameState, action: A.PlaceTile, events: list[E.Event]) -> None:
    castle, dx = g.castle(g.active).place(action.tile, action.cell)
    cell = (action.cell[0], action.cell[1] + dx)
    g._castles[g.active] = castle
    g._release_held()
    if dx:
        events.append(E.CastleShifted(g.active, dx))
    events.append(E.TilePlaced(g.active, cell, action.tile))
    powers.check_tower(g, cell)
    g.phase = Phase.RESOLVING


def discard_tile(g: GameState, action: A.DiscardTile, events: list[E.Event]) -> None:
    g._discard.append(action.tile)
    g._release_held()
    events.append(E.TileDiscarded(action.tile))
    g.phase = Phase.RESOLVING
    if not g.level_spec.powers:
        return
    faction = action.tile[0]
    g.power_faction = faction
    g.power_faction_tile = action.tile
    if powers.power_possible(g, faction):
        g.phase = Phase.POWER
        events.append(E.PowerOffered(faction))
    else:
        events.append(E.PowerEnded(faction, PowerEnd.NOTHING_TO_DO))
        powers.end_power(g)


def place_traitor(g: GameState, action: A.PlaceTraitor, events: list[E.Event]) -> None:
    index = g.current_ordeal
    assert index is not None
    g._traitors[index].append(action.tile)
    g._release_held()
    events.append(E.TraitorPlaced(index, action.tile, g.ordeals[index].count,
                                  g._cards[index].trigger))
    g.phase = Phase.RESOLVING


def discard_traitor(g: GameState, action: A.DiscardTraitor, events: list[E.Event]) -> None:
    g._discard.append(action.tile)
    g._release_held()
    cost = traitor_discard_cost(g)
    events.append(E.TraitorDiscarded(action.tile, cost))
    g.phase = Phase.RESOLVING
    destruction.start_destroy(g, cost, Destruction.TRAITOR, "resolve", events)


Handler = Callable[[GameState, Any, list[E.Event]], None]

#: Which function performs each action type (its checks are in `moves.PHASES`).
HANDLERS: dict[type[A.Action], Handler] = {
    A.DrawTile: draw_tile, A.TakeRevealed: take_revealed, A.PlaceTile: place_tile,
    A.DiscardTile: discard_tile, A.PlaceTraitor: place_traitor, A.DiscardTraitor: discard_traitor,
    A.UsePower: powers.use_power, A.SkipPower: powers.skip_power, A.SwapTiles: powers.swap_tiles,
    A.RevealTile: powers.reveal_tile, A.TakeFromDiscard: powers.take_from_discard,
    A.MoveTile: powers.move_tile, A.RevealOrdeal: powers.reveal_ordeal,
    A.DestroyTile: destruction.destroy_tile, A.EncounterOrdeal: encounters.encounter_ordeal,
    A.ChooseProphetOrdeal: variants.choose_prophet_ordeal, A.ExchangeVigil: variants.exchange_vigil,
    A.UsePremonition: variants.use_premonition, A.PlacePrison: variants.place_prison,
    A.PlaceGuardian: variants.place_guardian, A.PlaceIntruder: variants.place_intruder,
    A.PlacePantry: variants.place_pantry, A.PassTile: variants.pass_tile,
    A.ChooseFacer: variants.choose_facer, A.HandChampion: variants.hand_champion,
}


def new_game(level: str, *, seed: int, players: int = 1, variant: str = PLAIN,
             pantry: bool | str = False, ruleset: Ruleset | None = None) -> Game:
    """A new game at `level` ("intro" | "base" | "expert") dealt from `seed`.

    `variant` names one of the level's variants by its id (docs/rules.md §8; `game.variant_id`),
    or `options.PLAIN` for none; `pantry` True / "hard"
    adds the Pantry (§10); `players=2` is the hot-seat game (§9). `ruleset=None` uses the game's
    own data (levels/*.yaml, loaded by `castellion.content`).
    """
    if ruleset is None:
        ruleset = default_ruleset()
    return Game._new(ruleset, level, seed, players, variant, pantry)
