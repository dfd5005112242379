"""The one place that turns what persistence says (data) into sentences for the player.

Persistence answers with a `Reason` and its parameters (`castellion/persistence/errors.py`): a
`PersistenceError`'s `reason` / `params`, an autosaver's `notice`, the start-up report's
`messages`, `name_problem`'s answer — all `Words`. Every screen and notice makes its words from
them here, through the catalogs (`castellion.ui.text.t`), so a Spanish or Japanese player reads a
storage error in their own language. The log keeps persistence's English `message`.

Pure functions of their arguments and the string table; never raise (an unknown reason shows a
general sentence, never a key or an English detail).
"""

from __future__ import annotations

from collections.abc import Mapping

from castellion.persistence.errors import Doing, PersistenceError, Reason, Words
from castellion.ui.text import has, t

# Each reason's sentence. Written out whole (not built from the reason's value) so that readers
# and the catalog checks find every key.
REASON_KEYS: dict[Reason, str] = {
    Reason.FULL: "storage.full",
    Reason.PERMISSION: "storage.permission",
    Reason.NOT_A_FOLDER: "storage.not_a_folder",
    Reason.IS_A_FOLDER: "storage.is_a_folder",
    Reason.NOT_A_FILE: "storage.not_a_file",
    Reason.OUTSIDE: "storage.outside",
    Reason.BUSY: "storage.busy",
    Reason.LOCK: "storage.lock_foreign",
    Reason.IO: "storage.io",
    Reason.DATA_NOT_A_FOLDER: "storage.data_not_a_folder",
    Reason.NO_FREE_AUTOSAVE: "storage.no_free_autosave",
    Reason.NO_WRITABLE_AUTOSAVE: "storage.no_writable_autosave",
    Reason.SAVE_FAILED: "storage.save_failed",
    Reason.NAME_EMPTY: "storage.name.empty",
    Reason.NAME_SPACES: "storage.name.spaces",
    Reason.NAME_TOO_LONG: "storage.name.too_long",
    Reason.NAME_CHARACTERS: "storage.name.characters",
    Reason.NAME_LONE_MARK: "storage.name.lone_mark",
    Reason.NAME_AUTOMATIC: "storage.name.automatic",
    Reason.NAME_RESERVED: "storage.name.reserved",
    Reason.NOT_A_SAVE_NAME: "storage.not_a_save_name",
    Reason.DAMAGED_IN_THE_WAY: "storage.damaged_in_the_way",
    Reason.DAMAGED: "storage.damaged",
    Reason.AUTOSAVE_CLAIMED: "storage.autosave_claimed",
    Reason.AUTOSAVE_MOVED: "storage.autosave_moved",
    Reason.AUTOSAVE_DAMAGED: "storage.autosave_damaged",
    Reason.STARTUP_AUTOSAVE_DAMAGED: "storage.startup_autosave_damaged",
    Reason.SETTINGS_DAMAGED: "storage.settings_damaged",
    Reason.STATS_DAMAGED: "storage.stats_damaged",
}

# The verb of "could not {doing} {path}" in each language.
DOING_KEYS: dict[Doing, str] = {
    Doing.WRITE: "storage.doing.write",
    Doing.WRITE_IN: "storage.doing.write_in",
    Doing.CREATE_FOLDER: "storage.doing.create_folder",
    Doing.DELETE: "storage.doing.delete",
    Doing.SAVE: "storage.doing.save",
    Doing.MOVE_ASIDE: "storage.doing.move_aside",
    Doing.READ_FOLDER: "storage.doing.read_folder",
    Doing.USE: "storage.doing.use",
}

# Why a file is not a save (`DamagedSave.problem`, `SaveInfo.problem`), as a clause.
PROBLEM_KEYS: dict[str, str] = {
    "missing": "storage.problem.missing",
    "not_a_file": "storage.problem.not_a_file",
    "unreadable": "storage.problem.unreadable",
    "too_large": "storage.problem.too_large",
    "empty": "storage.problem.empty",
    "truncated": "storage.problem.truncated",
    "corrupt": "storage.problem.corrupt",
    "foreign": "storage.problem.foreign",
    "newer": "storage.problem.newer",
    "malformed": "storage.problem.malformed",
    "illegal": "storage.problem.illegal",
    "hash_mismatch": "storage.problem.hash_mismatch",
    "outdated": "storage.problem.outdated",
}


def problem_text(problem: str | None) -> str:
    """Why a file is not a save, as a clause in the current language ("it is empty")."""
    return t(PROBLEM_KEYS.get(problem or "", "storage.problem.corrupt"))


def doing_text(doing: str | None) -> str:
    """What the game was doing ("write", "create the folder"), in the current language."""
    try:
        return t(DOING_KEYS[Doing(doing or Doing.USE)])
    except ValueError:
        return t(DOING_KEYS[Doing.USE])


def _fields(reason: Reason, params: Mapping[str, str]) -> dict[str, str]:
    """The catalog fields of `reason`'s sentence: the parameters, with the coded ones worded."""
    fields = {"path": "?", "detail": "", "file": "?", "target": "?", "name": "?", **params}
    fields["doing"] = doing_text(params.get("doing"))
    fields["problem"] = problem_text(params.get("problem"))
    return fields


def words_text(words: Words | PersistenceError) -> str:
    """The sentence for what persistence said (an error or a notice), in the current language."""
    reason, params = words.reason, words.params
    key = REASON_KEYS.get(reason, "storage.io")
    if reason is Reason.STARTUP_AUTOSAVE_DAMAGED and params.get("backup"):
        key = "storage.startup_autosave_damaged_backup"  # its backup can be opened
    if reason is Reason.IO and not params.get("detail"):
        key = "storage.io_plain"  # no system message to quote
    return t(key if has(key) else "storage.io_plain", **_fields(reason, params))


def name_problem_text(words: Words | None) -> str:
    """Why a typed save name cannot be used ("" when it can)."""
    return "" if words is None else words_text(words)
