"""What the event layouts give (include/kalends/event_layout.h): month bars and "+N more"
labels (``View.event_bars``), the day timeline's items (``EventStore.timeline``), and
their options."""
from __future__ import annotations

import collections.abc as _abc
import datetime as _dt
import itertools
import operator
import struct
import threading
from ctypes import byref, c_int32, sizeof
from typing import Any, Iterator, NamedTuple, Sequence, Union, overload

from . import _abi
from ._checks import int32, number, options as set_options
from ._native import CBarOptions, CEventBar, CEventMore, check, lib
from .dates import Date
from .geometry import Rect


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


TIMELINE_OPTIONS = {"first_hour": int32, "last_hour": int32, "left": number, "top": number, "width": number,
                     "hour_height": number, "min_height": number, "spacing": number}
BAR_OPTIONS = {"max_lanes": int32, "bar_height": number, "lane_spacing": number, "top_inset": number,
                "side_inset": number}


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
        if len(data) % BAR_SIZE:
            raise ValueError(f"{len(data)} bytes are not whole kalends_event_bar records")
        self._data = data
        self._count = len(data) // BAR_SIZE

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
                view = memoryview(self._data)[start * BAR_SIZE:max(start, stop) * BAR_SIZE]
                return [_bar(*f) for f in _BAR_LAYOUT.iter_unpack(view)]
            return [self[i] for i in range(start, stop, step)]
        i = operator.index(index)
        if i < 0:
            i += self._count
        if not 0 <= i < self._count:
            raise IndexError("bar index out of range")
        return _bar(*_BAR_LAYOUT.unpack_from(self._data, i * BAR_SIZE))

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
MORE_LAYOUT = struct.Struct(_abi.FORMATS["kalends_event_more"])
BAR_SIZE, MORE_SIZE = sizeof(CEventBar), sizeof(CEventMore)


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


def bar_buffers() -> _BarBuffers:
    try:
        return _bar_local.buffers  # type: ignore[no-any-return]
    except AttributeError:
        buffers = _bar_local.buffers = _BarBuffers()
        return buffers


_bar_option_cache: dict[tuple[tuple[str, type, float], ...], Any] = {}


def bar_options(options: dict[str, Any]) -> Any:
    """The kalends_bar_options for these keyword options, made once per distinct set of
    plain int/float values (the library only reads them); anything else checked anew."""
    plain = all(type(v) is int or type(v) is float for v in options.values())
    key = tuple(sorted((k, type(v), v) for k, v in options.items())) if plain else ()
    found = _bar_option_cache.get(key) if plain else None
    if found is not None:
        return found
    o = CBarOptions()
    check(lib.kalends_bar_options_init(byref(o)))
    set_options(o, options, BAR_OPTIONS, "event bar")
    made = byref(o)
    if plain and len(_bar_option_cache) < 64:
        _bar_option_cache[key] = made
    return made



__all__ = ["TimelineItem", "EventBar", "EventBars", "EventMore"]
