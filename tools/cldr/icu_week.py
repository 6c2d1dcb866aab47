"""CLDR week data (first weekday, minimal days, weekend) as ICU 77 computes it from
CLDR 47's territory tables, read through ICU's C API (the PyICU wheel's bundled
libicui18n; PyICU itself does not expose the weekend).

ICU picks the territory as CLDR says: the locale's region subtag, else the region of
its likely subtags ("de" -> DE, "ar" -> EG, "zh_Hant" -> TW, "und" -> US).
Used by the generator only."""

from __future__ import annotations

import ctypes
import glob
import os

import icu  # PyICU (pyicu-wheels), for the path of its ICU libraries

_UCAL_FIRST_DAY_OF_WEEK = 1
_UCAL_MINIMAL_DAYS_IN_FIRST_WEEK = 2
_UCAL_GREGORIAN = 1


def _load_icu() -> tuple[ctypes.CDLL, str]:
    here = os.path.dirname(icu.__file__)
    candidates = glob.glob(os.path.join(here, "..", "*.libs", "libicui18n*.so*")) + glob.glob(
        os.path.join(here, "*.libs", "libicui18n*.so*"))
    if not candidates:
        raise RuntimeError("cannot find the ICU library bundled with PyICU (pip install pyicu-wheels==2.15.2)")
    lib = ctypes.CDLL(candidates[0])
    suffix = "_" + icu.ICU_VERSION.split(".")[0]
    return lib, suffix


_lib, _sfx = _load_icu()
_open = getattr(_lib, "ucal_open" + _sfx)
_open.restype = ctypes.c_void_p
_open.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)]
_close = getattr(_lib, "ucal_close" + _sfx)
_close.argtypes = [ctypes.c_void_p]
_attr = getattr(_lib, "ucal_getAttribute" + _sfx)
_attr.restype = ctypes.c_int32
_attr.argtypes = [ctypes.c_void_p, ctypes.c_int]
_dow_type = getattr(_lib, "ucal_getDayOfWeekType" + _sfx)
_dow_type.restype = ctypes.c_int
_dow_type.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)]


def week_data(locale_id: str) -> tuple[int, int, int]:
    """(first weekday ISO 1..7, minimal days 1..7, weekend mask: bit 0 = Monday)."""
    status = ctypes.c_int(0)
    cal = _open(None, 0, locale_id.encode(), _UCAL_GREGORIAN, ctypes.byref(status))
    if status.value > 0 or not cal:
        raise RuntimeError(f"ucal_open({locale_id}) failed: {status.value}")
    try:
        first = _attr(cal, _UCAL_FIRST_DAY_OF_WEEK)        # 1 = Sunday ... 7 = Saturday
        min_days = _attr(cal, _UCAL_MINIMAL_DAYS_IN_FIRST_WEEK)
        mask = 0
        for icu_day in range(1, 8):
            st = ctypes.c_int(0)
            kind = _dow_type(cal, icu_day, ctypes.byref(st))
            if st.value > 0:
                raise RuntimeError(f"ucal_getDayOfWeekType({locale_id}) failed")
            if kind != 0:                                   # weekend, onset or cease
                iso = 7 if icu_day == 1 else icu_day - 1
                mask |= 1 << (iso - 1)
    finally:
        _close(cal)
    iso_first = 7 if first == 1 else first - 1
    return iso_first, min_days, mask
