"""The full date style from Python: babel's format_date (CLDR 47, the anchor) against
kalends.Locale.format_date through the C ABI, same locales, same dates, same run;
median ns per call and the ratio. Opening a locale and a name are timed too."""
import datetime
import os
import statistics
import sys
import time

try:
    from babel import Locale as BabelLocale
    from babel.dates import format_date
except ImportError:
    print("  babel format_date: SKIPPED (pip install babel)")
    sys.exit(0)

import kalends

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_summary import record  # noqa: E402

NAMES = ("de", "ar_EG", "ja", "ru")
BABEL = [BabelLocale.parse(n) for n in NAMES]
OURS = [kalends.Locale(n) for n in NAMES]
DATES = [datetime.date(2024, 10, 4) + datetime.timedelta(days=37 * i) for i in range(64)]


def timed(fn, n: int) -> float:
    start = time.perf_counter_ns()
    fn(n)
    return (time.perf_counter_ns() - start) / n


def babel_full(n: int) -> None:
    for i in range(n):
        format_date(DATES[i & 63], "full", locale=BABEL[i & 3])


def kalends_full(n: int) -> None:
    for i in range(n):
        OURS[i & 3].format_date(DATES[i & 63], "full")


def babel_open(n: int) -> None:
    for i in range(n):
        BabelLocale.parse(NAMES[i & 3])


def kalends_open(n: int) -> None:
    for i in range(n):
        kalends.Locale(NAMES[i & 3])


def median(fn, n: int) -> float:
    fn(n // 4)
    return statistics.median(timed(fn, n) for _ in range(7))


for key, label, ours, theirs, n in (("format_date", "format_date full (locale made once)", kalends_full, babel_full, 2000),
                                    ("open", "open a locale", kalends_open, babel_open, 2000)):
    b, k = median(theirs, n), median(ours, n)
    print(f"  {label:40s} babel {b:9.1f} ns  kalends {k:9.1f} ns  ratio {b / k:5.1f}x")
    record(f"locale.py.{key}", b, k)
