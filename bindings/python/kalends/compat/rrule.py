"""Recurrence rules: a drop-in for ``dateutil.rrule`` (python-dateutil 4.0.0).

``from kalends import rrule`` (or ``from kalends.rrule import rrule, rruleset, rrulestr,
DAILY, MO, ...``) in place of ``from dateutil import rrule`` gives the same results,
dateutil's quirks included (a ``dtstart`` that does not match the rule is no
occurrence, BYSETPOS before the UNTIL cut, ...): dateutil's own ``test_rrule.py`` runs
against this module unchanged (``bindings/python/tests/compat/test_rrule_dateutil.py``). The
expansion is the library's (``kalends_rrule_*``): a rule starts at any point in O(1) and
yields its occurrences in batches, so ``list(rule)``, ``between``, ``before``,
``after``, ``count`` and ``rule[i]`` cost the periods they visit, not an iteration from
``dtstart``. ``rrule.occurrences(start, end)`` returns many occurrences in one call.

Time zones stay Python's: a rule expands in the wall time of its ``dtstart`` and its
occurrences carry ``dtstart``'s ``tzinfo`` (as dateutil does). ``rruleset`` merges its
rules, dates and exclusions in Python (with Python's comparisons, so aware datetimes in
different zones compare as instants, as in dateutil). ``rrulestr`` reads RFC 5545 text;
date values other than RFC 5545's ``YYYYMMDD[THHMMSS[Z]]`` are read with
``dateutil.parser`` when dateutil is installed (dateutil's own behaviour).
"""
from __future__ import annotations

import _thread
import calendar
import datetime
import heapq
import importlib
import itertools
import math
import re
import struct
import sys
from typing import Any, Callable, Iterable, Iterator, Optional, Union, cast
from warnings import warn

from .. import _abi
from ..recurrence import CIVIL_SIZE, Rrule, rule_options
from ..errors import OutOfRangeError
from . import publish

__all__ = ["rrule", "rruleset", "rrulestr", "weekday", "YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY",
           "MINUTELY", "SECONDLY", "MO", "TU", "WE", "TH", "FR", "SA", "SU", "weekdays", "FREQNAMES"]

#: dateutil's frequencies: the values of kalends_rrule_frequency (``_abi.RruleFrequency``), as ints.
YEARLY, MONTHLY, WEEKLY, DAILY, HOURLY, MINUTELY, SECONDLY = (int(f) for f in _abi.RruleFrequency)
FREQNAMES = [f.name for f in _abi.RruleFrequency]

_DAY_NAMES = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
_DATETIME = datetime.datetime
_EPOCH_ORDINAL = datetime.date(1970, 1, 1).toordinal()
_MIN_WALL = (1 - _EPOCH_ORDINAL) * 86400
_UNPACK = struct.Struct("10s").iter_unpack
#: datetime from its 10-byte state (pickle's form), and accumulate over timedeltas from a
#: datetime (typed loosely: typeshed knows neither use).
_FROM_STATE: Callable[..., datetime.datetime] = _DATETIME
_ACCUMULATE: Callable[..., Iterator[datetime.datetime]] = itertools.accumulate
_LAST = struct.Struct(">HBBBBB").unpack_from
# About the seconds in one unit of each frequency (YEARLY ... SECONDLY), for batch sizes.
_UNIT_SECONDS = (31_556_952, 2_629_746, 604_800, 86_400, 3_600, 60, 1)

DateLike = Union[datetime.date, datetime.datetime]


class weekday:
    """A weekday (0 = Monday ... 6 = Sunday) and an optional ordinal ``n`` ("the n-th in
    the period", negative from the end); ``MO(+2)`` makes one. ``n`` may not be 0."""

    __slots__ = ("weekday", "n")

    def __init__(self, wkday: int, n: Optional[int] = None) -> None:
        if n == 0:
            raise ValueError("Can't create weekday with n==0")
        self.weekday = wkday
        self.n = n

    def __call__(self, n: Optional[int]) -> weekday:
        if n == self.n:
            return self
        return type(self)(self.weekday, n)

    def __eq__(self, other: object) -> bool:
        try:
            return bool(self.weekday == other.weekday and self.n == other.n)  # type: ignore[attr-defined]
        except AttributeError:
            return False

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self.weekday, self.n))

    def __repr__(self) -> str:
        name = _DAY_NAMES[self.weekday]
        return name if not self.n else f"{name}({self.n:+d})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.weekday, self.n))


MO, TU, WE, TH, FR, SA, SU = weekdays = tuple(weekday(i) for i in range(7))


def _wall(dt: datetime.datetime) -> int:
    """Wall-clock seconds since 1970-01-01T00:00 (microseconds dropped)."""
    return (dt.toordinal() - _EPOCH_ORDINAL) * 86400 + dt.hour * 3600 + dt.minute * 60 + dt.second


def _from_wall(w: int, tz: Optional[datetime.tzinfo]) -> datetime.datetime:
    days, s = divmod(w, 86400)
    d = datetime.date.fromordinal(days + _EPOCH_ORDINAL)
    return _DATETIME(d.year, d.month, d.day, s // 3600, s // 60 % 60, s % 60, tzinfo=tz)


def _as_tuple(value: Any) -> tuple[Any, ...]:
    if isinstance(value, int):
        return (value,)
    return tuple(value)


_INT32_MAX = 2 ** 31 - 1
_STATE_STRUCTS: dict[int, struct.Struct] = {}


def _states(buf: Any, k: int) -> Iterator[bytes]:
    """The first `k` 10-byte states of `buf` as bytes objects, unpacked by powers of two
    (cached structs "10s" * 2**j): a bytes per state and no tuple per state, as
    iter_unpack makes."""
    parts = []
    offset, size = 0, 4096
    while k:
        while size > k:
            size >>= 1
        unpack = _STATE_STRUCTS.get(size)
        if unpack is None:
            unpack = _STATE_STRUCTS[size] = struct.Struct("10s" * size)
        parts.append(unpack.unpack_from(buf, offset))
        offset += 10 * size
        k -= size
    return itertools.chain.from_iterable(parts)


def _timedelta_seconds(seconds: int) -> datetime.timedelta:
    return datetime.timedelta(0, seconds)


# Library rules by what they were given: rules made with the same (normalized) values
# share one handle (a handle is immutable but for the counts it caches, and serializes
# its calls), so making the same rule again costs no library call. The oldest of more
# than _HANDLES_KEPT goes (freed once no rule holds it).
_HANDLES: dict[tuple[Any, ...], Rrule] = {}
_HANDLES_KEPT = 64
_HANDLES_LOCK = _thread.allocate_lock()


class rrulebase:
    """What rules and sets share: iteration with an optional cache, and the queries
    (``before``, ``after``, ``xafter``, ``between``, ``count``, indexing, ``in``)."""

    _len: Optional[int]

    def __init__(self, cache: bool = False) -> None:
        if cache:
            self._cache: Optional[list[datetime.datetime]] = []
            self._cache_lock = _thread.allocate_lock()
            self._invalidate_cache()
        else:
            self._cache = None
            self._cache_complete = False
            self._len = None

    # -- pickling: the cache is not copied (a restored object fills its own) --

    def __reduce_ex__(self, protocol: Any) -> Any:
        parts: Any = super().__reduce_ex__(protocol)
        state, slots = parts[2], None
        if isinstance(state, tuple):
            state, slots = state
        state = dict(state or {})
        state.pop("_native_rule", None)
        state.pop("_native_set", None)
        state.pop("_first_batch_size", None)
        if self._cache is not None:
            state.pop("_cache_lock", None)
            state.pop("_cache_gen", None)
            state["_cache"] = []
            state["_cache_complete"] = False
            state["_len"] = None
        new_state: Any = (state, slots) if slots is not None else state
        return parts[:2] + (new_state,) + parts[3:]

    def __setstate__(self, state: Any) -> None:
        if isinstance(state, tuple):
            state, slots = state
            for name, value in (slots or {}).items():
                setattr(self, name, value)
        self.__dict__.update(state or {})
        if self._cache is not None:
            self._cache_lock = _thread.allocate_lock()
            self._invalidate_cache()

    # -- iteration --

    def _iter(self) -> Iterator[datetime.datetime]:
        raise NotImplementedError

    def __iter__(self) -> Iterator[datetime.datetime]:
        if self._cache_complete:
            return iter(cast(list[datetime.datetime], self._cache))
        if self._cache is None:
            return self._iter()
        return self._iter_cached()

    def _invalidate_cache(self) -> None:
        if self._cache is not None:
            self._cache = []
            self._cache_complete = False
            self._cache_gen: Optional[Iterator[datetime.datetime]] = self._iter()
            if self._cache_lock.locked():
                self._cache_lock.release()
        self._len = None

    def _iter_cached(self) -> Iterator[datetime.datetime]:
        cache = cast(list[datetime.datetime], self._cache)
        lock = self._cache_lock
        i = 0
        while True:
            if i < len(cache):
                yield cache[i]
                i += 1
                continue
            with lock:
                if i < len(cache):
                    continue
                gen = self._cache_gen
                if self._cache_complete or gen is None or cache is not self._cache:
                    return
                try:
                    for _ in range(10):
                        cache.append(next(gen))
                except StopIteration:
                    self._cache_gen = None
                    self._cache_complete = True

    def _source(self) -> Iterable[datetime.datetime]:
        return cast(list[datetime.datetime], self._cache) if self._cache_complete else self

    def __getitem__(self, item: Any) -> Any:
        if self._cache_complete:
            return cast(list[datetime.datetime], self._cache)[item]
        if isinstance(item, slice):
            if item.step and item.step < 0:
                return list(self)[item]
            return list(itertools.islice(self, item.start or 0, item.stop or sys.maxsize, item.step or 1))
        if item >= 0:
            for i, value in enumerate(self):
                if i == item:
                    return value
            raise IndexError
        return list(self)[item]

    def __contains__(self, item: Any) -> bool:
        if self._cache_complete:
            return item in cast(list[datetime.datetime], self._cache)
        for value in self:
            if value == item:
                return True
            if value > item:
                return False
        return False

    def count(self) -> Optional[int]:
        """The number of occurrences (iterating them all once, as dateutil does)."""
        if self._len is None:
            for _ in self:
                pass
        return self._len

    def before(self, dt: DateLike, inc: bool = False) -> Optional[datetime.datetime]:
        """The last occurrence before ``dt`` (at or before it with ``inc``), or None."""
        last = None
        for value in self._source():
            if value > dt or (not inc and value == dt):
                break
            last = value
        return last

    def after(self, dt: DateLike, inc: bool = False) -> Optional[datetime.datetime]:
        """The first occurrence after ``dt`` (at or after it with ``inc``), or None."""
        for value in self._source():
            if value > dt or (inc and value == dt):
                return value
        return None

    def xafter(self, dt: DateLike, count: Optional[int] = None, inc: bool = False) -> Iterator[datetime.datetime]:
        """The occurrences after ``dt`` (at or after it with ``inc``), at most ``count``."""
        n = 0
        for value in self._source():
            if value > dt or (inc and value == dt):
                if count is not None:
                    n += 1
                    if n > count:
                        break
                yield value

    def between(self, after: DateLike, before: DateLike, inc: bool = False,
                count: int = 1) -> list[datetime.datetime]:
        """The occurrences strictly between ``after`` and ``before`` (or at them with
        ``inc``), ascending."""
        out: list[datetime.datetime] = []
        for value in self._source():
            if value > before or (not inc and value == before):
                break
            if out or value > after or (inc and value == after):
                out.append(value)
        return out


class _Expanded(rrulebase):
    """What the library expands, a rule or a set it merges: iteration in batches of the
    library's packed date-times, and the queries (count, index, ``in``, before, after,
    between, occurrences) answered by the library when its answers are this object's
    (``_exact``) and the argument compares with the occurrences in wall time (a
    whole-second datetime with their tzinfo); otherwise rrulebase's iteration answers."""

    _tzinfo: Optional[datetime.tzinfo]

    def _expansion(self) -> Optional[Rrule]:
        """The library's rule or set that expands this object (None: none can)."""
        raise NotImplementedError

    def _exact(self) -> bool:
        """Whether the expansion's answers are this object's, uncut."""
        raise NotImplementedError

    def _plan(self) -> tuple[int, int]:
        """(the first batch's size, the progression step of ``_batches``, 0 for none)."""
        return 64, 0

    def _cut(self, values: list[datetime.datetime]) -> list[datetime.datetime]:
        """``values`` (from the expansion, in order) as this object gives them."""
        return values

    def _batches(self, start: int, inclusive: bool, lists: bool = False,
                 record_len: bool = False) -> Iterator[Iterable[datetime.datetime]]:
        """The occurrences from wall time ``start``, from the library, batch by batch:
        lazy iterators that make each datetime when it is reached (from the packed
        10-byte state, no arithmetic), or lists with ``lists``. One buffer per batch;
        batches grow (``_first_batch``, then 1024, then 4096) so a first occurrence
        costs little and a long iteration few calls. ``record_len``: set ``_len`` at the
        end (``_iter``).

        A batch that is an arithmetic progression (``_progression_step``: one candidate
        per period of fixed length, and the batch's first and last occurrences are
        (count - 1) steps apart, so no period was left out) is made by adding the step to
        its first occurrence (``itertools.accumulate``: one datetime per occurrence and no
        other object, half the cost of making each from its packed state); the values are
        the same (wall-clock addition, as dateutil's, with dtstart's tzinfo)."""
        native = cast(Rrule, self._expansion())
        tz = self._tzinfo
        size, step = self._plan()
        total = 0
        delta = None
        while True:
            try:
                buf, n = native.next_civil(start, inclusive, size)
            except OutOfRangeError as e:
                raise IndexError(str(e)) from None
            if n == 0:
                break
            k = n // 10
            total += k
            batch: Iterable[datetime.datetime]
            first = _FROM_STATE(buf[:10]) if step and k > 1 else None
            span = None if first is None else _FROM_STATE(buf[n - 10:n]) - first
            if first is not None and span is not None and span.days * 86400 + span.seconds == step * (k - 1):
                if delta is None:
                    delta = _timedelta_seconds(step)
                # accumulate's own addition (no func): datetime + timedelta in C.
                batch = _ACCUMULATE(itertools.repeat(delta, k - 1),
                                    initial=first if tz is None else first.replace(tzinfo=tz))
            elif tz is None:
                batch = itertools.starmap(_DATETIME, _UNPACK(memoryview(buf)[:n]))
            else:   # datetime(state, tzinfo): the states as bytes in a few unpack calls, one tzinfo
                batch = map(_FROM_STATE, _states(buf, k), itertools.repeat(tz))
            if n < size * CIVIL_SIZE:
                yield list(batch) if lists else batch
                break
            year, month, day, hour, minute, second = _LAST(buf, n - 10)
            start = (datetime.date(year, month, day).toordinal() - _EPOCH_ORDINAL) * 86400 \
                + hour * 3600 + minute * 60 + second
            inclusive = False
            yield list(batch) if lists else batch
            size = 1024 if size < 1024 else 4096
        if record_len:
            self._len = total

    # -- fast queries (same answers as iterating; used when the argument compares with
    #    the occurrences in wall time) --

    def _fast_wall(self, dt: Any) -> Optional[int]:
        """The wall time of ``dt`` when the library can answer for it: a whole-second
        datetime with the occurrences' tzinfo (or naive like them), an exact expansion."""
        if type(dt) is not _DATETIME and not isinstance(dt, _DATETIME) or not self._exact():
            return None
        if dt.microsecond or dt.tzinfo is not self._tzinfo:
            return None
        return _wall(dt)

    def _lookup(self, fn: Callable[..., Optional[int]], *args: Any) -> Optional[datetime.datetime]:
        """A lookup of the expansion (Rrule.at, .before, .after) as a datetime (None: none)."""
        try:
            found = fn(*args)
        except OutOfRangeError as e:
            raise IndexError(str(e)) from None
        return None if found is None else _from_wall(found, self._tzinfo)

    def count(self) -> Optional[int]:
        if self._len is None and self._cache is None and self._exact():
            try:
                self._len = cast(Rrule, self._expansion()).count()
            except OutOfRangeError as e:
                raise IndexError(str(e)) from None
        return super().count()

    def __getitem__(self, item: Any) -> Any:
        if isinstance(item, int) and self._cache is None and self._exact():
            found = self._lookup(cast(Rrule, self._expansion()).at, item)
            if found is None:
                raise IndexError
            return found
        return super().__getitem__(item)

    def __contains__(self, item: Any) -> bool:
        w = self._fast_wall(item)
        if w is None or self._cache_complete:
            return super().__contains__(item)
        return bool(self._lookup(cast(Rrule, self._expansion()).after, w, True) == item)

    def before(self, dt: DateLike, inc: bool = False) -> Optional[datetime.datetime]:
        w = self._fast_wall(dt)
        if w is None:
            return super().before(dt, inc)
        return self._lookup(cast(Rrule, self._expansion()).before, w, inc)

    def after(self, dt: DateLike, inc: bool = False) -> Optional[datetime.datetime]:
        w = self._fast_wall(dt)
        if w is None:
            return super().after(dt, inc)
        return self._lookup(cast(Rrule, self._expansion()).after, w, inc)

    def xafter(self, dt: DateLike, count: Optional[int] = None, inc: bool = False) -> Iterator[datetime.datetime]:
        w = self._fast_wall(dt)
        if w is None:
            yield from super().xafter(dt, count, inc)
            return
        values = itertools.chain.from_iterable(self._batches(w, inc))
        yield from values if count is None else itertools.islice(values, count)

    def between(self, after: DateLike, before: DateLike, inc: bool = False,
                count: int = 1) -> list[datetime.datetime]:
        a, b = self._fast_wall(after), self._fast_wall(before)
        if a is None or b is None:
            return super().between(after, before, inc, count)
        return self.occurrences(cast(datetime.datetime, after), cast(datetime.datetime, before), inc=inc)

    def occurrences(self, start: Optional[datetime.datetime] = None, end: Optional[datetime.datetime] = None,
                    inc: bool = True, limit: Optional[int] = None) -> list[datetime.datetime]:
        """Bulk: the occurrences from ``start`` to ``end`` (both included with ``inc``,
        excluded without; None = from the first / to the last), at most ``limit``, in
        one list made from batches of the library's packed date-times. ``start`` and
        ``end`` compare with the occurrences as Python compares datetimes."""
        out: list[datetime.datetime] = []
        a = None if start is None else self._fast_wall(start)
        if self._expansion() is None:   # no expansion: rrulebase's iteration
            source: Iterable[list[datetime.datetime]] = [list(self) if start is None else
                                                         list(self.xafter(start, None, inc))]
        elif start is not None and a is None:
            source = [list(self.xafter(start, None, inc))]
        else:
            source = cast(Iterable[list[datetime.datetime]],
                          self._batches(_MIN_WALL if a is None else a, a is None or inc, lists=True))
        for batch in source:
            if end is not None and batch and (batch[-1] > end or (not inc and batch[-1] == end)):
                out.extend(v for v in batch if v < end or (inc and v == end))
                break
            out.extend(batch)
            if limit is not None and len(out) >= limit:
                break
        out = self._cut(out)
        return out if limit is None else out[:limit]



class rrule(_Expanded):
    """A recurrence rule, dateutil's ``rrule(freq, dtstart=..., interval=..., ...)``."""

    def __init__(self, freq: int, dtstart: Optional[DateLike] = None, interval: int = 1, wkst: Any = None,
                 count: Optional[int] = None, until: Optional[DateLike] = None, bysetpos: Any = None,
                 bymonth: Any = None, bymonthday: Any = None, byyearday: Any = None, byeaster: Any = None,
                 byweekno: Any = None, byweekday: Any = None, byhour: Any = None, byminute: Any = None,
                 bysecond: Any = None, cache: bool = False, rscale: Optional[str] = None,
                 skip: Optional[str] = None) -> None:
        """dateutil's arguments, and RFC 7529's (not in dateutil; nothing changes without
        them): ``rscale`` names the calendar system whose years and months the rule counts
        (``"CHINESE"``, ``"HEBREW"``, ``"ISLAMIC-CIVIL"``, ... any case), ``bymonth`` may
        then hold leap months as ``"5L"``, and ``skip`` (``"OMIT"``, ``"BACKWARD"``,
        ``"FORWARD"``) says what a missing day or leap month becomes. Without day parts,
        a YEARLY or MONTHLY rule with ``rscale`` keeps DTSTART's month and day in that
        system."""
        if cache:
            super().__init__(cache)
        else:   # rrulebase.__init__ without the call (construction is part of every expansion)
            self._cache = None
            self._cache_complete = False
            self._len = None
        if not dtstart:
            until_zone = getattr(until, "tzinfo", None) if until else None
            if until_zone is not None:
                dtstart = datetime.datetime.now(tz=until_zone).replace(microsecond=0)
            else:
                dtstart = datetime.datetime.now().replace(microsecond=0)
        elif not isinstance(dtstart, datetime.datetime):
            dtstart = datetime.datetime.fromordinal(dtstart.toordinal())
        elif dtstart.microsecond:   # the same value as dateutil's replace(microsecond=0), without a copy
            dtstart = dtstart.replace(microsecond=0)
        self._dtstart: datetime.datetime = dtstart
        self._tzinfo = dtstart.tzinfo
        if rscale is not None and (not isinstance(rscale, str) or not rscale):
            raise ValueError(f"rscale {rscale!r} is not a calendar system's name")
        if skip is not None:
            if not isinstance(skip, str) or skip.upper() not in _SKIPS:
                raise ValueError(f"skip {skip!r} is not OMIT, BACKWARD or FORWARD")
            if rscale is None:
                raise ValueError("skip needs rscale (RFC 7529)")
        self._rscale: Optional[str] = rscale.upper() if rscale is not None else None
        self._skip: Optional[str] = skip.upper() if skip is not None else None
        self._freq = freq
        self._interval = interval
        self._count = count
        self._original_rule: dict[str, Any] = {}
        if until and not isinstance(until, datetime.datetime):
            until = datetime.datetime.fromordinal(until.toordinal())
        self._until: Optional[datetime.datetime] = until  # type: ignore[assignment]
        if self._until is not None and (dtstart.tzinfo is not None) != (self._until.tzinfo is not None):
            raise ValueError("RRULE UNTIL values must be specified in UTC when DTSTART is timezone-aware")
        if count is not None and until:
            warn("Using both 'count' and 'until' is inconsistent with RFC 5545 and has been deprecated in "
                 "dateutil. Future versions will raise an error.", DeprecationWarning, stacklevel=2)
        if wkst is None:
            self._wkst = calendar.firstweekday()
        elif isinstance(wkst, int):
            self._wkst = wkst
        else:
            self._wkst = wkst.weekday

        original = self._original_rule
        if bysetpos is None:
            self._bysetpos: Optional[tuple[int, ...]] = None
        else:
            self._bysetpos = _as_tuple(bysetpos)
            for pos in self._bysetpos:
                if pos == 0 or not -366 <= pos <= 366:
                    raise ValueError("bysetpos must be between 1 and 366, or between -366 and -1")
        if self._bysetpos:
            original["bysetpos"] = self._bysetpos

        # dateutil's defaults from dtstart when no day part is given (None: a default,
        # not written by str())
        self._day_parts_given = not (byweekno is None and byyearday is None and bymonthday is None and
                                     byweekday is None and byeaster is None)
        if not self._day_parts_given and self._rscale is not None and freq <= MONTHLY:
            pass   # the library takes DTSTART's month and day in the rule's calendar
        elif not self._day_parts_given:
            if freq == YEARLY:
                if bymonth is None:
                    bymonth = dtstart.month
                    original["bymonth"] = None
                bymonthday = dtstart.day
                original["bymonthday"] = None
            elif freq == MONTHLY:
                bymonthday = dtstart.day
                original["bymonthday"] = None
            elif freq == WEEKLY:
                byweekday = dtstart.weekday()
                original["byweekday"] = None

        self._byleapmonth: tuple[int, ...] = ()
        if bymonth is not None and self._rscale is not None:
            months = (bymonth,) if isinstance(bymonth, str) else _as_tuple(bymonth)
            leap = [m for m in months if isinstance(m, str) and m.upper().endswith("L")]
            try:
                self._byleapmonth = tuple(sorted({int(m[:-1]) for m in leap}))
                bymonth = [int(m) for m in months if m not in leap]
            except ValueError:
                raise ValueError(f"bymonth {months!r} holds a value that is not a month (1 ... 13 or '5L')") from None
            if leap:
                original["bymonth"] = tuple(sorted(set(bymonth))) + tuple(f"{m}L" for m in self._byleapmonth)
        self._bymonth = None if bymonth is None else tuple(sorted(set(_as_tuple(bymonth))))
        if self._bymonth is not None:
            original.setdefault("bymonth", self._bymonth)
        self._byyearday = None if byyearday is None else tuple(sorted(set(_as_tuple(byyearday))))
        if self._byyearday is not None:
            original["byyearday"] = self._byyearday
        self._byeaster = None if byeaster is None else tuple(sorted(_as_tuple(byeaster)))
        if self._byeaster is not None:
            original["byeaster"] = self._byeaster
        if bymonthday is None:
            self._bymonthday: tuple[int, ...] = ()
            self._bynmonthday: tuple[int, ...] = ()
        else:
            days = set(_as_tuple(bymonthday))
            self._bymonthday = tuple(sorted(x for x in days if x > 0))
            self._bynmonthday = tuple(sorted(x for x in days if x < 0))
            original.setdefault("bymonthday", self._bymonthday + self._bynmonthday)
        self._byweekno = None if byweekno is None else tuple(sorted(set(_as_tuple(byweekno))))
        if self._byweekno is not None:
            original["byweekno"] = self._byweekno

        plain: Optional[tuple[int, ...]] = None
        nth: Optional[tuple[tuple[int, int], ...]] = None
        if byweekday is not None:
            if isinstance(byweekday, int) or hasattr(byweekday, "n"):
                byweekday = (byweekday,)
            plain_set: set[int] = set()
            nth_set: set[tuple[int, int]] = set()
            for w in byweekday:
                if isinstance(w, int):
                    plain_set.add(w)
                elif not w.n or freq > MONTHLY:
                    plain_set.add(w.weekday)
                else:
                    nth_set.add((w.weekday, w.n))
            plain = tuple(sorted(plain_set)) if plain_set else None
            nth = tuple(sorted(nth_set)) if nth_set else None
            if "byweekday" not in original:
                original["byweekday"] = tuple(weekday(x) for x in plain or ()) + \
                    tuple(weekday(x, n) for x, n in nth or ())
        self._byweekday = plain
        self._bynweekday = nth

        self._byhour = None if byhour is None else \
            _times(byhour, freq, interval, original, "byhour", HOURLY, dtstart.hour, 24)
        self._byminute = None if byminute is None else \
            _times(byminute, freq, interval, original, "byminute", MINUTELY, dtstart.minute, 60)
        self._bysecond = None if bysecond is None else \
            _times(bysecond, freq, interval, original, "bysecond", SECONDLY, dtstart.second, 60)
        self._until_py = self._until is not None and self._until.tzinfo is not self._tzinfo
        # The library checks the rest (dateutil's constructor errors) here.
        self._native()

    # -- the library's rule --

    def _rule_key(self) -> tuple[Any, ...]:
        """What the library is given, as a hashable tuple: frequency, interval, COUNT,
        UNTIL (wall seconds), WKST (1 = Monday), the BY lists (BYDAY as (weekday 1...7,
        n) pairs), dtstart (wall seconds)."""
        # Made at every construction (the handle is looked up by it): attributes read once,
        # wall times computed inline.
        freq, interval, count, u, d = self._freq, self._interval, self._count, self._until, self._dtstart
        if not isinstance(freq, int) or not YEARLY <= freq <= SECONDLY:
            raise ValueError(f"freq {freq!r} is not one of YEARLY (0) ... SECONDLY (6)")
        if not isinstance(interval, int) or not 1 <= interval < 9_223_372_036_854_775_808:
            raise ValueError(f"interval {interval!r} is not a positive integer below 2**63")
        if count is not None:
            count = max(-1, min(count, 4_611_686_018_427_387_904))   # -1 ... 2**62
        until = None
        if u is not None and not self._until_py:
            until = (u.toordinal() - _EPOCH_ORDINAL) * 86400 + u.hour * 3600 + u.minute * 60 + u.second
        weekly, nth = self._byweekday, self._bynweekday
        monthdays = self._bymonthday + self._bynmonthday
        if self._day_parts_given and not (monthdays or self._byweekno or self._byyearday or self._byeaster
                                          or weekly or nth):
            monthdays = (0,)   # day parts given, all empty: no filter and no default (the library's reading of 0)
        entries: tuple[tuple[int, int], ...] = ()
        if weekly or nth:
            entries = tuple([(w + 1, 0) for w in weekly or () if 0 <= w <= 6] +
                            [(w + 1, n) for w, n in nth or () if 0 <= w <= 6])
        return (freq, interval, count, until, self._wkst % 7 + 1, self._bymonth or (),
                self._byweekno or (), self._byyearday or (), self._byeaster or (), monthdays, entries,
                self._byhour or (), self._byminute or (), self._bysecond or (), self._bysetpos or (),
                self._rscale, self._skip, self._byleapmonth,
                (d.toordinal() - _EPOCH_ORDINAL) * 86400 + d.hour * 3600 + d.minute * 60 + d.second)

    @staticmethod
    def _options_of(key: tuple[Any, ...]) -> tuple[Any, list[Any]]:
        """The kalends_rrule_options of a ``_rule_key`` and the arrays it points to."""
        (freq, interval, count, until, wkst, bymonth, byweekno, byyearday, byeaster, monthdays, entries,
         byhour, byminute, bysecond, bysetpos, rscale, skip, leap, _start) = key
        return rule_options(freq, interval, count, until, wkst,
                            {"month": bymonth, "week_no": byweekno, "year_day": byyearday, "easter": byeaster,
                             "month_day": monthdays, "hour": byhour, "minute": byminute, "second": bysecond,
                             "set_pos": bysetpos, "leap_month": leap}, entries, rscale=rscale,
                            skip=_SKIPS[skip] if skip else 0)

    def _options(self) -> tuple[Any, list[Any]]:
        return self._options_of(self._rule_key())

    def _native(self) -> Rrule:
        native: Optional[Rrule] = self.__dict__.get("_native_rule")
        if native is None:
            key = self._rule_key()
            self.__dict__["_first_batch_size"] = self._first_of(key)
            try:
                native = _HANDLES.get(key)
            except TypeError:   # a BY value that cannot be hashed: no sharing
                key, native = (), None
            if native is None:
                options, keep = self._options_of(key or self._rule_key())
                native = Rrule.rule(options, _wall(self._dtstart), _abi.RruleSemantics.DATEUTIL)
                del keep
                if key:
                    with _HANDLES_LOCK:
                        _HANDLES[key] = native
                        if len(_HANDLES) > _HANDLES_KEPT:
                            _HANDLES.pop(next(iter(_HANDLES)), None)
            self.__dict__["_native_rule"] = native
        return native

    def _progression_step(self) -> int:
        """The wall-clock seconds between consecutive candidates when each period has at
        most one candidate and all periods have one length (WEEKLY with one weekday,
        DAILY, HOURLY, MINUTELY, SECONDLY, each with at most one BYHOUR, BYMINUTE and
        BYSECOND value below its frequency): every occurrence then lies on the grid
        first + j * step (the other BY parts only leave candidates out); else 0."""
        freq = self._freq
        if freq == WEEKLY:
            if self._bynweekday or self._byweekday is None or len(self._byweekday) != 1:
                return 0
        elif freq not in (DAILY, HOURLY, MINUTELY, SECONDLY):
            return 0
        hours, minutes, seconds = self._byhour, self._byminute, self._bysecond
        if (freq < HOURLY and hours and len(hours) > 1) or (freq < MINUTELY and minutes and len(minutes) > 1) \
                or (freq < SECONDLY and seconds and len(seconds) > 1):
            return 0
        return int(_UNIT_SECONDS[freq] * self._interval)

    def _first_batch(self) -> int:
        """The first batch's size: a rule bounded by COUNT or UNTIL asks for about all of
        its occurrences up to 1024 (one library call for a whole short expansion: the
        library stops at the rule's end), an endless one for 64 (a first occurrence costs
        little)."""
        first: Optional[int] = self.__dict__.get("_first_batch_size")
        if first is None:
            first = self._first_of(self._rule_key())
            self.__dict__["_first_batch_size"] = first
        return first

    @staticmethod
    def _first_of(key: tuple[Any, ...]) -> int:
        freq, interval, count, until, start = key[0], key[1], key[2], key[3], key[-1]
        if count is not None:
            return int(max(1, min(1024, count + 1)))
        if until is not None:
            return int(max(64, min(1024, 2 * ((until - start) // (_UNIT_SECONDS[freq] * interval) + 1))))
        return 64

    def __iter__(self) -> Iterator[datetime.datetime]:
        if self._cache is None and not self._until_py:   # _iter without its generator layer
            return itertools.chain.from_iterable(self._batches(_MIN_WALL, True, record_len=True))
        return super().__iter__()

    def _iter(self) -> Iterator[datetime.datetime]:
        # Lazy, as a generator is: nothing is looked at before the first occurrence is
        # asked for (the cache makes its iterator while the rule is being built).
        return itertools.chain.from_iterable(self._iter_sources())

    def _iter_sources(self) -> Iterator[Iterable[datetime.datetime]]:
        if self._until_py:
            yield self._iter_until()
        else:
            yield from self._batches(_MIN_WALL, True, record_len=True)

    def _iter_until(self) -> Iterator[datetime.datetime]:
        """Iteration with an UNTIL that Python compares (another tzinfo than dtstart's)."""
        total = 0
        until = cast(datetime.datetime, self._until)
        for value in itertools.chain.from_iterable(self._batches(_MIN_WALL, True)):
            if value > until:
                break
            total += 1
            yield value
        self._len = total

    # -- what _Expanded asks --

    def _expansion(self) -> Optional[Rrule]:
        return self._native()

    def _exact(self) -> bool:
        return not self._until_py   # (an UNTIL Python compares: the library expands without it)

    def _plan(self) -> tuple[int, int]:
        return self._first_batch(), self._progression_step()

    def _cut(self, values: list[datetime.datetime]) -> list[datetime.datetime]:
        if not self._until_py:
            return values
        until = cast(datetime.datetime, self._until)
        return list(itertools.takewhile(lambda v: not v > until, values))

    # -- text and copies --

    def __str__(self) -> str:
        lines = [self._dtstart.strftime("DTSTART:%Y%m%dT%H%M%S")]
        parts = ["RSCALE=" + self._rscale] if self._rscale else []
        parts.append("FREQ=" + FREQNAMES[self._freq])
        if self._interval != 1:
            parts.append(f"INTERVAL={self._interval}")
        if self._wkst:
            parts.append("WKST=" + repr(weekday(self._wkst))[0:2])
        if self._count is not None:
            parts.append(f"COUNT={self._count}")
        if self._until:
            parts.append(self._until.strftime("UNTIL=%Y%m%dT%H%M%S"))
        rule = self._original_rule
        for name, key in (("BYSETPOS", "bysetpos"), ("BYMONTH", "bymonth"), ("BYMONTHDAY", "bymonthday"),
                          ("BYYEARDAY", "byyearday"), ("BYWEEKNO", "byweekno"), ("BYDAY", "byweekday"),
                          ("BYHOUR", "byhour"), ("BYMINUTE", "byminute"), ("BYSECOND", "bysecond"),
                          ("BYEASTER", "byeaster")):
            values = rule.get(key)
            if not values:
                continue
            if key == "byweekday":
                texts = [f"{w.n:+d}{repr(w)[0:2]}" if w.n else repr(w) for w in values]
            else:
                texts = [str(v) for v in values]
            parts.append(f"{name}={','.join(texts)}")
        if self._skip:
            parts.append("SKIP=" + self._skip)
        lines.append("RRULE:" + ";".join(parts))
        return "\n".join(lines)

    def replace(self, **kwargs: Any) -> rrule:
        """A new rule with the same arguments except those given."""
        args: dict[str, Any] = {"interval": self._interval, "count": self._count, "dtstart": self._dtstart,
                                "freq": self._freq, "until": self._until, "wkst": self._wkst,
                                "cache": self._cache is not None}
        if self._rscale:
            args["rscale"] = self._rscale
        if self._skip:
            args["skip"] = self._skip
        args.update(self._original_rule)
        args.update(kwargs)
        return rrule(**args)


_Rule = rrule


def _times(given: Any, freq: int, interval: int, original: dict[str, Any], name: str, level: int, start: int,
           base: int) -> tuple[int, ...]:
    """BYHOUR, BYMINUTE or BYSECOND as dateutil keeps them (``original[name]`` too)."""
    values = set(_as_tuple(given))
    if freq == level:
        # At the rule's own frequency only the values the interval reaches from
        # dtstart can occur (dateutil keeps those, and refuses an empty set).
        step = math.gcd(interval, base)
        values = {v for v in values if step == 1 or (v - start) % step == 0}
        if not values:
            raise ValueError("Invalid rrule byxxx generates an empty set.")
    result = tuple(sorted(values))
    original[name] = result
    return result


class rruleset(_Expanded):
    """dateutil's ``rruleset``: rules and dates, minus exclusion rules and dates. The
    library merges them (a ``kalends_rrule`` set, ``kalends.recurrence.Rrule.set``) when
    it can hold them: rules of this module whose UNTIL it reads, and dates that are
    whole-second datetimes, all in one time zone (one tzinfo object, or all naive).
    Anything else -- rules of other modules, values in several zones (which Python
    compares as instants), microseconds -- is merged here as dateutil merges it."""

    def __init__(self, cache: bool = False) -> None:
        super().__init__(cache)
        self._rrule: list[_Rule] = []
        self._rdate: list[datetime.datetime] = []
        self._exrule: list[_Rule] = []
        self._exdate: list[datetime.datetime] = []
        self._tzinfo: Optional[datetime.tzinfo] = None

    def rrule(self, rrule: _Rule) -> None:
        """Includes the occurrences of ``rrule``."""
        self._rrule.append(rrule)
        self._changed()

    def rdate(self, rdate: datetime.datetime) -> None:
        """Includes ``rdate``."""
        self._rdate.append(rdate)
        self._changed()

    def exrule(self, exrule: _Rule) -> None:
        """Excludes the occurrences of ``exrule``."""
        self._exrule.append(exrule)
        self._changed()

    def exdate(self, exdate: datetime.datetime) -> None:
        """Excludes ``exdate``."""
        self._exdate.append(exdate)
        self._changed()

    def _changed(self) -> None:
        self.__dict__.pop("_native_set", None)   # made again on next use
        self._invalidate_cache()

    def _expansion(self) -> Optional[Rrule]:
        """The library's set of these rules, dates and exclusions (made on first use after
        a change), or None when it cannot hold them (see the class)."""
        made: Union[Rrule, bool, None] = self.__dict__.get("_native_set")
        if made is None:
            made = self.__dict__["_native_set"] = self._made() or False
        return made if isinstance(made, Rrule) else None

    def _made(self) -> Optional[Rrule]:
        rules, dates = self._rrule + self._exrule, self._rdate + self._exdate
        if not all(type(r) is _Rule and not r._until_py for r in rules) or \
                not all(type(d) is _DATETIME and not d.microsecond and not d.fold for d in dates):
            return None
        zones = {id(z): z for z in [r._tzinfo for r in rules] + [d.tzinfo for d in dates]}   # (one object)
        if len(zones) > 1:
            return None
        made = Rrule.set()
        for r in self._rrule:
            made.add_rule(r._native())
        for r in self._exrule:
            made.exclude_rule(r._native())
        made.add_dates([_wall(d) for d in self._rdate])
        made.exclude_dates([_wall(d) for d in self._exdate])
        self._tzinfo = next(iter(zones.values()), None)
        return made

    def _exact(self) -> bool:
        return self._expansion() is not None

    def _iter(self) -> Iterator[datetime.datetime]:
        # A generator: lazy (the cache makes its iterator while the set is being built).
        if self._expansion() is not None:
            yield from itertools.chain.from_iterable(self._batches(_MIN_WALL, True, record_len=True))
            return
        # dateutil's merge: every value once (the first source's), exclusions passed over,
        # compared as Python compares them
        self._rdate.sort()
        self._exdate.sort()
        exclude = heapq.merge(self._exdate, *self._exrule)
        end: Any = object()
        ex: Any = next(exclude, end)
        last: Optional[datetime.datetime] = None
        total = 0
        for value in heapq.merge(self._rdate, *self._rrule):
            if last is None or last != value:
                while ex is not end and ex < value:
                    ex = next(exclude, end)
                if ex is end or value != ex:
                    total += 1
                    yield value
                last = value
        self._len = total


# ---- rrulestr ----------------------------------------------------------------

_FREQS = {name: i for i, name in enumerate(FREQNAMES)}
_WEEKDAY_NUMBERS = {name: i for i, name in enumerate(_DAY_NAMES)}
_RFC_DATE = re.compile(r"^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$")


def _parse_date(text: str, ignoretz: bool = False, tzinfos: Any = None) -> datetime.datetime:
    """An RFC 5545 DATE or DATE-TIME; anything else through dateutil.parser (as dateutil)."""
    m = _RFC_DATE.match(text)
    if m and not tzinfos:
        y, mo, d = int(m[1]), int(m[2]), int(m[3])
        if m[4] is None:
            return _DATETIME(y, mo, d)
        tz = datetime.timezone.utc if m[7] and not ignoretz else None
        if tz is not None:
            try:
                tz = importlib.import_module("dateutil.tz").UTC
            except ImportError:
                pass
        return _DATETIME(y, mo, d, int(m[4]), int(m[5]), int(m[6]), tzinfo=tz)
    try:
        parser = importlib.import_module("dateutil.parser")
    except ImportError:
        raise ValueError(f"{text!r} is not an RFC 5545 date or date-time (install python-dateutil to read "
                         "other forms)") from None
    return cast(datetime.datetime, parser.parse(text, ignoretz=ignoretz, tzinfos=tzinfos))


def _rule_kwargs(value: str, ignoretz: bool, tzinfos: Any) -> dict[str, Any]:
    kwargs: dict[str, Any] = {}
    for pair in value.split(";"):
        name, text = pair.split("=")
        name, text = name.upper(), text.upper()
        try:
            if name in ("INTERVAL", "COUNT"):
                kwargs[name.lower()] = int(text)
            elif name == "RSCALE":
                kwargs["rscale"] = text
            elif name == "SKIP":
                if text not in _SKIPS:
                    raise ValueError(text)
                kwargs["skip"] = text
            elif name == "BYMONTH" and "L" in text:
                kwargs["bymonth"] = [x if x.endswith("L") else int(x) for x in text.split(",")]
            elif name in ("BYSETPOS", "BYMONTH", "BYMONTHDAY", "BYYEARDAY", "BYEASTER", "BYWEEKNO", "BYHOUR",
                          "BYMINUTE", "BYSECOND"):
                kwargs[name.lower()] = [int(x) for x in text.split(",")]
            elif name == "FREQ":
                kwargs["freq"] = _FREQS[text]
            elif name == "UNTIL":
                try:
                    kwargs["until"] = _parse_date(text, ignoretz, tzinfos)
                except ValueError:
                    raise ValueError("invalid until date") from None
            elif name == "WKST":
                kwargs["wkst"] = _WEEKDAY_NUMBERS[text]
            elif name in ("BYDAY", "BYWEEKDAY"):
                kwargs["byweekday"] = [_weekday_text(w) for w in text.split(",")]
            else:
                raise _UnknownPart(name)
        except _UnknownPart:
            raise ValueError(f"unknown parameter '{name}'") from None
        except (KeyError, ValueError):
            raise ValueError(f"invalid '{name}': {text}") from None
    return kwargs


_SKIPS = {"OMIT": 0, "BACKWARD": 1, "FORWARD": 2}


class _UnknownPart(Exception):
    pass


def _weekday_text(text: str) -> weekday:
    """``MO``, ``+1MO``, ``-2FR`` or dateutil's ``MO(+1)``."""
    if "(" in text:
        name, _, rest = text.partition("(")
        return weekdays[_WEEKDAY_NUMBERS[name]](int(rest[:-1]))
    if not text:
        raise ValueError("Invalid (empty) BYDAY specification.")
    i = 0
    while i < len(text) and text[i] in "+-0123456789":
        i += 1
    if i == len(text):
        i -= 1
    number = text[:i]
    return weekdays[_WEEKDAY_NUMBERS[text[i:]]](int(number) if number else None)


def _parse_rule_line(line: str, dtstart: Optional[DateLike], cache: bool, ignoretz: bool,
                     tzinfos: Any) -> rrule:
    if ":" in line:
        name, value = line.split(":")
        if name != "RRULE":
            raise ValueError("unknown parameter name")
    else:
        value = line
    return rrule(dtstart=dtstart, cache=cache, **_rule_kwargs(value, ignoretz, tzinfos))


def _date_values(value: str, parms: list[str], tz_names: dict[str, str], ignoretz: bool, tzids: Any,
                 tzinfos: Any) -> list[datetime.datetime]:
    zone = None
    value_seen = False
    for parm in parms:
        if parm.startswith("TZID="):
            key = tz_names.get(parm.split("TZID=")[-1])
            if key is None:
                continue
            if tzids is None:
                lookup: Callable[[str], Any] = importlib.import_module("dateutil.tz").gettz
            elif callable(tzids):
                lookup = tzids
            else:
                get = getattr(tzids, "get", None)
                if get is None:
                    raise ValueError(f"tzids must be a callable, mapping, or None, not {tzids}")
                lookup = get
            zone = lookup(key)
            continue
        if parm not in ("VALUE=DATE-TIME", "VALUE=DATE"):
            raise ValueError("unsupported parm: " + parm)
        if value_seen:
            raise ValueError("Duplicate value parameter found in: " + parm)
        value_seen = True
    out = []
    for text in value.split(","):
        dt = _parse_date(text, ignoretz, tzinfos)
        if zone is not None:
            if dt.tzinfo is not None:
                raise ValueError("DTSTART/EXDATE specifies multiple timezone")
            dt = dt.replace(tzinfo=zone)
        out.append(dt)
    return out


def _unfold(text: str) -> list[str]:
    lines: list[str] = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line:
            continue
        if lines and line[0] == " ":
            lines[-1] += line[1:]
        else:
            lines.append(line)
    return lines


def _rrulestr(s: str, dtstart: Optional[DateLike] = None, cache: bool = False, unfold: bool = False,
              forceset: bool = False, compatible: bool = False, ignoretz: bool = False, tzids: Any = None,
              tzinfos: Any = None) -> Union[rrule, rruleset]:
    if compatible:
        forceset = unfold = True
    tz_names = {name.upper(): name for name in re.findall("TZID=(?P<name>[^:]+):", s)}
    s = s.upper()
    if not s.strip():
        raise ValueError("empty string")
    lines = _unfold(s) if unfold else s.split()
    if not forceset and len(lines) == 1 and (":" not in s or s.startswith("RRULE:")):
        return _parse_rule_line(lines[0], dtstart, cache, ignoretz, tzinfos)
    rules: list[str] = []
    rdates: list[str] = []
    exrules: list[str] = []
    exdates: list[datetime.datetime] = []
    for line in lines:
        if not line:
            continue
        if ":" not in line:
            name, value = "RRULE", line
        else:
            name, value = line.split(":", 1)
        parms = name.split(";")
        name, parms = parms[0], parms[1:]
        if name == "RRULE":
            for parm in parms:
                if not parm.startswith("X-"):
                    raise ValueError("unsupported RRULE parm: " + parm)
            rules.append(value)
        elif name == "RDATE":
            for parm in parms:
                if parm != "VALUE=DATE-TIME":
                    raise ValueError("unsupported RDATE parm: " + parm)
            rdates.append(value)
        elif name == "EXRULE":
            if parms:
                raise ValueError("unsupported EXRULE parm: " + parms[0])
            exrules.append(value)
        elif name == "EXDATE":
            exdates.extend(_date_values(value, parms, tz_names, ignoretz, tzids, tzinfos))
        elif name == "DTSTART":
            values = _date_values(value, parms, tz_names, ignoretz, tzids, tzinfos)
            if len(values) != 1:
                raise ValueError("Multiple DTSTART values specified:" + value)
            dtstart = values[0]
        else:
            raise ValueError("unsupported property: " + name)
    if forceset or len(rules) > 1 or rdates or exrules or exdates:
        result = rruleset(cache=cache)
        for value in rules:
            result.rrule(_parse_rule_line(value, dtstart, False, ignoretz, tzinfos))
        for value in rdates:
            for text in value.split(","):
                result.rdate(_parse_date(text, ignoretz, tzinfos))
        for value in exrules:
            result.exrule(_parse_rule_line(value, dtstart, False, ignoretz, tzinfos))
        for dt in exdates:
            result.exdate(dt)
        if compatible and dtstart:
            result.rdate(cast(datetime.datetime, dtstart))
        return result
    return _parse_rule_line(rules[0], dtstart, cache, ignoretz, tzinfos)


class _RruleStr:
    """``rrulestr(text, dtstart=None, cache=False, unfold=False, forceset=False,
    compatible=False, ignoretz=False, tzids=None, tzinfos=None)``: an ``rrule`` or an
    ``rruleset`` from RFC 5545 text (DTSTART, RRULE, RDATE, EXRULE, EXDATE lines), as
    dateutil reads it."""

    def __call__(self, s: str, **kwargs: Any) -> Union[rrule, rruleset]:
        return _rrulestr(s, **kwargs)


rrulestr = _RruleStr()


publish(globals(), "kalends.rrule")
