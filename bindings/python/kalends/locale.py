"""Locales from CLDR 47: ``kalends_locale_*``.

Every locale CLDR has (about 1,083) is inside the library: month, weekday, era and
day-period names, week data, layout direction, digits, and dates formatted by the
locale's patterns, in the calendar systems of ``CalendarSystem``::

    >>> fr = Locale("fr_FR")
    >>> fr.month_names()[10], fr.first_weekday, fr.direction
    ('novembre', <Weekday.MONDAY: 1>, 'ltr')
    >>> Locale("ar_EG").format_date(datetime.date(2026, 11, 22), "long")
    '٢٢ نوفمبر ٢٠٢٦'

An identifier is never refused: one CLDR does not have falls back along CLDR's parent
chain (``de_XX`` -> ``de``, ``xx`` -> ``root``); ``identifier`` says what it resolved to.
BCP 47 (``de-AT``, ``ar-EG-u-ca-islamic-fw-sat``), POSIX (``de_AT.UTF-8``, ``C``) and
CLDR spellings are accepted. ``Locale()`` is the environment's (LC_ALL, LC_TIME, LANG).
"""
from __future__ import annotations

import datetime
import threading
from ctypes import byref, c_int32, c_size_t, c_void_p, create_string_buffer
from typing import Any, Optional, Union

from . import _abi
from ._checks import int32, text
from ._handle import Handle
from ._native import check, fast, lib
from .dates import EPOCH_ORDINAL, Date, Weekday
from .errors import InvalidArgumentError, ParseError
from .systems import _day

def _words(group: Any) -> dict[str, int]:
    """A generated group by CLDR's words for its members ("stand-alone", "left-to-right")."""
    return {m.name.lower().replace("_", "-"): int(m) for m in group}


#: CLDR's name widths, as the ``width`` arguments spell them (``_abi.NameWidth``).
WIDTHS = _words(_abi.NameWidth)
#: CLDR's name contexts (``_abi.NameContext``).
CONTEXTS = _words(_abi.NameContext)
#: CLDR's date and time pattern lengths (``_abi.DateStyle``).
STYLES = _words(_abi.DateStyle)
#: Day periods by name (``day_period_name``; ``_abi.DayPeriod``).
DAY_PERIODS = _words(_abi.DayPeriod)
_HOUR_CYCLES = tuple(_words(_abi.HourCycle))
#: CLDR's spellings of kalends_text_order (characterOrder, lineOrder; ``_abi.TextOrder``).
_TEXT_ORDERS = tuple(_words(_abi.TextOrder))
_BUFFER = 256


def _choice(value: object, name: str, table: dict[str, int]) -> int:
    word = text(value, name)
    if word not in table:
        raise InvalidArgumentError(f"{name} {word!r} is not one of {', '.join(repr(k) for k in table)}")
    return table[word]


_NAMES: dict[str, bytes] = {}


def _name(value: object, name: str) -> bytes:
    if type(value) is str:
        known = _NAMES.get(value)
        if known is not None:
            return known
    data = text(value, name).encode()
    if b"\0" in data:
        raise InvalidArgumentError(f"{name} contains a NUL character")
    if len(_NAMES) < 256:
        _NAMES[text(value, name)] = data
    return data


def _calendar(value: object) -> Optional[bytes]:
    """A ``calendar`` argument for the C call: NULL for "gregorian" (the library's default
    for NULL; the lookup of the system by name cost ~1 us of a 5 us format_date)."""
    if type(value) is str and value == "gregorian":
        return None
    return _name(value, "calendar")


def _date(value: object, name: str = "date") -> int:
    """A day number from a date or an int (datetime.date directly, without a library call)."""
    if type(value) is datetime.date:
        return value.toordinal() - EPOCH_ORDINAL
    return _day(value, name)  # type: ignore[arg-type]


def _typed(value: object) -> bytes:
    """Typed text as the parsers take it: a str as UTF-8, bytes as they are."""
    if isinstance(value, str):
        return value.encode("utf-8", "surrogatepass")
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    raise TypeError(f"text must be a str or bytes, not {type(value).__name__}")


def _styles(style: object) -> int:
    """A parser's ``styles`` bit set: one style's bit, 0 (any) for None."""
    return 0 if style is None else 1 << _choice(style, "style", STYLES)


def _parsed(status: int, data: bytes, stopped: int) -> None:
    """Raises the parse's error, with ``position``: the character where it stopped."""
    if status:
        try:
            check(status)
        except ParseError as e:
            e.position = len(data[:max(stopped, 0)].decode("utf-8", "replace"))
            raise


_TEXTS: dict[str, Any] = {}   # the text functions as fast calls, by name
_open = fast("kalends_locale_open")


class _Output(threading.local):
    """This thread's string output: a 256-byte buffer and its length, as ready ctypes
    arguments of fast calls (_native.FAST_CALLS)."""

    def __init__(self) -> None:
        self.buffer = create_string_buffer(_BUFFER)
        self.capacity = c_size_t(_BUFFER)
        self.length = c_size_t()
        self.length_pointer = byref(self.length)


_output = _Output()


class _ParseOutput(threading.local):
    """This thread's outputs of the parsers (the value and where reading stopped), as
    ready ctypes arguments of fast calls."""

    def __init__(self) -> None:
        self.value = c_int32()
        self.stopped = c_int32()
        self.value_pointer = byref(self.value)
        self.stopped_pointer = byref(self.stopped)


_parse_output = _ParseOutput()
# The calls of the lean paths, made once (fast calls: restype int32, no argtypes).
_parse_date = fast("kalends_locale_parse_date")
_parse_time = fast("kalends_locale_parse_time")
_format_interval = fast("kalends_locale_format_interval")
_fromordinal = datetime.date.fromordinal
#: A parser's ``styles`` bit set by style word (None: 0, any style); see ``_styles``.
_STYLE_BITS: dict[Optional[str], int] = {None: 0, **{word: 1 << bit for word, bit in STYLES.items()}}


def _text(function: str, *args: Any) -> str:
    """A string output function's text: one call when it fits 256 bytes, else two.
    ``args`` are ready C arguments: c_void_p handles, bytes or None strings, int32 ints."""
    out = _output
    fn = _TEXTS.get(function) or _TEXTS.setdefault(function, fast(function))
    status = fn(*args, out.buffer, out.capacity, out.length_pointer)
    if status:
        check(status)
    n = out.length.value
    if n < _BUFFER:
        return out.buffer.raw[:n].decode("utf-8")
    buf = create_string_buffer(n + 1)
    check(fn(*args, buf, c_size_t(n + 1), out.length_pointer))
    return buf.raw[:out.length.value].decode("utf-8")


class Locale(Handle, free="kalends_locale_free"):
    """A CLDR locale (``kalends_locale``): immutable, safe to share between threads.

    ``calendar`` arguments are calendar system identifiers (``"gregorian"``,
    ``"hebrew"``, ``"islamic-umalqura"``, ``"chinese"``, ...); ``width`` is ``"wide"``,
    ``"abbreviated"``, ``"short"`` (weekdays) or ``"narrow"``; ``context`` is
    ``"format"`` (inside a date) or ``"stand-alone"`` (a title, a label), CLDR's words.
    """

    __slots__ = ("requested", "_ptr", "__weakref__")

    def __init__(self, identifier: Optional[str] = None) -> None:
        name = None if identifier is None else _name(identifier, "identifier")
        handle = c_void_p()
        status = _open(name, byref(handle))
        if status:
            check(status)
        self._own(handle.value or 0)
        self._ptr = handle   # the handle as a ctypes argument (no conversion of an int per call)
        #: The identifier as given (None: the environment's).
        self.requested = identifier

    # -- the list ----------------------------------------------------------------------

    @staticmethod
    def identifiers() -> list[str]:
        """Every CLDR locale in the library, sorted ("af", "af_NA", ..., "root", ...)."""
        n = c_int32()
        check(lib.kalends_locale_available_count(byref(n)))
        return [_text("kalends_locale_available_identifier", i) for i in range(n.value)]

    @staticmethod
    def cldr_version() -> int:
        """The CLDR version of the library's tables (47)."""
        n = c_int32()
        check(lib.kalends_locale_cldr_version(byref(n)))
        return n.value

    # -- what it resolved to ------------------------------------------------------------

    @property
    def identifier(self) -> str:
        """The CLDR locale the identifier resolved to ("de_AT", "zh_Hant_TW", "root")."""
        return _text("kalends_locale_identifier", self._ptr)

    @property
    def is_fallback(self) -> bool:
        """Whether the identifier named a locale CLDR does not have (``de_XX`` -> de)."""
        out = c_int32()
        check(lib.kalends_locale_is_fallback(self._handle, byref(out)))
        return bool(out.value)

    @property
    def region(self) -> str:
        """The region whose week data the locale uses ("DE" for de, "EG" for ar)."""
        return _text("kalends_locale_region", self._ptr)

    @property
    def calendar(self) -> Optional[str]:
        """The calendar system the identifier's ``-u-ca-`` names, else None."""
        return _text("kalends_locale_calendar", self._ptr) or None

    # -- week data, direction, hours, digits -----------------------------------------

    def _week(self) -> _abi.CWeekData:
        out = _abi.CWeekData()
        check(lib.kalends_locale_week_data(self._handle, byref(out)))
        return out

    @property
    def first_weekday(self) -> Weekday:
        """The territory's first day of the week (ISO numbering; ``-u-fw-`` applied)."""
        return Weekday(self._week().first_weekday)

    @property
    def min_days(self) -> int:
        """Days of the new year week 1 must hold (1 ... 7), by the territory."""
        return int(self._week().min_days_in_first_week)

    @property
    def weekend(self) -> frozenset[Weekday]:
        """The territory's weekend days."""
        mask = self._week().weekend_days
        return frozenset(w for w in Weekday if mask & (1 << (w - 1)))

    @property
    def direction(self) -> str:
        """"rtl" for right-to-left locales (ar, he, fa, ur, ...), else "ltr": the direction
        a calendar's columns run. For mn_Mong, whose characters run top to bottom
        (``character_order``), it is the direction of its lines, "ltr"."""
        out = c_int32()
        check(lib.kalends_locale_direction(self._handle, byref(out)))
        return "rtl" if out.value == 1 else "ltr"

    @property
    def character_order(self) -> str:
        """CLDR's characterOrder of the locale's script: "left-to-right", "right-to-left",
        or "top-to-bottom" (mn_Mong: write its text vertically, each character below the
        one before, in the frames the library gives; see kalends_locale_character_order)."""
        out = c_int32()
        check(lib.kalends_locale_character_order(self._handle, byref(out)))
        return _TEXT_ORDERS[out.value]

    @property
    def line_order(self) -> str:
        """CLDR's lineOrder of the locale's script: "top-to-bottom" for horizontal
        scripts, "left-to-right" for mn_Mong (its columns of text)."""
        out = c_int32()
        check(lib.kalends_locale_line_order(self._handle, byref(out)))
        return _TEXT_ORDERS[out.value]

    @property
    def hour_cycle(self) -> str:
        """"h12" (1...12), "h23" (0...23), "h11" or "h24"."""
        out = c_int32()
        check(lib.kalends_locale_hour_cycle(self._handle, byref(out)))
        return _HOUR_CYCLES[out.value]

    @property
    def digits(self) -> str:
        """The ten digits of the locale's default numbering system ("0123456789", "٠١٢٣٤٥٦٧٨٩")."""
        return _text("kalends_locale_digits", self._ptr)

    def number(self, value: int) -> str:
        """A whole number in the locale's digits (no grouping): ``Locale("ar").number(22)`` is "٢٢"."""
        n = int32(value, "value")
        digits = self.digits
        return ("-" if n < 0 else "") + "".join(digits[int(c)] for c in str(abs(n)))

    # -- names ---------------------------------------------------------------------

    def month_names(self, width: str = "wide", context: str = "format", calendar: str = "gregorian") -> list[str]:
        """The month names of a calendar system, month 1 first (Hebrew: 13 months, 6 =
        Adar I, then "Adar II", the name of month 7 in leap years)."""
        w, c = _choice(width, "width", WIDTHS), _choice(context, "context", CONTEXTS)
        system = _calendar(calendar)
        n = c_int32()
        check(lib.kalends_locale_month_count(self._handle, system, byref(n)))
        return [_text("kalends_locale_month_name", self._ptr, system, m, w, c) for m in range(1, n.value + 1)]

    def weekday_names(self, width: str = "wide", context: str = "format") -> list[str]:
        """The weekday names, Monday first."""
        w, c = _choice(width, "width", WIDTHS), _choice(context, "context", CONTEXTS)
        return [_text("kalends_locale_weekday_name", self._ptr, d, w, c) for d in range(1, 8)]

    def era_names(self, width: str = "abbreviated", calendar: str = "gregorian") -> list[str]:
        """The era names of a calendar system by ICU's era index (gregorian: BC, AD)."""
        w = _choice(width, "width", WIDTHS)
        system = _calendar(calendar)
        n = c_int32()
        check(lib.kalends_locale_era_count(self._handle, system, byref(n)))
        return [_text("kalends_locale_era_name", self._ptr, system, e, w) for e in range(n.value)]

    def day_period_name(self, period: str, width: str = "abbreviated", context: str = "format") -> str:
        """The name of a day period ("am", "pm", "noon", "morning1", ...); "" if the
        locale has none."""
        p = _choice(period, "period", DAY_PERIODS)
        w, c = _choice(width, "width", WIDTHS), _choice(context, "context", CONTEXTS)
        return _text("kalends_locale_day_period_name", self._ptr, p, w, c)

    # -- patterns and formats ------------------------------------------------------------

    def date_pattern(self, style: str = "full", calendar: str = "gregorian") -> str:
        """The locale's date pattern of a style in a calendar ("EEEE, MMMM d, y")."""
        return _text("kalends_locale_date_pattern", self._ptr, _calendar(calendar),
                     _choice(style, "style", STYLES))

    def format_date(self, date: Union[datetime.date, Date, int], style: str = "full",
                    calendar: str = "gregorian") -> str:
        """A date (or day number) in a calendar system by the locale's pattern of
        ``style``, in the locale's digits: "Sunday, November 22, 2026"."""
        return _text("kalends_locale_format_date", self._ptr, _calendar(calendar), _date(date),
                     _choice(style, "style", STYLES))

    def format_day(self, date: Union[datetime.date, Date, int], calendar: str = "gregorian") -> str:
        """The label of a day's cell in a grid of a calendar system: its day of the month
        in the numbering of the locale's dates of that system ("ט״ז" for a Hebrew date in
        he, "初四" for a Chinese one in zh) or the locale's digits ("16", "١٦")."""
        return _text("kalends_locale_format_day", self._ptr, _calendar(calendar), _date(date))

    def format_month_year(self, year: int, month: int, calendar: str = "gregorian", leap_month: bool = False) -> str:
        """A month page's title: month ``month`` of year ``year`` of a calendar system
        (its extended year: Hebrew 5787, AH 1448) by the locale's "yMMMM" pattern, in the
        numbering of the locale's dates of that system ("כסלו תשפ״ז" in he)."""
        if not isinstance(leap_month, bool):
            raise TypeError(f"leap_month must be a bool, not {type(leap_month).__name__}")
        return _text("kalends_locale_format_month_year", self._ptr, _calendar(calendar),
                     int32(year, "year"), int32(month, "month"), int(leap_month))

    def format_time(self, hour: int, minute: int = 0, second: int = 0, style: str = "short") -> str:
        """A time of day by the locale's time pattern ("3:30 PM", "15:30")."""
        return _text("kalends_locale_format_time", self._ptr, int32(hour, "hour"), int32(minute, "minute"),
                     int32(second, "second"), _choice(style, "style", STYLES))

    def format_hour(self, hour: int) -> str:
        """The label of an hour of a day timeline ("3 PM", "15 Uhr")."""
        return _text("kalends_locale_format_hour", self._ptr, int32(hour, "hour"))

    def format_pattern(self, date: Union[datetime.date, Date, int], pattern: str, calendar: str = "gregorian",
                       second_of_day: int = 0, numbers: Optional[str] = None) -> str:
        """A date by a CLDR pattern ("EEEE d MMMM y G", "h:mm a"); ``numbers`` is
        CLDR's numbering override ("hebr", "y=jpanyear")."""
        return _text("kalends_locale_format_pattern", self._ptr, _calendar(calendar), _date(date),
                     int32(second_of_day, "second_of_day"), _name(pattern, "pattern"),
                     None if numbers is None else _name(numbers, "numbers"))

    def format_interval(self, start: Union[datetime.date, Date, int], end: Union[datetime.date, Date, int],
                        skeleton: str = "yMMMd", calendar: str = "gregorian") -> str:
        """The interval of two dates by CLDR's intervalFormats for ``skeleton`` (date
        letters: "yMMMd", "yMMMM", "MMMEd", ...) in a calendar system, as babel's
        ``format_interval``: "Nov 23 – 29, 2026", "23–29 Nov 2026" (en_GB),
        "2026年11月23日～29日" (ja); in the locale's digits and the system's names."""
        # the lean path: dates and the skeleton converted inline, one call into this
        # thread's buffer
        a = start.toordinal() - EPOCH_ORDINAL if type(start) is datetime.date else _date(start, "start")
        b = end.toordinal() - EPOCH_ORDINAL if type(end) is datetime.date else _date(end, "end")
        name = _NAMES.get(skeleton) if type(skeleton) is str else None
        system = None if type(calendar) is str and calendar == "gregorian" else _calendar(calendar)
        out = _output
        status = _format_interval(self._ptr, system, a, b, _name(skeleton, "skeleton") if name is None else name,
                                  out.buffer, out.capacity, out.length_pointer)
        if status:
            check(status)
        n = out.length.value
        if n >= _BUFFER:
            return _text("kalends_locale_format_interval", self._ptr, system, a, b, _name(skeleton, "skeleton"))
        return out.buffer.raw[:n].decode("utf-8")

    def parse_date(self, text: Union[str, bytes], style: Optional[str] = None,
                   calendar: str = "gregorian") -> datetime.date:
        """A date typed the way the locale writes it, read by its date pattern of
        ``style`` (None: any of the four): lenient about spaces, digits (the locale's or
        Latin), case and an abbreviation's final "." ("22 nov 2026", "٢٢/١١/٢٠٢٦").
        Raises :class:`ParseError` (a ValueError) saying where it stopped (``position``:
        the character index) and what it expected there."""
        # the lean path (issue 27's speed): one ctypes call, its function and this thread's
        # outputs made once, the common arguments read from tables
        data = text.encode("utf-8", "surrogatepass") if type(text) is str else _typed(text)
        out = _parse_output
        bits = _STYLE_BITS.get(style) if type(style) is str or style is None else None
        status = _parse_date(self._ptr, None if type(calendar) is str and calendar == "gregorian" else _calendar(calendar),
                             data, c_size_t(len(data)), _styles(style) if bits is None else bits, out.value_pointer,
                             out.stopped_pointer)
        if status:
            _parsed(status, data, out.stopped.value)
        return _fromordinal(out.value.value + EPOCH_ORDINAL)

    def parse_time(self, text: Union[str, bytes], style: Optional[str] = None) -> datetime.time:
        """A time of day typed the way the locale writes it ("3:30 PM", "15.30"), read as
        :meth:`parse_date` reads dates; without a day period the hour is read as 0...23."""
        data = text.encode("utf-8", "surrogatepass") if type(text) is str else _typed(text)
        out = _parse_output
        bits = _STYLE_BITS.get(style) if type(style) is str or style is None else None
        status = _parse_time(self._ptr, data, c_size_t(len(data)), _styles(style) if bits is None else bits,
                             out.value_pointer, out.stopped_pointer)
        if status:
            _parsed(status, data, out.stopped.value)
        second = out.value.value
        return datetime.time(second // 3600, second // 60 % 60, second % 60)

    def relative_day(self, offset: int) -> str:
        """CLDR's word for the day ``offset`` days from today: -1 "yesterday", 0 "today",
        1 "tomorrow" ("gestern", "heute", "morgen"); ``kalends.errors.NotFoundError`` for
        any other offset (CLDR has no single word for it)."""
        buffer, length = create_string_buffer(256), c_size_t()
        check(lib.kalends_locale_relative_day(self._ptr, int32(offset, "offset"), buffer, c_size_t(256), byref(length)))
        return buffer.raw[:length.value].decode("utf-8")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Locale) and (other.requested, other.identifier) == (self.requested, self.identifier)

    def __hash__(self) -> int:
        return hash((self.requested, self.identifier))

    def __repr__(self) -> str:
        return f"Locale({self.requested!r})" if self.requested is not None else f"Locale() # {self.identifier}"
