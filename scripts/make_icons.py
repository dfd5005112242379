"""Build the desktop icons from the game's own art (the app icon of scripts/make_art.py).

    .venv/bin/pip install -e '.[art]'        # numpy (the art) and Pillow (the .icns)
    .venv/bin/python scripts/make_icons.py   # rewrites the files below

Writes, and the outputs are committed (the builds only copy them):
- packaging/linux/icons/hicolor/<N>x<N>/apps/castellion.png for the freedesktop sizes in SIZES:
  the Linux build carries them and `make install-desktop` installs them;
- packaging/macos/Castellion.icns: the .app bundle's icon (build/pyinstaller.spec's BUNDLE).

Every size is rendered afresh by `make_app_icon` (sizes under 64 are smoothed down from the 64-pixel
drawing, larger ones are drawn at their size), so small icons are not blurry upscales.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import pygame  # noqa: E402 - after the path / SDL set-up above

# the freedesktop icon theme's usual application sizes (hicolor)
SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ICNS_SIZES = (16, 32, 64, 128, 256, 512)
ICON_NAME = "castellion"  # the .desktop file's Icon= and the file name in the theme


def linux_icon_path(size: int, root: Path = ROOT) -> Path:
    return root / "packaging" / "linux" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png"


def main() -> int:
    from make_art import make_app_icon  # numpy: the art's own renderer

    pygame.init()
    rendered = {}
    for size in sorted(set(SIZES) | set(ICNS_SIZES)):
        surface = make_app_icon(size)
        assert surface.get_size() == (size, size), (size, surface.get_size())
        rendered[size] = surface
    for size in SIZES:
        path = linux_icon_path(size)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(rendered[size], str(path))
        print(f"wrote {path.relative_to(ROOT)}")
    try:
        from PIL import Image
    except ImportError:
        print("Pillow is not installed: packaging/macos/Castellion.icns not written", file=sys.stderr)
        return 1
    images = [Image.frombytes("RGBA", (s, s), pygame.image.tobytes(rendered[s], "RGBA")) for s in ICNS_SIZES]
    icns = ROOT / "packaging" / "macos" / "Castellion.icns"
    icns.parent.mkdir(parents=True, exist_ok=True)
    images[-1].save(icns, append_images=images[:-1])
    print(f"wrote {icns.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
