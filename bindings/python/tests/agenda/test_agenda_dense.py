"""The agenda's viewports over dense days (issue 27 item 2: a viewport's cost follows its
rows, so a day's rows in view are found by rank, not by reading the day): ~300 events a
day in Europe/Berlin across the clock change of 2026-10-25 (a day of 25 hours), many of
them starting at the same instant, against a brute-force agenda built with zoneinfo
(every event on each local day it covers, all-day first, each kind by start then id),
before and after adds and removals. No timing (bench/ measures the cost)."""
from __future__ import annotations

import datetime as dt
import random
from zoneinfo import ZoneInfo

from kalends import Agenda, Event, EventStore, TimeZone

BERLIN = ZoneInfo("Europe/Berlin")
FIRST, LAST = dt.date(2026, 10, 23), dt.date(2026, 10, 27)
H, R = 30.0, 20.0
UTC = dt.timezone.utc


def random_event(rng: random.Random, id: int) -> Event:
    day = FIRST + dt.timedelta(days=rng.randrange(-1, (LAST - FIRST).days + 2))
    if rng.randrange(12) == 0:
        return Event.on_days(id, f"a{id}", day, day + dt.timedelta(days=rng.randrange(3) if rng.randrange(4) == 0 else 0))
    # local wall times; a sixth of them at 09:00 sharp (ties broken by id)
    minute = 9 * 60 if rng.randrange(6) == 0 else rng.randrange(24 * 60)
    start = dt.datetime.combine(day, dt.time(minute // 60, minute % 60), BERLIN)
    length = dt.timedelta(minutes=rng.choice([0, 30, 60, 24 * 60]) if rng.randrange(40) else rng.randrange(24 * 60, 72 * 60))
    return Event.timed(id, f"t{id}", start, start + length)


def reference(events: dict[int, Event]) -> tuple[list[tuple[float, dt.date, int, int, int, int]], dict[dt.date, float], float]:
    """(top, day, id (0 for a heading), day index, day count, position) of every row, the
    blocks' tops and the total height."""
    on: dict[dt.date, list[tuple[bool, int, int, dt.date, dt.date]]] = {}
    for e in events.values():
        if e.all_day:
            a = dt.date(1970, 1, 1) + dt.timedelta(days=e.start)
            b = dt.date(1970, 1, 1) + dt.timedelta(days=e.end)
        else:
            s = dt.datetime.fromtimestamp(e.start, UTC).astimezone(BERLIN)
            t = dt.datetime.fromtimestamp(e.end, UTC).astimezone(BERLIN)
            a = s.date()
            b = (t - dt.timedelta(seconds=1)).date() if e.end > e.start else a
        day = max(a, FIRST)
        while day <= min(b, LAST):
            on.setdefault(day, []).append((not e.all_day, e.start, e.id, a, b))
            day += dt.timedelta(days=1)
    lines: list[tuple[float, dt.date, int, int, int, int]] = []
    tops: dict[dt.date, float] = {}
    top = 0.0
    for day in sorted(on):
        tops[day] = top
        lines.append((top, day, 0, 0, 0, 0))
        top += H
        for i, (_, _, id, a, b) in enumerate(sorted(on[day])):
            lines.append((top, day, id, (day - a).days + 1, (b - a).days + 1, i))
            top += R
    return lines, tops, top


def check(store: EventStore, events: dict[int, Event], rng: random.Random) -> None:
    lines, tops, total = reference(events)
    agenda = Agenda(store, FIRST, LAST, TimeZone("Europe/Berlin"), heading_height=H, row_height=R)
    for _ in range(80):
        height = float(rng.randrange(1, 900))
        anchor = FIRST + dt.timedelta(days=rng.randrange((LAST - FIRST).days + 1))
        offset = float(rng.randrange(-500, 7000))
        page = agenda.viewport(height, anchor, offset)
        following = [d for d in tops if d >= anchor]
        position = tops[min(following)] + offset if following else total
        position = max(0.0, min(position, total - height))
        want = [(round(t - position, 6), d, id, i, n, p) for t, d, id, i, n, p in lines
                if t + (H if id == 0 else R) > position and t < position + height]
        got = [(round(r.y, 6), r.day, r.occurrence.event.id if r.occurrence else 0, r.day_index, r.day_count,
                r.position if r.occurrence else 0) for r in page.rows]
        assert got == want, (anchor, offset, height)
        assert page.at_start == (position <= 0) and page.at_end == (position + height >= total - 1e-9)


def test_dense_days_across_the_clock_change_are_slices_of_the_brute_force_agenda() -> None:
    rng = random.Random(2740)
    events = {id: random_event(rng, id) for id in range(1, 2001)}
    store = EventStore()
    store.add_events(sorted(events.values(), key=lambda e: (e.start, e.id)))
    # the 25-hour day holds its share
    lines, _, _ = reference(events)
    assert sum(1 for ln in lines if ln[1] == dt.date(2026, 10, 25) and ln[2]) > 250
    check(store, events, rng)
    for _ in range(400):
        id = rng.randrange(1, 2600)
        if id in events:
            store.remove(id)
            del events[id]
        else:
            events[id] = random_event(rng, id)
            store.add(events[id])
    check(store, events, rng)
