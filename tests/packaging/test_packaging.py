"""Packaging: the PyInstaller spec, `make dist`, the one version string.

Fast checks only. The spec is executed with stand-ins for PyInstaller's build objects (no build
happens); the real build and the frozen/wheel smoke runs are `scripts/ci_package.sh` (CI). The
test marked slow runs an already built `dist/Castellion/Castellion` and is skipped without one.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import tomllib
import types
from pathlib import Path

import pytest

import castellion
from tests.xvfb_helpers import HANG_GUARD, LONG_GUARD

REPO = Path(__file__).resolve().parents[2]
SPEC = REPO / "build" / "pyinstaller.spec"
FROZEN = REPO / "dist" / "Castellion" / ("Castellion.exe" if sys.platform == "win32" else "Castellion")


# --- the spec, read as text / syntax -------------------------------------------------------------


def _spec_tree() -> ast.Module:
    return ast.parse(SPEC.read_text(encoding="utf-8"), filename=str(SPEC))


def _assigned(name: str):
    for node in ast.walk(_spec_tree()):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError(f"{name} is not assigned a literal in {SPEC}")


def test_spec_parses_and_is_relative_to_specpath() -> None:
    text = SPEC.read_text(encoding="utf-8")
    _spec_tree()
    assert "SPECPATH" in text
    absolute = re.compile(r"^(/|~|[A-Za-z]:[\\/]|\\\\)")
    for node in ast.walk(_spec_tree()):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            assert not absolute.match(node.value), f"absolute path in the spec: {node.value!r}"


def test_one_declaration_maps_the_data_for_the_wheel_and_the_frozen_build() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    data = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert data == {"levels": "castellion/_data/levels", "assets": "castellion/_data/assets",
                    "locale": "castellion/_data/locale"}
    for src in data:
        assert (REPO / src).is_dir(), src
    # the spec reads that table instead of keeping a list of its own
    text = SPEC.read_text(encoding="utf-8")
    assert '["wheel"]["force-include"]' in text and "DATA_DIRS" not in text
    # and the lookup reads the package data through importlib.resources (zip and frozen too)
    from castellion.content import resources

    assert resources.DATA_DIR == "_data"
    assert "importlib.resources.files" in Path(resources.__file__).read_text(encoding="utf-8")
    assert not (REPO / "setup.py").exists() and not (REPO / "MANIFEST.in").exists()


def test_spec_names_the_app_and_excludes_what_the_game_does_not_need() -> None:
    assert _assigned("NAME") == "Castellion"
    excludes = set(_assigned("EXCLUDES"))
    assert {"tkinter", "_tkinter", "numpy", "PIL", "pytest"} <= excludes
    assert not excludes & {"yaml", "pygame", "appdirs", "castellion", "json", "logging"}
    assert {"lab", "bench"} <= excludes  # the win-rate lab and the benchmarks stay out of the frozen build
    text = SPEC.read_text(encoding="utf-8")
    assert "console=False" in text
    assert "CASTELLION_ONEFILE" in text
    assert "app_icon.ico" in text and "Castellion.icns" in text


# --- the spec, executed with stand-ins for PyInstaller's classes --------------------------------


class _Recorder:
    calls: list[tuple[str, tuple, dict]]

    def __init__(self, kind: str, calls: list) -> None:
        self.kind, self.calls = kind, calls

    def __call__(self, *args, **kwargs):
        self.calls.append((self.kind, args, kwargs))
        return types.SimpleNamespace(kind=self.kind, args=args, kwargs=kwargs,
                                     scripts=["scripts"], pure=["pure"], binaries=["binaries"],
                                     datas=["datas"])


def _run_spec(monkeypatch: pytest.MonkeyPatch, onefile: bool,
              platform: str | None = None) -> list[tuple[str, tuple, dict]]:
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda package: [f"{package}.app", f"{package}.scenes.menu"]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    if onefile:
        monkeypatch.setenv("CASTELLION_ONEFILE", "1")
    else:
        monkeypatch.delenv("CASTELLION_ONEFILE", raising=False)
    if platform is not None:
        monkeypatch.setattr(sys, "platform", platform)
    calls: list = []
    namespace = {"__name__": "__main__", "SPECPATH": str(SPEC.parent)}
    for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
        namespace[kind] = _Recorder(kind, calls)
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)  # noqa: S102 - runs our own file
    return calls


def test_spec_one_folder_build(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _run_spec(monkeypatch, onefile=False)
    kinds = [k for k, _, _ in calls]
    assert kinds[:4] == ["Analysis", "PYZ", "EXE", "COLLECT"]
    _, args, analysis = calls[0]
    assert Path(args[0][0]) == REPO / "castellion" / "__main__.py"
    assert [Path(p) for p in analysis["pathex"]] == [REPO]
    assert {dest: Path(src) for src, dest in analysis["datas"]} == {
        "castellion/_data/levels": REPO / "levels", "castellion/_data/assets": REPO / "assets",
        "castellion/_data/locale": REPO / "locale"}
    assert "castellion.scenes.menu" in analysis["hiddenimports"]
    assert "tkinter" in analysis["excludes"] and "numpy" in analysis["excludes"]
    exe = calls[2][2]
    assert exe["name"] == "Castellion" and exe["console"] is False and exe["exclude_binaries"] is True
    collect = calls[3][2]
    assert collect["name"] == "Castellion"


def test_spec_macos_app_bundle_has_its_icon_and_version(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _run_spec(monkeypatch, onefile=False, platform="darwin")
    assert [k for k, _, _ in calls] == ["Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"]
    bundle = calls[4][2]
    assert bundle["name"] == "Castellion.app"
    assert Path(bundle["icon"]) == REPO / "packaging" / "macos" / "Castellion.icns"
    assert (REPO / "packaging" / "macos" / "Castellion.icns").read_bytes()[:4] == b"icns"
    assert bundle["info_plist"]["CFBundleShortVersionString"] == castellion.__version__
    assert Path(calls[2][2]["icon"]) == Path(bundle["icon"])


def test_spec_windows_exe_has_the_ico(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _run_spec(monkeypatch, onefile=False, platform="win32")
    assert Path(calls[2][2]["icon"]) == REPO / "assets" / "sprites" / "app_icon.ico"
    assert [k for k, _, _ in calls] == ["Analysis", "PYZ", "EXE", "COLLECT"]


def test_spec_one_file_build(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _run_spec(monkeypatch, onefile=True)
    kinds = [k for k, _, _ in calls]
    assert kinds == ["Analysis", "PYZ", "EXE"]
    _, args, exe = calls[2]
    assert ["datas"] in args and ["binaries"] in args  # everything inside the one file
    assert exe["name"] == "Castellion" and exe["console"] is False


# --- make dist, README ---------------------------------------------------------------------------


def test_the_windows_build_sends_the_game_and_not_the_lab() -> None:
    from tests.wine_helpers import windows_build

    assert "castellion" in windows_build.SOURCES
    assert not [s for s in windows_build.SOURCES if s.split("/")[0] in ("lab", "bench")]
    assert not list((REPO / "castellion").glob("lab*.py"))  # the lab left the package: lab/


def test_makefile_dist_targets_use_the_spec_and_bootstrap_pyinstaller() -> None:
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    for target in ("dist", "dist-onefile"):
        assert re.search(rf"^{target}:", makefile, re.M), target
    # both targets run the release workflow's own build step, which runs the spec
    assert re.search(r"^dist:.*\n\t\$\(BIN\)/python scripts/release.py build$", makefile, re.M)
    assert re.search(r"^dist-onefile:.*\n\t\$\(BIN\)/python scripts/release.py build --onefile$", makefile, re.M)
    release = (REPO / "scripts" / "release.py").read_text(encoding="utf-8")
    assert '"build" / "pyinstaller.spec"' in release and "CASTELLION_ONEFILE" in release
    assert "scripts/release.py setup --extras test,build" in makefile
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r"^build = \[.*pyinstaller", pyproject, re.M)


def test_readme_explains_the_build_and_the_licence() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "make dist" in readme
    assert "dist/Castellion/Castellion" in readme
    assert "make install-desktop" in readme
    assert "LICENSE" in readme and "belong to their owners" in readme
    assert "scripts/make_art.py" in readme and "scripts/make_sounds.py" in readme
    assert "docs/rules.md" in readme


# --- one version ---------------------------------------------------------------------------------


def test_version_is_declared_once() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+([.-]?\w+)?", castellion.__version__)
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["dynamic"] == ["version"]
    assert pyproject["tool"]["hatch"]["version"] == {"path": "castellion/__init__.py"}
    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(rf"^## \[{re.escape(castellion.__version__)}\] - \d{{4}}-\d\d-\d\d$", changelog, re.M), \
        "CHANGELOG.md has no dated section for the current version"


def test_project_metadata_licence_urls_classifiers_entry_points() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"].startswith("MIT")
    assert "LICENSE" in project["license-files"]
    assert (REPO / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert {"Homepage", "Source", "Issues", "Changelog"} <= set(project["urls"])
    assert "Topic :: Games/Entertainment :: Board Games" in project["classifiers"]
    assert not [c for c in project["classifiers"] if c.startswith("License ::")]  # the SPDX field says it
    # `castellion` opens the window (no console on Windows); `castellion-cli` stays in the terminal
    assert project["gui-scripts"] == {"castellion": "castellion.cli:main"}
    assert project["scripts"] == {"castellion-cli": "castellion.cli:main"}
    for font_licence in ("LICENSE-DejaVu.txt", "LICENSE-EBGaramond.txt"):
        assert (REPO / "assets" / "fonts" / font_licence).is_file()


def test_version_flag_prints_the_version(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-m", "castellion", "--version"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=HANG_GUARD, check=True)
    assert out.stdout.strip() == f"castellion {castellion.__version__}"


def _run_app_code(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """Runs `code` in a child Python on the dummy display, its data folder in `tmp_path`."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               CASTELLION_HOME=str(tmp_path / "home"),
               PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=HANG_GUARD, check=True)


def test_menu_shows_the_version(tmp_path: Path) -> None:
    code = ("import random; from castellion.app import App; a = App(rng=random.Random(1)); "
            "print(a.ctx.version, type(a.stack.top).__name__); a.close()")
    out = _run_app_code(code, tmp_path)
    assert out.stdout.split() == [castellion.__version__, "MenuScene"]


def test_window_title_shows_the_version(tmp_path: Path) -> None:
    code = ("import random, pygame; from castellion.app import App; a = App(rng=random.Random(1)); "
            "print(pygame.display.get_caption()[0]); a.close()")
    out = _run_app_code(code, tmp_path)
    assert out.stdout.strip() == f"Castellion {castellion.__version__}"
    menu = (REPO / "castellion" / "scenes" / "menu.py").read_text(encoding="utf-8")
    assert "version=ctx.version" in menu


# --- an existing frozen build (CI builds it in scripts/ci_package.sh) ---------------------------


@pytest.mark.slow
@pytest.mark.skipif(not FROZEN.is_file(), reason="no dist/Castellion build (make dist)")
def test_frozen_build_version_and_self_test(tmp_path: Path) -> None:
    out = subprocess.run([str(FROZEN), "--version"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=HANG_GUARD, check=True)
    assert out.stdout.strip() == f"castellion {castellion.__version__}"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CASTELLION_HOME=str(tmp_path / "home"))
    run = subprocess.run([str(FROZEN), "--self-test"], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=LONG_GUARD)
    assert run.returncode == 0, run.stderr[-3000:]
