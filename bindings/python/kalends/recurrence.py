"""Recurrence rules and sets (``kalends_rrule``, include/kalends/rrule.h): the handle and
its calls, in wall-clock seconds since 1970-01-01T00:00 (floating: no zone).

Python's face of them is python-dateutil's API, ``kalends.rrule`` (the drop-in in
kalends/compat/rrule.py, built on this module): ``rrule`` objects hold an ``Rrule`` of
one rule, ``rruleset`` objects an ``Rrule`` set the library merges (its rules, dates and
exclusions), and both expand through ``next_civil`` batches and the lookups below.
"""
from __future__ import annotations

import functools
from ctypes import addressof, byref, c_char, c_int32, c_int64, c_void_p, create_string_buffer, sizeof
from typing import Any, Callable, Optional, Sequence

from . import _abi
from ._handle import Handle
from ._native import check, lib

_INT32_MAX = 2 ** 31 - 1
_OPTIONS_SIZE = sizeof(_abi.CRruleOptions)
#: Bytes of one occurrence in a next_civil batch (Python's datetime state: year, month,
#: day, hour, minute, second, three zero bytes of microseconds).
CIVIL_SIZE = 10


class Rrule(Handle, free="kalends_rrule_free"):
    """A ``kalends_rrule``: one rule from its start (``Rrule.rule``) or a set of rules,
    dates and exclusions (``Rrule.set`` and ``add_*``/``exclude_*``). Immutable once
    made, except a set while it is filled."""

    __slots__ = ("__weakref__",)

    def __init__(self, handle: int) -> None:
        self._own(handle)

    @classmethod
    def rule(cls, options: Any, start: int, semantics: int) -> Rrule:
        """A rule from its ``kalends_rrule_options`` and start (``kalends_rrule_new``)."""
        out = c_void_p()
        check(lib.kalends_rrule_new(byref(options), start, semantics, byref(out)))
        return cls(out.value or 0)

    @classmethod
    def set(cls) -> Rrule:
        """An empty set (``kalends_rrule_new_set``)."""
        out = c_void_p()
        check(lib.kalends_rrule_new_set(byref(out)))
        return cls(out.value or 0)

    def add_rule(self, rule: Rrule) -> None:
        """Adds every occurrence of ``rule`` (copied; ``kalends_rrule_add_rule``)."""
        check(lib.kalends_rrule_add_rule(self._handle, rule._handle))

    def exclude_rule(self, rule: Rrule) -> None:
        """Takes every occurrence of ``rule`` out (``kalends_rrule_exclude_rule``)."""
        check(lib.kalends_rrule_exclude_rule(self._handle, rule._handle))

    def add_dates(self, times: Sequence[int]) -> None:
        """Adds single wall times, in any order (``kalends_rrule_add_dates``)."""
        check(lib.kalends_rrule_add_dates(self._handle, _times(times), len(times)))

    def exclude_dates(self, times: Sequence[int]) -> None:
        """Takes single wall times out (``kalends_rrule_exclude_dates``)."""
        check(lib.kalends_rrule_exclude_dates(self._handle, _times(times), len(times)))

    def next_civil(self, start: int, inclusive: bool, size: int) -> tuple[Any, int]:
        """Up to ``size`` occurrences from ``start`` (at or after it when ``inclusive``) as
        packed civil date-times (``kalends_rrule_next_civil``): the buffer and how many
        bytes it holds (fewer than ``size`` occurrences: the rule ended)."""
        buf = _char_array(size * CIVIL_SIZE)()
        count = c_int32()
        check(lib.kalends_rrule_next_civil(self._handle, start, 1 if inclusive else 0, buf, size * CIVIL_SIZE,
                                           byref(count)))
        return buf, count.value

    def count(self) -> int:
        """How many occurrences there are (``kalends_rrule_count``)."""
        out = c_int64()
        check(lib.kalends_rrule_count(self._handle, byref(out)))
        return out.value

    def at(self, index: int) -> Optional[int]:
        """The occurrence at ``index`` (negative from the end), None past either end."""
        return self._lookup(lib.kalends_rrule_at, index)

    def before(self, time: int, inclusive: bool) -> Optional[int]:
        """The last occurrence before ``time`` (at or before it when ``inclusive``)."""
        return self._lookup(lib.kalends_rrule_before, time, 1 if inclusive else 0)

    def after(self, time: int, inclusive: bool) -> Optional[int]:
        """The first occurrence after ``time`` (at or after it when ``inclusive``)."""
        return self._lookup(lib.kalends_rrule_after, time, 1 if inclusive else 0)

    def _lookup(self, fn: Callable[..., int], *args: int) -> Optional[int]:
        out, found = c_int64(), c_int32()
        check(fn(self._handle, *args, byref(out), byref(found)))
        return out.value if found.value else None


def _times(times: Sequence[int]) -> Any:
    return (c_int64 * max(1, len(times)))(*times)


def rule_options(freq: int, interval: int, count: Optional[int], until: Optional[int], week_start: int,
                 by: dict[str, tuple[int, ...]], by_day: tuple[tuple[int, int], ...],
                 rscale: Optional[str] = None, skip: int = 0) -> tuple[Any, list[Any]]:
    """A ``kalends_rrule_options`` and the arrays it points to (keep them while it is
    used): ``until`` in wall seconds (a LOCAL until), ``by`` the int lists by field name
    without ``by_`` (``"month"``, ``"month_day"``, ...), ``by_day`` (weekday 1...7,
    ordinal) pairs, ``rscale`` and ``skip`` RFC 7529's (``by["leap_month"]`` its leap
    months). The defaults of ``kalends_rrule_options_init``, without the call."""
    c = _abi.CRruleOptions()
    c.struct_size = _OPTIONS_SIZE
    c.frequency = freq
    c.interval = interval
    if count is not None:
        c.has_count = 1
        c.count = count
    if until is not None:
        c.until_kind = _abi.RruleUntilKind.LOCAL
        c.until = until
    c.week_start = week_start
    keep: list[Any] = []
    for name, values in by.items():
        if values:
            array = _int_array(values)
            keep.append(array)
            setattr(c, "by_" + name, addressof(array))
            setattr(c, f"by_{name}_count", len(values))
    if rscale is not None:
        scale = create_string_buffer(rscale.encode())
        keep.append(scale)
        c.rscale = addressof(scale)
    c.skip = skip
    if by_day:
        days = _weekday_array(by_day)
        keep.append(days)
        c.by_day = addressof(days)
        c.by_day_count = len(by_day)
    return c, keep


@functools.lru_cache(maxsize=64)
def _char_array(size: int) -> Any:
    """The ctypes type of a byte buffer of `size` (batches use a few sizes)."""
    return c_char * size


@functools.lru_cache(maxsize=256)
def _int_array(values: tuple[int, ...]) -> Any:
    """An int32 array; values beyond int32 are clamped (they stay out of every range, so
    they never match, or are refused, as the original value would be). Cached: the
    library only reads these arrays (const), and rules repeat their lists."""
    return (c_int32 * max(1, len(values)))(*(max(-_INT32_MAX, min(_INT32_MAX, int(v))) for v in values))


@functools.lru_cache(maxsize=256)
def _weekday_array(entries: tuple[tuple[int, int], ...]) -> Any:
    """A kalends_rrule_weekday array of (weekday 1...7, ordinal) entries (cached, read only)."""
    return (_abi.CRruleWeekday * len(entries))(*[_abi.CRruleWeekday(w, n) for w, n in entries])


__all__ = ["Rrule", "rule_options", "CIVIL_SIZE"]
