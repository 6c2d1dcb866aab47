"""The floor of ``month_grid`` for a month whose Day objects are made anew: how long the
cheapest construction found of the objects a MonthGrid holds takes, next to
calendar.Calendar.monthdatescalendar and to the parts of kalends' real path, in one
process, samples alternating, thread CPU time.

    python bench/python/month_grid_floor.py [SAMPLES]

The floor rows read nothing from the grid but its day count: every Day is made from one
constant 9-tuple by ``tuple.__new__`` mapped over the days (the cheapest way found to make
a NamedTuple instance; ``functools.partial``, ``Day._make`` and ``Day(*fields)`` cost
more, see the last rows, 35 Days each), and each row's WeekOfYear and Week from
constants. The "part" rows are kalends' real steps, added one by one. If "fill + every
object from constants" is near monthdatescalendar's time, a ``month_grid`` that returns
these objects cannot reach 1x: reading the fields out of the buffer and gathering them
(the difference between the "part" and "floor" rows) comes on top.
"""
from __future__ import annotations

import calendar
import statistics
import sys
import time
from functools import partial
from itertools import repeat, starmap
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

import kalends  # noqa: E402
from kalends import Day, Week, WeekOfYear  # noqa: E402
from kalends.calendar import (  # noqa: E402
    _FLAG_RUNS_BUT_TODAY, _ROW_CUTS, _grid_days, _hot_month_grid, _month_grid, _weeks,
)
from kalends.calendar import GRID_MAX_DAYS, grid_buffer  # noqa: E402

BATCH = 2000
# the months of month_grid_bench.py: 300 distinct months in turn, variable rows
MONTHS = [(2000 + i % 50, 1 + i % 12) for i in range(BATCH)]
VARIABLE = kalends.Rows.VARIABLE


def _thirty_five(way: Callable[[int], object], y: int, m: int) -> object:
    """35 Days made one way (the month is ignored)."""
    return way(35)


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    py = calendar.Calendar(0)
    cal = kalends.Calendar(today=kalends.Today.OFF)
    kept = cal._months
    buf = grid_buffer()
    handle, days_out, count_out, count = cal._handle_pointer, buf.days_pointer, buf.count_pointer, buf.count
    day = cal.month_grid(2026, 11).weeks[1].days[0]
    constant_day, constant_week = tuple(day), tuple(day.week_of_year)
    tuple_new = tuple.__new__

    def fill(y: int, m: int) -> None:
        _hot_month_grid(handle, y, m, VARIABLE, days_out, GRID_MAX_DAYS, count_out)

    def floor_days(y: int, m: int) -> object:
        fill(y, m)
        return tuple(map(tuple_new, repeat(Day), repeat(constant_day, count.value)))

    def floor_grid(y: int, m: int) -> object:
        fill(y, m)
        n = count.value
        days = tuple(map(tuple_new, repeat(Day), repeat(constant_day, n)))
        row_weeks = tuple(map(tuple_new, repeat(WeekOfYear), repeat(constant_week, n // 7)))
        return _month_grid(y, m, VARIABLE, tuple(map(tuple_new, repeat(Week), zip(row_weeks, _ROW_CUTS[n](days)))))

    def grid_days(y: int, m: int) -> tuple[Day, ...]:
        fill(y, m)
        return _grid_days(buf, _FLAG_RUNS_BUT_TODAY)

    def weeks(y: int, m: int) -> tuple[Week, ...]:
        return _weeks(grid_days(y, m))

    def grid(y: int, m: int) -> object:
        return _month_grid(y, m, VARIABLE, weeks(y, m))

    def first_time(y: int, m: int) -> object:
        kept.clear()
        return cal.month_grid(y, m, VARIABLE)

    ways: dict[str, Callable[[int], object]] = {
        "tuple.__new__ (map)": lambda n: tuple(map(tuple_new, repeat(Day), repeat(constant_day, n))),
        "functools.partial(tuple.__new__, Day)": lambda n: tuple(map(partial(tuple_new, Day), repeat(constant_day, n))),
        "Day._make": lambda n: tuple(map(Day._make, repeat(constant_day, n))),
        "Day(*fields)": lambda n: tuple(starmap(Day, repeat(constant_day, n))),
    }
    contenders: dict[str, Callable[[int, int], object]] = {
        "calendar.monthdatescalendar": py.monthdatescalendar,
        "kalends month_grid, Days made anew": first_time,
        "floor: the C fill (raw call, reused buffer)": fill,
        "floor: fill + Days from a constant": floor_days,
        "floor: fill + every object from constants": floor_grid,
        "part: fill + _grid_days": grid_days,
        "part: ... + _weeks": weeks,
        "part: ... + the MonthGrid": grid,
    }
    for name, way in ways.items():
        contenders[f"35 Days by {name}"] = partial(_thirty_five, way)
    results: dict[str, list[float]] = {name: [] for name in contenders}
    order = list(contenders.items())
    for _ in range(2):   # warm up (flag runs, caches of the calendar module)
        for _, fn in order:
            for y, m in MONTHS:
                fn(y, m)
    clock = time.thread_time_ns
    for k in range(samples):
        for name, fn in (order if k % 2 == 0 else order[::-1]):
            t = clock()
            for y, m in MONTHS:
                fn(y, m)
            results[name].append((clock() - t) / BATCH)
    base = results["calendar.monthdatescalendar"]
    print(f"month_grid floor, Python {sys.version.split()[0]}, {samples} samples x {BATCH} months "
          "(thread CPU time; share of monthdatescalendar's time: median of per-sample ratios, and min/min):")
    for name, values in results.items():
        shares = [v / b for v, b in zip(values, base)]
        print(f"  {name:44s} {statistics.median(values) / 1000:7.2f} us  {statistics.median(shares):5.2f}"
              f"  {min(values) / min(base):5.2f}")


if __name__ == "__main__":
    main()
