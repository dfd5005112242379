#!/usr/bin/env bash
# Packaging smoke test (CI; also fine by hand): the double-click build and the wheel really run.
#
#   bash scripts/ci_package.sh
#
#  1. `make dist` -> dist/Castellion/Castellion (scripts/release.py build: PyInstaller one-folder
#     app, build/pyinstaller.spec, plus the Linux desktop entry, icons and installer)
#  2. `release.py smoke` (the release workflow's smoke step): data, desktop files and licence inside,
#     size under 60 MB, --version equals castellion.__version__, `--self-test` from another working
#     directory with SDL_VIDEODRIVER=dummy -> exit 0; here also: no tkinter/numpy/PIL; SDL bundled;
#     `release.py archive` (zip, unzip, self-test again) and `release.py notes`;
#     `make install-desktop` into a scratch XDG_DATA_HOME
#  4. start-up time to the first menu frame: median of 5 runs under the dummy driver
#  5. the frozen app in a real X window under Xvfb for a few seconds, then SIGTERM -> exit 0
#  6. `make dist-onefile` -> dist/onefile/Castellion: size, --self-test, start-up time
#     (skip with CASTELLION_CI_SKIP_ONEFILE=1)
#  7. `pip install .` (a wheel, not editable) from a clean clone into a fresh venv;
#     `castellion-cli --version` and `castellion --self-test` from another working directory
#     -> exit 0, data read from the wheel
#
# Any failure ends the run with a loud "PACKAGING SMOKE FAILED" and a non-zero exit status.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
PY=${PY:-python3}
RUNS=${CASTELLION_STARTUP_RUNS:-5}
SETTLE=${CASTELLION_XVFB_SECONDS:-4}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/castellion-package.XXXXXX")
XVFB_PID=""
APP_PID=""
cleanup() {
  [ -n "$APP_PID" ] && kill -KILL "$APP_PID" 2>/dev/null || true
  [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
export CASTELLION_HOME="$WORK/home"  # saves/settings of these runs stay in the scratch directory

fail() {
  echo >&2
  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!" >&2
  echo "!!! PACKAGING SMOKE FAILED: $*" >&2
  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!" >&2
  exit 1
}
trap 'fail "command failed (line $LINENO): $BASH_COMMAND"' ERR
step() { echo; echo "== package: $*"; }

case "$(uname -s)" in
  MINGW*|MSYS*|CYGWIN*) EXE_SUFFIX=.exe ;;
  *) EXE_SUFFIX= ;;
esac
APP="$ROOT/dist/Castellion/Castellion$EXE_SUFFIX"
ONEFILE="$ROOT/dist/onefile/Castellion$EXE_SUFFIX"
VERSION=$("$PY" - <<'EOF'
import re, pathlib
text = pathlib.Path("castellion/__init__.py").read_text(encoding="utf-8")
print(re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', text, re.M).group(1))
EOF
)
echo "== package: castellion $VERSION"

# ---------------------------------------------------------------------------------------------
# Median start-up time (launch -> the app's "first frame after X ms" log line) of RUNS runs
# of `<exe> --frames 1` under the dummy video driver, from an unrelated working directory.
startup_time() {  # startup_time <label> <exe...>
  local label=$1; shift
  "$PY" - "$label" "$RUNS" "$WORK" "$@" <<'EOF'
import os, re, statistics, subprocess, sys, time
label, runs, cwd, cmd = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
walls, inside = [], []
for _ in range(runs):
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd + ["--frames", "1"], cwd=cwd, env=env, stderr=subprocess.PIPE, text=True)
    wall, lines = None, []
    for line in p.stderr:
        lines.append(line)
        m = re.search(r"first frame after (\d+) ms", line)
        if m and wall is None:
            wall = (time.perf_counter() - t0) * 1000
            inside.append(int(m.group(1)))
    rc = p.wait(timeout=120)
    if rc != 0 or wall is None:
        sys.stderr.write("".join(lines[-30:]))
        sys.exit(f"{label}: `{' '.join(cmd)} --frames 1` exited {rc}"
                 + ("" if wall is not None else " without logging 'first frame after X ms'"))
    walls.append(wall)
print(f"== package: start-up to first menu frame, {label}: median {statistics.median(walls):.0f} ms "
      f"(launch to first frame; runs: {', '.join(f'{w:.0f}' for w in walls)} ms; "
      f"in-process median {statistics.median(inside):.0f} ms)")
EOF
}

# --- 1. build --------------------------------------------------------------------------------
step "make dist"
started=$(date +%s)
make dist || fail "make dist did not build"
echo "== package: one-folder build took $(( $(date +%s) - started )) s"
[ -x "$APP" ] || fail "$APP missing or not executable after make dist"

# --- 2. contents, version, frozen self-test from another directory: the workflow's own steps ----
step "release.py smoke (the release workflow's smoke step)"
"$PY" scripts/release.py smoke || fail "release.py smoke failed (see above)"

step "what the bundle must not carry"
BUNDLE="$ROOT/dist/Castellion"
sdl=$(find "$BUNDLE" \( -name 'libSDL2*.so*' -o -name 'SDL2*.dll' -o -name 'libSDL2*.dylib' \) -print)
[ -n "$sdl" ] || fail "pygame-ce's SDL libraries are not in the bundle"
unwanted=$(find "$BUNDLE" \( -iname 'tkinter' -o -iname '_tkinter*' -o -iname 'libtk*' -o -iname 'tcl*' \
  -o -iname 'numpy' -o -iname 'numpy.libs' -o -iname 'PIL' -o -iname 'pillow.libs' -o -iname '_pytest' \
  -o -iname 'setuptools' \) -print)
[ -z "$unwanted" ] || fail "the bundle carries what the game does not need: $unwanted"
echo "== package: SDL libraries present; no tkinter/numpy/PIL/pytest/setuptools"

# --- 3. the release archive, its notes, the desktop entry --------------------------------------
step "release.py archive and notes (the release workflow's last steps)"
"$PY" scripts/release.py archive || fail "release.py archive failed (see above)"
"$PY" scripts/release.py notes --tag "v$VERSION" > "$WORK/notes.md" || fail "CHANGELOG.md has no notes for $VERSION"
step "make install-desktop (into a scratch XDG_DATA_HOME)"
XDG_DATA_HOME="$WORK/xdg" make install-desktop || fail "make install-desktop failed"
entry="$WORK/xdg/applications/castellion.desktop"
grep -qx "Exec=\"$APP\"" "$entry" || fail "the installed desktop entry does not start $APP: $(grep Exec "$entry")"
[ -f "$WORK/xdg/icons/hicolor/256x256/apps/castellion.png" ] || fail "make install-desktop installed no icons"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$entry" || fail "desktop-file-validate rejects $entry"
fi
echo "== package: desktop entry and icons installed under $WORK/xdg"

# --- 4. start-up time, sizes -------------------------------------------------------------------
step "start-up time (median of $RUNS)"
startup_time "one-folder" "$APP" || fail "could not time the frozen one-folder start-up"
FOLDER_SIZE=$(du -sh "$BUNDLE" | cut -f1)
echo "== package: one-folder size: $FOLDER_SIZE (dist/Castellion)"

# --- 5. a real X window under Xvfb, closed with SIGTERM ----------------------------------------
step "frozen app in a real X window (Xvfb), then SIGTERM"
if [ "$(uname -s)" = Linux ]; then
  command -v Xvfb >/dev/null || fail "Xvfb is not installed (apt-get install xvfb)"
  : > "$WORK/display"
  Xvfb -displayfd 1 -screen 0 1280x1024x24 -nolisten tcp > "$WORK/display" 2> "$WORK/xvfb.log" &
  XVFB_PID=$!
  for _ in $(seq 100); do [ -s "$WORK/display" ] && break; sleep 0.1; done
  [ -s "$WORK/display" ] || fail "Xvfb did not start: $(cat "$WORK/xvfb.log")"
  DISP=":$(head -n1 "$WORK/display")"
  echo "== package: Xvfb on $DISP"
  (cd "$WORK" && exec env -u SDL_VIDEODRIVER DISPLAY="$DISP" SDL_AUDIODRIVER=dummy "$APP") \
    2> "$WORK/xwindow.log" &
  APP_PID=$!
  if command -v xdotool >/dev/null; then
    # (xdotool's --name search misses SDL's UTF-8 title: list the windows, read each title)
    window=""
    for _ in $(seq 300); do
      for w in $(DISPLAY="$DISP" xdotool search --onlyvisible --class '.' 2>/dev/null); do
        [ "$(DISPLAY="$DISP" xdotool getwindowname "$w" 2>/dev/null)" = "Castellion $VERSION" ] && window=$w
      done
      [ -n "$window" ] && break
      kill -0 "$APP_PID" 2>/dev/null || break
      sleep 0.1
    done
    [ -n "$window" ] || { cat "$WORK/xwindow.log" >&2; fail "no visible window titled 'Castellion $VERSION' on $DISP"; }
    echo "== package: window $window 'Castellion $VERSION' is up on $DISP"
  fi
  for _ in $(seq 300); do grep -q "first frame after" "$WORK/xwindow.log" && break
    kill -0 "$APP_PID" 2>/dev/null || break; sleep 0.1; done
  sleep "$SETTLE"
  kill -0 "$APP_PID" 2>/dev/null || { cat "$WORK/xwindow.log" >&2; fail "the app died under Xvfb"; }
  grep -q "first frame after" "$WORK/xwindow.log" \
    || { cat "$WORK/xwindow.log" >&2; fail "no first frame under Xvfb"; }
  grep -o "first frame after [0-9]* ms" "$WORK/xwindow.log" | head -n1 | sed 's/^/== package: under Xvfb: /'
  kill -TERM "$APP_PID"
  rc=0
  for _ in $(seq 100); do kill -0 "$APP_PID" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$APP_PID" 2>/dev/null; then
    cat "$WORK/xwindow.log" >&2; fail "the app did not exit within 10 s of SIGTERM"
  fi
  wait "$APP_PID" || rc=$?
  APP_PID=""
  if [ "$rc" -ne 0 ] || grep -q "Traceback" "$WORK/xwindow.log"; then
    cat "$WORK/xwindow.log" >&2; fail "the app exited $rc on SIGTERM (expected a clean 0)"
  fi
  echo "== package: SIGTERM -> clean exit 0"
  kill "$XVFB_PID" 2>/dev/null || true; wait "$XVFB_PID" 2>/dev/null || true; XVFB_PID=""
else
  echo "== package: (not Linux: Xvfb step skipped)"
fi

# --- 6. one-file variant -----------------------------------------------------------------------
ONEFILE_SIZE="(not built)"
if [ "${CASTELLION_CI_SKIP_ONEFILE:-0}" != 1 ]; then
  step "make dist-onefile"
  make dist-onefile || fail "make dist-onefile did not build"
  [ -x "$ONEFILE" ] || fail "$ONEFILE missing after make dist-onefile"
  "$PY" scripts/release.py smoke --onefile || fail "the one-file app's smoke test failed"
  startup_time "one-file" "$ONEFILE" || fail "could not time the one-file start-up"
  ONEFILE_SIZE=$(du -sh "$ONEFILE" | cut -f1)
fi

# --- 7. wheel into a fresh venv ------------------------------------------------------------------
step "pip install . (wheel, not editable) from a clean clone into a fresh venv"
SOURCE="$ROOT"
if git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1; then
  # a clone has exactly what is committed: a file the build needs but git lacks fails here
  git clone -q --no-hardlinks "$ROOT" "$WORK/clone" || fail "could not clone $ROOT"
  SOURCE="$WORK/clone"
fi
"$PY" -m venv "$WORK/venv" || fail "could not create a venv"
VBIN="$WORK/venv/bin"; [ -d "$VBIN" ] || VBIN="$WORK/venv/Scripts"
"$VBIN/python" -m pip install -q --upgrade pip || fail "pip upgrade in the fresh venv failed"
"$VBIN/python" -m pip install -q "$SOURCE" || fail "pip install . failed"
got=$(cd "$WORK" && "$VBIN/castellion-cli" --version) || fail "installed castellion-cli --version exited non-zero"
[ "$got" = "castellion $VERSION" ] || fail "installed --version printed '$got', expected 'castellion $VERSION'"
[ -x "$VBIN/castellion" ] || fail "the wheel installed no castellion (gui-script) command"
where=$(cd "$WORK" && "$VBIN/python" -c \
  "from castellion.content.resources import resource_path; print(resource_path('levels', 'ordeals.yaml'))")
case "$where" in
  "$WORK/venv/"*) echo "== package: the wheel's data: $where" ;;
  *) fail "the installed package reads its data from '$where', not from inside the venv" ;;
esac
(cd "$WORK" && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy timeout 300 "$VBIN/castellion" --self-test) \
  || fail "the installed wheel's castellion --self-test failed"

echo
echo "== package: summary: castellion $VERSION; one-folder dist/Castellion $FOLDER_SIZE;" \
     "one-file dist/onefile/Castellion $ONEFILE_SIZE"
echo "== package: all packaging smoke checks passed"
