"""The end screen: the outcome and its reason, play again / new game / menu, "was this deal
winnable?" after a loss, "review this game", and the shareable result (copy, picture).

Opened through the navigator (`self.ctx.nav.push(Route.END, game, names=names)`) when a game ends.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from castellion.ai.difficulty import RUN_WORK, RUNS, VERSION, Difficulty, deal_difficulty, difficulty_word
from castellion.persistence.daily_records import deal_day
from castellion.persistence.difficulty import difficulty_key, keep_difficulty, load_difficulty
from castellion.persistence.stats import game_key
from castellion.rules import Game
from castellion.rules import actions as A
from castellion.rules.dealcode import code_of
from castellion.scenes.context import SceneContext
from castellion.scenes.flow import start_board
from castellion.scenes.modal import Overlay
from castellion.scenes.nav import Route
from castellion.ui import share
from castellion.ui.achievement_notes import tell_new_achievements
from castellion.ui.catalog_keys import level_name as catalog_level_name
from castellion.ui.daily_standing import daily_standing
from castellion.ui.fit import largest_limit
from castellion.ui.fonts import wrap
from castellion.ui.proved import proved_winnable
from castellion.ui.rules_text import player_outcome_text
from castellion.ui.text import t, tn
from castellion.ui.widgets import Button, button_height, draw_text, draw_wrapped, one_size

log = logging.getLogger(__name__)


class EndScreen(Overlay):
    """The result of a game: won/lost, the reason, level and seed; play again, new game, menu.
    "Look at the castle" hides the panel to show the final castle below."""

    route = Route.END  # also when built directly, not through the navigator

    panel_size = (640, 500)

    def __init__(self, ctx: SceneContext, *, result: str, reason: str = "", level: str = "intro",
                 seed: int | None = None, options: dict[str, Any] | None = None, turns: int | None = None,
                 level_name: str = "", passed: tuple[bool, ...] = (), castles: tuple[Any, ...] = (),
                 game_key: str | None = None, history: list[dict[str, Any]] | None = None) -> None:
        # after a loss the panel is taller: "Was this deal winnable?" under the others;
        # with the game's moves known, "Review this game" takes one more row
        self.result = result
        self.reason = reason
        self.history = history or []
        # winnable deals only: the search has won this deal (said here; after a loss its winning
        # line is offered, the analysis saying it knew every tile)
        self.proved = proved_winnable(ctx, level, seed, options)
        review_row = bool(self.history) and seed is not None
        winnable_row = result != "won" and seed is not None
        # laid out from the words' measured lines (at the window's scale and the player's text
        # size): a reason on three lines pushes the buttons down, never under them
        # at the largest text size (up to the player's) at which the panel fits the window
        rows = 2 + winnable_row + review_row
        self.panel_w = self._panel_width(ctx)
        self.text_limit = largest_limit(ctx.fonts, lambda: self._measure(ctx, rows) <= ctx.canvas[1] - 24)
        with ctx.fonts.limited(self.text_limit):
            height = self._measure(ctx, rows)
        bh = self.button_h
        self.buttons_y = self.top["buttons"]
        self.panel_size = (self.panel_w, max(EndScreen.panel_size[1] if not winnable_row else 560, height))
        super().__init__(ctx)
        self.level = level
        self.seed = seed
        self.options = dict(options or {})
        self.turns = turns
        self.level_name = level_name or t(f"setup.level.{level}")
        self.peeking = False
        p = self.panel
        y0 = p.y + self.buttons_y
        # the buttons and the links widen with the panel (at 100 % 400 px, two of 195, links of 170 and 240)
        bw, k = p.w - 240, p.w / 640
        half = (bw - 10) // 2
        self.again = self.widgets.add(Button(ctx, (p.centerx - bw // 2, y0, bw, bh), t("end.again"), self._again,
                                             enabled=seed is not None))
        self.new = self.widgets.add(Button(ctx, (p.centerx - bw // 2, y0 + bh + 14, half, bh), t("end.new_game"),
                                           self._new, style="secondary"))
        self.menu = self.widgets.add(Button(ctx, (p.centerx + 5, y0 + bh + 14, half, bh), t("end.menu"),
                                            self.ctx.nav.go_to_menu, style="secondary"))
        self.winnable: Button | None = None
        if winnable_row:
            self.winnable = self.widgets.add(Button(ctx, (p.centerx - bw // 2, y0 + 2 * (bh + 14), bw, bh),
                                                    t("end.watch_proved" if self.proved else "end.winnable"),
                                                    self._analyse, style="secondary",
                                                    font_size=22))
        self.review: Button | None = None
        if review_row:
            row = 3 if self.winnable is not None else 2
            self.review = self.widgets.add(Button(ctx, (p.centerx - bw // 2, y0 + row * (bh + 14), bw, bh),
                                                  t("end.review"), self._review, style="secondary", font_size=22))
        link_y = p.bottom - 20 - self.link_height
        look_w, side_w = round(240 * k), round(170 * k)
        self.look = self.widgets.add(Button(ctx, (p.centerx - look_w // 2, link_y, look_w, self.link_height),
                                            t("end.look"), self._peek, style="ghost", font_size=20))
        # While the player looks at the castle the board's top-right buttons are dead (the game is
        # over): the way back lies over them, not over the castle's status lines at the bottom.
        self.show_button = Button(ctx, (ctx.canvas[0] - 418, 5, 404, 40), t("end.show"), self._peek)
        # the shareable result, beside "Look at the castle" (castellion.ui.share)
        self.passed, self.castles, self.game_key = passed, castles, game_key
        self.daily_label = ""  # set on entering (reads the statistics)
        # the deal's difficulty (wins, runs): from the sidecar file, or measured in the child
        self.difficulty: tuple[int, int] | None = None
        self._difficulty_job: Any = None
        self._started = False  # the measure starts with the first frame the screen is shown (the
        # pool wakes the app when the answer comes: no frame is drawn for nothing meanwhile)
        self.copy = self.widgets.add(Button(ctx, (p.x + 18, link_y, side_w, self.link_height), t("end.copy"),
                                            self._copy, style="ghost", font_size=18))
        self.picture = self.widgets.add(Button(ctx, (p.right - 18 - side_w, link_y, side_w, self.link_height),
                                               t("end.picture"), self._save_picture, style="ghost", font_size=18))
        with ctx.fonts.limited(self.text_limit):  # measured as they will be drawn
            # the buttons say their words at one size, and the links theirs (each alone grew as far
            # as its own box allowed: at 200 % "Menú" stood much larger than "Nueva partida")
            one_size([b for b in (self.again, self.new, self.menu, self.winnable, self.review) if b is not None])
            one_size([self.copy, self.look, self.picture])

    @staticmethod
    def _panel_width(ctx: SceneContext) -> int:
        """640 px at 100 %; above, wider with the text (up to the window less 40 px a side): at 200 %
        the buttons' words in a 640 px panel stood at half the player's size under the reason's."""
        scale, width = ctx.fonts.text_scale, EndScreen.panel_size[0]
        return width if scale <= 1 else min(ctx.canvas[0] - 80, round(width * scale))

    def _measure(self, ctx: SceneContext, rows: int) -> int:
        """The panel's height at the current text size with `rows` rows of buttons (and where its
        parts go: `top`, the buttons' and the links' heights)."""
        self.top = self._layout_top(ctx)
        self.button_h = button_height(ctx)
        self.link_height = max(38, ctx.fonts.get("body", 20).get_linesize() + 10)
        return self.top["buttons"] + rows * (self.button_h + 14) + 8 + self.link_height + 20

    def _body(self, ctx: SceneContext) -> tuple[str, int | None]:
        """The reason under the title (capitalised) and its size (smaller when long)."""
        won = self.result == "won"
        body = self.reason or t("end.won_sub" if won else "end.lost_sub")
        body = body[:1].upper() + body[1:]  # the rules' reasons may start in lower case
        return body, (ctx.theme.font_small if len(body) > 90 else None)

    def _layout_top(self, ctx: SceneContext) -> dict[str, int]:
        """Where each part of the panel starts (from its top): the emblem (left out at a large
        text size, for room), the title, the reason's wrapped lines, the facts, the buttons."""
        theme = ctx.theme
        emblem = ctx.fonts.text_scale <= 1.25
        title = 140 if emblem else 56
        reason = title + 40
        body, size = self._body(ctx)
        size = size or theme.font_body
        font = ctx.fonts.for_text(body, "body", size)
        width = (self.panel_w - 120) * font.size(body)[0] // max(1, ctx.fonts.text_width(body, "body", size))
        lines = len(wrap(font, body, max(1, width)))
        used = lines * (font.get_linesize() + 4) - 4
        small = ctx.fonts.get("body", theme.font_small).get_linesize()
        facts = max(reason + 76, reason + used + 6 + small // 2)  # the facts line's centre
        buttons = max(300 if emblem else 0, facts + small + small // 2 + 12)
        return {"emblem": int(emblem), "title": title, "reason": reason, "used": used, "facts": facts,
                "buttons": buttons}

    def enter(self) -> None:
        super().enter()
        tell_new_achievements(self.ctx)
        day = self.deal_day()  # read once: "daily deal of …", or "practice" when the day's attempt was another game
        if day is not None:
            self.daily_label = t("end.practice" if self.practice() else "end.daily", day=day)

    def exit(self) -> None:
        super().exit()
        if self._difficulty_job is not None:
            self._difficulty_job.cancel()  # the screen is gone: the child stops at its next move

    def pause(self) -> None:
        # a review or an analysis opened over this screen would wait behind the measure in the
        # child (it runs one job at a time): stop it, and measure again on coming back
        if self._difficulty_job is not None:
            self._difficulty_job.cancel()
            self._difficulty_job = None

    def resume(self) -> None:
        if self._started:
            self._measure_difficulty()

    def _difficulty_key(self) -> str | None:
        return None if self.seed is None else difficulty_key(self.level, self.seed, self.options, VERSION)

    def _measure_difficulty(self) -> None:
        """The kept measure of this deal, else a job for the child (once per screen)."""
        key = self._difficulty_key()
        if key is None or self.difficulty is not None or self._difficulty_job is not None:
            return
        self.difficulty = load_difficulty(key) if self.ctx.persist else None
        if self.difficulty is None:
            self._difficulty_job = self.ctx.get_ai_pool().submit(
                deal_difficulty, self.level, self.seed, self.options, RUNS, RUN_WORK)

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self._started:
            self._started = True
            self._measure_difficulty()
        job = self._difficulty_job
        if job is None or not job.done or self.difficulty is not None:
            return
        answer = job.result()
        if isinstance(answer, Difficulty):
            self.difficulty = (answer.wins, answer.runs)
            key = self._difficulty_key()
            if key is not None and self.ctx.persist:
                keep_difficulty(key, answer.wins, answer.runs)
        elif job.error is not None:
            log.error("the deal's difficulty could not be measured: %s", job.error)
        self._difficulty_job = None

    def deal_day(self) -> str | None:
        """The day whose daily deal this was (YYYY-MM-DD), or None."""
        if self.seed is None:
            return None
        day = deal_day(self.level, self.seed, self.options, self.ctx.today())
        return day.isoformat() if day else None

    def practice(self) -> bool:
        """Whether this daily deal's game was practice (the day's attempt was another game): the
        reading the board's top bar shares (`ui.daily_standing`)."""
        if self.seed is None:
            return False
        standing = daily_standing(self.ctx, self.level, self.seed, self.options, self.game_key)
        return standing is not None and standing.practice

    def deal_code(self) -> str | None:
        """The deal's code (rules/dealcode.py), read aloud or typed in Setup to play this deal;
        shown here, once the game is over (a daily deal's only after its attempt, as here)."""
        if self.seed is None:
            return None
        return code_of({"level": self.level, "seed": self.seed, **self.options}, self.ctx.ruleset())

    def share_text(self) -> str:
        return share.result_text(level_name=self.level_name, won=self.result == "won", turns=self.turns,
                                 passed=self.passed, day=self.deal_day(), seed=self.seed, practice=self.practice(),
                                 code=self.deal_code())

    def _copy(self) -> None:
        share.copy_result(self.ctx, self.share_text())

    def _save_picture(self) -> None:
        lines = self.share_text().split("\n")[:2]
        card = share.card_picture(self.ctx, share.castle_picture(self.ctx, self.castles), lines=lines,
                                  won=self.result == "won", passed=self.passed)
        share.save_result_picture(self.ctx, card, f"castellion-{self.deal_day() or self.seed}-{self.level}.png")

    def deal_difficulty(self) -> str | None:
        """How hard the deal was, after the game only (never before: it would spoil the deal):
        the computer player's win rate on this deal (ai/difficulty.py), "measuring…" while the
        child computes it, None without a deal (no seed) or when it could not be measured."""
        if self.difficulty is not None:
            wins, runs = self.difficulty
            word = difficulty_word(Difficulty(wins, runs, 0))
            if word == "easy":
                return tn("end.difficulty.easy", wins, runs=runs)
            if word == "hard":
                return tn("end.difficulty.hard", wins, runs=runs)
            return tn("end.difficulty.fair", wins, runs=runs)
        if self._difficulty_job is not None and not self._difficulty_job.done:
            return t("end.difficulty.measuring")
        return None

    @classmethod
    def from_game(cls, ctx: SceneContext, game: Game, names: tuple[str, ...] | list[str] = ()) -> EndScreen:
        """Read result, reason, level, seed and options from a finished `Game` (`names`: the
        players' names, so a two-player reason says whose castle failed)."""
        outcome = game.outcome
        options = dict(game.options)
        spec = game.level_spec
        level = str(options.pop("level", None) or spec.id)
        seed = options.pop("seed", None)
        seed = seed if isinstance(seed, int) else None
        keep = {k: v for k, v in options.items() if k in ("players", "variant", "pantry")}
        cards = [o.card for o in game.ordeals]
        reason = player_outcome_text(outcome, list(names or ()), cards) if outcome is not None else ""
        return cls(ctx, result=outcome.result if outcome is not None else "lost", reason=reason,
                   level=level, seed=seed, options=keep, turns=game.turn,
                   level_name=catalog_level_name(str(level), spec.name),
                   passed=tuple(bool(o.passed) for o in game.ordeals),
                   castles=tuple(game.castle(p) for p in range(game.players)),
                   game_key=game_key(game.options, game.history),
                   history=[A.action_to_dict(a) for a in game.history])

    def _again(self) -> None:
        if self.seed is not None:  # the button is off without a seed
            start_board(self.ctx, self.level, self.seed, self.options)

    def _analyse(self) -> None:
        if self.seed is not None:
            # the difficulty's fair wins: none → the analysis need not replay those games
            wins = self.difficulty[0] if self.difficulty is not None else None
            self.ctx.nav.push(Route.ANALYSIS, self.level, self.seed, self.options, fair_wins=wins)

    def _review(self) -> None:
        if self.seed is not None:  # the button is there only with the deal and its moves
            self.ctx.nav.push(Route.REVIEW, {"level": self.level, "seed": self.seed, **self.options}, self.history)

    def _new(self) -> None:
        self.ctx.nav.reset(Route.MENU, self.ctx.nav.make(Route.SETUP, level=self.level))

    def _peek(self) -> None:
        self.peeking = not self.peeking

    def close(self) -> None:
        if self.peeking:
            self.peeking = False
        else:
            self.ctx.nav.go_to_menu()

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
        top = self.top
        if top["emblem"]:
            surface.blit(emblem, emblem.get_rect(center=(p.centerx, p.y + 62)))
        draw_text(surface, self.ctx, t("end.won" if won else "end.lost"), (p.centerx, p.y + top["title"]), size=56,
                  colour=theme.good if won else theme.bad, role="title", anchor="center", max_width=p.w - 40)
        body, size = self._body(self.ctx)
        # A long reason (three lines) pushes the facts line and the buttons down (`_layout_top`).
        draw_wrapped(surface, self.ctx, body, pygame.Rect(p.x + 60, p.y + top["reason"], p.w - 120, top["used"]),
                     align="center", colour=theme.ink, size=size)
        facts = [self.level_name]
        code = self.deal_code()
        if self.daily_label:
            facts.append(self.daily_label)
        if code is not None:
            facts.append(t("end.code", code=code))
        elif self.seed is not None and not self.daily_label:
            facts.append(t("end.seed", seed=self.seed))
        if self.turns:
            facts.append(tn("end.turns", self.turns))
        if self.proved:
            facts.append(t("end.proved"))
        facts_y = p.y + top["facts"]  # room under it for the deal's difficulty
        draw_text(surface, self.ctx, "  \u2022  ".join(facts), (p.centerx, facts_y),
                  size=theme.font_small, colour=theme.ink_soft, anchor="center",
                  max_width=p.w - 40)  # (a long level name and deal number in Spanish ran past the panel)
        difficulty = self.deal_difficulty()
        if difficulty:
            small = self.ctx.fonts.get("body", theme.font_small).get_linesize()
            draw_text(surface, self.ctx, difficulty, (p.centerx, facts_y + max(23, small + 2)), size=theme.font_small,
                      colour=theme.ink_soft, anchor="center", max_width=p.w - 40)


__all__ = ["EndScreen"]
