"""Week and day pictures show the hours: a time grid with hour labels, the timed events
placed by their local times (zoneinfo as the oracle), overlapping ones side by side,
all-day and multi-day events in a strip above, a now-line on today. A year picture has
one pair of paging arrows."""
from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from kalends.app.cli import main

SVG = "{http://www.w3.org/2000/svg}"
ZONE = "America/New_York"
TZ = ZoneInfo(ZONE)
#: title, start, end (local to ZONE unless an offset is given)
EVENTS = [
    ("Standup", "2026-11-23T09:30", "2026-11-23T09:45"),
    ("Review", "2026-11-24T14:00+01:00", "2026-11-24T15:00+01:00"),      # 08:00 in New York
    ("Lunch", "2026-11-24T12:00", "2026-11-24T13:00"),
    ("Design sync", "2026-11-24T12:30", "2026-11-24T13:30"),            # overlaps Lunch
    ("Pairing", "2026-11-24T12:45", "2026-11-24T13:15"),                # overlaps both
    ("Late call", "2026-11-24T23:30", "2026-11-25T01:00"),              # crosses midnight
    ("Offsite", "2026-11-25T08:00", "2026-11-26T20:00"),                # a day or more: the strip
    ("Thanksgiving", "2026-11-26", "2026-11-26"),                        # all day
    ("Trip", "2026-11-27", "2026-12-03"),                                # all day, past the page
    ("Early", "2026-11-27T06:15", "2026-11-27T07:00"),                  # widens the hours to 06:00
]
WEEK = [dt.date(2026, 11, 23) + dt.timedelta(days=i) for i in range(7)]


def write_events(path: Path) -> Path:
    path.write_text("id,title,start,end\n" + "".join(f"{i},{t},{a},{b}\n" for i, (t, a, b) in enumerate(EVENTS, 1)))
    return path


def local(text: str) -> dt.datetime:
    value = dt.datetime.fromisoformat(text)
    return (value if value.tzinfo else value.replace(tzinfo=TZ)).astimezone(TZ)


def picture(tmp_path: Path, *argv: str) -> ET.Element:
    svg = tmp_path / "p.svg"
    code = main(["--events", str(write_events(tmp_path / "e.csv")), "--time-zone", ZONE, "--svg", str(svg),
                 "--color", "never", *argv])
    assert code == 0
    return ET.parse(svg).getroot()


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if cls in g.get("class", "").split()]


def first_rect(g: ET.Element) -> tuple[float, float, float, float]:
    r = next(g.iter(f"{SVG}rect"))
    return float(r.get("x")), float(r.get("y")), float(r.get("width")), float(r.get("height"))


def hour_lines(root: ET.Element) -> dict[int, float]:
    """hour -> y of its label (labels sit 3.5 below their line)."""
    return {int(t.text[:2]): float(t.get("y")) - 3.5 for t in root.iter(f"{SVG}text") if t.get("class") == "hour"}


def expected_pieces(days: list[dt.date]) -> dict[tuple[int, dt.date], tuple[dt.time, dt.time]]:
    """(event id, day) -> the local times it takes on that day, for timed events of less
    than a day: what the grid must show, computed with zoneinfo."""
    out = {}
    for i, (_, a, b) in enumerate(EVENTS, 1):
        if "T" not in a:
            continue
        start, end = local(a), local(b)
        if end - start >= dt.timedelta(days=1):
            continue
        for day in days:
            midnight = dt.datetime.combine(day, dt.time(), TZ)
            lo, hi = max(start, midnight), min(end, midnight + dt.timedelta(days=1))
            if lo < hi:
                out[(i, day)] = (lo.time(), hi.time() if hi < midnight + dt.timedelta(days=1) else dt.time(0))
    return out


def test_the_week_shows_hours_and_places_timed_events_by_time(tmp_path: Path) -> None:
    root = picture(tmp_path, "--mode", "week", "--today", "2026-11-24T14:20", "--view-width", "800")
    hours = hour_lines(root)
    expected = expected_pieces(WEEK)
    # 08 ... 18 at least, widened to every piece (Late call's: 23:30 ... 24:00 and 00:00 ... 01:00)
    first = min([8] + [a.hour for a, _ in expected.values()])
    last = max([18] + [b.hour + (b.minute > 0) if b != dt.time(0) else 24 for _, b in expected.values()])
    assert sorted(hours) == list(range(first, last + 1)) == list(range(0, 25))
    pitch = {round(hours[h + 1] - hours[h], 6) for h in range(first, last)}
    assert len(pitch) == 1
    hour_height = pitch.pop()
    seen = {}
    for g in groups(root, "timed-event"):
        event, day = int(g.get("data-event")), dt.date.fromisoformat(g.get("data-day"))
        x, y, w, h = first_rect(g)
        start, end = expected[(event, day)]
        top = hours[first] + (start.hour + start.minute / 60 - first) * hour_height
        assert y == pytest.approx(top, abs=0.01), (event, day)
        minutes = ((end.hour or 24) * 60 + end.minute) - (start.hour * 60 + start.minute)
        assert h == pytest.approx(max(minutes / 60 * hour_height, 20), abs=0.01), (event, day)
        seen[(event, day)] = (x, x + w, start, end, int(g.get("data-column")), int(g.get("data-columns")))
    assert set(seen) == set(expected)                  # every piece, none twice, no all-day or long event
    # overlapping events of a day stand side by side: different columns, disjoint x ranges
    for (e1, d1), (a1, b1, s1, t1, c1, n1) in seen.items():
        for (e2, d2), (a2, b2, s2, t2, c2, n2) in seen.items():
            if e1 < e2 and d1 == d2 and s1 < (t2 if t2 != dt.time(0) else dt.time.max) and \
                    s2 < (t1 if t1 != dt.time(0) else dt.time.max):
                assert c1 != c2 and n1 == n2 >= 2 and (b1 <= a2 or b2 <= a1), (e1, e2, d1)
    assert seen[(5, dt.date(2026, 11, 24))][5] == 3        # Lunch, Design sync, Pairing: three columns
    # each event's time label is its local times
    for g in groups(root, "timed-event"):
        start, end = expected[(int(g.get("data-event")), dt.date.fromisoformat(g.get("data-day")))]
        a, b = local(EVENTS[int(g.get("data-event")) - 1][1]), local(EVENTS[int(g.get("data-event")) - 1][2])
        assert g.get("data-time") == f"{a:%H:%M}–{b:%H:%M}"


def test_all_day_and_long_events_are_in_the_strip_above(tmp_path: Path) -> None:
    root = picture(tmp_path, "--mode", "week", "--today", "2026-11-24T14:20", "--view-width", "800")
    strip = {int(g.get("data-event")): dt.date.fromisoformat(g.get("data-day")) for g in groups(root, "all-day-event")}
    assert strip == {7: dt.date(2026, 11, 25), 8: dt.date(2026, 11, 26), 9: dt.date(2026, 11, 27)}
    grid_top = min(hour_lines(root).values())
    for g in groups(root, "all-day-event"):
        assert float(next(g.iter(f"{SVG}text")).get("y")) < grid_top     # above the grid
    assert not {7, 8, 9} & {int(g.get("data-event")) for g in groups(root, "timed-event")}


def test_the_now_line_is_on_today_at_the_time(tmp_path: Path) -> None:
    root = picture(tmp_path, "--mode", "week", "--today", "2026-11-24T14:20", "--view-width", "800")
    hours = hour_lines(root)
    (line,) = groups(root, "now-line")
    assert line.get("data-day") == "2026-11-24" and line.get("data-time") == "14:20"
    for x in line.iter(f"{SVG}line"):
        assert float(x.get("y1")) == float(x.get("y2")) == pytest.approx(hours[14] + (hours[15] - hours[14]) / 3)
    # its bold part spans today's column only: between Monday's and Wednesday's events
    bold = [x for x in line.iter(f"{SVG}line") if x.get("stroke-width") == "2"][0]
    tuesday = [first_rect(g) for g in groups(root, "timed-event") if g.get("data-day") == "2026-11-24"]
    monday = [first_rect(g) for g in groups(root, "timed-event") if g.get("data-day") == "2026-11-23"]
    assert max(x + w for x, _, w, _ in monday) <= float(bold.get("x1")) + 1
    assert float(bold.get("x1")) <= min(x for x, _, _, _ in tuesday)
    # no now-line on a week without today, or with --no-today
    assert not groups(picture(tmp_path, "--mode", "week", "--today", "2026-12-24T14:20", "--select", "2026-11-24"),
                      "now-line")
    assert not groups(picture(tmp_path, "--mode", "day", "--no-today", "--select", "2026-11-24"), "now-line")


def test_without_today_the_now_line_is_the_zones_present_time(tmp_path: Path) -> None:
    before = dt.datetime.now(TZ)
    root = picture(tmp_path, "--mode", "day")
    after = dt.datetime.now(TZ)
    (line,) = groups(root, "now-line")
    assert line.get("data-day") in (str(before.date()), str(after.date()))
    assert line.get("data-time") in (f"{before:%H:%M}", f"{after:%H:%M}")


def test_the_day_page_has_one_column_with_the_days_events(tmp_path: Path) -> None:
    root = picture(tmp_path, "--mode", "day", "--select", "2026-11-24", "--today", "2026-11-24T09:00")
    pieces = {int(g.get("data-event")) for g in groups(root, "timed-event")}
    assert pieces == {e for e, day in expected_pieces(WEEK) if day == dt.date(2026, 11, 24)}
    assert {g.get("data-day") for g in groups(root, "timed-event")} == {"2026-11-24"}
    assert [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "title"] == ["Tuesday, 24 November 2026"]
    # hours: 08 ... 18, widened only as far as the day's events need (Early at 06:15 on the 27th)
    friday = picture(tmp_path, "--mode", "day", "--select", "2026-11-27", "--today", "2026-11-24T09:00")
    assert sorted(hour_lines(friday)) == list(range(6, 19))
    assert [g.get("data-time") for g in groups(friday, "timed-event")] == ["06:15–07:00"]


@pytest.mark.parametrize("argv", [["2026"], ["2026", "11"], ["--mode", "week"], ["--mode", "day"],
                                  ["2026", "--events", "EVENTS"]])
def test_a_page_has_one_pair_of_arrows(tmp_path: Path, argv: list[str]) -> None:
    svg = tmp_path / "p.svg"
    argv = [str(write_events(tmp_path / "e.csv")) if a == "EVENTS" else a for a in argv]
    assert main([*argv, "--today", "2026-11-24", "--svg", str(svg), "--color", "never"]) == 0
    paths = [p.get("class") for p in ET.parse(svg).getroot().iter(f"{SVG}path")]
    assert paths.count("previous") == 1 and paths.count("next") == 1
