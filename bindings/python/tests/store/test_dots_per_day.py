"""Dots read day by day from the store's interval indexes (issue 27's year page): the
counts and first colours of every day against a brute-force walk of the events in
Python (zoneinfo for the local days), at several sizes, in UTC and in a zone with
daylight saving, and with recurring entries against the store's own per-day query."""
from __future__ import annotations

import datetime as dt
import random
from zoneinfo import ZoneInfo

import pytest

from kalends import Event, EventStore, TimeZone
from kalends.errors import InvalidArgumentError

UTC = dt.timezone.utc
FIRST, LAST = dt.date(2025, 12, 29), dt.date(2027, 1, 3)   # a year page's 371 days


def random_singles(n: int, seed: int) -> list[tuple[Event, tuple]]:
    """Events with what the walk needs: all-day (first, last) or timed (start, end)."""
    rng = random.Random(seed)
    base = dt.datetime(2025, 12, 1, tzinfo=UTC)
    out: list[tuple[Event, tuple]] = []
    for i in range(n):
        color = rng.getrandbits(32)
        if rng.random() < 0.2:
            first = dt.date(2025, 12, 1) + dt.timedelta(days=rng.randrange(430))
            last = first + dt.timedelta(days=rng.choice([0, 0, 1, 3, 9, 70, 800]))
            out.append((Event.on_days(i, f"d{i}", first, last, color=color), ("day", first, last)))
        else:
            # starts on the hour now and then, so several events share a start
            seconds = rng.randrange(430 * 24) * 3600 if rng.random() < 0.3 else rng.randrange(430 * 86_400)
            start = base + dt.timedelta(seconds=seconds)
            end = start + dt.timedelta(seconds=rng.choice([0, 900, 3600, 86_400 - (seconds % 86_400), 86_400 * 3,
                                                            86_400 * 20, 86_400 * 200]))
            out.append((Event.timed(i, f"t{i}", start, end, color=color), ("time", start, end)))
    return out


def walk(events: list[tuple[Event, tuple]], zone: dt.tzinfo, max_colors: int) -> list[tuple[int, list[int]]]:
    """Per day of FIRST ... LAST: the events covering it, ordered by (start instant,
    all-day first, id), all-day events starting at their first day's local midnight."""
    days = (LAST - FIRST).days + 1
    covering: list[list[tuple[float, int, int, int]]] = [[] for _ in range(days)]
    for e, what in events:
        if what[0] == "day":
            a, b = what[1], what[2]
            key = dt.datetime.combine(a, dt.time(), tzinfo=zone).timestamp()
            rank = 0
        else:
            start, end = what[1], what[2]
            a = start.astimezone(zone).date()
            b = (end - dt.timedelta(seconds=1)).astimezone(zone).date() if end > start else a
            key, rank = start.timestamp(), 1
        d = max(a, FIRST)
        while d <= min(b, LAST):
            covering[(d - FIRST).days].append((key, rank, e.id, e.color))
            d += dt.timedelta(days=1)
    return [(len(c), [x[3] for x in sorted(c)[:max_colors]]) for c in covering]


@pytest.mark.parametrize("n", [0, 300, 3000, 12_000])
@pytest.mark.parametrize("zone_name", ["UTC", "America/New_York"])
def test_dots_match_a_walk_of_the_events(n: int, zone_name: str) -> None:
    events = random_singles(n, seed=n + len(zone_name))
    store = EventStore([e for e, _ in events])
    zone = None if zone_name == "UTC" else TimeZone(zone_name)
    for max_colors in (0, 1, 3, 7):
        dots = store.dots(FIRST, LAST, max_colors=max_colors, zone=zone)
        got = [(d.count, d.colors) for d in dots]
        assert got == walk(events, ZoneInfo(zone_name), max_colors)


def test_dots_after_changes_match_the_walk() -> None:
    events = random_singles(2000, seed=7)
    store = EventStore([e for e, _ in events])
    rng = random.Random(8)
    removed = set(rng.sample(range(len(events)), 500))
    for i in removed:
        store.remove(events[i][0].id)
    kept = [x for i, x in enumerate(events) if i not in removed]
    assert [(d.count, d.colors) for d in store.dots(FIRST, LAST, 3)] == walk(kept, UTC, 3)


def test_dots_with_recurring_entries_match_the_days_queries() -> None:
    events = random_singles(1500, seed=3)
    store = EventStore([e for e, _ in events])
    start = dt.datetime(2026, 2, 1, 9, tzinfo=UTC)
    store.add_series(Event.timed(90_001, "daily", start, start + dt.timedelta(hours=1), color=11), "RRULE:FREQ=DAILY;COUNT=200")
    store.add_series(Event.timed(90_002, "hourly", start, start + dt.timedelta(minutes=20), color=12), "RRULE:FREQ=HOURLY")
    store.add_series(Event.on_days(90_003, "weekly", dt.date(2026, 1, 5), color=13), "RRULE:FREQ=WEEKLY;BYDAY=MO,TH")
    paris = TimeZone("Europe/Paris")
    for zone in (None, paris):
        dots = store.dots(FIRST, LAST, 3, zone)
        for i, d in enumerate(dots):
            day = FIRST + dt.timedelta(days=i)
            assert d.count == store.count(day, day, zone)
            assert d.colors == [e.color for e in store.query(day, day, zone, limit=3)]


def test_dots_refuse_a_range_over_100000_days_from_c() -> None:
    store = EventStore([e for e, _ in random_singles(10, seed=1)])
    with pytest.raises(InvalidArgumentError):
        store.dots(dt.date(1800, 1, 1), dt.date(2100, 1, 1), 1)


@pytest.mark.parametrize("n", [50, 1500, 6000])
def test_dots_counted_by_rank_follow_changes_made_after_them(n: int) -> None:
    """The counts by rank are made on the first dots and kept by each add, update and
    remove after it: the dots after every round of changes match the walk."""
    events = random_singles(n, seed=100 + n)
    store = EventStore([e for e, _ in events])
    assert [(d.count, d.colors) for d in store.dots(FIRST, LAST, 3)] == walk(events, UTC, 3)
    rng = random.Random(n)
    live = dict(enumerate(events))
    extra = random_singles(3 * n // 10 + 5, seed=200 + n)
    for round_ in range(3):
        for i in rng.sample(sorted(live), len(live) // 10):
            store.remove(live.pop(i)[0].id)
        for j, (e, what) in enumerate(extra[round_::3]):
            moved = Event.on_days(e.id + 1_000_000, e.title, *what[1:], color=e.color) if what[0] == "day" \
                else Event.timed(e.id + 1_000_000, e.title, *what[1:], color=e.color)
            store.add(moved)
            live[1_000_000 + round_ * 100_000 + j] = (moved, what)
        for i in rng.sample(sorted(live), min(len(live), 20)):   # update: same id, another event's times
            e, _ = live[i]
            _, what = extra[rng.randrange(len(extra))]
            changed = Event.on_days(e.id, e.title, *what[1:], color=e.color) if what[0] == "day" \
                else Event.timed(e.id, e.title, *what[1:], color=e.color)
            store.update(changed)
            live[i] = (changed, what)
        assert [(d.count, d.colors) for d in store.dots(FIRST, LAST, 3)] == walk(list(live.values()), UTC, 3)


def short_singles(n: int, seed: int) -> list[tuple[Event, tuple]]:
    """Events of at most a day or two (a busy calendar's mix), many sharing a start: few
    enough days covered that the dots come from one pass over the range's events."""
    rng = random.Random(seed)
    base = dt.datetime(2025, 12, 20, tzinfo=UTC)
    out: list[tuple[Event, tuple]] = []
    for i in range(n):
        color = rng.getrandbits(32)
        if rng.random() < 0.1:
            first = dt.date(2025, 12, 20) + dt.timedelta(days=rng.randrange(390))
            last = first + dt.timedelta(days=rng.choice([0, 0, 1]))
            out.append((Event.on_days(i, f"d{i}", first, last, color=color), ("day", first, last)))
        else:
            start = base + dt.timedelta(seconds=rng.randrange(390 * 96) * 900)
            end = start + dt.timedelta(seconds=rng.choice([0, 900, 3600, 7200, 86_400]))
            out.append((Event.timed(i, f"t{i}", start, end, color=color), ("time", start, end)))
    return out


@pytest.mark.parametrize("n", [1000, 4000, 20_000])
@pytest.mark.parametrize("zone_name", ["UTC", "Europe/Paris"])
def test_dots_of_short_events_match_the_walk(n: int, zone_name: str) -> None:
    """1,000 and 4,000 short events over the page are read in one pass (the days they
    cover within 16 a day shown), 20,000 day by day: both match the walk."""
    events = short_singles(n, seed=n)
    store = EventStore([e for e, _ in events])
    zone = None if zone_name == "UTC" else TimeZone(zone_name)
    for max_colors in (1, 3):
        got = [(d.count, d.colors) for d in store.dots(FIRST, LAST, max_colors=max_colors, zone=zone)]
        assert got == walk(events, ZoneInfo(zone_name), max_colors)


def test_queries_after_dots_and_changes_match_the_walk() -> None:
    """Dots mark the index's runs of intervals by their latest end (queries then pass
    over runs that end before their range): every query after dots, and after changes
    made since, lists the events a walk finds, in order."""
    events = short_singles(3000, seed=5) + random_singles(600, seed=6)
    events = [(Event.on_days(i, e.title, *w[1:], color=e.color) if w[0] == "day" else
               Event.timed(i, e.title, *w[1:], color=e.color), w) for i, (e, w) in enumerate(events)]
    store = EventStore([e for e, _ in events])
    store.dots(FIRST, LAST, 3)
    rng = random.Random(9)

    def check(live: list[tuple[Event, tuple]]) -> None:
        for _ in range(60):
            a = FIRST + dt.timedelta(days=rng.randrange(371))
            b = a + dt.timedelta(days=rng.choice([0, 0, 1, 6, 30]))
            want = []
            for e, what in live:
                if what[0] == "day":
                    first, last = what[1], what[2]
                    key, rank = dt.datetime.combine(first, dt.time(), tzinfo=UTC).timestamp(), 0
                else:
                    start, end = what[1], what[2]
                    first = start.date()
                    last = (end - dt.timedelta(seconds=1)).date() if end > start else first
                    key, rank = start.timestamp(), 1
                if first <= b and last >= a:
                    want.append((key, rank, e.id))
            assert [e.id for e in store.query(a, b)] == [x[2] for x in sorted(want)]

    check(events)
    live = dict(enumerate(events))
    for i in rng.sample(sorted(live), 400):
        store.remove(live.pop(i)[0].id)
    for j, (e, what) in enumerate(short_singles(300, seed=10)):
        moved = Event.timed(50_000 + j, e.title, *what[1:], color=e.color) if what[0] == "time" \
            else Event.on_days(50_000 + j, e.title, *what[1:], color=e.color)
        store.add(moved)
        live[50_000 + j] = (moved, what)
    check(list(live.values()))      # the changed chunks' runs unmarked, the others marked
    store.dots(FIRST, LAST, 3)
    check(list(live.values()))
