"""The CalDAV source's cache without a server: resources read once at their ETag,
Kalends expanding what a server may not (an RSCALE rule, RFC 7529), ids stable per
occurrence, a resource Kalends refuses left out with a warning, ranges merged."""
from __future__ import annotations

import datetime as dt

import kalends
from kalends.caldav.cache import Cache
from kalends.caldav.protocol import Resource
from kalends.caldav.ranges import Ranges

LEAP = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:leap\r\n"
        "DTSTAMP:20260101T000000Z\r\nSUMMARY:Leap birthday\r\nDTSTART;VALUE=DATE:20240229\r\n"
        "DTEND;VALUE=DATE:20240301\r\nRRULE:RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=FORWARD\r\nEND:VEVENT\r\n"
        "END:VCALENDAR\r\n")
ONE = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:one\r\n"
       "DTSTAMP:20260101T000000Z\r\nSUMMARY:One\r\nDTSTART:20260301T090000Z\r\nDTEND:20260301T100000Z\r\n"
       "END:VEVENT\r\nEND:VCALENDAR\r\n")


def days(first: dt.date, last: dt.date, cache: Cache) -> list[tuple[str, int]]:
    return sorted((e.title, e.start) for e in cache.events(first, last))


def test_an_rscale_series_is_expanded_by_kalends_on_1_march_of_common_years() -> None:
    cache = Cache(kalends.TimeZone("UTC"))
    assert cache.put([Resource("/c/leap.ics", '"1"', LEAP), Resource("/c/one.ics", '"1"', ONE)]) == \
        ["/c/leap.ics", "/c/one.ics"]
    march1 = dt.date(2026, 3, 1).toordinal() - dt.date(1970, 1, 1).toordinal()
    assert days(dt.date(2026, 3, 1), dt.date(2026, 3, 1), cache) == [("Leap birthday", march1), ("One", 1772355600)]
    feb29 = dt.date(2028, 2, 29).toordinal() - dt.date(1970, 1, 1).toordinal()
    assert days(dt.date(2028, 2, 1), dt.date(2028, 3, 31), cache) == [("Leap birthday", feb29)]


def test_a_resource_is_read_once_at_its_etag_and_its_occurrences_keep_their_ids() -> None:
    cache = Cache(kalends.TimeZone("UTC"))
    cache.put([Resource("/c/leap.ics", '"1"', LEAP)])
    before = cache.events(dt.date(2026, 1, 1), dt.date(2030, 12, 31))
    assert cache.put([Resource("/c/leap.ics", '"1"', LEAP)]) == []          # same ETag: not read again
    assert cache.put([Resource("/c/leap.ics", '"2"', LEAP)]) == ["/c/leap.ics"]
    after = cache.events(dt.date(2026, 1, 1), dt.date(2030, 12, 31))
    assert [e.id for e in after] == [e.id for e in before] and len({e.id for e in after}) == 5
    assert cache.key(after[0].id) == ("/c/leap.ics", after[0].start)


def test_a_resource_kalends_refuses_is_left_out_with_a_warning_and_the_rest_kept() -> None:
    cache = Cache(kalends.TimeZone("UTC"))
    broken = ONE.replace("UID:one", "UID:broken").replace("DTSTART:20260301T090000Z", "DTSTART:2026-03-01")
    taken = cache.put([Resource("/c/broken.ics", '"1"', broken), Resource("/c/one.ics", '"1"', ONE)])
    assert "/c/one.ics" in taken
    assert [e.title for e in cache.events(dt.date(2026, 3, 1), dt.date(2026, 3, 1))] == ["One"]


def test_ranges_merge_and_say_the_smallest_range_still_missing() -> None:
    r = Ranges()
    assert r.missing(0, 10) == (0, 10)
    r.add(0, 10)
    r.add(20, 30)
    assert r.missing(5, 10) is None and r.missing(5, 25) == (10, 20) and r.missing(25, 40) == (30, 40)
    assert r.missing(-5, 35) == (-5, 35)
    r.add(10, 20)
    assert r.spans() == [(0, 30)]
