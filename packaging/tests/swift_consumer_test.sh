#!/usr/bin/env bash
# The README's SwiftPM consumer, end to end: `make install` into a temporary prefix, a
# checkout of this repository next to the consumer (the tracked files of the working tree,
# without any build), then the README's commands (the fence marked `swiftpm-consumer`) with
# /usr/local replaced by that prefix. The program runs with an empty environment (it finds
# libkalends.so.MAJOR by its rpath), with LD_LIBRARY_PATH instead, with KALENDS_LIBRARY, and
# without any library: then it must catch the wrapper's error, print how to fix it and exit
# 1 (no trap). Output compared with Python's calendar. The build is kept in
# .build-consumer/ (ignored by git), so a second run only rebuilds what changed.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
fail() { echo "swift_consumer_test: FAIL: $*" >&2; exit 1; }
if ! command -v swift > /dev/null; then
    [ "${CI:-}" = true ] && fail "no swift on PATH (CI=true: every test must run)"
    echo "swift_consumer_test: SKIPPED (no swift)"; exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
make -s install PREFIX="$prefix" > "$tmp/install.log" || { cat "$tmp/install.log"; fail "make install"; }
major=$(sed -n 's/^#define KALENDS_VERSION_MAJOR \([0-9]*\).*/\1/p' include/kalends/version.h)
version=$major.$(sed -n 's/^#define KALENDS_VERSION_MINOR \([0-9]*\).*/\1/p' include/kalends/version.h).$(sed -n 's/^#define KALENDS_VERSION_PATCH \([0-9]*\).*/\1/p' include/kalends/version.h)

# the checkout the consumer depends on: tracked files as they are in the working tree
# (tar keeps their times, so an unchanged file does not rebuild)
work=$root/.build-consumer
mkdir -p "$work/kalends"
git ls-files -z | tar --null -T - -cf - | tar -C "$work/kalends" -xf -
rm -rf "$work/kalends/.build"

# the README's commands, for this prefix
python3 - "$root/README.md" > "$tmp/consumer.sh" <<'EOF'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
blocks = re.findall(r"^```sh swiftpm-consumer\n(.*?)^```", text, re.M | re.S)
if len(blocks) != 1:
    sys.exit("README.md: expected one ```sh swiftpm-consumer fence")
sys.stdout.write(blocks[0])
EOF
run_line=$(tail -n 1 "$tmp/consumer.sh")
[ "$run_line" = ".build/debug/hello" ] || fail "the README's consumer does not end by running .build/debug/hello"
sed -i '$d' "$tmp/consumer.sh"                       # run it below, with controlled environments
sed -i "s|/usr/local/lib|$prefix/lib|g" "$tmp/consumer.sh"
(cd "$work" && rm -rf hello/Sources && bash -e "$tmp/consumer.sh") > "$tmp/build.log" 2>&1 \
    || { tail -40 "$tmp/build.log"; fail "the README's consumer does not build"; }
hello=$work/hello/.build/debug/hello

expected() {
    python3 - "$version" <<'EOF'
import calendar, sys
print(f"kalends {sys.argv[1]}")
for week in calendar.Calendar(calendar.SUNDAY).monthdayscalendar(2026, 11):
    print(" ".join(map(str, week)))
EOF
}
check() {   # check NAME COMMAND...
    local name=$1; shift
    "$@" > "$tmp/out" 2> "$tmp/err" || fail "$name: exit $? ($(cat "$tmp/err"))"
    expected | diff -u - "$tmp/out" || fail "$name: output differs from Python's calendar"
    echo "swift_consumer_test: $name: ok"
}
check "installed libkalends.so.$major by the program's rpath, empty environment" env -i "$hello"
mv "$prefix" "$tmp/elsewhere"
check "LD_LIBRARY_PATH" env -i LD_LIBRARY_PATH="$tmp/elsewhere/lib" "$hello"
check "KALENDS_LIBRARY" env -i KALENDS_LIBRARY="$tmp/elsewhere/lib/libkalends.so.$version" "$hello"

# no library anywhere: an error the program catches, saying what to do
set +e
env -i "$hello" > "$tmp/out" 2> "$tmp/err"; status=$?
set -e
[ "$status" = 1 ] || fail "without a library the program exited with $status (1 expected: a caught error, no trap): $(cat "$tmp/out" "$tmp/err")"
grep -q "libkalends.so not found" "$tmp/out" && grep -q "make install" "$tmp/out" && grep -q "KALENDS_LIBRARY" "$tmp/out" \
    || fail "the missing-library error does not say how to fix it: $(cat "$tmp/out")"
echo "swift_consumer_test: no library: caught, exit 1: $(head -c 100 "$tmp/out")..."
# a KALENDS_LIBRARY that does not load is that error, not another library
mv "$tmp/elsewhere" "$prefix"
set +e
env -i KALENDS_LIBRARY=/nonexistent/libkalends.so "$hello" > "$tmp/out" 2> "$tmp/err"; status=$?
set -e
[ "$status" = 1 ] && grep -q "KALENDS_LIBRARY=/nonexistent/libkalends.so cannot be loaded" "$tmp/out" \
    || fail "a KALENDS_LIBRARY that does not load: exit $status, $(cat "$tmp/out")"
echo "swift_consumer_test: KALENDS_LIBRARY that does not load: that error, no fallback to the installed library"
