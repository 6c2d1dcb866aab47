#!/usr/bin/env bash
# `make install` into a temporary prefix, then what a C user does with it: a program built
# with pkg-config and one with CMake's find_package(Kalends), run with only what a user of
# a non-system prefix sets (LD_LIBRARY_PATH, or an rpath and nothing at all); the README's
# in-tree link line; DESTDIR staging; `make uninstall`. Each program's output is compared
# with Python's calendar module. Needs cc, pkg-config, cmake (.ci/run installs them).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/packaging/tests
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root"

fail() { echo "install_test: FAIL: $*" >&2; exit 1; }
major=$(sed -n 's/^#define KALENDS_VERSION_MAJOR \([0-9]*\).*/\1/p' include/kalends/version.h)
minor=$(sed -n 's/^#define KALENDS_VERSION_MINOR \([0-9]*\).*/\1/p' include/kalends/version.h)
patch=$(sed -n 's/^#define KALENDS_VERSION_PATCH \([0-9]*\).*/\1/p' include/kalends/version.h)
version=$major.$minor.$patch

# What the programs must print: the version, then calendar.Calendar(6).monthdayscalendar.
expected() {
    python3 - "$1" "$2" "$version" <<'EOF'
import calendar, sys
year, month, version = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
print(f"kalends {version}")
for week in calendar.Calendar(calendar.SUNDAY).monthdayscalendar(year, month):
    print(" ".join(map(str, week)))
EOF
}
check_run() {   # check_run NAME COMMAND...: runs it for two months, compares with Python
    local name=$1; shift
    for ym in "2026 11" "2027 2"; do
        # shellcheck disable=SC2086
        "$@" $ym > "$tmp/out" 2> "$tmp/err" || fail "$name: exit $? ($(cat "$tmp/err"))"
        # shellcheck disable=SC2086
        expected $ym | diff -u - "$tmp/out" > "$tmp/diff" || fail "$name: output differs from Python's calendar:
$(cat "$tmp/diff")"
    done
    echo "install_test: $name: ok"
}
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(libkalends[^]]*\)\]/\1/p'; }

# ---- make install into a prefix -----------------------------------------------------
prefix=$tmp/prefix
make -s install PREFIX="$prefix" > "$tmp/install.log" || { cat "$tmp/install.log"; fail "make install"; }
lib=$prefix/lib
[ -f "$lib/libkalends.so.$version" ] && [ ! -L "$lib/libkalends.so.$version" ] || fail "no $lib/libkalends.so.$version"
[ "$(readlink "$lib/libkalends.so.$major")" = "libkalends.so.$version" ] || fail "libkalends.so.$major is not a link to libkalends.so.$version"
[ "$(readlink "$lib/libkalends.so")" = "libkalends.so.$major" ] || fail "libkalends.so is not a link to libkalends.so.$major"
soname=$(readelf -d "$lib/libkalends.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libkalends.so.$major" ] || fail "soname is '$soname', expected libkalends.so.$major"
for h in include/kalends.h include/kalends/*.h include/kalends/sys/*.h; do
    cmp -s "$h" "$prefix/$h" || fail "$prefix/$h missing or different"
done
[ ! -e "$prefix/include/module.modulemap" ] || fail "module.modulemap installed into include/"
echo "install_test: make install: libkalends.so.$version, soname $soname, links, $(ls include/kalends/*.h | wc -l) area headers, $(ls include/kalends/sys/*.h | wc -l) in sys/ + kalends.h"

# ---- pkg-config ------------------------------------------------------------------------
export PKG_CONFIG_PATH=$lib/pkgconfig
[ "$(pkg-config --modversion kalends)" = "$version" ] || fail "pkg-config --modversion: $(pkg-config --modversion kalends)"
# shellcheck disable=SC2046
cc -std=c99 -Wall -Wextra -Werror "$here/c/app.c" $(pkg-config --cflags --libs kalends) -o "$tmp/app-pkgconfig"
[ "$(needed "$tmp/app-pkgconfig")" = "libkalends.so.$major" ] || fail "app-pkgconfig needs $(needed "$tmp/app-pkgconfig")"
# no rpath: the user of a non-system prefix sets LD_LIBRARY_PATH, and without it the
# program does not start (the library is nowhere the loader looks by default)
if env -i "$tmp/app-pkgconfig" 2026 11 > /dev/null 2>&1; then fail "app-pkgconfig started without LD_LIBRARY_PATH"; fi
check_run "pkg-config program, LD_LIBRARY_PATH=$prefix/lib" env -i LD_LIBRARY_PATH="$lib" "$tmp/app-pkgconfig"
# shellcheck disable=SC2046
cc -std=c99 "$here/c/app.c" $(pkg-config --cflags --libs kalends) -Wl,-rpath,"$(pkg-config --variable=libdir kalends)" -o "$tmp/app-rpath"
check_run "pkg-config program with -Wl,-rpath, empty environment" env -i "$tmp/app-rpath"

# ---- CMake -----------------------------------------------------------------------------
cmake -S "$here/c" -B "$tmp/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DKALENDS_REQUEST="$major.$minor" > "$tmp/cmake.log" 2>&1 \
    || { cat "$tmp/cmake.log"; fail "cmake configure"; }
grep -q "Kalends $version from $lib/cmake/Kalends" "$tmp/cmake.log" || { cat "$tmp/cmake.log"; fail "find_package(Kalends) did not find $lib/cmake/Kalends"; }
cmake --build "$tmp/cmake" > "$tmp/cmake-build.log" 2>&1 || { cat "$tmp/cmake-build.log"; fail "cmake --build"; }
[ "$(needed "$tmp/cmake/app")" = "libkalends.so.$major" ] || fail "the CMake program needs $(needed "$tmp/cmake/app")"
# CMake gives programs in its build tree an rpath to the imported library's directory
check_run "CMake program (find_package(Kalends $major.$minor), Kalends::kalends), empty environment" env -i "$tmp/cmake/app"
# the version file: another major version is not this package
if cmake -S "$here/c" -B "$tmp/cmake-next" -DCMAKE_PREFIX_PATH="$prefix" -DKALENDS_REQUEST="$((major + 1)).0" > "$tmp/cmake-next.log" 2>&1; then
    fail "find_package(Kalends $((major + 1)).0) accepted version $version"
fi
grep -q "KalendsConfig.cmake, version: $version" "$tmp/cmake-next.log" || { cat "$tmp/cmake-next.log"; fail "find_package(Kalends $((major + 1)).0) failed for another reason"; }
echo "install_test: CMake: find_package(Kalends $((major + 1)).0) refuses $version"

# the prefix can be moved: CMake's paths are relative to the config file
mv "$prefix" "$tmp/moved"
cmake -S "$here/c" -B "$tmp/cmake-moved" -DCMAKE_PREFIX_PATH="$tmp/moved" > "$tmp/cmake-moved.log" 2>&1 \
    && cmake --build "$tmp/cmake-moved" > /dev/null 2>&1 || { cat "$tmp/cmake-moved.log"; fail "CMake with a moved prefix"; }
check_run "CMake program against a moved prefix" env -i "$tmp/cmake-moved/app"
mv "$tmp/moved" "$prefix"

# ---- the README's in-tree link line ------------------------------------------------------
line=$(grep -o 'cc app\.c -I include [^*]*-lkalends' README.md | head -1)
[ -n "$line" ] || fail "no 'cc app.c -I include ... -lkalends' line in README.md"
cp "$here/c/app.c" "$tmp/app.c"
(cd "$root" && eval "${line/app.c/$tmp/app.c} -o $tmp/app-readme")
check_run "README's line ($line), empty environment" env -i "$tmp/app-readme"

# ---- DESTDIR staging and uninstall --------------------------------------------------------
make -s install DESTDIR="$tmp/stage" PREFIX=/usr/local > /dev/null
[ -f "$tmp/stage/usr/local/lib/libkalends.so.$version" ] || fail "DESTDIR: nothing under $tmp/stage/usr/local/lib"
grep -qx 'prefix=/usr/local' "$tmp/stage/usr/local/lib/pkgconfig/kalends.pc" || fail "DESTDIR leaked into kalends.pc"
! grep -rq "$tmp/stage" "$tmp/stage" || fail "DESTDIR leaked into installed files"
make -s uninstall DESTDIR="$tmp/stage" PREFIX=/usr/local
make -s uninstall PREFIX="$prefix"
left=$(find "$tmp/stage" "$prefix" -type f -o -type l)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "install_test: DESTDIR staging writes the final prefix into kalends.pc; make uninstall removes every file"
