"""python -m kalends --calendar SYSTEM [YEAR [MONTH]] (and --secondary): pages of other
calendar systems in text, JSON and SVG, checked against convertdate and hijridate, and
the usage errors around them."""
from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

import pytest
import required

from kalends.app.cli import main

convertdate = required.module("convertdate", "a second implementation of the calendar systems")
from convertdate import hebrew  # noqa: E402

JD_1970 = 2440587.5
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def gregorian(day_number: int) -> datetime.date:
    return datetime.date(1970, 1, 1) + datetime.timedelta(days=day_number)


def test_a_hebrew_month_in_json_matches_convertdate(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--calendar", "hebrew", "5787", "3", "--json", "--today", "2026-11-24",
                         "--secondary", "islamic-umalqura")
    assert status == 0
    doc = json.loads(out)
    (month,) = doc["months"]
    assert (month["year"], month["month"], month["extended_year"]) == (5787, 3, 5787)
    days = [d for w in month["weeks"] for d in w["days"] if "in_month" in d["flags"]]
    assert len(days) == month["length"] == hebrew.month_length(5787, 9)   # Kislev is convertdate's month 9
    hijridate = required.module("hijridate", "the oracle of the Umm al-Qura calendar")
    for d in days:
        y, m, day = hebrew.from_jd(d["day_number"] + JD_1970)
        assert (y, m, day) == (5787, 9, d["system"]["day"])
        assert d["date"] == str(gregorian(d["day_number"]))
        h = hijridate.Gregorian.fromdate(gregorian(d["day_number"])).to_hijri()
        assert (d["secondary"]["year"], d["secondary"]["month"], d["secondary"]["day"]) == (h.year, h.month, h.day)
    assert [d["day_number"] for d in days if "today" in d["flags"]] == [(datetime.date(2026, 11, 24) - datetime.date(1970, 1, 1)).days]


def test_a_chinese_year_page_has_its_leap_month(capsys: pytest.CaptureFixture[str]) -> None:
    # Chinese year 4660 (from 2023-01-22) repeats its 2nd month.
    status, out, _ = run(capsys, "--calendar", "chinese", "4660", "--json")
    assert status == 0
    months = json.loads(out)["months"]
    assert [(m["month"], m["leap_month"]) for m in months] == [(1, False), (2, False), (2, True)] + [
        (k, False) for k in range(3, 13)]
    first = [d for d in months[0]["weeks"][0]["days"] + months[0]["weeks"][1]["days"] if "in_month" in d["flags"]][0]
    assert first["date"] == "2023-01-22"   # Chinese New Year 2023 (published)
    for a, b in zip(months, months[1:]):
        assert b["first_day"] == a["first_day"] + a["length"]


def test_text_shows_the_systems_days_and_the_secondary_dates(capsys: pytest.CaptureFixture[str]) -> None:
    hijridate = required.module("hijridate", "the oracle of the Umm al-Qura calendar")
    status, out, _ = run(capsys, "--calendar", "islamic-umalqura", "1447", "9", "--secondary", "gregorian",
                         "--today", "2026-02-18")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].strip() == "islamic-umalqura 1447 month 9"
    numbers = [int(n.rstrip("*")) for line in lines[2::2] for n in line.split()]
    assert numbers == list(range(1, hijridate.Hijri(1447, 9, 1).month_length() + 1))
    assert "1*" in lines[2].split()   # 1 Ramadan 1447 = 2026-02-18, today (published)
    secondary = [n for line in lines[3::2] for n in line.split()]
    assert secondary[0] == "18" and "3/1" in secondary   # from February 18 into March


def test_svg_draws_the_systems_day_numbers(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    picture = tmp_path / "hebrew.svg"
    status, _, _ = run(capsys, "--calendar", "hebrew", "5784", "6", "--svg", str(picture), "--secondary", "gregorian")
    assert status == 0
    svg = picture.read_text()
    assert "hebrew 5784 month 6" in svg
    cells = re.findall(r'<g class="day in-month[^"]*" data-date="([^"]+)" data-system-date="5784-6-(\d+)"', svg)
    assert [int(d) for _, d in cells] == list(range(1, 31))   # Adar I 5784: 30 days
    jd = hebrew.to_jd(5784, 12, 1)
    assert cells[0][0] == str(gregorian(int(jd - JD_1970)))


def test_bad_systems_and_months_are_errors(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "--calendar", "klingon")
    assert status == 1 and "klingon" in err and "hebrew" in err
    status, _, err = run(capsys, "--calendar", "islamic-civil", "1447", "13")
    assert status == 1 and "islamic-civil" in err and "1...12" in err
    status, _, err = run(capsys, "--calendar", "hebrew", "5785", "6")   # no Adar I in a common year
    assert status == 1 and "hebrew" in err and "Adar I" in err
    with pytest.raises(SystemExit) as e:
        main(["--calendar", "hebrew", "5787", "14"])
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        main(["2026", "13"])   # Gregorian pages keep python -m calendar's months
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        main(["--calendar", "hebrew", "--mode", "week"])
    assert e.value.code == 2
    capsys.readouterr()
