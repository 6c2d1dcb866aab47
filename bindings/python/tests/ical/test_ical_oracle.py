"""kalends.ical.between against recurring-ical-events (with icalendar as its reader) on
the .ics files their own test suites ship (installed with the packages from PyPI:
recurring_ical_events/test/calendars and icalendar/tests), expanded over 2000 ... 2030
by both and compared occurrence by occurrence: (uid, start, end, summary) as multisets, so
an occurrence given twice or with another end is a difference; then each occurrence's
recurrence id and STATUS (cancelled instances are listed by both), and read -> write ->
read of every file. icalendar's process-wide
time zone cache is reset before each file (each file is read as if alone).

Differences are allowed only where RFC 5545 decides otherwise (RFC_DECIDES, section
quoted) or where Kalends chooses otherwise (CHOSEN), each named below, and
counted (``ALLOWED``); anything else fails with the file and the occurrences.
Files icalendar or recurring-ical-events cannot read themselves are read by Kalends
without a trap (a calendar or a ParseError) and not compared."""
from __future__ import annotations

import datetime as dt
import functools
import glob
import os
import warnings
from collections import Counter
from typing import Any, Optional
from zoneinfo import ZoneInfo

import pytest
import required

from kalends import KalendsError
from kalends import ical

rie = required.module("recurring_ical_events", "the oracle of iCalendar expansion")
icalendar = required.module("icalendar", "the oracle of iCalendar expansion")

START, END = dt.datetime(2000, 1, 1), dt.datetime(2031, 1, 1)


def corpus() -> list[str]:
    here = os.path.dirname(rie.__file__), os.path.dirname(icalendar.__file__)
    files = glob.glob(os.path.join(here[0], "test", "calendars", "*.ics"))
    files += glob.glob(os.path.join(here[1], "tests", "**", "*.ics"), recursive=True)
    return sorted(files)


FILES = corpus()


def moment(value: Any) -> tuple[str, Any]:
    """A value as comparable data: ("D", date), ("F", naive wall time) or ("A", instant)."""
    if isinstance(value, dt.datetime):
        if value.tzinfo is None or value.utcoffset() is None:
            return ("F", value.replace(tzinfo=None))
        return ("A", int(value.timestamp()))
    if isinstance(value, dt.date):
        return ("D", value)
    raise AssertionError(f"unexpected value {value!r}")


def nonexistent(value: Any) -> bool:
    """A zoned wall time a clock change skips (RFC 5545 3.3.10: no instance there)."""
    if not isinstance(value, dt.datetime) or value.tzinfo is None:
        return False
    wall = value.replace(tzinfo=None)
    back = value.astimezone(dt.timezone.utc).astimezone(value.tzinfo).replace(tzinfo=None)
    return back != wall


@functools.lru_cache(maxsize=None)
def ours_between(path: str) -> Optional[list[Any]]:
    """kalends.ical's occurrences of the file over START..END, None when it refuses the file
    (test_file_expands_like_recurring_ical_events judges the refusal)."""
    try:
        with open(path, "rb") as f:
            return list(ical.read(f.read()).between(START, END))
    except KalendsError:
        return None


def on_common_occurrences(mine: Counter[Any], other: Counter[Any]) -> tuple[Counter[Any], Counter[Any]]:
    """Both multisets of (uid, start, ...) cut to the occurrences (uid, start) both give."""
    starts = {k[:2] for k in mine} & {k[:2] for k in other}
    return (Counter({k: v for k, v in mine.items() if k[:2] in starts}),
            Counter({k: v for k, v in other.items() if k[:2] in starts}))


def theirs(path: str) -> Optional[list[tuple[Any, ...]]]:
    """recurring-ical-events' occurrences: (uid, start, end, summary, start is nonexistent,
    recurrence id, status), computed once per file."""
    with open(path, "rb") as f:
        data = f.read()
    # icalendar caches every VTIMEZONE it reads by TZID for the whole process: a later file
    # using that TZID without a VTIMEZONE would get it (issue_156_RDATE_with_PERIOD_TZID_khal_2
    # defines "Western/Central Europe", which the issue_526 files use without one). Each file
    # is read on its own, as a user reads it.
    icalendar.timezone.tzp.use_default()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            cal = icalendar.Calendar.from_ical(data)
            found = rie.of(cal).between(START, END)
    except Exception:   # their reader or expander refuses the file
        return None
    out = []
    for e in found:
        start = e["DTSTART"].dt
        end = e["DTEND"].dt if "DTEND" in e else start + e["DURATION"].dt if "DURATION" in e else None
        out.append((str(e.get("UID", "")), moment(start), None if end is None else moment(end),
                    str(e["SUMMARY"]) if "SUMMARY" in e else None, nonexistent(start),
                    moment(e["RECURRENCE-ID"].dt) if "RECURRENCE-ID" in e else None,
                    str(e["STATUS"]) if "STATUS" in e else None))
    return out


#: RFC 5545 decides otherwise than recurring-ical-events; each difference found is one of these.
ALLOWED = {
    # RFC 5545 3.3.10: "Recurrence rules may generate recurrence instances with an invalid
    # date ... or nonexistent local time ... Such recurrence instances MUST be ignored".
    # recurring-ical-events keeps them, moved past the gap.
    "nonexistent-local-time": 0,
}


#: Files where RFC 5545 decides otherwise than recurring-ical-events (section quoted). Each
#: is expected to differ. Files that break RFC 5545 are read as recurring-ical-events reads
#: them (a line without ':', DTEND before DTSTART, mixed DATE and DATE-TIME, several
#: revisions of one UID: see ICalendarTests), so they are not here.
RFC_DECIDES = {
    "issue_117_until_before_dtstart.ics": "UNTIL before DTSTART: 3.8.5.1 \"The DTSTART property defines the first "
                                          "instance in the recurrence set\", so DTSTART is listed; "
                                          "recurring-ical-events gives none",
    "multiple_rrule.ics": "two RRULEs with COUNT: 3.3.10 \"The DTSTART property value always counts as the first "
                          "occurrence\" (of each rule), so the second rule gives one instance after DTSTART; "
                          "recurring-ical-events gives two",
    "issue_86_x_wr_timezone_without_time_zone_in_dt.ics": "X-WR-TIMEZONE is no RFC 5545 property and 3.3.5 says "
                                                          "floating times \"represent the same hour, minute, and "
                                                          "second value regardless of which time zone is currently "
                                                          "being observed\": they stay floating",
}

#: Differences that are Kalends' choice, not RFC 5545's (named so that they stay visible).
#: None left: issue_18_cancel_status (an override with STATUS:CANCELLED, which RFC 5545
#: 3.8.1.11 does not say to drop) is listed with its status, as recurring-ical-events lists
#: it (test_statuses_like_recurring_ical_events); an EventStore leaves it out (test_ical.py).
CHOSEN: dict[str, str] = {}

#: Differences Kalends should not have: open defects (each turns into a failure when fixed).
OPEN: dict[str, str] = {
    # None left. Fixed (tests in test_ical.py and ICalendarTests): issue_128 (a negative COUNT is
    # no COUNT), issue_168 / timezone_rdate / issue_61 (a line without ':' is skipped, not its
    # VEVENT), issue_178 (a VEVENT inside a custom component), issue_201_test_matrix (a
    # misspelt END closes the open component; DATE start with DATE-TIME end read as date-times),
    # issue_28 (a TZID midnight RECURRENCE-ID names the instance of a DATE series).
    # Also agreeing now: several revisions of one UID (issue_148*, 163, 164, 253,
    # alarm_absolute_edited: the highest SEQUENCE counts) and DTEND before DTSTART (swapped).
}


def _marks(path: str) -> list[Any]:
    name = os.path.basename(path)
    if name in RFC_DECIDES:
        return [pytest.mark.xfail(strict=True, reason="RFC 5545: " + RFC_DECIDES[name])]
    if name in CHOSEN:
        return [pytest.mark.xfail(strict=True, reason="Kalends' choice: " + CHOSEN[name])]
    if name in OPEN:
        return [pytest.mark.xfail(strict=True, reason="open: " + OPEN[name])]
    return []


@pytest.mark.parametrize("path", [pytest.param(p, marks=_marks(p)) for p in FILES],
                         ids=[os.path.basename(os.path.dirname(p)) + "/" + os.path.basename(p) for p in FILES])
def test_file_expands_like_recurring_ical_events(path: str) -> None:
    want = theirs(path)
    try:
        with open(path, "rb") as f:
            cal = ical.read(f.read())
        ours = cal.between(START, END)
    except KalendsError as e:
        assert want is None or want == [], f"{path}: Kalends refused what recurring-ical-events reads: {e}"
        return
    if want is None:
        return
    # Multisets of (uid, start, end, summary): an occurrence given twice is a difference.
    mine = Counter((o.uid, moment(o.start), moment(o.end), o.summary) for o in ours)
    other = Counter(w[:4] for w in want)
    if mine == other:
        return
    unexplained = []
    for w in want:
        if w[4] and mine[w[:4]] < other[w[:4]]:
            ALLOWED["nonexistent-local-time"] += 1
        elif mine[w[:4]] < other[w[:4]]:
            unexplained.append(w[:4])
    extra = sorted((mine - other).elements(), key=repr)
    assert not unexplained and not extra, (
        f"{os.path.basename(path)}: recurring-ical-events only: {unexplained[:5]} ({len(unexplained)}); "
        f"Kalends only: {extra[:5]} ({len(extra)})")


#: Recurrence ids where RFC 5545 decides otherwise than recurring-ical-events.
RECURRENCE_ID_RFC_DECIDES = {
    "issue_75_range_parameter.ics": "RANGE=THISANDFUTURE: 3.8.4.4 \"The property value is the original value of "
                                    "the DTSTART property of the recurrence instance\", so each moved instance has "
                                    "its own; recurring-ical-events gives every one the override's RECURRENCE-ID",
}


def _rid_marks(path: str) -> list[Any]:
    name = os.path.basename(path)
    if name in RECURRENCE_ID_RFC_DECIDES:
        return [pytest.mark.xfail(strict=True, reason="RFC 5545: " + RECURRENCE_ID_RFC_DECIDES[name])]
    return []


@pytest.mark.parametrize("path", [pytest.param(p, marks=_rid_marks(p)) for p in FILES],
                         ids=[os.path.basename(os.path.dirname(p)) + "/" + os.path.basename(p) for p in FILES])
def test_recurrence_ids_like_recurring_ical_events(path: str) -> None:
    """Each occurrence's recurrence id (the start the series gives it). recurring-ical-events
    sets RECURRENCE-ID to the start on an event without recurrence, where kalends.ical gives
    None (documented): compared as that start. Files whose occurrences differ are named above
    (RFC_DECIDES, CHOSEN) and compared here on the occurrences both give."""
    want = theirs(path)
    if want is None:
        return
    ours = ours_between(path)
    if ours is None:
        return
    mine = Counter((o.uid, moment(o.start), moment(o.start if o.recurrence_id is None else o.recurrence_id))
                   for o in ours)
    other = Counter((w[0], w[1], w[5] if w[5] is not None else w[1]) for w in want)
    name = os.path.basename(path)
    if name in RFC_DECIDES or name in CHOSEN:   # only the occurrences both give
        mine, other = on_common_occurrences(mine, other)
    assert mine == other, (f"{name}: recurring-ical-events only: {sorted((other - mine).elements(), key=repr)[:4]}; "
                           f"Kalends only: {sorted((mine - other).elements(), key=repr)[:4]}")


@pytest.mark.parametrize("path", FILES, ids=[os.path.basename(os.path.dirname(p)) + "/" + os.path.basename(p) for p in FILES])
def test_statuses_like_recurring_ical_events(path: str) -> None:
    """Each occurrence's STATUS as its event gives it (None without one): cancelled
    instances are listed with "CANCELLED" by both. Compared on the occurrences (uid,
    start) both give: which occurrences there are is test_file_expands_like_recurring_ical_events'
    business (RFC_DECIDES, nonexistent local times)."""
    want = theirs(path)
    if want is None:
        return
    ours = ours_between(path)
    if ours is None:
        return
    mine = Counter((o.uid, moment(o.start), o.status) for o in ours)
    other = Counter((w[0], w[1], w[6]) for w in want)
    name = os.path.basename(path)
    mine, other = on_common_occurrences(mine, other)
    assert mine == other, (f"{name}: recurring-ical-events only: {sorted((other - mine).elements(), key=repr)[:4]}; "
                           f"Kalends only: {sorted((mine - other).elements(), key=repr)[:4]}")
    if name == "issue_18_cancel_status.ics":
        assert sum(o.status == "CANCELLED" for o in ours) == 1


@pytest.mark.parametrize("path", FILES, ids=[os.path.basename(os.path.dirname(p)) + "/" + os.path.basename(p) for p in FILES])
def test_file_round_trips(path: str) -> None:
    """Read -> write -> read gives the same occurrences over 2000 ... 2030 (what the lenient
    reader repaired is written repaired), and writing again gives the same text."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        cal = ical.read(data)
    except KalendsError:
        return
    text = cal.write()
    again = ical.read(text)
    assert again.between(START, END) == cal.between(START, END), os.path.basename(path)
    assert again.write() == text


def test_the_corpus_is_there() -> None:
    """The packages ship their test calendars: a missing corpus would pass vacuously."""
    assert len(FILES) > 150
    assert any(p.endswith("daylight_saving_time.ics") for p in FILES)
