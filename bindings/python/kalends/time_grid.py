"""The time grid of week and day pages (include/kalends/time_grid.h): the all-day strip
with its bars, hour rows, day columns and the timed events' boxes of a view's page, laid
out by the core (``View`` below ``time_grid``); a host or renderer only draws them."""
from __future__ import annotations

import datetime as _dt
import struct
from ctypes import byref, c_double, c_int32, c_int64
from typing import Any, NamedTuple, Optional, Union

from . import _abi
from ._checks import instance, int32, number, options as set_options
from .calendar import DayFlags
from .dates import Date, date_from_day_number, day_number
from .errors import Status
from .event_layout import EventMore
from .geometry import Rect
from .store import EventStore
from .timezone import TimeZone, zone_handle
from ._native import check, lib

TimeGridArea = _abi.TimeGridArea

#: The options ``time_grid`` takes by keyword (kalends_time_grid_options).
TIME_GRID_OPTIONS = {"first_hour": int32, "last_hour": int32, "fit_events": int32, "hour_height": number,
                     "min_height": number, "strip_bar_height": number, "strip_lane_spacing": number,
                     "strip_lanes": int32, "strip_padding": number, "strip_gap": number, "grid_gap": number,
                     "event_leading": number, "event_trailing": number, "event_spacing": number,
                     "max_stack": int32, "background_source": int32}


class TimeGridColumn(NamedTuple):
    """One day of the grid: its view flags, its column of the grid and its cell of the strip."""

    day: Union[_dt.date, Date]
    flags: DayFlags
    frame: Rect
    strip: Rect


class TimeGridHour(NamedTuple):
    """One hour row (from its line down to the next) and the room for its label."""

    hour: int
    frame: Rect
    label: Rect


class TimeGridItem(NamedTuple):
    """A timed event's box on a day: the event, its occurrence (``recurrence_id``, None
    for a single event), its column among the overlapping ones, and its frame."""

    day: Union[_dt.date, Date]
    event: int
    recurrence_id: Optional[int]
    column: int
    columns: int
    span: int
    clipped_start: bool
    clipped_end: bool
    frame: Rect


class TimeGridBar(NamedTuple):
    """A bar of the all-day strip (first and last column of the page it covers)."""

    event: int
    recurrence_id: Optional[int]
    first_column: int
    last_column: int
    lane: int
    continues_before: bool
    continues_after: bool
    frame: Rect


class TimeGridSpot(NamedTuple):
    """A point as a day and a wall time: ``area`` GRID (``seconds`` since the day's
    midnight), STRIP (the day's cell of the all-day strip) or NONE."""

    area: TimeGridArea
    day: Optional[Union[_dt.date, Date]]
    seconds: int


class TimeGridHidden(NamedTuple):
    """A day's timed events that the hours shown hide whole: ``before`` end before the
    first hour shown, ``after`` start at or after the last (they have no box)."""

    day: Union[_dt.date, Date]
    before: int
    after: int


class TimeGridLine(NamedTuple):
    """A wall time's line across its day's column (``frame`` of height 0): the column's
    index, the day and the wall time (seconds since midnight)."""

    column: int
    day: Union[_dt.date, Date]
    seconds: int
    frame: Rect


class TimeGridShade(NamedTuple):
    """A stretch of a day's column outside its business hours (wall seconds ``start`` to
    ``end``, within the hours shown): what a host shades."""

    day: Union[_dt.date, Date]
    column: int
    start: int
    end: int
    frame: Rect


class TimeGridBackground(NamedTuple):
    """A background event's stretch of a day's column (wall seconds ``start`` to ``end``
    within the hours shown, the column's whole width): drawn behind the boxes."""

    event: int
    recurrence_id: Optional[int]
    day: Union[_dt.date, Date]
    column: int
    start: int
    end: int
    frame: Rect


def _rect(r: Any) -> Rect:
    return Rect(r.x, r.y, r.width, r.height)


#: kalends_time_grid_item as bytes: day, reserved, event, column, columns, span, clipped
#: start and end, reserved, frame, recurrence id, recurring, reserved.
ITEM_LAYOUT = struct.Struct("<iiq6i4dqii")
_new_tuple = tuple.__new__


def items_of(data: bytes) -> list[TimeGridItem]:
    """The TimeGridItems of raw kalends_time_grid_item records (read with one unpack
    each; a day's date made once)."""
    days: dict[int, Any] = {}
    out = []
    for (day, _, event, column, columns, span, cs, ce, _, x, y, w, h, rid, recurring, _) in ITEM_LAYOUT.iter_unpack(data):
        d = days.get(day)
        if d is None:
            d = days[day] = date_from_day_number(day)
        out.append(_new_tuple(TimeGridItem, (d, event, rid if recurring else None, column, columns, span, cs != 0,
                                             ce != 0, _new_tuple(Rect, (x, y, w, h)))))
    return out


class TimeGrid:
    """The time grid of ``view``'s page over ``store``'s events in ``zone`` (None: UTC),
    read whole from the library: ``first_hour``/``last_hour`` (widened to the events with
    ``fit_events=1``), ``strip`` and ``grid`` frames, ``lanes``, ``height``, ``columns``,
    ``hours``, ``items`` (timed boxes; with ``max_stack=N`` at most N side by side),
    ``stack_more`` (the "+N more" of groups beyond ``max_stack``), ``bars`` and ``more``
    (the strip), ``hidden`` and ``shades`` (timeline extras), ``line`` and ``now_line``. Options by
    keyword, as ``TIME_GRID_OPTIONS`` lists them."""

    stack_more: list[EventMore]
    background: list[TimeGridBackground]
    hidden: list[TimeGridHidden]
    shades: list[TimeGridShade]

    def __init__(self, view: Any, store: Optional[EventStore] = None, zone: Optional[TimeZone] = None,
                 **options: Any) -> None:
        o = _abi.CTimeGridOptions()
        check(lib.kalends_time_grid_options_init(byref(o)))
        set_options(o, options, TIME_GRID_OPTIONS, "time grid")
        self._args = (view._handle, instance(store, EventStore, "store")._handle if store is not None else None,
                      zone_handle(zone), byref(o))
        self._keep = (view, store, zone, o)   # the handles ``spot`` uses stay alive with the grid
        self._view = view
        g = _abi.CTimeGrid()
        view._check(lib.kalends_view_time_grid(*self._args, byref(g)))
        self.first_hour: int = g.first_hour
        self.last_hour: int = g.last_hour
        self.lanes: int = g.lanes
        self.hour_height: float = g.hour_height
        self.height: float = g.height
        self.strip: Rect = _rect(g.strip)
        self.grid: Rect = _rect(g.grid)
        self.columns = [TimeGridColumn(date_from_day_number(c.day), DayFlags(c.flags), _rect(c.frame), _rect(c.strip))
                        for c in self._array(lib.kalends_view_time_grid_columns, _abi.CTimeGridColumn)]
        self.hours = [TimeGridHour(h.hour, _rect(h.frame), _rect(h.label))
                      for h in self._array(lib.kalends_view_time_grid_hours, _abi.CTimeGridHour)]
        raw = self._array(lib.kalends_view_time_grid_items, _abi.CTimeGridItem)
        self.items = items_of(b"".join(bytes(t) for t in raw))
        self.bars, self.more = self._strip()
        #: With ``max_stack``: the "+N more" items of groups with more boxes side by side (day by day).
        self.stack_more = [EventMore(date_from_day_number(m.day), m.hidden, _rect(m.frame))
                           for m in self._array(lib.kalends_view_time_grid_stack_more, _abi.CEventMore)]
        #: With ``background_source``: that source's events as stretches behind the columns.
        self.background = [TimeGridBackground(b.event, b.recurrence_id if b.recurring else None,
                                              date_from_day_number(b.day), b.column, b.start, b.end, _rect(b.frame))
                           for b in self._array(lib.kalends_view_time_grid_background, _abi.CTimeGridBackground)]
        #: Per day, the timed events the hours shown hide whole (days without any left out).
        self.hidden = [TimeGridHidden(date_from_day_number(h.day), h.before, h.after)
                       for h in self._array(lib.kalends_view_time_grid_hidden, _abi.CTimeGridHidden)]
        #: The stretches outside the view's business hours, column by column (none without business hours).
        self.shades = [TimeGridShade(date_from_day_number(h.day), h.column, h.start, h.end, _rect(h.frame))
                       for h in self._array(lib.kalends_view_time_grid_shades, _abi.CTimeGridShade)]

    def _array(self, fn: Any, kind: Any) -> list[Any]:
        count = c_int32()
        status = fn(*self._args, None, 0, byref(count))
        if status != Status.BUFFER_TOO_SMALL:
            self._view._check(status)
        out = (kind * max(1, count.value))()
        self._view._check(fn(*self._args, out, count.value, byref(count)))
        return list(out[: count.value])

    def _strip(self) -> tuple[list[TimeGridBar], list[EventMore]]:
        nb, nm = c_int32(), c_int32()
        status = lib.kalends_view_time_grid_bars(*self._args, None, 0, byref(nb), None, 0, byref(nm))
        if status != Status.BUFFER_TOO_SMALL:
            self._view._check(status)
        bars = (_abi.COccurrenceBar * max(1, nb.value))()
        more = (_abi.CEventMore * max(1, nm.value))()
        self._view._check(lib.kalends_view_time_grid_bars(*self._args, bars, nb.value, byref(nb), more, nm.value,
                                                          byref(nm)))
        return ([TimeGridBar(b.bar.event, b.recurrence_id if b.recurring else None, b.bar.first_column,
                             b.bar.last_column, b.bar.lane, bool(b.bar.continues_before), bool(b.bar.continues_after),
                             _rect(b.bar.frame)) for b in bars[: nb.value]],
                [EventMore(date_from_day_number(m.day), m.hidden, _rect(m.frame)) for m in more[: nm.value]])

    def spot(self, x: float, y: float) -> TimeGridSpot:
        """The day and wall time under (x, y) (``kalends_view_time_grid_spot``)."""
        out = _abi.CTimeGridSpot()
        self._view._check(lib.kalends_view_time_grid_spot(*self._args, c_double(number(x, "x")),
                                                          c_double(number(y, "y")), byref(out)))
        area = TimeGridArea(out.area)
        inside = area != TimeGridArea.NONE or out.day != 0
        return TimeGridSpot(area, date_from_day_number(out.day) if inside else None, out.seconds)

    @staticmethod
    def _line(out: Any) -> Optional[TimeGridLine]:
        if not out.shown:
            return None
        return TimeGridLine(out.column, date_from_day_number(out.day), out.seconds, _rect(out.frame))

    def line(self, day: Union[_dt.date, Date], at: Union[_dt.time, int]) -> Optional[TimeGridLine]:
        """The line of wall time ``at`` (a ``datetime.time`` or seconds since midnight,
        0 ... 86400) on ``day`` across its column, or None when the day is not on the page
        or the time lies outside the hours shown (``kalends_view_time_grid_line``)."""
        if isinstance(at, _dt.time):
            seconds = at.hour * 3600 + at.minute * 60 + at.second
        else:
            seconds = int32(at, "at")
        out = _abi.CTimeGridLine()
        self._view._check(lib.kalends_view_time_grid_line(*self._args, c_int32(day_number(day)), c_int32(seconds),
                                                          byref(out)))
        return self._line(out)

    def now_line(self, now: Union[_dt.datetime, int]) -> Optional[TimeGridLine]:
        """Where the now line goes for ``now`` (an aware ``datetime`` or seconds since 1970;
        the host passes the clock's reading, the library never reads it): its day's column
        and height in the grid's zone, or None when that day is off the page or the time
        outside the hours shown (``kalends_view_time_grid_now``)."""
        if isinstance(now, _dt.datetime):
            if now.tzinfo is None:
                raise ValueError("now must be an aware datetime (or seconds since 1970)")
            instant = int(now.timestamp() // 1)
        else:
            instant = int(now)
        out = _abi.CTimeGridLine()
        self._view._check(lib.kalends_view_time_grid_now(*self._args, c_int64(instant), byref(out)))
        return self._line(out)
