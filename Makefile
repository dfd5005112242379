# Everything bootstraps a local .venv; nothing needs installing by hand beyond Python 3.11+.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test test-slow test-all lint bench lab clean

# Byte-compiled files are kept for the tests (some shells set PYTHONDONTWRITEBYTECODE): without
# them every run re-compiles the package and re-writes every test's asserts, ~20 s of collection.
PYTEST := env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/python -m castellion

# The quick tier: every module and every screen, on both cores, in minutes (tests/README.md).
test: $(STAMP)
	$(PYTEST) -q -n 2 -m "not slow"

# The slow tier alone: whole games through the gestures in each language, long property runs,
# kill -9 campaigns, the lab, the 100-position determinism check under load.
test-slow: $(STAMP)
	CASTELLION_SLOW_TESTS=1 $(PYTEST) -q -n 2 -m slow

# Everything: both tiers (what .ci/run runs, as `make test` then `make test-slow`).
test-all: $(STAMP)
	CASTELLION_SLOW_TESTS=1 $(PYTEST) -q -n 2

# The static checks .ci/run makes: types, lint (complexity included), dead code (vulture: each
# name it may not flag is in vulture_allow.py with the reason).
lint: $(STAMP)
	$(BIN)/python -m mypy --strict castellion lab
	$(BIN)/python -m ruff check
	$(BIN)/python -m vulture castellion vulture_allow.py --min-confidence 60

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/frames.py
	$(BIN)/python bench/startup.py
	$(BIN)/python bench/persist.py

# The win-rate lab (lab/, beside bench/; not part of the game's package): a short table by
# default, any of its options through LAB (e.g. make lab LAB="--level base --games 200 --jobs 2").
LAB ?= --level intro --games 20
lab: $(STAMP)
	$(BIN)/python -m lab $(LAB)

clean:
	rm -rf $(VENV) dist build/work

# --- the double-click executable (PyInstaller; see README "Building the executable") ---------
# Builds for the machine it runs on (no cross-building): dist/Castellion/Castellion[.exe].
# Each step is scripts/release.py, the same script .github/workflows/release.yml runs on
# Windows, macOS and Linux.
BUILD_STAMP := $(VENV)/.installed-build

.PHONY: dist dist-onefile dist-windows dist-windows-onefile install-desktop uninstall-desktop icons

$(BUILD_STAMP): $(STAMP)
	$(BIN)/python scripts/release.py setup --extras test,build
	touch $(BUILD_STAMP)

dist: $(BUILD_STAMP)
	$(BIN)/python scripts/release.py build
	@echo "== built dist/Castellion/ (run dist/Castellion/Castellion, or double-click it)"

dist-onefile: $(BUILD_STAMP)
	$(BIN)/python scripts/release.py build --onefile
	@echo "== built dist/onefile/Castellion (a single file; double-click it)"

# Windows, built on Linux under Wine (needs `wine`; see README "Building the executable"): a pinned
# Windows CPython and pinned win_amd64 wheels (packaging/windows/), then the same release.py
# build, smoke and archive steps run by that Windows Python. Nothing happens when the build is
# up to date with the sources (--force in scripts/windows_build.py to build anyway). The script
# needs only the standard library and pip, so no .venv is made for it.
dist-windows:
	$(PY) scripts/windows_build.py dist
	@echo "== built dist/windows/Castellion/Castellion.exe and dist/windows/Castellion-*-windows-x86_64.zip"

dist-windows-onefile:
	$(PY) scripts/windows_build.py onefile
	@echo "== built dist/windows/onefile/Castellion.exe (a single file)"

# Linux: the application menu entry and icons for this user (~/.local/share), pointing at the
# built program; builds it first when there is none.
install-desktop:
	@[ -x dist/Castellion/Castellion ] || $(MAKE) dist
	sh dist/Castellion/install-desktop.sh "$(CURDIR)/dist/Castellion/Castellion"

uninstall-desktop:
	sh packaging/linux/install-desktop.sh --uninstall

# Regenerates packaging/linux/icons and packaging/macos/Castellion.icns from the art (numpy, Pillow).
icons: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[test,art]'
	$(BIN)/python scripts/make_icons.py
