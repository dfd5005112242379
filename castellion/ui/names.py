"""Words for what the saves and statistics hold: level and variant names, progress, the reasons
games were lost (rule ids such as "R-O5" → a short phrase). Pure functions of the context's
ruleset and the strings table; never raise (a name that cannot be found is shown as its id)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from castellion.persistence.info import SaveInfo
from castellion.rules.options import PLAIN, Leaning
from castellion.ui.catalog_keys import level_name as catalog_level_name
from castellion.ui.catalog_keys import variant_name as catalog_variant_name
from castellion.ui.text import date_time, has, t

LEVEL_ORDER = ("intro", "base", "expert")


def _level_spec(ctx: Any, level: str) -> Any:
    try:
        return ctx.ruleset().levels.get(level)
    except Exception:  # noqa: BLE001 - names only; the level files may be broken
        return None


def level_name(ctx: Any, level: str | None) -> str:
    if not level:
        return "?"
    if has(f"setup.level.{level}"):
        return t(f"setup.level.{level}")
    spec = _level_spec(ctx, level)
    return catalog_level_name(level, getattr(spec, "name", None) or str(level))


def leaning_word(leaning: Leaning) -> str:
    """The word of a leaning (rules/options.py `Leaning`): "Easier", "Normal", "Harder"."""
    if leaning is Leaning.EASIER:
        return t("setup.easier")
    return t("setup.harder") if leaning is Leaning.HARDER else t("setup.normal")


def leaning_of(ctx: Any, level: str | None, variant: str | None) -> Leaning:
    """Where the level's `variant` (an id, or `PLAIN`) leans; plain for one the level lacks."""
    spec = _level_spec(ctx, level or "")
    try:
        return spec.leaning(variant or PLAIN) if spec is not None else Leaning.PLAIN
    except ValueError:
        return Leaning.PLAIN


def variant_title(ctx: Any, level: str | None, variant: str | None) -> str:
    """"Normal", or the name of the level's variant `variant` ("The Vigil"); `variant` itself otherwise."""
    if not variant or variant == PLAIN:
        return t("names.variant.normal")
    spec = _level_spec(ctx, level or "")
    data = dict(getattr(spec, "variants", {}) or {}).get(variant)
    if isinstance(data, dict) and data.get("id"):
        return catalog_variant_name(str(data["id"]), str(data.get("name") or data["id"]))
    return str(variant)


def players_text(players: int | None) -> str:
    return t("names.players_one") if (players or 1) == 1 else t("names.players_n", n=players)


def save_name(info: SaveInfo) -> str:
    """A save's name as the player reads it: the automatic save's file name ("autosave",
    "autosave-3") in the player's language, with its number; a save the player named, as named."""
    if not info.automatic:
        return info.display_name
    number = info.name.partition("-")[2]
    return t("saves.autosave_name_n", n=number) if number.isdigit() else t("saves.autosave_name")


def ordeal_progress(info: SaveInfo) -> str:
    """"Ordeal 2 of 3", "Won", "Lost", "Abandoned" for a `SaveInfo`."""
    if info.outcome == "won":
        return t("names.won")
    if info.outcome == "lost":
        return t("names.lost")
    if info.abandoned:
        return t("names.abandoned")
    total = info.ordeals_total or 3
    current = min(total, (info.ordeals_passed or 0) + 1)
    return t("names.ordeal_of", n=current, total=total)


def describe_progress(ctx: Any, info: SaveInfo) -> str:
    """One line for a game in progress: level, turn and Ordeal ("The Menace, turn 12, Ordeal 2
    of 3")."""
    return t("names.progress", level=level_name(ctx, info.level), turn=info.turn or 0,
             ordeal=ordeal_progress(info))


def saved_when(info: SaveInfo, now: datetime | None = None) -> str:
    """The save's date and time in the local time zone ("3 May 2025, 14:05")."""
    stamp = None
    if info.saved_at:
        try:
            stamp = datetime.fromisoformat(str(info.saved_at).replace("Z", "+00:00"))
        except ValueError:
            stamp = None
    if stamp is None and info.modified:
        stamp = datetime.fromtimestamp(info.modified, tz=UTC)
    if stamp is None:
        return "?"
    return date_time(stamp.astimezone())  # in the language's own style (Babel)


LOSS_PHRASES = {
    "R-O5": "loss.foundation",
    "R-§5.3": "loss.formations",
    "R-§8.5": "loss.pawn",
    "R-§10": "loss.pantry",
    "R-§9": "loss.two_players",
}


def _rule_ids(key: str) -> list[str]:
    """The rule ids named in a statistics key: the key itself ("R-O5"), or those inside an old
    free-text reason saved by earlier versions ("R-O5: the foundation ..."). Stored data only:
    the rules' own answers come as values (`Outcome.rule`), never parsed from words."""
    words = (w.strip("():,;.") for w in key.split())
    return [w for w in words if w.startswith("R-")]


def loss_phrase(key: str) -> str:
    """A statistics losing-reason key (a rule id, or an old free-text reason) in words."""
    rule = _rule_ids(key or "")
    rule_id = rule[-1].rstrip(".") if rule else (key or "")
    text_key = LOSS_PHRASES.get(rule_id)
    if text_key is not None:
        return t(text_key)
    if rule:
        return t("loss.other_rule", rule=rule_id)
    return (key or t("loss.unknown"))[:60]
