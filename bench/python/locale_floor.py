"""The floor of ``Locale.parse_date`` and ``Locale.format_interval`` through ctypes: an
empty C function with the same argument types (compiled here with ``cc``, called as the
bindings call theirs), next to datetime.strptime and babel's format_interval, the parts
of kalends' Python path one by one, and the whole call; one process, medians of thread CPU time (the machine may be shared).

    python bench/python/locale_floor.py

If "anchor / floor" is below 20, a ratio of 20x cannot be reached through ctypes
whatever the library does: the call's own cost is more than a twentieth of the anchor.
"""
from __future__ import annotations

import ctypes
import datetime
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

import kalends  # noqa: E402
from kalends.locale import _output, _parse_output  # noqa: E402

STUB = r"""
#include <stddef.h>
#include <stdint.h>
int32_t floor_parse(void *locale, const char *calendar, const uint8_t *text, size_t length, int32_t styles,
                    int32_t *out, int32_t *stopped) {
    (void)locale; (void)calendar; (void)text; (void)length; (void)styles; (void)stopped;
    *out = 20779;
    return 0;
}
int32_t floor_interval(void *locale, const char *calendar, int32_t start, int32_t end, const char *skeleton,
                       char *buffer, size_t capacity, size_t *length) {
    (void)locale; (void)calendar; (void)start; (void)end; (void)skeleton; (void)capacity;
    buffer[0] = 'x';
    *length = 1;
    return 0;
}
"""

N = 4000
DATES = [datetime.date(2024, 10, 4) + datetime.timedelta(days=37 * i) for i in range(64)]
TYPED = [f"{d.month}/{d.day}/{d.year % 100:02d}" for d in DATES]
WEEKS = [(d, d + datetime.timedelta(days=6)) for d in DATES]


def stub_library(folder: str) -> ctypes.CDLL:
    cc = os.environ.get("CC", "cc")
    if shutil.which(cc) is None:
        raise SystemExit(f"locale_floor: no C compiler ({cc}) to build the empty function")
    source = os.path.join(folder, "floor.c")
    with open(source, "w", encoding="utf-8") as f:
        f.write(STUB)
    out = os.path.join(folder, "libfloor.so")
    subprocess.run([cc, "-O2", "-shared", "-fPIC", source, "-o", out], check=True)
    return ctypes.CDLL(out)


def per_call(fn: Callable[[int], None]) -> float:
    fn(N // 4)
    samples = []
    for _ in range(9):
        t = time.thread_time_ns()
        fn(N)
        samples.append((time.thread_time_ns() - t) / N)
    return statistics.median(samples)


def show(title: str, rows: list[tuple[str, Callable[[int], None]]]) -> None:
    """Times each row's function and prints it with the first row's (the anchor's) ratio."""
    times = [(label, per_call(fn)) for label, fn in rows]
    print(title)
    for label, ns in times:
        print(f"  {label:44s} {ns:8.1f} ns   anchor/this {times[0][1] / ns:5.1f}x")


def main() -> None:
    en = kalends.Locale("en_US")
    with tempfile.TemporaryDirectory() as folder:
        stub = stub_library(folder)
        parse, interval = stub.floor_parse, stub.floor_interval
        parse.restype = interval.restype = ctypes.c_int32
        out, text_out = _parse_output, _output
        ptr = en._ptr
        bufs = [t.encode() for t in TYPED]

        def strptime(n: int) -> None:
            for i in range(n):
                datetime.datetime.strptime(TYPED[i & 63], "%m/%d/%y")

        def empty_parse(n: int) -> None:
            for i in range(n):
                data = bufs[i & 63]
                parse(ptr, None, data, ctypes.c_size_t(len(data)), 8, out.value_pointer, out.stopped_pointer)

        def empty_parse_and_date(n: int) -> None:
            fromordinal, epoch = datetime.date.fromordinal, kalends.dates.EPOCH_ORDINAL
            for i in range(n):
                data = TYPED[i & 63].encode()
                parse(ptr, None, data, ctypes.c_size_t(len(data)), 8, out.value_pointer, out.stopped_pointer)
                fromordinal(out.value.value + epoch)

        def ours_parse(n: int) -> None:
            for i in range(n):
                en.parse_date(TYPED[i & 63], "short")

        show("parse_date (en_US short) through ctypes:",
             [("strptime(%m/%d/%y) (anchor)", strptime), ("empty ctypes call, parse's argument types", empty_parse),
              ("  + str.encode + date.fromordinal", empty_parse_and_date), ("Locale.parse_date(short)", ours_parse)])

        try:
            from babel import Locale as BabelLocale
            from babel.dates import format_interval
        except ImportError:
            raise SystemExit("locale_floor: babel is needed for the format_interval rows (pip install babel)")
        babel_en = BabelLocale.parse("en_US")
        skeleton = b"yMMMd"
        epoch = kalends.dates.EPOCH_ORDINAL

        def babel(n: int) -> None:
            for i in range(n):
                a, b = WEEKS[i & 63]
                format_interval(a, b, "yMMMd", locale=babel_en)

        def empty_interval(n: int) -> None:
            for i in range(n):
                a, b = WEEKS[i & 63]
                interval(ptr, None, a.toordinal() - epoch, b.toordinal() - epoch, skeleton, text_out.buffer,
                         text_out.capacity, text_out.length_pointer)

        def empty_interval_and_text(n: int) -> None:
            for i in range(n):
                a, b = WEEKS[i & 63]
                interval(ptr, None, a.toordinal() - epoch, b.toordinal() - epoch, skeleton, text_out.buffer,
                         text_out.capacity, text_out.length_pointer)
                text_out.buffer.raw[:text_out.length.value].decode("utf-8")

        def ours_interval(n: int) -> None:
            for i in range(n):
                a, b = WEEKS[i & 63]
                en.format_interval(a, b, "yMMMd")

        show("format_interval (en_US, a week) through ctypes:",
             [("babel format_interval yMMMd (anchor)", babel), ("empty ctypes call, interval's argument types", empty_interval),
              ("  + the text decoded", empty_interval_and_text), ("Locale.format_interval(yMMMd)", ours_interval)])


if __name__ == "__main__":
    main()
