"""What a CalDAV source has fetched: each resource's ETag and text, the ranges of
instants fetched, and the resources' events in an ``EventStore`` of the source's own,
where Kalends expands recurring series (with their overrides and EXDATEs) for any page.

Each resource is one entry of that store (a recurring one when it repeats); each
occurrence a view is given gets an id of its own, stable for (href, recurrence id), so
an edit of an occurrence names the resource and the instance it changes."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional

from ..events import DEFAULT_COLOR, DateLike, Event, event_of
from ..ical import ICalendar
from ..store import EventStore
from ..timezone import TimeZone
from .protocol import Resource
from .ranges import Ranges

#: (href, recurrence id): an occurrence of a resource (None: a single event).
Key = tuple[str, Optional[int]]


@dataclass
class Entry:
    """A cached resource: its ETag, text and id in the cache's store."""

    etag: str
    text: str
    entry: int


def _body(text: str) -> str:
    """The components of a VCALENDAR's text (its VEVENTs and VTIMEZONEs), without the
    calendar's own lines."""
    begin = text.find("BEGIN:VCALENDAR")
    start = text.find("\nBEGIN:", begin + 1 if begin >= 0 else 0)
    end = text.rfind("END:VCALENDAR")
    if start < 0 or end < start:
        return ""
    return text[start + 1:end]


class Cache:
    """The fetched resources of one calendar (used from the source's worker thread, and
    the store's own lock for the rest)."""

    def __init__(self, zone: TimeZone, color: int = DEFAULT_COLOR) -> None:
        self.zone = zone
        self.color = color
        self.store = EventStore()
        self.resources: dict[str, Entry] = {}
        self.ranges = Ranges()
        self.warnings: list[str] = []
        self._hrefs: dict[int, str] = {}          # store entry -> href
        self._next_entry = 1
        self._ids: dict[Key, int] = {}
        self._keys: dict[int, Key] = {}
        self._given: dict[str, set[int]] = {}      # href -> the ids given for its occurrences
        #: whether each id given out was an all-day event when given
        self.all_day: dict[int, bool] = {}
        self._next_id = 1

    # -- resources ----------------------------------------------------------------------

    def put(self, resources: Iterable[Resource]) -> list[str]:
        """Takes the resources (with text) not cached at their ETag; returns their hrefs.
        One iCalendar read and one import for all of them (each resource one entry, in
        order); a resource Kalends cannot read is left out with a warning."""
        new = [r for r in resources if r.text is not None
               and (r.href not in self.resources or self.resources[r.href].etag != r.etag)]
        if not new:
            return []
        for r in new:
            self.drop(r.href)
        first = self._next_entry
        text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Kalends//CalDAV cache//EN\r\n" + \
            "".join(_body(r.text or "") for r in new) + "END:VCALENDAR\r\n"
        calendar = ICalendar(text.encode("utf-8"))
        if len(calendar) >= len(new) and not calendar.warnings:
            try:
                count = calendar.import_into(self.store, first, self.zone)
            except Exception:  # one resource Kalends refuses: each alone below
                count = -1
            if count == len(new):
                for i, r in enumerate(new):
                    self._take(r, first + i)
                self._next_entry = first + count
                return [r.href for r in new]
            if count > 0:   # (two resources with one UID): undo and go one by one
                for i in range(count):
                    self.store.remove(first + i)
        taken = []
        for r in new:
            entry = self._next_entry
            try:
                added = ICalendar((r.text or "").encode("utf-8")).import_into(self.store, entry, self.zone)
            except Exception as e:
                self.warnings.append(f"{r.href}: {e}")
                continue
            if added != 1:
                for i in range(added):
                    self.store.remove(entry + i)
                self.warnings.append(f"{r.href}: {added} entries in one resource")
                continue
            self._take(r, entry)
            self._next_entry += 1
            taken.append(r.href)
        return taken

    def _take(self, r: Resource, entry: int) -> None:
        self.resources[r.href] = Entry(r.etag, r.text or "", entry)
        self._hrefs[entry] = r.href

    def drop(self, href: str) -> bool:
        """Forgets a resource (its events leave the cache's store)."""
        old = self.resources.pop(href, None)
        if old is None:
            return False
        self._hrefs.pop(old.entry, None)
        self.store.remove(old.entry)
        return True

    def clear(self) -> None:
        for href in list(self.resources):
            self.drop(href)
        self.ranges.clear()

    # -- events -------------------------------------------------------------------------

    def events(self, first: DateLike, last: DateLike, only: Optional[set[str]] = None, source: int = 0) -> list[Event]:
        """The events of local days first ... last (each occurrence of a series one
        event, expanded by the store), tagged ``source``; with ``only``, those of these
        hrefs. O(log n + k) for k occurrences."""
        out = []
        ids, hrefs, color = self._ids, self._hrefs, self.color
        for o in self.store.occurrences(first, last, self.zone):
            e = o.event
            href = hrefs.get(e.id)
            if href is None or (only is not None and href not in only):
                continue
            key = (href, o.recurrence_id)
            id_ = ids.get(key)
            if id_ is None:
                id_ = self.id_of(key, e.all_day)
            self.all_day[id_] = e.all_day
            out.append(event_of(id_, e.title, e.all_day, e.start, e.end, color, source, 0))
        return out

    def key(self, id: int) -> Optional[Key]:
        """The (href, recurrence id) of an event id a view was given."""
        return self._keys.get(id)

    def id_of(self, key: Key, all_day: bool) -> int:
        """The event id of an occurrence, an all-day one or not (given now if it never was)."""
        id_ = self._ids.get(key)
        if id_ is None:
            id_ = self._ids[key] = self._next_id
            self._keys[id_] = key
            self._given.setdefault(key[0], set()).add(id_)
            self._next_id += 1
        self.all_day[id_] = all_day
        return id_

    def ids_of(self, hrefs: set[str]) -> list[int]:
        """Every id given out for occurrences of these resources."""
        return [i for href in hrefs for i in self._given.get(href, ())]


__all__ = ["Cache", "Entry", "Key"]
