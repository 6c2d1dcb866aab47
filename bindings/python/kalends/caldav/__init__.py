"""CalDAV calendars as Kalends event sources, over the ``caldav`` library (PyPI): a
view's pages fetched by range, kept, synchronised by token, edits written back::

    from kalends.caldav import CalDAVSource
    view.set_store(kalends.EventStore())
    CalDAVSource("https://dav.example.com/", "alice", password=lookup).attach(view)

``CalDAVSource`` (source.py) asks through ``protocol`` and keeps what it fetched in a
``Cache`` (cache.py); ``edits`` changes resources' text; ``account`` connects and
discovers calendars."""
from __future__ import annotations

from .account import PASSWORD_VARIABLE, CalendarInfo, calendars, connect
from .errors import AuthenticationError, CalDAVError, ConflictError
from .source import CalDAVSource, SynchronousCalDAV, SyncResult, Timing

__all__ = ["CalDAVSource", "SynchronousCalDAV", "SyncResult", "Timing", "CalendarInfo", "CalDAVError",
           "AuthenticationError", "ConflictError", "PASSWORD_VARIABLE", "calendars", "connect"]
