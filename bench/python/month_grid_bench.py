"""Month grids from Python: kalends against calendar.Calendar.monthdatescalendar, in
the same process. Samples of each contender alternate (and so does who goes first); medians
are reported. Times are the thread's CPU time (time.thread_time_ns): on this shared
machine wall time also counts the 10-50 ms a process waits whenever it is preempted,
which falls on whichever contender happens to be running (see solver_bench.py).

    python bench/python/month_grid_bench.py [SAMPLES]
"""
from __future__ import annotations

import calendar
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import kalends  # noqa: E402
from bench_summary import record  # noqa: E402
from kalends._native import lib  # noqa: E402
from kalends.calendar import GRID_MAX_DAYS, grid_buffer  # noqa: E402

BATCH = 2000
# 300 distinct months in turn: more grids than a calendar keeps (8), so month_grid makes
# each grid (its rows and the MonthGrid); the Day objects of a month are shared by its
# grids while the calendar keeps them (384 grids), so a second row times months whose
# Days are made anew (what a month shown for the first time costs).
MONTHS = [(2000 + i % 50, 1 + i % 12) for i in range(BATCH)]


def timed(fn: Callable[[int, int], object]) -> float:
    """ns of CPU per call over one batch of changing months."""
    t = time.thread_time_ns()
    for y, m in MONTHS:
        fn(y, m)
    return (time.thread_time_ns() - t) / BATCH


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    py = calendar.Calendar(0)
    cal = kalends.Calendar(today=kalends.Today.OFF)
    cold = kalends.Calendar(today=kalends.Today.OFF)
    kept = cold._months   # the Day objects of the last month grids

    def first_time(y: int, m: int) -> object:
        kept.clear()   # forget the Day objects kept: the grid makes its month's
        return cold.month_grid(y, m, kalends.Rows.VARIABLE)
    buf = grid_buffer()
    handle, raw = cal._handle, lib.kalends_calendar_month_grid
    variable = int(kalends.Rows.VARIABLE)

    def raw_call(y: int, m: int) -> object:
        return raw(handle, y, m, variable, buf.days_address, GRID_MAX_DAYS, buf.count_address)

    contenders: dict[str, Callable[[int, int], object]] = {
        "calendar.monthdatescalendar": py.monthdatescalendar,
        "kalends month_dates (datetime.date weeks)": lambda y, m: cal.month_dates(y, m, kalends.Rows.VARIABLE),
        "kalends raw call into a reused buffer": raw_call,
        "kalends month_grid (Day objects, flags)": lambda y, m: cal.month_grid(y, m, kalends.Rows.VARIABLE),
        "kalends month_grid, Days made anew": first_time,
        # a month shown again (a redraw, paging back): the calendar's recent grids
        "kalends month_grid, the same month again": lambda y, m: cal.month_grid(2026, 11, kalends.Rows.VARIABLE),
    }
    # same answers before timing anything
    for y, m in MONTHS[:120]:
        assert cal.month_dates(y, m, kalends.Rows.VARIABLE) == py.monthdatescalendar(y, m)
    for fn in contenders.values():
        timed(fn)  # warm up
    results: dict[str, list[float]] = {name: [] for name in contenders}
    order = list(contenders.items())
    for k in range(samples):
        for name, fn in (order if k % 2 == 0 else order[::-1]):
            results[name].append(timed(fn))
    base = statistics.median(results["calendar.monthdatescalendar"])
    print(f"month grids from Python {sys.version.split()[0]}, {samples} samples x {BATCH} months (medians):")
    for name, values in results.items():
        med = statistics.median(values)
        ratio = "" if name.startswith("calendar.") else f"   {base / med:5.2f}x faster than monthdatescalendar"
        print(f"  {name:44s} {med / 1000:7.2f} us{ratio}")
    record("grid.py.month_dates", base, statistics.median(results["kalends month_dates (datetime.date weeks)"]))
    record("grid.py.month_grid", base, statistics.median(results["kalends month_grid (Day objects, flags)"]))
    record("grid.py.month_grid_first_time", base, statistics.median(results["kalends month_grid, Days made anew"]))
    record("grid.py.month_grid_again", base, statistics.median(results["kalends month_grid, the same month again"]))


if __name__ == "__main__":
    main()
