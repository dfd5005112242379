"""resource_path from (a) a source checkout, (b) an installed wheel, (c) a zip on sys.path,
(d) a frozen PyInstaller build; and the real wheel and sdist carrying every data file."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from castellion.content import load_ruleset, resource_path, resources
from tests.xvfb_helpers import HANG_GUARD, LONG_GUARD

REPO = Path(__file__).resolve().parents[2]
DATA_DIRS = ("levels", "assets", "locale")  # locale: the gettext catalogs (issue 13)


def data_files() -> list[str]:
    """Every file the game ships from levels/ and assets/, as repository-relative POSIX paths."""
    found = []
    for top in DATA_DIRS:
        for path in (REPO / top).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and not path.name.startswith("."):
                found.append(path.relative_to(REPO).as_posix())
    assert len(found) > 60, found  # levels + sprites + fonts + sounds
    return sorted(found)


# --- (a) source checkout ---------------------------------------------------------------------


def test_source_checkout_finds_levels_and_assets() -> None:
    assert resource_path("levels", "ordeals.yaml") == REPO / "levels" / "ordeals.yaml"
    assert resource_path("levels/ordeals.yaml") == REPO / "levels" / "ordeals.yaml"
    assert resource_path("levels") == REPO / "levels"
    assert resource_path("assets", "fonts") == REPO / "assets" / "fonts"
    assert resource_path() == REPO


def test_missing_resource_names_what_and_where() -> None:
    with pytest.raises(FileNotFoundError) as info:
        resource_path("levels", "nope.yaml")
    msg = str(info.value)
    assert "'levels/nope.yaml'" in msg
    package = resources._PACKAGE_DIR
    assert f"source checkout: {package.parent / 'levels' / 'nope.yaml'}" in msg
    assert "installed package data: " + str(package / "_data" / "levels" / "nope.yaml") in msg


@pytest.mark.parametrize("bad", [("..", "secrets"), ("levels/../../x",), ("/etc/passwd",)])
def test_paths_may_not_leave_the_data(bad: tuple[str, ...]) -> None:
    with pytest.raises(ValueError, match="must be relative"):
        resource_path(*bad)


# --- (b) installed package (unit level; the real wheel is built below) ------------------------


def make_installed_package(root: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake site-packages/castellion with _data/levels copied in, no pyproject.toml beside it,
    and resources pointed at it."""
    package = root / "site-packages" / "castellion"
    shutil.copytree(REPO / "levels", package / "_data" / "levels")
    monkeypatch.setattr(resources, "_PACKAGE_DIR", package)
    monkeypatch.setattr(resources, "_package_data", lambda: package / "_data")
    return package


def test_installed_package_uses_data_inside_the_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = make_installed_package(tmp_path, monkeypatch)
    assert resource_path("levels", "tiles.yaml") == package / "_data" / "levels" / "tiles.yaml"
    assert load_ruleset(resource_path("levels")) == load_ruleset(REPO / "levels")
    with pytest.raises(FileNotFoundError) as info:
        resource_path("assets", "sprites", "x.png")
    assert "source checkout" not in str(info.value)  # no pyproject.toml beside the package
    assert str(package / "_data" / "assets" / "sprites" / "x.png") in str(info.value)


def test_source_checkout_wins_over_a_stale_data_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = make_installed_package(tmp_path, monkeypatch)
    (package.parent / "pyproject.toml").write_text("", encoding="utf-8")
    (package.parent / "levels").mkdir()
    (package.parent / "levels" / "tiles.yaml").write_text("", encoding="utf-8")
    assert resource_path("levels", "tiles.yaml") == package.parent / "levels" / "tiles.yaml"
    # ... and the installed copy still serves what the checkout lacks
    assert resource_path("levels", "ordeals.yaml") == package / "_data" / "levels" / "ordeals.yaml"


def test_package_data_is_found_through_importlib_resources() -> None:
    # the real lookup (not monkeypatched) asks the import system for castellion/_data
    assert Path(str(resources._package_data())) == resources._PACKAGE_DIR / "_data"


# --- (c) a zip on sys.path (zipimport: the data is not on the file system) ----------------------


def test_zipped_package_extracts_what_it_is_asked_for(tmp_path: Path) -> None:
    archive = tmp_path / "castellion.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for path in (REPO / "castellion").rglob("*.py"):
            zf.write(path, path.relative_to(REPO).as_posix())
        for rel in data_files():
            if rel.startswith("levels/") or rel == "assets/fonts/body.ttf":
                zf.write(REPO / rel, f"castellion/_data/{rel}")
    code = (
        "import castellion, castellion.content as c\n"
        "print(castellion.__file__)\n"
        "print(c.resource_path('levels'))\n"
        "print(c.resource_path('assets', 'fonts', 'body.ttf').stat().st_size)\n"
        "print(len(c.load_ruleset().cards))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(archive))
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=HANG_GUARD)
    assert run.returncode == 0, run.stderr
    package_file, levels, font_size, n_cards = run.stdout.split("\n")[:4]
    assert package_file.startswith(str(archive))  # imported from the zip, not from the checkout
    assert not levels.startswith(str(archive)) and levels.endswith("levels")  # a real, extracted folder
    assert int(font_size) == (REPO / "assets" / "fonts" / "body.ttf").stat().st_size
    assert n_cards == "24"
    assert not Path(levels).exists(), "the extracted copy is removed when the process ends"


# --- (d) frozen PyInstaller build --------------------------------------------------------------


@pytest.fixture()
def frozen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where PyInstaller's importer serves castellion/_data from: sys._MEIPASS/castellion/_data."""
    data = tmp_path / "_MEI12345" / "castellion" / "_data"
    shutil.copytree(REPO / "levels", data / "levels")
    (data / "assets" / "fonts").mkdir(parents=True)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(resources, "_package_data", lambda: data)
    return data


def test_frozen_build_uses_its_package_data(frozen: Path) -> None:
    assert resource_path("levels", "ordeals.yaml") == frozen / "levels" / "ordeals.yaml"
    assert resource_path("assets", "fonts") == frozen / "assets" / "fonts"
    assert resource_path() == frozen
    assert load_ruleset(resource_path("levels")) == load_ruleset(REPO / "levels")


def test_frozen_build_never_falls_back_to_the_checkout(frozen: Path) -> None:
    (frozen / "levels" / "base.yaml").unlink()
    with pytest.raises(FileNotFoundError) as info:
        resource_path("levels", "base.yaml")
    msg = str(info.value)
    assert f"frozen build package data: {frozen / 'levels' / 'base.yaml'}" in msg
    assert "source checkout" not in msg


# --- the real wheel and sdist (hatchling, no build isolation: no network) ------------------------


def _source_copy(tmp_path: Path) -> Path:
    """The files a clean clone has (build from a copy: nothing is written into the checkout)."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md", ".gitignore"):
        shutil.copy2(REPO / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "_data", "*.egg-info")
    for name in ("castellion", "lab", "bench", *DATA_DIRS):  # the lab and bench/ too: the wheel must leave them out
        shutil.copytree(REPO / name, src / name, ignore=ignore)
    return src


def _build(kind: str, src: Path, out: Path) -> Path:
    if kind == "wheel":
        cmd = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(out), "."]
    else:
        cmd = [sys.executable, "-c", f"import hatchling.build as b; b.build_sdist({str(out)!r})"]
    build = subprocess.run(cmd, cwd=src, capture_output=True, text=True, timeout=LONG_GUARD)
    assert build.returncode == 0, build.stdout + build.stderr
    (built,) = out.glob("castellion-*.whl" if kind == "wheel" else "castellion-*.tar.gz")
    return built


def _check_wheel(wheel: Path, site: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        zf.extractall(site)
    missing = [rel for rel in data_files() if f"castellion/_data/{rel}" not in names]
    assert not missing, f"the wheel lacks data files: {missing}"
    modules = [p.relative_to(REPO).as_posix() for p in (REPO / "castellion").rglob("*.py") if "_data" not in p.parts]
    assert not [m for m in modules if m not in names], "the wheel lacks modules"
    # the lab and the benchmarks are the developers' tools, beside the game: not shipped
    assert not [n for n in names if n.startswith(("lab/", "bench/", "castellion/lab"))]
    assert not any(n.startswith(("levels/", "assets/")) for n in names)  # nothing at the top of site-packages
    (dist_info,) = {n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info")}
    entry_points = configparser.ConfigParser()
    entry_points.read_string(zipfile.ZipFile(wheel).read(f"{dist_info}/entry_points.txt").decode())
    assert entry_points["gui_scripts"]["castellion"] == "castellion.cli:main"
    assert entry_points["console_scripts"]["castellion-cli"] == "castellion.cli:main"
    assert f"{dist_info}/licenses/LICENSE" in names
    assert f"{dist_info}/licenses/assets/fonts/LICENSE-EBGaramond.txt" in names
    metadata = zipfile.ZipFile(wheel).read(f"{dist_info}/METADATA").decode()
    assert "License-Expression: MIT" in metadata
    assert "Project-URL: Source," in metadata and "Classifier: Topic :: Games/Entertainment" in metadata

    # Import the unpacked wheel (not the checkout) and load the data from castellion/_data.
    code = (
        "import castellion, castellion.content as c\n"
        "print(castellion.__file__)\n"
        "print(c.resource_path('levels', 'ordeals.yaml'))\n"
        "print(len(c.load_ruleset().cards))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(site))
    run = subprocess.run([sys.executable, "-c", code], cwd=site.parent, env=env, capture_output=True, text=True,
                         timeout=HANG_GUARD)
    assert run.returncode == 0, run.stderr
    package_file, ordeals, n_cards = run.stdout.split("\n")[:3]
    assert Path(package_file) == site / "castellion" / "__init__.py"
    assert Path(ordeals) == site / "castellion" / "_data" / "levels" / "ordeals.yaml"
    assert n_cards == "24"


def test_wheel_carries_every_data_file_and_finds_it(tmp_path: Path) -> None:
    wheel = _build("wheel", _source_copy(tmp_path), tmp_path / "dist")
    _check_wheel(wheel, tmp_path / "site")


def test_sdist_builds_a_working_wheel(tmp_path: Path) -> None:
    sdist = _build("sdist", _source_copy(tmp_path), tmp_path / "sdist")
    with tarfile.open(sdist) as tf:
        top = {m.name.split("/")[0] for m in tf.getmembers()}
        names = {m.name.split("/", 1)[1] for m in tf.getmembers() if "/" in m.name}
        tf.extractall(tmp_path / "unpacked", filter="data")
    assert "levels/ordeals.yaml" in names and "assets/sprites/manifest.txt" in names  # at the top, as in git
    assert "LICENSE" in names and "setup.py" not in names
    (root,) = top
    wheel = _build("wheel", tmp_path / "unpacked" / root, tmp_path / "dist")
    _check_wheel(wheel, tmp_path / "site")
