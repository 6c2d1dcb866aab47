"""kalends.ical.between against recurring-ical-events (with icalendar as its reader) on
the .ics files their own test suites ship (installed with the packages from PyPI:
recurring_ical_events/test/calendars and icalendar/tests), expanded over 2000 ... 2030
by both and compared event by event.

Differences are allowed only where RFC 5545 decides otherwise, each named below and
counted (``ALLOWED``); anything else fails with the file and the occurrences.
Files icalendar or recurring-ical-events cannot read themselves are read by Kalends
without a trap (a calendar or a ParseError) and not compared."""
from __future__ import annotations

import datetime as dt
import glob
import os
import warnings
from typing import Any, Optional
from zoneinfo import ZoneInfo

import pytest

from kalends import KalendsError
from kalends import ical

rie = pytest.importorskip("recurring_ical_events")
icalendar = pytest.importorskip("icalendar")

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


def theirs(path: str) -> Optional[list[tuple[Any, ...]]]:
    with open(path, "rb") as f:
        data = f.read()
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
        out.append((str(e.get("UID", "")), moment(start), str(e["SUMMARY"]) if "SUMMARY" in e else None,
                    nonexistent(start)))
    return out


#: RFC 5545 decides otherwise than recurring-ical-events; each difference found is one of these.
ALLOWED = {
    # RFC 5545 3.3.10: "Recurrence rules may generate recurrence instances with an invalid
    # date ... or nonexistent local time ... Such recurrence instances MUST be ignored".
    # recurring-ical-events keeps them, moved past the gap.
    "nonexistent-local-time": 0,
}


#: Files where RFC 5545 decides otherwise than recurring-ical-events (or the file breaks
#: RFC 5545 and each side repairs it its own way). Each is expected to differ.
RFC_DECIDES = {
    "end_before_start_event.ics": "DTEND before DTSTART (invalid, RFC 5545 3.8.2.2): Kalends keeps DTSTART as "
                                  "the start, recurring-ical-events swaps the two",
    "issue_132_swapped_start_and_end.ics": "DTEND before DTSTART, as end_before_start_event.ics",
    "issue_117_until_before_dtstart.ics": "UNTIL before DTSTART: DTSTART is still the first instance (RFC 5545 "
                                          "3.8.5.3), recurring-ical-events gives none",
    "multiple_rrule.ics": "two RRULEs with COUNT: DTSTART counts toward COUNT (RFC 5545 3.8.5.3), so the second "
                          "rule gives one instance after DTSTART; recurring-ical-events gives two",
    "issue_86_x_wr_timezone_without_time_zone_in_dt.ics": "X-WR-TIMEZONE is no RFC 5545 property: floating "
                                                          "times stay floating",
    "issue_104_mark_events_broken.ics": "a VEVENT outside any VCALENDAR with a line without a colon (RFC 5545 "
                                        "3.1, 3.4): Kalends skips it with a warning",
    "issue_201_mixed_datetime_and_date.ics": "DTSTART a DATE, DTEND a DATE-TIME (invalid, RFC 5545 3.8.2.2): "
                                             "Kalends keeps the DATE start",
    "issue_18_cancel_status.ics": "STATUS:CANCELLED (RFC 5545 3.8.1.11): Kalends drops the cancelled instance, "
                                  "recurring-ical-events lists it",
    "issue_148_edge_case_1.ics": "several VEVENTs with one UID and no RECURRENCE-ID (UID identifies one "
                                 "component, RFC 5545 3.8.4.7): Kalends expands every master, "
                                 "recurring-ical-events keeps the last",
    "issue_148_exdate_and_rdate_updated.ics": "several masters with one UID, as issue_148_edge_case_1.ics",
    "issue_148_ignored_exdate.ics": "several masters with one UID, as issue_148_edge_case_1.ics",
    "issue_163_deleted_modification.ics": "several masters with one UID, as issue_148_edge_case_1.ics",
    "issue_253_additional_recurrence_id.ics": "several masters with one UID, as issue_148_edge_case_1.ics",
    "issue_218_bad_tzid.ics": "a TZID without VTIMEZONE that no tz name matches (RFC 5545 3.2.19 requires the "
                              "VTIMEZONE): Kalends reads the time as floating, icalendar guesses a zone",
    "issue_526_calendar_with_different_events.ics": "TZID \"Western/Central Europe\" without VTIMEZONE, as "
                                                    "issue_218_bad_tzid.ics",
    "issue_526_calendar_with_event_subset.ics": "TZID \"Western/Central Europe\", as issue_218_bad_tzid.ics",
    "issue_526_calendar_with_events.ics": "TZID \"Western/Central Europe\", as issue_218_bad_tzid.ics",
    "issue_526_calendar_with_shuffeled_events.ics": "TZID \"Western/Central Europe\", as issue_218_bad_tzid.ics",
}

#: Differences Kalends should not have: open defects (each turns into a failure when fixed).
OPEN = {
    "issue_128_only_first_event.ics": "RRULE with COUNT=-1 next to UNTIL: Kalends refuses the event, "
                                      "recurring-ical-events ignores the COUNT",
    "issue_168_input.ics": "an event recurring-ical-events expands that Kalends does not (not analysed yet)",
    "issue_178_custom_component_contains_other.ics": "a VEVENT inside a custom component: Kalends skips it",
    "timezone_rdate.ics": "an RDATE occurrence missing (not analysed yet)",
    "issue_201_test_matrix.ics": "DATE/DATE-TIME/DURATION combinations: Kalends gives none of the 14 (not "
                                 "analysed yet)",
    "issue_28_rrule_with_UTC_endinginZ.ics": "UTC UNTIL on an all-day weekly series: three instances too many "
                                             "(not analysed yet)",
    "issue_61_time_zone_error.ics": "an all-day event recurring-ical-events lists and Kalends does not (not "
                                    "analysed yet)",
}


def _marks(path: str) -> list[Any]:
    name = os.path.basename(path)
    if name in RFC_DECIDES:
        return [pytest.mark.xfail(strict=True, reason="RFC 5545: " + RFC_DECIDES[name])]
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
    mine = sorted((o.uid, moment(o.start), o.summary) for o in ours)
    other = sorted(w[:3] for w in want)
    if mine == other:
        return
    missing = [w for w in want if w[:3] not in set(mine)]
    extra = sorted(set(mine) - set(other))
    unexplained = []
    for w in missing:
        if w[3]:
            ALLOWED["nonexistent-local-time"] += 1
        else:
            unexplained.append(w[:3])
    assert not unexplained and not extra, (
        f"{os.path.basename(path)}: recurring-ical-events only: {unexplained[:5]} ({len(unexplained)}); "
        f"Kalends only: {extra[:5]} ({len(extra)})")


def test_the_corpus_is_there() -> None:
    """The packages ship their test calendars: a missing corpus would pass vacuously."""
    assert len(FILES) > 150
    assert any(p.endswith("daylight_saving_time.ics") for p in FILES)
