"""The release steps, one command each, the same on Linux, macOS and Windows (standard library only).

    python scripts/release.py setup              pip install -e '.[build]' into this Python
    python scripts/release.py build [--onefile]  PyInstaller: dist/Castellion/ (+ dist/Castellion.app
                                                 on macOS; + desktop entry and icons on Linux)
    python scripts/release.py smoke [--onefile]  the build: data inside, size, --version, --self-test
                                                 from another folder (and the .app's on macOS)
    python scripts/release.py archive            dist/Castellion-<version>-<os>-<arch>.zip, unpacked
                                                 again and self-tested
    python scripts/release.py notes [--tag vX.Y.Z]  this version's CHANGELOG section (the tag must match)

Before the step, `--dist DIR` puts the builds in DIR instead of dist/ (PyInstaller's work files in
build/work/<DIR's name>): scripts/windows_build.py builds the Windows program into dist/windows
with these same steps, run by a Windows Python under Wine.

`.github/workflows/release.yml` runs setup → build → smoke → archive on each desktop system and
attaches the archives to a tagged release; `make dist` runs `build` and `scripts/ci_package.sh`
(CI) runs `smoke`, `archive` and `notes`, so every step the workflow takes is exercised on Linux
here. Any failure exits non-zero with a line starting "release:".
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
NAME = "Castellion"
MAX_FOLDER_MB = 60  # the one-folder build must stay well under this
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""
SELF_TEST_TIMEOUT = 300


class ReleaseError(Exception):
    pass


def version() -> str:
    text = (ROOT / "castellion" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', text, re.M)
    if not match:
        raise ReleaseError("no __version__ in castellion/__init__.py")
    return match.group(1)


def platform_tag() -> str:
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform.rstrip("0123456789"))
    machine = platform.machine().lower().replace("amd64", "x86_64").replace("aarch64", "arm64")
    return f"{system}-{machine}"


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    print("release: $ " + " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run(cmd, check=True, **kwargs)


# --- setup / build ------------------------------------------------------------------------------


def cmd_setup(args: argparse.Namespace) -> None:
    run([sys.executable, "-m", "pip", "install", "-q", "--upgrade", "pip"])
    run([sys.executable, "-m", "pip", "install", "-q", "-e", f".[{args.extras}]"], cwd=ROOT)


def work_dir() -> Path:
    """PyInstaller's work folder: build/work, or build/work/<name> for builds put elsewhere."""
    base = ROOT / "build" / "work"
    return base if DIST == ROOT / "dist" else base / DIST.name


def cmd_build(args: argparse.Namespace) -> None:
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    distpath, workpath = (DIST / "onefile", work_dir() / "onefile") if args.onefile else (DIST, work_dir())
    env["CASTELLION_ONEFILE"] = "1" if args.onefile else "0"
    run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN", "--distpath", str(distpath),
         "--workpath", str(workpath), str(ROOT / "build" / "pyinstaller.spec")], cwd=ROOT, env=env)
    if args.onefile:
        return
    folder = DIST / NAME
    for doc in ("LICENSE", "CHANGELOG.md"):
        shutil.copy2(ROOT / doc, folder / doc)
    if sys.platform.startswith("linux"):
        add_linux_desktop_files(folder)
    print(f"release: built {folder}" + (f" and {DIST / (NAME + '.app')}" if sys.platform == "darwin" else ""))


def add_linux_desktop_files(folder: Path) -> None:
    """The desktop entry, the freedesktop icons and their installer, beside the program."""
    src = ROOT / "packaging" / "linux"
    share = folder / "share"
    if share.exists():
        shutil.rmtree(share)
    shutil.copytree(src / "icons", share / "icons")
    (share / "applications").mkdir(parents=True)
    shutil.copy2(src / "castellion.desktop", share / "applications" / "castellion.desktop")
    shutil.copy2(src / "install-desktop.sh", folder / "install-desktop.sh")
    (folder / "install-desktop.sh").chmod(0o755)


# --- smoke ----------------------------------------------------------------------------------------


def folder_size_mb(path: Path) -> float:
    total = sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())
    return total / 1e6


def self_test(exe: Path, label: str) -> None:
    """`exe --version` and `exe --self-test` from an unrelated folder with dummy SDL drivers."""
    with tempfile.TemporaryDirectory(prefix="castellion-smoke-") as cwd:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   CASTELLION_HOME=str(Path(cwd) / "home"))
        out = subprocess.run([str(exe), "--version"], cwd=cwd, env=env, capture_output=True, text=True,
                             timeout=120)
        got = out.stdout.strip()
        if out.returncode != 0:
            raise ReleaseError(f"{label}: --version exited {out.returncode}: {out.stderr[-2000:]}")
        if got != f"castellion {version()}":
            # A windowed Windows program may have no stdout to print to; elsewhere it must answer.
            if not (sys.platform == "win32" and got == ""):
                raise ReleaseError(f"{label}: --version printed {got!r}, expected 'castellion {version()}'")
        print(f"release: {label} --version: {got or '(no console on this system)'}")
        try:
            test = subprocess.run([str(exe), "--self-test"], cwd=cwd, env=env, capture_output=True, text=True,
                                  timeout=SELF_TEST_TIMEOUT)
        except subprocess.TimeoutExpired as exc:
            raise ReleaseError(f"{label}: --self-test did not finish in {SELF_TEST_TIMEOUT} s") from exc
        if test.returncode != 0:
            raise ReleaseError(f"{label}: --self-test exited {test.returncode}:\n"
                               f"{test.stdout[-2000:]}{test.stderr[-3000:]}")
        print(f"release: {label} --self-test passed (cwd {cwd})")


def bundled_data_root(folder: Path) -> Path:
    internal = folder / "_internal"  # PyInstaller 6's contents directory
    return (internal if internal.is_dir() else folder) / "castellion" / "_data"


def check_folder(folder: Path) -> None:
    exe = folder / (NAME + EXE_SUFFIX)
    if not exe.is_file():
        raise ReleaseError(f"{exe} is missing: build first (python scripts/release.py build)")
    data = bundled_data_root(folder)
    for want in ("levels/ordeals.yaml", "assets/sprites/manifest.txt", "assets/fonts/body.ttf",
                 "assets/sounds/place.wav"):
        if not (data / want).is_file():
            raise ReleaseError(f"the build lacks its data file {data / want}")
    for doc in ("LICENSE", "CHANGELOG.md"):
        if not (folder / doc).is_file():
            raise ReleaseError(f"the build lacks {doc}")
    if sys.platform.startswith("linux"):
        for want in ("share/applications/castellion.desktop", "install-desktop.sh",
                     "share/icons/hicolor/256x256/apps/castellion.png",
                     "share/icons/hicolor/16x16/apps/castellion.png"):
            if not (folder / want).exists():
                raise ReleaseError(f"the Linux build lacks {want}")
    size = folder_size_mb(folder)
    print(f"release: {folder.name}/ is {size:.1f} MB (limit {MAX_FOLDER_MB} MB)")
    if size >= MAX_FOLDER_MB:
        raise ReleaseError(f"the one-folder build is {size:.1f} MB, over {MAX_FOLDER_MB} MB")
    self_test(exe, f"{folder.name}/{exe.name}")


def check_app_bundle(app: Path) -> None:
    """macOS: the .app made by the spec's BUNDLE, with its icon and version, runs its self-test."""
    exe = app / "Contents" / "MacOS" / NAME
    plist = app / "Contents" / "Info.plist"
    icon = app / "Contents" / "Resources" / "Castellion.icns"
    for want in (exe, plist, icon):
        if not want.exists():
            raise ReleaseError(f"the app bundle lacks {want}")
    import plistlib

    info = plistlib.loads(plist.read_bytes())
    if info.get("CFBundleShortVersionString") != version():
        raise ReleaseError(f"Info.plist says version {info.get('CFBundleShortVersionString')!r}, not {version()!r}")
    if info.get("CFBundleIconFile", "").removesuffix(".icns") != "Castellion":
        raise ReleaseError(f"Info.plist names icon {info.get('CFBundleIconFile')!r}, not Castellion.icns")
    self_test(exe, app.name)


def cmd_smoke(args: argparse.Namespace) -> None:
    if args.onefile:
        exe = DIST / "onefile" / (NAME + EXE_SUFFIX)
        if not exe.is_file():
            raise ReleaseError(f"{exe} is missing: build first (python scripts/release.py build --onefile)")
        print(f"release: onefile {exe.name} is {exe.stat().st_size / 1e6:.1f} MB")
        self_test(exe, f"onefile/{exe.name}")
        return
    check_folder(DIST / NAME)
    if sys.platform == "darwin":
        check_app_bundle(DIST / (NAME + ".app"))
    print("release: smoke test passed")


# --- archive ----------------------------------------------------------------------------------------


def zip_tree(source: Path, archive: Path) -> None:
    """Zip `source` (a folder) under its own name, keeping executable bits and symbolic links
    (both survive `unzip` and the extraction below)."""
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        for path in sorted([source, *source.rglob("*")]):
            arcname = path.relative_to(source.parent).as_posix()
            if path.is_symlink():
                info = zipfile.ZipInfo(arcname)
                info.create_system = 3  # unix: the mode bits below are meaningful
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                zf.writestr(info, os.readlink(path))
            elif path.is_dir():
                zf.write(path, arcname + "/")
            else:
                zf.write(path, arcname)


def unzip_tree(archive: Path, target: Path) -> None:
    """Extract like `unzip`: restore the unix modes and symbolic links zipfile alone ignores."""
    with zipfile.ZipFile(archive) as zf:
        for info in zf.infolist():
            mode = info.external_attr >> 16
            dest = target / info.filename
            if not dest.resolve().is_relative_to(target.resolve()):
                raise ReleaseError(f"{archive}: {info.filename!r} would land outside the folder")
            if stat.S_ISLNK(mode) and sys.platform != "win32":
                dest.parent.mkdir(parents=True, exist_ok=True)
                os.symlink(zf.read(info).decode("utf-8"), dest)
                continue
            zf.extract(info, target)
            if mode & 0o777 and not info.is_dir() and sys.platform != "win32":
                dest.chmod(mode & 0o777)


def cmd_archive(args: argparse.Namespace) -> None:
    source = DIST / (NAME + ".app") if sys.platform == "darwin" else DIST / NAME
    if not source.is_dir():
        raise ReleaseError(f"{source} is missing: build first (python scripts/release.py build)")
    archive = DIST / f"{NAME}-{version()}-{platform_tag()}.zip"
    archive.unlink(missing_ok=True)
    if sys.platform == "darwin" and shutil.which("ditto"):
        # ditto keeps the bundle's symbolic links, extended attributes and signatures as Finder does
        run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(source), str(archive)])
    else:
        zip_tree(source, archive)
    print(f"release: wrote {archive} ({archive.stat().st_size / 1e6:.1f} MB)")
    with tempfile.TemporaryDirectory(prefix="castellion-unzip-") as tmp:
        target = Path(tmp)
        if sys.platform == "darwin" and shutil.which("ditto"):
            run(["ditto", "-x", "-k", str(archive), str(target)])
            self_test(target / source.name / "Contents" / "MacOS" / NAME, f"unzipped {source.name}")
        else:
            unzip_tree(archive, target)
            self_test(target / NAME / (NAME + EXE_SUFFIX), f"unzipped {archive.name}")
    github_output = os.environ.get("GITHUB_OUTPUT")
    if github_output:
        with open(github_output, "a", encoding="utf-8") as out:
            out.write(f"archive={archive}\n")


# --- notes --------------------------------------------------------------------------------------------


def changelog_section(text: str, wanted: str) -> str:
    """The body of the `## [wanted]` section of a Keep-a-Changelog file."""
    match = re.search(rf"^## \[{re.escape(wanted)}\][^\n]*\n(.*?)(?=^## \[|\Z)", text, re.M | re.S)
    if not match or not match.group(1).strip():
        raise ReleaseError(f"CHANGELOG.md has no section for {wanted}")
    return match.group(1).strip() + "\n"


def cmd_notes(args: argparse.Namespace) -> None:
    current = version()
    if args.tag is not None and args.tag != f"v{current}":
        raise ReleaseError(f"tag {args.tag!r} does not match the version v{current} (castellion/__init__.py)")
    sys.stdout.write(changelog_section((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), current))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="release.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, help="where the builds go (default: dist/)")
    sub = parser.add_subparsers(dest="command", required=True)
    setup = sub.add_parser("setup", help="install the package and PyInstaller into this Python")
    setup.add_argument("--extras", default="build")
    for name in ("build", "smoke"):
        p = sub.add_parser(name)
        p.add_argument("--onefile", action="store_true")
    sub.add_parser("archive")
    notes = sub.add_parser("notes")
    notes.add_argument("--tag")
    args = parser.parse_args(argv)
    if args.dist is not None:
        global DIST
        DIST = args.dist.resolve()
    handler = {"setup": cmd_setup, "build": cmd_build, "smoke": cmd_smoke, "archive": cmd_archive,
               "notes": cmd_notes}[args.command]
    try:
        handler(args)
    except ReleaseError as exc:
        print(f"release: FAILED: {exc}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as exc:
        print(f"release: FAILED: {exc}", file=sys.stderr)
        return exc.returncode or 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
