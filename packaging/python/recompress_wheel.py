"""Rewrites a wheel (a zip file) with the same entries, names, bytes, times and permissions,
each entry compressed by libdeflate at its highest level (12) instead of zlib's level 6,
which is what setuptools and `wheel tags` write. The result is plain DEFLATE (method 8):
every unzip, pip and zipfile reads it as before; RECORD's hashes are of the entries'
bytes and stay true. libkalends.so deflates to about 3.3% less (86 KB on the 6.6 MB
library), in about 5 s; zopfli's 15 iterations get within 0.1% of it in 10 times that.

    python3 packaging/python/recompress_wheel.py WHEEL   # needs PyPI's deflate (libdeflate)

make wheel (build_wheel.sh) runs it last, after `wheel tags`.
"""
from __future__ import annotations

import os
import struct
import sys
import tempfile
import zipfile
import zlib
from pathlib import Path

import deflate

LEVEL = 12   # libdeflate's slowest and smallest
VERSION = 20   # "version needed to extract": 2.0, DEFLATE
UTF8_NAME = 0x800   # general-purpose flag bit 11: the name is UTF-8


def dos_time(date_time: tuple[int, int, int, int, int, int]) -> tuple[int, int]:
    year, month, day, hour, minute, second = date_time
    return (hour << 11) | (minute << 5) | (second // 2), ((year - 1980) << 9) | (month << 5) | day


def recompress(source: Path, target: Path) -> None:
    """Writes `target`: `source`'s entries, in its order, each DEFLATEd at LEVEL (or stored,
    if that is smaller)."""
    central = bytearray()
    count = 0
    with zipfile.ZipFile(source) as old, open(target, "wb") as out:
        for info in old.infolist():
            data = old.read(info)
            packed = deflate.deflate_compress(data, LEVEL)
            method = zipfile.ZIP_DEFLATED
            if len(packed) >= len(data):
                packed, method = data, zipfile.ZIP_STORED
            name = info.filename.encode("utf-8")
            flags = UTF8_NAME if not info.filename.isascii() else 0
            time, date = dos_time(info.date_time)
            crc = zlib.crc32(data)
            if len(data) > 0xFFFFFFFF or out.tell() > 0xFFFFFFFF:
                raise SystemExit(f"recompress_wheel: {source} needs zip64, which this writer does not write")
            offset = out.tell()
            out.write(struct.pack("<IHHHHHIIIHH", 0x04034B50, VERSION, flags, method, time, date,
                                  crc, len(packed), len(data), len(name), 0))
            out.write(name)
            out.write(packed)
            central += struct.pack("<IBBHHHHHIIIHHHHHII", 0x02014B50, VERSION, info.create_system, VERSION,
                                   flags, method, time, date, crc, len(packed), len(data), len(name), 0, 0, 0,
                                   info.internal_attr, info.external_attr, offset)
            central += name
            count += 1
        start = out.tell()
        out.write(central)
        out.write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(central), start, 0))


def main() -> int:
    if len(sys.argv) != 2:
        raise SystemExit("usage: recompress_wheel.py WHEEL")
    wheel = Path(sys.argv[1])
    before = wheel.stat().st_size
    fd, name = tempfile.mkstemp(prefix=wheel.name, dir=wheel.parent)
    os.close(fd)
    partial = Path(name)
    try:
        recompress(wheel, partial)
        partial.chmod(wheel.stat().st_mode & 0o777)
        with zipfile.ZipFile(wheel) as old, zipfile.ZipFile(partial) as new:
            bad = new.testzip()
            if bad is not None or [i.filename for i in old.infolist()] != [i.filename for i in new.infolist()] \
                    or any(old.read(i) != new.read(i.filename) for i in old.infolist()):
                raise SystemExit(f"recompress_wheel: the rewritten {wheel} does not hold what it held")
        partial.replace(wheel)
    finally:
        partial.unlink(missing_ok=True)
    print(f"recompress_wheel: {wheel}: {before} -> {wheel.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
