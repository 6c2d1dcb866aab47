"""``python -m kalends --mode agenda`` (issue 27 item 2): the month's days with events,
each with its heading and events, as text and SVG, from the library's agenda layout.
Oracles: recurring-ical-events with icalendar lists the month's occurrences of the same
.ics; babel 2.18 (CLDR 47) writes the headings. The SVG is checked for every row and for
rows that overlap."""
from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from pathlib import Path
from zoneinfo import ZoneInfo

import babel.dates
import icalendar
import pytest
import recurring_ical_events as rie

from kalends.app.cli import main

ZONE = "Europe/Berlin"
BERLIN = ZoneInfo(ZONE)
ICS = b"""BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//kalends//agenda cli//EN\r
BEGIN:VEVENT\r
UID:a\r
DTSTAMP:20260101T000000Z\r
SUMMARY:Standup\r
DTSTART;TZID=Europe/Berlin:20261102T091500\r
DURATION:PT15M\r
RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:b\r
DTSTAMP:20260101T000000Z\r
SUMMARY:Design review\r
DTSTART;TZID=Europe/Berlin:20261127T180000\r
DTEND;TZID=Europe/Berlin:20261129T120000\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:c\r
DTSTAMP:20260101T000000Z\r
SUMMARY:Holiday\r
DTSTART;VALUE=DATE:20261126\r
DTEND;VALUE=DATE:20261128\r
END:VEVENT\r
END:VCALENDAR\r
"""


def oracle_days() -> dict[dt.date, list[str]]:
    """The month's days with their events' titles in agenda order (all-day first, then by start)."""
    found = rie.of(icalendar.Calendar.from_ical(ICS)).between(dt.datetime(2026, 11, 1, tzinfo=BERLIN),
                                                             dt.datetime(2026, 12, 1, tzinfo=BERLIN))
    days: dict[dt.date, list[tuple[bool, dt.datetime, str]]] = {}
    for c in found:
        start, end = c["DTSTART"].dt, c["DTEND"].dt
        if isinstance(start, dt.datetime):
            a, b = start.astimezone(BERLIN), end.astimezone(BERLIN)
            span = (a.date(), (b - dt.timedelta(microseconds=1)).date())
            key = (False, a)
        else:
            span = (start, end - dt.timedelta(days=1))
            key = (True, dt.datetime.combine(start, dt.time(), BERLIN))
        d = span[0]
        while d <= span[1]:
            if d.month == 11:
                days.setdefault(d, []).append((not key[0], key[1], str(c["SUMMARY"])))
            d += dt.timedelta(days=1)
    return {d: [t for _, _, t in sorted(v)] for d, v in sorted(days.items())}


def run(capsys: pytest.CaptureFixture[str], tmp_path: Path, *argv: str) -> str:
    ics = tmp_path / "agenda.ics"
    ics.write_bytes(ICS)
    code = main(["2026", "11", "--mode", "agenda", "--events", str(ics), "--time-zone", ZONE, "--today",
                 "2026-11-27", *argv])
    assert code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("locale", [None, "de_DE", "ja_JP"])
def test_text_is_the_oracles_days_with_babels_headings(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                     locale: str | None) -> None:
    out = run(capsys, tmp_path, *(["--locale", locale] if locale else []))
    blocks = [b.splitlines() for b in out.strip().split("\n\n")]
    days = oracle_days()
    assert len(blocks) == len(days)
    words = {dt.date(2026, 11, 26): -1, dt.date(2026, 11, 27): 0, dt.date(2026, 11, 28): 1}
    for block, (day, titles) in zip(blocks, days.items()):
        heading = babel.dates.format_date(day, "full", locale=locale or "en")
        assert block[0].startswith(heading)
        assert (" · " in block[0]) == (day in words)       # yesterday, today, tomorrow: CLDR's word
        assert [line.split("  ")[-1 if "(" not in line else -2].strip() for line in block[1:]] == titles, day
    assert "(2/3)" in out and "(1/2)" in out


def test_svg_draws_every_row_without_overlap(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    picture = tmp_path / "agenda.svg"
    run(capsys, tmp_path, "--svg", str(picture))
    root = ET.parse(picture).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    groups = [g for g in root.iter(f"{ns}g") if g.get("class") in ("agenda-heading", "agenda-event")]
    days = oracle_days()
    assert [g.get("data-date") for g in groups if g.get("class") == "agenda-heading"] == [str(d) for d in days]
    events = [(g.get("data-date"), g.findtext(f"{ns}title")) for g in groups if g.get("class") == "agenda-event"]
    assert events == [(str(d), t) for d, titles in days.items() for t in titles]
    # each row's text baselines lie in increasing order, a row apart: nothing overlaps
    baselines = [float(g.find(f"{ns}text").get("y")) for g in groups]   # type: ignore[union-attr]
    assert all(b - a >= 20 for a, b in zip(baselines, baselines[1:]))
    review = [g for g in groups if g.findtext(f"{ns}title") == "Design review"]
    assert [(g.get("data-day"), g.get("data-days")) for g in review] == [("1", "3"), ("2", "3"), ("3", "3")]


def test_agenda_refuses_json(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["--mode", "agenda", "--json"])
    assert e.value.code == 2
    assert "--mode agenda" in capsys.readouterr().err
