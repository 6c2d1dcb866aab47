"""Events (``kalends_event``, include/kalends/events.h): the model every store, source
and plugin shares. Timed events are instants (aware ``datetime`` in, UTC ``datetime``
out); all-day events are floating dates::

    kalends.Event.timed(1, "Standup", start, start + timedelta(minutes=15))
    kalends.Event.on_days(2, "Holiday", date(2026, 12, 25))
"""
from __future__ import annotations

import ctypes
import datetime as _dt
import struct
from ctypes import c_void_p, sizeof
from dataclasses import dataclass
from typing import Any, Optional, Sequence, Union

from . import _abi
from ._checks import flag, instance, int32, int64, text, type_name, uint32, uint64
from ._native import CEvent
from .dates import Date, date_from_day_number
from .errors import InvalidArgumentError, OutOfRangeError

_EPOCH = _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)
DateLike = Union[_dt.date, Date]


_ORDINAL_1970 = _dt.date(1970, 1, 1).toordinal()
_DATE = _dt.date


def to_day(value: DateLike, name: str = "day") -> int:
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


def instant_or_seconds(when: Union[_dt.datetime, int], name: str) -> int:
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
        a = to_day(first, "first")
        return cls(id, title, True, a, to_day(last, "last") if last is not None else a, color, 0, user_value)

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
        """The event of a C struct the library filled (see event_of)."""
        title = ctypes.string_at(c.title, c.title_length).decode("utf-8") if c.title else ""
        return event_of(c.id, title, c.all_day == 1, c.start, c.end, c.color, c.source, c.user_value)


def event_of(id: int, title: str, all_day: bool, start: int, end: int, color: int, source: int,
             user_value: int) -> Event:
    """An Event of values the library gave: they fit their C types, so the checks of
    ``__init__`` are skipped (the store makes the events of its answers this way)."""
    event = _new_object(Event)
    event.__dict__.update(id=id, title=title, all_day=all_day, start=start, end=end, color=color, source=source,
                          user_value=user_value)
    return event


_new_object = object.__new__


_INT32_MIN, _INT32_MAX = -(2**31), 2**31 - 1
_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1


#: kalends_event as bytes (the generated layout): a bulk load packs its events in one
#: pass instead of building a ctypes struct for each.
_EVENT_LAYOUT = struct.Struct(_abi.FORMATS["kalends_event"])


def events_array(events: Sequence[Event], name: str = "events") -> tuple[Any, list[Any]]:
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


__all__ = ["Event", "DEFAULT_COLOR", "DateLike", "to_day", "instant", "from_instant", "instant_or_seconds", "events_array", "event_of"]
