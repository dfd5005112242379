"""Regenerate the issue 12 §3–§4 shots in docs/screenshots/: the drop preview while dragging (a
placement, a Juggler's swap), the formation moment, and the Ordeal reveal mid-way (its lines
ticking) and at its end with the Pantry line.

    python scripts/screenshots_preview.py [--out docs/screenshots]

Headless like scripts/screenshots.py (whose `Shooter`, `crafted` and `show_board` it uses); each
shot gets a fresh `Shooter`, so no scene of one shot lingers into the next. The PNGs are passed
through pngquant when it is installed.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from screenshots import Shooter, center, crafted, show_board  # noqa: E402 - after the path above

JUGGLER_L = """
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        Jt .. Sc Ct .. ..
        Jc Jt Pc Ct Sc Pc"""
PANTRY = """
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        St .. .. .. .. ..
        Ss .. Cc Ct .. ..
        St *s Cs Ct St Pc
        Ss *t Pc Pt Jc Js"""


def drag(out: Path) -> list[Path]:
    s = Shooter(out)
    show_board(s, crafted("intro", 3, JUGGLER_L, held="Js", cards=["exam-1", "exam-2", "exam-3a"]))
    cell = center(s.board().layout.cell_rect((1, 1)))
    s.hover_drag(cell)
    s.frames(1)
    shots = [s.shoot("preview_drag")]
    s.release(cell)
    s.frames(1, 0.35)
    shots.append(s.shoot("preview_moment"))
    s.app.close()
    return shots


def juggler(out: Path) -> list[Path]:
    s = Shooter(out)
    show_board(s, crafted("base", 3, """
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        Ss St Ss Pc .. ..
        Pt Ps Pc St Jc ..""", phase="juggler", power_faction="J", power_faction_tile="Jt",
                          cards=["sim-1", "sim-2a", "sim-3a"]))
    lay = s.board().layout
    s.hover_drag(center(lay.cell_rect((1, 3))), start=center(lay.cell_rect((0, 3))))
    s.frames(1)
    shots = [s.shoot("preview_juggler")]
    s.app.close()
    return shots


def reveal(out: Path) -> list[Path]:
    s = Shooter(out)
    show_board(s, crafted("base", 8, PANTRY, held="T", options={"pantry": True}, cards=["sim-1", "sim-2a", "sim-3a"],
                          traitors=[["T", "T"]], pantry=[["*t", "*s", "*c", "*c"]]))
    target = center(s.board().layout.ordeal_rect(0))
    s.hover_drag(target)
    s.release(target)
    s.frames(1, 0.45)
    shots = [s.shoot("reveal_ticking")]
    for _ in range(20):
        s.frames(1, 0.1)
    shots.append(s.shoot("reveal_pantry"))
    s.app.close()
    return shots


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "docs" / "screenshots"))
    args = p.parse_args(argv)
    out = Path(args.out)
    shots = drag(out) + juggler(out) + reveal(out)
    if shutil.which("pngquant"):
        for shot in shots:
            subprocess.run(["pngquant", "--force", "--skip-if-larger", "--output", str(shot), "--", str(shot)],
                           check=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
