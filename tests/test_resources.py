"""resource_path from (a) a source checkout, (b) an installed wheel, (c) a frozen PyInstaller build."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from castellion.content import load_ruleset, resource_path, resources

REPO = Path(__file__).resolve().parent.parent


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


def make_installed_package(root: Path) -> Path:
    """A fake site-packages/castellion with _data/levels copied in, and no pyproject.toml beside it."""
    package = root / "site-packages" / "castellion"
    shutil.copytree(REPO / "levels", package / "_data" / "levels")
    return package


def test_installed_package_uses_data_inside_the_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = make_installed_package(tmp_path)
    monkeypatch.setattr(resources, "_PACKAGE_DIR", package)
    assert resource_path("levels", "tiles.yaml") == package / "_data" / "levels" / "tiles.yaml"
    assert load_ruleset(resource_path("levels")) == load_ruleset(REPO / "levels")
    with pytest.raises(FileNotFoundError) as info:
        resource_path("assets", "sprites", "x.png")
    assert "source checkout" not in str(info.value)  # no pyproject.toml beside the package
    assert str(package / "_data" / "assets" / "sprites" / "x.png") in str(info.value)


def test_source_checkout_wins_over_a_stale_data_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = make_installed_package(tmp_path)
    (package.parent / "pyproject.toml").write_text("", encoding="utf-8")
    (package.parent / "levels").mkdir()
    (package.parent / "levels" / "tiles.yaml").write_text("", encoding="utf-8")
    monkeypatch.setattr(resources, "_PACKAGE_DIR", package)
    assert resource_path("levels", "tiles.yaml") == package.parent / "levels" / "tiles.yaml"
    # ... and the installed copy still serves what the checkout lacks
    assert resource_path("levels", "ordeals.yaml") == package / "_data" / "levels" / "ordeals.yaml"


# --- (c) frozen PyInstaller build --------------------------------------------------------------


@pytest.fixture()
def frozen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    meipass = tmp_path / "_MEI12345"
    shutil.copytree(REPO / "levels", meipass / "levels")
    (meipass / "assets" / "fonts").mkdir(parents=True)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(meipass), raising=False)
    return meipass


def test_frozen_build_uses_meipass(frozen: Path) -> None:
    assert resource_path("levels", "ordeals.yaml") == frozen / "levels" / "ordeals.yaml"
    assert resource_path("assets", "fonts") == frozen / "assets" / "fonts"
    assert resource_path() == frozen
    assert load_ruleset(resource_path("levels")) == load_ruleset(REPO / "levels")


def test_frozen_build_never_falls_back_to_the_checkout(frozen: Path) -> None:
    (frozen / "levels" / "base.yaml").unlink()
    with pytest.raises(FileNotFoundError) as info:
        resource_path("levels", "base.yaml")
    msg = str(info.value)
    assert f"frozen build (sys._MEIPASS): {frozen / 'levels' / 'base.yaml'}" in msg
    assert "source checkout" not in msg


def test_meipass_without_frozen_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    monkeypatch.delattr(sys, "frozen", raising=False)
    assert resource_path("levels") == REPO / "levels"


# --- (b) a real wheel ------------------------------------------------------------------------------


def _can_build_wheel() -> bool:
    if importlib.util.find_spec("wheel") is not None:
        return True
    import setuptools

    major, minor = (int(x) for x in setuptools.__version__.split(".")[:2])
    return (major, minor) >= (70, 1)  # setuptools ships bdist_wheel itself from 70.1


@pytest.mark.skipif(not _can_build_wheel(), reason="building a wheel without isolation needs the 'wheel' package")
def test_wheel_carries_the_data_and_finds_it(tmp_path: Path) -> None:
    # Build from a copy so the build never writes build/ or *.egg-info into the shared checkout.
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(REPO / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "_data", "*.egg-info")
    for name in ("castellion", "levels", "assets"):
        shutil.copytree(REPO / name, src / name, ignore=ignore)
    dist = tmp_path / "dist"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(dist), "."],
        cwd=src,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert build.returncode == 0, build.stdout + build.stderr
    (wheel,) = dist.glob("castellion-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        zf.extractall(tmp_path / "site")
    for level_file in ("tiles.yaml", "ordeals.yaml", "intro.yaml", "base.yaml", "expert.yaml"):
        assert f"castellion/_data/levels/{level_file}" in names
    assert not any(n.startswith(("levels/", "assets/")) for n in names)  # nothing at the top of site-packages

    # Import the unpacked wheel (not the checkout) and load the data from castellion/_data.
    code = (
        "import castellion, castellion.content as c\n"
        "print(castellion.__file__)\n"
        "print(c.resource_path('levels', 'ordeals.yaml'))\n"
        "print(len(c.load_ruleset().cards))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "site"))
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr
    package_file, ordeals, n_cards = run.stdout.split("\n")[:3]
    site = tmp_path / "site"
    assert Path(package_file) == site / "castellion" / "__init__.py"
    assert Path(ordeals) == site / "castellion" / "_data" / "levels" / "ordeals.yaml"
    assert n_cards == "24"
