"""Writes .build/kalends-stdlib/libswiftCore.a: the toolchain's static libswiftCore.a with
the "retain" mark taken off its functions, so that --gc-sections drops the ones Kalends
never calls (about 1 MB of the stdlib's code, unwind tables and relocations).

Why: Swift.o, the stdlib inside libswiftCore.a, keeps most of its code in one .text
section, but puts 8,000 functions (public inlinable generics: Array, Dictionary, String,
Collection algorithms, ...) each in a section of its own marked SHF_GNU_RETAIN, and the
linker never removes a retained section, called or not. Without the mark they are ordinary
function sections: the linker keeps those that something it keeps refers to (a call, a
witness table, a metadata record), as for every other function. Only `.text.*` sections
lose the mark; data and Swift metadata sections keep theirs.

Package.swift links this copy before the toolchain's when it exists (`make` writes it
first); the file is rewritten only when its bytes would change, so an unchanged toolchain
relinks nothing.

    python3 packaging/stdlib_archive.py [--check]   # --check: exit 1 if missing or stale
"""
from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / ".build" / "kalends-stdlib" / "libswiftCore.a"
SHF_GNU_RETAIN = 0x200000


def toolchain_archive() -> Path:
    """The static libswiftCore.a of the swiftc on PATH (its runtime resource path's
    sibling swift_static/<os>/)."""
    swiftc = os.environ.get("SWIFTC", "swiftc")
    info = json.loads(subprocess.run([swiftc, "-print-target-info"], check=True,
                                     capture_output=True, text=True).stdout)
    resource = Path(info["paths"]["runtimeResourcePath"])      # .../usr/lib/swift
    os_name = info["target"]["triple"].split("-")[2]            # linux
    path = resource.parent / "swift_static" / os_name / "libswiftCore.a"
    if not path.is_file():
        raise SystemExit(f"stdlib_archive: no {path} (a toolchain without the static stdlib?)")
    return path


def unretain_elf(buf: bytearray, off: int) -> int:
    """Clears SHF_GNU_RETAIN on the .text.* sections of the ELF64 little-endian object at
    `off` in `buf`; the number of sections changed."""
    if buf[off + 4] != 2 or buf[off + 5] != 1:
        raise SystemExit("stdlib_archive: not an ELF64 little-endian object")
    shoff, = struct.unpack_from("<Q", buf, off + 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", buf, off + 0x3A)
    names, = struct.unpack_from("<Q", buf, off + shoff + shstrndx * shentsize + 0x18)
    changed = 0
    for i in range(shnum):
        header = off + shoff + i * shentsize
        name_at = off + names + struct.unpack_from("<I", buf, header)[0]
        if not buf.startswith(b".text.", name_at):
            continue
        flags, = struct.unpack_from("<Q", buf, header + 8)
        if flags & SHF_GNU_RETAIN:
            struct.pack_into("<Q", buf, header + 8, flags & ~SHF_GNU_RETAIN)
            changed += 1
    return changed


def unretained(archive: bytes) -> tuple[bytes, int]:
    """The archive with every ELF member unretained (same size, same layout)."""
    buf = bytearray(archive)
    if not buf.startswith(b"!<arch>\n"):
        raise SystemExit("stdlib_archive: not an ar archive")
    pos, changed = 8, 0
    while pos + 60 <= len(buf):
        size = int(buf[pos + 48:pos + 58])
        data = pos + 60
        if buf.startswith(b"\x7fELF", data):
            changed += unretain_elf(buf, data)
        pos = data + size + (size & 1)
    return bytes(buf), changed


def main() -> int:
    source = toolchain_archive()
    content, changed = unretained(source.read_bytes())
    if changed == 0:
        print(f"stdlib_archive: {source} has no retained functions: nothing to do", file=sys.stderr)
    current = TARGET.read_bytes() if TARGET.is_file() else None
    if "--check" in sys.argv[1:]:
        return 0 if current == content else 1
    if current != content:
        TARGET.parent.mkdir(parents=True, exist_ok=True)
        tmp = TARGET.with_suffix(".tmp")
        tmp.write_bytes(content)
        tmp.replace(TARGET)
        print(f"stdlib_archive: wrote {TARGET.relative_to(ROOT)} ({changed} functions of {source} no longer retained)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
