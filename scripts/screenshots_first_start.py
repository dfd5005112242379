"""Screenshots of the first start on screens of several sizes: docs/screenshots/first_start_WxH.png.

    python scripts/screenshots_first_start.py [--sizes 1024x600,1366x768,...]

Each size: a fresh Xvfb screen (no window manager, so no title bar), the real game started with an
empty data folder, the whole screen captured once the menu is drawn (ImageMagick's `import`),
shrunk to half size and squeezed with pngquant. The black around the window is the rest of the
screen: the window lies wholly on it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
SIZES = "1024x600,1366x768,1920x1080,2560x1440,3840x2160"


def wait(predicate, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.1)
    return False


def shoot(width: int, height: int, display: int) -> Path:
    out = OUT / f"first_start_{width}x{height}.png"
    xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        if not wait(lambda: Path(f"/tmp/.X11-unix/X{display}").exists(), 30):
            raise SystemExit(f"Xvfb :{display} did not start")
        with tempfile.TemporaryDirectory() as home:
            log = Path(home) / "stderr.log"
            env = dict(os.environ, DISPLAY=f":{display}", SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                       CASTELLION_HOME=str(Path(home) / "data"), PYTHONPATH=str(ROOT), LANG="en_GB.UTF-8")
            with open(log, "w") as err:
                game = subprocess.Popen([sys.executable, "-m", "castellion", "--lang", "en"], cwd=ROOT, env=env,
                                        stdout=subprocess.DEVNULL, stderr=err)
            try:
                if not wait(lambda: "first frame after" in log.read_text(errors="replace"), 120):
                    raise SystemExit(f"no first frame:\n{log.read_text()[-2000:]}")
                time.sleep(1.5)  # the menu's fade-in
                full = Path(home) / "full.png"
                subprocess.run(["import", "-display", f":{display}", "-window", "root", str(full)], check=True)
                subprocess.run(["convert", str(full), "-resize", "50%", str(out)], check=True)
            finally:
                game.send_signal(signal.SIGTERM)
                game.wait(30)
    finally:
        xvfb.terminate()
        xvfb.wait(10)
    if shutil.which("pngquant"):
        subprocess.run(["pngquant", "--force", "--skip-if-larger", "--output", str(out), "64", str(out)], check=False)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=SIZES)
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    for n, size in enumerate(args.sizes.split(",")):
        width, height = (int(v) for v in size.lower().split("x"))
        print(shoot(width, height, 170 + n))


if __name__ == "__main__":
    main()
