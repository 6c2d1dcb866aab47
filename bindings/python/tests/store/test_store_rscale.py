"""A recurring entry of the event store with an RFC 7529 rule (kalends_store_add_series):
Chinese New Year, all day, over a century: its occurrences are the system's new years
(kalends.CalendarSystem), counted as listed, and a window far from the start costs its
own years."""
from __future__ import annotations

import datetime as dt

from kalends import CalendarSystem
from kalends.store import Event, EventStore

EPOCH = dt.date(1970, 1, 1)


def day(d: dt.date) -> int:
    return (d - EPOCH).days


def test_store_series_with_rscale() -> None:
    store = EventStore()
    store.add_series(Event.on_days(1, "Chinese New Year", dt.date(2026, 2, 17), dt.date(2026, 2, 17)),
                     "RRULE:RSCALE=CHINESE;FREQ=YEARLY")
    got = store.occurrences(dt.date(2026, 1, 1), dt.date(2125, 12, 31))
    chinese = CalendarSystem("chinese")
    firsts = [EPOCH + dt.timedelta(days=o.event.start) for o in got]
    assert len(firsts) == 100
    assert all(chinese.from_day(d)[2:4] == (1, 1) for d in firsts)
    assert store.count(dt.date(2026, 1, 1), dt.date(2125, 12, 31)) == 100
    far = store.occurrences(dt.date(2100, 1, 1), dt.date(2100, 12, 31))
    assert [EPOCH + dt.timedelta(days=o.event.start) for o in far] == [d for d in firsts if d.year == 2100]
