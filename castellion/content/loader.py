"""``levels/*.yaml`` -> a validated :class:`~castellion.rules.ruleset.Ruleset`.

The levels directory holds exactly these files (any other ``*.yaml`` there is an error, so a
misnamed file is never silently ignored):

- ``tiles.yaml``   -- ``tiles:`` the tile counts (docs/rules.md §1) -> ``TileSet``
- ``ordeals.yaml`` -- ``cards:`` the 24 Ordeal cards (docs/rules.md §5.4) -> ``OrdealCard``
- ``intro.yaml``, ``base.yaml``, ``expert.yaml`` -- one level each (docs/rules.md §5.1, §6-§8)
  -> ``LevelSpec``

Every key and value is checked. A problem raises :class:`ContentError` whose message names the
file and the key path, e.g. ``levels/ordeals.yaml: cards[3].trigger: expected a positive integer,
got 'x'``. The component counts of docs/rules.md §1 (72 Defenders, 12 Traitors = 9 + 3, 24 Ordeal
cards = 5 + 7 + 12) are checked too: the data may change a card, not the box's contents.

Nothing is read at import time; :func:`load_ruleset` reads on first call and caches the default
directory's result (five small files, ~20 ms with the pure-Python parser). The cached ``Ruleset`` is shared:
callers must not mutate its dicts.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NoReturn

import yaml

from castellion.rules.options import OLD_SLOT_WORDS, PLAIN, VARIANT_HOOKS, VARIANT_LEANINGS
from castellion.rules.ruleset import (
    CARD_KINDS,
    FORMATION_KINDS,
    LEVELS,
    LevelSpec,
    OrdealCard,
    Ruleset,
    TileSet,
)

from .resources import resource_path

__all__ = ["ContentError", "load_ruleset"]

TILES_FILE = "tiles.yaml"
ORDEALS_FILE = "ordeals.yaml"
ACHIEVEMENTS_FILE = "achievements.yaml"  # read by castellion.content.achievements, not here

# docs/rules.md §1: what is in the box. The data must agree.
DEFENDERS = 72
SAFE_PILE = 12
PLAIN_TRAITORS = 9
BLACK_TRAITORS = 3
PANTRY_TILES = 6
CARDS_PER_LEVEL = {"intro": 5, "base": 7, "expert": 12}
CARD_NAMES_PER_LEVEL = {"intro": "Exam", "base": "Simulation", "expert": "Assault"}
STAGES = 3
MAX_ROWS = 6  # the castle is 6 rows tall (R-GRID)

FACTION_CODES = ("S", "C", "J", "P")  # docs/rules-api.md notation
SHAPE_CODES = ("t", "s", "c")
SOURCES = ("printed", "reconstructed")

_IDENT = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")

# Keys of a card by kind (besides the common ones).
_COMMON_CARD_KEYS = ("id", "level", "name", "stage", "kind", "trigger", "source", "text")
_KIND_KEYS = {
    "requirement": ("requires",),
    "foundation_drop": ("rows",),
    "assault": ("requires", "destroy"),
    "earthworm": ("rows",),
}
assert set(_KIND_KEYS) == set(CARD_KINDS), "card kinds out of step with castellion.rules.ruleset"
_ALL_CARD_KEYS = _COMMON_CARD_KEYS + ("requires", "destroy", "rows")

_TILE_KEYS = (
    "factions",
    "shapes",
    "safe_copies",
    "regular_copies",
    "plain_traitors",
    "black_traitors",
    "pantry_shapes",
)
_LEVEL_KEYS = (
    "id",
    "name",
    "description",
    "ordeal_slots",
    "face_down",
    "powers",
    "traitor_discard",
    "early_encounter",
    "formation_powers",
)
_OPTIONAL_LEVEL_KEYS = ("variants",)  # a level may have no variant, or any number
_VARIANT_KEYS = ("id", "leaning", "name", "description")
_RESERVED = frozenset({PLAIN, *OLD_SLOT_WORDS})  # the plain game's word and the earlier slot words: no id


class ContentError(ValueError):
    """A level file is missing, unreadable or wrong.

    ``str(err)`` is ``"<file>: <key path>: <problem>"`` (the key path is left out for problems
    with the whole file). ``.file`` is the short name shown (``levels/ordeals.yaml``), ``.path``
    the full path, ``.key`` the key path (``cards[3].trigger``, or ``""``), ``.problem`` the rest.
    """

    def __init__(self, file: str, key: str, problem: str, path: Path | None = None) -> None:
        self.file = file
        self.key = key
        self.problem = problem
        self.path = path
        super().__init__(f"{file}: {key}: {problem}" if key else f"{file}: {problem}")


# --- YAML reading --------------------------------------------------------------------------


class _StrictLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` that refuses duplicate mapping keys (plain safe_load keeps the last
    one silently, which would hide a typo such as two ``trigger:`` lines)."""


def _construct_unique_mapping(loader: _StrictLoader, node: yaml.MappingNode, deep: bool = False) -> Any:
    loader.flatten_mapping(node)
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            duplicate = key in seen
        except TypeError:  # unhashable key: construct_mapping reports it properly
            continue
        if duplicate:
            raise yaml.constructor.ConstructorError(
                "while reading a mapping", node.start_mark, f"duplicate key {key!r}", key_node.start_mark
            )
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_unique_mapping)


def _describe(value: Any) -> str:
    """A value as quoted in error messages: short, and with its type when that is the point."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a boolean)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _key(parent: str, name: str | int) -> str:
    if isinstance(name, int):
        return f"{parent}[{name}]"
    return f"{parent}.{name}" if parent else name


class _File:
    """One YAML file being validated: knows its name for messages and offers typed getters
    that raise :class:`ContentError` with the key path."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.label = f"{path.parent.name}/{path.name}"

    def fail(self, key: str, problem: str) -> NoReturn:
        raise ContentError(self.label, key, problem, self.path)

    def read(self) -> dict[str, Any]:
        """Parse the file; its top level must be a mapping."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            self.fail("", f"file not found (looked for {self.path})")
        except UnicodeDecodeError as exc:
            self.fail("", f"not UTF-8 text ({exc.reason} at byte {exc.start})")
        except OSError as exc:
            self.fail("", f"cannot be read: {exc.strerror or exc}")
        try:
            data = yaml.load(text, Loader=_StrictLoader)  # noqa: S506 -- a SafeLoader subclass
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
            problem = exc.problem or exc.context or "syntax error"
            self.fail(where, f"invalid YAML: {problem}")
        except yaml.YAMLError as exc:
            self.fail("", f"invalid YAML: {exc}")
        if data is None:
            self.fail("", "the file is empty; expected a mapping of keys")
        if not isinstance(data, dict):
            self.fail("", f"expected a mapping of keys at the top level, got {_describe(data)}")
        return data

    # -- typed getters -------------------------------------------------------------------

    def mapping(self, value: Any, key: str, required: Iterable[str], optional: Iterable[str] = ()) -> dict[str, Any]:
        """Check ``value`` is a mapping with all ``required`` keys and nothing else."""
        required = tuple(required)
        allowed = required + tuple(k for k in optional if k not in required)
        if not isinstance(value, dict):
            keys = f" with keys {', '.join(required)}" if required else ""
            self.fail(key, f"expected a mapping{keys}, got {_describe(value)}")
        for name in value:
            if not isinstance(name, str):
                self.fail(key, f"keys must be names, got {_describe(name)}")
            if name not in allowed:
                self.fail(_key(key, name), f"unknown key; expected one of {', '.join(allowed)}")
        for name in required:
            if name not in value:
                self.fail(_key(key, name), "missing key")
        return value

    def seq(self, value: Any, key: str, *, length: int | None = None) -> list[Any]:
        if not isinstance(value, list):
            self.fail(key, f"expected a list, got {_describe(value)}")
        if not value:
            self.fail(key, "expected a non-empty list, got an empty one")
        if length is not None and len(value) != length:
            self.fail(key, f"expected a list of {length} entries, got {len(value)}")
        return value

    def text(self, value: Any, key: str) -> str:
        if not isinstance(value, str):
            self.fail(key, f"expected a line of text, got {_describe(value)}")
        if not value.strip():
            self.fail(key, "expected a line of text, got an empty string")
        if "\n" in value.strip():
            self.fail(key, "expected a single line of text, got several lines")
        return value.strip()

    def ident(self, value: Any, key: str) -> str:
        if not isinstance(value, str) or not _IDENT.match(value):
            self.fail(key, "expected an id (lower-case letters, digits and dashes, e.g. 'exam-1'), "
                           f"got {_describe(value)}")
        return value

    def choice(self, value: Any, key: str, choices: Iterable[str], what: str = "value") -> str:
        choices = tuple(choices)
        if not isinstance(value, str) or value not in choices:
            self.fail(key, f"unknown {what} {_describe(value)}; expected one of {', '.join(choices)}")
        return value

    def positive_int(self, value: Any, key: str, *, maximum: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            self.fail(key, f"expected a positive integer, got {_describe(value)}")
        if maximum is not None and value > maximum:
            self.fail(key, f"expected an integer from 1 to {maximum}, got {value}")
        return value

    def count(self, value: Any, key: str) -> int:
        """A whole number >= 0 (a number of copies)."""
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            self.fail(key, f"expected a whole number (0 or more), got {_describe(value)}")
        return value

    def flag(self, value: Any, key: str) -> bool:
        if not isinstance(value, bool):
            self.fail(key, f"expected true or false, got {_describe(value)}")
        return value

    def codes(self, value: Any, key: str, known: tuple[str, ...], what: str, *, distinct: bool) -> tuple[str, ...]:
        items = self.seq(value, key)
        seen: set[str] = set()
        for i, item in enumerate(items):
            self.choice(item, _key(key, i), known, what)
            if distinct and item in seen:
                self.fail(_key(key, i), f"{what} {item!r} is listed twice")
            seen.add(item)
        return tuple(items)


# --- the three kinds of file ---------------------------------------------------------------


def _load_tiles(f: _File) -> TileSet:
    top = f.mapping(f.read(), "", ["tiles"])
    t = f.mapping(top["tiles"], "tiles", _TILE_KEYS)
    factions = f.codes(t["factions"], "tiles.factions", FACTION_CODES, "faction code", distinct=True)
    shapes = f.codes(t["shapes"], "tiles.shapes", SHAPE_CODES, "shape code", distinct=True)
    safe = f.count(t["safe_copies"], "tiles.safe_copies")
    regular = f.count(t["regular_copies"], "tiles.regular_copies")
    plain = f.count(t["plain_traitors"], "tiles.plain_traitors")
    black = f.count(t["black_traitors"], "tiles.black_traitors")
    pantry = f.codes(t["pantry_shapes"], "tiles.pantry_shapes", shapes, "shape code", distinct=False)

    kinds = len(factions) * len(shapes)
    if kinds * (safe + regular) != DEFENDERS:
        f.fail(
            "tiles",
            f"{len(factions)} factions x {len(shapes)} shapes x ({safe} safe + {regular} regular) copies "
            f"make {kinds * (safe + regular)} Defenders; docs/rules.md §1 has {DEFENDERS}",
        )
    if kinds * safe != SAFE_PILE:
        f.fail("tiles.safe_copies", f"the safe pile would hold {kinds * safe} tiles; docs/rules.md §1 has {SAFE_PILE}")
    if plain != PLAIN_TRAITORS:
        f.fail("tiles.plain_traitors", f"expected {PLAIN_TRAITORS} plain Traitors (docs/rules.md §1), got {plain}")
    if black != BLACK_TRAITORS:
        f.fail("tiles.black_traitors",
               f"expected {BLACK_TRAITORS} black-bordered Traitors (docs/rules.md §1), got {black}")
    if len(pantry) != PANTRY_TILES or any(pantry.count(s) != PANTRY_TILES // len(shapes) for s in shapes):
        f.fail(
            "tiles.pantry_shapes",
            f"expected {PANTRY_TILES} Pantry tiles, {PANTRY_TILES // len(shapes)} of each shape (docs/rules.md §10), "
            f"got {', '.join(pantry)}",
        )
    return TileSet(
        factions=factions,
        shapes=shapes,
        safe_copies=safe,
        regular_copies=regular,
        plain_traitors=plain,
        black_traitors=black,
        pantry_shapes=pantry,
    )


def _load_requires(f: _File, value: Any, key: str) -> dict[str, int]:
    if not isinstance(value, dict) or not value:
        f.fail(key, f"expected a mapping of formations to numbers, e.g. {{tower: 2}}; got {_describe(value)}")
    requires: dict[str, int] = {}
    for name, n in value.items():
        f.choice(name, _key(key, str(name)), FORMATION_KINDS, "formation")
        requires[name] = f.positive_int(n, _key(key, name))
    return requires


def _load_cards(f: _File) -> dict[str, OrdealCard]:
    top = f.mapping(f.read(), "", ["cards"])
    entries = f.seq(top["cards"], "cards")
    cards: dict[str, OrdealCard] = {}
    first_at: dict[str, str] = {}
    for i, entry in enumerate(entries):
        at = _key("cards", i)
        # Unknown keys first, then the kind, which decides which other keys belong.
        f.mapping(entry, at, (), _ALL_CARD_KEYS)
        if "kind" not in entry:
            f.fail(_key(at, "kind"), "missing key")
        kind = f.choice(entry["kind"], _key(at, "kind"), CARD_KINDS, "card kind")
        wanted = _COMMON_CARD_KEYS + _KIND_KEYS[kind]
        for name in entry:
            if name not in wanted:
                f.fail(_key(at, name), f"does not apply to a {kind} card (its keys: {', '.join(wanted)})")
        f.mapping(entry, at, wanted)

        card_id = f.ident(entry["id"], _key(at, "id"))
        if card_id in first_at:
            f.fail(_key(at, "id"), f"duplicate card id {card_id!r} (first at {first_at[card_id]})")
        first_at[card_id] = at
        card = OrdealCard(
            id=card_id,
            level=f.choice(entry["level"], _key(at, "level"), LEVELS, "level"),
            name=f.text(entry["name"], _key(at, "name")),
            stage=f.positive_int(entry["stage"], _key(at, "stage"), maximum=STAGES),
            kind=kind,
            trigger=f.positive_int(entry["trigger"], _key(at, "trigger")),
            requires=_load_requires(f, entry["requires"], _key(at, "requires")) if "requires" in entry else {},
            destroy=f.positive_int(entry["destroy"], _key(at, "destroy")) if "destroy" in entry else 0,
            rows=f.positive_int(entry["rows"], _key(at, "rows"), maximum=MAX_ROWS - 1) if "rows" in entry else 0,
            source=f.choice(entry["source"], _key(at, "source"), SOURCES, "source"),
            text=f.text(entry["text"], _key(at, "text")),
        )
        cards[card_id] = card

    for level, expected in CARDS_PER_LEVEL.items():
        n = sum(1 for c in cards.values() if c.level == level)
        if n != expected:
            f.fail(
                "cards",
                f"{n} cards for level {level!r}; docs/rules.md §1 has {expected} {CARD_NAMES_PER_LEVEL[level]} cards",
            )
    return cards


def _load_level(f: _File, level_id: str, cards: dict[str, OrdealCard], cards_label: str) -> LevelSpec:
    data = f.mapping(f.read(), "", _LEVEL_KEYS, _OPTIONAL_LEVEL_KEYS)
    got_id = f.ident(data["id"], "id")
    if got_id != level_id:
        f.fail("id", f"expected {level_id!r} (this file is the {level_id} level), got {got_id!r}")

    slots_raw = f.seq(data["ordeal_slots"], "ordeal_slots", length=STAGES)
    slots: list[tuple[str, ...]] = []
    placed: dict[str, str] = {}
    for stage, slot_raw in enumerate(slots_raw, start=1):
        slot_key = _key("ordeal_slots", stage - 1)
        ids = f.seq(slot_raw, slot_key)
        for j, card_id in enumerate(ids):
            at = _key(slot_key, j)
            f.ident(card_id, at)
            card = cards.get(card_id)
            if card is None:
                f.fail(at, f"unknown card id {card_id!r} (not in {cards_label})")
            if card.level != level_id:
                f.fail(at, f"card {card_id!r} belongs to level {card.level!r}, not {level_id!r}")
            if card.stage != stage:
                f.fail(at, f"card {card_id!r} is a stage {card.stage} card, but this is the stage {stage} slot")
            if card_id in placed:
                f.fail(at, f"card {card_id!r} is already in {placed[card_id]}")
            placed[card_id] = at
        slots.append(tuple(ids))
    unused = [c.id for c in cards.values() if c.level == level_id and c.id not in placed]
    if unused:
        f.fail("ordeal_slots", f"the level's cards {', '.join(map(repr, unused))} are in no slot")

    # Any number of variants, each an id the rules know (rules/options.py) with its leaning and words.
    variants: dict[str, dict[str, str]] = {}
    raw = f.seq(data["variants"], "variants") if "variants" in data else []
    for i, item in enumerate(raw):
        at = _key("variants", i)
        v = f.mapping(item, at, _VARIANT_KEYS)
        vid = f.ident(v["id"], _key(at, "id"))
        if vid not in VARIANT_HOOKS or vid in _RESERVED:
            f.fail(_key(at, "id"), f"unknown variant {vid!r}; the rules know {', '.join(sorted(VARIANT_HOOKS))}")
        if vid in variants:
            f.fail(_key(at, "id"), f"the variant {vid!r} is already in this level")
        variants[vid] = {
            "id": vid,
            "leaning": f.choice(v["leaning"], _key(at, "leaning"), VARIANT_LEANINGS, "leaning"),
            "name": f.text(v["name"], _key(at, "name")),
            "description": f.text(v["description"], _key(at, "description")),
        }

    return LevelSpec(
        id=level_id,
        name=f.text(data["name"], "name"),
        description=f.text(data["description"], "description"),
        ordeal_slots=tuple(slots),
        face_down=f.flag(data["face_down"], "face_down"),
        powers=f.flag(data["powers"], "powers"),
        traitor_discard=f.flag(data["traitor_discard"], "traitor_discard"),
        early_encounter=f.flag(data["early_encounter"], "early_encounter"),
        formation_powers=f.flag(data["formation_powers"], "formation_powers"),
        variants=variants,
    )


def _load(levels_dir: Path) -> Ruleset:
    label = levels_dir.name or str(levels_dir)
    if not levels_dir.is_dir():
        raise ContentError(label, "", f"levels directory not found (looked for {levels_dir})", levels_dir)
    expected = [TILES_FILE, ORDEALS_FILE, ACHIEVEMENTS_FILE] + [f"{level}.yaml" for level in LEVELS]
    for extra in sorted(p for p in levels_dir.iterdir() if p.suffix in (".yaml", ".yml") and p.name not in expected):
        raise ContentError(
            f"{label}/{extra.name}",
            "",
            f"unexpected file; the levels directory holds only {', '.join(expected)}",
            extra,
        )

    tiles = _load_tiles(_File(levels_dir / TILES_FILE))
    cards_file = _File(levels_dir / ORDEALS_FILE)
    cards = _load_cards(cards_file)
    levels = {level: _load_level(_File(levels_dir / f"{level}.yaml"), level, cards, cards_file.label)
              for level in LEVELS}

    variant_owner: dict[str, str] = {}
    for spec in levels.values():
        for i, v in enumerate(spec.variants.values()):
            if v["id"] in variant_owner:
                raise ContentError(
                    f"{label}/{spec.id}.yaml",
                    f"variants[{i}].id",
                    f"variant id {v['id']!r} is already used by the {variant_owner[v['id']]} level",
                    levels_dir / f"{spec.id}.yaml",
                )
            variant_owner[v["id"]] = spec.id
    return Ruleset(tiles=tiles, cards=cards, levels=levels)


@functools.lru_cache(maxsize=1)
def _load_default() -> Ruleset:
    return _load(resource_path("levels"))


def load_ruleset(levels_dir: Path | str | None = None) -> Ruleset:
    """Load and validate the game data from ``levels_dir`` (default: the bundled ``levels/``,
    found by :func:`~castellion.content.resources.resource_path`; that load is cached, other
    directories are read afresh every call).

    Raises :class:`ContentError` (a ``ValueError``) naming the file and key path of the first
    problem found, and ``FileNotFoundError`` when the bundled data cannot be found at all.
    """
    if levels_dir is None:
        return _load_default()
    return _load(Path(levels_dir))
