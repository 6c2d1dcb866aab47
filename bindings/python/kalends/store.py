"""The event store (``kalends_store``, include/kalends/store.h): events and recurring
entries indexed for overlap queries, dots, the day timeline::

    store = kalends.EventStore()
    store.add(kalends.Event.timed(1, "Standup", start, start + timedelta(minutes=15)))
    store.add(kalends.Event.on_days(2, "Holiday", date(2026, 12, 25)))
    paris = kalends.TimeZone("Europe/Paris")
    store.query(date(2026, 11, 30), date(2027, 1, 10), paris)     # in start order
    store.dots(date(2026, 11, 30), date(2027, 1, 10), max_colors=4, zone=paris)
"""
from __future__ import annotations

import array
import ctypes
import datetime as _dt
import struct
import threading
from ctypes import addressof, byref, c_int32, c_size_t, c_void_p, sizeof
from typing import Any, Iterable, NamedTuple, Optional, Sequence, Union

from . import _abi
from ._checks import INT32_MAX, instance, int32, int64, integer, options as set_options, text, type_name
from ._handle import Handle
from ._native import CEvent, CTimelineItem, CTimelineOptions, check, fast, lib
from .dates import Date, date_from_day_number
from .errors import Status
from .event_layout import TIMELINE_OPTIONS, TimelineItem
from .events import DateLike, Event, event_of, events_array, to_day
from .geometry import Rect
from .timezone import TimeZone, zone_handle


class Occurrence(NamedTuple):
    """An entry as it occurs in a range (``kalends_occurrence``): the event with the
    occurrence's times, and for a recurring entry the start its series gives it (an
    instant, or a day number when all-day; it stays when an override moves it)."""

    event: Event
    recurrence_id: Optional[int]


class DayDots(NamedTuple):
    day: Union[_dt.date, Date]
    count: int  # type: ignore[assignment]  # the C field's name; it hides tuple.count
    colors: list[int]


_BUFFER_TOO_SMALL = int(Status.BUFFER_TOO_SMALL)
_ORDINAL_1970 = _dt.date(1970, 1, 1).toordinal()
_DATE = _dt.date
#: Every day the library represents (years -999999 ... 999999): a query of all events.
_FIRST_DAY, _LAST_DAY = Date(-999_999, 1, 1).day_number, Date(999_999, 12, 31).day_number
#: glibc's malloc_trim (None elsewhere), after bulk loads of at least _TRIM_AFTER events.
_malloc_trim = getattr(ctypes.CDLL(None), "malloc_trim", None)
_TRIM_AFTER = 100_000

#: kalends_store_query_rows, a fast call (_native.FAST_CALLS): the arguments are made ready
#: once per store (the handle, the answer struct) or are ints; the GIL is released (the
#: call may wait for the store's lock while a source's thread fills the store).
_query_rows = fast("kalends_store_query_rows")
#: kalends_store_row as bytes, and the places of what a query reads of kalends_store_answer
#: (in its int32 and uint64 views), from the generated layouts.
_ROW = struct.Struct(_abi.FORMATS["kalends_store_row"])
_ROW_FIELDS = {name: offset for name, offset, _ in _abi.LAYOUTS["kalends_store_row"][1]}
_ANSWER = {name: offset for name, offset, _ in _abi.LAYOUTS["kalends_store_answer"][1]}
_SPANS_COUNT, _ROWS_COUNT, _TOTAL, _TITLES_NEEDED = (_ANSWER[f] // 4 for f in (
    "spans_count", "rows_count", "total", "titles_needed"))
_KNOWN_VERSION, _VERSION = _ANSWER["known_version"] // 8, _ANSWER["version"] // 8


class EventStore(Handle, free="kalends_store_free"):
    """Events indexed for overlap queries (``kalends_store``). ``len(store)`` events;
    queries cost O(log n + k).

    A query is one library call, ``kalends_store_query_rows``. The store hands out Python
    objects for its events -- the host's own after a bulk load into an empty store
    (``add_events``), otherwise those made from an answer's rows -- kept in a list by
    store index (8 bytes an event) for the store version they belong to, which each query
    tells the library. While the store is at that version (and holds no recurring
    entries) the answer is spans of indexes and the query returns slices of that list
    (one after a bulk load, in UTC): O(log n) in C and a list copy in Python. After any
    change (by Python, a source or another thread) the answer is rows: the events it
    lists are made from them (once per version), the occurrences of recurring entries
    with each answer."""

    def __init__(self, events: Iterable[Event] = ()) -> None:
        handle = c_void_p()
        check(lib.kalends_store_new(byref(handle)))
        self._own(handle.value or 0)
        self._handle_c = c_void_p(self._handle)
        #: the Event of each store index, for _objects_version (None: not made yet)
        self._objects: list[Optional[Event]] = []
        self._objects_version = 0      # 0: no store has it after its first change
        self._complete = False         # every index of _objects made (a bulk load's)
        self._lock = threading.Lock()
        self._answer = _abi.CStoreAnswer()
        check(lib.kalends_store_answer_init(byref(self._answer)))
        self._answer_ref = byref(self._answer)
        raw = memoryview(self._answer).cast("B")
        self._ints, self._versions = raw.cast("i"), raw.cast("Q")
        self._grow_spans(64)
        self._grow_rows(256, 8192)   # a rows answer of up to 256 events in one call (grown for larger ones)
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
        Into an empty store the store takes the given Event objects themselves as its
        objects (no second copy of each event in Python; queries hand out the host's own
        objects)."""
        array_, keep = events_array(events)
        with self._lock:
            count, before = c_int32(), ctypes.c_uint64()
            check(lib.kalends_store_count(self._handle, byref(count)))
            check(lib.kalends_store_version(self._handle, byref(before)))
            check(lib.kalends_store_add_events(self._handle, array_, len(events)))
            if count.value == 0 and events:
                self._adopt(events, before.value)
        del array_, keep
        if len(events) >= _TRIM_AFTER and _malloc_trim is not None:
            # A bulk load's temporaries (the packed events, the store's sort keys, the
            # adoption's rows and id table: ~150 B an event) are freed but stay in the
            # process's heap until glibc is told to give them back.
            _malloc_trim(0)

    def _adopt(self, events: Sequence[Event], before: int) -> None:
        """Makes `events` (just added to the empty store) the store's objects, placed by
        the store's own answer: one query of every day, as rows without titles, gives each
        event's index and id. Skipped, leaving the objects to be made from later answers,
        when the store changed meanwhile (its version is not the one after our add) or the
        answer is not exactly our events."""
        n = len(events)
        rows = (_abi.CStoreRow * n)()
        answer = _abi.CStoreAnswer()
        check(lib.kalends_store_answer_init(byref(answer)))
        answer.rows, answer.rows_capacity = addressof(rows), n
        if lib.kalends_store_query_rows(self._handle, None, _FIRST_DAY, _LAST_DAY, byref(answer)):
            return
        if not (answer.rows_count == answer.total == n and answer.version == (before + 1) & 0xFFFFFFFFFFFFFFFF):
            return
        by_id = {e.id: e for e in events}
        # the ids and indexes as compact arrays (no list of a million int objects left in the heap)
        raw = memoryview(rows).cast("B")
        id_array, index_array = array.array("q"), array.array("i")
        id_array.frombytes(raw.cast("q")[_ROW_FIELDS["id"] // 8::_ROW.size // 8].tobytes())
        index_array.frombytes(raw.cast("i")[_ROW_FIELDS["index"] // 4::_ROW.size // 4].tobytes())
        del raw, rows
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
        self._take(objects, answer.version, complete=True)

    def _take(self, objects: list[Optional[Event]], version: int, complete: bool) -> None:
        """Makes `objects` the store's objects of `version` (which the next query tells the library)."""
        self._objects, self._objects_version, self._complete = objects, version, complete
        self._versions[_KNOWN_VERSION] = version

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
        c.zone = zone_handle(zone)
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
        a, b = to_day(first, "first"), to_day(last, "last")
        count = c_int32()
        buffer = (_abi.COccurrence * 64)()
        while True:
            status = lib.kalends_store_query_occurrences(self._handle, zone_handle(zone), a, b, buffer, len(buffer),
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
        return self._first_page(first, last, zone, integer(limit, "limit", 0, INT32_MAX, "int32"))[0]

    def _first_page(self, first: DateLike, last: DateLike, zone: Optional[TimeZone],
                    limit: int) -> tuple[list[Occurrence], int]:
        """The first ``limit`` occurrences and how many there are: the total first (a
        count), then a buffer for no more than it."""
        a, b = to_day(first, "first"), to_day(last, "last")
        z = zone_handle(zone)
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


    def dots(self, first: DateLike, last: DateLike, max_colors: int = 3,
             zone: Optional[TimeZone] = None) -> list[DayDots]:
        """Per day: how many events, and the colours of the first ``max_colors``."""
        a, b = to_day(first, "first"), to_day(last, "last")
        max_colors = int32(max_colors, "max_colors")
        days = b - a + 1
        # every argument but the buffers checked before they are made for the days asked
        status = lib.kalends_store_dots(self._handle, zone_handle(zone), a, b, max_colors, None, None, 0)
        if status != _BUFFER_TOO_SMALL:
            check(status)
        counts = (ctypes.c_int32 * days)()
        colors = (ctypes.c_uint32 * max(1, days * max_colors))()
        check(lib.kalends_store_dots(self._handle, zone_handle(zone), a, b, max_colors, counts, colors, days))
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
        set_options(o, options, TIMELINE_OPTIONS, "timeline")
        if limit is not None:
            o.max_events = integer(limit, "limit", 1, INT32_MAX, "int32")
        count = c_int32()
        z, d = zone_handle(zone), to_day(day, "day")
        status = lib.kalends_store_timeline(self._handle, z, d, byref(o), None, 0, byref(count))
        if status != _BUFFER_TOO_SMALL:
            check(status)
        out = (CTimelineItem * max(1, count.value))()
        check(lib.kalends_store_timeline(self._handle, z, d, byref(o), out, count.value, byref(count)))
        return [TimelineItem(t.event, t.column, t.columns, t.span, bool(t.clipped_start), bool(t.clipped_end),
                             Rect(t.frame.x, t.frame.y, t.frame.width, t.frame.height)) for t in out[: count.value]]

    def _grow_spans(self, capacity: int) -> None:
        """The span buffer: kalends_index_span pairs in an array.array (cheap to read)."""
        self._span_array = array.array("i", bytes(8 * capacity))
        self._answer.spans = self._span_array.buffer_info()[0]
        self._answer.spans_capacity = capacity

    def _grow_rows(self, rows: int, titles: int) -> None:
        """The row and title buffers of rows answers (grown when an answer needs more)."""
        self._rows = (_abi.CStoreRow * max(1, rows))()
        self._row_bytes = memoryview(self._rows).cast("B")
        self._titles = ctypes.create_string_buffer(max(1, titles))
        self._title_bytes = memoryview(self._titles).cast("B")
        a = self._answer
        a.rows, a.rows_capacity = addressof(self._rows), rows
        a.titles, a.titles_capacity = addressof(self._titles), max(1, titles)

    def query(self, first: DateLike, last: DateLike, zone: Optional[TimeZone] = None,
              limit: Optional[int] = None) -> list[Event]:
        """Events overlapping local days first ... last, in start order; a recurring entry
        gives each of its occurrences there (its id, the occurrence's times and title).
        ``limit``: at most that many, the first in start order, at the cost of those few
        (a recurring entry with an occurrence every second has 2,592,000 in a month;
        ``count`` says how many there are; ``kalends_store_query_first``)."""
        if limit is not None:
            return [o.event for o in self._first(first, last, zone, limit)]
        a = first.toordinal() - _ORDINAL_1970 if type(first) is _DATE else to_day(first, "first")
        b = last.toordinal() - _ORDINAL_1970 if type(last) is _DATE else to_day(last, "last")
        zone_c = c_void_p(zone_handle(zone)) if zone is not None else None
        lock = self._lock
        lock.acquire()   # (cheaper than `with` on this path)
        try:
            status = _query_rows(self._handle_c, zone_c, a, b, self._answer_ref)
            while status:
                if status != _BUFFER_TOO_SMALL:
                    check(status)
                self._grow_spans(max(self._ints[_SPANS_COUNT], 2 * self._answer.spans_capacity))
                status = _query_rows(self._handle_c, zone_c, a, b, self._answer_ref)
            ints = self._ints
            n = ints[_SPANS_COUNT]
            if n:   # spans of indexes: the objects' version is the store's
                objects, spans = self._objects, self._span_array
                if n == 1:
                    found = objects[spans[0]:spans[1]]
                else:
                    found = []
                    for i in range(0, 2 * n, 2):
                        found += objects[spans[i]:spans[i + 1]]
                if self._complete or (len(found) == ints[_TOTAL] and all(found)):
                    return found  # type: ignore[return-value]
                return self._from_rows(zone_c, a, b, again=True)   # events not made yet: their rows
            if ints[_TOTAL] == 0:
                return []
            return self._from_rows(zone_c, a, b, again=False)
        finally:
            lock.release()

    def _from_rows(self, zone_c: Optional[c_void_p], a: int, b: int, again: bool) -> list[Event]:
        """The answer as rows (asked for again when `again`, or when the buffers were too
        short for it): the events made from them, kept by index for the answer's version."""
        ints, answer = self._ints, self._answer
        while again or ints[_ROWS_COUNT] < ints[_TOTAL]:
            rows, titles = answer.rows_capacity, answer.titles_capacity
            if rows < ints[_TOTAL] or titles < ints[_TITLES_NEEDED]:   # (a spans answer has no titles_needed)
                self._grow_rows(max(ints[_TOTAL], rows), max(ints[_TITLES_NEEDED], titles, 16 * ints[_TOTAL]))
            known = self._versions[_KNOWN_VERSION]
            self._versions[_KNOWN_VERSION] = 0   # rows, whatever the version
            status = _query_rows(self._handle_c, zone_c, a, b, self._answer_ref)
            self._versions[_KNOWN_VERSION] = known
            check(status)
            again = False
        version = self._versions[_VERSION]
        if version != self._objects_version:
            self._take([], version, complete=False)
        objects, titles, offset = self._objects, self._title_bytes, 0
        found: list[Event] = []
        for (id_, start, end, _recurrence, user_value, color, all_day, index, recurring, source,
             length) in _ROW.iter_unpack(self._row_bytes[:ints[_ROWS_COUNT] * _ROW.size]):
            event = objects[index] if not recurring and index < len(objects) else None
            if event is None:
                event = event_of(id_, str(titles[offset:offset + length], "utf-8"), all_day == 1, start, end, color,
                                 source, user_value)
                if not recurring:
                    if index >= len(objects):
                        objects.extend([None] * (index + 1 - len(objects)))
                    objects[index] = event
            offset += length
            found.append(event)
        return found


__all__ = ["EventStore", "Occurrence", "DayDots"]
