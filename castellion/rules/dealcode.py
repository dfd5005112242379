"""Deal codes: a short code a person can read aloud and type, naming one deal — its level, variant,
Pantry, players and seed — and the version of the codes it was made under.

    code = encode(Deal("intro", 4821), ruleset)   # "3K2F-9QXR"-like: 2 symbols of header, the seed, a check
    deal = decode(" 3k2f 9qxr ", ruleset)          # case, spaces and dashes do not matter
    decode("3K2F-9QXS", ruleset)                   # CodeError(reason=Refusal.CHECK): a mistyped symbol

Every function that names a variant takes the game's own level data (`ruleset`): a code names a
variant by its place in the level's declared list (`levels/<level>.yaml`, `variants:`), so it is
read against the data the game is dealt from, never against another copy.

The symbols are the 30 of `ALPHABET`: digits and capitals without 0, 1, I, L, O and U, so no two
look or sound alike (a typed O, 0, I, L, 1 or U is refused by name: `Refusal.SYMBOL`). A code of
this version (`DEAL_VERSION` = 2) is:

- the header, 2 symbols: one number `version * SLOTS + slot` in base 30 (`SLOTS` = 54), where
  `slot` = ((level x 3 + Pantry mode) x 2 + players) x 3 + form, and the form says how many
  variant symbols follow: 0 for the plain game, 1 for a variant at place 0-29 of the level's
  declared list, 2 for places 30-929;
- the variant's place in the level's declared list (`LevelSpec.variants`, the data's order), in
  base 30 (places from 30 on are written less 30). The list is append-only — a variant once
  shipped keeps its place and is never removed or moved (levels/*.yaml say so;
  tests/content/test_variant_places.py pins the shipped lists) — so a code made today names the
  same variant in every later version, whatever variants are added after it;
- the seed in base 30, most significant first (5 symbols for the seeds Setup hands out, 13 for a
  daily deal's 63-bit seed);
- one check symbol: Luhn mod 30 over every symbol before it, so any single mistyped symbol and
  any swap of two different neighbours is caught.

A code of version 1 (the layout before) has `version * SLOTS + options` for its header, the
options being level x place x Pantry x players with the places `V1_PLACES`: the plain game and the
level's first easier and first harder variant (`LevelSpec.first`), so a level's further variants
had no code. This version still reads them and deals them the same way (`SAME_DEALING`).

It is shown in groups of at most four joined by dashes (`pretty`). A code carries its version: the
same code deals the same game on every machine. When a later version deals a seed differently it
raises `DEAL_VERSION` and leaves `SAME_DEALING`'s older versions out: it either deals their codes
the older way or refuses them with `Refusal.OLD_VERSION`, never dealing them differently; a code of
a newer version is refused with `Refusal.NEW_VERSION`. tests/rules/test_dealcode.py ties every
version of `SAME_DEALING` to the levels' rules data (the digests the saves are pinned to). Pure
standard library: no words here, only reasons.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .options import PLAIN, Leaning, PantryMode
from .ruleset import Ruleset

ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
BASE = len(ALPHABET)  # 30
# The version of the codes written now: raised when codes are written another way (2: a variant by
# its place in the level's declared list) or when a seed deals another game.
DEAL_VERSION = 2
# The versions whose codes deal the same games as this one (rules/game.py `_deal` over the levels'
# data has not changed since version 1); the list of proved deals (levels/proved.json) names one.
SAME_DEALING = frozenset({1, 2})
LEVELS = ("intro", "base", "expert")
PANTRIES: tuple[bool | str, ...] = tuple(mode.stored for mode in PantryMode)  # False, True, "hard"
PLAYERS = (1, 2)
FORMS = 3  # variant symbols after the header: 0 (the plain game), 1 or 2
SLOTS = len(LEVELS) * len(PANTRIES) * len(PLAYERS) * FORMS  # 54
MAX_PLACE = BASE + BASE**2 - 1  # 929: the last place in a level's list a code can name
# Version 1: the plain game and the level's first easier and first harder variant only.
V1_PLACES: tuple[Leaning, ...] = (Leaning.PLAIN, Leaning.EASIER, Leaning.HARDER)
MAX_SEED = 2**63 - 1  # a daily deal's seed is 63 bits (content/daily.py)
HEADER = 2  # symbols: BASE ** 2 = 900 > (version + 1) * SLOTS for versions up to 15
SEED_SYMBOLS = 13  # MAX_SEED in base 30
GROUP = 4


class Refusal(enum.Enum):
    """Why a typed code deals nothing (the UI words each)."""

    EMPTY = "empty"
    SYMBOL = "symbol"  # a symbol codes never use (`CodeError.symbol` says which)
    SHORT = "short"
    LONG = "long"
    CHECK = "check"  # the check symbol does not match: a symbol mistyped or two swapped
    OPTIONS = "options"  # no such level / variant / Pantry / players combination
    VARIANT = "variant"  # the level has no variant at the place the code names
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


def _mixed(parts: tuple[int, ...], sizes: tuple[int, ...]) -> int:
    index = 0
    for part, size in zip(parts, sizes, strict=True):
        index = index * size + part
    return index


def _pantry_index(pantry: bool | str) -> int:
    # `True == 1` and `False == 0`: `PantryMode.of` compares by kind too, so 1 is no Pantry mode.
    return list(PantryMode).index(PantryMode.of(pantry))


def _place(ruleset: Ruleset, level: str, variant: str) -> int:
    """`variant`'s place in `level`'s declared list (-1 for the plain game); ValueError if none."""
    return -1 if variant == PLAIN else list(ruleset.level(level).variants).index(variant)


def _v1_place(ruleset: Ruleset, level: str, variant: str) -> int:
    """Where a version-1 code puts `variant` of `level` (`V1_PLACES`); ValueError when it has none."""
    if variant == PLAIN:
        return 0
    spec = ruleset.level(level)
    leaning = spec.leaning(variant)
    if spec.first(leaning) != variant:
        raise ValueError(f"{variant!r} is not the first {leaning} variant of {level!r}: no version-1 code")
    return V1_PLACES.index(leaning)


def _header_and_variant(deal: Deal, ruleset: Ruleset) -> tuple[int, list[int]]:
    try:
        level, pantry, players = LEVELS.index(deal.level), _pantry_index(deal.pantry), PLAYERS.index(deal.players)
        if deal.version < 2:
            place = _v1_place(ruleset, deal.level, deal.variant)
            return _mixed((level, place, pantry, players), (len(LEVELS), len(V1_PLACES), len(PANTRIES),
                                                            len(PLAYERS))), []
        place = _place(ruleset, deal.level, deal.variant)
    except ValueError:
        raise CodeError(Refusal.OPTIONS) from None
    if place > MAX_PLACE:
        raise CodeError(Refusal.OPTIONS)
    variant = [] if place < 0 else [place] if place < BASE else _digits(place - BASE, 2)
    slot = _mixed((level, pantry, players, len(variant)), (len(LEVELS), len(PANTRIES), len(PLAYERS), FORMS))
    return slot, variant


def _digits(n: int, width: int = 1) -> list[int]:
    out = []
    while True:
        n, d = divmod(n, BASE)
        out.append(d)
        if n == 0 and len(out) >= width:
            return out[::-1]


def _number(values: list[int]) -> int:
    n = 0
    for v in values:
        n = n * BASE + v
    return n


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


def encode(deal: Deal, ruleset: Ruleset) -> str:
    """The code of `deal` (its variant placed by `ruleset`, the game's level data), without dashes
    (`pretty` adds them). Raises CodeError(OPTIONS) for an option outside the tables and ValueError
    for a seed outside 0..MAX_SEED."""
    if not isinstance(deal.seed, int) or isinstance(deal.seed, bool) or not 0 <= deal.seed <= MAX_SEED:
        raise ValueError(f"a deal code holds a seed from 0 to {MAX_SEED}, not {deal.seed!r}")
    slot, variant = _header_and_variant(deal, ruleset)
    values = _digits(deal.version * SLOTS + slot, HEADER) + variant + _digits(deal.seed)
    return "".join(ALPHABET[v] for v in [*values, check_symbol(values)])


def pretty(code: str) -> str:
    """`code` in groups of at most GROUP symbols, as even as they come (8 → 4-4, 9 → 3-3-3),
    joined by dashes, for reading aloud."""
    groups = -(-len(code) // GROUP)
    size, longer = divmod(len(code), max(groups, 1))
    cuts, at = [], 0
    for i in range(groups):
        cuts.append(code[at:at + size + (i < longer)])
        at += size + (i < longer)
    return "-".join(cuts)


def normalise(text: str) -> str:
    """A typed code as its symbols: capitals, without spaces and dashes."""
    return "".join(ch for ch in text.upper() if ch not in " -_\t.")


def _symbols(text: str) -> list[int]:
    """A typed code's symbols' values, check symbol verified; CodeError with the reason."""
    code = normalise(text)
    if not code:
        raise CodeError(Refusal.EMPTY)
    for ch in code:
        if ch not in ALPHABET:
            raise CodeError(Refusal.SYMBOL, ch)
    if len(code) < HEADER + 2:
        raise CodeError(Refusal.SHORT)
    if len(code) > HEADER + FORMS - 1 + SEED_SYMBOLS + 1:
        raise CodeError(Refusal.LONG)
    values = [ALPHABET.index(ch) for ch in code]
    if check_symbol(values[:-1]) != values[-1]:
        raise CodeError(Refusal.CHECK)
    return values


def read(text: str, ruleset: Ruleset) -> Deal:
    """The deal a code names, whatever its version (a newer version's code is read as if laid out
    as this version's: `decode`, which players' codes go through, refuses it first). Its variant is
    found in `ruleset`, the game's level data. Raises CodeError with the reason."""
    values = _symbols(text)
    version, slot = divmod(_number(values[:HEADER]), SLOTS)
    body = values[HEADER:-1]
    if version < 2:
        level, place, pantry, players = _split(slot, (len(LEVELS), len(V1_PLACES), len(PANTRIES), len(PLAYERS)))
        rest = body
        variant = _v1_variant(ruleset, LEVELS[level], V1_PLACES[place])
    else:
        level, pantry, players, form = _split(slot, (len(LEVELS), len(PANTRIES), len(PLAYERS), FORMS))
        if len(body) < form + 1:
            raise CodeError(Refusal.SHORT)
        rest = body[form:]
        variant = _variant(ruleset, LEVELS[level], body[:form])
    if len(rest) > SEED_SYMBOLS or _number(rest) > MAX_SEED:
        raise CodeError(Refusal.LONG)
    return Deal(LEVELS[level], _number(rest), variant, PANTRIES[pantry], PLAYERS[players], version)


def _split(index: int, sizes: tuple[int, ...]) -> tuple[int, ...]:
    parts = []
    for size in reversed(sizes[1:]):
        index, part = divmod(index, size)
        parts.append(part)
    return (index, *reversed(parts))


def _v1_variant(ruleset: Ruleset, level: str, leaning: Leaning) -> str:
    if leaning is Leaning.PLAIN:
        return PLAIN
    found = ruleset.level(level).first(leaning)
    if found is None:  # the level has no variant there
        raise CodeError(Refusal.VARIANT)
    return found


def _variant(ruleset: Ruleset, level: str, symbols: list[int]) -> str:
    if not symbols:
        return PLAIN
    place = symbols[0] if len(symbols) == 1 else BASE + _number(symbols)
    declared = list(ruleset.level(level).variants)
    if place >= len(declared):  # a variant of a later version's data, or a mistyped code
        raise CodeError(Refusal.VARIANT)
    return declared[place]


def decode(text: str, ruleset: Ruleset) -> Deal:
    """The deal of a typed code this version deals; CodeError with the reason otherwise. The
    version is read from the header first: a later version's body may be laid out otherwise, so
    it is refused as newer, never for what this version's layout makes of its body."""
    version = _number(_symbols(text)[:HEADER]) // SLOTS
    if version > DEAL_VERSION:
        raise CodeError(Refusal.NEW_VERSION)
    if version not in SAME_DEALING:
        raise CodeError(Refusal.OLD_VERSION)
    return read(text, ruleset)


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


def code_of(options: dict[str, object], ruleset: Ruleset) -> str | None:
    """The pretty code of a game's deal (its variant placed by `ruleset`, the game's level data),
    or None when it has none (a seed or an option a code cannot hold)."""
    try:
        return pretty(encode(deal_of(options), ruleset))
    except (KeyError, ValueError):
        return None


__all__ = ["ALPHABET", "DEAL_VERSION", "MAX_SEED", "SAME_DEALING", "CodeError", "Deal", "Refusal", "check_symbol",
           "code_of", "deal_of", "decode", "encode", "normalise", "pretty", "read"]
