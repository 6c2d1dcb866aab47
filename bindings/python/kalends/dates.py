"""Dates, weekdays and week numbers: ``kalends_date_*`` and ``kalends_year_*``."""
from __future__ import annotations

import datetime
from ctypes import byref, c_int32
from dataclasses import dataclass
from typing import NamedTuple, Protocol, Union

from ._checks import int32, type_name
from ._native import CDate, CWeekOfYear, check, lib
from .errors import OutOfRangeError

_date = datetime.date

#: datetime.date.toordinal() of 1970-01-01, the library's day number 0.
EPOCH_ORDINAL = datetime.date(1970, 1, 1).toordinal()
YEAR_MIN = -999_999
YEAR_MAX = 999_999


#: ISO 8601 weekdays, 1 = Monday ... 7 = Sunday, as ``date.isoweekday()`` (Python's
#: ``calendar`` counts from 0 = Monday); ``Weekday.parse("sun")`` reads a name, a prefix or
#: a number. The generated group of the header (``_abi.Weekday``).
from ._abi import Weekday as Weekday  # noqa: E402


class WeekOfYear(NamedTuple):
    """A week number and the year the week belongs to (``kalends_week_of_year``)."""

    week: int
    year: int

    def __str__(self) -> str:
        return f"{self.year}-W{self.week:02d}"


class DateLike(Protocol):
    @property
    def year(self) -> int: ...
    @property
    def month(self) -> int: ...
    @property
    def day(self) -> int: ...


def to_cdate(d: DateLike, name: str = "date") -> CDate:
    """A ``kalends_date`` from anything with int year, month and day (``datetime.date``,
    ``Date``); each must fit in 32 bits (ctypes would silently wrap it)."""
    if type(d) is _date:   # the common case: fields known to be small ints
        return CDate(d.year, d.month, d.day)
    try:
        y, m, day = d.year, d.month, d.day
    except AttributeError:
        raise TypeError(f"{name} must be a datetime.date or kalends.Date, not {type_name(d)}") from None
    return CDate(int32(y, f"{name}.year"), int32(m, f"{name}.month"), int32(day, f"{name}.day"))


def date_from_day_number(day_number: int) -> datetime.date:
    """The ``datetime.date`` of a day number (days since 1970-01-01)."""
    day_number = int32(day_number, "day_number")
    try:
        return datetime.date.fromordinal(day_number + EPOCH_ORDINAL)
    except (ValueError, OverflowError):
        raise OutOfRangeError(
            f"day number {day_number} is outside datetime.date's years 1...9999; "
            "use kalends.Date.from_day_number") from None


@dataclass(frozen=True, order=True)
class Date:
    """A proleptic Gregorian date for any supported year (-999999 ... 999999), where
    ``datetime.date`` only covers 1 ... 9999 (``kalends_date``). Checked on creation."""

    year: int
    month: int
    day: int

    def __post_init__(self) -> None:
        out = c_int32()
        check(lib.kalends_date_day_number(byref(to_cdate(self, "Date")), byref(out)))
        object.__setattr__(self, "_day_number", out.value)

    @classmethod
    def from_day_number(cls, day_number: int) -> Date:
        out = CDate()
        check(lib.kalends_date_from_day_number(int32(day_number, "day_number"), byref(out)))
        return cls(out.year, out.month, out.day)

    @classmethod
    def from_date(cls, date: DateLike) -> Date:
        c = to_cdate(date)
        return cls(c.year, c.month, c.day)

    def to_date(self) -> datetime.date:
        """The ``datetime.date``; OutOfRangeError outside years 1 ... 9999."""
        if not 1 <= self.year <= 9999:
            raise OutOfRangeError(f"{self} is outside datetime.date's years 1...9999")
        return datetime.date(self.year, self.month, self.day)

    @property
    def day_number(self) -> int:
        """Days since 1970-01-01."""
        return self._day_number  # type: ignore[attr-defined,no-any-return]

    @property
    def weekday(self) -> Weekday:
        return weekday(self)

    @property
    def day_of_year(self) -> int:
        return day_of_year(self)

    @property
    def iso_week(self) -> WeekOfYear:
        return iso_week(self)

    def __str__(self) -> str:
        if 0 <= self.year <= 9999:
            return f"{self.year:04d}-{self.month:02d}-{self.day:02d}"
        return f"{'-' if self.year < 0 else '+'}{abs(self.year):06d}-{self.month:02d}-{self.day:02d}"


AnyDate = Union[datetime.date, Date]


def _int_of_date(fn_name: str, date: DateLike, name: str = "date") -> int:
    out = c_int32()
    check(getattr(lib, fn_name)(byref(to_cdate(date, name)), byref(out)))
    return out.value


def day_number(date: DateLike) -> int:
    """Days since 1970-01-01 of a date (``kalends_date_day_number``)."""
    return _int_of_date("kalends_date_day_number", date)


def weekday(date: DateLike) -> Weekday:
    """ISO weekday of a date (``kalends_date_weekday``)."""
    return Weekday(_int_of_date("kalends_date_weekday", date))


def day_of_year(date: DateLike) -> int:
    """1 ... 366 (``kalends_date_day_of_year``)."""
    return _int_of_date("kalends_date_day_of_year", date)


def iso_week(date: DateLike) -> WeekOfYear:
    """ISO 8601 week and week-based year (``kalends_date_iso_week``); equals
    ``date.isocalendar()[:2]`` swapped into (week, year)."""
    out = CWeekOfYear()
    check(lib.kalends_date_iso_week(byref(to_cdate(date)), byref(out)))
    return WeekOfYear(out.week, out.year)


def year_is_leap(year: int) -> bool:
    """Whether a year is a leap year (``kalends_year_is_leap``)."""
    out = c_int32()
    check(lib.kalends_year_is_leap(int32(year, "year"), byref(out)))
    return bool(out.value)


def year_days_in_month(year: int, month: int) -> int:
    """Days in a month (``kalends_year_days_in_month``)."""
    out = c_int32()
    check(lib.kalends_year_days_in_month(int32(year, "year"), int32(month, "month"), byref(out)))
    return out.value


@dataclass(frozen=True)
class DayRange:
    """An inclusive range of day numbers (``kalends_day_range``)."""

    first: int
    last: int

    @property
    def first_date(self) -> datetime.date:
        return date_from_day_number(self.first)

    @property
    def last_date(self) -> datetime.date:
        return date_from_day_number(self.last)

    @property
    def count(self) -> int:
        """Number of days in the range."""
        return self.last - self.first + 1

    def __contains__(self, item: object) -> bool:
        if isinstance(item, int):
            n = item
        elif isinstance(item, (datetime.date, Date)):
            n = day_number(item)
        else:
            return False
        return self.first <= n <= self.last


__all__ = [
    "Weekday", "WeekOfYear", "Date", "DayRange", "AnyDate", "day_number", "weekday", "day_of_year",
    "iso_week", "year_is_leap", "year_days_in_month", "date_from_day_number", "YEAR_MIN", "YEAR_MAX",
]
