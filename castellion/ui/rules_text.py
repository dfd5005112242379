"""The one place that turns the rules' answers (data) into sentences.

The rules answer in values — a `Refusal` (why an action is not allowed), an `Outcome` (how the
game ended), a `Destruction` kind, a requirement dict — each a rule id plus parameters
(`castellion/rules/reasons.py`). Every screen, and the text mode, makes its words from them here,
through the string table (`castellion.ui.text.t`: keys, named placeholders, whole sentences), so
that a translation changes the table and nothing else.

Player names come in as parameters (`names`, in seat order); without them a two-player sentence
says "player 2". Pure functions of their arguments and the string table; never raise on data the
rules can produce (an unknown key shows as the key, see `ui/text.py`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from castellion.persistence.replay import good_player_name
from castellion.rules import Game, OrdealCard, Outcome, Refusal, Result, Shape
from castellion.rules.reasons import Destruction, PowerEnd
from castellion.ui.catalog_keys import card_name
from castellion.ui.text import has, t, tn

KINDS = ("tower", "bastion", "line")


def shape_name(shape: Shape | str | None) -> str:
    """"triangle", "square", "circle" (the lower-case word used inside sentences)."""
    if shape is None:
        return ""
    letter = shape.value if isinstance(shape, Shape) else str(shape)[:1]
    return t(f"board.shape.{letter}")


def tile_name(code: str | None) -> str:
    """A tile's name inside a sentence: "triangle", "Traitor", ... ("" for no tile)."""
    if not code:
        return ""
    if code.startswith("T"):
        return t("board.tile_traitor_black") if code.startswith("T!") else t("board.tile_traitor")
    body = code.rstrip("+@")
    if body.startswith("*"):
        return t("board.tile_pantry", shape=shape_name(body[1:]))
    faction = t(f"board.faction.{body[0]}") if body[:1] in ("S", "C", "J", "P") else ""
    return t("board.tile", faction=faction, shape=shape_name(body[1:2])).strip()


def player_label(player: int, names: Sequence[str] = ()) -> str:
    """The player's name, or "player 2" when no name is known."""
    if 0 <= player < len(names) and good_player_name(names[player]):
        return names[player]
    return t("rules.player", n=player + 1)


def refusal_text(refusal: Refusal | None) -> str:
    """The sentence for a refusal ("R-P3: a triangle may not sit next to ..."); "" for None."""
    if refusal is None:
        return ""
    cell = "" if refusal.cell is None else f"({refusal.cell[0]}, {refusal.cell[1]})"
    need = t(f"rules.phase.{refusal.phase}") if refusal.phase else ""
    pile = t(f"rules.pile.{refusal.pile}") if refusal.pile in ("regular", "safe") else (refusal.pile or "")
    return t(f"rules.refusal.{refusal.why.value}", shape=shape_name(refusal.shape), cell=cell,
             tile=tile_name(refusal.tile), held=tile_name(refusal.held), pile=pile, need=need)


def count_text(kind: str, n: int) -> str:
    """"1 Tower", "0 Bastions"."""
    return tn(f"rules.count.{kind}", n)


def requirement_text(need: Mapping[str, int]) -> str:
    """"1 Tower + 1 Bastion + 1 Line" for a card's requirement ("nothing" for none)."""
    parts = [count_text(k, n) for k, n in need.items() if n]
    return t("rules.need.join").join(parts) if parts else t("rules.need.nothing")


def have_text(have: Mapping[str, int], kinds: Iterable[str]) -> str:
    """"1 Tower, 0 Bastions and 0 Lines": what a castle had of the kinds asked for, zeros too."""
    parts = [count_text(k, have.get(k, 0)) for k in kinds]
    if len(parts) <= 1:
        return "".join(parts)
    return t("rules.list.last", rest=t("rules.list.join").join(parts[:-1]), last=parts[-1])


def ordeal_name(card_id: str, cards: Iterable[OrdealCard] = ()) -> str:
    """The printed name of the Ordeal card `card_id` ("Harpy"), or the id when not among `cards`."""
    for card in cards:
        if card.id == card_id:
            return card_name(card)
    return card_id


def ordeal_label(game: Game, index: object) -> str:
    """The Ordeal at `index` as the player knows it: its card's name once face up, "Ordeal 2" while
    face down; "" when there is no Ordeal there (a caller may say "the next Ordeal" instead)."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(game.ordeals):
        return ""
    view = game.ordeals[index]
    return card_name(view.card) if view.face_up else t("board.ordeal_n", n=index + 1)


def outcome_text(outcome: Outcome, names: Sequence[str] = (), cards: Iterable[OrdealCard] = ()) -> str:
    """Why the game was won or lost, in one sentence quoting the rule id (the Rules screen, the
    log, the text mode). `names`: the players' names in seat order; `cards`: the game's Ordeal
    cards (for the card's name). Players' screens use `player_outcome_text`."""
    if outcome.result is Result.WON:
        return t("rules.won")
    if not has(f"rules.loss.{outcome.rule}"):
        return t("rules.loss.unknown_rule", rule=outcome.rule)
    return _loss_text("rules", outcome, names, cards)


def player_outcome_text(outcome: Outcome, names: Sequence[str] = (), cards: Iterable[OrdealCard] = ()) -> str:
    """The players' line for how the game ended (the end screen, the banner, the reveal): the
    sentence of `outcome_text` without the rule id, which stays in the Rules screen and the log
    (docs/rulings.md). Same arguments as `outcome_text`."""
    if outcome.result is Result.WON:
        return t("outcome.won")
    if not has(f"outcome.loss.{outcome.rule}"):
        return t("outcome.loss.unknown")
    return _loss_text("outcome", outcome, names, cards)


def _loss_text(table: str, outcome: Outcome, names: Sequence[str], cards: Iterable[OrdealCard]) -> str:
    """The losing sentence of `table` ("rules": with the rule id, "outcome": the players' line)."""
    key = f"{table}.loss.{outcome.rule}"
    # two players: the sentence that names whose castle failed ("<table>.loss_player.<rule id>")
    if outcome.player is not None and has(f"{table}.loss_player.{outcome.rule}"):
        key = f"{table}.loss_player.{outcome.rule}"
    name = player_label(outcome.player, names) if outcome.player is not None else ""
    if outcome.rule == "R-\u00a710":
        need: object = outcome.pantry_need
        have: object = outcome.pantry_have
    else:
        need, have = requirement_text(outcome.need), have_text(outcome.have, outcome.need)
    return t(key, ordeal=ordeal_name(outcome.ordeal, cards), name=name, need=need, have=have)


def destruction_text(kind: Destruction | str | None, ordeal: str = "") -> str:
    """What a required destruction is for ("discarding a Traitor", "Harpy"): `ordeal` is the
    Assault's name. "" when no destruction is in progress."""
    if not kind:
        return ""
    return t(f"rules.destroy.{Destruction(kind).value}", ordeal=ordeal)


def power_end_text(faction: str, reason: PowerEnd | str, shape: str = "t") -> str:
    """Why a power ended by itself ("" when it simply did its work). `shape` is the discarded
    Defender's shape letter (the Chameleon's sentence names it)."""
    if reason == PowerEnd.DONE or faction not in ("S", "C", "J", "P"):
        return ""
    if reason == PowerEnd.NO_MOVE:
        return t("board.power_end.no_move")
    return t(f"board.power_end.{faction}", shape=shape_name(shape))


__all__ = ["destruction_text", "have_text", "ordeal_label", "ordeal_name", "outcome_text", "player_label",
           "player_outcome_text", "power_end_text", "refusal_text", "requirement_text", "shape_name", "tile_name"]
