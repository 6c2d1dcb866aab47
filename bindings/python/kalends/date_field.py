"""Date and time fields: ``kalends_date_field_*``.

A field shows a date, a time or both in a locale and a calendar system as segments
(era, year, month, day, weekday, hour, minute, day period, and the literals between
them) in the order of the locale's CLDR patterns, and decides what each key does; the
host draws the segments and a caret on the focused one::

    >>> f = DateField("en_US", placeholder=datetime.date(2026, 11, 28))
    >>> f.text
    'mm/dd/yyyy'
    >>> f.type("1128")        # "1" waits for "10"..."12"; "12" is full and moves on
    >>> f.type("2026"); f.text, f.value
    ('11/28/2026', datetime.date(2026, 11, 28))

Typed digits may be the locale's or Latin ("٢٨" in ar_EG); month names, day periods
and eras are typed by prefix in any case. ``press`` takes the other keys: "up", "down"
(step with wrap), "left", "right", "tab", "backtab" (Shift+Tab), "backspace", "delete".
The value exists once every editable segment is set: a ``datetime.date`` (granularity
"day"), a ``datetime.datetime`` (a date and a time) or a ``datetime.time`` (a time
field, ``shows_date=False``). Each key costs O(segments + names tried).
"""
from __future__ import annotations

import datetime
from ctypes import byref, c_int32, c_size_t, c_void_p, create_string_buffer
from dataclasses import dataclass
from typing import Iterable, Optional, TypeVar, Union

from . import _abi
from ._checks import flag, instance, int32
from ._handle import Handle
from ._native import check, lib
from .dates import EPOCH_ORDINAL
from .errors import InvalidArgumentError
from .locale import Locale, _calendar, _date, _typed

#: What a segment holds (``KALENDS_DATE_SEGMENT_*``). The generated enum of the header.
from ._abi import DateSegmentKind as DateSegmentKind  # noqa: E402

#: The smallest unit a field edits (``KALENDS_DATE_FIELD_GRANULARITY_*``).
from ._abi import DateFieldGranularity as DateFieldGranularity  # noqa: E402

#: The keys of :meth:`DateField.press` (``KALENDS_DATE_FIELD_KEY_*``).
from ._abi import DateFieldKey as DateFieldKey  # noqa: E402

#: Whether a field's value is allowed (``KALENDS_DATE_FIELD_*``).
from ._abi import DateFieldValidity as DateFieldValidity  # noqa: E402

_E = TypeVar("_E", DateFieldGranularity, DateFieldKey, _abi.HourCycle)
AnyValue = Union[datetime.date, datetime.datetime, datetime.time]


@dataclass(frozen=True)
class DateSegment:
    """One segment as the host draws it: ``text`` (the value as the locale writes it, or
    the placeholder when empty), ``value`` (None when empty; month 1..., the hour as
    shown, day period 0 am / 1 pm) and its range."""

    kind: DateSegmentKind
    text: str
    placeholder: str
    editable: bool
    value: Optional[int]
    min_value: int
    max_value: int


def _string(function: str, handle: int, *args: int) -> str:
    length = c_size_t()
    fn = getattr(lib, function)
    check(fn(c_void_p(handle), *args, None, c_size_t(0), byref(length)))
    buf = create_string_buffer(length.value + 1)
    check(fn(c_void_p(handle), *args, buf, c_size_t(length.value + 1), byref(length)))
    return buf.raw[:length.value].decode("utf-8")


def _member(value: object, group: type[_E], name: str) -> int:
    """A member of a generated enum, or its name ("minute", "h12", "backtab")."""
    if isinstance(value, group):
        return int(value)
    if isinstance(value, str):
        try:
            return int(group.parse(value))
        except ValueError as e:
            raise InvalidArgumentError(f"{name}: {e}") from None
    raise TypeError(f"{name} must be a {group.__name__} or its name, not {type(value).__name__}")


def _hour_cycle(value: object) -> int:
    return -1 if value is None else _member(value, _abi.HourCycle, "hour_cycle")


def _moment(value: object, name: str) -> tuple[int, int]:
    """(day, second) of a date, a datetime (naive: its wall time) or a time."""
    if isinstance(value, datetime.datetime):
        return (value.date().toordinal() - EPOCH_ORDINAL, value.hour * 3600 + value.minute * 60 + value.second)
    if isinstance(value, datetime.date):
        return (value.toordinal() - EPOCH_ORDINAL, 0)
    raise TypeError(f"{name} must be a date or a datetime, not {type(value).__name__}")


class DateField(Handle, free="kalends_date_field_free"):
    """A date and time field (``kalends_date_field``), edited by keys.

    ``DateField(locale, calendar="gregorian", granularity="day", shows_date=True,
    hour_cycle=None, placeholder=None)``: ``granularity`` "day" (a date), "hour" or
    "minute"; ``shows_date=False`` makes a time field; ``hour_cycle`` None (the
    locale's), "h12" or "h23"; ``placeholder`` the date (or datetime) an empty segment
    steps from (None: today).
    """

    __slots__ = ("_locale", "_shows_date", "_granularity", "__weakref__")

    def __init__(self, locale: Union[Locale, str], *, calendar: str = "gregorian",
                 granularity: Union[DateFieldGranularity, str] = DateFieldGranularity.DAY, shows_date: bool = True,
                 hour_cycle: Union[str, int, None] = None,
                 placeholder: Union[datetime.date, datetime.datetime, None] = None) -> None:
        loc = Locale(locale) if isinstance(locale, str) else instance(locale, Locale, "locale")
        calendar_name = _calendar(calendar)
        g = _member(granularity, DateFieldGranularity, "granularity")
        day, second = _moment(datetime.date.today() if placeholder is None else placeholder, "placeholder")
        handle = c_void_p()
        check(lib.kalends_date_field_new(loc._handle, calendar_name, flag(shows_date, "shows_date"), g,
                                         _hour_cycle(hour_cycle), day, second, byref(handle)))
        self._own(handle.value or 0)
        self._locale = loc
        self._shows_date = bool(shows_date)
        self._granularity = DateFieldGranularity(g)

    @property
    def segments(self) -> list[DateSegment]:
        """Every segment, literals included, in the pattern's order."""
        n = c_int32()
        check(lib.kalends_date_field_segment_count(self._handle, byref(n)))
        out = []
        for i in range(n.value):
            s = _abi.CDateSegment()
            check(lib.kalends_date_field_segment(self._handle, i, byref(s)))
            out.append(DateSegment(DateSegmentKind(s.kind), _string("kalends_date_field_segment_text", self._handle, i),
                                   _string("kalends_date_field_segment_placeholder", self._handle, i),
                                   bool(s.editable), s.value if s.has_value else None, s.min_value, s.max_value))
        return out

    @property
    def text(self) -> str:
        """The whole text as drawn."""
        length = c_size_t()
        check(lib.kalends_date_field_text(self._handle, None, c_size_t(0), byref(length)))
        buf = create_string_buffer(length.value + 1)
        check(lib.kalends_date_field_text(self._handle, buf, c_size_t(length.value + 1), byref(length)))
        return buf.raw[:length.value].decode("utf-8")

    @property
    def focus(self) -> int:
        """The focused segment's index (-1: none is editable)."""
        out = c_int32()
        check(lib.kalends_date_field_focus(self._handle, byref(out)))
        return out.value

    def focus_segment(self, index: int) -> None:
        """Focuses segment ``index`` (a tap on it); OutOfRangeError, InvalidArgumentError
        (a literal or the weekday)."""
        check(lib.kalends_date_field_set_focus(self._handle, int32(index, "index")))

    def press(self, key: Union[DateFieldKey, str]) -> bool:
        """Handles ``key``; False when it did nothing (Tab on the last segment)."""
        k = _member(key, DateFieldKey, "key")
        out = c_int32()
        check(lib.kalends_date_field_press(self._handle, k, byref(out)))
        return bool(out.value)

    def type(self, text: Union[str, bytes]) -> None:
        """Types ``text`` into the focused segment (characters it cannot take are
        ignored). ParseError for more than 1024 bytes or bytes that are not UTF-8;
        nothing changes then."""
        data = _typed(text)
        check(lib.kalends_date_field_type(self._handle, data, c_size_t(len(data))))

    def _state(self) -> _abi.CDateFieldState:
        s = _abi.CDateFieldState()
        check(lib.kalends_date_field_value(self._handle, byref(s)))
        return s

    @property
    def value(self) -> Optional[AnyValue]:
        """The value once every editable segment is set, else None."""
        s = self._state()
        if not s.complete:
            return None
        time = datetime.time(s.second // 3600, s.second // 60 % 60)
        if not self._shows_date:
            return time
        day = datetime.date.fromordinal(s.day + EPOCH_ORDINAL)
        if self._granularity == DateFieldGranularity.DAY:
            return day
        return datetime.datetime.combine(day, time)

    @property
    def validity(self) -> DateFieldValidity:
        """VALID, INCOMPLETE, RANGE_UNDERFLOW, RANGE_OVERFLOW or UNAVAILABLE."""
        return DateFieldValidity(self._state().validity)

    def set_value(self, value: Optional[AnyValue]) -> None:
        """Sets every segment (None empties them); a time field takes a ``time``."""
        if value is None:
            check(lib.kalends_date_field_clear(self._handle))
            return
        if isinstance(value, datetime.time):
            day, second = _moment(datetime.date.today(), "value")[0], value.hour * 3600 + value.minute * 60 + value.second
        else:
            day, second = _moment(value, "value")
        check(lib.kalends_date_field_set_value(self._handle, day, second))

    def set_limits(self, minimum: Union[datetime.date, datetime.datetime, None] = None,
                   maximum: Union[datetime.date, datetime.datetime, None] = None) -> None:
        """The earliest and latest allowed values (None: no limit)."""
        lo = -(2 ** 63) if minimum is None else (lambda m: m[0] * 86400 + m[1])(_moment(minimum, "minimum"))
        hi = 2 ** 63 - 1 if maximum is None else (lambda m: m[0] * 86400 + m[1])(_moment(maximum, "maximum"))
        check(lib.kalends_date_field_set_limits(self._handle, lo, hi))

    def set_unavailable(self, days: Iterable[datetime.date]) -> None:
        """Replaces the days that cannot be chosen."""
        if isinstance(days, (str, bytes)) or not isinstance(days, Iterable):
            raise TypeError(f"days must be an iterable of dates, not {type(days).__name__}")
        values = [_date(d, "days item") for d in days]
        array = (c_int32 * max(1, len(values)))(*values)
        check(lib.kalends_date_field_set_unavailable(self._handle, array if values else None, len(values)))

    def __repr__(self) -> str:
        return f"DateField({self._locale.identifier!r}, text={self.text!r})"
