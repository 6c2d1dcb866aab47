"""A dense recurring event costs what is shown (issue 24, item 2): an event every second
(86,400 a day) in a store, a view and the CLI. Counts are counted, not listed, and a page
of a range is its first ``limit`` occurrences; every count and page is checked against an
oracle that lists them (recurring-ical-events with icalendar, dateutil.rrule) on windows
small enough to list, and the dense month itself by arithmetic. No timing: the work is
bounded by checking results, and the CLI runs with a generous timeout and an address-space
limit only as guards against a hang."""
from __future__ import annotations

import datetime as dt
import os
import re
import resource
import subprocess
import sys
from pathlib import Path
from zoneinfo import ZoneInfo

import dateutil.rrule as du
import icalendar
import pytest
import recurring_ical_events as rie

from kalends.app import cli
from kalends import View, ical
from kalends.errors import OutOfRangeError
from kalends import EventStore, TimeZone

UTC = dt.timezone.utc
BERLIN = ZoneInfo("Europe/Berlin")


def calendar(*events: str) -> bytes:
    body = "".join("BEGIN:VEVENT\r\nDTSTAMP:20260101T000000Z\r\n" + e.strip().replace("\n", "\r\n") + "\r\nEND:VEVENT\r\n"
                   for e in events)
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//kalends//dense//EN\r\n" + body + "END:VCALENDAR\r\n").encode()


EVERY_SECOND = calendar("UID:tick\nSUMMARY:Tick\nDTSTART:20260101T000000Z\nDTEND:20260101T000001Z\nRRULE:FREQ=SECONDLY")

#: Dense but listable on small windows: seconds in a zone with a clock change (Berlin,
#: 2026-03-29 02:00 -> 03:00), filtered minutes with an EXDATE and a moved instance.
ORACLE_FILES = [
    calendar("UID:a\nSUMMARY:seven\nDTSTART;TZID=Europe/Berlin:20260328T220000\nDURATION:PT3S\n"
             "RRULE:FREQ=SECONDLY;INTERVAL=7"),
    calendar("UID:b\nSUMMARY:minutes\nDTSTART;TZID=Europe/Berlin:20260327T000000\nDURATION:PT90M\n"
             "RRULE:FREQ=MINUTELY;INTERVAL=3;BYHOUR=0,1,2,3,9,23\n"
             "EXDATE;TZID=Europe/Berlin:20260329T090300",
             "UID:b\nRECURRENCE-ID;TZID=Europe/Berlin:20260329T090000\nSUMMARY:moved\n"
             "DTSTART;TZID=Europe/Berlin:20260329T120000\nDURATION:PT1H"),
    calendar("UID:c\nSUMMARY:hours\nDTSTART:20260328T000000\nDURATION:PT1S\nRRULE:FREQ=SECONDLY;BYSECOND=0,30;BYMINUTE=0,15"),
]

WINDOWS = [(dt.datetime(2026, 3, 29, 0, 0, tzinfo=BERLIN), dt.datetime(2026, 3, 29, 4, 0, tzinfo=BERLIN)),
           (dt.datetime(2026, 3, 28, 23, 59, 58, tzinfo=UTC), dt.datetime(2026, 3, 29, 2, 0, 3, tzinfo=UTC)),
           (dt.datetime(2026, 3, 29, 8, 30, tzinfo=BERLIN), dt.datetime(2026, 3, 29, 12, 30, tzinfo=BERLIN))]


def skipped(s: dt.datetime) -> bool:
    """A wall time a clock change skips (a zoned one, or a floating one read in a zone):
    RFC 5545 3.3.10 says a recurrence instance there is no instance (Kalends follows it;
    recurring-ical-events lists it)."""
    if s.tzinfo is None:
        return False
    return s.astimezone(UTC).astimezone(s.tzinfo).replace(tzinfo=None) != s.replace(tzinfo=None)


def oracle(text: bytes, start: dt.datetime, end: dt.datetime) -> list[tuple[str, int]]:
    """recurring-ical-events' occurrences: (summary, start instant), in start order, less
    those at skipped wall times (RFC 5545 decides, see ``skipped``)."""
    found = rie.of(icalendar.Calendar.from_ical(text)).between(start, end)
    out = []
    for e in found:
        s = instant(e["DTSTART"].dt, start)
        if skipped(s):
            continue
        out.append((str(e["SUMMARY"]), int(s.timestamp())))
    return sorted(out, key=lambda x: x[1])


def instant(value: dt.datetime, window: dt.datetime) -> dt.datetime:
    """A start as an aware datetime: floating ones read in the window's zone (as both
    read them)."""
    return value.replace(tzinfo=window.tzinfo) if value.tzinfo is None else value


def listed(found: list[ical.ICalOccurrence], window: dt.datetime) -> list[tuple[str, int]]:
    return [(o.summary or "", int(instant(o.start, window).timestamp())) for o in found]  # type: ignore[arg-type]


@pytest.mark.parametrize("index", range(len(ORACLE_FILES)))
def test_counts_and_pages_agree_with_recurring_ical_events(index: int) -> None:
    text = ORACLE_FILES[index]
    cal = ical.read(text)
    for start, end in WINDOWS:
        expected = oracle(text, start, end)
        assert len(expected) > 5
        assert cal.count(start, end) == len(expected)
        for limit in (1, 5, 40):
            assert listed(cal.between(start, end, limit=limit), start) == expected[:limit]
        assert listed(cal.between(start, end), start) == expected


@pytest.mark.parametrize("index", range(len(ORACLE_FILES)))
def test_store_counts_days_as_the_oracle_lists_them(index: int) -> None:
    text = ORACLE_FILES[index]
    store = EventStore()
    zone = TimeZone("Europe/Berlin")
    ical.load(text, store, zone=zone)
    day = dt.date(2026, 3, 29)
    start = dt.datetime(2026, 3, 29, tzinfo=BERLIN)
    expected = oracle(text, start, dt.datetime(2026, 3, 30, tzinfo=BERLIN))
    assert store.count(day, day, zone) == len(expected)
    assert [(e.title, e.start) for e in store.query(day, day, zone, limit=7)] == expected[:7]
    assert [(o.event.title, o.event.start) for o in store.occurrences(day, day, zone, limit=3)] == expected[:3]
    assert store.dots(day, day, 2, zone)[0].count == len(expected)


def test_a_month_of_an_event_every_second() -> None:
    store = EventStore()
    ical.load(EVERY_SECOND, store)
    first, last = dt.date(2026, 10, 26), dt.date(2026, 12, 6)
    assert store.count(first, last) == 42 * 86_400
    page = store.query(first, last, limit=3)
    assert [e.start for e in page] == [int(dt.datetime(2026, 10, 26, tzinfo=UTC).timestamp()) + i for i in range(3)]
    assert [o.recurrence_id for o in store.occurrences(first, last, limit=2)] == [e.start for e in page[:2]]
    assert store.query(first, last, limit=0) == []
    with pytest.raises(OutOfRangeError):
        store.query(first, last, limit=-1)
    view = View(width=700)
    view.go_to(dt.date(2026, 11, 1))
    bars, more = view.event_bars(store)
    assert len(bars) == 84 and len(more) == 42 and {m.hidden for m in more} == {86_398}
    dots = store.dots(first, last, 3)
    assert {d.count for d in dots} == {86_400} and all(len(d.colors) == 3 for d in dots)
    assert len(store.timeline(first, limit=4)) == 4
    # A year: counted as quickly.
    assert store.count(dt.date(2027, 1, 1), dt.date(2027, 12, 31)) == 365 * 86_400
    cal = ical.read(EVERY_SECOND)
    year = dt.datetime(2027, 1, 1, tzinfo=UTC), dt.datetime(2028, 1, 1, tzinfo=UTC)
    assert cal.count(*year) == 365 * 86_400
    assert [o.start for o in cal.between(*year, limit=2)] == [year[0], year[0] + dt.timedelta(seconds=1)]
    assert [o.start for o in ical.between(EVERY_SECOND, dt.datetime(2027, 1, 1), dt.datetime(2027, 1, 2), limit=2)] == \
        [year[0], year[0] + dt.timedelta(seconds=1)]


@pytest.mark.parametrize("rule,start", [("FREQ=SECONDLY;BYHOUR=9,17;BYMINUTE=0,30", dt.datetime(2026, 3, 1, 9)),
                                        ("FREQ=MINUTELY;INTERVAL=7;BYHOUR=1,2,3", dt.datetime(2026, 3, 1, 1)),
                                        ("FREQ=SECONDLY;INTERVAL=13;BYSECOND=1,2,3,50", dt.datetime(2026, 3, 1, 0, 0, 1)),
                                        ("FREQ=HOURLY;BYMINUTE=0,20,40;BYSECOND=5,6", dt.datetime(2026, 3, 1, 0, 0, 5))])
def test_rule_counts_over_cut_days_agree_with_dateutil(rule: str, start: dt.datetime) -> None:
    """A floating event of one RRULE (DTSTART one of its instances, so RFC 5545 and
    dateutil agree), counted over ranges that cut days, hours and minutes."""
    cal = ical.read(calendar(f"UID:r\nSUMMARY:r\nDTSTART:{start:%Y%m%dT%H%M%S}\nRRULE:{rule}"))
    theirs = du.rrulestr(rule, dtstart=start)
    for a, b in [(dt.datetime(2026, 3, 1, 9, 0, 30), dt.datetime(2026, 3, 3, 17, 0, 10)),
                 (dt.datetime(2026, 3, 2, 1, 5), dt.datetime(2026, 3, 2, 2, 59, 59)),
                 (dt.datetime(2026, 3, 1), dt.datetime(2026, 3, 8))]:
        expected = theirs.between(a, b - dt.timedelta(seconds=1), inc=True)   # starts in [a, b)
        assert cal.count(a.replace(tzinfo=UTC), b.replace(tzinfo=UTC)) == len(expected)
        assert [o.start for o in cal.between(a, b, limit=3)] == expected[:3]


def run_cli(*args: str, path: Path) -> subprocess.CompletedProcess[str]:
    """The CLI in a child with at most 1 GiB of address space and a generous timeout:
    guards against a hang, not a measure (the bench measures)."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    env = dict(os.environ, TZ="UTC")
    return subprocess.run([sys.executable, "-m", "kalends", *args, "--events", str(path)], capture_output=True, text=True,
                          timeout=120, env=env, preexec_fn=limit)


def test_the_cli_lists_a_page_and_counts_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "dense.ics"
    path.write_bytes(EVERY_SECOND)
    done = run_cli("2026", "11", path=path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    listed = [line for line in lines if line.startswith("2026-10-26 ")]
    assert len(listed) == cli.LISTED_EVENTS
    assert lines[-1] == f"… and {42 * 86_400 - cli.LISTED_EVENTS:,} more"
    done = run_cli("2026", "11", "--json", path=path)
    assert done.returncode == 0, done.stderr
    assert f'"events_not_listed": {42 * 86_400 - cli.LISTED_EVENTS}' in done.stdout
    done = run_cli("2026", "11", "--svg", str(tmp_path / "month.svg"), path=path)
    assert done.returncode == 0, done.stderr
    labels = re.findall(r'class="more" data-date="[^"]*" data-hidden="(\d+)"', (tmp_path / "month.svg").read_text())
    # every day of the page: its lanes but the last drawn, the rest of its 86,400 counted
    assert len(labels) == 42 and len(set(labels)) == 1 and 86_390 < int(labels[0].replace(",", "")) < 86_400
