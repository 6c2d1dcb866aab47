"""``python -m kalends --caldav URL``: the events of a CalDAV calendar for the pages the
command shows (kalends.caldav; the password from KALENDS_CALDAV_PASSWORD, never on the
command line)."""
from __future__ import annotations

import argparse
import datetime as _dt
from typing import Any, Optional

from ..store import EventStore
from ..timezone import TimeZone


def add_arguments(group: Any) -> None:
    """The account's options, in the command's events group."""
    group.add_argument("--caldav", metavar="URL",
                       help="events from a CalDAV server (an account's or a calendar's URL; the password from the "
                            "KALENDS_CALDAV_PASSWORD environment variable)")
    group.add_argument("--caldav-user", metavar="NAME", help="the CalDAV account's user name")
    group.add_argument("--caldav-calendar", metavar="NAME",
                       help="the account's calendar to show (its display name or URL; default: the first)")


def days_shown(year: int, month: Optional[int]) -> tuple[_dt.date, _dt.date]:
    """The days a page of the command can show: the month (None: the year) with a week
    either side."""
    if month is not None:
        first = _dt.date(year, month, 1)
        last = _dt.date(year + (month == 12), month % 12 + 1, 1) - _dt.timedelta(days=1)
    else:
        first, last = _dt.date(year, 1, 1), _dt.date(year, 12, 31)
    return first - _dt.timedelta(days=7), last + _dt.timedelta(days=7)


def caldav_store(args: argparse.Namespace, zone: TimeZone, year: int, month: Optional[int]) -> EventStore:
    """A store of the account's events of the days the command's page shows (one
    REPORT); kalends.caldav.CalDAVError when the server refuses or cannot be reached."""
    from ..caldav import CalDAVSource
    source = CalDAVSource(args.caldav, args.caldav_user, None, args.caldav_calendar, zone=zone)
    try:
        return EventStore(source.events(*days_shown(year, month)))
    finally:
        source.close()


__all__ = ["add_arguments", "caldav_store", "days_shown"]
