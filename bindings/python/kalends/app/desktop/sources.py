"""Where the desktop calendar's events come from: its arguments turned into sources
(``sources_from_arguments``). Today, ``.ics`` files; a source reads its events into the
window's EventStore and, when editable, writes them back. New kinds of sources (a
CalDAV account) are added here, as an option of ``add_arguments`` and a class with the
same three members: ``name``, ``load(store, first_id, zone)``, ``save(store)``."""
from __future__ import annotations

import argparse
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
    from .caldav_account import add_caldav_arguments   # issue 30: a CalDAV account
    add_caldav_arguments(parser)


def sources_from_arguments(args: argparse.Namespace) -> List[Any]:
    """The sources the parsed arguments name, in order."""
    from .caldav_account import caldav_accounts   # issue 30: --caldav URL, after the files
    return [IcsFile(Path(f)) for f in getattr(args, "files", [])] + caldav_accounts(args)
