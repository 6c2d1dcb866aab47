"""kalends.ical: reading .ics (path, PathLike, bytes), between() in the shape of
recurring-ical-events' of(calendar).between (compared with it when installed, else with
dates worked out by Python's calendar and zoneinfo), writing and reading again, lenient
warnings and strict refusal, the store's recurring entries, and
``python -m kalends --events holidays.ics 2026 11``."""
from __future__ import annotations

import calendar
import datetime as dt
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import required

import kalends
from kalends import Event, EventStore, ParseError, TimeZone
from kalends import ical
from kalends.app.cli import main

NY = ZoneInfo("America/New_York")
UTC = dt.timezone.utc

CALENDAR = b"""BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//kalends//test//EN\r
BEGIN:VEVENT\r
UID:standup\r
SUMMARY:Standup\r
DTSTART;TZID=America/New_York:20260105T090000\r
DTEND;TZID=America/New_York:20260105T093000\r
RRULE:FREQ=WEEKLY;BYDAY=MO,WE\r
EXDATE;TZID=America/New_York:20260311T090000\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:standup\r
RECURRENCE-ID;TZID=America/New_York:20260316T090000\r
SUMMARY:Standup (moved)\r
DTSTART;TZID=America/New_York:20260317T140000\r
DTEND;TZID=America/New_York:20260317T143000\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:thanksgiving\r
SUMMARY:Thanksgiving\r
DTSTART;VALUE=DATE:20201126\r
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:floating\r
SUMMARY:Alarm\r
DTSTART:20260301T070000\r
DURATION:PT5M\r
RRULE:FREQ=DAILY;COUNT=3\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:once\r
SUMMARY:Call\r
DTSTART:20260320T150000Z\r
DTEND:20260320T160000Z\r
END:VEVENT\r
END:VCALENDAR\r
"""

HOLIDAYS = b"""BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//kalends//holidays//EN\r
BEGIN:VEVENT\r
UID:thanksgiving@us\r
SUMMARY:Thanksgiving\r
DTSTART;VALUE=DATE:20001123\r
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:veterans@us\r
SUMMARY:Veterans Day\r
DTSTART;VALUE=DATE:20001111\r
RRULE:FREQ=YEARLY\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:election@us\r
SUMMARY:Election Day\r
DTSTART;VALUE=DATE:20001107\r
RRULE:FREQ=YEARLY;INTERVAL=2;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8\r
END:VEVENT\r
END:VCALENDAR\r
"""


def march_oracle() -> list[tuple[dt.datetime, dt.datetime]]:
    """(start, recurrence id) of the standup in March 2026, from calendar and zoneinfo."""
    out = []
    for day in range(1, 32):
        d = dt.date(2026, 3, day)
        if d.weekday() not in (0, 2) or day == 11:
            continue
        rid = dt.datetime(2026, 3, day, 9, tzinfo=NY)
        start = dt.datetime(2026, 3, 17, 14, tzinfo=NY) if day == 16 else rid
        out.append((start, rid))
    return out


def fourth_thursday(year: int) -> dt.date:
    thursdays = [d for d in calendar.Calendar().itermonthdates(year, 11) if d.month == 11 and d.weekday() == 3]
    return thursdays[3]


def test_between_from_bytes_path_and_pathlike(tmp_path: Path) -> None:
    path = tmp_path / "cal.ics"
    path.write_bytes(CALENDAR)
    start, end = dt.datetime(2026, 3, 1, tzinfo=UTC), dt.datetime(2026, 4, 1, tzinfo=UTC)
    results = [ical.between(source, start, end) for source in (CALENDAR, str(path), path)]
    assert results[0] == results[1] == results[2]
    found = results[0]
    standups = [o for o in found if o.uid == "standup"]
    assert [(o.start, o.recurrence_id) for o in standups] == march_oracle()
    assert all(o.end - o.start == dt.timedelta(minutes=30) for o in standups)
    assert [o.summary for o in standups].count("Standup (moved)") == 1
    # Wall-clock 09:00 on both sides of the DST change (March 8).
    assert {o.start.astimezone(NY).hour for o in standups if o.summary == "Standup"} == {9}
    # Start order; the floating alarm is read in start's zone (UTC here); the one-off has no recurrence id.
    instants = [o.start if o.start.tzinfo else o.start.replace(tzinfo=UTC) for o in found
                if isinstance(o.start, dt.datetime)]
    assert instants == sorted(instants) and len(instants) == len(found)
    alarms = [o for o in found if o.uid == "floating"]
    assert [o.start for o in alarms] == [dt.datetime(2026, 3, d, 7) for d in (1, 2, 3)]
    assert all(o.start.tzinfo is None and o.end - o.start == dt.timedelta(minutes=5) for o in alarms)
    once = [o for o in found if o.uid == "once"]
    assert once == [ical.ICalOccurrence("once", "Call", dt.datetime(2026, 3, 20, 15, tzinfo=UTC),
                                        dt.datetime(2026, 3, 20, 16, tzinfo=UTC), None)]


def test_kalends_ical_is_reachable_from_the_package() -> None:
    assert kalends.ical.between is ical.between


def test_all_day_values_are_dates() -> None:
    for year in range(2020, 2041):
        found = ical.between(CALENDAR, dt.date(year, 11, 1), dt.date(year, 12, 1))
        thanks = [o for o in found if o.uid == "thanksgiving"]
        day = fourth_thursday(year)
        assert thanks == [ical.ICalOccurrence("thanksgiving", "Thanksgiving", day, day + dt.timedelta(days=1), day)]
        assert type(thanks[0].start) is dt.date


def test_naive_bounds_are_each_events_wall_clock() -> None:
    # 08:30 ... 09:15 naive: the 09:00 New York standup (14:00 UTC) overlaps by its own wall clock.
    found = ical.between(CALENDAR, dt.datetime(2026, 3, 2, 8, 30), dt.datetime(2026, 3, 2, 9, 15))
    assert [o.uid for o in found] == ["standup"]
    # The same bounds as UTC instants miss it.
    assert ical.between(CALENDAR, dt.datetime(2026, 3, 2, 8, 30, tzinfo=UTC),
                        dt.datetime(2026, 3, 2, 9, 15, tzinfo=UTC)) == []
    # An aware start in New York reads the floating alarm at 07:00 New York.
    found = ical.between(CALENDAR, dt.datetime(2026, 3, 1, 6, 59, tzinfo=NY), dt.datetime(2026, 3, 1, 7, 1, tzinfo=NY))
    assert [o.uid for o in found] == ["floating"]


def test_against_recurring_ical_events_when_installed() -> None:
    rie = required.module("recurring_ical_events", "the oracle of iCalendar expansion")
    icalendar = required.module("icalendar", "the oracle of iCalendar expansion")
    cal = icalendar.Calendar.from_ical(CALENDAR)
    for start, end in [(dt.datetime(2026, 3, 1, tzinfo=UTC), dt.datetime(2026, 4, 1, tzinfo=UTC)),
                       (dt.date(2026, 11, 1), dt.date(2027, 1, 1)),
                       (dt.datetime(2026, 3, 2, 8, 30), dt.datetime(2026, 3, 2, 9, 15))]:
        theirs = sorted((str(e["UID"]), e["DTSTART"].dt, e.get("SUMMARY")) for e in rie.of(cal).between(start, end))
        ours = sorted((o.uid, o.start, o.summary) for o in ical.between(CALENDAR, start, end))
        assert ours == theirs


def test_packed_and_field_by_field_conversion_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """between() unpacks the C occurrences in bulk (struct) when the layout matches, else
    reads them field by field (ctypes): both give the same values, for dates, floating,
    UTC and zoned times, a TZID no zone database knows, overrides and naive or aware bounds."""
    unknown = CALENDAR.replace(
        b"END:VCALENDAR", b"BEGIN:VEVENT\r\nUID:odd\r\nSUMMARY:Odd zone\r\nDTSTART;TZID=Nowhere/Town:20260302T100000\r\n"
        b"RRULE:FREQ=DAILY;COUNT=2\r\nEND:VEVENT\r\nEND:VCALENDAR")
    assert ical._FAST
    windows = [(dt.date(2026, 1, 1), dt.date(2027, 1, 1)),
               (dt.datetime(2026, 3, 1, tzinfo=NY), dt.datetime(2026, 4, 1, tzinfo=NY))]
    packed = [ical.read(unknown).between(a, b) for a, b in windows]
    monkeypatch.setattr(ical, "_FAST", False)
    fields = [ical.read(unknown).between(a, b) for a, b in windows]
    assert packed == fields
    assert any(o.uid == "odd" for o in packed[0]) and any(o.recurrence_id is not None for o in packed[0])
    odd = [o for o in packed[0] if o.uid == "odd"]
    assert [o.start for o in odd] == [dt.datetime(2026, 3, 2, 10), dt.datetime(2026, 3, 3, 10)]   # read as floating
    kinds = {type(o.start) for o in packed[0]} | {o.start.tzinfo is None for o in packed[0] if isinstance(o.start, dt.datetime)}
    assert kinds == {dt.date, dt.datetime, True, False}


def test_write_reads_back_the_same_occurrences() -> None:
    cal = ical.read(CALENDAR)
    assert len(cal) == 5 and cal.warnings == []
    again = ical.read(cal.write())
    assert again.write() == cal.write()
    for start, end in [(dt.date(2026, 1, 1), dt.date(2027, 1, 1)), (dt.date(2031, 1, 1), dt.date(2031, 12, 31))]:
        assert again.between(start, end) == cal.between(start, end)


def test_lenient_warnings_and_strict_refusal() -> None:
    broken = CALENDAR.replace(b"DTSTART:20260320T150000Z", b"DTSTART:2026-03-20")
    cal = ical.read(broken)
    assert len(cal) == 4
    (warning,) = cal.warnings
    line = broken.split(b"\r\n").index(b"DTSTART:2026-03-20") + 1
    assert str(line) in warning.message or warning.line > 0
    with pytest.raises(ParseError, match=f"line {line}"):
        ical.read(broken, strict=True)
    with pytest.raises(TypeError):
        ical.between(12, dt.date(2026, 1, 1), dt.date(2026, 2, 1))  # type: ignore[arg-type]
    with pytest.raises(kalends.InvalidArgumentError):
        ical.between(CALENDAR, dt.date(2026, 2, 1), dt.date(2026, 1, 1))
    with pytest.raises(kalends.IoError):
        ical.read("/nonexistent/file.ics")


def test_store_holds_one_entry_per_series() -> None:
    store = EventStore()
    zone = TimeZone("America/New_York")
    assert ical.load(CALENDAR, store, first_id=10, zone=zone) == 4
    assert len(store) == 4 and store.series_count == 3
    march = [o for o in store.occurrences(dt.date(2026, 3, 1), dt.date(2026, 3, 31), zone) if o.event.id == 10]
    oracle = march_oracle()
    assert [(o.event.start, o.recurrence_id) for o in march] == [(int(a.timestamp()), int(r.timestamp())) for a, r in oracle]
    # query gives the occurrences too (the entry's id, each occurrence's times).
    assert [e.start for e in store.query(dt.date(2026, 3, 1), dt.date(2026, 3, 31), zone) if e.id == 10] == \
        [o.event.start for o in march]
    # A series added from Python: every third day at 12:00 UTC from 2026-01-01.
    start = dt.datetime(2026, 1, 1, 12, tzinfo=UTC)
    store.add_series(Event.timed(99, "third", start, start + dt.timedelta(hours=1)), "RRULE:FREQ=DAILY;INTERVAL=3")
    days = [e.start_time for e in store.query(dt.date(2026, 6, 1), dt.date(2026, 6, 30)) if e.id == 99]
    want = [dt.datetime(2026, 6, d, 12, tzinfo=UTC) for d in range(1, 31)
            if (dt.date(2026, 6, d) - dt.date(2026, 1, 1)).days % 3 == 0]
    assert days == want
    written = ical.read(store.write_ical())
    assert len(written) == 6


def test_cli_lists_the_months_occurrences(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "holidays.ics"
    path.write_bytes(HOLIDAYS)
    assert main(["--events", str(path), "--time-zone", "UTC", "2026", "11"]) == 0
    out = capsys.readouterr().out
    listed = [line.split()[0] for line in out.splitlines() if line.strip().endswith(("Day", "Thanksgiving"))
              and line[:4].isdigit()]
    # Veterans Day, Election Day 2026 (first Tuesday after the first Monday), Thanksgiving.
    assert listed == ["2026-11-03", "2026-11-11", "2026-11-26"]
    assert "Election Day" in out and "Thanksgiving" in out
    assert main(["--events", str(path), "--time-zone", "UTC", "2027", "11"]) == 0
    out = capsys.readouterr().out
    assert "Election Day" not in out and "2027-11-25" in out


CANCELLED = b"""BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//kalends//cancelled//EN\r
BEGIN:VEVENT\r
UID:daily\r
SUMMARY:Daily\r
STATUS:CONFIRMED\r
DTSTART:20260504T100000Z\r
DURATION:PT1H\r
RRULE:FREQ=DAILY;COUNT=5\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:daily\r
SUMMARY:Daily\r
RECURRENCE-ID:20260505T100000Z\r
STATUS:CANCELLED\r
DTSTART:20260505T100000Z\r
DURATION:PT1H\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:daily\r
SUMMARY:Daily\r
RECURRENCE-ID;RANGE=THISANDFUTURE:20260507T100000Z\r
STATUS:CANCELLED\r
DTSTART:20260507T100000Z\r
DURATION:PT1H\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:gone\r
SUMMARY:Gone\r
STATUS:CANCELLED\r
DTSTART:20260504T120000Z\r
RRULE:FREQ=DAILY;COUNT=2\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:plain\r
SUMMARY:Plain\r
DTSTART:20260506T150000Z\r
END:VEVENT\r
END:VCALENDAR\r
"""


def test_cancelled_instances_are_listed_with_their_status() -> None:
    """STATUS:CANCELLED on an override, a THISANDFUTURE override or the master: between()
    lists the instances with status "CANCELLED" (recurring-ical-events lists them);
    others carry their event's STATUS, None when it has none."""
    found = ical.between(CANCELLED, dt.date(2026, 5, 1), dt.date(2026, 6, 1))
    at = lambda d, h: dt.datetime(2026, 5, d, h, tzinfo=UTC)  # noqa: E731
    assert [(o.uid, o.start, o.status) for o in found] == [
        ("daily", at(4, 10), "CONFIRMED"), ("gone", at(4, 12), "CANCELLED"),
        ("daily", at(5, 10), "CANCELLED"), ("gone", at(5, 12), "CANCELLED"),
        ("daily", at(6, 10), "CONFIRMED"), ("plain", at(6, 15), None),
        ("daily", at(7, 10), "CANCELLED"), ("daily", at(8, 10), "CANCELLED"),
    ]
    assert [o.recurrence_id for o in found if o.uid == "daily"] == [at(d, 10) for d in range(4, 9)]
    # Written and read again: the same statuses.
    assert ical.read(ical.read(CANCELLED).write()).between(dt.date(2026, 5, 1), dt.date(2026, 6, 1)) == found


def test_each_events_status_has_its_kind_and_its_text() -> None:
    """ICalendar.status(event): kalends_ical_event_status as the generated IcalStatus (the
    kind the core and the Swift wrapper name IcalStatus) and the text as written, which
    ICalOccurrence.status carries; an unknown STATUS is OTHER with its text, none is None."""
    S = ical.IcalStatus
    assert S is kalends._abi.IcalStatus
    calendar = ical.read(CANCELLED)
    assert [calendar.status(i) for i in range(len(calendar))] == [
        (S.CONFIRMED, "CONFIRMED"), (S.CANCELLED, "CANCELLED"), (S.CANCELLED, "CANCELLED"),
        (S.CANCELLED, "CANCELLED"), None]
    draft = ical.read(CANCELLED.replace(b"UID:plain\r\n", b"UID:plain\r\nSTATUS:X-DRAFT\r\n"))
    assert draft.status(4) == (S.OTHER, "X-DRAFT")
    assert [o.status for o in draft.between(dt.date(2026, 5, 6), dt.date(2026, 5, 7)) if o.uid == "plain"] == ["X-DRAFT"]
    with pytest.raises(kalends.OutOfRangeError):
        calendar.status(2 ** 40)


def test_cancelled_statuses_like_recurring_ical_events() -> None:
    rie = required.module("recurring_ical_events", "the oracle of iCalendar expansion")
    icalendar = required.module("icalendar", "the oracle of iCalendar expansion")
    start, end = dt.datetime(2026, 5, 1, tzinfo=UTC), dt.datetime(2026, 6, 1, tzinfo=UTC)
    theirs = sorted((str(e["UID"]), e["DTSTART"].dt, None if "STATUS" not in e else str(e["STATUS"]))
                    for e in rie.of(icalendar.Calendar.from_ical(CANCELLED)).between(start, end))
    assert sorted((o.uid, o.start, o.status) for o in ical.between(CANCELLED, start, end)) == theirs


def test_a_store_leaves_cancelled_instances_out() -> None:
    """An EventStore shows what takes place: a view does not draw a cancelled meeting; the
    store keeps the cancelled VEVENTs and writes them back."""
    store = EventStore()
    assert ical.load(CANCELLED, store, first_id=1) == 3
    may = store.occurrences(dt.date(2026, 5, 1), dt.date(2026, 5, 31))
    assert [(o.event.id, o.event.start_time) for o in may] == [
        (1, dt.datetime(2026, 5, 4, 10, tzinfo=UTC)), (1, dt.datetime(2026, 5, 6, 10, tzinfo=UTC)),
        (3, dt.datetime(2026, 5, 6, 15, tzinfo=UTC))]
    assert [e.id for e in store.query(dt.date(2026, 5, 1), dt.date(2026, 5, 31))] == [1, 1, 3]
    written = ical.read(store.write_ical())
    assert [o.status for o in written.between(dt.date(2026, 5, 1), dt.date(2026, 6, 1))].count("CANCELLED") == 5
