""""Save game…" (the pause menu): a name field checked as it is typed (`persistence.name_problem`),
an existing save of that name replaced only after asking, and every refusal (damaged file in the
way, full disk…) shown in words while the game goes on.

Laid out from its measured words: at a larger text the panel grows with them, up to the largest
text size (up to the player's) at which it fits the window.
"""

from __future__ import annotations

from typing import Any

import pygame

from castellion import persistence as P
from castellion.persistence.names import normalise_name
from castellion.rules import Game
from castellion.scenes.modal import Overlay
from castellion.ui.daily_standing import game_standing
from castellion.ui.fit import largest_limit
from castellion.ui.names import level_name
from castellion.ui.painting import wrapped_height
from castellion.ui.storage_text import name_problem_text, words_text
from castellion.ui.text import t
from castellion.ui.text_field import TextField
from castellion.ui.widgets import Button, button_height, draw_text, draw_title, draw_wrapped

# names refused for each reason a typed name can have (their words take the message's room)
REFUSED = ("", " a", "a" * (P.NAME_MAX + 1), "a/b", "\u0301a", "CON")


class SaveGameOverlay(Overlay):
    """"Save game…": a name field checked as it is typed; replacing a save is asked first."""

    text_limit = 1.0  # chosen in __init__: the largest (up to the player's) at which the panel fits

    panel_size = (660, 420)

    def __init__(self, ctx: Any, session: Any) -> None:
        self.others: list[str] = []
        try:
            # names only (nothing read: a folder of large saves must not hold the dialog up)
            self.others = [P.printable(name) for name in P.own_save_names()[:5]]
        except P.PersistenceError:
            pass  # unlisted: the dialog still names and saves (they only show the names in use)
        self.text_limit = largest_limit(ctx.fonts, lambda: self._places(ctx)["height"] <= ctx.canvas[1] - 24)
        with ctx.fonts.limited(self.text_limit):
            self.places = self._places(ctx)
        self.panel_size = (self.places["width"], self.places["height"])
        super().__init__(ctx)
        self.session = None  # not the board's: the autosave follows the board, not this dialog
        self._session = session
        p = self.panel
        game = session.game
        default = t("names.progress", level=level_name(ctx, getattr(game, "level", None)),
                    turn=getattr(game, "turn", 0), ordeal="").rstrip(", ")
        if P.name_problem(default):
            # in the player's words; a daily deal's running attempt never shows its seed (nor
            # its code): with it the deal could be dealt, or watched, before the attempt is played
            standing = game_standing(ctx, game) if isinstance(game, Game) else None
            hidden = standing is not None and not standing.practice and game.outcome is None
            default = t("saves.default_name", seed="" if hidden else getattr(game, "seed", "")).strip()
        places = self.places
        self.field = self.widgets.add(TextField(ctx, (p.x + 50, p.y + places["field"], p.w - 100, places["field_h"]),
                                                default, digits=False,
                                                max_len=P.NAME_MAX, on_change=self._check,
                                                on_submit=lambda _text: self.save(),
                                                placeholder=t("saves.name_placeholder"), label=t("saves.name")))
        self.widgets.focus(self.field)
        bh, bw = places["button_h"], (p.w - 260) // 2  # (200 at 100 %)
        self.widgets.add(Button(ctx, (p.centerx - 14 - bw, p.bottom - bh - 36, bw, bh),
                                t("ui.cancel"), self.close, style="secondary"))
        self.save_button = self.widgets.add(Button(ctx, (p.centerx + 14, p.bottom - bh - 36, bw, bh),
                                                   t("saves.save"), self.save))
        self.problem: str | None = None
        self._check(self.field.text)

    def _places(self, ctx: Any) -> dict[str, int]:
        """The panel's size and its parts' tops at the current text size (at 100 %: 660 x 420)."""
        theme = ctx.theme
        if ctx.fonts.text_scale <= 1.0:
            return {"width": 660, "height": 420, "field": 150, "field_h": 56, "message": 216, "message_h": 60,
                    "button_h": theme.button_height}
        width = round(660 + 440 * (ctx.fonts.text_scale - 1.0))  # the name's field grows with its words

        def line(size: int, role: str = "body") -> int:
            return int(ctx.fonts.get(role, size).get_linesize())

        field = 116 + line(theme.font_label - 2, "bold") + 6
        field_h = max(56, line(theme.font_label, "bold") + 16)
        message = field + field_h + 10
        words = [name_problem_text(P.name_problem(name)) for name in REFUSED]
        if self.others:
            words.append(t("saves.existing", names=", ".join(self.others)))
        message_h = max([60, *(wrapped_height(ctx, w, width - 104, size=theme.font_small) for w in words if w)])
        button_h = button_height(ctx)
        return {"width": width, "height": message + message_h + 24 + button_h + 36, "field": field,
                "field_h": field_h, "message": message, "message_h": message_h, "button_h": button_h}

    def _check(self, text: str) -> None:
        self.problem = name_problem_text(P.name_problem(text)) or None
        self.save_button.enabled = self.problem is None

    def save(self) -> None:
        name = normalise_name(self.field.text)
        self._check(name)
        if self.problem is not None:
            return
        if P.save_exists(name):
            self.ctx.nav.ask(t("saves.confirm_overwrite_title", name=name), t("saves.confirm_overwrite_text"),
                             lambda: self._write(name), yes=t("saves.overwrite_yes"), no=t("ui.cancel"))
        else:
            self._write(name)

    def _write(self, name: str) -> None:
        try:
            P.save_slot(name, self._session)
        except P.PersistenceError as exc:  # refused (damaged file in the way) or the disk said no
            self.problem = words_text(exc)
            self.ctx.notify(words_text(exc), "error")
            return
        self.ctx.notify(t("saves.saved", name=name), "info")
        self.pop()

    def draw_content(self, surface: pygame.Surface) -> None:
        theme, p = self.ctx.theme, self.panel
        draw_title(surface, self.ctx, t("saves.save_title"), (p.centerx, p.y + 56), 46, "ink")
        draw_text(surface, self.ctx, t("saves.name"), (p.x + 52, p.y + 116), size=theme.font_label - 2,
                  colour=theme.border, role="bold")
        message = pygame.Rect(p.x + 52, p.y + self.places["message"], p.w - 104, self.places["message_h"])
        if self.problem:
            draw_wrapped(surface, self.ctx, self.problem, message, size=theme.font_small, colour=theme.error)
        elif self.others:
            draw_wrapped(surface, self.ctx, t("saves.existing", names=", ".join(self.others)), message,
                         size=theme.font_small, colour=theme.ink_soft)


__all__ = ["SaveGameOverlay"]
