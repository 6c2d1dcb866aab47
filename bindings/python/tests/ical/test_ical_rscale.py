"""RFC 7529 rules in iCalendar files: kalends.ical reads RSCALE, SKIP and BYMONTH=5L,
expands them in the calendar systems, writes them back unchanged, and the CLI's --events
shows them on their month pages. Each occurrence is checked with the system's own
conversion (kalends.CalendarSystem), and the expansion against kalends.rrule's."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from kalends import CalendarSystem
from kalends.app.cli import main
from kalends.ical import ICalendar
from kalends.rrule import rrulestr

FEASTS = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//kalends//rscale//EN
BEGIN:VEVENT
UID:cny@example
SUMMARY:Chinese New Year
DTSTART;VALUE=DATE:20260217
RRULE:RSCALE=CHINESE;FREQ=YEARLY
END:VEVENT
BEGIN:VEVENT
UID:birthday@example
SUMMARY:Birthday (30 Adar I)
DTSTART;VALUE=DATE:20240310
RRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTHDAY=30;BYMONTH=5L;SKIP=BACKWARD
END:VEVENT
END:VCALENDAR
"""


def test_ical_expands_rscale_rules() -> None:
    cal = ICalendar(FEASTS.encode())
    got = cal.between(dt.datetime(2024, 1, 1), dt.datetime(2031, 1, 1))
    by_title: dict[str, list[dt.date]] = {}
    for o in got:
        start = o.start if isinstance(o.start, dt.date) and not isinstance(o.start, dt.datetime) else o.start.date()
        by_title.setdefault(o.summary, []).append(start)
    chinese, hebrew = CalendarSystem("chinese"), CalendarSystem("hebrew")
    new_years = by_title["Chinese New Year"]
    assert len(new_years) == 5 and all(chinese.from_day(d)[2:4] == (1, 1) for d in new_years)
    births = by_title["Birthday (30 Adar I)"]
    assert [hebrew.from_day(d).year for d in births] == list(range(5784, 5791))
    for d in births:
        f = hebrew.from_day(d)
        assert (f.month, f.day) in ((6, 30), (5, 30))   # Adar I, or Shevat (BACKWARD)
    expected = [d.date() for d in rrulestr("DTSTART:20240310\nRRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTHDAY=30;"
                                           "BYMONTH=5L;SKIP=BACKWARD;UNTIL=20301231")]
    assert births == expected


def test_ical_writes_rscale_rules_back() -> None:
    written = ICalendar(FEASTS.encode()).write().decode()
    assert "RRULE:RSCALE=CHINESE;FREQ=YEARLY\r\n" in written
    assert "RRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTHDAY=30;BYMONTH=5L;SKIP=BACKWARD\r\n" in written
    again = ICalendar(written.encode())
    assert [o.start for o in again.between(dt.datetime(2024, 1, 1), dt.datetime(2040, 1, 1))] == \
        [o.start for o in ICalendar(FEASTS.encode()).between(dt.datetime(2024, 1, 1), dt.datetime(2040, 1, 1))]


def test_cli_month_shows_rscale_occurrences(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "feasts.ics"
    path.write_text(FEASTS)
    code = main(["--events", str(path), "--color", "never", "--today", "2027-02-01", "2027", "2"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "Chinese New Year" in out and "2027-02-06" in out
    assert "Birthday" not in out   # 5787 is a leap year: 30 Adar I is 2027-03-09
    code = main(["--events", str(path), "--color", "never", "--today", "2027-03-01", "2027", "3"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "2027-03-09" in out and "Birthday (30 Adar I)" in out
