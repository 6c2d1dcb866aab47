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


# Interval titles (issue 27): a week's title by yMMMd, babel's format_interval the anchor.
from babel.dates import format_interval  # noqa: E402

WEEKS = [(d, d + datetime.timedelta(days=6)) for d in DATES]


def babel_interval(n: int) -> None:
    for i in range(n):
        a, b = WEEKS[i & 63]
        format_interval(a, b, "yMMMd", locale=BABEL[i & 3])


def kalends_interval(n: int) -> None:
    for i in range(n):
        a, b = WEEKS[i & 63]
        OURS[i & 3].format_interval(a, b, "yMMMd")


# Typed dates (issue 27): en_US's short date ("M/d/yy") read back, datetime.strptime with
# the same pattern ("%m/%d/%y") the anchor.
EN = kalends.Locale("en_US")
TYPED = [f"{d.month}/{d.day}/{d.year % 100:02d}" for d in DATES]


def strptime_short(n: int) -> None:
    for i in range(n):
        datetime.datetime.strptime(TYPED[i & 63], "%m/%d/%y")


def kalends_parse(n: int) -> None:
    for i in range(n):
        EN.parse_date(TYPED[i & 63], "short")


for key, label, ours, theirs, n in (("format_interval", "format_interval yMMMd (a week)", kalends_interval, babel_interval, 2000),
                                    ("parse_date", "parse_date en_US short vs strptime", kalends_parse, strptime_short, 2000)):
    b, k = median(theirs, n), median(ours, n)
    print(f"  {label:40s} anchor {b:9.1f} ns  kalends {k:9.1f} ns  ratio {b / k:5.1f}x")
    record(f"locale.py.{key}", b, k)
