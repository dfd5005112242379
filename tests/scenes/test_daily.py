"""The daily deal on screen: the menu's card and the daily screen use `daily_seed` of the injected
today (the same number `--daily DATE --print-seed` prints), a retry is practice, the records page
and the achievements screen draw what the statistics prove, and the end screen's result can be
copied and saved as a picture (in en/es/ja, no spoiler of the deal)."""

from __future__ import annotations

import datetime as dt

import pygame
import pytest

from castellion import persistence as P
from castellion.cli import main as cli_main
from castellion.content.daily import daily_seed
from castellion.persistence import pictures
from castellion.persistence.daily_records import GameFacts
from castellion.persistence.stats import record_game
from castellion.rules import new_game
from castellion.rules.bots import greedy_action
from castellion.rules.rng import SeededRandom
from castellion.scenes import daily as daily_scene
from castellion.scenes.achievements import AchievementsScene
from castellion.scenes.daily import DailyScene
from castellion.scenes.end import EndScreen
from castellion.scenes.menu import MenuScene
from castellion.scenes.nav import Route
from castellion.scenes.stats import StatisticsScene
from castellion.ui import share
from castellion.ui.achievement_notes import tell_new_achievements
from castellion.ui.text import set_language, t
from tests.rules_helpers import played_out
from tests.scenes.conftest import DAY


@pytest.fixture
def started(monkeypatch):
    """What the daily screen asked to start: (level, seed, options)."""
    asked: list[tuple[str, int, dict]] = []
    monkeypatch.setattr(daily_scene, "begin_new_game", lambda ctx, level, seed, options: asked.append(
        (level, seed, options)))
    return asked


def test_the_daily_screen_plays_the_seed_the_cli_prints(day_ctx, started, capsys):
    assert cli_main(["--daily", "2026-12-01", "--level", "base", "--print-seed"]) == 0
    printed = int(capsys.readouterr().out)
    scene = DailyScene(day_ctx)
    scene.enter()
    scene.play["base"].on_click()
    assert started == [("base", printed, {})]  # the deal's own options: solo, normal, no Pantry


def test_the_menu_card_shows_todays_deals_and_opens_the_daily_screen(day_ctx, spy):
    record_game({"level": "intro", "seed": daily_seed(DAY, "intro")}, "won", turns=14, key="a" * 32,
                facts=GameFacts(day=DAY))
    menu = MenuScene(day_ctx)
    menu.enter()
    menu.draw(pygame.Surface(day_ctx.canvas))
    assert spy.drawn("Today's deals") and spy.drawn(DAY.isoformat())
    assert menu.daily.state("intro") == "won" and menu.daily.state("base") == "todo"
    assert spy.drawn(t("daily.state.todo"))
    pushed = []
    day_ctx.nav.push = lambda route, *a, **k: pushed.append(route)  # type: ignore[method-assign]
    menu.daily.open.on_click()
    menu.daily.achievements.on_click()
    assert pushed == [Route.DAILY, Route.ACHIEVEMENTS]


def test_a_played_deal_offers_practice_and_a_past_day_replays_as_practice(day_ctx, started, spy):
    record_game({"level": "intro", "seed": daily_seed(DAY, "intro")}, "lost", turns=9, key="b" * 32,
                facts=GameFacts(day=DAY))
    scene = DailyScene(day_ctx)
    scene.enter()
    assert scene.play["intro"].label == "Practice" and scene.play["base"].label == t("daily.play")
    scene.play["intro"].on_click()
    assert day_ctx.notices.shown[-1].text == t("daily.practice_note", day="2026-12-01")
    cells = {day: rect for rect, day, _state in scene.cells()}
    assert max(cells) == DAY and len(cells) >= 7 * (daily_scene.WEEKS - 1)
    past = DAY - dt.timedelta(days=5)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=cells[past].center))
    assert started[-1] == ("intro", daily_seed(past, "intro"), {})
    scene.draw(pygame.Surface(day_ctx.canvas))
    assert spy.drawn(t("daily.streak", current=0, best=0)) and spy.drawn("lost")


def test_the_calendar_follows_the_chosen_level(day_ctx):
    scene = DailyScene(day_ctx)
    scene.enter()
    card = scene.cards["expert"]
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(card.centerx, card.y + 10)))
    assert scene.level == "expert"


def test_the_records_page_draws_bars_bests_and_the_heat_map(day_ctx, spy):
    for i in (2, 1, 0):  # recorded in the order of the days: records only move forward
        day = DAY + dt.timedelta(days=2 - i)
        record_game({"level": "intro", "seed": daily_seed(day, "intro")}, "won", turns=12 + i, key=f"{i:032x}",
                    facts=GameFacts(day=day, tiles=28))
    day_ctx.today = lambda: DAY + dt.timedelta(days=2)
    scene = StatisticsScene(day_ctx)
    scene.enter()
    scene.toggle_page()
    assert scene.records_button.label == "Table"
    scene.draw(pygame.Surface(day_ctx.canvas))
    for words in ("Games won, per level and variant", "100%", "fewest turns to win: 12",
                  "most tiles left in the castle: 28", "daily streak 3 (best 3)", "Daily deals of the last 26 weeks"):
        assert spy.drawn(words), words


def test_the_achievements_screen_and_the_quiet_toast(day_ctx, spy):
    assert tell_new_achievements(day_ctx) == []
    record_game({"level": "intro", "seed": 3}, "won", turns=12, key="c" * 32)
    assert tell_new_achievements(day_ctx) == ["school-won", "no-hints"]
    notice = day_ctx.notices.shown[-1]
    assert notice.kind == "info" and not notice.sticky  # quiet: it fades by itself
    assert tell_new_achievements(day_ctx) == []  # said once
    scene = AchievementsScene(day_ctx)
    scene.enter()
    scene.draw(pygame.Surface(day_ctx.canvas))
    assert spy.drawn("2 of 10 unlocked") and spy.drawn("Graduate")
    assert spy.drawn(t("achievements.locked", how=t("achievement.menace_won.how")))  # a locked one says how


# ------------------------------------------------------------------ the shareable result
def finished_daily() -> object:
    return played_out("intro", daily_seed(DAY, "intro"))


@pytest.mark.parametrize(("lang", "words"), [("en", ("daily deal of 2026-12-01", "Lost after")),
                                             ("es", ("reparto del 2026-12-01", "Perdida tras")),
                                             ("ja", ("2026-12-01の配牌", "手番で敗北"))])
def test_the_result_text_names_the_day_not_the_deal(day_ctx, lang, words):
    set_language(lang)
    game = finished_daily()
    end = EndScreen.from_game(day_ctx, game)
    text = end.share_text()
    first, second, marks = text.split("\n")
    assert words[0] in first and words[1] in second and str(game.turn) in second
    assert marks == share.ordeal_line([o.passed for o in game.ordeals], False)
    assert share.BROKEN in marks and len(end.passed) == 3 and end.castles == (game.castle(0),)
    for ordeal in game.ordeals:  # no spoiler: no Ordeal of the deal is named
        assert ordeal.card.name not in text and ordeal.card.id not in text


def test_a_deal_of_the_setup_screen_is_shared_by_its_code(day_ctx):
    from castellion.rules.dealcode import code_of

    end = EndScreen(day_ctx, result="won", level="base", seed=77, turns=30, passed=(True, True, True))
    assert end.share_text().splitlines()[1:] == ["Won in 30 turns", share.HELD * 3]
    code = code_of({"level": "base", "seed": 77}, day_ctx.ruleset())
    assert code is not None and f"deal {code}" in end.share_text()  # anyone can type it in Setup


def test_ordeal_marks():
    assert share.ordeal_marks([True, False, False], won=False) == ["held", "broken", "unreached"]
    assert share.ordeal_marks([True, True, True], won=True) == ["held"] * 3


def test_copy_result_says_what_happened(day_ctx, monkeypatch):
    end = EndScreen(day_ctx, result="won", level="base", seed=77, turns=30, passed=(True, True, True))
    copied: list[str] = []
    monkeypatch.setattr(share, "copy_text", lambda text: copied.append(text) or True)
    end.copy.on_click()
    assert copied == [end.share_text()] and day_ctx.notices.shown[-1].text == t("share.copied")
    monkeypatch.setattr(share, "copy_text", lambda text: False)
    end.copy.on_click()
    assert "no clipboard" in day_ctx.notices.shown[-1].text


def test_save_picture_writes_a_png_card_into_the_pictures_folder(day_ctx, tmp_path, monkeypatch):
    folder = tmp_path / "Bilder"
    folder.mkdir()
    monkeypatch.setenv("XDG_PICTURES_DIR", str(folder))
    day_ctx.stack.push(EndScreen(day_ctx, result="lost", level="intro", seed=daily_seed(DAY, "intro"), turns=20,
                                 passed=(True, False, False)))
    day_ctx.stack.apply_pending()
    end = day_ctx.stack.top
    end.picture.on_click()
    end.picture.on_click()  # a second one never replaces the first
    saved = sorted(folder.iterdir())
    assert [p.name for p in saved] == ["castellion-2026-12-01-intro-2.png", "castellion-2026-12-01-intro.png"]
    assert pygame.image.load(str(saved[1])).get_size() == share.CARD_SIZE
    assert str(saved[0]) in day_ctx.notices.shown[-1].text  # says where


def test_the_pictures_folder_falls_back_to_the_data_folder(home, tmp_path, monkeypatch):
    monkeypatch.delenv("XDG_PICTURES_DIR", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "nohome"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "noconfig"))
    assert pictures.pictures_dir() == home / "pictures"
    (tmp_path / "nohome" / "Pictures").mkdir(parents=True)
    assert pictures.pictures_dir() == tmp_path / "nohome" / "Pictures"
    (tmp_path / "noconfig").mkdir()
    (tmp_path / "noconfig" / "user-dirs.dirs").write_text('XDG_PICTURES_DIR="$HOME/Fotos"\n', "utf-8")
    (tmp_path / "nohome" / "Fotos").mkdir()
    assert pictures.pictures_dir() == tmp_path / "nohome" / "Fotos"


def test_the_deal_difficulty_is_not_shown_until_it_is_measured(day_ctx, spy):
    end = EndScreen(day_ctx, result="lost", level="intro", seed=5, turns=20)
    assert end.deal_difficulty() is None  # no made-up number: the hook waits for the estimate


def test_the_end_screen_tells_an_achievement_its_game_unlocked(day_ctx):
    record_game({"level": "expert", "seed": 5, "variant": "intruder"}, "won", turns=40, hints=1, key="d" * 32)
    day_ctx.stack.push(EndScreen(day_ctx, result="won", level="expert", seed=5, turns=40))
    day_ctx.stack.apply_pending()
    told = [n.text for n in day_ctx.notices.shown]
    assert told == ["Achievement unlocked: Menace met", "Achievement unlocked: Against the odds"]


def test_the_menu_cards_buttons_are_reached_from_the_keyboard(day_ctx):
    menu = MenuScene(day_ctx)
    assert menu.daily.open in menu.widgets.widgets and menu.daily.achievements in menu.widgets.widgets


def test_the_end_screen_labels_a_retry_practice_and_so_does_its_shared_text(day_ctx, spy):
    from castellion.session import Session

    autosaver = P.Autosaver(background=False, today=lambda: DAY)
    ends = []
    for bot in (1, 2):  # today's deal twice: the autosaver records each end, as in the game
        session = Session(new_game("intro", seed=daily_seed(DAY, "intro")))
        assert autosaver.attach(session)
        rng = SeededRandom.from_seed(bot)
        while session.game.outcome is None:
            session.apply(greedy_action(session.game, rng))
        autosaver.flush()
        autosaver.detach(session)
        end = EndScreen.from_game(day_ctx, session.game)
        end.enter()
        ends.append(end)
    assert ends[0].daily_label == t("end.daily", day="2026-12-01") and not ends[0].practice()
    assert ends[1].daily_label == t("end.practice", day="2026-12-01") and ends[1].practice()
    assert t("share.practice", day="2026-12-01") in ends[1].share_text()
    assert "practice" not in ends[0].share_text()
    ends[1].draw_content(pygame.Surface(day_ctx.canvas))
    assert spy.drawn(t("end.practice", day="2026-12-01"))


def test_the_menu_card_reads_the_statistics_again_once_they_changed(day_ctx, monkeypatch):
    menu = MenuScene(day_ctx)
    menu.enter()
    assert menu.daily.state("base") == "todo"
    reads = []
    real = P.load_stats
    monkeypatch.setattr(P, "load_stats", lambda *a: reads.append(1) or real(*a))
    menu.resume()  # nothing changed: not read again
    assert reads == []
    record_game({"level": "base", "seed": daily_seed(DAY, "base")}, "lost", turns=9, key="e" * 32,
                facts=GameFacts(day=DAY))
    menu.resume()
    assert reads and menu.daily.state("base") == "lost"


def test_copy_text_puts_the_result_on_the_real_clipboard(day_ctx):
    """Through SDL's clipboard (no deprecated scrap.init): what is copied is what can be pasted."""
    import pygame

    text = "Castellion \u2014 \u63d0\u7763\u306e\u30a2\u30ab\u30c7\u30df\u30fc\n\U0001f4a5\u2b1c\u2b1c"
    assert share.copy_text(text)
    assert pygame.scrap.get_text() == text


# ------------------------------------------------------------------ the calendar from the keys
def press(scene, key, **extra):
    return scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", **extra))


def shown_days(scene) -> list[dt.date]:
    return [day for _rect, day, _state in scene.cells()]


def test_the_arrows_move_the_calendars_focus_a_day_up_and_down_a_week_across(day_ctx):
    """The calendar's columns are weeks and its rows weekdays: ↑ / ↓ step a day, ← / → a week
    (the cell beside), clamped to the days shown."""
    scene = DailyScene(day_ctx)
    scene.enter()
    assert scene.focus_day == DAY  # the ring starts on today's cell
    press(scene, pygame.K_UP)
    assert scene.focus_day == DAY - dt.timedelta(days=1)
    press(scene, pygame.K_LEFT)
    assert scene.focus_day == DAY - dt.timedelta(days=8)
    press(scene, pygame.K_DOWN)
    assert scene.focus_day == DAY - dt.timedelta(days=7)
    press(scene, pygame.K_RIGHT)  # a week on would be tomorrow: the ring stops on today
    assert scene.focus_day == DAY
    press(scene, pygame.K_DOWN)
    assert scene.focus_day == DAY


def test_the_focus_never_leaves_the_calendars_days(day_ctx):
    scene = DailyScene(day_ctx)
    scene.enter()
    days = shown_days(scene)
    for key in [pygame.K_LEFT] * 15 + [pygame.K_UP] * 3:
        press(scene, key)
        assert scene.focus_day in days
    assert scene.focus_day == days[0]  # the oldest day shown, top left
    for key in [pygame.K_RIGHT] * 15 + [pygame.K_DOWN] * 3:
        press(scene, key)
        assert scene.focus_day in days
    assert scene.focus_day == days[-1] == DAY


def test_enter_on_a_past_day_starts_what_a_click_on_it_starts(day_ctx, started):
    scene = DailyScene(day_ctx)
    scene.enter()
    past = DAY - dt.timedelta(days=15)
    cells = {day: rect for rect, day, _state in scene.cells()}
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=cells[past].center))
    clicked, clicked_note = started[-1], day_ctx.notices.shown[-1].text
    for key in (pygame.K_LEFT, pygame.K_LEFT, pygame.K_UP):
        press(scene, key)
    assert scene.focus_day == past
    assert press(scene, pygame.K_RETURN)
    assert started[-1] == clicked == ("intro", daily_seed(past, "intro"), {})  # the same deal, the deal's options
    assert day_ctx.notices.shown[-1].text == clicked_note == t("daily.practice_note", day=past.isoformat())
    assert len(started) == 2


def test_a_pads_d_pad_and_a_button_work_the_calendar_too(day_ctx, started):
    """A pad's buttons reach the screen as the keys of their actions, tagged (`ui.devices`)."""
    scene = DailyScene(day_ctx)
    scene.enter()
    press(scene, pygame.K_LEFT, pad_button="dpad_left")
    press(scene, pygame.K_RETURN, pad_button="a")
    week_ago = DAY - dt.timedelta(days=7)
    assert scene.focus_day == week_ago and started == [("intro", daily_seed(week_ago, "intro"), {})]


def test_the_calendar_follows_the_keymap(day_ctx):
    """A key moved on Settings → Controls moves the ring: the screen asks the table, not raw keys."""
    from castellion.ui import keymap

    table = keymap.Keymap()
    assert table.rebind(keymap.Action.CURSOR_UP, keymap.Key(pygame.K_w)) is None
    keymap.set_current(table)
    try:
        scene = DailyScene(day_ctx)
        scene.enter()
        press(scene, pygame.K_w)
        assert scene.focus_day == DAY - dt.timedelta(days=1)
        press(scene, pygame.K_UP)  # no longer the up key
        assert scene.focus_day == DAY - dt.timedelta(days=1)
    finally:
        keymap.set_current(keymap.Keymap())


def test_tab_reaches_the_play_buttons_and_the_calendar_follows_their_level(day_ctx, started):
    scene = DailyScene(day_ctx)
    scene.enter()
    press(scene, pygame.K_TAB)
    press(scene, pygame.K_TAB)
    assert scene.play["base"].focused and scene.level == "base" and not scene.calendar_has_keys()
    press(scene, pygame.K_RETURN)  # the focused button, not the ringed day
    assert started == [("base", daily_seed(DAY, "base"), {})]
    press(scene, pygame.K_UP)  # the arrows take the keys back to the calendar
    assert scene.calendar_has_keys() and not scene.play["base"].focused
    press(scene, pygame.K_RETURN)
    assert started[-1] == ("base", daily_seed(DAY - dt.timedelta(days=1), "base"), {})


def test_escape_still_closes_the_daily_screen(day_ctx):
    day_ctx.stack.reset(MenuScene(day_ctx), DailyScene(day_ctx))
    day_ctx.stack.apply_pending()
    press(day_ctx.stack.top, pygame.K_ESCAPE)
    day_ctx.stack.apply_pending()
    assert isinstance(day_ctx.stack.top, MenuScene)


def test_the_focused_day_has_a_ring_apart_from_todays_mark_and_the_keys_are_named(day_ctx, spy):
    from castellion.ui.devices import prompts

    scene = DailyScene(day_ctx)
    scene.enter()
    press(scene, pygame.K_UP)
    surface = pygame.Surface(day_ctx.canvas)
    scene.draw(surface)
    cells = {day: rect for rect, day, _state in scene.cells()}
    focus = day_ctx.theme.focus

    def ring_at(day):  # the ring lies in the gap round the cell: gold 1 to 3 px out, dark beyond
        rect = cells[day]
        return tuple(surface.get_at((rect.left - 2, rect.centery)))[:3] == focus

    assert ring_at(DAY - dt.timedelta(days=1))
    assert not ring_at(DAY) and not ring_at(DAY - dt.timedelta(days=2))  # today keeps its own mark only
    keys = t("daily.calendar_keys", **prompts())
    assert spy.drawn(keys[:1].upper() + keys[1:])


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_calendar_names_each_month_over_the_column_of_its_first_day(day_ctx, spy, lang):
    """The calendar had no month names: each month whose 1st it shows is named in the language
    shown, over that day's column (and the first column's month when the 1st is not shown)."""
    set_language(lang)
    scene = DailyScene(day_ctx)
    scene.enter()
    cells = scene.cells()
    firsts = {day.month: rect.x for rect, day, _ in cells if day.day == 1}
    assert len(firsts) >= 2  # a calendar of some weeks ending 2026-12-01 shows several 1sts
    columns = dict((month, x) for x, month in daily_scene.month_columns(cells))
    for month, x in firsts.items():
        assert columns[month] == x
    spy.texts.clear()
    scene.draw(pygame.Surface(day_ctx.canvas))
    names = [daily_scene.month_name(m) for m in columns]
    assert all(spy.drawn(name) for name in names), names
    assert len(set(names)) == len(names)
    assert daily_scene.month_name(12) != str(12)  # a name from the language's own data, not a number
