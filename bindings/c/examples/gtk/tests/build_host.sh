# Sourced by run.sh and screenshot.sh: Kalends installed into a temporary prefix ($tmp,
# removed on exit) and the GTK host built against it with pkg-config, as a user builds it
# (bindings/c/examples/gtk/Makefile): $tmp/kalends-gtk. Sets root, here and tmp.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../../.." && pwd)
here=$root/bindings/c/examples/gtk
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root"
make -s install PREFIX="$tmp/prefix" > "$tmp/install.log" || { cat "$tmp/install.log"; exit 1; }
make -s -C "$here" BUILD="$tmp" PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig" > "$tmp/build.log" 2>&1 \
    || { cat "$tmp/build.log"; echo "the GTK host: FAIL: the build against the installed prefix"; exit 1; }
