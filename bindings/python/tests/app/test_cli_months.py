"""python -m kalends --page-months N: N months from the MONTH given, as text (python -m
calendar's rows of months, each titled with its year, built from calendar.TextCalendar's
own pieces as the oracle) and as SVG (a view of several months); bad counts refused; -m
keeps python -m calendar's meaning."""
from __future__ import annotations

import calendar
import datetime
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import required

from kalends.app.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--color", "never", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def page_title(year: int, month: int, n: int) -> str:
    """The page's title by babel 2.18's format_interval: the first and last month by
    en's "yMMM" interval ("Nov 2026 – Jan 2027")."""
    babel_dates = required.module("babel.dates", "babel 2.18 (CLDR 47) is the oracle of interval titles")
    last = year * 12 + month - 1 + n - 1
    return str(babel_dates.format_interval(datetime.date(year, month, 1), datetime.date(last // 12, last % 12 + 1, 1),
                                           "yMMM", locale="en"))


def expected_text(year: int, month: int, n: int, first: int) -> str:
    """The page's title centred over the rows (as formatyear centres the year), then rows
    of three months as calendar.TextCalendar.formatyear lays them out, each month titled
    with its year."""
    cal = calendar.TextCalendar(first)
    shown = [((year * 12 + month - 1 + k) // 12, (year * 12 + month - 1 + k) % 12 + 1) for k in range(n)]
    per_row = min(n, 3)
    out: list[str] = [page_title(year, month, n).center(20 * per_row + 6 * (per_row - 1)).rstrip()]
    for i in range(0, n, 3):
        row = shown[i:i + 3]
        out.append("")
        out.append("      ".join(cal.formatmonthname(y, m, 20, True) for y, m in row).rstrip())
        out.append("      ".join(cal.formatweekheader(2) for _ in row).rstrip())
        weeks = [cal.monthdays2calendar(y, m) for y, m in row]
        for j in range(max(len(w) for w in weeks)):
            out.append("      ".join(cal.formatweek(w[j], 2) if j < len(w) else " " * 20 for w in weeks).rstrip())
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("first", [0, 6])
@pytest.mark.parametrize("year,month,n", [(2026, 11, 3), (2026, 11, 5), (2023, 12, 2), (2024, 1, 12), (2026, 2, 1)])
def test_text_is_pythons_months_side_by_side(capsys: pytest.CaptureFixture[str], first: int, year: int, month: int,
                                             n: int) -> None:
    day = ["monday", "sunday"][first == 6]
    code, out, err = run(capsys, str(year), str(month), "--page-months", str(n), "--first-weekday", day)
    assert code == 0 and err == ""
    if n == 1:
        assert out == calendar.TextCalendar(first).formatmonth(year, month)
    else:
        assert out == expected_text(year, month, n, first)


def test_svg_is_a_view_of_several_months(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    svg = tmp_path / "months.svg"
    code, _, _ = run(capsys, "2026", "11", "--page-months", "5", "--today", "2026-11-22", "--svg", str(svg))
    assert code == 0
    root = ET.parse(svg).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    titles = [t.text for t in root.iter(f"{ns}text") if t.get("class") == "month-title"]
    assert titles == ["November 2026", "December 2026", "January 2027", "February 2027", "March 2027"]
    page = [t.text for t in root.iter(f"{ns}text") if t.get("class") == "title"]
    assert page == [page_title(2026, 11, 5)]   # "Nov 2026 – Mar 2027"
    # Three months to a row: the first three titles share a line, the next two another.
    ys = [float(t.get("y") or 0) for t in root.iter(f"{ns}text") if t.get("class") == "month-title"]
    assert ys[0] == ys[1] == ys[2] < ys[3] == ys[4]


@pytest.mark.parametrize("bad", ["0", "13", "-1", "x"])
def test_bad_month_counts_are_refused(capsys: pytest.CaptureFixture[str], bad: str) -> None:
    with pytest.raises(SystemExit) as e:
        main(["2026", "11", "--page-months", bad])
    assert e.value.code == 2
    assert "--page-months" in capsys.readouterr().err


def test_page_months_is_for_month_pages(capsys: pytest.CaptureFixture[str]) -> None:
    for other in (["--mode", "week"], ["--json"], ["-t", "html"]):
        with pytest.raises(SystemExit):
            main(["--page-months", "2", *other])
        assert "--page-months" in capsys.readouterr().err


@pytest.mark.parametrize("today,first,twin", [("2026-11-30", "monday", "leading"), ("2026-11-29", "sunday", "leading"),
                                              ("2026-12-01", "monday", "trailing")])
def test_svg_marks_today_once_in_its_own_month(capsys: pytest.CaptureFixture[str], tmp_path: Path, today: str,
                                               first: str, twin: str) -> None:
    """Today shows in its own month's grid and again, dimmed, in a neighbour's (November's 30
    as December's leading day): only its own month's day is ringed as today."""
    svg = tmp_path / "months.svg"
    code, _, _ = run(capsys, "2026", "11", "--page-months", "3", "--today", today, "--first-weekday", first,
                     "--svg", str(svg))
    assert code == 0
    ns = "{http://www.w3.org/2000/svg}"
    days = [g for g in ET.parse(svg).getroot().iter(f"{ns}g") if "day" in g.get("class", "").split()]
    same = [g for g in days if g.get("data-date") == today]
    assert sorted(g.get("class", "").split()[1] for g in same) == sorted(["in-month", twin])
    marked = [g for g in days if "today" in g.get("class", "").split()]
    assert [(g.get("data-date"), g.get("class", "").split()[1]) for g in marked] == [(today, "in-month")]
    rings = [c for g in days for c in g.iter(f"{ns}circle") if c.get("stroke-width") == "2"]
    assert len(rings) == 1
    # the twin keeps the dimmed ink of the other days outside their month
    ink = {t.get("fill") for g in days if twin in g.get("class", "").split() for t in g.iter(f"{ns}text")}
    assert len(ink) == 1


def test_text_lists_the_events_of_every_month_shown(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The listing under a page of several months covers all of them (it stopped at the
    first month's page), and no day the page does not show."""
    ics = tmp_path / "spread.ics"
    stamps = {"Early November": "20261105", "Christmas Eve": "20261224", "Late January": "20270129",
              "Mid February": "20270215"}
    ics.write_text("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n" + "".join(
        f"BEGIN:VEVENT\r\nUID:{i}\r\nDTSTART:{day}T090000Z\r\nDTEND:{day}T100000Z\r\nSUMMARY:{title}\r\nEND:VEVENT\r\n"
        for i, (title, day) in enumerate(stamps.items())) + "END:VCALENDAR\r\n")
    code, out, _ = run(capsys, "2026", "11", "--page-months", "3", "--events", str(ics))
    assert code == 0
    listed = [line.split()[0] for line in out.splitlines() if line[:4] in ("2026", "2027")]
    assert listed == ["2026-11-05", "2026-12-24", "2027-01-29"]
