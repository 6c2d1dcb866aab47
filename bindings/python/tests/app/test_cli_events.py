"""python -m kalends --events: CSV and JSON event files, the agenda under the text, events
in the JSON, bars and dots in the SVG; local times checked against zoneinfo."""
from __future__ import annotations

import datetime as dt
import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from kalends import TimeZone
from kalends.app.cli import main
from kalends.app.event_files import load_events, parse_color

SVG = "{http://www.w3.org/2000/svg}"
ZONE = "America/New_York"
ROWS = [
    # title, start, end, color
    ("Thanksgiving", "2026-11-26", "", "#d0021b"),
    ("Conference", "2026-11-16", "2026-11-20", "#7b2fbe"),
    ("Standup", "2026-11-23T09:30", "2026-11-23T09:45", "#2f855a"),
    ("Trip", "2026-11-27", "2026-12-03", ""),
    ("Late call", "2026-11-24T23:30", "2026-11-25T01:00", ""),
    ("Review", "2026-11-24T14:00+01:00", "2026-11-24T15:00+01:00", "#dd6b20"),
    ("Lunch", "2026-11-24T12:00", "", ""),
    ("Gym", "2026-11-24T18:00", "", "#00000080"),
    ("Clocks change", "2026-11-01T01:30", "2026-11-01T03:00", ""),
    ("Next year", "2027-01-04", "", ""),
]


def write_csv(path: Path) -> Path:
    lines = ["title,start,end,color"] + [",".join(r) for r in ROWS]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def write_json(path: Path) -> Path:
    events = [{k: v for k, v in zip(("title", "start", "end", "color"), r) if v} for r in ROWS]
    path.write_text(json.dumps({"events": events}), encoding="utf-8")
    return path


def oracle_days(zone: str) -> dict[int, tuple[dt.date, dt.date, bool]]:
    """id -> (first day, last day, all day) of each row, from zoneinfo."""
    tz = ZoneInfo(zone)
    out = {}
    for i, (_, start, end, _) in enumerate(ROWS, 1):
        if "T" not in start:
            first = dt.date.fromisoformat(start)
            out[i] = (first, dt.date.fromisoformat(end) if end else first, True)
            continue
        a = dt.datetime.fromisoformat(start)
        a = a if a.tzinfo else a.replace(tzinfo=tz)
        b = dt.datetime.fromisoformat(end) if end else a + dt.timedelta(hours=1)
        b = b if b.tzinfo else b.replace(tzinfo=tz)
        last = (b - dt.timedelta(seconds=1)).astimezone(tz).date() if b > a else a.astimezone(tz).date()
        out[i] = (a.astimezone(tz).date(), last, False)
    return out


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_csv_and_json_give_the_same_events_with_zoneinfo_times(capsys: pytest.CaptureFixture[str],
                                                                tmp_path: Path) -> None:
    docs = []
    for path in (write_csv(tmp_path / "e.csv"), write_json(tmp_path / "e.json")):
        code, out, err = run(capsys, "2026", "11", "--events", str(path), "--time-zone", ZONE, "--json")
        assert code == 0, err
        docs.append(json.loads(out)["events"])
    assert docs[0] == docs[1]
    tz = ZoneInfo(ZONE)
    by_title = {e["title"]: e for e in docs[0]}
    # local wall-clock times, as zoneinfo says (Review was given at +01:00)
    review = dt.datetime(2026, 11, 24, 14, tzinfo=dt.timezone(dt.timedelta(hours=1))).astimezone(tz)
    assert by_title["Review"]["start"] == review.replace(tzinfo=None).isoformat()
    assert by_title["Lunch"]["end"] == "2026-11-24T13:00:00"          # default: one hour
    assert by_title["Gym"]["color"] == "#00000080"
    assert by_title["Trip"] == {"id": 4, "title": "Trip", "all_day": True, "color": "#4a90e2ff",
                                "start": "2026-11-27", "end": "2026-12-03"}
    # exactly the events overlapping the page's days, in start order
    page_first, page_last = dt.date(2026, 10, 26), dt.date(2026, 12, 6)
    days = oracle_days(ZONE)
    expected = [i for i, (a, b, _) in days.items() if a <= page_last and b >= page_first]
    assert sorted(e["id"] for e in docs[0]) == sorted(expected)
    starts = [e["start"] if "T" in e["start"] else e["start"] + "T00:00:00" for e in docs[0]]
    assert starts == sorted(starts)


def test_text_lists_the_events_under_the_month(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "2026", "11", "--events", str(write_csv(tmp_path / "e.csv")), "--time-zone", ZONE,
                       "--color", "never")
    assert code == 0
    month, _, listed = out.partition("\n\n")
    assert "November 2026" in month
    lines = listed.splitlines()
    assert lines[0].startswith("2026-11-01") and "01:30–03:00" in lines[0]   # 1:30 EDT ... 3:00 EST
    conference = next(line for line in lines if line.endswith("Conference"))
    assert conference.startswith("2026-11-16 – 2026-11-20") and "all day" in conference
    assert any(line.startswith("2026-11-24 – 2026-11-25") and "23:30–01:00" in line and line.endswith("Late call")
               for line in lines)
    assert any("08:00–09:00" in line and line.endswith("Review") for line in lines)   # 14:00 at +01:00
    assert not any("Next year" in line for line in lines)
    code, out, _ = run(capsys, "2026", "2", "--events", str(write_csv(tmp_path / "e.csv")), "--color", "never")
    assert out.rstrip().endswith("no events")


def _groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if cls in g.get("class", "").split()]


def test_svg_bars_cover_every_event_once_per_day_without_overlaps(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path) -> None:
    events = write_csv(tmp_path / "e.csv")
    for width in ("392", "700", "1000"):
        svg = tmp_path / f"m{width}.svg"
        code, _, err = run(capsys, "2026", "11", "--events", str(events), "--time-zone", ZONE, "--view-width", width,
                           "--svg", str(svg))
        assert code == 0, err
        root = ET.parse(svg).getroot()
        bars = []   # (event, first, last, lane, label)
        for g in _groups(root, "event-bar"):
            label = next(g.iter(f"{SVG}text"), None)
            bars.append((int(g.get("data-event")), dt.date.fromisoformat(g.get("data-first")),
                         dt.date.fromisoformat(g.get("data-last")), int(g.get("data-lane")),
                         label.text if label is not None else ""))
        more = {dt.date.fromisoformat(t.get("data-date")): int(t.text.split()[0][1:])
                for t in root.iter(f"{SVG}text") if t.get("class") == "more"}
        # every day of the page: its bars + its "+N more" == its events (zoneinfo)
        days = oracle_days(ZONE)
        day = dt.date(2026, 10, 26)
        while day <= dt.date(2026, 12, 6):
            drawn = [e for e, a, b, _, _ in bars if a <= day <= b]
            on_day = [i for i, (a, b, _) in days.items() if a <= day <= b]
            assert len(drawn) == len(set(drawn)) and set(drawn) <= set(on_day), day
            assert len(drawn) + more.get(day, 0) == len(on_day), day
            day += dt.timedelta(days=1)
        # segments sharing a day never share a lane
        for i, (_, a1, b1, lane1, _) in enumerate(bars):
            for _, a2, b2, lane2, _ in bars[i + 1:]:
                assert not (a1 <= b2 and a2 <= b1 and lane1 == lane2)
        # Trip (27 Nov ... 3 Dec) is cut into two week rows
        assert [(a, b) for e, a, b, _, _ in bars if e == 4] == [(dt.date(2026, 11, 27), dt.date(2026, 11, 29)),
                                                               (dt.date(2026, 11, 30), dt.date(2026, 12, 3))]
        # titles are cut to the bar, never longer than the event's; a timed event's start
        # time (its local time, zoneinfo) comes first where it fits ("9:30 Standup")
        titles = {i: r[0] for i, r in enumerate(ROWS, 1)}
        tz = ZoneInfo(ZONE)
        for event, first, _, _, label in bars:
            start = ROWS[event - 1][1]
            if "T" in start and label[:1].isdigit():
                a = dt.datetime.fromisoformat(start)
                a = (a if a.tzinfo else a.replace(tzinfo=tz)).astimezone(tz)
                time, _, label = label.partition(" ")
                assert time == f"{a.hour}:{a.minute:02d}" and first == a.date(), (event, time)
            assert label == titles[event] or (label.endswith("…") and titles[event].startswith(label[:-1]))
        if width == "1000":   # wide cells hold every lane: nothing hidden
            assert more == {}


def test_svg_year_draws_dots_in_event_colours(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    svg = tmp_path / "y.svg"
    code, _, err = run(capsys, "2026", "--events", str(write_json(tmp_path / "e.json")), "--time-zone", ZONE,
                       "--max-dots", "2", "--svg", str(svg))
    assert code == 0, err
    root = ET.parse(svg).getroot()
    days = oracle_days(ZONE)
    colors = {i: (r[3].lower() or "#4a90e2")[:7] for i, r in enumerate(ROWS, 1)}
    checked = 0
    for g in _groups(root, "day"):
        day = dt.date.fromisoformat(g.get("data-date"))
        on_day = sorted((i for i, (a, b, _) in days.items() if a <= day <= b))
        dots = [c.get("fill") for c in g.iter(f"{SVG}circle") if c.get("class") == "event-dot"]
        assert len(dots) == min(2, len(on_day)), day
        assert set(dots) <= {colors[i] for i in on_day}
        checked += bool(dots)
    assert checked > 20
    assert not _groups(root, "event-bar")


def test_event_style_dots_on_a_month_and_hours_on_week_and_day(capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    events = str(write_csv(tmp_path / "e.csv"))
    for argv, kind in ((["2026", "11", "--event-style", "dots"], "dots"),
                       (["2026", "11"], "bars"),
                       (["--mode", "week", "--select", "2026-11-24"], "hours"),
                       (["--mode", "day", "--select", "2026-11-24", "--view-width", "600"], "hours")):
        svg = tmp_path / "v.svg"
        code, _, err = run(capsys, *argv, "--events", events, "--time-zone", ZONE, "--svg", str(svg))
        assert code == 0, err
        root = ET.parse(svg).getroot()
        assert bool(_groups(root, "event-bar")) == (kind == "bars")
        assert any(c.get("class") == "event-dot" for c in root.iter(f"{SVG}circle")) == (kind == "dots")
        assert bool(_groups(root, "timed-event")) == (kind == "hours")
    # the day page: the four timed events of 24 November in the grid (Late call to its midnight), no other
    root = ET.parse(tmp_path / "v.svg").getroot()
    assert sorted(int(g.get("data-event")) for g in _groups(root, "timed-event")) == [5, 6, 7, 8]


@pytest.mark.parametrize("content, message", [
    ("title,start\nA,2026-13-01\n", "line 2: start: not a date"),
    ("title,start,end\nA,2026-01-01,2026-01-02T10:00\n", "line 2: end: an all-day event"),
    ("title,start,end\nA,2026-01-01T10:00,2026-01-02\n", "line 2: end: a timed event"),
    ("title,start,colour\nA,2026-01-01,#fff\n", "line 1: unknown column 'colour'"),
    ("title,start,color\nA,2026-01-01,#ffff\n", "line 2: color: not a colour"),
    ("title,start\n,2026-01-01\n", "line 2: title: missing (title and start are required)"),
    ("id,title,start\n1,A,2026-01-01\n1,B,2026-01-02\n", "line 3: id: 1 is used twice (line 2 and line 3)"),
    ("title,start\nA,2026-01-01,extra\n", "line 2: 3 cells but 2 columns"),
    ("title,start,end\nA,2026-01-02,2026-01-01\n", "line 2: end: the last day 2026-01-01 is before the first day 2026-01-02"),
    ("title,start,end\nA,2026-01-02T10:00,2026-01-02T09:00\n", "line 2: end: 2026-01-02T09:00 is before the start 2026-01-02T10:00"),
    ("[1]", "event 1: expected an object"),
    ("{\"events\": 3}", "expected a list"),
    ("[{\"title\": \"A\", \"start\": \"2026-01-01\"", "line 1, column 38: not JSON"),
    ("[{\"title\": 5, \"start\": \"2026-01-01\"}]", "event 1: title: expected a string, not a number"),
])
def test_bad_event_files_are_clear_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str,
                                          message: str) -> None:
    path = tmp_path / ("e.json" if content.startswith(("[", "{")) else "e.csv")
    path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "2026", "1", "--events", str(path))
    assert code == 1 and out == ""
    assert err.startswith("kalends: ") and message in err, err


def test_missing_file_and_bad_zone(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "2026", "1", "--events", str(tmp_path / "none.csv"))
    assert code == 1 and err == f"kalends: {tmp_path / 'none.csv'}: No such file or directory\n"
    code, _, err = run(capsys, "2026", "1", "--events", str(write_csv(tmp_path / "e.csv")), "--time-zone", "Mars/Olympus")
    assert code == 2 and err.startswith("kalends: --time-zone Mars/Olympus: ")


@pytest.mark.parametrize("zone", ["America/New_York", "Europe/Paris", "Australia/Lord_Howe", "Asia/Kolkata",
                                  "America/St_Johns", "Pacific/Chatham"])
def test_local_times_agree_with_zoneinfo(tmp_path: Path, zone: str) -> None:
    """Wall-clock times (including skipped and repeated ones near clock changes) become
    the instants zoneinfo gives with fold=0."""
    rng = random.Random(zone)
    tz = ZoneInfo(zone)
    rows, expected = ["title,start"], []
    for i in range(400):
        local = dt.datetime(rng.randrange(1970, 2040), 1, 1) + dt.timedelta(minutes=rng.randrange(366 * 1440))
        if i % 4 == 0:   # near a clock change
            year = rng.randrange(1990, 2035)
            moments = [t for t in (dt.datetime(year, m, 1) + dt.timedelta(hours=h) for m in (3, 4, 9, 10, 11)
                                   for h in range(0, 24 * 31, 1))
                       if t.replace(tzinfo=tz).utcoffset() != (t + dt.timedelta(hours=1)).replace(tzinfo=tz).utcoffset()]
            if moments:
                local = rng.choice(moments) + dt.timedelta(minutes=rng.randrange(0, 120, 15))
        rows.append(f"e{i},{local.isoformat(timespec='minutes')}")
        expected.append(int(local.replace(tzinfo=tz).timestamp()))
    path = tmp_path / "t.csv"
    path.write_text("\n".join(rows) + "\n")
    events = load_events(path, TimeZone(zone))
    assert [e.start for e in events] == expected


def test_parse_color() -> None:
    assert parse_color("#102030") == 0x102030FF
    assert parse_color("10203040") == 0x10203040
    with pytest.raises(ValueError):
        parse_color("#12345")
