#!/bin/sh
# Puts Castellion in the desktop's application menu, for this user only (no root needed):
#   $XDG_DATA_HOME/applications/castellion.desktop   (default ~/.local/share/applications)
#   $XDG_DATA_HOME/icons/hicolor/<N>x<N>/apps/castellion.png
#
#   ./install-desktop.sh [PROGRAM]     PROGRAM defaults to the Castellion beside this script
#   ./install-desktop.sh --uninstall   removes both again
#
# It ships in the Linux build (dist/Castellion/install-desktop.sh, with share/applications and
# share/icons beside it) and in the repository as packaging/linux/install-desktop.sh;
# `make install-desktop` runs the built copy.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
APPS="$DATA/applications"
ICONS="$DATA/icons/hicolor"

if [ -d "$HERE/share/icons/hicolor" ]; then   # the built folder
  SRC_ICONS="$HERE/share/icons/hicolor"; TEMPLATE="$HERE/share/applications/castellion.desktop"
else                                          # the repository's packaging/linux
  SRC_ICONS="$HERE/icons/hicolor"; TEMPLATE="$HERE/castellion.desktop"
fi

refresh() {  # the menus pick the entry up without these too; they only make it immediate
  command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$APPS" 2>/dev/null || true
  command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$ICONS" 2>/dev/null || true
}

if [ "${1:-}" = "--uninstall" ]; then
  rm -f "$APPS/castellion.desktop"
  for dir in "$ICONS"/*/apps; do rm -f "$dir/castellion.png"; done 2>/dev/null || true
  refresh
  echo "removed Castellion from $APPS and $ICONS"
  exit 0
fi

PROGRAM=${1:-$HERE/Castellion}
case "$PROGRAM" in /*) ;; *) PROGRAM="$(pwd)/$PROGRAM" ;; esac
if [ ! -x "$PROGRAM" ]; then
  echo "install-desktop: $PROGRAM is not an executable program (build it with make dist)" >&2
  exit 1
fi
[ -f "$TEMPLATE" ] || { echo "install-desktop: $TEMPLATE is missing" >&2; exit 1; }

# The desktop entry spec: inside a double-quoted Exec argument " ` $ and \ take a backslash, and
# every backslash is doubled once more because the file format itself unescapes \\.
quoted=$(printf '%s' "$PROGRAM" | sed -e 's/[\\"`$]/\\\\&/g')
mkdir -p "$APPS"
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in
    Exec=*) printf 'Exec="%s"\n' "$quoted" ;;
    TryExec=*) printf 'TryExec=%s\n' "$(printf '%s' "$PROGRAM" | sed -e 's/\\/\\\\/g')" ;;
    *) printf '%s\n' "$line" ;;
  esac
done < "$TEMPLATE" > "$APPS/castellion.desktop.tmp"
mv "$APPS/castellion.desktop.tmp" "$APPS/castellion.desktop"
chmod 644 "$APPS/castellion.desktop"
count=0
for png in "$SRC_ICONS"/*/apps/castellion.png; do
  size=$(basename "$(dirname "$(dirname "$png")")")
  mkdir -p "$ICONS/$size/apps"
  cp "$png" "$ICONS/$size/apps/castellion.png"
  count=$((count + 1))
done
refresh
echo "installed $APPS/castellion.desktop (Exec: $PROGRAM) and $count icons under $ICONS"
