"""The fair-play contract: what a player knows, and games that agree with it.

A computer player, a hint or an analysis may read only what a person at the table sees: the
castle(s), the discard pile, the revealed row, face-up cards, how many tiles each pile holds and
which tiles have been seen. `public_view(game)` gives exactly that; `sample_hidden(view, seed)`
builds a *determinized* game from it — hidden pile order and face-down cards drawn at random,
consistent with everything seen — so that look-ahead can play on without ever peeking.

Why the contents of a pile (as a multiset, not an order) are public: every tile of the game is
known (RULES.md §1), and every tile outside the piles is on the table, so a careful player can
always count what is left. `PublicView.unseen` is that count, sorted; only the order is hidden.

Also here: the questions an AI and a hint ask of the rules (Traitors left before the current
Ordeal triggers, the odds the next regular draw is a Traitor, the Traitor-discard cost, the shapes
a cell still allows, formations one tile short). Pure standard library; answers are data.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .castle import SIZE, Castle, Cell
from .rng import SeededRandom
from .ruleset import Ruleset

if TYPE_CHECKING:
    from .game import Game

PILES = ("regular", "safe")
SHAPES = ("t", "s", "c")
TRAITOR_DISCARD_COST = 4  # R-§6.5 (the same number as game.TRAITOR_DISCARD_COST)


@dataclass(frozen=True)
class PublicView:
    """Everything one player may know about a game, and nothing else.

    `game` is a copy of the game in which the hidden things are put in a canonical form: each pile
    sorted (its order is unknown), each face-down Ordeal shown as the first card it could be, the
    seed and the generator zeroed. Read it for castles, phase, the held tile and
    `legal_actions()` (which depend only on public facts); do not play it forward — play a
    `sample_hidden` copy instead.
    """

    game: Game
    unseen: dict[str, tuple[str, ...]]  # pile -> its tiles, sorted (count what is left, §1)
    possible_cards: tuple[tuple[str, ...], ...]  # per Ordeal slot: the cards it can be
    seen: tuple[str, ...]  # every tile code on the table or out of the game, sorted

    def pile_size(self, pile: str) -> int:
        return len(self.unseen[pile])

    def to_dict(self) -> dict[str, Any]:
        """Plain data; two views are the same knowledge exactly when their dicts are equal."""
        return {"game": self.game.to_dict(), "unseen": {p: list(t) for p, t in self.unseen.items()},
                "possible_cards": [list(c) for c in self.possible_cards], "seen": list(self.seen)}


def _ruleset(ruleset: Ruleset | None) -> Ruleset:
    if ruleset is None:
        from . import default_ruleset

        ruleset = default_ruleset()
    return ruleset


def seen_tiles(game: Game) -> list[str]:
    """Codes of every tile a player has seen (castles, prison, discard, revealed row, held, the
    Traitors beside the Ordeals, the Vigil, tiles out of the game), pawn marks stripped."""
    out: list[str] = []
    for castle in game._castles:
        out += [t.with_pawn(False).code for _, t in castle.tiles()]
    out += [t for t in game._prison if t is not None]
    out += game._discard + game._revealed + game._removed
    for traitors in game._traitors:
        out += traitors
    out += [t for t in (game.held, game._pending_pass, game.vigil) if t is not None]
    return sorted(out)


def public_view(game: Game, ruleset: Ruleset | None = None) -> PublicView:
    """What the player knows of `game` (see `PublicView`). Never changes `game`.

    `ruleset` is only needed to name the cards a face-down slot can be (default: the game's own).
    """
    return _view(game, ruleset, cards_known=False)


def known_view(game: Game, ruleset: Ruleset | None = None) -> PublicView:
    """The public view with every Ordeal card named as it truly is, face-down ones too — NOT fair
    play: only for the full-knowledge search ("Was this deal winnable?", ai/winnable.py), which
    knows the deal. The cards stay face down on the table (the same legal actions, the Tower power
    still turns them up); only what a player may believe of them is the truth. The piles' order
    stays unknown, as in `public_view`."""
    return _view(game, ruleset, cards_known=True)


def _view(game: Game, ruleset: Ruleset | None, *, cards_known: bool) -> PublicView:
    masked = game.copy()
    masked._piles = {p: sorted(v) for p, v in game._piles.items()}
    masked._rng = SeededRandom(0)
    masked.options["seed"] = 0  # the seed deals the whole game: it is the one thing never shown
    possible: list[tuple[str, ...]] = []
    for i, slot in enumerate(game.level_spec.ordeal_slots):
        if cards_known or game._face_up[i] or game._passed[i]:
            possible.append((game._cards[i].id,))
            continue
        ids = tuple(sorted(slot))
        possible.append(ids)
        masked._cards[i] = _ruleset(ruleset).cards[ids[0]]
    unseen = {p: tuple(masked._piles[p]) for p in PILES}
    return PublicView(masked, unseen, tuple(possible), tuple(seen_tiles(game)))


def sample_hidden(source: Game | PublicView, seed: int,
                  ruleset: Ruleset | None = None) -> Game:
    """A determinized game: `source`'s public facts, with each pile's order and each face-down
    card drawn afresh from `seed` (uniformly among those consistent with what was seen).

    Given a `Game`, its public view is taken first, so the true hidden order never leaks in.
    """
    view = source if isinstance(source, PublicView) else public_view(source, ruleset)
    game = view.game.copy()
    rng = SeededRandom.from_seed(seed)
    for p in PILES:
        rng.shuffle(game._piles[p])
    for i, ids in enumerate(view.possible_cards):
        if len(ids) > 1:
            game._cards[i] = _ruleset(ruleset).cards[ids[rng.below(len(ids))]]
    game._rng = SeededRandom(rng.next_u64())
    game.options["seed"] = seed
    game._legal_cache = None
    return game


def _key(seed: int, *parts: object) -> int:
    """A 64-bit key for one hidden thing under `seed`, the same in every process and version
    (blake2b of the parts' text; `hash()` is salted per process)."""
    text = "\x1f".join(str(p) for p in (seed, *parts)).encode("utf-8")
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def sample_coupled(source: Game | PublicView, seed: int, ruleset: Ruleset | None = None) -> Game:
    """A determinized game like `sample_hidden`'s, drawn so that neighbouring positions of one game
    meet the same hidden orders: each unseen tile gets its own key from (`seed`, its pile, its
    name, which copy of it) and the pile is put in the order of the keys, each face-down card is
    chosen by its own key. Two views a few moves apart, under one seed, so order the tiles both
    still have unseen alike (a tile drawn meanwhile just leaves its place), where `sample_hidden`
    shuffles the whole pile anew as soon as one tile leaves it. Each order is still uniform.
    """
    view = source if isinstance(source, PublicView) else public_view(source, ruleset)
    game = view.game.copy()
    for p in PILES:
        copies: Counter[str] = Counter()
        keyed = []
        for tile in sorted(game._piles[p]):
            keyed.append((_key(seed, p, tile, copies[tile]), tile))
            copies[tile] += 1
        keyed.sort()
        game._piles[p] = [tile for _, tile in keyed]
    for i, ids in enumerate(view.possible_cards):
        if len(ids) > 1:
            game._cards[i] = _ruleset(ruleset).cards[ids[_key(seed, "card", i) % len(ids)]]
    game._rng = SeededRandom(_key(seed, "rng"))
    game.options["seed"] = seed
    game._legal_cache = None
    return game


# ------------------------------------------------------------------ questions
def traitors_before_trigger(game: Game) -> int | None:
    """How many more Traitors the current Ordeal takes before it is encountered (R-O1); None once
    every Ordeal is passed. 1 means: the next Traitor placed triggers it."""
    index = game.current_ordeal
    if index is None:
        return None
    view = game.ordeals[index]
    return max(0, view.trigger - view.count)


def traitor_odds(source: Game | PublicView) -> Fraction:
    """The chance that the next tile drawn from the regular pile is a Traitor (0 when empty)."""
    unseen = (source.unseen["regular"] if isinstance(source, PublicView)
              else tuple(source._piles["regular"]))
    if not unseen:
        return Fraction(0)
    return Fraction(sum(1 for t in unseen if t.startswith("T")), len(unseen))


def traitor_discard_cost(game: Game, player: int | None = None) -> int | None:
    """Castle tiles a Traitor discard destroys now (R-§6.5, Line power §7); None at a level where
    Traitors cannot be discarded."""
    if not game.level_spec.traitor_discard:
        return None
    cost = TRAITOR_DISCARD_COST
    if game.level_spec.formation_powers:
        from .formations import formations

        cost = max(0, cost - formations(game.castle(game.active if player is None else player))["line"])
    return cost


def allowed_shapes(castle: Castle, cell: Cell) -> frozenset[str]:
    """Shape letters a Defender at `cell` may have given its present neighbours (R-P3): all three
    in the foundation row. Says nothing about support or contact (see `placement_error`)."""
    r, c = cell
    if r == 0:
        return frozenset(SHAPES)
    taken = set()
    for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
        t = castle.tile_at(n)
        if t is not None and t.shape is not None:
            taken.add(t.shape.value)
    return frozenset(s for s in SHAPES if s not in taken)


@dataclass(frozen=True)
class NearFormation:
    """A formation one tile short: a tile of `faction` at `missing` makes a `kind` (R-F1, R-F2)."""

    kind: str  # "tower" | "bastion" | "line"
    faction: str  # faction letter
    cells: tuple[Cell, ...]  # the four cells, sorted (three filled, `missing` empty)
    missing: Cell
    shapes: frozenset[str]  # shapes the missing tile may have there now (R-P3)


def formation_windows() -> list[tuple[str, tuple[Cell, ...]]]:
    """Every place on the 6 × 6 grid a formation could occupy: (kind, four cells)."""
    out: list[tuple[str, tuple[Cell, ...]]] = []
    for r in range(SIZE):
        for c in range(SIZE - 3):
            out.append(("line", tuple((r, c + i) for i in range(4))))
    for c in range(SIZE):
        for r in range(SIZE - 3):
            out.append(("tower", tuple((r + i, c) for i in range(4))))
    for r in range(SIZE - 1):
        for c in range(SIZE - 1):
            out.append(("bastion", ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))))
    return out


_WINDOWS = formation_windows()


def formations_one_short(castle: Castle) -> list[NearFormation]:
    """Formations a single placement could complete now: three tiles of one faction in a window
    whose fourth cell is empty and placeable, with no tile of that faction touching the group."""
    out = []
    for kind, cells in _WINDOWS:
        near = _one_short(castle, cells)
        if near is None:
            continue
        faction, missing = near
        shapes = allowed_shapes(castle, missing)
        probe = f"{faction}{next(iter(shapes))}" if shapes else None
        if probe is None or castle.placement_error(probe, missing) is not None:
            continue
        out.append(NearFormation(kind, faction, tuple(sorted(cells)), missing, shapes))
    return out


def _one_short(castle: Castle, cells: tuple[Cell, ...]) -> tuple[str, Cell] | None:
    """The faction and the empty cell of a window holding three Defenders of one faction and one
    gap, none of that faction touching it from outside (R-F2: the group would be more than four)."""
    tiles = [castle.tile_at(cell) for cell in cells]
    empty = [cell for cell, t in zip(cells, tiles, strict=True) if t is None]
    filled = [t for t in tiles if t is not None]
    if len(empty) != 1 or any(t.faction is None or t.pawn for t in filled):
        return None
    factions = {t.faction.value for t in filled if t.faction is not None}
    if len(factions) != 1:
        return None
    faction = factions.pop()
    around = {n for cell in cells for n in _around(cell)} - set(cells)
    if any((t := castle.tile_at(n)) is not None and t.faction is not None and not t.pawn
           and t.faction.value == faction for n in around):
        return None
    return faction, empty[0]


def _around(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE]


def unseen_counts(view: PublicView) -> Counter[str]:
    """Unseen tiles of both piles by code with the safe mark dropped (`"Pt"`, `"T"`, `"T!"`)."""
    return Counter(t.rstrip("+") for p in PILES for t in view.unseen[p])
