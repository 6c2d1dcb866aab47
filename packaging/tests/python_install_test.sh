#!/usr/bin/env bash
# Python as a new user installs it, in a fresh venv (python -m venv, in a temporary
# directory), checked from another directory with no environment but PATH and HOME:
# 1. `pip install ./bindings/python` with the venv's own pip (the README's command, run
#    from the repository root). setup.py must reuse make's release library (it is newer
#    than every source: `make test` built it) instead of building again: pip's log says so
#    and the package's copy is that library, stripped.
# 2. `make wheel`: the manylinux_2_17 wheel (build_wheel.sh checks its tag with auditwheel
#    show), installed over it offline; its library is link.py's glibc 2.17 build, stripped.
# After each: `import kalends` loads the package's own copy, its subpackages import
# (kalends.compat: kalends.kiwisolver, kalends.rrule; kalends.app); `kalends 2026 11` and
# `python -m kalends 2026 11` print what `python -m calendar 2026 11` prints.
# Then the rest of the lookup order: a KALENDS_LIBRARY that does not load is an error even
# with the package's copy there; without the copy, an installed libkalends.so.MAJOR (make
# install into a temporary prefix) is found by its soname; without any, the command says
# what was tried, in one message (no traceback).
# 3. `make sdist`, installed in another fresh venv: pip builds the library with SwiftPM in
#    the unpacked sdist (its log says so), then the same checks; with no Swift on PATH (and
#    no installed library) pip install fails with the message that says what to install.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
fail() { echo "python_install_test: FAIL: $*" >&2; exit 1; }
say() { echo "python_install_test: $*"; }
python=${PYTHON:-python3}
export PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1
major=$(sed -n 's/^#define KALENDS_VERSION_MAJOR \([0-9]*\).*/\1/p' include/kalends/version.h)
minor=$(sed -n 's/^#define KALENDS_VERSION_MINOR \([0-9]*\).*/\1/p' include/kalends/version.h)
patch=$(sed -n 's/^#define KALENDS_VERSION_PATCH \([0-9]*\).*/\1/p' include/kalends/version.h)
built=.build/release/libkalends.so
[ -f "$built" ] || fail "$built is missing: run make first"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; rm -rf "$root/bindings/python/build"' EXIT
"$python" -m venv "$tmp/venv"
mkdir "$tmp/elsewhere" "$tmp/home"
# what a user's shell has: PATH (the venv first, as after activate) and HOME, nothing else
user=(env -i PATH="$tmp/venv/bin:/usr/bin:/bin" HOME="$tmp/home")
site=$("${user[@]}" python -c "import sysconfig; print(sysconfig.get_paths()['platlib'])")

loaded() {   # loaded [ENV=...]: the name the package loaded and the file, from /proc/self/maps
    (cd "$tmp/elsewhere" && "${user[@]}" "$@" python -c "
import kalends, kalends._native as n
maps = open('/proc/self/maps').read().split()
print(n.lib._name, next(p for p in maps if 'libkalends' in p))")
}
commands() {   # commands HOW: import, the kalends command and python -m kalends, from elsewhere
    local how=$1 name file
    read -r name file < <(loaded)
    [ "$file" = "$site/kalends/libkalends.so" ] || fail "$how: import kalends loaded $file, not the package's copy in $site"
    # the subpackages are there: the drop-ins (kalends.compat, by their public paths) and the applications
    (cd "$tmp/elsewhere" && "${user[@]}" python -c "import kalends.kiwisolver, kalends.rrule, kalends.compat.rrule, kalends.app.cli") \
        || fail "$how: the package lacks a subpackage (kalends.compat, kalends.app)"
    (cd "$tmp/elsewhere" && "${user[@]}" python -m calendar 2026 11) > "$tmp/calendar.txt"
    (cd "$tmp/elsewhere" && "${user[@]}" kalends 2026 11) > "$tmp/command.txt" || fail "$how: the kalends command: exit $?"
    diff -u "$tmp/calendar.txt" "$tmp/command.txt" || fail "$how: kalends 2026 11 differs from python -m calendar 2026 11"
    (cd "$tmp/elsewhere" && "${user[@]}" python -m kalends 2026 11) > "$tmp/module.txt" || fail "$how: python -m kalends: exit $?"
    diff -u "$tmp/calendar.txt" "$tmp/module.txt" || fail "$how: python -m kalends 2026 11 differs from python -m calendar"
    say "$how: import kalends loads the package's copy ($(stat -c %s "$file") bytes); kalends 2026 11 and python -m kalends 2026 11 print what python -m calendar prints"
}

# 1. pip install ./bindings/python
"$tmp/venv/bin/pip" install -v ./bindings/python > "$tmp/pip.log" 2>&1 || { tail -30 "$tmp/pip.log"; fail "pip install ./bindings/python"; }
grep -q "kalends setup: using $root/$built (newer than every source)" "$tmp/pip.log" \
    || { grep "kalends setup" "$tmp/pip.log"; fail "pip install did not reuse make's $built"; }
strip -o "$tmp/stripped.so" "$built"
cmp -s "$tmp/stripped.so" "$site/kalends/libkalends.so" || fail "the package's libkalends.so is not $built stripped"
commands "pip install ./bindings/python (reused $built)"

# 2. make wheel (auditwheel show checked in build_wheel.sh), installed over it
out=$(bash packaging/python/build_wheel.sh) || fail "make wheel"
wheel=$(ls dist/kalends-"$major.$minor.$patch"-py3-none-*manylinux_2_17_x86_64*.whl)
say "make wheel: $(tail -1 <<< "$out")"
"$tmp/venv/bin/pip" install --quiet --force-reinstall --no-index --no-deps "$wheel"
strip -o "$tmp/stripped.so" .build/manylinux/libkalends.so
cmp -s "$tmp/stripped.so" "$site/kalends/libkalends.so" || fail "the wheel's libkalends.so is not .build/manylinux/libkalends.so stripped"
commands "pip install $(basename "$wheel")"

# KALENDS_LIBRARY set but not loadable: that error, not the package's copy
if (cd "$tmp/elsewhere" && "${user[@]}" KALENDS_LIBRARY=/nonexistent/libkalends.so python -c "import kalends") 2> "$tmp/err"; then
    fail "KALENDS_LIBRARY=/nonexistent/libkalends.so: import kalends succeeded (fell back)"
fi
grep -q "KALENDS_LIBRARY=/nonexistent/libkalends.so" "$tmp/err" || fail "the error does not name KALENDS_LIBRARY: $(tail -1 "$tmp/err")"
say "KALENDS_LIBRARY that does not load: an error naming it, no fallback"

# without the package's copy: an installed libkalends.so.MAJOR, by its soname
rm "$site/kalends/libkalends.so"
make -s -C "$root" install PREFIX="$tmp/prefix" > /dev/null
read -r name file < <(loaded LD_LIBRARY_PATH="$tmp/prefix/lib")
[ "$name" = "libkalends.so.$major" ] && [ "$file" = "$tmp/prefix/lib/libkalends.so.$major.$minor.$patch" ] \
    || fail "without the package's copy, loaded '$name' from $file, not the installed libkalends.so.$major"
say "without the package's copy: the installed $name ($file)"

# nothing at all: an error that says what was tried, one message from the command
if (cd "$tmp/elsewhere" && "${user[@]}" kalends 2026 11) > "$tmp/out" 2> "$tmp/err"; then fail "kalends ran without any library"; fi
grep -q "libkalends.so" "$tmp/err" && grep -q "KALENDS_LIBRARY" "$tmp/err" || fail "no library: $(cat "$tmp/err")"
! grep -q Traceback "$tmp/err" || fail "no library: a traceback instead of a message: $(cat "$tmp/err")"
say "no library anywhere: $(head -c 120 "$tmp/err")..."

# 3. the sdist, in fresh venvs: built with SwiftPM when swift is on PATH, else a clear error
out=$("$python" packaging/python/build_sdist.py) || fail "make sdist"
sdist=dist/kalends-$major.$minor.$patch.tar.gz
[ -f "$sdist" ] || fail "make sdist wrote no $sdist: $out"
say "make sdist: $out"
swift_bin=$(dirname "$(command -v swift)")
"$python" -m venv "$tmp/sdist-venv"
user=(env -i PATH="$tmp/sdist-venv/bin:$swift_bin:/usr/bin:/bin" HOME="$tmp/home")
site=$("${user[@]}" python -c "import sysconfig; print(sysconfig.get_paths()['platlib'])")
(cd "$tmp/elsewhere" && "${user[@]}" pip install --no-cache-dir -v "$root/$sdist") > "$tmp/sdist.log" 2>&1 \
    || { tail -40 "$tmp/sdist.log"; fail "pip install $sdist with swift on PATH"; }
grep -q "kalends setup: building libkalends.so: swift build -c release --product kalends" "$tmp/sdist.log" \
    || { grep "kalends setup" "$tmp/sdist.log"; fail "pip install $sdist did not build the library with SwiftPM"; }
commands "pip install $(basename "$sdist") (built with SwiftPM)"

"$python" -m venv "$tmp/noswift-venv"
user=(env -i PATH="$tmp/noswift-venv/bin:/usr/bin:/bin" HOME="$tmp/home")
if (cd "$tmp/elsewhere" && "${user[@]}" pip install --no-cache-dir "$root/$sdist") > "$tmp/noswift.log" 2>&1; then
    fail "pip install $sdist succeeded with no Swift toolchain and no installed library"
fi
grep -q "building from source needs a Swift toolchain" "$tmp/noswift.log" && grep -q "swift.org/install" "$tmp/noswift.log" \
    || { tail -30 "$tmp/noswift.log"; fail "pip install $sdist without Swift: no message saying what to install"; }
say "pip install $(basename "$sdist") without Swift: fails saying what to install ($(grep -m1 'building from source needs' "$tmp/noswift.log" | sed 's/^ *//'))"
