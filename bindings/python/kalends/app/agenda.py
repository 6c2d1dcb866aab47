"""The events of days as text lines (the CLI's listing under a page, the terminal
calendar's list of the focused day): the day or days, the local hours, the title; and
``--mode agenda``, the library's agenda layout (``kalends.Agenda``: days grouped with
their headings) as text (here) and SVG (render_agenda)."""
from __future__ import annotations

import datetime
from typing import Optional

from ..agenda import Agenda, AgendaRow, AgendaRowKind, AgendaViewport
from ..dates import Date
from ..locale import Locale
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




# -- --mode agenda: the library's agenda layout (kalends.Agenda) as text and SVG ------------

#: Rows of a text agenda at most (headings and events); the rest are counted, not listed.
LISTED_ROWS = 500


def _hours(row: AgendaRow, zone: TimeZone, locale: Locale) -> str:
    """An event row's time text: "all day", or its start and end on the row's day in the
    locale's short time ("9:15 AM – 9:30 AM"), "…" for an end on another day."""
    o = row.occurrence
    assert o is not None
    e = o.event
    if e.all_day:
        return "all day"
    day = row.day

    def at(seconds: int) -> str:
        d, since = zone.local_day(seconds)
        if d != day:
            return "…"
        return locale.format_time(since // 3600, since // 60 % 60)
    return f"{at(e.start)} – {at(e.end)}" if e.end > e.start else at(e.start)


def _span(row: AgendaRow, locale: Locale) -> str:
    """An event's day of its days ("2/3", in the locale's digits); "" for one day. CLDR
    has no pattern for "day 2 of 3": the numbers only, not words."""
    if row.day_count <= 1:
        return ""
    return f"{locale.number(row.day_index)}/{locale.number(row.day_count)}"


def agenda_rows(store: EventStore, zone: TimeZone, first: int, last: int, today: Optional[int], height: float,
                heading_height: float, row_height: float) -> AgendaViewport:
    """The library's agenda of days first ... last from its top, ``height`` points of it."""
    return Agenda(store, Date.from_day_number(first), Date.from_day_number(last), zone,
                  today=Date.from_day_number(today) if today is not None else None,
                  heading_height=heading_height, row_height=row_height).viewport(height)


def agenda_text(store: EventStore, zone: TimeZone, first: int, last: int, today: Optional[int],
                locale: Locale) -> str:
    """``--mode agenda`` as text: per day with events its heading (the library's full
    date, and yesterday/today/tomorrow in CLDR's words), then its events (all-day first,
    then timed in start order; an event of several days on each, "2/3"). At most
    LISTED_ROWS rows (one point each in the layout), then "…"."""
    page = agenda_rows(store, zone, first, last, today, LISTED_ROWS, 1, 1)
    lines: list[str] = []
    for row in page.rows:
        if row.kind == AgendaRowKind.HEADING:
            text, word = Agenda.heading(row.day, locale, relative=row.relative)
            lines.append(("" if not lines else "\n") + text + (f" · {word}" if word else ""))
        else:
            assert row.occurrence is not None
            span = _span(row, locale)
            lines.append(f"  {_hours(row, zone, locale):<21}  {row.occurrence.event.title}" + (f"  ({span})" if span else ""))
    if not page.rows:
        lines.append("no events")
    elif not page.at_end:
        lines.append("…")
    return "".join(line + "\n" for line in lines)


__all__ = ["agenda", "local_time", "LISTED_EVENTS", "LISTED_ROWS", "agenda_rows", "agenda_text"]
