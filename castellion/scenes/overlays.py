"""Overlays drawn over other scenes: pause, rules reference, settings, confirm, error (the end screen is scenes/end.py).

Every overlay is an `Overlay` (scenes.modal): drawn over the scene below, dimmed, closed with Esc.
Scenes open them through the navigator, never by importing this module:

    self.ctx.nav.push(Route.PAUSE)                            # Esc at the castle
    self.ctx.nav.push(Route.CONFIRM, t("…title"), t("…text"), on_yes=callback)
    self.ctx.nav.ask(t("…title"), t("…text"), callback)       # … unless confirmations are off
    self.ctx.nav.push(Route.END, game, names=names)           # when game.outcome is set
    self.ctx.nav.push(Route.RULES, topic="ordeals")           # F1 is global; a button may open a topic
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

import pygame

from castellion.scenes.context import SceneContext
from castellion.scenes.flow import start_board
from castellion.scenes.modal import Overlay
from castellion.scenes.nav import Route
from castellion.session import Session
from castellion.ui import draw
from castellion.ui.castle_view import TileArt
from castellion.ui.devices import pad_blocks
from castellion.ui.fit import fit_size
from castellion.ui.fonts import wrap
from castellion.ui.hotkeys_page import hotkey_blocks
from castellion.ui.painting import largest_wrapped, wrapped_height
from castellion.ui.rule_diagrams import draw_diagrams, draw_large, lay_out_large
from castellion.ui.scroll_text import Block, ScrollText, block_words
from castellion.ui.settings_table import (
    LABEL_ROOM,
    RowFlow,
    ScrolledGroup,
    make_control,
    rows_of,
    sync,
)
from castellion.ui.text import language, t
from castellion.ui.topic_list import LinesButton, TopicColumn
from castellion.ui.topic_list import lay_out as lay_out_topics
from castellion.ui.widgets import Button, Widget, button_height, draw_text, draw_title, draw_wrapped, one_size

log = logging.getLogger(__name__)

RULES_TOPICS = ("goal", "castle", "formations", "diagrams", "turn", "ordeals", "levels", "powers", "variants",
                "two_players", "hotkeys")


# --------------------------------------------------------------------------------------------
class PauseOverlay(Overlay):
    """Resume, save the game, rules, settings, main menu (confirmed), quit (confirmed).

    The game is autosaved after every action, so leaving loses nothing; the questions only guard
    against a slip of the mouse (and are skipped when the player turned confirmations off)."""

    route = Route.PAUSE  # also when built directly, not through the navigator

    panel_size = (460, 572)

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        buttons = self.column([
            (t("pause.resume"), self.close, "primary"),
            (t("pause.save"), self._save, "secondary"),
            (t("pause.rules"), lambda: self.ctx.nav.push(Route.RULES), "secondary"),
            (t("pause.settings"), lambda: self.ctx.nav.push(Route.SETTINGS), "secondary"),
            (t("pause.menu"), self._ask_menu, "secondary"),
            (t("pause.quit"), self._ask_quit, "secondary"),
        ], top=self.panel.y + 120)
        self.save_button = buttons[1]
        self.save_button.enabled = bool(ctx.persist) and self._session() is not None
        if not self.save_button.enabled:
            self.save_button.note = t("pause.save_unavailable")

    def _session(self) -> Session | None:
        try:
            return self.ctx.current_session()
        except Exception:  # noqa: BLE001 - the pause menu must open whatever the stack holds
            return None

    def _save(self) -> None:
        session = self._session()
        if session is not None:
            self.ctx.nav.push(Route.SAVE_GAME, session)

    def _kept(self) -> bool:
        """Whether the game under this menu is on disk as it stands: the questions say "It is
        saved" only then, else that it is not (a practice game, a demo, a failing disk)."""
        try:
            return self.ctx.game_kept(self._session())
        except Exception:  # noqa: BLE001 - the pause menu must open whatever the stack holds
            log.exception("could not tell whether the game is saved")
            return False

    def _ask_menu(self) -> None:
        text = t("pause.confirm_menu_text") if self._kept() else t("pause.not_saved_text")
        self.ctx.nav.ask(t("pause.confirm_menu_title"), text, self.ctx.nav.go_to_menu)

    def _ask_quit(self) -> None:
        text = t("pause.confirm_quit_text") if self._kept() else t("pause.not_saved_text")
        self.ctx.nav.ask(t("pause.confirm_quit_title"), text, self.ctx.quit)

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_title(surface, self.ctx, t("pause.title"), (self.panel.centerx, self.panel.y + 64), 58, "ink")


# --------------------------------------------------------------------------------------------
class ConfirmOverlay(Overlay):
    """A yes/no question. Either answer closes the dialog first, then calls its callback."""

    route = Route.CONFIRM  # also when built directly, not through the navigator

    panel_size = (560, 300)

    def __init__(self, ctx: SceneContext, title: str, text: str = "", on_yes: Callable[[], None] | None = None,
                 on_no: Callable[[], None] | None = None, *, yes: str | None = None, no: str | None = None,
                 cautious: bool = False) -> None:
        """`cautious`: "yes" would be a mistake more often than not (facing an Ordeal the castle
        does not meet loses the game): "no" is then the highlighted answer and the one Enter gives."""
        super().__init__(ctx)
        self.title = title
        self.text = text
        self.on_yes = on_yes
        self.on_no = on_no
        self.cautious = cautious
        bw, bh = 200, ctx.theme.button_height
        self._fit_text(bh)
        grown = max(ctx.theme.font_heading, ctx.fonts.sized(ctx.theme.font_body) + 4)  # (`title_size`)
        if grown > ctx.theme.font_heading and ctx.fonts.get("title", grown).size(title)[0] > self.panel.w - 40:
            self.panel.w = max(self.panel.w, min(ctx.canvas[0] - 40, 680))  # wider for the grown title
            self.panel.center = (ctx.canvas[0] // 2, ctx.canvas[1] // 2)
        y = self.panel.bottom - bh - 36
        self.yes_button = self.widgets.add(Button(ctx, (self.panel.centerx + 14, y, bw, bh), yes or t("ui.yes"),
                                                  self._yes,
                                                  style="secondary" if cautious else "primary"))
        self.no_button = self.widgets.add(Button(ctx, (self.panel.centerx - 14 - bw, y, bw, bh), no or t("ui.no"),
                                                 self._no, style="primary" if cautious else "secondary"))

    def _fit_text(self, button_height: int) -> None:
        """Grow the panel (wider, then taller) until the question's text clears the buttons."""
        if not self.text:
            return
        font = self.ctx.fonts.get("body", self.ctx.theme.font_body)

        def needed() -> int:
            lines = len(wrap(font, self.text, self.panel.w - 80))
            return 96 + lines * (font.get_linesize() + 4) + 20 + button_height + 36

        if needed() > self.panel.h:
            self.panel.w = min(self.ctx.canvas[0] - 40, 680)
            self.panel.h = min(self.ctx.canvas[1] - 40, max(self.panel.h, needed()))
            self.panel.center = (self.ctx.canvas[0] // 2, self.ctx.canvas[1] // 2)

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
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and self.widgets.focused is None:
            if self.cautious:
                self._no()
            else:
                self._yes()
            return True
        return super().handle(event)

    def title_size(self) -> int:
        """The title's size: its heading size, grown over the question's words where the text
        size makes them larger (a display size stays as asked), as far as the panel's width holds."""
        theme, fonts = self.ctx.theme, self.ctx.fonts
        size = max(theme.font_heading, fonts.sized(theme.font_body) + 4)  # (as `__init__` widens the panel for)
        while size > theme.font_heading and fonts.get("title", size).size(self.title)[0] > self.panel.w - 40:
            size -= 1
        return size

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        size = self.title_size()
        grown = size > theme.font_heading  # (held to the panel; at its own size as it always was)
        draw_text(surface, self.ctx, self.title, (self.panel.centerx, self.panel.y + 56), size=size,
                  colour=theme.border, role="title", anchor="center", max_width=self.panel.w - 40 if grown else None)
        if self.text:
            draw_wrapped(surface, self.ctx, self.text, self.panel.inflate(-80, 0).move(0, 96), align="center",
                         colour=theme.ink_soft)


# --------------------------------------------------------------------------------------------
def parse_rules_body(text: str) -> list[Block]:
    """A rules body string → ScrollText blocks ("# " heading, "- " bullet; the hotkeys topic is
    made from the keymap's table instead, `ui.hotkeys_page`)."""
    blocks: list[Block] = []
    for line in text.split("\n"):
        line = line.rstrip()
        if not line:
            continue
        if line.startswith("# "):
            blocks.append(("h1" if not blocks else "h2", line[2:]))
        elif line.startswith("- "):
            blocks.append(("bullet", line[2:]))
        else:
            blocks.append(("p", line))
    return blocks


WIDER = 50  # how much wider the Rules' topics column is above 100 % text
TALLER = 24  # how much taller the scroll hint's room is above 100 % (the text's that much shorter)


class RulesOverlay(Overlay):
    """The rules reference, by topic, scrolling. Opens from everywhere with F1 (see app.py)."""

    route = Route.RULES  # also when built directly, not through the navigator

    panel_size = (1140, 730)

    def __init__(self, ctx: SceneContext, topic: str = "goal") -> None:
        super().__init__(ctx)
        self.topic = topic if topic in RULES_TOPICS else RULES_TOPICS[0]
        p = self.panel
        # above 100 % the topics' column is wider (long topics wrap less) and the text narrower
        self.wide = WIDER if ctx.fonts.text_scale > 1.0 else 0
        self.taller = TALLER if self.wide else 0  # (two lines of the hint at the topics' size)
        self.widgets = ScrolledGroup()  # (a topic scrolled out of view keeps its place in the focus order)
        self.topic_buttons: dict[str, LinesButton] = {}
        for key in RULES_TOPICS:
            b = LinesButton(ctx, (p.x + 30, p.y + 126, 270, 46), t(f"rules.topic.{key}"),
                            functools.partial(self.show, key), style="secondary", font_size=21)
            self.topic_buttons[key] = self.widgets.add(b)
        self.widgets.rows = list(self.topic_buttons.values())
        self.topic_column = TopicColumn(ctx, self.topic_buttons, pygame.Rect(p.x + 30, p.y + 126, 270, 46),
                                  ctx.theme.font_body, 7)
        self._pointer: tuple[int, int] | None = None  # where the pointer is (the wheel over the topics scrolls them)
        self._laid_for = 0.0
        self._lay_out_topics()
        text_x = p.x + 330 + self.wide
        self.text = self.widgets.add(ScrollText(ctx, (text_x, p.y + 100, p.w - 370 - self.wide,
                                                      p.h - 170 - self.taller)))
        self.close_button = self.widgets.add(Button(ctx, (p.right - 190, p.bottom - 62, 160, 44), t("ui.close"),
                                                    self.close, font_size=22))
        self._art: TileArt | None = None  # the tiles of the "diagrams" topic (made when first shown)
        self._large_for: tuple[object, ...] | None = None  # what the diagrams were laid out for above 100 %
        self._lines: list[str] = []  # the topic's text, said once as it shows (the spoken game)
        self.show(self.topic)

    def _lay_out_topics(self) -> None:
        """The topics down the left column, their labels at one size (`ui.topic_list`); above 100 %
        at the text's size, scrolling (`TopicColumn`), under "Topics" at that size."""
        p = self.panel
        self._laid_for = self.ctx.fonts.text_scale
        room = pygame.Rect(p.x + 30, p.y + 126, 270 + self.wide, p.h - 126 - 16)
        if self.ctx.fonts.text_scale > 1.0:
            heading = self.ctx.fonts.for_text(t("rules.topics"), "bold", self.ctx.theme.font_body).get_height()
            room.y = max(room.y, p.y + 94 + heading)  # ("Topics" between the gold line and the first topic)
            room.h = p.bottom - 16 - room.y
            self.topic_column.lay_out(room)
            return
        for b in self.topic_buttons.values():
            b.visible = True  # (a topic the column had scrolled out of view, at a larger size)
        lay_out_topics(self.ctx, list(self.topic_buttons.values()), room, 21, 46, 7)

    @property
    def scrolls(self) -> bool:
        """Whether the topics are the scrolling column (above 100 % text)."""
        return self._laid_for > 1.0

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.ctx.fonts.text_scale != self._laid_for:
            self._lay_out_topics()
        if self.scrolls:
            self.topic_column.flow.update(self.widgets)  # the focused topic in view

    def show(self, topic: str) -> None:
        self.topic = topic
        # "diagrams" is pictures (ui/rule_diagrams.py, drawn in draw_content), not text; the
        # hotkeys are the keymap's as they are now (the player may have moved some)
        blocks: list[Block] = []
        if topic == "hotkeys":
            blocks = hotkey_blocks() + pad_blocks()
        elif topic != "diagrams":
            blocks = parse_rules_body(t(f"rules.body.{topic}"))
        self.text.set_blocks(blocks)
        self._large_for = None
        self._lines = [block_words(words) for _kind, words in blocks]
        for key, b in self.topic_buttons.items():
            b.style = "primary" if key == topic else "secondary"

    def spoken_news(self) -> list[str]:
        """The spoken game: the topic shown, read once, line by line, after its button (the
        hotkeys topic names the keys and the pad's buttons as the table has them now)."""
        lines, self._lines = self._lines, []
        return lines

    def handle(self, event: Any) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._pointer = event.pos
        if self.scrolls and self.topic_column.handle(event, self._pointer):
            return True
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
        draw.line(surface, theme.gold, (p.x + 40, p.y + 86), (p.right - 40, p.y + 86), 2)
        # above 100 % "Topics" may rise to the gold line (it was 20 px over 24 px topics at 200 %;
        # the topics reach 26–28 px since their buttons may be drawn tighter)
        if self.scrolls:  # at the topics' size, over their room (the first may be scrolled away)
            draw_text(surface, self.ctx, t("rules.topics"), (p.x + 34, self.topic_column.flow.room.y - 6),
                      size=self.topic_column.size, colour=theme.ink_soft, role="bold", anchor="bottomleft",
                      max_width=270 + self.wide)
            self.topic_column.draw(surface)
        else:
            draw_text(surface, self.ctx, t("rules.topics"), (p.x + 34, self.topic_buttons[RULES_TOPICS[0]].rect.y - 6),
                      size=theme.font_small, colour=theme.ink_soft, role="bold", anchor="bottomleft",
                      max_width=270 + self.wide, max_height=32 if self.wide else 20)
        x = p.x + 316 + self.wide
        draw.line(surface, theme.gold, (x, p.y + 104), (x, p.bottom - 80), 1)
        self._scroll_hint(surface, x + 14)
        if self.topic == "diagrams":
            if self._art is None:
                self._art = TileArt(self.ctx)
            if self.ctx.fonts.text_scale > 1.0:
                self._lay_out_diagrams(self._art)  # (scrolled and drawn by the text's box)
            else:
                draw_diagrams(surface, self.ctx, self._art, pygame.Rect(self.text.rect))

    def _lay_out_diagrams(self, art: TileArt) -> None:
        """Above 100 % the diagrams are laid out for the player's size and scrolled like the other
        topics (`ScrollText.set_picture`); laid out again when the size, language or window changes."""
        fonts, box = self.ctx.fonts, self.text.rect
        key = (fonts.text_scale, fonts.scale, language(), box.w)
        if key != self._large_for:
            self._large_for = key
            laid = lay_out_large(self.ctx, box.w - 30)  # (the scroll bar's room, as the text keeps)
            self.text.set_picture(laid.height, lambda surface, top: draw_large(surface, self.ctx, art, laid, box.x,
                                                                                 top))

    def _scroll_hint(self, surface: pygame.Surface, x: int) -> None:
        """How to scroll, under the text: one line at 100 %; above, wrapped onto two lines at the
        largest size that fits between the text (`TALLER` shorter) and the panel's foot, no larger
        than the topics (before, one line of 18 px at 200 %, Japanese 20)."""
        theme, p = self.ctx.theme, self.panel
        hint, right = t("rules.scroll_hint"), self.close_button.rect.x - 16
        room = pygame.Rect(x, p.bottom - 70 - self.taller, right - x, 60 + self.taller)
        topics = self.topic_buttons[RULES_TOPICS[0]].font_size or theme.font_small
        most = min(theme.font_small, topics)  # (no larger than the topics)
        size = largest_wrapped(self.ctx, hint, room, range(most, 8, -1)) if self.wide else None
        if size is None:
            draw_text(surface, self.ctx, hint, (x, p.bottom - 40), size=theme.font_small, colour=theme.ink_faint,
                      anchor="midleft", max_width=right - x, max_height=24)
            return
        tall = wrapped_height(self.ctx, hint, room.w, size=size, line_gap=0)
        draw_wrapped(surface, self.ctx, hint, room.move(0, (room.h - tall) // 2), size=size, colour=theme.ink_faint,
                     line_gap=0)


# --------------------------------------------------------------------------------------------
class SettingsOverlay(Overlay):
    """Every player setting, applied at once and (when the program keeps files) saved at once:
    the rows of `ui.settings_table` (fullscreen, window size, animations and their speed,
    language; colour-blind palette, sound, confirmations, undo, win meter, speech), in two
    columns that scroll when the text is too large for them. Changes go through
    `ctx.change_settings`; the language through `ui.language.switch` (every open screen follows
    at once)."""

    route = Route.SETTINGS  # also when built directly, not through the navigator

    panel_size = (1100, 680)

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        p = self.panel
        cw = 460
        self.rows = rows_of("settings")
        self.widgets = ScrolledGroup()
        self.row_controls: dict[str, Widget] = {}
        for row in self.rows:
            widget = self.widgets.add(make_control(ctx, row, self._sync))
            self.row_controls[row.field] = widget
            setattr(self, row.attribute, widget)
        self.widgets.rows = list(self.row_controls.values())
        room = pygame.Rect(p.x + 40, p.y + 112, p.w - 80, p.h - 226)
        self.flow = RowFlow(ctx, self.rows, self.row_controls, room, [(p.x + 60, cw), (p.right - 60 - cw, cw)])
        self.controls = self.widgets.add(Button(ctx, (p.centerx - 370, p.bottom - 84, 230, ctx.theme.button_height),
                                                t("settings.controls"), lambda: self.ctx.nav.push(Route.CONTROLS),
                                                style="secondary"))
        self.access = self.widgets.add(Button(ctx, (p.centerx - 115, p.bottom - 84, 230, ctx.theme.button_height),
                                              t("settings.accessibility"),
                                              lambda: self.ctx.nav.push(Route.ACCESSIBILITY), style="secondary"))
        self.back = self.widgets.add(Button(ctx, (p.centerx + 140, p.bottom - 84, 230, ctx.theme.button_height),
                                            t("ui.back"), self.close))
        self.note_y, self.note_h, self.note_size, self._footer_for = p.bottom - 104, LABEL_ROOM - 6, 0, 1.0
        self._lay_out_footer()
        self._sync()

    def _lay_out_footer(self) -> None:
        """The note and the three buttons under the rows. Above 100 % the buttons are wider, their
        labels at one size: at 200 % "Accesibilidad" stood at 28 beside 32 (each label fitted to
        its 230 px button). At 100 % as they always were."""
        ctx, p = self.ctx, self.panel
        self._footer_for = ctx.fonts.text_scale
        large = ctx.fonts.text_scale > 1.0
        # wider, not taller: a taller row of buttons left the window size's stacked options (and
        # their title) more than the room's height at 200 %, so never wholly in view
        bw, bh = (300 if large else 230), ctx.theme.button_height
        y = p.bottom - 32 - bh
        # the note at the player's size, else the largest that keeps it on one line and leaves every
        # row room to be wholly in view (at 200 % it kept its 100 % line, and shrank to 22 px beside
        # 44 px rows; a row a taller note leaves in part in view is drawn clipped, `Flow.draw_in_part`)
        least, note = LABEL_ROOM - 6, self._note()
        self.note_size = fit_size(ctx.fonts, note, "body", ctx.theme.font_small, p.w - 60) if large \
            else ctx.theme.font_small
        while True:
            self.note_h = max(least, int(ctx.fonts.for_text(note, "body", self.note_size).get_linesize())) \
                if large else least
            self.flow.room = pygame.Rect(p.x + 40, p.y + 112, p.w - 80, y - 8 - self.note_h - p.y - 112)
            self.flow.measure()
            spans = [self.flow.span(key) for key in self.flow.heights]  # (with the label above, what is under)
            if self.note_h == least or max(bottom - top for top, bottom in spans) <= self.flow.room.h:
                break
            self.note_size -= 1
        self.note_y = y - 9 - self.note_h // 2
        buttons = [self.controls, self.access, self.back]
        for i, b in enumerate(buttons):
            b.rect = pygame.Rect(p.centerx - (3 * bw + 50) // 2 + i * (bw + 25), y, bw, bh)
            b.font_size = None
        if large:  # their labels at one size ("Accesibilidad" is the longest)
            one_size(buttons)

    def _sync(self) -> None:
        """Widgets follow the settings (F11 may change fullscreen while this is open)."""
        sync(self.ctx, self.rows, self.row_controls)

    def handle(self, event: Any) -> bool:
        if self.flow.handle(event):
            return True
        return super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.ctx.fonts.text_scale != self._footer_for:
            self._lay_out_footer()
        self._sync()
        self.flow.update(self.widgets)

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        p = self.panel
        draw_title(surface, self.ctx, t("settings.title"), (p.centerx, p.y + 56), 52, "ink")
        draw.line(surface, theme.gold, (p.centerx, p.y + 112), (p.centerx, p.bottom - 120), 1)
        # each choice's label over it, grown with the text size as far as the room above allows; a
        # row in part in view drawn clipped to the room (the room is not left empty under the last whole one)
        self.flow.draw_labels(surface, theme.ink, theme.ink_faint, fit=True)
        with self.flow.drawn(surface, "colourblind") as shown:
            if shown:
                self._palette(surface, self.row_controls["colourblind"].rect)
        self.flow.draw_bar(surface)
        draw_text(surface, self.ctx, self._note(), (p.centerx, self.note_y), size=self.note_size,
                  colour=theme.ink_faint, anchor="center", max_width=p.w - 60, max_height=self.note_h)

    def _note(self) -> str:
        """The words under the rows: the settings are kept (or, without a data folder, not)."""
        return t("settings.note") if self.ctx.persist else t("settings.note_memory")

    def _palette_words_size(self, words: str, room: pygame.Rect) -> int:
        """Above 100 % text, the size at which the palette's words wrapped fill `room` without a
        line wider than it, if larger than one shrunk line would be; else 0."""
        if self.ctx.fonts.text_scale <= 1.0:
            return 0
        small = self.ctx.theme.font_small
        one_line = fit_size(self.ctx.fonts, words, "bold", small, room.w)
        return largest_wrapped(self.ctx, words, room, range(small, one_line, -1), role="bold") or 0

    def _palette(self, surface: pygame.Surface, switch: pygame.Rect) -> None:
        """The faction colours of the chosen palette, under its switch."""
        theme = self.ctx.theme
        y = switch.bottom + 10
        swatches_x = switch.right - 4 * 58
        label_x = switch.x + 12
        words, room = t("settings.palette_preview"), pygame.Rect(label_x, y, swatches_x - 10 - label_x,
                                                                 self.flow.under_room["colourblind"] - 10)
        size = self._palette_words_size(words, room)
        if size:  # a larger text: wrapped in the room under the switch rather than shrunk (14 px at 200 %)
            draw_wrapped(surface, self.ctx, words, room, size=size, colour=theme.ink_soft, role="bold", line_gap=0)
        else:  # shrunk to end before the swatches ("Colores de las facciones" ran under them)
            draw_text(surface, self.ctx, words, (label_x, y + 20), size=theme.font_small,
                      colour=theme.ink_soft, role="bold", anchor="midleft", max_width=room.w)
        for i, letter in enumerate("SCJP"):
            r = pygame.Rect(swatches_x + i * 58, y, 48, 40)
            draw.rect(surface, theme.faction(letter), r, border_radius=8)
            draw.rect(surface, theme.border, r, 2, border_radius=8)
            draw_text(surface, self.ctx, letter, r.center, size=22, colour=(255, 255, 255), role="bold",
                      anchor="center", shadow=(0, 0, 0))



# --------------------------------------------------------------------------------------------
class ErrorOverlay(Overlay):
    """Shown instead of crashing: the exception's type and message, "carry on" or "main menu"."""

    route = Route.ERROR  # also when built directly, not through the navigator

    panel_size = (720, 420)

    def __init__(self, ctx: SceneContext, error: BaseException | str, log_line: str = "") -> None:
        """`log_line`: where the log file is (shown first, so a player can send it with a report)."""
        if isinstance(error, BaseException):
            self.message = log_line + t("error.message", kind=type(error).__name__, message=str(error) or "-")
        else:
            self.message = log_line + str(error)
        # as tall as its words at the player's text size (each part under the one above)
        w = self.panel_size[0]
        self.text_h = max(60, wrapped_height(ctx, t("error.text"), w - 120))
        self.box_h = max(100, wrapped_height(ctx, self.message[:400], w - 124, size=ctx.theme.font_small) + 20)
        bh = button_height(ctx)
        self.panel_size = (w, min(ctx.canvas[1] - 20, max(420, 110 + self.text_h + 15 + self.box_h + 20 + bh + 36)))
        super().__init__(ctx)
        p = self.panel
        self.widgets.add(Button(ctx, (p.centerx + 14, p.bottom - bh - 36, 240, bh), t("error.continue"), self.close))
        self.widgets.add(Button(ctx, (p.centerx - 254, p.bottom - bh - 36, 240, bh), t("error.menu"),
                                self.ctx.nav.go_to_menu, style="secondary"))

    def close(self) -> None:
        if self.below is None:
            self.ctx.nav.go_to_menu()
        else:
            self.pop()

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        p = self.panel
        draw_text(surface, self.ctx, t("error.title"), (p.centerx, p.y + 58), size=34, colour=theme.error,
                  role="title", anchor="center", max_width=p.w - 40)
        draw_wrapped(surface, self.ctx, t("error.text"), pygame.Rect(p.x + 60, p.y + 110, p.w - 120, self.text_h),
                     align="center", colour=theme.ink_soft)
        box = pygame.Rect(p.x + 50, p.y + 125 + self.text_h, p.w - 100, self.box_h)
        draw.rect(surface, (250, 242, 222), box, border_radius=6)
        draw.rect(surface, theme.border, box, 1, border_radius=6)
        draw_wrapped(surface, self.ctx, self.message[:400], box.inflate(-24, -20), size=theme.font_small,
                     colour=theme.ink)


__all__ = ["RULES_TOPICS", "ConfirmOverlay", "ErrorOverlay", "Overlay", "PauseOverlay", "RulesOverlay",
           "SettingsOverlay", "parse_rules_body", "start_board"]
