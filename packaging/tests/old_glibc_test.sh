#!/usr/bin/env bash
# The wheel's library on an old glibc, at run time: Debian 11's glibc 2.31 with its own
# loader (packaging/manylinux/debian11_root.sh; the oldest glibc this machine can get, see
# there), every program started as
#   ld-linux-x86-64.so.2 --inhibit-cache --library-path <Debian 11's lib folders> PROGRAM
# with no environment but HOME and PATH.
# 1. pip (this machine's) installs the wheel in dist/ for a manylinux2014 CPython 3.9
#    (--platform manylinux2014_x86_64: pip refuses a wheel whose tag needs more).
# 2. Debian 11's Python 3.9 imports it from another folder, loading the wheel's own
#    libkalends.so with glibc 2.31 and no library from outside the Debian 11 folder
#    (/proc/self/maps), and `python -m kalends 2026 11` and the `kalends` script print what
#    `python -m calendar 2026 11` prints there.
# 3. Debian 11's LuaJIT runs the conformance scenario (bindings/conformance/SCENARIO.md)
#    on the wheel's library.
# 4. Debian 11's Python 3.9 and pytest 6 run the Python tests that run in their own process
#    and need no oracle but Python's own (the package supports Python 3.9) on it.
# make's own library is tried there too, for the record: on a build machine with glibc
# 2.36 it does not load (it needs 2.35's and 2.36's symbols and DT_RELR).
# Without Debian 11's packages (not Debian, no network) the test is skipped with a line,
# and fails when CI=true.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here"
fail() { echo "old_glibc_test: FAIL: $*" >&2; exit 1; }
say() { echo "old_glibc_test: $*"; }
python=${PYTHON:-python3}
export PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1
version=$(sed -n 's/^#define KALENDS_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\).*/\2/p' include/kalends/version.h | paste -sd.)
wheel=$(ls dist/kalends-"$version"-py3-none-*manylinux_2_17_x86_64*.whl 2>/dev/null | head -1)
[ -n "$wheel" ] || fail "no manylinux_2_17 wheel of kalends $version in dist/: run make wheel"

if ! old=$(bash packaging/manylinux/debian11_root.sh); then
    [ "${CI:-}" = true ] && fail "Debian 11's packages could not be unpacked (packaging/manylinux/debian11_root.sh)"
    say "skipped: Debian 11's packages could not be unpacked (packaging/manylinux/debian11_root.sh says why)"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/home" "$tmp/elsewhere"
libs=$old/lib/x86_64-linux-gnu:$old/usr/lib/x86_64-linux-gnu
on_old() {   # on_old [VAR=value...] PROGRAM ARGS...: PROGRAM of Debian 11 on its own glibc
    local vars=()
    while [[ $1 == *=* ]]; do vars+=("$1"); shift; done
    env -i HOME="$tmp/home" PATH=/usr/bin:/bin "${vars[@]}" \
        "$old/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" --inhibit-cache --library-path "$libs" "$old/usr/bin/$1" "${@:2}"
}
glibc=$(on_old python3.9 -c "import platform; print(platform.libc_ver()[1])")
[ "$glibc" = 2.31 ] || fail "Debian 11's Python runs on glibc '$glibc', not 2.31"

# make's library, for the record
if out=$(on_old python3.9 -c "import ctypes; ctypes.CDLL('$here/.build/release/libkalends.so')" 2>&1); then
    say "make's .build/release/libkalends.so loads on glibc 2.31 too"
else
    say "make's .build/release/libkalends.so does not load on glibc 2.31: $(tail -1 <<< "$out")"
fi

# 1. installed as pip installs it on a manylinux2014 system
"$python" -m pip install --quiet --no-deps --target "$tmp/site" --platform manylinux2014_x86_64 \
    --python-version 3.9 --implementation cp --only-binary=:all: "$wheel" \
    || fail "pip refuses $(basename "$wheel") for manylinux2014_x86_64 and CPython 3.9"
library=$tmp/site/kalends/libkalends.so
[ -f "$library" ] || fail "the wheel has no kalends/libkalends.so"

# 2. imported from elsewhere: the wheel's library, glibc 2.31, nothing from this machine's /lib
cd "$tmp/elsewhere"
loaded=$(on_old PYTHONPATH="$tmp/site" python3.9 -c "
import kalends, kalends._native as native
maps = {line.split()[-1] for line in open('/proc/self/maps') if '.so' in line.rsplit('/', 1)[-1]}
print(native.lib._name)
print(*sorted(maps), sep='\n')") || fail "import kalends on glibc 2.31: exit $?"
name=$(head -1 <<< "$loaded")
[ "$name" = "$library" ] || fail "import kalends loaded '$name', not the wheel's $library"
outside=$(tail -n +2 <<< "$loaded" | grep -v -e "^$old/" -e "^$tmp/site/" || true)
[ -z "$outside" ] || fail "libraries from outside Debian 11's folder and the wheel were loaded: $outside"
grep -q "^$old/lib/x86_64-linux-gnu/libc-2.31.so$" <<< "$loaded" || fail "glibc 2.31's libc.so.6 is not mapped: $loaded"
say "import kalends on glibc 2.31 (Debian 11's Python 3.9): the wheel's libkalends.so, $(($(wc -l <<< "$loaded") - 1)) libraries, all from Debian 11's folder or the wheel"
on_old python3.9 -m calendar 2026 11 > "$tmp/calendar.txt"
on_old PYTHONPATH="$tmp/site" python3.9 -m kalends 2026 11 > "$tmp/module.txt" || fail "python -m kalends 2026 11: exit $?"
diff -u "$tmp/calendar.txt" "$tmp/module.txt" || fail "python -m kalends 2026 11 differs from python -m calendar 2026 11"
on_old PYTHONPATH="$tmp/site" python3.9 "$tmp/site/bin/kalends" 2026 11 > "$tmp/command.txt" || fail "kalends 2026 11: exit $?"
diff -u "$tmp/calendar.txt" "$tmp/command.txt" || fail "kalends 2026 11 differs from python -m calendar 2026 11"
say "kalends 2026 11 and python -m kalends 2026 11 print what python -m calendar 2026 11 prints"
cd "$here"

# 3. the conformance scenario, LuaJIT
on_old KALENDS_LIBRARY="$library" luajit bindings/luajit/tests/conformance.lua > "$tmp/luajit.txt" 2>&1 \
    || { cat "$tmp/luajit.txt"; fail "LuaJIT's conformance scenario on glibc 2.31"; }
grep -q "^luajit: scenario" "$tmp/luajit.txt" || { cat "$tmp/luajit.txt"; fail "LuaJIT's scenario printed no result line"; }
say "LuaJIT's conformance scenario on glibc 2.31: $(grep -c '^ok ' "$tmp/luajit.txt") steps ok"

# 4. Python tests in their own process, stdlib oracles only; cffi's and
# recurring_ical_events' comparisons run in make test-python
tests=()
for name in package/test_abi_layout autolayout/test_autolayout_solve app/test_cli_calendar_dropin dates/test_dates \
            ical/test_ical scroll/test_layout_toolkit app/test_svg_timegrid view/test_views; do
    tests+=("bindings/python/tests/$name.py")
done
on_old KALENDS_LIBRARY="$library" python3.9 -m pytest -q -p no:cacheprovider \
    -k "not cffi and not recurring_ical_events" "${tests[@]}" > "$tmp/pytest.txt" 2>&1 || true
summary=$(tail -1 "$tmp/pytest.txt")
case "$summary" in
    *failed*|*error*|*skipped*|*"no tests"*) cat "$tmp/pytest.txt"; fail "Python tests on glibc 2.31: $summary" ;;
    *passed*) ;;
    *) cat "$tmp/pytest.txt"; fail "Python tests on glibc 2.31: no summary" ;;
esac
say "Python tests on glibc 2.31 (Debian 11's Python 3.9, pytest 6): $summary"
