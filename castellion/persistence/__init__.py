"""Everything Castellion keeps on disk: saves, settings, statistics (never imports pygame; no I/O at
import: call `startup()` once). The UI's entry points are listed in docs/persistence.md, "Entry
points for the UI".
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from . import datadir, lock, writer
from .atomic import clean_stale_temps
from .autosave import (
    Autosaver,
    continue_game,
    continue_info,
    damaged_at_start,
    latest_autosave,
)
from .ends import count_unrecorded_ends
from .errors import DamagedSave, Doing, PersistenceError, Reason, StorageError, Words
from .info import LoadedSave, SaveInfo
from .logfile import close_log_file, log_file, open_log_file
from .names import NAME_MAX, SaveRefused, name_problem
from .reader import draws_nothing, printable, visible
from .replay import good_player_name, state_hash
from .save_reader import Reading, SaveReader
from .saves import (
    delete_save,
    has_saves,
    header_info,
    inspect,
    list_saves,
    load_save,
    own_save_names,
    save_exists,
    save_slot,
)
from .settings import Settings, load_settings, load_settings_report, save_settings
from .stats import (
    Record,
    Statistics,
    check_stats,
    load_stats,
    read_stats,
    record_game,
    save_stats,
)
from .store import Found

log = logging.getLogger(__name__)


@dataclass
class StartupReport:
    """What `startup()` found. `messages`: what to tell the player, in data (`Words`; the UI words
    them — empty when all is well)."""

    data_dir: Path
    settings: Settings
    writable: bool = True
    removed_temps: list[Path] = field(default_factory=list)
    messages: list[Words] = field(default_factory=list)
    damaged_saves: list[SaveInfo] = field(default_factory=list)
    # the statistics file as found (`kind` "damaged": set aside; "newer": left untouched, not
    # counted into): the UI tells the player once, in words of its catalogs
    stats: Found[Statistics] | None = None


def startup() -> StartupReport:
    """Prepare the data folder: create it, remove the temporary files a crash left, load the
    settings, and collect messages about anything damaged or unwritable. Never raises."""
    root = datadir.data_dir()  # pins a relative CASTELLION_HOME to today's directory, once
    report = StartupReport(data_dir=root, settings=Settings())
    try:
        datadir.ensure_data_dirs()
    except StorageError as exc:
        report.writable = False
        report.messages.append(exc.words)
    for folder in (root, datadir.saves_dir()):  # only provably stale ones (see atomic.py)
        report.removed_temps += clean_stale_temps(folder)
    report.settings, problem = load_settings_report()
    if problem:
        log.warning("settings: %s", problem)
        report.messages.append(Words(Reason.SETTINGS_DAMAGED, {"file": "settings.json"}))
    report.stats = check_stats()  # a damaged file is set aside now: told once, never rewritten
    if report.stats.kind == "damaged" and report.stats.kept_as is None:  # not set aside: a folder, an empty
        log.warning("statistics: %s", report.stats.sentence("stats.json"))  # file, a refused rename
        report.messages.append(Words(Reason.STATS_DAMAGED, {"file": "stats.json"}))
    report.damaged_saves = damaged_at_start()  # not every autosave: see autosave._continue_scan
    for info in report.damaged_saves:
        log.warning("the automatic save %s is damaged: %s", printable(info.path.name), info.message)
        report.messages.append(Words(Reason.STARTUP_AUTOSAVE_DAMAGED, {
            "file": printable(info.path.name), "problem": info.problem or "corrupt",
            "backup": "yes" if info.backup else ""}))
    return report


def flush() -> bool:
    """Wait until every background write is on disk (the Saves screen, tests)."""
    return writer.flush()


def shutdown() -> bool:
    """On quit, SIGTERM or the end of the program: flush and join the background writer, give up
    this copy's claims on autosave files. Never raises; whether everything was written."""
    done = writer.shutdown()
    lock.release_all()
    return done


__all__ = [
    "NAME_MAX", "Autosaver", "DamagedSave", "Doing", "LoadedSave", "PersistenceError", "Reason", "Record",
    "SaveInfo", "SaveRefused", "Words", "Settings", "StartupReport", "Statistics", "Found", "StorageError",
    "check_stats", "close_log_file", "continue_game",
    "continue_info", "count_unrecorded_ends", "damaged_at_start", "datadir",
    "delete_save", "draws_nothing", "flush", "good_player_name", "has_saves", "header_info", "inspect",
    "list_saves", "load_save", "load_settings", "load_settings_report", "load_stats",
    "latest_autosave", "lock", "log_file", "name_problem", "open_log_file", "printable",
    "read_stats", "record_game", "save_exists", "save_settings", "save_slot", "save_stats", "shutdown",
    "startup", "state_hash", "visible", "writer",
    "Reading", "SaveReader", "own_save_names",  # the Saves screen reads off the frame
]
