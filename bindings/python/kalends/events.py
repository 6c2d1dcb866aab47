"""Events, time zones, the event store, sources and plugins (``kalends_store_*``,
``kalends_timezone_*``, ``kalends_view_*source*``, ``kalends_plugin_*``).

Timed events are instants (aware ``datetime`` in, UTC ``datetime`` out); all-day events
are floating dates::

    store = kalends.EventStore()
    store.add(kalends.Event.timed(1, "Standup", start, start + timedelta(minutes=15)))
    store.add(kalends.Event.on_days(2, "Holiday", date(2026, 12, 25)))
    paris = kalends.TimeZone("Europe/Paris")
    store.query(date(2026, 11, 30), date(2027, 1, 10), paris)     # in start order
    store.dots(date(2026, 11, 30), date(2027, 1, 10), max_colors=4, zone=paris)
"""
from __future__ import annotations

import array
import collections.abc as _abc
import ctypes
import datetime as _dt
import itertools
import operator
import os
import struct
import threading
import weakref
from ctypes import byref, c_int32, c_int64, c_size_t, c_void_p, sizeof
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Iterator, NamedTuple, Optional, Sequence, Union, overload

from . import _abi
from ._native import (
    COMPLETE_FN,
    SINK_ADD,
    SOURCE_BEGIN,
    SOURCE_CANCEL,
    SOURCE_DESTROY,
    SOURCE_FETCH,
    CBarOptions,
    CEvent,
    CEventBar,
    CEventMore,
    CSource,
    CTimelineItem,
    CTimelineOptions,
    check,
    lib,
    rawlib,
)
from ._checks import flag, instance, int32, int64, integer, number, optional_instance, options as set_options, text
from ._checks import type_name
from ._checks import uint32, uint64
from .dates import Date, date_from_day_number
from .errors import InvalidArgumentError, OutOfRangeError, Status

if TYPE_CHECKING:
    from .views import View
from .geometry import Rect

_EPOCH = _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)
DateLike = Union[_dt.date, Date]


_ORDINAL_1970 = _dt.date(1970, 1, 1).toordinal()
_DATE = _dt.date


def _day(value: DateLike, name: str = "day") -> int:
    """Days since 1970-01-01 (a ``datetime.date`` is always in range: no library call)."""
    if isinstance(value, _dt.date):
        return value.toordinal() - _ORDINAL_1970
    if isinstance(value, Date):
        return value.day_number
    raise TypeError(f"{name} must be a datetime.date or kalends.Date, not {type_name(value)}")


def instant(value: _dt.datetime, name: str = "value") -> int:
    """Seconds since the epoch of an aware datetime (a naive one is taken as UTC)."""
    if not isinstance(value, _dt.datetime):
        raise TypeError(f"{name} must be a datetime.datetime, not {type_name(value)}")
    if value.tzinfo is None:
        value = value.replace(tzinfo=_dt.timezone.utc)
    delta = value - _EPOCH
    return delta.days * 86_400 + delta.seconds


def from_instant(seconds: int) -> _dt.datetime:
    return _EPOCH + _dt.timedelta(seconds=int64(seconds, "seconds"))


def _instant_or_seconds(when: Union[_dt.datetime, int], name: str) -> int:
    return instant(when, name) if isinstance(when, _dt.datetime) else int64(when, name)


DEFAULT_COLOR = 0x4A90E2FF


@dataclass(frozen=True)
class Event:
    """An event (``kalends_event``), checked when made (each field must fit its C type).

    Timed events (``all_day=False``, the default) have ``start``/``end`` in seconds since
    the epoch (end exclusive); all-day events the first and last day numbers. Make them
    with ``Event.timed(id, title, start, end)`` from datetimes and ``Event.on_days(id,
    title, first, last)`` from dates (``Event(...)`` takes the raw numbers). Frozen: a
    store hands out the same objects again (``dataclasses.replace`` makes a changed
    copy)."""

    id: int
    title: str = ""
    all_day: bool = False
    start: int = 0
    end: int = 0
    color: int = DEFAULT_COLOR
    source: int = 0
    user_value: int = 0

    def __post_init__(self) -> None:
        if not (type(self.id) is int and type(self.start) is int and type(self.end) is int
                and type(self.title) is str and type(self.all_day) is bool and type(self.color) is int
                and type(self.source) is int and type(self.user_value) is int
                and _INT64_MIN <= self.id <= _INT64_MAX and _INT64_MIN <= self.start <= _INT64_MAX
                and _INT64_MIN <= self.end <= _INT64_MAX and 0 <= self.color <= 0xFFFFFFFF
                and _INT32_MIN <= self.source <= _INT32_MAX and 0 <= self.user_value <= 0xFFFFFFFFFFFFFFFF):
            self._normalize()

    def _normalize(self) -> None:
        """Checks every field (the slow path) and stores plain ints and bools."""
        fields = {"id": int64(self.id, "id"), "title": text(self.title, "title"),
                  "all_day": bool(flag(self.all_day, "all_day")), "start": int64(self.start, "start"),
                  "end": int64(self.end, "end"), "color": uint32(self.color, "color"),
                  "source": int32(self.source, "source"), "user_value": uint64(self.user_value, "user_value")}
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    @classmethod
    def timed(cls, id: int, title: str, start: _dt.datetime, end: _dt.datetime, color: int = DEFAULT_COLOR,
              user_value: int = 0) -> Event:
        """A timed event from aware datetimes (naive ones are taken as UTC); end exclusive."""
        return cls(id, title, False, instant(start, "start"), instant(end, "end"), color, 0, user_value)

    @classmethod
    def on_days(cls, id: int, title: str, first: DateLike, last: Optional[DateLike] = None,
                color: int = DEFAULT_COLOR, user_value: int = 0) -> Event:
        """An all-day event over the days first ... last (default: the one day ``first``)."""
        a = _day(first, "first")
        return cls(id, title, True, a, _day(last, "last") if last is not None else a, color, 0, user_value)

    @property
    def start_time(self) -> Union[_dt.datetime, _dt.date, Date]:
        """The start as a UTC datetime (timed) or a date (all-day)."""
        return date_from_day_number(self.start) if self.all_day else from_instant(self.start)

    @property
    def end_time(self) -> Union[_dt.datetime, _dt.date, Date]:
        return date_from_day_number(self.end) if self.all_day else from_instant(self.end)

    def encoded_title(self) -> bytes:
        """The title as UTF-8; InvalidArgumentError for a str that has no UTF-8 form."""
        try:
            return self.title.encode("utf-8")
        except UnicodeEncodeError as e:
            raise InvalidArgumentError(f"event {self.id}: title is not valid Unicode "
                                       f"({self.title[e.start]!r} at character {e.start + 1})") from None

    def to_c(self, keep: list[bytes]) -> CEvent:
        """The C struct; `keep` holds the title's bytes for as long as the struct is used."""
        title = self.encoded_title()
        keep.append(title)
        c = CEvent()
        c.struct_size = sizeof(CEvent)
        c.all_day = 1 if self.all_day else 0
        c.id, c.start, c.end = self.id, self.start, self.end   # checked when the event was made
        c.color, c.source, c.user_value = self.color, self.source, self.user_value
        c.title = ctypes.cast(ctypes.c_char_p(title), c_void_p).value
        c.title_length = len(title)
        return c

    @classmethod
    def from_c(cls, c: CEvent) -> Event:
        """The event of a C struct the library filled: its fields fit their types, so the
        checks of ``__init__`` are skipped (the store's mirror reads every event this way)."""
        title = ctypes.string_at(c.title, c.title_length).decode("utf-8") if c.title else ""
        event = _new_object(cls)
        event.__dict__.update(id=c.id, title=title, all_day=c.all_day == 1, start=c.start, end=c.end, color=c.color,
                              source=c.source, user_value=c.user_value)
        return event


_new_object = object.__new__

#: glibc's malloc_trim (None elsewhere), after bulk loads of at least _TRIM_AFTER events.
_malloc_trim = getattr(ctypes.CDLL(None), "malloc_trim", None)
_TRIM_AFTER = 100_000


_INT32_MIN, _INT32_MAX = -(2**31), 2**31 - 1
_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1


#: kalends_event as bytes (the generated layout): a bulk load packs its events in one
#: pass instead of building a ctypes struct for each.
_EVENT_LAYOUT = struct.Struct(_abi.FORMATS["kalends_event"])


def _events_array(events: Sequence[Event], name: str = "events") -> tuple[Any, list[Any]]:
    """A kalends_event array of `events`; the list keeps its memory (and the titles) alive."""
    if isinstance(events, (str, bytes)) or not hasattr(events, "__len__"):
        raise TypeError(f"{name} must be a sequence of kalends.Event, not {type_name(events)}")
    for e in events:
        if type(e) is not Event:
            instance(e, Event, f"{name} item")
    if _EVENT_LAYOUT.size != sizeof(CEvent) or sizeof(c_void_p) != 8:   # not a 64-bit layout
        keep: list[bytes] = []
        slow = (CEvent * max(1, len(events)))()
        for i, e in enumerate(events):
            slow[i] = e.to_c(keep)
        return slow, keep
    try:
        titles = [e.title.encode("utf-8") for e in events]
    except UnicodeEncodeError:   # find the event and say which
        titles = [e.encoded_title() for e in events]
    blob = ctypes.create_string_buffer(b"\0".join(titles) + b"\0")
    address = ctypes.addressof(blob)
    packed = bytearray(_EVENT_LAYOUT.size * max(1, len(events)))
    pack, size, where = _EVENT_LAYOUT.pack_into, _EVENT_LAYOUT.size, 0
    for i, e in enumerate(events):
        title = titles[i]
        try:
            pack(packed, i * size, size, 1 if e.all_day else 0, e.id, e.start, e.end, e.color, e.source, e.user_value,
                 address + where, len(title), 0)
        except struct.error as error:   # only if a field was changed behind the frozen dataclass
            raise OutOfRangeError(f"event {e.id}: a field is out of range ({error})") from None
        where += len(title) + 1
    return (CEvent * max(1, len(events))).from_buffer(packed), [blob, packed]


class TimeZone:
    """A zone of the tz database (``kalends_timezone``): by name, a POSIX TZ string, or
    the system default (None)."""

    def __init__(self, name: Optional[str] = None) -> None:
        handle = c_void_p()
        encoded = text(name, "name").encode("utf-8", "surrogateescape") if name is not None else None
        if encoded is not None and b"\0" in encoded:
            raise InvalidArgumentError(f"time zone name {name!r} contains a NUL character")
        check(lib.kalends_timezone_new(encoded or None, byref(handle)))
        self._handle: int = handle.value or 0
        self._finalizer = weakref.finalize(self, lib.kalends_timezone_free, self._handle)

    @property
    def name(self) -> str:
        length = c_size_t()
        check(lib.kalends_timezone_name(self._handle, None, 0, byref(length)))
        buf = ctypes.create_string_buffer(length.value + 1)
        check(lib.kalends_timezone_name(self._handle, buf, len(buf), byref(length)))
        return buf.value.decode()

    def offset(self, when: Union[_dt.datetime, int]) -> tuple[int, bool]:
        """(seconds east of UTC, daylight saving) at an instant."""
        seconds, dst = c_int32(), c_int32()
        check(lib.kalends_timezone_offset(self._handle, _instant_or_seconds(when, "when"), byref(seconds), byref(dst)))
        return seconds.value, bool(dst.value)

    def local_day(self, when: Union[_dt.datetime, int]) -> tuple[Union[_dt.date, Date], int]:
        """(local date, seconds since its midnight) of an instant."""
        day, seconds = c_int32(), c_int32()
        check(lib.kalends_timezone_local_day(self._handle, _instant_or_seconds(when, "when"), byref(day),
                                             byref(seconds)))
        return date_from_day_number(day.value), seconds.value

    def instant(self, local: _dt.datetime) -> int:
        """Seconds since the epoch of a wall-clock time in this zone (a naive datetime;
        seconds only). A repeated time gives its first occurrence; a skipped one is
        read with the offset before the change (as zoneinfo with fold=0)."""
        out = c_int64()
        local = instance(local, _dt.datetime, "local")
        seconds = local.hour * 3600 + local.minute * 60 + local.second
        check(lib.kalends_timezone_instant(self._handle, _day(local.date()), seconds, byref(out)))
        return out.value

    def day_start(self, day: DateLike) -> _dt.datetime:
        """The first instant of a local day (UTC datetime)."""
        out = c_int64()
        check(lib.kalends_timezone_day_start(self._handle, _day(day, "day"), byref(out)))
        return from_instant(out.value)

    def __repr__(self) -> str:
        return f"TimeZone({self.name!r})"


def _zone(zone: Optional[TimeZone]) -> Optional[int]:
    if zone is None:
        return None
    return instance(zone, TimeZone, "zone")._handle


class Occurrence(NamedTuple):
    """An entry as it occurs in a range (``kalends_occurrence``): the event with the
    occurrence's times, and for a recurring entry the start its series gives it (an
    instant, or a day number when all-day; it stays when an override moves it)."""

    event: Event
    recurrence_id: Optional[int]


class TimelineItem(NamedTuple):
    event: int
    column: int
    columns: int
    span: int
    clipped_start: bool
    clipped_end: bool
    frame: Rect


class EventBar(NamedTuple):
    event: int
    row: int
    first_column: int
    last_column: int
    lane: int
    continues_before: bool
    continues_after: bool
    frame: Rect


class EventMore(NamedTuple):
    day: Union[_dt.date, Date]
    hidden: int
    frame: Rect


class DayDots(NamedTuple):
    day: Union[_dt.date, Date]
    count: int  # type: ignore[assignment]  # the C field's name; it hides tuple.count
    colors: list[int]


def _rect(r: Any) -> Rect:
    return Rect(r.x, r.y, r.width, r.height)


_BUFFER_TOO_SMALL = int(Status.BUFFER_TOO_SMALL)
#: Every day the library represents (years -999999 ... 999999): a query of all events.
_FIRST_DAY, _LAST_DAY = Date(-999_999, 1, 1).day_number, Date(999_999, 12, 31).day_number


class EventStore:
    """Events indexed for overlap queries (``kalends_store``). ``len(store)`` events;
    queries cost O(log n + k).

    The store mirrors the library's events in a list by their index in the store: each
    Event object is read once (``kalends_store_get_at``; after a bulk load into an empty
    store, the host's own objects) and kept while the store's version says nothing
    changed (any change, by Python, a source or another thread, refreshes the mirror).
    A query asks the library for spans of indexes (``kalends_store_query_spans``) and
    returns slices of the mirror: after a bulk load, in UTC, the events starting in the
    range are one slice (plus one item for each event that began earlier and still
    overlaps), so a query costs O(log n) in C and a list copy in Python."""

    def __init__(self, events: Iterable[Event] = ()) -> None:
        handle = c_void_p()
        check(lib.kalends_store_new(byref(handle)))
        self._handle: int = handle.value or 0
        self._finalizer = weakref.finalize(self, lib.kalends_store_free, self._handle)
        self._objects: list[Optional[Event]] = []
        self._objects_version = -1
        self._handle_c = c_void_p(self._handle)
        self._count, self._total = c_int32(), c_int32()
        self._version = ctypes.c_uint64()
        self._refs = (byref(self._count), byref(self._total), byref(self._version))
        self._grow(64)
        self._query = rawlib.kalends_store_query_spans
        self._complete = False   # every index of the mirror read (after a bulk load)
        self._ready = -1         # the version of a complete mirror and no recurring entries
        self._lock = threading.Lock()
        self._series_version = -1
        self._series_known = False
        if isinstance(events, (str, bytes)) or not hasattr(events, "__iter__"):
            raise TypeError(f"events must be an iterable of kalends.Event, not {type_name(events)}")
        events = list(events)
        if events:
            self.add_events(events)

    @property
    def version(self) -> int:
        """Changes with every change to the store (``kalends_store_version``)."""
        out = ctypes.c_uint64()
        check(lib.kalends_store_version(self._handle, byref(out)))
        return out.value

    def add(self, event: Event) -> None:
        keep: list[bytes] = []
        check(lib.kalends_store_add(self._handle, byref(instance(event, Event, "event").to_c(keep))))

    def add_events(self, events: Sequence[Event]) -> None:
        """Adds all or none (checked first); fast into an empty store (``kalends_store_add_events``).
        Into an empty store the mirror takes the given Event objects themselves (no
        second copy of each event in Python; queries hand out the host's own objects)."""
        array, keep = _events_array(events)
        with self._lock:
            count, before = c_int32(), ctypes.c_uint64()
            check(lib.kalends_store_count(self._handle, byref(count)))
            check(lib.kalends_store_version(self._handle, byref(before)))
            check(lib.kalends_store_add_events(self._handle, array, len(events)))
            if count.value == 0 and events:
                self._adopt(events, before.value)
        del array, keep
        if len(events) >= _TRIM_AFTER and _malloc_trim is not None:
            # A bulk load's temporaries (the packed events, the store's sort keys, the
            # adoption's id table: ~100 B an event) are freed but stay in the process's
            # heap until glibc is told to give them back.
            _malloc_trim(0)

    def _adopt(self, events: Sequence[Event], before: int) -> None:
        """Makes `events` (just added to the empty store) the mirror, placed by the
        store's own answer: one query of every day gives each event's index and id (in
        the same order). Skipped, leaving the mirror to fill itself by reading, when the
        store changed meanwhile (its version is not the one after our add) or the answer
        is not exactly our events."""
        n = len(events)
        ids, indexes = (c_int64 * n)(), (c_int32 * n)()
        n_ids, n_indexes = c_int32(), c_int32()
        v_ids, v_indexes = ctypes.c_uint64(), ctypes.c_uint64()
        if lib.kalends_store_query_ids(self._handle, None, _FIRST_DAY, _LAST_DAY, ids, n, byref(n_ids),
                                       byref(v_ids)) \
                or lib.kalends_store_query_indexes(self._handle, None, _FIRST_DAY, _LAST_DAY, indexes, n,
                                                   byref(n_indexes), byref(v_indexes)):
            return
        if not (n_ids.value == n_indexes.value == n and v_ids.value == v_indexes.value
                and v_ids.value == (before + 1) & 0xFFFFFFFFFFFFFFFF):
            return
        by_id = {e.id: e for e in events}
        # compact arrays (no list of a million int objects left in the heap afterwards)
        id_array, index_array = array.array("q"), array.array("i")
        id_array.frombytes(memoryview(ids).cast("B"))
        index_array.frombytes(memoryview(indexes).cast("B"))
        del ids, indexes
        objects: list[Optional[Event]]
        try:
            if index_array == array.array("i", range(n)):   # the usual case: query order is index order
                objects = list(map(by_id.__getitem__, id_array))
            else:
                objects = [None] * n
                for i, event_id in zip(index_array, id_array):   # n distinct indexes below n fill every slot
                    if not 0 <= i < n or objects[i] is not None:
                        return
                    objects[i] = by_id[event_id]
        except KeyError:
            return
        self._objects = objects
        self._objects_version = v_ids.value
        self._complete = True
        self._ready = v_ids.value   # loaded into an empty store: no recurring entries

    def update(self, event: Event) -> None:
        keep: list[bytes] = []
        check(lib.kalends_store_update(self._handle, byref(instance(event, Event, "event").to_c(keep))))

    def remove(self, id: int) -> None:
        check(lib.kalends_store_remove(self._handle, int64(id, "id")))

    def clear(self) -> None:
        check(lib.kalends_store_clear(self._handle))

    def __len__(self) -> int:
        out = c_int32()
        check(lib.kalends_store_count(self._handle, byref(out)))
        return out.value

    def get(self, id: int) -> Event:
        """The event with this id, as the library holds it."""
        c = CEvent()
        check(lib.kalends_store_get(self._handle, int64(id, "id"), byref(c)))
        return Event.from_c(c)

    def _grow(self, capacity: int) -> None:
        """The span buffer: kalends_index_span pairs in an array.array (cheap to read)
        seen by C through ctypes."""
        self._span_capacity = capacity
        self._span_array = array.array("i", bytes(8 * capacity))
        self._spans = (c_int32 * (2 * capacity)).from_buffer(self._span_array)
        self._tail = (self._spans, capacity, *self._refs)

    def query(self, first: DateLike, last: DateLike, zone: Optional[TimeZone] = None,
              limit: Optional[int] = None) -> list[Event]:
        """Events overlapping local days first ... last, in start order; a recurring entry
        gives each of its occurrences there (its id, the occurrence's times and title).
        ``limit``: at most that many, the first in start order, at the cost of those few
        (a recurring entry with an occurrence every second has 2,592,000 in a month;
        ``count`` says how many there are; ``kalends_store_query_first``)."""
        if limit is not None:
            return [o.event for o in self._first(first, last, zone, limit)]
        a = first.toordinal() - _ORDINAL_1970 if type(first) is _DATE else _day(first, "first")
        b = last.toordinal() - _ORDINAL_1970 if type(last) is _DATE else _day(last, "last")
        zone_c = c_void_p(_zone(zone)) if zone is not None else None
        # the hot path: arguments converted here (see _native.rawlib), few lookups; the
        # answer comes as spans of the store's indexes (kalends_store_query_spans), so
        # it is a few slices of the mirror (one after a bulk load, in UTC)
        count, total, version = self._count, self._total, self._version
        lock = self._lock
        lock.acquire()   # (cheaper than `with` on this path)
        try:
            while True:
                status = self._query(self._handle_c, zone_c, a, b, *self._tail)
                if status:
                    if status != _BUFFER_TOO_SMALL:
                        check(status)
                    self._grow(max(count.value, 2 * self._span_capacity))
                    continue
                if version.value == self._ready:   # a complete mirror of this version, no recurring entries
                    n, spans = count.value, self._span_array
                    if n == 1:
                        return self._objects[spans[0]:spans[1]]  # type: ignore[return-value]
                    found = []
                    for i in range(0, 2 * n, 2):
                        found += self._objects[spans[i]:spans[i + 1]]
                    return found  # type: ignore[return-value]
                if version.value != self._series_version:   # recurring entries: asked after each change
                    self._has_series(version.value)
                if self._series_known:
                    break
                n = count.value
                if n == 0:
                    return []
                if version.value != self._objects_version:
                    self._objects = []
                    self._complete = False
                    self._objects_version = version.value
                objects, spans = self._objects, self._span_array
                if n == 1:
                    found = objects[spans[0]:spans[1]]
                else:
                    found = []
                    for i in range(0, 2 * n, 2):
                        found += objects[spans[i]:spans[i + 1]]
                if len(found) == total.value and (self._complete or all(found)):
                    return found  # type: ignore[return-value]
                # events the mirror has not read yet
                indexes = [i for j in range(0, 2 * n, 2) for i in range(spans[j], spans[j + 1])]
                if len(objects) <= max(indexes):
                    objects.extend([None] * (max(indexes) + 1 - len(objects)))
                if self._read(indexes, version.value):
                    return [objects[i] for i in indexes]  # type: ignore[misc]
                # the store changed between the two calls: ask again
        finally:
            lock.release()
        return [o.event for o in self.occurrences(first, last, zone)]

    def _has_series(self, version: int) -> None:
        """Asks whether the store holds recurring entries, at `version` or later (a
        series added meanwhile only makes the answer True early)."""
        out, now = c_int32(), ctypes.c_uint64()
        check(lib.kalends_store_series_count(self._handle, byref(out)))
        check(lib.kalends_store_version(self._handle, byref(now)))
        if now.value != version:   # changed meanwhile: the occurrences' path (always right), ask again next time
            self._series_known, self._series_version = True, -1
        else:
            self._series_known, self._series_version = out.value > 0, version

    def add_series(self, event: Event, recurrence: str, zone: Optional[TimeZone] = None) -> None:
        """Adds a recurring entry (``kalends_store_add_series``): ``event`` is its first
        occurrence (DTSTART ... DTEND), ``recurrence`` its RRULE, RDATE, EXDATE and EXRULE
        lines as in a VEVENT ("RRULE:FREQ=WEEKLY;BYDAY=MO,WE"); a timed entry repeats on
        the wall clock of ``zone`` (None: UTC). One entry: ``len(store)`` counts it once,
        queries give its occurrences."""
        keep: list[bytes] = []
        c = _abi.CSeries()
        c.struct_size = sizeof(_abi.CSeries)
        c.event = instance(event, Event, "event").to_c(keep)
        c.zone = _zone(zone)
        encoded = text(recurrence, "recurrence").encode("utf-8", "surrogatepass")
        keep.append(encoded)
        c.recurrence = ctypes.cast(ctypes.c_char_p(encoded), c_void_p).value
        c.recurrence_length = len(encoded)
        check(lib.kalends_store_add_series(self._handle, byref(c)))

    @property
    def series_count(self) -> int:
        """The number of recurring entries."""
        out = c_int32()
        check(lib.kalends_store_series_count(self._handle, byref(out)))
        return out.value

    def occurrences(self, first: DateLike, last: DateLike, zone: Optional[TimeZone] = None,
                    limit: Optional[int] = None) -> list[Occurrence]:
        """The single events and the occurrences of recurring entries overlapping local
        days first ... last, in start order, each with its recurrence id (None for a
        single event): an occurrence is identified by (event.id, recurrence_id).
        ``limit``: at most that many, the first in start order (see ``query``)."""
        if limit is not None:
            return self._first(first, last, zone, limit)
        a, b = _day(first, "first"), _day(last, "last")
        count = c_int32()
        buffer = (_abi.COccurrence * 64)()
        while True:
            status = lib.kalends_store_query_occurrences(self._handle, _zone(zone), a, b, buffer, len(buffer),
                                                         byref(count))
            if status == _BUFFER_TOO_SMALL:
                buffer = (_abi.COccurrence * count.value)()
                continue
            check(status)
            return [Occurrence(Event.from_c(o.event), o.recurrence_id if o.recurring else None)
                    for o in buffer[:count.value]]

    def count(self, first: DateLike, last: DateLike, zone: Optional[TimeZone] = None) -> int:
        """How many events and occurrences overlap local days first ... last (what
        ``query`` lists), counted, not listed: a recurring entry of one RRULE by
        arithmetic, one with several RRULEs or an EXRULE by a walk of at most 100,000
        of its instances (``kalends.errors.OutOfRangeError`` beyond)."""
        return self._first_page(first, last, zone, 0)[1]

    def _first(self, first: DateLike, last: DateLike, zone: Optional[TimeZone], limit: int) -> list[Occurrence]:
        """The first ``limit`` occurrences (``kalends_store_query_first``)."""
        return self._first_page(first, last, zone, integer(limit, "limit", 0, _INT32_MAX, "int32"))[0]

    def _first_page(self, first: DateLike, last: DateLike, zone: Optional[TimeZone],
                    limit: int) -> tuple[list[Occurrence], int]:
        """The first ``limit`` occurrences and how many there are: the total first (a
        count), then a buffer for no more than it."""
        a, b = _day(first, "first"), _day(last, "last")
        z = _zone(zone)
        count, total = c_int32(), ctypes.c_int64()
        check(lib.kalends_store_query_first(self._handle, z, a, b, None, 0, byref(count), byref(total)))
        size = min(limit, total.value)
        if size == 0:
            return [], total.value
        buffer = (_abi.COccurrence * size)()
        check(lib.kalends_store_query_first(self._handle, z, a, b, buffer, size, byref(count), byref(total)))
        return ([Occurrence(Event.from_c(o.event), o.recurrence_id if o.recurring else None)
                 for o in buffer[:count.value]], total.value)

    def write_ical(self) -> bytes:
        """The store as .ics text (``kalends_store_write_ical``): imported entries as the
        VEVENTs they were read from, the others as one VEVENT each (UID "<id>@kalends")."""
        length = c_size_t()
        check(lib.kalends_store_write_ical(self._handle, None, 0, byref(length)))
        buf = ctypes.create_string_buffer(length.value + 1)
        check(lib.kalends_store_write_ical(self._handle, buf, len(buf), byref(length)))
        return buf.raw[:length.value]

    def _read(self, indexes: Iterable[int], version: int) -> bool:
        """Reads the events not mirrored yet; False if the store is no longer at `version`."""
        objects = self._objects
        c, at = CEvent(), ctypes.c_uint64()
        for i in indexes:
            if objects[i] is None:
                check(lib.kalends_store_get_at(self._handle, i, byref(c), byref(at)))
                if at.value != version:
                    return False
                objects[i] = Event.from_c(c)
        return True

    def dots(self, first: DateLike, last: DateLike, max_colors: int = 3,
             zone: Optional[TimeZone] = None) -> list[DayDots]:
        """Per day: how many events, and the colours of the first ``max_colors``."""
        a, b = _day(first, "first"), _day(last, "last")
        max_colors = int32(max_colors, "max_colors")
        days = b - a + 1
        # every argument but the buffers checked before they are made for the days asked
        status = lib.kalends_store_dots(self._handle, _zone(zone), a, b, max_colors, None, None, 0)
        if status != _BUFFER_TOO_SMALL:
            check(status)
        counts = (ctypes.c_int32 * days)()
        colors = (ctypes.c_uint32 * max(1, days * max_colors))()
        check(lib.kalends_store_dots(self._handle, _zone(zone), a, b, max_colors, counts, colors, days))
        return [DayDots(date_from_day_number(a + i), counts[i],
                        [colors[i * max_colors + j] for j in range(min(counts[i], max_colors))]) for i in range(days)]

    def timeline(self, day: DateLike, zone: Optional[TimeZone] = None, limit: Optional[int] = None,
                 **options: Any) -> list[TimelineItem]:
        """The day view: timed events of ``day`` placed by time in columns. ``limit``: at
        most that many events, the day's first timed ones in start order, laid out as if
        the others were not there (``max_events``). Options: first_hour, last_hour, left,
        top, width, hour_height, min_height, spacing."""
        o = CTimelineOptions()
        check(lib.kalends_timeline_options_init(byref(o)))
        set_options(o, options, _TIMELINE_OPTIONS, "timeline")
        if limit is not None:
            o.max_events = integer(limit, "limit", 1, _INT32_MAX, "int32")
        count = c_int32()
        z, d = _zone(zone), _day(day, "day")
        status = lib.kalends_store_timeline(self._handle, z, d, byref(o), None, 0, byref(count))
        if status != _BUFFER_TOO_SMALL:
            check(status)
        out = (CTimelineItem * max(1, count.value))()
        check(lib.kalends_store_timeline(self._handle, z, d, byref(o), out, count.value, byref(count)))
        return [TimelineItem(t.event, t.column, t.columns, t.span, bool(t.clipped_start), bool(t.clipped_end),
                             _rect(t.frame)) for t in out[: count.value]]


_TIMELINE_OPTIONS = {"first_hour": int32, "last_hour": int32, "left": number, "top": number, "width": number,
                     "hour_height": number, "min_height": number, "spacing": number}
_BAR_OPTIONS = {"max_lanes": int32, "bar_height": number, "lane_spacing": number, "top_inset": number,
                "side_inset": number}


def event_bars(view: View, store: EventStore, zone: Optional[TimeZone] = None,
               **options: float) -> tuple[EventBars, list[EventMore]]:
    """Month bars and "+N more" labels of ``store`` on ``view``'s page. Options:
    max_lanes, bar_height, lane_spacing, top_inset, side_inset. The bars come as an
    ``EventBars`` sequence (each ``EventBar`` made when read)."""
    o = _bar_options(options)
    handle = view._handle
    store_handle, z = instance(store, EventStore, "store")._handle, _zone(zone)
    buffers = _bar_buffers()
    while True:   # one call into this thread's buffers; grown and asked again if too small
        status = lib.kalends_view_event_bars(handle, store_handle, z, o, buffers.bars, buffers.bar_capacity,
                                             buffers.bar_count, buffers.more, buffers.more_capacity,
                                             buffers.more_count)
        if status != _BUFFER_TOO_SMALL:
            view._check(status)
            break
        buffers.grow(buffers.bar_count.value, buffers.more_count.value)
    nb, nm = buffers.bar_count.value, buffers.more_count.value
    bars = EventBars(buffers.bar_bytes[:nb * _BAR_SIZE].tobytes())
    more = [EventMore(date_from_day_number(day), hidden, Rect(x, y, w, h))
            for day, hidden, x, y, w, h in _MORE_LAYOUT.iter_unpack(buffers.more_bytes[:nm * _MORE_SIZE])]
    return bars, more


def _bar(e: int, r: int, a: int, b: int, lane: int, cb: int, ca: int, x: float, y: float, w: float,
         h: float) -> EventBar:
    return _new_tuple(EventBar, (e, r, a, b, lane, cb != 0, ca != 0, _new_tuple(Rect, (x, y, w, h))))


class EventBars(Sequence[EventBar]):
    """The month bars of one ``event_bars`` call: a read-only sequence of ``EventBar``
    over a copy of the library's records (one bytes object, 56 bytes a bar). A bar's
    ``EventBar`` is made when it is read (indexing, iteration, slicing, comparison), so
    a call costs the layout and one copy, not two Python objects per bar; ``list(bars)``
    gives a plain list. Equal to any sequence of the same bars (a list of ``EventBar``
    too). Reading every bar costs what the list of tuples did."""

    __slots__ = ("_data", "_count")

    def __init__(self, data: bytes = b"") -> None:
        if len(data) % _BAR_SIZE:
            raise ValueError(f"{len(data)} bytes are not whole kalends_event_bar records")
        self._data = data
        self._count = len(data) // _BAR_SIZE

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> EventBar: ...

    @overload
    def __getitem__(self, index: slice) -> list[EventBar]: ...

    def __getitem__(self, index: Union[int, slice]) -> Union[EventBar, list[EventBar]]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._count)
            if step == 1:
                view = memoryview(self._data)[start * _BAR_SIZE:max(start, stop) * _BAR_SIZE]
                return [_bar(*f) for f in _BAR_LAYOUT.iter_unpack(view)]
            return [self[i] for i in range(start, stop, step)]
        i = operator.index(index)
        if i < 0:
            i += self._count
        if not 0 <= i < self._count:
            raise IndexError("bar index out of range")
        return _bar(*_BAR_LAYOUT.unpack_from(self._data, i * _BAR_SIZE))

    def __iter__(self) -> Iterator[EventBar]:
        return itertools.starmap(_bar, _BAR_LAYOUT.iter_unpack(self._data))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventBars):
            return self._data == other._data or list(self) == list(other)
        if isinstance(other, _abc.Sequence) and not isinstance(other, (str, bytes, bytearray)):
            return len(other) == self._count and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"EventBars({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (EventBars, (self._data,))


_new_tuple = tuple.__new__
_BAR_LAYOUT = struct.Struct(_abi.FORMATS["kalends_event_bar"])
_MORE_LAYOUT = struct.Struct(_abi.FORMATS["kalends_event_more"])
_BAR_SIZE, _MORE_SIZE = sizeof(CEventBar), sizeof(CEventMore)


class _BarBuffers:
    """Output arrays of kalends_view_event_bars, kept per thread and grown as needed."""

    def __init__(self) -> None:
        self.bar_count, self.more_count = c_int32(), c_int32()
        self.grow(256, 64)

    def grow(self, bars: int, more: int) -> None:
        self.bar_capacity, self.more_capacity = max(bars, 1), max(more, 1)
        self.bars = (CEventBar * self.bar_capacity)()
        self.more = (CEventMore * self.more_capacity)()
        self.bar_bytes = memoryview(self.bars).cast("B")
        self.more_bytes = memoryview(self.more).cast("B")


_bar_local = threading.local()


def _bar_buffers() -> _BarBuffers:
    try:
        return _bar_local.buffers  # type: ignore[no-any-return]
    except AttributeError:
        buffers = _bar_local.buffers = _BarBuffers()
        return buffers


_bar_option_cache: dict[tuple[tuple[str, type, float], ...], Any] = {}


def _bar_options(options: dict[str, Any]) -> Any:
    """The kalends_bar_options for these keyword options, made once per distinct set of
    plain int/float values (the library only reads them); anything else checked anew."""
    plain = all(type(v) is int or type(v) is float for v in options.values())
    key = tuple(sorted((k, type(v), v) for k, v in options.items())) if plain else ()
    found = _bar_option_cache.get(key) if plain else None
    if found is not None:
        return found
    o = CBarOptions()
    check(lib.kalends_bar_options_init(byref(o)))
    set_options(o, options, _BAR_OPTIONS, "event bar")
    made = byref(o)
    if plain and len(_bar_option_cache) < 64:
        _bar_option_cache[key] = made
    return made


class Plugin:
    """A plugin library (``kalends_plugin_load``): ``Plugin(path, config)``."""

    def __init__(self, path: Union[str, "os.PathLike[str]"], config: Optional[str] = None) -> None:
        handle = c_void_p()
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be a str or a path, not {type_name(path)}")
        encoded_path = os.fsencode(path)
        encoded_config = text(config, "config").encode("utf-8") if config is not None else None
        if b"\0" in encoded_path or (encoded_config is not None and b"\0" in encoded_config):
            raise InvalidArgumentError("path and config must not contain NUL characters")
        check(lib.kalends_plugin_load(encoded_path, encoded_config, byref(handle)))
        self._handle: int = handle.value or 0
        self._finalizer = weakref.finalize(self, lib.kalends_plugin_free, self._handle)

    @property
    def name(self) -> str:
        length = c_size_t()
        check(lib.kalends_plugin_name(self._handle, None, 0, byref(length)))
        buf = ctypes.create_string_buffer(length.value + 1)
        check(lib.kalends_plugin_name(self._handle, buf, len(buf), byref(length)))
        return buf.value.decode()

    def fetch(self, first: DateLike, last: DateLike, store: EventStore, zone: Optional[TimeZone] = None,
              source: int = -1) -> None:
        """Asks the plugin for first ... last and puts the answer in ``store`` (tagged
        ``source``), replacing that source's events of those days. The default, -1, is
        every binding's (``kalends_plugin_fetch``): 0 tags the host's events and a
        view's sources are 1, 2, ..., which a direct fetch must not replace."""
        check(lib.kalends_plugin_fetch(self._handle, _day(first, "first"), _day(last, "last"),
                                       instance(store, EventStore, "store")._handle, _zone(zone),
                                       int32(source, "source")))


class SourceBridge:
    """A Python object as a ``kalends_source``: ``fetch(first, last) -> iterable of
    Event`` answers at once; or ``begin(request, first, last, complete)`` answers later
    through ``complete(events)`` / ``complete(error=...)`` from any thread, and
    ``cancel(request)`` (optional) is told when it is no longer wanted."""

    def __init__(self, source: Any, errors: threading.local) -> None:
        self.source = source
        self.errors = errors
        c = CSource()
        c.struct_size = sizeof(CSource)
        if hasattr(source, "fetch"):
            c.fetch = SOURCE_FETCH(self._fetch)
        elif hasattr(source, "begin"):
            c.begin = SOURCE_BEGIN(self._begin)
            if hasattr(source, "cancel"):
                c.cancel = SOURCE_CANCEL(self._cancel)
        else:
            raise TypeError(f"source must have a fetch or a begin method, not be a {type_name(source)}")
        self.c = c

    def _failed(self, e: BaseException) -> int:
        if getattr(self.errors, "value", None) is None:
            self.errors.value = e
        return int(Status.CALLBACK)

    def _fetch(self, _user: Any, first: int, last: int, sink: Any) -> int:
        try:
            s = sink.contents
            for event in self.source.fetch(date_from_day_number(first), date_from_day_number(last)):
                keep: list[bytes] = []
                status = s.add(s.context, byref(instance(event, Event, "an event from the source").to_c(keep)))
                if status:
                    raise ValueError(f"the library refused event {event.id}: "
                                     f"{lib.kalends_last_error().decode('utf-8', 'replace')}")
            return 0
        except BaseException as e:  # carried back to the caller, never across the C frames
            return self._failed(e)

    def _begin(self, _user: Any, request: int, first: int, last: int, completion: Any) -> int:
        c = completion.contents
        # Copies: the completion struct lives only during this call.
        context = c.context
        fn = COMPLETE_FN(ctypes.cast(c.complete, c_void_p).value or 0)

        def complete(events: Sequence[Event] = (), error: Optional[BaseException] = None) -> None:
            array, keep = _events_array(list(events))
            fn(context, request, array, len(events) if error is None else 0,
               0 if error is None else int(Status.CALLBACK))

        try:
            self.source.begin(request, date_from_day_number(first), date_from_day_number(last), complete)
            return 0
        except BaseException as e:
            return self._failed(e)

    def _cancel(self, _user: Any, request: int) -> None:
        try:
            self.source.cancel(request)
        except BaseException as e:
            self._failed(e)


__all__ = ["Event", "EventStore", "TimeZone", "Plugin", "EventBar", "EventBars", "EventMore", "TimelineItem", "DayDots",
           "event_bars", "instant", "from_instant"]
