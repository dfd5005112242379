"""Overlays drawn over other scenes: pause, rules reference, settings, confirm, end screen, error.

Every overlay is `transparent` (the scene below is drawn first, then dimmed) and closes with Esc.
How the board uses them:

    self.push(PauseOverlay(self.ctx))                       # Esc at the castle
    self.push(ConfirmOverlay(self.ctx, t("…title"), t("…text"), on_yes=callback))
    self.push(EndScreen.from_game(self.ctx, game))          # when game.outcome is set
    self.push(RulesOverlay(self.ctx, topic="ordeals"))      # F1 is global; a button may open a topic
"""

from __future__ import annotations

import logging
from typing import Any, Callable

import pygame

from castellion.scenes.stack import Scene
from castellion.ui.text import t
from castellion.ui.widgets import (Button, ScrollText, Toggle, WidgetGroup, dim, draw_panel, draw_text,
                                   draw_title, draw_wrapped)

log = logging.getLogger(__name__)

RULES_TOPICS = ("goal", "castle", "formations", "turn", "ordeals", "levels", "powers", "variants",
                "two_players", "hotkeys")


class Overlay(Scene):
    """A dimmed backdrop and a centred parchment panel; Esc closes it (pops)."""

    transparent = True
    panel_size: tuple[int, int] = (520, 420)

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        w, h = ctx.canvas
        self.panel = pygame.Rect(0, 0, *self.panel_size)
        self.panel.center = (w // 2, h // 2)
        self.widgets = WidgetGroup()

    def close(self) -> None:
        self.pop()

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        self.widgets.handle(event)
        return True  # an overlay is modal: nothing reaches the scene below

    def update(self, dt: float) -> None:
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, self.ctx)
        draw_panel(surface, self.panel, self.ctx)
        self.draw_content(surface)
        self.widgets.draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Panel content other than widgets (titles, text)."""

    def column(self, labels_actions: list[tuple[str, Callable[[], None], str]], top: int, width: int = 320,
               height: int | None = None, gap: int = 14) -> None:
        """Buttons stacked in the middle of the panel from `top`: (label, action, style)."""
        height = height or self.ctx.theme.button_height
        y = top
        for label, action, style in labels_actions:
            rect = pygame.Rect(0, y, width, height)
            rect.centerx = self.panel.centerx
            self.widgets.add(Button(self.ctx, rect, label, action, style=style))
            y += height + gap


# --------------------------------------------------------------------------------------------
class PauseOverlay(Overlay):
    """Resume, rules, settings, main menu (confirmed), quit (confirmed)."""

    panel_size = (460, 500)

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.column([
            (t("pause.resume"), self.close, "primary"),
            (t("pause.rules"), lambda: self.push(RulesOverlay(self.ctx)), "secondary"),
            (t("pause.settings"), lambda: self.push(SettingsOverlay(self.ctx)), "secondary"),
            (t("pause.menu"), self._ask_menu, "secondary"),
            (t("pause.quit"), self._ask_quit, "secondary"),
        ], top=self.panel.y + 120)

    def _ask_menu(self) -> None:
        self.push(ConfirmOverlay(self.ctx, t("pause.confirm_menu_title"), t("pause.confirm_menu_text"),
                                 on_yes=lambda: go_to_menu(self.ctx)))

    def _ask_quit(self) -> None:
        self.push(ConfirmOverlay(self.ctx, t("pause.confirm_quit_title"), t("pause.confirm_quit_text"),
                                 on_yes=self.ctx.quit))

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_title(surface, self.ctx, t("pause.title"), (self.panel.centerx, self.panel.y + 64), 58, "ink")


# --------------------------------------------------------------------------------------------
class ConfirmOverlay(Overlay):
    """A yes/no question. Either answer closes the dialog first, then calls its callback."""

    panel_size = (560, 300)

    def __init__(self, ctx: Any, title: str, text: str = "", on_yes: Callable[[], None] | None = None,
                 on_no: Callable[[], None] | None = None, *, yes: str | None = None, no: str | None = None) -> None:
        super().__init__(ctx)
        self.title = title
        self.text = text
        self.on_yes = on_yes
        self.on_no = on_no
        bw, bh = 200, ctx.theme.button_height
        y = self.panel.bottom - bh - 36
        self.yes_button = self.widgets.add(Button(ctx, (self.panel.centerx + 14, y, bw, bh), yes or t("ui.yes"), self._yes))
        self.no_button = self.widgets.add(Button(ctx, (self.panel.centerx - 14 - bw, y, bw, bh), no or t("ui.no"),
                                                 self._no, style="secondary"))

    def _yes(self) -> None:
        self.pop()
        if self.on_yes is not None:
            self.on_yes()

    def _no(self) -> None:
        self.pop()
        if self.on_no is not None:
            self.on_no()

    def close(self) -> None:
        self._no()

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.widgets.focused is None:
            self._yes()
            return True
        return super().handle(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        draw_text(surface, self.ctx, self.title, (self.panel.centerx, self.panel.y + 56), size=theme.font_heading,
                  colour=theme.border, role="title", anchor="center")
        if self.text:
            draw_wrapped(surface, self.ctx, self.text, self.panel.inflate(-80, 0).move(0, 96), align="center",
                         colour=theme.ink_soft)


# --------------------------------------------------------------------------------------------
def parse_rules_body(text: str) -> list[tuple[str, str]]:
    """A rules body string → ScrollText blocks ("# " heading, "- " bullet, "key: " hotkey)."""
    blocks: list[tuple[str, str]] = []
    for line in text.split("\n"):
        line = line.rstrip()
        if not line:
            continue
        if line.startswith("# "):
            blocks.append(("h1" if not blocks else "h2", line[2:]))
        elif line.startswith("- "):
            blocks.append(("bullet", line[2:]))
        elif line.startswith("key: "):
            blocks.append(("key", line[5:]))
        else:
            blocks.append(("p", line))
    return blocks


class RulesOverlay(Overlay):
    """The rules reference, by topic, scrolling. Opens from everywhere with F1 (see app.py)."""

    panel_size = (1140, 730)

    def __init__(self, ctx: Any, topic: str = "goal") -> None:
        super().__init__(ctx)
        self.topic = topic if topic in RULES_TOPICS else RULES_TOPICS[0]
        p = self.panel
        self.topic_buttons: dict[str, Button] = {}
        y = p.y + 126
        for key in RULES_TOPICS:
            b = Button(ctx, (p.x + 30, y, 270, 46), t(f"rules.topic.{key}"), lambda k=key: self.show(k),
                       style="secondary", font_size=21)
            self.topic_buttons[key] = self.widgets.add(b)
            y += 53
        self.text = self.widgets.add(ScrollText(ctx, (p.x + 330, p.y + 100, p.w - 370, p.h - 170)))
        self.close_button = self.widgets.add(Button(ctx, (p.right - 190, p.bottom - 62, 160, 44), t("ui.close"),
                                                    self.close, font_size=22))
        self.show(self.topic)

    def show(self, topic: str) -> None:
        self.topic = topic
        self.text.set_blocks(parse_rules_body(t(f"rules.body.{topic}")))
        for key, b in self.topic_buttons.items():
            b.style = "primary" if key == topic else "secondary"

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP,
                                                           pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END):
            self.text.handle(event)
            return True
        return super().handle(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        p = self.panel
        draw_text(surface, self.ctx, t("rules.title"), (p.centerx, p.y + 50), size=46, colour=theme.border,
                  role="title", anchor="center")
        pygame.draw.line(surface, theme.gold, (p.x + 40, p.y + 86), (p.right - 40, p.y + 86), 2)
        draw_text(surface, self.ctx, t("rules.topics"), (p.x + 34, p.y + 94), size=theme.font_small,
                  colour=theme.ink_soft, role="bold")
        pygame.draw.line(surface, theme.gold, (p.x + 316, p.y + 104), (p.x + 316, p.bottom - 80), 1)
        draw_text(surface, self.ctx, t("rules.scroll_hint"), (p.x + 330, p.bottom - 40), size=theme.font_small,
                  colour=theme.ink_faint, anchor="midleft")


# --------------------------------------------------------------------------------------------
class SettingsOverlay(Overlay):
    """Fullscreen, animations, colour-blind palette, sound: kept in `ctx.settings` (in memory)."""

    panel_size = (600, 560)

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        s = ctx.settings
        p = self.panel
        x, w, h = p.x + 50, p.w - 100, 56
        y = p.y + 110
        self.fullscreen = self.widgets.add(Toggle(ctx, (x, y, w, h), t("settings.fullscreen"), s.fullscreen,
                                                  lambda v: self._fullscreen(v)))
        self.animations = self.widgets.add(Toggle(ctx, (x, y + 66, w, h), t("settings.animations"), s.animations,
                                                  lambda v: setattr(s, "animations", v)))
        self.colourblind = self.widgets.add(Toggle(ctx, (x, y + 132, w, h), t("settings.colourblind"),
                                                   s.colourblind, ctx.set_colourblind))
        self.sound = self.widgets.add(Toggle(ctx, (x, y + 198, w, h), t("settings.sound"), s.sound,
                                             lambda v: setattr(s, "sound", v)))
        self.widgets.add(Button(ctx, (p.centerx - 110, p.bottom - 84, 220, ctx.theme.button_height), t("ui.back"),
                                self.close))

    def _fullscreen(self, value: bool) -> None:
        if value != self.ctx.settings.fullscreen:
            self.ctx.toggle_fullscreen()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.fullscreen.value = self.ctx.settings.fullscreen  # F11 may have changed it

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        p = self.panel
        draw_title(surface, self.ctx, t("settings.title"), (p.centerx, p.y + 58), 52, "ink")
        y = p.y + 390
        draw_text(surface, self.ctx, t("settings.palette_preview"), (p.x + 62, y), size=theme.font_small,
                  colour=theme.ink_soft, role="bold")
        for i, letter in enumerate("SCJP"):
            r = pygame.Rect(p.x + 270 + i * 66, y - 10, 50, 40)
            pygame.draw.rect(surface, theme.faction(letter), r, border_radius=8)
            pygame.draw.rect(surface, theme.border, r, 2, border_radius=8)
            draw_text(surface, self.ctx, letter, r.center, size=22, colour=(255, 255, 255), role="bold",
                      anchor="center", shadow=(0, 0, 0))
        draw_text(surface, self.ctx, t("settings.note"), (p.centerx, p.bottom - 110), size=theme.font_small,
                  colour=theme.ink_faint, anchor="center")


# --------------------------------------------------------------------------------------------
def go_to_menu(ctx: Any) -> None:
    """Queue: clear the stack and show the main menu."""
    from castellion.scenes.menu import MenuScene

    ctx.stack.reset(MenuScene(ctx))


def start_board(ctx: Any, level: str, seed: int, options: dict | None = None) -> None:
    """Queue: a new game (`new_game(level, seed=seed, **options)`) on a fresh [menu, board] stack."""
    from castellion.rules import new_game
    from castellion.scenes.board import BoardScene
    from castellion.scenes.menu import MenuScene

    game = new_game(level, seed=seed, **(options or {}))
    ctx.stack.reset(MenuScene(ctx), BoardScene(ctx, game))


class EndScreen(Overlay):
    """The result of a game: won/lost, the reason, level and seed; play again, new game, menu.
    "Look at the castle" hides the panel to show the final castle below."""

    panel_size = (640, 500)

    def __init__(self, ctx: Any, *, result: str, reason: str = "", level: str = "intro", seed: int | None = None,
                 options: dict | None = None, turns: int | None = None, level_name: str = "") -> None:
        super().__init__(ctx)
        self.result = result
        self.reason = reason
        self.level = level
        self.seed = seed
        self.options = dict(options or {})
        self.turns = turns
        self.level_name = level_name or t(f"setup.level.{level}")
        self.peeking = False
        p = self.panel
        bh = ctx.theme.button_height
        self.again = self.widgets.add(Button(ctx, (p.centerx - 200, p.y + 300, 400, bh), t("end.again"), self._again,
                                             enabled=seed is not None))
        self.new = self.widgets.add(Button(ctx, (p.centerx - 200, p.y + 300 + bh + 14, 195, bh), t("end.new_game"),
                                           self._new, style="secondary"))
        self.menu = self.widgets.add(Button(ctx, (p.centerx + 5, p.y + 300 + bh + 14, 195, bh), t("end.menu"),
                                            lambda: go_to_menu(self.ctx), style="secondary"))
        self.look = self.widgets.add(Button(ctx, (p.centerx - 120, p.bottom - 58, 240, 38), t("end.look"), self._peek,
                                            style="ghost", font_size=20))
        self.show_button = Button(ctx, (ctx.canvas[0] // 2 - 140, ctx.canvas[1] - 70, 280, 50), t("end.show"),
                                  self._peek)

    @classmethod
    def from_game(cls, ctx: Any, game: Any) -> "EndScreen":
        """Read result, reason, level, seed and options from a finished `Game`."""
        outcome = getattr(game, "outcome", None)
        options = dict(getattr(game, "options", {}) or {})
        spec = getattr(game, "level_spec", None)
        level = options.pop("level", None) or getattr(spec, "id", "intro")
        seed = options.pop("seed", None)
        keep = {k: v for k, v in options.items() if k in ("players", "variant", "pantry")}
        return cls(ctx, result=getattr(outcome, "result", "lost"), reason=getattr(outcome, "reason", ""),
                   level=level, seed=seed, options=keep, turns=getattr(game, "turn", None),
                   level_name=getattr(spec, "name", ""))

    def _again(self) -> None:
        start_board(self.ctx, self.level, self.seed, self.options)

    def _new(self) -> None:
        from castellion.scenes.menu import MenuScene
        from castellion.scenes.setup import SetupScene

        self.reset(MenuScene(self.ctx), SetupScene(self.ctx, level=self.level))

    def _peek(self) -> None:
        self.peeking = not self.peeking

    def close(self) -> None:
        if self.peeking:
            self.peeking = False
        else:
            go_to_menu(self.ctx)

    def handle(self, event: Any) -> bool:
        if self.peeking:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.peeking = False
                return True
            self.show_button.handle(event)
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self.peeking:
            self.show_button.draw(surface)
            return
        super().draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        p = self.panel
        won = self.result == "won"
        name = "champion" if won else "icon_traitor"
        ow, oh = self.ctx.sprites.original(name).get_size()
        scale = 84 / max(ow, oh)
        emblem = self.ctx.sprites.get(name, (max(1, round(ow * scale)), max(1, round(oh * scale))))
        surface.blit(emblem, emblem.get_rect(center=(p.centerx, p.y + 62)))
        draw_text(surface, self.ctx, t("end.won" if won else "end.lost"), (p.centerx, p.y + 140), size=56,
                  colour=theme.good if won else theme.bad, role="title", anchor="center")
        body = self.reason or t("end.won_sub" if won else "end.lost_sub")
        draw_wrapped(surface, self.ctx, body, pygame.Rect(p.x + 60, p.y + 180, p.w - 120, 60), align="center",
                     colour=theme.ink)
        facts = [self.level_name]
        if self.seed is not None:
            facts.append(t("end.seed", seed=self.seed))
        if self.turns:
            facts.append(t("end.turns", turns=self.turns))
        draw_text(surface, self.ctx, "  \u2022  ".join(facts), (p.centerx, p.y + 262), size=theme.font_small,
                  colour=theme.ink_soft, anchor="center")


# --------------------------------------------------------------------------------------------
class ErrorOverlay(Overlay):
    """Shown instead of crashing: the exception's type and message, "carry on" or "main menu"."""

    panel_size = (720, 420)

    def __init__(self, ctx: Any, error: BaseException | str) -> None:
        super().__init__(ctx)
        if isinstance(error, BaseException):
            self.message = t("error.message", kind=type(error).__name__, message=str(error) or "-")
        else:
            self.message = str(error)
        p = self.panel
        bh = ctx.theme.button_height
        self.widgets.add(Button(ctx, (p.centerx + 14, p.bottom - bh - 36, 240, bh), t("error.continue"), self.close))
        self.widgets.add(Button(ctx, (p.centerx - 254, p.bottom - bh - 36, 240, bh), t("error.menu"),
                                lambda: go_to_menu(self.ctx), style="secondary"))

    def close(self) -> None:
        if self.below is None:
            go_to_menu(self.ctx)
        else:
            self.pop()

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        p = self.panel
        draw_text(surface, self.ctx, t("error.title"), (p.centerx, p.y + 58), size=34, colour=theme.error,
                  role="title", anchor="center")
        draw_wrapped(surface, self.ctx, t("error.text"), pygame.Rect(p.x + 60, p.y + 110, p.w - 120, 60),
                     align="center", colour=theme.ink_soft)
        box = pygame.Rect(p.x + 50, p.y + 185, p.w - 100, 100)
        pygame.draw.rect(surface, (250, 242, 222), box, border_radius=6)
        pygame.draw.rect(surface, theme.border, box, 1, border_radius=6)
        draw_wrapped(surface, self.ctx, self.message[:400], box.inflate(-24, -20), size=theme.font_small,
                     colour=theme.ink)
