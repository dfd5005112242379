"""Judging an Ordeal card against a castle (docs/rules.md §5.3)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .castle import Castle
from .defaults import default_ruleset
from .formations import formations
from .ruleset import ASSAULT, EARTHWORM, FOUNDATION_DROP, OrdealCard, Ruleset

BASTION_SAVING = 4  # §7: tiles of an Assault's destruction each Bastion holds off


class FormationKind(StrEnum):
    """A formation a card may ask for (R-F1); equal to its string, the card data's and `formations`' key."""

    TOWER = "tower"
    BASTION = "bastion"
    LINE = "line"


@dataclass(frozen=True, slots=True)
class Requirement:
    """One formation a card asks for against the castle (R-§5.3): `met` when it shows at least `need`."""

    kind: FormationKind
    have: int
    need: int
    met: bool


def requirements(card: OrdealCard, have: dict[str, int]) -> tuple[Requirement, ...]:
    """The formations `card` asks for (a count above 0), in the card's order, each against the
    castle's counts `have` (`formations(castle)`): the one answer a verdict and a screen share.

    >>> from castellion.rules import default_ruleset
    >>> asked = requirements(default_ruleset().cards["exam-1"], {"tower": 1, "bastion": 0, "line": 2})
    >>> [(r.kind.value, r.have, r.need, r.met) for r in asked]
    [('tower', 1, 1, True), ('bastion', 0, 1, False), ('line', 2, 1, True)]
    """
    return tuple(Requirement(FormationKind(kind), have.get(kind, 0), n, have.get(kind, 0) >= n)
                 for kind, n in card.requires.items() if n)


@dataclass(frozen=True, slots=True)
class Verdict:
    met: bool  # the card's formation requirement holds (True for cards without one)
    destroy: int  # tiles the player must destroy now (Assaults, less 4 per Bastion)
    destroy_rows: int  # bottom rows removed (Exam II, Earthworm)
    have: dict[str, int]  # the castle's formations
    need: dict[str, int]  # the card's requirement
    saved: int = 0  # ASSAULT: tiles the Bastions hold off (4 each, §7), at most the card's number
    if_unmet: int = 0  # ASSAULT: tiles to destroy should the requirement not be met (card less saved)
    foundation: int = 0  # tiles in the foundation after the card's row destruction (6 = complete)
    requirements: tuple[Requirement, ...] = ()  # one per formation asked (`met`: all met)


def _card(card: str | OrdealCard, ruleset: Ruleset | None) -> OrdealCard:
    if isinstance(card, OrdealCard):
        return card
    if ruleset is None:
        ruleset = default_ruleset()
    try:
        return ruleset.cards[card]
    except KeyError:
        raise ValueError(f"unknown ordeal card {card!r}") from None


def judge_ordeal(card: str | OrdealCard, castle: Castle, ruleset: Ruleset | None = None) -> Verdict:
    r"""What `card` does to `castle` when encountered now (before any destruction).

    Exam I asks for a Tower, a Bastion and a Line (the game's own cards when `ruleset` is None):

    >>> from castellion.rules import parse_castle
    >>> castle = parse_castle("\n".join([".. .. .. .. .. .."] * 2 + [
    ...     "St .. .. .. .. ..", "Ss .. .. .. .. ..", "St .. Cc Ct .. ..", "Ss Js Cs Ct Pt Pc"]))
    >>> verdict = judge_ordeal("exam-1", castle)
    >>> verdict.met, verdict.have, verdict.need
    (False, {'tower': 1, 'bastion': 1, 'line': 0}, {'tower': 1, 'bastion': 1, 'line': 1})
    """
    card = _card(card, ruleset)
    have = formations(castle)
    need = dict(card.requires)
    asked = requirements(card, have)
    met = all(r.met for r in asked)
    destroy = rows = saved = 0
    if card.kind == ASSAULT:
        # Bastion power (§7): each Bastion holds off 4 of the destruction.
        saved = min(card.destroy, BASTION_SAVING * have["bastion"])
        destroy = 0 if met else card.destroy - saved
    elif card.kind in (FOUNDATION_DROP, EARTHWORM):
        rows = card.rows
    return Verdict(met=met, destroy=destroy, destroy_rows=rows, have=have, need=need, saved=saved,
                   if_unmet=card.destroy - saved if card.kind == ASSAULT else 0,
                   foundation=castle.row_count(rows), requirements=asked)
