"""Issue 12 §4: suspense and feedback without spoilers.

- the banner (and the requirement panel) never tell an Ordeal's result before the reveal shows it;
- the reveal checks everything the card judges, the Pantry count included (R-§10);
- the requirement lines tick one by one, skippable, and not at all with the animations off;
- the "passed" stamps never cover text (the reveal's sentence, the Ordeal card on the board);
- the players' victory and losing lines carry no rule codes (the Rules screen and the log keep them).
"""

from __future__ import annotations

import re
import string

import pygame
import pytest

from castellion.rules import Outcome, Result
from castellion.rules import actions as A
from castellion.rules.reasons import LOSING_RULES
from castellion.scenes.board.panels_ordeals import OrdealsPanel
from castellion.scenes.nav import Route
from castellion.scenes.reveal import OrdealRevealScene, requirement_lines, verdict_layout
from castellion.ui import rules_text as RT
from castellion.ui.geometry import board_layout, center
from castellion.ui.text import t
from tests.board_driver import BoardDriver
from tests.rules_helpers import TOWER_BASTION_LINE, rows, scenario

RULE_CODE = re.compile(r"R-[\w§.]+")
# Earthworm I face down; the bottom row goes and the row above it is short: R-O5 loses
EARTHWORM_LOSS = dict(cards=["earthworm-1", "horde-2", "earthworm-3"], traitors=[["T"]], held="T",
                      castle_text=rows("Cs .. Jt .. .. ..", "Pt Ss Jc Pt .. ..", "Ss Ss Cc Ps Cs ..",
                                       "Js Js Pt Ct Pc Sc"))


def face(d: BoardDriver) -> OrdealRevealScene:
    d.drag(center(d.board.state.layout.hand_rect()), center(d.board.state.layout.ordeal_rect(0)))
    reveal = d.ctx.stack.top
    assert isinstance(reveal, OrdealRevealScene), d.ctx.stack.describe()
    return reveal


# ---------------------------------------------------------------------------------- spoilers
def test_R_O5_the_banner_waits_for_the_reveal_of_a_face_down_card(ctx, spy):
    d = BoardDriver(ctx, scenario("expert", **EARTHWORM_LOSS))
    assert not d.game.ordeals[0].face_up
    reveal = face(d)
    assert d.game.outcome is not None and d.game.outcome.rule == "R-O5"  # the state knows already
    assert reveal.encounter.was_face_down and not reveal.finished
    spy.texts.clear()
    d.frame()
    drawn = " ".join(spy.texts)
    assert t("suspense.banner").rstrip("\u2026") in drawn
    assert "fallen" not in drawn and "incomplete" not in drawn and "Earthworm needs" not in drawn
    assert d.board.banner_text() == t("suspense.banner")
    reveal.advance()
    reveal.advance()  # closed: the end screen comes, the banner may tell
    d.frame()
    assert not ctx.nav.showing(Route.REVEAL)
    assert d.board.banner_text() == t("board.do.over_lost", reason=t("outcome.loss.R-O5", ordeal="Earthworm"))


# ----------------------------------------------------------------------------- the Pantry line
PANTRY_GAME = dict(cards=["sim-1", "sim-2a", "sim-3a"], traitors=[["T", "T"]], held="T", pantry=True,
                   supply=[["*t", "*s", "*c", "*c"]],
                   castle_text="\n".join([".. .. .. .. .. ..", ".. .. .. .. .. ..", "St .. .. .. .. ..",
                                          "Ss .. Cc Ct .. ..", "St *s Cs Ct St Pc", "Ss *t Pc Pt Jc Js"]))


def test_R_s10_the_reveal_shows_the_pantry_count_even_when_the_requirement_already_lost(ctx, spy):
    d = BoardDriver(ctx, scenario("base", **PANTRY_GAME))
    reveal = face(d)
    e = reveal.encounter
    assert e.result == "lost" and e.pantry == []  # the rules stopped at the requirement (R-§5.3)
    assert e.pantry_need == 2 and [tuple(x) for x in e.pantry_lines()] == [("", 2, 2)]
    lines = requirement_lines(e)
    assert [text for _, text, _ in lines][-1] == "Pantry tiles  2/2" and lines[-1][2] is True
    reveal.advance()
    spy.texts.clear()
    d.frame()
    assert spy.drawn("Pantry tiles  2/2  \u2713") and spy.drawn("Lines  0/1  \u2717")


def test_R_s10_a_passed_ordeal_shows_the_counts_the_rules_checked(ctx, spy):
    game = scenario("base", cards=["sim-1", "sim-2a", "sim-3a"], traitors=[["T", "T"]], held="T", pantry=True,
                    supply=[["*t", "*s", "*c", "*c"]], castle_text=TOWER_BASTION_LINE)
    d = BoardDriver(ctx, game)
    reveal = face(d)
    e = reveal.encounter
    assert e.result == "lost" and e.reason == t(
        "outcome.loss.R-\u00a710", need=2, have=0, ordeal="Simulation I")  # R-§10, no code
    assert [tuple(x) for x in e.pantry_lines()] == [("", 0, 2)]
    reveal.advance()
    spy.texts.clear()
    d.frame()
    assert spy.drawn("Pantry tiles  0/2  \u2717")


# ------------------------------------------------------------------------------- the ticking
def test_the_requirement_lines_tick_one_by_one_and_a_click_skips(ctx, spy):
    d = BoardDriver(ctx, scenario("base", **PANTRY_GAME))
    reveal = face(d)
    n = len(requirement_lines(reveal.encounter))
    assert n == 5 and reveal.duration > n * 0.2  # 3 formations, the foundation, the Pantry
    spy.texts.clear()
    d.frame(0.25)
    first = " ".join(spy.texts)
    assert "Towers" in first and "Pantry tiles" not in first and "Lost" not in first
    spy.texts.clear()
    d.click((640, 400))  # skip to the end of the page
    assert reveal.finished
    d.frame()
    assert spy.drawn("Pantry tiles") and spy.drawn("Lost")


def test_no_suspense_with_the_animations_off(ctx):
    ctx.settings.animations = False
    d = BoardDriver(ctx, scenario("base", **PANTRY_GAME))
    reveal = face(d)
    assert reveal.finished and reveal.stage_progress("line4") == 1.0


# ------------------------------------------------------------------------------ the stamps
@pytest.mark.parametrize("size", [(60, 40), (99, 40), (300, 40), (420, 56)])
def test_the_reveal_stamp_never_covers_its_sentence(size):
    area = pygame.Rect(620, 446, 514, 136)
    frame, sub = verdict_layout(area, size)
    assert frame.w >= size[0] and frame.h >= size[1]
    assert not frame.colliderect(sub) and sub.top > frame.bottom and area.contains(frame)
    landing = frame.inflate(int(frame.w * 0.5), int(frame.h * 0.5))  # the stamp lands from 1.5×: still above
    assert landing.bottom <= sub.top + frame.h // 4 + 1


@pytest.mark.parametrize("players", [1, 2])
def test_a_passed_ordeal_stamp_lies_under_its_card_not_on_its_text(players):
    lay = board_layout(players)
    for i in range(3):
        card = pygame.Rect(lay.ordeal_rect(i))
        stamp = OrdealsPanel.passed_stamp_rect(lay, i, (96, 24))
        assert not stamp.colliderect(card), (i, stamp, card)
        assert pygame.Rect(lay.ordeal_panel).contains(stamp)
        for j in range(3):
            if j != i:
                assert not stamp.colliderect(pygame.Rect(lay.ordeal_rect(j)))


def test_a_passed_ordeal_on_the_board_says_passed_under_the_card(ctx, spy):
    game = scenario("intro", held="Pc", castle_text=TOWER_BASTION_LINE)
    d = game.to_dict()
    d["ordeals"][0]["passed"] = True
    from castellion.rules import Game

    drv = BoardDriver(ctx, Game.from_dict(d))
    spy.texts.clear()
    drv.frame()
    assert spy.drawn("\u2713 passed")


# ------------------------------------------------------------------- no rule codes for players
@pytest.mark.parametrize("rule", LOSING_RULES)
def test_losing_lines_for_players_carry_no_rule_code(rule):
    for player, names in ((None, ()), (1, ("Anna", "Ben"))):
        outcome = Outcome(Result.LOST, rule, "harpy-2", player, {"tower": 3}, {"tower": 1}, pantry_need=4,
                          pantry_have=3)
        line = RT.player_outcome_text(outcome, names)
        assert line and not RULE_CODE.search(line) and "{" not in line, line
        assert RT.outcome_text(outcome, names).startswith(rule)  # the Rules screen and the log keep it
    assert "Ben" in RT.player_outcome_text(Outcome(Result.LOST, rule, "harpy-2", 1), ["Anna", "Ben"])


def test_the_victory_line_and_an_unknown_rule_carry_no_rule_code():
    won = RT.player_outcome_text(Outcome(Result.WON, "R-O6"))
    assert won == t("outcome.won") and "(R-O6)" in RT.outcome_text(
        Outcome(Result.WON, "R-O6"))
    assert RT.player_outcome_text(Outcome(Result.LOST, "R-" + "X9")) == t("outcome.loss.unknown")


def test_the_end_screen_and_the_banner_show_the_players_line(ctx):
    from castellion.scenes.end import EndScreen

    game = scenario("intro", traitors=[["T", "T", "T", "T"]], held="T")
    game.apply(A.PlaceTraitor("T"))
    assert game.outcome is not None and game.outcome.rule == "R-\u00a75.3"
    end = EndScreen.from_game(ctx, game)
    line = RT.player_outcome_text(game.outcome, (), [o.card for o in game.ordeals])
    assert line.startswith("Exam I") and line != RT.outcome_text(game.outcome, (), [o.card for o in game.ordeals])
    assert end.reason == line and not RULE_CODE.search(end.reason)
    d = BoardDriver(ctx, game)
    assert d.board.banner_text() == t("board.do.over_lost", reason=line)
    assert not RULE_CODE.search(d.board.banner_text())


# ------------------------------------------------------------------------- the string tables
def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_players_outcome_lines_carry_no_rule_code_in_any_language():
    # (keys, translations and placeholders of every message: tests/project/test_i18n.py)
    from pathlib import Path

    from babel.messages.pofile import read_po

    locale = Path(__file__).resolve().parents[2] / "locale"
    for lang in ("en", "es", "ja"):
        with open(locale / lang / "LC_MESSAGES" / "castellion.po", "rb") as fh:
            lines = {m.id: m.string for m in read_po(fh) if isinstance(m.id, str) and m.id.startswith("outcome.")}
        assert len(lines) >= 4, lang
        assert not any(RULE_CODE.search(text) for text in lines.values()), lang


TWO_TOWERS = rows("St .. .. .. .. Cs", "Ss .. .. .. .. Ct", "St .. .. .. .. Cs", "Ss .. .. .. .. Ct",
                  "Pt Ps Pc Pt Jc Js")


@pytest.mark.parametrize("castle, result, foundation_line", [
    (TWO_TOWERS, "passed", True),  # Harpy I held off: the encounter ends, the foundation is checked
    (TOWER_BASTION_LINE, "destroy", False),  # tiles to choose on the board: the verdict page checks it
])
def test_R_O5_an_assault_shows_the_foundation_once_it_is_checked(ctx, castle, result, foundation_line):
    game = scenario("expert", cards=["harpy-1", "horde-2", "earthworm-3"], traitors=[["T"]], held="T",
                    castle_text=castle)
    d = BoardDriver(ctx, game)
    e = face(d).encounter
    assert e.card.kind == "assault" and e.result == result
    texts = [text for _, text, _ in requirement_lines(e)]
    assert texts[0] == ("Towers  2/2" if result == "passed" else "Towers  1/2")
    assert ("Foundation complete  6/6" in texts) is foundation_line


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_reveal_grows_its_words_to_the_players_text_size(ctx, lang):
    """Issue 31: the reveal was held at 100 % (its column of fixed steps). Laid out from measured
    lines, its panel grows and its words reach 200 % in English and Spanish (the layout tests
    check that nothing is cut or touches, in every language, window and size)."""
    from castellion.rules import new_game
    from castellion.scenes.board import BoardScene
    from castellion.scenes.reveal import Encounter
    from castellion.ui.language import switch

    switch(ctx, lang)
    game = new_game("intro", seed=7)
    card = game.ordeals[0].card
    encounter = Encounter(index=0, card=card, cause="traitors", was_face_down=False, castle=game.castle(),
                          after_rows=None, rows=0, result="lost", reason=t("end.lost_sub"))
    sizes = {}
    for text_size in (100, 200):
        ctx.change_settings(text_size=text_size)
        scene = OrdealRevealScene(ctx, [encounter], animate=False)
        ctx.stack.reset(BoardScene(ctx, game), scene)
        ctx.stack.apply_pending()
        sizes[text_size] = (scene.text_limit, scene.panel.h)
        assert pygame.Rect((0, 0), ctx.canvas).contains(scene.panel)
    assert sizes[100][0] == 1.0 and sizes[200][0] == 2.0, sizes
    assert sizes[200][1] > sizes[100][1]  # the panel grew with its words


def test_the_lines_under_the_card_are_fitted_once_not_every_frame(ctx, monkeypatch):
    """Why the Ordeal is faced (and whose castle is judged) is fitted to the column once for an
    encounter: each frame's drawing asked for it twice, each time shrinking it to fit again."""
    d = BoardDriver(ctx, scenario("base", **PANTRY_GAME))
    reveal = face(d)
    surface = pygame.Surface(ctx.canvas)
    reveal.draw(surface)
    fitted = []
    real = OrdealRevealScene._fit

    def counted(self, text, *args, **kwargs):
        fitted.append(text)
        return real(self, text, *args, **kwargs)

    monkeypatch.setattr(OrdealRevealScene, "_fit", counted)
    for _ in range(3):
        reveal.update(1 / 60)
        reveal.draw(surface)
    heads = {text for text, *_ in reveal._heads(reveal.encounters[reveal.page])}
    assert heads and not heads & set(fitted)


def _column_pages(ctx) -> list:
    """Every kind of column under the card's name: ticked requirements (solo, and a two-player
    castle named), "nothing required", the falling rows, the verdict page's foundation line."""
    from castellion.rules import new_game, parse_castle
    from castellion.scenes.reveal import Encounter, self_test_scene

    game = new_game("intro", seed=7)
    before = parse_castle("\n".join([".. .. .. .. .. .."] * 3 + ["St .. .. .. .. ..", "Ss Js Cs Ct St Pc",
                                                                   "Pt Ps Pc Pt Jc Js"]))
    after = parse_castle("\n".join([".. .. .. .. .. .."] * 4 + ["St .. .. .. .. ..", "Ss Js Cs Ct St Pc"]))
    first, exam_two = game.ordeals[0].card, game.ordeals[1].card
    return [self_test_scene(ctx, game).encounters[0],
            self_test_scene(ctx, new_game("base", seed=5, players=2)).encounters[0],
            Encounter(index=0, card=first, cause="traitors", was_face_down=False, castle=game.castle(),
                      result="lost", reason=t("end.lost_sub")),
            Encounter(index=1, card=exam_two, cause="traitors", was_face_down=False, castle=before,
                      after_rows=after, rows=1, result="passed"),
            Encounter(index=0, card=first, cause="traitors", was_face_down=False, castle=before, result="passed",
                      verdict_only=True, destroyed=3)]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_column_is_measured_where_it_is_drawn(ctx, monkeypatch, lang):
    """The panel grows by the column under the card's name as `column` lays it out, and `draw`
    puts the column's parts at those places: every word drawn there lies between the column's top
    and its end, the last of them in the last place, ending just above the end (a line drawn and
    not measured, or measured and not drawn, fails here)."""
    from castellion.scenes import reveal
    from castellion.ui import text

    text.set_language(lang)
    drawn: list[pygame.Rect] = []
    in_column = [False]
    real_text = reveal.draw_text

    def noted(surface, c, words, pos, **kwargs):
        rect = real_text(surface, c, words, pos, **kwargs)
        if in_column[0]:
            drawn.append(rect)
        return rect

    def column_part(real):
        def part(self, *args):
            in_column[0] = True
            try:
                return real(self, *args)
            finally:
                in_column[0] = False
        return part

    monkeypatch.setattr(reveal, "draw_text", noted)
    for name in ("_draw_requirements", "_draw_foundation", "_draw_rows"):
        monkeypatch.setattr(OrdealRevealScene, name, column_part(getattr(OrdealRevealScene, name)))
    for text_size in (100, 150, 200):
        ctx.change_settings(text_size=text_size)
        for page in _column_pages(ctx):
            scene = OrdealRevealScene(ctx, [page], animate=False)
            drawn.clear()
            with ctx.fonts.limited(scene.text_limit):
                scene.draw(pygame.Surface(ctx.canvas))
                column = scene.column(page, face=True)
            places = [at for at in (column.requires, column.nothing, *column.lines, column.foundation, column.rows,
                                    column.count) if at is not None]
            assert drawn and places, (text_size, page)
            label = (text_size, page.card.id, [tuple(r) for r in drawn], column)
            assert all(column.top <= r.top and r.bottom <= column.end for r in drawn), label
            last = max(r.bottom for r in drawn)
            assert last > max(places), label
            assert column.end - last < 40, label  # (a line's step is 33 px or more: none is missing)


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["es", "ja"])
def test_a_losing_reason_keeps_the_players_size_at_200(ctx, monkeypatch, lang, scale):
    """At 200 % the reason under "Lost" (R-§5.3: what the card needed, what the castle had) was
    shrunk into the two lines' room between the stamp and "Click or press any key" — about 20 px
    beside 44 px requirement lines, 8–10 real px at 1024×600 — with an empty band above the
    stamp. The verdict now rises into that band: the reason is drawn at the reveal's small size
    (as the lines under the card's name), whole, between the stamp and the hint."""
    from castellion.rules import new_game
    from castellion.scenes import reveal
    from castellion.scenes.board import BoardScene
    from tests.layout_words import make_surface, set_text

    set_text(ctx, lang, scale, 200)
    game = new_game("base", seed=7)
    scene = reveal.self_test_scene(ctx, game)  # faced early: lost, its formations missing
    ctx.stack.reset(BoardScene(ctx, game), scene)
    ctx.stack.apply_pending()
    e = scene.encounter
    assert e.result == "lost" and e.reason
    for _ in range(400):
        scene.update(0.05)
    assert scene.finished
    drawn: list[tuple[int, pygame.Rect, int]] = []
    real = reveal.draw_wrapped

    def spy(surface, c, text, rect, **kwargs):
        used = real(surface, c, text, rect, **kwargs)
        if text == e.reason:
            drawn.append((kwargs["size"], pygame.Rect(rect), used))
        return used

    monkeypatch.setattr(reveal, "draw_wrapped", spy)
    ctx.stack.draw(make_surface(scale))
    assert len(drawn) == 1, drawn
    size, rect, used = drawn[0]
    assert size == ctx.theme.font_small, (size, ctx.theme.font_small)
    with ctx.fonts.limited(scene.text_limit):  # (as the reveal draws)
        hint = scene.hint_top()
    assert rect.y + used - 4 <= hint  # (its last line's gap aside) above "Click or press any key"
    assert rect.y >= scene.column(e, face=True).end  # below the requirement lines


@pytest.mark.parametrize("window", ["1280x800", "1024x600"])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("name", ["reveal", "reveal-two-players"])
def test_the_requirement_lines_are_drawn_near_one_size_at_200(ctx, monkeypatch, name, lang, window):
    """At 200 % "Cimientos completos  6/6  ✓" (R-O5's line) shrank to its room: 30 px under 52 px
    formation lines (en 30, ja 37 beside 46). Where the whole words would be drawn smaller, the
    line says the board's shorter words ("Cimientos 6/6  ✓"): every requirement line at 85 % of
    the largest one's size or more (en "Foundation 6/6" 46 beside 52), whole, touching nothing."""
    from tests.layout_words import cut_words, touching_words
    from tests.project.test_layout_words import SCALES, show

    comp, frame = show(ctx, monkeypatch, name, lang, SCALES[window], 200)
    scene = ctx.stack.top
    e = scene.encounter
    lines = [w for w in frame if w.words.endswith(("  \u2713", "  \u2717"))]  # (a judged line: its mark last)
    assert len(lines) == len(requirement_lines(e)), [w.words for w in lines]
    sizes = {w.words: w.size for w in lines}
    assert min(sizes.values()) * 20 >= max(sizes.values()) * 17, (lang, window, sizes)
    assert not sorted(set(comp.spills)) + cut_words(frame, lang) + touching_words(frame)
