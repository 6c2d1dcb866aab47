#!/usr/bin/env bash
# The wheel as a new user gets it: `make wheel`, then a fresh venv in a temporary directory,
# `pip install` of the wheel (offline: it needs nothing else), and from another directory,
# with no environment but PATH and HOME: `import kalends` (the library is the package's own
# copy), the `kalends` command and `python -m kalends` (compared with `python -m calendar`).
# Then the rest of the lookup order: a KALENDS_LIBRARY that does not load is an error even
# with the package's copy there; without the copy, an installed libkalends.so.MAJOR (make
# install into a temporary prefix) is found by its soname; without any, the error says
# what was tried.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
fail() { echo "wheel_test: FAIL: $*" >&2; exit 1; }
python=${PYTHON:-python3}
export PIP_ROOT_USER_ACTION=ignore

bash packaging/python/build_wheel.sh > /dev/null
wheel=$(ls dist/kalends-*-py3-none-manylinux_*_x86_64.whl)
major=$(sed -n 's/^#define KALENDS_VERSION_MAJOR \([0-9]*\).*/\1/p' include/kalends/version.h)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$python" -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-index --no-deps "$wheel"
mkdir "$tmp/elsewhere" "$tmp/home"
cd "$tmp/elsewhere"
# what a user's shell has: PATH (the venv first, as after activate) and HOME, nothing else
user=(env -i PATH="$tmp/venv/bin:/usr/bin:/bin" HOME="$tmp/home")
site=$("${user[@]}" python -c "import sysconfig; print(sysconfig.get_paths()['platlib'])")

loaded() {   # loaded [ENV=...]: the file the package loaded, from /proc/self/maps
    "${user[@]}" "$@" python -c "
import kalends, kalends._native as n
maps = open('/proc/self/maps').read().split()
print(n.lib._name, next(p for p in maps if 'libkalends' in p))"
}
read -r name file < <(loaded)
[ "$file" = "$site/kalends/libkalends.so" ] || fail "import kalends loaded $file, not the package's copy in $site"
echo "wheel_test: import kalends: the package's own libkalends.so ($(stat -c %s "$file") bytes)"

"${user[@]}" python -m calendar 2026 11 > "$tmp/calendar.txt"
"${user[@]}" kalends 2026 11 > "$tmp/command.txt" || fail "the kalends command: exit $?"
diff -u "$tmp/calendar.txt" "$tmp/command.txt" || fail "kalends 2026 11 differs from python -m calendar 2026 11"
"${user[@]}" python -m kalends 2026 11 > "$tmp/module.txt" || fail "python -m kalends: exit $?"
diff -u "$tmp/calendar.txt" "$tmp/module.txt" || fail "python -m kalends 2026 11 differs from python -m calendar"
echo "wheel_test: kalends 2026 11 and python -m kalends 2026 11 print what python -m calendar 2026 11 prints"

# KALENDS_LIBRARY set but not loadable: that error, not the package's copy
if "${user[@]}" KALENDS_LIBRARY=/nonexistent/libkalends.so python -c "import kalends" 2> "$tmp/err"; then
    fail "KALENDS_LIBRARY=/nonexistent/libkalends.so: import kalends succeeded (fell back)"
fi
grep -q "KALENDS_LIBRARY=/nonexistent/libkalends.so" "$tmp/err" || fail "the error does not name KALENDS_LIBRARY: $(tail -1 "$tmp/err")"
echo "wheel_test: KALENDS_LIBRARY that does not load: an error naming it, no fallback"

# without the package's copy: an installed libkalends.so.MAJOR, by its soname
rm "$site/kalends/libkalends.so"
make -s -C "$root" install PREFIX="$tmp/prefix" > /dev/null
read -r name file < <(loaded LD_LIBRARY_PATH="$tmp/prefix/lib")
[ "$name" = "libkalends.so.$major" ] && [ "$file" = "$tmp/prefix/lib/libkalends.so.$major.$(sed -n 's/^#define KALENDS_VERSION_MINOR \([0-9]*\).*/\1/p' "$root/include/kalends/version.h").$(sed -n 's/^#define KALENDS_VERSION_PATCH \([0-9]*\).*/\1/p' "$root/include/kalends/version.h")" ] \
    || fail "without the package's copy, loaded '$name' from $file, not the installed libkalends.so.$major"
echo "wheel_test: without the package's copy: the installed $name ($file)"

# nothing at all: an error that says what was tried, one line from the command
if "${user[@]}" kalends 2026 11 > "$tmp/out" 2> "$tmp/err"; then fail "kalends ran without any library"; fi
grep -q "libkalends.so" "$tmp/err" && grep -q "KALENDS_LIBRARY" "$tmp/err" || fail "no library: $(cat "$tmp/err")"
! grep -q Traceback "$tmp/err" || fail "no library: a traceback instead of a message: $(cat "$tmp/err")"
echo "wheel_test: no library anywhere: $(head -c 120 "$tmp/err")..."
