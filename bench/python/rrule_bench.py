"""Whole expansions against dateutil.rrule, same process, alternating samples:
weekly for 10 years (and 100 years: the same rule at two sizes), the last day of the month for 100 years, the 4th Thursday of
November for 1,000 years. Kalends from Python (kalends.rrule: list(rrule(...)), the
drop-in, and rule.occurrences(), the bulk call) and from C (c/build/rrule_bench, run
here, its medians read back). Prints medians and ratios (dateutil / Kalends).

usage: python3 rrule_bench.py [SAMPLES]   (the anchor, python-dateutil 4.0.0, is installed apart
with pip on first use, see bindings/python/tests/compat/rrule_oracle/oracle.py)
"""
from __future__ import annotations

import datetime
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).resolve().parent
# The anchor is python-dateutil 4.0.0, installed apart by the tests' oracle helper.
sys.path.insert(0, str(HERE.parents[1] / "bindings" / "python" / "tests" / "compat"))
from rrule_oracle import oracle  # noqa: E402

sys.path.insert(0, str(oracle.prepare()))
import dateutil  # noqa: E402
import dateutil.rrule as du  # noqa: E402

import kalends.rrule as kr  # noqa: E402

sys.path.insert(0, str(HERE))
from bench_summary import record  # noqa: E402
START = datetime.datetime(2000, 1, 1, 9)

CASES: list[tuple[str, Callable[[Any], Any]]] = [
    ("weekly-10-years", lambda m: m.rrule(m.WEEKLY, dtstart=START, until=datetime.datetime(2010, 1, 1))),
    # the same rule at ten times the size: the cost per occurrence should stay put
    ("weekly-100-years", lambda m: m.rrule(m.WEEKLY, dtstart=START, until=datetime.datetime(2100, 1, 1))),
    ("monthly-last-day-100-years", lambda m: m.rrule(m.MONTHLY, dtstart=START, bymonthday=-1, count=1200)),
    ("yearly-4th-thursday-1000-years",
     lambda m: m.rrule(m.YEARLY, dtstart=START, bymonth=11, byweekday=m.TH(4), count=1000)),
]


def median_ns(fn: Callable[[], object], samples: int) -> float:
    times = []
    for _ in range(samples):
        t0 = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - t0)
    return statistics.median(times)


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    c_results: dict[str, tuple[int, float]] = {}
    program = HERE.parent / "c" / "build" / "rrule_bench"
    if program.exists():
        out = subprocess.run([str(program), str(samples * 5)], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            name, n, ns = line.split()
            c_results[name] = (int(n), float(ns))
    print(f"dateutil {dateutil.__version__}; medians of {samples} samples (C: {samples * 5})")
    print(f"{'case':32} {'n':>5} {'dateutil':>11} {'kalends py':>11} {'bulk py':>11} {'C':>10}"
          f" {'py x':>7} {'bulk x':>7} {'C x':>7}")
    for name, make in CASES:
        expected = list(make(du))
        got = list(make(kr))
        bulk = make(kr).occurrences()
        assert got == expected == bulk, name
        t_du = t_kr = t_bulk = 0.0
        # alternate: one sample of each in turn
        d, k, b = [], [], []
        for _ in range(samples):
            d.append(median_ns(lambda: list(make(du)), 1))
            k.append(median_ns(lambda: list(make(kr)), 1))
            b.append(median_ns(lambda: make(kr).occurrences(), 1))
        t_du, t_kr, t_bulk = statistics.median(d), statistics.median(k), statistics.median(b)
        c = c_results.get(name)
        if c is not None:
            assert c[0] == len(expected), (name, c[0], len(expected))
            record(f"rrule.c.{name}", t_du, c[1])
        record(f"rrule.py.{name}", t_du, t_kr)
        c_text = f"{c[1] / 1e3:8.1f}us" if c else "       n/a"
        c_ratio = f"{t_du / c[1]:6.0f}x" if c else "    n/a"
        print(f"{name:32} {len(expected):5} {t_du / 1e3:9.0f}us {t_kr / 1e3:9.0f}us {t_bulk / 1e3:9.0f}us {c_text}"
              f" {t_du / t_kr:6.1f}x {t_du / t_bulk:6.1f}x {c_ratio}")


if __name__ == "__main__":
    main()
