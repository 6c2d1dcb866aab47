"""A dense recurring event costs what is shown (issue 24, item 2): one VEVENT with
RRULE:FREQ=SECONDLY (86,400 occurrences a day, 3,628,800 on a month page) against the
same with FREQ=MINUTELY (60 times fewer), from Python and through the CLI.

    python bench/python/dense_bench.py [SAMPLES]

From Python (this thread's CPU time, samples alternating, medians): the month page's
bars (``View.event_bars``) and dots (``EventStore.dots``), and a count of a month
against a count of a year (``EventStore.count``). The CLI (``python -m kalends 2026 11
--events FILE``, the text month and its listing): wall time and peak RSS of the child
(``resource.getrusage(RUSAGE_CHILDREN)``), medians, against the same command without
events. Goals: bars and dots <= 1 ms, the CLI done in <= 1 s, <= 50 MB; and the two
densities alike (the cost follows what is shown, not the occurrences behind it).
"""
from __future__ import annotations

import datetime as dt
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_summary import record  # noqa: E402
from kalends import EventStore, View, ical  # noqa: E402

FIRST, LAST = dt.date(2026, 10, 26), dt.date(2026, 12, 6)   # November 2026's page


def calendar(freq: str) -> bytes:
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//kalends//bench//EN\r\nBEGIN:VEVENT\r\nUID:dense\r\n"
            "DTSTAMP:20260101T000000Z\r\nSUMMARY:Tick\r\nDTSTART:20260101T000000Z\r\nDTEND:20260101T000001Z\r\n"
            f"RRULE:FREQ={freq}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").encode()


def cpu_median(fn: object, samples: int) -> float:
    """Median CPU time of fn() in microseconds."""
    times = []
    for _ in range(samples):
        t = time.thread_time_ns()
        fn()  # type: ignore[operator]
        times.append((time.thread_time_ns() - t) / 1000)
    return statistics.median(times)


def alternate(a: object, b: object, samples: int) -> tuple[float, float]:
    """Medians (us) of a and b, samples alternating and who goes first alternating."""
    ta, tb = [], []
    for i in range(samples):
        for which in ((a, ta), (b, tb)) if i % 2 == 0 else ((b, tb), (a, ta)):
            t = time.thread_time_ns()
            which[0]()  # type: ignore[operator]
            which[1].append((time.thread_time_ns() - t) / 1000)
    return statistics.median(ta), statistics.median(tb)


def cli(path: str | None, samples: int) -> tuple[float, float]:
    """Median wall time (ms) and peak RSS (MiB) of the CLI's month page, each run in a
    fresh child (maxrss is per process: each run is measured by a wrapper child)."""
    walls, peaks = [], []
    args = [sys.executable, "-m", "kalends", "2026", "11"] + (["--events", path] if path else [])
    env = dict(os.environ, TZ="UTC", PYTHONPATH=str(Path(__file__).resolve().parents[2] / "bindings" / "python"))
    probe = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
             "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True); "
             "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    for _ in range(samples):
        out = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, env=env, check=True,
                             timeout=120)
        wall, rss = out.stdout.split()
        walls.append(float(wall) * 1000)
        peaks.append(int(rss) / 1024)
    return statistics.median(walls), statistics.median(peaks)


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 51
    stores, views = {}, {}
    for freq in ("SECONDLY", "MINUTELY"):
        store = EventStore()
        ical.load(calendar(freq), store)
        view = View(width=700)
        view.go_to(dt.date(2026, 11, 1))
        stores[freq], views[freq] = store, view
        bars, more = view.event_bars(store)
        assert len(more) == 42 and len(bars) == 84, (freq, len(bars), len(more))
    assert {m.hidden for m in views["SECONDLY"].event_bars(stores["SECONDLY"])[1]} == {86_398}
    assert stores["SECONDLY"].count(FIRST, LAST) == 42 * 86_400

    bars = alternate(lambda: views["MINUTELY"].event_bars(stores["MINUTELY"]),
                     lambda: views["SECONDLY"].event_bars(stores["SECONDLY"]), samples)
    dots = alternate(lambda: stores["MINUTELY"].dots(FIRST, LAST, 3), lambda: stores["SECONDLY"].dots(FIRST, LAST, 3), samples)
    count = alternate(lambda: stores["SECONDLY"].count(FIRST, LAST),
                      lambda: stores["SECONDLY"].count(dt.date(2026, 1, 1), dt.date(2026, 12, 31)), samples)
    print(f"month page bars  : every minute {bars[0]:8.1f} us   every second {bars[1]:8.1f} us   "
          f"(x{bars[1] / bars[0]:.2f}; goal <= 1000 us)")
    print(f"month page dots  : every minute {dots[0]:8.1f} us   every second {dots[1]:8.1f} us   "
          f"(x{dots[1] / dots[0]:.2f}; goal <= 1000 us)")
    print(f"count, every sec : a month      {count[0]:8.1f} us   a year       {count[1]:8.1f} us   "
          f"(x{count[1] / count[0]:.2f}: 42 days against 365)")
    record("dense.py.bars", bars[0], bars[1])
    record("dense.py.dots", dots[0], dots[1])
    record("dense.py.count_year", count[0], count[1])

    runs = max(3, samples // 10)
    with tempfile.TemporaryDirectory() as d:
        paths = {}
        for freq in ("SECONDLY", "MINUTELY"):
            paths[freq] = os.path.join(d, f"{freq.lower()}.ics")
            Path(paths[freq]).write_bytes(calendar(freq))
        plain = cli(None, runs)
        minutely = cli(paths["MINUTELY"], runs)
        secondly = cli(paths["SECONDLY"], runs)
    print(f"CLI month page   : no events {plain[0]:7.0f} ms {plain[1]:5.1f} MiB   every minute {minutely[0]:7.0f} ms "
          f"{minutely[1]:5.1f} MiB   every second {secondly[0]:7.0f} ms {secondly[1]:5.1f} MiB   (goal <= 1000 ms, 50 MiB)")
    record("dense.cli.ms", plain[0], secondly[0])
    record("dense.cli.rss", plain[1], secondly[1])


if __name__ == "__main__":
    main()
