"""A CalDAV page change (issue 30) with 10,000 events on the server, one every 100
minutes (~430 a month page): the page change itself (the view asks its source and
returns before any answer), and the answer applied after the response arrives -- the
multistatus parsed (the caldav library's parser), the resources read into the source's
cache (one iCalendar read and import), the page's events expanded and delivered into
the view's store -- measured apart from the network on the response's bytes. Two
sizes: the cache holding only the page, and holding the other 9,500 events too (the
cost must follow the page). And a page inside the fetched range: answered from the
cache. Medians of 15 samples, wall time of this thread (the machine is shared)."""
from __future__ import annotations

import datetime as dt
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bindings" / "python"))
sys.path.insert(0, str(ROOT / "bindings" / "python" / "tests" / "caldav"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_summary import record  # noqa: E402
from caldav.response import DAVResponse  # noqa: E402

import kalends  # noqa: E402
from kalends.caldav.cache import Cache  # noqa: E402
from kalends.caldav.protocol import Resource  # noqa: E402
from radicale_server import plain  # noqa: E402

FIRST = int(dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc).timestamp())
STEP = 6000


class Pending:
    """A view's asynchronous source that keeps the request (the bench answers it)."""

    def __init__(self) -> None:
        self.complete: Any = None
        self.days: Any = None

    def begin(self, request: int, first: dt.date, last: dt.date, complete: Any) -> None:
        self.complete, self.days = complete, (first, last)


def multistatus(items: dict[str, str]) -> bytes:
    """A calendar-query answer of these resources, as a server sends it."""
    parts = ['<?xml version="1.0" encoding="utf-8"?>\n<multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">']
    for uid, text in items.items():
        parts.append(f'<response><href>/alice/big/{uid}.ics</href><propstat><prop><getetag>"{uid}"</getetag>'
                     f'<C:calendar-data>{text}</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat>'
                     '</response>')
    parts.append("</multistatus>")
    return "".join(parts).encode("utf-8")


def page_items(items: dict[str, str], first: dt.date, last: dt.date) -> dict[str, str]:
    a = int(dt.datetime(first.year, first.month, first.day, tzinfo=dt.timezone.utc).timestamp())
    b = int(dt.datetime(last.year, last.month, last.day, tzinfo=dt.timezone.utc).timestamp()) + 86400
    return {u: t for u, t in items.items() if a - 2700 < FIRST + int(u[1:]) * STEP < b}


def apply_once(body: bytes, others: list[Resource], view: kalends.View, source: Pending) -> float:
    """Seconds from the response's bytes to the events in the view's store."""
    cache = Cache(kalends.TimeZone("UTC"))
    if others:
        cache.put(others)
    first, last = source.days
    t0 = time.perf_counter()
    found = [Resource(r.href, r.etag or "", r.calendar_data) for r in DAVResponse.from_bytes(body).parse_calendar_query()]
    cache.put(found)
    events = cache.events(first, last)
    source.complete(events)
    elapsed = time.perf_counter() - t0
    assert view.pending_requests == 0 and len(events) == len(found), (len(events), len(found))
    return elapsed


def main() -> None:
    items = plain(10_000, FIRST, STEP, "b")
    view = kalends.View(width=700)
    view.go_to(dt.date(2026, 5, 15))
    store = kalends.EventStore()
    view.set_store(store)
    source = Pending()
    view.add_source(source)
    changes = []
    for i in range(15):                   # each a new range; the page changes before any answer
        t0 = time.perf_counter()
        view.next_page() if i % 2 == 0 else view.previous_page()
        changes.append(time.perf_counter() - t0)
        assert view.pending_requests == 1
    view.go_to(dt.date(2026, 6, 15))
    page = page_items(items, *source.days)
    body = multistatus(page)
    others = [Resource(f"/alice/big/{u}.ics", f'"{u}"', t) for u, t in items.items() if u not in page]
    alone, among = [], []
    for _ in range(15):
        view.go_to(dt.date(2026, 7, 15))
        view.go_to(dt.date(2026, 6, 15))
        alone.append(apply_once(body, [], view, source))
        view.go_to(dt.date(2026, 7, 15))
        view.go_to(dt.date(2026, 6, 15))
        among.append(apply_once(body, others, view, source))
    cache = Cache(kalends.TimeZone("UTC"))
    cache.put(others + [Resource(f"/alice/big/{u}.ics", f'"{u}"', t) for u, t in page.items()])
    cached = []
    for _ in range(15):
        view.go_to(dt.date(2026, 7, 15))
        view.go_to(dt.date(2026, 6, 15))
        t0 = time.perf_counter()
        source.complete(cache.events(*source.days))
        cached.append(time.perf_counter() - t0)
    m = statistics.median
    print(f"caldav: page change with the answer pending {m(changes) * 1e6:.0f} us; {len(page)} resources "
          f"({len(body) // 1024} KiB) applied {m(alone) * 1e3:.1f} ms with only them cached, "
          f"{m(among) * 1e3:.1f} ms among 10,000 ({m(among) / m(alone):.2f}x); from the cache {m(cached) * 1e3:.1f} ms")
    record("caldav.py.page_change", 0, m(changes) * 1e6)
    record("caldav.py.apply", 0, m(among) * 1e3)
    record("caldav.py.apply_10k", m(alone) * 1e3, m(among) * 1e3)
    record("caldav.py.cached_page", 0, m(cached) * 1e3)


if __name__ == "__main__":
    main()
