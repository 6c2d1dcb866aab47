"""The agenda (list) layout (issue 27 item 2): the events of a range grouped by day, all-day
first, timed in start order, events of several days on each of their days ("day 2 of 3"),
virtualised by anchor day and offset. Oracles: recurring-ical-events with icalendar lists
the occurrences of the same .ics by itself (the whole agenda is built from its answer and
every viewport compared with the slice of it it covers); babel 2.18 (CLDR 47) formats the
headings. No timing (bench/ measures the cost)."""
from __future__ import annotations

import datetime as dt
import math
import random
import unicodedata
from typing import Any, NamedTuple, Optional
from zoneinfo import ZoneInfo

import babel
import babel.dates
import icalendar
import pytest
import recurring_ical_events as rie

from kalends import Agenda, AgendaRowKind, Event, EventStore, Locale, TimeZone, ical
from kalends.errors import InvalidArgumentError, NotFoundError, OutOfRangeError

BERLIN = ZoneInfo("Europe/Berlin")
FIRST, LAST = dt.date(2026, 10, 20), dt.date(2027, 1, 10)
H, R = 30.0, 20.0


def calendar(*events: str) -> bytes:
    body = "".join("BEGIN:VEVENT\r\nDTSTAMP:20260101T000000Z\r\n" + e.strip().replace("\n", "\r\n") + "\r\nEND:VEVENT\r\n"
                   for e in events)
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//kalends//agenda//EN\r\n" + body + "END:VCALENDAR\r\n").encode()


#: Timed, all-day, several days of each, a weekly series with an EXDATE and a moved
#: instance, an event across the clock change (2026-10-25) and one ending at midnight.
ICS = calendar(
    "UID:a\nSUMMARY:Standup\nDTSTART;TZID=Europe/Berlin:20261021T091500\nDURATION:PT15M\n"
    "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=30\nEXDATE;TZID=Europe/Berlin:20261106T091500",
    "UID:a\nRECURRENCE-ID;TZID=Europe/Berlin:20261111T091500\nSUMMARY:Standup moved\n"
    "DTSTART;TZID=Europe/Berlin:20261111T163000\nDURATION:PT15M",
    "UID:b\nSUMMARY:Conference\nDTSTART;TZID=Europe/Berlin:20261104T180000\nDTEND;TZID=Europe/Berlin:20261106T120000",
    "UID:c\nSUMMARY:Holiday\nDTSTART;VALUE=DATE:20261224\nDTEND;VALUE=DATE:20261227",
    "UID:d\nSUMMARY:Birthday\nDTSTART;VALUE=DATE:20261105\nDTEND;VALUE=DATE:20261106",
    "UID:e\nSUMMARY:Night shift\nDTSTART;TZID=Europe/Berlin:20261024T220000\nDTEND;TZID=Europe/Berlin:20261025T060000",
    "UID:f\nSUMMARY:Until midnight\nDTSTART;TZID=Europe/Berlin:20261120T200000\nDTEND;TZID=Europe/Berlin:20261121T000000",
    "UID:g\nSUMMARY:Lunch\nDTSTART;TZID=Europe/Berlin:20261105T120000\nDURATION:PT1H",
    "UID:h\nSUMMARY:Year end\nDTSTART;VALUE=DATE:20261231\nDTEND;VALUE=DATE:20270102",
)


class Line(NamedTuple):
    """A row of the oracle's whole agenda: its top from the range's top."""

    top: float
    kind: AgendaRowKind
    day: dt.date
    title: str
    day_index: int
    day_count: int


def local_days(component: Any) -> tuple[dt.date, dt.date, bool, dt.datetime]:
    """First and last local day (Berlin) of an occurrence, whether it is all-day, and
    its start for ordering (all-day: local midnight of its first day)."""
    start, end = component["DTSTART"].dt, component["DTEND"].dt
    if not isinstance(start, dt.datetime):
        return start, end - dt.timedelta(days=1), True, dt.datetime.combine(start, dt.time(), BERLIN)
    a, b = start.astimezone(BERLIN), end.astimezone(BERLIN)
    last = (b - dt.timedelta(microseconds=1)).date() if b > a else a.date()
    return a.date(), last, False, a


def oracle_lines(first: dt.date, last: dt.date) -> list[Line]:
    cal = icalendar.Calendar.from_ical(ICS)
    found = rie.of(cal).between(dt.datetime.combine(first, dt.time(), BERLIN),
                                dt.datetime.combine(last + dt.timedelta(days=1), dt.time(), BERLIN))
    spans = [(str(c["SUMMARY"]), *local_days(c)) for c in found]
    lines, top = [], 0.0
    day = first
    while day <= last:
        on = [s for s in spans if s[1] <= day <= s[2]]
        if on:
            on.sort(key=lambda s: (not s[3], s[4]))   # all-day first, then by start
            lines.append(Line(top, AgendaRowKind.HEADING, day, "", 0, 0))
            top += H
            for title, a, b, _, _ in on:
                lines.append(Line(top, AgendaRowKind.EVENT, day, title, (day - a).days + 1, (b - a).days + 1))
                top += R
        day += dt.timedelta(days=1)
    return lines


@pytest.fixture(scope="module")
def store() -> EventStore:
    s = EventStore()
    ical.load(ICS, s, zone=TimeZone("Europe/Berlin"))
    return s


def agenda(store: EventStore, **kw: Any) -> Agenda:
    return Agenda(store, FIRST, LAST, TimeZone("Europe/Berlin"), heading_height=H, row_height=R, **kw)


def block_tops(lines: list[Line]) -> dict[dt.date, float]:
    return {ln.day: ln.top for ln in lines if ln.kind == AgendaRowKind.HEADING}


def shown(page: Any) -> list[tuple[float, AgendaRowKind, dt.date, str, int, int]]:
    return [(round(r.y, 6), r.kind, r.day, r.occurrence.event.title if r.occurrence else "", r.day_index, r.day_count)
            for r in page.rows]


def expected(lines: list[Line], top: float, height: float) -> list[tuple[float, AgendaRowKind, dt.date, str, int, int]]:
    return [(round(ln.top - top, 6), ln.kind, ln.day, ln.title, ln.day_index, ln.day_count) for ln in lines
            if ln.top + (H if ln.kind == AgendaRowKind.HEADING else R) > top and ln.top < top + height]


def test_a_tall_viewport_is_the_whole_agenda_of_the_oracle(store: EventStore) -> None:
    lines = oracle_lines(FIRST, LAST)
    total = lines[-1].top + R
    page = agenda(store).viewport(total + 500)
    assert shown(page) == expected(lines, 0, total + 500)
    assert page.at_start and page.at_end
    # the multi-day ones: the conference on 3 days, the night shift across the clock change on 2
    conference = [(r.day, r.day_index, r.day_count) for r in page.rows
                  if r.occurrence and r.occurrence.event.title == "Conference"]
    assert conference == [(dt.date(2026, 11, 4), 1, 3), (dt.date(2026, 11, 5), 2, 3), (dt.date(2026, 11, 6), 3, 3)]
    # an event ending at midnight is not on the next day
    assert [r.day for r in page.rows if r.occurrence and r.occurrence.event.title == "Until midnight"] == [
        dt.date(2026, 11, 20)]


def test_every_viewport_is_its_slice_of_the_oracle_while_scrolling(store: EventStore) -> None:
    lines = oracle_lines(FIRST, LAST)
    tops = block_tops(lines)
    total = lines[-1].top + R
    a = agenda(store)
    rng = random.Random(27)
    height = 170.0
    page = a.viewport(height)
    position = 0.0
    for _ in range(300):
        assert shown(page) == expected(lines, position, height), position
        assert tops[page.anchor_day] + page.offset == pytest.approx(position)
        assert page.at_start == (position <= 0) and page.at_end == (position + height >= total - 1e-9)
        delta = rng.choice([-1, 1]) * rng.uniform(0, 400)
        page = a.viewport(height, page.anchor_day, page.offset + delta)
        position = min(max(position + delta, 0.0), total - height)


def test_an_anchor_on_an_empty_day_starts_at_the_next_busy_one(store: EventStore) -> None:
    lines = oracle_lines(FIRST, LAST)
    tops = block_tops(lines)
    page = agenda(store).viewport(100, dt.date(2026, 12, 1))
    following = min(d for d in tops if d >= dt.date(2026, 12, 1))
    assert page.anchor_day == following and page.offset == 0
    assert shown(page) == expected(lines, tops[following], 100)
    # past the last busy day: the bottom stops at the end
    total = lines[-1].top + R
    page = agenda(store).viewport(100, LAST, 0)
    assert page.at_end and shown(page) == expected(lines, total - 100, 100)


#: Unicode's names of the digits of CLDR's numbering systems the locales below use.
DIGIT_NAMES = {"latn": "DIGIT ", "arab": "ARABIC-INDIC DIGIT ", "arabext": "EXTENDED ARABIC-INDIC DIGIT "}


def native_digits(name: str) -> str:
    """The digits of the locale's default numbering system (babel's CLDR 47 data), from Unicode."""
    system = babel.Locale.parse(name).default_numbering_system
    words = ("ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE")
    return "".join(unicodedata.lookup(DIGIT_NAMES[system] + w) for w in words)


def test_headings_are_babels_full_dates_and_cldr_relative_words(store: EventStore) -> None:
    today = dt.date(2026, 11, 5)
    page = agenda(store, today=today).viewport(10_000, dt.date(2026, 11, 3))
    relative = {r.day: r.relative for r in page.rows if r.kind == AgendaRowKind.HEADING}
    assert relative[dt.date(2026, 11, 4)] == -1 and relative[today] == 0 and relative[dt.date(2026, 11, 6)] == 1
    assert relative[dt.date(2026, 11, 9)] is None
    for name in ("en_US", "de_DE", "ja_JP", "ar_EG", "fa_IR", "he_IL"):
        for day in (dt.date(2026, 11, 5), dt.date(2027, 1, 1)):
            text, word = Agenda.heading(day, Locale(name))
            # babel writes Latin digits; CLDR's default numbering system of the locale (babel's too) its own
            digits = native_digits(name)
            theirs = babel.dates.format_date(day, "full", locale=name).translate(str.maketrans("0123456789", digits))
            assert text == theirs, name
            assert word is None
    assert Agenda.heading(today, Locale("de"), relative=0)[1] == Locale("de").relative_day(0)


def test_relative_words_are_the_three_cldr_has() -> None:
    # CLDR 47 fields/day/relative: the words ICU 77 (and Foundation, Swift test) give
    assert [Locale("de").relative_day(i) for i in (-1, 0, 1)] == ["gestern", "heute", "morgen"]
    assert [Locale("en").relative_day(i) for i in (-1, 0, 1)] == ["yesterday", "today", "tomorrow"]
    with pytest.raises(NotFoundError):
        Locale("de").relative_day(2)


def test_hebrew_calendar_headings() -> None:
    day = dt.date(2026, 11, 28)
    text, _ = Agenda.heading(day, Locale("he"), "hebrew")
    assert text == Locale("he").format_date(day, "full", "hebrew")
    assert text != Agenda.heading(day, Locale("he"))[0]


def test_a_range_of_ten_thousand_years_and_bad_input(store: EventStore) -> None:
    huge = Agenda(store, dt.date(1, 1, 1), dt.date(9999, 12, 31), TimeZone("Europe/Berlin"), heading_height=H,
                  row_height=R)
    page = huge.viewport(200)
    lines = oracle_lines(FIRST, LAST)
    assert shown(page) == expected(lines, 0, 200)
    assert page.at_start and not page.at_end and page.estimated_height >= 0
    end = huge.viewport(200, dt.date(9999, 12, 31), 0)
    assert end.at_end and shown(end) == expected(lines, lines[-1].top + R - 200, 200)
    assert huge.viewport(200, dt.date(5000, 1, 1)).rows == end.rows
    a = agenda(store)
    before = a.viewport(200)
    assert a.viewport(200, FIRST, -1e6) == before            # a negative offset stops at the top
    for bad in (math.nan, math.inf, -1.0):
        with pytest.raises(InvalidArgumentError):
            a.viewport(bad)
    with pytest.raises(InvalidArgumentError):
        a.viewport(200, FIRST, math.nan)
    with pytest.raises(InvalidArgumentError):
        a.viewport(200, dt.date(2030, 1, 1))
    for field in ("heading_height", "row_height"):
        for bad in (math.nan, 0.0, -5.0, math.inf):
            with pytest.raises(InvalidArgumentError):
                Agenda(store, FIRST, LAST, **{field: bad}).viewport(100)
    with pytest.raises(InvalidArgumentError):
        Agenda(store, LAST, FIRST).viewport(100)
    assert huge.viewport(200, dt.date(1, 1, 1), 1e11).rows == end.rows   # past the end: the end
    assert a.viewport(200) == before                         # nothing changed


def test_an_empty_store_and_a_dense_series() -> None:
    empty = Agenda(EventStore(), FIRST, LAST).viewport(300)
    assert empty.rows == [] and empty.at_start and empty.at_end and empty.estimated_height == 0
    s = EventStore()
    s.add_series(Event.timed(1, "tick", dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc),
                             dt.datetime(2026, 1, 1, 0, 0, 1, tzinfo=dt.timezone.utc)), "RRULE:FREQ=SECONDLY")
    a = Agenda(s, dt.date(2026, 1, 1), dt.date(2035, 12, 31), heading_height=H, row_height=R)
    # deep in the 86,400 rows of 2026-06-01: the occurrences at that position of the day
    page = a.viewport(100, dt.date(2026, 6, 1), H + 50_000 * R)
    events = [r for r in page.rows if r.kind == AgendaRowKind.EVENT]
    assert [r.position for r in events] == list(range(50_000, 50_005))
    midnight = int(dt.datetime(2026, 6, 1, tzinfo=dt.timezone.utc).timestamp())
    assert [r.occurrence.event.start for r in events] == [midnight + i for i in range(50_000, 50_005)]
    # an offset passing more than 10,000 days of events is refused (move the anchor day)
    with pytest.raises(OutOfRangeError):
        Agenda(s, dt.date(2026, 1, 1), dt.date(2099, 12, 31)).viewport(100, dt.date(2026, 1, 1), 1e12)


def test_a_viewport_of_more_than_100000_rows_is_refused(store: EventStore) -> None:
    # a dense series would make that many rows: the rows shown are the work, so a host
    # asking for millions gets a status, not a long call
    a = Agenda(store, FIRST, LAST, TimeZone("Europe/Berlin"), heading_height=1, row_height=1)
    assert len(a.viewport(100_000).rows) == len(oracle_lines(FIRST, LAST))
    with pytest.raises(InvalidArgumentError, match="rows"):
        a.viewport(100_001)
