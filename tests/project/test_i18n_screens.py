"""Issue 13: every screen in English, Spanish and Japanese — no missing glyph, no text out of its
box — and a whole game played through the board in each language.

Each scene is drawn onto a recording surface: every text the fonts render is remembered with the
font that drew it, every blit of one onto the screen with its rectangle. The checks:
- every drawn character has a glyph in the font chosen for it (pygame's `Font.metrics` is None for
  a missing one: the "tofu" boxes);
- every text drawn onto the screen lies inside the screen;
- every widget's label and note lie inside the widget, whole (not cut with "…"): the words of each
  language fit their buttons, switches and choices (shrunk at most to ui/fit.py's floor).
"""

from __future__ import annotations

import pygame
import pytest

from castellion.content.tutorial import PARTS
from castellion.rules import new_game
from castellion.scenes import end
from castellion.scenes.nav import Route
from castellion.ui import text
from castellion.ui.fit import ELLIPSIS
from castellion.ui.fonts import Fonts
from tests.layout_words import widget_words

LANGS = ("en", "es", "ja")
SCREEN = pygame.Rect(0, 0, 1280, 800)


class Recorder:
    """Installs itself on `Fonts.render`; collects what is drawn and where."""

    def __init__(self, monkeypatch) -> None:
        self.rendered: dict[int, str] = {}  # id(surface) -> text
        self.keep: list[pygame.Surface] = []  # keeps ids unique while recording
        self.tofu: list[tuple[str, str]] = []
        self.blits: list[tuple[str, pygame.Rect]] = []
        original = Fonts.render
        recorder = self

        def render(fonts, words, size, colour, role="body"):
            surf = original(fonts, words, size, colour, role)
            missing = "".join(fonts.missing_glyphs(font, part) for part, font in fonts.runs(words, role, size))
            if missing:
                recorder.tofu.append((words, missing))
            recorder.rendered[id(surf)] = words
            recorder.keep.append(surf)
            return surf

        monkeypatch.setattr(Fonts, "render", render)

    def surface(self) -> pygame.Surface:
        recorder = self

        class Screen(pygame.Surface):
            def blit(self, source, dest, area=None, special_flags=0):  # noqa: D401 - pygame's signature
                rect = super().blit(source, dest, area, special_flags)
                words = recorder.rendered.get(id(source))
                if words is not None and words.strip():
                    recorder.blits.append((words, pygame.Rect(rect)))
                return rect

        return Screen(SCREEN.size, pygame.SRCALPHA)


def draw(ctx, scenes, frames: int = 3):
    ctx.stack.reset(*scenes)
    ctx.stack.apply_pending()
    return ctx.stack


def check_screen(ctx, recorder: Recorder, label: str) -> None:
    surface = recorder.surface()
    for _ in range(3):
        ctx.stack.update(1 / 60)
        ctx.stack.draw(surface)
        ctx.stack.apply_pending()
    assert not getattr(ctx, "errors", []), (label, ctx.errors)
    assert not recorder.tofu, f"{label}: characters without a glyph: {recorder.tofu[:5]}"
    outside = [(w, r) for w, r in recorder.blits if not SCREEN.contains(r)]
    assert not outside, f"{label}: text leaves the screen: {outside[:5]}"
    problems = []
    for words, boxes in widget_words(ctx):
        for w in words:
            for drawn, r in recorder.blits:
                cut = (drawn.endswith(ELLIPSIS) and w.startswith(drawn[:-1].rstrip()) and drawn != w
                       and drawn not in words)  # "Save game…" is a label, not a cut
                if drawn != w and not cut:
                    continue
                box = next((b for b in boxes if pygame.Rect(b).collidepoint(r.center)), None)
                if box is None:
                    continue
                if cut:
                    problems.append(f"{w!r} is cut to {drawn!r} in {box}")
                elif not pygame.Rect(box).inflate(4, 4).contains(r):
                    problems.append(f"{w!r} at {r} leaves its box {box}")
    assert not problems, f"{label}: {problems[:6]}"


def reveal_scene(ctx, game):
    from castellion.scenes import reveal

    return reveal.self_test_scene(ctx, game)


def board(ctx, game):
    from castellion.scenes.board import BoardScene

    ctx.player_names = ("Anna", "Ben")
    return BoardScene(ctx, game)


def _refused(ctx):
    """The Controls page just after a refused key (its longest message, in red)."""
    import pygame

    from castellion.ui.keymap import Action

    page = ctx.nav.make(Route.CONTROLS)
    page._capture(Action.DISCARD)
    page.press_key(pygame.K_h)
    return page


def _analysis(ctx, found: bool | None = None):
    """"Was this deal winnable?" still searching, or (`found` given) with its answer set."""
    page = ctx.nav.make(Route.ANALYSIS, "intro", 2, {})
    if found is not None:
        page._job.cancel()
        page.done, page.line, page.turns, page.tries = True, ([] if found else None), 23, 5
    return page


_REVIEW: dict[str, dict] = {}


def _review(ctx, step: int | None = None):
    """The review of the known lost game (tests/data/review), kept beforehand so that it opens
    whole, at move `step` (None: the last), or at the start (0)."""
    from castellion.scenes.review import ReviewScene
    from tests.review_helpers import keep, lost_game, lost_review

    doc = lost_game()
    options, history = doc["options"], doc["actions"]
    if "review" not in _REVIEW:  # a few seconds, once per process
        _REVIEW["review"] = lost_review()
    keep(_REVIEW["review"])
    scene = ReviewScene(ctx, options, history)
    scene.go(len(history) if step is None else step)
    return scene


def _save_game(ctx):
    from castellion.session import Session

    return ctx.nav.make(Route.SAVE_GAME, Session(new_game("intro", seed=5)))


SCENES = {
    "menu": lambda ctx: [ctx.nav.make(Route.MENU)],
    "setup": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(Route.SETUP)],
    "rules": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(Route.RULES)],
    "rules-levels": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(Route.RULES, topic="levels")],
    # the pictures' topic (ui/rule_diagrams.py): words and pictures laid out at the player's size
    "rules-diagrams": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(Route.RULES, topic="diagrams")],
    # the hotkeys' topic (ui/hotkeys_page.py): rows of keys in bold and what they do
    "rules-hotkeys": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(Route.RULES, topic="hotkeys")],
    "settings": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(Route.SETTINGS)],
    "accessibility": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(Route.SETTINGS),
                                  ctx.nav.make(Route.ACCESSIBILITY)],
    "controls": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(Route.SETTINGS), ctx.nav.make(Route.CONTROLS)],
    "controls-refused": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(Route.SETTINGS), _refused(ctx)],
    "saves": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(Route.SAVES)],
    "statistics": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(Route.STATS)],
    "pause": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(Route.PAUSE)],
    "confirm": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(
        Route.CONFIRM, text.t("pause.confirm_quit_title"), text.t("pause.confirm_quit_text"))],
    "error": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(Route.ERROR, RuntimeError("x"))],
    "end-won": lambda ctx: [ctx.nav.make(Route.MENU), _end(ctx, "won")],
    "end-lost": lambda ctx: [ctx.nav.make(Route.MENU), _end(ctx, "lost")],
    "board-solo": lambda ctx: [board(ctx, new_game("intro", seed=3))],
    "board-expert": lambda ctx: [board(ctx, new_game("expert", seed=4))],
    "board-two-players": lambda ctx: [board(ctx, new_game("base", seed=5, players=2))],
    "board-prison-pantry": lambda ctx: [board(ctx, new_game("base", seed=6, variant="prison", pantry=True))],
    # a top bar with a second line of three options (taller at large text)
    "board-two-players-prison-pantry": lambda ctx: [board(ctx, new_game("base", seed=5, players=2, variant="prison",
                                                                        pantry=True))],
    "reveal": lambda ctx: [board(ctx, new_game("intro", seed=7)), reveal_scene(ctx, new_game("intro", seed=7))],
    "tutorial-parts": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(Route.TUTORIAL)],
    # issue 25: the screens a newcomer found clipped or in English
    "menu-first-start": lambda ctx: [_first_start_menu(ctx)],
    "tutorial-parts-done": lambda ctx: [ctx.nav.make(Route.MENU), _tutorial_done(ctx)],
    "board-academy": lambda ctx: [board(ctx, new_game("base", seed=123456))],
    "board-vigil": lambda ctx: [board(ctx, new_game("intro", seed=8, variant="vigil"))],
    "board-prophet": lambda ctx: [board(ctx, new_game("intro", seed=9, variant="prophet"))],
    "board-guardian": lambda ctx: [board(ctx, new_game("expert", seed=10, variant="guardian"))],
    "board-traitor-in-hand": lambda ctx: [board(ctx, _traitor_in_hand())],
    "settings-over-board": lambda ctx: [board(ctx, new_game("base", seed=11)), ctx.nav.make(Route.PAUSE),
                                        ctx.nav.make(Route.SETTINGS)],
    "reveal-exam-2": lambda ctx: [board(ctx, new_game("intro", seed=7)), _exam_2_reveal(ctx)],
    "reveal-two-players": lambda ctx: [board(ctx, new_game("base", seed=5, players=2)),
                                       reveal_scene(ctx, new_game("base", seed=5, players=2))],
    "end-from-game": lambda ctx: [ctx.nav.make(Route.MENU), _end_from_game(ctx)],
    # the daily deal, the records and the achievements
    "daily": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(Route.DAILY)],
    "board-daily": lambda ctx: [_daily_board(ctx, practice=False)],
    # watching the computer play: its control strip where the banner is (solo; a taller top bar)
    "board-watched": lambda ctx: [watched(ctx, new_game("base", seed=5))],
    "board-watched-two-players-prison-pantry": lambda ctx: [watched(ctx, new_game("base", seed=5, players=2,
                                                                                  variant="prison", pantry=True))],
    "board-daily-practice": lambda ctx: [_daily_board(ctx, practice=True)],
    "achievements": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(Route.ACHIEVEMENTS)],
    "statistics-records": lambda ctx: [ctx.nav.make(Route.MENU), _records_page(ctx)],
    "deal-code-refused": lambda ctx: [ctx.nav.make(Route.MENU), ctx.nav.make(Route.SETUP), _refused_code(ctx)],
    **{f"tutorial-{p.id}": (lambda ctx, pid=p.id: tutorial_part(ctx, pid)) for p in PARTS},
    "board-mid-game-power": lambda ctx: [board(ctx, mid_game(1, "power"))],
    "board-mid-game-hand": lambda ctx: [board(ctx, mid_game(1, "use"))],
    "board-mid-game-two-players": lambda ctx: [board(ctx, mid_game(2, "power"))],
    # the review (its start, a blunder, its end), the analysis and naming a save
    "review": lambda ctx: [ctx.nav.make(Route.MENU), _review(ctx, 0)],
    "review-blunder": lambda ctx: [ctx.nav.make(Route.MENU), _review(ctx, 21)],
    "review-end": lambda ctx: [ctx.nav.make(Route.MENU), _review(ctx)],
    "analysis": lambda ctx: [ctx.nav.make(Route.MENU), _analysis(ctx)],
    "analysis-found": lambda ctx: [ctx.nav.make(Route.MENU), _analysis(ctx, True)],
    "analysis-not-found": lambda ctx: [ctx.nav.make(Route.MENU), _analysis(ctx, False)],
    "save-game": lambda ctx: [board(ctx, new_game("intro", seed=5)), _save_game(ctx)],
}


def open_screen(ctx, name: str, text_size: int, lang: str = "en"):
    """Screen `name` of `SCENES` on `ctx`'s stack in `lang` at the player's `text_size`, after one
    frame's update (the large-text columns lay themselves out there); answers the top scene."""
    from castellion.ui.language import switch

    switch(ctx, lang)
    ctx.change_settings(text_size=text_size)
    ctx.stack.reset(*SCENES[name](ctx))
    ctx.stack.apply_pending()
    scene = ctx.stack.top
    scene.update(1 / 60)
    return scene


def mid_game(players: int, phase: str):
    """A base game some turns in (tiles in the castle, a revealed row, Traitors under the cards),
    stopped where `phase` asks for a decision: "power" (a discarded Defender's power offered:
    its box and Use / Skip) or "use" (a tile in hand). Played by a seeded random walk that places
    or discards the tile in hand and never faces an Ordeal early."""
    import random

    from castellion.rules import actions as A

    for seed in range(1, 60):
        game, rng = new_game("base", seed=seed, players=players), random.Random(seed)
        for step in range(300):
            if game.outcome is not None:
                break
            if game.phase == phase and step > 12:
                return game
            acts = [a for a in game.legal_actions() if not isinstance(a, A.EncounterOrdeal)] or game.legal_actions()
            placing = [a for a in acts if isinstance(a, (A.PlaceTile, A.DiscardTile))] if game.phase == "use" else []
            game.apply(rng.choice(placing or acts))
    raise AssertionError(f"no base deal reaches {phase!r}")


def _refused_code(ctx):
    """"Play a deal code" with the longest reason a code is refused for."""
    overlay = ctx.nav.make(Route.DEAL_CODE, "3K2F-9QX")
    overlay.deal()  # sets the refusal words, as Play does
    overlay.refusal = text.t("dealcode.refused.old_version")
    return overlay


def _daily_board(ctx, practice: bool):
    """The board of a daily deal (its 19-digit seed in the top bar): today's, which counts, or a
    past day's, practice — the top bar says which."""
    import datetime

    from castellion import persistence as P
    from castellion.content.daily import daily_seed

    day = datetime.date(2026, 12, 1)
    P.startup()  # the test's own empty data folder: the board reads the daily records
    ctx.persist, ctx.today = True, lambda: day
    played = day - datetime.timedelta(days=3) if practice else day
    return board(ctx, new_game("expert", seed=daily_seed(played, "expert")))


def _records_page(ctx):
    scene = ctx.nav.make(Route.STATS)
    scene.toggle_page()
    return scene


def tutorial_part(ctx, part_id: str):
    """The tutorial's parts screen with `part_id` begun: its coach draws over the board."""
    scene = ctx.nav.make(Route.TUTORIAL)
    ctx.stack.reset(ctx.nav.make(Route.MENU), scene)
    ctx.stack.apply_pending()
    scene.begin(part_id)  # pushes the board with the coach
    ctx.stack.apply_pending()
    return list(ctx.stack.scenes)


def _tutorial_done(ctx):
    scene = ctx.nav.make(Route.TUTORIAL)
    scene.store.finished("school")  # "Play your first game" shows
    scene.store.finished("academy")
    return scene


def _first_start_menu(ctx):
    menu = ctx.nav.make(Route.MENU)
    menu.offering = True  # the first start's offer of the tutorial (asked once)
    return menu


class _StillWorker:
    """The computer player's worker that never answers: the watched board stays at its deal."""

    def request(self, source) -> None:
        pass

    def result(self) -> None:
        return None

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


def watched(ctx, game):
    """Watching the computer play `game` (its control strip over the board), before its first move."""
    from castellion.scenes.board import BoardScene
    from castellion.scenes.board.demo import DemoDriver
    from castellion.session import Session

    ctx.player_names = ("Anna", "Ben")
    return BoardScene(ctx, Session(game, practice=True), demo=DemoDriver(worker_factory=lambda budget: _StillWorker()))


def _traitor_in_hand():
    """A game whose drawn tile is a Traitor: the current Ordeal glows as a drop target."""
    from castellion.rules import actions as A

    for seed in range(1, 200):
        game = new_game("intro", seed=seed)
        draw = next((a for a in game.legal_actions() if isinstance(a, A.DrawTile) and a.pile == "regular"), None)
        if draw is None:
            continue
        game.apply(draw)
        if any(isinstance(a, A.PlaceTraitor) for a in game.legal_actions()):
            return game
    raise AssertionError("no deal starts with a Traitor")


def _exam_2_reveal(ctx):
    """Exam II's page (foundation drop): the foundation falls, "Foundation complete 6/6 ✓"."""
    from castellion.rules import parse_castle
    from castellion.scenes.reveal import OrdealRevealScene
    from castellion.ui.reveal_pages import Encounter

    before = parse_castle("\n".join([".. .. .. .. .. .."] * 3 + ["St .. .. .. .. ..", "Ss Js Cs Ct St Pc",
                                                                   "Pt Ps Pc Pt Jc Js"]))
    after = parse_castle("\n".join([".. .. .. .. .. .."] * 4 + ["St .. .. .. .. ..", "Ss Js Cs Ct St Pc"]))
    card = new_game("intro", seed=3).ordeals[1].card
    encounter = Encounter(index=1, card=card, cause="traitors", was_face_down=False, castle=before,
                          after_rows=after, rows=1, result="passed")
    return OrdealRevealScene(ctx, [encounter], animate=False)


def _end_from_game(ctx):
    """The end screen as the board opens it: from the finished game (its level's name translated)."""
    from castellion.scenes import end
    from tests.rules_helpers import played_out

    return end.EndScreen.from_game(ctx, played_out("intro", 5))


def _end(ctx, result):

    reason = text.t("rules.won") if result == "won" else text.t(
        "rules.loss.R-O5", ordeal=text.t("card.exam-2.name"))
    return end.EndScreen(ctx, result=result, reason=reason, level="base", seed=123456, turns=41)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_screen_fits_and_has_its_glyphs(ctx, monkeypatch, lang, name):
    text.set_language(lang)
    recorder = Recorder(monkeypatch)
    draw(ctx, SCENES[name](ctx))
    check_screen(ctx, recorder, f"{name} in {lang}")
    assert recorder.blits, "nothing was drawn"


def test_the_check_sees_tofu_and_overflow(ctx, monkeypatch):
    """The screen check is not blind: a Japanese text forced into a Latin font is tofu, and a
    label wider than its button is caught."""
    from castellion.ui import fonts as fonts_module
    from castellion.ui.widgets import Button

    text.set_language("ja")
    monkeypatch.setattr(fonts_module, "LANGUAGE_FILES", {})  # Japanese in the Latin fonts
    monkeypatch.setattr(Fonts, "runs", lambda self, words, role="body", size=22: [(words, self.get(role, size))])
    recorder = Recorder(monkeypatch)
    draw(ctx, SCENES["menu"](ctx))
    with pytest.raises(AssertionError, match="without a glyph"):
        check_screen(ctx, recorder, "menu")
    monkeypatch.undo()
    text.set_language("en")
    recorder = Recorder(monkeypatch)
    menu = SCENES["menu"](ctx)
    menu[0].widgets.add(Button(ctx, (100, 100, 60, 40), "A label far too long for so small a button", lambda: None))
    draw(ctx, menu)
    with pytest.raises(AssertionError, match="is cut"):
        check_screen(ctx, recorder, "menu")


def test_switching_language_relabels_the_open_screens(ctx):
    """Settings → Language: the menu below and the settings themselves speak the new language at
    once, without being rebuilt."""
    from castellion.ui.language import switch

    draw(ctx, [ctx.nav.make(Route.MENU), ctx.nav.make(Route.SETTINGS)])
    menu, settings = ctx.stack.scenes
    assert menu.new_game.label == "New game"
    switch(ctx, "es")
    assert text.language() == "es"
    assert menu.new_game.label == "Nueva partida" and settings.back.label == "Volver"
    assert [o.label for o in settings.speed.options] == ["Lenta", "Normal", "Rápida"]  # a Choice's options too
    switch(ctx, "ja")
    assert menu.new_game.label == "新しいゲーム" and settings.back.label == "戻る"
    assert ctx.settings.language == "ja"  # remembered (saved once Settings has the field)
    switch(ctx, "en")
    assert menu.new_game.label == "New game"


def test_the_settings_offer_each_language_named_in_itself(ctx):
    draw(ctx, [ctx.nav.make(Route.MENU), ctx.nav.make(Route.SETTINGS)])
    settings = ctx.stack.scenes[-1]
    assert [o.label for o in settings.language.options] == ["English", "Español", "日本語"]
    settings.language.value = "es"
    settings.language.on_change("es")
    assert text.language() == "es"


# --- a whole game in each language, through the board -------------------------------------------
# Slow tier: the quick one checks every screen in every language above, and a whole game through
# the gestures in tests/scenes/board/test_whole_games.py.
@pytest.mark.slow
@pytest.mark.parametrize("lang,level,options", [("en", "intro", {}), ("es", "base", {"pantry": True}),
                                                ("ja", "expert", {"players": 2})])
def test_a_whole_game_in_each_language(ctx, monkeypatch, lang, level, options):
    from castellion.rules.bots import greedy_action
    from tests.board_driver import BoardDriver

    text.set_language(lang)
    recorder = Recorder(monkeypatch)
    driver = BoardDriver(ctx, new_game(level, seed=21, **options))
    seen = driver.play_to_end(lambda game, rng: greedy_action(game, rng, noise=0.2), bot_seed=3)
    assert driver.game.outcome is not None and sum(seen.values()) > 10
    assert not recorder.tofu, recorder.tofu[:5]
    drawn = " ".join(w for w in recorder.rendered.values())
    word = {"en": "Ordeal", "es": "Prueba", "ja": "試練"}[lang]
    assert word in drawn  # the board spoke the language all game
