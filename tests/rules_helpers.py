"""Building game states for scenario tests through the public `to_dict`/`from_dict` door."""

from __future__ import annotations

from dataclasses import asdict

from castellion.rules import Game, default_ruleset, format_castle, new_game, parse_castle

ROW = ".. .. .. .. .. .."
EMPTY = "\n".join([ROW] * 6)
FULL = "Pt Ps Pc Pt Jc Js"  # a complete foundation (its four Pyros make one Line)
# Exam I / Simulation I satisfied: 1 Tower (Seers), 1 Bastion (Chameleons), 1 Line (Pyros).
TOWER_BASTION_LINE = "\n".join([
    ".. .. .. .. .. ..",
    "St .. .. .. .. ..",
    "Ss .. .. .. .. ..",
    "St .. Cc Ct .. ..",
    "Ss Js Cs Ct St Pc",
    FULL,
])


def rows(*lines: str) -> str:
    """Castle text from its bottom rows (top first), padded with empty rows above."""
    return "\n".join([ROW] * (6 - len(lines)) + list(lines))


def castle_of(*lines: str):
    """A Castle from its bottom rows (top first)."""
    return parse_castle(rows(*lines))


def castle(text: str):
    return parse_castle(text)


def scenario(level: str = "intro", *, castle_text: str | None = None, regular=None, safe=None,
             revealed=None, discard=None, cards=None, traitors=None, face_up=None, held=None,
             phase=None, seed: int = 1, variant: str = "normal", pantry=False, players: int = 1,
             castles=None, supply=None, **fields) -> Game:
    """A game at `level` with the given parts replaced. Piles list the top tile LAST.

    `castles` gives every player's castle (two-player games), `supply` each player's Pantry
    supply; `fields` replace any other key of
    `Game.to_dict()` (e.g. champion=0, prison=[...]).
    """
    d = new_game(level, seed=seed, variant=variant, pantry=pantry, players=players).to_dict()
    if castle_text is not None:
        d["castles"][0] = format_castle(parse_castle(castle_text))
    if castles is not None:
        d["castles"] = [format_castle(parse_castle(t)) for t in castles]
    if regular is not None:
        d["piles"]["regular"] = list(regular)
    if safe is not None:
        d["piles"]["safe"] = list(safe)
    if revealed is not None:
        d["revealed"] = list(revealed)
    if discard is not None:
        d["discard"] = list(discard)
    if cards is not None:
        rs = default_ruleset()
        d["ordeals"] = [{"card": asdict(rs.cards[c]), "face_up": d["ordeals"][0]["face_up"],
                         "traitors": [], "passed": False} for c in cards]
    if traitors is not None:
        for o, t in zip(d["ordeals"], traitors, strict=False):  # the first Ordeals only
            o["traitors"] = list(t)
    if face_up is not None:
        for o, up in zip(d["ordeals"], face_up, strict=False):  # the first Ordeals only
            o["face_up"] = up
    if held is not None:
        d["held"] = held
        d["held_from"] = "regular"
        d["turn_used"] = True
        d["phase"] = "use"
    if phase is not None:
        d["phase"] = phase
    if supply is not None:
        d["pantry"] = [list(s) for s in supply]
    for key, value in fields.items():
        assert key in d, f"unknown game field {key}"
        d[key] = value
    return Game.from_dict(d)


def played_out(level: str, seed: int, rng_seed: int = 3, **options) -> Game:
    """A real finished game: the deal played to its end by the rules' greedy bot (fast; it loses
    nearly always), for screens that are opened from a finished game."""
    from castellion.rules import game as rules_game  # where it is defined: a test may stub castellion.rules.new_game
    from castellion.rules.bots import greedy_action
    from castellion.rules.rng import SeededRandom

    game = rules_game.new_game(level, seed=seed, **options)
    rng = SeededRandom.from_seed(rng_seed)
    while game.outcome is None:
        game.apply(greedy_action(game, rng))
    return game
