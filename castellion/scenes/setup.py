"""Setting up a game: level, difficulty, players, Pantry, seed; Start opens the board.

Each difficulty shows the level's own variant (name and one sentence from its level file).
"Winnable deals only" (any level and variant) deals, instead of the seed typed, a deal the
full-knowledge search has won (`ui.proved`: the store kept ahead in the computer player's process
while this screen is open, else the list shipped with the game) — at once, never after a search.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

import pygame

import castellion.ui.draw as draw
from castellion.persistence import good_player_name
from castellion.rules.options import PLAIN, Leaning, PantryMode
from castellion.scenes.context import SceneContext
from castellion.scenes.flow import begin_new_game, watch_deal
from castellion.scenes.nav import Route
from castellion.scenes.stack import Scene
from castellion.ui.canvas import layer
from castellion.ui.catalog_keys import level_description, level_name, variant_description, variant_name
from castellion.ui.daily_standing import daily_standing
from castellion.ui.devices import prompts
from castellion.ui.flow import large
from castellion.ui.fonts import wrap
from castellion.ui.marks import MARK_OF_LEANING
from castellion.ui.names import leaning_word
from castellion.ui.proved import keep_proved_ahead, proved_ready, resume_proving, searched_in_vain, take_proved
from castellion.ui.setup_column import SetupColumn
from castellion.ui.switches import Choice, Option, Toggle
from castellion.ui.text import t
from castellion.ui.text_field import TextField
from castellion.ui.widgets import (
    Button,
    Widget,
    WidgetGroup,
    draw_backdrop,
    draw_panel,
    draw_text,
    draw_title,
    draw_wrapped,
)

log = logging.getLogger(__name__)

LEVELS = ("intro", "base", "expert")
MAX_SEED_DIGITS = 9
NAME_MAX = 14  # characters of a player's name (the field says so when a name is cut)


class LevelCard(Widget):
    """One level to choose: its card art, tag, name and one-line description."""

    def __init__(self, ctx: Any, rect: Any, level: str, name: str, description: str, number: int,
                 on_select: Any) -> None:
        super().__init__(ctx, rect)
        self.level = level
        self.name = name
        self.description = description
        self.number = number
        self.on_select = on_select
        self.selected = False
        self.stacked = False  # at a large text size: a full-width row, its words measured (setup_column)

    def handle(self, event: Any) -> bool:
        self._track_hover(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.activate()
            return True
        return False

    def activate(self) -> None:
        self.on_select(self.level)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        r = self.rect
        fill = theme.option_chosen if self.selected else (theme.option_hover if self.hovered else theme.option)
        if self.selected:
            glow = layer(surface, (r.w + 16, r.h + 16))
            draw.rect(glow, (*theme.highlight, 120), glow.get_rect(), border_radius=16)
            surface.blit(glow, (r.x - 8, r.y - 8))
        draw.rect(surface, fill, r, border_radius=10)
        draw.rect(surface, theme.gold if self.selected else theme.border, r, 4 if self.selected else 2,
                         border_radius=10)
        card = ctx.sprites.get(f"card_frame_{self.level}", (100, 140))
        card_rect = card.get_rect(midleft=(r.x + 16, r.centery))
        surface.blit(card, card_rect)
        draw_text(surface, ctx, "I" * self.number, card_rect.center, size=40, colour=theme.gold_light, role="title",
                  anchor="center", shadow=(30, 16, 8))
        tx = card_rect.right + 16
        tw = r.right - tx - 14
        if self.stacked:
            self._draw_words(surface, tx, tw)
        else:
            draw_text(surface, ctx, t(f"setup.tag.{self.level}").upper(), (tx, r.y + 18), size=theme.font_small - 2,
                      colour=theme.button, role="bold")
            y = r.y + 40
            font = ctx.fonts.get("title", 27)
            for line in wrap(font, self.name, tw):
                draw_text(surface, ctx, line, (tx, y), size=27, colour=theme.ink, role="title")
                y += font.get_linesize()
            draw_wrapped(surface, ctx, self.description, pygame.Rect(tx, y + 6, tw, r.bottom - y),
                         size=theme.font_small - 1,
                         colour=theme.ink_soft, line_gap=1)
        if self.focused:
            draw.rect(surface, theme.focus, r.inflate(8, 8), 3, border_radius=13)


    def lines(self, width: int) -> list[tuple[str, str, int, int]]:
        """The card's words at the current text size, beside its picture in a row `width` wide:
        (line, role, size, top within the card), top to bottom; the last top is the card's height."""
        fonts, small = self.ctx.fonts, self.ctx.theme.font_small
        tw, y, out = width - 146, 10, []
        tag = t(f"setup.tag.{self.level}").upper()
        tag_w = fonts.text_width(tag, "bold", small - 2)
        name_w = fonts.text_width(self.name, "title", 27)
        beside = name_w + 24 + tag_w <= tw  # the tag at the right end of the name's line
        if beside:
            out.append((tag, "tag", small - 2, y))
        for text, role, size, gap in (*(() if beside else ((tag, "bold", small - 2, 2),)),
                                      (self.name, "title", 27, 2), (self.description, "body", small - 1, 1)):
            font = fonts.for_text(text, role, size)
            for line in wrap(font, text, tw):
                out.append((line, role, size, y))
                y += font.get_linesize() + 1
            y += gap
        out.append(("", "body", 0, max(164, y + 10)))
        return out

    def _draw_words(self, surface: pygame.Surface, tx: int, tw: int) -> None:
        theme = self.ctx.theme
        colours = {"bold": theme.button, "tag": theme.button, "title": theme.ink, "body": theme.ink_soft}
        for line, role, size, top in self.lines(self.rect.w)[:-1]:
            if role == "tag":  # beside the name, at its right end
                draw_text(surface, self.ctx, line, (tx + tw, self.rect.y + top + 8), size=size, colour=colours[role],
                          role="bold", anchor="topright")
                continue
            draw_text(surface, self.ctx, line, (tx, self.rect.y + top), size=size, colour=colours[role], role=role)


class SetupScene(Scene):
    """Choose the level and the deal, then Start → a fresh [menu, board] stack (`scenes.flow`)."""

    # the largest text size its fixed columns hold (docs/accessibility.md); above it, one
    # scrolling column of measured rows (ui/setup_column.py) takes the player's size
    text_limit = 1.25

    route = Route.SETUP  # also when built directly, not through the navigator

    ctx: SceneContext

    def __init__(self, ctx: SceneContext, level: str | None = None, seed: int | None = None) -> None:
        super().__init__(ctx)
        self.level = "intro"
        self.variant: str = PLAIN  # the variant chosen, by its id (options["variant"])
        self.players = 1
        self.pantry = PantryMode.OFF  # (§10)
        self.winnable = False  # winnable deals only: a proved deal instead of the seed typed
        self.proved = 0  # how many proved deals of this choice can be dealt now (read by update)
        self.unproved = False  # none, though the lab searched this choice's deals (said plainly)
        self.names = list(ctx.player_names or ("", ""))[:2] + [""] * 2
        self.names = self.names[:2]
        self._remembered(ctx.settings.new_game)
        if level is not None:  # asked for (the end screen's "this level again"): it wins
            self.level = level if level in LEVELS else "intro"
        self.seed_text = str(seed if seed is not None else self._random_seed())
        self.ruleset_error = ""
        self.level_info: dict[str, tuple[str, str, dict[str, Any]]] = {}
        self.panel = self._panel()
        self.widgets = WidgetGroup()
        self.cards: list[LevelCard] = []
        self.column: SetupColumn | None = None  # the layout above 125 % text

    def _panel(self) -> pygame.Rect:
        w, h = self.ctx.canvas
        panel = pygame.Rect(0, 0, 1180, 730)
        panel.center = (w // 2, h // 2 + 8)
        return panel

    def _remembered(self, last: object) -> None:
        """Start from the last game's choices (settings `new_game`), each checked: a value from an
        older or hand-edited settings file that makes no sense is left at its default."""
        if not isinstance(last, dict):
            return
        if last.get("level") in LEVELS:
            self.level = str(last["level"])
        if isinstance(last.get("variant"), str):
            self.variant = str(last["variant"])  # (one the level lacks falls back to normal)
        if last.get("players") in (1, 2) and not isinstance(last.get("players"), bool):
            self.players = int(last["players"])
        if isinstance(last.get("winnable"), bool):
            self.winnable = bool(last["winnable"])
        try:
            self.pantry = PantryMode.of(last.get("pantry"))
        except ValueError:
            pass
        names = last.get("names")
        if isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names) \
                and not any(self.names):
            self.names = [n[:NAME_MAX] for n in names]

    def _remember(self) -> None:
        """Keep these choices for the next New game (never stops the game from starting)."""
        try:
            self.ctx.change_settings(new_game={"level": self.level, "variant": self.variant,
                                               "players": self.players, "pantry": self.pantry.stored,
                                               "names": list(self.names), "winnable": self.winnable})
        except (ValueError, TypeError) as exc:  # a value settings refuse: just not remembered
            log.warning("setup choices not remembered: %s", exc)

    # ---------------------------------------------------------------------------------------
    def _random_seed(self) -> int:
        return self.ctx.rng.randrange(1, 1_000_000)

    def enter(self) -> None:
        resume_proving(self.ctx)
        self._read_levels()
        self._build()

    def resume(self) -> None:
        resume_proving(self.ctx)

    def _read_levels(self) -> None:
        ruleset = None
        try:
            ruleset = self.ctx.ruleset()
        except Exception as exc:  # noqa: BLE001 - show the problem, keep the screen usable
            log.warning("ruleset unavailable: %s", exc)
            self.ruleset_error = t("setup.ruleset_error", error=exc)
        for level in LEVELS:
            name, desc, variants = t(f"setup.level.{level}"), t(f"setup.level_desc.{level}"), {}
            spec = getattr(ruleset, "levels", {}).get(level) if ruleset is not None else None
            if spec is not None:
                name, desc = level_name(level, spec.name), level_description(level, spec.description)
                variants = {vid: dict(spec.variants[vid], name=variant_name(vid, spec.variants[vid]["name"]),
                                      description=variant_description(vid, spec.variants[vid]["description"]))
                            for vid in spec.variant_ids()}  # easier first, then harder
            self.level_info[level] = (name, desc, variants)

    def _build(self) -> None:
        self.panel = self._panel()  # (the large layout's is taller)
        ctx, p = self.ctx, self.panel
        self.widgets = WidgetGroup()
        self.cards = []
        cw, ch, gap = 366, 212, 21
        x0 = p.x + (p.w - (3 * cw + 2 * gap)) // 2
        for i, level in enumerate(LEVELS):
            name, desc, _ = self.level_info[level]
            card = LevelCard(ctx, (x0 + i * (cw + gap), p.y + 132, cw, ch), level, name, desc, i + 1,
                             self._select_level)
            self.cards.append(self.widgets.add(card))
        left = p.x + 60
        self.difficulty = self.widgets.add(Choice(ctx, (left, p.y + 420, 640, 62), self._difficulty_options(),
                                                  self.variant, self._set_variant))
        self.players_choice = self.widgets.add(Choice(ctx, (left, p.y + 566, 270, 52), [
            Option(1, t("setup.one_player")),
            Option(2, t("setup.two_players")),
        ], self.players, self._set_players))
        self.name_fields = [
            self.widgets.add(TextField(ctx, (left + 286 + i * 184, p.y + 566, 174, 52), self.names[i], digits=False,
                                       max_len=NAME_MAX, on_change=functools.partial(self._set_name, i),
                                       placeholder=t("setup.player_n", n=i + 1), label=t("setup.player_n", n=i + 1)))
            for i in range(2)]
        self.pantry_choice = self.widgets.add(Choice(ctx, (p.x + 760, p.y + 546, 380, 48), [
            Option(PantryMode.OFF, t("setup.pantry_off")),
            Option(PantryMode.ON, t("setup.pantry_on")),
            Option(PantryMode.HARD, t("setup.pantry_hard")),
        ], self.pantry, self._set_pantry))
        self._sync_names()
        right = p.x + 760
        self.seed_field = self.widgets.add(TextField(ctx, (right, p.y + 420, 190, 56), self.seed_text,
                                                     max_len=MAX_SEED_DIGITS, on_change=self._set_seed,
                                                     label=t("setup.seed"),
                                                     on_submit=lambda _: self.start()))
        self.random_button = self.widgets.add(Button(ctx, (right + 204, p.y + 420, 176, 56), t("setup.new_random"),
                                                     self.new_random, style="secondary", font_size=20))
        self.winnable_toggle = self.widgets.add(Toggle(ctx, (p.x + 196, p.y + 88, 300, 38), t("setup.winnable"),
                                                       self.winnable, self._set_winnable))
        self._sync_seed()
        # "Play this deal": a code a friend read out (scenes/dealcode.py)
        self.code_button = self.widgets.add(Button(ctx, (p.right - 300, p.y + 84, 240, 38), t("setup.deal_code"),
                                                   self.enter_code, style="secondary", font_size=18))
        bh = 62
        self.back_button = self.widgets.add(Button(ctx, (p.x + 60, p.bottom - bh - 34, 200, bh), t("setup.back"),
                                                   self.back, style="secondary"))
        self.rules_button = self.widgets.add(Button(ctx, (p.x + 280, p.bottom - bh - 34, 200, bh),
                                                    t("ui.rules_button", **prompts()), self._rules, style="secondary",
                                                    font_size=22))
        watch_x = p.x + 500  # between Rules and Start
        self.watch_button = self.widgets.add(Button(ctx, (watch_x, p.bottom - bh - 34, p.right - 340 - watch_x, bh),
                                                    t("setup.watch"), self.watch, style="secondary",
                                                    font_size=20))
        self.start_button = self.widgets.add(Button(ctx, (p.right - 320, p.bottom - bh - 34, 260, bh),
                                                    t("setup.start"), self.start, font_size=32))
        self.column = None
        self._select_level(self.level)
        self.column = SetupColumn(self) if large(ctx) else None
        self.text_limit = 2.0 if self.column is not None else type(self).text_limit

    def _relayout(self) -> None:
        """A choice changed what the large layout shows (names, seed, its notes): measured again."""
        if getattr(self, "column", None) is not None:
            self.column.lay_out()  # type: ignore[union-attr]

    def _difficulty_options(self) -> list[Option]:
        """Every variant of the level, easier → plain → harder (its data's order within a leaning);
        a leaning the level has no variant of shows one option that cannot be chosen."""
        variants = self.level_info[self.level][2]
        options = []
        for leaning in sorted(Leaning, key=lambda lean: lean.rank):
            label = leaning_word(leaning)  # beside its mark ▽ ◇ △, as the Records' win-rate bars
            if leaning is Leaning.PLAIN:
                options.append(Option(PLAIN, label, mark=MARK_OF_LEANING[leaning]))
                continue
            mine = [(vid, v) for vid, v in variants.items() if v.get("leaning") == leaning]
            for vid, v in mine:
                options.append(Option(vid, label, True, v.get("name", ""), mark=MARK_OF_LEANING[leaning]))
            if not mine:
                options.append(Option(leaning.value, label, False, "", mark=MARK_OF_LEANING[leaning]))
        return options

    # ---------------------------------------------------------------------------------------
    def _select_level(self, level: str) -> None:
        self.variant = self._alike(self.level_info[self.level][2], self.level_info[level][2], self.variant)
        self.level = level
        for card in self.cards:
            card.selected = card.level == level
        self.difficulty.options = self._difficulty_options()
        if not any(o.value == self.variant and o.enabled for o in self.difficulty.options):
            self.variant = PLAIN
        self.difficulty.value = self.variant
        self._relayout()

    @staticmethod
    def _alike(old: dict[str, Any], new: dict[str, Any], variant: str) -> str:
        """The variant of the `new` level's table in the place `variant` has in the `old` one (its
        leaning, its rank there), else `variant` itself: another level keeps "Harder" chosen."""
        if variant not in old or variant in new:
            return variant
        leaning = old[variant].get("leaning")
        place = [vid for vid, v in old.items() if v.get("leaning") == leaning].index(variant)
        there = [vid for vid, v in new.items() if v.get("leaning") == leaning]
        return there[min(place, len(there) - 1)] if there else PLAIN

    def _set_variant(self, value: str) -> None:
        self.variant = value
        self._relayout()

    def _set_winnable(self, value: bool) -> None:
        self.winnable = value
        self._sync_seed()

    def _sync_seed(self) -> None:
        """With winnable deals only the seed is not typed: a proved deal is dealt."""
        for widget in (getattr(self, "seed_field", None), getattr(self, "random_button", None)):
            if widget is not None:
                widget.visible = not self.winnable
                if self.winnable:
                    widget.focused = False
        self._relayout()

    def _set_players(self, value: int) -> None:
        self.players = value
        self._sync_names()

    def _sync_names(self) -> None:
        for field in getattr(self, "name_fields", ()):
            field.visible = self.players == 2
            if not field.visible:
                field.focused = False
        self._relayout()

    def _set_name(self, index: int, text: str) -> None:
        self.names[index] = text

    def player_names(self) -> tuple[str, str]:
        """The two players' names ("Player 1" / "Player 2" where left empty, or where the name
        typed would draw nothing: a Hangul filler, a blank Braille pattern, marks alone)."""
        return tuple(n.strip() if good_player_name(n.strip()) else t("setup.player_n", n=i + 1)  # type: ignore[return-value]
                     for i, n in enumerate(self.names))

    def _set_pantry(self, value: str) -> None:
        self.pantry = PantryMode(value)
        self._relayout()

    def enter_code(self) -> None:
        self.ctx.nav.push(Route.DEAL_CODE)

    def _set_seed(self, text: str) -> None:
        self.seed_text = text

    def new_random(self) -> None:
        self.seed_text = str(self._random_seed())
        self.seed_field.text = self.seed_text

    @property
    def seed(self) -> int:
        return int(self.seed_text) if self.seed_ok() else 0

    def seed_ok(self) -> bool:
        """Whether the seed field holds a deal number the rules take: ASCII digits only ("²" and
        "٣" are digits to `str.isdigit`, not to `int`), at most `MAX_SEED_DIGITS` of them."""
        text = self.seed_text
        return text.isascii() and text.isdigit() and len(text) <= MAX_SEED_DIGITS

    def options(self) -> dict[str, Any]:
        """Keyword arguments for `new_game` beyond level and seed (only the non-default ones)."""
        opts: dict[str, Any] = {}
        if self.variant != PLAIN:
            opts["variant"] = self.variant
        if self.players != 1:
            opts["players"] = self.players
        if self.pantry:
            opts["pantry"] = self.pantry.stored
        return opts

    def start(self) -> None:
        """Deal the game and show the board on a [menu, board] stack (errors show the error
        overlay). Asks first when this would abandon an unfinished autosaved game. With winnable
        deals only, a proved deal is dealt (none ready: the player is told, nothing starts)."""
        seed = None
        if self.winnable:
            seed = take_proved(self.ctx, self.level, self.options())
            if seed is None:
                unproved = searched_in_vain(self.ctx, self.level, self.options())
                self.ctx.notify(t("setup.winnable_unproved" if unproved else "setup.winnable_none"), "warning")
                return
        elif not self.seed_ok():
            self.new_random()
        if self.players == 2:
            self.ctx.player_names = self.player_names()  # read by the board (names are not game options)
        self._remember()
        begin_new_game(self.ctx, self.level, self.seed if seed is None else seed, self.options())

    def watch(self) -> None:
        """Watch the computer play the chosen deal (a practice game: the autosaved one is kept) —
        unless it is a daily deal whose attempt has not ended: the computer would show its draw
        order before the attempt is played (the player is told why)."""
        if not self.seed_ok():
            self.new_random()
        standing = daily_standing(self.ctx, self.level, self.seed, dict(self.options(), level=self.level), None)
        if standing is not None and not standing.practice:
            self.ctx.notify(t("setup.daily_not_watched", day=standing.day.isoformat()), "warning")
            return
        if self.players == 2:
            self.ctx.player_names = self.player_names()
        watch_deal(self.ctx, self.level, self.seed, self.options())

    def back(self) -> None:
        self.pop()

    def _rules(self) -> None:
        self.ctx.nav.push(Route.RULES, topic="levels")

    def difficulty_explanation(self) -> str:
        """One sentence: the selected variant's explanation from the level file, or the normal game's."""
        return self.explanation_of(self.variant)

    def explanation_of(self, variant: str) -> str:
        if variant == PLAIN:
            return t("setup.normal_note")
        spec = self.level_info[self.level][2].get(variant, {})
        name, desc = spec.get("name", ""), spec.get("description", "")
        return f"{name}: {desc}" if name else desc

    # ---------------------------------------------------------------------------------------
    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) \
                and self.widgets.focused is None:
            i = LEVELS.index(self.level) + (1 if event.key == pygame.K_RIGHT else -1)
            self._select_level(LEVELS[i % len(LEVELS)])
            return True
        if self.column is not None and self.column.handle(event):
            return True
        return self.widgets.handle(event)

    def keep_clear(self) -> list[pygame.Rect]:
        return self.widgets.keep_clear()

    def update(self, dt: float) -> None:
        if large(self.ctx) != (self.column is not None):  # the text size changed over this screen
            focused = self.widgets.focused
            index = self.widgets.widgets.index(focused) if focused is not None else None
            self._build()
            if index is not None:
                self.widgets.focus(self.widgets.widgets[index])
        self.widgets.update(dt)
        if self.winnable:  # proved deals of this choice come in while the player looks
            keep_proved_ahead(self.ctx, self.level, self.options())
            said = (self.proved > 0, self.unproved)
            self.proved = proved_ready(self.ctx, self.level, self.options())
            self.unproved = searched_in_vain(self.ctx, self.level, self.options())
            if said != (self.proved > 0, self.unproved):
                self._relayout()
        if self.column is not None:
            self.column.update()

    def level_heading(self) -> pygame.Rect:
        """Where the "Level" heading stands: on the cards' glow (8 px above them), growing
        upwards (the Japanese "レベル", set taller, had its foot cut by the selected card)."""
        words = t("setup.level")
        w, h = self.ctx.fonts.for_text(words, "bold", self.ctx.theme.font_label).size(words)
        rect = pygame.Rect(0, 0, w, h)
        rect.bottomleft = (self.panel.x + 60, self.panel.y + 132 - 10)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        ctx, theme, p = self.ctx, self.ctx.theme, self.panel
        draw_backdrop(surface, ctx)
        draw_panel(surface, p, ctx)
        draw_title(surface, ctx, t("setup.title"), (p.centerx, p.y + 58), 56, "ink")
        if self.column is not None:
            self.column.draw(surface)
            self.widgets.draw(surface)
            return
        draw_text(surface, ctx, t("setup.level"), self.level_heading().bottomleft, size=theme.font_label,
                  colour=theme.border, role="bold", anchor="bottomleft")
        draw.line(surface, theme.gold, (p.x + 60, p.y + 374), (p.right - 60, p.y + 374), 1)
        draw_text(surface, ctx, t("setup.difficulty"), (p.x + 60, p.y + 388), size=theme.font_label,
                  colour=theme.border, role="bold")
        draw_wrapped(surface, ctx, self.difficulty_explanation(), pygame.Rect(p.x + 60, p.y + 490, 640, 46),
                     size=theme.font_small - 1, colour=theme.ink_soft, line_gap=0)
        draw_text(surface, ctx, t("setup.players"), (p.x + 60, p.y + 536), size=theme.font_label,
                  colour=theme.border, role="bold")
        if self.players == 2:
            draw_text(surface, ctx, t("setup.names"), (p.x + 348, p.y + 540), size=theme.font_small - 2,
                      colour=theme.ink_soft)
        draw_text(surface, ctx, t("setup.pantry"), (p.x + 760, p.y + 514), size=theme.font_label,
                  colour=theme.border, role="bold", max_width=p.right - 24 - (p.x + 760), max_height=24)
        draw_wrapped(surface, ctx, t(f"setup.pantry_note.{self.pantry.stored}"),
                     pygame.Rect(p.x + 760, p.y + 598, 400, 40), size=theme.font_small - 4, colour=theme.ink_soft,
                     line_gap=0)
        draw_text(surface, ctx, t("setup.seed"), (p.x + 760, p.y + 388), size=theme.font_label,
                  colour=theme.border, role="bold", max_width=p.right - 24 - (p.x + 760), max_height=24)
        if self.winnable:  # in the seed's place: what will be dealt
            ready = self.proved > 0
            none = "setup.winnable_unproved" if self.unproved else "setup.winnable_none"
            draw_wrapped(surface, ctx, t("setup.winnable_note") if ready else t(none),
                         pygame.Rect(p.x + 760, p.y + 420, 380, 90), size=theme.font_small - 1,
                         colour=theme.ink_soft if ready else theme.error, line_gap=0)
        else:
            draw_text(surface, ctx, t("setup.seed_hint"), (p.x + 760, p.y + 486), size=theme.font_small,
                      colour=theme.ink_soft, max_width=p.right - 24 - (p.x + 760))  # inside the panel's border
        if self.ruleset_error:
            draw_wrapped(surface, ctx, self.ruleset_error, pygame.Rect(p.x + 760, p.y + 520, 380, 80),
                         size=theme.font_small, colour=theme.error)
        self.widgets.draw(surface)
