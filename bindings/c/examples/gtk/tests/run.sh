#!/usr/bin/env bash
# make test-hosts-gtk: Kalends installed into a temporary prefix, the GTK host built
# against it with pkg-config (build_host.sh), then driven under Xvfb (test_gtk_host.py).
# Needs libgtk-4-dev, Xvfb, xdotool and ImageMagick (.ci/run installs them); without
# them it skips, and with CI=true fails.
set -euo pipefail
if ! pkg-config --exists gtk4; then
    if [ "${CI:-}" = true ]; then echo "test-hosts-gtk: FAIL: no gtk4 (libgtk-4-dev)" >&2; exit 1; fi
    echo "test-hosts-gtk: skipped: no gtk4 (libgtk-4-dev)"; exit 0
fi
source "$(dirname "$0")/build_host.sh"
# linked against the installed library, found through the rpath the Makefile sets
readelf -d "$tmp/kalends-gtk" | grep -q "RUNPATH.*$tmp/prefix/lib\|RPATH.*$tmp/prefix/lib" \
    || { echo "test-hosts-gtk: FAIL: no rpath to $tmp/prefix/lib"; exit 1; }
env -i PATH="$PATH" ldd "$tmp/kalends-gtk" | grep -q "libkalends.so.* => $tmp/prefix/lib/" \
    || { echo "test-hosts-gtk: FAIL: the program does not load the installed libkalends"; exit 1; }
echo "test-hosts-gtk: built against $tmp/prefix with pkg-config"
KALENDS_GTK_HOST="$tmp/kalends-gtk" python3 -m pytest -q -p no:cacheprovider "$here/tests/test_gtk_host.py" "$@"
