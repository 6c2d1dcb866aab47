"""Calendars and their grids: ``kalends_calendar_*``."""
from __future__ import annotations

import datetime
import enum
import struct
import threading
from ctypes import addressof, byref, c_int32, c_void_p, create_string_buffer, sizeof, string_at
from dataclasses import dataclass, field, replace
from itertools import repeat
from operator import add, itemgetter
from typing import Any, Callable, Iterator, NamedTuple, Optional, Sequence, Union

from ._handle import Handle
from ._native import CCalendarOptions, CDate, CDay, CDayRange, CWeekOfYear, check, fast, lib
from ._checks import int32, optional_instance, text
from .dates import EPOCH_ORDINAL, AnyDate, Date, DayRange, Weekday, WeekOfYear, date_from_day_number, to_cdate
from .errors import InvalidArgumentError, OutOfRangeError, Status
from .systems import SystemDate
from . import _abi


class Today(enum.Enum):
    """Which day a calendar marks as today, besides a fixed ``datetime.date``."""

    #: The local date from the system clock (TZ, /etc/localtime), read at each query.
    SYSTEM = _abi.KALENDS_TODAY_SYSTEM
    #: No day is today.
    OFF = _abi.KALENDS_TODAY_OFF


#: Row policy of a month grid (``KALENDS_ROWS_*``). The generated enum of the header (``_abi.Rows``).
from ._abi import Rows as Rows  # noqa: E402

#: Whether month grids show the previous month's days before the first (JTAppleCalendar's in-dates,
#: ``KALENDS_IN_DATES_*``): every month, the first month shown only, or none. The generated enum
#: of the header (``_abi.InDates``).
from ._abi import InDates as InDates  # noqa: E402


#: Per-day flags of a grid (``KALENDS_DAY_*``). Exactly one of IN_MONTH, LEADING, TRAILING is set. The
#: generated enum of the header (``_abi.DayFlags``).
from ._abi import DayFlags as DayFlags  # noqa: E402


class _FlagTable(dict):  # type: ignore[type-arg]
    """DayFlags by value, made once per value (IntFlag construction is slow)."""

    def __missing__(self, value: int) -> DayFlags:
        flags = self[value] = DayFlags(value)
        return flags


_FLAGS = _FlagTable()


class _FlagTableButToday(dict):  # type: ignore[type-arg]
    """DayFlags by value with TODAY cleared (the Day objects a calendar keeps)."""

    def __missing__(self, value: int) -> DayFlags:
        flags: DayFlags = _FLAGS[value & ~int(DayFlags.TODAY)]
        self[value] = flags
        return flags


_FLAGS_BUT_TODAY = _FlagTableButToday()


class _FlagRuns(dict):  # type: ignore[type-arg]
    """The DayFlags of a grid's days by the raw bytes of their int32 flags, from
    ``table``. A month grid's flags are a pattern (days before, in and after the month,
    weekend columns, today), shared by every month with the same pattern: a few dozen per
    calendar, each made once. Emptied when _FLAG_RUNS_KEPT are kept."""

    def __init__(self, table: dict[int, DayFlags]) -> None:
        super().__init__()
        self.table = table

    def __missing__(self, key: bytes) -> tuple[DayFlags, ...]:
        if len(self) >= _FLAG_RUNS_KEPT:
            self.clear()
        run = self[key] = tuple(map(self.table.__getitem__, memoryview(key).cast("i")))
        return run


_FLAG_RUNS_KEPT = 1024
_FLAG_RUNS = _FlagRuns(_FLAGS)
_FLAG_RUNS_BUT_TODAY = _FlagRuns(_FLAGS_BUT_TODAY)
_WEEKDAYS = (None,) + tuple(Weekday)


class Day(NamedTuple):
    """One cell of a grid (``kalends_day``)."""

    year: int
    month: int
    day: int
    #: Days since 1970-01-01.
    day_number: int
    weekday: Weekday
    #: Week number of the day's row, by the calendar's week rule.
    week_of_year: WeekOfYear
    flags: DayFlags
    #: The day in the calendar's system; None for a Gregorian calendar without a
    #: secondary system (its system date is the civil date).
    system_date: Optional[SystemDate] = None
    #: The day in the calendar's secondary system; None without one.
    secondary_date: Optional[SystemDate] = None

    @property
    def date(self) -> datetime.date:
        """The ``datetime.date``; OutOfRangeError outside years 1 ... 9999 (use ``civil``)."""
        return date_from_day_number(self.day_number)

    @property
    def civil(self) -> Date:
        """The date as a ``kalends.Date``, for any supported year."""
        return Date(self.year, self.month, self.day)

    @property
    def in_month(self) -> bool:
        return bool(self.flags & DayFlags.IN_MONTH)

    @property
    def is_leading(self) -> bool:
        return bool(self.flags & DayFlags.LEADING)

    @property
    def is_trailing(self) -> bool:
        return bool(self.flags & DayFlags.TRAILING)

    @property
    def is_today(self) -> bool:
        return bool(self.flags & DayFlags.TODAY)

    @property
    def is_weekend(self) -> bool:
        return bool(self.flags & DayFlags.WEEKEND)

    # view flags

    @property
    def is_selected(self) -> bool:
        return bool(self.flags & DayFlags.SELECTED)

    @property
    def is_highlighted(self) -> bool:
        return bool(self.flags & DayFlags.HIGHLIGHTED)

    @property
    def is_disabled(self) -> bool:
        return bool(self.flags & DayFlags.DISABLED)

    @property
    def is_hidden(self) -> bool:
        return bool(self.flags & DayFlags.HIDDEN)

    @property
    def is_focused(self) -> bool:
        return bool(self.flags & DayFlags.FOCUSED)


class Week(NamedTuple):
    """One row of a grid: seven days from the calendar's first weekday."""

    week_of_year: WeekOfYear
    days: tuple[Day, ...]


@dataclass(frozen=True)
class MonthGrid:
    """The weeks that show a month."""

    year: int
    month: int
    rows: Rows
    weeks: tuple[Week, ...]

    @property
    def days(self) -> list[Day]:
        """Every day, row by row."""
        return [d for w in self.weeks for d in w.days]

    @property
    def range(self) -> DayRange:
        """First and last day shown."""
        return DayRange(self.weeks[0].days[0].day_number, self.weeks[-1].days[-1].day_number)

    def __iter__(self) -> Iterator[Week]:
        return iter(self.weeks)


_SATURDAY_AND_SUNDAY = frozenset({Weekday.SATURDAY, Weekday.SUNDAY})


@dataclass(frozen=True)
class CalendarOptions:
    """Options of a calendar (``kalends_calendar_options``). The defaults are ISO 8601."""

    #: Grid rows and week numbers both start on it.
    first_weekday: Weekday = Weekday.MONDAY
    #: 1 ... 7: days of the new year that week 1 must hold (ISO: 4; US: 1 with Sunday).
    min_days_in_first_week: int = 4
    weekend_days: frozenset[Weekday] = field(default=_SATURDAY_AND_SUNDAY)
    #: ``Today.SYSTEM``, ``Today.OFF`` or a fixed date.
    today: Union[datetime.date, Date, Today] = Today.SYSTEM
    #: The calendar system whose months grids, pages and scrolling show (an identifier
    #: of ``CalendarSystem.identifiers()``).
    system: str = "gregorian"
    #: A second system each day also reports its date in (``Day.secondary_date``).
    secondary_system: Optional[str] = None
    #: The CLDR locale of titles, weekday and hour labels and accessibility labels
    #: (``kalends.Locale``'s identifiers: "de_AT", "ar-EG", "he_IL.UTF-8"). The week
    #: fields above stay as given; ``CalendarOptions.for_locale`` takes the locale's.
    locale: str = "en"

    @classmethod
    def for_locale(cls, locale: Union[str, Any], **changes: Any) -> CalendarOptions:
        """Options with a locale's conventions: its first weekday, minimal days and
        weekend (CLDR's territory data), and the system its ``-u-ca-`` names; ``changes``
        (fields of CalendarOptions) win over them."""
        from .locale import Locale
        loc = locale if isinstance(locale, Locale) else Locale(text(locale, "locale"))
        fields: dict[str, Any] = {"first_weekday": loc.first_weekday, "min_days_in_first_week": loc.min_days,
                                  "weekend_days": loc.weekend, "locale": _locale_name(loc)}
        if loc.calendar is not None and "system" not in changes:
            fields["system"] = loc.calendar
        fields.update(changes)
        return cls(**fields)

    def to_c(self) -> CCalendarOptions:
        c = CCalendarOptions()
        check(lib.kalends_calendar_options_init(byref(c)))
        c.first_weekday = int32(self.first_weekday, "first_weekday")
        c.min_days_in_first_week = int32(self.min_days_in_first_week, "min_days_in_first_week")
        if isinstance(self.weekend_days, (str, bytes)) or not hasattr(self.weekend_days, "__iter__"):
            raise TypeError(f"weekend_days must be a set of weekdays, not {type(self.weekend_days).__name__}")
        mask = 0
        for wd in self.weekend_days:
            n = int32(wd, "weekend_days item")
            if not 1 <= n <= 7:
                raise InvalidArgumentError(f"weekend day {wd!r} is not in 1...7 (Monday...Sunday)")
            mask |= 1 << (n - 1)
        c.weekend_days = mask
        if isinstance(self.today, Today):
            c.today_mode = self.today.value
        else:
            c.today_mode = 1
            c.today = to_cdate(self.today, "today")
        # The library copies the strings during the call; the struct keeps them alive.
        keep = [create_string_buffer(_identifier(self.system, "system"))]
        c.system = addressof(keep[0])
        if self.secondary_system is not None:
            keep.append(create_string_buffer(_identifier(self.secondary_system, "secondary_system")))
            c.secondary_system = addressof(keep[-1])
        keep.append(create_string_buffer(_identifier(_locale_name(self.locale), "locale")))
        c.locale = addressof(keep[-1])
        c._keep = keep
        return c

    @classmethod
    def from_c(cls, c: CCalendarOptions) -> CalendarOptions:
        today: Union[datetime.date, Date, Today]
        if c.today_mode == 1:
            today = _date_or_civil(c.today.year, c.today.month, c.today.day)
        else:
            today = Today(c.today_mode)
        return cls(
            first_weekday=Weekday(c.first_weekday),
            min_days_in_first_week=c.min_days_in_first_week,
            weekend_days=frozenset(w for w in Weekday if c.weekend_days & (1 << (w - 1))),
            today=today,
            system=string_at(c.system).decode() if c.system else "gregorian",
            secondary_system=string_at(c.secondary_system).decode() if c.secondary_system else None,
            locale=string_at(c.locale).decode() if c.locale else "en",
        )


def _locale_name(locale: object) -> Any:
    """A locale's identifier as given (a Locale's requested name, else its resolved one)."""
    if isinstance(locale, str):
        return locale   # (no import of kalends.locales for a plain name: a calendar's first use)
    from .locale import Locale
    if isinstance(locale, Locale):
        return locale.requested if locale.requested is not None else locale.identifier
    return locale


def _identifier(value: object, what: str) -> bytes:
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    name = value.encode()
    if b"\0" in name:
        raise InvalidArgumentError(f"{what} contains a NUL character")
    return name


def _date_or_civil(year: int, month: int, day: int) -> Union[datetime.date, Date]:
    """A ``datetime.date`` where it can represent the date, else a ``kalends.Date``."""
    return datetime.date(year, month, day) if 1 <= year <= 9999 else Date(year, month, day)


#: int32 fields per kalends_day: year, month, day, day_number, weekday, week, week year, flags.
DAY_FIELDS = _abi.LAYOUTS["kalends_day"][0] // 4
GRID_MAX_DAYS = _abi.KALENDS_GRID_MAX_DAYS


class GridBuffer:
    """A kalends_day[42] with its count and an int32 view, reused by grid calls. The
    library releases the GIL while it fills the buffer, so each thread has its own."""

    __slots__ = ("days", "count", "days_address", "count_address", "ints", "days_pointer", "count_pointer",
                 "range", "range_pointer")

    def __init__(self) -> None:
        self.days = (CDay * GRID_MAX_DAYS)()
        self.count = c_int32()
        self.days_address = addressof(self.days)
        self.count_address = addressof(self.count)
        self.ints = memoryview(self.days).cast("B").cast("i")
        # the addresses as ready ctypes arguments, for fast calls without argtypes
        self.days_pointer = c_void_p(self.days_address)
        self.count_pointer = c_void_p(self.count_address)
        # a kalends_day_range (first, last) for range calls, and its address
        self.range = (c_int32 * 2)()
        self.range_pointer = c_void_p(addressof(self.range))


_local = threading.local()


def grid_buffer() -> GridBuffer:
    """This thread's GridBuffer."""
    try:
        return _local.grid  # type: ignore[no-any-return]
    except AttributeError:
        buf = _local.grid = GridBuffer()
        return buf


def _needs_system_dates(options: CalendarOptions) -> bool:
    return options.system not in ("gregorian", "gregory") or options.secondary_system is not None


class Calendar(Handle, free="kalends_calendar_free"):
    """A calendar: week rule, weekend and today, and the grids built from them
    (``kalends_calendar``).

    >>> cal = Calendar(first_weekday=Weekday.SUNDAY, today=datetime.date(2026, 11, 22))
    >>> [d.day for d in cal.week_grid(datetime.date(2026, 11, 22)).days]
    [22, 23, 24, 25, 26, 27, 28]

    Safe to share between threads. Release it with ``close()`` or a ``with`` block; it
    is also released when garbage collected.
    """

    def __init__(self, options: CalendarOptions | None = None, **changes: Any) -> None:
        options = optional_instance(options, CalendarOptions, "options")
        if options is None and changes.get("locale") is not None:
            # Calendar(locale=...): the locale's week and system unless given
            locale = changes.pop("locale")
            opts = CalendarOptions.for_locale(locale, **changes)
        else:
            opts = replace(options or CalendarOptions(), **changes)
        handle = c_void_p()
        check(lib.kalends_calendar_new(byref(opts.to_c()), byref(handle)))
        self._own(handle.value or 0)
        self._handle_pointer = c_void_p(self._handle)   # for _hot_month_grid
        self._system_dates = _needs_system_dates(opts)
        self._forget_grids(opts)

    # -- options -----------------------------------------------------------------

    @property
    def options(self) -> CalendarOptions:
        c = CCalendarOptions()
        c.struct_size = sizeof(CCalendarOptions)
        check(lib.kalends_calendar_get_options(self._handle, byref(c)))
        return CalendarOptions.from_c(c)

    def set_options(self, options: CalendarOptions | None = None, **changes: Any) -> None:
        """Replaces the options (``options`` with ``changes`` applied, or the current
        options with ``changes``). On error the calendar keeps its old options."""
        opts = replace(optional_instance(options, CalendarOptions, "options") or self.options, **changes)
        check(lib.kalends_calendar_set_options(self._handle, byref(opts.to_c())))
        self._system_dates = _needs_system_dates(opts)
        self._forget_grids(opts)

    def _forget_grids(self, options: CalendarOptions) -> None:
        """Empties the grid caches (new options). Grids are immutable values of the
        options, the month and the day that is today (the library's own today for
        ``Today.SYSTEM``, asked at each call): the last _GRID_CACHE grids answer a month
        shown again (paging back and forth) at once; the Day objects of the last
        _MONTHS_KEPT months (see _month_days) are shared by every later grid of their
        month, which then makes only its rows."""
        self._grids: dict[tuple[int, int, int, Optional[int]], MonthGrid] = {}
        self._months: dict[tuple[int, int, int], tuple[Day, ...]] = {}
        self._seen_once: set[tuple[int, int, int]] = set()
        self._today_changes = options.today is Today.SYSTEM
        self._fixed_today = None if isinstance(options.today, Today) else _civil_day_number(options.today)
        self._today_out = CDate()
        self._today_pointer = c_void_p(addressof(self._today_out))   # a ready argument of _today
        self._system_today = (0, 0)   # (year * 10000 + month * 100 + day, its day number)

    def _today_number(self) -> Optional[int]:
        """The day number of the day grids mark as today, None for none: the fixed one,
        or for ``Today.SYSTEM`` the library's today (asked, so the clock the library
        reads decides; None for a closed calendar, whose fill call then reports it)."""
        if not self._today_changes:
            return self._fixed_today
        if _today(self._handle_pointer, self._today_pointer):
            return None
        t = self._today_out
        key = t.year * 10000 + t.month * 100 + t.day
        if key != self._system_today[0]:
            self._system_today = (key, _civil_day_number(_date_or_civil(t.year, t.month, t.day)))
        return self._system_today[1]

    def today(self) -> datetime.date | Date | None:
        """Today by the ``today`` option; None when it is ``Today.OFF``. A fixed today
        outside ``datetime``'s years 1 ... 9999 comes back as a ``kalends.Date``."""
        out = CDate()
        status = lib.kalends_calendar_today(self._handle, byref(out))
        if status == Status.NOT_FOUND:  # no day is today
            return None
        check(status)
        return _date_or_civil(out.year, out.month, out.day)

    def week_of_year(self, date: AnyDate) -> WeekOfYear:
        """Week number and week-based year of a date by this calendar's rule."""
        out = CWeekOfYear()
        check(lib.kalends_calendar_week_of_year(self._handle, byref(to_cdate(date)), byref(out)))
        return WeekOfYear(out.week, out.year)

    # -- grids -------------------------------------------------------------------

    def _fill_month(self, year: int, month: int, rows: int) -> GridBuffer:
        """Fills this thread's grid buffer with the month grid."""
        if not (type(year) is int and type(month) is int and _I32_MIN <= year <= _I32_MAX
                and _I32_MIN <= month <= _I32_MAX):
            year, month = int32(year, "year"), int32(month, "month")
        buf = grid_buffer()
        status = _hot_month_grid(self._handle_pointer, year, month, rows, buf.days_pointer, GRID_MAX_DAYS,
                                 buf.count_pointer)
        if status:
            check(status)
        return buf

    def month_grid(self, year: int, month: int, rows: Rows = Rows.FIXED) -> MonthGrid:
        """The weeks that show ``year``-``month``, each starting on the first weekday.
        For a calendar of another system than Gregorian, ``year`` is the system's
        extended year and ``month`` a non-leap month (see ``system_month_grid``)."""
        if type(year) is int and type(month) is int and (rows is _FIXED or rows is _VARIABLE):
            today = self._today_number()
            key = (year, month, rows, today)
            grid = self._grids.get(key)
            if grid is not None and self._live:
                return grid
            grid = _month_grid(year, month, rows, _weeks(self._month_days(year, month, rows, today)))
            grids = self._grids
            if len(grids) >= _GRID_CACHE:
                grids.clear()   # simple and bounded: months shown lately come back on the next call
            grids[key] = grid
            return grid
        rows = _rows(rows)
        days = self._system_days(_grid_days(self._fill_month(year, month, rows)))
        return MonthGrid(year, month, rows, _weeks(days))

    def _month_days(self, year: int, month: int, rows: Rows, today: Optional[int]) -> tuple[Day, ...]:
        """The days of a month grid, row after row, today marked. The Day objects of a
        month's grid are immutable values of the options, the month and the row policy:
        a grid asked for a second time keeps them (up to _MONTHS_KEPT grids, without the
        TODAY flag: only a grid holding today gets one Day more, its today), so later
        grids of that month share them and only make their rows.

        Kept Days stay kept (until new options): evicting some to admit others would,
        for months visited in turn beyond the bound, make every call pay for Days that
        the cyclic GC moves to its oldest generation and that then die there (measured:
        720 months in turn with clear-when-full cost 1.4x making the Days anew). A grid
        asked once (paging forward) is not kept: its Days die young, as without a cache."""
        key = (year, month, rows)
        days = self._months.get(key)
        if days is None or not self._live:
            days = self._system_days(_grid_days(self._fill_month(year, month, rows), _FLAG_RUNS_BUT_TODAY))
            if len(self._months) < _MONTHS_KEPT:
                seen = self._seen_once
                if key in seen:
                    self._months[key] = days
                else:
                    if len(seen) >= _SEEN_KEPT:
                        seen.clear()
                    seen.add(key)
        if today is not None:
            at = today - days[0].day_number
            if 0 <= at < len(days):
                days = days[:at] + (_with_flags(days[at], days[at].flags | _TODAY),) + days[at + 1:]
        return days

    def month_grid_containing(self, day: Union[int, datetime.date, Date], rows: Rows = Rows.FIXED) -> MonthGrid:
        """The grid of the calendar system's month holding a day (number or date);
        ``year`` and ``month`` of the result are the month's in its system."""
        from .systems import _day
        number = _day(day, "day")
        rows = _rows(rows)
        buf = grid_buffer()
        check(lib.kalends_calendar_month_grid_containing(self._handle, number, int(rows), buf.days, GRID_MAX_DAYS,
                                                         byref(buf.count)))
        weeks = _weeks(self._system_days(_grid_days(buf)))
        ref = next(d for w in weeks for d in w.days if d.in_month)
        year, month = (ref.system_date.year, ref.system_date.month) if ref.system_date else (ref.year, ref.month)
        return MonthGrid(year, month, rows, weeks)

    def system_month_grid(self, era: int, year: int, month: int, leap_month: bool = False,
                          rows: Rows = Rows.FIXED) -> MonthGrid:
        """The grid of a month of the calendar's system given by its fields."""
        from .systems import CalendarSystem
        system = CalendarSystem(self.options.system)
        return self.month_grid_containing(system.to_day(era, year, month, 1, leap_month), _rows(rows))

    def day_dates(self, first_day: int, days: int) -> list[tuple[SystemDate, Optional[SystemDate]]]:
        """The dates of ``days`` consecutive days from day number ``first_day`` in the
        calendar's system and secondary system (None without one)."""
        int32(first_day, "first_day")
        int32(days, "days")
        buf = (_abi.CDayDates * max(days, 1))()
        n = c_int32()
        check(lib.kalends_calendar_day_dates(self._handle, first_day, days, buf, days, byref(n)))
        return [(SystemDate.from_c(d.date), SystemDate.from_c(d.secondary) if d.has_secondary else None)
                for d in buf[:n.value]]

    def _system_days(self, days: tuple[Day, ...]) -> tuple[Day, ...]:
        """The days with their system and secondary dates when the calendar has another
        system than Gregorian or a secondary one; else as they are."""
        if not self._system_dates or not days:
            return days
        dates = self.day_dates(days[0].day_number, len(days))
        return tuple(map(_tuple_new, repeat(Day), map(add, map(_FIRST_SEVEN, days), dates)))

    def month_dates(self, year: int, month: int, rows: Rows = Rows.FIXED) -> list[list[datetime.date]]:
        """Only the dates of ``month_grid``, as weeks of ``datetime.date``: the shape of
        ``calendar.Calendar.monthdatescalendar`` (which has variable rows), and fast.
        The dates are shared immutable objects (see _dates); the lists are new.

        Cost: one ``kalends_calendar_month_range`` call (the grid's days are consecutive,
        so its first and last day are the whole answer) and one slice per row of a block
        of ready dates: O(rows), no ``date`` made after a block's first use."""
        if not (type(year) is int and type(month) is int and (rows is _FIXED or rows is _VARIABLE)
                and _I32_MIN <= year <= _I32_MAX and _I32_MIN <= month <= _I32_MAX):
            year, month, rows = int32(year, "year"), int32(month, "month"), _rows(rows)
        buf = grid_buffer()
        status = _hot_month_range(self._handle_pointer, year, month, rows, buf.range_pointer)
        if status:
            check(status)
        first, last = _unpack_range(buf.range)
        first += EPOCH_ORDINAL
        last += EPOCH_ORDINAL
        n = last - first + 1
        b, at = first >> _BLOCK_BITS, first & (_BLOCK - 1)
        if at + n <= _BLOCK and first >= 1 and last <= _MAX_ORDINAL:
            block = _date_blocks.get(b)
            if block is None:
                block = _date_block(b)
            getter = _ROW_GETTERS.get(at * 64 + n)
            if getter is None:
                getter = _row_getter(at, n)
            return list(getter(block))
        try:
            dates = _dates(first, n)
        except (ValueError, OverflowError):
            raise OutOfRangeError(f"the grid of {year}-{month:02d} has dates outside datetime.date's "
                                  "years 1...9999; use month_grid") from None
        return [dates[i:i + 7] for i in range(0, n, 7)]

    def month_range(self, year: int, month: int, rows: Rows = Rows.FIXED) -> DayRange:
        """First and last day shown by ``month_grid``, without building it."""
        out = CDayRange()
        check(lib.kalends_calendar_month_range(self._handle, int32(year, "year"), int32(month, "month"),
                                               _rows(rows), byref(out)))
        return DayRange(out.first, out.last)

    def week_grid(self, date: AnyDate) -> Week:
        """The seven days of the week holding ``date``; flags relative to its month."""
        buf = grid_buffer()
        check(lib.kalends_calendar_week_grid(self._handle, byref(to_cdate(date)), buf.days_address, GRID_MAX_DAYS,
                                             buf.count_address))
        return _weeks(self._system_days(_grid_days(buf)))[0]

    def week_range(self, date: AnyDate) -> DayRange:
        """First and last day of the week holding ``date``."""
        out = CDayRange()
        check(lib.kalends_calendar_week_range(self._handle, byref(to_cdate(date)), byref(out)))
        return DayRange(out.first, out.last)

    def __repr__(self) -> str:
        state = "closed" if self.closed else repr(self.options)
        return f"<kalends.Calendar {state}>"


def _rows(rows: object) -> Rows:
    """A Rows member from a member or its value (InvalidArgumentError for other ints)."""
    if type(rows) is Rows:
        return rows
    n = int32(rows, "rows")
    try:
        return Rows(n)
    except ValueError:
        raise InvalidArgumentError(f"rows {n} is not a Rows value (0 = FIXED, 1 = VARIABLE)") from None


_fromordinal = datetime.date.fromordinal
#: datetime.date objects (immutable) by blocks of _BLOCK consecutive ordinals, made on
#: first use: a grid's dates are one or two slices instead of 42 constructions. At most
#: _BLOCKS blocks are kept (about 2.5 MB, 180 years of dates).
_BLOCK_BITS = 7
_BLOCK = 1 << _BLOCK_BITS
_BLOCKS = 512
_date_blocks: dict[int, list[datetime.date]] = {}


def _dates(first: int, count: int) -> list[datetime.date]:
    """The ``count`` dates from ordinal ``first`` (ValueError outside years 1...9999)."""
    if first < 1 or first + count - 1 > _MAX_ORDINAL:
        raise ValueError("ordinal out of range")
    b, at = divmod(first, _BLOCK)
    block = _date_blocks.get(b)
    if block is None:
        block = _date_block(b)
    end = at + count
    if end <= _BLOCK:
        return block[at:end]
    return block[at:] + _dates((b + 1) * _BLOCK, end - _BLOCK)


def _date_block(b: int) -> list[datetime.date]:
    if len(_date_blocks) >= _BLOCKS:
        _date_blocks.clear()
    lo = max(b * _BLOCK, 1)   # ordinal 0 does not exist: that block starts with None
    hi = min((b + 1) * _BLOCK, _MAX_ORDINAL + 1)
    block: list[datetime.date] = [None] * (lo - b * _BLOCK) + list(map(_fromordinal, range(lo, hi)))  # type: ignore
    _date_blocks[b] = block
    return block


_MAX_ORDINAL = datetime.date.max.toordinal()
#: Row slicers by (offset in a block, days): one C call that cuts a grid's rows out of a
#: block of dates, as a tuple of lists. At most _BLOCK x 6 of them.
_ROW_GETTERS: dict[int, Callable[[list[datetime.date]], tuple[list[datetime.date], ...]]] = {}


def _row_getter(at: int, n: int) -> Callable[[list[datetime.date]], tuple[list[datetime.date], ...]]:
    """The slicer of the n // 7 rows of n days from offset ``at`` of a block."""
    cuts = [slice(i, i + 7) for i in range(at, at + n, 7)]
    if len(cuts) > 1:
        getter: Callable[[list[datetime.date]], Any] = itemgetter(*cuts)
    else:   # itemgetter of one item returns the item, not a tuple
        def getter(block: list[datetime.date], cut: slice = cuts[0]) -> tuple[list[datetime.date], ...]:
            return (block[cut],)
    _ROW_GETTERS[at * 64 + n] = getter
    return getter


#: kalends_calendar_month_grid as a fast call (_native.FAST_CALLS: every argument passed
#: ready, the handle and buffers as c_void_p, the rest as Python ints that are int32 by
#: then): about half the cost of a declared call.
_hot_month_grid = fast("kalends_calendar_month_grid")
#: kalends_calendar_month_range the same way (month_dates: the range is the whole answer).
_hot_month_range = fast("kalends_calendar_month_range")
_unpack_range = struct.Struct("=ii").unpack_from
#: kalends_calendar_today with the output passed as an address (no byref per call).
_today = fast("kalends_calendar_today")
_FIXED, _VARIABLE = Rows.FIXED, Rows.VARIABLE
#: Month grids kept per calendar (see Calendar._forget_grids): the page and its
#: neighbours. More costs more than it saves: tens of thousands of live Day objects make
#: the cyclic GC's collections slower for every later allocation (measured: 256 grids
#: made month_grid over 300 distinct months about 2x slower).
_GRID_CACHE = 8
_I32_MIN, _I32_MAX = -(2**31), 2**31 - 1
_ROW_INTS = 7 * DAY_FIELDS
_tuple_new = tuple.__new__


#: Unpackers of n kalends_day records as int32s, for every count a grid can have.
_UNPACK = {n: struct.Struct(f"={n * DAY_FIELDS}i").unpack_from for n in range(GRID_MAX_DAYS + 1)}


def _ints(buf: GridBuffer) -> tuple[int, ...]:
    """The filled part of a grid buffer as int32s."""
    return _UNPACK[buf.count.value](buf.days)


def _days(ints: Sequence[int], flag_table: dict[int, DayFlags] = _FLAGS) -> list[Day]:
    """Days from the int32 view of kalends_day records, DAY_FIELDS ints each:
    year, month, day, day_number, weekday, week, week year, flags."""
    weekdays = [_WEEKDAYS[w] for w in ints[4::DAY_FIELDS]]
    flags = [flag_table[f] for f in ints[7::DAY_FIELDS]]
    # days of a row share one week number: one WeekOfYear per distinct pair
    weeks: dict[tuple[int, int], WeekOfYear] = {}
    woy = [weeks.get(k) or weeks.setdefault(k, WeekOfYear(*k))
           for k in zip(ints[5::DAY_FIELDS], ints[6::DAY_FIELDS])]
    return list(map(_tuple_new, repeat(Day), zip(ints[0::DAY_FIELDS], ints[1::DAY_FIELDS], ints[2::DAY_FIELDS],
                                                 ints[3::DAY_FIELDS], weekdays, woy, flags, repeat(None),
                                                 repeat(None))))


def _grid_days(buf: GridBuffer, runs: _FlagRuns = _FLAG_RUNS) -> tuple[Day, ...]:
    """The Day objects of the grid in a grid buffer, with flags from ``runs``' table.

    Rows hold consecutive days, so weekdays repeat row by row and the days of a row
    share one week number: only each day's year, month, day and day number are read as
    ints (one struct call), with each row's week (another); its flags are one bytes key
    for a run of DayFlags made once per pattern (months share a handful). Each Day is
    then one tuple.__new__ over a zip of tuples: no Python-level step per day."""
    n = buf.count.value
    if n % 7 or not n:
        return tuple(_days(_ints(buf), runs.table))
    ints = buf.ints
    fields = _UNPACK_FIELDS[n](buf.days)
    row_weeks = tuple(map(_tuple_new, repeat(WeekOfYear), _unpack_row_weeks(ints[:n * DAY_FIELDS])))
    return tuple(map(_tuple_new, repeat(Day), zip(
        fields[0::4], fields[1::4], fields[2::4], fields[3::4], _WEEKDAY_RUNS[ints[_WEEKDAY_INT]],
        _SPREAD_ROWS[n](row_weeks), runs[ints[_FLAGS_INT:n * DAY_FIELDS:DAY_FIELDS].tobytes()], _NONES, _NONES)))


def _grid_unpackers() -> tuple[dict[int, Callable[..., tuple[int, ...]]], Callable[..., Iterator[tuple[int, ...]]]]:
    """For every count of whole rows, the unpacker of each day's (year, month, day,
    day_number); and the iterator of each row's (week, week year) over the int32s of
    whole rows; from kalends_day's layout."""
    at = {"year": CDay.date.offset + CDate.year.offset, "month": CDay.date.offset + CDate.month.offset,
          "day": CDay.date.offset + CDate.day.offset, "day_number": CDay.day_number.offset,
          "weekday": CDay.weekday.offset, "week": CDay.week_of_year.offset + CWeekOfYear.week.offset,
          "week_year": CDay.week_of_year.offset + CWeekOfYear.year.offset, "flags": CDay.flags.offset}
    if list(at.values()) != list(range(0, 32, 4)) or sizeof(CDay) != 32 or DAY_FIELDS != 8:
        raise ImportError(f"kalends_day has another layout than the grid unpackers read: {at}")
    fields = {n: struct.Struct("=" + "4i16x" * n).unpack_from for n in range(7, GRID_MAX_DAYS + 1, 7)}
    row_weeks = struct.Struct(f"=20x2i{7 * sizeof(CDay) - 28}x").iter_unpack
    return fields, row_weeks


_UNPACK_FIELDS, _unpack_row_weeks = _grid_unpackers()
#: Positions of a day's weekday and flags among its int32s (the layout _grid_unpackers checks).
_WEEKDAY_INT, _FLAGS_INT = 4, 7


def _weeks(days: tuple[Day, ...]) -> tuple[Week, ...]:
    """Rows of seven days; each row's week number is its first day's."""
    cut = _ROW_CUTS.get(len(days))
    if cut is None:
        return tuple(Week(days[i].week_of_year, days[i:i + 7]) for i in range(0, len(days), 7))
    return tuple(map(_tuple_new, repeat(Week), zip(map(_WEEK_OF_YEAR_OF, days[::7]), cut(days))))


def _with_flags(day: Day, flags: int) -> Day:
    return _tuple_new(Day, day[:_FLAGS_AT] + (_FLAGS[flags],) + day[_FLAGS_AT + 1:])


def _month_grid(year: int, month: int, rows: Rows, weeks: tuple[Week, ...]) -> MonthGrid:
    """MonthGrid(year, month, rows, weeks) without the frozen dataclass's __init__
    (four object.__setattr__ calls)."""
    grid = _object_new(MonthGrid)
    _set_attribute(grid, "__dict__", {"year": year, "month": month, "rows": rows, "weeks": weeks})
    return grid


def _civil_day_number(date: Any) -> int:
    """Day number of a ``datetime.date`` or ``kalends.Date``."""
    if isinstance(date, datetime.date):
        return date.toordinal() - EPOCH_ORDINAL
    return int(date.day_number)


def _row_cut(n: int) -> Callable[[tuple[Day, ...]], tuple[tuple[Day, ...], ...]]:
    """The rows of n days (a multiple of 7) as one C call: an itemgetter of slices."""
    if n == 7:
        return lambda days: (days,)
    return itemgetter(*[slice(i, i + 7) for i in range(0, n, 7)])


#: Row cutters by day count (7 ... GRID_MAX_DAYS).
_ROW_CUTS = {n: _row_cut(n) for n in range(7, GRID_MAX_DAYS + 1, 7)}
#: For each first weekday 1 ... 7, the weekdays of GRID_MAX_DAYS consecutive days.
_WEEKDAY_RUNS = {first: tuple(Weekday(1 + (first - 1 + i) % 7) for i in range(GRID_MAX_DAYS)) for first in range(1, 8)}
#: For each count of whole rows: the item of each day's row, from a tuple with one item per row.
_SPREAD_ROWS = {n: itemgetter(*[i // 7 for i in range(n)]) for n in range(7, GRID_MAX_DAYS + 1, 7)}
_NONES = repeat(None)
_FLAGS_AT = Day._fields.index("flags")
_FLAGS_OF = itemgetter(_FLAGS_AT)
_WEEK_OF_YEAR_OF = itemgetter(Day._fields.index("week_of_year"))
_FIRST_SEVEN = itemgetter(slice(0, _FLAGS_AT + 1))
_TODAY = int(DayFlags.TODAY)
_object_new = object.__new__
_set_attribute = object.__setattr__
#: Month grids whose Day objects a calendar keeps (see Calendar._month_days): about
#: 8 KB each (42 Days, their ints and WeekOfYears), 3 MB for 32 years of months.
_MONTHS_KEPT = 384
#: Month grids remembered as asked once (their keys only), before they are forgotten.
_SEEN_KEPT = 4096
