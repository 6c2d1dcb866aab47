"""RFC 7529 rules (RSCALE) against libical's iterator (built with ICU): c/rscale_bench.c
times Kalends from C and libical from C in one process; this times kalends.rrule (the
dateutil drop-in, from Python) on the same rules and writes the summary rows: rscale.c.*
and rscale.py.*, each against libical's C median (libical has no Python binding here)."""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

import kalends.rrule as kr

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench_summary import record  # noqa: E402

CASES = {
    "chinese-new-year-1000-years": "DTSTART:15820101\nRRULE:RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1;UNTIL=25820101",
    "hebrew-monthly-100-years": "DTSTART:20260101\nRRULE:RSCALE=HEBREW;FREQ=MONTHLY;BYMONTHDAY=1;UNTIL=21260101",
    "ramadan-500-years": "DTSTART:20260101\nRRULE:RSCALE=ISLAMIC-CIVIL;FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=1;UNTIL=25260101",
}


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 11
    program = HERE.parent / "c" / "build" / "rscale_bench"
    out = subprocess.run([str(program), str(samples)], capture_output=True, text=True, check=True).stdout
    c_results = {}
    for line in out.splitlines():
        name, n, k, lib = line.split()
        c_results[name] = (int(n), float(k), float(lib))
    print(f"RSCALE rules, medians of {samples} samples: Kalends from C and Python, libical (ICU) from C")
    print(f"{'case':30} {'n':>5} {'libical C':>11} {'kalends C':>11} {'kalends py':>11} {'C x':>7} {'py x':>7}")
    for name, text in CASES.items():
        n, k_c, lib_c = c_results[name]
        got = list(kr.rrulestr(text))
        assert len(got) == n, (name, len(got), n)
        times = []
        for _ in range(samples):
            t0 = time.perf_counter_ns()
            list(kr.rrulestr(text))
            times.append(time.perf_counter_ns() - t0)
        k_py = statistics.median(times)
        record(f"rscale.c.{name}", lib_c, k_c)
        record(f"rscale.py.{name}", lib_c, k_py)
        print(f"{name:30} {n:5} {lib_c / 1e3:9.0f}us {k_c / 1e3:9.0f}us {k_py / 1e3:9.0f}us"
              f" {lib_c / k_c:6.0f}x {lib_c / k_py:6.1f}x")


if __name__ == "__main__":
    main()
