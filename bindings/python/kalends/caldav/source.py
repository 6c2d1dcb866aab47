"""``CalDAVSource``: a CalDAV calendar as an event source of a view (``begin`` /
``cancel``, answered on a worker thread) and, through ``synchronous``, of a store
(``fetch``). Each page asks the server (a calendar-query REPORT) for exactly the
instants of its days that were never fetched; what was fetched is kept (``Cache``), so
paging back costs no request; ``sync`` asks what changed (sync-collection with a
token, or ETags when the server has none); edits are written back with If-Match.

Connect a view::

    view.set_store(kalends.EventStore())
    source = CalDAVSource("https://dav.example.com/", "alice", password=keyring_lookup)
    source.attach(view)            # or view.add_source(source): read only, no pushes
"""
from __future__ import annotations

import datetime as _dt
import threading
import time
import urllib.parse
import zoneinfo
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Optional, TypeVar, Union

from ..dates import date_from_day_number
from ..events import DEFAULT_COLOR, DateLike, Event, instant, to_day
from ..store import EventStore
from ..timezone import TimeZone
from . import edits, protocol
from .account import CalendarInfo, Password, calendars, connect, pick
from .cache import Cache
from .errors import CalDAVError, ConflictError

T = TypeVar("T")
#: complete(events) / complete(error=...): the view's answer function (kalends.sources).
Complete = Callable[..., None]


@dataclass(frozen=True)
class SyncResult:
    """What a sync found: hrefs changed (or new) and deleted on the server, and whether
    the server's sync token was used (False: ETags were compared)."""

    changed: list[str]
    deleted: list[str]
    by_token: bool


@dataclass(frozen=True)
class Timing:
    """The last answer's costs in seconds: the server's (request and response, with the
    ``caldav`` library's XML parse; 0 for a page from the cache) and Kalends' (the
    iCalendar read into the cache and the page's events expanded), how many resources
    came and how many events the page has."""

    network: float
    parse_and_store: float
    resources: int
    events: int


class CalDAVSource:
    """A calendar of a CalDAV account (``url`` a server, an account or a calendar;
    ``calendar`` its display name or URL, None: the first), as a view's asynchronous
    source. ``password``: the text, a keyring-style callback, or None for the
    ``KALENDS_CALDAV_PASSWORD`` environment variable; never logged or shown. ``zone``:
    the view's zone name (local days become instants in it). ``on_error(error)`` is
    told of every failure (also kept in ``last_error``)."""

    def __init__(self, url: str, username: Optional[str] = None, password: Password = None,
                 calendar: Optional[str] = None, *, zone: Union[str, TimeZone] = "UTC", color: int = DEFAULT_COLOR,
                 timeout: float = 30.0, on_error: Optional[Callable[[CalDAVError], None]] = None) -> None:
        self.zone = zone if isinstance(zone, TimeZone) else TimeZone(zone)
        try:   # the wall clock of floating times an edit writes
            self._tz: _dt.tzinfo = zoneinfo.ZoneInfo(self.zone.name)
        except (ValueError, zoneinfo.ZoneInfoNotFoundError):   # a POSIX TZ string: its offset now
            self._tz = _dt.timezone(_dt.timedelta(seconds=self.zone.offset(int(time.time()))[0]))
        self.client = connect(url, username, password, timeout)
        self.calendars: list[CalendarInfo] = calendars(self.client)
        self.calendar = pick(self.calendars, calendar)
        self.on_error = on_error
        self.last_error: Optional[CalDAVError] = None
        self.last_timing: Optional[Timing] = None
        #: why the last sync compared ETags instead of using the server's token (None: it did not)
        self.sync_fallback: Optional[str] = None
        self._cache = Cache(self.zone, color)
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kalends-caldav")
        self._cancelled: set[int] = set()
        self._lock = threading.Lock()
        self._token: Optional[str] = None
        self._view: Any = None
        self._tag = 0
        self._shown: Optional[tuple[int, int]] = None

    def __repr__(self) -> str:
        return f"<kalends.caldav.CalDAVSource {self.calendar.name or self.calendar.url!r}>"

    # -- the view's source API -----------------------------------------------------------

    def begin(self, request: int, first: DateLike, last: DateLike, complete: Complete) -> None:
        """Answers local days first ... last on the worker thread (from the cache when
        those instants were fetched before: no request)."""
        a, b = to_day(first, "first"), to_day(last, "last")
        with self._lock:
            self._shown = (a, b)
        self._worker.submit(self._answer, request, a, b, complete)

    def cancel(self, request: int) -> None:
        """The view no longer wants ``request``: dropped unless already answered."""
        with self._lock:
            self._cancelled.add(request)

    def attach(self, view: Any) -> int:
        """Adds this source to ``view`` (which must have a store) and remembers the view,
        so that a sync or a write brings its changes into the view's store at once.
        Returns the source's id in the view."""
        self._view = view
        self._tag = int(view.add_source(self))
        return self._tag

    def close(self) -> None:
        """Stops the worker (a request under way finishes)."""
        self._worker.shutdown(wait=True, cancel_futures=True)

    # -- ranges and answers --------------------------------------------------------------

    def instants(self, first: int, last: int) -> tuple[int, int]:
        """The instants [start, end) of local days first ... last (day numbers) in the zone."""
        return (instant(self.zone.day_start(_day(first)), "first"), instant(self.zone.day_start(_day(last + 1)), "last"))

    def _load(self, first: int, last: int) -> None:
        """Fetches the part of days first ... last never fetched (one REPORT) into the cache."""
        start, end = self.instants(first, last)
        gap = self._cache.ranges.missing(start, end)
        if gap is None:
            return
        t0 = time.perf_counter()
        found = protocol.time_range_query(self.client, self.calendar.url, gap[0], gap[1])
        t1 = time.perf_counter()
        self._cache.put(found)
        self._cache.ranges.add(gap[0], gap[1])
        self.last_timing = Timing(t1 - t0, time.perf_counter() - t1, len(found), 0)

    def _answer(self, request: int, first: int, last: int, complete: Complete) -> None:
        with self._lock:
            if request in self._cancelled:
                self._cancelled.discard(request)
                return
        try:
            t0 = time.perf_counter()
            self.last_timing = None
            self._load(first, last)
            events = self._cache.events(_day(first), _day(last))
            fetched = self.last_timing
            network, resources = (fetched.network, fetched.resources) if fetched is not None else (0.0, 0)
            self.last_timing = Timing(network, time.perf_counter() - t0 - network, resources, len(events))
        except CalDAVError as e:
            self._failed(e)
            complete(error=e)
            return
        except Exception as e:  # a bug or a resource no reader takes: said, never lost
            error = CalDAVError(f"answer failed: {type(e).__name__}: {e}")
            self._failed(error)
            complete(error=error)
            return
        complete(events)

    def _failed(self, error: CalDAVError) -> None:
        self.last_error = error
        if self.on_error is not None:
            self.on_error(error)

    def _run(self, fn: Callable[[], T]) -> T:
        """Runs ``fn`` on the worker (after the requests before it) and waits for it."""
        future: Future[T] = self._worker.submit(fn)
        return future.result()

    # -- a store's synchronous source ----------------------------------------------------

    @property
    def synchronous(self) -> "SynchronousCalDAV":
        """This calendar as a synchronous source (``fetch(first, last)``), for a store or
        a host that wants to wait."""
        return SynchronousCalDAV(self)

    def events(self, first: DateLike, last: DateLike) -> list[Event]:
        """The events of local days first ... last, fetched if needed (waits)."""
        a, b = to_day(first, "first"), to_day(last, "last")

        def run() -> list[Event]:
            self._load(a, b)
            return self._cache.events(_day(a), _day(b))
        return self._run(run)

    # -- sync -------------------------------------------------------------------------------

    def sync(self) -> SyncResult:
        """Asks the server what changed (waits): by sync token (RFC 6578) when the server
        gave one, else by comparing the ETags of the fetched ranges; fetches the changed
        resources (one multiget) and brings them into the attached view's store."""
        return self._run(self._sync)

    def _sync(self) -> SyncResult:
        cache, by_token = self._cache, False
        self.sync_fallback = None if self._token is not None else "no sync token yet"
        changed: list[str] = []
        deleted: list[str] = []
        if self._token is not None:
            try:
                answer = protocol.sync_collection(self.client, self.calendar.url, self._token)
                changed = [r.href for r in answer.changed
                           if r.href in cache.resources and cache.resources[r.href].etag != r.etag]
                unknown = {r.href for r in answer.changed if r.href not in cache.resources}
                if unknown:   # new, or never fetched (outside the fetched ranges): the ranges say which
                    listed = self._listed()
                    changed += sorted(h for h in unknown if h in listed)
                deleted = [h for h in answer.deleted if h in cache.resources]
                self._token, by_token = answer.token, True
            except CalDAVError as e:
                self.sync_fallback = str(e)
                self._token = None   # a token the server no longer knows: ETags below
        if not by_token:
            listed = self._listed()
            changed = [h for h, etag in listed.items() if h not in cache.resources or cache.resources[h].etag != etag]
            deleted = [h for h in cache.resources if h not in listed]
            try:
                self._token = protocol.sync_collection(self.client, self.calendar.url, None).token
            except CalDAVError as e:
                self.sync_fallback = f"no sync token: {e}"
                self._token = None   # a server without sync-collection: ETags every time
        fetched = protocol.multiget(self.client, self.calendar.url, changed)
        for h in deleted:
            cache.drop(h)
        touched = set(cache.put(fetched)) | set(deleted)
        self._push(touched)
        return SyncResult(sorted(set(changed)), sorted(deleted), by_token)

    def _listed(self) -> dict[str, str]:
        """The ETags of the resources in the fetched ranges (a REPORT without data each)."""
        listed: dict[str, str] = {}
        for start, end in self._cache.ranges.spans():
            for r in protocol.time_range_query(self.client, self.calendar.url, start, end, data=False):
                listed[r.href] = r.etag
        return listed

    def _push(self, hrefs: set[str]) -> None:
        """Brings the cache's version of these resources into the attached view's store:
        their old events out, their events of the shown days in."""
        store = self._store()
        if store is None or not hrefs:
            return
        for id_ in self._cache.ids_of(hrefs):
            try:
                store.remove(id_)
            except Exception:  # not in the store (another page's occurrence)
                pass
        with self._lock:
            shown = self._shown
        if shown is not None:
            for e in self._cache.events(_day(shown[0]), _day(shown[1]), only=hrefs, source=self._tag):
                store.add(e)

    def _store(self) -> Optional[EventStore]:
        if self._view is None:
            return None
        refs = getattr(self._view, "_store_refs", (None, None))
        store = refs[0]
        return store if isinstance(store, EventStore) else None

    # -- writes -------------------------------------------------------------------------------

    def move(self, event: int, start: int, end: int, all_day: Optional[bool] = None) -> str:
        """Writes an event (or one occurrence of a series, as an override in the series'
        resource) at new times -- instants [start, end), or day numbers first ... last
        when ``all_day`` -- with If-Match on its ETag; waits and returns the new ETag.
        A 412 raises ConflictError (the store then holds the server's version, the
        refused change is in the error); any failure rolls the store back to the
        server's state and raises CalDAVError saying why."""
        return self._run(lambda: self._move(event, start, end, all_day))

    def _move(self, event: int, start: int, end: int, all_day: Optional[bool]) -> str:
        href, rid, entry = self._entry(event)
        was = self._was_all_day(event)
        mine = edits.moved(entry.text, rid, start, end, was, was if all_day is None else all_day, self._tz)
        return self._write(href, mine, entry.etag)

    def delete(self, event: int) -> None:
        """Deletes an event (DELETE with If-Match) or one occurrence of a series (an
        EXDATE in the series' resource); waits. Failures as ``move``."""
        self._run(lambda: self._delete(event))

    def _delete(self, event: int) -> None:
        href, rid, entry = self._entry(event)
        if rid is not None:
            self._write(href, edits.without_occurrence(entry.text, rid, self._was_all_day(event), self._tz), entry.etag)
            return
        try:
            status = protocol.delete(self.client, self._url(href), entry.etag)
        except CalDAVError as e:
            self._push({href})
            self._failed(e)
            raise
        if status == 412:
            self._conflict(href, "")
        if status not in (200, 204, 404):
            self._push({href})
            error = CalDAVError(f"DELETE {href} refused: HTTP {status}; the store keeps the server's version")
            self._failed(error)
            raise error
        self._cache.drop(href)
        self._push({href})

    def create(self, title: str, start: int, end: int, all_day: bool = False) -> str:
        """Creates an event (a new resource, If-None-Match: *); waits; returns its href."""
        return self._run(lambda: self._create(title, start, end, all_day))

    def _create(self, title: str, start: int, end: int, all_day: bool) -> str:
        uid, text = edits.new_event(title, start, end, all_day)
        href = urllib.parse.urlparse(self.calendar.url).path.rstrip("/") + "/" + uid + ".ics"
        self._write(href, text, None)
        return href

    def event_id(self, href: str, all_day: bool = False) -> int:
        """The event id of a single-event resource (``create``'s href, ``all_day`` as
        created): the id ``move`` and ``delete`` take for it."""
        return self._cache.id_of((href, None), all_day)

    def watch(self, editing: Any, new_title: str = "New event") -> None:
        """Writes back every edit ``editing`` (kalends.editing.Editing of the attached
        view) commits on this source's events: on the worker, after the commit; a
        failure or a conflict rolls the store back and goes to ``on_error``. A time
        range the create gesture selects becomes a new event titled ``new_title`` on
        the server (If-None-Match: *), in the view's store once the server took it; a
        refused one never enters the store and goes to ``on_error``."""
        from ..editing import GestureKind

        def should_commit(state: Any) -> bool:
            if state.kind == GestureKind.EVENT_CREATE:
                self._worker.submit(self._create_quietly, new_title, state.start, state.end, state.all_day)
            elif self._cache.key(state.event) is not None:
                self._worker.submit(self._write_edit, state.event, state.start, state.end, state.all_day)
            return True
        editing.set_callbacks(should_commit=should_commit)

    def _create_quietly(self, title: str, start: int, end: int, all_day: bool) -> None:
        try:
            self._create(title, start, end, all_day)
        except CalDAVError:
            pass   # said through on_error; the store holds what the server has

    def _write_edit(self, event: int, start: int, end: int, all_day: bool) -> None:
        """Writes an edit once the view's commit has put it in the store (the callback
        runs before the commit does: the write waits for it, at most 2 s; an edit the
        store never shows -- refused after the callback -- is not written)."""
        store = self._store()
        deadline = time.monotonic() + 2.0
        while store is not None:
            try:
                now = store.get(event)
            except Exception:  # gone from the store meanwhile
                return
            if (now.start, now.end, now.all_day) == (start, end, all_day):
                break
            if time.monotonic() > deadline:
                return
            time.sleep(0.001)
        try:
            self._move(event, start, end, all_day)
        except CalDAVError:
            pass   # said through on_error; the store holds the server's version

    def _entry(self, event: int) -> tuple[str, Optional[int], Any]:
        key = self._cache.key(event)
        if key is None or key[0] not in self._cache.resources:
            raise CalDAVError(f"event {event} is not an event of this calendar")
        return key[0], key[1], self._cache.resources[key[0]]

    def _was_all_day(self, event: int) -> bool:
        return self._cache.all_day.get(event, False)

    def _url(self, href: str) -> str:
        return urllib.parse.urljoin(self.calendar.url, href)

    def _write(self, href: str, text: str, etag: Optional[str]) -> str:
        """PUTs a resource's new text; on success the cache and the view's store take the
        server's version of it; on 412 ConflictError; else rolled back and CalDAVError."""
        try:
            status, new_etag = protocol.put(self.client, self._url(href), text, etag)
        except CalDAVError as e:
            self._push({href})
            self._failed(e)
            raise
        if status == 412:
            self._conflict(href, text)
        if status not in (200, 201, 204):
            self._push({href})
            error = CalDAVError(f"PUT {href} refused: HTTP {status}; the store keeps the server's version")
            self._failed(error)
            raise error
        server = protocol.get(self.client, self._url(href))
        if server is not None and server.text is not None:
            new_etag = server.etag or new_etag
            self._cache.put([protocol.Resource(href, new_etag, server.text)])
        self._push({href})
        return new_etag

    def _conflict(self, href: str, mine: str) -> None:
        """A 412: the server's version into the cache and the store; ConflictError."""
        server = protocol.get(self.client, self._url(href))
        if server is None:
            self._cache.drop(href)
        else:
            self._cache.put([protocol.Resource(href, server.etag, server.text)])
        self._push({href})
        error = ConflictError(f"{href} changed on the server: the store shows the server's version, "
                              "the refused change is kept in the error", href, mine,
                              None if server is None else server.text, None if server is None else server.etag)
        self._failed(error)
        raise error


class SynchronousCalDAV:
    """A CalDAVSource answering at once (``fetch``): a view asks it on its own thread."""

    def __init__(self, source: CalDAVSource) -> None:
        self.source = source

    def fetch(self, first: DateLike, last: DateLike) -> list[Event]:
        return self.source.events(first, last)


def _day(number: int) -> Any:
    return date_from_day_number(number)


__all__ = ["CalDAVSource", "SynchronousCalDAV", "SyncResult", "Timing"]
