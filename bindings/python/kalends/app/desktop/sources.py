"""Where the desktop calendar's events come from: its arguments turned into sources
(``sources_from_arguments``). Today, ``.ics`` files; a source reads its events into the
window's EventStore and, when editable, writes them back. New kinds of sources (a
CalDAV account) are added here, as an option of ``add_arguments`` and a class with the
same three members: ``name``, ``load(store, first_id, zone)``, ``save(store)``."""
from __future__ import annotations

import argparse
import datetime as _dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any, List, Optional

from ...errors import KalendsError
from ...ical import ICalendar
from ...store import EventStore
from ...timezone import TimeZone
from .saving import write_atomically


class SourceError(Exception):
    """A source that could not be read or written; the message says which and why."""


@dataclass
class IcsFile:
    """An ``.ics`` file: read whole, written back whole (atomically)."""
    path: Path

    @property
    def name(self) -> str:
        return self.path.name

    def load(self, store: EventStore, first_id: int = 1, zone: Optional[TimeZone] = None) -> int:
        """Adds the file's events to ``store`` (ids from ``first_id``); how many."""
        try:
            data = self.path.read_bytes()
        except OSError as e:
            raise SourceError(f"cannot read {self.path}: {e.strerror or e}") from None
        try:
            return ICalendar(data).import_into(store, first_id, zone)
        except (KalendsError, ValueError) as e:
            raise SourceError(f"{self.path} is not a calendar kalends can read: {e}") from None

    def save(self, store: EventStore) -> None:
        """Writes ``store``'s events to the file (a failed write leaves it as it was)."""
        try:
            write_atomically(self.path, store.write_ical())
        except OSError as e:
            raise SourceError(f"cannot save {self.path}: {e.strerror or e}; the file is unchanged") from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command line's source arguments."""
    parser.add_argument("files", nargs="*", metavar="FILE.ics", help="iCalendar files to show (one: editable)")
    add_caldav_arguments(parser)   # issue 30: a CalDAV account


def sources_from_arguments(args: argparse.Namespace) -> List[Any]:
    """The sources the parsed arguments name, in order."""
    return [IcsFile(Path(f)) for f in getattr(args, "files", [])] + caldav_accounts(args)


# -- issue 30: a CalDAV account (kalends.caldav): --caldav URL, --caldav-user, --caldav-calendar;
# the account's events of a year either side of today read into the window's store, its
# moved, resized, deleted and created events written back; the password from KALENDS_CALDAV_PASSWORD

#: The days read: a year either side of today.
REACH = _dt.timedelta(days=366)


def add_caldav_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--caldav", metavar="URL",
                        help="a CalDAV account or calendar (the password from KALENDS_CALDAV_PASSWORD)")
    parser.add_argument("--caldav-user", metavar="NAME", help="the CalDAV account's user name")
    parser.add_argument("--caldav-calendar", metavar="NAME", help="the calendar (display name or URL; default: the first)")


class CalDAVAccount:
    """A CalDAV calendar with the desktop's source members: ``name``, ``load``, ``save``."""

    def __init__(self, url: str, username: Optional[str], calendar: Optional[str] = None,
                 today: Optional[_dt.date] = None) -> None:
        self.url, self.username, self.calendar = url, username, calendar
        self.today = today or _dt.date.today()
        self._source: Any = None
        self._given: dict[int, tuple[int, int, int, bool]] = {}   # store id -> (source id, start, end, all_day)
        self._first_id = 1      # the store's ids from here on are the account's (loaded, or added by the window)
        self._zone = TimeZone("UTC")

    @property
    def name(self) -> str:
        return self.calendar or self.url

    def load(self, store: EventStore, first_id: int = 1, zone: Optional[TimeZone] = None) -> int:
        """Adds the account's events of a year either side of today (ids from ``first_id``); how many."""
        from dataclasses import replace

        from ...caldav import CalDAVError, CalDAVSource
        try:
            self._source = CalDAVSource(self.url, self.username, None, self.calendar, zone=zone or TimeZone("UTC"))
            events = self._source.events(self.today - REACH, self.today + REACH)
        except CalDAVError as e:
            raise SourceError(f"{self.url}: {e}") from None
        self._first_id, self._zone = first_id, zone or TimeZone("UTC")
        placed = [replace(e, id=first_id + i) for i, e in enumerate(events)]
        self._given = {p.id: (e.id, e.start, e.end, e.all_day) for p, e in zip(placed, events)}
        store.add_events(placed)
        return len(placed)

    def save(self, store: EventStore) -> None:
        """Writes back what changed in ``store`` since the load or the last save: events
        whose times changed (If-Match on their ETags), events gone from the store
        (deleted; an occurrence of a series: an EXDATE), and events the window added
        with ids from ``first_id`` on within a year either side of today (created,
        If-None-Match: *). A failure stops the save with a SourceError saying why;
        what was written before it stays written."""
        from ...caldav import CalDAVError
        if self._source is None:
            return
        try:
            for id_, (own, start, end, all_day) in list(self._given.items()):
                try:
                    now = store.get(id_)
                except (KeyError, KalendsError, ValueError):   # gone from the store: deleted
                    self._source.delete(own)
                    del self._given[id_]
                    continue
                if (now.start, now.end, now.all_day) != (start, end, all_day):
                    self._source.move(own, now.start, now.end, now.all_day)
                    self._given[id_] = (own, now.start, now.end, now.all_day)
            for e in store.query(self.today - REACH, self.today + REACH, self._zone):
                if e.id >= self._first_id and e.id not in self._given:
                    href = self._source.create(e.title, e.start, e.end, e.all_day)
                    self._given[e.id] = (self._source.event_id(href, e.all_day), e.start, e.end, e.all_day)
        except CalDAVError as e:
            raise SourceError(f"{self.url}: {e}") from None


def caldav_accounts(args: argparse.Namespace) -> list[CalDAVAccount]:
    url = getattr(args, "caldav", None)
    return [] if url is None else [CalDAVAccount(url, getattr(args, "caldav_user", None),
                                                 getattr(args, "caldav_calendar", None))]
