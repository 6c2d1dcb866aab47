"""Events from Python: the store against a scan, time zones against zoneinfo, dots, bars,
the timeline, sources (synchronous, asynchronous from threads, failing), plugins."""
from __future__ import annotations

import dataclasses
import datetime as dt
import os
import random
import threading
import time
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

import kalends
from kalends import Event, EventStore, TimeZone, View
from kalends.dates import day_number

UTC = dt.timezone.utc
ROOT = Path(__file__).resolve().parents[4]
PLUGINS = ROOT / ".build" / "plugins"


def random_events(n: int, seed: int) -> list[Event]:
    rng = random.Random(seed)
    base = dt.datetime(2026, 1, 1, tzinfo=UTC)
    out = []
    for i in range(n):
        if rng.random() < 0.25:
            first = dt.date(2026, 1, 1) + dt.timedelta(days=rng.randrange(365))
            out.append(Event.on_days(i, f"all-day {i}", first, first + dt.timedelta(days=rng.choice([0, 0, 1, 3, 40])),
                                     color=rng.getrandbits(32)))
        else:
            start = base + dt.timedelta(seconds=rng.randrange(365 * 86_400))
            length = rng.choice([0, 900, 3600, 3 * 3600, 86_400 * 2, 86_400 * 90])
            out.append(Event.timed(i, f"timed {i}", start, start + dt.timedelta(seconds=length),
                                   color=rng.getrandbits(32)))
    return out


def scan(events: list[Event], first: dt.date, last: dt.date, zone: str) -> set[int]:
    z = ZoneInfo(zone)
    lo = int(dt.datetime.combine(first, dt.time(), z).timestamp())
    hi = int(dt.datetime.combine(last + dt.timedelta(days=1), dt.time(), z).timestamp())
    a, b = day_number(first), day_number(last)
    return {e.id for e in events if (e.all_day and e.start <= b and e.end >= a) or
            (not e.all_day and e.start < hi and (e.end > lo or (e.end == e.start and e.start >= lo)))}


@pytest.mark.parametrize("zone", ["UTC", "Europe/Paris", "America/New_York", "Australia/Lord_Howe"])
def test_queries_match_a_scan_in_every_zone(zone: str) -> None:
    events = random_events(2000, hash(zone) & 0xFFFF)
    store = EventStore(events)
    tz = TimeZone(zone)
    rng = random.Random(5)
    for _ in range(60):
        first = dt.date(2026, 1, 1) + dt.timedelta(days=rng.randrange(330))
        last = first + dt.timedelta(days=rng.randrange(42))
        got = store.query(first, last, tz)
        assert {e.id for e in got} == scan(events, first, last, zone)
        assert len(got) == len({e.id for e in got})


def test_time_zones_agree_with_zoneinfo() -> None:
    rng = random.Random(1)
    for name in ["Europe/Paris", "America/Sao_Paulo", "Asia/Kolkata", "Pacific/Apia", "America/St_Johns"]:
        tz, z = TimeZone(name), ZoneInfo(name)
        assert tz.name == name
        for _ in range(300):
            when = dt.datetime(1970, 1, 1, tzinfo=UTC) + dt.timedelta(seconds=rng.randrange(-2**31, 2**32))
            seconds, dst = tz.offset(when)
            local = when.astimezone(z)
            assert seconds == int(local.utcoffset().total_seconds()), (name, when)
            assert dst == bool(local.dst()), (name, when)
            assert tz.local_day(when)[0] == local.date()
    with pytest.raises(kalends.NotFoundError):
        TimeZone("Nowhere/Atlantis")
    with pytest.raises(kalends.KalendsError):
        TimeZone("../../etc/passwd")
    assert TimeZone("CET-1CEST,M3.5.0,M10.5.0/3").offset(dt.datetime(2026, 7, 1, tzinfo=UTC)) == (7200, True)


def test_the_default_zone_follows_TZ(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    assert TimeZone().name == "Asia/Tokyo"
    monkeypatch.setenv("TZ", ":Europe/Lisbon")
    assert TimeZone().name == "Europe/Lisbon"


def test_an_event_made_from_its_fields_is_timed_unless_told() -> None:
    """Event(id=1, start=0, end=3600) is one timed hour, not an all-day event over
    days 0 ... 3600: the all-day constructor is Event.on_days, not the field's name."""
    hour = Event(id=1, start=0, end=3600)
    assert hour.all_day is False and not callable(Event.all_day)
    utc = TimeZone("UTC")
    store = EventStore([hour, Event.timed(2, "t", dt.datetime(1970, 1, 1, 2, tzinfo=dt.timezone.utc),
                                          dt.datetime(1970, 1, 1, 3, tzinfo=dt.timezone.utc)),
                        Event.on_days(3, "d", dt.date(1970, 1, 1))])
    assert [item.event for item in store.timeline(dt.date(1970, 1, 1), utc)] == [1, 2]
    assert store.query(dt.date(1970, 1, 2), dt.date(1980, 1, 1), utc) == []
    assert [e.all_day for e in store.query(dt.date(1970, 1, 1), dt.date(1970, 1, 1), utc)] == [True, False, False]


def test_store_changes_and_errors() -> None:
    store = EventStore()
    e = Event.on_days(7, "Trip", dt.date(2026, 5, 1), dt.date(2026, 5, 4), color=0x00FF00FF, user_value=99)
    store.add(e)
    assert store.get(7) == e and len(store) == 1
    with pytest.raises(kalends.DuplicateError):
        store.add(e)
    with pytest.raises(kalends.InvalidArgumentError):
        store.add(Event(8, "backwards", False, 100, 50))
    with pytest.raises(kalends.OutOfRangeError):
        store.add(Event(9, "far", True, 0, 2**40))
    with pytest.raises(kalends.DuplicateError):   # all or nothing
        store.add_events([Event.on_days(10, "a", dt.date(2026, 1, 1)), Event.on_days(10, "b", dt.date(2026, 1, 2))])
    assert len(store) == 1
    e = dataclasses.replace(e, title="Trip ✈")
    store.update(e)
    assert store.get(7).title == "Trip ✈"
    store.remove(7)
    with pytest.raises(kalends.NotFoundError):
        store.remove(7)


def test_dots_count_and_colour_in_start_order() -> None:
    paris = TimeZone("Europe/Paris")
    store = EventStore([
        Event.timed(1, "late", dt.datetime(2026, 6, 1, 22, 30, tzinfo=UTC), dt.datetime(2026, 6, 1, 23, tzinfo=UTC), color=1),
        Event.timed(2, "noon", dt.datetime(2026, 6, 1, 10, tzinfo=UTC), dt.datetime(2026, 6, 1, 11, tzinfo=UTC), color=2),
        Event.on_days(3, "day", dt.date(2026, 6, 1), color=3),
    ])
    utc = store.dots(dt.date(2026, 6, 1), dt.date(2026, 6, 2), max_colors=5)
    assert [d.count for d in utc] == [3, 0] and utc[0].colors == [3, 2, 1]
    local = store.dots(dt.date(2026, 6, 1), dt.date(2026, 6, 2), max_colors=2, zone=paris)
    assert [d.count for d in local] == [2, 1]          # 22:30 UTC is 00:30 the next day in Paris
    assert local[0].colors == [3, 2] and local[1].colors == [1]


def test_month_bars_and_more_from_the_view() -> None:
    view = View(width=350)
    view.go_to(dt.date(2026, 11, 1))
    store = EventStore([Event.on_days(i, f"e{i}", dt.date(2026, 11, 10), dt.date(2026, 11, 12)) for i in range(5)])
    bars, more = view.event_bars(store, max_lanes=3)
    shown = {b.event for b in bars}
    assert len(shown) == 2 and all(b.lane < 2 for b in bars)        # the last lane says "+3 more"
    assert [(m.day, m.hidden) for m in more] == [(dt.date(2026, 11, d), 3) for d in (10, 11, 12)]
    days = {e.day_number: e.frame for e in view.layout() if e.kind == kalends.ElementKind.DAY}
    first = days[day_number(dt.date(2026, 11, 10))]
    assert bars[0].frame.x >= first.x and bars[0].frame.y > first.y


def test_a_bulk_load_into_an_empty_store_mirrors_the_hosts_own_objects() -> None:
    """EventStore(events) answers with the very objects it was given (no second copy of
    each event), in the same order and the same events as a store filled one by one
    (whose mirror reads every event back from the library); after a change the mirror
    is read anew."""
    rng = random.Random(5)
    events = []
    for i in range(1, 3001):
        if rng.random() < 0.2:
            first = 20_000 + rng.randrange(400)
            events.append(Event(i, f"day {i}", True, first, first + rng.randrange(3)))
        else:
            start = 20_000 * 86_400 + rng.randrange(400 * 86_400)
            events.append(Event(i, f"timed {i}", False, start, start + rng.randrange(50_000)))
    bulk = EventStore(events)
    one_by_one = EventStore()
    for e in events:
        one_by_one.add(e)
    host = {id(e) for e in events}
    for first in range(19_990, 20_420, 37):
        a, b = dt.date(1970, 1, 1) + dt.timedelta(days=first), dt.date(1970, 1, 1) + dt.timedelta(days=first + 41)
        ours, theirs = bulk.query(a, b), one_by_one.query(a, b)
        assert ours == theirs and ours
        assert all(id(e) in host for e in ours)
        assert not any(id(e) in host for e in theirs)      # read back: copies, equal
    late = Event(9999, "late", True, 20_100, 20_100)
    bulk.add(late)
    one_by_one.add(late)
    a, b = dt.date(1970, 1, 1) + dt.timedelta(days=20_090), dt.date(1970, 1, 1) + dt.timedelta(days=20_131)
    after = bulk.query(a, b)
    assert 9999 in [e.id for e in after] and after == one_by_one.query(a, b)


def test_queries_through_index_spans_match_a_scan() -> None:
    """EventStore.query answers through kalends_store_query_rows: a bulk-loaded store in
    UTC (one slice of the store's objects plus the events that began earlier), in Paris
    (spans cut from the plain answer), after an out-of-order add (rows, then spans over
    the objects made from them, and rows again where some are not made yet), a removal
    and an update, and with a recurring entry (rows): always the events a scan finds, in
    start order."""
    rng = random.Random(16)
    paris = TimeZone("Europe/Paris")
    events = []
    for i in range(1, 2501):
        day = 20_000 + rng.randrange(300)
        kind = rng.randrange(6)
        if kind == 0:
            events.append(Event(i, f"d{i}", True, day, day + rng.randrange(4)))
        elif kind == 1:
            events.append(Event(i, f"z{i}", False, day * 86_400, day * 86_400))        # zero-length at midnight
        elif kind == 2:
            events.append(Event(i, f"l{i}", True, day - 500, day + rng.randrange(600)))  # began long before
        else:
            start = day * 86_400 + rng.randrange(86_400)
            events.append(Event(i, f"t{i}", False, start, start + rng.randrange(12 * 86_400)))
    store = EventStore(events)

    def scan(first: int, last: int, zone: object) -> list[int]:
        def midnight(d: int) -> int:
            return d * 86_400 if zone is None else paris.instant(dt.datetime(1970, 1, 1) + dt.timedelta(days=d))
        lo, hi = midnight(first), midnight(last + 1)
        found = [e for e in live.values() if (e.start <= last and e.end >= first) if e.all_day]
        found += [e for e in live.values() if not e.all_day and e.start < hi
                  and (e.end > lo or (e.end == e.start and e.start >= lo))]
        found.sort(key=lambda e: (midnight(e.start) if e.all_day else e.start, not e.all_day, e.id))
        return [e.id for e in found]

    live = {e.id: e for e in events}
    host = {id(e) for e in events}
    day0 = dt.date(1970, 1, 1)
    for step in range(4):
        for _ in range(60):
            first = 19_990 + rng.randrange(320)
            last = first + rng.choice([0, 6, 41, 90])
            for zone in (None, paris):
                got = store.query(day0 + dt.timedelta(days=first), day0 + dt.timedelta(days=last), zone)
                assert [e.id for e in got] == scan(first, last, zone)
                assert all(got[i] == live[e.id] for i, e in enumerate(got))
                if step == 0:
                    assert all(id(e) in host for e in got)   # the host's own objects, sliced
        if step == 0:
            late = Event(90_001, "late", False, 20_100 * 86_400 + 5, 20_103 * 86_400)   # out of start order
            store.add(late)
            live[late.id] = late
        elif step == 1:
            store.remove(17)
            del live[17]
            moved = dataclasses.replace(live[18], start=live[18].start - 3, title="moved")
            store.update(moved)
            live[18] = moved
        elif step == 2:
            store.add_series(Event(90_002, "weekly", False, 20_000 * 86_400 + 3600, 20_000 * 86_400 + 7200),
                             "RRULE:FREQ=WEEKLY;COUNT=3")
            a = store.query(day0 + dt.timedelta(days=20_000), day0 + dt.timedelta(days=20_020))
            assert [e.start for e in a if e.id == 90_002] == [(20_000 + 7 * k) * 86_400 + 3600 for k in range(3)]
            store.remove(90_002)


def test_a_query_is_one_library_call_and_keeps_no_copy_of_the_store(monkeypatch: pytest.MonkeyPatch) -> None:
    """EventStore.query makes one library call, kalends_store_query_rows (none else: the
    module's lib is not touched): as spans after a bulk load (the host's own objects),
    as rows after a change (Event objects made once for that version: asked again, the
    same objects come back as spans), two calls only where spans meet objects not made
    yet (the second asks for their rows), and rows for a recurring entry each time. The
    store keeps no Event that a query has not handed out (the objects by index hold
    what the host gave or what answers made)."""
    import kalends.store as store_module

    calls: list[int] = []
    real = store_module._query_rows

    def counted(*args: object) -> int:
        calls.append(1)
        return int(real(*args))

    events = random_events(400, 11)
    store = EventStore(events)
    host = {id(e) for e in events}

    class NoLibrary:
        def __getattr__(self, name: str) -> object:
            raise AssertionError(f"EventStore.query called {name}")

    def query(first: dt.date, last: dt.date) -> list[Event]:
        calls.clear()
        with monkeypatch.context() as m:
            m.setattr(store_module, "_query_rows", counted)
            m.setattr(store_module, "lib", NoLibrary())
            return store.query(first, last)

    def expected(first: dt.date, last: dt.date) -> list[int]:
        return [o.event.id for o in store.occurrences(first, last)]

    jan, feb = (dt.date(2026, 1, 1), dt.date(2026, 1, 31)), (dt.date(2026, 2, 1), dt.date(2026, 2, 28))
    got = query(*jan)
    assert len(calls) == 1 and [e.id for e in got] == expected(*jan) and all(id(e) in host for e in got)
    assert store._complete and len(store._objects) == 400   # the host's objects, by index

    store.add(Event.timed(1000, "new", dt.datetime(2026, 1, 10, 9, tzinfo=UTC), dt.datetime(2026, 1, 10, 10, tzinfo=UTC)))
    got = query(*jan)                      # another version: rows
    assert len(calls) == 1 and [e.id for e in got] == expected(*jan)
    again = query(*jan)                    # the same version: spans over the objects just made
    assert len(calls) == 1 and [id(e) for e in again] == [id(e) for e in got]
    assert sum(e is not None for e in store._objects) == len(got)   # only what answers made
    later = query(*feb)                    # spans meet objects not made yet: their rows
    assert len(calls) == 2 and [e.id for e in later] == expected(*feb)
    assert [id(e) for e in query(*feb)] == [id(e) for e in later] and len(calls) == 1

    store.add_series(Event(2000, "weekly", False, 20_454 * 86_400 + 3600, 20_454 * 86_400 + 7200),
                     "RRULE:FREQ=WEEKLY;COUNT=8")   # 2026-01-01
    for _ in range(2):
        got = query(*jan)                  # a recurring entry: rows each time
        assert len(calls) == 1 and [e.id for e in got] == expected(*jan) and [e.id for e in got].count(2000) == 5


def test_many_bars_grow_the_buffers_and_match_the_c_records() -> None:
    """More bars than the reused buffers first hold: the Python objects carry the C
    records field for field (read here through ctypes structs, the slow way)."""
    import ctypes
    from kalends._native import CBarOptions, CEventBar, CEventMore, lib

    view = View(width=390)
    view.go_to(dt.date(2026, 11, 1))
    store = EventStore([Event.on_days(i, "e", dt.date(2026, 11, 1 + i % 30), dt.date(2026, 11, 1 + (i * 7) % 30))
                        if i % 30 <= (i * 7) % 30 else Event.on_days(i, "e", dt.date(2026, 11, 1 + i % 30))
                        for i in range(1, 601)])
    for lanes in (1000, 4, 1000):
        bars, more = view.event_bars(store, max_lanes=lanes)
        o = CBarOptions()
        lib.kalends_bar_options_init(ctypes.byref(o))
        o.max_lanes = lanes
        cb, cm = (CEventBar * 5000)(), (CEventMore * 64)()
        nb, nm = ctypes.c_int32(), ctypes.c_int32()
        assert lib.kalends_view_event_bars(view._handle, store._handle, None, ctypes.byref(o), cb, 5000,
                                           ctypes.byref(nb), cm, 64, ctypes.byref(nm)) == 0
        assert len(bars) == nb.value and len(more) == nm.value and (len(bars) > 256) == (lanes == 1000)
        for b, c in zip(bars, cb):
            assert b == (c.event, c.row, c.first_column, c.last_column, c.lane, c.continues_before == 1,
                         c.continues_after == 1, kalends.Rect(c.frame.x, c.frame.y, c.frame.width, c.frame.height))
            assert type(b.continues_before) is bool and type(b.frame) is kalends.Rect
        for m, c in zip(more, cm):
            assert (day_number(m.day), m.hidden) == (c.day, c.hidden) and m.frame.y == c.frame.y
        assert (len(more) > 0) == (lanes == 4)


def test_bars_are_a_sequence_made_on_reading() -> None:
    """EventBars behaves as the list of EventBar it replaces: length, indexing (negative,
    out of range), slices with any step, iteration, equality both ways with a list,
    membership, index/count, pickling; the bars read are the C records field by field."""
    import ctypes
    import pickle
    from kalends._native import CBarOptions, CEventBar, CEventMore, lib

    rng = random.Random(16)
    view = View(width=390)
    view.go_to(dt.date(2026, 11, 1))
    events = []
    for i in range(1, 301):
        first = rng.randrange(30)
        events.append(Event.on_days(i, "e", dt.date(2026, 11, 1 + first), dt.date(2026, 11, 1 + min(29, first + rng.randrange(6)))))
    store = EventStore(events)
    bars, more = view.event_bars(store, max_lanes=1000)
    assert isinstance(bars, kalends.EventBars) and not more
    o = CBarOptions()
    lib.kalends_bar_options_init(ctypes.byref(o))
    o.max_lanes = 1000
    cb, cm = (CEventBar * 5000)(), (CEventMore * 64)()
    nb, nm = ctypes.c_int32(), ctypes.c_int32()
    assert lib.kalends_view_event_bars(view._handle, store._handle, None, ctypes.byref(o), cb, 5000,
                                       ctypes.byref(nb), cm, 64, ctypes.byref(nm)) == 0
    plain = [kalends.EventBar(c.event, c.row, c.first_column, c.last_column, c.lane, c.continues_before == 1,
                              c.continues_after == 1, kalends.Rect(c.frame.x, c.frame.y, c.frame.width, c.frame.height))
             for c in cb[:nb.value]]
    assert len(bars) == len(plain) > 300
    assert bars == plain and plain == bars and not (bars != plain) and list(bars) == plain
    assert bars == tuple(plain) and bars != plain[:-1] and bars != plain[::-1] and bars != "x"
    assert all(type(b) is kalends.EventBar and type(b.frame) is kalends.Rect and type(b.continues_after) is bool
               for b in bars)
    for i in (0, 1, len(plain) - 1, -1, -len(plain), rng.randrange(len(plain))):
        assert bars[i] == plain[i]
    for bad in (len(plain), -len(plain) - 1):
        with pytest.raises(IndexError):
            bars[bad]
    for _ in range(50):
        a, b = rng.randrange(-400, 400), rng.randrange(-400, 400)
        step = rng.choice([None, 1, 2, 3, -1, -2])
        assert bars[a:b:step] == plain[a:b:step]
    assert bars[5] in bars and bars.index(bars[7]) == plain.index(plain[7]) and bars.count(bars[3]) == 1
    assert list(reversed(bars)) == plain[::-1]
    assert pickle.loads(pickle.dumps(bars)) == bars
    empty, _ = View(width=390).event_bars(EventStore(), max_lanes=3)
    assert len(empty) == 0 and empty == [] and list(empty) == []


def test_timeline_places_overlaps_side_by_side() -> None:
    base = dt.datetime(2026, 11, 23, tzinfo=UTC)
    store = EventStore([
        Event.timed(1, "a", base + dt.timedelta(hours=9), base + dt.timedelta(hours=11)),
        Event.timed(2, "b", base + dt.timedelta(hours=10), base + dt.timedelta(hours=12)),
        Event.timed(3, "c", base + dt.timedelta(hours=14), base + dt.timedelta(hours=15)),
    ])
    items = {t.event: t for t in store.timeline(dt.date(2026, 11, 23), width=200, hour_height=10, spacing=0)}
    assert (items[1].column, items[2].column, items[1].columns) == (0, 1, 2)
    assert items[3].frame == kalends.Rect(0, 140, 200, 18)


class SyncSource:
    def __init__(self) -> None:
        self.asked: list[tuple[dt.date, dt.date]] = []

    def fetch(self, first: dt.date, last: dt.date):
        self.asked.append((first, last))
        yield Event.on_days(1000 + first.month, f"month {first.month}", first + dt.timedelta(days=10))


def test_a_view_asks_its_sources_on_every_page_change() -> None:
    view = View(width=350)
    view.go_to(dt.date(2026, 11, 15))
    store = EventStore()
    view.set_store(store)
    source = SyncSource()
    sid = view.add_source(source)
    assert len(source.asked) == 1 and len(store) == 1
    view.next_page()
    view.next_page()
    assert len(source.asked) == 3
    # the source's answer for the days shown replaces its old answer for those days
    assert {e.source for e in store.query(dt.date(2020, 1, 1), dt.date(2030, 1, 1))} == {sid}
    view.remove_source(sid)
    view.next_page()
    assert len(source.asked) == 3


class FailingSource:
    def fetch(self, first: dt.date, last: dt.date):
        raise RuntimeError("the calendar server is down")


def test_a_failing_source_raises_after_the_page_change() -> None:
    view = View(width=350)
    view.go_to(dt.date(2026, 11, 15))
    view.set_store(EventStore())
    with pytest.raises(RuntimeError, match="server is down"):
        view.add_source(FailingSource())
    before = view.page
    with pytest.raises(RuntimeError):
        view.next_page()
    assert view.page != before          # the page did change


class ThreadedSource:
    """Answers from another thread, after a delay; records cancellations."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.cancelled: list[int] = []
        self.begun: list[int] = []
        self.threads: list[threading.Thread] = []

    def begin(self, request: int, first: dt.date, last: dt.date, complete) -> None:
        self.begun.append(request)
        def work() -> None:
            time.sleep(self.delay)
            complete([Event.on_days(request, f"request {request}", first)])
        t = threading.Thread(target=work)
        self.threads.append(t)
        t.start()

    def cancel(self, request: int) -> None:
        self.cancelled.append(request)


def test_asynchronous_answers_for_old_pages_are_dropped() -> None:
    view = View(width=350)
    view.go_to(dt.date(2026, 11, 15))
    store = EventStore()
    view.set_store(store)
    source = ThreadedSource(0.2)
    view.add_source(source)
    view.next_page()                      # the first request is now stale and cancelled
    assert view.pending_requests == 1 and source.cancelled == source.begun[:1]
    for t in source.threads:
        t.join()
    assert view.pending_requests == 0
    events = store.query(dt.date(2020, 1, 1), dt.date(2030, 1, 1))
    assert [e.title for e in events] == [f"request {source.begun[1]}"]


@pytest.fixture
def plugins_built() -> Path:
    """The plugin folder; a clear failure (not a skip) when `make plugins` has not run."""
    for name in ("libholidays_c.so", "libholidays_rust.so", "libgarbage.so"):
        if not (PLUGINS / name).exists():
            pytest.fail(f"{PLUGINS / name} is missing: run `make plugins` first (make test does)")
    return PLUGINS


@pytest.mark.parametrize("library", ["libholidays_c.so", "libholidays_rust.so"])
def test_holiday_plugins(library: str, plugins_built: Path) -> None:
    rules = ROOT / "plugins" / "rules" / "us.rules"
    plugin = kalends.Plugin(PLUGINS / library, str(rules))
    assert plugin.name.startswith("holidays")
    store = EventStore()
    plugin.fetch(dt.date(2026, 1, 1), dt.date(2026, 12, 31), store, source=7)
    days = {e.start_time for e in store.query(dt.date(2026, 1, 1), dt.date(2026, 12, 31))}
    assert dt.date(2026, 1, 1) in days and dt.date(2026, 11, 26) in days   # New Year, Thanksgiving
    assert all(e.source == 7 and e.all_day for e in store.query(dt.date(2026, 1, 1), dt.date(2026, 12, 31)))
    view = View(width=350)
    view.go_to(dt.date(2026, 7, 1))
    store = EventStore()     # a source's events carry its id: a fresh store for the view's
    view.set_store(store)
    view.add_plugin(plugin)
    deadline = time.time() + 5
    while view.pending_requests and time.time() < deadline:
        time.sleep(0.01)
    assert any(e.start_time == dt.date(2026, 7, 3) or e.start_time == dt.date(2026, 7, 4)
               for e in store.query(dt.date(2026, 7, 1), dt.date(2026, 7, 31)))


def test_a_direct_plugin_fetch_keeps_the_events_of_a_views_first_source(plugins_built: Path) -> None:
    """Issue 10 item 6: every binding tags a direct fetch -1 (a view's sources are 1, 2,
    ..., the host's events 0), so it never replaces a view source's events."""
    plugin = kalends.Plugin(PLUGINS / "libholidays_c.so", str(ROOT / "plugins" / "rules" / "us.rules"))
    jan2 = day_number(dt.date(2026, 1, 2))
    store = EventStore([Event(900_001, "from the view's first source", all_day=True, start=jan2, end=jan2, source=1)])
    plugin.fetch(dt.date(2026, 1, 1), dt.date(2026, 12, 31), store)
    events = store.query(dt.date(2026, 1, 1), dt.date(2026, 12, 31))
    assert any(e.id == 900_001 and e.source == 1 for e in events)
    holidays = [e for e in events if e.id != 900_001]
    assert any(e.start_time == dt.date(2026, 1, 1) for e in holidays)
    assert all(e.source == -1 for e in holidays)


def test_broken_plugins_are_errors_and_the_store_keeps_its_data(plugins_built: Path) -> None:
    with pytest.raises(kalends.PluginError, match="no kalends_plugin_entry"):
        kalends.Plugin(PLUGINS / "libno_entry.so")
    with pytest.raises(kalends.PluginError, match="ABI version"):
        kalends.Plugin(PLUGINS / "libwrong_abi.so")
    with pytest.raises(kalends.PluginError):
        kalends.Plugin(PLUGINS / "libsmall_struct.so")
    with pytest.raises(kalends.PluginError):
        kalends.Plugin(PLUGINS / "libnull_fetch.so")
    with pytest.raises(kalends.PluginError):
        kalends.Plugin(PLUGINS / "libgarbage.so", "fail")
    with pytest.raises(kalends.IoError):
        kalends.Plugin(PLUGINS / "missing.so")
    store = EventStore([Event.on_days(1, "kept", dt.date(2026, 1, 2))])
    garbage = kalends.Plugin(PLUGINS / "libgarbage.so")
    with pytest.raises(kalends.PluginError):
        garbage.fetch(dt.date(2026, 1, 1), dt.date(2026, 1, 31), store)
    assert [e.title for e in store.query(dt.date(2026, 1, 1), dt.date(2026, 1, 31))] == ["kept"]


class CountingSource:
    """Answers one event on the first shown day whose title counts the answers."""

    def __init__(self) -> None:
        self.answers = 0

    def fetch(self, first: dt.date, last: dt.date):
        self.answers += 1
        yield Event.on_days(10_077, f"answer {self.answers}", first + dt.timedelta(days=10))


def test_query_objects_follow_every_change() -> None:
    """The store hands out the same objects while nothing changes, and fresh ones after
    any change: its own, a source's (behind Python's back), a bulk load."""
    store = EventStore(random_events(500, seed=3))
    a = store.query(dt.date(2026, 3, 1), dt.date(2026, 4, 11))
    b = store.query(dt.date(2026, 3, 1), dt.date(2026, 4, 11))
    assert a == b and all(x is y for x, y in zip(a, b))
    assert [e.id for e in a] == [store.get(e.id).id for e in a] and all(store.get(e.id) == e for e in a)
    version = store.version
    moved = dataclasses.replace(a[0], title="moved", color=0x123456FF)
    store.update(moved)
    assert store.version != version
    c = store.query(dt.date(2026, 3, 1), dt.date(2026, 4, 11))
    assert c[0] == moved and c[1:] == a[1:]
    store.remove(moved.id)
    assert moved.id not in {e.id for e in store.query(dt.date(2026, 3, 1), dt.date(2026, 4, 11))}
    # a source changes the store through the library: the next query sees its answer
    view = View(width=350)
    view.go_to(dt.date(2026, 3, 1))
    view.set_store(store)
    source = CountingSource()
    view.add_source(source)
    titles = [e.title for e in store.query(dt.date(2026, 3, 1), dt.date(2026, 4, 11)) if e.id == 10_077]
    view.next_page()
    view.previous_page()
    again = [e.title for e in store.query(dt.date(2026, 3, 1), dt.date(2026, 4, 11)) if e.id == 10_077]
    assert titles == ["answer 1"] and again == ["answer 3"]
    # everything the query returns is what the library holds
    for e in store.query(dt.date(2026, 1, 1), dt.date(2026, 12, 31)):
        assert store.get(e.id) == e
    store.clear()
    assert store.query(dt.date(2026, 1, 1), dt.date(2026, 12, 31)) == []


def test_events_with_fields_out_of_range_are_refused() -> None:
    store = EventStore()
    for field, value in (("color", 1 << 32), ("user_value", -1), ("source", 1 << 31), ("id", 1 << 63),
                         ("start", -(1 << 63) - 1)):
        with pytest.raises(kalends.OutOfRangeError, match=field):   # refused when made, before any store
            Event(**{"id": 1, "title": "x", "all_day": True, "start": 1, "end": 1, field: value})
        fine = Event(1, "x", True, 1, 1)
        with pytest.raises(kalends.OutOfRangeError, match=field):
            dataclasses.replace(fine, **{field: value})
    assert len(store) == 0
    # titles of any length and content survive the packed bulk path
    titles = ["", "a\0b", "✈" * 300, "x"]
    store.add_events([Event(10 + i, t, True, 5, 5) for i, t in enumerate(titles)])
    assert [store.get(10 + i).title for i in range(len(titles))] == titles
