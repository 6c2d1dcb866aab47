"""What the CalDAV tests share: a view on a CalDAV source in Paris, waiting for its
answers, the requests a source makes (a wrapper around its caldav client's request),
and the oracle: recurring-ical-events' expansion of the seeded resources."""
from __future__ import annotations

import datetime as dt
import re
import time
import zoneinfo
from typing import Any, Callable

import icalendar
import recurring_ical_events

import kalends
from kalends.caldav import CalDAVSource

PARIS = zoneinfo.ZoneInfo("Europe/Paris")
_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
_ORDINAL_1970 = dt.date(1970, 1, 1).toordinal()


class Requests:
    """The HTTP requests a source's client makes: (method, time-range or None)."""

    def __init__(self, source: CalDAVSource) -> None:
        self.made: list[tuple[str, Any]] = []
        self.before: Callable[[str], None] = lambda method: None
        inner = source.client.request

        def request(url: str, method: str = "GET", body: Any = "", headers: Any = None, *rest: Any) -> Any:
            text = body.decode("utf-8") if isinstance(body, bytes) else str(body)
            found = re.search(r'time-range start="(\w+)" end="(\w+)"', text)
            kind = method + (" sync" if "sync-collection" in text else "") + (" multiget" if "multiget" in text else "")
            self.made.append((kind, (found.group(1), found.group(2)) if found else None))
            self.before(method)
            return inner(url, method, body, headers)
        source.client.request = request  # type: ignore[method-assign]

    def reports(self) -> list[Any]:
        return [r for m, r in self.made if m == "REPORT"]

    def clear(self) -> None:
        self.made.clear()


def stamp(t: int) -> str:
    return (_EPOCH + dt.timedelta(seconds=t)).strftime("%Y%m%dT%H%M%SZ")


def midnight(day: dt.date, zone: dt.tzinfo = PARIS) -> int:
    return int(dt.datetime(day.year, day.month, day.day, tzinfo=zone).timestamp())


def wait(view: kalends.View, seconds: float = 60.0) -> None:
    """Until the view has no request pending."""
    deadline = time.monotonic() + seconds
    while view.pending_requests:
        assert time.monotonic() < deadline, "the source did not answer"
        time.sleep(0.005)


def shown(store: kalends.EventStore, view: kalends.View) -> list[tuple[str, bool, int, int]]:
    """The store's events of the view's page, as (title, all_day, start, end), sorted."""
    page = view.page
    return sorted((e.title, e.all_day, e.start, e.end)
                  for e in store.query(page.first_date, page.last_date, kalends.TimeZone("Europe/Paris")))


def oracle(resources: dict[str, str], first: dt.date, last: dt.date, skip: tuple[str, ...] = ("leap",)
           ) -> list[tuple[str, bool, int, int]]:
    """recurring-ical-events' occurrences of local days first ... last in Paris, as
    ``shown`` gives them (cancelled ones left out, as a view leaves them out); the
    resources in ``skip`` are not compared (RSCALE: the oracle does not read it)."""
    a, b = midnight(first), midnight(last + dt.timedelta(days=1))
    out = []
    for uid, text in resources.items():
        if uid in skip:
            continue
        cal = icalendar.Calendar.from_ical(text)
        for o in recurring_ical_events.of(cal).between(first - dt.timedelta(days=3), last + dt.timedelta(days=3)):
            if str(o.get("STATUS", "")).upper() == "CANCELLED":
                continue
            s, e = o["DTSTART"].dt, o["DTEND"].dt
            if isinstance(s, dt.datetime):
                si, ei = int(s.timestamp()), int(e.timestamp())
                if si < b and ei > a:
                    out.append((str(o["SUMMARY"]), False, si, ei))
            else:
                d0, d1 = s.toordinal() - _ORDINAL_1970, e.toordinal() - _ORDINAL_1970 - 1
                if d0 <= last.toordinal() - _ORDINAL_1970 and d1 >= first.toordinal() - _ORDINAL_1970:
                    out.append((str(o["SUMMARY"]), True, d0, d1))
    return sorted(out)
