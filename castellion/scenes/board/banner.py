"""The banner: one line saying what to do now. Pure: reads the phase and the legal actions only."""

from __future__ import annotations

from castellion.rules import Game, Result, parse_tile
from castellion.rules import actions as A
from castellion.scenes.board.choices import Choices
from castellion.scenes.board.meaning import NameOf
from castellion.scenes.board.phase import Phase
from castellion.scenes.board.words import ordeal_name, tile_name
from castellion.ui import rules_text
from castellion.ui.text import t, tn


def banner_text(game: Game, c: Choices, selected: object, name_of: NameOf, *, facing: bool = False) -> str:
    """What to do now; in a two-player game prefixed with whose turn it is. `selected`: the first
    tile a Juggler / Pyro already chose (the banner asks for the second). `facing`: an Ordeal's
    reveal is showing over the board — the banner keeps its result for the reveal (issue 12 §4:
    the card may still be turning; the state behind it already knows how it ended)."""
    if facing:
        return t("suspense.banner")
    text = _core(game, c, selected, name_of)
    if game.players > 1 and c.phase not in (Phase.OVER, Phase.CHOOSE_FACER):
        return t("board.do.who", name=name_of(game.active), text=text)
    return text


def names(game: Game, name_of: NameOf) -> list[str]:
    """The players' names in seat order (what `rules_text` names castles with)."""
    return [name_of(p) for p in range(game.players)]


def _core(game: Game, c: Choices, selected: object, name_of: NameOf) -> str:
    phase = c.phase
    if phase == Phase.PROPHET:
        return t("board.do.prophet")
    if phase == Phase.INTRUDER:
        return t("board.do.intruder")
    if phase == Phase.CHOOSE_FACER:
        return t("board.do.choose_facer")
    if phase == Phase.GET:
        return _get(game, c)
    if phase == Phase.USE and game.held is not None:
        return _use(game, c, game.held, name_of)
    if phase == Phase.POWER and game.power_faction:
        f = game.power_faction
        return t("board.do.power", faction=t(f"board.faction.{f}"), text=t(f"board.power.{f}"))
    if phase == Phase.JUGGLER:
        return t("board.do.juggler_second" if selected else "board.do.juggler")
    if phase == Phase.SEER:
        return t("board.do.seer", n=game.seer_reveals_left)
    if phase == Phase.CHAMELEON:
        shape = (game.power_faction_tile or "Ct")[1]
        return t("board.do.chameleon", shape=t(f"board.shape.{shape}"))
    if phase == Phase.PYRO_DESTROY:
        return t("board.do.pyro_destroy")
    if phase == Phase.PYRO_MOVE:
        return t("board.do.pyro_move_second" if selected else "board.do.pyro_move")
    if phase == Phase.DESTROY:
        index = game.current_ordeal
        reason = rules_text.destruction_text(game.destroy_kind,
                                             ordeal_name(game, index) if index is not None else "")
        if game.destroy_kind == "pass":
            return t("board.do.destroy_pass", name=name_of(1 - game.active))
        return t("board.do.destroy", n=game.destroy_left, reason=reason)
    if phase == Phase.TOWER_REVEAL:
        return t("board.do.tower_reveal")
    if phase == Phase.OVER and game.outcome is not None:
        key = "board.do.over_won" if game.outcome.result is Result.WON else "board.do.over_lost"
        reason = rules_text.player_outcome_text(game.outcome, names(game, name_of), [o.card for o in game.ordeals])
        return t(key, reason=reason[:1].upper() + reason[1:])
    return ""


def _get(game: Game, c: Choices) -> str:
    if game.revealed:
        key = "board.do.get_revealed"
    else:
        key = "board.do.get_early" if c.encounter is not None else "board.do.get"
    if c.pantry:
        key = "board.do.get_pantry" if not game.revealed else key
    if c.champion is not None:
        return t(key) + " " + t("board.do.or_champion")
    return t(key)


def _use(game: Game, c: Choices, held: str, name_of: NameOf) -> str:
    tile = parse_tile(held)
    if tile.traitor:
        if c.guardian:
            return t("board.do.use_traitor_guardian")
        if c.premonition is not None:
            return t("board.do.use_traitor_premonition")
        if isinstance(c.discard, A.DiscardTraitor):
            return tn("board.do.use_traitor_discard", game.traitor_discard_cost())
        if tile.black and game.level_spec.traitor_discard:
            return t("board.do.use_traitor_black")
        return t("board.do.use_traitor")
    if game.held_from == "partner":
        # what the receiver may do with it: place it, and from the base level on discard it
        # (with its power) or put it in the prison — the banner names every lit way
        passer, name = name_of(1 - game.active), tile_name(held)
        if c.prison:
            return t("board.do.use_passed_more", tile=name, name=passer, more=t("board.do.or_prison"))
        if c.discard is not None:
            return t("board.do.use_passed_discard", tile=name, name=passer)
        return t("board.do.use_passed", tile=name, name=passer)
    extra = []
    if c.vigil is not None:
        extra.append(t("board.do.or_vigil"))
    if c.prison:
        extra.append(t("board.do.or_prison"))
    if c.pass_tile is not None:
        extra.append(t("board.do.or_pass", name=name_of(1 - game.active)))
    if extra:
        return t("board.do.use_short", tile=tile_name(held), more=", ".join(extra))
    return t("board.do.use", tile=tile_name(held))
