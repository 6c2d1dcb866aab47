#!/usr/bin/env bash
# make wheel: dist/kalends-VERSION-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl,
# installable on every x86_64 Linux with glibc 2.17 or later.
# The library inside is not make's: packaging/manylinux/link.py builds the same sources
# optimised for size (-Osize, in .build-wheel) and links them against glibc 2.17's
# symbols, with libstdc++ inside (.build/manylinux/libkalends.so).
# pip builds bindings/python with that library (KALENDS_PACKAGE_LIBRARY; setup.py strips
# it; link.py's trap_unreachable.py reads it with pyelftools), auditwheel (from PyPI,
# installed when missing, with wheel, ziglang and pyelftools) must find the
# manylinux_2_17 tag (nothing needs grafting: the library needs only glibc and libgcc_s),
# `wheel tags` retags the wheel with it and its manylinux2014 alias, `auditwheel show`
# checks the result, recompress_wheel.py deflates its entries again with libdeflate's
# highest level (PyPI's deflate; -3% against zlib's level 6), and the wheel must stay
# within 3 MB.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
python=${PYTHON:-python3}
export PIP_ROOT_USER_ACTION=ignore
pip=("$python" -m pip --disable-pip-version-check)
tag=manylinux_2_17_x86_64
tags=$tag.manylinux2014_x86_64   # the same platform under PEP 599's name, for pip < 20.3
max_bytes=3000000

missing=()
"$python" -c "import auditwheel" 2>/dev/null || missing+=(auditwheel)
"$python" -c "import wheel.cli" 2>/dev/null || missing+=(wheel)
"$python" -c "import ziglang" 2>/dev/null || command -v zig >/dev/null || missing+=(ziglang)
"$python" -c "import deflate" 2>/dev/null || missing+=(deflate)
"$python" -c "import elftools" 2>/dev/null || missing+=(pyelftools)
[ ${#missing[@]} -eq 0 ] || "${pip[@]}" install --quiet "${missing[@]}"

"$python" packaging/manylinux/link.py
library=$root/.build/manylinux/libkalends.so

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -rf bindings/python/build   # setuptools builds in place: no file of an older build
KALENDS_PACKAGE_LIBRARY=$library "${pip[@]}" wheel --quiet --no-deps -w "$tmp/raw" ./bindings/python
rm -rf bindings/python/build
raw=$(ls "$tmp"/raw/kalends-*.whl)
case "$raw" in
    *-py3-none-linux_*.whl) ;;
    *) echo "make wheel: $raw is not a platform wheel: was libkalends.so built? (make)" >&2; exit 1 ;;
esac
found=$("$python" -m auditwheel show "$raw" 2>/dev/null | tr '\n' ' ' | sed -n 's/.*consistent with the following platform tag: "\([^"]*\)".*/\1/p')
[ "$found" = "$tag" ] || { "$python" -m auditwheel show "$raw"; echo "make wheel: auditwheel found '$found', not $tag" >&2; exit 1; }
mkdir -p dist
rm -f dist/kalends-*.whl
tagged=$(cd "$tmp/raw" && "$python" -m wheel tags --remove --platform-tag "$tags" "$(basename "$raw")")
mv "$tmp/raw/$tagged" dist/
wheel=dist/$tagged
"$python" packaging/python/recompress_wheel.py "$wheel"
"$python" -m auditwheel show "$wheel" 2>/dev/null | tr '\n' ' ' | grep -q "consistent with the following platform tag: \"$tag\"" \
    || { "$python" -m auditwheel show "$wheel"; echo "make wheel: $wheel is not $tag" >&2; exit 1; }
platforms=${wheel##*-py3-none-}   # wheel tags writes the platform tags sorted
[ "$(tr '.' '\n' <<< "${platforms%.whl}" | sort)" = "$(tr '.' '\n' <<< "$tags" | sort)" ] \
    || { echo "make wheel: $wheel is not tagged py3-none-$tags" >&2; exit 1; }
size=$(stat -c %s "$wheel")
[ "$size" -le "$max_bytes" ] || { echo "make wheel: $wheel is $size bytes, more than $max_bytes" >&2; exit 1; }
echo "wheel: $wheel ($size bytes; auditwheel: $tag)"
