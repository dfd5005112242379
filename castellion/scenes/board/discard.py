"""The discard pile laid out (`DiscardOverlay`), and where each of its tiles is drawn (pure maths).

The overlay is played by keyboard or pad as well: the arrows move a ring over the tiles (by one,
or a row of `BROWSER_COLS`), Enter (the pad's A) takes the ringed tile when the Chameleon may take
it (else the rules' refusal is said), Esc closes. The spoken game reads it: its title and what to
do when it opens, then each ringed tile — what it is, whether it may be taken, "2 of 5"."""

from __future__ import annotations

import pygame

from castellion.rules import Phase
from castellion.rules import actions as A
from castellion.scenes.board.host import BoardHost
from castellion.scenes.board.reading import takeable_text
from castellion.scenes.context import SceneContext
from castellion.scenes.stack import Scene
from castellion.ui import keymap
from castellion.ui.castle_view import GLOW_LEGAL
from castellion.ui.devices import KEYS, PAD, last_device, prompts
from castellion.ui.geometry import Rect, contains
from castellion.ui.keymap import Action
from castellion.ui.rules_text import refusal_text, tile_name
from castellion.ui.text import t
from castellion.ui.widgets import dim, draw_panel, draw_text

BROWSER_COLS = 12
BROWSER_TILE = 64
BROWSER_STEP = 72
FADED_ALPHA = 170  # how far a tile the Chameleon may not take fades into the parchment


def browser_panel(count: int, canvas: tuple[int, int] = (1280, 800)) -> Rect:
    """The discard-pile overlay's panel for `count` tiles: as tall as its rows need, centred."""
    cols = max(8, min(count, BROWSER_COLS))
    rows = max(1, -(-count // BROWSER_COLS))
    w = cols * BROWSER_STEP + 100
    h = 140 + rows * BROWSER_STEP + 30
    return (canvas[0] // 2 - w // 2, canvas[1] // 2 - h // 2, w, h)


def browser_rect(index: int, count: int, canvas: tuple[int, int] = (1280, 800)) -> Rect:
    """Where the discard-pile overlay draws tile `index` (0 = oldest) of `count`: rows of 12, each
    row centred (pure maths, shared by drawing, clicks and tests)."""
    px, py, pw, _ = browser_panel(count, canvas)
    row, col = divmod(index, BROWSER_COLS)
    in_row = min(BROWSER_COLS, count - row * BROWSER_COLS)
    x0 = px + pw // 2 - (in_row * BROWSER_STEP) // 2 + (BROWSER_STEP - BROWSER_TILE) // 2
    return (x0 + col * BROWSER_STEP, py + 130 + row * BROWSER_STEP, BROWSER_TILE, BROWSER_TILE)


_VEILS: dict[tuple[tuple[int, int], tuple[int, int, int]], pygame.Surface] = {}


def faded_veil(size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
    """A parchment veil that fades a tile that cannot be taken (cached by size and colour)."""
    surf = _VEILS.get((size, colour))
    if surf is None:
        surf = _VEILS[(size, colour)] = pygame.Surface(size, pygame.SRCALPHA)
        surf.fill((*colour, FADED_ALPHA))
    return surf


class DiscardOverlay(Scene):
    """The discard pile laid out (oldest first). In the Chameleon phase the tiles it may take are
    lit, and a click on one takes it (`TakeFromDiscard`); otherwise it is for looking."""

    transparent = True
    name = "discard"

    def __init__(self, ctx: SceneContext, board: BoardHost) -> None:
        super().__init__(ctx)
        self.board = board
        self.panel = pygame.Rect(browser_panel(len(board.session.game.discard), ctx.canvas))
        choices = self._choices()
        # the ring starts on the first tile the Chameleon may take (else on the newest tile)
        self.focus = min(choices) if choices else max(0, len(board.session.game.discard) - 1)
        self._said: tuple[int, int, str] = (-1, -1, "")  # (focus, board version, its words)

    def _choices(self) -> dict[int, A.TakeFromDiscard]:
        c = self.board.state.refresh()
        return {a.index: a for a in c.chameleon} if c.phase == Phase.CHAMELEON else {}

    # ------------------------------------------------------------------ keyboard and pad
    _STEPS = {Action.CURSOR_LEFT: -1, Action.CURSOR_RIGHT: 1, Action.CURSOR_UP: -BROWSER_COLS,
              Action.CURSOR_DOWN: BROWSER_COLS}

    def _key(self, event: pygame.event.Event) -> bool:
        action = keymap.action_for(event, "board")
        n = len(self.board.session.game.discard)
        if action is not None and self.board.reader.read(action):
            return True  # a reading key: the castle, the Ordeals… are read as on the board
        if event.key == pygame.K_ESCAPE or action is Action.CANCEL:
            self.pop()
        elif action in self._STEPS and n:
            self.focus = max(0, min(n - 1, self.focus + self._STEPS[action]))
        elif action is Action.ACTIVATE or event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._take()
        return True

    def _take(self) -> None:
        """Enter on the ringed tile: taken when the Chameleon may take it; else its refusal
        (R-§6) is shown and said; outside the Chameleon's pick, Enter closes."""
        choices = self._choices()
        game = self.board.session.game
        if not choices:
            self.pop()
            return
        if self.focus in choices:
            n = len(game.discard)
            self.pop()
            self.board.act(choices[self.focus], browser_rect(self.focus, n, self.ctx.canvas))
            return
        if 0 <= self.focus < len(game.discard):
            refusal = game.refusal(A.TakeFromDiscard(self.focus, game.discard[self.focus]))
            if refusal is not None:
                self.board.say(refusal_text(refusal), "error")

    # ------------------------------------------------------------------ the spoken game
    def spoken_title(self) -> str:
        """Its title and what to do, as the keyboard or the pad does it."""
        if self._choices():
            shape = (self.board.session.game.power_faction_tile or "Ct")[1]
            title = t("board.chameleon_title", shape=t(f"board.shape.{shape}"))
            return f"{title}. {t('board.chameleon_hint_keys', **prompts())}"
        if not self.board.session.game.discard:
            return f"{t('board.discard_title')}. {t('board.discard_empty')}"
        return f"{t('board.discard_title')}. {t('board.discard_hint_keys', **prompts())}"

    def spoken_focus(self) -> str:
        """The ringed tile: what it is, whether the Chameleon may take it and where it would then
        fit, its place ("2 of 5"). Worked out when the ring or the game changes (asked each frame)."""
        version = self.board.state.version
        if self._said[:2] != (self.focus, version):
            self._said = (self.focus, version, self._focus_words())
        return self._said[2]

    def _focus_words(self) -> str:
        game = self.board.session.game
        discard = game.discard
        if not 0 <= self.focus < len(discard):
            return ""
        words = tile_name(discard[self.focus])
        choices = self._choices()
        if self.focus in choices:
            words = takeable_text(game, choices[self.focus])
        elif choices:
            words = t("speech.discard.not_takeable", tile=words)
        return t("speech.focus.position", text=words, n=self.focus + 1, count=len(discard))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            choices = self._choices()
            n = len(self.board.session.game.discard)
            for i in range(n):
                if contains(browser_rect(i, n, self.ctx.canvas), event.pos):
                    self.focus = i
                    if i in choices:
                        self.pop()
                        self.board.act(choices[i], browser_rect(i, n, self.ctx.canvas))
                    return True
            if not self.panel.collidepoint(event.pos):
                self.pop()
            return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        dim(surface, ctx)
        draw_panel(surface, self.panel, ctx)
        game = self.board.session.game
        choices = self._choices()
        if choices:
            shape = (game.power_faction_tile or "Ct")[1]
            title = t("board.chameleon_title", shape=t(f"board.shape.{shape}"))
            hint = t("board.chameleon_hint")
        else:
            title, hint = t("board.discard_title"), t("board.discard_hint")
        draw_text(surface, ctx, title, (self.panel.centerx, self.panel.y + 46), size=38, colour=theme.border,
                  role="title", anchor="center")
        draw_text(surface, ctx, hint, (self.panel.centerx, self.panel.y + 90), size=theme.font_small,
                  colour=theme.ink_soft, anchor="center")
        if not game.discard:
            draw_text(surface, ctx, t("board.discard_empty"), (self.panel.centerx, self.panel.y + 150),
                      colour=theme.ink_faint, anchor="center")
        n = len(game.discard)
        for i, code in enumerate(game.discard):
            r = pygame.Rect(browser_rect(i, n, ctx.canvas))
            surface.blit(self.board.art.tile(code, r.w), r)
            # the tiles it may take stand out as they are, framed; the others fade into the parchment
            if choices and i not in choices:
                surface.blit(faded_veil(r.size, theme.parchment), r)
            elif choices:
                surface.blit(self.board.art.ring(r.inflate(10, 10).size, GLOW_LEGAL, 3), r.inflate(10, 10))
            if i == self.focus and self.keyboard_ring():
                ring = r.inflate(18, 18)
                surface.blit(self.board.art.ring(ring.size, theme.gold, 4), ring)

    def keyboard_ring(self) -> bool:
        """The ring shows while the keyboard or a pad is in use (a mouse points for itself)."""
        return last_device() in (KEYS, PAD)
