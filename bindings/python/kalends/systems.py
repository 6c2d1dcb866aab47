"""Calendar systems: ``kalends_calendar_system_*``.

A system is named by its CLDR identifier (``"hebrew"``, ``"islamic-umalqura"``,
``"chinese"``, ...) or by the identifier a plugin registered. Fields follow ICU's and
Foundation's conventions: era as ICU numbers it, year in the era, month 1-based (Hebrew
1...13 with 6 = Adar I in leap years only; Chinese 1...12 with ``leap_month`` on the
repeated month), day 1-based::

    >>> hebrew = CalendarSystem("hebrew")
    >>> hebrew.from_day(day_number(datetime.date(2026, 11, 24)))
    SystemDate(era=0, year=5787, month=3, day=14, leap_month=False)
"""
from __future__ import annotations

import datetime
from ctypes import byref, c_int32, c_size_t, create_string_buffer
from typing import NamedTuple, Optional, Union

from . import _abi
from ._checks import int32 as _int32, text
from ._native import check, lib
from .dates import Date, DayRange, day_number as _day_number


class SystemDate(NamedTuple):
    """A date in a calendar system (``kalends_system_date``)."""

    era: int
    year: int
    month: int
    day: int
    leap_month: bool = False

    def to_c(self) -> _abi.CSystemDate:
        return _abi.CSystemDate(_int32(self.era, "era"), _int32(self.year, "year"), _int32(self.month, "month"),
                                _int32(self.day, "day"), 1 if self.leap_month else 0)

    @classmethod
    def from_c(cls, c: _abi.CSystemDate) -> SystemDate:
        return cls(c.era, c.year, c.month, c.day, bool(c.is_leap_month))


class SystemMonth(NamedTuple):
    """A month of a calendar system (``kalends_system_month``)."""

    era: int
    year: int
    month: int
    leap_month: bool
    #: The year counted continuously across eras (ICU's extended year).
    extended_year: int
    #: Day number of its first day, and its length in days.
    first_day: int
    length: int


class EraRange(NamedTuple):
    """An era of a system and the part of it the system converts."""

    era: int
    #: A short code ("bce", "ce", "reiwa", "am", "ah", "cycle-78", ...).
    code: str
    first_year: int
    last_year: int
    first_day: int
    last_day: int


def _day(value: Union[int, datetime.date, Date], what: str = "day") -> int:
    """A day number, from an int or a date."""
    if isinstance(value, (datetime.date, Date)):
        return _day_number(value)
    if isinstance(value, bool):
        raise TypeError(f"{what} must be an int or a date, not bool")
    return _int32(value, what)


class CalendarSystem:
    """A calendar system by identifier. Cheap to make (it holds the name); every call
    crosses the C ABI. Bad input raises ``NotFoundError`` (unknown identifier),
    ``InvalidArgumentError`` (an era, month or leap month the system or year lacks) or
    ``OutOfRangeError`` (a year or day outside the system's range), with a message
    naming the system and the valid range."""

    __slots__ = ("identifier", "_name")

    def __init__(self, identifier: str) -> None:
        name = text(identifier, "identifier").encode()
        if b"\0" in name:
            raise ValueError("identifier contains a NUL character")
        self._name = name
        # Resolves aliases and fails now for an unknown identifier.
        check(lib.kalends_calendar_system_day_range(name, byref(_abi.CDayRange())))
        self.identifier = identifier

    @staticmethod
    def identifiers() -> list[str]:
        """Every system's identifier: the built-in ones in CLDR's order, then those
        plugins registered, in loading order."""
        n = c_int32()
        check(lib.kalends_calendar_system_count(byref(n)))
        out = []
        for i in range(n.value):
            length = c_size_t()
            buf = create_string_buffer(64)
            check(lib.kalends_calendar_system_identifier(i, buf, 64, byref(length)))
            out.append(buf.value.decode())
        return out

    def from_day(self, day: Union[int, datetime.date, Date]) -> SystemDate:
        """The date of a day number (or of a ``datetime.date``) in this system."""
        out = _abi.CSystemDate()
        check(lib.kalends_calendar_system_from_day(self._name, _day(day, "day_number"), byref(out)))
        return SystemDate.from_c(out)

    def to_day(self, era: int, year: int, month: int, day: int, leap_month: bool = False) -> int:
        """The day number of a date of this system."""
        if not isinstance(leap_month, bool):
            raise TypeError(f"leap_month must be a bool, not {type(leap_month).__name__}")
        out = c_int32()
        check(lib.kalends_calendar_system_to_day(self._name, byref(SystemDate(era, year, month, day, leap_month).to_c()),
                                                 byref(out)))
        return out.value

    def to_date(self, era: int, year: int, month: int, day: int, leap_month: bool = False) -> datetime.date:
        """The ``datetime.date`` of a date of this system."""
        return datetime.date.fromordinal(self.to_day(era, year, month, day, leap_month) + 719163)

    def months_in_year(self, era: int, year: int) -> int:
        """Months of an era's year (12 or 13; fewer at the ends of the system's days)."""
        out = c_int32()
        check(lib.kalends_calendar_system_months_in_year(self._name, _int32(era, "era"), _int32(year, "year"),
                                                         byref(out)))
        return out.value

    def month_length(self, era: int, year: int, month: int, leap_month: bool = False) -> int:
        """Days of a month."""
        if not isinstance(leap_month, bool):
            raise TypeError(f"leap_month must be a bool, not {type(leap_month).__name__}")
        out = c_int32()
        check(lib.kalends_calendar_system_month_length(self._name, _int32(era, "era"), _int32(year, "year"),
                                                       _int32(month, "month"), 1 if leap_month else 0, byref(out)))
        return out.value

    def month(self, day: Union[int, datetime.date, Date]) -> SystemMonth:
        """The month holding a day."""
        out = _abi.CSystemMonth()
        check(lib.kalends_calendar_system_month(self._name, _day(day, "day_number"), byref(out)))
        return SystemMonth(out.era, out.year, out.month, bool(out.is_leap_month), out.extended_year, out.first_day,
                           out.length)

    @property
    def day_range(self) -> DayRange:
        """The first and last day number the system converts."""
        out = _abi.CDayRange()
        check(lib.kalends_calendar_system_day_range(self._name, byref(out)))
        return DayRange(out.first, out.last)

    def eras(self) -> list[EraRange]:
        """The system's eras with the years and days of each inside its range."""
        n = c_int32()
        check(lib.kalends_calendar_system_eras(self._name, None, 0, byref(n)))
        buf = (_abi.CSystemEra * n.value)()
        check(lib.kalends_calendar_system_eras(self._name, buf, n.value, byref(n)))
        return [EraRange(e.era, self.era_code(e.era), e.first_year, e.last_year, e.first_day, e.last_day) for e in buf]

    def era_range(self, era: int) -> EraRange:
        """One era (``InvalidArgumentError`` naming the valid eras otherwise)."""
        code = self.era_code(era)
        for e in self.eras():
            if e.era == era:
                return e
        raise AssertionError(f"era {era} has a code ({code}) but no range")  # the library names both or neither

    def era_code(self, era: int) -> str:
        """A short code of an era (CLDR's where it has one)."""
        buf = create_string_buffer(64)
        length = c_size_t()
        check(lib.kalends_calendar_system_era_code(self._name, _int32(era, "era"), buf, 64, byref(length)))
        return buf.value.decode()

    def add_months(self, day: Union[int, datetime.date, Date], months: int) -> int:
        """The day ``months`` months later (clamped to the target month's length)."""
        out = c_int32()
        check(lib.kalends_calendar_system_add_months(self._name, _day(day, "day_number"), _int32(months, "months"),
                                                     byref(out)))
        return out.value

    def add_years(self, day: Union[int, datetime.date, Date], years: int) -> int:
        """The same month and day ``years`` years later (a leap month the target year
        lacks becomes the month of its number; the day is clamped)."""
        out = c_int32()
        check(lib.kalends_calendar_system_add_years(self._name, _day(day, "day_number"), _int32(years, "years"),
                                                    byref(out)))
        return out.value

    def yearly_rule(self, day: Union[int, datetime.date, Date], skip: Optional[str] = None) -> str:
        """RRULE text (RFC 7529) of "every year on this date in this system": RSCALE,
        FREQ=YEARLY, the day's month (a leap month as ``5L``) and day of the month, and
        ``skip`` (``"OMIT"``, ``"BACKWARD"``, ``"FORWARD"``; None: OMIT) for the years
        without them. ``CalendarSystem("chinese").yearly_rule(date(2026, 2, 17))`` is
        Chinese New Year; expand it with ``kalends.rrule.rrulestr`` from that day."""
        skips = {"OMIT": 0, "BACKWARD": 1, "FORWARD": 2}
        if skip is not None and not isinstance(skip, str):
            raise TypeError(f"skip must be a str or None, not {type(skip).__name__}")
        if skip is not None and skip.upper() not in skips:
            raise ValueError(f"skip {skip!r} is not OMIT, BACKWARD or FORWARD")
        buf = create_string_buffer(128)
        length = c_size_t()
        check(lib.kalends_rrule_yearly_text(self._name, _day(day, "day_number"), skips[skip.upper()] if skip else 0,
                                            buf, 128, byref(length)))
        return buf.value.decode()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CalendarSystem) and other.identifier == self.identifier

    def __hash__(self) -> int:
        return hash(self.identifier)

    def __repr__(self) -> str:
        return f"CalendarSystem({self.identifier!r})"
