"""ctypes declarations of include/kalends.h and loading of libkalends.so.

Every function gets ``argtypes`` and ``restype``; handles are ``c_void_p``. The library
is found through ``KALENDS_LIBRARY``, then next to this package (a wheel), then in the
repository's ``.build/release``.
"""
from __future__ import annotations

import ctypes
import os
import threading
from ctypes import POINTER, Structure, c_char_p, c_int32, c_uint32, c_void_p
from pathlib import Path
from typing import Any, Callable

from .errors import error_for

#: The KALENDS_ABI_VERSION these declarations describe.
ABI_VERSION = 1

i32 = c_int32
u32 = c_uint32


class CDate(Structure):
    _fields_ = [("year", i32), ("month", i32), ("day", i32)]


class CWeekOfYear(Structure):
    _fields_ = [("week", i32), ("year", i32)]


class CDayRange(Structure):
    _fields_ = [("first", i32), ("last", i32)]


class CDay(Structure):
    _fields_ = [
        ("date", CDate),
        ("day_number", i32),
        ("weekday", i32),
        ("week_of_year", CWeekOfYear),
        ("flags", u32),
    ]


#: int32 fields per kalends_day: year, month, day, day_number, weekday, week, week year, flags.
DAY_FIELDS = ctypes.sizeof(CDay) // 4
GRID_MAX_DAYS = 42


class CCalendarOptions(Structure):
    _fields_ = [
        ("struct_size", u32),
        ("first_weekday", i32),
        ("min_days_in_first_week", i32),
        ("weekend_days", u32),
        ("today_mode", i32),
        ("today", CDate),
    ]


P = POINTER
_SIGNATURES: dict[str, tuple[Any, list[Any]]] = {
    "kalends_version": (u32, []),
    "kalends_version_string": (c_char_p, []),
    "kalends_abi_version": (i32, []),
    "kalends_status_string": (c_char_p, [i32]),
    "kalends_last_error": (c_char_p, []),
    "kalends_date_from_day_number": (i32, [i32, P(CDate)]),
    "kalends_date_day_number": (i32, [P(CDate), P(i32)]),
    "kalends_date_weekday": (i32, [P(CDate), P(i32)]),
    "kalends_date_day_of_year": (i32, [P(CDate), P(i32)]),
    "kalends_date_iso_week": (i32, [P(CDate), P(CWeekOfYear)]),
    "kalends_year_is_leap": (i32, [i32, P(i32)]),
    "kalends_year_days_in_month": (i32, [i32, i32, P(i32)]),
    "kalends_calendar_options_init": (i32, [P(CCalendarOptions)]),
    "kalends_calendar_new": (i32, [P(CCalendarOptions), P(c_void_p)]),
    "kalends_calendar_free": (i32, [c_void_p]),
    "kalends_calendar_get_options": (i32, [c_void_p, P(CCalendarOptions)]),
    "kalends_calendar_set_options": (i32, [c_void_p, P(CCalendarOptions)]),
    "kalends_calendar_today": (i32, [c_void_p, P(CDate)]),
    "kalends_calendar_week_of_year": (i32, [c_void_p, P(CDate), P(CWeekOfYear)]),
    # Grid outputs are passed as addresses (c_void_p): ctypes converts an int in a
    # fraction of the time it takes to check a POINTER(CDay) argument, and grids are
    # the hot path. GridBuffer holds the addresses of its own buffers.
    "kalends_calendar_month_grid": (i32, [c_void_p, i32, i32, i32, c_void_p, i32, c_void_p]),
    "kalends_calendar_month_range": (i32, [c_void_p, i32, i32, i32, P(CDayRange)]),
    "kalends_calendar_week_grid": (i32, [c_void_p, P(CDate), c_void_p, i32, c_void_p]),
    "kalends_calendar_week_range": (i32, [c_void_p, P(CDate), P(CDayRange)]),
}


class LibraryNotFoundError(ImportError):
    """libkalends.so is not where the binding looks for it."""


def candidate_paths() -> list[Path]:
    """Where the library is looked for, in order."""
    here = Path(__file__).resolve().parent
    paths = []
    env = os.environ.get("KALENDS_LIBRARY")
    if env:
        paths.append(Path(env))
    paths.append(here / "libkalends.so")
    paths.append(here.parent.parent.parent / ".build" / "release" / "libkalends.so")
    return paths


def _load() -> ctypes.CDLL:
    tried = candidate_paths()
    for path in tried:
        if path.is_file():
            lib = ctypes.CDLL(str(path))
            break
    else:
        listing = "\n  ".join(str(p) for p in tried)
        raise LibraryNotFoundError(
            f"libkalends.so not found; looked in:\n  {listing}\n"
            "Build it with `make` in the repository, or set KALENDS_LIBRARY to its path.")
    for name, (restype, argtypes) in _SIGNATURES.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    found = lib.kalends_abi_version()
    if found != ABI_VERSION:
        raise LibraryNotFoundError(
            f"{path} has ABI version {found}, this binding needs {ABI_VERSION}; rebuild one of them")
    return lib


lib = _load()
_last_error: Callable[[], bytes] = lib.kalends_last_error


def check(status: int) -> None:
    """Raises the exception for a failed call (status != 0) with this thread's message."""
    if status:
        raise error_for(status, _last_error().decode("utf-8", "replace"))


class GridBuffer:
    """A kalends_day[42] with its count and an int32 view, reused by grid calls. The
    library releases the GIL while it fills the buffer, so each thread has its own."""

    __slots__ = ("days", "count", "days_address", "count_address", "ints")

    def __init__(self) -> None:
        self.days = (CDay * GRID_MAX_DAYS)()
        self.count = c_int32()
        self.days_address = ctypes.addressof(self.days)
        self.count_address = ctypes.addressof(self.count)
        self.ints = memoryview(self.days).cast("B").cast("i")


_local = threading.local()


def grid_buffer() -> GridBuffer:
    """This thread's GridBuffer."""
    try:
        return _local.grid  # type: ignore[no-any-return]
    except AttributeError:
        buf = _local.grid = GridBuffer()
        return buf
