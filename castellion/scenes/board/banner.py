"""The banner: one line saying what to do now. Pure: reads the phase and the legal actions only."""

from __future__ import annotations

import re

from castellion.rules import Game, formations, parse_tile
from castellion.rules import actions as A
from castellion.scenes.board.choices import Choices
from castellion.scenes.board.meaning import NameOf
from castellion.scenes.board.phase import Phase
from castellion.scenes.board.words import tile_name
from castellion.ui.text import t, tn


def banner_text(game: Game, c: Choices, selected: object, name_of: NameOf) -> str:
    """What to do now; in a two-player game prefixed with whose turn it is. `selected`: the first
    tile a Juggler / Pyro already chose (the banner asks for the second)."""
    text = _core(game, c, selected, name_of)
    if game.players > 1 and c.phase not in (Phase.OVER, Phase.CHOOSE_FACER):
        return t("board.do.who", name=name_of(game.active), text=text)
    return text


def with_names(game: Game, text: str, name_of: NameOf) -> str:
    """A rules sentence with "player 2's" told as the player's name (two-player games)."""
    if game.players == 1:
        return text
    names = [name_of(p) for p in range(game.players)]
    # (stop-gap until the integrate branch lands: ui.names.with_player_names was removed on main)
    return re.sub(r"\bplayer ([12])'s\b", lambda m: f"{names[int(m.group(1)) - 1]}'s", text)


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
        return t("board.do.seer", n=max(0, 4 - len(game.revealed)))
    if phase == Phase.CHAMELEON:
        shape = (game.power_faction_tile or "Ct")[1]
        return t("board.do.chameleon", shape=t(f"board.shape.{shape}"))
    if phase == Phase.PYRO_DESTROY:
        return t("board.do.pyro_destroy")
    if phase == Phase.PYRO_MOVE:
        return t("board.do.pyro_move_second" if selected else "board.do.pyro_move")
    if phase == Phase.DESTROY:
        reason = game.destroy_reason.split(": ", 1)[-1] if game.destroy_reason else ""
        if game.destroy_kind == "pass":
            return t("board.do.destroy_pass", name=name_of(1 - game.active))
        return t("board.do.destroy", n=game.destroy_left, reason=reason)
    if phase == Phase.TOWER_REVEAL:
        return t("board.do.tower_reveal")
    if phase == Phase.OVER and game.outcome is not None:
        key = "board.do.over_won" if game.outcome.result == "won" else "board.do.over_lost"
        reason = with_names(game, game.outcome.reason, name_of)
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
            # TODO(issue 10 part 1): ask the rules (`Game.traitor_discard_cost()`) once it exists
            cost = 4
            if game.level_spec.formation_powers:
                cost = max(0, 4 - formations(game.castle(game.active))["line"])
            return tn("board.do.use_traitor_discard", cost)
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
