"""The listening player's judgement (tests/spoken_player.py): what it makes of what it heard.

Everything here is built from sentences: the castle from "Pyro triangle placed at row 1, column
1", "The castle slides 1 column to the right", "The bottom row is destroyed"; the tiles still to
come from "Drawn from the regular pile: …" (a player knows the box: 6 of each Defender, 12
Traitors); the Ordeals, their Traitors and their needs from O ("Ordeal 1, Exam I, current: 2 of 5
Traitors. It needs 1 Tower + 1 Bastion + 1 Line …", Exam II's printed text); the piles from A.
Nothing is read from the game.

To weigh a castle it uses what a player who knows the rules would: the placement rules (the
rules' `Castle` built from its own memory) and the fair computer player's way of counting the
tiles a castle still lacks for the Ordeals to come (`castellion.ai.plan`: where each formation
asked for can still go, the foundation, the rows Exam II leaves), fed only with what it heard.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from castellion.ai.plan import FACTIONS, FILLER, SHAPES, Grid, live_windows, missing_in_rows, plan
from castellion.rules.castle import SIZE, Castle
from castellion.rules.tiles import parse_tile
from castellion.ui.rules_text import count_text, tile_name
from castellion.ui.text import t

Cell = tuple[int, int]
KINDS = ("tower", "bastion", "line")
COPIES = 6  # of each Defender in the box (docs/rules.md §1)
TRAITORS = 12
# The weights of the current Ordeal and the ones after it, the Traitor clock's urgency and how
# many of the Defenders still to come before the trigger count as usable: the fair player's intro
# tuning (castellion/ai/evaluate.py), which the listener plays by as a player follows a method.
LATER = (1.0, 0.7, 0.5)
URGENT = 4.0
EFFICIENCY = 0.35
TIGHT = 0.4
RESTARTS = 6
LOST = 60.0
DISCARD = 0.3  # a Defender thrown away is one the castle lacks later
SIZE_BONUS = 0.03
LOOKAHEAD = 4  # the best few cells re-ranked by the next Defender (the fair player's one draw ahead)


@dataclass
class Ordeal:
    """One Ordeal as O said it."""

    name: str
    count: int = 0
    trigger: int = 0
    needs: dict[str, int] = field(default_factory=dict)
    drops: int = 0  # rows its encounter destroys (Exam II: 1)
    met: bool = False
    passed: bool = False
    current: bool = False


class Sense:
    """The listener's memory and judgement (see the module docstring)."""

    def __init__(self) -> None:
        self.cells: dict[Cell, str] = {}  # cell → tile code ("Pt")
        self.drawn: Counter[str] = Counter()  # Defenders seen drawn, by code
        self.drawn_safe: Counter[str] = Counter()  # of them, those from the safe pile
        self.traitors_drawn = 0
        self.ordeals: list[Ordeal] = []
        self.foundation = 0
        self.piles: dict[str, int] = {}  # "regular" / "safe" → tiles left, as A said
        self.codes = {tile_name(f + s): f + s for f in FACTIONS for s in SHAPES}
        self.traitor_names = {tile_name("T"), tile_name("T!")}
        self.counts = {count_text(k, n): (k, n) for k in KINDS for n in range(1, 7)}
        self.join = t("rules.need.join")
        self.drop_text = t("card.exam-2.text")

    # ------------------------------------------------------------- the castle heard
    def placed(self, tile: str, cell: Cell) -> None:
        if tile in self.codes:
            self.cells[cell] = self.codes[tile]

    def slid(self, dx: int) -> None:
        self.cells = {(r, c + dx): code for (r, c), code in self.cells.items()}

    def rows_destroyed(self, rows: int) -> None:
        self.cells = {(r - rows, c): code for (r, c), code in self.cells.items() if r >= rows}

    def destroyed(self, cell: Cell) -> None:
        r, c = cell
        self.cells = {(rr - 1 if cc == c and rr > r else rr, cc): code
                      for (rr, cc), code in self.cells.items() if (rr, cc) != cell}

    def drew(self, tile: str, safe: bool) -> None:
        if tile in self.codes:
            self.drawn[self.codes[tile]] += 1
            if safe:
                self.drawn_safe[self.codes[tile]] += 1
        elif tile in self.traitor_names:
            self.traitors_drawn += 1

    def castle(self) -> Castle:
        tiles = [None] * (SIZE * SIZE)
        for (r, c), code in self.cells.items():
            tiles[r * SIZE + c] = parse_tile(code)
        return Castle(tiles)

    # ------------------------------------------------------------- the Ordeals heard (O)
    def heard_ordeals(self, said: list[str], line: re.Pattern[str], passed: re.Pattern[str],
                      foundation: re.Pattern[str]) -> None:
        out: list[Ordeal] = []
        for text in said:
            if m := passed.match(text):
                out.append(Ordeal(m["name"], passed=True))
                continue
            if m := foundation.match(text):
                self.foundation = int(m["n"])
                continue
            m = line.match(text.split(". ")[0] + ".")
            if not m:
                continue
            o = Ordeal(m["name"], int(m["count"]), int(m["trigger"]), current=bool(m["state"]))
            tail = text[len(m.group(0)):].strip()
            o.drops = 1 if self.drop_text and self.drop_text in tail else 0
            o.needs = self._needs(tail)
            o.met = bool(o.needs) and tail.rstrip(".").endswith(self._met_word())
            out.append(o)
        if out:
            self.ordeals = out

    def _met_word(self) -> str:
        return t("speech.ordeal.met", need="\x00", have="\x00").split("\x00")[-1].rstrip(".")

    def _needs(self, tail: str) -> dict[str, int]:
        """{kind: n} from "It needs 1 Tower + 1 Bastion + 1 Line; the castle has …"."""
        head, middle, _ = t("speech.ordeal.met", need="\x00", have="\x00").split("\x00")
        if not tail.startswith(head):
            return {}
        out = {}
        for piece in tail[len(head):].split(middle)[0].split(self.join):
            if piece.strip() in self.counts:
                kind, n = self.counts[piece.strip()]
                out[kind] = n
        return out

    # ------------------------------------------------------------- judgement
    def current(self) -> Ordeal | None:
        return next((o for o in self.ordeals if o.current), None)

    def traitors_left(self) -> int:
        o = self.current()
        return o.trigger - o.count if o is not None else 0

    def unseen(self) -> Counter[str]:
        return Counter({f + s: COPIES - self.drawn[f + s] for f in FACTIONS for s in SHAPES
                        if COPIES - self.drawn[f + s] > 0})

    def ready(self) -> bool:
        """Whether the castle would pass the current Ordeal now."""
        o = self.current()
        if o is None:
            return True
        grid = Grid(self.castle())
        if o.drops:
            return missing_in_rows(grid, range(0, o.drops + 1))[0] == 0
        return o.met and missing_in_rows(grid, range(0, 1))[0] == 0

    def safe_wanted(self) -> bool:
        """The safe pile (no Traitor in it) while the next Traitor or two would set off an
        Ordeal the castle is not ready for — the fair player's clock."""
        if not self.piles.get("safe"):
            return False
        left = self.traitors_left()
        regular = self.piles.get("regular", 0)
        traitors = TRAITORS - self.traitors_drawn
        odds = traitors / regular if regular else 0.0
        return (left <= 1 or (left <= 2 and odds >= 0.2)) and not self.ready()

    def supply(self) -> float:
        """Defenders expected before the current Ordeal triggers."""
        left = self.traitors_left()
        regular = self.piles.get("regular", 0)
        traitors = TRAITORS - self.traitors_drawn
        defenders = max(0, regular - traitors)
        ahead = defenders if left > traitors else left * defenders / (traitors + 1)
        return self.piles.get("safe", 0) + ahead

    def cost(self, castle: Castle) -> float:
        """Tiles the castle still lacks for the Ordeals to come, weighted (lower is better)."""
        grid = Grid(castle)
        avail = self.unseen()
        total_unseen = sum(avail.values()) or 1
        scarce = {}
        for f in FACTIONS:
            share = sum(v for k, v in avail.items() if k[0] == f) / total_unseen
            scarce[f] = 1.0 if share >= 0.2 else 1.0 + (0.2 - share) * 5
        supply = self.supply()
        total = 0.0
        drop = 0
        stage = 0
        for o in self.ordeals:
            if o.passed:
                continue
            weight = LATER[min(stage, len(LATER) - 1)]
            if o.drops:
                lost = sum(1 for i in range(o.drops * SIZE) if grid.fac[i])
                empty, blocked = missing_in_rows(grid, range(0, drop + o.drops + 1))
                part = empty * FILLER + blocked * LOST + 0.06 * lost
            else:
                live = live_windows(grid, drop, avail, True)
                p = plan(grid, o.needs, live, scarce=scarce, tight=TIGHT,
                         restarts=RESTARTS if sum(o.needs.values()) >= 5 else 0)
                cover = {i for x, _ in p.chosen for i in x.missing}
                empty, blocked = missing_in_rows(grid, range(0, drop + 1), cover)
                part = p.cost + empty * FILLER + blocked * LOST
            total += weight * part
            if stage == 0:
                total += URGENT * max(0.0, part - EFFICIENCY * supply)
            drop += o.drops
            stage += 1
        return total - SIZE_BONUS * grid.size

    def next_mix(self) -> list[tuple[str, float]]:
        """The next Defender, by code and chance: from the safe pile (one of each kind, less those
        it gave) while it will be drawn (`safe_wanted`'s clock), else from the regular pile (5 of
        each kind and the 12 Traitors, less what it gave)."""
        if self.piles.get("safe") and self.traitors_left() <= 1:
            left = {f + s: 1 - self.drawn_safe[f + s] for f in FACTIONS for s in SHAPES}
        else:
            left = {f + s: COPIES - 1 - (self.drawn[f + s] - self.drawn_safe[f + s]) for f in FACTIONS for s in SHAPES}
        left = {k: n for k, n in left.items() if n > 0}
        total = sum(left.values())
        return [(k, n / total) for k, n in sorted(left.items())] if total else []

    def after_next(self, castle: Castle) -> float:
        """The castle's cost after the next Defender, placed where best or discarded, on average."""
        stay = self.cost(castle) + DISCARD
        mix = self.next_mix()
        if not mix:
            return stay
        total = 0.0
        for code, p in mix:
            best = stay
            for cell in castle.legal_placements(code) | castle.extensions(code):
                best = min(best, self.cost(castle.place(code, cell)[0]))
            total += p * best
        return total

    def choose(self, tile: str, cells: list[Cell]) -> Cell | None:
        """The cell for the tile in hand among the legal ones A listed, or None to discard it:
        the cheapest castles now, the best few re-ranked by what the next Defender makes of them."""
        code = self.codes.get(tile)
        if code is None or not cells:
            return None
        castle = self.castle()
        options: list[tuple[float, Cell | None, Castle]] = [(self.cost(castle) + DISCARD, None, castle)]
        for cell in cells:
            after, _ = castle.place(code, cell)
            options.append((self.cost(after), cell, after))
        options.sort(key=lambda o: (o[0], o[1] is None, o[1] or (0, 0)))
        best = min(options[:LOOKAHEAD], key=lambda o: self.after_next(o[2]) + (DISCARD if o[1] is None else 0.0))
        return best[1]
