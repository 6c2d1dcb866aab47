"""The calendar view, headless: ``kalends_view_*``.

A :class:`View` shows one page (a month, a week or a day), keeps a selection, a
keyboard focus, highlighted and disabled days, and lays all of it out for a container
width. The host draws :meth:`View.layout` and feeds taps, keys and sizes back::

    view = kalends.View(width=350)
    for element in view.layout():
        draw(element.kind, element.frame, element.flags)
    view.tap(120, 200)              # selects the day under the point
    view.key(kalends.Key.RIGHT)     # moves the selection

Callbacks (``set_callbacks``) receive dates; an exception raised in one is re-raised
by the call that ran it.
"""
from __future__ import annotations

import datetime
import threading
from ctypes import byref, c_double, c_int32, c_size_t, c_void_p, create_string_buffer, sizeof
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Optional, Sequence, Union

from ._native import (
    DAY_CALLBACK, DAY_PREDICATE, PAGE_CALLBACK, SIZE_CALLBACK, CAction, CDate, CDay, CElement,
    CModeChange, CPage, CSelection, CSize, CTransition, CViewCallbacks, CViewMetrics, CViewOptions, check,
    lib,
)
from ._checks import flag, function, insets, instance, int32, number, optional_instance
from ._handle import Handle
from .calendar import DAY_FIELDS, GRID_MAX_DAYS, Calendar, Day, DayFlags, InDates, Rows, _date_or_civil, _days, _FLAGS, grid_buffer
from .systems import SystemDate
from . import _abi
from .dates import AnyDate, Date, _int_of_date, date_from_day_number, to_cdate
from .errors import OutOfRangeError, Status
from .event_layout import BAR_SIZE, MORE_LAYOUT, MORE_SIZE, EventBars, EventMore, bar_buffers, bar_options
from .plugin import Plugin
from .sources import SourceBridge
from .store import EventStore
from .timezone import TimeZone, zone_handle
from .geometry import Insets, Rect, Size
from .picker import Picker, PickerCell, _cells as _picker_cells

if TYPE_CHECKING:
    from .pointer import Gesture, PointerOptions


#: What a view shows (``KALENDS_MODE_*``). The generated enum of the header (``_abi.DisplayMode``).
from ._abi import DisplayMode as DisplayMode  # noqa: E402


#: ``KALENDS_SELECTION_*``. RANGE: first selection starts, second ends, one before the start moves it, a
#: third starts again. The generated enum of the header (``_abi.SelectionMode``).
from ._abi import SelectionMode as SelectionMode  # noqa: E402


#: Whether month pages show the neighbouring months' days (``KALENDS_OUT_DATES_*``). The generated enum of
#: the header (``_abi.OutDates``).
from ._abi import OutDates as OutDates  # noqa: E402

#: How a view of several months pages (``KALENDS_PAGE_BEHAVIOR_*``): by all the months shown or by one.
#: The generated enum of the header (``_abi.PageBehavior``).
from ._abi import PageBehavior as PageBehavior  # noqa: E402


#: What a tap on an out-date does (``KALENDS_OUT_DATE_TAP_*``). The generated enum of the header
#: (``_abi.OutDateTap``).
from ._abi import OutDateTap as OutDateTap  # noqa: E402


#: Keys (``KALENDS_KEY_*``); LEFT and RIGHT swap in right-to-left views. The generated enum of the header
#: (``_abi.Key``).
from ._abi import Key as Key  # noqa: E402


#: What an operation did (``KALENDS_OUTCOME_*``). The generated enum of the header (``_abi.Outcome``).
from ._abi import Outcome as Outcome  # noqa: E402


#: Direction of a page change (``KALENDS_DIRECTION_*``). The generated enum of the header
#: (``_abi.Direction``).
from ._abi import Direction as Direction  # noqa: E402


#: ``KALENDS_ELEMENT_*``. The generated enum of the header (``_abi.ElementKind``).
from ._abi import ElementKind as ElementKind  # noqa: E402


#: ``KALENDS_CURVE_*``. The generated enum of the header (``_abi.TimingCurve``).
from ._abi import TimingCurve as TimingCurve  # noqa: E402


def curve_value(curve: TimingCurve, progress: float) -> float:
    """The eased value of ``progress`` (clamped to 0 ... 1) on ``curve``."""
    out = c_double()
    check(lib.kalends_curve_value(int32(curve, "curve"), number(progress, "progress"), byref(out)))
    return out.value


# -- values --------------------------------------------------------------------------


class Page(NamedTuple):
    """What a view shows (``kalends_page``); days as day numbers."""

    mode: DisplayMode
    anchor: int  # the date the page is about
    year: int  # year and month of the anchor (the month in-month flags refer to)
    month: int
    first: int  # first and last visible day
    last: int

    @property
    def anchor_date(self) -> datetime.date:
        return date_from_day_number(self.anchor)

    @property
    def first_date(self) -> datetime.date:
        return date_from_day_number(self.first)

    @property
    def last_date(self) -> datetime.date:
        return date_from_day_number(self.last)


class Transition(NamedTuple):
    """A page change (``kalends_transition``); ``from_page``/``to_page`` are C's from/to."""

    direction: Direction
    from_page: Page
    to_page: Page

    @property
    def changed(self) -> bool:
        return self.from_page != self.to_page


class ModeChange(NamedTuple):
    """A mode change and the content heights before and after (None without a width)."""

    from_mode: DisplayMode
    to_mode: DisplayMode
    height_before: Optional[float]
    height_after: Optional[float]


class Action(NamedTuple):
    """What an operation did (``kalends_action``)."""

    outcome: Outcome
    day: Optional[int]  # the day acted on (day number); the new anchor when paging
    transition: Transition

    @property
    def date(self) -> Optional[datetime.date]:
        return None if self.day is None else date_from_day_number(self.day)


class Selection(NamedTuple):
    """The selection in numbers (``kalends_selection``)."""

    mode: SelectionMode
    count: int  # type: ignore[assignment]  # the C field's name; it hides tuple.count
    first: Optional[int]
    last: Optional[int]
    range_complete: bool
    latest: Optional[int]


class Element(NamedTuple):
    """One element of a layout (``kalends_element``)."""

    kind: ElementKind
    #: DAY: index in days(); WEEKDAY: column (0 = first weekday). C's name; it hides tuple.index.
    index: int  # type: ignore[assignment]
    day_number: int  # DAY: its day; WEEKDAY: ISO weekday; header, title, buttons: the anchor
    flags: DayFlags
    frame: Rect
    alpha: float = 1.0
    outgoing: bool = False


class TransitionFrame(NamedTuple):
    elements: list[Element]
    height: float


@dataclass(frozen=True)
class RowHeight:
    """How tall a row is: ``RowHeight.square()`` (as wide as a cell: width / 7, the
    default), ``RowHeight.fixed(points)`` or ``RowHeight.aspect_ratio(height / width)``
    (``KALENDS_ROW_HEIGHT_*`` and its value)."""

    mode: int = 0
    value: float = 0.0

    @classmethod
    def square(cls) -> RowHeight:
        return cls(_abi.KALENDS_ROW_HEIGHT_SQUARE, 0.0)

    @classmethod
    def fixed(cls, points: float) -> RowHeight:
        return cls(_abi.KALENDS_ROW_HEIGHT_FIXED, number(points, "points"))

    @classmethod
    def aspect_ratio(cls, ratio: float) -> RowHeight:
        return cls(_abi.KALENDS_ROW_HEIGHT_ASPECT_RATIO, number(ratio, "ratio"))


@dataclass(frozen=True)
class ViewOptions:
    """Behaviour of a view (``kalends_view_options``)."""

    mode: DisplayMode = DisplayMode.MONTH
    rows: Rows = Rows.FIXED
    out_dates: OutDates = OutDates.SHOW
    selection_mode: SelectionMode = SelectionMode.SINGLE
    out_date_tap: OutDateTap = OutDateTap.PAGE_AND_SELECT
    right_to_left: bool = False
    min_date: Optional[AnyDate] = None
    max_date: Optional[AnyDate] = None
    in_dates: InDates = InDates.ALL_MONTHS
    #: Month mode: months a page shows, 1 ... 12 (the page's month first, each its own grid).
    months: int = 1
    page_behavior: PageBehavior = PageBehavior.VISIBLE
    #: Months per row (0: as many as fit at ``KALENDS_MONTH_MIN_WIDTH`` points).
    month_columns: int = 0
    month_spacing: float = 16.0

    def to_c(self) -> CViewOptions:
        c = CViewOptions()
        check(lib.kalends_view_options_init(byref(c)))
        c.mode, c.rows = int32(self.mode, "mode"), int32(self.rows, "rows")
        c.out_dates, c.selection_mode = int32(self.out_dates, "out_dates"), int32(self.selection_mode, "selection_mode")
        c.out_date_tap = int32(self.out_date_tap, "out_date_tap")
        c.right_to_left = flag(self.right_to_left, "right_to_left")
        c.in_dates = int32(self.in_dates, "in_dates")
        c.months, c.page_behavior = int32(self.months, "months"), int32(self.page_behavior, "page_behavior")
        c.month_columns = int32(self.month_columns, "month_columns")
        c.month_spacing = number(self.month_spacing, "month_spacing")
        if self.min_date is not None:
            c.has_min_date, c.min_date = 1, to_cdate(self.min_date, "min_date")
        if self.max_date is not None:
            c.has_max_date, c.max_date = 1, to_cdate(self.max_date, "max_date")
        return c

    @classmethod
    def from_c(cls, c: CViewOptions) -> ViewOptions:
        return cls(DisplayMode(c.mode), Rows(c.rows), OutDates(c.out_dates), SelectionMode(c.selection_mode),
                   OutDateTap(c.out_date_tap), bool(c.right_to_left),
                   _date_or_civil(c.min_date.year, c.min_date.month, c.min_date.day) if c.has_min_date else None,
                   _date_or_civil(c.max_date.year, c.max_date.month, c.max_date.day) if c.has_max_date else None,
                   InDates(c.in_dates), c.months, PageBehavior(c.page_behavior), c.month_columns, c.month_spacing)


@dataclass(frozen=True)
class Metrics:
    """Sizes of a view in points (``kalends_view_metrics``). Defaults follow MBCalendarKit
    5: a 44-point header holding the title and the weekday symbols (in its bottom 10
    points), square rows, width 0 (unknown: no layout yet). ``weekday_height`` > 0 adds
    a separate weekday row below the header instead."""

    width: float = 0.0
    header_height: float = 44.0
    weekday_height: float = 0.0
    insets: Insets = Insets()
    column_spacing: float = 0.0
    row_spacing: float = 0.0
    row_height: RowHeight = RowHeight()
    scale: float = 1.0  # device pixels per point; 0 turns snapping off

    def to_c(self) -> CViewMetrics:
        c = CViewMetrics()
        check(lib.kalends_view_metrics_init(byref(c)))
        c.width, c.header_height = number(self.width, "width"), number(self.header_height, "header_height")
        c.weekday_height = number(self.weekday_height, "weekday_height")
        c.inset_top, c.inset_left, c.inset_bottom, c.inset_right = insets(self.insets, "insets")
        c.column_spacing, c.row_spacing = number(self.column_spacing, "column_spacing"), number(self.row_spacing,
                                                                                                 "row_spacing")
        c.scale = number(self.scale, "scale")
        row_height = instance(self.row_height, RowHeight, "row_height")
        c.row_height_mode, c.row_height = int32(row_height.mode, "row_height.mode"), number(row_height.value,
                                                                                            "row_height.value")
        return c

    @classmethod
    def from_c(cls, c: CViewMetrics) -> Metrics:
        return cls(c.width, c.header_height, c.weekday_height,
                   Insets(c.inset_top, c.inset_left, c.inset_bottom, c.inset_right), c.column_spacing,
                   c.row_spacing, RowHeight(c.row_height_mode, c.row_height if c.row_height_mode else 0.0), c.scale)


def _page(c: CPage) -> Page:
    return Page(DisplayMode(c.mode), c.anchor, c.year, c.month, c.first, c.last)


def _transition(c: CTransition) -> Transition:
    return Transition(Direction(c.direction), _page(getattr(c, "from")), _page(c.to))


def _action(c: CAction) -> Action:
    return Action(Outcome(c.outcome), c.day if c.has_day else None, _transition(c.transition))


def _element(c: CElement) -> Element:
    f = c.frame
    return Element(ElementKind(c.kind), c.index, c.day_number, _FLAGS[c.flags], Rect(f.x, f.y, f.width, f.height),
                   c.alpha, bool(c.outgoing))


def _date_of(day: int) -> Union[datetime.date, Date]:
    return _date_or_civil(*_ymd(day))


def _ymd(day: int) -> tuple[int, int, int]:
    try:
        d = date_from_day_number(day)
        return d.year, d.month, d.day
    except OutOfRangeError:
        civil = Date.from_day_number(day)
        return civil.year, civil.month, civil.day


def _day_numbers(dates: Sequence[AnyDate], name: str) -> Any:
    """An int32 array of the days of ``dates`` (dates, or day numbers)."""
    if isinstance(dates, (str, bytes)) or not hasattr(dates, "__iter__"):
        raise TypeError(f"{name} must be a sequence of dates, not {type(dates).__name__}")
    item = f"{name} item"
    numbers = [int32(d, item) if hasattr(type(d), "__index__") else _int_of_date("kalends_date_day_number", d, item)
               for d in dates]
    return (c_int32 * max(1, len(numbers)))(*numbers), len(numbers)


# -- the view ------------------------------------------------------------------------


class View(Handle, free="kalends_view_free"):
    """A calendar view (``kalends_view``). Safe to share between threads; release it with
    ``close()`` or a ``with`` block (it is also released when garbage collected).

    ``View(calendar, options, metrics, **changes)``: ``changes`` are fields of
    :class:`ViewOptions` or :class:`Metrics` (``width=350``, ``mode=DisplayMode.WEEK``).
    The first page is the calendar's today, kept within min/max dates.
    """

    def __init__(self, calendar: Calendar | None = None, options: ViewOptions | None = None,
                 metrics: Metrics | None = None, *, system: str | None = None,
                 secondary_system: str | None = None, locale: Any = None, **changes: Any) -> None:
        if locale is not None and not isinstance(locale, str):
            from .locale import Locale
            instance(locale, Locale, "locale")
        if options is None and "right_to_left" not in changes:
            # columns follow the direction of the locale given, else of the calendar's
            name = locale if locale is not None else (calendar.options.locale if isinstance(calendar, Calendar) else "en")
            if name != "en":
                from .locale import Locale
                loc = name if isinstance(name, Locale) else Locale(name)
                changes["right_to_left"] = loc.direction == "rtl"
        opts, sizes = _split_changes(optional_instance(options, ViewOptions, "options") or ViewOptions(),
                                     optional_instance(metrics, Metrics, "metrics") or Metrics(), changes)
        calendar = optional_instance(calendar, Calendar, "calendar")
        if system is not None or secondary_system is not None or locale is not None:
            # A calendar of that system or locale (the given calendar's other options kept;
            # without one, a locale's week data and -u-ca- system).
            base = calendar
            extra: dict[str, Any] = {}
            if system is not None:
                extra["system"] = system
            if secondary_system is not None:
                extra["secondary_system"] = secondary_system
            if locale is not None:
                extra["locale"] = locale
            calendar = Calendar(base.options if base else None, **extra)
        self._system_dates = bool(calendar and calendar._system_dates)
        self._calendar_ref = calendar
        handle = c_void_p()
        calendar = optional_instance(calendar, Calendar, "calendar")
        check(lib.kalends_view_new(calendar._handle if calendar else None, byref(opts.to_c()), byref(sizes.to_c()),
                                   byref(handle)))
        self._own(handle.value or 0)
        self._errors = threading.local()  # an exception raised by a callback, per calling thread
        self._callbacks: tuple[Any, ...] = ()
        self._sources: dict[int, Any] = {}
        self._store_refs: tuple[Any, Any] = (None, None)

    def _check(self, status: int) -> None:
        """check(), re-raising a callback's own exception when it caused the failure."""
        if status:
            error = getattr(self._errors, "value", None)
            self._errors.value = None
            if status == Status.CALLBACK and error is not None:
                raise error
            check(status)

    # -- configuration ---------------------------------------------------------------

    @property
    def options(self) -> ViewOptions:
        c = CViewOptions()
        c.struct_size = sizeof(CViewOptions)
        self._check(lib.kalends_view_get_options(self._handle, byref(c)))
        return ViewOptions.from_c(c)

    def set_options(self, options: ViewOptions | None = None, **changes: Any) -> None:
        """Replaces the options (``changes`` applied to ``options`` or the current ones)."""
        options = optional_instance(options, ViewOptions, "options")
        self._check(lib.kalends_view_set_options(self._handle, byref(replace(options or self.options, **changes).to_c())))

    @property
    def metrics(self) -> Metrics:
        c = CViewMetrics()
        c.struct_size = sizeof(CViewMetrics)
        self._check(lib.kalends_view_get_metrics(self._handle, byref(c)))
        return Metrics.from_c(c)

    def set_metrics(self, metrics: Metrics | None = None, **changes: Any) -> None:
        """Replaces the metrics (``set_metrics(width=390)`` keeps the others)."""
        metrics = optional_instance(metrics, Metrics, "metrics")
        self._check(lib.kalends_view_set_metrics(self._handle, byref(replace(metrics or self.metrics, **changes).to_c())))

    def set_calendar(self, calendar: Calendar) -> None:
        """Copies the calendar's options (first weekday, week rule, weekend, today,
        calendar systems)."""
        self._check(lib.kalends_view_set_calendar(self._handle, instance(calendar, Calendar, "calendar")._handle))
        self._system_dates = calendar._system_dates

    def set_callbacks(self, *, is_disabled: Callable[[Any], bool] | None = None,
                      should_select: Callable[[Any], bool] | None = None,
                      will_select: Callable[[Any], None] | None = None,
                      did_select: Callable[[Any], None] | None = None,
                      did_deselect: Callable[[Any], None] | None = None,
                      page_changed: Callable[[Transition], None] | None = None,
                      content_size_changed: Callable[[Size, Size], None] | None = None) -> None:
        """Installs callbacks, replacing all earlier ones. Day callbacks receive a
        ``datetime.date`` (a ``kalends.Date`` beyond years 1 ... 9999). They run on the
        calling thread, inside the call; they may read the view, and an exception they
        raise comes out of that call (a will_/should_/is_ callback's aborts it, a
        did_/changed callback's is raised after the change)."""
        for name, fn in (("is_disabled", is_disabled), ("should_select", should_select), ("will_select", will_select),
                         ("did_select", did_select), ("did_deselect", did_deselect), ("page_changed", page_changed),
                         ("content_size_changed", content_size_changed)):
            if fn is not None:
                function(fn, name)
        errors = self._errors

        def guard(fn: Callable[..., Any], failed: int, convert: Callable[..., tuple[Any, ...]],
                  result: Callable[[Any], int]) -> Callable[..., int]:
            def trampoline(_user: Any, *args: Any) -> int:
                try:
                    return result(fn(*convert(*args)))
                except BaseException as e:  # carried back to the caller, never across the C frames
                    if getattr(errors, "value", None) is None:
                        errors.value = e
                    return failed
            return trampoline

        day_arg = lambda day: (_date_of(day),)  # noqa: E731
        c = CViewCallbacks()
        c.struct_size = sizeof(CViewCallbacks)
        keep: list[Any] = []
        for name, predicate in (("is_disabled", is_disabled), ("should_select", should_select)):
            if predicate is not None:
                cb = DAY_PREDICATE(guard(predicate, 2, day_arg, lambda r: 1 if r else 0))
                setattr(c, name, cb)
                keep.append(cb)
        for name, told in (("will_select", will_select), ("did_select", did_select), ("did_deselect", did_deselect)):
            if told is not None:
                cb = DAY_CALLBACK(guard(told, Status.CALLBACK, day_arg, lambda r: 0))
                setattr(c, name, cb)
                keep.append(cb)
        if page_changed is not None:
            cb = PAGE_CALLBACK(guard(page_changed, Status.CALLBACK, lambda t: (_transition(t.contents),),
                                     lambda r: 0))
            c.page_changed = cb
            keep.append(cb)
        if content_size_changed is not None:
            cb = SIZE_CALLBACK(guard(content_size_changed, Status.CALLBACK,
                                     lambda a, b: (Size(a.contents.width, a.contents.height),
                                                   Size(b.contents.width, b.contents.height)),
                                     lambda r: 0))
            c.content_size_changed = cb
            keep.append(cb)
        self._check(lib.kalends_view_set_callbacks(self._handle, byref(c)))
        self._callbacks = tuple(keep)  # the C side holds raw pointers to these

    # -- events ----------------------------------------------------------------------

    def set_store(self, store: Optional[EventStore], zone: Optional[TimeZone] = None) -> None:
        """Gives the view an EventStore (and a TimeZone for local days) for its sources
        to fill; None detaches the sources."""
        store = optional_instance(store, EventStore, "store")
        zone = optional_instance(zone, TimeZone, "zone")
        self._check(lib.kalends_view_set_store(self._handle, store._handle if store is not None else None,
                                               zone._handle if zone is not None else None))
        self._store_refs = (store, zone)
        if store is None:
            self._sources = {}

    def add_source(self, source: Any) -> int:
        """Adds a Python event source (see kalends.sources.SourceBridge: ``fetch(first,
        last)`` or ``begin(request, first, last, complete)``) and asks it for the current
        page; it is asked again on every page change. An exception it raises comes out
        of the call that asked it (after the page change)."""
        bridge = SourceBridge(source, self._errors)
        out = c_int32()
        status = lib.kalends_view_add_source(self._handle, byref(bridge.c), byref(out))
        if out.value:
            self._sources[out.value] = bridge  # the C side holds raw pointers to its callbacks
        self._check(status)
        return out.value

    def remove_source(self, source: int) -> None:
        source = int32(source, "source")
        self._check(lib.kalends_view_remove_source(self._handle, source))
        self._sources.pop(source, None)

    def add_plugin(self, plugin: Plugin) -> int:
        """Adds a kalends.Plugin as a source of the view."""
        out = c_int32()
        status = lib.kalends_view_add_plugin(self._handle, instance(plugin, Plugin, "plugin")._handle, byref(out))
        if out.value:
            self._sources[out.value] = plugin
        self._check(status)
        return out.value

    @property
    def pending_requests(self) -> int:
        out = c_int32()
        self._check(lib.kalends_view_pending_requests(self._handle, byref(out)))
        return out.value

    def event_bars(self, store: EventStore, zone: Optional[TimeZone] = None,
                   **options: float) -> tuple[EventBars, list[EventMore]]:
        """Month bars and "+N more" labels of ``store``'s events on this page
        (``kalends_view_event_bars``; several months: each month's over its own grid, rows
        counted across the page). Options: max_lanes, bar_height, lane_spacing,
        top_inset, side_inset. The bars come as an ``EventBars`` sequence (each
        ``EventBar`` made when read)."""
        o = bar_options(options)
        store_handle, z = instance(store, EventStore, "store")._handle, zone_handle(zone)
        buffers = bar_buffers()
        while True:   # one call into this thread's buffers; grown and asked again if too small
            status = lib.kalends_view_event_bars(self._handle, store_handle, z, o, buffers.bars, buffers.bar_capacity,
                                                 buffers.bar_count, buffers.more, buffers.more_capacity,
                                                 buffers.more_count)
            if status != Status.BUFFER_TOO_SMALL:
                self._check(status)
                break
            buffers.grow(buffers.bar_count.value, buffers.more_count.value)
        nb, nm = buffers.bar_count.value, buffers.more_count.value
        bars = EventBars(buffers.bar_bytes[:nb * BAR_SIZE].tobytes())
        more = [EventMore(date_from_day_number(day), hidden, Rect(x, y, w, h))
                for day, hidden, x, y, w, h in MORE_LAYOUT.iter_unpack(buffers.more_bytes[:nm * MORE_SIZE])]
        return bars, more

    # -- mode and pages --------------------------------------------------------------

    def set_mode(self, mode: DisplayMode) -> ModeChange:
        out = CModeChange()
        self._check(lib.kalends_view_set_mode(self._handle, int32(mode, "mode"), byref(out)))
        known = bool(out.has_heights)
        return ModeChange(DisplayMode(getattr(out, "from")), DisplayMode(out.to),
                          out.height_before if known else None, out.height_after if known else None)

    @property
    def page(self) -> Page:
        out = CPage()
        self._check(lib.kalends_view_page(self._handle, byref(out)))
        return _page(out)

    def _turn(self, fn: Callable[..., int], *args: Any) -> Transition:
        out = CTransition()
        self._check(fn(self._handle, *args, byref(out)))
        return _transition(out)

    def next_page(self) -> Transition:
        return self._turn(lib.kalends_view_next_page)

    def previous_page(self) -> Transition:
        return self._turn(lib.kalends_view_previous_page)

    def go_to(self, date: AnyDate) -> Transition:
        return self._turn(lib.kalends_view_go_to, byref(to_cdate(date, "date")))

    def go_to_today(self) -> Transition:
        return self._turn(lib.kalends_view_go_to_today)

    # -- selection -------------------------------------------------------------------

    def _act(self, fn: Callable[..., int], date: AnyDate) -> Action:
        out = CAction()
        self._check(fn(self._handle, byref(to_cdate(date, "date")), byref(out)))
        return _action(out)

    def select(self, date: AnyDate) -> Action:
        """Selects ``date`` by the selection mode (SINGLE replaces, MULTIPLE adds, RANGE
        starts, ends or moves the start); a day on another page moves the page."""
        return self._act(lib.kalends_view_select, date)

    def deselect(self, date: AnyDate) -> Action:
        return self._act(lib.kalends_view_deselect, date)

    def clear_selection(self) -> None:
        self._check(lib.kalends_view_clear_selection(self._handle))

    @property
    def selection(self) -> Selection:
        c = CSelection()
        self._check(lib.kalends_view_selection(self._handle, byref(c)))
        some = c.count > 0
        return Selection(SelectionMode(c.mode), c.count, c.first if some else None, c.last if some else None,
                         bool(c.range_complete), c.latest if c.has_latest else None)

    def _day_list(self, fn: Callable[..., int]) -> list[Union[datetime.date, Date]]:
        count = c_int32()
        self._check(fn(self._handle, None, 0, byref(count)))
        buf = (c_int32 * max(1, count.value))()
        self._check(fn(self._handle, buf, count.value, byref(count)))
        return [_date_of(d) for d in buf[: count.value]]

    def selected_days(self) -> list[Union[datetime.date, Date]]:
        """Every selected day, ascending (all days of a range)."""
        return self._day_list(lib.kalends_view_selected_days)

    @property
    def highlighted(self) -> list[Union[datetime.date, Date]]:
        return self._day_list(lib.kalends_view_highlighted)

    def set_highlighted(self, dates: Sequence[AnyDate]) -> None:
        buf, n = _day_numbers(dates, "dates")
        self._check(lib.kalends_view_set_highlighted(self._handle, buf, n))

    @property
    def disabled(self) -> list[Union[datetime.date, Date]]:
        """The explicitly disabled days (the is_disabled callback adds more)."""
        return self._day_list(lib.kalends_view_disabled)

    def set_disabled(self, dates: Sequence[AnyDate]) -> None:
        buf, n = _day_numbers(dates, "dates")
        self._check(lib.kalends_view_set_disabled(self._handle, buf, n))

    # -- keyboard --------------------------------------------------------------------

    @property
    def focus(self) -> Union[datetime.date, Date]:
        out = CDate()
        self._check(lib.kalends_view_focus(self._handle, byref(out)))
        return _date_or_civil(out.year, out.month, out.day)

    def key(self, key: Key) -> Action:
        out = CAction()
        self._check(lib.kalends_view_key(self._handle, int32(key, "key"), byref(out)))
        return _action(out)

    # -- what to draw ----------------------------------------------------------------

    def days(self) -> list[Day]:
        """The visible days with every view flag."""
        buf = grid_buffer()
        status = lib.kalends_view_days(self._handle, buf.days_address, GRID_MAX_DAYS, buf.count_address)
        if status == Status.BUFFER_TOO_SMALL:   # several months: up to KALENDS_VIEW_MAX_DAYS
            more, count = (CDay * buf.count.value)(), c_int32()
            self._check(lib.kalends_view_days(self._handle, more, buf.count.value, byref(count)))
            days = _days(memoryview(more).cast("B").cast("i")[: count.value * DAY_FIELDS].tolist())
        else:
            self._check(status)
            days = _days(buf.ints[: buf.count.value * DAY_FIELDS].tolist())
        if not self._system_dates or not days:
            return days
        dates = (_abi.CDayDates * len(days))()
        n = c_int32()
        self._check(lib.kalends_view_day_dates(self._handle, dates, len(days), byref(n)))
        return [d._replace(system_date=SystemDate.from_c(x.date),
                           secondary_date=SystemDate.from_c(x.secondary) if x.has_secondary else None)
                for d, x in zip(days, dates)]

    def intrinsic_size(self) -> Size:
        """Width and content height; NoIntrinsicMetricError while the width is 0."""
        out = CSize()
        self._check(lib.kalends_view_intrinsic_size(self._handle, byref(out)))
        return Size(out.width, out.height)

    def _elements(self, fn: Callable[..., int], *args: Any) -> list[Element]:
        count = c_int32()
        self._check(fn(self._handle, *args, None, 0, byref(count)))
        buf = (CElement * max(1, count.value))()
        self._check(fn(self._handle, *args, buf, count.value, byref(count)))
        return [_element(e) for e in buf[: count.value]]

    def layout(self) -> list[Element]:
        """Header, title, previous, next, weekday labels, then the days, with frames."""
        return self._elements(lib.kalends_view_layout)

    def hit_test(self, x: float, y: float) -> Element:
        out = CElement()
        self._check(lib.kalends_view_hit_test(self._handle, number(x, "x"), number(y, "y"), byref(out)))
        return _element(out)

    def tap(self, x: float, y: float) -> tuple[Element, Action]:
        """A tap, as Kal handles it; returns the element hit and what happened."""
        hit, out = CElement(), CAction()
        self._check(lib.kalends_view_tap(self._handle, number(x, "x"), number(y, "y"), byref(hit), byref(out)))
        return _element(hit), _action(out)

    def transition_layout(self, progress: float, curve: TimingCurve = TimingCurve.EASE_IN_OUT) -> TransitionFrame:
        """Frames of the last page or mode change at ``progress`` (0 before, 1 after)."""
        height = c_double()
        count = c_int32()
        args = (number(progress, "progress"), int32(curve, "curve"))
        self._check(lib.kalends_view_transition_layout(self._handle, *args, None, 0, byref(count), byref(height)))
        buf = (CElement * max(1, count.value))()
        self._check(lib.kalends_view_transition_layout(self._handle, *args, buf, count.value, byref(count),
                                                       byref(height)))
        return TransitionFrame([_element(e) for e in buf[: count.value]], height.value)

    def _text(self, fn: Any, *args: Any) -> str:
        length = c_size_t()
        self._check(fn(self._handle, *args, None, 0, byref(length)))
        buf = create_string_buffer(length.value + 1)
        self._check(fn(self._handle, *args, buf, length.value + 1, byref(length)))
        return buf.value.decode("utf-8")

    def title(self) -> str:
        """The page's title in its calendar's system and locale: a month page's month and
        year ("November 2026", "نوفمبر ٢٠٢٦", "Kislev 5787"), a week page's first and last
        day as Locale.format_interval writes them ("23–29 Nov 2026"), a day page's full
        date; a page of several months its first and last month by the "yMMM" interval
        ("Nov 2026 – Jan 2027")."""
        return self._text(lib.kalends_view_title)

    def weekday_label(self, weekday: int, width: str = "abbreviated") -> str:
        """A weekday column's label in the calendar's locale (stand-alone names; width
        "wide", "abbreviated", "short" or "narrow")."""
        from .locale import WIDTHS, _choice
        return self._text(lib.kalends_view_weekday_label, int32(weekday, "weekday"), _choice(width, "width", WIDTHS))

    def hour_label(self, hour: int) -> str:
        """The label of an hour (0 ... 23) of the day timeline in the locale's hour cycle
        ("3 PM", "15 Uhr")."""
        return self._text(lib.kalends_view_hour_label, int32(hour, "hour"))

    def day_label(self, date: AnyDate) -> str:
        """The label of a day's cell: its day of the month in the calendar's system and
        locale ("16"; "ט״ז" in a Hebrew calendar in he; "初四" in a Chinese one in zh)."""
        length = c_size_t()
        cdate = to_cdate(date, "date")
        self._check(lib.kalends_view_day_label(self._handle, byref(cdate), None, 0, byref(length)))
        buf = create_string_buffer(length.value + 1)
        self._check(lib.kalends_view_day_label(self._handle, byref(cdate), buf, length.value + 1, byref(length)))
        return buf.value.decode("utf-8")

    def accessibility_label(self, date: AnyDate) -> str:
        """What a screen reader says: "Sunday, November 22, 2026, today, selected": the
        full date in the calendar's locale and system, then its states; "today" is the
        locale's word (CLDR's: "heute", "היום"), the other states are English (CLDR has
        no words for them)."""
        length = c_size_t()
        cdate = to_cdate(date, "date")
        self._check(lib.kalends_view_accessibility_label(self._handle, byref(cdate), None, 0, byref(length)))
        buf = create_string_buffer(length.value + 1)
        self._check(lib.kalends_view_accessibility_label(self._handle, byref(cdate), buf, length.value + 1,
                                                         byref(length)))
        return buf.value.decode("utf-8")

    # -- pointer gestures (kalends/pointer.h) -----------------------------------------

    @property
    def pointer_options(self) -> "PointerOptions":
        from .pointer import CPointerOptions, PointerOptions
        c = CPointerOptions()
        c.struct_size = sizeof(CPointerOptions)
        self._check(lib.kalends_view_get_pointer_options(self._handle, byref(c)))
        return PointerOptions.from_c(c)

    def set_pointer_options(self, options: "PointerOptions | None" = None, **changes: Any) -> None:
        """Replaces the pointer options (``set_pointer_options(slop=4)`` keeps the others)."""
        from .pointer import PointerOptions
        options = optional_instance(options, PointerOptions, "options")
        self._check(lib.kalends_view_set_pointer_options(
            self._handle, byref(replace(options or self.pointer_options, **changes).to_c())))

    def _pointer(self, fn: Any, x: float, y: float, time: float | None, kind: Any) -> tuple[Element, Action]:
        from .pointer import PointerKind, pointer_event
        hit, out = CElement(), CAction()
        event = pointer_event(x, y, time, PointerKind.MOUSE if kind is None else kind)
        self._check(fn(self._handle, byref(event), byref(hit), byref(out)))
        return _element(hit), _action(out)

    def press(self, x: float, y: float, *, time: float | None = None, kind: Any = None) -> tuple[Element, Action]:
        """A pointer goes down (``kind``: a ``PointerKind``, MOUSE by default; ``time``:
        seconds, None for now on the monotonic clock). Returns the element there and
        what happened (nothing is decided at a press)."""
        return self._pointer(lib.kalends_view_pointer_press, x, y, time, kind)

    def drag(self, x: float, y: float, *, time: float | None = None, kind: Any = None) -> tuple[Element, Action]:
        """The pointer moves with the button down (or rests: the same point later, for
        long presses and edge paging). Outcome PREVIEW when the gesture's preview changed,
        LONG_PRESS, PAGED (held at the edge)."""
        return self._pointer(lib.kalends_view_pointer_move, x, y, time, kind)

    def release(self, x: float, y: float, *, time: float | None = None, kind: Any = None) -> tuple[Element, Action]:
        """The pointer goes up: a tap taps, a range drag commits its range, a paint its
        days, a swipe pages or springs back."""
        return self._pointer(lib.kalends_view_pointer_release, x, y, time, kind)

    def cancel_pointer(self) -> tuple[Element, Action]:
        """The gesture ends without effect: the selection and page from before the press
        come back (outcome CANCELLED). The element is the NONE element."""
        out, none = CAction(), CElement()
        self._check(lib.kalends_view_pointer_cancel(self._handle, byref(out)))
        none.alpha = 1.0   # the NONE element, as a hit test of nothing gives it
        return _element(none), _action(out)

    @property
    def gesture(self) -> "Gesture":
        """The gesture in progress (phase NONE when no pointer is down)."""
        from .pointer import CGesture, gesture_of
        c = CGesture()
        c.struct_size = sizeof(CGesture)
        self._check(lib.kalends_view_gesture(self._handle, byref(c)))
        return gesture_of(c)

    # -- months and years pickers (kalends/picker.h; kalends.picker) ---------------

    def picker_cells(self, picker: Picker) -> list[PickerCell]:
        """The cells of the months or years picker of the page, with frames."""
        count, kind = c_int32(), int32(picker, "picker")
        self._check(lib.kalends_view_picker_cells(self._handle, kind, None, 0, byref(count)))
        buf = (_abi.CPickerCell * max(1, count.value))()
        self._check(lib.kalends_view_picker_cells(self._handle, kind, buf, count.value, byref(count)))
        return _picker_cells(buf, count.value)

    def picker_hit_test(self, picker: Picker, x: float, y: float) -> Optional[int]:
        """The index of the picker's cell at (x, y), or None."""
        out = c_int32()
        self._check(lib.kalends_view_picker_hit_test(self._handle, int32(picker, "picker"), number(x, "x"),
                                                     number(y, "y"), byref(out)))
        return None if out.value < 0 else out.value

    def pick(self, picker: Picker, index: int) -> Transition:
        """Drills down from cell ``index``: that month, or the page's month of that year."""
        return self._turn(lib.kalends_view_picker_pick, int32(picker, "picker"), int32(index, "index"))

    def __repr__(self) -> str:
        if self.closed:
            return "<kalends.View closed>"
        p = self.page
        return f"<kalends.View {p.mode.name.lower()} {p.year}-{p.month:02d} anchor={_date_of(p.anchor)}>"


_OPTION_FIELDS = set(ViewOptions.__dataclass_fields__)
_METRIC_FIELDS = set(Metrics.__dataclass_fields__)


def _split_metrics(metrics: Metrics, changes: dict[str, Any]) -> Metrics:
    """``metrics`` with ``changes`` (Metrics fields only) applied."""
    unknown = set(changes) - _METRIC_FIELDS
    if unknown:
        raise TypeError(f"unknown metrics: {', '.join(sorted(unknown))}")
    return replace(metrics, **changes)


def _split_changes(options: ViewOptions, metrics: Metrics, changes: dict[str, Any]) -> tuple[ViewOptions, Metrics]:
    unknown = set(changes) - _OPTION_FIELDS - _METRIC_FIELDS
    if unknown:
        raise TypeError(f"unknown view settings: {', '.join(sorted(unknown))}")
    return (replace(options, **{k: v for k, v in changes.items() if k in _OPTION_FIELDS}),
            replace(metrics, **{k: v for k, v in changes.items() if k in _METRIC_FIELDS}))


__all__ = [
    "PageBehavior",
    "View", "ViewOptions", "Metrics", "RowHeight", "DisplayMode", "SelectionMode", "OutDates", "OutDateTap", "Key",
    "Outcome", "Direction", "ElementKind", "TimingCurve", "Page", "Transition", "ModeChange", "Action", "Selection",
    "Element", "TransitionFrame", "curve_value",
]
