#!/usr/bin/env bash
# An old glibc to run the wheel's library on (packaging/tests/old_glibc_test.sh): Debian
# 11's glibc 2.31 with its own loader, LuaJIT 2.1, Python 3.9 and pytest 6, unpacked from
# Debian's packages into a folder (nothing is installed on the system; apt-get reads a
# sources list of its own and downloads into that folder). Run a program there with
#   ROOT/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 --inhibit-cache \
#       --library-path ROOT/lib/x86_64-linux-gnu:ROOT/usr/lib/x86_64-linux-gnu ROOT/usr/bin/python3.9
#
# Why Debian 11: it is the oldest release Debian's mirror still serves (glibc 2.17 to 2.28,
# CentOS 7 to Debian 10, are only in archives this machine cannot reach, and PyPI has no
# glibc). 2.31 is older than everything that raised make's library's floor (2.33's stat,
# 2.34's pthread/dl move, 2.35, 2.36's DT_RELR, GCC 11's libstdc++); link.py's symbol
# check and auditwheel hold the rest of the way down to 2.17.
#
#   bash packaging/manylinux/debian11_root.sh [ROOT]   # prints ROOT; does nothing if it is there
# ROOT: $KALENDS_OLD_GLIBC_ROOT, else ~/.cache/kalends/debian-11 (XDG_CACHE_HOME).
set -euo pipefail
root=${1:-${KALENDS_OLD_GLIBC_ROOT:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/kalends/debian-11}}
packages=(libc6 libgcc-s1 luajit libluajit-5.1-2
          python3.9-minimal libpython3.9-minimal libpython3.9-stdlib libffi7 zlib1g libexpat1
          python3-pytest python3-pluggy python3-py python3-attr python3-iniconfig python3-packaging
          python3-toml python3-more-itertools python3-pyparsing python3-six)
stamp="debian 11 (bullseye): ${packages[*]}"
if [ -f "$root/.kalends-root" ] && [ "$(cat "$root/.kalends-root")" = "$stamp" ]; then
    echo "$root"; exit 0
fi
for tool in apt-get dpkg-deb; do
    command -v $tool >/dev/null || { echo "debian11_root: needs $tool (Debian's apt and dpkg)" >&2; exit 1; }
done
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -f $keyring ] || { echo "debian11_root: needs $keyring (Debian's debian-archive-keyring)" >&2; exit 1; }

mkdir -p "$(dirname "$root")"
work=$(mktemp -d "$(dirname "$root")/.debian-11.XXXXXX")   # beside ROOT: renamed into place when whole
trap 'rm -rf "$work"' EXIT
mkdir -p "$work"/apt/{lists/partial,archives/partial} "$work/debs" "$work/root"
echo "deb [signed-by=$keyring] http://deb.debian.org/debian bullseye main" > "$work/apt/sources.list"
: > "$work/apt/status"
apt=(apt-get -q -o Dir::Etc::SourceList="$work/apt/sources.list" -o Dir::Etc::SourceParts=/nonexistent
     -o Dir::State::Lists="$work/apt/lists" -o Dir::Cache="$work/apt" -o Dir::State::status="$work/apt/status"
     -o APT::Architecture=amd64 -o APT::Architectures::=amd64 -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
"${apt[@]}" update > "$work/apt.log" 2>&1 \
    || { cat "$work/apt.log" >&2; echo "debian11_root: apt-get update of Debian 11 (bullseye) failed" >&2; exit 1; }
(cd "$work/debs" && "${apt[@]}" download "${packages[@]}") >> "$work/apt.log" 2>&1 \
    || { tail -20 "$work/apt.log" >&2; echo "debian11_root: could not download ${packages[*]} from Debian 11" >&2; exit 1; }
for deb in "$work"/debs/*.deb; do dpkg-deb -x "$deb" "$work/root"; done
echo "$stamp" > "$work/root/.kalends-root"
rm -rf "$root"
mv "$work/root" "$root"
echo "$root"
