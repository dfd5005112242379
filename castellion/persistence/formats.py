"""Save formats and the upgrade path: `UPGRADES[v]` turns a format-v document into v+1 (pure; files
are never rewritten). The history and when to bump `SAVE_FORMAT`: docs/persistence.md, "Save
format" and "Old files". Here too the words of earlier versions every document converts as it is
read: a losing sentence as its rule id (`rule_id`), a variant's slot word as its id (`variant_word`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from castellion import __version__
from castellion.rules import default_ruleset
from castellion.rules.options import OLD_SLOT_WORDS

from .errors import DamagedSave
from .reader import printable
from .replay import UPGRADED_FROM, Document

SAVE_FORMAT = 4  # the format of a save file (its game snapshot's is rules.snapshot.SNAPSHOT_FORMAT)
_RULE_RE = re.compile(r"R-[^\s:,;()]+")


def rule_id(text: str) -> str | None:
    """The last rule id quoted in `text` ("R-O5", "R-§5.3"), or None: an earlier version's losing
    sentence as the rule it names (a save's summary, a statistics key)."""
    found = _RULE_RE.findall(text or "")
    return found[-1].rstrip(".") if found else None


# -- variant words of earlier versions ----------------------------------------------------------
# Before a level could hold any number of variants, files stored a variant as its slot ("easy" /
# "hard": the level's one easier or harder variant). Each document converts them on read with
# `variant_word` (a save: `_from_format_3`); keys hashed from a game's options spell variants as
# they did (`with_old_variant_word`).


def variant_word(level: object, word: object) -> object:
    """The stored variant `word` of a game at `level` as today's: an earlier version's slot word
    as the level's first variant of that leaning (`LevelSpec.variant_of_word`), else unchanged."""
    if not isinstance(level, str) or not isinstance(word, str) or word not in OLD_SLOT_WORDS:
        return word
    try:
        return default_ruleset().level(level).variant_of_word(word)
    except ValueError:  # a level this version does not have: left as it is (refused where used)
        return word


def with_variant_id(options: Mapping[str, Any]) -> dict[str, Any]:
    """`options` (a game's, as a file kept them) with the variant as today's (`variant_word`)."""
    out = dict(options)
    if "variant" in out:
        out["variant"] = variant_word(out.get("level"), out["variant"])
    return out


def with_old_variant_word(options: Mapping[str, Any]) -> dict[str, Any]:
    """`options` with the variant spelled as earlier versions did (`LevelSpec.old_word`): what the
    hashes of a game's end or review are taken over, so a key kept before still names its game."""
    out = dict(options)
    level, variant = out.get("level"), out.get("variant")
    spec = default_ruleset().levels.get(level) if isinstance(level, str) else None
    if spec is not None and isinstance(variant, str):
        out["variant"] = spec.old_word(variant)
    return out


def _from_format_1(doc: Document) -> Document:
    """1 → 2: the state hash is recomputed by replay (see the module docstring); the summary's
    losing sentence becomes its rule id."""
    new = dict(doc)
    new["format"] = 2
    new[UPGRADED_FROM] = {"format": 1, "state_hash": doc.get("state_hash")}
    new["state_hash"] = None
    summary = doc.get("summary")
    if isinstance(summary, dict):
        summary = dict(summary)
        reason = summary.pop("outcome_reason", None)
        summary["outcome_rule"] = rule_id(reason) if isinstance(reason, str) else None
        new["summary"] = summary
    return new


def _from_format_2(doc: Document) -> Document:
    """2 → 3: the format-2 hash covered the display words; it is recomputed by replay."""
    new = dict(doc)
    new["format"] = 3
    if not isinstance(doc.get(UPGRADED_FROM), dict):  # a format-1 file keeps its first origin
        new[UPGRADED_FROM] = {"format": 2, "state_hash": doc.get("state_hash")}
    new["state_hash"] = None
    return new


def _from_format_3(doc: Document) -> Document:
    """3 → 4: the options name the variant by its id, no longer by its slot ("easy" / "hard": the
    level's first easier / harder variant, ``variant_word`). The hash covers the options, so
    a game that had a slot word is marked and hashed again by replay; any other keeps its hash."""
    new = dict(doc)
    new["format"] = 4
    options = doc.get("options")
    if isinstance(options, dict) and isinstance(options.get("variant"), str) and options["variant"] in OLD_SLOT_WORDS:
        new["options"] = with_variant_id(options)
        summary = doc.get("summary")
        if isinstance(summary, dict):
            new["summary"] = with_variant_id(summary)
        if not isinstance(doc.get(UPGRADED_FROM), dict):  # an older file keeps its first origin
            new[UPGRADED_FROM] = {"format": 3, "state_hash": doc.get("state_hash")}
        new["state_hash"] = None
    return new


# UPGRADES[v] turns a version-v document into a version v+1 document (pure Document -> Document).
UPGRADES: dict[int, Callable[[Document], Document]] = {1: _from_format_1, 2: _from_format_2, 3: _from_format_3}


def upgrade(doc: Document) -> Document:
    """Bring a document of an older format up to `SAVE_FORMAT` (`UPGRADES`). Raises
    `DamagedSave`: "newer" (a format not known yet), "malformed" (no valid number or path)."""
    if UPGRADED_FROM in doc:  # only an upgrade step may say so: a file cannot skip its hash check
        doc = {k: v for k, v in doc.items() if k != UPGRADED_FROM}
    version = doc.get("format")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DamagedSave(f"the save's format number {version!r} is not valid",
                          problem="malformed")
    if version > SAVE_FORMAT:
        raise DamagedSave(f"it was written by a newer Castellion (save format {version}, program "
                          f"{printable(doc.get('program', '?'))[:40]}); this is version {__version__} — update the "
                          "game to open it", problem="newer")
    while version < SAVE_FORMAT:
        step = UPGRADES.get(version)
        if step is None:
            raise DamagedSave(f"save format {version} cannot be upgraded", problem="malformed")
        doc = step(dict(doc))
        if doc.get("format") != version + 1:
            raise DamagedSave(f"the upgrade from format {version} failed", problem="malformed")
        version += 1
    return doc
