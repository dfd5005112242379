"""The full-knowledge search of "Was this deal winnable?" (castellion/ai/winnable.py): it knows
the deal, so it plays with the Ordeal cards named as they truly are (`rules.public.known_view`)."""

from __future__ import annotations

from typing import Any

from castellion.ai import winnable
from castellion.ai.difficulty import the_deal
from castellion.ai.proved import line_code, wins_by_line


def test_the_search_plans_for_the_face_down_cards_it_knows(monkeypatch):
    """R-§7: expert's Assaults are dealt face down. A player may only average over the cards they
    could be; the search knows which they are, and every choice it makes reads them."""
    deal = the_deal("expert", 3)
    truth = tuple((o.card.id,) for o in deal.ordeals)
    seen: list[Any] = []

    class Spy(winnable.Player):
        def __init__(self, view: Any, work: Any = None) -> None:
            seen.append(view.possible_cards)
            super().__init__(view, work)

    monkeypatch.setattr(winnable, "Player", Spy)
    winnable.find_winning_line(deal, work=400)
    assert seen and all(cards == truth for cards in seen)


def test_an_expert_deal_lost_at_its_first_assault_is_proved_knowing_the_cards():
    """Expert seed 3: the search that averaged over the face-down cards tried 170 games at 12,000
    evaluations and never passed the first Assault (a Behemoth: 2 Bastions or 16 tiles destroyed,
    R-§5.3 / R-O5); planning for the Behemoth it wins within a few tries."""
    deal = the_deal("expert", 3)
    line, tries = winnable.find_winning_line(deal, work=12_000)
    assert line is not None and tries < 20
    assert wins_by_line("expert", 3, {}, line_code(deal, line))
