""""Play this deal": a deal code typed in (Setup's "Deal code…"), read by `rules.dealcode`, and the
game it names started — or the reason it deals nothing, said under the field (a mistyped
symbol, a code of another version of the game …). Keyboard: type, Enter plays, Esc goes back;
the pad moves between the field and the buttons like every screen's widgets."""

from __future__ import annotations

from typing import Any

import pygame

from castellion.rules import dealcode as C
from castellion.scenes.context import SceneContext
from castellion.scenes.flow import begin_new_game
from castellion.scenes.modal import Overlay
from castellion.scenes.nav import Route
from castellion.ui.text import t
from castellion.ui.text_field import TextField
from castellion.ui.widgets import Button, draw_text, draw_wrapped

MAX_TYPED = 24  # 16 symbols and their dashes and spaces, with room for a slip


def refusal_words(error: C.CodeError) -> str:
    """Why a typed code deals nothing, in the player's language."""
    if error.reason == C.Refusal.SYMBOL:
        return t("dealcode.refused.symbol", symbol=error.symbol)
    return t(f"dealcode.refused.{error.reason.value}")


class DealCodeOverlay(Overlay):
    """Type a deal code; Play deals it (as a new game, asking first when one is in progress)."""

    route = Route.DEAL_CODE  # also when built directly, not through the navigator

    panel_size = (700, 420)

    def __init__(self, ctx: SceneContext, code: str = "") -> None:
        super().__init__(ctx)
        p = self.panel
        bh = ctx.theme.button_height
        self.refusal = ""
        self.field = self.widgets.add(TextField(ctx, (p.x + 60, p.y + 150, p.w - 120, 60), code, digits=False,
                                                max_len=MAX_TYPED, on_change=self._typed,
                                                on_submit=lambda _: self.play(), placeholder="XXXX-XXXX",
                                                label=t("dealcode.field")))
        self.field.focused = True
        self.play_button = self.widgets.add(Button(ctx, (p.centerx - 270, p.bottom - bh - 34, 320, bh),
                                                   t("dealcode.play"), self.play))
        self.back_button = self.widgets.add(Button(ctx, (p.centerx + 70, p.bottom - bh - 34, 200, bh),
                                                   t("ui.back"), self.close, style="secondary"))

    def _typed(self, _text: str) -> None:
        self.refusal = ""

    def deal(self) -> C.Deal | None:
        """The deal the field names, or None (and `refusal` says why)."""
        try:
            return C.decode(self.field.text, self.ctx.ruleset())
        except C.CodeError as error:
            self.refusal = refusal_words(error)
            return None

    def play(self) -> None:
        deal = self.deal()
        if deal is None:
            return
        options: dict[str, Any] = {k: v for k, v in deal.options().items() if k not in ("level", "seed")}
        begin_new_game(self.ctx, deal.level, deal.seed, options)

    def draw_content(self, surface: pygame.Surface) -> None:
        theme, p = self.ctx.theme, self.panel
        draw_text(surface, self.ctx, t("dealcode.title"), (p.centerx, p.y + 52), size=36, colour=theme.border,
                  role="title", anchor="center")
        draw_wrapped(surface, self.ctx, t("dealcode.hint"), pygame.Rect(p.x + 60, p.y + 90, p.w - 120, 56),
                     colour=theme.ink_soft, size=theme.font_small, align="center")
        if self.refusal:
            draw_wrapped(surface, self.ctx, self.refusal, pygame.Rect(p.x + 60, p.y + 224, p.w - 120, 70),
                         colour=theme.bad, size=theme.font_small, align="center")


__all__ = ["DealCodeOverlay", "refusal_words"]
