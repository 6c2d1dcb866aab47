"""Pointer gestures on a view (``kalends/pointer.h``): the values of
:meth:`kalends.View.press`, :meth:`~kalends.View.drag`, :meth:`~kalends.View.release`,
:meth:`~kalends.View.cancel_pointer` and :attr:`~kalends.View.gesture`.

A host forwards its toolkit's pointer events; the view recognises taps, long presses,
range and paint drags, swipes (and, through event editing, event drags)::

    view.press(x, y, time=t)            # button down
    view.drag(x, y, time=t)             # motion with the button down (and on a timer)
    element, action = view.release(x, y, time=t)
    g = view.gesture                    # what to draw meanwhile: preview, swipe offset
"""
from __future__ import annotations

import time as _time
from ctypes import byref, sizeof
from dataclasses import dataclass
from typing import Any, NamedTuple, Optional

from ._checks import int32, number
from ._native import check, lib
from . import _abi

#: ``KALENDS_POINTER_*``. The generated enum of the header (``_abi.PointerKind``).
from ._abi import PointerKind as PointerKind  # noqa: E402

#: ``KALENDS_DRAG_SELECT_*``: which drags select days. The generated enum (``_abi.DragSelect``).
from ._abi import DragSelect as DragSelect  # noqa: E402

#: ``KALENDS_GESTURE_PHASE_*``. The generated enum of the header (``_abi.GesturePhase``).
from ._abi import GesturePhase as GesturePhase  # noqa: E402

#: ``KALENDS_GESTURE_*``. The generated enum of the header (``_abi.GestureKind``).
from ._abi import GestureKind as GestureKind  # noqa: E402

#: ``KALENDS_REFUSAL_*``: why an event drop is refused. The generated enum (``_abi.Refusal``).
from ._abi import Refusal as Refusal  # noqa: E402

from ._abi import Axis as Axis  # noqa: E402

CPointerEvent: Any = _abi.CPointerEvent
CPointerOptions: Any = _abi.CPointerOptions
CGesture: Any = _abi.CGesture


@dataclass(frozen=True)
class PointerOptions:
    """How a view recognises gestures (``kalends_pointer_options``); the defaults are the
    library's (``kalends_pointer_options_init``)."""

    drag_select: DragSelect = DragSelect.MOUSE_OR_LONG_PRESS
    slop: float = 8.0
    long_press_duration: float = 0.5
    edge_hold_duration: float = 0.6
    edge_width: float = 16.0
    swipe_axis: Axis = Axis.HORIZONTAL
    swipe_distance: float = 0.5
    swipe_velocity: float = 300.0

    def to_c(self) -> Any:
        c = CPointerOptions()
        c.struct_size = sizeof(CPointerOptions)
        c.drag_select = int32(self.drag_select, "drag_select")
        c.slop = number(self.slop, "slop")
        c.long_press_duration = number(self.long_press_duration, "long_press_duration")
        c.edge_hold_duration = number(self.edge_hold_duration, "edge_hold_duration")
        c.edge_width = number(self.edge_width, "edge_width")
        c.swipe_axis = int32(self.swipe_axis, "swipe_axis")
        c.swipe_distance = number(self.swipe_distance, "swipe_distance")
        c.swipe_velocity = number(self.swipe_velocity, "swipe_velocity")
        return c

    @staticmethod
    def from_c(c: Any) -> "PointerOptions":
        return PointerOptions(DragSelect(c.drag_select), c.slop, c.long_press_duration, c.edge_hold_duration,
                              c.edge_width, Axis(c.swipe_axis), c.swipe_distance, c.swipe_velocity)


class EventProposal(NamedTuple):
    """Where an event drag would put its event (the event fields of ``kalends_gesture``)."""

    event_id: int
    occurrence_start: int
    proposed_start: int
    proposed_end: int
    all_day: bool
    refusal: Refusal


class Gesture(NamedTuple):
    """The gesture in progress (``kalends_gesture``): days as day numbers; ``preview`` is
    (first, last) of a range, paint or erase drag; ``direction``, ``offset`` and
    ``progress`` slide the pages of a swipe; ``proposal`` is an event drag's."""

    phase: GesturePhase
    kind: GestureKind
    pointer: PointerKind
    start: tuple[float, float]
    start_time: float
    location: tuple[float, float]
    time: float
    day: Optional[int]
    preview: Optional[tuple[int, int]]
    direction: _abi.Direction
    offset: float
    progress: float
    proposal: Optional[EventProposal]


def pointer_event(x: float, y: float, time: Optional[float], kind: PointerKind) -> Any:
    """A ``kalends_pointer_event`` (time None: now, on the monotonic clock)."""
    c = CPointerEvent()
    c.struct_size = sizeof(CPointerEvent)
    c.kind = int32(kind, "kind")
    c.x = number(x, "x")
    c.y = number(y, "y")
    c.time = _time.monotonic() if time is None else number(time, "time")
    return c


def gesture_of(c: Any) -> Gesture:
    kind = GestureKind(c.kind)
    proposal = None
    if kind in (GestureKind.EVENT_MOVE, GestureKind.EVENT_RESIZE_START, GestureKind.EVENT_RESIZE_END,
                GestureKind.EVENT_CREATE):
        proposal = EventProposal(c.event_id, c.occurrence_start, c.proposed_start, c.proposed_end, bool(c.all_day),
                                 Refusal(c.refusal))
    return Gesture(GesturePhase(c.phase), kind, PointerKind(c.pointer), (c.start_x, c.start_y), c.start_time,
                   (c.x, c.y), c.time, c.day if c.has_day else None,
                   (c.preview_first, c.preview_last) if c.has_preview else None,
                   _abi.Direction(c.direction), c.offset, c.progress, proposal)


def default_options() -> PointerOptions:
    """The library's defaults (``kalends_pointer_options_init``)."""
    c = CPointerOptions()
    check(lib.kalends_pointer_options_init(byref(c)))
    return PointerOptions.from_c(c)


__all__ = [
    "PointerKind", "DragSelect", "GesturePhase", "GestureKind", "Refusal", "PointerOptions", "EventProposal",
    "Gesture", "default_options",
]
