"""python -m kalends: text identical to python -m calendar, JSON, SVG, errors, help."""
from __future__ import annotations

import calendar
import datetime
import importlib
import json
import os
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import kalends
from kalends.app.cli import main

PACKAGE_ROOT = Path(kalends.__file__).resolve().parents[1]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("first", range(7))
def test_month_text_is_exactly_python_calendars(capsys: pytest.CaptureFixture[str], first: int) -> None:
    day = kalends.Weekday(first + 1).name.lower()
    for year, month in [(2026, 11), (2021, 2), (1, 1), (9999, 12), (1752, 9), (2024, 2)]:
        code, out, _ = run(capsys, str(year), str(month), "--first-weekday", day, "--color", "never")
        assert code == 0
        assert out == calendar.TextCalendar(first).formatmonth(year, month)


@pytest.mark.parametrize("options", [[], ["-w", "3", "-l", "2"], ["-s", "3", "-m", "4"], ["-w", "9", "-m", "2"]])
def test_year_text_is_exactly_python_calendars(capsys: pytest.CaptureFixture[str], options: list[str]) -> None:
    w = int(options[options.index("-w") + 1]) if "-w" in options else 2
    lines = int(options[options.index("-l") + 1]) if "-l" in options else 1
    c = int(options[options.index("-s") + 1]) if "-s" in options else 6
    m = int(options[options.index("-m") + 1]) if "-m" in options else 3
    for first in (0, 6):
        day = kalends.Weekday(first + 1).name
        code, out, _ = run(capsys, "2026", "--first-weekday", day, "--color", "never", *options)
        assert code == 0
        assert out == calendar.TextCalendar(first).formatyear(2026, w, lines, c, m)


def test_same_as_the_calendar_module_command_line() -> None:
    env = dict(os.environ, PYTHONPATH=str(PACKAGE_ROOT))
    ours = subprocess.run([sys.executable, "-m", "kalends", "2026"], env=env, capture_output=True, text=True)
    theirs = subprocess.run([sys.executable, "-m", "calendar", "2026"], capture_output=True, text=True)
    assert ours.returncode == 0 and ours.stdout == theirs.stdout


def test_week_numbers_and_today_highlight(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "2026", "11", "--week-numbers", "--today", "2026-11-22", "--color", "always")
    lines = out.splitlines()
    assert lines[1].startswith("Wk Mo Tu")
    numbers = [int(line[:2]) for line in lines[2:]]
    assert numbers == [44, 45, 46, 47, 48, 49]
    assert "\x1b[7m22\x1b[27m" in out
    _, plain, _ = run(capsys, "2026", "11", "--today", "2026-11-22", "--color", "never")
    assert "\x1b" not in plain


def test_fixed_rows_print_six_weeks(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "2021", "2", "--rows", "fixed")
    assert len(out.splitlines()) == 2 + 6


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "2026", "11", "--json", "--today", "2026-11-22", "--first-weekday", "sun")
    assert code == 0
    doc = json.loads(out)
    assert doc["year"] == 2026 and doc["month"] == 11 and doc["rows"] == "fixed" and doc["first_weekday"] == 7
    days = [d for w in doc["weeks"] for d in w["days"]]
    assert len(days) == 42 and days[0]["date"] == "2026-11-01"
    assert [d["date"] for d in days if "today" in d["flags"]] == ["2026-11-22"]
    assert all(("weekend" in d["flags"]) == (d["weekday"] in (6, 7)) for d in days)
    assert sum("in_month" in d["flags"] for d in days) == 30
    assert days[-1]["flags"] == ["trailing"] or "trailing" in days[-1]["flags"]
    assert doc["first_day"] == days[0]["day_number"] and doc["last_day"] == days[-1]["day_number"]
    _, year_out, _ = run(capsys, "2026", "--json")
    assert len(json.loads(year_out)["months"]) == 12


def svg_days(path: Path) -> list[ET.Element]:
    root = ET.parse(path).getroot()
    return [g for g in root.iter("{http://www.w3.org/2000/svg}g") if "day" in g.get("class", "").split()]


def test_svg_month(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "pics" / "november.svg"
    code, out, _ = run(capsys, "2026", "11", "--svg", str(target), "--today", "2026-11-22", "--week-numbers")
    assert code == 0 and "November 2026" in out
    root = ET.parse(target).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg"
    texts = [t.text for t in root.iter(f"{ns}text")]
    assert "November 2026" in texts
    labels = [t.text for t in root.iter(f"{ns}text") if t.get("class") == "weekday-label"]
    assert sorted(labels) == sorted(["Wk", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
    assert [x for x in labels if x != "Wk"] == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    assert [t.text for t in root.iter(f"{ns}text") if t.get("class") == "week-number"] == \
        ["44", "45", "46", "47", "48", "49"]
    days = svg_days(target)
    assert len(days) == 42
    classes = [set(g.get("class", "").split()) for g in days]
    assert sum("in-month" in c for c in classes) == 30
    assert sum("leading" in c for c in classes) == 6 and sum("trailing" in c for c in classes) == 6
    today = [g for g in days if "today" in g.get("class", "")]
    assert [g.get("data-date") for g in today] == ["2026-11-22"]
    assert today[0].find(f"{ns}circle") is not None
    # dimmed: leading and trailing days are drawn in a lighter ink than month days
    ink = {g.get("data-date"): g.find(f"{ns}text").get("fill") for g in days}  # type: ignore[union-attr]
    assert ink["2026-10-26"] != ink["2026-11-02"]


def test_svg_year(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "2026.svg"
    assert run(capsys, "2026", "--svg", str(target))[0] == 0
    assert len(svg_days(target)) == 12 * 42
    months = [g for g in ET.parse(target).getroot().iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "month"]
    assert [g.get("data-month") for g in months] == [f"2026-{m:02d}" for m in range(1, 13)]


def test_errors(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, message in ((["2026", "13"], "argument month: 13 is not in 1 ... 12"),
                          (["1000000", "1"], "year 1000000 is outside the years Kalends covers, -999999 ... 999999"),
                          (["-1000000"], "year -1000000 is outside the years Kalends covers, -999999 ... 999999")):
        with pytest.raises(SystemExit) as e:
            main(argv)
        out, err = capsys.readouterr()
        assert e.value.code == 2 and out == "" and message in err, err
    with pytest.raises(SystemExit) as e:
        main(["2026", "--first-weekday", "someday"])
    assert e.value.code == 2
    assert "not a weekday" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--today", "22.11.2026"])
    assert "YYYY-MM-DD" in capsys.readouterr().err


def test_help_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["--help"])
    assert e.value.code == 0
    text = capsys.readouterr().out
    for option in ("--first-weekday", "--week-numbers", "--rows", "--json", "--svg", "examples:"):
        assert option in text
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.strip() == f"kalends {kalends.__version__}"


def test_kalends_command_entry_point(capsys: pytest.CaptureFixture[str]) -> None:
    """pyproject.toml installs `kalends` as a command pointing at a callable main."""
    project = tomllib.loads((PACKAGE_ROOT / "pyproject.toml").read_text())
    target = project["project"]["scripts"]["kalends"]
    module, func = target.split(":")
    entry = getattr(importlib.import_module(module), func)
    assert entry(["2026", "11", "--color", "never"]) == 0
    assert capsys.readouterr().out == calendar.TextCalendar(0).formatmonth(2026, 11)


def test_default_is_this_year(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--color", "never")
    assert code == 0
    assert out.splitlines()[0].strip() == str(datetime.date.today().year)


def test_view_modes_and_selection_in_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--mode", "week", "--select", "2026-11-18", "--today", "2026-11-22",
                       "--color", "never")
    assert code == 0 and out.splitlines() == ["16 – 22 November 2026", "Mo Tu We Th Fr Sa Su", "16 17 18 19 20 21 22"]
    code, out, _ = run(capsys, "--mode", "day", "--select", "2026-11-18", "--color", "never")
    assert out.splitlines()[0] == "Wednesday, 18 November 2026"
    code, out, _ = run(capsys, "--select", "2026-11-20..2026-11-24", "--json", "--today", "2026-11-22")
    doc = json.loads(out)
    assert doc["selected"] == ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"]
    flags = {d["date"]: d["flags"] for w in doc["weeks"] for d in w["days"]}
    assert "range_start" in flags["2026-11-20"] and "range_middle" in flags["2026-11-22"]
    assert "range_end" in flags["2026-11-24"] and "today" in flags["2026-11-22"]
    assert all("focused" not in f for f in flags.values())
    _, out, _ = run(capsys, "--select", "2026-11-03,2026-11-05", "--json")
    assert json.loads(out)["selected"] == ["2026-11-03", "2026-11-05"]
    # with colour, selected days are marked; without, the text is python calendar's
    _, out, _ = run(capsys, "2026", "11", "--select", "2026-11-05", "--color", "always", "--no-today")
    assert "\x1b[1;4m 5\x1b[22;24m" in out
    _, out, _ = run(capsys, "2026", "11", "--select", "2026-11-05", "--color", "never")
    assert out == calendar.TextCalendar(0).formatmonth(2026, 11)


def test_view_svg_shows_selection_range_today_and_highlights(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    target = tmp_path / "range.svg"
    code, _, _ = run(capsys, "--select", "2026-11-20..2026-11-24", "--highlight", "2026-11-10,2026-11-11",
                     "--today", "2026-11-22", "--view-width", "700", "--svg", str(target))
    assert code == 0
    days = svg_days(target)
    classes = {g.get("data-date"): set(g.get("class", "").split()) for g in days}
    assert {"range-start", "selected"} <= classes["2026-11-20"] and "range-end" in classes["2026-11-24"]
    assert {"range-middle", "today"} <= classes["2026-11-22"]
    assert "highlighted" in classes["2026-11-10"] and "highlighted" not in classes["2026-11-12"]
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.parse(target).getroot()
    assert float(root.get("width", 0)) == 700 + 32          # the view's width and the padding
    bands = [r for g in days for r in g.iter(f"{ns}rect") if r.get("class") == "band"]
    assert len(bands) == 5                                    # one band piece per day of the range
    week = tmp_path / "week.svg"
    assert run(capsys, "--mode", "week", "--select", "2026-11-18", "--svg", str(week))[0] == 0
    assert len(svg_days(week)) == 7
    assert [t.text for t in ET.parse(week).getroot().iter(f"{ns}text") if t.get("class") == "title"] == \
        ["16 – 22 November 2026"]
