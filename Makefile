# Everything bootstraps a local .venv; nothing needs installing by hand beyond Python 3.11+.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/python -m castellion

test: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/frames.py
	$(BIN)/python bench/startup.py

clean:
	rm -rf $(VENV) dist build/work

# --- the double-click executable (PyInstaller; see README "Building the executable") ---------
# Builds for the machine it runs on (no cross-building): dist/Castellion/Castellion[.exe].
BUILD_STAMP := $(VENV)/.installed-build

.PHONY: dist dist-onefile

$(BUILD_STAMP): $(STAMP)
	$(BIN)/python -m pip install -q -e '.[test,build]'
	touch $(BUILD_STAMP)

dist: $(BUILD_STAMP)
	$(BIN)/python -m PyInstaller --noconfirm --log-level WARN --distpath dist --workpath build/work build/pyinstaller.spec
	@echo "== built dist/Castellion/ (run dist/Castellion/Castellion, or double-click it)"

dist-onefile: $(BUILD_STAMP)
	CASTELLION_ONEFILE=1 $(BIN)/python -m PyInstaller --noconfirm --log-level WARN --distpath dist/onefile --workpath build/work/onefile build/pyinstaller.spec
	@echo "== built dist/onefile/Castellion (a single file; double-click it)"
