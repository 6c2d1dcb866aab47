"""python -m kalends YEAR as the year's page: one view of 12 months (kalends_view_options
.months = 12, -m/--months months to a row as python -m calendar means it), in text (still
python -m calendar's bytes, now with the view's marks) and SVG (the view's frames, its
month titles and the year's title, the store's dots per day)."""
from __future__ import annotations

import calendar
import datetime
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kalends import Calendar, CalendarOptions, DisplayMode, ElementKind, Rows, View, Weekday
from kalends.app.cli import main
from kalends.app.render_text import HIGHLIGHT_OFF, HIGHLIGHT_ON

SVG = "{http://www.w3.org/2000/svg}"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def texts(root: ET.Element, cls: str) -> list[ET.Element]:
    return [t for t in root.iter(f"{SVG}text") if t.get("class") == cls]


@pytest.mark.parametrize("per_row", [3, 4, 6])
def test_svg_year_is_one_view_of_twelve_months(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                               per_row: int) -> None:
    """One <g class="view"> holding a group per month, each month's title where the
    library's 12-month view puts its MONTH_HEADER (-m months to a row), the year as the
    page's title. Before: twelve one-month views, each with its own header."""
    svg = tmp_path / "y.svg"
    code, _, err = run(capsys, "2026", "-m", str(per_row), "--today", "2026-11-22", "--svg", str(svg))
    assert code == 0, err
    root = ET.parse(svg).getroot()
    views = [g for g in root.iter(f"{SVG}g") if g.get("class") == "view"]
    assert len(views) == 1
    assert [g.get("data-month") for g in views[0].iter(f"{SVG}g") if g.get("class") == "month"] == \
        [f"2026-{m:02d}" for m in range(1, 13)]
    assert [t.text for t in texts(root, "title")] == ["2026"]
    titles = texts(root, "month-title")
    assert [t.text for t in titles] == list(calendar.month_name)[1:]
    # where the library lays the months out
    options = CalendarOptions(first_weekday=Weekday.MONDAY, min_days_in_first_week=4)
    view = View(Calendar(options), mode=DisplayMode.MONTH, rows=Rows.FIXED, months=12, month_columns=per_row,
                month_spacing=16, width=392 * per_row + 16 * (per_row - 1))
    view.go_to(datetime.date(2026, 1, 1))
    headers = [e.frame for e in view.layout() if e.kind == ElementKind.MONTH_HEADER]
    assert [float(t.get("x") or 0) for t in titles] == pytest.approx([f.x + f.width / 2 for f in headers])
    rows = sorted({float(t.get("y") or 0) for t in titles})
    assert len(rows) == -(-12 // per_row)
    # today ringed once, in November
    today = [g for g in root.iter(f"{SVG}g") if "today" in g.get("class", "").split()]
    assert [g.get("data-date") for g in today] == ["2026-11-22"]


def test_svg_year_has_no_overlapping_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Titles and weekday labels of different months never share a box: the months'
    title boxes (centre ± half the text's width at 14 points) stay inside their month
    and apart."""
    from kalends.app import text_fit
    svg = tmp_path / "y.svg"
    assert run(capsys, "2026", "--svg", str(svg))[0] == 0
    root = ET.parse(svg).getroot()
    boxes = []
    for t in texts(root, "month-title") + texts(root, "title"):
        w = text_fit.width(t.text or "", float(t.get("font-size") or 0))
        x, y, size = float(t.get("x") or 0), float(t.get("y") or 0), float(t.get("font-size") or 0)
        boxes.append((x - w / 2, y - size, x + w / 2, y))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_text_year_shows_the_views_highlights(capsys: pytest.CaptureFixture[str]) -> None:
    """The year's text comes from the year's page, so --highlight marks its days in
    colour (before, a year printed from month grids showed no highlight), and without
    colour the bytes are python -m calendar's."""
    code, out, _ = run(capsys, "2026", "--highlight", "2026-03-05,2026-11-20", "--color", "always", "--no-today")
    assert code == 0
    assert out.count(HIGHLIGHT_ON) == 2 and f"{HIGHLIGHT_ON} 5{HIGHLIGHT_OFF}" in out
    assert f"{HIGHLIGHT_ON}20{HIGHLIGHT_OFF}" in out
    code, out, _ = run(capsys, "2026", "--highlight", "2026-03-05", "--color", "never", "-m", "4")
    assert out == calendar.TextCalendar(0).formatyear(2026, m=4)


PAGES = [(["2027"], "2027-01", "2027"),
         (["2027", "1", "--page-months", "3"], "2027-01", "Jan\u2009–\u2009Mar 2027"),
         (["2026", "12", "--page-months", "2"], "2026-12", "Dec 2026\u2009–\u2009Jan 2027")]


@pytest.mark.parametrize("argv,first,title", PAGES)
def test_pages_start_with_the_month_asked_whatever_today_is(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                            argv: list[str], first: str, title: str) -> None:
    """Today (2026-11-22) in the months before: the page still starts with the month asked
    (a view of several months pages by whole pages from today's page; the year 2027 began
    with November 2026 and --page-months from January 2027 with November)."""
    svg = tmp_path / "p.svg"
    code, out, err = run(capsys, *argv, "--today", "2026-11-22", "--svg", str(svg))
    assert code == 0, err
    root = ET.parse(svg).getroot()
    months = [g.get("data-month") for g in root.iter(f"{SVG}g") if g.get("class") == "month"]
    assert months[0] == first
    assert [t.text for t in texts(root, "title")] == [title]   # en's interval: thin spaces around the dash
    assert out.splitlines()[0].strip() == [t.text for t in texts(root, "title")][0]


def test_svg_year_week_numbers_sit_left_of_each_months_rows(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    """--week-numbers on the year's page: each month has its "Wk" and its rows' ISO week
    numbers (datetime's isocalendar as the oracle) left of its own cells, in the room the
    month spacing leaves; before, every month's numbers were drawn at the page's left edge,
    over each other."""
    svg = tmp_path / "y.svg"
    assert run(capsys, "2026", "--week-numbers", "--svg", str(svg))[0] == 0
    root = ET.parse(svg).getroot()
    assert len([t for t in texts(root, "weekday-label") if t.text == "Wk"]) == 12
    numbers = texts(root, "week-number")
    assert len(numbers) == 12 * 6
    spots = [(float(t.get("x") or 0), float(t.get("y") or 0)) for t in numbers]
    assert len(set(spots)) == len(spots)   # none drawn over another
    for month in [g for g in root.iter(f"{SVG}g") if g.get("class") == "month"]:
        days = [g for g in month.iter(f"{SVG}g") if "day" in g.get("class", "").split()]
        lefts = {}
        for g in days:
            r = g.find(f"{SVG}text")
            assert r is not None
            lefts.setdefault(float(r.get("y") or 0), []).append((float(r.get("x") or 0), g.get("data-date", "")))
        for y, cells in lefts.items():
            x, first = min(cells)
            week = datetime.date.fromisoformat(first).isocalendar()[1]
            here = [t for t in numbers if abs(float(t.get("x") or 0) - (x - 28)) < 20 and
                    abs(float(t.get("y") or 0) - y) < 10]
            assert [t.text for t in here] == [str(week)], (first, [t.text for t in here])
