"""The computer player's choices, phase by phase, read from the public view only.

Each decision compares the castles the legal actions lead to with `Evaluator.cost` (tiles still
needed, see evaluate.py) and takes the cheapest; the few decisions that are about time rather than
shape — which pile to draw from, whether to face an Ordeal early, what to do with a Traitor that
would trigger an unready Ordeal — follow the Traitor clock (`traitors_before_trigger`, the odds of
a Traitor) and, where the outcome depends on hidden cards, average over the cards still possible.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from castellion.rules import actions as A
from castellion.rules.castle import Castle, Cell
from castellion.rules.formations import formation_groups
from castellion.rules.public import PublicView, traitor_discard_cost, traitor_odds, traitors_before_trigger
from castellion.rules.tiles import parse_tile

from .decision import MOVE_WORK, Decision, Reason
from .evaluate import LOST, Evaluator, facers
from .lookahead import expected_value, next_defenders
from .work import OutOfWork, Work

Scored = tuple[float, A.Action, Reason]
# A tile thrown away is a tile the castle lacks later. Measured over 40 deals (lab, seeds 0-39):
# intro 22 % at 0.2-0.4 but 10 % at 1.0; base 27 % at 1.0 but 20 % at 0.4 (powers repay discards).
DISCARD_PENALTY = {"intro": 0.3}
DISCARD_PENALTY_DEFAULT = 1.0
# The safe pile is drawn whenever the next Traitor would trigger an unready Ordeal. Keeping it
# for the finish where Traitors can be discarded (drawn only once the castle was within reach)
# lost more: 100 tuning deals, expert 5 % -> 7 % and base 49 % -> 53 % without that reserve.
# A Traitor that would not yet trigger the Ordeal is still thrown out when it destroys at most
# this many tiles (R-§6.5: 4 at most, so 4 means always): a Traitor on the clock costs about five
# regular Defenders of time (60 / 12). 100 tuning deals: expert 5 % (only when free) -> 8 % at 2
# -> 10 % at 4; base 37 % (only when free) -> 49 % at 4.
CHEAP_TRAITOR = {"expert": 4, "base": 4}
# §10: the Pantry tiles the next encounter counts are placed once this few Traitors (beyond one
# per tile still to place) would trigger it.
# (Two, measured on 40 deals: intro 4 -> 2, base 5 -> 4 wins.)
PANTRY_MARGIN = 1
# A pass (§9) costs a turn's worth of tempo for both players: it must clearly help the team.
PASS_FRICTION = 0.5
# How many of the best-priced placements / discards the one-draw look-ahead re-ranks, per level.
LOOKAHEAD = {"intro": 4}


class Player:
    """One decision for the player to act in `view` (`decide()`)."""

    def __init__(self, view: PublicView, work: Work | None = None) -> None:
        # The optional searches (the look-ahead, Pyro, Chameleon) stop once `work` is spent,
        # keeping the best complete answer (work.py): counted in evaluations, so the same view
        # and budget give the same move on any machine, however loaded.
        self.work = Work(MOVE_WORK) if work is None else work
        self.view = view
        self.game = view.game
        self.ev = Evaluator(view, work=self.work)
        self.castle = self.game.castle(self.game.active)
        self._base_cost: float | None = None
        self._pyro: tuple[float, Cell | None] | None = None

    # ---------------------------------------------------------------- helpers
    def late(self) -> bool:
        return self.work.out()

    def value(self, castle: Castle, **kw: Any) -> float:
        return -self.ev.cost(castle, **kw)

    @property
    def base_value(self) -> float:
        if self._base_cost is None:
            self._base_cost = self.ev.cost(self.castle)
        return -self._base_cost

    def placements(self, tile: str, castle: Castle | None = None) -> list[tuple[Cell, Castle]]:
        castle = self.castle if castle is None else castle
        cells = sorted(castle.legal_placements(tile)) + sorted(castle.extensions(tile))
        out = []
        for cell in cells:
            after, _ = castle.place(tile, cell)
            out.append((cell, after))
        return out

    def best_place(self, tile: str, castle: Castle | None = None) -> tuple[float, Cell | None]:
        best: tuple[float, Cell | None] = (-1e9, None)
        for cell, after in self.placements(tile, castle):
            v = self.value(after)
            if v > best[0]:
                best = (v, cell)
        return best

    def place_reason(self, tile: str, cell: Cell) -> Reason:
        after, dx = self.castle.place(tile, cell)
        at = (cell[0], cell[1] + dx)
        before = {f.cells for f in formation_groups(self.castle)}
        for f in formation_groups(after):
            if at in f.cells and f.cells not in before:
                return Reason("completes", {"formation": f.kind, "ordeal": self.game.current_ordeal,
                                            "cell": at})
        if at[0] == 0:
            return Reason("foundation", {"cell": at, "row": 0})
        return Reason("fills", {"cell": at})

    def traitors_left(self) -> int:
        return traitors_before_trigger(self.game) or 0

    def facing(self) -> tuple[Evaluator, Castle]:
        """The evaluator and castle of whoever faces the current Ordeal (§9: with two players,
        the partner's castle may be the one the clock threatens)."""
        game = self.game
        facer = facers(game)[0] if game.current_ordeal is not None else game.active
        if facer == game.active:
            return self.ev, self.castle
        return Evaluator(self.view, facer, self.work), game.castle(facer)

    def ready_now(self) -> float:
        """The share of the current Ordeal's possible cards the facing castle would pass now."""
        ev, castle = self.facing()
        options = ev.current_options()
        if not options:
            return 0.0
        return sum(1 for c in options if ev.passes(castle, c)) / len(options)

    # ---------------------------------------------------------------- decide
    def decide(self) -> Decision:
        legal = self.game.legal_actions()
        if not legal:
            raise ValueError("the game is over: there is nothing to decide")
        if len(legal) == 1:
            return Decision(legal[0], Reason("only", {"action": type(legal[0]).__name__}))
        handler = HANDLERS.get(self.game.phase)
        choice: Scored | None = handler(self, legal) if handler is not None else None
        if choice is None or choice[1] not in legal:
            choice = self._by_outcome(legal)
        return Decision(choice[1], choice[2], choice[0])

    def _by_outcome(self, legal: list[A.Action]) -> Scored:
        """Fallback for sub-steps: try each action on a determinized copy and price the castle."""
        from castellion.rules.public import sample_hidden

        best: Scored | None = None
        for action in legal:
            trial = sample_hidden(self.view, 0)
            trial.apply(action)
            v = -LOST * 2 if (trial.outcome and trial.outcome.result == "lost") else self.value(
                trial.castle(self.game.active))
            if best is None or v > best[0]:
                best = (v, action, Reason("choose", {"what": self.game.phase}))
        assert best is not None
        return best

    # -------------------------------------------------------------- phases
    def _prophet(self, legal: list[A.Action]) -> Scored:
        # §8.2: the last Ordeal is the furthest away, so its clock matters least.
        action = legal[-1]
        return (0.0, action, Reason("choose", {"what": "prophet"}))

    def _get(self, legal: list[A.Action]) -> Scored:
        game = self.game
        if A.EncounterOrdeal() in legal and self._encounter_now():
            return (self.base_value, A.EncounterOrdeal(), Reason("encounter", {"ordeal": game.current_ordeal}))
        revealed = [a for a in legal if isinstance(a, A.TakeRevealed)]
        if revealed:
            return self._take_revealed(revealed)
        pantry = [a for a in legal if isinstance(a, A.PlacePantry)]
        draws = [a for a in legal if isinstance(a, A.DrawTile)]
        if pantry and (self._pantry_due() or not draws):
            best = max(pantry, key=lambda a: self.value(self.castle.place(a.tile, a.cell)[0]))
            return (0.0, best, Reason("pantry", {"cell": best.cell, "needed": self.ev.pantry_need}))
        if draws:
            return self._draw(draws)
        return (0.0, legal[0], Reason("choose", {"what": "get"}))

    def _pantry_due(self) -> bool:
        need = self.ev.pantry_need
        if need is None:
            return False
        deficit = need - self.castle.pantry_count()
        return deficit > 0 and (self.traitors_left() <= deficit + PANTRY_MARGIN or self.ready_now() > 0)

    def _encounter_now(self) -> bool:
        preview = self.game.preview_encounter()
        if preview is not None:
            return preview
        options = self.ev.current_options()
        if not options:
            return False
        game = self.game
        everyone = [game.castle(p) for p in range(game.players)]
        need = self.ev.pantry_need
        if need is not None and any(c.pantry_count() != need for c in everyone):
            return False  # §10: every castle's Pantry count is checked after the encounter
        # A known facer's castle is the one checked (a face-down card is not previewed); before
        # the first encounter of a two-player game the facer is chosen then (§9), so a castle
        # that passes will be the one.
        facing = everyone if game.facer is None else [game.castle(game.facer)]
        return any(all(self.ev.passes(c, card) for card in options) for c in facing)

    def _draw(self, draws: list[A.DrawTile]) -> Scored:
        piles = {a.pile for a in draws}
        left = self.traitors_left()
        odds = traitor_odds(self.view)
        safe_wanted = (left <= 1 or (left <= 2 and odds >= Fraction(1, 5))) and self.ready_now() < 1
        pile = "safe" if ("safe" in piles and (safe_wanted or "regular" not in piles)) else "regular"
        return (0.0, A.DrawTile(pile), Reason("draw", {"pile": pile, "traitors_left": left,
                                                       "odds": f"{odds.numerator}/{odds.denominator}"}))

    def _take_revealed(self, options: list[A.TakeRevealed]) -> Scored:
        best: Scored | None = None
        for a in options:
            tile = parse_tile(a.tile)
            if tile.traitor:
                v = self.base_value - (30.0 if self.traitors_left() <= 1 else 2.0)
            else:
                v = self.best_place(a.tile)[0]
                v = max(v, self.base_value - 0.3)
            if best is None or v > best[0]:
                best = (v, a, Reason("take_revealed", {"tile": a.tile}))
        assert best is not None
        return best

    def _use(self, legal: list[A.Action]) -> Scored:
        held = self.game.held
        assert held is not None
        if parse_tile(held).traitor:
            return self._traitor(legal, held)
        options: list[Scored] = []
        for a in legal:
            if isinstance(a, A.PlaceTile):
                after, _ = self.castle.place(a.tile, a.cell)
                options.append((self.value(after), a, self.place_reason(a.tile, a.cell)))
            elif isinstance(a, A.DiscardTile):
                gain = self._power_value(held[0]) if self.game.level_spec.powers else 0.0
                kind = "power" if gain > 0.05 else "discard"
                penalty = DISCARD_PENALTY.get(self.game.level, DISCARD_PENALTY_DEFAULT)
                options.append((self.base_value + gain - penalty, a, Reason(kind, {"tile": held, "faction": held[0]})))
            elif isinstance(a, A.PlacePrison):
                v = self.value(self.castle, prison_tiles=len(self.game.prison) + 1)
                options.append((v, a, Reason("fills", {"prison": a.cell})))
            elif isinstance(a, A.ExchangeVigil):
                vigil = self.game.vigil
                assert vigil is not None
                v, cell = self.best_place(vigil)
                if cell is not None:
                    options.append((v - 0.1, a, Reason("choose", {"what": "vigil", "tile": vigil})))
            elif isinstance(a, A.PassTile):
                passed = self._pass_value(held)
                if passed is not None:
                    options.append((passed, a, Reason("pass", {"tile": held, "to": 1 - self.game.active})))
        if not options:
            return (0.0, legal[0], Reason("choose", {"what": "use"}))
        return self._look_ahead(options)

    def _pass_value(self, tile: str) -> float | None:
        """§9: handing `tile` to the partner, priced for the team — what the partner's castle
        gains by its best placement, less what the tile this castle must lose costs it (at the
        introductory level only a tile with nothing on top). Both castles are priced in the same
        unit (tiles still needed), so the gain and the loss compare."""
        partner = 1 - self.game.active
        theirs = self.game.castle(partner)
        ev = Evaluator(self.view, partner, self.work)
        cells = theirs.legal_placements(tile) | theirs.extensions(tile)
        if not cells:
            return None
        before = ev.cost(theirs)
        gain = before - min(ev.cost(theirs.place(tile, cell)[0]) for cell in cells)
        if gain <= PASS_FRICTION:
            return None
        victims = self.castle.destroyable() if self.game.level_spec.powers else self.castle.movable()
        victims = {c for c in victims if not _is_pawn(self.castle, c)}
        if not victims:
            return None
        after = max(self.value(self.castle.destroy(c)) for c in victims)
        return after + gain - PASS_FRICTION

    def _next_pile(self) -> tuple[str, ...]:
        """The pile(s) the next Defender likely comes from: the safe pile while the next Traitor
        would trigger the current Ordeal (see `_draw`), else the regular pile."""
        if self.view.pile_size("safe") and self.traitors_left() <= 1:
            return ("safe",)
        if self.view.pile_size("regular"):
            return ("regular",)
        return ("regular", "safe")

    def _look_ahead(self, options: list[Scored]) -> Scored:
        """Re-rank the best few placements / discards by the value after the next Defender
        (lookahead.py); the rest keep their static rank below them."""
        k = LOOKAHEAD.get(self.game.level, 0)
        options.sort(key=lambda s: -s[0])
        if k <= 1 or len(options) < 2 or self.game.players == 2:
            return options[0]
        mix = next_defenders(self.view, self._next_pile())
        penalty = DISCARD_PENALTY.get(self.game.level, DISCARD_PENALTY_DEFAULT)
        best: Scored | None = None
        for static, action, reason in options[:k]:
            try:
                if isinstance(action, A.PlaceTile):
                    after = self.castle.place(action.tile, action.cell)[0]
                    v = expected_value(after, mix, self.value, penalty, self.work)
                elif isinstance(action, A.DiscardTile):
                    v = expected_value(self.castle, mix, self.value, penalty, self.work) + (static - self.base_value)
                else:
                    continue
            except OutOfWork:
                break  # this candidate's expectation is incomplete: the ones already priced decide
            if best is None or v > best[0]:
                best = (v, action, reason)
        return best if best is not None else options[0]

    # -------------------------------------------------------------- Traitors
    def _traitor(self, legal: list[A.Action], held: str) -> Scored:
        game = self.game
        index = game.current_ordeal
        left = self.traitors_left()
        place = A.PlaceTraitor(held)
        if left > 1:
            cost = traitor_discard_cost(game)
            size = len(self.castle)
            # A pawn's tile must never be among those destroyed (R-§8.5): keep a margin.
            pawn_safe = self.castle.pawn_cell() is None or size >= (cost or 0) + 6
            cheap = CHEAP_TRAITOR.get(game.level, 0)
            if game.players == 2 and self.ev.faces_current:
                cheap = 1  # §9: half the tiles come to each castle; the facing one cannot spare four
            if A.DiscardTraitor(held) in legal and cost is not None and pawn_safe and (
                    min(cost, size) <= cheap):
                return (self.base_value, A.DiscardTraitor(held),
                        Reason("traitor_discard", {"cost": min(cost, size), "ordeal": index}))
            return (self.base_value, place, Reason("traitor_place", {"ordeal": index, "traitors_left": left}))
        # Placing it triggers the current Ordeal now.
        ev, facing = self.facing()
        options = ev.current_options()
        loss = sum(1 for c in options if not ev.survives(facing, c)) / max(1, len(options))
        clean = self.ready_now()
        if clean == 1.0:
            return (self.base_value, place, Reason("traitor_place", {"ordeal": index, "traitors_left": left}))
        scored: list[Scored] = [(self.base_value - 100 * loss - 3 * (1 - clean), place,
                                 Reason("traitor_place", {"ordeal": index, "traitors_left": left}))]
        if A.UsePremonition(held) in legal:
            scored.append((self.base_value - 0.5, A.UsePremonition(held), Reason("premonition", {"ordeal": index})))
        if A.DiscardTraitor(held) in legal:
            cost = min(traitor_discard_cost(game) or 0, len(self.castle))  # R-D4: all, if fewer
            scored.append((self._after_destroying(cost) - 0.2, A.DiscardTraitor(held),
                           Reason("traitor_discard", {"cost": cost, "ordeal": index})))
        for a in legal:
            if isinstance(a, A.PlaceGuardian):
                pawned = self._with_pawn(a.cell)
                scored.append((self.value(pawned) - 1.0, a, Reason("guardian", {"ordeal": index, "cell": a.cell})))
        return max(scored, key=lambda s: s[0])

    def _with_pawn(self, cell: Cell) -> Castle:
        tile = self.castle.tile_at(cell)
        assert tile is not None
        return self.castle.lift(cell).place(tile.with_pawn(True), cell)[0]

    def _after_destroying(self, count: int) -> float:
        castle = self.castle
        for _ in range(min(count, len(castle))):
            cells = [c for c in castle.destroyable() if not _is_pawn(castle, c)]
            if not cells:
                return -LOST * 2
            castle = min((castle.destroy(c) for c in cells), key=self.ev.cost)
        return self.value(castle)

    # -------------------------------------------------------------- powers
    def _power_value(self, faction: str) -> float:
        """How much better the castle gets (in cost) by the power of a discarded `faction`."""
        base = self.base_value
        if faction == "J":
            pairs = self.castle.swappable_pairs()
            if not pairs:
                return 0.0
            return max(0.0, max(self.value(self.castle.swap(a, b)) for a, b in pairs) - base)
        if faction == "C":
            if self.game.held_from == "discard":
                return 0.0  # a Chameleon's tile passed on to another Chameleon could go round forever
            source = self.game.held or self.game.power_faction_tile
            if source is None:
                return 0.0
            shape = parse_tile(source).shape
            # In the power phase the Chameleon itself lies on top of the pile and cannot be taken.
            pool = self.game.discard if self.game.held else self.game.discard[:-1]
            seen: set[str] = set()
            best = 0.0
            for code in pool:
                t = parse_tile(code)
                if t.defender and t.shape is shape and code not in seen:
                    seen.add(code)
                    best = max(best, self.best_place(code)[0] - base)
                    if self.late():
                        break
            return best
        if faction == "P":
            return max(0.0, self._pyro_best()[0] - base)
        return 0.0  # Seer: information only — not worth the tile by this evaluation

    def _pyro_best(self) -> tuple[float, Cell | None]:
        """Destroy, then move (§6 Pyro): the destructions that hurt least are tried with every
        move of their castle. Only a few are tried: this is the costliest question asked."""
        if self._pyro is not None:
            return self._pyro
        first = []
        for cell in sorted(self.castle.destroyable()):
            if not _is_pawn(self.castle, cell):
                after = self.castle.destroy(cell)
                first.append((self.value(after), cell, after))
            if self.late():
                break
        first.sort(key=lambda x: -x[0])
        best: tuple[float, Cell | None] = (-1e9, None)
        for v, cell, after in first[:3]:
            moves = [(s, d) for s in after.movable() for d in after.move_targets(s)]
            for s, d in moves[:30]:
                v = max(v, self.value(after.move(s, d)[0]))
                if self.late():
                    break
            if v > best[0]:
                best = (v, cell)
        self._pyro = best
        return best

    def _power(self, legal: list[A.Action]) -> Scored:
        faction = self.game.power_faction or ""
        gain = self._power_value(faction)
        if gain > 0.05:
            return (self.base_value + gain, A.UsePower(faction), Reason("power", {"faction": faction}))
        return (self.base_value, A.SkipPower(faction), Reason("skip_power", {"faction": faction}))

    def _juggler(self, legal: list[A.Action]) -> Scored:
        return max(((self.value(self.castle.swap(a.a, a.b)), a, Reason("choose", {"what": "juggler"}))
                    for a in legal if isinstance(a, A.SwapTiles)), key=lambda s: s[0])

    def _seer(self, legal: list[A.Action]) -> Scored:
        piles = [a for a in legal if isinstance(a, A.RevealTile)]
        pick = next((a for a in piles if a.pile == "safe"), piles[0])
        return (0.0, pick, Reason("choose", {"what": "seer", "pile": pick.pile}))

    def _chameleon(self, legal: list[A.Action]) -> Scored:
        best: Scored | None = None
        for a in legal:
            if not isinstance(a, A.TakeFromDiscard):
                continue
            t = parse_tile(a.tile)
            v = self.base_value + (1.0 if t.pantry else 0.0) if t.pantry else self.best_place(a.tile)[0]
            if best is None or v > best[0]:
                best = (v, a, Reason("choose", {"what": "chameleon", "tile": a.tile}))
        assert best is not None
        return best

    def _pyro_destroy(self, legal: list[A.Action]) -> Scored:
        v, cell = self._pyro_best()
        action = A.DestroyTile(cell) if cell is not None else legal[0]
        return (v, action, Reason("destroy", {"cell": cell}))

    def _pyro_move(self, legal: list[A.Action]) -> Scored:
        return max(((self.value(self.castle.move(a.src, a.dst)[0]), a, Reason("choose", {"what": "pyro_move"}))
                    for a in legal if isinstance(a, A.MoveTile)), key=lambda s: s[0])

    def _destroy(self, legal: list[A.Action]) -> Scored:
        best: Scored | None = None
        for a in legal:
            if not isinstance(a, A.DestroyTile):
                continue
            v = -LOST * 3 if _is_pawn(self.castle, a.cell) else self.value(self.castle.destroy(a.cell))
            if best is None or v > best[0]:
                best = (v, a, Reason("destroy", {"cell": a.cell}))
        assert best is not None
        return best

    def _tower_reveal(self, legal: list[A.Action]) -> Scored:
        # The soonest face-down Ordeal is the one whose card changes the plan most.
        return (0.0, legal[0], Reason("choose", {"what": "tower_reveal"}))

    def _choose_facer(self, legal: list[A.Action]) -> Scored:
        best: Scored | None = None
        for a in legal:
            if not isinstance(a, A.ChooseFacer):
                continue
            ev = Evaluator(self.view, a.player, self.work)
            castle = self.game.castle(a.player)
            options = ev.current_options()
            ok = sum(1 for c in options if ev.passes(castle, c))
            v = ok * 10 - ev.cost(castle)
            if best is None or v > best[0]:
                best = (v, a, Reason("choose", {"what": "facer", "player": a.player}))
        assert best is not None
        return best

    def _intruder(self, legal: list[A.Action]) -> Scored:
        return max(((self.value(self._with_pawn(a.cell)), a, Reason("choose", {"what": "intruder"}))
                    for a in legal if isinstance(a, A.PlaceIntruder)), key=lambda s: s[0])


# Each phase that asks the player something, and the method that answers it. A phase not listed
# (a sub-step a future rule adds) falls back to `_by_outcome`, so the table is the one place to
# look when a phase is added; a test checks it names every phase the rules can ask about.
HANDLERS: dict[str, Callable[[Player, list[A.Action]], Scored]] = {
    "prophet": Player._prophet,
    "get": Player._get,
    "use": Player._use,
    "power": Player._power,
    "juggler": Player._juggler,
    "seer": Player._seer,
    "chameleon": Player._chameleon,
    "pyro_destroy": Player._pyro_destroy,
    "pyro_move": Player._pyro_move,
    "destroy": Player._destroy,
    "tower_reveal": Player._tower_reveal,
    "choose_facer": Player._choose_facer,
    "intruder": Player._intruder,
}


def _is_pawn(castle: Castle, cell: Cell) -> bool:
    t = castle.tile_at(cell)
    return t is not None and t.pawn
