"""Time zones of the tz database (``kalends_timezone``, include/kalends/timezone.h): by
name, a POSIX TZ string, or the system default."""
from __future__ import annotations

import ctypes
import datetime as _dt
from ctypes import byref, c_int32, c_int64, c_size_t, c_void_p
from typing import Optional, Union

from ._checks import instance, text
from ._handle import Handle
from ._native import check, lib
from .dates import Date, date_from_day_number
from .errors import InvalidArgumentError
from .events import DateLike, from_instant, instant_or_seconds, to_day


class TimeZone(Handle, free="kalends_timezone_free"):
    """A zone of the tz database (``kalends_timezone``): by name, a POSIX TZ string, or
    the system default (None)."""

    def __init__(self, name: Optional[str] = None) -> None:
        handle = c_void_p()
        encoded = text(name, "name").encode("utf-8", "surrogateescape") if name is not None else None
        if encoded is not None and b"\0" in encoded:
            raise InvalidArgumentError(f"time zone name {name!r} contains a NUL character")
        check(lib.kalends_timezone_new(encoded or None, byref(handle)))
        self._own(handle.value or 0)

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
        check(lib.kalends_timezone_offset(self._handle, instant_or_seconds(when, "when"), byref(seconds), byref(dst)))
        return seconds.value, bool(dst.value)

    def local_day(self, when: Union[_dt.datetime, int]) -> tuple[Union[_dt.date, Date], int]:
        """(local date, seconds since its midnight) of an instant."""
        day, seconds = c_int32(), c_int32()
        check(lib.kalends_timezone_local_day(self._handle, instant_or_seconds(when, "when"), byref(day),
                                             byref(seconds)))
        return date_from_day_number(day.value), seconds.value

    def instant(self, local: _dt.datetime) -> int:
        """Seconds since the epoch of a wall-clock time in this zone (a naive datetime;
        seconds only). A repeated time gives its first occurrence; a skipped one is
        read with the offset before the change (as zoneinfo with fold=0)."""
        out = c_int64()
        local = instance(local, _dt.datetime, "local")
        seconds = local.hour * 3600 + local.minute * 60 + local.second
        check(lib.kalends_timezone_instant(self._handle, to_day(local.date()), seconds, byref(out)))
        return out.value

    def day_start(self, day: DateLike) -> _dt.datetime:
        """The first instant of a local day (UTC datetime)."""
        out = c_int64()
        check(lib.kalends_timezone_day_start(self._handle, to_day(day, "day"), byref(out)))
        return from_instant(out.value)

    def __repr__(self) -> str:
        return f"TimeZone({self.name!r})"


def zone_handle(zone: Optional[TimeZone]) -> Optional[int]:
    """The handle of an optional zone argument (None: UTC, the library's NULL)."""
    if zone is None:
        return None
    return instance(zone, TimeZone, "zone")._handle


__all__ = ["TimeZone", "zone_handle"]
