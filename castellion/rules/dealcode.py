"""Deal codes: a short code a person can read aloud and type, naming one deal — its level, variant,
Pantry, players and seed — and the way of dealing it was made under.

    code = encode(Deal("intro", 4821))        # "3K2F-9QXR"-like: 2 symbols of header, the seed, a check
    deal = decode(" 3k2f 9qxr ")               # case, spaces and dashes do not matter
    decode("3K2F-9QXS")                       # CodeError(reason=Refusal.CHECK): a mistyped symbol

The symbols are the 30 of `ALPHABET`: digits and capitals without 0, 1, I, L, O and U, so no two
look or sound alike (a typed O, 0, I, L, 1 or U is refused by name: `Refusal.SYMBOL`). A code is:

- the header, 2 symbols: the dealing version (`DEAL_VERSION`) and the options, as one number
  `version * OPTIONS + option index` (`OPTIONS` = 3 levels x 3 variant places x 3 Pantry modes x 2
  player counts = 54), written in base 30. The variant places (`VARIANT_PLACES`) are the plain
  game and the level's first easier and first harder variant (`LevelSpec.first`): the places the
  earlier versions' "normal", "easy" and "hard" had, so their codes deal the same games. A
  level's further variants have no place: their deals have no code (`code_of` is None);
- the seed in base 30, most significant first (5 symbols for the seeds Setup hands out, 13 for a
  daily deal's 63-bit seed);
- one check symbol: Luhn mod 30 over every symbol before it, so any single mistyped symbol and
  any swap of two different neighbours is caught.

It is shown in groups of four joined by dashes (`pretty`). A code carries the dealing version it
was made under: this version deals only codes of its own `DEAL_VERSION` (the same code deals the
same game on every machine). When a later version deals differently it raises `DEAL_VERSION`, and
it either still deals the older versions' codes the older way or refuses them with
`Refusal.OLD_VERSION`, never dealing them differently; a code of a newer version is refused with
`Refusal.NEW_VERSION`. tests/rules/test_dealcode.py ties the version to the levels' rules data
(the digests the old saves were pinned to). Pure standard library: no words here, only reasons.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .defaults import default_ruleset
from .options import PLAIN, Leaning, PantryMode

ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
BASE = len(ALPHABET)  # 30
# The way games are dealt now (rules/game.py `_deal` over the levels' data); raised when a change
# makes a seed deal another game, so an old code never deals a different game without a word.
DEAL_VERSION = 1
LEVELS = ("intro", "base", "expert")
VARIANT_PLACES: tuple[Leaning, ...] = (Leaning.PLAIN, Leaning.EASIER, Leaning.HARDER)
PANTRIES: tuple[bool | str, ...] = tuple(mode.stored for mode in PantryMode)  # False, True, "hard"
PLAYERS = (1, 2)
OPTIONS = len(LEVELS) * len(VARIANT_PLACES) * len(PANTRIES) * len(PLAYERS)  # 54
MAX_SEED = 2**63 - 1  # a daily deal's seed is 63 bits (content/daily.py)
HEADER = 2  # symbols: BASE ** 2 = 900 > (DEAL_VERSION + 1) * OPTIONS for versions up to 15
GROUP = 4


class Refusal(enum.Enum):
    """Why a typed code deals nothing (the UI words each)."""

    EMPTY = "empty"
    SYMBOL = "symbol"  # a symbol codes never use (`CodeError.symbol` says which)
    SHORT = "short"
    LONG = "long"
    CHECK = "check"  # the check symbol does not match: a symbol mistyped or two swapped
    OPTIONS = "options"  # no such level / variant / Pantry / players combination
    NEW_VERSION = "new_version"  # made by a newer version of the game
    OLD_VERSION = "old_version"  # made by an older version that dealt differently


class CodeError(ValueError):
    def __init__(self, reason: Refusal, symbol: str = "") -> None:
        super().__init__(f"{reason.value}{': ' + symbol if symbol else ''}")
        self.reason = reason
        self.symbol = symbol


@dataclass(frozen=True)
class Deal:
    """One deal: `new_game(**deal.options())` deals it."""

    level: str
    seed: int
    variant: str = PLAIN  # a variant id of the level, or PLAIN
    pantry: bool | str = False
    players: int = 1
    version: int = DEAL_VERSION

    def options(self) -> dict[str, object]:
        """`new_game`'s keywords (level and seed included)."""
        return {"level": self.level, "seed": self.seed, "variant": self.variant, "pantry": self.pantry,
                "players": self.players}


def _option_index(deal: Deal) -> int:
    try:
        parts = (LEVELS.index(deal.level), _variant_place(deal.level, deal.variant),
                 _pantry_index(deal.pantry), PLAYERS.index(deal.players))
    except ValueError:
        raise CodeError(Refusal.OPTIONS) from None
    index = 0
    for part, size in zip(parts, (len(LEVELS), len(VARIANT_PLACES), len(PANTRIES), len(PLAYERS)), strict=True):
        index = index * size + part
    return index


def _pantry_index(pantry: bool | str) -> int:
    # `True == 1` and `False == 0`: `PantryMode.of` compares by kind too, so 1 is no Pantry mode.
    return list(PantryMode).index(PantryMode.of(pantry))


def _variant_place(level: str, variant: str) -> int:
    """Where a code puts `variant` of `level` (`VARIANT_PLACES`); ValueError when it has no place."""
    if variant == PLAIN:
        return 0
    spec = default_ruleset().level(level)
    leaning = spec.leaning(variant)
    if spec.first(leaning) != variant:
        raise ValueError(f"{variant!r} is not the first {leaning} variant of {level!r}: it has no code")
    return VARIANT_PLACES.index(leaning)


def _options_from(index: int) -> tuple[str, str, bool | str, int]:
    index, players = divmod(index, len(PLAYERS))
    index, pantry = divmod(index, len(PANTRIES))
    level, place = divmod(index, len(VARIANT_PLACES))
    if level >= len(LEVELS):
        raise CodeError(Refusal.OPTIONS)
    variant = PLAIN
    if VARIANT_PLACES[place] is not Leaning.PLAIN:
        found = default_ruleset().level(LEVELS[level]).first(VARIANT_PLACES[place])
        if found is None:  # the level has no variant there
            raise CodeError(Refusal.OPTIONS)
        variant = found
    return LEVELS[level], variant, PANTRIES[pantry], PLAYERS[players]


def _digits(n: int) -> list[int]:
    out = []
    while True:
        n, d = divmod(n, BASE)
        out.append(d)
        if n == 0:
            return out[::-1]


def check_symbol(values: list[int]) -> int:
    """Luhn mod BASE: the value that makes the sum of `values` and it, every other one doubled
    (digits summed in base BASE), a multiple of BASE. It catches every single mistyped symbol, and
    every swap of two different neighbours but the one pair Luhn misses (the symbols worth 0 and
    BASE - 1: "2" and "Z"); tests/rules/test_dealcode.py checks both exhaustively."""
    total = 0
    for i, v in enumerate(reversed(values)):
        if i % 2 == 0:
            v *= 2
            v = v // BASE + v % BASE
        total += v
    return (BASE - total % BASE) % BASE


def encode(deal: Deal) -> str:
    """The code of `deal`, without dashes (`pretty` adds them). Raises CodeError(OPTIONS) for an
    option outside the tables and ValueError for a seed outside 0..MAX_SEED."""
    if not isinstance(deal.seed, int) or isinstance(deal.seed, bool) or not 0 <= deal.seed <= MAX_SEED:
        raise ValueError(f"a deal code holds a seed from 0 to {MAX_SEED}, not {deal.seed!r}")
    header = _digits(deal.version * OPTIONS + _option_index(deal))
    header = [0] * (HEADER - len(header)) + header
    values = header + _digits(deal.seed)
    return "".join(ALPHABET[v] for v in [*values, check_symbol(values)])


def pretty(code: str) -> str:
    """`code` in groups of GROUP symbols joined by dashes, for reading aloud."""
    return "-".join(code[i:i + GROUP] for i in range(0, len(code), GROUP))


def normalise(text: str) -> str:
    """A typed code as its symbols: capitals, without spaces and dashes."""
    return "".join(ch for ch in text.upper() if ch not in " -_\t.")


def read(text: str) -> Deal:
    """The deal a code names, whatever its dealing version (`decode` also refuses a version this
    game does not deal). Raises CodeError with the reason."""
    code = normalise(text)
    if not code:
        raise CodeError(Refusal.EMPTY)
    for ch in code:
        if ch not in ALPHABET:
            raise CodeError(Refusal.SYMBOL, ch)
    if len(code) < HEADER + 2:
        raise CodeError(Refusal.SHORT)
    if len(code) > HEADER + len(_digits(MAX_SEED)) + 1:
        raise CodeError(Refusal.LONG)
    values = [ALPHABET.index(ch) for ch in code]
    if check_symbol(values[:-1]) != values[-1]:
        raise CodeError(Refusal.CHECK)
    header = values[0] * BASE + values[1]
    version, index = divmod(header, OPTIONS)
    seed = 0
    for v in values[HEADER:-1]:
        seed = seed * BASE + v
    if seed > MAX_SEED:
        raise CodeError(Refusal.LONG)
    level, variant, pantry, players = _options_from(index)
    return Deal(level, seed, variant, pantry, players, version)


def decode(text: str) -> Deal:
    """The deal of a typed code this version deals; CodeError with the reason otherwise."""
    deal = read(text)
    if deal.version > DEAL_VERSION:
        raise CodeError(Refusal.NEW_VERSION)
    if deal.version < DEAL_VERSION:
        raise CodeError(Refusal.OLD_VERSION)
    return deal


def deal_of(options: dict[str, object]) -> Deal:
    """The deal of a game's options (`Game.options`, or `new_game`'s keywords). Options no code
    can hold are refused (`CodeError`, `Refusal.OPTIONS`), never read as other ones: a Pantry
    value that is no Pantry mode (R-§10: off, on or hard) is not taken for "no Pantry"."""
    seed = options["seed"]
    players = options.get("players", 1)
    pantry = options.get("pantry", False)
    if not isinstance(seed, int) or not isinstance(players, int) or not isinstance(pantry, (bool, str)):
        raise CodeError(Refusal.OPTIONS)
    try:
        PantryMode.of(pantry)
    except ValueError:
        raise CodeError(Refusal.OPTIONS) from None
    return Deal(str(options["level"]), seed, str(options.get("variant", PLAIN)), pantry, players)


def code_of(options: dict[str, object]) -> str | None:
    """The pretty code of a game's deal, or None when it has none (a seed or an option a code
    cannot hold)."""
    try:
        return pretty(encode(deal_of(options)))
    except (KeyError, ValueError):
        return None


__all__ = ["ALPHABET", "DEAL_VERSION", "MAX_SEED", "CodeError", "Deal", "Refusal", "check_symbol", "code_of",
           "deal_of", "decode", "encode", "normalise", "pretty", "read"]
