"""The events of days as text lines (the CLI's listing under a page, the terminal
calendar's list of the focused day): the day or days, the local hours, the title."""
from __future__ import annotations

import datetime

from ..dates import Date
from ..store import EventStore
from ..timezone import TimeZone

#: The most events a listing (text or JSON) gives; the rest are counted, not listed
#: ("… and 2,591,990 more"): a file whose event repeats every second stays a page.
LISTED_EVENTS = 500


def local_time(seconds: int, zone: TimeZone) -> datetime.datetime:
    """The wall-clock time of an instant in the zone."""
    day, since_midnight = zone.local_day(seconds)
    return datetime.datetime(day.year, day.month, day.day) + datetime.timedelta(seconds=since_midnight)


def agenda(store: EventStore, zone: TimeZone, first: int, last: int) -> str:
    """The events of days first ... last as text lines, in start order: the day (or
    days), the local hours (or "all day"), the title; the first LISTED_EVENTS, then how
    many more there are."""
    lines = []
    days = Date.from_day_number(first), Date.from_day_number(last)
    found = store.query(*days, zone, limit=LISTED_EVENTS + 1)
    for e in found[:LISTED_EVENTS]:
        if e.all_day:
            start, end = Date.from_day_number(e.start), Date.from_day_number(e.end)
            when, hours = str(start) + (f" – {end}" if e.end != e.start else ""), "all day"
        else:
            a, b = local_time(e.start, zone), local_time(e.end, zone)
            when = str(a.date()) + (f" – {b.date()}" if b.date() != a.date() else "")
            hours = f"{a:%H:%M}–{b:%H:%M}"
        lines.append(f"{when:<23}  {hours:<11}  {e.title}")
    if len(found) > LISTED_EVENTS:
        lines.append(f"… and {store.count(*days, zone) - LISTED_EVENTS:,} more")
    return "".join(line + "\n" for line in lines)


__all__ = ["agenda", "local_time", "LISTED_EVENTS"]
