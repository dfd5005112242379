"""Short words the board shows: a tile's name, a player's name, an engine refusal's sentence.

No drawing; everything goes through `t()` (the board's strings: the catalogs in `locale/`), and
every sentence about a rule through `castellion.ui.rules_text` (the rules answer in data).
"""

from __future__ import annotations

from collections.abc import Sequence

from castellion.persistence import good_player_name
from castellion.rules import IllegalAction, parse_tile
from castellion.rules import events as E
from castellion.rules.outlook import EncounterOutlook
from castellion.ui import rules_text
from castellion.ui.devices import prompts
from castellion.ui.text import t

KEYS_GAP = " \u2022 "  # between the solo keys' entries under the tiles


def key_entries() -> list[str]:
    """The solo keys under the tiles, one catalog entry each (move, pick up / drop, the rules), as
    the key table (or the pad in use) has them: the screen joins them with `KEYS_GAP` and wraps
    whole entries, so no translator's sentence is split by the code."""
    keys = prompts()
    return [t("board.hotkeys.move", move=keys["move"]), t("board.hotkeys.ok", ok=keys["ok"]),
            t("board.hotkeys.rules", rules=keys["rules"])]


def refusal_text(exc: IllegalAction) -> str:
    """What the player reads of an engine refusal: the sentence `rules_text` makes of its data
    (`exc.refusal`: the rule id and parameters), never the exception's developer message."""
    return rules_text.refusal_text(exc.refusal)


def tile_name(code: str) -> str:
    """"Pyro triangle (safe)", "Traitor", … for a tile code."""
    tile = parse_tile(code)
    if tile.traitor:
        return t("board.tile_traitor_black") if tile.black else t("board.tile_traitor")
    if tile.pantry:
        return t("board.tile_pantry", shape=t(f"board.shape.{code[1]}"))
    base = code.rstrip("+@")
    key = "board.tile_safe" if tile.safe else "board.tile"
    faction = t(f"board.faction.{base[0]}") if base[0] in "SCJP" else ""
    return t(key, faction=faction, shape=t(f"board.shape.{base[1]}")).strip()


def player_name(ctx: object, player: int, names: Sequence[str] = ()) -> str:
    """The name given to `player` (0 / 1) — the session's own names (saved with the game), else
    the setup screen's (`ctx.player_names`, when the context has them) — or "Player 1" / "Player 2"."""
    names = names or getattr(ctx, "player_names", None) or ()
    if player < len(names) and good_player_name(str(names[player]).strip()):
        return str(names[player]).strip()
    return t("board.player_n", n=player + 1)


def name_role(name: str, role: str = "title") -> str:
    """The font role for a line that shows a player's `name`: the title font (EB Garamond) sets
    old-style figures, where 0 reads as o ("{0}" looked like "{o}"), so a name holding a digit
    is set in the bold font, whose figures are lining. Other names keep `role`."""
    return "bold" if any(ch.isdigit() for ch in name) else role





def encounter_status(outlook: EncounterOutlook | None) -> str:
    """The early encounter's question (R-O3), honest whatever the card's side: what the rules
    answer for the card, or for every card a face-down one may be (`rules.outlook`)."""
    if outlook is None:
        return t("board.encounter_depends")
    if not outlook.face_down:
        if outlook.sure_pass:
            return t("board.encounter_ready")
        if outlook.sure_loss:
            return t("board.encounter_not_ready")
        return t("board.encounter_depends")
    if outlook.sure_loss:
        return t("controls.encounter_hidden_lost")
    if outlook.sure_pass:
        return t("controls.encounter_hidden_pass")
    if outlook.lose:
        return t("controls.encounter_hidden_risk", n=outlook.candidates, lose=outlook.lose)
    return t("controls.encounter_hidden_depends")


def power_end_words(events: list[E.Event]) -> str:
    """A power that ends by itself (docs/rules.md §6, docs/rulings.md "Powers that can do nothing")
    says so: without a word the discarded Defender would seem to have simply vanished. "" when
    no power ended."""
    ended = next((ev for ev in events if isinstance(ev, E.PowerEnded)), None)
    if ended is None:
        return ""
    shape = next((ev.tile[1] for ev in events if isinstance(ev, E.TileDiscarded) and len(ev.tile) > 1), "t")
    return rules_text.power_end_text(ended.faction, ended.reason, shape)
