"""python -m kalends --events with a recurring team calendar (.ics), in every mode (month,
week, day, a year) and every output (text, JSON, SVG; -t html refuses events): each
shows the occurrences recurring-ical-events finds on its page, once each, with the
occurrence's own title and times (a moved and renamed occurrence too). The pages' days
come from Python's calendar module (Monday first, ISO weeks)."""
from __future__ import annotations

import calendar
import datetime as dt
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import NamedTuple, Union
from zoneinfo import ZoneInfo

import pytest

import required
from kalends.app.cli import main

SVG = "{http://www.w3.org/2000/svg}"
ZONE = "Europe/Paris"
TZ = ZoneInfo(ZONE)
DAY = dt.timedelta(days=1)

TEAM = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//kalends//team//EN
BEGIN:VEVENT
UID:standup@team
SUMMARY:Standup
DTSTART;TZID=Europe/Paris:20261005T093000
DTEND;TZID=Europe/Paris:20261005T094500
RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR
EXDATE;TZID=Europe/Paris:20261118T093000
END:VEVENT
BEGIN:VEVENT
UID:standup@team
RECURRENCE-ID;TZID=Europe/Paris:20261120T093000
SUMMARY:Standup (moved)
DTSTART;TZID=Europe/Paris:20261120T103000
DTEND;TZID=Europe/Paris:20261120T104500
END:VEVENT
BEGIN:VEVENT
UID:standup@team
RECURRENCE-ID;TZID=Europe/Paris:20261204T093000
SUMMARY:Standup (demo day)
DTSTART;TZID=Europe/Paris:20261204T110000
DTEND;TZID=Europe/Paris:20261204T113000
END:VEVENT
BEGIN:VEVENT
UID:design@team
SUMMARY:Design review
DTSTART;TZID=Europe/Paris:20261117T100000
DTEND;TZID=Europe/Paris:20261117T120000
END:VEVENT
BEGIN:VEVENT
UID:lunch@team
SUMMARY:Lunch with Ana
DTSTART;TZID=Europe/Paris:20261117T110000
DTEND;TZID=Europe/Paris:20261117T130000
END:VEVENT
BEGIN:VEVENT
UID:conference@team
SUMMARY:Conference
DTSTART;VALUE=DATE:20261118
DTEND;VALUE=DATE:20261119
RRULE:FREQ=DAILY;COUNT=3
END:VEVENT
BEGIN:VEVENT
UID:offsite@team
SUMMARY:Offsite
DTSTART;VALUE=DATE:20261126
DTEND;VALUE=DATE:20261128
END:VEVENT
BEGIN:VEVENT
UID:retro@team
SUMMARY:Retro
DTSTART;TZID=Europe/Paris:20261106T160000
DTEND;TZID=Europe/Paris:20261106T170000
RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=FR
END:VEVENT
BEGIN:VEVENT
UID:deploy@team
SUMMARY:Deploy
DTSTART;TZID=Europe/Paris:20261110T233000
DTEND;TZID=Europe/Paris:20261111T003000
RRULE:FREQ=WEEKLY;COUNT=4
END:VEVENT
BEGIN:VEVENT
UID:oncall@team
SUMMARY:On call
DTSTART;TZID=Europe/Paris:20261102T080000
DTEND;TZID=Europe/Paris:20261104T080000
RRULE:FREQ=WEEKLY;COUNT=5
END:VEVENT
END:VCALENDAR
""".replace("\n", "\r\n")


class Occ(NamedTuple):
    """An occurrence as the oracle gives it: local times, or days (last inclusive) when all-day."""

    title: str
    start: Union[dt.datetime, dt.date]
    end: Union[dt.datetime, dt.date]
    all_day: bool

    @property
    def days(self) -> tuple[dt.date, dt.date]:
        if self.all_day:
            return self.start, self.end   # type: ignore[return-value]
        a, b = self.start, self.end
        assert isinstance(a, dt.datetime) and isinstance(b, dt.datetime)
        return a.date(), (b - dt.timedelta(microseconds=1)).date() if b > a else a.date()

    @property
    def hours(self) -> str:
        return "all day" if self.all_day else f"{self.start:%H:%M}–{self.end:%H:%M}"

    @property
    def in_strip(self) -> bool:
        """A week or day page draws it in the all-day strip (as calendar apps do)."""
        return self.all_day or self.end - self.start >= DAY   # type: ignore[operator]


def oracle(first: dt.date, last: dt.date) -> list[Occ]:
    """The occurrences overlapping local days first ... last, by recurring-ical-events."""
    rie = required.module("recurring_ical_events", "the oracle of iCalendar expansion")
    icalendar = required.module("icalendar", "the oracle of iCalendar expansion")
    cal = icalendar.Calendar.from_ical(TEAM)
    start = dt.datetime.combine(first, dt.time(), TZ)
    end = dt.datetime.combine(last + DAY, dt.time(), TZ)
    out = []
    for e in rie.of(cal).between(start, end):
        a, b = e["DTSTART"].dt, e["DTEND"].dt
        if isinstance(a, dt.datetime):
            out.append(Occ(str(e["SUMMARY"]), a.astimezone(TZ).replace(tzinfo=None),
                           b.astimezone(TZ).replace(tzinfo=None), False))
        else:
            out.append(Occ(str(e["SUMMARY"]), a, b - DAY, True))
    return out


def month_days(year: int, month: int, fixed: bool) -> tuple[dt.date, dt.date]:
    """A month page's first and last day: its weeks (six with fixed rows)."""
    weeks = calendar.Calendar(0).monthdatescalendar(year, month)
    first = weeks[0][0]
    return first, first + (42 * DAY if fixed else len(weeks) * 7 * DAY) - DAY


def week_days(day: dt.date) -> tuple[dt.date, dt.date]:
    first = day - day.weekday() * DAY
    return first, first + 6 * DAY


def write(tmp_path: Path) -> Path:
    path = tmp_path / "team.ics"
    path.write_bytes(TEAM.encode())
    return path


def run(capsys: pytest.CaptureFixture[str], tmp_path: Path, *argv: str) -> str:
    code = main(["--events", str(write(tmp_path)), "--time-zone", ZONE, "--color", "never", "--today",
                 "2026-11-17", *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


# -- text: the agenda under the page ------------------------------------------------------

AGENDA = re.compile(r"(\d{4}-\d\d-\d\d)(?: – (\d{4}-\d\d-\d\d))?\s+(all day|\d\d:\d\d–\d\d:\d\d)\s+(.+)")


def agenda(out: str) -> Counter[tuple[str, str, str, str]]:
    found: Counter[tuple[str, str, str, str]] = Counter()
    for line in out.splitlines():
        m = AGENDA.fullmatch(line)
        if m:
            found[(m.group(4), m.group(1), m.group(2) or m.group(1), m.group(3))] += 1
    return found


def agenda_oracle(first: dt.date, last: dt.date) -> Counter[tuple[str, str, str, str]]:
    return Counter((o.title, str(o.days[0]), str(o.days[1]), o.hours) for o in oracle(first, last))


@pytest.mark.parametrize("argv, page", [
    (["2026", "11"], month_days(2026, 11, fixed=False)),
    (["2026", "12"], month_days(2026, 12, fixed=False)),
    (["--mode", "week", "--select", "2026-11-17"], week_days(dt.date(2026, 11, 17))),
    (["--mode", "week", "--select", "2026-11-18"], week_days(dt.date(2026, 11, 18))),
    (["--mode", "day", "--select", "2026-11-20"], (dt.date(2026, 11, 20),) * 2),
    (["--mode", "day", "--select", "2026-11-18"], (dt.date(2026, 11, 18),) * 2),
    (["2026"], (month_days(2026, 1, fixed=False)[0], month_days(2026, 12, fixed=False)[1])),
])
def test_text_lists_each_occurrence_once(capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str],
                                         page: tuple[dt.date, dt.date]) -> None:
    want = agenda_oracle(*page)
    assert sum(want.values()) >= 1
    assert agenda(run(capsys, tmp_path, *argv)) == want


# -- JSON ------------------------------------------------------------------------------------

def json_events(doc: dict[str, object]) -> Counter[tuple[str, str, str]]:
    return Counter((e["title"], e["start"], e["end"]) for e in doc["events"])  # type: ignore[attr-defined]


def json_oracle(first: dt.date, last: dt.date) -> Counter[tuple[str, str, str]]:
    return Counter((o.title, o.start.isoformat(), o.end.isoformat()) for o in oracle(first, last))


def day_number(d: dt.date) -> int:
    return (d - dt.date(1970, 1, 1)).days


@pytest.mark.parametrize("argv, page", [
    (["2026", "11"], month_days(2026, 11, fixed=True)),
    (["--mode", "week", "--select", "2026-11-18"], week_days(dt.date(2026, 11, 18))),
    (["--mode", "day", "--select", "2026-11-20"], (dt.date(2026, 11, 20),) * 2),
])
def test_json_has_each_occurrence_once(capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str],
                                       page: tuple[dt.date, dt.date]) -> None:
    doc = json.loads(run(capsys, tmp_path, *argv, "--json"))
    assert (doc["first_day"], doc["last_day"]) == tuple(day_number(d) for d in page)
    assert json_events(doc) == json_oracle(*page)


def test_json_of_a_year_has_each_months_occurrences(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = json.loads(run(capsys, tmp_path, "2026", "--json"))
    assert [m["month"] for m in doc["months"]] == list(range(1, 13))
    for m in doc["months"]:
        page = month_days(2026, m["month"], fixed=True)
        assert json_events(m) == json_oracle(*page), m["month"]


# -- SVG ---------------------------------------------------------------------------------------

def picture(capsys: pytest.CaptureFixture[str], tmp_path: Path, *argv: str) -> ET.Element:
    svg = tmp_path / "p.svg"
    run(capsys, tmp_path, *argv, "--svg", str(svg))
    return ET.parse(svg).getroot()


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if cls in g.get("class", "").split()]


def title(g: ET.Element) -> str:
    """An event's whole title (its <title>: what a pointer over it shows)."""
    t = g.find(f"{SVG}title")
    assert t is not None and t.text, ET.tostring(g)
    return t.text


def more_labels(root: ET.Element) -> Counter[dt.date]:
    return Counter({dt.date.fromisoformat(t.get("data-date", "")): int((t.text or "").split()[0][1:])
                    for t in root.iter(f"{SVG}text") if t.get("class") == "more"})


def dates(first: dt.date, last: dt.date) -> list[dt.date]:
    return [first + i * DAY for i in range((last - first).days + 1)]


@pytest.mark.parametrize("month, width", [(11, "392"), (11, "1000"), (12, "700")])
def test_month_bars_show_each_occurrence_with_its_own_title(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                            month: int, width: str) -> None:
    root = picture(capsys, tmp_path, "2026", str(month), "--view-width", width)
    page = month_days(2026, month, fixed=True)
    want = oracle(*page)
    bars = [(title(g), dt.date.fromisoformat(g.get("data-first", "")), dt.date.fromisoformat(g.get("data-last", "")))
            for g in groups(root, "event-bar")]
    more = more_labels(root)
    for day in dates(*page):
        on_day = Counter(o.title for o in want if o.days[0] <= day <= o.days[1])
        drawn = Counter(t for t, a, b in bars if a <= day <= b)
        assert not drawn - on_day, day                                # each bar is an occurrence of that day
        assert sum(drawn.values()) + more[day] == sum(on_day.values()), day   # none lost, none twice
    if width == "1000":
        assert not more and Counter(t for t, _, _ in bars) >= Counter(o.title for o in want)


@pytest.mark.parametrize("day", ["2026-11-17", "2026-11-18", "2026-11-20", "2026-12-04"])
@pytest.mark.parametrize("mode", ["week", "day"])
def test_week_and_day_pictures_show_each_occurrence_once(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                         mode: str, day: str) -> None:
    """Timed occurrences of less than a day in the time grid (one box per day they touch,
    with the occurrence's title and times), the others in the strip above."""
    selected = dt.date.fromisoformat(day)
    page = week_days(selected) if mode == "week" else (selected, selected)
    want = oracle(*page)
    root = picture(capsys, tmp_path, "--mode", mode, "--select", day)
    boxes = Counter((title(g), g.get("data-day"), g.get("data-time")) for g in groups(root, "timed-event"))
    pieces: Counter[tuple[str, str, str]] = Counter()
    for o in want:
        if not o.in_strip:
            for d in dates(*o.days):
                if page[0] <= d <= page[1]:
                    pieces[(o.title, str(d), o.hours)] += 1
    assert boxes == pieces
    strip = [(title(g), dt.date.fromisoformat(g.get("data-day", "")), dt.date.fromisoformat(g.get("data-last", "")))
             for g in groups(root, "all-day-event")]
    more = more_labels(root)
    for d in dates(*page):
        on_day = Counter(o.title for o in want if o.in_strip and o.days[0] <= d <= o.days[1])
        drawn = Counter(t for t, a, b in strip if a <= d <= b)
        assert not drawn - on_day and sum(drawn.values()) + more[d] == sum(on_day.values()), d


def test_year_picture_has_dots_for_each_days_occurrences(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    root = picture(capsys, tmp_path, "2026")
    checked = 0
    months = groups(root, "month")   # the year's page: one view, a group per month
    assert len(months) == 12 and len(groups(root, "view")) == 1
    for view in months:
        year, month = map(int, view.get("data-month", "").split("-"))
        want = oracle(*month_days(year, month, fixed=True))
        for g in groups(view, "day"):
            day = dt.date.fromisoformat(g.get("data-date", ""))
            count = sum(o.days[0] <= day <= o.days[1] for o in want)
            dots = [c for c in g.iter(f"{SVG}circle") if c.get("class") == "event-dot"]
            assert len(dots) == min(3, count), day
            checked += count > 0
    assert checked > 40


@pytest.mark.parametrize("style", [[], ["--event-style", "dots"]])
def test_several_months_picture_has_dots_for_each_days_occurrences(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path, style: list[str]) -> None:
    """--page-months 3 with events: by default each day of the three months (and its
    neighbours' days in the grids) shows its events as the store's dots; this stopped
    with an error before."""
    root = picture(capsys, tmp_path, "2026", "11", "--page-months", "3", *style)
    want = oracle(month_days(2026, 11, fixed=True)[0], month_days(2027, 1, fixed=True)[1])
    assert not groups(root, "event-bar")
    checked: set[dt.date] = set()
    for g in groups(root, "day"):
        day = dt.date.fromisoformat(g.get("data-date", ""))
        count = sum(o.days[0] <= day <= o.days[1] for o in want)
        dots = [c for c in g.iter(f"{SVG}circle") if c.get("class") == "event-dot"]
        assert len(dots) == min(3, count), day
        if count and "in-month" in g.get("class", "").split():
            checked.add(day)
    in_months = {d for o in want for d in dates(*o.days) if dt.date(2026, 11, 1) <= d <= dt.date(2027, 1, 31)}
    assert checked == in_months and len(checked) > 40


def test_html_refuses_events(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """-t html is python -m calendar's year page: events are refused, not dropped."""
    with pytest.raises(SystemExit) as exit:
        main(["-t", "html", "2026", "--events", str(write(tmp_path))])
    assert exit.value.code == 2 and "--events is for text, JSON and SVG" in capsys.readouterr().err


def bar_segments(root: ET.Element) -> Counter[tuple[str, str, str, str]]:
    return Counter((title(g), g.get("data-first", ""), g.get("data-last", ""), g.get("data-lane", ""))
                   for g in groups(root, "event-bar"))


def more_texts(root: ET.Element) -> Counter[tuple[str, str]]:
    return Counter((t.get("data-date", ""), t.get("data-hidden", "")) for t in root.iter(f"{SVG}text")
                   if t.get("class") == "more")


def test_several_months_picture_draws_each_months_bars(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--page-months 3 --event-style bars: each month's bars over its own grid, as the
    one-month page of that month lays them (the same segments, lanes and "+N more"; a day
    two grids show has its bars in both); before, several months drew dots instead."""
    root = picture(capsys, tmp_path, "2026", "11", "--page-months", "3", "--event-style", "bars")
    want: Counter[tuple[str, str, str, str]] = Counter()
    more: Counter[tuple[str, str]] = Counter()
    for year, month in ((2026, 11), (2026, 12), (2027, 1)):
        one = picture(capsys, tmp_path, str(year), str(month), "--event-style", "bars")
        want += bar_segments(one)
        more += more_texts(one)
    got = bar_segments(root)
    assert got == want and sum(got.values()) > 20
    assert more_texts(root) == more
    assert not [c for c in root.iter(f"{SVG}circle") if c.get("class") == "event-dot"]
    # each segment lies in one week row of one month's grid (cut at the grid's edges)
    grids = [month_days(y, m, fixed=True) for y, m in ((2026, 11), (2026, 12), (2027, 1))]
    for _, a, b, _ in got:
        first, last = dt.date.fromisoformat(a), dt.date.fromisoformat(b)
        assert any(g[0] <= first <= last <= g[1] for g in grids) and (last - first).days < 7
