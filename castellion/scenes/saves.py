"""Saved games: the list ("Load game" on the menu) and the "Save game…" dialog (pause menu).

`SavesScene` lists every save newest first — level, difficulty, players, deal number, Ordeal
progress, date and a thumbnail of the castle(s) — damaged files included: greyed, with the
reason, never deleted by the program, with "Open backup" when their `.bak` is valid. Load (the
button, Enter or a double click), delete (asked first) and scroll with the mouse wheel, the scroll
bar or the keys. Loading your own save of the game in progress goes back in that game: nothing is
abandoned and the game keeps its id (it is counted once in the statistics).

The "Save game…" dialog is `scenes/save_game.py`.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pygame

from castellion import persistence as P
from castellion.scenes.context import SceneContext
from castellion.scenes.flow import ask_abandon, show_session, unfinished_game
from castellion.scenes.stack import Scene
from castellion.ui import draw
from castellion.ui.canvas import layer
from castellion.ui.fonts import wrap
from castellion.ui.names import level_name, ordeal_progress, players_text, save_name, saved_when, variant_title
from castellion.ui.painting import scroll_thumb, thumb_offset
from castellion.ui.storage_text import problem_text, words_text
from castellion.ui.text import t
from castellion.ui.widgets import (
    Button,
    WidgetGroup,
    draw_backdrop,
    draw_panel,
    draw_scrollbar,
    draw_text,
    draw_title,
    draw_wrapped,
)

log = logging.getLogger(__name__)

ROW_H = 112
DOUBLE_CLICK_SECONDS = 0.45  # two clicks on one row within this time load it
THUMB_CELL = 14
# the "automatic" pill at 100 %: its gap after the name, its padding across and down (both sides
# together, as the board's badges have it); all three grow with the text size
TAG_PADDING = (14, 14, 4)


# --------------------------------------------------------------------------------------------
def castle_cells(notation: str) -> list[list[str | None]]:
    """Castle notation (6 lines, top row first, ".." empty) → rows of codes, top row first.
    Tolerant: short or odd lines give empty cells (a thumbnail never fails)."""
    rows: list[list[str | None]] = []
    for line in (notation or "").splitlines()[:6]:
        tokens = line.split()
        rows.append([None if (not tok or tok.startswith("..")) else tok for tok in tokens[:6]]
                    + [None] * (6 - min(6, len(tokens))))
    while len(rows) < 6:
        rows.insert(0, [None] * 6)
    return rows


def draw_castle_thumbnail(surface: pygame.Surface, ctx: Any, notation: str, topleft: tuple[int, int],
                          cell: int = THUMB_CELL, *, art: Any = None, faded: bool = False) -> pygame.Rect:
    """A small picture of a castle: mini tile sprites (or coloured cells when the art is not
    available) on a dark 6×6 grid. Returns the area drawn."""
    theme = ctx.theme
    x0, y0 = topleft
    box = pygame.Rect(x0, y0, cell * 6 + 6, cell * 6 + 6)
    draw.rect(surface, (70, 52, 36), box, border_radius=4)
    draw.rect(surface, theme.border, box, 1, border_radius=4)
    for r, row in enumerate(castle_cells(notation)):
        for c, code in enumerate(row):
            rect = pygame.Rect(x0 + 3 + c * cell, y0 + 3 + r * cell, cell - 1, cell - 1)
            if code is None:
                draw.rect(surface, (92, 72, 52), rect, border_radius=2)
                continue
            img = None
            if art is not None:
                try:
                    img = art.tile(code, cell - 1)
                except Exception:  # noqa: BLE001 - fall back on plain cells
                    img = None
            if img is not None:
                surface.blit(img, rect)
            else:
                letter = code[0]
                colour = theme.faction(letter) if letter in "SCJP" else (200, 190, 170)
                draw.rect(surface, colour, rect, border_radius=2)
    if faded:
        veil = layer(surface, box.size)
        veil.fill((*theme.parchment, 150))
        surface.blit(veil, box)
    return box


def _tile_art(ctx: Any) -> Any:
    """The board's tile art (same look, colour-blind set included), if it can be had."""
    try:
        from castellion.ui.castle_view import TileArt

        return TileArt(ctx)
    except Exception:  # noqa: BLE001 - coloured cells will do
        return None


# --------------------------------------------------------------------------------------------
class SavesScene(Scene):
    """Every save, newest first; load, open a backup, delete. Esc goes back."""

    # its rows grow with the text (`row_tops`): every text size (docs/accessibility.md)
    text_limit = 2.0

    name = "saves"

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.ctx: SceneContext = ctx  # typed: what this screen uses of the program
        w, h = ctx.canvas
        self.panel = pygame.Rect(50, 26, w - 100, h - 52)
        p = self.panel
        self.list_rect = pygame.Rect(p.x + 36, p.y + 104, p.w - 72, p.h - 104 - 138)
        self.list_rect.h -= self._hint_lines() - self._hint_lines(1.0)  # a hint on two lines: a shorter list
        self.saves: list[P.SaveInfo] = []
        self.error = ""
        # The files are read off the frame (`P.SaveReader`): rows arrive in `update`.
        self.reader = P.SaveReader()
        self.listed = True  # every row of the last `refresh` has arrived (False: "Reading…")
        self._fresh: set[Path] = set()  # the rows the current listing has brought so far
        self._given_up: set[Path] = set()  # rows the reader could not verify (logged)
        self._asked: list[Path] = []  # the rows last handed to the reader to verify
        self._chosen: Path | None = None  # the row the player chose: it stays chosen as rows arrive
        self.selected = 0
        self.offset = 0
        self.dragging: int | None = None
        self._clock = 0.0  # seconds this screen has been updated: times a double click
        self._last_click: tuple[int, float] | None = None  # (row, time) of the last click on a row
        self.art = _tile_art(ctx)
        self.widgets = WidgetGroup()
        bh, y = ctx.theme.button_height, p.bottom - 84
        self.back_button = self.widgets.add(Button(ctx, (p.x + 40, y, 200, bh), t("saves.back"), self.back,
                                                   style="secondary"))
        self.delete_button = self.widgets.add(Button(ctx, (p.right - 40 - 200 - 16 - 220 - 16 - 200, y, 200, bh),
                                                     t("saves.delete"), self.delete, style="secondary"))
        self.backup_button = self.widgets.add(Button(ctx, (p.right - 40 - 200 - 16 - 220, y, 220, bh),
                                                     t("saves.backup"), self.open_backup, style="secondary"))
        self.load_button = self.widgets.add(Button(ctx, (p.right - 40 - 200, y, 200, bh), t("saves.load"),
                                                   self.load))

    def _hint_lines(self, limit: float = 2.0) -> int:
        """How tall the hint under the list stands, wrapped to the panel (at text size `limit`)."""
        theme = self.ctx.theme
        with self.ctx.fonts.limited(limit):
            font = self.ctx.fonts.for_text(t("saves.hint"), "body", theme.font_small - 1)
            return len(wrap(font, t("saves.hint"), self.panel.w - 80)) * int(font.get_linesize())

    # ------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    def exit(self) -> None:
        self.reader.close()

    def refresh(self) -> None:
        """Read the folder again, off the frame (never writes). The rows shown stay until the new
        listing replaces them; a folder that cannot be read is shown, not raised.

        The reader lists the files' headers (`header_info`: no replay), newest first, then
        verifies the rows by replay (`inspect`), the ones `_wanted` first — a verified file is
        never replayed again while its content is unchanged. Nothing is read on the frame: a 2 MB
        save takes ~65 ms to read, twenty of them froze the opening screen for 1.3 s."""
        if self.current is not None:
            self._chosen = self.current.path
        self._fresh, self._given_up, self._asked = set(), set(), []
        if self.ctx.persist:
            self.listed = False
            self.reader.list_folder()
        else:  # a context that keeps no files (tests, self-test) lists nothing
            self.saves, self.error, self.listed = [], "", True
        self._sync_buttons()

    def _collect(self) -> None:
        """Take in what the reader found (on the main thread) and tell it which rows to verify."""
        found = self.reader.take()
        if found.error is not None:
            self.saves, self.error = [], t("saves.unreadable", error=words_text(found.error))
        elif found.rows or found.listed:
            self.error = ""
            rows = {i.path: i for i in self.saves}
            for info in found.rows:
                rows[info.path] = info
                self._fresh.add(info.path)
            kept = rows.values() if not found.listed else [i for i in rows.values() if i.path in self._fresh]
            self.saves = sorted(kept, key=lambda i: i.sort_key, reverse=True)
        self.listed = self.listed or found.listed
        self._given_up.update(found.given_up)
        if found.rows or found.listed or found.error is not None:
            paths = [i.path for i in self.saves]
            self.selected = (paths.index(self._chosen) if self._chosen in paths
                             else min(self.selected, max(0, len(paths) - 1)))
            self.offset = max(0, min(self.offset, self.max_offset))
            self._sync_buttons()
        wanted = self._wanted()
        if wanted != self._asked:
            self.reader.verify(wanted)
            self._asked = wanted

    def _wanted(self) -> list[Path]:
        """The rows still to verify: the selected one, then those on screen, then the rest."""
        first = max(0, self.offset // self.row_h)
        on_screen = range(first, min(len(self.saves), first + self.list_rect.h // self.row_h + 2))
        order: dict[Path, None] = {}
        for i in (self.selected, *on_screen, *range(len(self.saves))):
            if 0 <= i < len(self.saves) and not self.saves[i].verified and self.saves[i].path not in self._given_up:
                order[self.saves[i].path] = None
        return list(order)

    @property
    def reading(self) -> bool:
        """Whether rows are still to arrive or to be verified (the reader is at it)."""
        return not self.listed or bool(self._wanted())

    def animating(self) -> bool:
        # draw the rows as they arrive, with no input (collected only while this screen is on top)
        return self.reading and self.stack is not None and self.stack.top is self

    @property
    def current(self) -> P.SaveInfo | None:
        return self.saves[self.selected] if 0 <= self.selected < len(self.saves) else None

    def _sync_buttons(self) -> None:
        info = self.current
        self.load_button.enabled = info is not None and info.ok
        self.backup_button.enabled = info is not None and not info.ok and info.backup is not None
        self.delete_button.enabled = info is not None

    # ------------------------------------------------------------ scrolling
    def row_tops(self) -> tuple[int, int, int, int, int]:
        """The tops of a row's lines at the current text size — its name, its game (two lines
        above 100 %), its progress, the rest of its progress (on a line of its own above 100 %) —
        and the rows' step (`ROW_H` and 10 / 44 / 72 at 100 %)."""
        fonts, theme = self.ctx.fonts, self.ctx.theme
        if fonts.text_scale <= 1.0:
            return 10, 44, 72, 72, ROW_H
        name = fonts.get("bold", theme.font_label + 2).get_linesize()
        body = fonts.get("body", theme.font_body - 1).get_linesize()
        line = 10 + name + 2
        progress = line + 2 * body
        return 10, line, progress, progress + body, max(ROW_H, progress + 2 * body + 14)

    @property
    def row_h(self) -> int:
        return self.row_tops()[-1]

    @property
    def max_offset(self) -> int:
        return max(0, len(self.saves) * self.row_h - self.list_rect.h)

    def scroll(self, dy: int) -> None:
        offset = max(0, min(self.max_offset, self.offset + dy))
        if self.ctx.fonts.text_scale > 1.0 and 0 < offset < self.max_offset:
            step = self.row_h  # onto a row's top: above 100 % a row not whole in view is not drawn
            offset = min(self.max_offset, (-(-offset // step) if dy > 0 else offset // step) * step)
        self.offset = offset

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row `index` is drawn (may lie outside the visible list)."""
        return pygame.Rect(self.list_rect.x, self.list_rect.y + index * self.row_h - self.offset,
                           self.list_rect.w - 22, self.row_h - 8)

    def thumb_rect(self) -> pygame.Rect | None:
        if self.max_offset <= 0:
            return None
        return scroll_thumb(self._track(), self.offset, self.list_rect.h, len(self.saves) * self.row_h, least=36)

    def _track(self) -> pygame.Rect:
        return pygame.Rect(self.list_rect.right - 12, self.list_rect.y + 2, 10, self.list_rect.h - 4)

    def select(self, index: int) -> None:
        if not self.saves:
            return
        self.selected = max(0, min(len(self.saves) - 1, index))
        self._chosen = self.saves[self.selected].path
        r = self.row_rect(self.selected)
        if r.top < self.list_rect.top:
            self.scroll(r.top - self.list_rect.top)
        elif r.bottom > self.list_rect.bottom:
            self.scroll(r.bottom - self.list_rect.bottom + 8)
        self._sync_buttons()

    # ------------------------------------------------------------ actions
    def back(self) -> None:
        self.pop()

    def load(self, backup: bool = False) -> None:
        info = self.current
        if info is None or (not info.ok and not backup) or (backup and info.backup is None):
            return
        ctx = self.ctx
        resume_here = info.automatic and not backup  # an autosave goes on where it was
        # Your own save of the game in progress (same game id): going back to it abandons nothing
        # and is no new attempt — it keeps the game's id and its autosave file, so the game is
        # counted once, however it ends (not "Played 2, Lost 1, Abandoned 1" for one deal).
        ongoing = unfinished_game(ctx) if not info.automatic and not backup else None
        own = ongoing is not None and bool(info.game_id) and info.game_id == ongoing.game_id
        target = info.path if resume_here else (ongoing.path if own and ongoing is not None else None)

        def go(replace: Path | None = None) -> None:
            try:
                loaded = P.load_save(info.name, backup=backup, undo_allowed=ctx.settings.undo_allowed,
                                     new_attempt=not (info.automatic or own))
            except P.PersistenceError as exc:
                ctx.notify(words_text(exc), "error")
                self.refresh()
                return
            show_session(ctx, loaded.session, path=target or replace)
            ctx.notify(t("saves.loaded", name=save_name(info)), "info")

        if resume_here or own:
            go()
        else:
            ask_abandon(ctx, go)

    def open_backup(self) -> None:
        self.load(backup=True)

    def delete(self) -> None:
        info = self.current
        if info is None:
            return

        def gone() -> None:
            try:
                P.delete_save(info.name)
                self.saves = [i for i in self.saves if i.path != info.path]  # gone now, not when re-read
                self.ctx.notify(t("saves.deleted", name=save_name(info)), "info")
            except P.PersistenceError as exc:
                self.ctx.notify(words_text(exc), "error")
            self.refresh()

        self.ctx.nav.ask(t("saves.confirm_delete_title", name=save_name(info)), t("saves.confirm_delete_text"), gone,
                         yes=t("saves.delete"), no=t("ui.cancel"))

    # ------------------------------------------------------------ events
    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and self._handle_key(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * 60)
            return True
        if self.widgets.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            self.dragging = None
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging is not None:
            self._drag_thumb(event.pos[1])
            return True
        return False

    def _handle_key(self, event: Any) -> bool:
        """Esc back, arrows and Page keys choose, Enter loads, Delete deletes (the arrows and Enter
        only while no button has the keyboard focus: then they are the buttons')."""
        free = self.widgets.focused is None
        page = max(1, self.list_rect.h // self.row_h)
        arrows = {pygame.K_UP: -1, pygame.K_DOWN: 1} if free else {}
        moves = {pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page, **arrows}
        if event.key in moves:
            self.select(self.selected + moves[event.key])
            return True
        acts = {pygame.K_ESCAPE: self.back, pygame.K_DELETE: self.delete,
                **({pygame.K_RETURN: self.load, pygame.K_KP_ENTER: self.load} if free else {})}
        if event.key in acts:
            acts[event.key]()
            return True
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        """A press on the scroll bar's thumb starts dragging it; on a row selects it (a second
        click on the same row soon after the first loads it)."""
        thumb = self.thumb_rect()
        if thumb is not None and thumb.inflate(10, 0).collidepoint(pos):
            self.dragging = pos[1] - thumb.y
            return True
        if not self.list_rect.collidepoint(pos):
            return False
        i = next((i for i in range(len(self.saves)) if self.row_rect(i).collidepoint(pos)), None)
        if i is None:
            return False
        last = self._last_click
        double = last is not None and last[0] == i and self._clock - last[1] <= DOUBLE_CLICK_SECONDS
        self.select(i)
        self._last_click = None if double else (i, self._clock)
        if double:
            self.load()
        return True

    def _drag_thumb(self, y_pos: int) -> None:
        thumb = self.thumb_rect()
        if thumb is not None and self._track().h > thumb.h and self.dragging is not None:
            self.offset = thumb_offset(self._track(), thumb.h, y_pos - self.dragging, self.max_offset)

    def keep_clear(self) -> list[pygame.Rect]:
        return self.widgets.keep_clear()

    def update(self, dt: float) -> None:
        self._clock += dt
        self.widgets.update(dt)
        self._collect()

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        ctx, theme, p = self.ctx, self.ctx.theme, self.panel
        draw_backdrop(surface, ctx)
        draw_panel(surface, p, ctx)
        draw_title(surface, ctx, t("saves.title"), (p.centerx, p.y + 54), 52, "ink")
        draw.line(surface, theme.gold, (p.x + 40, p.y + 92), (p.right - 40, p.y + 92), 2)
        if self.error or not self.saves:
            text = self.error or (t("saves.empty") if self.listed else t("saves.reading"))
            draw_wrapped(surface, ctx, text, self.list_rect.inflate(-160, 0).move(0, 120), align="center",
                         colour=theme.error if self.error else theme.ink_soft, size=theme.font_label)
        else:
            clip = surface.get_clip()
            surface.set_clip(self.list_rect.clip(clip) if clip else self.list_rect)
            for i, info in enumerate(self.saves):
                r = self.row_rect(i)
                if r.bottom < self.list_rect.top or r.top > self.list_rect.bottom:
                    continue
                if ctx.fonts.text_scale > 1.0 and not self.list_rect.contains(r):
                    continue  # hidden, not cut: its lines are tall
                self._draw_row(surface, info, r, i == self.selected)
            surface.set_clip(clip)
            thumb = self.thumb_rect()
            if thumb is not None:
                draw_scrollbar(surface, ctx, self._track(), thumb, radius=5)
        draw.line(surface, theme.gold, (p.x + 40, self.list_rect.bottom + 6),
                         (p.right - 40, self.list_rect.bottom + 6), 1)
        if ctx.fonts.text_scale > 1.0:  # wrapped (the Japanese ran past the panel at 200 %)
            draw_wrapped(surface, ctx, t("saves.hint"), pygame.Rect(p.x + 40, self.list_rect.bottom + 16, p.w - 80, 0),
                         size=theme.font_small - 1, colour=theme.ink_faint, align="center", line_gap=0)
        else:
            draw_text(surface, ctx, t("saves.hint"), (p.centerx, self.list_rect.bottom + 16),
                      size=theme.font_small - 1, colour=theme.ink_faint, anchor="midtop")
        self.widgets.draw(surface)

    def _draw_row(self, surface: pygame.Surface, info: P.SaveInfo, r: pygame.Rect, selected: bool) -> None:
        theme = self.ctx.theme
        fill = (250, 240, 214) if selected else (236, 220, 182)
        if not info.ok:
            fill = (226, 214, 196) if not selected else (236, 226, 210)
        draw.rect(surface, fill, r, border_radius=8)
        draw.rect(surface, theme.button if selected else theme.gold, r, 3 if selected else 1, border_radius=8)
        tx = self._draw_picture(surface, info, r)
        room = r.right - tx - 20 - (30 * (info.ordeals_total or 3) if info.ok else 0)  # (left of the pips)
        self._draw_name(surface, info, r, tx, room)
        if info.ok:
            self._draw_game(surface, info, r, tx, room)
        else:
            self._draw_damage(surface, info, r, tx, room)

    def _draw_picture(self, surface: pygame.Surface, info: P.SaveInfo, r: pygame.Rect) -> int:
        """The castles' thumbnails, or a crossed box for a damaged save; answers where the words start."""
        ctx, theme = self.ctx, self.ctx.theme
        tx = r.x + 14
        if info.ok:
            castles = info.castles or ("",)
            cell = THUMB_CELL if len(castles) == 1 else 10
            x = tx
            for notation in castles[:2]:
                box = draw_castle_thumbnail(surface, ctx, notation, (x, r.centery - (cell * 6 + 6) // 2), cell,
                                            art=self.art, faded=info.finished)
                x = box.right + 6
            return max(x, r.x + 14 + THUMB_CELL * 6 + 6) + 16
        box = pygame.Rect(tx, r.centery - 45, 90, 90)
        draw.rect(surface, (206, 194, 176), box, border_radius=4)
        draw.rect(surface, theme.ink_faint, box, 1, border_radius=4)
        draw.line(surface, theme.error, box.inflate(-30, -30).topleft, box.inflate(-30, -30).bottomright, 4)
        draw.line(surface, theme.error, box.inflate(-30, -30).topright, box.inflate(-30, -30).bottomleft, 4)
        return box.right + 16

    def _draw_name(self, surface: pygame.Surface, info: P.SaveInfo, r: pygame.Rect, tx: int, room: int) -> None:
        """The save's name, and the "automatic" tag after it: a pill padded around its words as
        they grow with the text size (at 200 % its 100 % padding left the words touching its edge)."""
        ctx, theme = self.ctx, self.ctx.theme
        grown = ctx.fonts.text_scale > 1.0
        gap, across, down = (round(n * ctx.fonts.text_scale) for n in TAG_PADDING)
        tag_w = ctx.fonts.text_width(t("saves.automatic"), "bold", theme.font_small - 2) + gap + across \
            if info.automatic else 0
        nr = draw_text(surface, ctx, P.visible(save_name(info)), (tx, r.y + self.row_tops()[0]),
                       size=theme.font_label + 2, colour=theme.ink if info.ok else theme.ink_faint, role="bold",
                       max_width=room - tag_w if grown else None)
        if info.automatic:
            tag = ctx.fonts.render(t("saves.automatic"), theme.font_small - 2, theme.button_text, "bold")
            tr = tag.get_rect(midleft=(nr.right + gap, nr.centery + 1)).inflate(across, down)
            draw.rect(surface, theme.button_secondary, tr, border_radius=tr.h // 2)
            surface.blit(tag, tag.get_rect(center=tr.center))

    def _draw_game(self, surface: pygame.Surface, info: P.SaveInfo, r: pygame.Rect, tx: int, room: int) -> None:
        """A game's level, variant, players and seed; its progress; its Ordeal pips on the right."""
        ctx, theme = self.ctx, self.ctx.theme
        tops, grown = self.row_tops(), ctx.fonts.text_scale > 1.0
        line = t("saves.line", level=level_name(ctx, info.level),
                 variant=variant_title(ctx, info.level, info.variant),
                 players=players_text(info.players), seed=info.seed)
        if grown:  # on two lines at most, left of the pips
            draw_wrapped(surface, ctx, line, pygame.Rect(tx, r.y + tops[1], room, tops[2] - tops[1]),
                         size=theme.font_body - 1, colour=theme.ink_soft, line_gap=0)
        else:
            draw_text(surface, ctx, line, (tx, r.y + 44), size=theme.font_body - 1, colour=theme.ink_soft)
        progress = ordeal_progress(info)
        colour = {"won": theme.good, "lost": theme.bad}.get(info.outcome or "", theme.border)
        pr = draw_text(surface, ctx, progress, (tx, r.y + tops[2]), size=theme.font_body - 1, colour=colour,
                       role="bold", max_width=room if grown else None)
        rest = t("saves.progress", progress="", turn=info.turn or 0, when=saved_when(info)).lstrip()
        at = (tx, r.y + tops[3]) if grown else (pr.right + 10, r.y + 72)
        if grown:  # on a line of its own: no separator before it
            rest = rest.lstrip(" \u2022\u00b7")
        draw_text(surface, ctx, rest, at, size=theme.font_body - 1, colour=theme.ink_soft,
                  max_width=room if grown else None)
        # the Ordeal pips on the right: passed ones filled
        total = info.ordeals_total or 3
        for k in range(total):
            c = (r.right - 30 - (total - 1 - k) * 30, r.centery)
            filled = k < info.ordeals_passed
            draw.circle(surface, theme.gold if filled else (250, 240, 214), c, 10)
            draw.circle(surface, theme.border, c, 10, 2)

    def _draw_damage(self, surface: pygame.Surface, info: P.SaveInfo, r: pygame.Rect, tx: int, room: int) -> None:
        """What is wrong with a damaged save, whether a backup is kept, when it was changed."""
        ctx, theme = self.ctx, self.ctx.theme
        tops, grown = self.row_tops(), ctx.fonts.text_scale > 1.0
        msg = t("saves.damaged", reason=problem_text(info.problem))
        if grown:
            draw_wrapped(surface, ctx, msg, pygame.Rect(tx, r.y + tops[1], room, tops[2] - tops[1]),
                         size=theme.font_body - 1, colour=theme.error, line_gap=0)
        else:
            draw_text(surface, ctx, _fit(ctx, msg, r.right - tx - 20, theme.font_body - 1), (tx, r.y + 44),
                      size=theme.font_body - 1, colour=theme.error)
        extra = t("saves.damaged_backup") if info.backup is not None else t("saves.damaged_kept")
        modified = t("saves.modified", when=saved_when(info))
        if grown:  # each on its line
            draw_text(surface, ctx, extra, (tx, r.y + tops[2]), size=theme.font_small, colour=theme.ink_soft,
                      max_width=room)
            draw_text(surface, ctx, modified, (tx, r.y + tops[3]), size=theme.font_small, colour=theme.ink_soft,
                      max_width=room)
        else:
            draw_text(surface, ctx, extra + "  \u2022  " + modified, (tx, r.y + 72), size=theme.font_small,
                      colour=theme.ink_soft)


def _fit(ctx: Any, text: str, width: int, size: int) -> str:
    """`text` shortened with an ellipsis to fit `width` pixels."""
    font = ctx.fonts.get("body", size)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "\u2026")[0] > width:
        text = text[:-1]
    return text + "\u2026"
