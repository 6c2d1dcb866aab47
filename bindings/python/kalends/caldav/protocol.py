"""The CalDAV requests a source makes, through the ``caldav`` library's client and its
element builders and response parsers (no WebDAV written by hand): a calendar-query
REPORT for a time range, with or without the resources' data, a calendar-multiget, a
sync-collection REPORT, GET, PUT and DELETE with preconditions. Each raises
``CalDAVError`` (``AuthenticationError`` for refused credentials) naming the request."""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence, TypeVar

from caldav.davclient import DAVClient
from caldav.elements import cdav, dav
from caldav.lib import error as dav_error
from caldav.response import DAVResponse
from lxml import etree  # type: ignore[import-untyped]  # lxml ships no types (caldav builds its XML with it)

from .errors import AuthenticationError, CalDAVError

T = TypeVar("T")


@dataclass(frozen=True)
class Resource:
    """A calendar object resource: its href (path on the server), its ETag and its
    iCalendar text (None when only the ETag was asked for)."""

    href: str
    etag: str
    text: Optional[str]


@dataclass(frozen=True)
class SyncAnswer:
    """A sync-collection answer: the resources changed since the token (their ETags;
    data is fetched by multiget), the hrefs deleted, and the new token."""

    changed: list[Resource]
    deleted: list[str]
    token: Optional[str]


def _moment(instant: int) -> _dt.datetime:
    return _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc) + _dt.timedelta(seconds=instant)


def _stamp(instant: int) -> str:
    return _moment(instant).strftime("%Y%m%dT%H%M%SZ")


def _guard(what: str, call: Callable[[], T]) -> T:
    """Runs a request; the library's and the network's errors as CalDAVError."""
    try:
        return call()
    except CalDAVError:
        raise
    except dav_error.AuthorizationError:
        raise AuthenticationError(f"{what}: the server refused the credentials") from None
    except dav_error.DAVError as e:
        raise CalDAVError(f"{what} failed: {type(e).__name__} {getattr(e, 'reason', '')}".rstrip()) from None
    except OSError as e:
        raise CalDAVError(f"{what} failed: the server cannot be reached ({type(e).__name__})") from None
    except Exception as e:  # the HTTP library's own errors (connection reset, timeout)
        raise CalDAVError(f"{what} failed: {type(e).__name__}") from None


def _xml(element: Any) -> str:
    return str(etree.tostring(element.xmlelement(), encoding="utf-8", xml_declaration=True).decode("utf-8"))


def _ok(what: str, response: DAVResponse) -> DAVResponse:
    if response.status not in (200, 207):
        raise CalDAVError(f"{what} failed: HTTP {response.status}")
    return response


def _resources(response: DAVResponse) -> list[Resource]:
    return [Resource(r.href, r.etag or "", r.calendar_data) for r in response.parse_calendar_query()
            if r.status in (200, 207) and r.etag is not None]


def time_range_query(client: DAVClient, calendar: str, start: int, end: int, data: bool = True) -> list[Resource]:
    """The VEVENT resources overlapping instants [start, end) (RFC 4791 section 7.8): a
    recurring series once, as stored (the server does not expand it)."""
    props = [dav.GetEtag()] + ([cdav.CalendarData()] if data else [])
    query = cdav.CalendarQuery() + [dav.Prop() + props, cdav.Filter() + (
        cdav.CompFilter("VCALENDAR") + (cdav.CompFilter("VEVENT") + cdav.TimeRange(_moment(start), _moment(end))))]
    what = f"REPORT {_stamp(start)}...{_stamp(end)}"
    return _guard(what, lambda: _resources(_ok(what, client.report(calendar, _xml(query), depth=1))))


def multiget(client: DAVClient, calendar: str, hrefs: Sequence[str]) -> list[Resource]:
    """The resources at ``hrefs`` with their data (calendar-multiget)."""
    if not hrefs:
        return []
    query = cdav.CalendarMultiGet() + [dav.Prop() + [dav.GetEtag(), cdav.CalendarData()]] + [dav.Href(value=h) for h in hrefs]
    what = f"multiget of {len(hrefs)} resources"
    return _guard(what, lambda: _resources(_ok(what, client.report(calendar, _xml(query), depth=1))))


def sync_collection(client: DAVClient, calendar: str, token: Optional[str]) -> SyncAnswer:
    """What changed since ``token`` (None: every resource and a first token), RFC 6578."""
    query = dav.SyncCollection() + [dav.SyncToken(token or ""), dav.SyncLevel("1"), dav.Prop() + dav.GetEtag()]
    what = "sync-collection REPORT"

    def run() -> SyncAnswer:
        response = client.report(calendar, _xml(query), depth=None)
        if response.status not in (200, 207):
            raise CalDAVError(f"{what} failed: HTTP {response.status}")
        answer = response.parse_sync_collection()
        if answer.truncated:
            raise CalDAVError(f"{what}: the server truncated its answer")
        return SyncAnswer([Resource(r.href, r.etag or "", None) for r in answer.changed], list(answer.deleted),
                          answer.sync_token)
    return _guard(what, run)


def get(client: DAVClient, url: str) -> Optional[Resource]:
    """The resource at ``url`` (None when it is gone)."""
    def run() -> Optional[Resource]:
        response = client.request(url, "GET")
        if response.status == 404:
            return None
        _ok(f"GET {url}", response)
        text = response.raw
        return Resource(url, str(response.headers.get("ETag", "")), text)
    return _guard(f"GET {url}", run)


def put(client: DAVClient, url: str, text: str, etag: Optional[str]) -> tuple[int, str]:
    """PUTs ``text`` at ``url``: If-Match ``etag``, or If-None-Match * (a new resource)
    when None. Returns the HTTP status and the new ETag (empty when the server gave none)."""
    headers = {"Content-Type": "text/calendar; charset=utf-8"}
    headers.update({"If-Match": etag} if etag else {"If-None-Match": "*"})

    def run() -> tuple[int, str]:
        response = client.put(url, text, headers)
        return response.status, str(response.headers.get("ETag", "") or "")
    return _guard(f"PUT {url}", run)


def delete(client: DAVClient, url: str, etag: str) -> int:
    """DELETEs ``url`` If-Match ``etag``; the HTTP status."""
    return _guard(f"DELETE {url}", lambda: int(client.delete(url, {"If-Match": etag}).status))


__all__ = ["Resource", "SyncAnswer", "time_range_query", "multiget", "sync_collection", "get", "put", "delete"]
