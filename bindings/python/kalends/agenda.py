"""The agenda (list) layout (include/kalends/agenda.h): the events of a range of days
grouped by day, each day with events a heading row and one row per event on it
(all-day ones first, then timed ones in start order; an event of several days on each
of them as "day 2 of 3"), virtualised: a viewport's rows come from an anchor day and
an offset at the cost of the rows shown, over any range::

    agenda = kalends.Agenda(store, date(2026, 1, 1), date(2035, 12, 31), zone, today=date(2026, 11, 28))
    page = agenda.viewport(600)                      # the top
    page = agenda.viewport(600, page.anchor_day, page.offset + 120)   # scrolled by 120
    for row in page.rows: ...                        # heading or event, y and height

Headings read ``agenda.heading(day, locale)``: the day in the locale's full date style
in the calendar system and, for yesterday, today and tomorrow, CLDR's word.
"""
from __future__ import annotations

import datetime as _dt
from ctypes import byref, c_double, c_int32
from typing import Any, NamedTuple, Optional, Union

from . import _abi
from ._checks import instance, int32, number
from .dates import Date, date_from_day_number
from .errors import Status
from .events import DateLike, Event, to_day
from .locale import Locale
from .store import EventStore, Occurrence
from .timezone import TimeZone, zone_handle
from ._native import check, lib

AgendaRowKind = _abi.AgendaRowKind


class AgendaRow(NamedTuple):
    """One row of a viewport, top to bottom: ``kind`` HEADING or EVENT, the ``day``
    whose block holds it, its ``y`` (relative to the viewport's top; negative when cut
    at the top) and ``height``. A heading: ``relative`` -1, 0 or 1 for yesterday, today
    and tomorrow (None otherwise or without ``today``). An event: its ``occurrence``, day
    ``day_index`` (1-based) of the ``day_count`` it covers, its ``position`` in its day."""

    kind: AgendaRowKind
    day: Union[_dt.date, Date]
    y: float
    height: float
    relative: Optional[int]
    occurrence: Optional[Occurrence]
    day_index: int
    day_count: int
    position: int


class AgendaViewport(NamedTuple):
    """A viewport's rows and where it is: the anchor normalised (``anchor_day``, whose
    block holds the top, and ``offset`` from that block's top: keep both and add scroll
    deltas to the offset), whether anything lies above (``at_start`` False) or below
    (``at_end`` False), and the range's estimated content height and the viewport's top
    in it (for a scroll bar)."""

    rows: list[AgendaRow]
    anchor_day: Union[_dt.date, Date]
    offset: float
    at_start: bool
    at_end: bool
    estimated_height: float
    estimated_top: float


class Agenda:
    """The agenda of ``store``'s events on local days ``first`` ... ``last`` of ``zone``
    (None: UTC). ``today`` (the host's clock; the library never reads it) marks the
    headings of yesterday, today and tomorrow; ``heading_height`` and ``row_height`` are
    the rows' heights (1 ... 100,000)."""

    def __init__(self, store: EventStore, first: DateLike, last: DateLike, zone: Optional[TimeZone] = None, *,
                 today: Optional[DateLike] = None, heading_height: float = 32, row_height: float = 24) -> None:
        self.store = instance(store, EventStore, "store")
        self.first, self.last = to_day(first, "first"), to_day(last, "last")
        self.zone = zone
        zone_handle(zone)   # a wrong type fails here, not at the first viewport
        o = _abi.CAgendaOptions()
        check(lib.kalends_agenda_options_init(byref(o)))
        if today is not None:
            o.has_today, o.today = 1, to_day(today, "today")
        o.heading_height = number(heading_height, "heading_height")
        o.row_height = number(row_height, "row_height")
        self._options = o

    def viewport(self, height: float, anchor_day: Optional[DateLike] = None, offset: float = 0.0) -> AgendaViewport:
        """The rows of a viewport ``height`` points tall whose top lies ``offset`` points
        below the top of ``anchor_day``'s block (default: the range's first day; the first
        day with events at or after it). A negative offset reaches into earlier days, one
        past the block into later ones; the top stops at the first heading and the bottom
        at the last row (``kalends_store_agenda``)."""
        anchor = self.first if anchor_day is None else to_day(anchor_day, "anchor_day")
        args = (self.store._handle, zone_handle(self.zone), c_int32(self.first), c_int32(self.last),
                c_int32(int32(anchor, "anchor_day")), c_double(number(offset, "offset")),
                c_double(number(height, "height")), byref(self._options))
        where = _abi.CAgendaViewport()
        count = c_int32()
        buffer = (_abi.CAgendaRow * 64)()
        while True:
            status = lib.kalends_store_agenda(*args, byref(where), buffer, len(buffer), byref(count))
            if status == Status.BUFFER_TOO_SMALL:
                buffer = (_abi.CAgendaRow * count.value)()
                continue
            check(status)
            break
        days: dict[int, Any] = {}
        rows = []
        for r in buffer[:count.value]:
            day = days.get(r.day)
            if day is None:
                day = days[r.day] = date_from_day_number(r.day)
            occurrence = None
            if r.kind == AgendaRowKind.EVENT:
                o = r.occurrence
                occurrence = Occurrence(Event.from_c(o.event), o.recurrence_id if o.recurring else None)
            rows.append(AgendaRow(AgendaRowKind(r.kind), day, r.y, r.height, r.relative if r.has_relative else None,
                                  occurrence, r.day_index, r.day_count, r.position))
        return AgendaViewport(rows, date_from_day_number(where.anchor_day), where.offset, bool(where.at_start),
                              bool(where.at_end), where.estimated_height, where.estimated_top)

    @staticmethod
    def heading(day: DateLike, locale: Locale, calendar: str = "gregorian",
                relative: Optional[int] = None) -> tuple[str, Optional[str]]:
        """A day heading's texts: the day in the locale's full date style in ``calendar``
        ("Saturday, November 28, 2026") and, for a row's ``relative`` -1, 0 or 1, CLDR's
        word ("yesterday", "heute", "明日"), else None."""
        text = instance(locale, Locale, "locale").format_date(to_day(day, "day"), "full", calendar)
        return text, None if relative is None else locale.relative_day(int32(relative, "relative"))


__all__ = ["Agenda", "AgendaRow", "AgendaRowKind", "AgendaViewport"]
