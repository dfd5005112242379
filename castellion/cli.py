"""The command line: `castellion` (a window) and `castellion-cli` (the same, on a terminal).

    castellion                       the game
    castellion --level base --seed 7 straight to a board
    castellion --text [--level L] [--seed N]   play in the terminal (castellion.textmode)
    castellion --daily 2026-12-01 --level intro --print-seed   that day's daily deal (seed only)
    castellion --self-test           load every level file, asset and scene off-screen; exit 0 / 1
    castellion --review SAVEFILE [--json]   a saved game reviewed (review_save)
    castellion --version
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import Any

from castellion import __version__
from castellion.app import LEVEL_CHOICES, App
from castellion.rules.options import PLAIN, PantryMode


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="castellion", description="Castellion — build the castle, outlast the Ordeals.")
    p.add_argument("--version", action="store_true", help="print the version and exit")
    p.add_argument("--self-test", action="store_true",
                   help="load every level file, asset and scene off-screen; exit 0 when all is well")
    p.add_argument("--text", action="store_true", help="play in the terminal")
    p.add_argument("--level", choices=LEVEL_CHOICES, help="start a game of this level at once")
    p.add_argument("--seed", type=seed_arg, help="deal number (with --level or --text)")
    p.add_argument("--variant", default=PLAIN,
                   help="one of the level's variants by its id (prison, vigil, ...), or easy / hard for its first "
                        "easier / harder one (with --level or --text)")
    p.add_argument("--pantry", choices=tuple(m.value for m in PantryMode), default=PantryMode.OFF.value,
                   help="the Pantry mini-expansion (with --level or --text)")
    p.add_argument("--players", type=int, choices=(1, 2), default=1,
                   help="1, or 2 for the hot-seat game (with --level or --text)")
    p.add_argument("--daily", metavar="YYYY-MM-DD",
                   help="the daily deal of that date (with --level; see docs/daily.md)")
    p.add_argument("--print-seed", action="store_true", help="with --daily: print the deal's seed and exit")
    p.add_argument("--lang", choices=("en", "es", "ja"),
                   help="language of the game and the text mode (default: the setting, else the system's)")
    p.add_argument("--review", metavar="SAVEFILE",
                   help="review a saved game: the win chance at each decision, the mistakes marked")
    p.add_argument("--json", action="store_true", help="with --review: print the review as JSON")
    p.add_argument("--frames", type=int, default=0, help=argparse.SUPPRESS)  # tests: quit after N frames
    p.add_argument("--log-level", default="INFO", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    args.level_given = args.level is not None  # a board at once (as is a deal number): else the menu
    args.level = args.level or "intro"  # the level of --text, --daily, --variant and a board at once
    if args.variant != PLAIN:  # the level's variants (levels/*.yaml), checked once the level is known
        from castellion.rules import default_ruleset

        spec = default_ruleset().level(args.level)
        args.variant = spec.variant_of_word(args.variant)
        if args.variant not in spec.variants:
            p.error(f"argument --variant: the level {spec.id!r} has no such variant; choose from "
                    f"{', '.join((PLAIN, *spec.variant_ids()))}")
    return args


def seed_arg(text: str) -> int:
    """`--seed`: a deal number the rules take (a signed or unsigned 64-bit number: every one
    fits a save, so the game's own autosave stays readable); argparse says why otherwise."""
    from castellion.rules import SEED_MAX, SEED_MIN

    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}") from None
    if not SEED_MIN <= seed <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"a deal number is from {SEED_MIN} to {SEED_MAX}")
    return seed


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """The new_game options the command line asks for (only those that differ from the default)."""
    options: dict[str, Any] = {}
    if args.variant != PLAIN:
        options["variant"] = args.variant
    if args.pantry != PantryMode.OFF:
        options["pantry"] = PantryMode(args.pantry).stored
    if args.players != 1:
        options["players"] = args.players
    return options


def setup_logging(level: str = "INFO") -> None:
    root = logging.getLogger()
    if not any(getattr(h, "_castellion", False) for h in root.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        handler._castellion = True  # type: ignore[attr-defined]
        root.addHandler(handler)
    root.setLevel(getattr(logging, str(level).upper(), logging.INFO))


def main(argv: list[str] | None = None) -> int:
    # First of all: in a frozen build a spawned child (the computer player's process) is this
    # program started with --multiprocessing-fork; freeze_support runs the child and exits there.
    # (Already done by castellion.__main__; this covers entry points that call main directly.)
    import multiprocessing

    multiprocessing.freeze_support()
    args = parse_args(argv)
    if args.version:
        print(f"castellion {__version__}")
        return 0
    if args.daily is not None:
        rc = _daily(args)
        if rc is not None:
            return rc
    setup_logging("WARNING" if args.self_test and args.log_level == "INFO" else args.log_level)
    if not args.self_test:  # the player's log file (the frozen build has no console)
        _open_log_file()
    if args.review:
        return review_save(args.review, args.json)
    if args.text:
        from castellion import textmode

        rc = textmode.main(args.level, args.seed, language=args.lang, **game_options(args))
        return int(rc or 0)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # Window managers group and label windows by WM_CLASS; without this it reads "__main__.py".
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "Castellion")
    _wine_hints()
    if args.self_test:
        from castellion.selftest import self_test

        return self_test()
    app = App(language=args.lang)
    if args.level_given or args.seed is not None:  # (--daily gives a deal number)
        app.start_board(args.level, args.seed, game_options(args))
    return app.run(frames=args.frames)


def _wine_hints() -> None:
    """Under Wine, SDL is told to leave XInput alone. Wine's xinput DLL runs a thread that reads
    its pads; when SDL unloads the DLL at quit, that thread can still run and fault on the freed
    code, so a game that closed cleanly exits with an access violation (0xC0000005). Pads are still
    found under Wine through SDL's other joystick drivers (raw input, HIDAPI)."""
    from castellion.ui.speech.engines import under_wine

    if under_wine():
        os.environ.setdefault("SDL_XINPUT_ENABLED", "0")


def _daily(args: argparse.Namespace) -> int | None:
    """`--daily DATE`: the seed becomes that day's deal of `--level` (printed with `--print-seed`,
    then exit). Returns an exit code to stop with, or None to go on and play that deal."""
    from castellion.content.daily import daily_seed, parse_day

    try:
        day = parse_day(args.daily)
    except ValueError as exc:
        print(f"castellion: --daily: {exc}", file=sys.stderr)
        return 2
    args.seed = daily_seed(day, args.level)
    if args.print_seed:
        print(args.seed)
        return 0
    return None


def review_save(path: str, as_json: bool, out: Any = None) -> int:
    """`castellion-cli --review SAVEFILE [--json]`: the review of a saved game (ai/review.py),
    computed once and kept beside the saves (persistence/reviews.py). 0, or 2 when the file is
    not a save that can be read."""
    import json

    from castellion.ai import review as R
    from castellion.persistence import reviews
    from castellion.persistence.errors import DamagedSave
    from castellion.persistence.reader import printable
    from castellion.persistence.saves import load_path

    out = sys.stdout if out is None else out
    try:
        doc = load_path(path).document
    except DamagedSave as exc:
        print(f"castellion: {path} cannot be reviewed: {exc.message}", file=sys.stderr)
        return 2
    options, history = doc["options"], doc["actions"]
    key = reviews.review_key(R.game_options(options), history, R.REVIEW_VERSION)
    kept = reviews.read_review(key, options, history)
    review = kept.value
    if kept.kept_as is not None:
        print(f"castellion: the kept review of this game was damaged; it is kept as {printable(kept.kept_as.name)} "
              "and computed again", file=sys.stderr)
    if review is None:
        def progress(done: int, total: int) -> None:
            print(f"\rreviewing {done}/{total}", end="", file=sys.stderr, flush=True)

        review = R.review_game(options, history, progress=progress)
        print(file=sys.stderr)
        assert review is not None  # never cancelled here
        reviews.keep_review(key, review)
    if as_json:
        json.dump(review, out, indent=1, sort_keys=True)
        print(file=out)
    else:
        print(review_text(review), file=out)
    return 0


def review_text(review: dict[str, Any]) -> str:
    """A review in a few lines for the terminal (the screen words it in the player's language)."""
    s = review["summary"]
    game = review["options"]
    lines = [f"{game.get('level')} seed {game.get('seed')}: {review['result'] or 'unfinished'}"
             f" — {s['blunder']} blunder(s), {s['mistake']} mistake(s), {s['inaccuracy']} inaccuracy(ies)"
             + (f", the game turned at turn {s['turned_at']}" if s["turned_at"] is not None else "")
             + (f", already lost at turn {s['lost_at']}" if s.get("lost_at") is not None else "")
             + (f"; accuracy {s['accuracy']:.0f} %" if s.get("accuracy") is not None else "")]
    for d in review["decisions"]:
        if d.get("mark"):
            lines.append(f"  action {d['index']} (turn {d['turn']}): {d['mark']}, win chance {d['before']:.0%} -> "
                         f"{d['after']:.0%}; the computer would have {d['best']} ({d['reason'].get('kind')})")
    return "\n".join(lines)


def _open_log_file() -> None:
    from castellion.persistence import open_log_file

    open_log_file()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
