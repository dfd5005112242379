"""`BoardScene`: the board's lifecycle, acting through the session, undo / redo, and the scenes
it pushes (the Ordeal reveal, the end screen, the hand-over, the discard pile, confirmations).
Other screens are reached through the navigator only (`self.ctx.nav.push(Route.X)`); the
hand-over and the discard pile are the board's own sub-scenes, in this package.

It owns its parts, each given only what it uses: the `BoardState` (what the board knows between
frames, read where it lives: `scene.state`), the pointer (`BoardGestures`) and the keyboard
(`BoardKeys`), which act through the scene (`BoardHost`); the spoken part is `scene.reader`;
what a gesture means is answered by `meaning`; the picture is drawn by the panels from a
`BoardView` (the still picture cached per state) and the `LiveLayer` on top."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace

import pygame

from castellion.rules import Game, IllegalAction, Phase
from castellion.rules import actions as A
from castellion.rules import events as E
from castellion.rules.outlook import encounter_outlook
from castellion.rules.preview import Preview, preview
from castellion.scenes.board.animations import ActionAnimator
from castellion.scenes.board.banner import banner_text
from castellion.scenes.board.buttons import ButtonSpec, key_label, make_buttons, relabel, sync_buttons
from castellion.scenes.board.coach import Coach
from castellion.scenes.board.demo import DemoDriver
from castellion.scenes.board.discard import DiscardOverlay
from castellion.scenes.board.fitting import banner_room, castles_area, castles_avoid, draw_banner, grow_encounter
from castellion.scenes.board.forecast import add_moments
from castellion.scenes.board.gestures import BoardGestures
from castellion.scenes.board.handover import HandoverScene, TurnLog
from castellion.scenes.board.hint import HintControl
from castellion.scenes.board.keys import BoardKeys
from castellion.scenes.board.live import BUTTON_KEYS, LiveLayer, LiveState
from castellion.scenes.board.meter import WinMeter
from castellion.scenes.board.pages import Before, Destroying, reveal_pages
from castellion.scenes.board.panels_castle import CastlePanel, PrisonPanel
from castellion.scenes.board.panels_info import TopBar
from castellion.scenes.board.panels_ordeals import OrdealsPanel
from castellion.scenes.board.panels_tiles import TilesPanel, tiles_avoid
from castellion.scenes.board.reading import BoardReader
from castellion.scenes.board.state import BoardState
from castellion.scenes.board.status_panel import StatusPanel
from castellion.scenes.board.still import StillPicture, hidden_rects
from castellion.scenes.board.tiles_labels import heading_room
from castellion.scenes.board.top_row import TopRow, plain, top_areas
from castellion.scenes.board.view import BoardView
from castellion.scenes.board.words import encounter_status, player_name, power_end_words, refusal_text, tile_name
from castellion.scenes.context import SceneContext
from castellion.scenes.nav import Route
from castellion.scenes.stack import Scene
from castellion.session import Session
from castellion.ui.ai_text import hint_text
from castellion.ui.canvas import scale_of
from castellion.ui.card_cache import CardCache
from castellion.ui.castle_view import CastleView, TileArt
from castellion.ui.daily_standing import DailyStanding, game_standing
from castellion.ui.devices import PAD, glyphs, last_device, prompts
from castellion.ui.drag import Animations
from castellion.ui.geometry import ROOMY_TEXT, BoardLayout, Rect, board_layout
from castellion.ui.rules_text import ordeal_label
from castellion.ui.text import language, t
from castellion.ui.textfit import PanelSizes, inside
from castellion.ui.widgets import Button, draw_backdrop

log = logging.getLogger("castellion.scenes.board")


class BoardScene(Scene):
    """The game board. `session_or_game`: a `Session`, or a rules `Game` (wrapped in one);
    `coach`: a guide drawn over the board (the tutorial; see `board.coach`); `demo`: the
    computer plays it (Watch the computer play, a found line replayed; see `board.demo`).

    It owns its parts and passes each what it needs: `state` (`BoardState`: the session, the
    choices, the gesture), `gestures` (`BoardGestures`: the pointer), `keys` (`BoardKeys`: the
    keyboard), the panels and the `LiveLayer` (drawing), `hint` (`HintControl`)."""

    # the player's text size, up to 200 %: each panel draws at the largest size its words fit
    # (measured per still picture: board/textfit.py, `panel_sizes`)
    text_limit = 2.0

    name = "board"

    def __init__(self, ctx: SceneContext, session_or_game: Session | Game, *,
                 layout: BoardLayout | None = None, coach: Coach | None = None,
                 demo: DemoDriver | None = None) -> None:
        super().__init__(ctx)
        self.ctx = ctx
        self.session = session_or_game if isinstance(session_or_game, Session) else Session(session_or_game)
        game = self.session.game
        self._layout_given = layout is not None  # (a test's own layout is kept at every text size)
        self.coach = coach
        if layout is None:
            layout = self._fitting_layout()
        self.base_layout = layout
        self.state = BoardState(self.session, layout)
        self.art = TileArt(ctx)
        self.views = [CastleView(ctx, self.art, layout.for_player(p)) for p in range(game.players)]
        self.cards = CardCache(ctx, self.art)
        self.anims = Animations(enabled=bool(getattr(ctx.settings, "animations", True)))
        self._end_pushed = False
        self._destroy_from: int | None = None  # len(history) when an encounter's destruction began
        self.turn_log = TurnLog()  # what the player did since the last hand-over (said on the next)
        self._stills = StillPicture()  # the still picture, cached per state (see board.still)
        self.panel_sizes = PanelSizes()  # the text size each panel of that picture is drawn at
        self._still: pygame.Surface | None = None  # the picture last drawn (None: draw it afresh)
        self._banner_tall = False  # whether that picture's banner lies over the message line (`banner_room`)
        self._buttons: dict[str, Button] = {}
        self._panels = (CastlePanel(), StatusPanel(), PrisonPanel(), OrdealsPanel(), TilesPanel())
        self._top_bar, self._top_row = TopBar(), TopRow()  # (the row: its buttons fitted to the text size)
        self.daily: DailyStanding | None = None  # read on entering, as the end screen reads it
        self._live = LiveLayer()
        self.gestures = BoardGestures(self.state, self, self.anims, self._buttons)
        self.keys = BoardKeys(self.state, self.gestures, self, self._buttons)
        # read aloud (the cursor, "what can I do", refusals; what the focus watcher asks): board/reading.py
        self.reader = BoardReader(getattr(ctx, "speech", None), self.state, self.banner_text, self._buttons,
                                  self.name_of)
        self.hint = HintControl(pool=ctx.get_ai_pool())  # the search runs in the app's child process
        self.meter = WinMeter(ctx.get_ai_pool(), coach is None and bool(getattr(ctx.settings, "win_meter", False)))
        self._build_buttons()
        self.state.on_choices = self._sync_buttons
        self._observer = self._on_session
        self.session.observers.append(self._observer)
        if coach is not None:
            coach.attach(self)
        self.demo = demo
        if demo is not None:
            demo.attach(self)

    def _fitting_layout(self, second_line: bool = False) -> BoardLayout:
        """The layout for this game at the player's text size: from 150 % the roomy one (smaller Ordeal
        cards; a plain solo game also a smaller castle, a taller status panel), and a taller top bar for
        a second line (`second_line`: a daily deal's standing or "winnable", known once the board is
        entered; a variant, the Pantry, two players); the tutorial's the standard one (its coach covers the status)."""
        game = self.session.game
        roomy = self.coach is None and self.ctx.fonts.text_scale >= ROOMY_TEXT
        laid = board_layout(game.players, prison=game.variant_hooks.prison, pantry=bool(game.pantry_mode), roomy=roomy,
                            tall_bar=second_line or bool(game.variant_id or game.pantry_mode or game.players > 1))
        return laid if self.coach is not None else heading_room(self.ctx, laid)  # (the tiles panel's heading)

    def _follow_text_size(self) -> None:
        """The text size was changed over the board (Settings from the pause menu): lay it out again."""
        layout = None if self._layout_given else self._fitting_layout(bool(self.options_text()))
        if layout is not None and layout != plain(self.base_layout):
            self._lay_out(layout)

    def _lay_out(self, layout: BoardLayout) -> None:
        """The board laid out anew on `layout` (its castles' views too), drawn afresh."""
        self.base_layout = self.state.base_layout = layout
        self.views = [CastleView(self.ctx, self.art, layout.for_player(p)) for p in range(self.session.game.players)]
        self._still = None  # (its cached pictures and panel sizes forgotten when next drawn)

    @property
    def view(self) -> CastleView:
        """The castle view of the player deciding now."""
        return self.views[self.session.game.active if self.session.game.players > 1 else 0]

    @property
    def status_slots(self) -> dict[tuple[int, str], pygame.Rect]:
        """Where the solo status panel drew each count, requirement and warning (last frame)."""
        return dict(self._panels[1].slots)

    def name_of(self, player: int) -> str:
        return player_name(self.ctx, player, self.session.player_names)

    def _on_session(self, session: Session, kind: str, action: object, events: list[E.Event]) -> None:
        self.state.version += 1

    def button_rects(self) -> list[pygame.Rect]:
        """Where the board's visible buttons are (the tutorial's arrow keeps off their words)."""
        return [pygame.Rect(b.rect) for b in self._buttons.values() if b.visible]

    def keep_clear(self) -> list[pygame.Rect]:
        return self.button_rects()  # (a notice over the board keeps off its buttons)

    def _sync_buttons(self) -> None:
        sync_buttons(self._buttons, self.state.choices, self.session, self.state.layout)

    def _build_buttons(self) -> None:
        keys = prompts()  # the buttons' labels name their keys, or a pad's buttons after a pad press
        self._labels_for = glyphs()
        spec: list[ButtonSpec] = [
            ("hint", t("board.hint"), self.ask_hint, "secondary"),
            ("undo", t("board.undo"), self.undo, "secondary"),
            ("redo", t("board.redo"), self.redo, "secondary"),
            ("rules", t("board.rules"), self.open_rules, "secondary"),
            ("menu", t("board.menu"), self.open_menu, "secondary"),
            ("encounter", t("board.encounter"), self.ask_encounter, "secondary"),  # quiet: rarely wise
            ("use", key_label("use", keys), self.use_power, "primary"),
            ("skip", key_label("skip", keys), self.skip_power, "secondary"),
            ("premonition", key_label("premonition", keys), self.use_premonition, "primary"),
            ("champion", key_label("champion", keys), self.ask_hand_champion, "secondary"),
            ("facer0", self.name_of(0), lambda: self.choose_facer(0), "primary"),
            ("facer1", self.name_of(1), lambda: self.choose_facer(1), "primary")]
        self._buttons.update(make_buttons(self.ctx, self.state.layout, self.session.game.players, spec))
        self._sync_buttons()

    def _relabel(self) -> None:
        """The buttons that name a key ("Use (U)") name the pad's button once a pad is used, and
        the key again after a key press."""
        if self._labels_for != glyphs():  # keys, or a pad (of its family: ✕ or A)
            self._labels_for = glyphs()
            relabel(self._buttons, prompts())

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        if last_device() == PAD:
            self.state.keyboard = True  # came here with a pad: the banner names its buttons at once
        self.daily = game_standing(self.ctx, self.session.game)  # a daily deal: does this game count?
        self._follow_text_size()  # (its standing on the top bar's second line)
        self.state.refresh()
        self._maybe_end()

    def exit(self) -> None:
        self.hint.close()
        self.meter.close()
        if self.demo is not None:
            self.demo.detach()
        if self._observer in self.session.observers:
            self.session.observers.remove(self._observer)
        if self.coach is not None:
            self.coach.detach(self)

    def pause(self) -> None:
        # only the top scene is updated: finish the flights now rather than freeze them under an overlay
        self.anims.skip()
        self.gestures.drop_drag()

    def resume(self) -> None:
        self._follow_text_size()
        self.state.version += 1
        self.state.refresh()
        self._maybe_end()

    def _maybe_end(self) -> None:
        if self.session.game.outcome is not None and not self._end_pushed and self.stack is not None \
                and not self._facing():  # (the end screen waits for the reveal)
            self._end_pushed = True
            self.ctx.nav.push(Route.END, self.session.game, names=self._names())
            # seen: the next start need not tell how this game ended (it does when the window
            # was closed before the end screen, e.g. during a losing reveal — see the menu)
            told = getattr(self.ctx, "change_settings", None)
            if told is not None and getattr(self.ctx, "persist", False):
                try:
                    told(last_end_told=self.session.game_id)
                except (ValueError, TypeError):  # an odd game id: told again next time, no harm
                    pass

    def _names(self) -> list[str]:
        return [self.name_of(p) for p in range(self.session.game.players)]

    # -------------------------------------------------------------------- acting
    def act(self, action: A.Action, origin: Rect | None = None, forecast: Preview | None = None) -> bool:
        """Apply `action` through the session (which logs it and tells its observers); False (and
        the reason shown) when it is refused. `origin`: where the tile was let go; `forecast`:
        the rules' preview of `action` when the hover already asked (else asked here), for the
        formation moment."""
        game = self.session.game
        before = Before.of(game)
        if self.coach is not None and not self.coach.allows(action):
            self.say(self.coach.blocked(), "hint")  # the tutorial keeps its deal on script
            return False
        done = forecast if forecast is not None else preview(game, action)
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self.say(refusal_text(exc), "error")
            return False
        dragging = self.state.gesture.drag is not None
        self.state.reset_gesture()
        self.say("")
        if power_end_words(events):  # a power that ended by itself says why
            self.say(power_end_words(events), "info")
        self.state.refresh()
        self.anims.enabled = bool(getattr(self.ctx.settings, "animations", True))
        if self.anims.enabled:
            ActionAnimator(self.anims, self.session.game, self.base_layout).run(action, events, origin, before.revealed,
                                                                        dragging)
            add_moments(self.anims, done)
        self._after_events(action, events, before.destroying)
        return True

    def say(self, text: str, kind: str = "info") -> None:
        """Show `text` on the message line; every refusal (an illegal drop, a split) is also
        heard, and told to the coach."""
        self.state.message = text
        self.state.message_kind = kind
        self.reader.message(text, kind)
        if kind == "error" and text:
            play = getattr(self.ctx, "play_sound", None)
            if play is not None:
                play("invalid")
            if self.coach is not None:
                self.coach.refused(text)

    @property
    def demo_playing(self) -> bool:
        return self.demo is not None and self.demo.active

    def _after_events(self, action: A.Action, events: list[E.Event], destroying: Destroying | None = None) -> None:
        """Push what the events call for: the hand-over, the Ordeal reveal, the end, the Chameleon's pick."""
        if self.demo is not None and self.demo.active:  # the computer plays: nothing waits for a person
            if self.session.game.outcome is not None:
                self.demo.active = False  # the game is over: the end screen speaks now
                self._maybe_end()
            return
        self._push_handover(events)
        if self._push_reveal(action, events, destroying):
            return
        if self.session.game.outcome is not None:
            self._maybe_end()
            return
        if self.session.game.phase == Phase.CHAMELEON and self.stack is not None:
            self.open_discard()

    def _push_handover(self, events: list[E.Event]) -> None:
        """Hot seat: the hand-over is always marked — a short banner, or with animations off a
        still one that waits for a click or a key."""
        self.turn_log.add(len(self.session.game.history), events)
        turn = [ev for ev in events if isinstance(ev, (E.TurnPassed, E.TilePassed))]
        if not turn or self.stack is None or self.session.game.outcome is not None:
            return
        last = turn[-1]
        player = last.player if isinstance(last, E.TurnPassed) else last.receiver
        passed = last.tile if isinstance(last, E.TilePassed) else None
        self.push(HandoverScene(self.ctx, self, player, passed, still=not self.anims.enabled,
                                turn=self.turn_log.take()))

    def _push_reveal(self, action: A.Action, events: list[E.Event], destroying: Destroying | None) -> bool:
        """The Ordeal reveal (and the verdict of a destruction it asked for); True when pushed."""
        if self.stack is None:
            return False
        game = self.session.game
        pages = reveal_pages(game, action, events, destroying, self._destroy_from, self._names())
        if not pages:
            return False
        if pages[-1].result == "destroy":  # the tiles are chosen on the board from here
            self._destroy_from = len(game.history)
        self.ctx.nav.push(Route.REVEAL, pages)
        return True

    def undo(self) -> None:
        if self.session.undo():
            log.info("undo: back to turn %s, phase %s", self.session.game.turn, self.session.game.phase)
            self.state.reset_gesture()
            self.say("")
            self.anims.skip()
            self.state.refresh()

    def redo(self) -> None:
        if self.session.redo():
            log.info("redo: back to turn %s, phase %s", self.session.game.turn, self.session.game.phase)
            self.state.reset_gesture()
            self.say("")
            self.anims.skip()
            self.state.refresh()

    def ask_hint(self) -> None:
        """The Hint button / H: the best move for the player deciding now, computed off the main
        loop from the public view. Each new state asked about counts as one hint."""
        if self.demo_playing:
            return
        if self.hint.ask(self.session.game, self.state.version):
            self.session.hints += 1
            self.say(t("hint.thinking"), "hint")
            game = self.session.game
            log.info("hint %d asked (turn %s, phase %s)", self.session.hints, game.turn, game.phase)

    def _poll_hint(self) -> None:
        waiting = self.hint.pending
        decision = self.hint.poll(self.state.version)
        if decision is not None:
            self.say(hint_text(decision, self.session.game, tile_name), "hint")
            self.meter.ask_gain(self.session.game, self.state.version, decision.action)
        elif (gain := self.meter.gain(self.state.version)) and self.state.message_kind == "hint":  # the meter's gain
            self.say(f"{self.state.message} {gain}", "hint")
        elif waiting and not self.hint.pending and self.state.message == t("hint.thinking"):
            self.say(t("hint.none") if self.hint.version == self.state.version else "", "hint")

    # ------------------------------------------------------------ pushing scenes
    def open_rules(self) -> None:
        self.ctx.nav.push(Route.RULES, topic="hotkeys")

    def open_menu(self) -> None:
        self.ctx.nav.push(Route.PAUSE)

    def open_discard(self) -> None:
        if self.stack is not None:
            self.push(DiscardOverlay(self.ctx, self))

    def _confirm(self, title: str, text: str, on_yes: A.Action, *, cautious: bool = True) -> None:
        """Ask before a game choice (always: these are moves, not the "abandon a game" kind of
        question the confirmations setting turns off, so not `nav.ask`)."""

        def yes() -> None:
            self.act(on_yes)

        self.ctx.nav.push(Route.CONFIRM, title, text, on_yes=yes, cautious=cautious)

    def ask_encounter(self) -> None:
        c = self.state.refresh()
        index = self.session.game.current_ordeal
        if c.encounter is None or index is None:
            return
        outlook = encounter_outlook(self.session.game)
        status = encounter_status(outlook)
        # Enter answers "no" unless the castle surely passes whatever the card: E then Enter must
        # not lose a game by reflex
        sure = outlook is not None and outlook.sure_pass
        self._confirm(t("board.encounter_title", name=ordeal_label(self.session.game, index)),
                      t("board.encounter_text", status=status), A.EncounterOrdeal(), cautious=not sure)

    def ask_hand_champion(self) -> None:
        if self.state.refresh().champion is None:
            return
        partner = self.name_of(1 - self.session.game.active)
        self._confirm(t("board.champion_title", name=partner), t("board.champion_text", name=partner),
                      A.HandChampion(), cautious=False)

    def use_premonition(self) -> None:
        c = self.state.refresh()
        if c.premonition is not None:
            self.act(c.premonition)

    def choose_facer(self, player: int) -> None:
        c = self.state.refresh()
        if player in c.facer:
            self.act(c.facer[player])

    def use_power(self) -> None:
        c = self.state.refresh()
        if c.use is not None:
            self.act(c.use)

    def skip_power(self) -> None:
        c = self.state.refresh()
        if c.skip is not None:
            self.act(c.skip)

    # --------------------------------------------------------------------- frame
    def handle(self, event: pygame.event.Event) -> bool:
        self.state.refresh()
        if self.coach is not None and self.coach.handle(event):
            return True
        if self.demo is not None and self.demo.handle(event):
            return True
        et = event.type
        if et in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.anims.skip()  # any input ends the animations at once (they only decorate)
        if self._handle_buttons(event):
            return True
        if et == pygame.KEYDOWN:
            return self.keys.handle_key(event)
        return self.gestures.pointer(event)

    def _handle_buttons(self, event: pygame.event.Event) -> bool:
        """The board's buttons take the pointer first (not while a drag is on its way)."""
        et = event.type
        if et not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        drag = self.state.gesture.drag
        if drag is not None and drag.moved:
            return False
        for key in BUTTON_KEYS:
            b = self._buttons[key]
            if b.visible and b.handle(event) and et != pygame.MOUSEMOTION:
                self.state.gesture.drag = None
                return True
        return False

    def update(self, dt: float) -> None:
        self.state.refresh()
        self._poll_hint()
        self.meter.update(self.session.game, self.state.version, self.hint.pending)
        self._buttons["hint"].visible = not self.demo_playing
        if self.demo is not None:
            self.demo.update(dt)
        self.anims.update(dt)
        if self.coach is not None:
            self.coach.update(dt)
        self._sync_buttons()
        self._relabel()
        self.gestures.tick(dt)  # (a finger held still: a long press)
        if self.session.game.outcome is not None and not self._end_pushed and self.stack is not None \
                and self.stack.top is self and not self.stack.pending:
            self._maybe_end()

    def animating(self) -> bool:
        # a hint's answer shows the frame it arrives; the computer's moves come on their own
        return self.anims.busy or self.hint.pending or (self.demo_playing and not self.demo_paused)

    @property
    def demo_paused(self) -> bool:
        return self.demo is not None and self.demo.paused

    def banner_text(self) -> str:
        """One line: what to do now (reads the phase and the legal actions only); while an Ordeal's
        reveal shows over the board, only that it is being faced (no spoiler)."""
        st = self.state
        return banner_text(self.session.game, st.choices, st.gesture.selected, self.name_of, keyboard=st.keyboard,
                           facing=self._facing(), keys=prompts())

    def _facing(self) -> bool:
        """An Ordeal's reveal is showing over the board (or queued): its result is the reveal's to tell."""
        return self.stack is not None and self.ctx.nav.showing(Route.REVEAL)

    def options_text(self) -> str:
        """The chosen variant, Pantry and players, or a daily deal's standing, for the top bar ("" for neither)."""
        return self._top_bar.options_text(self._board_view(frozenset()))

    def _hidden_rects(self) -> dict[object, Rect | None]:
        """What the still picture leaves out, with where (see `still.hidden_rects`)."""
        game, gesture = self.session.game, self.state.gesture
        return hidden_rects(game, self.base_layout.for_player(game.active), self.anims, gesture.drag, gesture.carry)

    def _view_on(self, layout: BoardLayout) -> BoardView:
        return replace(self._board_view(frozenset()), base_layout=layout)

    def _board_view(self, hidden: frozenset[object]) -> BoardView:
        return BoardView(self.ctx, self.art, self.session.game, self.state.choices, self.base_layout, self.views,
                         self.cards, self.name_of, self.state.gesture.selected, hidden, self.daily,
                         self.coach.lights if self.coach is not None else None)  # (not allows(): it may act)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self._top_row.follow(self.ctx, surface, self.base_layout, self._top_bar, self._view_on,
                                      self._buttons, self.session.game.players)
        if layout != self.base_layout:  # the top bar's buttons (and height) fitted to the text size
            self._lay_out(layout)
        hidden_rects = self._hidden_rects()
        view = self._board_view(frozenset(hidden_rects))
        st = self.state
        key = (st.version, st.choices.phase, st.gesture.selected, st.keyboard, glyphs(), bool(st.message),
               self.ctx.theme.colourblind, self.session.can_undo, self.session.can_redo, surface.get_size(),
               scale_of(surface), self._facing(), language(), self.ctx.fonts.text_scale, self.demo_playing)
        if self._still is None:  # dropped by its owner (a test): draw it afresh
            self._stills.forget()
            self.panel_sizes.begin(None)
        self.panel_sizes.begin(key)
        self._still = self._stills.picture(surface, key, hidden_rects, lambda still: self._draw_still(still, view))
        surface.blit(self._still, (0, 0))
        castle_panel, status = self._panels[0], self._panels[1]
        self._live.draw(surface, view, LiveState(st.gesture, st.carried_pantry(), st.keyboard, st.cursor, st.pointer,
                                                 st.message, st.message_kind, self.anims, self._buttons,
                                                 {**castle_panel.slots, **status.slots}, self._banner_tall))
        self.hint.draw(surface, view)
        self.meter.draw(surface, view)
        if self.demo is not None:
            self.demo.draw(surface)
        if self.coach is not None:
            self.coach.draw(surface)

    def _draw_still(self, surface: pygame.Surface, v: BoardView) -> None:
        ctx, game = self.ctx, self.session.game
        draw_backdrop(surface, ctx)
        lay = v.layout
        castle_panel, status, prison, ordeals, tiles = self._panels

        def castles(target: pygame.Surface, stacked: bool = False) -> None:
            for p in range(game.players):
                castle_panel.draw(target, v, p, v.hidden, stacked)
            if game.variant_hooks.prison and self.base_layout.prison_cell:
                prison.draw(target, v, v.hidden)

        text = "" if self.demo_playing else self.banner_text()
        tall = banner_room(ctx, lay, text, not (self.coach or self.demo))  # (a message then goes under it)
        self._banner_tall = tall is not None  # (the live layer's words then by the cell, not on that line)
        parts: list[tuple[str, list[pygame.Rect], Callable[[pygame.Surface], None]]] = [
            ("top", top_areas(self.state.layout), lambda target: self._top_bar.draw(target, v)),
            ("banner", [pygame.Rect(tall or lay.banner).inflate(-8, -4)], lambda target: draw_banner(
                target, ctx, lay.banner, text, tall)),
            ("castles", castles_area(lay, game.players, bool(game.variant_hooks.prison)), castles)]
        # second ways, taken where they reach further: the castle's counts beside the status panel's
        # title (its rows then by their ink); a power's box in fewer words; two players' counts in a column
        power = v.choices.use is not None and bool(game.power_faction)
        ways = {"status": [lambda target, w=w: status.draw(target, v, game.castle(game.active), facing=self._facing(),
                                                           way=w) for w in range(4)],
                "tiles": [lambda target, b=b: tiles.draw(target, v, v.hidden, b) for b in (False, True)[:1 + power]],
                "castles": [lambda target, s=s: castles(target, s) for s in (False, True)[:game.players]]}
        if game.players == 1:  # (in this order: a panel's shadow falls on its neighbour)
            parts.append(("status", [inside(lay.status_panel)], ways["status"][0]))
        parts += [("ordeals", [inside(lay.ordeal_panel)], lambda target: ordeals.draw(target, v, v.hidden)),
                  ("tiles", [inside(lay.tiles_panel)], ways["tiles"][0])]
        # the pictures words must leave clear: the castles' grids (with their frame), the cards, the piles
        avoid = {"castles": castles_avoid(lay, game.players), "tiles": tiles_avoid(v, power),
                 "ordeals": [pygame.Rect(lay.ordeal_rect(i)) for i in range(len(game.ordeals))]}
        for name, area, paint in parts:
            paints = ways.get(name, [paint])
            size, way = self.panel_sizes.best(name, ctx.fonts, surface, area, paints, avoid.get(name, ()))
            with ctx.fonts.limited(size):
                paints[way](surface)
        grow_encounter(ctx, self._buttons["encounter"], lay, self.panel_sizes.sizes.get("tiles", 1.0))

