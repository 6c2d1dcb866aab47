"""Event editing in a view (include/kalends/editing.h): moving and resizing a store's
events by (day, time) points, selecting a time range, keys, with snapping, the view's
zone and constraints (read-only events, business hours, allowed ranges, no overlap,
min/max dates, a veto). ``Editing(view)`` drives the view's edits; the view must have a
store (``View.set_store``)."""
from __future__ import annotations

import datetime as _dt
from ctypes import byref, c_int32, c_size_t, create_string_buffer, sizeof
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple, Optional, Sequence, Union

from . import _abi
from ._checks import function, instance, int32, int64
from ._native import check, lib
from .dates import Date, date_from_day_number
from .events import DateLike, to_day
from .errors import Status
from .time_grid import ITEM_LAYOUT, TIME_GRID_OPTIONS, TimeGridItem, items_of
from ._checks import options as set_options

from ._abi import EditScope as EditScope  # noqa: E402
from ._abi import EditKey as EditKey  # noqa: E402
from ._abi import GestureKind as GestureKind  # noqa: E402  (the edit's kind: EVENT_MOVE ... EVENT_CREATE)
from ._abi import Outcome as Outcome  # noqa: E402
from ._abi import Refusal as Refusal  # noqa: E402


@dataclass(frozen=True)
class EditOptions:
    """``kalends_edit_options``: editing is off until ``editable``; times snap to
    ``snap_minutes``; a resize keeps ``min_minutes``; ``no_overlap`` within a source;
    ``scope`` says what moving an occurrence of a recurring entry changes."""

    editable: bool = False
    snap_minutes: int = 15
    min_minutes: int = 15
    no_overlap: bool = False
    scope: EditScope = EditScope.THIS


class BusinessHours(NamedTuple):
    """On ISO ``weekday`` (1 = Monday ... 7 = Sunday), from ``start`` to ``end`` seconds
    since midnight (``kalends_business_hours``)."""

    weekday: int
    start: int
    end: int


class EditPoint(NamedTuple):
    """Where a gesture is: a day, and the day itself (``all_day``: the strip, a month
    cell) or ``seconds`` of wall time into it."""

    day: Union[_dt.date, Date]
    seconds: int = 0
    all_day: bool = False


class EditState(NamedTuple):
    """An edit as it stands (``kalends_edit_state``): times are instants (seconds since
    the epoch), or day numbers when ``all_day``."""

    kind: GestureKind
    outcome: Outcome
    refusal: Refusal
    event: int
    recurrence_id: Optional[int]
    old_all_day: bool
    all_day: bool
    old_start: int
    old_end: int
    start: int
    end: int
    first_day: Union[_dt.date, Date]
    last_day: Union[_dt.date, Date]


def _state(c: Any) -> EditState:
    return EditState(GestureKind(c.kind), Outcome(c.outcome), Refusal(c.refusal), c.event,
                     c.recurrence_id if c.recurring else None, bool(c.old_all_day), bool(c.all_day), c.old_start,
                     c.old_end, c.start, c.end, date_from_day_number(c.first_day), date_from_day_number(c.last_day))


def _point(p: EditPoint) -> Any:
    c = _abi.CEditPoint()
    c.day = to_day(p.day, "day")
    c.all_day = 1 if p.all_day else 0
    c.seconds = int32(p.seconds, "seconds")
    return c


class Editing:
    """The edits of ``view`` (which holds the store and zone they apply to)."""

    def __init__(self, view: Any) -> None:
        from .view import View
        self._view: View = instance(view, View, "view")
        self._callbacks: tuple[Any, ...] = ()
        self._capacity = 256
        self._items = (_abi.CTimeGridItem * self._capacity)()
        self._count = c_int32()
        self._grid_options: dict[tuple[Any, ...], Any] = {}

    # -- options and constraints ---------------------------------------------------------

    @property
    def options(self) -> EditOptions:
        c = _abi.CEditOptions()
        c.struct_size = sizeof(_abi.CEditOptions)
        self._view._check(lib.kalends_view_get_edit_options(self._view._handle, byref(c)))
        return EditOptions(bool(c.editable), c.snap_minutes, c.min_minutes, bool(c.no_overlap), EditScope(c.scope))

    def set_options(self, options: Optional[EditOptions] = None, **changes: Any) -> None:
        """Replaces the edit options (``options``, or the current ones with ``changes``)."""
        o = options if options is not None else self.options
        if changes:
            import dataclasses
            o = dataclasses.replace(o, **changes)
        c = _abi.CEditOptions()
        check(lib.kalends_edit_options_init(byref(c)))
        c.editable, c.snap_minutes, c.min_minutes = int(bool(o.editable)), int32(o.snap_minutes, "snap_minutes"), \
            int32(o.min_minutes, "min_minutes")
        c.no_overlap, c.scope = int(bool(o.no_overlap)), int32(o.scope, "scope")
        self._view._check(lib.kalends_view_set_edit_options(self._view._handle, byref(c)))

    @property
    def business_hours(self) -> list[BusinessHours]:
        count = c_int32()
        status = lib.kalends_view_business_hours(self._view._handle, None, 0, byref(count))
        if status != Status.BUFFER_TOO_SMALL:
            self._view._check(status)
        out = (_abi.CBusinessHours * max(1, count.value))()
        self._view._check(lib.kalends_view_business_hours(self._view._handle, out, count.value, byref(count)))
        return [BusinessHours(h.weekday, h.start, h.end) for h in out[: count.value]]

    def set_business_hours(self, hours: Sequence[BusinessHours]) -> None:
        """Business hours (several a weekday allowed); an empty list: none."""
        arr = (_abi.CBusinessHours * max(1, len(hours)))()
        for i, (weekday, start, end) in enumerate(hours):
            arr[i].weekday, arr[i].start, arr[i].end = int32(weekday, "weekday"), int32(start, "start"), int32(end, "end")
        self._view._check(lib.kalends_view_set_business_hours(self._view._handle, arr, len(hours)))

    def set_edit_ranges(self, ranges: Sequence[tuple[int, int]]) -> None:
        """Allowed ranges of instants (start, end exclusive); an empty list: none."""
        arr = (_abi.CTimeRange * max(1, len(ranges)))()
        for i, (start, end) in enumerate(ranges):
            arr[i].start, arr[i].end = int64(start, "start"), int64(end, "end")
        self._view._check(lib.kalends_view_set_edit_ranges(self._view._handle, arr, len(ranges)))

    def set_grid(self, **options: Any) -> None:
        """The time grid the host draws week and day pages with (options by keyword, as
        ``TimeGrid``): pointer gestures (``View.press/drag/release``) edit on it."""
        o = _abi.CTimeGridOptions()
        check(lib.kalends_time_grid_options_init(byref(o)))
        set_options(o, options, TIME_GRID_OPTIONS, "time grid")
        self._view._check(lib.kalends_view_set_edit_grid(self._view._handle, byref(o)))

    def set_callbacks(self, *, is_read_only: Optional[Callable[[int], bool]] = None,
                      should_commit: Optional[Callable[[EditState], bool]] = None) -> None:
        """``is_read_only(event_id)`` when an edit begins; ``should_commit(change)`` on a
        commit (False vetoes). An exception they raise comes out of the call."""
        errors = self._view._errors

        def guard(fn: Callable[[Any], bool], convert: Callable[[Any], Any]) -> Callable[..., int]:
            def trampoline(_user: Any, arg: Any) -> int:
                try:
                    return 1 if fn(convert(arg)) else 0
                except BaseException as e:  # carried back to the caller
                    if getattr(errors, "value", None) is None:
                        errors.value = e
                    return 2
            return trampoline

        c = _abi.CEditCallbacks()
        c.struct_size = sizeof(_abi.CEditCallbacks)
        keep: list[Any] = []
        if is_read_only is not None:
            function(is_read_only, "is_read_only")
            cb = _abi.CEventPredicate(guard(is_read_only, lambda e: e))
            c.is_read_only = cb
            keep.append(cb)
        if should_commit is not None:
            function(should_commit, "should_commit")
            cb2 = _abi.CEditPredicate(guard(should_commit, lambda p: _state(p.contents)))
            c.should_commit = cb2
            keep.append(cb2)
        self._view._check(lib.kalends_view_set_edit_callbacks(self._view._handle, byref(c)))
        self._callbacks = tuple(keep)

    # -- the gesture -------------------------------------------------------------------

    def begin(self, kind: GestureKind, at: EditPoint, event: int = 0, recurrence_id: Optional[int] = None) -> EditState:
        """Begins an edit of ``kind`` on ``event`` (its occurrence ``recurrence_id``) at ``at``."""
        out = _abi.CEditState()
        self._view._check(lib.kalends_view_edit_begin(self._view._handle, int32(kind, "kind"), int64(event, "event"),
                                                      int64(recurrence_id or 0, "recurrence_id"),
                                                      byref(_point(at)), byref(out)))
        return _state(out)

    def update(self, to: EditPoint) -> EditState:
        """The proposal for ``to`` and whether the constraints would refuse it."""
        out = _abi.CEditState()
        self._view._check(lib.kalends_view_edit_update(self._view._handle, byref(_point(to)), byref(out)))
        return _state(out)

    def commit(self) -> EditState:
        """Ends the edit: writes an allowed proposal to the store, else says why not."""
        out = _abi.CEditState()
        self._view._check(lib.kalends_view_edit_commit(self._view._handle, byref(out)))
        return _state(out)

    def cancel(self) -> EditState:
        out = _abi.CEditState()
        self._view._check(lib.kalends_view_edit_cancel(self._view._handle, byref(out)))
        return _state(out)

    @property
    def state(self) -> EditState:
        out = _abi.CEditState()
        self._view._check(lib.kalends_view_edit_state(self._view._handle, byref(out)))
        return _state(out)

    def key(self, key: EditKey, event: int, recurrence_id: Optional[int] = None) -> EditState:
        """Moves or resizes an event by a key: begun and committed at once."""
        out = _abi.CEditState()
        self._view._check(lib.kalends_view_edit_key(self._view._handle, int64(event, "event"),
                                                    int64(recurrence_id or 0, "recurrence_id"), int32(key, "key"),
                                                    byref(out)))
        return _state(out)

    def preview(self, **options: Any) -> list[TimeGridItem]:
        """The timed boxes of the days the edit changes, with the event at its proposed
        times (time grid options by keyword, as ``TimeGrid``)."""
        o = self._grid_options.get(tuple(sorted(options.items())))
        if o is None:
            o = _abi.CTimeGridOptions()
            check(lib.kalends_time_grid_options_init(byref(o)))
            set_options(o, options, TIME_GRID_OPTIONS, "time grid")
            self._grid_options = {tuple(sorted(options.items())): o}
        h, count = self._view._handle, self._count
        while True:   # one call into this editor's buffer; grown and asked again if too small
            status = lib.kalends_view_edit_preview(h, byref(o), self._items, self._capacity, byref(count))
            if status != Status.BUFFER_TOO_SMALL:
                self._view._check(status)
                break
            self._capacity = max(count.value, 2 * self._capacity)
            self._items = (_abi.CTimeGridItem * self._capacity)()
        return items_of(memoryview(self._items).cast("B")[: count.value * ITEM_LAYOUT.size].tobytes())

    def accessibility_label(self) -> str:
        """What a screen reader says about the edit under way."""
        length = c_size_t()
        h = self._view._handle
        self._view._check(lib.kalends_view_edit_accessibility_label(h, None, 0, byref(length)))
        buf = create_string_buffer(length.value + 1)
        self._view._check(lib.kalends_view_edit_accessibility_label(h, buf, len(buf), byref(length)))
        return buf.value.decode("utf-8")


def point(day: DateLike, seconds: int = 0, all_day: bool = False) -> EditPoint:
    """An EditPoint (the day as a date, a kalends.Date or a day number)."""
    return EditPoint(date_from_day_number(to_day(day, "day")), seconds, all_day)
