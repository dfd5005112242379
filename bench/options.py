"""What the benchmark scripts share: the repository on the import path (they run as
`python bench/<name>.py`), and the options several take — the level, the first seed, a file for
the rows.

    from options import parser  # bench/options.py, beside the script (first: the path is set)
    args = parser(level="intro", first_seed=101, out=True).parse_args()
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def parser(*, level: str, first_seed: int, out: bool = False) -> argparse.ArgumentParser:
    """An argument parser with `--level` (default `level`; some benchmarks take several, comma
    separated), `--first-seed` (default `first_seed`) and, with `out`, `--out FILE.json` (the
    rows, written as they come)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--level", default=level)
    ap.add_argument("--first-seed", type=int, default=first_seed)
    if out:
        ap.add_argument("--out", help="a JSON file for the rows")
    return ap
