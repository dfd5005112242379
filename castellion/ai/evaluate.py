"""Pricing a castle against the Ordeals still to come, from the public view only.

`Evaluator(view).cost(castle)` is the number of tiles (weighted) the castle still needs to meet the
current Ordeal and, with less weight, the later ones; lower is better. The current Ordeal's weight
is 1; later ones count less because they are further away and the castle will change before them.
Face-down cards are priced as the average over the cards they can be (`view.possible_cards`).

Per card kind (RULES.md §5.3):
- requirement (Exams, Simulations): a plan for the formations + a complete foundation — in the
  rows that survive any Exam II still to come before it;
- foundation drop / Earthworm: the row that becomes the foundation must be full;
- Assault: the cheaper of meeting the requirement or surviving the destruction with a complete
  foundation (less 4 per Bastion, §7).
Plus the Pantry count the next encounter checks (§10) and the Prison (§8.4).
"""

from __future__ import annotations

from collections import Counter
from typing import TypedDict

from castellion.rules.castle import SIZE, Castle
from castellion.rules.game import Game
from castellion.rules.public import PublicView, unseen_counts
from castellion.rules.ruleset import ASSAULT, EARTHWORM, FOUNDATION_DROP, REQUIREMENT, OrdealCard

from .plan import FACTIONS, FILLER, Grid, Live, Plan, live_windows, missing_in_rows, plan
from .work import Work


# Per level: the weights of the current / next / last Ordeal, and the Traitor-clock urgency
# (URGENT extra per tile needed beyond EFFICIENCY × the Defenders expected before the trigger).
# Tuned on seeds 1000-1199 (the reported figures use seeds 0-199): intro went from 13.5 % with
# (1, .45, .2) and no urgency to 20 % with these; base did no better with them (30 % v 36 %
# over 100 deals), so it keeps the plain weights. Exam III's five formations need planning early.
class Tuning(TypedDict):
    later: tuple[float, ...]
    urgent: float
    efficiency: float
    tight: float
    restarts: int
    by_supply: bool  # a window no Defender still to come can finish is dead (plan.live_windows)
    supports: bool  # the cells under a window are read for R-P3 too (plan.live_windows)


TUNING: dict[str, Tuning] = {
    "intro": {"later": (1.0, 0.7, 0.5), "urgent": 4.0, "efficiency": 0.35, "tight": 0.4, "restarts": 6,
              "by_supply": True, "supports": True},
    "default": {"later": (1.0, 0.45, 0.2), "urgent": 0.0, "efficiency": 0.5, "tight": 0.4, "restarts": 6,
                "by_supply": False, "supports": False},
}  # later = weights of the current Ordeal, the next one, the one after;
# 40-deal trials of (1, .3, .1) and (1, .6, .45) at intro were no better
LINE_BONUS = 1.0  # 100 expert deals: 4 % with 1.5, 5 % with none — kept for the rule it states
LOST = 60.0  # a castle that cannot pass any more (an incomplete foundation no tile can fill)
PANTRY_NEEDED = {1: (2, 4, 6), 2: (1, 2, 3)}  # §10 (the rules' variants.PANTRY_NEEDED)


class Evaluator:
    """Prices castles for the player deciding now in `view` (see the module doc)."""

    def __init__(self, view: PublicView, player: int | None = None, work: Work | None = None) -> None:
        self.work = Work() if work is None else work  # each castle priced is one unit (work.py)

        game = view.game
        self.view = view
        self.game = game
        self.player = game.active if player is None else player
        self.current = game.current_ordeal
        self.stages: list[tuple[float, list[OrdealCard], int]] = []  # (weight, cards, drop rows before)
        self.stage_index: list[int] = []  # the Ordeal each stage is
        tuning = TUNING.get(game.level, TUNING["default"])
        later = tuning["later"]
        self.urgent = tuning["urgent"]
        self.efficiency = tuning["efficiency"]
        self.tight = tuning["tight"]
        self.restarts = tuning["restarts"]
        self.by_supply = tuning["by_supply"]
        self.supports = tuning["supports"]
        self.current_cards: list[OrdealCard] = []
        self.faces_current = True  # this player's castle is the one the current Ordeal checks
        drop = self._read_stages(view, later) if self.current is not None else 0
        self._read_supply(view)
        self.pantry_need = None
        if game.pantry_mode and self.current is not None:
            self.pantry_need = PANTRY_NEEDED[game.players][self.current]
        self.pantry_left = len(game.pantry_supply(self.player)) if game.pantry_mode else 0
        # §10: the last encounter wants every Pantry tile in the castle, and a destroyed one goes to
        # the discard pile (not the supply); an Exam II ahead destroys those in the foundation row.
        self.pantry_final = PANTRY_NEEDED[game.players][-1] if self.pantry_need is not None else 0
        self.pantry_drop = drop
        self.pantry_placed = game.castle(self.player).pantry_count() if self.pantry_need is not None else 0
        self.prison = game.variant_hooks.prison
        self.expert = game.level_spec.formation_powers
        self._size_bonus = 0.09 if self.expert else 0.03

    def _read_stages(self, view: PublicView, later: tuple[float, ...]) -> int:
        """The Ordeals this player's castle is priced for, from the current one on (`stages`);
        answers the rows an Exam II / Earthworm known ahead drops before the last of them."""
        from castellion.rules import default_ruleset

        game = self.game
        assert self.current is not None
        cards = default_ruleset().cards
        drop = 0
        faced = facers(game)
        self.faces_current = faced[0] == self.player
        for k, i in enumerate(range(self.current, len(game.ordeals))):
            ids = view.possible_cards[i]
            options = [cards[c] if c in cards else game.ordeals[i].card for c in ids]
            if game.ordeals[i].face_up or len(ids) == 1:
                options = [game.ordeals[i].card]
            if k == 0:
                self.current_cards = options
            # §9: each Ordeal checks (and an Exam II / Earthworm drops) only its facer's
            # castle, so a castle is priced for the Ordeals its player will face.
            if faced[k] != self.player:
                continue
            if k >= len(later):
                break
            self.stages.append((later[k], options, drop))
            self.stage_index.append(i)
            if len(options) == 1 and options[0].kind == FOUNDATION_DROP:
                drop += options[0].rows
        return drop

    def _read_supply(self, view: PublicView) -> None:
        """What can still come (`avail`), how scarce each faction is (`scarce`), and the
        Defenders expected before the current Ordeal triggers (`supply`)."""
        game = self.game
        counts = unseen_counts(view)
        # What can still come: the unseen Defenders and the revealed row (and, where a Chameleon
        # can fetch it, the discard pile).
        self.avail = Counter({k: v for k, v in counts.items() if not k.startswith("T")})
        self.avail.update(t.rstrip("+") for t in game.revealed)
        if game.level_spec.powers:
            self.avail.update(t.rstrip("+") for t in game.discard)
        # A faction with few tiles left is dearer to plan for.
        total = sum(v for k, v in counts.items() if not k.startswith("T")) or 1
        self.scarce: dict[str, float] = {}
        for f in FACTIONS:
            have = sum(v for k, v in counts.items() if k.startswith(f))
            share = have / total
            self.scarce[f] = 1.0 if share >= 0.2 else 1.0 + (0.2 - share) * 5
        self.supply = _supply(view)

    # ------------------------------------------------------------------ pricing
    def cost(self, castle: Castle, *, prison_tiles: int | None = None) -> float:
        self.work.spent += 1
        grid = Grid(castle)
        if self.current is None:
            return 0.0
        lives: dict[int, list[Live]] = {}
        total = 0.0
        for k, (weight, options, drop) in enumerate(self.stages):
            part = 0.0
            for card in options:
                part += self._card_cost(card, grid, drop, lives)
            part /= len(options)
            total += weight * part
            if self.stage_index[k] == self.current:
                # The Traitor clock: tiles needed beyond what is likely to come before the
                # current Ordeal triggers count extra — the castle is at risk there.
                total += self.urgent * max(0.0, part - self.efficiency * self.supply)
        if self.pantry_need is not None:
            total = self._with_pantry(total, castle, self.pantry_need)
        if self.prison:
            n = len(self.game.prison) if prison_tiles is None else prison_tiles
            total += (8 - n) * 0.45
        if self.expert and self.stages:
            # §7 Line power: each Line (up to 4) makes every later Traitor discard a tile cheaper.
            lines = sum(1 for x in self._live(grid, 0, lives) if x.filled == 4 and x.window.kind == "line")
            total -= LINE_BONUS * min(lines, 4)
        if grid.size == SIZE * SIZE and not self.faces_current:
            total += LOST / 2  # R-O2: a complete castle sets off the current Ordeal, faced by the partner
        return total - self._size_bonus * grid.size

    def _with_pantry(self, total: float, castle: Castle, need: int) -> float:
        """`total` with the Pantry's price added (§10), in the same order of additions as ever
        (a float sum's order can change a near tie, and so a move)."""
        have = castle.pantry_count()
        if have > need:
            total += LOST
        else:
            deficit = need - have
            total += deficit * 0.7 + (LOST if deficit > self.pantry_left else 0.0)
        kept = have if not self.pantry_drop else sum(
            1 for (r, _), t in castle.tiles() if t.pantry and r >= self.pantry_drop)
        # A castle priced with more Pantry tiles than the real one took them from the supply.
        left = self.pantry_left - max(0, have - self.pantry_placed)
        if kept + left < self.pantry_final:
            total += LOST / 2  # short for the last count (only a Chameleon could bring one back)
        return total

    def current_cost(self, castle: Castle) -> float:
        """Tiles still needed for the current Ordeal alone (averaged over its possible cards)."""
        if not self.stages:
            return 0.0
        self.work.spent += 1
        grid = Grid(castle)
        lives: dict[int, list[Live]] = {}
        _, options, drop = self.stages[0]
        return sum(self._card_cost(c, grid, drop, lives) for c in options) / len(options)

    def stage_costs(self, castle: Castle) -> list[tuple[int, float]]:
        """(Ordeal index, tiles still needed for it, averaged over its possible cards) for each
        Ordeal this castle is priced for: what a move gave up, Ordeal by Ordeal (the review)."""
        self.work.spent += 1
        grid = Grid(castle)
        lives: dict[int, list[Live]] = {}
        return [(i, sum(self._card_cost(c, grid, drop, lives) for c in options) / len(options))
                for i, (_, options, drop) in zip(self.stage_index, self.stages, strict=True)]

    def _live(self, grid: Grid, row: int, lives: dict[int, list[Live]]) -> list[Live]:
        if row not in lives:
            lives[row] = live_windows(grid, row, self.avail if self.by_supply else None, self.supports)
        return lives[row]

    def _foundation(self, grid: Grid, row: int, chosen: Plan | None) -> float:
        cover = {i for x, _ in chosen.chosen for i in x.missing} if chosen else None
        empty, blocked = missing_in_rows(grid, range(0, row + 1), cover)
        return empty * FILLER + blocked * LOST

    def _card_cost(self, card: OrdealCard, grid: Grid, drop: int, lives: dict[int, list[Live]]) -> float:
        if card.kind == REQUIREMENT:
            restarts = self.restarts if sum(card.requires.values()) >= 5 else 0
            p = plan(grid, card.requires, self._live(grid, drop, lives), scarce=self.scarce, tight=self.tight,
                     restarts=restarts)
            return p.cost + self._foundation(grid, drop, p)
        if card.kind in (FOUNDATION_DROP, EARTHWORM):
            lost_tiles = sum(1 for i in range(card.rows * SIZE) if grid.fac[i])
            return self._foundation(grid, drop + card.rows, None) + 0.06 * lost_tiles
        if card.kind == ASSAULT:
            p = plan(grid, card.requires, self._live(grid, drop, lives), scarce=self.scarce, tight=self.tight)
            meet = p.cost + self._foundation(grid, drop, p)
            bastions = sum(1 for x in self._live(grid, 0, lives)
                           if x.filled == 4 and x.window.kind == "bastion")
            hit = max(0, card.destroy - 4 * bastions)
            short = max(0, SIZE + hit - grid.size)
            survive = (short * FILLER * 1.2 + 0.25 * min(hit, grid.size)
                       + self._foundation(grid, drop, None) + (LOST if SIZE + hit > SIZE * SIZE else 0))
            return min(meet, survive)
        return 0.0

    # ------------------------------------------------------------------ readiness
    def passes(self, castle: Castle, card: OrdealCard) -> bool:
        """Whether `castle` meets `card` now without losing (requirement met and a complete
        foundation; for an Assault, met; for rows, the new foundation complete)."""
        from castellion.rules.ordeals import judge_ordeal

        verdict = judge_ordeal(card, castle)
        if card.kind in (FOUNDATION_DROP, EARTHWORM):
            grid = Grid(castle)
            return missing_in_rows(grid, range(0, card.rows + 1))[0] == 0
        return verdict.met and castle.foundation_complete()

    def current_options(self) -> list[OrdealCard]:
        """The cards the current Ordeal may be (whoever faces it)."""
        return self.current_cards

    def survives(self, castle: Castle, card: OrdealCard) -> bool:
        """An Assault not met leaves a complete foundation (destroying from the top)."""
        from castellion.rules.ordeals import judge_ordeal

        if self.passes(castle, card):
            return True
        if card.kind != ASSAULT:
            return False
        v = judge_ordeal(card, castle)
        return castle.foundation_complete() and len(castle) - v.destroy >= SIZE



def facers(game: Game) -> list[int]:
    """Who faces each Ordeal from the current one on: in a solo game 0; with two players the
    facer alternates (§9: the one without the Champion card faces). The first Ordeal's facer is
    chosen at its encounter; until then the computer player plans as if player 0 will face it
    (so each castle is built for its own Ordeals; `Player._choose_facer` still picks the
    readier castle then)."""
    current = game.current_ordeal
    if current is None:
        return []
    n = len(game.ordeals) - current
    if game.players == 1:
        return [0] * n
    first = game.facer
    if first is None:
        first = 0
    return [first if k % 2 == 0 else 1 - first for k in range(n)]


def _supply(view: PublicView) -> float:
    """Defenders expected before the current Ordeal triggers: the safe pile, plus the regular
    Defenders expected ahead of the Traitors still needed (k · D / (T + 1))."""
    from castellion.rules.public import traitors_before_trigger

    left = traitors_before_trigger(view.game) or 0
    regular = view.unseen["regular"]
    traitors = sum(1 for t in regular if t.startswith("T"))
    defenders = len(regular) - traitors
    ahead = defenders if left > traitors else left * defenders / (traitors + 1)
    return view.pile_size("safe") + ahead
