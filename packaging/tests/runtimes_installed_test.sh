#!/usr/bin/env bash
# Other runtimes against an installed library: `make install` into a temporary prefix, then
# the conformance scenario (bindings/conformance) of the runtimes that load or link it
# without a build of their own worth the time (LuaJIT, Ruby, Perl by path; Go linked with
# -L PREFIX/lib and run through LD_LIBRARY_PATH), given only that prefix. Then the prefix's
# library is removed and LuaJIT and Go must fail: they used it, not the in-tree build.
# Runtimes whose toolchain is missing print their "skipped" line.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
fail() { echo "runtimes_installed_test: FAIL: $*" >&2; exit 1; }
major=$(sed -n 's/^#define KALENDS_VERSION_MAJOR \([0-9]*\).*/\1/p' include/kalends/version.h)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s install PREFIX="$tmp/prefix" > /dev/null
lib=(KALENDS_LIB_DIR="$tmp/prefix/lib" KALENDS_LIBRARY="$tmp/prefix/lib/libkalends.so.$major")
echo "runtimes against make install's prefix ($tmp/prefix/lib/libkalends.so.$major):"
make -s --no-print-directory -C bindings/conformance run-luajit run-ruby run-perl run-go "${lib[@]}"
rm "$tmp"/prefix/lib/libkalends.so*
for r in luajit go; do
    if make -s --no-print-directory -C bindings/conformance have-$r 2>/dev/null; then
        if make -s --no-print-directory -C bindings/conformance exec-$r "${lib[@]}" > "$tmp/$r.log" 2>&1; then
            fail "$r passed without the installed library: it did not use it"
        fi
        echo "  $r: fails once the prefix's library is removed (it was the one used)"
    fi
done
