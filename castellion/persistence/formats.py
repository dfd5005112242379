"""Save formats and the upgrade path: one function per old format, each turning version v into v+1.

Format history:

1. The first format (Castellion 0.x up to the rules answering in data). Its state hash
   was taken of a `Game.to_dict()` whose outcome read `{"result": "lost", "reason": "<sentence>"}`,
   and of games played under rulings since corrected against the printed rulebook (Premonition's
   Traitor goes to the discard pile, a tile recovered by the Chameleon may only be placed or
   discarded, the last Ordeals are faced as soon as the Dream tiles run out whatever the Pantry
   holds — R-O4). Its hash therefore cannot be checked against today's rules.
2. The outcome as data (`Outcome.to_dict()`: result, rule id, Ordeal, player…); the summary
   carries `outcome_rule` (a rule id) instead of a sentence.
3. The state hash leaves the display words out (`rules.rules_state`: card and level names, card
   texts, variant names), so a later version that only rewords its data hashes every kept game the
   same; the document records `rules_data`, the digest of the level's rules data it was
   played under (`rules_data_digest`). Format-2 hashes covered the words: the 2 → 3 step has the
   hash recomputed by replay, as 1 → 2 does. The same version forbids an early encounter between
   the Chameleon's take and its use and lets a Juggler swap complete a Tower (docs/rulings.md): a
   format-2 game that met either is rebuilt under today's rules, or "outdated".

`upgrade(doc)` is pure (no I/O, no replay) so that listing a folder stays cheap. The 1 → 2 step
marks the document `upgraded_from`; `replay.replay` then rebuilds the game under today's rules and
hashes it again. A format-1 save whose actions the corrected rules refuse is "outdated": listed as
damaged with that reason and never altered. Files are never rewritten by an upgrade: a save
reaches format 2 on disk when it is saved again (the autosave of a continued game, a new save).

A change to the rules' part of `Game.to_dict()`, to a ruling, or to the rules data of a level (a
card's requirement, a trigger, the tile counts: everything but the words) changes what existing
saves replay to: it must bump `SAVE_FORMAT` with an upgrade step that marks the document
`upgraded_from`, and record the new digests in `RULES_DATA` —
`tests/persistence/test_old_files.py` fails until both are done. Rewording the data needs neither.
"""

from __future__ import annotations

from collections.abc import Callable

from castellion import __version__

from .errors import DamagedSave
from .reader import printable
from .replay import UPGRADED_FROM, Document
from .stats import rule_id

SAVE_FORMAT = 3  # the format of a save file (its game snapshot's is rules.snapshot.SNAPSHOT_FORMAT)

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


# UPGRADES[v] turns a version-v document into a version v+1 document (pure Document -> Document).
UPGRADES: dict[int, Callable[[Document], Document]] = {1: _from_format_1, 2: _from_format_2}


def upgrade(doc: Document) -> Document:
    """Bring a document of an older format up to `SAVE_FORMAT` (see `UPGRADES`).

    Raises `DamagedSave` ("newer") for a format this program does not know yet, ("malformed") for
    a format number that is not a positive integer or has no upgrade path.
    """
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
