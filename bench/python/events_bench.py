"""The event store from Python against the two things a Python host would write itself:
``bisect`` over a list of events sorted by start (tuples, and its own Event objects
with three bisects: the fastest lookup it can write), and SQLite (the ``sqlite3`` module,
in memory, indexed start and end), holding the same events, in one process, samples
alternating; medians and ratios (theirs / Kalends': above 1 means Kalends is faster).

    python bench/python/events_bench.py [SAMPLES [SIZES]]   (SIZES: 10000,1000000 -- the queries only)

The query: the events overlapping a visible month (42 days), in start order, at random
positions over 20 years, at 10,000 and 1,000,000 events. Times are this thread's CPU
time, samples alternate and so does who goes first. Every approach returns the
events as Python objects (bisect: the host's own event tuples; SQLite: row tuples;
Kalends: ``EventStore.query``, the store's Event objects: ids from the library, the
objects the store keeps for them). All three answers are checked to be the same events
(in the same order for SQLite, ordered as Kalends orders) before timing.
"""
from __future__ import annotations

import bisect
import datetime as dt
import random
import sqlite3
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_summary import record  # noqa: E402
from kalends import Event, EventStore, View  # noqa: E402

DAY = 86_400
FIRST_DAY = 13_514          # 2007-01-01
SPAN_DAYS = 7_305           # 20 years
QUERIES = 200


def make_events(n: int, rng: random.Random) -> list[Event]:
    """Mostly timed events of minutes to hours, some all-day and multi-day ones."""
    out = []
    for i in range(1, n + 1):
        if rng.random() < 0.1:
            first = FIRST_DAY + rng.randrange(SPAN_DAYS)
            out.append(Event(i, "event", True, first, first + rng.randrange(4)))
        else:
            start = FIRST_DAY * DAY + rng.randrange(SPAN_DAYS * DAY)
            length = rng.randrange(7 * DAY) if rng.random() < 0.05 else rng.randrange(3 * 3600)
            out.append(Event(i, "event", False, start, start + length))
    return out


def span(e: Event) -> tuple[int, int]:
    """[start, end) in seconds; all-day events cover their UTC days."""
    return (e.start * DAY, (e.end + 1) * DAY) if e.all_day else (e.start, e.end)


class Bisect:
    """What a host writes by hand: (start, id, end, title) tuples sorted by start; a
    query bisects to [lo - longest, hi) and keeps those that overlap."""

    def __init__(self, events: list[Event]) -> None:
        rows = sorted((*span(e), e.id, e.title) for e in events)
        self.rows = [(s, i, e, t) for s, e, i, t in rows]
        self.starts = [r[0] for r in self.rows]
        self.longest = max(r[2] - r[0] for r in self.rows)

    def query(self, first: int, last: int) -> list[tuple[int, int, int, str]]:
        lo, hi = first * DAY, (last + 1) * DAY
        a = bisect.bisect_left(self.starts, lo - self.longest)
        b = bisect.bisect_left(self.starts, hi)
        return [r for r in self.rows[a:b] if r[2] > lo or (r[2] == r[0] and r[0] >= lo)]


class HostLookup:
    """The fastest lookup a host writes by hand over its own objects: its Event objects
    in a list sorted by start, their starts and ends beside them, and the longest
    event's length. A query is three bisects: the events starting in the range are one
    slice; those starting up to the longest length before it are kept when they end
    inside it."""

    def __init__(self, events: list[Event]) -> None:
        self.objects = sorted(events, key=span)
        spans = [span(e) for e in self.objects]
        self.starts = [s for s, _ in spans]
        self.ends = [e for _, e in spans]
        self.longest = max(e - s for s, e in spans)

    def query(self, first: int, last: int) -> list[Event]:
        lo, hi = first * DAY, (last + 1) * DAY
        starts, ends, objects = self.starts, self.ends, self.objects
        a = bisect.bisect_left(starts, lo - self.longest)
        m = bisect.bisect_left(starts, lo, a)
        b = bisect.bisect_left(starts, hi, m)
        return [objects[i] for i in range(a, m) if ends[i] > lo] + objects[m:b]


class Sqlite:
    def __init__(self, events: list[Event]) -> None:
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, start INTEGER, end INTEGER, all_day INTEGER, "
                        "title TEXT)")
        self.db.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?)",
                            ((e.id, *span(e), int(e.all_day), e.title) for e in events))
        self.db.execute("CREATE INDEX by_start ON events(start)")
        self.db.execute("CREATE INDEX by_end ON events(end)")
        self.longest = self.db.execute("SELECT max(end - start) FROM events").fetchone()[0]
        self.sql = ("SELECT id, start, end, title FROM events WHERE start < ? AND start >= ? "
                    "AND (end > ? OR (end = start AND start >= ?)) ORDER BY start, all_day DESC, id")

    def query(self, first: int, last: int) -> list[tuple[int, int, int, str]]:
        lo, hi = first * DAY, (last + 1) * DAY
        return self.db.execute(self.sql, (hi, lo - self.longest, lo, lo)).fetchall()


def median_ns(fn, firsts: list[int]) -> float:
    """ns of this thread's CPU per query (time.thread_time_ns: on a shared machine wall
    time also counts the waits while the process is preempted; see solver_bench.py)."""
    t = time.thread_time_ns()
    for f in firsts:
        fn(f)
    return (time.thread_time_ns() - t) / len(firsts)


def run(n: int, samples: int) -> None:
    rng = random.Random(n)
    events = make_events(n, rng)
    t = time.perf_counter()
    store = EventStore(events)
    load_k = time.perf_counter() - t
    t = time.perf_counter()
    bis = Bisect(events)
    load_b = time.perf_counter() - t
    host = HostLookup(events)
    t = time.perf_counter()
    sql = Sqlite(events)
    load_s = time.perf_counter() - t
    firsts = [FIRST_DAY + rng.randrange(SPAN_DAYS - 42) for _ in range(QUERIES)]
    d0 = dt.date(1970, 1, 1)
    found = 0
    for f in firsts:   # the same events in the same order
        ours = [e.id for e in store.query(d0 + dt.timedelta(days=f), d0 + dt.timedelta(days=f + 41))]
        theirs = [r[1] for r in bis.query(f, f + 41)]
        rows = [r[0] for r in sql.query(f, f + 41)]
        looked_up = [e.id for e in host.query(f, f + 41)]
        if not (ours == rows and sorted(ours) == sorted(theirs) == sorted(looked_up)):
            sys.exit(f"events_bench: answers differ at day {f}: {len(ours)}, {len(theirs)}, {len(rows)} events")
        found += len(ours)
    days = {f: (d0 + dt.timedelta(days=f), d0 + dt.timedelta(days=f + 41)) for f in firsts}
    k, b, s, h = [], [], [], []
    contenders = [(k, lambda f: store.query(*days[f])), (b, lambda f: bis.query(f, f + 41)),
                  (s, lambda f: sql.query(f, f + 41)), (h, lambda f: host.query(f, f + 41))]
    for i in range(samples):   # who goes first alternates
        for out, fn in (contenders if i % 2 == 0 else contenders[::-1]):
            out.append(median_ns(fn, firsts))
    mk, mb, ms, mh = statistics.median(k), statistics.median(b), statistics.median(s), statistics.median(h)
    print(f"  {n:>9} events, {found / QUERIES:6.0f} per month: kalends {mk / 1000:9.1f} us   bisect {mb / 1000:9.1f} us"
          f" ({mb / mk:5.2f}x)   sqlite3 {ms / 1000:9.1f} us ({ms / mk:5.2f}x)   three bisects over the host's "
          f"objects {mh / 1000:7.1f} us ({mh / mk:5.2f}x)   (load {load_k:.2f} s, {load_b:.2f} s, {load_s:.2f} s)")
    record(f"events.py.query_bisect.{n}", mb, mk)
    record(f"events.py.query_host.{n}", mh, mk)
    record(f"events.py.query_sqlite.{n}", ms, mk)


def resident() -> int:
    """This process's resident set, bytes."""
    with open("/proc/self/statm", encoding="ascii") as f:
        return int(f.read().split()[1]) * 4096


def memory(kind: str, n: int) -> None:
    """Prints the resident growth of holding n events the host already has: a kalends
    EventStore after every event has been queried (its mirror complete), or the bisect
    host's sorted list. Run in a fresh process per kind (see main)."""
    events = make_events(n, random.Random(n))
    d0 = dt.date(1970, 1, 1)
    before = resident()
    if kind == "kalends":
        held: object = EventStore(events)
        for f in range(FIRST_DAY - 7, FIRST_DAY + SPAN_DAYS + 7, 42):
            held.query(d0 + dt.timedelta(days=f), d0 + dt.timedelta(days=f + 41))  # type: ignore[attr-defined]
    else:
        held = Bisect(events)
    print(resident() - before)


def memories(n: int) -> None:
    import subprocess
    grown = {}
    for kind in ("bisect", "kalends"):
        out = subprocess.run([sys.executable, __file__, "--memory", kind, str(n)], check=True, capture_output=True,
                             text=True).stdout
        grown[kind] = int(out.split()[-1])
    print(f"  {n:>9} events held by the host: kalends store, all queried {grown['kalends'] / 2**20:6.0f} MiB   "
          f"bisect's sorted tuples {grown['bisect'] / 2**20:6.0f} MiB")
    record(f"events.py.memory.{n}", grown["bisect"] / 2**20, grown["kalends"] / 2**20)


def bars(n: int, samples: int) -> None:
    """Month bars from Python: n multi-day all-day events (1...5 days) in November 2026,
    every lane shown (view.event_bars, Python objects out)."""
    rng = random.Random(7)
    first = 20_758  # 2026-11-01
    events = []
    for i in range(1, n + 1):
        start = first + rng.randrange(30)
        events.append(Event(i, "event", True, start, start + rng.randrange(5)))
    store = EventStore(events)
    view = View(width=390)
    view.go_to(dt.date(2026, 11, 1))
    shown = len(view.event_bars(store, max_lanes=1000)[0])
    reps = 50
    times = []
    for _ in range(samples):   # CPU time (see median_ns)
        t = time.thread_time_ns()
        for _ in range(reps):
            view.event_bars(store, max_lanes=1000)
        times.append((time.thread_time_ns() - t) / reps)
    med = statistics.median(times)
    print(f"  month bars from Python, {n} multi-day events, {shown} bars: {med / 1000:8.1f} us")
    record(f"bars.py.{n}", 0, med / 1000)


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--memory":
        memory(sys.argv[2], int(sys.argv[3]))
        return
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    sizes = [int(n) for n in sys.argv[2].split(",")] if len(sys.argv) > 2 else [10_000, 1_000_000]
    print("  visible-month query (42 days), median us per query; (theirs / kalends)")
    for n in sizes:
        run(n, samples)
    if len(sys.argv) > 2:   # sizes given: the queries only
        return
    memories(1_000_000)
    bars(500, samples)


if __name__ == "__main__":
    main()
