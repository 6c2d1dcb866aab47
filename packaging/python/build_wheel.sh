#!/usr/bin/env bash
# make wheel: dist/kalends-VERSION-py3-none-manylinux_X_Y_x86_64.whl with libkalends.so inside.
# pip builds bindings/python (setup.py puts make's fresh release library in, stripped), then
# auditwheel (from PyPI, installed when missing) finds the manylinux tag the library's
# symbol versions allow, `wheel tags` retags the wheel with it (nothing needs grafting: the
# library depends on libc, libm, libstdc++ and libgcc_s only), and `auditwheel show` checks
# the result.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
python=${PYTHON:-python3}
export PIP_ROOT_USER_ACTION=ignore
pip=("$python" -m pip --disable-pip-version-check)

missing=()
"$python" -c "import auditwheel" 2>/dev/null || missing+=(auditwheel)
"$python" -c "import wheel.cli" 2>/dev/null || missing+=(wheel)
[ ${#missing[@]} -eq 0 ] || "${pip[@]}" install --quiet "${missing[@]}"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -rf bindings/python/build   # setuptools builds in place: no file of an older build
"${pip[@]}" wheel --quiet --no-deps -w "$tmp/raw" ./bindings/python
rm -rf bindings/python/build
raw=$(ls "$tmp"/raw/kalends-*.whl)
case "$raw" in
    *-py3-none-linux_*.whl) ;;
    *) echo "make wheel: $raw is not a platform wheel: was libkalends.so built? (make)" >&2; exit 1 ;;
esac
tag=$("$python" -m auditwheel show "$raw" 2>/dev/null | tr '\n' ' ' | sed -n 's/.*consistent with the following platform tag: "\([^"]*\)".*/\1/p')
[ -n "$tag" ] || { "$python" -m auditwheel show "$raw"; echo "make wheel: auditwheel found no manylinux tag" >&2; exit 1; }
mkdir -p dist
rm -f dist/kalends-*.whl
tagged=$(cd "$tmp/raw" && "$python" -m wheel tags --platform-tag "$tag" "$(basename "$raw")")
mv "$tmp/raw/$tagged" dist/
wheel=dist/$tagged
"$python" -m auditwheel show "$wheel" 2>/dev/null | tr '\n' ' ' | grep -q "consistent with the following platform tag: \"$tag\"" \
    || { "$python" -m auditwheel show "$wheel"; echo "make wheel: $wheel is not $tag" >&2; exit 1; }
case "$wheel" in
    *-py3-none-"$tag".whl) ;;
    *) echo "make wheel: $wheel is not tagged py3-none-$tag" >&2; exit 1 ;;
esac
echo "wheel: $wheel ($(stat -c %s "$wheel") bytes; auditwheel: $tag)"
