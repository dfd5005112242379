"""The main menu: New game, Continue, Load game, Learn to play, Rules, Statistics, Settings, Quit; the
version in a corner. On the first start (with a data folder) it offers the tutorial once, in a card
that nothing forces the player to answer (`ui.offer_card`: beside the buttons; at a large text size
in the daily card's place, so the buttons keep their room). With "winnable deals only" chosen
for the next game, its frames keep proved deals of that choice coming (`ui.proved`)."""

from __future__ import annotations

import logging
from typing import Any

import pygame

from castellion import persistence as P
from castellion.persistence.tutorial import TutorialStore
from castellion.rules import Result
from castellion.scenes.context import SceneContext
from castellion.scenes.nav import Route
from castellion.scenes.stack import Scene
from castellion.ui.daily_card import DailyCard
from castellion.ui.devices import prompts
from castellion.ui.menu_layout import at_100, lay_out_large
from castellion.ui.names import LEVEL_ORDER, level_name
from castellion.ui.offer_card import HIGHEST as OFFER_HIGHEST
from castellion.ui.offer_card import PANEL_LEFT as OFFER_PANEL_LEFT
from castellion.ui.offer_card import OfferLaid, draw_offer
from castellion.ui.offer_card import at_100 as offer_at_100
from castellion.ui.offer_card import lay_out_large as offer_large
from castellion.ui.proved import keep_proved_ahead, resume_proving
from castellion.ui.rules_text import outcome_text, player_label
from castellion.ui.text import language, t
from castellion.ui.widgets import Button, WidgetGroup, draw_backdrop, draw_panel, draw_text, draw_title

log = logging.getLogger(__name__)

FOOTER_GAP = " \u2022 "  # between the footer's entries


def last_game_news(ctx: SceneContext) -> tuple[str, str] | None:
    """(game id, sentence) for the newest autosaved game when it ended (won or lost) and the
    player was not shown its end (settings `last_end_told`); None otherwise. Reads the header of
    the automatic save written last only (never the named saves, nor every autosave: twenty
    large files must not stall the menu), then replays that one save for the outcome's reason.
    Raises `PersistenceError` when that save cannot be read."""
    newest = P.latest_autosave()
    if newest is None:
        return None
    told = ctx.settings.last_end_told
    if newest.outcome is None or newest.abandoned or not newest.game_id or newest.game_id == told:
        return None
    loaded = P.load_save(newest.name, new_attempt=False)
    game, outcome = loaded.session.game, loaded.session.game.outcome
    if outcome is None:
        return None
    names = [player_label(p, loaded.session.player_names) for p in range(game.players)]
    reason = outcome_text(outcome, names, [o.card for o in game.ordeals])
    key = "controls.last_game_won" if outcome.result is Result.WON else "controls.last_game_lost"
    return newest.game_id, t(key, level=level_name(ctx, newest.level), turn=game.turn, reason=reason)


# Expected conditions already logged (a damaged autosave, a file where the saves folder should
# be): the menu is shown again and again, the log says it once.
_told_log: set[str] = set()


def _log_once(message: str) -> None:
    if message not in _told_log:
        _told_log.add(message)
        log.warning("%s", message)


class MenuScene(Scene):
    """The title screen. Continue is enabled when `ctx.has_saves()` (then calls `ctx.continue_game()`);
    its note names the game it resumes (level and turn)."""

    route = Route.MENU  # also when built directly, not through the navigator

    ctx: SceneContext

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        w, h = ctx.canvas
        self.panel = pygame.Rect(0, 0, 420, 410)
        self.panel.midtop = (w // 2, 330)
        self.widgets = WidgetGroup()
        bh = ctx.theme.button_height
        self.new_game = self.widgets.add(Button(ctx, (0, 0, 1, bh), t("menu.new_game"), self._new_game))
        self.continue_button = self.widgets.add(Button(ctx, (0, 0, 1, bh), t("menu.continue"), self._continue,
                                                       style="secondary"))
        self.load = self.widgets.add(Button(ctx, (0, 0, 1, bh), t("menu.load"), self._load, style="secondary"))
        self.learn = self.widgets.add(Button(ctx, (0, 0, 1, bh), t("menu.learn"), self._learn, style="secondary"))
        self.rules = self.widgets.add(Button(ctx, (0, 0, 1, bh), t("menu.rules"), self._rules, style="secondary"))
        self.stats = self.widgets.add(Button(ctx, (0, 0, 1, bh), t("menu.stats"), self._stats, style="secondary"))
        self.settings = self.widgets.add(Button(ctx, (0, 0, 1, bh), t("menu.settings"), self._settings,
                                                style="secondary"))
        self.quit = self.widgets.add(Button(ctx, (0, 0, 1, bh), t("menu.quit"), ctx.quit, style="secondary"))
        # the first-start offer: a card to the right of the panel (asked once, never modal)
        self.offer_laid: OfferLaid | None = None
        self.offer_buttons = WidgetGroup()
        self.offer_yes = self.offer_buttons.add(Button(ctx, (0, 0, 1, bh), t("tutorial.offer.yes"), self._learn,
                                                       font_size=22))
        self.offer_buttons.add(Button(ctx, (0, 0, 1, bh), t("tutorial.offer.no"), self._decline, style="secondary",
                                      font_size=20))
        self.offering = False
        # today's daily deals: a card to the left of the panel
        self.daily = DailyCard(ctx, (self.panel.x - 24 - 330, self.panel.y + 14, 330, 410),
                               lambda: ctx.nav.push(Route.DAILY), lambda: ctx.nav.push(Route.ACHIEVEMENTS),
                               self.widgets)
        self.compact = False  # the title higher and no emblems: the panel's buttons need the room
        self.tight = False  # ...and the title smaller, no tagline (`menu_layout.Laid.tight`)
        self._laid_for: tuple[object, ...] = ()
        self._lay_out()

    def _lay_out(self) -> None:
        """Place the panel's buttons for the text size, the language and the offer: at 100 % the
        menu as it always was; larger, `menu_layout` (every label at one size, the largest that fits)."""
        key = (self.ctx.fonts.text_scale, language(), self.offering, self.continue_button.note,
               tuple(self.daily.state(level) for level in LEVEL_ORDER))  # (the daily card's words)
        if key == self._laid_for:
            return
        self._laid_for = key
        buttons = self.panel_buttons()
        if self.ctx.fonts.text_scale <= 1.0:
            self.text_limit, self.compact, self.tight = type(self).text_limit, False, False
            self.panel = pygame.Rect(0, 0, 420, 410)
            self.panel.midtop = (self.ctx.canvas[0] // 2, 330)
            at_100(self.panel, buttons, self.ctx.theme.button_height)
        else:
            left, right = self.panel_room()
            laid = lay_out_large(self.ctx, buttons, left, right)
            self.panel, self.text_limit, self.compact, self.tight = laid.panel, laid.limit, laid.compact, laid.tight
        self.daily.lay_out(self.text_limit, self._free_below_titles(self.daily.home.right))
        self._place_offer()

    def panel_buttons(self) -> list[Button]:
        """The panel's eight buttons in their order (the keyboard's too)."""
        return [self.new_game, self.continue_button, self.load, self.learn, self.rules, self.stats, self.settings,
                self.quit]

    def panel_room(self) -> tuple[int, int]:
        """Where the panel may reach at a large text size (left, right): right of the daily card;
        with the offer, right of the offer's card in that card's place, as wide (the same layout)."""
        home = self.daily.home  # (its place at 100 %: the card grows to the left at a large size)
        left = home.right + 24
        right = self.ctx.canvas[0] - (home.x if home.x > 0 else 76)
        return (OFFER_PANEL_LEFT, OFFER_PANEL_LEFT + right - left) if self.offering else (left, right)

    @property
    def offer(self) -> pygame.Rect:
        """The offer's card (where it is or would be)."""
        assert self.offer_laid is not None
        return self.offer_laid.card

    @property
    def offer_limit(self) -> float:
        """The text size the offer's words are drawn at."""
        assert self.offer_laid is not None
        return self.offer_laid.limit

    def _place_offer(self) -> None:
        """The offer's card and buttons; at a large text size the daily card gives it its place."""
        large = self.ctx.fonts.text_scale > 1.0
        if large and self.offering:
            with self.ctx.fonts.limited(self.text_limit):  # (the scene draws no larger)
                # (the smaller title at the top leaves the column free above the panel)
                self.offer_laid = offer_large(self.ctx, self.panel.y, self.offer_buttons,
                                              OFFER_HIGHEST if self.tight else None)
        else:
            self.offer_laid = offer_at_100(self.panel, self.offer_buttons, self.ctx.theme.button_height)
        for button in (self.daily.open, self.daily.achievements):  # (out of the keyboard's way too)
            button.visible = not (large and self.offering)

    def enter(self) -> None:
        resume_proving(self.ctx)
        self._refresh()
        if self.ctx.persist:  # a first start has a data folder; tests without one are never asked
            store = TutorialStore(True)
            if store.damaged:  # kept aside, never overwritten: the player is told where
                self.ctx.notify(t("tutorial.progress_damaged", file=store.damaged), "warning")
            if store.offer_due():
                self.offering = True
                store.offered()  # asked once: shown now, never again
        self._lay_out()
        self._tell_last_game()

    def _tell_last_game(self) -> None:
        """When the last game ended but its end screen was never shown (the window was closed
        during the losing reveal), say once how it ended: the autosave knows its outcome."""
        if not self.ctx.persist:
            return
        try:
            news = last_game_news(self.ctx)
        except P.PersistenceError as exc:  # expected: a damaged file; no Traceback, said once
            _log_once(f"the last game's end could not be read: {exc.message}")
            return
        except Exception:  # noqa: BLE001 - a damaged save must not break the menu
            log.exception("the last game's end could not be read")
            return
        if news is not None:
            game_id, text = news
            self.ctx.notify(text, "warning")  # stays until clicked: not to be missed
            try:
                self.ctx.change_settings(last_end_told=game_id)
            except (ValueError, TypeError):
                log.warning("the last game's end could not be marked as told")

    def resume(self) -> None:
        resume_proving(self.ctx)
        self._refresh()
        self._lay_out()

    def _refresh(self) -> None:
        self.daily.refresh()
        try:
            saves = bool(self.ctx.has_saves())
        except Exception:  # noqa: BLE001 - a damaged save must not break the menu
            saves = False
        self.continue_button.enabled = saves
        # a game in progress: resuming it is the likely choice
        self.continue_button.style = "primary" if saves else "secondary"
        self.new_game.style = "secondary" if saves else "primary"
        self.continue_button.note = "" if saves else t("menu.continue_none")
        if saves:
            try:
                info = self.ctx.continue_info()
            except Exception:  # noqa: BLE001 - a damaged save must not break the menu
                info = None
            if info is not None:
                self.continue_button.note = t("menu.continue_note", level=level_name(self.ctx, info.level),
                                              turn=info.turn or 0)
        self.load.enabled = bool(self.ctx.persist)

    def _new_game(self) -> None:
        self.ctx.nav.push(Route.SETUP)

    def _continue(self) -> None:
        self.ctx.continue_game()

    def _load(self) -> None:
        self.ctx.nav.push(Route.SAVES)

    def _learn(self) -> None:
        self.offering = False
        self.ctx.nav.push(Route.TUTORIAL)

    def _decline(self) -> None:
        self.offering = False
        self._lay_out()

    def _stats(self) -> None:
        self.ctx.nav.push(Route.STATS)

    def _rules(self) -> None:
        self.ctx.nav.push(Route.RULES)

    def _settings(self) -> None:
        self.ctx.nav.push(Route.SETTINGS)

    def handle(self, event: Any) -> bool:
        # the offer takes the mouse only: the keyboard's focus stays on the menu's own buttons
        if self.offering and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) \
                and self.offer_buttons.handle(event):
            return True
        return self.widgets.handle(event)

    def keep_clear(self) -> list[pygame.Rect]:
        return self.widgets.keep_clear()

    def update(self, dt: float) -> None:
        self._lay_out()  # the text size or the language changed (Settings, over the menu)
        self.widgets.update(dt)
        last = getattr(self.ctx.settings, "new_game", None)
        if isinstance(last, dict) and last.get("winnable") is True and last.get("level") in ("intro", "base", "expert"):
            # the next game's proved deal is searched while the player is here
            keep_proved_ahead(self.ctx, str(last["level"]),
                              {k: last[k] for k in ("variant", "pantry", "players") if k in last})

    def _titles(self) -> list[tuple[str, tuple[int, int], int]]:
        """The title, then the tagline when it is shown: (words, centre, size)."""
        w, theme = self.ctx.canvas[0], self.ctx.theme
        if self.tight:  # the title smaller at the top, no tagline: the panel's buttons need the room
            # (over the panel when the offer's card rises beside it: the Japanese title is wide)
            risen = self.offering and self.offer_laid is not None and self.offer_laid.card.y < self.panel.y
            return [(t("app.title"), (self.panel.centerx if risen else w // 2, 60), theme.font_title)]
        high = 64 if self.compact else 0  # the title higher: the panel's buttons need the room
        return [(t("app.title"), (w // 2, 150 - high), theme.font_title + 20),
                (t("app.tagline"), (w // 2, 232 - high), 30)]

    def _free_below_titles(self, right: int) -> int:
        """How high a card in the column left of `right` may reach: under the title and the
        tagline where they come near that column (the Japanese title is wide), else the top."""
        top = 0
        for words, (x, y), size in self._titles():
            font = self.ctx.fonts.for_text(words, "title", size)
            if x - self.ctx.fonts.text_width(words, "title", size) // 2 - 16 < right:
                top = max(top, y + font.get_height() // 2 + 12)
        return top

    def _footer(self, room: int) -> str:
        """The footer's words: its three entries (the tagline, the rules key, the fullscreen key,
        as the key table has them) joined by the screen's separator. Above 100 %, where the whole
        line would shrink beside the version (es 200 %: 22 px beside 36), entries are left out
        whole from the first (the tagline) until the rest fits at the player's size."""
        keys = prompts()
        parts = [t("menu.footer.tagline"), t("menu.footer.rules", rules=keys["rules"]),
                 t("menu.footer.fullscreen", fullscreen=keys["fullscreen"])]
        fonts, size = self.ctx.fonts, self.ctx.theme.font_small
        while fonts.text_scale > 1 and len(parts) > 1 and fonts.text_width(FOOTER_GAP.join(parts), "body", size) > room:
            parts = parts[1:]
        return FOOTER_GAP.join(parts)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        w, h = ctx.canvas
        draw_backdrop(surface, ctx)
        title, *tagline = self._titles()
        draw_title(surface, ctx, *title)
        for words, centre, size in tagline:
            draw_text(surface, ctx, words, centre, size=size, colour=(246, 232, 200), role="title", anchor="center",
                      shadow=(20, 10, 4))
        for i, letter in enumerate("SCJP" if not self.compact else ""):  # the four factions' emblems
            emblem = ctx.sprites.get(f"emblem_{letter}", 52)
            surface.blit(emblem, emblem.get_rect(center=(w // 2 + (i - 1.5) * 76, 288)))
        draw_panel(surface, self.panel, ctx)
        if self.daily.open.visible:  # (the offer takes its place at a large text size)
            self.daily.draw(surface)
        self.widgets.draw(surface)
        if self.offering and self.offer_laid is not None:
            draw_offer(surface, ctx, self.offer_laid, self.offer_buttons)
        version = draw_text(surface, ctx, t("app.version", version=ctx.version), (w - 18, h - 14),
                            size=theme.font_small, colour=(236, 222, 190), anchor="bottomright", shadow=(0, 0, 0))
        footer = self._footer(version.x - 24 - 18)
        draw_text(surface, ctx, footer, (18, h - 14), size=theme.font_small, colour=(236, 222, 190),
                  anchor="bottomleft", shadow=(0, 0, 0), max_width=version.x - 24 - 18)  # (at a large text size)
