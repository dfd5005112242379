"""Judging an Ordeal card against a castle (docs/rules.md §5.3)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .castle import Castle
from .formations import formations
from .ruleset import ASSAULT, EARTHWORM, FOUNDATION_DROP, OrdealCard, Ruleset


@dataclass(frozen=True, slots=True)
class Verdict:
    met: bool  # the card's formation requirement holds (True for cards without one)
    destroy: int  # tiles the player must destroy now (Assaults, less 4 per Bastion)
    destroy_rows: int  # bottom rows removed (Exam II, Earthworm)
    have: dict[str, int]  # the castle's formations
    need: dict[str, int]  # the card's requirement


def _card(card: str | OrdealCard, ruleset: Ruleset | None) -> OrdealCard:
    if isinstance(card, OrdealCard):
        return card
    if ruleset is None:
        from . import default_ruleset

        ruleset = default_ruleset()
    try:
        return ruleset.cards[card]
    except KeyError:
        raise ValueError(f"unknown ordeal card {card!r}") from None


def judge_ordeal(card: str | OrdealCard, castle: Castle, ruleset: Ruleset | None = None) -> Verdict:
    """What `card` does to `castle` when encountered now (before any destruction)."""
    card = _card(card, ruleset)
    have = formations(castle)
    need = dict(card.requires)
    met = all(have.get(kind, 0) >= n for kind, n in need.items())
    destroy = rows = 0
    if card.kind == ASSAULT and not met:
        # Bastion power (§7): each Bastion holds off 4 of the destruction.
        destroy = max(0, card.destroy - 4 * have["bastion"])
    elif card.kind in (FOUNDATION_DROP, EARTHWORM):
        rows = card.rows
    return Verdict(met=met, destroy=destroy, destroy_rows=rows, have=have, need=need)


def requirement_text(need: dict[str, int]) -> str:
    """'1 Tower + 1 Bastion + 1 Line' for a requirement dict."""
    names = {"tower": ("Tower", "Towers"), "bastion": ("Bastion", "Bastions"),
             "line": ("Line", "Lines")}
    parts = [f"{n} {names[k][0] if n == 1 else names[k][1]}" for k, n in need.items() if n]
    return " + ".join(parts) if parts else "nothing"


def have_text(have: dict[str, int], kinds: Iterable[str]) -> str:
    """'1 Tower, 0 Bastions and 0 Lines': what the castle has of the required kinds, zeros too."""
    names = {"tower": ("Tower", "Towers"), "bastion": ("Bastion", "Bastions"),
             "line": ("Line", "Lines")}
    parts = [f"{have.get(k, 0)} {names[k][0] if have.get(k, 0) == 1 else names[k][1]}" for k in kinds]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
