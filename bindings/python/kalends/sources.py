"""Event sources (``kalends_source``, include/kalends/sources.h): a Python object a view
asks for events, at once or later from any thread (``View.add_source``)."""
from __future__ import annotations

import ctypes
import threading
from ctypes import byref, c_void_p, sizeof
from typing import Any, Optional, Sequence

from ._checks import instance, type_name
from ._native import COMPLETE_FN, SOURCE_BEGIN, SOURCE_CANCEL, SOURCE_FETCH, CSource, lib
from .dates import date_from_day_number
from .errors import Status
from .events import Event, events_array


class SourceBridge:
    """A Python object as a ``kalends_source``: ``fetch(first, last) -> iterable of
    Event`` answers at once; or ``begin(request, first, last, complete)`` answers later
    through ``complete(events)`` / ``complete(error=...)`` from any thread, and
    ``cancel(request)`` (optional) is told when it is no longer wanted."""

    def __init__(self, source: Any, errors: threading.local) -> None:
        self.source = source
        self.errors = errors
        c = CSource()
        c.struct_size = sizeof(CSource)
        if hasattr(source, "fetch"):
            c.fetch = SOURCE_FETCH(self._fetch)
        elif hasattr(source, "begin"):
            c.begin = SOURCE_BEGIN(self._begin)
            if hasattr(source, "cancel"):
                c.cancel = SOURCE_CANCEL(self._cancel)
        else:
            raise TypeError(f"source must have a fetch or a begin method, not be a {type_name(source)}")
        self.c = c

    def _failed(self, e: BaseException) -> int:
        if getattr(self.errors, "value", None) is None:
            self.errors.value = e
        return int(Status.CALLBACK)

    def _fetch(self, _user: Any, first: int, last: int, sink: Any) -> int:
        try:
            s = sink.contents
            for event in self.source.fetch(date_from_day_number(first), date_from_day_number(last)):
                keep: list[bytes] = []
                status = s.add(s.context, byref(instance(event, Event, "an event from the source").to_c(keep)))
                if status:
                    raise ValueError(f"the library refused event {event.id}: "
                                     f"{lib.kalends_last_error().decode('utf-8', 'replace')}")
            return 0
        except BaseException as e:  # carried back to the caller, never across the C frames
            return self._failed(e)

    def _begin(self, _user: Any, request: int, first: int, last: int, completion: Any) -> int:
        c = completion.contents
        # Copies: the completion struct lives only during this call.
        context = c.context
        fn = COMPLETE_FN(ctypes.cast(c.complete, c_void_p).value or 0)

        def complete(events: Sequence[Event] = (), error: Optional[BaseException] = None) -> None:
            array, keep = events_array(list(events))
            fn(context, request, array, len(events) if error is None else 0,
               0 if error is None else int(Status.CALLBACK))

        try:
            self.source.begin(request, date_from_day_number(first), date_from_day_number(last), complete)
            return 0
        except BaseException as e:
            return self._failed(e)

    def _cancel(self, _user: Any, request: int) -> None:
        try:
            self.source.cancel(request)
        except BaseException as e:
            self._failed(e)



__all__ = ["SourceBridge"]
