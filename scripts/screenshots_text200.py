"""docs/screenshots/text200/: the screens at the largest text size (Settings → Accessibility →
Text size 200 %).

    python scripts/screenshots_text200.py [--out docs/screenshots/text200] [--pngquant]
        [--only menu,setup,daily,review,records,boards,tutorial,pages]

Writes <screen>_<lang>.png at 1280×800 for en, es and ja (end, board, reveal, records, the review
at its first marked move, Settings → Accessibility, the main menu, the main menu on the first start with its
offer of the tutorial, Setup and the daily deals), settings_en.png,
rules_en.png, rules_diagrams_en.png (the Rules' pictures), controls_en.png, achievements_en.png,
board_two_players_pantry_{en,es,ja}.png (two
players, the Prison and the Pantry), board_prison_pantry_ja.png (solo, the Prison and the Pantry),
board_variant_en.png (the Intruder), board_en_1024x600.png and
tutorial_es.png (the first part's second step: the coach's words at 200 %, scrolling in its box);
`--only`: those screens only (`review`: the review alone, without the end screen's other shots;
`pages`: Settings, Rules, Controls, Achievements and Accessibility, in each language).
The records page shows a few games played on each level and variant (`_some_history`), so that
its bars and bests are filled in.
Headless (SDL dummy driver), the real `App` with a throw-away data folder, like
scripts/screenshots.py (whose `Shooter`, ended game and Exam II reveal it uses). Each of the
board's panels is drawn at the largest size its words fit (`ui.textfit`), so its shots show which
panels reach 200 % and which stop below; the review takes the largest size its measured layout
holds. The review shows the first decision it checks (its screening and that check computed here,
once).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from screenshots import Shooter, ended_game, exam_two_reveal, new_game, squeeze  # noqa: E402 - path set above

ONLY = ("menu", "setup", "daily", "review", "records", "boards", "tutorial", "pages")  # what --only may name
_CHECKED: dict[str, tuple[dict, int]] = {}  # a game's key -> its review with its first decision checked, that decision


def _review_of(s: Shooter, ended) -> object:
    """The review screen of the ended game at its first decision checked: the screening and that
    decision's check computed here once (the whole review would take the computer player minutes),
    and kept in the shooter's data folder, so the screen opens it whole."""
    from castellion.ai import review as R
    from castellion.persistence import reviews
    from castellion.scenes import end
    from castellion.scenes.nav import Route
    from castellion.scenes.review import ReviewScene

    ctx = s.app.ctx
    closing = end.EndScreen.from_game(ctx, ended)
    options = {"level": closing.level, "seed": closing.seed, **closing.options}
    history = closing.history
    if closing.game_key not in _CHECKED:  # once for every language
        screened = R.screen(options, history)
        first = R.order(screened)[0]
        _CHECKED[closing.game_key] = (R.assemble(options, history, screened, [R.review_entry(options, history, first)]),
                                      first)
    review, step = _CHECKED[closing.game_key]
    reviews.keep_review(reviews.review_key(R.game_options(options), history, R.REVIEW_VERSION), review)
    scene = ReviewScene(ctx, options, history)
    s.app.stack.reset(ctx.nav.make(Route.MENU), scene)
    s.app.stack.apply_pending()
    scene.go(step)
    s.frames(3)
    return scene


def _some_history(ctx) -> None:
    """A few ended games on each level and variant, won and lost, so that the records page shows
    its win-rate bars (and their marks) and its bests, not a page of dashes."""
    from castellion import persistence as P
    from castellion.persistence.daily_records import GameFacts

    for n, level in enumerate(("intro", "base", "expert")):
        for k, variant in enumerate(("normal", *ctx.ruleset().level(level).variant_ids())):
            for g in range(2 + k + n):
                won = (g + n + k) % 3 != 2
                P.record_game({"level": level, "variant": variant, "players": 1}, "won" if won else "lost",
                              turns=24 + 5 * g + 3 * k, reason="" if won else "R-O5",
                              game_id=f"shot-{level}-{variant}-{g}", facts=GameFacts(tiles=18 + g + k))


def _records(s: Shooter) -> None:
    from castellion.scenes.nav import Route

    ctx = s.app.ctx
    _some_history(ctx)
    persist, ctx.persist = ctx.persist, True  # the page reads the throw-away folder's stats.json
    try:
        stats = ctx.nav.make(Route.STATS)
        s.app.stack.reset(ctx.nav.make(Route.MENU), stats)
        s.app.stack.apply_pending()
        s.frames(3)
        stats.toggle_page()
        s.frames(3)
        s.shoot("records")
    finally:
        ctx.persist = persist


def shoot(out: Path, lang: str, size: tuple[int, int], only: set[str] | None = None) -> list[Path]:
    """The screens at 200 % in `lang` (`only`: those of `ONLY` only); in a window other than
    1280×800, the board only."""
    from castellion.scenes import end
    from castellion.scenes.board import BoardScene
    from castellion.scenes.nav import Route
    from castellion.ui.language import switch

    tag = f"_{lang}" + ("" if size == (1280, 800) else f"_{size[0]}x{size[1]}")
    s = Shooter(out, size, tag)
    ctx, stack, nav = s.app.ctx, s.app.stack, s.app.ctx.nav
    switch(ctx, lang)
    ctx.change_settings(text_size=200)

    def show(*scenes) -> None:
        stack.reset(*scenes)
        stack.apply_pending()
        s.frames(3)

    def wants(part: str) -> bool:
        return only is None or part in only

    if size != (1280, 800):
        show(BoardScene(ctx, new_game("base", seed=123456)))
        s.shoot("board")
        s.app.close()
        return s.shots
    if wants("menu"):
        show(nav.make(Route.MENU))  # every label at one size: the panel laid out again
        s.shoot("menu")
        first = nav.make(Route.MENU)
        first.offering = True  # the first start: the offer of the tutorial in the daily card's place
        show(first)
        s.shoot("menu_first_start")
    if wants("setup"):
        show(nav.make(Route.MENU), nav.make(Route.SETUP))  # a scrolling column of measured rows
        s.shoot("setup")
    if wants("daily"):
        show(nav.make(Route.MENU), nav.make(Route.DAILY))
        s.shoot("daily")
    if wants("boards"):  # a two-player game with the Prison and the Pantry (a taller top bar, the spread strip)
        show(BoardScene(ctx, new_game("base", seed=6, players=2, variant="prison", pantry=True)))
        s.shoot("board_two_players_pantry")
    if wants("boards") and lang == "ja":  # solo with the Prison and the Pantry (the side column, the status panel)
        show(BoardScene(ctx, new_game("base", seed=6, variant="prison", pantry=True)))
        s.shoot("board_prison_pantry")
    if wants("boards") and lang == "en":  # a variant's pawn note on two lines
        show(BoardScene(ctx, new_game("expert", seed=7, variant="intruder")))
        s.shoot("board_variant")
    if (only is None and lang == "en") or (only is not None and "pages" in only):  # (--only pages: each language)
        show(nav.make(Route.MENU), nav.make(Route.SETTINGS))
        s.shoot("settings")
        show(nav.make(Route.MENU), nav.make(Route.RULES))
        s.shoot("rules")
        show(nav.make(Route.MENU), nav.make(Route.RULES, topic="diagrams"))  # (the pictures, scrolling)
        s.shoot("rules_diagrams")
        show(nav.make(Route.MENU), nav.make(Route.SETTINGS), nav.make(Route.CONTROLS))
        s.shoot("controls")
        show(nav.make(Route.MENU), nav.make(Route.ACHIEVEMENTS))
        s.shoot("achievements")
    if wants("pages"):
        show(nav.make(Route.MENU), nav.make(Route.SETTINGS), nav.make(Route.ACCESSIBILITY))
        s.shoot("accessibility")
    if wants("boards"):
        show(BoardScene(ctx, new_game("base", seed=123456)))
        s.shoot("board")
    if wants("tutorial") and lang == "es":
        tutorial = nav.make(Route.TUTORIAL)
        show(nav.make(Route.MENU), tutorial)
        tutorial.begin("school")
        stack.apply_pending()
        s.frames(3)
        stack.find(BoardScene).coach.next()  # the step that points at the safe pile
        s.frames(3)
        s.shoot("tutorial")
    if only is not None:
        if wants("review"):
            _review_of(s, ended_game())
            s.shoot("review")
        if wants("records"):
            _records(s)
        s.app.close()
        return s.shots
    ended = ended_game()
    show(nav.make(Route.MENU), BoardScene(ctx, ended), end.EndScreen.from_game(ctx, ended))
    s.shoot("end")
    show(*exam_two_reveal(ctx))
    s.shoot("reveal")
    _review_of(s, ended)
    s.shoot("review")
    _records(s)
    s.app.close()
    return s.shots


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "docs" / "screenshots" / "text200"))
    p.add_argument("--pngquant", action="store_true", help="squeeze the PNGs with pngquant (when installed)")
    p.add_argument("--only", help=f"only these of {','.join(ONLY)} (comma-separated; the others are not made again)")
    args = p.parse_args(argv)
    out = Path(args.out)
    only = set(args.only.split(",")) if args.only else None
    shots: list[Path] = []
    for lang in ("en", "es", "ja"):
        shots += shoot(out, lang, (1280, 800), only)
    if only is None or "boards" in only:  # the board in the small window
        shots += shoot(out, "en", (1024, 600))
    if args.pngquant:
        squeeze(shots)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
