#!/usr/bin/env bash
# make screenshots (the GTK host): built against Kalends installed into a temporary
# prefix, started under Xvfb, docs/screenshots/gtk-host.png written.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../../../.." && pwd)
here=$root/bindings/c/examples/gtk
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root"
make -s install PREFIX="$tmp/prefix" > "$tmp/install.log" || { cat "$tmp/install.log"; exit 1; }
make -s -C "$here" BUILD="$tmp" PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig"
mkdir -p docs/screenshots
KALENDS_GTK_HOST="$tmp/kalends-gtk" python3 "$here/tests/screenshot.py" docs/screenshots/gtk-host.png
