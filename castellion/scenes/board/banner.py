"""The banner: one line saying what to do now. Pure: reads the phase and the legal actions only."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from castellion.rules import Game, Phase, Result, parse_tile
from castellion.rules import actions as A
from castellion.scenes.board.choices import Choices
from castellion.scenes.board.meaning import NameOf
from castellion.scenes.board.words import tile_name
from castellion.ui import rules_text
from castellion.ui.text import has, has_plural, t, tn


class _Words:
    """The banner's wording for the input in use: while the player plays by keyboard, every
    "click / drag" sentence has its keys-and-Enter twin (`controls.kbd.<name>`), whose keys are
    filled in from `keys` (the key table's keys, or a pad's buttons when a pad was used last)."""

    def __init__(self, keyboard: bool, keys: Mapping[str, str] | None = None) -> None:
        self.keyboard = keyboard
        self.keys = dict(keys or {})

    def key(self, name: str) -> str:
        if self.keyboard and has(f"controls.kbd.{name}"):
            return f"controls.kbd.{name}"
        return f"board.do.{name}"

    def __call__(self, which: str, /, **fmt: object) -> str:
        return t(self.key(which), **{**self.keys, **fmt})  # (positional: "name" is a field of many sentences)

    def n(self, name: str, n: int) -> str:
        kbd = f"controls.kbd.{name}"
        if self.keyboard and has_plural(kbd):
            return tn(kbd, n, **self.keys)
        return tn(f"board.do.{name}", n, **self.keys)


def default_keys() -> dict[str, str]:
    """The default keys' names, for callers that pass none (what `ui.devices.prompts` answers at
    the keyboard with no key moved; this module draws nothing, so it does not ask the key table)."""
    return {"ok": t("keys.enter"), "cancel": "Esc", "draw": "D", "safe": "S", "discard": "X", "traitor": "T",
            "encounter": "E", "vigil": "V", "premonition": "P", "move": t("prompt.move_keys")}

PhaseLine = Callable[[Game, Choices, object, NameOf, "_Words"], str]


def banner_text(game: Game, c: Choices, selected: object, name_of: NameOf, keyboard: bool = False, *,
                facing: bool = False, keys: Mapping[str, str] | None = None) -> str:
    """What to do now; in a two-player game prefixed with whose turn it is. `selected`: the first
    tile a Juggler / Pyro already chose (the banner asks for the second). `keyboard`: the player
    plays by keyboard — the sentence names keys, not the mouse. `facing`: an Ordeal's reveal is
    showing over the board — the banner keeps its result for the reveal (the card may
    still be turning; the state behind it already knows how it ended). `keys`: the fields the
    keyboard sentences name keys with (`ui.devices.prompts()`: "{ok}" is Enter, or A on a pad)."""
    if facing:
        return t("suspense.banner")
    text = _core(game, c, selected, name_of, _Words(keyboard, keys if keys is not None else default_keys()))
    if game.players > 1 and c.phase not in (Phase.OVER, Phase.CHOOSE_FACER):
        return t("board.do.who", name=name_of(game.active), text=text)
    return text


def names(game: Game, name_of: NameOf) -> list[str]:
    """The players' names in seat order (what `rules_text` names castles with)."""
    return [name_of(p) for p in range(game.players)]


def _core(game: Game, c: Choices, selected: object, name_of: NameOf, say: _Words) -> str:
    line = PHASE_LINES.get(c.phase)
    return line(game, c, selected, name_of, say) if line is not None else ""


def _simple(name: str) -> PhaseLine:
    """A phase whose line is one fixed sentence."""
    return lambda game, c, selected, name_of, say: say(name)


def _two_step(name: str) -> PhaseLine:
    """A two-tile choice (Juggler, Pyro): its sentence, then "<name>_second" once one is chosen."""
    return lambda game, c, selected, name_of, say: say(name + "_second" if selected else name)


def _use_line(game: Game, c: Choices, selected: object, name_of: NameOf, say: _Words) -> str:
    return _use(game, c, game.held, name_of, say) if game.held is not None else ""


def _power(game: Game, c: Choices, selected: object, name_of: NameOf, say: _Words) -> str:
    f = game.power_faction
    if not f:
        return ""
    return say("power", faction=t(f"board.faction.{f}"), text=t(f"board.power.{f}"))


def _seer(game: Game, c: Choices, selected: object, name_of: NameOf, say: _Words) -> str:
    return say("seer", n=game.seer_reveals_left)


def _chameleon(game: Game, c: Choices, selected: object, name_of: NameOf, say: _Words) -> str:
    shape = (game.power_faction_tile or "Ct")[1]
    return say("chameleon", shape=t(f"board.shape.{shape}"))


def _destroy(game: Game, c: Choices, selected: object, name_of: NameOf, say: _Words) -> str:
    index = game.current_ordeal
    reason = rules_text.destruction_text(game.destroy_kind, rules_text.ordeal_label(game, index))
    if game.destroy_kind == "pass":
        return say("destroy_pass", name=name_of(1 - game.active))
    return say("destroy", n=game.destroy_left, reason=reason)


def _over(game: Game, c: Choices, selected: object, name_of: NameOf, say: _Words) -> str:
    if game.outcome is None:
        return ""
    key = "board.do.over_won" if game.outcome.result is Result.WON else "board.do.over_lost"
    reason = rules_text.player_outcome_text(game.outcome, names(game, name_of), [o.card for o in game.ordeals])
    return t(key, reason=reason[:1].upper() + reason[1:])


def _get(game: Game, c: Choices, say: _Words) -> str:
    if game.revealed:
        key = "get_revealed"
    else:
        key = "get_early" if c.encounter is not None else "get"
    if c.pantry:
        key = "get_pantry" if not game.revealed else key
    if c.champion is not None:
        return say(key) + " " + say("or_champion")
    return say(key)


def _get_line(game: Game, c: Choices, selected: object, name_of: NameOf, say: _Words) -> str:
    return _get(game, c, say)


def _use(game: Game, c: Choices, held: str, name_of: NameOf, say: _Words) -> str:
    tile = parse_tile(held)
    if tile.traitor:
        if c.guardian:
            return say("use_traitor_guardian")
        if c.premonition is not None:
            return say("use_traitor_premonition")
        if isinstance(c.discard, A.DiscardTraitor):
            return say.n("use_traitor_discard", game.traitor_discard_cost())
        if tile.black and game.level_spec.traitor_discard:
            return say("use_traitor_black")
        return say("use_traitor")
    if game.held_from == "partner":
        # what the receiver may do with it: place it, and from the base level on discard it
        # (with its power) or put it in the prison — the banner names every lit way
        passer, name = name_of(1 - game.active), tile_name(held)
        if c.prison:
            return say("use_passed_more", tile=name, name=passer, more=say("or_prison"))
        if c.discard is not None:
            return say("use_passed_discard", tile=name, name=passer)
        return say("use_passed", tile=name, name=passer)
    extra = []
    if c.vigil is not None:
        extra.append(say("or_vigil"))
    if c.prison:
        extra.append(say("or_prison"))
    if c.pass_tile is not None:
        extra.append(say("or_pass", name=name_of(1 - game.active)))
    if extra:
        return say("use_short", tile=tile_name(held), more=t("rules.list.join").join(extra))  # 、 in Japanese
    return say("use", tile=tile_name(held))


# the banner's line for each phase (a phase not listed says nothing)
PHASE_LINES: dict[str, PhaseLine] = {
    Phase.PROPHET: _simple("prophet"),
    Phase.INTRUDER: _simple("intruder"),
    Phase.CHOOSE_FACER: _simple("choose_facer"),
    Phase.GET: _get_line,
    Phase.USE: _use_line,
    Phase.POWER: _power,
    Phase.JUGGLER: _two_step("juggler"),
    Phase.SEER: _seer,
    Phase.CHAMELEON: _chameleon,
    Phase.PYRO_DESTROY: _simple("pyro_destroy"),
    Phase.PYRO_MOVE: _two_step("pyro_move"),
    Phase.DESTROY: _destroy,
    Phase.TOWER_REVEAL: _simple("tower_reveal"),
    Phase.OVER: _over,
}
