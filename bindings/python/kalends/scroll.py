"""Scrolling calendars: ``kalends_scroll_*``. Months of a range (open-ended too)
stacked vertically or paged horizontally; ask what a viewport shows. Queries cost what
the viewport holds, whether the range is a year or ten thousand."""
from __future__ import annotations

import datetime
from ctypes import byref, c_double, c_int32, c_void_p
from typing import Any, Optional, Union

from ._checks import flag, int32, number, optional_instance, rect
from ._handle import Handle
from ._native import CDate, CDayRange, CElement, CRect, CScrollOptions, CSize, check, lib
from .calendar import Calendar, InDates, Rows, _date_or_civil
from .dates import AnyDate, Date, DayRange, to_cdate
from .errors import Status
from .geometry import Rect, Size
from .view import Element, Metrics, OutDates, _element, _split_metrics


#: ``KALENDS_AXIS_*``. The generated enum of the header (``_abi.Axis``).
from ._abi import Axis as Axis  # noqa: E402


#: Where ``offset`` puts a date in the viewport (``KALENDS_SCROLL_*``). The generated enum of the header
#: (``_abi.ScrollPosition``).
from ._abi import ScrollPosition as ScrollPosition  # noqa: E402


def _rect(viewport: Union[Rect, tuple[float, float, float, float]]) -> CRect:
    return CRect(*rect(viewport, "viewport"))


class Scroll(Handle, free="kalends_scroll_free"):
    """A scrolling calendar (``kalends_scroll``), immutable once made.

    ``Scroll(calendar, first_month=date(2026, 1, 1), last_month=None, width=390, ...)``:
    ``first_month``/``last_month`` are any day of those months (``last_month=None``:
    open-ended); other keywords are the options (``axis``, ``rows``, ``out_dates``,
    ``show_weekdays``, ``month_spacing``, ``in_dates``) and :class:`~kalends.Metrics` fields (``width``
    is required: the container's width).
    """

    def __init__(self, calendar: Calendar | None = None, *, first_month: AnyDate | None = None,
                 last_month: AnyDate | None = None, axis: Axis = Axis.VERTICAL, rows: Rows = Rows.VARIABLE,
                 out_dates: OutDates = OutDates.HIDE, show_weekdays: bool = True, month_spacing: float = 24,
                 metrics: Metrics | None = None, in_dates: InDates = InDates.ALL_MONTHS,
                 **metric_changes: Any) -> None:
        o = CScrollOptions()
        check(lib.kalends_scroll_options_init(byref(o)))
        if first_month is not None:
            o.first_month = to_cdate(first_month, "first_month")
        if last_month is not None:
            o.has_last_month, o.last_month = 1, to_cdate(last_month, "last_month")
        o.axis, o.rows, o.out_dates = int32(axis, "axis"), int32(rows, "rows"), int32(out_dates, "out_dates")
        o.show_weekdays, o.month_spacing = flag(show_weekdays, "show_weekdays"), number(month_spacing, "month_spacing")
        o.in_dates = int32(in_dates, "in_dates")
        m = _split_metrics(optional_instance(metrics, Metrics, "metrics") or Metrics(), metric_changes).to_c()
        calendar = optional_instance(calendar, Calendar, "calendar")
        handle = c_void_p()
        check(lib.kalends_scroll_new(calendar._handle if calendar else None, byref(o), byref(m), byref(handle)))
        self._own(handle.value or 0)

    @property
    def month_count(self) -> int:
        out = c_int32()
        check(lib.kalends_scroll_month_count(self._handle, byref(out)))
        return out.value

    def content_size(self) -> tuple[Size, bool]:
        """The content's size and whether it is unbounded (open-ended: +inf along the axis)."""
        out, unbounded = CSize(), c_int32()
        check(lib.kalends_scroll_content_size(self._handle, byref(out), byref(unbounded)))
        return Size(out.width, out.height), bool(unbounded.value)

    def elements(self, viewport: Union[Rect, tuple[float, float, float, float]]) -> list[Element]:
        """Month headers, weekday labels and day cells overlapping the viewport;
        ``index`` is the month's position in the range."""
        vp = _rect(viewport)
        count = c_int32()
        check(lib.kalends_scroll_elements(self._handle, byref(vp), None, 0, byref(count)))
        buf = (CElement * max(1, count.value))()
        check(lib.kalends_scroll_elements(self._handle, byref(vp), buf, count.value, byref(count)))
        return [_element(e) for e in buf[: count.value]]

    def visible_days(self, viewport: Union[Rect, tuple[float, float, float, float]]) -> Optional[DayRange]:
        out = CDayRange()
        status = lib.kalends_scroll_visible_days(self._handle, byref(_rect(viewport)), byref(out))
        if status == Status.NOT_FOUND:  # nothing visible
            return None
        check(status)
        return DayRange(out.first, out.last)

    def visible_months(self, viewport: Union[Rect, tuple[float, float, float, float]]
                       ) -> Optional[tuple[Union[datetime.date, Date], Union[datetime.date, Date]]]:
        """First days of the first and last months in the viewport."""
        first, last = CDate(), CDate()
        status = lib.kalends_scroll_visible_months(self._handle, byref(_rect(viewport)), byref(first), byref(last))
        if status == Status.NOT_FOUND:
            return None
        check(status)
        return (_date_or_civil(first.year, first.month, first.day), _date_or_civil(last.year, last.month, last.day))

    def offset(self, date: AnyDate, position: ScrollPosition = ScrollPosition.START,
               viewport_length: float = 0.0) -> float:
        """The content offset along the axis that puts ``date`` at the start, centre or
        end of a viewport ``viewport_length`` long (clamped to the content)."""
        out = c_double()
        check(lib.kalends_scroll_offset(self._handle, byref(to_cdate(date, "date")), int32(position, "position"),
                                        number(viewport_length, "viewport_length"), byref(out)))
        return out.value


__all__ = ["Scroll", "Axis", "ScrollPosition"]
