"""The events of days as text lines (the CLI's listing under a page, the terminal
calendar's list of the focused day): the day or days, the local hours, the title."""
from __future__ import annotations

import datetime

from ..dates import Date
from ..store import EventStore
from ..timezone import TimeZone


def local_time(seconds: int, zone: TimeZone) -> datetime.datetime:
    """The wall-clock time of an instant in the zone."""
    day, since_midnight = zone.local_day(seconds)
    return datetime.datetime(day.year, day.month, day.day) + datetime.timedelta(seconds=since_midnight)


def agenda(store: EventStore, zone: TimeZone, first: int, last: int) -> str:
    """The events of days first ... last as text lines, in start order: the day (or
    days), the local hours (or "all day"), the title."""
    lines = []
    for e in store.query(Date.from_day_number(first), Date.from_day_number(last), zone):
        if e.all_day:
            start, end = Date.from_day_number(e.start), Date.from_day_number(e.end)
            when, hours = str(start) + (f" – {end}" if e.end != e.start else ""), "all day"
        else:
            a, b = local_time(e.start, zone), local_time(e.end, zone)
            when = str(a.date()) + (f" – {b.date()}" if b.date() != a.date() else "")
            hours = f"{a:%H:%M}–{b:%H:%M}"
        lines.append(f"{when:<23}  {hours:<11}  {e.title}")
    return "".join(line + "\n" for line in lines)


__all__ = ["agenda", "local_time"]
