"""Counting endless RSCALE rules (issue 28): ``kalends_rrule_count`` and
``kalends_rrule_at`` (the middle instance) against the walk of every instance
(``kalends_rrule_next`` in batches, the anchor), in one process, for rules of about
10k, 100k and 1M instances to 9999 in systems with a cycle (islamic-civil, coptic,
persian, buddhist: counted by cycles) and without one (hebrew, chinese: year by year).
Rows: rscale.count.<case> (walk median, count median). Run against another build of
the library (KALENDS_LIBRARY) to compare before and after."""
from __future__ import annotations

import statistics
import sys
import time
from ctypes import byref, c_int32, c_int64, c_void_p
from pathlib import Path
from typing import Callable

from kalends._native import lib

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench_summary import record  # noqa: E402

DAY = 86_400
# name: (rule, DTSTART as days since 1970-01-01)
CASES = {
    "islamic-civil-yearly-10k": ("RSCALE=ISLAMIC-CIVIL;FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=1", -463_858),
    "islamic-civil-monthly-100k": ("RSCALE=ISLAMIC-CIVIL;FREQ=MONTHLY;BYMONTHDAY=1", 20_454),
    "coptic-daily-1m": ("RSCALE=COPTIC;FREQ=DAILY;BYMONTH=1,2,3,4", 20_454),
    "persian-weekly-800k": ("RSCALE=PERSIAN;FREQ=WEEKLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12;BYDAY=MO,WE", 20_454),
    "buddhist-yearly-weekno-100k": ("RSCALE=BUDDHIST;FREQ=YEARLY;BYWEEKNO=1,2;BYDAY=MO,TU,WE,TH,FR,SA,SU", 20_454),
    "hebrew-daily-240k": ("RSCALE=HEBREW;FREQ=DAILY;BYMONTH=1", 20_454),
    # Endless, its count walks more than the limit (an error, rrule.h); to 6000 it counts.
    "chinese-weekly-50k-to-6000": ("RSCALE=CHINESE;FREQ=WEEKLY;BYMONTH=1,4,7;BYSETPOS=-1,2,-3;SKIP=BACKWARD;UNTIL=60000101",
                                   11_016),
}
BATCH = 65_536


def make(text: str, start_day: int) -> c_void_p:
    out = c_void_p()
    if lib.kalends_rrule_parse(text.encode(), 0, c_int64(start_day * DAY), 1, byref(out)) != 0:
        raise RuntimeError(f"{text}: {lib.kalends_last_error()}")
    return out


def walk(r: c_void_p) -> int:
    buf = (c_int64 * BATCH)()
    n, got, total, start, inclusive = c_int32(), 0, 0, -2 ** 63, 1
    while True:
        if lib.kalends_rrule_next(r, c_int64(start), inclusive, buf, BATCH, byref(n)) != 0:
            raise RuntimeError("next failed")
        got = n.value
        total += got
        if got < BATCH:
            return total
        start, inclusive = buf[got - 1], 0


def count(r: c_void_p) -> int:
    out = c_int64()
    if lib.kalends_rrule_count(r, byref(out)) != 0:
        raise RuntimeError("count failed")
    return out.value


def at(r: c_void_p, i: int) -> int:
    out, found = c_int64(), c_int32()
    if lib.kalends_rrule_at(r, c_int64(i), byref(out), byref(found)) != 0 or not found.value:
        raise RuntimeError("at failed")
    return out.value


def timed(text: str, start_day: int, fn: Callable[[c_void_p], int], samples: int) -> float:
    """Median ns of making the rule and one call on it (the handle freed after)."""
    times = []
    for _ in range(samples):
        t0 = time.perf_counter_ns()
        r = make(text, start_day)
        fn(r)
        times.append(time.perf_counter_ns() - t0)
        lib.kalends_rrule_free(r)
    return statistics.median(times)


def once(text: str, start_day: int, fn: Callable[[c_void_p], int]) -> int:
    r = make(text, start_day)
    try:
        return fn(r)
    finally:
        lib.kalends_rrule_free(r)


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    only = sys.argv[2:] or list(CASES)
    print(f"counting endless RSCALE rules, medians of {samples} (a new handle each sample: nothing cached)")
    print(f"{'case':30} {'n':>9} {'walk':>10} {'count':>10} {'at(n/2)':>10} {'walk/count':>10}")
    for name in only:
        text, start_day = CASES[name]
        n = once(text, start_day, count)
        walked = once(text, start_day, walk)
        assert n == walked, (name, n, walked)
        t_walk = timed(text, start_day, walk, max(1, samples // 2))
        t_count = timed(text, start_day, count, samples)
        t_at = timed(text, start_day, lambda r: at(r, n // 2), samples)
        record(f"rscale.count.{name}", t_walk, t_count)
        print(f"{name:30} {n:9} {t_walk / 1e6:8.1f}ms {t_count / 1e6:8.2f}ms {t_at / 1e6:8.2f}ms"
              f" {t_walk / t_count:9.1f}x")


if __name__ == "__main__":
    main()
