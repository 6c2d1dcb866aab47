#!/usr/bin/env bash
# make screenshots (the GTK host): built against Kalends installed into a temporary
# prefix (build_host.sh), started under Xvfb, docs/screenshots/gtk-host.png written.
set -euo pipefail
source "$(dirname "$0")/build_host.sh"
mkdir -p docs/screenshots
KALENDS_GTK_HOST="$tmp/kalends-gtk" python3 "$here/tests/screenshot.py" docs/screenshots/gtk-host.png
