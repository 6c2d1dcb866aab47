"""Kalends: a headless calendar and layout engine (Python binding of libkalends.so).

The host draws; Kalends computes what is on screen and where::

    import datetime, kalends
    cal = kalends.Calendar(first_weekday=kalends.Weekday.SUNDAY)
    for week in cal.month_grid(2026, 11, rows=kalends.Rows.VARIABLE):
        print(week.week_of_year.week, [d.day for d in week.days])

Dates go in and come out as ``datetime.date``; ``kalends.Date`` covers the years
outside ``datetime``'s 1 ... 9999. Errors are ``kalends.KalendsError`` subclasses.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._checks import int32
from .errors import LibraryNotFoundError

try:
    from ._native import ABI_VERSION, lib
except LibraryNotFoundError as _error:
    from ._command import exit_if_command

    exit_if_command(_error)   # `python -m kalends` and the `kalends` command: a message, no traceback
    raise
from .errors import (
    BufferTooSmallError,
    CallbackError,
    DuplicateError,
    InvalidArgumentError,
    IoError,
    KalendsError,
    MisuseError,
    NoIntrinsicMetricError,
    NotFoundError,
    OutOfRangeError,
    ParseError,
    PluginError,
    Status,
    UnsatisfiableError,
)


# Every module but the library's loading and the errors loads on first use (PEP 562):
# `import kalends` costs the library's dlopen and its declarations; the first use of
# kalends.Calendar (or Date, Locale, ...) imports its module, datetime and dataclasses
# among them, and a script that only needs dates and grids never loads views or events
# (bench/python/import_bench.py measures both).
_MODULE_NAMES = (
    ("calendar", "Calendar CalendarOptions Day DayFlags InDates MonthGrid Rows Today Week"),
    ("systems", "CalendarSystem EraRange SystemDate SystemMonth"),
    ("locale", "Locale"),
    ("dates", "YEAR_MAX YEAR_MIN Date DayRange Weekday WeekOfYear date_from_day_number day_number day_of_year "
              "iso_week weekday year_days_in_month year_is_leap"),
    ("geometry", "Insets Point Rect Size"),
    ("view", "Action Direction DisplayMode Element ElementKind Key Metrics ModeChange Outcome OutDates OutDateTap "
              "Page RowHeight Selection SelectionMode TimingCurve Transition TransitionFrame View ViewOptions "
              "curve_value PageBehavior"),
    ("autolayout", "NO_INTRINSIC_METRIC SCREEN Attribute AutoLayout Basis BrokenConstraint BrokenKind ConstantChange "
              "Constraint ContentPriority LayoutAxis Policy Priority Relation"),
    ("events", "Event"),
    ("store", "DayDots EventStore Occurrence"),
    ("event_layout", "EventBar EventBars EventMore TimelineItem"),
    ("timezone", "TimeZone"),
    ("plugin", "Plugin"),
    ("flow", "FitResult FlowResult flow_fit flow_layout"),
    ("scroll", "Axis Scroll ScrollPosition"),
    ("picker", "Picker PickerCell"),
    ("pointer", "DragSelect EventProposal Gesture GestureKind GesturePhase PointerKind PointerOptions Refusal"),
    ("agenda", "Agenda AgendaRow AgendaRowKind AgendaViewport"),
    ("date_field", "DateField DateFieldGranularity DateFieldKey DateFieldValidity DateSegment DateSegmentKind"),
)
_LAZY = {name: module for module, names in _MODULE_NAMES for name in names.split()}
if TYPE_CHECKING:
    from .calendar import Calendar, CalendarOptions, Day, DayFlags, InDates, MonthGrid, Rows, Today, Week  # noqa: F401
    from .systems import CalendarSystem, EraRange, SystemDate, SystemMonth  # noqa: F401
    from .locale import Locale  # noqa: F401
    from .dates import (  # noqa: F401
        YEAR_MAX, YEAR_MIN, Date, DayRange, Weekday, WeekOfYear, date_from_day_number, day_number, day_of_year,
        iso_week, weekday, year_days_in_month, year_is_leap,
    )
    from .geometry import Insets, Point, Rect, Size  # noqa: F401
    from .view import (  # noqa: F401
        Action, Direction, DisplayMode, Element, ElementKind, Key, Metrics, ModeChange, Outcome, OutDates,
        OutDateTap, Page, RowHeight, Selection, SelectionMode, TimingCurve, Transition, TransitionFrame, View,
        ViewOptions, curve_value, PageBehavior,
    )
    from .autolayout import (  # noqa: F401
        NO_INTRINSIC_METRIC, SCREEN, Attribute, AutoLayout, Basis, BrokenConstraint, BrokenKind, ConstantChange,
        Constraint, ContentPriority, LayoutAxis, Policy, Priority, Relation,
    )
    from .events import Event  # noqa: F401
    from .store import DayDots, EventStore, Occurrence  # noqa: F401
    from .event_layout import EventBar, EventBars, EventMore, TimelineItem  # noqa: F401
    from .timezone import TimeZone  # noqa: F401
    from .plugin import Plugin  # noqa: F401
    from .flow import (  # noqa: F401
        FitResult, FlowResult, flow_fit, flow_layout,
    )
    from .scroll import (  # noqa: F401
        Axis, Scroll, ScrollPosition,
    )
    from .picker import Picker, PickerCell  # noqa: F401
    from .pointer import (  # noqa: F401
        DragSelect, EventProposal, Gesture, GestureKind, GesturePhase, PointerKind, PointerOptions, Refusal,
    )
    from .agenda import Agenda, AgendaRow, AgendaRowKind, AgendaViewport  # noqa: F401
    from .date_field import (  # noqa: F401
        DateField, DateFieldGranularity, DateFieldKey, DateFieldValidity, DateSegment, DateSegmentKind,
    )


def __getattr__(name: str) -> Any:
    if name == "ical":   # the iCalendar module (kalends.ical), loaded on first use too
        import importlib

        return importlib.import_module(".ical", __name__)
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'kalends' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


def version() -> int:
    """Version of the loaded library: (major << 16) | (minor << 8) | patch."""
    return int(lib.kalends_version())


def version_string() -> str:
    """Version of the loaded library, "MAJOR.MINOR.PATCH"."""
    return bytes(lib.kalends_version_string()).decode()


def abi_version() -> int:
    """ABI version of the loaded library (equals ``kalends.ABI_VERSION``)."""
    return int(lib.kalends_abi_version())


def status_string(status: int) -> str:
    """The library's short name of a status code."""
    return bytes(lib.kalends_status_string(int32(status, "status"))).decode()


__version__ = version_string()

__all__ = [
    "ABI_VERSION", "LibraryNotFoundError", "Calendar", "CalendarOptions", "CalendarSystem", "EraRange", "SystemDate",
    "SystemMonth", "Day", "DayFlags", "MonthGrid",
    "Rows", "Today", "Week", "YEAR_MAX", "YEAR_MIN", "Date", "DayRange", "Weekday", "WeekOfYear",
    "date_from_day_number", "day_number", "day_of_year", "iso_week", "weekday", "year_days_in_month",
    "year_is_leap", "BufferTooSmallError", "DuplicateError", "InvalidArgumentError", "IoError", "KalendsError",
    "MisuseError", "NotFoundError", "OutOfRangeError", "ParseError", "PluginError", "Status",
    "UnsatisfiableError", "version", "version_string", "abi_version", "status_string", "__version__",
    "CallbackError", "NoIntrinsicMetricError", "Insets", "Point", "Rect", "Size", "Action", "Direction", "DisplayMode",
    "Element", "ElementKind", "Key", "Metrics", "ModeChange", "Outcome", "OutDates", "OutDateTap", "Page", "RowHeight",
    "Selection", "SelectionMode", "TimingCurve", "Transition", "TransitionFrame", "View", "ViewOptions", "curve_value",
    "SCREEN", "Attribute", "AutoLayout", "Basis", "ConstantChange", "Constraint", "Priority", "Relation",
    "Event", "EventStore", "Occurrence", "TimeZone", "Plugin", "EventBar", "EventBars", "EventMore", "TimelineItem",
    "DayDots",
    "NO_INTRINSIC_METRIC", "BrokenConstraint", "BrokenKind", "ContentPriority", "LayoutAxis", "Policy", "FitResult",
    "FlowResult", "flow_fit", "flow_layout", "Axis", "Scroll", "ScrollPosition", "Locale",
    "DragSelect", "EventProposal", "Gesture", "GestureKind", "GesturePhase", "PointerKind", "PointerOptions", "Refusal",
    "InDates", "PageBehavior", "Picker", "PickerCell",
    "Agenda", "AgendaRow", "AgendaRowKind", "AgendaViewport",
    "DateField", "DateFieldGranularity", "DateFieldKey", "DateFieldValidity", "DateSegment", "DateSegmentKind",
]
