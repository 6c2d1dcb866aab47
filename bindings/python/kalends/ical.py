"""iCalendar (RFC 5545) files: read ``.ics`` text, write it, expand its events over a
range, and bring them into an ``EventStore`` (``kalends_ical_*``).

``between`` has the shape of recurring-ical-events' ``of(calendar).between(start, end)``::

    for o in kalends.ical.between("holidays.ics", date(2026, 11, 1), date(2026, 12, 1)):
        print(o.start, o.summary)

Expansion follows RFC 5545: DTSTART is always the first instance and takes one of
COUNT's places, even when the rule would not produce it (as recurring-ical-events does;
dateutil does not), and an instance at a wall-clock time a clock change skips is no
instance (RFC 5545 3.3.10; recurring-ical-events keeps it, moved past the gap).

Reading is lenient by default: a broken component is skipped with a warning naming its
line (``ICalendar.warnings``) and the rest is used; a line without ':' is skipped alone;
what real files get wrong is read as recurring-ical-events reads it, with a warning (a
misspelt END, DTEND before DTSTART, DATE mixed with DATE-TIME, a negative COUNT, a VEVENT
inside an unknown component). Of several revisions of one UID the highest SEQUENCE
counts. ``strict=True`` refuses the whole file (ParseError naming the line).

Cancelled events (STATUS:CANCELLED on an override, on a RANGE=THISANDFUTURE override or
on the master) are listed by ``between`` with ``status == "CANCELLED"``, as
recurring-ical-events lists them (RFC 5545 does not say whether they are); an
``EventStore`` they are loaded into leaves them out of its queries, dots, bars and
timeline (a view does not draw a cancelled meeting) and keeps them for writing.
"""
from __future__ import annotations

import ctypes
import datetime as _dt
import os
import struct
from ctypes import byref, c_int32, c_size_t, c_void_p
from typing import NamedTuple, Optional, Union

from . import _abi
from ._checks import INT32_MAX, flag, instance, int32, int64, integer, type_name
from ._handle import Handle
from ._native import check, lib
from .errors import InvalidArgumentError, Status
from .store import EventStore
from .timezone import TimeZone

__all__ = ["ICalendar", "ICalOccurrence", "ICalWarning", "IcalStatus", "read", "between", "load", "Source"]

#: The STATUS of a VEVENT (``kalends_ical_status``): the generated enum of the header.
from ._abi import IcalStatus as IcalStatus  # noqa: E402

#: A calendar to read: a path (``str`` or ``os.PathLike``) or the calendar's text as bytes.
Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview]
#: A date or a datetime, as recurring-ical-events takes them.
Moment = Union[_dt.date, _dt.datetime]
#: What a value of the file gives: a date (all-day) or a naive (floating) or aware datetime.
When = Union[_dt.date, _dt.datetime]

_EPOCH_WALL = _dt.datetime(1970, 1, 1)
_EPOCH_UTC = _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)
_ORDINAL_1970 = _dt.date(1970, 1, 1).toordinal()
#: kalends_ical_time_kind (``_abi.IcalTimeKind``).
_DATE, _FLOATING, _UTC, _ZONED = (int(_abi.IcalTimeKind[k]) for k in ("DATE", "FLOATING", "UTC", "ZONED"))
#: The widest gap between a wall clock and UTC (a day covers every zone with margin).
_WALL_MARGIN = 2 * 86_400
_BUFFER_TOO_SMALL = int(Status.BUFFER_TOO_SMALL)


class ICalOccurrence(NamedTuple):
    """One occurrence of an event (``kalends_ical_occurrence``)."""

    uid: str
    summary: Optional[str]
    #: A date for all-day values; an aware datetime for UTC and TZID values; a naive one for floating values.
    start: When
    end: When
    #: The start the series gives this instance (None for an event without recurrence).
    recurrence_id: Optional[When]
    #: The STATUS of the event that gave it, as written ("CANCELLED", "CONFIRMED",
    #: "TENTATIVE", ...); None when it has none.
    status: Optional[str] = None


class ICalWarning(NamedTuple):
    """A component a lenient read skipped: its line and what was wrong."""

    line: int
    message: str


def _seconds(wall: _dt.datetime) -> int:
    """Wall-clock seconds since 1970-01-01T00:00 of a naive datetime (microseconds dropped)."""
    delta = wall.replace(tzinfo=None, microsecond=0) - _EPOCH_WALL
    return delta.days * 86_400 + delta.seconds


def _as_datetime(value: Moment, name: str) -> _dt.datetime:
    if isinstance(value, _dt.datetime):
        return value
    if isinstance(value, _dt.date):
        return _dt.datetime(value.year, value.month, value.day)
    raise TypeError(f"{name} must be a datetime.date or datetime.datetime, not {type_name(value)}")


def _posix_offset(seconds: int) -> str:
    """A POSIX TZ string for a fixed offset east of UTC ("<+0530>-05:30")."""
    sign = "-" if seconds >= 0 else "+"
    a = abs(seconds)
    h, m, s = a // 3600, a // 60 % 60, a % 60
    name = f"<{'+' if seconds >= 0 else '-'}{h:02d}{m:02d}{s:02d}>"
    return f"{name}{sign}{h:02d}:{m:02d}:{s:02d}"


def _zone_of(moment: _dt.datetime) -> TimeZone:
    """The kalends zone of an aware datetime's tzinfo: zoneinfo's key, pytz's zone, else
    the fixed offset it has at that moment."""
    tz = moment.tzinfo
    for attribute in ("key", "zone"):
        name = getattr(tz, attribute, None)
        if isinstance(name, str) and name:
            try:
                return TimeZone(name)
            except Exception:  # a name the tz database lacks: its offset below
                break
    offset = moment.utcoffset()
    seconds = int(offset.total_seconds()) if offset is not None else 0
    return TimeZone("UTC") if seconds == 0 else TimeZone(_posix_offset(seconds))


class _Zones:
    """tzinfo objects for the TZIDs of a calendar (zoneinfo where it knows the name)."""

    def __init__(self) -> None:
        self._known: dict[str, Optional[_dt.tzinfo]] = {}

    def get(self, tzid: str) -> Optional[_dt.tzinfo]:
        if tzid not in self._known:
            zone: Optional[_dt.tzinfo] = None
            try:
                import zoneinfo
                zone = zoneinfo.ZoneInfo(tzid)
            except Exception:  # not a tz database name (a VTIMEZONE of the file, a Windows name)
                zone = None
            self._known[tzid] = zone
        return self._known[tzid]


#: kalends_ical_occurrence as packed values: event, has_recurrence_id, then start, end and
#: recurrence_id (kind, offset, local, instant, tzid each), uid, summary.
_OCCURRENCE = struct.Struct("@ii" + "iiqqP" * 3 + "PP")
_FAST = _OCCURRENCE.size == ctypes.sizeof(_abi.CIcalOccurrence)


class _Converter:
    """Python values of a calendar's C occurrences: the library keeps each string at one
    address for the calendar's life, so each is decoded once."""

    def __init__(self, zones: _Zones, handle: int) -> None:
        self._zones = zones
        self._strings: dict[int, str] = {}
        self._handle = handle
        self._statuses: dict[int, Optional[str]] = {}   # (the texts: read by occurrences' loop)
        self._kinds: dict[int, Optional[tuple[int, str]]] = {}
        self._status_buffer = ctypes.create_string_buffer(32)

    def status(self, event: int) -> Optional[str]:
        """The STATUS of event `event` as written (looked up once per event)."""
        found = self.status_of(event)
        text = self._statuses[event] = None if found is None else found[1]
        return text

    def status_of(self, event: int) -> Optional[tuple[int, str]]:
        """The STATUS of event `event`: its kalends_ical_status and its text, or None."""
        if event in self._kinds:
            return self._kinds[event]
        kind, length = c_int32(), c_size_t()
        buf = self._status_buffer
        check(lib.kalends_ical_event_status(self._handle, event, byref(kind), buf, len(buf), byref(length)))
        if length.value >= len(buf):
            buf = ctypes.create_string_buffer(length.value + 1)
            check(lib.kalends_ical_event_status(self._handle, event, None, buf, len(buf), byref(length)))
        found = None if kind.value == IcalStatus.NONE else (kind.value, buf.value.decode("utf-8", "replace"))
        self._kinds[event] = found
        return found

    def text(self, address: int) -> str:
        found = self._strings.get(address)
        if found is None:
            found = ctypes.string_at(address).decode("utf-8", "replace")
            self._strings[address] = found
        return found

    def time(self, kind: int, offset: int, local: int, instant: int, tzid: int) -> When:
        if kind == _DATE:
            return _dt.date.fromordinal(_ORDINAL_1970 + local // 86_400)
        if kind == _FLOATING:
            return _EPOCH_WALL + _dt.timedelta(seconds=local)
        if kind == _UTC:
            return _EPOCH_UTC + _dt.timedelta(seconds=local)
        zone = self._zones.get(self.text(tzid) if tzid else "")
        if zone is not None:   # the tz database's zone (the library read the same data)
            return _dt.datetime.fromtimestamp(instant, zone)
        return (_EPOCH_WALL + _dt.timedelta(seconds=local)).replace(tzinfo=_dt.timezone(_dt.timedelta(seconds=offset)))

    def occurrences(self, raw: bytes, wall: Optional[tuple[int, int]] = None) -> list[ICalOccurrence]:
        """The occurrences packed in `raw`; with `wall`, only those whose wall-clock
        [start, end) overlaps it (recurring-ical-events' overlap)."""
        out = []
        time, text, statuses, status = self.time, self.text, self._statuses, self.status
        for v in _OCCURRENCE.iter_unpack(raw):
            if wall is not None and not _overlaps(v[4], v[9], wall[0], wall[1]):
                continue
            start = time(*v[2:7])
            out.append(ICalOccurrence(
                text(v[17]) if v[17] else "", text(v[18]) if v[18] else None, start, time(*v[7:12]),
                (start if v[12:17] == v[2:7] else time(*v[12:17])) if v[1] else None,
                statuses[v[0]] if v[0] in statuses else status(v[0])))
        return out


def _read_bytes(source: Source) -> Union[bytes, str]:
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source)
    if isinstance(source, str) or isinstance(source, os.PathLike):
        path = os.fspath(source)
        if not isinstance(path, str):
            raise TypeError(f"source must be a str path, os.PathLike or bytes, not {type_name(source)}")
        return path
    raise TypeError(f"source must be a path (str or os.PathLike) or the calendar's text as bytes, "
                    f"not {type_name(source)}")


class ICalendar(Handle, free="kalends_ical_free"):
    """A calendar read from ``.ics`` (``kalends_ical``): its events, time zones and the
    warnings of a lenient read. ``len(calendar)`` is the number of VEVENTs."""

    def __init__(self, source: Source, strict: bool = False) -> None:
        options = _abi.CIcalOptions()
        check(lib.kalends_ical_options_init(byref(options)))
        options.strict = flag(strict, "strict")
        handle = c_void_p()
        data = _read_bytes(source)
        if isinstance(data, str):
            encoded = data.encode("utf-8", "surrogateescape")
            if b"\0" in encoded:
                raise InvalidArgumentError(f"path {data!r} contains a NUL character")
            check(lib.kalends_ical_read_file(encoded, byref(options), byref(handle)))
        else:
            buffer = ctypes.create_string_buffer(data, len(data)) if data else None
            check(lib.kalends_ical_read(buffer, len(data), byref(options), byref(handle)))
        self._own(handle.value or 0)
        self._zones = _Zones()
        self._converter = _Converter(self._zones, self._handle)
        self._buffer = (_abi.CIcalOccurrence * 64)()

    def __len__(self) -> int:
        out = c_int32()
        check(lib.kalends_ical_event_count(self._handle, byref(out)))
        return out.value

    @property
    def warnings(self) -> list[ICalWarning]:
        """What a lenient read skipped, each with its line."""
        count = c_int32()
        check(lib.kalends_ical_warning_count(self._handle, byref(count)))
        out = []
        for i in range(count.value):
            line, length = c_int32(), c_size_t()
            check(lib.kalends_ical_warning(self._handle, i, byref(line), None, 0, byref(length)))
            buf = ctypes.create_string_buffer(length.value + 1)
            check(lib.kalends_ical_warning(self._handle, i, None, buf, len(buf), byref(length)))
            out.append(ICalWarning(line.value, buf.value.decode("utf-8", "replace")))
        return out

    def write(self) -> bytes:
        """The calendar as ``.ics`` text (one VCALENDAR, CRLF, folded lines): reading it
        again gives the same events, time zones and other components."""
        length = c_size_t()
        check(lib.kalends_ical_write(self._handle, None, 0, byref(length)))
        buf = ctypes.create_string_buffer(length.value + 1)
        check(lib.kalends_ical_write(self._handle, buf, len(buf), byref(length)))
        return buf.raw[:length.value]

    def status(self, event: int) -> Optional[tuple[IcalStatus, str]]:
        """The STATUS of VEVENT number ``event`` (0 ... ``len(calendar) - 1``, in file
        order; ``kalends_ical_event_status``): its kind and its text as written
        (``(IcalStatus.OTHER, "X-DRAFT")``), None when it has none. ``ICalOccurrence.status``
        is the text."""
        found = self._converter.status_of(int32(event, "event"))
        return None if found is None else (IcalStatus(found[0]), found[1])

    def _query(self, zone: Optional[TimeZone], first: int, last: int) -> int:
        """Fills the buffer with the occurrences of [first, last); returns how many."""
        zone_c = zone._handle if zone is not None else None
        count = c_int32()
        while True:
            status = lib.kalends_ical_between(self._handle, zone_c, first, last, self._buffer, len(self._buffer),
                                              byref(count))
            if status == _BUFFER_TOO_SMALL:
                self._buffer = (_abi.CIcalOccurrence * max(count.value, 2 * len(self._buffer)))()
                continue
            check(status)
            return count.value

    def _query_first(self, zone: Optional[TimeZone], first: int, last: int, limit: int) -> tuple[int, int]:
        """Fills the buffer with the first ``limit`` occurrences of [first, last)
        (``kalends_ical_between_first``); returns how many it holds and how many there are."""
        zone_c = zone._handle if zone is not None else None
        count, total = c_int32(), ctypes.c_int64()
        if limit > len(self._buffer):
            check(lib.kalends_ical_between_first(self._handle, zone_c, first, last, None, 0, byref(count), byref(total)))
            self._buffer = (_abi.CIcalOccurrence * max(1, min(limit, total.value)))()
        check(lib.kalends_ical_between_first(self._handle, zone_c, first, last, self._buffer, min(limit, len(self._buffer)),
                                             byref(count), byref(total)))
        return count.value, total.value

    def _found(self, count: int, wall: Optional[tuple[int, int]] = None) -> list[ICalOccurrence]:
        """The first `count` occurrences of the buffer as Python values (with `wall`: those
        overlapping it on their own wall clock)."""
        if _FAST:
            return self._converter.occurrences(ctypes.string_at(self._buffer, count * _OCCURRENCE.size), wall)
        kept = [o for o in self._buffer[:count] if wall is None or _overlaps(o.start.local, o.end.local, *wall)]
        return [self._occurrence(o) for o in kept]

    def between(self, start: Moment, end: Moment, limit: Optional[int] = None) -> list[ICalOccurrence]:
        """The occurrences overlapping [start, end), in start order (ties by UID).

        As recurring-ical-events reads its arguments: a date is its midnight; naive
        datetimes are wall-clock times compared with each event's own wall clock
        (floating events and dates as written, zoned ones in their zone); aware ones are
        instants, and floating and all-day events are read in ``start``'s zone. An event
        without length overlaps when start <= its start < end.

        ``limit``: at most that many, the first in start order, at the cost of those few
        (an event repeating every second has 2,592,000 occurrences in a month): the
        library counts the rest instead of listing them (``kalends_ical_between_first``).
        With naive datetimes the library is asked for a range wider by two days (every
        zone's wall clock), and the pages grow until enough lie on the events' own wall
        clocks in [start, end)."""
        if limit is not None:
            limit = integer(limit, "limit", 0, INT32_MAX, "int32")
        a, b = _as_datetime(start, "start"), _as_datetime(end, "end")
        if (a.tzinfo is None) != (b.tzinfo is None):   # one aware: the other is read in its zone
            if a.tzinfo is None:
                a = a.replace(tzinfo=b.tzinfo)
            else:
                b = b.replace(tzinfo=a.tzinfo)
        if a.tzinfo is None:
            wa, wb = _seconds(a), _seconds(b)
            if wb < wa:
                raise InvalidArgumentError(f"end {end} is before start {start}")
            first, last = int64(wa - _WALL_MARGIN, "start"), int64(wb + _WALL_MARGIN, "end")
            if limit is None:
                return self._found(self._query(None, first, last), (wa, wb))
            page = max(limit, 64)
            while True:
                count, total = self._query_first(None, first, last, page)
                found = self._found(count, (wa, wb))
                if len(found) >= limit or count >= total:
                    return found[:limit]
                page = min(total, 4 * page)
        zone = _zone_of(a)
        local_b = b.astimezone(a.tzinfo)
        first, last = int64(_seconds(a), "start"), int64(_seconds(local_b), "end")
        if limit is None:
            return self._found(self._query(zone, first, last))
        return self._found(self._query_first(zone, first, last, limit)[0]) if limit > 0 else []

    def count(self, start: Moment, end: Moment) -> int:
        """How many occurrences overlap [start, end) (aware datetimes or dates read in
        UTC): counted, not listed (``kalends_ical_between_first``'s total)."""
        a, b = _as_datetime(start, "start"), _as_datetime(end, "end")
        if a.tzinfo is None:
            a = a.replace(tzinfo=_dt.timezone.utc)
        if b.tzinfo is None:
            b = b.replace(tzinfo=a.tzinfo)
        zone = _zone_of(a)
        return self._query_first(zone, int64(_seconds(a), "start"), int64(_seconds(b.astimezone(a.tzinfo)), "end"), 0)[1]

    def _occurrence(self, o: _abi.CIcalOccurrence) -> ICalOccurrence:
        c = self._converter

        def time(t: _abi.CIcalTime) -> When:
            return c.time(t.kind, t.offset, t.local, t.instant, t.tzid or 0)
        return ICalOccurrence(c.text(o.uid) if o.uid else "", c.text(o.summary) if o.summary else None,
                              time(o.start), time(o.end), time(o.recurrence_id) if o.has_recurrence_id else None,
                              c.status(o.event))

    def import_into(self, store: EventStore, first_id: int = 1, zone: Optional[TimeZone] = None) -> int:
        """Adds the events to ``store``, all or none: each UID is one entry (a recurring
        entry when it repeats or has overrides), ids ``first_id``, ``first_id + 1``, ...;
        floating values are read in ``zone`` (None: UTC). Returns how many entries.
        Cancelled events and instances (STATUS:CANCELLED) are no occurrences in the
        store's queries and views (a cancelled meeting is not drawn); the store keeps
        them for ``write_ical``."""
        store = instance(store, EventStore, "store")
        zone_c = instance(zone, TimeZone, "zone")._handle if zone is not None else None
        count = c_int32()
        check(lib.kalends_ical_import(self._handle, store._handle, zone_c, int64(first_id, "first_id"), byref(count)))
        return count.value

    def __repr__(self) -> str:
        return f"<kalends.ical.ICalendar with {len(self)} events>"


def _overlaps(start: int, end: int, first: int, last: int) -> bool:
    """recurring-ical-events' overlap of [start, end) with [first, last)."""
    if start == end:
        return start == first if first == last else first <= start < last
    if first == last:
        return start <= first < end
    return start < last and first < end


def read(source: Source, strict: bool = False) -> ICalendar:
    """Reads a calendar from a path or from its text (bytes)."""
    return ICalendar(source, strict)


def between(source: Union[Source, ICalendar], start: Moment, end: Moment,
            limit: Optional[int] = None) -> list[ICalOccurrence]:
    """The occurrences of the calendar's events overlapping [start, end), in start order
    (recurring-ical-events' ``of(calendar).between(start, end)``; see ``ICalendar.between``),
    at most ``limit``."""
    calendar = source if isinstance(source, ICalendar) else ICalendar(source)
    return calendar.between(start, end, limit)


def load(source: Union[Source, ICalendar], store: EventStore, first_id: int = 1,
         zone: Optional[TimeZone] = None) -> int:
    """Reads a calendar into ``store`` (all or nothing); returns how many entries it added."""
    calendar = source if isinstance(source, ICalendar) else ICalendar(source)
    return calendar.import_into(store, first_id, zone)
